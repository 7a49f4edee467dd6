"""Dates.  TN: "May 12, 1981" -> "may twelfth nineteen eighty one",
              "16 August 1987" -> "the sixteenth of august nineteen eighty seven",
              "2011-08-18" -> "the eighteenth of august twenty eleven", "1/4/2020" -> "january fourth twenty twenty"
              "3/20" -> "march twentieth" (in context; "1/4" stays a fraction by weight),
              "Sept. 10–12" -> "september tenth to twelfth" (token "|mr|9|10~12|"),
              "Mon–Fri" -> "monday to friday" (token "|wr|1~5|")
          ITN: "march twenty first" -> "March 21", "the twenty first of march" -> "the 21st of March",
              "a fourth of july weekend" -> "a 4th of July weekend",
              "the ninth of april eighteen sixty five" -> "9 April 1865",
              "monday may fifth" -> "Monday, May 5", "march two thousand three" -> "March 2003"

Token: "weekday|order|first|second|year" with the order ("md" month first, "dm" day
first, "dt" day first with article and "of" kept, no year, "du" the same without the article) telling which of month and day
comes first, as in both written and spoken form: "|md|5|12|1981", "|dm|16|8|1987", "1|md|5|5|", "|md|3||2003".  Empty fields
are absent parts; "mn" is a numeric month/day said as two numbers ("nine eleven" <-> "9/11",
an ITN candidate for the ranker).  Numeric and ISO dates are reordered over the finite set of
(month, day) pairs.
"""
import re
from typing import NamedTuple

import pynini

from . import _calendar as cal, _quantity, lib
from .lib import DIGITS, chars, cross, delete, insert, t, union

NAME = "date"
REQUIRES = ("cardinal", "ordinal", "year")


def _table(entries, variant, spoken=False):
    """{n: {written, spoken}} -> FST between the written (or spoken) forms and "n"."""
    arcs = []
    for n, e in sorted(entries.items()):
        forms = e["spoken"] if spoken else e["written"]
        arcs += [cross(f, str(n), variant if i else None) for i, f in enumerate(forms)]
    f = union(*arcs).optimize()
    return pynini.invert(f) if spoken else f


def _table_build(loc, cardinal, ordinal, year):
    """Dates said from templates (dates.yaml ``spoken:``): day-month order, structure from dates.yaml.
    Token "cue|form|weekday|day|month|year"; ``form`` is the grammatical form the cue
    (or, in "1990 году", the year noun) calls for.  ITN reads every form of the day."""
    d = loc.lex("dates")
    month_w, month_s = cal.lexicon(loc, d["months"], "written"), cal.lexicon(loc, d["months"], "spoken")
    weekday_w, weekday_s = cal.lexicon(loc, d["weekdays"], "written"), cal.lexicon(loc, d["weekdays"], "spoken")
    written = _table_written(loc, year, month_w, weekday_w)
    spoken = _table_spoken(loc, cardinal, ordinal, year, month_s, weekday_s)
    triggers = _table_triggers(loc)
    triggers["itn"]["anchors"] = sorted(set(triggers["itn"]["anchors"]) | set(_month_ordinal_words(loc, ordinal)))
    return lib.ClassGrammar(NAME, written.optimize(), spoken.optimize(), triggers=triggers)


def _skipped(loc, words):
    """Delete one of ``words`` (the first free, the others at written_variant's cost)."""
    return union(*(lib.weighted(delete(s), loc.style("written_variant") if i else None) for i, s in enumerate(lib.words(words))))


def _in_form(loc, words, form):
    """``words`` in the grammatical ``form`` (dates.yaml forms), any other form at date_other_form's cost."""
    forms = loc.lex("dates").get("forms", {"": []})
    return union(cal.reform(loc, words, forms[form]), lib.weighted(words, loc.style("date_other_form")))


