"""Cardinal numbers.  TN: "1,234" -> "one thousand two hundred thirty four", "-5" -> "minus five"
                     ITN: "twenty one hundred" -> "2100", "a hundred and five" -> "105"

Token: an optional "-" and the digits, without separators or leading zeros ("-1234").
Parts for other classes: ``number`` (digits -> words), ``written_digits`` (written
digits with separators -> canonical digits), ``digit`` (one digit read alone, with
"oh"), ``words`` (every number word, for ordinal endings and triggers), ``zero_letter``
(0 -> "o"/"oh" inside digit runs, itn_rules zero_words, None when a locale has none).
"""
import pynini

from . import _numbers, lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "cardinal"
REQUIRES = ()
MAX_DIGITS = 18


def _entries(table):
    return [(str(k), v) for k, v in table.items()]


def _spoken(loc):
    """Digits (no sign) -> spoken words, with every variant weighted."""
    num, itn = loc.lex("numbers"), loc.itn("numbers")
    vw = loc.variant
    digit = chars(DIGITS)
    unit = lib.mapping(_entries(num["digits"]), vw)
    teen = lib.mapping(_entries(num["teens"]), vw)
    tens_word = lib.mapping(_entries(num["tens"]), vw)
    joiner = union(*(insert(j, vw if i else None) for i, j in enumerate(num["tens_joiner"])))
    two = teen | tens_word + delete("0") | tens_word + joiner + unit          # "10".."99"
    pad99 = delete("0") + unit | two                                           # "01".."99"
    hundred = insert(" ") + lib.inserts(num["hundred"], vw)
    and_ = union(*(insert(w + " ", loc.style("and_after_hundred")) for w in itn["and_words"]))
    rest = delete("00") | insert(" ") + and_.ques + pad99
    article = union(*(cross("1", a, loc.style("article_for_one")) for a in itn["article_for_one"]))
    h3 = unit + hundred + rest
    h3_lead = (unit | article) + hundred + rest
    group3 = h3 | delete("0") + pad99                                           # "001".."999"
    last3 = delete("000") | insert(" ") + (h3 | and_.ques + delete("0") + pad99)

    scales = num["scales"]
    exps = sorted(scales)
    if exps != list(range(3, 3 * len(exps) + 1, 3)):
        raise ValueError("numbers.yaml scales must be 3, 6, 9, ... without gaps")
    forms = [unit | two | h3_lead]
    for m in range(1, len(exps) + 1):
        lead = unit | two | h3 | article
        f = lead + insert(" ") + lib.inserts(scales[3 * m], vw)
        for i in range(m - 1, 0, -1):
            f += delete("000") | insert(" ") + group3 + insert(" ") + lib.inserts(scales[3 * i], vw)
        forms.append(f + last3)
    # "twenty one hundred": four digits read as hundreds (not 10xx, not x0xx)
    hh_digits = pynini.difference(chars("123456789") + digit, t("10") | chars("23456789") + t("0"))
    hh = pynini.compose(hh_digits, two) + hundred + rest
    forms.append(lib.weighted(hh, loc.style("hundreds_for_four_digits")))
    number = union(*forms).optimize()
    zero = lib.mapping([("0", num["zero"])], vw)
    zero_words = num["zero"] + [w for w in itn["zero_words"] if w not in num["zero"]]
    digit_alone = (union(*(cross("0", w, loc.style("zero_as_letter") if w not in num["zero"] else None)
                           for w in zero_words)) | unit).optimize()
    # "four fifty" -> 450: a hundreds digit and a two-digit number, "hundred" left out (the
    # class reading only, not parts["number"]: "four fifty dollars" is not $450)
    nz_unit = pynini.compose(chars("123456789"), unit)
    implied = pynini.compose(chars("123456789") + chars("123456789") + digit, nz_unit + insert(" ") + two)
    # "four oh five" -> 405: the tens said as "oh" between two digits (not "zero": "eight zero
    # eight zero" is a digit string)
    oh = [w for w in itn["zero_words"] if w not in num["zero"]]
    if oh:
        implied |= nz_unit + insert(" ") + lib.mapping([("0", oh)], vw) + insert(" ") + nz_unit
    number_alone = number | lib.weighted(implied, loc.style("hundreds_implied"))
    return number, zero, digit_alone, number_alone


