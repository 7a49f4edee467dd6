"""Shared pieces of the quantity classes (money, measure, percent): amounts and ranges.

Amount token: [-]digits or [-][digits].digits, as the cardinal and decimal tokens;
a range of two unsigned amounts is "a~b" ("10~15").
"""
import pynini

from . import lib
from .lib import DIGITS, chars, closure, cross, delete, t, union


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


def ranged(loc, written, spoken, space_ok=True):
    """Range of two unsigned amounts: "10–15" -> "10~15" -> "ten to fifteen" (TN reads it;
    ITN writes it only when a spoken range reaches the class)."""
    rng = loc.lex("quantities")["range"]
    wv = loc.style("written_variant")  # ITN writes the first dash, unspaced
    sp = lib.weighted(t(" "), wv).ques if space_ok else None
    dash = union(*(cross(d, "~", wv if i else None) for i, d in enumerate(rng["dashes"])))
    dash = delete(sp) + dash + delete(sp) if sp is not None else dash
    word = union(*(cross("~", f" {w} ", loc.variant if i else None) for i, w in enumerate(rng["spoken"])))
    spoken = spoken + word + spoken
    if rng.get("from"):  # ru "от пяти до десяти процентов" -> "5–10 %" (read, not said)
        spoken = lib.weighted(lib.inserts([f"{w} " for w in rng["from"]], 0.0), loc.variant).ques + spoken
    return (written + dash + written).optimize(), spoken
