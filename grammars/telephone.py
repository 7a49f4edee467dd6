"""Telephone numbers.  TN: "(555) 123-4567" -> "five five five, one two three, four five six seven",
                           "+44 20 7946 0958" -> "plus four four, two o, seven nine four six, o nine five eight",
                           "+44 (0)20 7946 0958" alike (TN: the trunk zero is not said),
                           fr "01 23 45 67 89" -> "zéro un, vingt-trois, quarante-cinq, soixante-sept, quatre-vingt-neuf"
                      ITN: "five five five one two three four five six seven" -> "(555) 123-4567",
                           "double five five ...", "triple four ..." and "oh"/"o"/"zero" for 0 are read too, and
                           grouped digits: "eight hundred, five fifty five, forty five oh one";
                           ru "восемь четыреста девяносто пять сто двадцать три сорок пять шестьдесят семь"
                           -> "8 (495) 123-45-67".

Token: "+" and the country code if any, the digit groups joined by "-", and "x" plus the
extension ("+1-555-123-4567x12").  The written shapes come from electronic.yaml
`phone_formats` (templates such as "0nd{0,3} nd{2,7}", see _template); English keeps its
NANP shapes (_nanp): "(555) 123-4567" (what ITN writes), "555-123-4567", "+1 555 123 4567",
local "555-1234", international "+44 20 7946 0958" (grouped as electronic.yaml
phone_international says for its countries), extensions " ext. 12".
A group is read digit by digit (numbers.yaml digits, electronic.yaml digit_zero and
phone_digits), or as a number where `phone_number_groups` allows it ("45" -> "quarante-cinq",
leading zeros said: "05" -> "zéro cinq"); English also reads "eight hundred", "five fifty five".
"""
import re

import pynini

from . import lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "telephone"
REQUIRES = ("cardinal",)
_SEPS = " -./"   # written group separators; each is "-" in the token
_ATOM = re.compile(r"<(?P<group>[^>]*)>|\[(?P<set>[^\]]*)\]|(?P<char>.)")
_QUANT = re.compile(r"\{(\d+)(?:,(\d+))?\}")


def _template(fmt, var, first_cost):
    """A written format -> FST written -> token.  d: a digit, n: 1-9, [6-9]: a set, <...>: a
    group, {m}/{m,n}: repeats; "(" ")" are dropped from the token, separators " -./" become
    "-" (another separator costs `var`), anything else is literal.  Each digit beyond the
    minimum of the first variable repeat costs `first_cost` (ITN, groups not marked by a
    pause: the shortest area code)."""
    out, pos, costed = [], 0, False
    while pos < len(fmt):
        m = _ATOM.match(fmt, pos)
        pos = m.end()
        if m["group"] is not None:
            atom = _template(m["group"], var, 0)
        elif m["set"] is not None:
            atom = chars(re.sub(r"(\d)-(\d)", lambda r: "".join(map(str, range(int(r[1]), int(r[2]) + 1))), m["set"]))
        else:
            c = m["char"]
            if c not in DIGITS + "dn+()" + _SEPS:
                raise ValueError(f"electronic.yaml phone_formats: {c!r} in {fmt!r} (d, n, [..], <..>, {{m,n}}, digits, + ( ) and separators)")
            atom = (chars(DIGITS) if c == "d" else chars("123456789") if c == "n" else delete(c) if c in "()"
                    else union(cross(c, "-"), *(cross(o, "-", var) for o in _SEPS if o != c)) if c in _SEPS else t(c))
        q = _QUANT.match(fmt, pos)
        if q:
            pos = q.end()
            lo, hi = int(q[1]), int(q[2] or q[1])
            extra = lib.weighted(atom, None if costed or lo == hi else first_cost)
            costed = costed or lo != hi
            reps = [atom] * lo + [extra.ques] * (hi - lo)  # (pynini.closure(f, 0, 0) would be f*)
            atom = lib.concat(*reps)
        out.append(atom)
    return lib.concat(*out)


