"""Number ranges.  TN: "10-15" -> "ten to fifteen", "28 - 30" -> "twenty eight to thirty",
                      "46&2" -> "forty six and two" (range.yaml joined)
                 ITN: "ten to fifteen" stays words (could be a time, "ten to five");
                      the weights in itn_rules keep ITN from writing ranges, except years
                      said in pairs: "sixteen thirty three to sixteen eighty seven" -> "1633-1687"
                      ("from 1891 to 1899" keeps its words; range.yaml year_range), and ranges
                      after range.yaml counted_after: "ages six to twelve" -> "ages 6 to 12", and
                      two numbers sharing a scale said once (range.yaml shared_scale, between):
                      "eighty to ninety thousand" -> "80,000 to 90,000",
                      "between two and three thousand" -> "between 2,000 and 3,000"; the scale
                      said after both numbers: "from two thousand to three thousand" ->
                      "from 2,000 to 3,000", "between two thousand and three thousand" ->
                      "between 2,000 and 3,000" (one separator style for both numbers);
                      under a tag only (ClassGrammar.tagged): "two by four" -> "2x4".

Token: the two canonical numbers joined by "-" ("10-15").  Any dash of range.yaml,
with or without spaces around it, is a written form.  Numbers in the year range are
read as years ("1624 - 1713" -> "sixteen twenty four to seventeen thirteen").
"""
import re

import pynini

from . import _quantity, lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "range"
REQUIRES = ("cardinal", "year")


def build(loc, cardinal, year):
    rng = loc.lex("range")
    number_w = cardinal.parts["written_digits"]
    number = cardinal.parts["number"] | cardinal.parts["zero"]
    years = year.parts["written"]
    number_s = union(pynini.compose(pynini.difference(closure(chars(DIGITS), 1), years), number),
                     year.parts["number"],
                     lib.weighted(pynini.compose(years, number), loc.style("year_as_cardinal")))
    dashes = rng["dashes"]
    spaced = loc.style("written_variant")
    dash_w = union(*(cross(d, "-", spaced if i else None) | cross(f" {d} ", "-", spaced) for i, d in enumerate(dashes)))
    written = lib.weighted(number_w + dash_w + number_w, loc.style("range_written"))
    to = union(*(insert(f" {w} ", loc.variant if i else None) for i, w in enumerate(lib.words(rng["to"]))))
    spoken = number_s + delete("-") + to + number_s
    joined, clock, tagged = rng.get("joined", {}), set(rng.get("joined_clock", [])), []
    # ITN writes a joined pair's numbers without group separators ("1920x1080", a size or a code)
    plain = number_w if loc.direction == "tn" else pynini.compose(closure(chars(DIGITS), 1), number_w)
    for sign, said in joined.items():  # TN "46&2" -> "forty six and two"; ITN under a tag only
        if sign in clock and loc.direction == "itn":
            continue  # ITN: "three to one" is the range's own "3-1" (TN says both alike)
        after = plain
        if sign in clock:  # "3:1" a ratio, "25:99" a broken time: left as written
            after = pynini.compose(pynini.difference(closure(chars(DIGITS), 1), chars(DIGITS) ** 2), number_w)
        written, spoken = lib.tn_arm(loc, plain + t(sign) + after,
                                     number_s + cross(sign, f" {lib.words(said)[0]} ") + number_s,
                                     (written, spoken), tagged)
    for i, w in enumerate(rng.get("counted_after", [])):  # "ages 6 to 12": the cue, then both numbers
        to_w = lib.words(rng["to"])[0]
        written |= lib.weighted(cross(f"{w} ", f"C{i}|") + number_w + cross(f" {to_w} ", "-") + number_w,
                                loc.style("range_counted"))
        spoken |= cross(f"C{i}|", f"{w} ") + number_s + delete("-") + to + number_s
    sh = _quantity.shared_scale(loc, number_w)
    # range.yaml between pairs joined by a word that is no "to" of the range's own (which
    # reads "from two to three thousand" itself): "between two and three thousand"
    to_words = set(lib.words(rng["to"]))
    bw = list(zip(*(_quantity.between(loc, f"{m}|", "-") for m in ("SB", "SM")))) if sh else []
    bw = [(once, more) for once, more in bw if once.said[1] not in to_words]
    if sh:  # "eighty to ninety thousand" -> "80,000 to 90,000" (ITN; the token "S|80-90")
        w, s_ = _shared_scale(loc, sh, bw, lib.words(rng["to"])[0], number_w, number_s, years)
        written, spoken = written | w, spoken | s_
    yr = rng.get("year_range")
    if yr:
        w, s_ = _year_spans(loc, yr, lib.words(rng["to"])[0], year, dash_w)
        written, spoken = written | w, spoken | s_
    for sign in rng.get("year_slash", []) if loc.direction == "tn" else ():  # "2024/25": a span of years
        w, s_ = _year_slash(loc, sign, lib.words(rng["to"])[0], year, number)
        written, spoken = written | w, spoken | s_
    dash_class = "".join("\\" + d if d == "-" else d for d in dashes)
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"tn": {"patterns": [f"\\d[{dash_class}]\\d", *(f"\\d{re.escape(s)}\\d" for s in joined),
                                      *(f"\\d{{4}}{re.escape(s)}\\d\\d" for s in rng.get("year_slash", []))],
                         "joiners": dashes},
                  "itn": {"joiners": lib.words(rng["to"]) + (yr["kept_after"] if yr else [])
                          + rng.get("counted_after", []) + [w for once, _ in bw for w in once.words]}},
        tagged=tuple(tagged))


