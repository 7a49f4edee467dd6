"""Decimal numbers.  TN: "3.14" -> "three point one four", ".5" -> "point five", "1.07" -> "one point o seven",
                              de "3,5" -> "drei Komma fünf",
                              "1.5 million" -> "one point five million"
                    ITN: "zero point oh five" -> "0.05", "two point five billion" -> "2.5 billion"

Token: [-][integer].fraction[eN] where eN is a scale word's power of ten
("1.5e6" for "1.5 million"; "5e6" for "5 million").
"""
import pynini

from . import _calendar as cal, _counted, lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "decimal"
REQUIRES = ("cardinal",)


def point_written(loc):
    """The written decimal separator -> "." of the token ("3,5" in de, es, fr, it, ru)."""
    sep = loc.itn("formats").get("decimal_separator", ".")
    return t(".") if sep == "." else cross(sep, ".")


def _counted_scales(loc, written_digits, number):
    """decimals.yaml count_scales: a count below a thousand and a scale word that agrees with it
    ("18 Milliarden" <-> "achtzehn Milliarden", "1 Million" <-> "eine Million"), token "18e9".
    The count's plural form (numbers.yaml plural) picks the written word ITN writes; the
    ``read`` spellings ("Mrd.") are read at the cost of a written variant.  A scale without
    ``written`` is TN's only ("5 тыс."; ITN writes "5000"); ``counts``: the plural forms of
    the counts it is read after.  The spoken side is
    the cardinal's own reading of the whole number, so its agreement and cases hold."""
    rules, wv = loc.lex("numbers").get("plural"), loc.style("written_variant")
    count = chars("123456789") + closure(chars(DIGITS), 0, 2)
    by_form = {}
    for n in range(1, 1000):
        by_form.setdefault(cal.plural_form(n, rules), []).append(n)
    written, spoken = [], []
    for e, spec in loc.lex("decimals")["count_scales"].items():
        own = spec.get("written") or {}
        if not own and loc.direction != "tn":
            continue  # read only: ITN writes such a number in full ("5 тыс." -> "5000")
        every = [w for ws in own.values() for w in lib.words(ws)] + lib.words(spec.get("read", []))
        for form, ns in by_form.items():
            if spec.get("counts") and form not in spec["counts"]:
                continue  # ru "21 тыс.": "двадцать одна тысяча" or "двадцать одну тысячу"
            first = lib.words(own.get(form) or own.get("other") or every[:1])
            rest = [w for w in dict.fromkeys(first[1:] + every) if w != first[0]]
            word = union(cross(" " + first[0], f"e{e}"), *(cross(" " + w, f"e{e}", wv) for w in rest))
            written.append(pynini.compose(written_digits, lib.number_strings(ns)) + word)
        spoken.append(pynini.compose(count + cross(f"e{e}", "0" * e), number))
    return union(*written).optimize(), union(*spoken).optimize()