def _cues(loc):
    """{cue word as written in the text: the form it calls for} (dates.yaml cues, each cased)."""
    return {c: f for k, f in loc.lex("dates").get("cues", {}).items() for c in cal.cased([k])}


def _day_range_join(loc):
    """"vom 1. bis zum 5. August": two days, one month (dates.yaml day_range), or None."""
    joins = lib.words(loc.lex("dates").get("day_range", []))
    return union(*(t(j) for j in joins)) if joins else None


def _year_range_join(loc):
    """"1941 по 1945 год": two years share the noun (dates.yaml year_range), or None."""
    joins = lib.words((loc.lex("dates").get("year_range") or {}).get("words", []))
    return union(*(t(f" {j} ") for j in joins)) if joins else None


def _table_written(loc, year, month_w, weekday_w):
    """Written side: "12. Mai 1981", "Montag, 12. Mai", "12.05.1981", "Mai 1981", "1990 году"."""
    d, fmt = loc.lex("dates"), loc.itn("dates")
    default, cues, year_w = d.get("day_form", ""), _cues(loc), year.parts["written"]
    exact = {str(n): ws for n, ws in fmt.get("day_exact", {}).items()}
    days = cal.strings(1, 31)
    day_w = union(pynini.compose(cal.padded(1, 31, loc.style("written_variant")),
                                 pynini.difference(days, union(*(t(n) for n in exact))) if exact else days)
                  + _skipped(loc, fmt["day_suffix"]),
                  *(t(n) + _skipped(loc, ws) for n, ws in exact.items()))
    weekday = insert(f"|{default}|") + (weekday_w + _skipped(loc, fmt["weekday_separator"])).ques + insert("|")
    head = union(*(cross(c + " ", f"{c}|{f}||") for c, f in cues.items()), weekday) if cues else weekday
    year_tail = _skipped(loc, fmt["month_year"]) + year_w + _skipped(loc, fmt["year_after"])
    join = _day_range_join(loc)
    named = (day_w + (join + day_w).ques if join is not None else day_w) + insert("|") \
        + _skipped(loc, fmt["day_month"]) + month_w + insert("|") + year_tail.ques
    # a numeric date's month token is "#12": said as the month's name (TN) or, where dates.yaml
    # month_ordinal is set, as an ordinal (ITN reads "vierundzwanzigsten zwölften" only so)
    pad = loc.style("written_variant") if loc.direction == "itn" else None  # ITN writes "1.3.2020"
    day_n, month_n = cal.padded(1, 31, pad), insert("#") + cal.padded(1, 12, pad)
    numeric = union(*(day_n + c + insert("|") + month_n + c + insert("|") + year_w
                      + _skipped(loc, fmt["year_after"])
                      for i, s in enumerate(fmt["numeric_separators"]) for c in [lib.weighted(delete(s), pad if i else None)]))
    # ITN meets "#" months only where they were said as ordinals: no numeric cost there
    arms = [named, lib.weighted(numeric, loc.style("date_numeric") if loc.direction == "tn" else None)]
    if d.get("month_year"):
        arms.append(insert("|") + month_w + insert("|") + year_tail)
    written = head + union(*arms)
    short = fmt.get("numeric_no_year")
    if short and cues:  # "am 24.12.": day and month without a year, after a cue only
        written |= union(*(cross(c + " ", f"{c}|{f}||") for c, f in cues.items())) \
            + day_n + delete(short) + insert("|") + month_n + delete(short) + insert("|")
    nouns = _year_nouns(loc)
    noun_w = lambda n: _noun_written(loc, n["written"])
    if nouns:
        dash = _year_dash(loc, "written")
        written = union(written, union(*(_noun_head(n) + _years(n, _decade(n, year_w), dash) + noun_w(n)
                                         for n in nouns if not n.get("in_range"))))
    if nouns and _year_range_join(loc) is not None:  # "1941 по 1945 год": the first year in any form
        written = union(written, *_year_ranges_written(loc, nouns, year_w))
    return written


