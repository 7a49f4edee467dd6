"""Time of day.  TN: "4:30 p.m." -> "four thirty p m", "16:30" -> "sixteen thirty", "4:05" -> "four oh five",
                    "4:00" -> "four o'clock", "3 pm EST" -> "three p m e s t"
               ITN: "half past four" -> "4:30", "quarter to six p m" -> "5:45 p.m.", "nine a m" -> "9 a.m.",
                    "ten past four" -> "4:10", "seven o'clock in the morning" -> "7 a.m."

Token: "cue|hour|minutes|suffix|zone", e.g. "|4|30|pm|", "at|16|30||", "|3|00|pm|EST": the
hour without a leading zero, two-digit minutes, a suffix key and a zone key of
locales/<tag>/times.yaml.  ITN formats (suffix spelling, 12/24 hours, "4 o'clock" or
"4:00") are weights on the written side, set in itn_rules/<tag>/times.yaml.

"quarter past four" says the hour last and writes it first.  The spoken side reads such a
phrase before the token it stands for, so ITN knows the hour before it writes it (the
other order made ITN guess every hour and minute at every word a time could start).  The
class is staged (lib.ClassGrammar.staged): TN meets that order only in its second stage,
per time span; ITN's second stage (W⁻¹) reads the token from its end ("pm" before "4" for
"16:30").
"""
import re
from typing import NamedTuple

import pynini

from . import _calendar as cal, _quantity, lib
from .lib import DIGITS, chars, cross, delete, insert, t, union

NAME = "time"
REQUIRES = ("cardinal",)


def _said(f, n):
    """Insert the words ``f`` reads for the number ``n`` (weights kept)."""
    return pynini.cross("", pynini.compose(t(str(n)), f).project("output"))


_PLACEHOLDERS = re.compile(r"([^{]*)(?:\{(\w+)\})?")


class _TableWords:
    """The words of table-driven times (times.yaml): hours and minutes said from the tables
    hour_words / minute_words or as numbers, the hour and minute nouns agreeing with them."""

    def __init__(self, loc, cardinal):
        self.loc, self.times = loc, loc.lex("times")
        self.number = cardinal.parts["number"] | cardinal.parts["zero"]
        self.plural = loc.lex("numbers").get("plural")
        over = lambda table: {int(k): v for k, v in self.times.get(table, {}).items()}
        self.hours, self.minutes = over("hour_words"), over("minute_words")
        self.zero = lib.inserts(loc.lex("numbers")["zero"], loc.variant)

    def read(self, n, table):
        return lib.inserts(table[n], self.loc.variant) if n in table else _said(self.number, n)

    def expand(self, piece, n, kind, minute_words=None):
        """A template piece said for hour or minute ``n`` (``kind`` "h" or "m")."""
        minute_words = self.minutes if minute_words is None else minute_words
        out, names = [], {"h": "h", "H": "h", "m": "m", "m0": "m", "M": "m"}
        for lit, ph in _PLACEHOLDERS.findall(piece):
            if lit:
                out.append(insert(lit))
            if not ph:
                continue
            if names.get(ph) != kind:
                raise ValueError(f"times.yaml: {{{ph}}} out of place in {piece!r}")
            if ph in ("h", "m"):
                out.append(self.read(n, self.hours if ph == "h" else minute_words))
            elif ph == "m0":
                out.append(self.zero + insert(" ") + self.read(n, minute_words) if n < 10 else self.read(n, minute_words))
            else:
                out.append(cal.inserts(self.loc, cal.noun(self.times["nouns"]["hour" if ph == "H" else "minute"], n,
                                                          self.plural)))
        return lib.concat(*out)

    def phrase(self, tpl, h, m, minute_words, hour_words=None):
        """A relative template ("halb {h}", "{m} vor {h}") said for hour ``h`` and minutes ``m``."""
        out, hour_words = [], self.hours if hour_words is None else hour_words
        for lit, ph in _PLACEHOLDERS.findall(tpl):
            out += [cal.inserts(self.loc, lit)] if lit else []
            table, n = {"h": (hour_words, h), "m": (minute_words, m)}.get(ph, (None, None)) if ph else (None, None)
            if ph == "H":  # "zehn nach drei Uhr": written like a time said with its noun ("3:10 Uhr")
                out.append(cal.inserts(self.loc, cal.noun(self.times["nouns"]["hour"], h, self.plural)))
            elif ph and table is None:
                raise ValueError(f"times.yaml: {{{ph}}} out of place in relative {tpl!r}")
            elif ph:
                out.append(cal.inserts(self.loc, table[n]) if n in table else _said(self.number, n))
        return lib.concat(*out)

    def is_bare(self, tpl):
        """Reads like plain numbers (or a duration, "deux heures"): needs a cue in ITN."""
        return "{H}" not in tpl and "{M}" not in tpl or tpl in self.times.get("cue_needed", [])


