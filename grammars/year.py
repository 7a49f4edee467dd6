"""Years and decades.  TN: "1984" -> "nineteen eighty four", "2005" -> "two thousand five",
                              "1990s" / "1990's" -> "nineteen nineties", "'90s" / "90s" -> "nineties"
                     ITN: "twenty eleven" -> "2011", "nineteen oh five" -> "1905", "nineteen hundred" -> "1900"

Token: the year's digits ("1984"), a decade's digits plus "s" ("1990s"), or the short
decade "'90s".  Which four-digit numbers are years, and which of them are said as
cardinals, comes from locales/<tag>/dates.yaml.  Parts for other classes: ``number``
(year digits -> words), ``written`` (written year -> digits).
"""
import pynini

from . import _calendar as cal, lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "year"
REQUIRES = ("cardinal",)


def _strings(lo, hi):
    """Four-digit strings of the years lo..hi."""
    return lib.number_strings(range(lo, hi + 1), 4)


def _table_build(loc, cardinal):
    """Years where dates.yaml gives no cardinal_min range: a year is its cardinal ("mil
    novecientos ochenta"), or, in ``years.hundreds``, counted in hundreds ("neunzehnhundertachtzig", read apart too:
    "neunzehn hundert achtzig"); ``years.pairs``: read as two numbers ("neunzehn achtzig",
    style year_in_pairs); ``years.endings``: other spellings of the last word, read ("dix-neuf
    cent quatre-vingt", where "quatre-vingt" stays invariable as in an ordinal)."""
    yrs = loc.lex("dates")["years"]
    years, number = _strings(yrs["min"], yrs["max"]), cardinal.parts["number"]
    spoken = pynini.compose(years, number)
    digit, nz = chars(DIGITS), chars("123456789")
    h = yrs.get("hundreds")
    if h:
        sep = lib.inserts(h["separator"], loc.variant)
        rest = delete("00") | sep + (delete("0") + pynini.compose(nz, number) | pynini.compose(nz + digit, number))
        in_hundreds = pynini.compose(_strings(h["min"], h["max"]), pynini.compose(nz + digit, number) + sep
                                     + lib.inserts(h["word"], loc.variant) + rest)
        if h["preferred"]:
            spoken = union(pynini.compose(pynini.difference(years, _strings(h["min"], h["max"])), number),
                           in_hundreds, lib.weighted(pynini.compose(_strings(h["min"], h["max"]), number), loc.variant))
        else:
            spoken = union(spoken, lib.weighted(in_hundreds, loc.variant))
    endings = yrs.get("endings")
    if endings:
        any_ = closure(lib.sigma(loc))
        other = union(*(any_ + cross(e["ends"], e["replace"]) for e in endings))
        spoken = union(spoken, lib.weighted(pynini.compose(spoken, other), loc.variant))
    spoken = spoken.optimize()
    anchors = sorted(lib.words(h["word"])) if h else []
    written, number = years, spoken
    pairs = yrs.get("pairs")
    if pairs:
        # "neunzehn achtzig": two numbers of two digits, a year where the words call for one:
        # after a month (parts["number"], dates) or, in ITN, after a cue word ("im Jahr
        # neunzehn achtzig"; token "Jahr|1980"); "neunzehn dreißig" alone stays two numbers
        two = pynini.compose(nz + digit, cardinal.parts["number"])
        in_pairs = pynini.compose(_strings(pairs["min"], pairs["max"]), two + insert(" ") + two)
        number = union(spoken, lib.weighted(in_pairs, loc.style("year_in_pairs"))).optimize()
        cues = cal.cased(pairs.get("cues", [])) if loc.direction == "itn" else []
        if cues:
            cue = union(*(t(c) for c in cues))
            written = union(years, cue + cross(" ", "|") + years).optimize()
            spoken = union(spoken, cue + cross("|", " ") + number).optimize()
            anchors = sorted(set(anchors) | set(cues))
    return lib.ClassGrammar(NAME, written, spoken,
                            triggers={"itn": {"anchors": anchors},
                                      "tn": {"patterns": [r"^\d{4}$"]}},
                            parts={"number": number, "core": number, "written": years})