def _noun_written(loc, words):
    """A year noun's written forms after the year, the first free."""
    return union(*(lib.weighted(delete(" " + w), loc.style("written_variant") if i else None) for i, w in enumerate(words)))


def _year_ranges_written(loc, nouns, year_w):
    """Two years joined by a word of dates.yaml year_range and sharing a noun -> the token of
    the noun's form.  A noun read after its words_before (TN) is read so after the same word
    joining two years ("с 2019 по 2021 г." -> "... по две тысячи двадцать первый год"), and
    that written noun then takes no other form there."""
    arms = []
    for j in lib.words(loc.lex("dates")["year_range"]["words"]):
        after = [n for n in nouns if j in n.get("words_before", []) and n.get("years", 1) == 1 and not n.get("decade")]
        taken = {w for n in after for w in n["written"]}
        plain = [{**n, "written": [w for w in n["written"] if w not in taken]} for n in nouns if not n.get("words_before")]
        arms += [insert(f"|{n['form']}||||") + year_w + t(f" {j} ") + year_w + _noun_written(loc, n["written"])
                 for n in after + plain if n["written"]]
    return arms


def _year_nouns(loc):
    """dates.yaml year_nouns; those read only after ``words_before`` (an abbreviation whose case
    the preposition before it gives: "в 2020 г." -> "в две тысячи двадцатом году") are TN's."""
    nouns = [n for n in loc.lex("dates").get("year_nouns", []) if loc.direction == "tn" or not n.get("words_before")]
    for n in nouns:
        if n.get("years", 1) != 1 and not n.get("words_before"):
            raise ValueError(f"dates.yaml year_nouns {n['written']}: years: 2 needs words_before")
    return nouns


def _noun_words_before(loc):
    """The words_before of TN's year nouns, each cased as a cue ("в", "В")."""
    return sorted({c for n in _year_nouns(loc) for c in cal.cased(n.get("words_before", []))})


def _years(n, one, dash):
    """The year(s) before a year noun: ``one`` year, or, for a noun of ``years: 2``, two joined
    by ``dash`` ("1941–1945 гг.": _year_dash)."""
    return one if n.get("years", 1) == 1 else one + dash + one


def _decade(n, year_w):
    """The written year of a year noun: a decade where the entry names its ``decade`` suffixes
    (ru "в 1990-х гг.": a year ending in 0 and "-х", said in the entry's plural form), else
    ``year_w``."""
    suffixes = lib.words(n.get("decade", []))
    if not suffixes:
        return year_w
    return pynini.compose(year_w, pynini.closure(chars(DIGITS)) + t("0")) + union(*(delete(x) for x in suffixes))


def _year_dash(loc, side):
    """The dash between two years of one noun: dates.yaml year_range ``dashes`` -> "~" in the
    token (written side), "~" -> ``dash_said`` (spoken side)."""
    rng = loc.lex("dates").get("year_range") or {}
    if side == "written":
        return union(*(cross(d, "~") for d in lib.words(rng.get("dashes", ["-"]))))
    return cross("~", rng.get("dash_said", " "))


def _noun_head(n):
    """The token's head before a year with its noun: the form, and the word before it where
    the entry names words_before (said as written)."""
    before = n.get("words_before")
    if not before:
        return insert(f"|{n['form']}||||")
    return union(*(cross(c + " ", f"{c}|{n['form']}||||") for c in cal.cased(before)))


def _table_days(loc, cardinal, ordinal):
    """{form: the day said in that form} ("1" -> "ersten"; dates.yaml day: reading, exact)."""
    d = loc.lex("dates")
    exact = {str(n): ws for n, ws in d["day"].get("exact", {}).items()}
    days = cal.strings(1, 31)
    plain_days = pynini.difference(days, union(*(t(n) for n in exact))) if exact else days
    reading = (ordinal if d["day"]["reading"] == "ordinal" else cardinal).parts["number"]
    day_all = union(pynini.compose(plain_days, reading), *(cross(n, w, c or None) for n, ws in exact.items()
                                                         for w, c in cal.alts(loc, ws))).optimize()
    return {f: _in_form(loc, day_all, f).optimize() for f in d.get("forms", {"": []})}


