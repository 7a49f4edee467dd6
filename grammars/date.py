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
    """Locales with table-driven numbers: day-month order, structure from dates.yaml.
    Token "cue|form|weekday|day|month|year"; ``form`` is the grammatical form the cue
    (or, in "1990 году", the year noun) calls for.  ITN reads every form of the day."""
    d, fmt = loc.lex("dates"), loc.itn("dates")
    wv, sd, forms, other = loc.style("written_variant"), d["spoken"], d.get("forms", {"": []}), loc.style("date_other_form")
    default = d.get("day_form", "")
    sfx = lambda ws: union(*(lib.weighted(delete(s), wv if i else None) for i, s in enumerate(lib.words(ws))))
    exact = {str(n): ws for n, ws in d["day"].get("exact", {}).items()}
    days = cal.strings(1, 31)
    plain_days = pynini.difference(days, union(*(t(n) for n in exact))) if exact else days
    reading = (ordinal if d["day"]["reading"] == "ordinal" else cardinal).parts["number"]
    day_all = union(pynini.compose(plain_days, reading), *(cross(n, w, c or None) for n, ws in exact.items()
                                                         for w, c in cal.alts(loc, ws))).optimize()
    wexact = {str(n): ws for n, ws in fmt.get("day_exact", {}).items()}
    day_w = union(pynini.compose(cal.padded(1, 31, wv), pynini.difference(days, union(*(t(n) for n in wexact)))
                                 if wexact else days) + sfx(fmt["day_suffix"]),
                  *(t(n) + sfx(ws) for n, ws in wexact.items()))
    month_w, month_s = cal.lexicon(loc, d["months"], "written"), cal.lexicon(loc, d["months"], "spoken")
    wday_w, wday_s = cal.lexicon(loc, d["weekdays"], "written"), cal.lexicon(loc, d["weekdays"], "spoken")
    yw, bar, sp = year.parts["written"], delete("|"), insert(" ")
    yd = d["year_in_date"]

    def in_form(words, f):
        return union(cal.reform(loc, words, forms[f]), lib.weighted(words, other))
    if yd["reading"] == "ordinal":
        year_s = in_form(pynini.compose(yw, ordinal.parts["number"]), yd["form"])
    else:
        year_s = year.parts["number"]
    year_s = year_s + lib.inserts(sd["year_after"], loc.variant)

    # written -> token
    cues = {c: f for k, f in d.get("cues", {}).items() for c in cal.cased([k])}
    head = union(*(cross(c + " ", f"{c}|{f}||") for c, f in cues.items()), insert(f"|{default}|")
                 + (wday_w + sfx(fmt["weekday_separator"])).ques + insert("|")) if cues else \
        insert(f"|{default}|") + (wday_w + sfx(fmt["weekday_separator"])).ques + insert("|")
    year_tail = sfx(fmt["month_year"]) + yw + sfx(fmt["year_after"])
    drange = lib.words(d.get("day_range", []))  # "vom 1. bis zum 5. August": two days, one month
    djoin = union(*(t(j) for j in drange)) if drange else None
    named = (day_w + (djoin + day_w).ques if drange else day_w) + insert("|") + sfx(fmt["day_month"]) + month_w + insert("|") + year_tail.ques
    sepc = [delete(c) for c in fmt["numeric_separators"]]
    numeric = union(*(cal.padded(1, 31, None) + c + insert("|") + cal.padded(1, 12, None) + c + insert("|") + yw
                      + sfx(fmt["year_after"]) for c in sepc))
    arms = [named, lib.weighted(numeric, loc.style("date_numeric"))]
    if d.get("month_year"):
        arms.append(insert("|") + month_w + insert("|") + year_tail)
    written = head + union(*arms)
    nouns = d.get("year_nouns", [])
    if nouns:
        noun_w = union(*(insert(f"|{n['form']}||||") + yw + union(*(lib.weighted(delete(" " + w), wv if i else None)
                                                                   for i, w in enumerate(n["written"])))
                         for n in nouns))
        written = union(written, noun_w)
    rng = lib.words((d.get("year_range") or {}).get("words", []))
    if nouns and rng:  # "1941 по 1945 год": two years share the noun; the first in any form
        join = union(*(t(f" {j} ") for j in rng))
        written = union(written, *(insert(f"|{n['form']}||||") + yw + join + yw
                                   + union(*(lib.weighted(delete(" " + w), wv if i else None) for i, w in enumerate(n["written"])))
                                   for n in nouns))

    # token -> spoken
    cue_s = union(bar, *(cross(c + "|", c + " ") for c in cues)) if cues else bar
    wd = (wday_s + sp).ques + bar
    day_in = {f: in_form(day_all, f).optimize() for f in forms}

    def days_in(f):  # a range's first day may take any form ("с первого по пятое")
        if not drange:
            return day_in[f]
        first = union(*(lib.weighted(day_in[g], None if g == f else other) for g in forms))
        return day_in[f] | first + djoin + day_in[f]
    dayed = union(*(delete(f + "|") + wd + days_in(f) for f in forms)) + bar \
        + lib.inserts(sd["day_month"], loc.variant) + month_s + bar + (lib.inserts(sd["month_year"], loc.variant) + year_s).ques
    arms = [dayed]
    if d.get("month_year"):
        arms.append(delete(f"{default}|") + wd + bar + month_s + bar + lib.inserts(sd["month_year"], loc.variant) + year_s)
    if nouns and rng:
        ff = d["year_range"]["first_form"]
        yall = pynini.compose(yw, ordinal.parts["number"]).optimize()
        first = union(*(lib.weighted(in_form(yall, f), None if f == ff else other) for f in forms)).optimize()
    for n in nouns:
        yo = in_form(pynini.compose(yw, ordinal.parts["number"]), n["form"])
        arms.append(delete(f"{n['form']}||||") + yo + sp + lib.inserts(n["spoken"], loc.variant))
        if rng:
            arms.append(delete(f"{n['form']}||||") + first + join + yo + sp + lib.inserts(n["spoken"], loc.variant))
    spoken = cue_s + union(*arms)

    low = lambda e, k: {w.lower() for v in e.values() for w in lib.words(v[k])}
    joined = lambda ws: {x.strip(".").lower() for w in ws for x in w.split()} - {""}
    wjoin = joined(lib.words(fmt["day_month"]) + lib.words(fmt["month_year"]) + lib.words(fmt["year_after"])
                   + [w for n in nouns for w in n["written"]] + rng + drange)
    sjoin = joined(lib.words(sd["day_month"]) + lib.words(sd["month_year"]) + lib.words(sd["year_after"])
                   + [w for n in nouns for w in lib.words(n["spoken"])] + rng + drange)
    seps = "".join(re.escape(c) for c in fmt["numeric_separators"])
    months_w = low(d["months"], "written")
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"itn": {"anchors": sorted(low(d["months"], "spoken")),
                          "joiners": sorted(low(d["weekdays"], "spoken") | set(d.get("cues", {})) | sjoin)},
                  "tn": {"patterns": [rf"^\d{{1,2}}[{seps}]\d{{1,2}}[{seps}]\d{{4}}"],
                         "anchors": sorted(months_w | {w.rstrip(".") for w in months_w}),
                         "joiners": sorted(joined(low(d["weekdays"], "written")) | set(d.get("cues", {})) | wjoin)}})


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


