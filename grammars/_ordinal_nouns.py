"""TN: a number before a noun numbered by ordinals is an ordinal (ordinals.yaml ``before_nouns``):

    ru: "в 18 веке" -> "в восемнадцатом веке", "к 21 веку" -> "к двадцать первому веку",
        "в 12 главе" -> "в двенадцатой главе"

Token: the digits, a space and the noun as written ("18 веке").  The noun's forms come from
locales nouns.yaml (gender, case, number); the ordinal takes the ending rules of the noun's
"case gender" label (``endings``: {ends, replace} as dates.yaml forms), so TN says the form
the noun calls for.  Singular forms only, numbers below ``below``.  A form that a count takes
(``counts``: the last digits and the cases: "3 века", three centuries; "21 неделя", of a noun
``also_counted``) is no ordinal after a number ending so.  ITN writes
such an ordinal with its suffix ("в 18-м веке", the ordinal class), so this is TN's only.
"""
import pynini

from . import _calendar as cal, lib
from .lib import DIGITS, chars, closure, t, union


def forms(loc):
    """{("case gender", also counted): [noun forms]} of the listed nouns (singular), or {}."""
    rules = loc.lex("ordinals").get("before_nouns")
    if not rules:
        return {}
    nouns = loc.lex("nouns")
    cases, table = nouns.get("cases") or [], nouns.get("nouns") or {}
    counted = set(lib.words(rules.get("also_counted") or []))
    out = {}
    for lemma in rules["nouns"]:
        if lemma not in table:
            raise ValueError(f"ordinals.yaml before_nouns: {lemma!r} is not in nouns.yaml")
        gender, singular = table[lemma][0], table[lemma][1]
        for case, form in zip(cases, singular.split()):
            out.setdefault((f"{case} {gender}", lemma in counted), []).append(form)
    return {k: sorted(set(v)) for k, v in out.items()}


def words(loc):
    """Every listed noun form (region joiners)."""
    return sorted({w for ws in forms(loc).values() for w in ws})


def arms(loc, cardinal, number):
    """TN's (written, spoken) of "18 веке", or (None, None) in ITN and where ordinals.yaml lists no nouns."""
    by_label = forms(loc) if loc.direction == "tn" else {}
    if not by_label:
        return None, None
    rules = loc.lex("ordinals")["before_nouns"]
    digit = chars(DIGITS)
    digits = lib.number_strings(range(1, rules["below"]))
    number = pynini.compose(digits, number).optimize()
    counts = {}  # the numbers a count ends in, by the noun cases it takes there
    for c in rules.get("counts") or []:
        ends = union(*(t(str(d)) for d in lib.words(c["ends"])))
        numbers = (closure(digit) + chars("023456789")).ques + ends  # not 11-14
        for case in lib.words(c["cases"]):
            counts[(case, c.get("counted_nouns_only", False))] = numbers
    written_digits = cardinal.parts["written_digits"]
    groups = {}  # (ending rules, counts excluded) -> noun forms: one ordinal FST per distinct rule set
    for (label, counted), nouns in by_label.items():
        case = label.split()[0]
        excluded = tuple(sorted(i for i, ((c, only), _) in enumerate(counts.items()) if c == case and (counted or not only)))
        key = (repr(rules["endings"][label]), excluded)
        groups.setdefault(key, (rules["endings"][label], set()))[1].update(nouns)
    numbers = list(counts.values())
    written, spoken = [], []
    for (_, excluded), (endings, nouns) in sorted(groups.items()):
        noun = union(*(t(w) for w in sorted(nouns)))
        own = cal.reform(loc, number, endings)
        allowed = pynini.difference(digits, union(*(numbers[i] for i in excluded))).optimize() if excluded else digits
        spoken.append(pynini.compose(allowed, own) + t(" ") + noun)
        written.append(pynini.compose(written_digits, allowed) + t(" ") + noun)
    return union(*written).optimize(), union(*spoken).optimize()