def _table_spoken(loc, cardinal, ordinal, year, month_s, weekday_s):
    """Spoken side: "(am) zwölften Mai neunzehnhunderteinundachtzig", "Mai 1981" said,
    "в тысяча девятьсот девяностом году"."""
    d, variant, sp, bar = loc.lex("dates"), loc.variant, insert(" "), delete("|")
    said, forms, other = d["spoken"], d.get("forms", {"": []}), loc.style("date_other_form")
    year_w, cues, join = year.parts["written"], _cues(loc), _day_range_join(loc)
    in_date = d["year_in_date"]
    if in_date["reading"] == "ordinal":
        year_s = _in_form(loc, pynini.compose(year_w, ordinal.parts["number"]), in_date["form"])
    else:
        year_s = year.parts["number"]
    year_s = year_s + lib.inserts(said["year_after"], variant)
    cue_s = union(bar, *(cross(c + "|", c + " ") for c in cues)) if cues else bar
    weekday = (weekday_s + sp).ques + bar
    day_in = _table_days(loc, cardinal, ordinal)
    month_in = _numeric_months(loc, ordinal, month_s)

    def days_in(f):  # a range's first day may take any form ("с первого по пятое")
        if join is None:
            return day_in[f]
        first = union(*(lib.weighted(day_in[g], None if g == f else other) for g in forms))
        return day_in[f] | first + join + day_in[f]
    dayed = union(*(delete(f + "|") + weekday + days_in(f) + bar + lib.inserts(said["day_month"], variant)
                    + union(month_s, month_in[f]) for f in forms)) \
        + bar + (lib.inserts(said["month_year"], variant) + year_s).ques
    arms = [dayed]
    if d.get("month_year"):
        arms.append(delete(f"{d.get('day_form', '')}|") + weekday + bar + month_s + bar
                    + lib.inserts(said["month_year"], variant) + year_s)
    plain, after_words = _year_nouns_spoken(loc, ordinal, year_w)
    return union(cue_s + union(*arms, *plain), *after_words)


def _numeric_months(loc, ordinal, month_s):
    """{form: a numeric date's month ("#12") said}: TN says its name ("Dezember"); ITN reads
    it said as an ordinal in the day's form (dates.yaml month_ordinal: "zwölften"), or not."""
    forms = loc.lex("dates").get("forms", {"": []})
    if loc.direction == "tn":
        return {f: delete("#") + month_s for f in forms}
    if not loc.lex("dates").get("month_ordinal"):
        return {f: None for f in forms}
    said = pynini.compose(cal.strings(1, 12), ordinal.parts["number"]).optimize()
    return {f: (delete("#") + _in_form(loc, said, f)).optimize() for f in forms}


def _month_ordinal_words(loc, ordinal):
    """The ordinals 1-12 in every form, as ITN reads them (anchors where dates.yaml
    month_ordinal is set), or []."""
    if not loc.lex("dates").get("month_ordinal") or loc.direction != "itn":
        return []
    said = pynini.compose(cal.strings(1, 12), ordinal.parts["number"]).optimize()
    forms = union(*(_in_form(loc, said, f) for f in loc.lex("dates").get("forms", {"": []}))).project("output")
    return sorted(set(forms.rmepsilon().optimize().paths(output_token_type="utf8").ostrings()))


