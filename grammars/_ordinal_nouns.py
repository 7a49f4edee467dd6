"""An ordinal before a noun numbered by ordinals, written bare as a year before its noun
(ordinals.yaml ``before_nouns``):

    ru: "в 18 веке" <-> "в восемнадцатом веке", "к 21 веку" <-> "к двадцать первому веку",
        "в 12 главе" <-> "в двенадцатой главе"

Numbers below ``below``.  Token: the digits, a space and the noun as written ("18 веке").  The noun's forms come from
locales nouns.yaml (gender, case, number); the ordinal takes the ending rules of the noun's
"case gender" label (``endings``: {ends, replace} as dates.yaml forms), so TN says the form
the noun calls for; ITN reads every ending (at ``variant``'s cost).  Singular forms only.  A
form that a count of ``few`` takes ("3 века": three centuries) is no ordinal after a number
ending so.  ITN writes numbers below itn_rules formats.yaml ``standalone_words_below`` as
words ("на пятом этаже").
"""
import pynini

from . import _calendar as cal, lib
from .lib import DIGITS, chars, closure, t, union


def forms(loc):
    """{"case gender": [noun forms]} of the listed nouns (singular), or {}."""
    rules = loc.lex("ordinals").get("before_nouns")
    if not rules:
        return {}
    nouns = loc.lex("nouns")
    cases, table = nouns.get("cases") or [], nouns.get("nouns") or {}
    out = {}
    for lemma in rules["nouns"]:
        if lemma not in table:
            raise ValueError(f"ordinals.yaml before_nouns: {lemma!r} is not in nouns.yaml")
        gender, singular = table[lemma][0], table[lemma][1]
        for case, form in zip(cases, singular.split()):
            out.setdefault(f"{case} {gender}", []).append(form)
    return {k: sorted(set(v)) for k, v in out.items()}


def words(loc):
    """Every listed noun form (region joiners)."""
    return sorted({w for ws in forms(loc).values() for w in ws})


def arms(loc, cardinal, number):
    """(written, spoken) of "18 веке", or (None, None) where ordinals.yaml lists no nouns."""
    by_label = forms(loc)
    if not by_label:
        return None, None
    rules = loc.lex("ordinals")["before_nouns"]
    digit = chars(DIGITS)
    digits = lib.number_strings(range(1, rules["below"]))
    number = pynini.compose(digits, number).optimize()
    few = lib.words(rules.get("few") or [])
    not_few = digits
    if few:  # a number ending in 2-4 but not 12-14 ("3 века" counts)
        ends = union(*(t(str(d)) for d in few))
        few_numbers = (closure(digit) + chars("023456789")).ques + ends
        not_few = pynini.difference(digits, few_numbers).optimize()
    if loc.direction == "itn":
        below = loc.itn("formats").get("standalone_words_below", 0)
        if below > 1:
            digits = pynini.difference(digits, lib.number_strings(range(0, below))).optimize()
            not_few = pynini.difference(not_few, lib.number_strings(range(0, below))).optimize()
    written_digits = cardinal.parts["written_digits"]
    few_case = set(lib.words(rules.get("few_case") or []))
    groups = {}  # (ending rules, a count's case) -> noun forms: one ordinal FST per distinct rule set
    for label, nouns in by_label.items():
        key = (repr(rules["endings"][label]), label.split()[0] in few_case)
        groups.setdefault(key, (rules["endings"][label], set()))[1].update(nouns)
    written, spoken = [], []
    for (_, counted), (endings, nouns) in sorted(groups.items()):
        noun = union(*(t(w) for w in sorted(nouns)))
        own = cal.reform(loc, number, endings)
        if loc.direction == "itn":  # ITN reads any ending ("восемнадцатого веке")
            own = union(own, lib.weighted(number, loc.variant))
        allowed = not_few if counted else digits
        spoken.append(pynini.compose(allowed, own) + t(" ") + noun)
        written.append(pynini.compose(written_digits, allowed) + t(" ") + noun)
    return union(*written).optimize(), union(*spoken).optimize()
