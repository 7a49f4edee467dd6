"""Telephone numbers.  TN: "(555) 123-4567" -> "five five five, one two three, four five six seven",
                           "+44 20 7946 0958" -> "plus four four, two o, seven nine four six, o nine five eight"
                      ITN: "five five five one two three four five six seven" -> "(555) 123-4567",
                           "double five five ..." and "oh"/"o"/"zero" for 0 are read too.

Token: "+" and the country code if any, the digit groups joined by "-", and "x" plus the
extension ("+1-555-123-4567x12").  Written forms: NANP "(555) 123-4567" (what ITN writes),
"555-123-4567", "555.123.4567", "+1 555 123 4567", local "555-1234", international
"+44 20 7946 0958"; an area code like 800 may be said "eight hundred";
extensions " ext. 12".  Digits are read one by one ("o" for zero, electronic.yaml).
"""
import pynini

from . import lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "telephone"
REQUIRES = ()


def build(loc):
    lex = loc.lex("electronic")
    vw, var = loc.variant, loc.style("telephone_variant")
    d = chars(DIGITS)
    d3, d4 = closure(d, 3, 3), closure(d, 4, 4)
    seps = union(t("-"), cross(".", "-"), cross(" ", "-"))
    nanp = union(delete("(") + d3 + cross(") ", "-") + d3 + t("-") + d4,
                 lib.weighted(d3 + t("-") + d3 + t("-") + d4, var),
                 lib.weighted(d3 + cross(".", "-") + d3 + cross(".", "-") + d4, var),
                 lib.weighted(d3 + cross(" ", "-") + d3 + cross(" ", "-") + d4, var))
    local = lib.weighted(chars("23456789") + d + d + t("-") + d4, loc.style("telephone_local"))  # "555-1234"
    plus1 = union(t("+1") + cross(" ", "-") + d3 + cross(" ", "-") + d3 + cross(" ", "-") + d4,
                  lib.weighted(t("+1") + seps + d3 + seps + d3 + seps + d4, var),
                  lib.weighted(t("1-") + d3 + t("-") + d3 + t("-") + d4, loc.style("telephone_trunk")),
                  lib.weighted(t("1") + seps + d3 + seps + d3 + seps + d4, var))
    intl = t("+") + (chars("23456789") + closure(d, 0, 2)) + closure(cross(" ", "-") + closure(d, 1, 4), 2, 4)
    intl = pynini.compose(intl, closure(chars(DIGITS + "+-"), 10, 18))
    ext = union(*(cross(w, "x", var if i else None) for i, w in enumerate(lex["phone_written_extension"])))
    written = (union(nanp, local, plus1, intl) + (ext + closure(d, 1, 5)).ques).optimize()

    zero = lib.mapping([("0", lex["digit_zero"])], vw)
    one = lib.mapping([(str(k), v) for k, v in loc.lex("numbers")["digits"].items()], vw) | zero
    double = union(*(pynini.compose(t(x + x), delete(x) + insert(w + " ") + one)
                     for x in DIGITS for w in lex["phone_double"]))
    item = one | lib.weighted(double, loc.style("telephone_double"))
    group = item + closure(insert(" ") + item)
    # an area code such as 800 may be said "eight hundred"
    hundred = pynini.compose(chars("23456789") + t("00"), lib.mapping(
        [(str(k), v) for k, v in loc.lex("numbers")["digits"].items()], vw) + delete("00")
        + insert(" ") + lib.inserts(loc.lex("numbers")["hundred"], vw))
    group = group | lib.weighted(hundred, loc.style("telephone_hundred"))
    sep = cross("-", ", ") | cross("-", " ", loc.style("telephone_no_comma"))
    plus = delete("+") + lib.inserts(lex["phone_plus"], vw) + insert(" ")
    extension = (cross("x", ", ") | cross("x", " ", loc.style("telephone_no_comma"))) + lib.inserts(lex["phone_extension"], vw) + insert(" ") + group
    spoken = (plus.ques + group + closure(sep + group) + extension.ques).optimize()
    return lib.ClassGrammar(
        NAME, written, spoken,
        triggers={"tn": {"patterns": [r"^\(\d{3}\)$", r"^\+\d", r"\d{3}[-.]\d{3}[-.]\d{4}", r"^\d{3}-\d{4}\W*$", r"^(?i:ext)\.?$"]},
                  "itn": {"joiners": sorted(set(lex["phone_double"] + lex["phone_plus"] + lex["phone_extension"]))}})