def _year_nouns_spoken(loc, ordinal, year_w):
    """A year said with its noun in the noun's form ("в девяностом году"), also a range of
    two (the first in dates.yaml year_range first_form, others at date_other_form's cost)
    -> (arms, arms of the nouns read after their words_before, each with its own words: the
    token names the form, not the noun, "о 1968 г." says "годе" and "в 2020 г." "году")."""
    d, forms, join = loc.lex("dates"), loc.lex("dates").get("forms", {"": []}), _year_range_join(loc)
    nouns = _year_nouns(loc)
    if nouns and join is not None:
        first_form = d["year_range"]["first_form"]
        any_year = pynini.compose(year_w, ordinal.parts["number"]).optimize()
        first = union(*(lib.weighted(_in_form(loc, any_year, f), None if f == first_form else loc.style("date_other_form"))
                        for f in forms)).optimize()
    arms, after_words = [], []
    dash = _year_dash(loc, "spoken")
    for n in nouns:
        said = _in_form(loc, pynini.compose(year_w, ordinal.parts["number"]), n["form"])
        arm = delete(f"{n['form']}||||") + _years(n, said, dash) + insert(" ") + lib.inserts(n["spoken"], loc.variant)
        if n.get("words_before"):
            if not n.get("in_range"):  # read in a range's spoken arm (its token names the form)
                after_words.append(union(*(cross(c + "|", c + " ") for c in cal.cased(n["words_before"]))) + arm)
            continue
        arms.append(arm)
        if join is not None:
            arms.append(delete(f"{n['form']}||||") + first + join + said + insert(" ") + lib.inserts(n["spoken"], loc.variant))
    return arms, after_words


def _table_triggers(loc):
    d, fmt, said = loc.lex("dates"), loc.itn("dates"), loc.lex("dates")["spoken"]
    nouns = _year_nouns(loc)
    ranges = lib.words((d.get("year_range") or {}).get("words", [])) + lib.words(d.get("day_range", []))
    low = lambda e, k: {w.lower() for v in e.values() for w in lib.words(v[k])}
    joined = lambda ws: {x.strip(".").lower() for w in ws for x in w.split()} - {""}
    wjoin = joined(lib.words(fmt["day_month"]) + lib.words(fmt["month_year"]) + lib.words(fmt["year_after"])
                   + [w for n in nouns for w in n["written"]] + ranges)
    sjoin = joined(lib.words(said["day_month"]) + lib.words(said["month_year"]) + lib.words(said["year_after"])
                   + [w for n in nouns for w in lib.words(n["spoken"])] + ranges)
    seps = "".join(re.escape(c) for c in fmt["numeric_separators"])
    months_w = low(d["months"], "written")
    mark = re.escape(fmt.get("numeric_no_year") or "")
    short = [rf"^\d{{1,2}}{mark}\d{{1,2}}{mark}"] if mark else []
    return {"itn": {"anchors": sorted(low(d["months"], "spoken")),
                    "joiners": sorted(low(d["weekdays"], "spoken") | set(d.get("cues", {})) | sjoin)},
            "tn": {"patterns": [rf"^\d{{1,2}}[{seps}]\d{{1,2}}[{seps}]\d{{4}}", *short],
                   "anchors": sorted(months_w | {w.rstrip(".") for w in months_w}),
                   "joiners": sorted(joined(low(d["weekdays"], "written")) | set(d.get("cues", {})) | wjoin
                                     | {w.lower() for w in _noun_words_before(loc)})}}


def _weekday_range(d, loc):
    """TN trigger of a range of weekdays written as one word ("Mon–Fri")."""
    days = "|".join(sorted({re.escape(w) for e in d["weekdays"].values() for w in e["written"]}, key=lambda w: (-len(w), w)))
    dashes = "".join(re.escape(x) for x in loc.lex("range")["dashes"])
    return rf"^(?:{days})[{dashes}](?:{days})\W*$"


def _best_output(string, fst):
    """The cheapest output of ``fst`` for the input ``string`` (None when it rejects it)."""
    out = pynini.compose(string, fst).optimize()
    if out.start() == pynini.NO_STATE_ID:
        return None
    return pynini.shortestpath(out).project("output").rmepsilon().string()


