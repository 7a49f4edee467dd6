"""Cardinal numbers.  TN: "1,234" -> "one thousand two hundred thirty four", "-5" -> "minus five"
                     ITN: "twenty one hundred" -> "2100", "a hundred and five" -> "105"

Token: an optional "-" and the digits, without separators or leading zeros ("-1234").
Parts for other classes: ``number`` (digits -> words), ``written_digits`` (written
digits with separators -> canonical digits), ``digit`` (one digit read alone, with
"oh"), ``words`` (every number word, for ordinal endings and triggers), ``zero_letter``
(0 -> "o"/"oh" inside digit runs, itn_rules zero_words, None when a locale has none).
"""
import pynini

from . import _numbers, _quantity, lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "cardinal"
REQUIRES = ()
MAX_DIGITS = 18


def _spoken(loc, nums):
    """Digits (no sign) -> spoken words (grammars/_numbers.py), with every variant weighted
    -> (number, zero, one digit read alone, a number alone)."""
    num = loc.lex("numbers")
    number = nums.number()
    zero = lib.union(*(lib.cross("0", w, c or None) for w, c in nums.alts(num["zero"])))
    oh = [w for w in loc.itn("numbers").get("zero_words", []) if w not in lib.words(num["zero"])]
    letters = [cross("0", w, loc.style("zero_as_letter")) for w in oh]  # "oh" for 0 read alone
    digit_alone = (zero | lib.union(*letters, *(lib.cross(str(d), w, c or None) for d, ws in num["digits"].items()
                                                for w, c in nums.alts(ws)))).optimize()
    if not num.get("hundreds_implied"):
        return number, zero, digit_alone, number
    # "four fifty" -> 450: a hundreds digit and a two-digit number, "hundred" left out (the
    # class reading only, not parts["number"]: "four fifty dollars" is not $450)
    digit, nz = chars(DIGITS), chars("123456789")
    unit, two = pynini.compose(nz, number), pynini.compose(nz + digit, number)
    implied = pynini.compose(nz + nz + digit, unit + insert(" ") + two)
    # "four oh five" -> 405: the tens said as "oh" between two digits (not "zero": "eight zero
    # eight zero" is a digit string)
    if oh:
        implied |= unit + insert(" ") + lib.mapping([("0", oh)], loc.variant) + insert(" ") + unit
    return number, zero, digit_alone, number | lib.weighted(implied, loc.style("hundreds_implied"))


