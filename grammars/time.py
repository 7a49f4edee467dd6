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
import pynini

import re

from . import _calendar as cal, _quantity, lib
from .lib import DIGITS, chars, cross, delete, insert, t, union

NAME = "time"
REQUIRES = ("cardinal",)


def _said(f, n):
    """Insert the words ``f`` reads for the number ``n`` (weights kept)."""
    return pynini.cross("", pynini.compose(t(str(n)), f).project("output"))


def _table_build(loc, cardinal):
    """Locales with table-driven numbers: 24-hour times from templates.  Spoken templates
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
    tm, fmt, num = loc.lex("times"), loc.itn("times"), loc.lex("numbers")
    wv, vw, rules = loc.style("written_variant"), loc.variant, num.get("plural")
    number = cardinal.parts["number"] | cardinal.parts["zero"]
    over = lambda table: {int(k): v for k, v in tm.get(table, {}).items()}
    hw, mw = over("hour_words"), over("minute_words")
    zero = lib.inserts(num["zero"], vw)

    def read(n, table):
        return lib.inserts(table[n], vw) if n in table else _said(number, n)

    def expand(piece, n, kind, minute_words=mw):
        out, names = [], {"h": "h", "H": "h", "m": "m", "m0": "m", "M": "m"}
        for lit, ph in re.findall(r"([^{]*)(?:\{(\w+)\})?", piece):
            if lit:
                out.append(insert(lit))
            if not ph:
                continue
            if names.get(ph) != kind:
                raise ValueError(f"times.yaml: {{{ph}}} out of place in {piece!r}")
            if ph in ("h", "m"):
                out.append(read(n, hw if ph == "h" else minute_words))
            elif ph == "m0":
                out.append(zero + insert(" ") + read(n, minute_words) if n < 10 else read(n, minute_words))
            else:
                out.append(cal.inserts(loc, cal.noun(tm["nouns"]["hour" if ph == "H" else "minute"], n, rules)))
        return lib.concat(*out)

    def cut_at(tpl):  # where the minutes part of a template starts
        cut = min([tpl.index(p) for p in ("{m}", "{m0}", "{M}") if p in tpl] or [len(tpl)])
        return tpl.rfind(" ", 0, cut) if cut < len(tpl) else cut

    # reads like plain numbers (or a duration, "deux heures"): needs a cue in ITN
    bare = lambda tpl: "{H}" not in tpl and "{M}" not in tpl or tpl in tm.get("cue_needed", [])
    spoken = []
    for kind in ("minutes", "zero"):
        for i, tpl in enumerate(tm["spoken"][kind]):
            cut = cut_at(tpl)
            hpart = union(*(lib.said(loc, f"{h}|", expand(tpl[:cut], h, "h")) for h in range(24)))
            if kind == "zero":
                arm = hpart + delete("00")
            else:
                arm = hpart + union(*(lib.said(loc, f"{m:02d}", expand(tpl[cut:], m, "m")) for m in range(1, 60)))
            spoken.append((bare(tpl), lib.weighted(arm, vw if i else None)))
    before = tm.get("before_hour")  # "trois heures moins le quart" (2 h 45): the next hour, minutes before it
    bmw = {int(k): v for k, v in (before or {}).get("minute_words", {}).items()}
    for tpl in (before or {}).get("spoken", []):
        cut = cut_at(tpl)
        mins_before = lambda: union(*(lib.said(loc, f"{60 - m:02d}", expand(tpl[cut:], m, "m", {**mw, **bmw}))
                                      for m in before["minutes"]))
        arm = union(*(lib.said(loc, f"{h}|", expand(tpl[:cut], h + 1, "h")) + mins_before() for h in range(23)))
        spoken.append((bare(tpl), lib.weighted(arm, loc.style("time_before_hour"))))
    rel = tm.get("relative") or {}  # "halb drei" (2:30), "zehn vor drei" (2:50): the whole phrase, then the token
    rmw = {**mw, **{int(k): v for k, v in rel.get("minute_words", {}).items()}}
    lo, hi = rel.get("hours", [1, 23])
    mark = "|" if "relative" in fmt else ""  # a token field for the written forms of such times

    def phrase(tpl, h, m):
        out = []
        for lit, ph in re.findall(r"([^{]*)(?:\{(\w+)\})?", tpl):
            out += [cal.inserts(loc, lit)] if lit else []
            table, n = {"h": (hw, h), "m": (rmw, m)}.get(ph, (None, None)) if ph else (None, None)
            if ph == "H":  # "zehn nach drei Uhr": written like a time said with its noun ("3:10 Uhr")
                out.append(cal.inserts(loc, cal.noun(tm["nouns"]["hour"], h, rules)))
            elif ph and table is None:
                raise ValueError(f"times.yaml: {{{ph}}} out of place in relative {tpl!r}")
            elif ph:
                out.append(cal.inserts(loc, table[n]) if n in table else _said(number, n))
        return lib.concat(*out)

    for entry in rel.get("templates", []):
        for tpl in entry["spoken"]:
            arms = []
            for h in range(lo, hi + 1):
                for m in (entry.get("minutes") or [0]):
                    hh, mm = divmod((h * 60 + entry.get("at", 0) + (-m if entry.get("before") else m)) % 1440, 60)
                    hh = (hh % 12 or 12) if hi <= 12 else hh
                    arms.append(lib.said(loc, f"{hh}|{mm:02d}" + ("" if "{H}" in tpl else mark), phrase(tpl, h, m)))
            spoken.append((False, lib.weighted(union(*arms), loc.style("time_before_hour"))))
    cues = cal.cased(tm.get("cue_words", []))
    cue_s = union(*(cross(c + "|", c + " ") for c in cues)) if cues else None
    any_s = union(*(a for _, a in spoken))
    plain = union(*(lib.weighted(a, loc.style("time_no_cue") if b else None) for b, a in spoken))
    seps = fmt.get("range", [])  # "von neun bis siebzehn Uhr" -> "von 9 bis 17 Uhr": token "|9~17|00"
    if seps:
        said_to = [f" {w} " for w in lib.words(loc.lex("quantities")["range"]["spoken"])]
        start = union(*(lib.said(loc, f"{a}~", read(a, hw) + lib.inserts(said_to, vw)) for a in range(24)))
        plain = lib.weighted(start, loc.style("time_range")).ques + plain
    spoken = union(delete("|") + plain, cue_s + any_s) if cues else delete("|") + plain
    written = []
    mins = pynini.difference(chars("012345") + chars(DIGITS), t("00"))
    for kind in ("minutes", "zero"):
        for i, tpl in enumerate(fmt["written"][kind]):
            out = []
            for lit, ph in re.findall(r"([^{]*)(?:\{(\w+)\})?", tpl):
                if lit:
                    out.append(delete(lit))
                if ph == "h":
                    out.append(cal.padded(0, 23, wv) + insert("|"))
                elif ph == "m":
                    out.append(mins)
            f = lib.concat(*out) + (insert("00") if kind == "zero" else t(""))
            written.append(lib.weighted(f, wv if i else None))
    for i, tpl in enumerate(fmt.get("relative", [])):  # a time said from an hour ("halb acht" -> "7:30")
        hours = (cal.padded(1, 12, wv) if hi <= 12 else cal.padded(0, 23, wv)) + insert("|")
        out = [f for lit, ph in re.findall(r"([^{]*)(?:\{(\w+)\})?", tpl)
               for f in ([delete(lit)] if lit else []) + ([hours if ph == "h" else mins] if ph else [])]
        written.append(lib.weighted(lib.concat(*out) + insert("|"), wv if i else None))
    words = lambda tpls: {w.lower() for x in tpls for w in re.sub(r"\{\w+\}", " ", x).split()}
    nouns = {w.lower() for n in tm["nouns"].values() for v in n.values() for w in lib.words(v)}
    said = {x.lower() for table in (hw, mw, bmw, rmw) for v in table.values() for w in lib.words(v) for x in w.split()}
    tpls = tm["spoken"]["minutes"] + tm["spoken"]["zero"] + (before or {}).get("spoken", []) \
        + [x for e in rel.get("templates", []) for x in e["spoken"]]
    head = union(insert("|"), *(cross(c + " ", c + "|") for c in cues))
    if seps:  # a first hour and a range separator ("9 bis 17 Uhr" -> "|9~17|00")
        head += (cal.padded(0, 23, wv) + union(*(cross(x, "~", wv if i else None) for i, x in enumerate(seps)))).ques
    return lib.ClassGrammar(
        NAME, (head + union(*written)).optimize(),
        spoken.optimize(),
        triggers={"itn": {"anchors": sorted(nouns), "joiners": sorted((words(tpls) | set(tm.get("cue_words", [])) | said) - nouns)},
                  "tn": {"patterns": [r"\d:\d\d"],
                         "joiners": sorted(words(fmt["written"]["minutes"] + fmt["written"]["zero"]) | set(tm.get("cue_words", [])))}})


def build(loc, cardinal):
    if "hundreds" in loc.lex("numbers"):
        return _table_build(loc, cardinal)
    tm, fmt = loc.lex("times"), loc.itn("times")
    wv, vw = loc.style("written_variant"), loc.variant
    number = cardinal.parts["number"] | cardinal.parts["zero"]
    sp, bar = insert(" "), delete("|")
    minutes = chars("012345") + chars(DIGITS)
    colon = delete(fmt["colon"])
    # written -> token (without cue and the leading "|")
    sfx_w = []
    for key, s in tm["suffixes"].items():
        pref = fmt["suffix_written"].get(key, s["written"][0])
        forms = [pref] + [f for f in s["written"] if f != pref]
        w = union(*(cross(f, key, wv if i else None) for i, f in enumerate(forms)))
        space = union(delete(" "), lib.weighted(delete(""), wv))
        hours = union(*(t(str(h)) for h in s["hours"]))
        sfx_w.append((hours, space + w))
    zone_w = union(*(cross(f, k, wv if i else None) for k, z in tm["zones"].items()
                     for i, f in enumerate(z["written"])))
    zone = insert("|") + (delete(" ") + zone_w).ques
    bare_cost = (None, wv) if fmt["zero_minutes"] == "bare" else (wv, None)
    mins_w = union(pynini.difference(minutes, t("00")), lib.weighted(t("00"), bare_cost[1]))
    # "4:00" without a suffix: only the "colon" style prefers it to "4 o'clock"
    mins_plain = union(pynini.difference(minutes, t("00")),
                       lib.weighted(t("00"), None if fmt["zero_minutes"] == "colon" else wv))
    clock = cal.padded(0, 23, wv) + insert("|") + colon + mins_plain
    arms = [clock + insert("|") + zone]
    if cardinal.parts.get("zero_letter"):  # "oh six hundred" -> "06:00" (token hour "06": said with "oh")
        arms.append(t("0") + chars("123456789") + insert("|") + colon + t("00") + insert("|") + zone)
    for hours, w in sfx_w:
        h = pynini.compose(cal.padded(1, 12, wv), hours)
        arms.append(h + insert("|") + colon + mins_w + insert("|") + w + zone)
        arms.append(lib.weighted(h + insert("|00|") + w + zone, bare_cost[0]))
    oclock = union(*(lib.weighted(delete(" " + w), wv if i else None) for i, w in enumerate(tm["oclock"])))
    words_hour = fmt.get("oclock_hour") == "words"
    arms.append(lib.weighted(cal.strings(1, 12) + insert("|00") + oclock + insert("|") + zone,
                             wv if words_hour or fmt["zero_minutes"] not in ("bare", "oclock") else None))
    if words_hour:  # "five o'clock" stays words (the hour as said; itn_rules times.yaml oclock_hour)
        hour_words = pynini.invert(pynini.compose(cal.strings(1, 12), cardinal.parts["number"]))
        arms.append(lib.weighted(hour_words + insert("|00") + oclock + insert("|") + zone,
                                 loc.style("time_oclock_words")))
    if fmt["hour_format"] == 24:  # "16:30" written for "four thirty p m"
        pm = union(*(cross(str(h + 12), str(h)) for h in range(1, 12)))
        arms.append(pm + insert("|") + colon + minutes + insert("|pm") + zone)
    cue_w = union(*(t(c) for c in tm["cue_words"])) + delete(" ")
    written = cue_w.ques + insert("|") + union(*arms)
    qrng = loc.lex("quantities")["range"]
    dur = tm.get("duration") if loc.direction == "tn" else None
    if dur:  # "0:02:01", "2:15:30": hours, minutes and seconds (TN; token "#2|15|30")
        two = lambda: pynini.compose(chars("012345") + chars(DIGITS), cal.padded(0, 59, 0))
        written |= insert("#") + cal.strings(0, 99) + cross(":", "|") + two() + cross(":", "|") + two()
    if loc.direction == "tn":  # "9am-5pm", "9:00–17:00": two times and a dash, token "|9|00|am|~|5|00|pm|"
        dash = _quantity.dash(qrng["dashes"], spaced=wv)
        written |= insert("|") + union(*arms) + dash + insert("|") + union(*arms)
    # "from two to three thirty" -> "from 2 to 3:30": after times.yaml range_cues a first hour
    # (and minutes) and a range word open the token ("from|2~3|30||", "from|2:30~3|30||")
    rcues, rto = tm.get("range_cues", []), lib.words(qrng["spoken"])
    if rcues:
        first_w = cal.padded(1, 12, wv) + (cross(fmt["colon"], ":") + minutes).ques
        to_w = union(*(cross(f" {w} ", "~", vw if i else None) for i, w in enumerate(rto)))
        written |= union(*(t(c) for c in rcues)) + delete(" ") + insert("|") + first_w + to_w + union(*arms)

    # token -> spoken
    hour = pynini.compose(cal.strings(0, 23), number)
    mins = sp + (cardinal.parts["zero_letter"] + sp + pynini.compose(chars("123456789"), number)
                 | pynini.compose(chars("12345") + chars(DIGITS), number))
    sfx_s = union(*(cross(k, f, vw if i else None) for k, s in tm["suffixes"].items()
                    for i, f in enumerate(s["spoken"])))
    zone_s = (bar + union(delete(""), sp + lib.mapping([(k, z["spoken"]) for k, z in tm["zones"].items()], vw))) \
        .optimize()
    zero_min = delete("00")
    no_cue = loc.style("time_no_cue")
    with_sfx = hour + bar + (zero_min | mins) + bar + sp + sfx_s + zone_s
    # "o'clock" goes with the hours of a 12-hour clock: "14:00" is "fourteen hundred" (as in the
    # Kestrel references: a 24-hour time is said with "hundred"), never "fourteen o'clock"
    lo, hi = tm.get("oclock_hours", [0, 23])
    oclock_hour = pynini.compose(cal.strings(lo, hi), number)
    clock_plain = union(lib.weighted(hour + bar + zero_min + sp + lib.inserts(tm["hundred_hours"], vw),
                                     loc.style("time_hundred")),
                        lib.weighted(hour + bar + mins, no_cue))
    plain = union(oclock_hour + bar + zero_min + sp + lib.inserts(tm["oclock"], vw), clock_plain) + bar + zone_s
    if cardinal.parts.get("zero_letter"):
        oh_hour = cardinal.parts["zero_letter"] + sp + pynini.compose(chars("123456789"), number)
        plain |= lib.weighted(oh_hour + bar + zero_min + sp + lib.inserts(tm["hundred_hours"], vw),
                              loc.style("time_oh_hundred")) + bar + zone_s
    rel = []
    for m, words in tm["quarter_words"].items():
        for h in range(1, 13):
            target, rel_words = (h, tm["past"]) if m <= 30 else (h % 12 + 1, tm["to"])
            hw = _said(number, target)
            phrase = lib.inserts(words, vw) + sp + lib.inserts(rel_words, vw) + sp + hw
            rel.append(phrase + delete(f"{h}|{m:02d}|"))  # words first: see the class docstring
    rel = lib.weighted(union(*rel), loc.style("time_past_to"))
    said = {n: _said(number, n) for n in range(1, 31)}
    counted = {"past": [], "to": []}  # "ten minutes past four", "twenty to five"
    for m in tm["relative_minutes"]:
        n, rel_words = (m, tm["past"]) if m <= 30 else (60 - m, tm["to"])
        count = said[n] + sp + insert(tm["minute_word"]["one" if n == 1 else "other"])
        count = union(count, said[n]) if n in tm["bare_minutes"] else count
        for h in range(1, 13):
            target = h if m <= 30 else h % 12 + 1
            for i, w in enumerate(rel_words):
                counted["past" if m <= 30 and not i else "to"].append(
                    count + sp + insert(w, vw if i else None) + sp + said[target] + delete(f"{h}|{m:02d}|"))
    # "ten past eight" is a time; "five to twelve" is as often a range ("from five to twelve ounces"),
    # "seventy five after three days" a number and a word
    rel_s = union(rel, lib.weighted(union(*counted["past"]), loc.style("time_minutes_past")),
                  lib.weighted(union(*counted["to"]), loc.style("time_minutes_past_to"))) + (sp + sfx_s).ques + zone_s
    periods = []  # "four thirty in the afternoon", "nine o'clock in the evening", "half past four in the morning"
    # a whole hour ("seven in the evening") costs time_period, a time with minutes ("four thirty
    # in the afternoon", "half past four in the morning") time_period_minutes
    clock_s = {"time_period": hour + bar + zero_min + (sp + lib.inserts(tm["oclock"], vw)).ques + bar,
               "time_period_minutes": union(hour + bar + mins + bar, rel)}
    for style, clock in clock_s.items():
        arms = []
        for phrase, p in tm["periods"].items():
            hours = union(*(t(str(h)) for h in p["hours"])) + t("|") + chars(DIGITS) + chars(DIGITS) + t("|")
            arms.append(pynini.compose(hours, clock) + sp + cross(p["suffix"], phrase))
        periods.append(lib.weighted(union(*arms), loc.style(style)))
    period_s = union(*periods) + zone_s
    spoken = (union(*(t(c) for c in tm["cue_words"])) + sp).ques + bar + union(with_sfx, plain, rel_s, period_s)
    if dur:  # "two hours fifteen minutes and thirty seconds" (times.yaml duration)
        def count(lo, hi, key):
            one, many = dur[key]
            return union(pynini.compose(t("1"), number) + insert(f" {one}"),
                         pynini.compose(pynini.difference(cal.strings(lo, hi), t("1")), number) + insert(f" {many}"))
        spoken |= (delete("#") + count(0, 99, "hour") + cross("|", " ") + count(0, 59, "minute")
                   + cross("|", f" {dur['and']} ") + count(0, 59, "second"))
    to_s = union(*(cross("~", f" {w} ", vw if i else None) for i, w in enumerate(rto)))  # a range word, said
    if loc.direction == "tn":  # a range of two times (see the written side): "nine a m to five p m";
        # a whole hour of a 12-hour clock is said alone ("9:00-17:00" -> "nine to seventeen hundred")
        one = bar + union(with_sfx, union(oclock_hour + bar + zero_min, clock_plain) + bar + zone_s)
        spoken |= one + to_s + one
    if rcues:  # the first hour of a range after a range cue (see the written side)
        first_s = pynini.compose(cal.strings(1, 12), number) + (delete(":") + mins).ques
        spoken |= union(*(t(c) for c in rcues)) + sp + bar + first_s + to_s + union(with_sfx, plain, period_s)
    sfx_words = {w for s in tm["suffixes"].values() for f in s["spoken"] for w in f.split()}
    cue_words = {w for c in tm["cue_words"] for w in c.split()}  # "alarm for": two joiners
    zone_words = {w for z in tm["zones"].values() for f in z["spoken"] for w in f.split()}
    rel_words = {w for ws in tm["quarter_words"].values() for f in ws for w in f.split()}
    period_words = {w for phrase in tm["periods"] for w in phrase.split()} | set(tm["minute_word"].values())
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(), staged=True, late_reversed=("itn",),
        triggers={"itn": {"anchors": sorted({w for w in sfx_words | rel_words if len(w) > 1}
                                            | {w.split()[0] for w in tm["oclock"]} | set(tm["past"])),
                          "joiners": sorted(zone_words | period_words | set(tm["to"]) | cue_words
                                            | {"a", "m", "p"}
                                            | {w for f in tm["oclock"] for w in f.split()})},
                  "tn": {"patterns": [r"\d:\d\d"],
                         "joiners": sorted({w.lower() for s in tm["suffixes"].values() for f in s["written"]
                                            for w in f.split()} | {w.lower().strip(".") for s in tm["suffixes"].values()
                                            for f in s["written"] for w in f.split()} | cue_words
                                           | {w.lower() for z in tm["zones"].values() for w in z["written"]}
                                           | {w for f in tm["oclock"] for w in f.split()})}})