def _table_spoken(loc, nums):
    """Locales whose numbers.yaml gives hundreds: tables (grammars/_numbers.py)."""
    num = loc.lex("numbers")
    number = nums.number()
    zero = lib.union(*(lib.cross("0", w, c or None) for w, c in nums.alts(num["zero"])))
    digit_alone = (zero | lib.union(*(lib.cross(str(d), w, c or None) for d, ws in num["digits"].items()
                                      for w, c in nums.alts(ws)))).optimize()
    return number, zero, digit_alone, number


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
    nums = _numbers.Numbers(loc) if "hundreds" in num else None
    number, zero, digit_alone, number_alone = _table_spoken(loc, nums) if nums else _spoken(loc)
    written_digits = _written(loc)
    minus_w = lib.inserts(num["minus"], loc.variant)
    sign_written = cross("-", "-") | cross("\u2212", "-", loc.style("written_variant"))
    sign_spoken = delete("-") + minus_w + insert(" ")
    spoken = (sign_spoken.ques + number_alone | zero).optimize()

    written = sign_written.ques + written_digits
    below = loc.itn("formats")["standalone_words_below"]
    if nums:
        written, spoken = _numbers.keep_small(loc, number | zero, written, spoken)
    elif below > 0:
        # Small standalone numbers stay words in ITN: the word is a written form of the
        # token, cheaper than its digits ("three of them"; "three dollars" -> "$3").
        small = lib.number_strings(range(below))
        inputs = closure(chars(DIGITS + ",-\u2212" + loc.itn("formats")["thousands_separator"]))
        words = pynini.invert(pynini.compose(small, number | zero))
        written = union(pynini.compose(pynini.difference(inputs, small), written),
                        lib.weighted(pynini.compose(small, written), loc.style("written_variant")), words)
    rules = loc.lex("dates").get("plural_rules") if not nums else None
    if rules:  # "737s", "75s" <-> "seven hundred thirty sevens", "seventy fives"
        written, spoken = _plurals(loc, rules, number, written, spoken)
    itn = loc.itn("numbers")
    arts = itn.get("article_for_one", []) if not nums else []
    if arts:
        # "a hundred", "a thousand" alone stay words in ITN, as texts write them: a token of
        # the words themselves, read and written alike (parts["number"] still reads them,
        # so "a hundred dollars" -> "$100")
        said = pynini.project(pynini.compose(t("1") + closure(t("0"), 2, 12), number), "output")
        kept = pynini.intersect(said, union(*(t(a + " ") for a in arts)) + closure(chars("abcdefghijklmnopqrstuvwxyz"), 1))
        kept = lib.weighted(pynini.arcmap(kept.optimize(), map_type="rmweight"), loc.style("article_number_kept"))
        written, spoken = union(written, kept), union(spoken, kept)
    ands = itn.get("and_words", []) if not nums and loc.itn("formats").get("and_numbers_kept") else []
    if ands:
        # "two hundred and eighty" (up to nine digits) alone stays words in ITN with
        # formats.yaml and_numbers_kept: true, as prose that spells numbers out has it
        # (parts["number"] still reads it: "two hundred and eighty dollars" -> "$280")
        said = pynini.project(pynini.compose(chars("123456789") + closure(chars(DIGITS), 2, 8), number), "output")
        letters = closure(chars(lib.LOWER + " -"))
        kept = pynini.intersect(said, letters + union(*(t(f" {a} ") for a in ands)) + letters)
        kept = lib.weighted(pynini.arcmap(kept.optimize(), map_type="rmweight"), loc.style("and_number_kept"))
        written, spoken = union(written, kept), union(spoken, kept)
    between = num.get("between") if nums and loc.direction == "itn" else None
    if between:
        # "zwischen zwei und zwanzig" -> "zwischen 2 und 20": the two bounds of a range, where the
        # apart reading of one number ("zwei und zwanzig" = 22) is the unlikelier one
        bound_w, bound_s = written_digits, number | zero
        arms = [(t(f"{b} "), t(f" {a} ")) for pair in between for b in lib.words(pair["before"])
                for a in lib.words(pair["and"])]
        written = union(written, *(b + bound_w + a + bound_w for b, a in arms))
        spoken = union(spoken, *(b + bound_s + a + bound_s for b, a in arms))
    itn_trig = {"anchors": None, "joiners": sorted(set(itn.get("and_words", []) + itn.get("article_for_one", [])))}
    if nums:
        words = nums.words()
        itn_trig["patterns"] = [nums.compound_pattern()]
        itn_trig["joiners"] = sorted(set(itn_trig["joiners"]) | nums.joiners())
    else:
        # Words number grammars produce (lower case), for ordinal endings and triggers.
        words = set()
        for key in ("digits", "teens", "tens", "scales"):
            for v in num[key].values():
                words.update(v)
        words.update(num["hundred"] + num["zero"])
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
