"""Ordinal numbers.  TN: "21st" -> "twenty first", "1,000th" -> "one thousandth",
                         "1st-2nd" -> "first to second"
                    ITN: "twenty first" -> "21st", "second" -> "second" (standalone small ordinals stay words)

Token: the digits ("21").  Spoken forms are the cardinal's words with the last word
made ordinal by the rules in ordinals.yaml; written forms are digits plus the suffix
that the last digits call for.
"""
import re

import pynini

from . import _numbers, _ordinal_nouns, _quantity, lib
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


def _endings(word, cost, rules, vw):
    """[(ordinal, cost)] of one last element by the first ``final`` rule its ending matches."""
    low = word.lower()
    hits = [r for r in rules["final"] if low.endswith(r["ends"].lower())]
    if not hits:
        return []  # a variant no rule covers (an oblique case form) has no ordinal
    rule = max(hits, key=lambda r: len(r["ends"]))  # the longest ending wins
    stem = word[: len(word) - len(rule["ends"])]
    return [(stem + r, cost + (vw if i else 0.0)) for i, r in enumerate(lib.words(rule["replace"]))]


def _inflected(pairs, rules, vw):
    """Add the other endings (gender, case) of each ordinal: read, never preferred."""
    pairs = lib.cheapest(pairs)
    out = dict(pairs)
    for w, c in pairs:
        for rule in rules.get("inflections", []):
            if w.endswith(rule["ends"]):
                for a in lib.words(rule["also"]):
                    out.setdefault(w[: len(w) - len(rule["ends"])] + a, c + vw)
                break
    return lib.cheapest(out.items())


def _table_spoken(loc, rules, seen, keep=None):
    """Table-driven locales: the cardinal's structure with its last element made ordinal,
    or (``tables:``) ordinal tables for every element.  ``seen`` collects the ordinal words;
    ``keep(word) -> cost or None`` keeps only some forms of the last element (by_ending)."""
    vw, nums = loc.variant, _numbers.Numbers(loc)
    if "scale_rules" in rules:  # ordinal counts of their own ("тысяча первый", not "одна тысяча первый")
        num = loc.lex("numbers")
        merged = {e: {**r, **rules["scale_rules"].get(e, {})} for e, r in num.get("scale_rules", {}).items()}
        nums = _numbers.Numbers(loc, {**num, "scale_rules": merged})

    def final(kind, n, pairs):
        out = pairs if "tables" in rules else [p for w, c in pairs for p in _endings(w, c, rules, vw)]
        if not out:
            raise ValueError(f"ordinals.yaml: no final rule for {pairs[0][0]!r}")
        out = _inflected(out, rules, vw)
        seen.update(w for w, _ in out)
        return _kept(out, keep)
    if "tables" in rules:
        number = _numbers.Numbers(loc, rules["tables"], counts=nums).number(final)
    else:
        number = nums.number(final)
    exact = {str(n): _inflected(nums.alts(ws), rules, vw) for n, ws in rules.get("exact", {}).items()}
    seen.update(w for ws in exact.values() for w, _ in ws)
    exact = {n: ws for n, ws in ((n, _kept(ws, keep)) for n, ws in exact.items()) if ws}
    if not exact:
        return number
    others = pynini.difference(closure(chars(DIGITS), 1), union(*(t(n) for n in exact)))
    return union(pynini.compose(others, number),
                 *(lib.cross(n, w, c or None) for n, ws in exact.items() for w, c in ws)).optimize()


def _kept(pairs, keep):
    if keep is None:
        return pairs
    return [(w, c + k) for w, c in pairs for k in [keep(w)] if k is not None]


def _table_written(loc, rules, cardinal):
    wr = rules["written"]
    cost = loc.style("ordinal_written")
    suffix = union(*(lib.weighted(delete(s), cost + (loc.variant if i else 0.0)) for i, s in enumerate(lib.words(wr["suffix"]))))
    digits = cardinal.parts["written_digits"]
    exact = {str(n): ws for n, ws in wr.get("exact", {}).items()}
    if not exact:
        return digits + suffix
    ex = union(*(t(n) for n in exact))
    plain = pynini.compose(digits, pynini.difference(closure(chars(DIGITS)), ex)) + suffix
    special = union(*(t(n) + union(*(lib.weighted(delete(s), cost + (loc.variant if i else 0.0))
                                    for i, s in enumerate(lib.words(ws)))) for n, ws in exact.items()))
    return union(plain, special)