class _Words(NamedTuple):
    """The pieces of English-path dates both sides share."""
    day: object               # the day token "1".."31"
    day_written: object       # "3", "3rd", "03" -> "3"
    day_suffixed: object      # "3rd" -> "3", unweighted ("the 9th of April")
    the_day: object           # the day's article, deleted ("the ")
    month_written: object     # "Sept." -> "9"
    month_spoken: object      # "9" -> "september"
    weekday_written: object
    weekday_spoken: object


def _words(loc, ordinal):
    d, written_variant = loc.lex("dates"), loc.style("written_variant")
    day = union(*(t(str(i)) for i in range(1, 32))).optimize()
    with_suffix = pynini.closure(chars(DIGITS), 1, 2) + pynini.closure(chars("stndrhSTNDRH"), 2, 2)
    suffix = pynini.compose(pynini.compose(with_suffix, ordinal.written), day)   # "1st" -> "1"
    # "March 03", "03 March 2020": a day with a leading zero reads as the day (style date_day_padded)
    padded_day = union(*(cross(f"0{n}", str(n)) for n in range(1, 10)))
    day_w = day | lib.weighted(suffix, loc.style("date_day_suffix")) | lib.weighted(padded_day, loc.style("date_day_padded"))
    day_suffixed = pynini.arcmap(pynini.compose(pynini.compose(pynini.closure(chars(DIGITS), 1, 2) + chars("stndrh") ** 2,
                                                               ordinal.written), day), map_type="rmweight")
    the_day = union(*(delete(a + " ") for a in lib.words(d["day_article"])))
    return _Words(day, day_w, day_suffixed, the_day,
                  _table(d["months"], written_variant), _table(d["months"], loc.variant, spoken=True),
                  _table(d["weekdays"], written_variant), _table(d["weekdays"], loc.variant, spoken=True))


def build(loc, cardinal, ordinal, year):
    if "spoken" in loc.lex("dates"):  # dates said from templates
        return _table_build(loc, cardinal, ordinal, year)
    words = _words(loc, ordinal)
    spoken, groups = _spoken(loc, cardinal, ordinal, year, words)
    return lib.ClassGrammar(
        NAME, _written(loc, year, words).optimize(), spoken.optimize(), groups=tuple(g.optimize() for g in groups),
        staged=("tn",),  # TN: W∘S would copy the day and month wording into every ISO year branch
        triggers=_triggers(loc))


def _numeric_written(loc, year_w):
    """"5/12/1981" (itn_rules dates.yaml numeric_order), and without a year "3/20": a date
    only in context ("beginning 3/20"); the fraction reading is cheaper and the ranker
    decides (style date_numeric_no_year) -> (with a year, without)."""
    fmt = loc.itn("dates")
    sepc = union(*(delete(c) for c in fmt["numeric_separators"]))
    first, second = (cal.padded(1, 12, None), cal.padded(1, 31, None)) if fmt["numeric_order"] == "mdy" \
        else (cal.padded(1, 31, None), cal.padded(1, 12, None))
    order = "md" if fmt["numeric_order"] == "mdy" else "dm"
    numeric = insert(order + "|") + first + sepc + insert("|") + second + sepc + insert("|") + year_w
    short = insert(order + "|") + first + delete("/") + insert("|") + second + insert("|")
    return numeric, short


def _iso_written(loc, year_w):
    """ISO "2011-08-18": the year moves after day and month.  Each year of the listed centuries
    is a branch chosen by the input ("2011-"), its token written at the end: the FST reads
    its input deterministically (a branch per (month, day) pair written first would be tried
    on every digit string).  TN only: ITN writes dates as said, and its inverse of this
    branch would be chosen by the last words (the year) again.  None where there is none."""
    centuries = loc.lex("dates")["iso_centuries"]
    if not (centuries and loc.direction == "tn"):
        return None
    md_tok = union(*(cross(f"{m:02d}-{dd:02d}", f"di|{dd}|{m}|") for m in range(1, 13) for dd in range(1, 32))).optimize()
    years = [f"{c}{y:02d}" for c in centuries for y in range(100)]
    return union(*(delete(y + "-") + md_tok + insert(tok) for y in years
                   for tok in [_best_output(t(y), year_w)] if tok is not None)).optimize()


