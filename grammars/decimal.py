"""Decimal numbers.  TN: "3.14" -> "three point one four", ".5" -> "point five", "1.07" -> "one point o seven",
                              "1.5 million" -> "one point five million"
                    ITN: "zero point oh five" -> "0.05", "two point five billion" -> "2.5 billion"

Token: [-][integer].fraction[eN] where eN is a scale word's power of ten
("1.5e6" for "1.5 million"; "5e6" for "5 million").
"""
import pynini

from . import lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "decimal"
REQUIRES = ("cardinal",)


def build(loc, cardinal):
    vw = loc.variant
    p = cardinal.parts
    digit = chars(DIGITS)
    point = loc.lex("decimals")["point"]
    lo = loc.lex("decimals")["quantity_min_power"]
    scales = {e: w for e, w in loc.lex("numbers")["scales"].items() if e >= lo}
    integer = p["number"] | p["zero"]
    # one digit after the point is read as itself ("4.0" -> "four point zero"); in longer
    # runs a zero is read as a letter ("1.07" -> "one point o seven"), zero_words order
    letter0 = union(*(cross("0", w, vw if i else None) for i, w in enumerate(loc.itn("numbers")["zero_words"])))
    in_run = pynini.compose(chars("123456789"), p["digit"]) | letter0 \
        | lib.weighted(pynini.compose(t("0"), p["digit"]), loc.style("decimal_zero_word"))
    frac = p["digit"] | in_run + closure(insert(" ") + in_run, 1)
    scale_s = union(*(delete(f"e{e}") + insert(" ") + lib.inserts(w, vw) for e, w in scales.items()))
    scale_w = union(*(delete(" ") + union(*(cross(w, f"e{e}", vw if i else None) for i, w in enumerate(ws)))
                      for e, ws in scales.items()))
    point_s = cross(".", f"{point[0]} ") | union(*(cross(".", f"{w} ", vw) for w in point[1:]))
    with_point = (integer + insert(" ")).ques + point_s + frac
    # a quantity ("125 million") has at most three digits before its scale word
    small = pynini.compose(closure(digit, 1, 3), p["number"])
    spoken = p["sign_spoken"].ques + (with_point + scale_s.ques | small + scale_s)

    with_point_w = p["written_digits"].ques + t(".") + closure(digit, 1)
    written = p["sign_written"].ques + (with_point_w + scale_w.ques
                                        | pynini.compose(p["written_digits"], closure(digit, 1, 3)) + scale_w)
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"itn": {"anchors": sorted(set(point) | {w for ws in scales.values() for w in ws})},
                  "tn": {"patterns": [r"\d", r"^[.,]\d"]}})
