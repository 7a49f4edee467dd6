"""Ordinal numbers.  TN: "21st" -> "twenty first", "1,000th" -> "one thousandth"
                    ITN: "twenty first" -> "21st", "second" -> "second" (standalone small ordinals stay words)

Token: the digits ("21").  Spoken forms are the cardinal's words with the last word
made ordinal by the rules in ordinals.yaml; written forms are digits plus the suffix
that the last digits call for.
"""
import pynini

from . import lib
from .lib import DIGITS, LOWER, chars, closure, delete, t, union

NAME = "ordinal"
REQUIRES = ("cardinal",)


def ordinal_word(word, rules):
    """The ordinal form of one cardinal word ("twenty" -> "twentieth")."""
    if word in rules["irregular"]:
        return rules["irregular"][word]
    for rule in rules["suffix_rules"]:
        if word.endswith(rule["ends"]):
            return word[: len(word) - len(rule["ends"])] + rule["replace"]
    raise ValueError(f"no ordinal rule for {word!r}")


def _suffix_check(loc, rules):
    """Canonical digits + written suffix -> digits, accepting only the right suffix."""
    ws = rules["written_suffix"]
    digit = chars(DIGITS)
    special = {str(d): s for d, s in ws["by_last_digit"].items()}
    others = "".join(d for d in DIGITS if d not in special)
    if ws["teens_take_default"]:
        not_teen = (closure(digit) + chars("023456789")).ques
        default = closure(digit) + chars(others) | closure(digit) + t("1") + digit
    else:
        not_teen = closure(digit)
        default = closure(digit) + chars(others)
    upper = loc.style("upper_case_written")
    arms = [not_teen + t(d) + delete(suffix_variants(s, upper)) for d, s in special.items()]
    arms.append(default + delete(suffix_variants(ws["default"], upper)))
    return union(*arms).optimize()


def suffix_variants(s, upper_cost):
    return union(t(s), t(s.upper(), upper_cost))


def build(loc, cardinal):
    rules = loc.lex("ordinals")
    words = cardinal.parts["words"]
    ordinals = {w: ordinal_word(w, rules) for w in words}
    sep = chars(" -")
    prefix = closure(closure(chars(LOWER), 1) + sep)
    last = lib.mapping(sorted(ordinals.items()))
    number = pynini.compose(cardinal.parts["number"], prefix + last).optimize()

    digits = cardinal.parts["written_digits"]
    written = pynini.compose(digits + closure(chars("stndrhSTNDRH"), 2, 2), _suffix_check(loc, rules))
    below = loc.itn("formats")["standalone_words_below"]
    if below > 1:
        small = union(*(t(str(v)) for v in range(1, below))).optimize()
        words_w = pynini.invert(pynini.compose(small, number))
        written = union(pynini.compose(written, pynini.difference(closure(chars(DIGITS)), small)),
                        lib.weighted(pynini.compose(written, small), loc.style("written_variant")), words_w)
    return lib.ClassGrammar(
        NAME, written.optimize(), number,
        triggers={"itn": {"anchors": sorted(set(ordinals.values()))},
                  "tn": {"patterns": [r"\d(st|nd|rd|th|ST|ND|RD|TH)\b"]}},
        parts={"number": number, "ordinal_words": ordinals})
