"""Readings of equal grammar weight are ordered by the words they convert (leftmost-longest),
not by the shape of the compiled FSTs (normgram/run/read.py: ties_by_words)."""
import pytest

from normgram.run.read import ties_by_words

SRC = "one eight six five zero eight one two three"  # offsets: one 0-3, eight 4-9, six 10-13 ...


def reading(w, *spans):
    return (w, [(s, e, c, SRC[s:e].upper() if o is None else o) for s, e, c, o in spans])


CASES = {
    # name: (readings in shortest-path order, index order expected)
    "leftmost-first": ([reading(1.75, (10, 43, 0, "650-8123")), reading(1.75, (4, 37, 0, "865-0812"))], [1, 0]),
    "longer-first": ([reading(2.0, (0, 9, 0, "18")), reading(2.0, (0, 13, 0, "186"))], [1, 0]),
    "fewer-converted-first": ([reading(1.0, (0, 9, 0, "18"), (14, 18, 0, "5")), reading(1.0, (0, 9, 0, "18"))], [1, 0]),
    "words-kept-first": ([reading(0.5, (0, 9, 0, "18")), reading(0.5, (0, 9, 0, "one eight"))], [1, 0]),
    "float-noise-is-a-tie": ([reading(3.7500002, (10, 13, 0, "6")), reading(3.75, (4, 9, 0, "8"))], [1, 0]),
    "lower-weight-stays-first": ([reading(1.0, (10, 13, 0, "6")), reading(1.0001, (4, 9, 0, "8"))], [0, 1]),
    "same-words-keep-path-order": ([reading(1.0, (0, 3, 1, "1")), reading(1.0, (0, 3, 0, "one."))], [0, 1]),
    "runs-sorted-apart": ([reading(1.0, (4, 9, 0, "8")), reading(1.0, (0, 3, 0, "1")),
                           reading(2.0, (10, 13, 0, "6")), reading(2.0, (4, 9, 0, "8"))], [1, 0, 3, 2]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_equal_weights_are_ordered_by_words(name):
    found, order = CASES[name]
    got = ties_by_words(list(found), SRC, {})
    assert got == [found[i] for i in order]
