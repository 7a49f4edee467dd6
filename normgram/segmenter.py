"""The region FST: reads a run of candidate words and marks every class reading in it.

    region  = item (" " item)*
    item    = word:ε  |  punct:ε*  START class-id  CLASS  END  punct:ε*

Passed-through words and punctuation output nothing (the runtime copies them from the
input), a class reading outputs its converted text between private-use markers, so a
path's arc labels give exact input offsets of every span.  Weights come from the
direction's weights.yaml: a span costs ``span`` plus its class's cost, a word left as
it is costs ``passthrough`` (``passthrough_digits`` if it holds a digit), a punctuation
mark split off an entity's edge costs ``split_punctuation``, and, where the weights set
``hyphen_suffix``, a word glued after an entity by a hyphen ("3-dollar", "50-mile") is
copied at that cost.

A staged class (lib.ClassGrammar.staged) puts only its first stage in the region; the
region's output then goes through ``late``, which copies every span and sends the
spans of staged classes through their second stage, per region at run time.
"""
import pynini
from pynini.lib import pynutil

START, END = "\ue001", "\ue002"
CLASS_BASE = 0xE100


def class_mark(index):
    return chr(CLASS_BASE + index)


def _acc(s):
    return pynini.accep(pynini.escape(s), token_type="utf8")


def _chars(s):
    return pynini.union(*(_acc(c) for c in dict.fromkeys(s)))


def build(class_fsts, weights, alphabet, edge_punct):
    """class_fsts: [(index, name, fst)] for one direction -> the region FST."""
    classes = weights.get("classes", {})
    spans = []
    for index, name, fst in class_fsts:
        mark = pynutil.insert(_acc(START + class_mark(index)))
        cost = weights["span"] + classes.get(name, 0.0)
        spans.append(pynutil.add_weight(mark + fst + pynutil.insert(_acc(END)), cost))
    entity = pynini.union(*spans)
    nonspace = _chars(alphabet.replace(" ", ""))
    digits = _chars("0123456789")
    nondigit = _chars("".join(c for c in alphabet if c not in " 0123456789"))
    word = pynini.union(
        pynutil.add_weight(pynutil.delete(pynini.closure(nondigit, 1)), weights["passthrough"]),
        pynutil.add_weight(pynutil.delete(pynini.closure(nonspace) + digits + pynini.closure(nonspace)),
                           weights["passthrough_digits"]))
    punct = pynutil.add_weight(pynutil.delete(_chars(edge_punct)), weights["split_punctuation"])
    glued = entity
    if "hyphen_suffix" in weights:
        letters = _chars("".join(c for c in alphabet if c.isalpha()))
        suffix = pynini.closure(_acc("-") + pynini.closure(letters, 1), 1)
        glued = entity + pynutil.add_weight(pynutil.delete(suffix), weights["hyphen_suffix"]).ques
    item = word | pynini.closure(punct) + glued + pynini.closure(punct)
    region = item + pynini.closure(pynutil.delete(_acc(" ")) + item)
    return region.optimize().arcsort("ilabel")


def late(class_fsts, lates):
    """Second stage over the region's output: START mark text END spans.

    class_fsts: every class's region FST (their output labels make the copied alphabet);
    lates: {class index: late FST} for the staged classes.
    """
    marks = {START, END} | {class_mark(i) for i in range(len(class_fsts))}
    labels = set()
    for f in class_fsts:
        for s in f.states():
            labels.update(a.olabel for a in f.arcs(s))
    labels = sorted(lb for lb in labels if lb and chr(lb) not in marks)
    copy = pynini.closure(_chars("".join(map(chr, labels))))
    plain = _chars("".join(class_mark(i) for i in range(len(class_fsts)) if i not in lates)) + copy
    spans = pynini.union(plain, *(_acc(class_mark(i)) + f for i, f in lates.items()))
    return pynini.closure(_acc(START) + spans + _acc(END)).rmepsilon().arcsort("ilabel")