def _nanp(loc, lex):
    """English: NANP shapes and international numbers."""
    var = loc.style("telephone_variant")
    d = chars(DIGITS)
    d3, d4 = closure(d, 3, 3), closure(d, 4, 4)
    seps = union(t("-"), cross(".", "-"), cross(" ", "-"))
    nanp = union(delete("(") + d3 + cross(") ", "-") + d3 + t("-") + d4,
                 lib.weighted(d3 + t("-") + d3 + t("-") + d4, var),
                 lib.weighted(d3 + cross(".", "-") + d3 + cross(".", "-") + d4, var),
                 lib.weighted(d3 + cross(" ", "-") + d3 + cross(" ", "-") + d4, var))
    # "555-1234"; "250-1000", round on both sides, is rather a range (telephone_local_round)
    local = chars("23456789") + d + d + t("-") + d4
    round_ = chars("23456789") + d + t("0-") + d + d + d + t("0")
    local = union(lib.weighted(pynini.difference(local, round_), loc.style("telephone_local")),
                  lib.weighted(round_, loc.style("telephone_local_round")))
    plus1 = union(t("+1") + cross(" ", "-") + d3 + cross(" ", "-") + d3 + cross(" ", "-") + d4,
                  lib.weighted(t("+1") + seps + d3 + seps + d3 + seps + d4, var),
                  lib.weighted(t("1-") + d3 + t("-") + d3 + t("-") + d4, loc.style("telephone_trunk")),
                  lib.weighted(t("1") + seps + d3 + seps + d3 + seps + d4, var))
    intl = t("+") + (chars("23456789") + closure(d, 0, 2)) + closure(cross(" ", "-") + closure(d, 1, 4), 2, 4)
    if loc.direction == "tn":
        # "+1 (415) 555-0100"; "+44 (0)20 7123 4567": the trunk zero in brackets is not
        # dialled from abroad, so it is not said
        plus1 |= lib.weighted(t("+1") + cross(" (", "-") + d3 + cross(") ", "-") + d3 + seps + d4, var)
        intl |= lib.weighted(t("+") + (chars("23456789") + closure(d, 0, 2)) + cross(" (0)", "-")
                             + closure(d, 1, 4) + closure(cross(" ", "-") + closure(d, 1, 4), 1, 3), var)
    intl = pynini.compose(intl, closure(chars(DIGITS + "+-"), 10, 18))
    known = lex.get("phone_international", [])
    if known:  # a country whose groups are known is grouped so ("+44 20 7946 0958"), not at random
        codes = sorted({f.split(" ")[0] for f in known})
        gap = chars(" -./").ques  # a listed code however its digits are spaced ("+4 4...")
        shape = closure(chars(DIGITS + "+- ./()"))  # "()": TN's trunk zero, "+44 (0)20 ..."
        listed = union(*(t("+") + lib.concat(*(t(x) + gap for x in c[1:])) for c in codes)) + shape
        # a country not listed costs a little: "plus forty four twenty ..." is +44 20 ..., not +40 42...
        intl = union(lib.weighted(pynini.compose(pynini.difference(shape, listed.optimize()), intl),
                                  loc.style("telephone_unlisted_country")),
                     lib.weighted(pynini.compose(listed, intl), var),
                     *(_template(f, var, 0) for f in known))
    return union(nanp, local, plus1, intl)