def _dates_written(loc, year, words):
    """Written side, a date after its weekday: "May 12, 1981", "16 August 1987", "the 9th of
    April", "Jan-21-2017", "May 1981", "5/12/1981", "2011-08-18", "9/11"; TN "Sept. 10–12"."""
    d, fmt, written_variant = loc.lex("dates"), loc.itn("dates"), loc.style("written_variant")
    year_w, month_w, day_w = year.parts["written"], words.month_written, words.day_written
    ysep = union(*(delete(s) if i == 0 else lib.weighted(delete(s), written_variant)
                   for i, s in enumerate(fmt["year_separator"])))
    md = insert("md|") + month_w + insert("|") + delete(" ") + day_w + insert("|") + (ysep + year_w).ques
    dm = insert("dm|") + day_w + insert("|") + delete(" ") + month_w + insert("|") \
        + union(delete(" ") + year_w, lib.weighted(insert(""), loc.style("date_dm_no_year")))
    # "the 9th of April" (no year): the words around the day kept as said, day with its suffix
    # ("4th of July" without the article: order "du", said without it too)
    the_of = union(insert("dt|") + words.the_day, insert("du|")) + words.day_suffixed + insert("|") \
        + union(*(delete(f" {o} ") for o in lib.words(d["day_of"]))) + month_w + insert("|")
    # "Jan-21-2017": month, day and year joined by hyphens
    md_h = insert("md|") + month_w + insert("|") + delete("-") + day_w + insert("|") + delete("-") + year_w
    my = insert("md|") + month_w + insert("||") + delete(" ") + year_w
    numeric, short = _numeric_written(loc, year_w)
    # "9/11" said as two numbers ("nine eleven"): order "mn" (ITN candidate; TN says month names)
    # (two-digit days only: "eight six" inside a digit run "one nine eight six" is no date)
    said = insert("mn|") + cal.strings(1, 12) + delete("/") + insert("|") + cal.strings(10, 31) + insert("|")
    dates = union(md, dm, my, lib.weighted(the_of, loc.style("date_the_of")), lib.weighted(md_h, written_variant),
                  lib.weighted(union(numeric, _iso_written(loc, year_w)), loc.style("date_numeric")),
                  lib.weighted(short, loc.style("date_numeric_no_year")), lib.weighted(said, loc.style("date_numbers_said")))
    if loc.direction == "tn":  # "Sept. 10–12, 2020" -> "september tenth to twelfth twenty twenty" (range.yaml dashes)
        dash = _quantity.dash(loc.lex("range")["dashes"])
        dates |= insert("mr|") + month_w + insert("|") + delete(" ") + day_w + dash + day_w + insert("|") \
            + (ysep + year_w).ques
    return dates


def _written(loc, year, words):
    """Written side: a date, after a weekday or not; "Monday the 3rd"; TN "Mon–Fri"."""
    written_variant, weekday_w = loc.style("written_variant"), words.weekday_written
    dates = _dates_written(loc, year, words)
    wsep = union(delete(", "), lib.weighted(delete(" , ") | delete(" "), written_variant))
    written = union(insert("|") + dates, weekday_w + wsep + insert("|") + dates,
                    # "Monday the 3rd": a weekday and the day of the month it falls on, no month
                    # (order "wt"; written with the article and the suffix, as said)
                    lib.weighted(weekday_w + delete(" ") + insert("|wt|") + words.the_day + words.day_suffixed
                                 + insert("|"), loc.style("date_weekday_day")))
    if loc.direction == "tn":  # "Mon–Fri" -> "monday to friday": a range of weekdays
        written |= insert("|wr|") + weekday_w + _quantity.dash(loc.lex("range")["dashes"]) + weekday_w + insert("|")
    return written


