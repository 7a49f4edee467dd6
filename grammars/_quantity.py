"""Shared pieces of the quantity classes (money, measure, percent): amounts and ranges;
a scale said once for a range and a range said with "between" (range.yaml), which the
range class reads too.

Amount token: [-]digits or [-][digits].digits, as the cardinal and decimal tokens;
a range of two unsigned amounts is "a~b" ("10~15").
"""
from typing import NamedTuple

import pynini

from . import lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union


def tokens():
    digit = chars(DIGITS)
    integer = t("0") | chars("123456789") + closure(digit)
    dec = closure(digit) + t(".") + closure(digit, 1)
    return integer, dec


def amount(loc, cardinal, decimal, signed=True):
    """-> (written, spoken): written amount -> token -> spoken amount."""
    p = cardinal.parts
    integer, dec = tokens()
    sign_tok = t("-").ques if signed else None
    int_tok = sign_tok + integer if signed else integer
    dec_tok = sign_tok + dec if signed else dec
    spoken = (pynini.compose(int_tok, cardinal.spoken) | pynini.compose(dec_tok, decimal.spoken)).optimize()
    sep = loc.itn("formats").get("decimal_separator", ".")
    point = t(".") if sep == "." else cross(sep, ".")  # as decimal.point_written
    dec_w = p["written_digits"].ques + point + closure(chars(DIGITS), 1)
    written = p["written_digits"] | dec_w
    if signed:
        written = p["sign_written"].ques + written
    return written.optimize(), spoken


def bounds(loc, number_w, number_s):
    """ITN: the first bound of a range said with numbers.yaml ``between`` ("zwischen zwei
    und"), as (written, spoken) FSTs over the token "zwischen 2 und "; a class puts its own
    second amount after it ("zwischen 5 und 50 €", "zwischen 3 und 30%"), so the apart
    reading of one number ("fünf und fünfzig" = 55) never swallows both bounds, and a bound
    below ten is written in digits as the amount it goes with ("entre 5 y 50 €").  None where
    the locale has no such pairs (TN reads such ranges as two amounts anyway).
    ``number_w``: written digits -> integer token; ``number_s``: integer token -> its words."""
    pairs = loc.lex("numbers").get("between") if loc.direction == "itn" else None
    if not pairs:
        return None
    arms = [(t(f"{b} "), t(f" {a} ")) for pair in pairs for b in lib.words(pair["before"])
            for a in lib.words(pair["and"])]
    return union(*(b + number_w + a for b, a in arms)), union(*(b + number_s + a for b, a in arms))


def bound_words(loc):
    """The words of numbers.yaml ``between`` (ITN joiners of the classes that read bounds)."""
    return {w.lower() for pair in loc.lex("numbers").get("between") or [] for k in ("before", "and")
            for w in lib.words(pair[k])}


def dash(dashes, mark="~", variant=None, spaced=False):
    """A range's written dashes (range.yaml or quantities.yaml ``dashes``) read as ``mark``:
    ``variant`` is the cost of each dash but the first (the one ITN writes); ``spaced``: a
    dash with a space on each side is read too (True, or its cost)."""
    arms = []
    for i, d in enumerate(dashes):
        arms.append(cross(d, mark, variant if i else None))
        if spaced is not False:
            arms.append(cross(f" {d} ", mark, None if spaced is True else spaced))
    return union(*arms)


def per_written(loc, per):
    """units.yaml ``per`` as written: its mark ("/"), or (TN, at the cost of a written
    variant) one of its ``written_words`` between spaces ("$5 per kg", "10 mg per kg")."""
    words = lib.words(per.get("written_words", [])) if loc.direction == "tn" else []
    return union(t(per["written"]), *(cross(f" {w} ", per["written"], loc.style("written_variant")) for w in words))


def said(words, mark="~", variant=None):
    """``mark`` said as one of ``words`` between spaces, the first preferred (``variant``:
    the cost of the others): "~" -> " to "."""
    return union(*(cross(mark, f" {w} ", variant if i else None) for i, w in enumerate(words)))