def build(loc, cardinal, ordinal, year):
    if "hundreds" in loc.lex("numbers"):
        return _table_build(loc, cardinal, ordinal, year)
    d, fmt = loc.lex("dates"), loc.itn("dates")
    wv = loc.style("written_variant")
    days = [str(i) for i in range(1, 32)]
    day_tok = union(*(t(x) for x in days)).optimize()
    day_num = pynini.compose(day_tok, ordinal.parts["number"])
    day_card = pynini.compose(day_tok, cardinal.parts["number"])
    day_spoken = day_num | lib.weighted(day_card, loc.style("date_cardinal_day"))
    month_w, month_s = _table(d["months"], wv), _table(d["months"], loc.variant, spoken=True)
    wday_w, wday_s = _table(d["weekdays"], wv), _table(d["weekdays"], loc.variant, spoken=True)
    year_w, year_s = year.parts["written"], year.parts["number"]
    sp = insert(" ")
    bar = delete("|")

    # written -> token
    with_suffix = pynini.closure(chars(DIGITS), 1, 2) + pynini.closure(chars("stndrhSTNDRH"), 2, 2)
    suffix = pynini.compose(pynini.compose(with_suffix, ordinal.written), day_tok)   # "1st" -> "1"
    # "March 03", "03 March 2020": a day with a leading zero reads as the day (style date_day_padded)
    padded_day = union(*(cross(f"0{n}", str(n)) for n in range(1, 10)))
    day_w = day_tok | lib.weighted(suffix, loc.style("date_day_suffix")) \
        | lib.weighted(padded_day, loc.style("date_day_padded"))
    ysep = union(*(delete(s) if i == 0 else lib.weighted(delete(s), wv)
                   for i, s in enumerate(fmt["year_separator"])))
    md = insert("md|") + month_w + insert("|") + delete(" ") + day_w + insert("|") + (ysep + year_w).ques
    dm = insert("dm|") + day_w + insert("|") + delete(" ") + month_w + insert("|") \
        + union(delete(" ") + year_w, lib.weighted(insert(""), loc.style("date_dm_no_year")))
    # "the 9th of April" (no year): the words around the day kept as said, day with its suffix
    # ("4th of July" without the article: order "du", said without it too)
    day_sfx = pynini.arcmap(pynini.compose(pynini.compose(pynini.closure(chars(DIGITS), 1, 2) + chars("stndrh") ** 2,
                                                          ordinal.written), day_tok), map_type="rmweight")
    the_day = union(*(delete(a + " ") for a in lib.words(d["day_article"])))
    the_of = union(insert("dt|") + the_day, insert("du|")) + day_sfx + insert("|") \
        + union(*(delete(f" {o} ") for o in lib.words(d["day_of"]))) + month_w + insert("|")
    # "Jan-21-2017": month, day and year joined by hyphens
    md_h = insert("md|") + month_w + insert("|") + delete("-") + day_w + insert("|") + delete("-") + year_w
    my = insert("md|") + month_w + insert("||") + delete(" ") + year_w
    sepc = union(*(delete(c) for c in fmt["numeric_separators"]))
    first, second = (cal.padded(1, 12, None), cal.padded(1, 31, None)) if fmt["numeric_order"] == "mdy" \
        else (cal.padded(1, 31, None), cal.padded(1, 12, None))
    order = "md" if fmt["numeric_order"] == "mdy" else "dm"
    numeric = insert(order + "|") + first + sepc + insert("|") + second + sepc + insert("|") + year_w
    # "3/20" without a year: a date only in context ("beginning 3/20"); the fraction reading
    # is cheaper and the ranker decides (style date_numeric_no_year)
    short = insert(order + "|") + first + delete("/") + insert("|") + second + insert("|")
    # ISO "2011-08-18": the year moves after day and month.  Each year of the listed centuries
    # is a branch chosen by the input ("2011-"), its token written at the end: the FST reads
    # its input deterministically (a branch per (month, day) pair written first would be tried
    # on every digit string).  TN only: ITN writes dates as said, and its inverse of this
    # branch would be chosen by the last words (the year) again
    iso = None
    if d["iso_centuries"] and loc.direction == "tn":
      md_tok = union(*(cross(f"{m:02d}-{dd:02d}", f"di|{dd}|{m}|") for m in range(1, 13) for dd in range(1, 32))).optimize()
      years = [f"{c}{y:02d}" for c in d["iso_centuries"] for y in range(100)]
      iso = union(*(delete(y + "-") + md_tok + insert(tok) for y in years
                    for tok in [_best_output(t(y), year_w)] if tok is not None)).optimize()
    # "9/11" said as two numbers ("nine eleven"): order "mn" (ITN candidate; TN says month names)
    # (two-digit days only: "eight six" inside a digit run "one nine eight six" is no date)
    said = insert("mn|") + cal.strings(1, 12) + delete("/") + insert("|") + cal.strings(10, 31) + insert("|")
    dates = union(md, dm, my, lib.weighted(the_of, loc.style("date_the_of")), lib.weighted(md_h, wv), lib.weighted(union(numeric, iso), loc.style("date_numeric")),
                  lib.weighted(short, loc.style("date_numeric_no_year")), lib.weighted(said, loc.style("date_numbers_said")))
    tn = loc.direction == "tn"
    if tn:  # "Sept. 10–12, 2020" -> "september tenth to twelfth twenty twenty" (range.yaml dashes)
        dash = _quantity.dash(loc.lex("range")["dashes"])
        dates |= insert("mr|") + month_w + insert("|") + delete(" ") + day_w + dash + day_w + insert("|") \
            + (ysep + year_w).ques
    wsep = union(delete(", "), lib.weighted(delete(" , ") | delete(" "), wv))
    written = union(insert("|") + dates, wday_w + wsep + insert("|") + dates,
                    # "Monday the 3rd": a weekday and the day of the month it falls on, no month
                    # (order "wt"; written with the article and the suffix, as said)
                    lib.weighted(wday_w + delete(" ") + insert("|wt|") + the_day + day_sfx + insert("|"),
                                 loc.style("date_weekday_day")))
    if tn:  # "Mon–Fri" -> "monday to friday": a range of weekdays
        written |= insert("|wr|") + wday_w + dash + wday_w + insert("|")

    # token -> spoken
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
    day_n = pynini.compose(day_tok, cardinal.parts["number"])
    mn_s = delete("mn|") + pynini.compose(cal.strings(1, 12), cardinal.parts["number"]) \
        + bar + sp + day_n + bar
    if tn:  # a range of days in one month, said with range.yaml "to"
        to = insert(f" {lib.words(loc.lex('range')['to'])[0]} ")
        md_s = md_s | delete("mr|") + month_s + bar + sp + day_num + delete("~") + to + day_num + yr \
            | delete("wr|") + wday_s + delete("~") + to + wday_s + bar
    wt_s = wday_s + sp + bar + delete("wt|") + art + sp + day_num + bar  # "monday the third"
    spoken = union((wday_s + sp).ques + bar + union(md_s, my_s, dm_s, di_s, dt_s, mn_s), wt_s)
    # reading groups (lib.ClassGrammar.groups): every reading but "nine eleven" and "monday
    # the third" says a month; those say a weekday
    groups = tuple((wday_s + sp).ques + bar + g for g in (union(md_s, my_s, dm_s, di_s, dt_s), mn_s)) + (wt_s,)
    month_words = sorted({w for e in d["months"].values() for w in e["spoken"]})
    wday_words = sorted({w for e in d["weekdays"].values() for w in e["spoken"]})
    months_written = sorted({w for e in d["months"].values() for w in e["written"]})
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(), groups=tuple(g.optimize() for g in groups),
        staged=("tn",),  # TN: W∘S would copy the day and month wording into every ISO year branch
        triggers={"itn": {"anchors": month_words, "joiners": wday_words + d["day_article"] + d["day_of"]},
                  "tn": {"patterns": [r"^\d{4}-\d\d-\d\d", r"^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}",
                                      r"^[A-Za-z]{3,9}\.?-\d{1,2}-\d{4}", _weekday_range(d, loc)],
                         "anchors": sorted({w.lower().rstrip(".") for w in months_written} |
                                           {w.lower() for w in months_written}),
                         "joiners": sorted({w.lower() for e in d["weekdays"].values() for w in e["written"]}
                                           | {w.lower().rstrip(".") for e in d["weekdays"].values()
                                              for w in e["written"]})}})