def _cut_at(tpl):
    """Where the minutes part of a template starts."""
    cut = min([tpl.index(p) for p in ("{m}", "{m0}", "{M}") if p in tpl] or [len(tpl)])
    return tpl.rfind(" ", 0, cut) if cut < len(tpl) else cut


def _table_build(loc, cardinal):
    """Times said from templates (times.yaml ``spoken:``): 24-hour times.  Spoken templates
    (times.yaml) say {h} hours, {H} the hour noun agreeing with them, {m} minutes ({m0}: with
    a zero word before 1-9), {M} the minute noun; written ones (itn_rules times.yaml) write
    {h} and {m}.  First template preferred.  ``before_hour`` templates say the next hour and
    the minutes before it ("trois heures moins le quart" = 2 h 45; read by ITN, TN says them
    at ``time_before_hour``'s cost); ``relative`` templates say a whole phrase from an hour
    ("halb drei" = 2:30, "zehn vor drei" = 2:50), minutes first or last.  Token
    "cue|hour|minutes" ("las|14|30"): a cue word (``cue_words``, es "las") lets ITN read
    templates without nouns ("las dos y media"); a relative time said without the hour noun
    ends in "|" (written per itn_rules ``relative``); itn_rules ``range`` opens the token with
    a first hour, "9~" ("neun bis siebzehn Uhr" -> "9 bis 17 Uhr")."""
    words = _TableWords(loc, cardinal)
    arms = _table_templates(loc, words) + _table_before_hour(loc, words) + _table_relative(loc, words)
    return lib.ClassGrammar(NAME, _table_written(loc).optimize(), _table_spoken(loc, words, arms).optimize(),
                            triggers=_table_triggers(loc, words))


def _table_templates(loc, words):
    """[(bare, arm)]: the times.yaml spoken templates with minutes ("{h} {H} {m}") and at a
    whole hour ("{h} {H}")."""
    arms = []
    for kind in ("minutes", "zero"):
        for i, tpl in enumerate(words.times["spoken"][kind]):
            cut = _cut_at(tpl)
            hour = union(*(lib.said(loc, f"{h}|", words.expand(tpl[:cut], h, "h")) for h in range(24)))
            if kind == "zero":
                arm = hour + delete("00")
            else:
                arm = hour + union(*(lib.said(loc, f"{m:02d}", words.expand(tpl[cut:], m, "m")) for m in range(1, 60)))
            arms.append((words.is_bare(tpl), lib.weighted(arm, loc.variant if i else None)))
    return arms


def _before_hour_minute_words(words):
    before = words.times.get("before_hour") or {}
    return {int(k): v for k, v in before.get("minute_words", {}).items()}


def _table_before_hour(loc, words):
    """[(bare, arm)]: "trois heures moins le quart" (2 h 45): the next hour, the minutes before it."""
    before = words.times.get("before_hour")
    minute_words = {**words.minutes, **_before_hour_minute_words(words)}
    arms = []
    for tpl in (before or {}).get("spoken", []):
        cut = _cut_at(tpl)
        mins_before = lambda: union(*(lib.said(loc, f"{60 - m:02d}", words.expand(tpl[cut:], m, "m", minute_words))
                                      for m in before["minutes"]))
        arm = union(*(lib.said(loc, f"{h}|", words.expand(tpl[:cut], h + 1, "h")) + mins_before() for h in range(23)))
        arms.append((words.is_bare(tpl), lib.weighted(arm, loc.style("time_before_hour"))))
    return arms


