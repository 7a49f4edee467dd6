"""Shared pieces of the table-driven date, year and time grammars (locales whose
rule files give the structure: dates.yaml ``day:``, times.yaml ``spoken:``).

    de: "am 3. Mai" -> "am dritten Mai"     ru: "3 мая" -> "третье мая"
    fr: "14 h 30" -> "quatorze heures trente"

Grammatical forms: an ordinal said in one case/gender is the ordinal as ordinals.yaml
says it with its last ending rewritten (``forms:`` rules ``{ends, replace}``, as
ordinals.yaml ``final``).  ``plural_form`` picks a noun's form for a count from the
``plural`` rules of numbers.yaml ("часа" after 2, "часов" after 5).
"""
import pynini

from . import lib
from .lib import closure, cross, t, union


def plural_form(n, rules):
    """The plural rule name (numbers.yaml ``plural``) a count ``n`` takes."""
    for r in rules or [{"form": "other"}]:
        if "is" in r and n not in r["is"]:
            continue
        if "ends" in r and n % 10 not in r["ends"]:
            continue
        if "not_ends" in r and n % 100 in r["not_ends"]:
            continue
        return r["form"]
    return "other"


def noun(forms, n, rules):
    """The word of ``forms`` ({plural rule: words}) that goes with the count ``n``."""
    return lib.words(forms.get(plural_form(n, rules)) or forms.get("other") or next(iter(forms.values())))


def alts(loc, words):
    """[(spelling, cost)]: the first free, the others ``variant``; lower-case spellings
    (ITN input is lower case) cost ``lower_case_spoken``."""
    low = loc.style("lower_case_spoken")
    return lib.cheapest((s, c) for i, w in enumerate(lib.words(words))
                        for s, c in ((w, loc.variant if i else 0.0), (w.lower(), (loc.variant if i else 0.0) + low)))


def inserts(loc, words):
    """Insert one of ``words`` (costs as ``alts``)."""
    return union(*(lib.insert(w, c or None) for w, c in alts(loc, words)))


def cased(words):
    """Each word and its capitalized spelling (a cue opening a sentence: "Am 3. Mai")."""
    return list(dict.fromkeys(x for w in words for x in (w, w[:1].upper() + w[1:])))


def lexicon(loc, table, side):
    """{n: {written, spoken}} -> FST from the written (side="written") or to the spoken
    forms of each entry, through its number "n"."""
    arcs = []
    for n, e in sorted(table.items()):
        pairs = alts(loc, e["spoken"]) if side == "spoken" else \
            [(w, loc.style("written_variant") if i else 0.0) for i, w in enumerate(e["written"])]
        arcs += [cross(str(n), w, c or None) if side == "spoken" else cross(w, str(n), c or None) for w, c in pairs]
    return union(*arcs).optimize()


def reform(loc, words, rules):
    """Ordinal words -> the same ordinal with its last ending rewritten by ``rules``
    (the longest matching ending wins); words no rule matches are dropped."""
    if not rules:
        return words
    sigma = closure(lib.sigma(loc))
    ends = []
    for r in sorted(rules, key=lambda r: -len(r["ends"])):
        longer = [x["ends"] for x in rules if len(x["ends"]) > len(r["ends"]) and x["ends"].endswith(r["ends"])]
        arc = sigma + cross(r["ends"], r["replace"])
        if longer:
            arc = pynini.compose(pynini.difference(sigma + lib.t(r["ends"]),
                                                   union(*(sigma + lib.t(e) for e in longer))), arc)
        ends.append(arc)
    return pynini.compose(words, union(*ends)).optimize()


def strings(lo, hi):
    return lib.number_strings(range(lo, hi + 1))


def padded(lo, hi, cost, pad=False):
    """Numbers lo..hi, "4" or (at ``cost``) "04" -> "4"; ``pad``: "04", or "4" at ``cost``."""
    small = range(lo, min(hi + 1, 10))
    return union(strings(max(lo, 10), hi) if hi >= 10 else None,
                 *(lib.weighted(t(str(n)), cost if pad else None) for n in small),
                 *(cross(f"0{n}", str(n), None if pad else cost or None) for n in small)).optimize()