def build(loc, cardinal):
    rules = loc.lex("ordinals")
    if "final" in rules or "tables" in rules:
        return _table_build(loc, cardinal, rules)
    words = cardinal.parts["words"]
    ordinals = {w: ordinal_word(w, rules) for w in words}
    sep = chars(" -")
    prefix = closure(closure(chars(LOWER), 1) + sep)
    last = lib.mapping(sorted(ordinals.items()))
    number = pynini.compose(cardinal.parts["number"], prefix + last).optimize()
    # "the hundredth customer", "the thousandth time": the scale ordinal without its "one"
    # (the class's own reading only: in parts, "one hundred thirty eighth" is no "1/138")
    said = number
    bare = rules.get("bare_scales", [])
    if bare:
        drop = lib.weighted(delete("one "), loc.variant) + union(*(t(w) for w in bare)) \
            + closure(chars(LOWER + " -"))
        said = (number | pynini.compose(number, drop)).optimize()

    digits = cardinal.parts["written_digits"]
    written = suffixed = pynini.compose(digits + closure(chars("stndrhSTNDRH"), 2, 2), _suffix_check(loc, rules))
    below = loc.itn("formats")["standalone_words_below"]
    if below > 1:
        small = lib.number_strings(range(1, below))
        words_w = pynini.invert(pynini.compose(small, number))
        written = union(pynini.compose(written, pynini.difference(closure(chars(DIGITS)), small)),
                        lib.weighted(pynini.compose(written, small), loc.style("written_variant")), words_w)
    if loc.direction == "tn":  # "1st-2nd" -> "first to second" (range.yaml dashes and "to")
        rng = loc.lex("range")
        written = written | suffixed + _quantity.dash(rng["dashes"], "-", spaced=True) + suffixed
        said = said | said + _quantity.said(lib.words(rng["to"])[:1], "-") + said
    return lib.ClassGrammar(
        NAME, written.optimize(), said,
        triggers={"itn": {"anchors": sorted(set(ordinals.values())),
                          "titled_kept": bool(loc.itn("formats").get("titled_words_kept"))},
                  "tn": {"patterns": [r"\d(st|nd|rd|th|ST|ND|RD|TH)\b"]}},
        parts={"number": number, "ordinal_words": ordinals})


def _by_ending(loc, rules, cardinal, number, written):
    """written.by_ending: the suffix follows the spoken ending.  Token "21#i" for group i:
    its spoken forms are those with group i's endings (the longest ending wins), written with
    its suffixes; the plain token keeps the other forms and suffixes.  The last element is
    filtered where it is made (composing the whole number with an ending filter is slow).
    -> (written, spoken, marks)"""
    groups = rules["written"].get("by_ending")
    if not groups:
        return written, number, ""
    ends = [lib.words(g["ends"]) for g in groups]
    every = sorted({e for es in ends for e in es}, key=len, reverse=True)

    def group_of(w):  # (group, index of the ending) of the longest matching ending
        for e in every:
            if w.endswith(e):
                g = next(i for i, es in enumerate(ends) if e in es)
                return g, ends[g].index(e)
        return None, 0

    def keeper(g):
        def keep(w):
            got, i = group_of(w)
            return (0.01 * i) if got == g else None  # the first ending is what TN says
        return keep
    spoken = [_table_spoken(loc, rules, set(), keeper(None))]
    marked_sfx = {s for g in groups for s in lib.words(g["suffix"])}
    plain_sfx = [s for s in lib.words(rules["written"]["suffix"]) if s not in marked_sfx]
    cost = loc.style("ordinal_written")
    digits = cardinal.parts["written_digits"]
    written = [digits + union(*(lib.weighted(delete(s), cost + (loc.variant if i else 0.0))
                                for i, s in enumerate(plain_sfx)))]
    for g in range(len(groups)):
        spoken.append(_table_spoken(loc, rules, set(), keeper(g)) + delete(f"#{g}"))
        written.append(digits + union(*(lib.weighted(lib.cross(s, f"#{g}"), cost + (loc.variant if i else 0.0))
                                        for i, s in enumerate(lib.words(groups[g]["suffix"])))))
    return union(*written).optimize(), union(*spoken).optimize(), "#" + "".join(str(g) for g in range(len(groups)))


def _table_build(loc, cardinal, rules):
    seen = set()
    number = _table_spoken(loc, rules, seen)
    written, spoken, marks = _by_ending(loc, rules, cardinal, number, _table_written(loc, rules, cardinal))
    written, spoken = _numbers.keep_small(loc, spoken, written, spoken, first=1, marks=marks)
    noun_w, noun_s = _ordinal_nouns.arms(loc, cardinal, number)  # "в 18 веке"
    if noun_w is not None:
        written, spoken = union(written, noun_w).optimize(), union(spoken, noun_s).optimize()
    nouns = _ordinal_nouns.words(loc) if loc.direction == "tn" else []
    words = {x.lower() for w in seen for x in w.split()}
    nums = _numbers.Numbers(loc)
    suffixes = "|".join(re.escape(s) for s in lib.words(rules["written"]["suffix"]) + [
        s for ws in rules["written"].get("exact", {}).values() for s in lib.words(ws)] + [
        s for g in rules["written"].get("by_ending", []) for s in lib.words(g["suffix"])])
    return lib.ClassGrammar(
        NAME, written, spoken,
        triggers={"itn": {"anchors": sorted(words), "patterns": [nums.compound_pattern(words)],
                          "joiners": sorted(nums.joiners())},
                  "tn": {"patterns": [rf"\d(?:{suffixes})(?!\w)"], "joiners": nouns}},
        parts={"number": number, "ordinal_words": {}})