def build(loc, cardinal):
    vw = loc.variant
    p = cardinal.parts
    digit = chars(DIGITS)
    dec = loc.lex("decimals")
    point = dec["point"]
    lo = dec["quantity_min_power"]
    scales = {e: w for e, w in (dec.get("quantity_scales") or loc.lex("numbers")["scales"]).items() if e >= lo}
    cs = dec.get("count_scales") or {}
    if loc.direction == "tn":  # ru "1,5 тыс." -> "... тысячи": TN reads it after a decimal (count_scales after_decimal)
        scales.update({e: lib.words(spec["after_decimal"]) for e, spec in cs.items()
                       if spec.get("after_decimal") and e not in scales})
    # the integer as a number alone may leave "hundred" out ("one oh one point four" -> 101.4,
    # at cardinal style hundreds_implied)
    integer = p.get("number_alone", p["number"]) | p["zero"]
    # one digit after the point is read as itself ("4.0" -> "four point zero"); in longer
    # runs a zero is read as a letter ("1.07" -> "one point o seven"), zero_words order
    if p["zero_letter"] is not None:
        in_run = pynini.compose(chars("123456789"), p["digit"]) | p["zero_letter"] \
            | lib.weighted(pynini.compose(t("0"), p["digit"]), loc.style("decimal_zero_word"))
    else:
        in_run = p["digit"]
    frac = p["digit"] | in_run + closure(insert(" ") + in_run, 1)
    n = dec.get("fraction_numbers", 0)  # "doce coma veinticinco": 2..n digits read as one number
    if n > 1:
        whole = pynini.compose(chars("123456789") + closure(digit, 1, n - 1), p["number"])
        frac |= lib.weighted(whole, vw)
    scale_s = union(*(delete(f"e{e}") + insert(" ") + lib.inserts(w, vw) for e, w in scales.items()))
    # "2,5 Mrd." (count_scales read; TN also the written forms, ru "2,5 млн"), as the words
    read = {e: list(dict.fromkeys(lib.words(ws) + lib.words(cs.get(e, {}).get("read", []))
                                  + _written_scales(loc, cs.get(e)))) for e, ws in scales.items()}
    scale_w = union(*(delete(" ") + union(*(cross(w, f"e{e}", vw if i else None) for i, w in enumerate(ws)))
                      for e, ws in read.items()))
    # TN says the point word, or the fraction nouns where weights make them cheaper (ru
    # decimal_fraction_nouns, decimal_point_word: "две целых пять десятых", Розенталь)
    styles = loc.weights["styles"]
    point_s = lib.weighted(cross(".", f"{point[0]} "), styles.get("decimal_point_word") or None)
    if len(point) > 1:
        point_s |= union(*(cross(".", f"{w} ", vw) for w in point[1:]))
    # "point five" -> ".5": no integer before the point (optional style decimal_no_integer; in
    # ITN it costs, so "four point two point three" is no "4.2" then ".3")
    no_int = loc.weights["styles"].get("decimal_no_integer")
    with_point = (integer + insert(" ") | lib.weighted(insert(""), no_int or None)) + point_s + frac
    # "eineinhalb", "полтора": ITN reads them; TN says them as variants, at the style
    # decimal_word where a locale sets it (a form speakers prefer to other variants)
    word_cost = loc.weights["styles"].get("decimal_word", vw)
    for tok, ws in (dec.get("words") or {}).items():
        with_point |= union(*(lib.cross(tok, w, word_cost) for w in lib.words(ws)))
    fn = dec.get("fraction_nouns")
    if fn:  # ru "три целых пять десятых" (ITN; TN at decimal_fraction_nouns)
        strip = closure(delete("0")) + chars("123456789") + closure(digit)
        places = union(*(pynini.compose(closure(digit, k, k), pynini.compose(strip, p["number"]))
                         + insert(" ") + lib.inserts(ws, vw) for k, ws in fn["places"].items()))
        read = integer + insert(" ") + lib.inserts(fn["whole"], vw) + cross(".", " ") + places
        if fn.get("said") and loc.direction == "tn":
            read = _fraction_nouns_said(loc, fn["said"], p) | lib.weighted(read, vw)
        with_point |= lib.weighted(read, styles.get("decimal_fraction_nouns", vw))
    # a quantity ("125 million") has at most three digits before its scale word
    small = pynini.compose(closure(digit, 1, 3), p["number"])
    integers = dec.get("integer_quantities", True)  # "5 million"; off where the scale word must agree
    with_point_w = p["written_digits"].ques + point_written(loc) + closure(digit, 1)
    scaled_s, scaled_w = with_point + scale_s, with_point_w + scale_w
    below, one = loc.lex("numbers").get("decimal_one_below", 0), dec.get("quantity_scales_one")
    if below and one:  # fr "1,5 million": the singular scale word below numbers.yaml decimal_one_below
        tok = union(lib.number_strings(range(below)), t("")) + t(".") + closure(digit, 1)
        other = pynini.difference(closure(digit) + t(".") + closure(digit, 1), tok)
        one = {e: list(dict.fromkeys(lib.words(w) + lib.words(scales.get(e, [])))) for e, w in one.items()}  # the plural read too
        one_s = union(*(delete(f"e{e}") + insert(" ") + lib.inserts(w, vw) for e, w in one.items()))
        one_w = union(*(delete(" ") + union(*(cross(w, f"e{e}", vw if i else None) for i, w in enumerate(ws)))
                        for e, ws in one.items()))
        scaled_s = pynini.compose(tok, with_point) + one_s | pynini.compose(other, with_point) + scale_s
        scaled_w = pynini.compose(with_point_w, tok) + one_w | pynini.compose(with_point_w, other) + scale_w
    spoken = p["sign_spoken"].ques + (with_point | scaled_s | small + scale_s if integers else with_point | scaled_s)

    glued = dec.get("glued_scales") if loc.direction == "tn" else None
    if glued:  # "8.8M" -> "eight point eight million" (TN)
        scaled_w |= with_point_w + union(*(cross(a, f"e{e}") for a, e in glued.items() if e in scales))
    int_w = pynini.compose(p["written_digits"], closure(digit, 1, 3)) + scale_w if integers else None
    if dec.get("count_scales"):
        count_w, count_s = _counted_scales(loc, p["written_digits"], p["number"])
        int_w = union(int_w, count_w) if int_w is not None else count_w
        spoken = union(spoken, p["sign_spoken"].ques + count_s)
    written = p["sign_written"].ques + union(with_point_w, scaled_w, int_w)
    joiners = _scale_words(dec)
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"itn": {"anchors": sorted(set(point) | {w for ws in scales.values() for w in ws}
                                            | set(lib.words(fn["whole"]) if fn else ())
                                            | {w for ws in (dec.get("words") or {}).values() for w in lib.words(ws)})},
                  "tn": {"patterns": [r"\d", r"^[.,]\d"], **({"joiners": sorted(joiners)} if joiners else {})}})


