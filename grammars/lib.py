"""Shared Pynini pieces for the class builders.

All FSTs here use UTF-8 code points as labels, so "€" or "²" is one symbol.
Escaping of Pynini's special characters happens in ``t`` and nowhere else.

A class grammar is one weighted relation between written and spoken form through a
class token (the pivot):  ``written --W--> token --S--> spoken``.  TN is W∘S and ITN
its inverse; W's weights rank written forms (they matter to ITN), S's weights rank
spoken forms (they matter to TN).
"""
from dataclasses import dataclass, field

import pynini
from pynini.lib import pynutil

TOKEN_TYPE = "utf8"
# Private-use code points the runtime uses; grammars must never emit them, except
# PLACEHOLDER copied from the input (run/write.py writes back the characters it stood for).
PLACEHOLDER = "\ue000"   # stands for any character outside the alphabet
_ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
_LATIN1 = "".join(chr(c) for c in range(0xA0, 0x180))

DIGITS = "0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz"
UPPER = LOWER.upper()


@dataclass
class ClassGrammar:
    """What a class module builds.

    written: written form -> class token;  spoken: class token -> spoken form.
    triggers: words (lower-cased, per direction) and regexes that make a word a
    candidate for this class; see normgram/candidates.py.
    parts: sub-grammars other classes may reuse (e.g. the cardinal's number words).
    staged: keep W and S apart in the FAR and compose them per span at run time
    (TN: W then S, ITN: S⁻¹ then W⁻¹); True for both directions, or a tuple of the
    directions staged (a class whose region must weigh both sides in one direction).  For classes whose written side reorders a
    lexicon entry around a big sub-grammar ("$25" -> "twenty five dollars"): W∘S would
    hold one copy of the amount grammar per currency, W and S alone hold one each.
    late_reversed: directions whose second stage reads the token from its end (the FAR
    keeps that stage reversed).  ITN's second stage is W⁻¹: when the token puts what decides
    the start of the written form at its end ("15864#USD" -> "$15,864": the symbol, and the
    separators counted from the right), W⁻¹ read forwards tries every currency and every
    separator position until the token ends; read backwards it knows both before writing.
    groups: the spoken side split into reading groups (FSTs whose union is ``spoken``).  A
    class that no word set gates as a whole (normgram/gates.py) because some readings have
    no cue word (money's "it costs four fifty") is gated a group at a time: the cue-less
    group stays ungated and the others keep their gates.
    tagged: (written, spoken) arms read only where the class is asserted from outside (a
    tagger's tag in tagged ITN, ``Normalizer.apply_class``, ``tag``'s read-back), never in
    running text: ITN's reading of a form TN writes without a cue ("o four one five" ->
    "0415"), whose words running text must leave to prose (``tn_arm``).  The compiler builds
    them into a second FST, <CLASS>_<DIR>_TAGGED; not for staged classes.
    """
    name: str
    written: pynini.Fst
    spoken: pynini.Fst
    triggers: dict = field(default_factory=dict)
    parts: dict = field(default_factory=dict)
    staged: bool | tuple = False
    late_reversed: tuple = ()
    groups: tuple = ()
    tagged: tuple = ()

    def staged_in(self, direction):
        return self.staged is True or direction in (self.staged or ())


def t(s, weight=None):
    """Acceptor of the literal string ``s`` (escaped), optionally weighted."""
    f = pynini.accep(pynini.escape(s), token_type=TOKEN_TYPE)
    return weighted(f, weight) if weight else f


def cross(a, b, weight=None):
    """Map literal ``a`` to literal ``b``."""
    f = pynini.cross(t(a), t(b))
    return weighted(f, weight) if weight else f


def insert(s, weight=None):
    return pynutil.insert(t(s), weight=weight) if weight else pynutil.insert(t(s))


def delete(f):
    return pynutil.delete(t(f) if isinstance(f, str) else f)


def said(loc, field, words):
    """A token field (deleted) and the spoken words that say it (``words``, an FST that
    inserts them), in the order the builder's direction reads: TN reads the field first,
    ITN the words.  Same relation either way; only the arc order differs, which decides
    whether the composed class FST writes before it reads (an input-epsilon guess at
    every word a class could start, see ClassGrammar)."""
    field = delete(field)
    return concat(words, field) if getattr(loc, "direction", "tn") == "itn" else concat(field, words)


def weighted(f, w):
    return pynutil.add_weight(f, w) if w else f


def tn_arm(loc, written, spoken, grammar, tagged):
    """An arm TN reads in running text and ITN only under a tag (ClassGrammar.tagged):
    -> ``grammar`` (a (written, spoken) pair) with the arm added in TN; in ITN the arm is
    appended to the list ``tagged`` at the style cost ``tagged_reading`` (a running-text
    arm that reads the same words wins) and ``grammar`` is returned as it is."""
    if loc.direction == "tn":
        return grammar[0] | written, grammar[1] | spoken
    tagged.append((weighted(written, loc.style("tagged_reading")), spoken))
    return grammar