def ranged(loc, written, spoken, space_ok=True):
    """Range of two unsigned amounts: "10–15" -> "10~15" -> "ten to fifteen" (TN reads it;
    ITN writes it only when a spoken range reaches the class)."""
    rng = loc.lex("quantities")["range"]
    wv = loc.style("written_variant")  # ITN writes the first dash, unspaced
    sp = lib.weighted(t(" "), wv).ques if space_ok else None
    read = dash(rng["dashes"], variant=wv)
    read = delete(sp) + read + delete(sp) if sp is not None else read
    spoken = spoken + said(rng["spoken"], variant=loc.variant) + spoken
    if rng.get("from"):  # ru "от пяти до десяти процентов" -> "5–10 %" (read; TN says it at from_said)
        said_from = lib.inserts([f"{w} " for w in rng["from"]], 0.0)
        if loc.direction == "tn" and rng.get("from_said"):
            spoken = said_from + spoken
        else:
            spoken = lib.weighted(said_from, loc.variant).ques + spoken
    return (written + read + written).optimize(), spoken


def small_fraction(fraction, whole):
    """-> (written -> token, token -> spoken) of a fraction amount with a one-digit numerator
    and a denominator below 20 ("1/2", "4 1/2", "5/16": keeps the grammars small), read
    before a unit or a sign ("1/2 inch", "6 1/2%"); ``whole``: what may come before it (a
    sign, a whole number and a space)."""
    tok = whole + chars("123456789") + t("/") + (chars("23456789") | t("1") + chars(DIGITS))
    return pynini.compose(fraction.parts.get("amount", fraction.written), tok), pynini.compose(tok, fraction.spoken)


class SharedScale(NamedTuple):
    """range.yaml shared_scale, as the range and money classes read it."""
    power: int        # the scale's power of ten (numbers.yaml scales)
    first: object     # written "80,000" -> "80", not a number of not_first ("one to ten thousand": a ratio)
    second: object    # written "90,000" -> "90": a number below a thousand, then the scale's zeros
    said: object      # token "" -> " thousand": the scale word said once, after the second number
    more: object      # written "3,500" -> "3500": a number said with the scale word and more after it


def shared_scale(loc, number_w):
    """A scale word said once after the second number of a range counts both ("eighty to
    ninety thousand" -> "80,000 to 90,000", "$80,000–90,000"): the written numbers below a
    thousand with the scale's zeros (range.yaml shared_scale), or None where the locale has none.
    ``number_w``: the cardinal's written digits -> digits token."""
    sh = loc.lex("range").get("shared_scale")
    if not sh:
        return None
    e = sh["power"]
    below = chars("123456789") + closure(chars(DIGITS), 0, 2)
    small = pynini.difference(below, union(*(t(n) for n in sh["not_first"]))) if sh["not_first"] else below
    zeros = delete((loc.itn("formats").get("thousands_separator", ",") + "000") * (e // 3))
    said = insert(" ") + lib.inserts(lib.words(loc.lex("numbers")["scales"][e]), loc.variant)
    more = pynini.compose(number_w, below + pynini.difference(chars(DIGITS) ** e, t("0" * e)))
    return SharedScale(e, pynini.compose(number_w, small) + zeros, pynini.compose(number_w, below) + zeros, said,
                       more.optimize())


class Between(NamedTuple):
    """range.yaml between, as the range and money classes read it."""
    before: object    # "between " -> the class's mark (a variant costs loc.variant)
    and_: object      # " and " between the two numbers -> the class's mark
    said: tuple       # the first word of each, as said: ("between", "and")
    words: list       # every word of both (the class's ITN joiners)
    mark: str         # the token's mark for the first word


def between(loc, before_mark, and_mark):
    """Ranges said with the pairs of range.yaml between ("between two and three thousand",
    "between fifty and seventy dollars", "from twenty to forty dollars"), each read as the
    class's marks: a list of Between, one a pair (empty where the locale has none).  The
    pair at index i > 0 marks its first word with ``before_mark`` and i carets, so that
    the spoken side says the pair's own words."""
    out = []
    for k, bw in enumerate(loc.lex("range").get("between") or []):
        before, and_ = lib.words(bw["before"]), lib.words(bw["and"])
        mark = before_mark + "^" * k
        out.append(Between(union(*(cross(f"{w} ", mark, loc.variant if i else None) for i, w in enumerate(before))),
                           union(*(cross(f" {w} ", and_mark, loc.variant if i else None) for i, w in enumerate(and_))),
                           (before[0], and_[0]), before + and_, mark))
    return out
