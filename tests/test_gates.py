"""Class gates (normgram/run/gates.py, proved by normgram/build/gate_proofs.py) only skip work: a region read with its gates gives the
same readings as one read with every gate offered at every character."""
import pynini
import pytest

from normgram.build import gate_proofs
from normgram.run import gates
from normgram.run.regions import best_paths
from normgram.run.spec import Gate

from conftest import normalizer

SENTENCES = {
    "itn": [
        "call me at five five five one two three four five six seven tomorrow",
        "it costs four fifty at the store on may fifth",
        "the nine eleven memorial opened on monday, march third two thousand three",
        "(twenty five dollars) and a buck fifty-ish",
        "he spelled o d i, then said three thirty p m or four o'clock",
        "twelve thirty four main street, california nine oh two one oh",
        "a third of the five-dollar bills, two point five percent",
        "seven", "the twenty first of may", "five to ten", "one two three four",
        "chapter six of volume eight says x equals two plus three",
    ],
    "tn": [
        "Call (555) 123-4567 at 4:30 p.m. on May 5, 1981.",
        "It cost $4.50, or 25% of 1/4 mile at 123 Main St., CA 90210.",
        "See 2011-08-18 and 3/20; Henry III paid €5 on 9/11.",
    ],
}


def _open_acceptor(src, labels):
    acc = pynini.accep(pynini.escape(src), token_type="utf8")
    one = pynini.Weight.one(acc.weight_type())
    for state in range(acc.num_states()):
        for lab in labels:
            acc.add_arc(state, pynini.Arc(lab, lab, one, state))
    return acc


def _best(acceptor, fst, n=12):
    best = best_paths(acceptor, fst, n)
    if best is None:
        return []
    paths = best.paths()
    found = []
    while not paths.done():
        found.append((round(float(paths.weight()), 4), paths.olabels()))
        paths.next()
    return sorted(found)


@pytest.mark.parametrize("direction", ["itn", "tn"])
def test_gates_change_no_reading(direction):
    norm = normalizer("en")
    pipe = norm.pipeline(direction)
    labels = [g[0] for g in pipe.gates.entries]
    assert labels, "English has gated classes in both directions"
    seen = []
    orig = pipe.reader.read
    pipe.reader.read = lambda src, n: (seen.append(src), orig(src, n))[1]
    try:
        for s in SENTENCES[direction]:
            (norm.itn if direction == "itn" else norm.tn)(s)
    finally:
        del pipe.reader.read
    assert seen
    for src in seen:
        low = src if pipe.lower else gates.lower(src)
        assert _best(pipe.gates.acceptor(src, low), pipe.fst) == _best(_open_acceptor(src, labels), pipe.fst), src


def test_min_words_and_vocabulary():
    acc = lambda *xs: pynini.union(*(pynini.accep(x) for x in xs)).optimize()
    assert gate_proofs.min_words(acc("four thirty", "noon")) == 1
    assert gate_proofs.min_words(acc("four thirty", "a quarter past four")) == 2
    assert gate_proofs.vocabulary(acc("four thirty", "half past four"), "abcdefghijklmnopqrstuvwxyz ") == \
        ["four", "half", "past", "thirty"]
    assert gate_proofs.vocabulary(pynini.accep("a") + pynini.accep("b").closure(), "ab ") is None


def test_vocabulary_gate_offers_runs_only():
    g = gates.Gates({"t": Gate(**{"words": [], "bounded": False, "min_words": 2, "label": gates.gate_label(3),
                           "vocabulary": ["four", "thirty"]})}, edge="(),.")
    src = "at four (thirty, then four"
    acc = g.acceptor(src, src)
    offered = [s for s in acc.states() for a in acc.arcs(s) if a.ilabel == gates.gate_label(3)]
    # "four (thirty," is a run of two: the gate at "four" only ("thirty," has one word left)
    assert offered == [src.index("four")]


def test_first_words():
    acc = lambda *xs: pynini.union(*(pynini.accep(x) for x in xs)).optimize()
    abc = "abcdefghijklmnopqrstuvwxyz0123456789 "
    assert gate_proofs.first_words(acc("four thirty", "half past four", "noon"), abc) == ["four", "half", "noon"]
    # digit strings: unbounded, so no first-word gate
    assert gate_proofs.first_words(pynini.accep("1") + pynini.accep("2").closure(), abc) is None
    assert gate_proofs.first_words(acc(*("a " * i + "b" for i in range(5))), abc, limit=3) == ["a", "b"]
    assert gate_proofs.first_words(acc("a", "b", "c", "d"), abc, limit=3) is None


def test_first_word_gate_offers_starts_only():
    g = gates.Gates({"c": Gate(**{"words": [], "bounded": False, "min_words": 1, "label": gates.gate_label(0),
                           "vocabulary": None, "first_words": ["five", "twenty"]})}, edge="(),.")
    src = "the (twenty, five-ish and twentyfive"
    acc = g.acceptor(src, src)
    offered = sorted(s for s in acc.states() for a in acc.arcs(s) if a.ilabel == gates.gate_label(0))
    # not at "the", "and" or "twentyfive"; at "(twenty," before and after its "(" (a span may
    # read the bracket or leave it outside), at "five-ish" (a hyphen suffix is read outside)
    i = src.index("(")
    assert offered == [i, i + 1, src.index("five-")]


def test_first_word_gate_with_gate_words():
    g = gates.Gates({"m": Gate(**{"words": ["dollars"], "bounded": True, "min_words": 2, "label": gates.gate_label(1),
                           "vocabulary": ["dollars", "five", "twenty"], "first_words": ["five", "twenty"]})},
                    edge="(),.")
    src = "twenty five dollars and twenty five"
    acc = g.acceptor(src, src)
    offered = sorted(s for s in acc.states() for a in acc.arcs(s) if a.ilabel == gates.gate_label(1))
    # not at "dollars" (no first word), nor after the last "dollars" (its gate word)
    assert offered == [0, src.index("five")]


def test_gate_offered_after_an_elided_word():
    """fr "l'art. 5": a span may start after the elided "l'" glued to its word (the region FST
    copies "l'"), as it may at the word's start; without elision only there."""
    gate = {"c": Gate(**{"words": [], "bounded": False, "min_words": 1, "label": gates.gate_label(0),
                         "vocabulary": None, "first_words": ["art."]})}
    src = "voir l'art. 5"
    for elision, want in (("'’", [src.index("l'"), src.index("art.")]), ("", [])):
        acc = gates.Gates(gate, edge="'(),.", elision=elision).acceptor(src, src)
        offered = sorted(s for s in acc.states() for a in acc.arcs(s) if a.ilabel == gates.gate_label(0))
        assert offered == want, elision