def _relative_minute_words(words, entry=None):
    """The minute words of relative templates: times.yaml minute_words, relative's, a template's own."""
    rel = words.times.get("relative") or {}
    own = (entry or {}).get("minute_words", {})
    return {**words.minutes, **{int(k): v for k, v in {**rel.get("minute_words", {}), **own}.items()}}


def _relative_hour_words(words, entry):
    """The hour words of a relative template: its own (ru "половина третьего": the next hour's
    ordinal in the genitive), else times.yaml hour_words."""
    return {**words.hours, **{int(k): v for k, v in entry.get("hour_words", {}).items()}}


def _table_relative(loc, words):
    """[(False, arm)]: "halb drei" (2:30), "zehn vor drei" (2:50): the whole phrase, then the token."""
    rel = words.times.get("relative") or {}
    lo, hi = rel.get("hours", [1, 23])
    mark = "|" if "relative" in loc.itn("times") else ""  # a token field for the written forms of such times
    arms = []
    for entry in rel.get("templates", []):
        minute_words, hour_words = _relative_minute_words(words, entry), _relative_hour_words(words, entry)
        for tpl in entry["spoken"]:
            said = []
            for h in range(lo, hi + 1):
                for m in (entry.get("minutes") or [0]):
                    hh, mm = divmod((h * 60 + entry.get("at", 0) + (-m if entry.get("before") else m)) % 1440, 60)
                    hh = (hh % 12 or 12) if hi <= 12 else hh
                    said.append(lib.said(loc, f"{hh}|{mm:02d}" + ("" if "{H}" in tpl else mark),
                                         words.phrase(tpl, h, m, minute_words, hour_words)))
            arms.append((False, lib.weighted(union(*said), loc.style("time_before_hour"))))
    return arms


def _table_spoken(loc, words, arms):
    """Spoken side: the template arms after a cue word, or alone (a bare template at
    time_no_cue's cost); itn_rules ``range``: a first hour before them ("von neun bis
    siebzehn Uhr" -> "von 9 bis 17 Uhr": token "|9~17|00")."""
    cues = cal.cased(words.times.get("cue_words", []))
    cue_s = union(*(cross(c + "|", c + " ") for c in cues)) if cues else None
    # after a cue a time said like plain numbers costs time_cue_bare: a quantity after its
    # minutes ("um zwanzig dreißig Prozent") reads as a number and its quantity
    cue_bare = loc.style("time_cue_bare") if cues else None
    any_s = union(*(lib.weighted(a, cue_bare if bare else None) for bare, a in arms))
    plain = union(*(lib.weighted(a, loc.style("time_no_cue") if bare else None) for bare, a in arms))
    if loc.itn("times").get("range", []):
        said_to = [f" {w} " for w in lib.words(loc.lex("quantities")["range"]["spoken"])]
        start = union(*(lib.said(loc, f"{a}~", words.read(a, words.hours) + lib.inserts(said_to, loc.variant))
                        for a in range(24)))
        plain = lib.weighted(start, loc.style("time_range")).ques + plain
    return union(delete("|") + plain, cue_s + any_s) if cues else delete("|") + plain