def _counted_as(loc, nums, gender, zero, nouns):
    """Integer digits -> the count in ``gender`` and the noun of ``nouns`` ({one, other}) in the
    plural form the count takes ("2" -> "две целых", "1" -> "одна целая")."""
    count = pynini.union(zero, _counted.number(loc, nums, gender))
    return union(*(pynini.compose(f, count) + insert(" " + nouns.get(form, nouns["other"]))
                   for form, f in _counted.plural_filters(loc)))


def _fraction_nouns_said(loc, said, p):
    """TN's fraction-noun reading (decimals.yaml fraction_nouns said): "2.5" -> "две целых пять
    десятых", "1.21" -> "одна целая двадцать одна сотая"; a place's digits with their leading
    zeros dropped ("0.05": "пять сотых")."""
    nums, digit, gender = p["table"], chars(DIGITS), said.get("gender")
    strip = closure(delete("0")) + chars("123456789") + closure(digit)
    whole = _counted_as(loc, nums, gender, p["zero"], said["whole"])
    places = union(*(pynini.compose(closure(digit, k, k), pynini.compose(strip, _counted_as(loc, nums, gender, p["zero"], nouns)))
                     for k, nouns in said["places"].items()))
    return whole + cross(".", " ") + places


def _written_scales(loc, spec):
    """TN: the forms of a count_scales entry ITN writes ("млн"), read after a decimal too."""
    if loc.direction != "tn" or not spec:
        return []
    return [w for ws in (spec.get("written") or {}).values() for w in lib.words(ws)]


def _scale_words(dec):
    """The written scale words that may follow a number ("18 Mrd.", "2,5 Milliarden"): TN's joiners."""
    out = {w for ws in (dec.get("quantity_scales") or {}).values() for w in lib.words(ws)}
    for spec in (dec.get("count_scales") or {}).values():
        out.update(w for ws in (spec.get("written") or {}).values() for w in lib.words(ws))
        out.update(lib.words(spec.get("read", [])))
    return {w.strip(".").lower() for w in out} - {""}