def _year_slash(loc, sign, to, year, number):
    """TN: a year, ``sign`` and the next year, whole or its last two digits (a season, a fiscal
    or school year) -> (written, spoken): "2024/25" -> "twenty twenty four to twenty five",
    "1999/2000" -> "nineteen ninety nine to two thousand", "2001/02" -> "... to o two"
    ("1920/1080", "1500/30" are no span)."""
    years, said = year.parts["written"], year.parts["number"]
    yrs = loc.lex("dates")["years"]
    span = range(yrs["min"], yrs["max"])
    written = pynini.string_map([f"{y}{sign}{y + 1}" for y in span]
                                + [f"{y}{sign}{(y + 1) % 100:02d}" for y in span]).optimize()
    two = pynini.compose(chars("123456789") + chars(DIGITS), number)
    zero_two = pynini.compose(t("0") + chars(DIGITS), lib.digit_said(loc) + insert(" ") + lib.digit_said(loc))
    second = union(two, zero_two, pynini.compose(years, said))
    spoken = pynini.compose(written, pynini.compose(years, said) + cross(sign, f" {to} ") + second)
    return written, spoken.optimize()


def _year_spans(loc, yr, to, year, dash_w):
    """ITN writes two years said in pairs with ``to`` between them as a range ("seventeen
    eighty two to eighteen thirty seven" -> "1782-1837", life dates and spans); after the
    words ``kept_after`` the words stay ("from 1891 to 1899").  Their tokens carry a mark
    (Y, F) so that no other number takes this path ("one thousand to two thousand men")."""
    letters = closure(chars(lib.LOWER + " "))
    not_paired = union(*(t(w) for w in yr["not_paired"]))
    first = pynini.compose(year.parts["core"], pynini.difference(letters, letters + not_paired + letters))
    said = first.optimize() + delete("-") + insert(f" {to} ") + year.parts["number"]
    years, cost = year.parts["written"], loc.style("range_years")
    written = [lib.weighted(insert("Y") + years + dash_w + years, cost)]
    spoken = [delete("Y") + said]
    for w in yr["kept_after"]:
        written.append(lib.weighted(cross(f"{w} ", "F") + years + cross(f" {to} ", "-") + years, cost))
        spoken.append(cross("F", f"{w} ") + said)
    return union(*written), union(*spoken)


def _shared_scale(loc, sh, bw, to, number_w, number_s, years):
    """Two numbers below a thousand with one scale word said after the second ("eighty to
    ninety thousand"): the scale counts both, so ITN writes both in full ("80,000 to
    90,000"; _quantity.shared_scale).  The token carries the mark S so that no other range
    takes this path; SB| the same after "between" (_quantity.between; "between one and two
    thousand" is no ratio, so not_first does not apply there).  The scale said after both
    (mark T, "two thousand to three thousand"; TA with between's "and", "between two thousand
    and three thousand") writes both the same way ("2,000 to 3,000", not a year and a number,
    "2000 to 3,000"); it leaves "between" a word, so that two years win where more follows
    ("between two thousand and two thousand five" -> "between 2000 and 2005").  A second
    number with more after the scale word that is no year is written in full beside it (TM|,
    TMA| with "and": "two thousand to three thousand five hundred" -> "2,000 to 3,500").  After "between", a second
    number said with more after the scale word has its own scale (SM|, "between two and three
    thousand five hundred" -> "between 2 and 3,500", not "2,000 and 3,000 500")."""
    cost, twice = loc.style("range_shared_scale"), loc.style("range_scale_twice")
    written = lib.weighted(insert("S|") + sh.first + cross(f" {to} ", "-") + sh.second, cost)
    written |= lib.weighted(insert("T|") + sh.second + cross(f" {to} ", "-") + sh.second, twice)
    spoken = delete("S|") + number_s + delete("-") + insert(f" {to} ") + number_s + sh.said
    spoken |= delete("T|") + number_s + sh.said + delete("-") + insert(f" {to} ") + number_s + sh.said
    no_year = pynini.compose(sh.more, pynini.difference(closure(chars(DIGITS), 1), years))
    written |= lib.weighted(insert("TM|") + sh.second + cross(f" {to} ", "-") + no_year, twice)
    spoken |= delete("TM|") + number_s + sh.said + delete("-") + insert(f" {to} ") + number_s
    for k, (once, more) in enumerate(bw):  # "between two and three thousand" -> "between 2,000 and 3,000"
        (b, a), ta, tma = once.said, "TA" + "^" * k + "|", "TMA" + "^" * k + "|"
        small = pynini.compose(number_w, chars("123456789") + closure(chars(DIGITS), 0, 2))  # below a thousand
        written |= lib.weighted(once.before + sh.second + once.and_ + sh.second, cost)
        written |= lib.weighted(more.before + small + more.and_ + sh.more, cost)
        written |= lib.weighted(insert(ta) + sh.second + once.and_ + sh.second, twice)
        written |= lib.weighted(insert(tma) + sh.second + once.and_ + no_year, twice)
        spoken |= delete(once.mark) + insert(f"{b} ") + number_s + delete("-") + insert(f" {a} ") + number_s + sh.said
        spoken |= delete(more.mark) + insert(f"{b} ") + number_s + delete("-") + insert(f" {a} ") + number_s
        spoken |= delete(ta) + number_s + sh.said + delete("-") + insert(f" {a} ") + number_s + sh.said
        spoken |= delete(tma) + number_s + sh.said + delete("-") + insert(f" {a} ") + number_s
    return written, spoken