def _table_written(loc):
    """Written side: the itn_rules times.yaml templates ("{h}:{m} Uhr"), relative ones, after
    an optional cue word and range start."""
    fmt, written_variant = loc.itn("times"), loc.style("written_variant")
    rel = loc.lex("times").get("relative") or {}
    pad = fmt.get("pad_hour", False)  # "09:30" (CLDR HH:mm, DIN 5008) instead of "9:30"
    written = []
    mins = pynini.difference(chars("012345") + chars(DIGITS), t("00"))
    for kind in ("minutes", "zero"):
        for i, tpl in enumerate(fmt["written"][kind]):
            out = []
            for lit, ph in _PLACEHOLDERS.findall(tpl):
                if lit:
                    out.append(delete(lit))
                if ph == "h":  # padded only where minutes follow ("09:30", "09:00"; "9 Uhr")
                    out.append(cal.padded(0, 23, written_variant, pad and _writes_minutes(tpl)) + insert("|"))
                elif ph == "m":
                    out.append(mins)
            f = lib.concat(*out) + (insert("00") if kind == "zero" else t(""))
            written.append(lib.weighted(f, written_variant if i else None))
    hi = rel.get("hours", [1, 23])[1]
    for i, tpl in enumerate(fmt.get("relative", [])):  # a time said from an hour ("halb acht" -> "7:30")
        hours = cal.padded(1, 12, written_variant, pad) if hi <= 12 else cal.padded(0, 23, written_variant, pad)
        hours += insert("|")
        out = [f for lit, ph in _PLACEHOLDERS.findall(tpl)
               for f in ([delete(lit)] if lit else []) + ([hours if ph == "h" else mins] if ph else [])]
        written.append(lib.weighted(lib.concat(*out) + insert("|"), written_variant if i else None))
    cues = cal.cased(loc.lex("times").get("cue_words", []))
    head = union(insert("|"), *(cross(c + " ", c + "|") for c in cues))
    seps = fmt.get("range", [])
    if seps:  # a first hour and a range separator ("9 bis 17 Uhr" -> "|9~17|00")
        head += (cal.padded(0, 23, written_variant)
                 + union(*(cross(x, "~", written_variant if i else None) for i, x in enumerate(seps)))).ques
    return head + union(*written)


def _writes_minutes(tpl):
    """A written template that writes minutes after the hour ("{h}:{m}", "{h}:00 Uhr")."""
    return "{m}" in tpl or bool(re.search(r"\{h\}\D*\d", tpl))


def _table_triggers(loc, words):
    tm, fmt = words.times, loc.itn("times")
    rel = tm.get("relative") or {}
    template_words = lambda tpls: {w.lower() for x in tpls for w in re.sub(r"\{\w+\}", " ", x).split()}
    nouns = {w.lower() for n in tm["nouns"].values() for v in n.values() for w in lib.words(v)}
    entries = rel.get("templates", [])
    tables = [words.hours, words.minutes, _before_hour_minute_words(words), _relative_minute_words(words)] \
        + [t for e in entries for t in (_relative_minute_words(words, e), _relative_hour_words(words, e))]
    said = {x.lower() for table in tables for v in table.values() for w in lib.words(v) for x in w.split()}
    tpls = tm["spoken"]["minutes"] + tm["spoken"]["zero"] + (tm.get("before_hour") or {}).get("spoken", []) \
        + [x for e in entries for x in e["spoken"]]
    # an hour glued to a template's word ("пол{h}": "полтретьего") is one word that opens a time
    glued = {re.sub(r"\{h\}", w, piece).lower() for e in entries for x in e["spoken"] for piece in x.split()
             if "{h}" in piece and piece != "{h}"
             for v in _relative_hour_words(words, e).values() for w in lib.words(v)}
    return {"itn": {"anchors": sorted(nouns | glued),
                    "joiners": sorted((template_words(tpls) | set(tm.get("cue_words", [])) | said) - nouns)},
            "tn": {"patterns": [r"\d:\d\d"],
                   "joiners": sorted(template_words(fmt["written"]["minutes"] + fmt["written"]["zero"])
                                     | set(tm.get("cue_words", [])))}}


def build(loc, cardinal):
    if "spoken" in loc.lex("times"):  # times said from templates
        return _table_build(loc, cardinal)
    clock = _clock_spoken(loc, cardinal)
    return lib.ClassGrammar(
        NAME, _written(loc, cardinal).optimize(), _spoken(loc, cardinal, clock).optimize(),
        staged=True, late_reversed=("itn",), triggers=_triggers(loc))


def _suffixes_written(loc):
    """[(the hours a suffix goes with, " p.m." -> "pm")], the spelling itn_rules prefers first."""
    tm, fmt, written_variant = loc.lex("times"), loc.itn("times"), loc.style("written_variant")
    out = []
    for key, s in tm["suffixes"].items():
        pref = fmt["suffix_written"].get(key, s["written"][0])
        forms = [pref] + [f for f in s["written"] if f != pref]
        w = union(*(cross(f, key, written_variant if i else None) for i, f in enumerate(forms)))
        space = union(delete(" "), lib.weighted(delete(""), written_variant))
        hours = union(*(t(str(h)) for h in s["hours"]))
        out.append((hours, space + w))
    return out


