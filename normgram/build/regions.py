"""The region FST: reads a run of candidate words and marks every class reading in it.

    region  = item (" " item)*
    item    = word:ε  |  punct:ε*  [elided:ε]  [gate:ε]  START class-id  CLASS  END  punct:ε*

Passed-through words and punctuation output nothing (the runtime copies them from the
input), a class reading outputs its converted text between private-use markers, so a
path's arc labels give exact input offsets of every span.  Weights come from the
direction's weights.yaml: a span costs ``span`` plus its class's cost, a word left as
it is costs ``passthrough`` (``passthrough_digits`` if it holds a digit;
``passthrough_scale`` if it is a scale word, "hundred", "thousand": one left beside a
number is that number's, "between two thousand and three thousand"), a punctuation
mark split off an entity's edge costs ``split_punctuation``, and, where the weights set
``hyphen_suffix``, a word glued after an entity by a hyphen ("3-dollar", "50-mile") is
copied at that cost for each of its hyphen-joined parts; where they set
``possessive_suffix``, a possessive ending glued to an entity ("II's") is copied at that cost.

A gated class (normgram/run/gates.py) first reads its gate symbol, which the pipeline only
offers in regions holding one of the class's gate words.

A staged class (lib.ClassGrammar.staged) puts only its first stage in the region; the
pipeline sends the spans of staged classes in a region's best readings through their
class's second stage at run time.  Where a staged class asks for it
(lib.ClassGrammar.late_reversed), a direction's second stages are kept reversed and read
their input from its end (``apply_late``).
"""
import pynini
from pynini.lib import pynutil

from ..run.regions import END, START, class_mark


def literal(s):
    """Acceptor of the literal string ``s`` (UTF-8 labels)."""
    return pynini.accep(pynini.escape(s), token_type="utf8")


def _strings(ss):
    return pynini.union(*(literal(x) for x in dict.fromkeys(ss)))


def _chars(s):
    return pynini.union(*(literal(c) for c in dict.fromkeys(s)))


def build(class_fsts, weights, alphabet, edge_punct, scale_words=(), possessive=(), unsaid="", elision=""):
    """class_fsts: [(index, name, fst, gate label or None)] for one direction (a class may
    come in several entries, its reading groups) -> the region FST.  A gated entry's spans
    first read its gate symbol (normgram/run/gates.py).  ``scale_words``: the locale's number
    scale words, copied at ``passthrough_scale`` where the weights set it.  ``possessive``:
    endings glued to an entity ("'s"), copied after it at ``possessive_suffix`` where set.
    ``unsaid``: signs a voice cannot say; a word holding one costs ``passthrough_symbols``
    left as it is, where the weights set it.  ``elision``: the apostrophes of an elided word
    (fr, it): such a word glued before an entity is copied ("l'art. 5" -> "l'article cinq",
    the region reads "l'" and the whitelist span "art. 5")."""
    classes = weights.get("classes", {})
    spans = []
    for index, name, fst, gate in class_fsts:
        if name in weights.get("disabled", ()):
            continue  # a class the direction's weights disable is not read in running text
        mark = pynutil.insert(literal(START + class_mark(index)))
        if gate is not None:
            mark = pynutil.delete(literal(chr(gate))) + mark
        cost = weights["span"] + classes.get(name, 0.0)
        spans.append(pynutil.add_weight(mark + fst + pynutil.insert(literal(END)), cost))
    entity = pynini.union(*spans)
    nonspace = _chars(alphabet.replace(" ", ""))
    digits = _chars("0123456789")
    signs = unsaid if "passthrough_symbols" in weights else ""
    nondigit = _chars("".join(c for c in alphabet if c not in " 0123456789" + signs))
    plain = pynini.closure(nondigit, 1)
    scale = "passthrough_scale" in weights and scale_words
    if scale:
        scale = pynini.union(*(literal(w) for w in scale_words)).optimize()
        plain = pynini.difference(plain, scale)
    word = pynini.union(
        pynutil.add_weight(pynutil.delete(plain), weights["passthrough"]),
        pynutil.add_weight(pynutil.delete(pynini.closure(nonspace) + digits + pynini.closure(nonspace)),
                           weights["passthrough_digits"]))
    if scale:
        word |= pynutil.add_weight(pynutil.delete(scale), weights["passthrough_scale"])
    if signs:
        word |= pynutil.add_weight(pynutil.delete(pynini.closure(nonspace) + _chars(signs) + pynini.closure(nonspace)),
                                   weights["passthrough_symbols"])
    punct = pynutil.add_weight(pynutil.delete(_chars(edge_punct)), weights["split_punctuation"])
    glued = entity
    if "hyphen_suffix" in weights:
        letters = _chars("".join(c for c in alphabet if c.isalpha()))
        # a word, not a code: capitals after its first letter ("12345-AB", "8837-XL") make a serial
        small = _chars("".join(c for c in alphabet if c.isalpha() and not c.isupper()))
        part = pynutil.add_weight(pynutil.delete(literal("-") + letters + pynini.closure(small)), weights["hyphen_suffix"])
        glued = entity + pynini.closure(part, 1).ques  # each glued part costs: "25-year-old", not "20-five-year-old"
    if possessive and "possessive_suffix" in weights:  # "Elizabeth II's": the span ends before "'s"
        glued += pynutil.add_weight(pynutil.delete(_strings(possessive)), weights["possessive_suffix"]).ques
    if elision:
        letters = _chars("".join(c for c in alphabet if c.isalpha()))
        # no cost of its own: copied whole, the word it is glued to costs one passthrough too
        elided = pynutil.delete(pynini.closure(letters, 1) + _chars(elision))
        glued = elided.ques + glued
    item = word | pynini.closure(punct) + glued + pynini.closure(punct)
    region = item + pynini.closure(pynutil.delete(literal(" ")) + item)
    return region.optimize().arcsort("ilabel")


def reverse(fst):
    """A second stage that reads its input from the end (see apply_late)."""
    return pynini.reverse(fst).rmepsilon().arcsort("ilabel")