def _english_groups(loc, cardinal, one, zero):
    """Area code 800 said "eight hundred"; grouped digits: "555" -> "five fifty five",
    "4501" -> "forty five oh one", "4500" -> "forty five hundred", "0100" -> "oh one hundred"."""
    vw, d, num = loc.variant, chars(DIGITS), loc.lex("numbers")
    hundred = pynini.compose(chars("23456789") + t("00"), lib.mapping(
        [(str(k), v) for k, v in num["digits"].items()], vw) + delete("00")
        + insert(" ") + lib.inserts(num["hundred"], vw))
    pair = pynini.compose(chars("123456789") + d, cardinal.parts["number"]) | zero + insert(" ") + one
    hundred2 = lib.mapping([("00", num["hundred"])], vw)
    # a group of two said as a number: "plus four four, twenty, seven one two three ..."
    two = pynini.compose(chars("123456789") + d, cardinal.parts["number"])
    three = pynini.compose(chars("123456789") + d + d, one + insert(" ") + (pair | hundred2))
    # a group of four with a leading zero: the zero, then the rest as three ("0100" -> "oh one
    # hundred", "0123" -> "oh one twenty three")
    grouped = union(three, pynini.compose(t("0") + chars("123456789") + d + d, zero + insert(" ") + three),
                    pynini.compose(chars("123456789") + d + d + d, pair + insert(" ") + (pair | hundred2)))
    return lib.weighted(hundred, loc.style("telephone_hundred")) | lib.weighted(grouped | two, loc.style("telephone_grouped"))


def build(loc, cardinal):
    lex = loc.lex("electronic")
    vw, var = loc.variant, loc.style("telephone_variant")
    d = chars(DIGITS)
    if lex.get("phone_formats"):
        shapes = [_template(f, var, loc.style("telephone_longer_group")) for f in lex["phone_formats"]]
        fmt = loc.style("telephone_format")  # the n-th shape costs n times this: ITN writes the first that fits
        shape = union(*(lib.weighted(s, fmt * i) for i, s in enumerate(shapes)))
    else:
        shape = _nanp(loc, lex)
    ext = None
    if lex.get("phone_written_extension"):
        ext = union(*(cross(w, "x", var if i else None) for i, w in enumerate(lex["phone_written_extension"])))
    written = (shape + (ext + closure(d, 1, 5)).ques if ext else shape).optimize()

    zero = lib.mapping([("0", lex["digit_zero"])], vw)
    digits = {**loc.lex("numbers")["digits"], **lex.get("phone_digits", {})}
    one = lib.digit_said(loc, digits)
    item = one
    repeated = lib.repeated_digits(loc, one)
    if repeated is not None:
        item = one | lib.weighted(repeated, loc.style("telephone_double"))
    group = lib.weighted(item + closure(insert(" ") + item), loc.style("telephone_digits"))
    if "hundred" in loc.lex("numbers"):
        group = group | _english_groups(loc, cardinal, one, zero)
    ng = lex.get("phone_number_groups")
    if ng:  # a group said as a number, its leading zeros as digits: "05" -> "zéro cinq"
        num = pynini.compose(chars("123456789") + closure(d), cardinal.parts["number"])
        as_number = pynini.compose(closure(d, ng["min_digits"], ng["max_digits"]), closure(zero + insert(" ")) + num)
        group = group | lib.weighted(as_number, loc.style("telephone_number"))
    seps = lex["phone_group_separator"]
    sep = union(*(cross("-", s, loc.style("telephone_no_comma") if i else None) for i, s in enumerate(seps)))
    plus = delete("+") + lib.inserts(lex["phone_plus"], vw) + insert(" ")
    spoken = plus.ques + group + closure(sep + group)
    if ext:
        extension = union(*(cross("x", s, loc.style("telephone_no_comma") if i else None) for i, s in enumerate(seps)))
        spoken += (extension + lib.inserts(lex["phone_extension"], vw) + insert(" ") + group).ques
    patterns = [r"^\(\d{3}\)$", r"^\+\d", r"\d{3}[-.]\d{3}[-.]\d{4}", r"^\d{3}-\d{4}\W*$", r"^(?i:ext)\.?$"]
    if lex.get("phone_formats"):
        patterns = [r"^\(\d+\)$", r"^\+\d", r"\d[-./]\d"]
    joiners = lex.get("phone_double", []) + lex.get("phone_triple", []) + lex["phone_plus"] + lex.get("phone_extension", [])
    return lib.ClassGrammar(
        NAME, written, spoken.optimize(),
        triggers={"tn": {"patterns": patterns},
                  "itn": {"joiners": sorted({w.lower() for w in joiners}),
                          "anchors": sorted({w.lower() for v in lex.get("phone_digits", {}).values() for w in lib.words(v)})}})