def _clock_written(loc, cardinal):
    """Written side, one time (token without cue and the leading "|"): "16:30", "4:30 p.m.",
    "4 p.m.", "4 o'clock", "06:00", each with an optional zone ("3 pm EST")."""
    tm, fmt, written_variant = loc.lex("times"), loc.itn("times"), loc.style("written_variant")
    minutes, colon = chars("012345") + chars(DIGITS), delete(fmt["colon"])
    zone_w = union(*(cross(f, k, written_variant if i else None) for k, z in tm["zones"].items()
                     for i, f in enumerate(z["written"])))
    zone = insert("|") + (delete(" ") + zone_w).ques
    bare_cost = (None, written_variant) if fmt["zero_minutes"] == "bare" else (written_variant, None)
    mins_w = union(pynini.difference(minutes, t("00")), lib.weighted(t("00"), bare_cost[1]))
    # "4:00" without a suffix: only the "colon" style prefers it to "4 o'clock"
    mins_plain = union(pynini.difference(minutes, t("00")),
                       lib.weighted(t("00"), None if fmt["zero_minutes"] == "colon" else written_variant))
    clock = cal.padded(0, 23, written_variant) + insert("|") + colon + mins_plain
    arms = [clock + insert("|") + zone]
    if cardinal.parts.get("zero_letter"):  # "oh six hundred" -> "06:00" (token hour "06": said with "oh")
        arms.append(t("0") + chars("123456789") + insert("|") + colon + t("00") + insert("|") + zone)
    for hours, w in _suffixes_written(loc):
        h = pynini.compose(cal.padded(1, 12, written_variant), hours)
        arms.append(h + insert("|") + colon + mins_w + insert("|") + w + zone)
        arms.append(lib.weighted(h + insert("|00|") + w + zone, bare_cost[0]))
        if loc.direction == "tn" and tm.get("point_before_suffix"):  # "9.15 a.m." (British); ITN writes the colon
            arms.append(lib.weighted(h + insert("|") + delete(".") + mins_w + insert("|") + w + zone, written_variant))
    oclock = union(*(lib.weighted(delete(" " + w), written_variant if i else None) for i, w in enumerate(tm["oclock"])))
    words_hour = fmt.get("oclock_hour") == "words"
    arms.append(lib.weighted(cal.strings(1, 12) + insert("|00") + oclock + insert("|") + zone,
                             written_variant if words_hour or fmt["zero_minutes"] not in ("bare", "oclock") else None))
    if words_hour:  # "five o'clock" stays words (the hour as said; itn_rules times.yaml oclock_hour)
        hour_words = pynini.invert(pynini.compose(cal.strings(1, 12), cardinal.parts["number"]))
        arms.append(lib.weighted(hour_words + insert("|00") + oclock + insert("|") + zone,
                                 loc.style("time_oclock_words")))
    if fmt["hour_format"] == 24:  # "16:30" written for "four thirty p m"
        pm = union(*(cross(str(h + 12), str(h)) for h in range(1, 12)))
        arms.append(pm + insert("|") + colon + minutes + insert("|pm") + zone)
    return union(*arms)