def union(*fsts):
    fsts = [f for f in fsts if f is not None]
    if not fsts:
        raise ValueError("union of nothing")
    return pynini.union(*fsts)  # one copy, then in-place unions (a pairwise reduce copies n² states)


def concat(*fsts):
    """Concatenation of several FSTs (one copy of the first, then in place)."""
    out = fsts[0].copy()
    for f in fsts[1:]:
        out.concat(f)
    return out


def chars(s):
    """Acceptor of any one character of ``s``."""
    return union(*(t(c) for c in dict.fromkeys(s)))


def alternatives(words, variant_weight):
    """Acceptor of a lexicon entry: the first alternative free, the others cost ``variant_weight``."""
    return union(*(t(w, variant_weight if i else None) for i, w in enumerate(words)))


def inserts(words, variant_weight):
    """Insert a lexicon entry: the first alternative free, the others cost ``variant_weight``."""
    return union(*(insert(w, variant_weight if i else None) for i, w in enumerate(words)))


def mapping(pairs, variant_weight=0.0):
    """Union of written->spoken pairs; a pair's spoken side may be a list of alternatives."""
    arcs = []
    for a, bs in pairs:
        bs = [bs] if isinstance(bs, str) else bs
        arcs += [cross(a, b, variant_weight if i else None) for i, b in enumerate(bs)]
    return union(*arcs)


def digit_said(loc, digits=None):
    """One digit said on its own in a string read digit by digit (phone numbers, codes,
    ISBNs, addresses): numbers.yaml digits (or ``digits``), zero as electronic.yaml
    ``digit_zero`` ("o" first in English, where a number says "zero")."""
    digits = loc.lex("numbers")["digits"] if digits is None else digits
    return mapping([("0", loc.lex("electronic")["digit_zero"])] + [(str(k), v) for k, v in digits.items()],
                   loc.variant)


def dotted_number(loc, number, least=1, most=3):
    """-> (written, spoken) of a number in parts joined by dots, each part a number of up to
    three digits said by ``number`` (digits -> words), the dots said with decimals.yaml
    ``point`` words, the first preferred: "4.2.3" <-> "four point two point three", "10.12"
    <-> "ten point twelve" (a version, a section or a figure, not a decimal); ``least`` to
    ``most`` dots."""
    part = chars("123456789") + closure(chars(DIGITS), 0, 2) | t("0")
    point = union(*(weighted(cross(".", f" {w} "), loc.variant if i else None)
                    for i, w in enumerate(words(loc.lex("decimals")["point"]))))
    said = pynini.compose(part, number)
    return part + closure(t(".") + part, least, most), said + closure(point + said, least, most)


def repeated_digits(loc, one):
    """A digit said once for two or three in a row ("double five" = 55, "triple four" = 444;
    electronic.yaml phone_double, phone_triple), ``one`` saying the digit; None without them."""
    lex = loc.lex("electronic")
    arms = [pynini.compose(t(x * n), delete(x * (n - 1)) + insert(w + " ") + one)
            for n, key in ((2, "phone_double"), (3, "phone_triple")) for w in words(lex.get(key, []))
            for x in DIGITS]
    return union(*arms).optimize() if arms else None


def cheapest(pairs):
    """[(spelling, cost)] with repeated spellings dropped, the cheapest kept (first-seen order)."""
    out = {}
    for w, c in pairs:
        if w not in out or c < out[w]:
            out[w] = c
    return list(out.items())


def number_strings(values, width=0):
    """Acceptor of the decimal strings of ``values`` (ints), zero-padded to ``width`` digits:
    number_strings(range(1, 13)), number_strings(range(1000, 2100), 4)."""
    return union(*(t(str(v).zfill(width)) for v in values)).optimize()


def words(w):
    """A lexicon value as a list of alternatives (the loader gives lists; code may pass a string)."""
    return [w] if isinstance(w, str) else list(w)


def alphabet(loc):
    """Every character the locale's grammars can read."""
    extra = loc.lex("locale").get("extra_chars", "")
    return "".join(dict.fromkeys(_ASCII + _LATIN1 + extra + PLACEHOLDER))


def sigma(loc):
    return chars(alphabet(loc))


def closure(f, lo=0, hi=None):
    return pynini.closure(f, lo, hi) if hi is not None else pynini.closure(f, lo)


def optimize(f):
    return f.optimize()


def plural(word, rules):
    """``word`` in the plural by the first of ``rules`` ({ends, replace}, dates.yaml
    plural_rules) whose ending it has: "ninety" -> "nineties", "five" -> "fives"."""
    for rule in rules:
        if word.endswith(rule["ends"]):
            return word[: len(word) - len(rule["ends"])] + rule["replace"]
    raise ValueError(f"no plural rule for {word!r}")
