"""Counted nouns for table-driven locales: a number and the noun it counts, agreeing.

    ru: "21|RUB" -> "двадцать один рубль", "5" -> "пять рублей", "2000" -> "две тысячи рублей"
    es: "1" euro -> "un euro", "21" -> "veintiún euros", "2000000" -> "dos millones de euros"
    de: "1" Euro -> "ein Euro";  ru копейка (f): "2" -> "две копейки"

The count ends in the form numbers.yaml ``genders:`` gives for the noun's gender (the
shape of scale_rules count_forms); the noun takes the form numbers.yaml ``plural:``
picks (one / few / many or other).  A round count of a scale noun ("millones") is
followed by ``noun_after_scale`` ("de").  ITN reads the other forms the lists give
(case forms, "eins Euro").  Money, measure, fraction and percent read their
amounts so where ``agrees`` (numbers.yaml gives ``plural:`` rules).
"""
import pynini

from . import _numbers, lib
from .lib import DIGITS, chars, closure, delete, insert, t, union


def agrees(loc):
    """Counts pick their nouns' forms by numbers.yaml ``plural:`` rules (de es fr it ru):
    the quantity classes then say a count and its noun as this module does."""
    return bool(loc.lex("numbers").get("plural"))


def integer():
    return t("0") | chars("123456789") + closure(chars(DIGITS))


def plural_filters(loc):
    """[(form, acceptor over integer tokens)], first matching rule wins, as _numbers."""
    digit, out, taken = chars(DIGITS), [], None
    for rule in loc.lex("numbers").get("plural", [{"form": "other"}]):
        f = integer()
        if "is" in rule:
            f = pynini.intersect(f, lib.number_strings(rule["is"]))
        if "ends" in rule:
            f = pynini.intersect(f, closure(digit) + chars("".join(map(str, rule["ends"]))))
        if "not_ends" in rule:
            f = pynini.difference(f, closure(digit) + union(*(t(f"{v:02d}") for v in rule["not_ends"])))
        if taken is not None:
            f = pynini.difference(f, taken)
        taken = f if taken is None else taken | f
        out.append((rule["form"], f.optimize()))
    return out


def number(loc, nums, gender):
    """Integer token (not 0) -> words, its last element in the gender's count form."""
    count = loc.lex("numbers").get("genders", {}).get(gender or "m", {})
    if not count:
        return nums.number()
    digit, nz = chars(DIGITS), chars("123456789")
    pad = pynini.compose(closure(insert("0")) + nz + closure(digit), closure(digit, nums.width, nums.width))
    return pynini.compose(pad, nums.padded(nums.width, _numbers.identity, count)).optimize()


def counted(loc, nums, nouns, after=None):
    """Integer token + "|CODE" -> "count noun".  ``nouns``: {code: {one, many, few?, gender?}};
    ``after``: {code: FST} read after the noun (a minor amount).  The count's words are
    built once per gender and plural form, the nouns are a small union behind them."""
    vw, after = loc.variant, after or {}
    spec = loc.lex("numbers").get("noun_after_scale")
    round_ = chars("123456789") + closure(chars(DIGITS)) + t("0" * spec["min_power"]) if spec else None
    arms = []
    for gender in dict.fromkeys(n.get("gender") or "m" for n in nouns.values()):
        num = number(loc, nums, gender)
        for form, filt in plural_filters(loc):
            for is_round in (False, True) if round_ is not None else (False,):
                f = filt if round_ is None else \
                    pynini.intersect(filt, round_) if is_round else pynini.difference(filt, round_)
                tails = []
                for code, n in nouns.items():
                    if (n.get("gender") or "m") != gender:
                        continue
                    noun = nums.ins((n["one"] if form == "one" else (n.get("few") or n["many"]) if form == "few"
                                     else n["many"]))
                    sep = insert(" ")
                    if is_round:
                        sep = union(*(insert(j, vw if i else None)
                                      for i, j in enumerate(lib.words(n.get("after_scale") or spec["joiner"]))))
                    if code in after:  # the minor amount's token comes before "|CODE"
                        tails.append(sep + noun + after[code] + delete("|" + code))
                    else:  # TN reads the code before saying the noun (lib.said)
                        tails.append(lib.said(loc, "|" + code, sep + noun))
                arms.append(pynini.compose(f, num) + union(*tails))
    return union(*arms).optimize()