def _written(loc, cardinal):
    """Written side: a time after an optional cue word ("at|4|30|pm|"); TN also a duration
    and a range of two times; after a range cue a first hour ("from|2~3|30||")."""
    tm, fmt, written_variant = loc.lex("times"), loc.itn("times"), loc.style("written_variant")
    minutes, ranges = chars("012345") + chars(DIGITS), loc.lex("quantities")["range"]
    one = _clock_written(loc, cardinal)
    cues = [*tm["cue_words"], *(c for c in tm.get("relative_cues", []) if c not in tm["cue_words"])]
    written = (union(*(t(c) for c in cues)) + delete(" ")).ques + insert("|") + one
    if loc.direction == "tn":  # TN reads what ITN never writes: a duration, a range of two times
        if tm.get("duration"):  # "0:02:01", "2:15:30": hours, minutes and seconds (token "#2|15|30")
            two = lambda: pynini.compose(chars("012345") + chars(DIGITS), cal.padded(0, 59, 0))
            written |= insert("#") + cal.strings(0, 99) + cross(":", "|") + two() + cross(":", "|") + two()
        # "9am-5pm", "9:00–17:00": two times and a dash, token "|9|00|am|~|5|00|pm|"
        written |= insert("|") + one + _quantity.dash(ranges["dashes"], spaced=written_variant) + insert("|") + one
    # "from two to three thirty" -> "from 2 to 3:30": after times.yaml range_cues a first hour
    # (and minutes) and a range word open the token ("from|2~3|30||", "from|2:30~3|30||")
    range_cues = tm.get("range_cues", [])
    to_w = union(*(cross(f" {w} ", "~", loc.variant if i else None) for i, w in enumerate(lib.words(ranges["spoken"]))))
    if range_cues:
        first_w = cal.padded(1, 12, written_variant) + (cross(fmt["colon"], ":") + minutes).ques
        written |= union(*(t(c) for c in range_cues)) + delete(" ") + insert("|") + first_w + to_w + one
    point_cues = tm.get("point_cue_words", [])
    if loc.direction == "tn" and tm.get("point_before_suffix") and point_cues:
        # a British time without a suffix ("at 7.30", "from 7.30 to 10.30"): only after a
        # point cue word, with the hours and minutes of times.yaml point_hours and
        # point_minutes, where "7.30" is more often a time than a decimal ("up by 0.25",
        # "by 1.25" stay decimals)
        missing = [k for k in ("point_hours", "point_minutes") if k not in tm]
        if missing:
            raise ValueError(f"times.yaml point_cue_words needs {missing[0]}")
        five = union(*(t(f"{m:02d}") for m in tm["point_minutes"]))
        hour = cal.strings(*tm["point_hours"])
        dot = hour + insert("|") + delete(".") + five + insert("||")
        point = loc.style("time_point_after_cue")
        written |= lib.weighted(union(*(t(c) for c in point_cues)) + delete(" ") + insert("|") + dot, point)
        if range_cues:
            written |= lib.weighted(union(*(t(c) for c in range_cues)) + delete(" ") + insert("|") + hour
                                    + cross(".", ":") + five + to_w + dot, point)
    return written


class _Clock(NamedTuple):
    """Spoken side pieces of one time (token -> words, the token's bars included)."""
    number: object    # a number said
    hour: object      # "4" -> "four"
    minutes: object   # "30" -> " thirty", "05" -> " oh five"
    suffix: object    # "pm" -> "p m"
    zone: object      # "|EST" -> " e s t", "|" -> ""
    with_suffix: object   # "4|30|pm|" -> "four thirty p m"
    oclock_hour: object   # an hour of a 12-hour clock, which "o'clock" goes with
    plain: object     # without a suffix, o'clock or hundred: "4|30" -> "four thirty", "16|00" -> "sixteen hundred"
    said: object      # with o'clock or no suffix: "4|00||" -> "four o'clock", "6|00||" -> "oh six hundred"


def _clock_spoken(loc, cardinal):
    tm, variant, sp, bar = loc.lex("times"), loc.variant, insert(" "), delete("|")
    number = cardinal.parts["number"] | cardinal.parts["zero"]
    hour = pynini.compose(cal.strings(0, 23), number)
    mins = sp + (cardinal.parts["zero_letter"] + sp + pynini.compose(chars("123456789"), number)
                 | pynini.compose(chars("12345") + chars(DIGITS), number))
    suffix = union(*(cross(k, f, variant if i else None) for k, s in tm["suffixes"].items()
                     for i, f in enumerate(s["spoken"])))
    zone = (bar + union(delete(""), sp + lib.mapping([(k, z["spoken"]) for k, z in tm["zones"].items()], variant))) \
        .optimize()
    zero_min = delete("00")
    with_suffix = hour + bar + (zero_min | mins) + bar + sp + suffix + zone
    # "o'clock" goes with the hours of a 12-hour clock: "14:00" is "fourteen hundred" (as in the
    # Kestrel references: a 24-hour time is said with "hundred"), never "fourteen o'clock"
    lo, hi = tm.get("oclock_hours", [0, 23])
    oclock_hour = pynini.compose(cal.strings(lo, hi), number)
    plain = union(lib.weighted(hour + bar + zero_min + sp + lib.inserts(tm["hundred_hours"], variant),
                               loc.style("time_hundred")),
                  lib.weighted(hour + bar + mins, loc.style("time_no_cue")))
    said = union(oclock_hour + bar + zero_min + sp + lib.inserts(tm["oclock"], variant), plain) + bar + zone
    if cardinal.parts.get("zero_letter"):
        oh_hour = cardinal.parts["zero_letter"] + sp + pynini.compose(chars("123456789"), number)
        said |= lib.weighted(oh_hour + bar + zero_min + sp + lib.inserts(tm["hundred_hours"], variant),
                             loc.style("time_oh_hundred")) + bar + zone
    return _Clock(number, hour, mins, suffix, zone, with_suffix, oclock_hour, plain, said)