def build(loc, cardinal):
    if "cardinal_min" not in loc.lex("dates")["years"]:  # not the cardinal-range-and-pairs scheme
        return _table_build(loc, cardinal)
    dates, num, itn = loc.lex("dates"), loc.lex("numbers"), loc.itn("numbers")
    yrs = dates["years"]
    digit, nz = chars(DIGITS), chars("123456789")
    number = cardinal.parts["number"]
    pair = pynini.compose(nz + digit, number)                      # "19" -> "nineteen", "84"
    oh = cardinal.parts["zero_letter"]
    unit = pynini.compose(nz, number)
    hundred = lib.inserts(num["hundred"], loc.variant)
    in_pairs = union(
        pair + insert(" ") + pair,                                 # nineteen eighty four
        pair + insert(" ") + oh + insert(" ") + unit,              # nineteen oh five
        pynini.compose(nz + digit + t("00"), pair + delete("00")) + insert(" ") + hundred)
    years = _strings(yrs["min"], yrs["max"])
    card = _strings(yrs["cardinal_min"], yrs["cardinal_max"])
    thousands = union(*(t(f"{d}000") for d in range(1, 10)))       # "2000": "two thousand" only
    pair_years = pynini.difference(years, union(card, thousands)).optimize()
    core = union(pynini.compose(pair_years, in_pairs),
                 pynini.compose(union(card, pynini.intersect(years, thousands)), number)).optimize()
    spoken_year = union(
        core, lib.weighted(pynini.compose(card, in_pairs), loc.style("year_in_pairs")),
        # "two thousand eleven": later years said as cardinals; earlier ones ("one thousand
        # nine hundred eighty four") are a rarer reading (ITN writes that as the count 1,984)
        lib.weighted(pynini.compose(pynini.difference(_strings(yrs["cardinal_min"], yrs["max"]),
                                                      union(card, thousands)), number),
                     loc.style("year_as_cardinal")),
        lib.weighted(pynini.compose(pynini.difference(_strings(yrs["min"], yrs["cardinal_min"] - 1),
                                                      union(card, thousands)), number),
                     loc.style("year_early_as_cardinal"))).optimize()

    # decades: the last word made plural ("nineteen ninety" -> "nineteen nineties")
    rules = dates["plural_rules"]
    words = cardinal.parts["words"]
    last = lib.mapping(sorted((w, lib.plural(w, rules)) for w in words))
    prefix = closure(closure(chars(lib.LOWER), 1) + t(" "))
    decade_digits = pynini.intersect(years, closure(digit, 3, 3) + t("0"))
    decade = pynini.compose(decade_digits, spoken_year) @ (prefix + last)
    tens_digits = union(*(t(str(d)) for d in range(1, 10))) + t("0")
    apos = dates["short_decade_prefix"]
    # a year's number in the plural, as numbers in the plural are (cardinal: "737s"): "the
    # nineteen ninety nines" -> "1999s", not the count "19" and "99s"
    plural_year = pynini.compose(pynini.difference(years, decade_digits), spoken_year) @ (prefix + last)
    spoken = union(spoken_year, decade + delete("s"), plural_year + delete("s"),
                   delete(apos[0]) + pynini.compose(tens_digits, number @ last) + delete("s") if apos else None)

    # "1980's", "'30's": the plural written with an apostrophe; "90s": the century left out
    ess = union(t("s"), lib.weighted(union(*(cross(a + "s", "s") for a in apos)),
                                     loc.style("decade_apostrophe_s")))
    short = tens_digits + ess
    written = union(years, decade_digits + ess,
                    lib.weighted(pynini.difference(years, decade_digits) + t("s"), loc.style("cardinal_plural")),
                    lib.weighted(
        union(*(cross(a, apos[0]) for a in apos)) + short, loc.style("short_decade")),
        lib.weighted(insert(apos[0]) + short, loc.style("short_decade_bare")) if apos else None)
    eras = loc.tn("years").get("eras") if loc.direction == "tn" else None
    era_context = {}
    if eras:
        era_w, era_s = _eras(loc, cardinal, spoken_year, unit, pair, oh, hundred, eras)
        written, spoken = union(written, era_w), union(spoken, era_s)
        era_context = {w.strip(".") if w.isupper() else w.strip(".").lower(): 1
                       for side in ("after", "before") for w in eras.get(side, {})}
    plural_words = sorted({lib.plural(w, rules) for w in words})
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"itn": {"anchors": sorted(set(words) | set(plural_words) | set(itn["zero_words"]))},
                  "tn": {"patterns": [r"\b\d{4}s?\b", r"\b\d0['’]?s\b"], "context": era_context}},
        parts={"number": spoken_year, "core": core, "written": years, "decade": decade,
               "short_decade": pynini.compose(tens_digits, number @ last)})


def _eras(loc, cardinal, spoken_year, unit, pair, oh, hundred, eras):
    """TN: -> (written, spoken) of a year with its era (tn_rules years.yaml ``eras``): "740 B.C."
    <-> token "740|b c" <-> "seven forty b c"; "A.D. 410" <-> "a d|410" <-> "a d four ten".  One
    or two digits are said as a number, three in pairs ("seven oh five", "five hundred"; as a
    number at year_as_cardinal), four as a year (or a number outside the years)."""
    digit, nz = chars(DIGITS), chars("123456789")
    number = cardinal.parts["number"]
    three = union(pynini.compose(nz + nz + digit, unit + insert(" ") + pair),
                  pynini.compose(nz + t("0") + nz, unit + insert(" ") + oh + insert(" ") + unit),
                  pynini.compose(nz + t("00"), unit + delete("00") + insert(" ") + hundred))
    digits_w = nz + closure(digit, 0, 3)
    four_other = pynini.difference(nz + closure(digit, 3, 3), pynini.project(spoken_year, "input"))
    said = union(pynini.compose(nz + closure(digit, 0, 1), number), three, spoken_year,
                 pynini.compose(four_other, number),
                 # a rarer reading, kept for training data: "seven hundred forty b c"
                 lib.weighted(pynini.compose(nz + digit + digit, number), loc.style("year_as_cardinal")))
    after = {w: lib.words(s)[0] for w, s in eras.get("after", {}).items()}
    before = {w: lib.words(s)[0] for w, s in eras.get("before", {}).items()}
    readings = sorted(set(after.values()) | set(before.values()))
    era_s = union(*(t(r) for r in readings))
    written = union(digits_w + cross(" ", "|") + union(*(cross(w, r) for w, r in after.items())),
                    union(*(cross(w, r) for w, r in before.items())) + cross(" ", "|") + digits_w)
    spoken = union(said + cross("|", " ") + era_s, era_s + cross("|", " ") + said)
    return written.optimize(), spoken.optimize()
