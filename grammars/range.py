"""Number ranges.  TN: "10-15" -> "ten to fifteen", "28 - 30" -> "twenty eight to thirty"
                 ITN: "ten to fifteen" stays words (could be a time, "ten to five");
                      the weights in itn_rules keep ITN from writing ranges.

Token: the two canonical numbers joined by "-" ("10-15").  Any dash of range.yaml,
with or without spaces around it, is a written form.  Numbers in the year range are
read as years ("1624 - 1713" -> "sixteen twenty four to seventeen thirteen").
"""
import pynini

from . import lib
from .lib import DIGITS, chars, closure, cross, delete, insert, union

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
    dash_class = "".join("\\" + d if d == "-" else d for d in dashes)
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"tn": {"patterns": [f"\\d[{dash_class}]\\d"], "joiners": dashes},
                  "itn": {"joiners": lib.words(rng["to"])}})