def _written(loc):
    """Written digits (with optional thousands separators) -> canonical digits.

    The ITN format is expressed as weights on the written side: numbers of at least
    ``separator_min_digits`` digits prefer separators, shorter ones prefer none.
    """
    fmt = loc.itn("formats")
    pen = loc.style("written_variant")
    digit, nz = chars(DIGITS), chars("123456789")
    seps = dict.fromkeys([fmt["thousands_separator"]] + fmt.get("read_separators", [","]))
    seps.pop("", None)
    # the format's separator is free, the others are read (ITN never writes them)
    sep = union(*(lib.weighted(delete(s), pen if s != fmt["thousands_separator"] else None) for s in seps))
    plain = t("0") | nz + closure(digit, 0, MAX_DIGITS - 1)
    grouped = nz + closure(digit, 0, 2) + closure(sep + digit + digit + digit, 1, MAX_DIGITS // 3 - 1)
    long_ = closure(digit, fmt["separator_min_digits"]) if fmt["thousands_separator"] else None
    if long_ is None:
        return (plain | lib.weighted(grouped, pen)).optimize()
    short = pynini.difference(closure(digit), long_)
    return union(pynini.intersect(plain, short), lib.weighted(pynini.intersect(plain, long_), pen),
                 pynini.compose(grouped, long_), lib.weighted(pynini.compose(grouped, short), pen)).optimize()


def _plurals(loc, rules, number, written, spoken):
    """Numbers in the plural, as model numbers are ("two Boeing 737s", "the XP-75s"): the
    digits and "s", said with the last word in the plural (dates.yaml plural_rules).  Only
    numbers of two words or more whose last digit is not 0: "fives" alone ("in fives") and
    the decades ("the 1990s", "in her forties") are no such numbers (the year class reads
    decades).  Token: the digits and "s" ("75s")."""
    digits = chars("123456789") + closure(chars(DIGITS), 0, 2) + chars("123456789")
    num = loc.lex("numbers")
    words = {w for key in ("digits", "teens", "tens") for v in num[key].values() for w in lib.words(v)}
    last = lib.mapping(sorted((w, lib.plural(w, rules)) for w in words))
    before = closure(closure(chars(lib.LOWER), 1) + t(" "), 1)  # at least one word before the last
    said = pynini.compose(pynini.compose(digits, number), before + last) + delete("s")
    cost = loc.style("cardinal_plural")
    return union(written, lib.weighted(digits + t("s"), cost)), union(spoken, said)


def build(loc):
    num = loc.lex("numbers")
    nums = _numbers.Numbers(loc)
    number, zero, digit_alone, number_alone = _spoken(loc, nums)
    written_digits = _written(loc)
    minus_w = lib.inserts(num["minus"], loc.variant)
    sign_written = cross("-", "-") | cross("\u2212", "-", loc.style("written_variant"))
    sign_spoken = delete("-") + minus_w + insert(" ")
    spoken = (sign_spoken.ques + number_alone | zero).optimize()

    written = sign_written.ques + written_digits
    written, spoken = _numbers.keep_small(loc, number | zero, written, spoken)
    rules = loc.lex("dates").get("plural_rules")
    if rules:  # "737s", "75s" <-> "seven hundred thirty sevens", "seventy fives"
        written, spoken = _plurals(loc, rules, number, written, spoken)
    itn = loc.itn("numbers")
    arts = itn.get("article_for_one", [])
    if arts:
        # "a hundred", "a thousand" alone stay words in ITN, as texts write them: a token of
        # the words themselves, read and written alike (parts["number"] still reads them,
        # so "a hundred dollars" -> "$100")
        said = pynini.project(pynini.compose(t("1") + closure(t("0"), 2, 12), number), "output")
        kept = pynini.intersect(said, union(*(t(a + " ") for a in arts)) + closure(chars("abcdefghijklmnopqrstuvwxyz"), 1))
        kept = lib.weighted(pynini.arcmap(kept.optimize(), map_type="rmweight"), loc.style("article_number_kept"))
        written, spoken = union(written, kept), union(spoken, kept)
    ands = itn.get("and_words", []) if loc.itn("formats").get("and_numbers_kept") else []
    if ands:
        # "two hundred and eighty" (up to nine digits) alone stays words in ITN with
        # formats.yaml and_numbers_kept: true, as prose that spells numbers out has it
        # (parts["number"] still reads it: "two hundred and eighty dollars" -> "$280")
        said = pynini.project(pynini.compose(chars("123456789") + closure(chars(DIGITS), 2, 8), number), "output")
        letters = closure(chars(lib.LOWER + " -"))
        kept = pynini.intersect(said, letters + union(*(t(f" {a} ") for a in ands)) + letters)
        kept = lib.weighted(pynini.arcmap(kept.optimize(), map_type="rmweight"), loc.style("and_number_kept"))
        written, spoken = union(written, kept), union(spoken, kept)
    between = [p for p in num.get("between") or [] if not p.get("quantities_only")] if loc.direction == "itn" else None
    if between:
        # "zwischen zwei und zwanzig" -> "zwischen 2 und 20": the two bounds of a range, where the
        # apart reading of one number ("zwei und zwanzig" = 22) is the unlikelier one
        first_w, first_s = _quantity.bounds(loc, written_digits, number | zero)
        written = union(written, first_w + written_digits)
        spoken = union(spoken, first_s + (number | zero))
    words = nums.words()  # every number word (lower case), for ordinal endings and triggers
    itn_trig = {"anchors": None,
                "joiners": sorted(set(itn.get("and_words", []) + itn.get("article_for_one", [])) | nums.joiners()),
                "patterns": [nums.compound_pattern()]}
    befores = {w for pair in between or [] for w in lib.words(pair["before"])}
    itn_trig["anchors"] = sorted(words | set(num["minus"]) | set(itn.get("zero_words", [])) | befores)
    itn_trig["titled_kept"] = bool(loc.itn("formats").get("titled_words_kept"))  # "Twenty two miles" stays
    # 0 said as a letter inside digit runs ("nineteen o five", "point o five"), first preferred
    zero_letter = lib.mapping([("0", itn["zero_words"])], loc.variant) if itn.get("zero_words") else None
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken,
        triggers={"itn": itn_trig, "tn": {"patterns": [r"\d"]}},
        parts={"number": number, "number_alone": number_alone, "zero": zero, "written_digits": written_digits,
               "digit": digit_alone, "words": sorted(words), "sign_written": sign_written,
               "sign_spoken": sign_spoken, "table": nums, "zero_letter": zero_letter})