def _quarters(loc, clock):
    """"half past four", "quarter to six" (times.yaml quarter_words): words first, see the
    class docstring."""
    tm, variant, sp = loc.lex("times"), loc.variant, insert(" ")
    arms = []
    for m, words in tm["quarter_words"].items():
        for h in range(1, 13):
            target, rel_words = (h, tm["past"]) if m <= 30 else (h % 12 + 1, tm["to"])
            phrase = lib.inserts(words, variant) + sp + lib.inserts(rel_words, variant) + sp + _said(clock.number, target)
            arms.append(phrase + delete(f"{h}|{m:02d}|"))
    return lib.weighted(union(*arms), loc.style("time_past_to"))


def _relative(loc, clock, quarters):
    """"half past four", "ten minutes past four", "twenty to five", each with an optional
    suffix and zone.  "ten past eight" is a time; "five to twelve" is as often a range
    ("from five to twelve ounces"), "seventy five after three days" a number and a word."""
    tm, variant, sp = loc.lex("times"), loc.variant, insert(" ")
    said = {n: _said(clock.number, n) for n in range(1, 31)}
    counted = {"past": [], "to": []}
    named, quarter_words = tm.get("named_hours", {}), tm.get("quarter_words", {})
    for m in tm["relative_minutes"]:
        n, rel_words, side = (m, tm["past"], "past") if m <= 30 else (60 - m, tm["to"], "to")
        count = said[n] + sp + insert(tm["minute_word"]["one" if n == 1 else "other"])
        count = union(count, said[n]) if n in tm["bare_minutes"] else count
        # an hour by number ("ten to five"; the quarters are _quarters'), or by name with its
        # suffix ("ten to midnight" = 11:50 p.m.; "half past midnight", never "thirty minutes past")
        hours = [(said[h if m <= 30 else h % 12 + 1], f"{h}|{m:02d}|") for h in range(1, 13)]
        by_name = [(insert(name), f"{12 if m <= 30 else 11}|{m:02d}|{sfx[side]}") for name, sfx in named.items()]
        quarter = lib.inserts(quarter_words[m], variant) if m in quarter_words else None
        named_count = count if quarter is None else quarter if m == 30 else union(count, quarter)
        for words, targets in ((count, hours), (named_count, by_name)):
            for i, w in enumerate(rel_words):
                counted["past" if m <= 30 and not i else "to"] += [
                    words + sp + insert(w, variant if i else None) + sp + hour + delete(token) for hour, token in targets]
    tail = (sp + clock.suffix).ques + clock.zone
    every = union(quarters, lib.weighted(union(*counted["past"]), loc.style("time_minutes_past")),
                  lib.weighted(union(*counted["to"]), loc.style("time_minutes_past_to"))) + tail
    return every, union(*counted["to"]) + tail


def _periods(loc, clock, quarters):
    """"four thirty in the afternoon", "nine o'clock in the evening", "half past four in the
    morning": a whole hour ("seven in the evening") costs time_period, a time with minutes
    time_period_minutes."""
    tm, bar, sp = loc.lex("times"), delete("|"), insert(" ")
    clock_s = {"time_period": clock.hour + bar + delete("00") + (sp + lib.inserts(tm["oclock"], loc.variant)).ques + bar,
               "time_period_minutes": union(clock.hour + bar + clock.minutes + bar, quarters)}
    periods = []
    for style, said in clock_s.items():
        arms = []
        for phrase, p in tm["periods"].items():
            hours = union(*(t(str(h)) for h in p["hours"])) + t("|") + chars(DIGITS) + chars(DIGITS) + t("|")
            arms.append(pynini.compose(hours, said) + sp + cross(p["suffix"], phrase))
        periods.append(lib.weighted(union(*arms), loc.style(style)))
    return union(*periods) + clock.zone