def _spoken(loc, cardinal, ordinal, year, words):
    """Spoken side, one arm per token order -> (spoken, reading groups): every reading but
    "nine eleven" and "monday the third" says a month; those say a weekday."""
    d, sp, bar = loc.lex("dates"), insert(" "), delete("|")
    month_s, weekday_s = words.month_spoken, words.weekday_spoken
    day_num = pynini.compose(words.day, ordinal.parts["number"])
    day_card = pynini.compose(words.day, cardinal.parts["number"])
    day_spoken = day_num | lib.weighted(day_card, loc.style("date_cardinal_day"))
    year_s = year.parts["number"]
    art, of_ = lib.inserts(d["day_article"], loc.variant), lib.inserts(d["day_of"], loc.variant)
    yr = bar + (sp + year_s).ques
    md_s = delete("md|") + month_s + bar + sp + lib.weighted(art + sp, loc.style("date_article_after_month")).ques \
        + day_spoken + yr
    my_s = delete("md|") + month_s + delete("||") + sp + year_s
    dm_s = delete("dm|") + union(art + sp, lib.weighted(insert(""), loc.style("date_no_article"))) + day_spoken \
        + bar + sp + of_ + sp + month_s + yr
    # ISO dates read like "dm" ones, with the year's preferred forms only (keeps the FST small)
    di_s = delete("di|") + art + sp + day_num + bar + sp + of_ + sp + month_s + bar + sp + year.parts["core"]
    # "the 9th of April": order "dt", always said with the article and "of", no year
    dt_s = delete("dt|") + art + sp + day_num + bar + sp + of_ + sp + month_s + bar
    # "a fourth of july weekend" -> "a 4th of July weekend": order "du", no article said or written
    dt_s = dt_s | delete("du|") + day_num + bar + sp + of_ + sp + month_s + bar
    day_n = pynini.compose(words.day, cardinal.parts["number"])
    mn_s = delete("mn|") + pynini.compose(cal.strings(1, 12), cardinal.parts["number"]) + bar + sp + day_n + bar
    if loc.direction == "tn":  # a range of days in one month, said with range.yaml "to"
        to = insert(f" {lib.words(loc.lex('range')['to'])[0]} ")
        md_s = md_s | delete("mr|") + month_s + bar + sp + day_num + delete("~") + to + day_num + yr \
            | delete("wr|") + weekday_s + delete("~") + to + weekday_s + bar
    wt_s = weekday_s + sp + bar + delete("wt|") + art + sp + day_num + bar  # "monday the third"
    spoken = union((weekday_s + sp).ques + bar + union(md_s, my_s, dm_s, di_s, dt_s, mn_s), wt_s)
    groups = tuple((weekday_s + sp).ques + bar + g for g in (union(md_s, my_s, dm_s, di_s, dt_s), mn_s)) + (wt_s,)
    return spoken, groups


def _triggers(loc):
    d = loc.lex("dates")
    month_words = sorted({w for e in d["months"].values() for w in e["spoken"]})
    wday_words = sorted({w for e in d["weekdays"].values() for w in e["spoken"]})
    months_written = sorted({w for e in d["months"].values() for w in e["written"]})
    return {"itn": {"anchors": month_words, "joiners": wday_words + d["day_article"] + d["day_of"]},
            "tn": {"patterns": [r"^\d{4}-\d\d-\d\d", r"^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}",
                                r"^[A-Za-z]{3,9}\.?-\d{1,2}-\d{4}", _weekday_range(d, loc)],
                   "anchors": sorted({w.lower().rstrip(".") for w in months_written} |
                                     {w.lower() for w in months_written}),
                   "joiners": sorted({w.lower() for e in d["weekdays"].values() for w in e["written"]}
                                     | {w.lower().rstrip(".") for e in d["weekdays"].values()
                                        for w in e["written"]})}}
