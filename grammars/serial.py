"""Serial numbers / alphanumerics.  TN: "V75S" -> "v seventy five s", "B-52" -> "b fifty two",
                                       "COVID-19" -> "covid nineteen", "MP3" -> "m p three", "C212" -> "c two one two"
                                  ITN: off by default ("serial_written" cost): "b fifty two" stays words

Token: the written form, upper-case letters and digits ("COVID19").  Letter
runs are spelled unless the letters grammar reads them as a word; digit runs of one or two
digits are read as a number, longer runs digit by digit ("o" for zero, as telephone).
A token needs at least one letter and one digit.  Lower-case letters glued before digits
("fm101", "fifa2016", "n9ne") are copied as written, their digits read as above or, four
of them, as a year ("fifa twenty sixteen"); digits first ("10km") are left to other classes.
Capitals that name a kind of year (tn_rules years.yaml ``year_prefixes``) read the year after
them as a year: "FY2024" -> "f y twenty twenty four".
"""
import pynini

from . import lib
from .lib import DIGITS, UPPER, chars, closure, insert, t, union

NAME = "serial"
REQUIRES = ("cardinal", "letters", "year")


def build(loc, cardinal, letters, year):
    upper, digit = chars(UPPER), chars(DIGITS)
    vw = loc.variant
    alnum = closure(upper | digit, 1, 8)
    core = alnum + closure(t("-", loc.style("serial_hyphen")) + alnum, 0, 3)  # ITN: "B52", not "B-5-2"
    has_both = closure(chars(UPPER + DIGITS + "-")) + (upper + closure(chars(UPPER + DIGITS + "-")) + digit
                                                       | digit + closure(chars(UPPER + DIGITS + "-")) + upper) \
        + closure(chars(UPPER + DIGITS + "-"))
    written = pynini.intersect(core.optimize(), has_both.optimize())
    # ITN leaves "b fifty two" alone unless serial_written is cheap (itn_rules weights)
    written = lib.weighted(written.optimize(), loc.style("serial_written"))

    said = letters.parts["said_upper"]
    lower_word = union(*(lib.cross(u, u.lower()) for u in UPPER))
    # a letter run read as a word, unless that word is a number ("B50TWO" is no reading of
    # "b fifty two": digits are said as numbers)
    numbers = union(*(t(w) for w in cardinal.triggers.get("itn", {}).get("anchors", ())))
    not_number = pynini.difference(closure(chars(lib.LOWER), 1), pynini.determinize(numbers.optimize()))
    word = pynini.compose(pynini.compose(said, closure(lower_word, 1)), not_number)
    spelled = letters.parts["run"]  # spelled, or kept as capitals (tn_rules letters.yaml acronyms)
    letter_run = word | lib.weighted(spelled, loc.style("serial_spelled"))
    zero = lib.mapping([("0", loc.lex("electronic")["digit_zero"])], vw)
    one_digit = pynini.compose(digit, cardinal.parts["number"] | zero)
    two = pynini.compose(chars("123456789") + digit, cardinal.parts["number"])
    by_digit = one_digit + closure(insert(" ") + one_digit, 2)
    digit_run = one_digit | two | by_digit
    # alternate strictly: letters, digits, letters ...
    l_then_d = letter_run + closure(insert(" ") + digit_run + insert(" ") + letter_run) + (insert(" ") + digit_run).ques
    d_then_l = digit_run + closure(insert(" ") + letter_run + insert(" ") + digit_run) + (insert(" ") + letter_run).ques
    chunk = l_then_d | d_then_l
    spoken = (chunk + closure(lib.cross("-", " ") + chunk)).optimize()
    # capitals that name a kind of year, then the year ("FY2024"; tn_rules years.yaml year_prefixes)
    prefixes = loc.tn("years").get("year_prefixes", ()) if loc.direction == "tn" else ()
    if prefixes:
        named = pynini.compose(union(*(t(p) for p in prefixes)), spelled)
        spoken |= lib.weighted(named + (lib.cross("-", " ") | insert(" ")) + year.parts["core"],
                               loc.style("serial_year"))
    # lower-case letters, then digits ("fm101", "n9ne"): letters copied, a 4-digit run may be a year
    lower = closure(chars(lib.LOWER), 1, 8)
    digits = closure(digit, 1, 8)
    low_w = lib.weighted(lower + digits + closure(lower + digits) + lower.ques, loc.style("serial_lower"))
    low_digits = digit_run | lib.weighted(year.parts["core"], loc.style("serial_year"))
    low_s = lower + insert(" ") + low_digits + closure(insert(" ") + lower + insert(" ") + low_digits) \
        + (insert(" ") + lower).ques
    return lib.ClassGrammar(
        NAME, union(written, low_w).optimize(), union(spoken, low_s).optimize(),
        triggers={"tn": {"patterns": [r"[A-Z]-?\d|\d-?[A-Z]", r"^\W*[a-z]+\d"]}, "itn": {}})