def _duration_spoken(loc, clock, duration):
    """"#2|15|30" -> "two hours fifteen minutes and thirty seconds" (times.yaml duration)."""
    def count(lo, hi, key):
        one, many = duration[key]
        return union(pynini.compose(t("1"), clock.number) + insert(f" {one}"),
                     pynini.compose(pynini.difference(cal.strings(lo, hi), t("1")), clock.number) + insert(f" {many}"))
    return (delete("#") + count(0, 99, "hour") + cross("|", " ") + count(0, 59, "minute")
            + cross("|", f" {duration['and']} ") + count(0, 59, "second"))


def _spoken(loc, cardinal, clock):
    """Spoken side: a time after an optional cue word; TN also a duration and a range of two
    times; after a range cue a first hour."""
    tm, bar, sp = loc.lex("times"), delete("|"), insert(" ")
    quarters = _quarters(loc, clock)
    periods = _periods(loc, clock, quarters)
    relative, to_arms = _relative(loc, clock, quarters)
    spoken = (union(*(t(c) for c in tm["cue_words"])) + sp).ques + bar \
        + union(clock.with_suffix, clock.said, relative, periods)
    if tm.get("relative_cues"):  # "at twenty five to nine": after such a word a clock time
        spoken |= lib.weighted(union(*(t(c) for c in tm["relative_cues"])) + sp + bar + to_arms,
                               loc.style("time_minutes_to_cued"))
    to_s = _quantity.said(lib.words(loc.lex("quantities")["range"]["spoken"]), "~", loc.variant)  # a range word, said
    if loc.direction == "tn":  # the duration and the range of two times TN reads (see the written side)
        if tm.get("duration"):
            spoken |= _duration_spoken(loc, clock, tm["duration"])
        # "nine a m to five p m"; a whole hour of a 12-hour clock is said alone ("9:00-17:00" ->
        # "nine to seventeen hundred")
        one = bar + union(clock.with_suffix, union(clock.oclock_hour + bar + delete("00"), clock.plain) + bar + clock.zone)
        spoken |= one + to_s + one
    range_cues = tm.get("range_cues", [])
    if range_cues:  # the first hour of a range after a range cue (see the written side)
        first_s = pynini.compose(cal.strings(1, 12), clock.number) + (delete(":") + clock.minutes).ques
        spoken |= union(*(t(c) for c in range_cues)) + sp + bar + first_s + to_s \
            + union(clock.with_suffix, clock.said, periods)
    return spoken


def _triggers(loc):
    tm = loc.lex("times")
    sfx_words = {w for s in tm["suffixes"].values() for f in s["spoken"] for w in f.split()}
    cue_words = {w for c in [*tm["cue_words"], *tm.get("relative_cues", [])] for w in c.split()}  # "alarm for": two joiners
    zone_words = {w for z in tm["zones"].values() for f in z["spoken"] for w in f.split()}
    rel_words = {w for ws in tm["quarter_words"].values() for f in ws for w in f.split()}
    period_words = {w for phrase in tm["periods"] for w in phrase.split()} | set(tm["minute_word"].values())
    return {"itn": {"anchors": sorted({w for w in sfx_words | rel_words if len(w) > 1}
                                      | {w.split()[0] for w in tm["oclock"]} | set(tm["past"])),
                    "joiners": sorted(zone_words | period_words | set(tm["to"]) | cue_words
                                      | {"a", "m", "p"}
                                      | {w for f in tm["oclock"] for w in f.split()})},
            "tn": {"patterns": [r"\d:\d\d"],
                   "joiners": sorted({w.lower() for s in tm["suffixes"].values() for f in s["written"]
                                      for w in f.split()} | {w.lower().strip(".") for s in tm["suffixes"].values()
                                      for f in s["written"] for w in f.split()} | cue_words
                                     | {w.lower() for z in tm["zones"].values() for w in z["written"]}
                                     | {w for f in tm["oclock"] for w in f.split()})}}
