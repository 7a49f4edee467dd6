"""normgram/author_initials.py: which all-caps words are a person's initials in a list of authors."""
from types import SimpleNamespace

import pytest

from normgram.style.author_initials import AuthorInitials

SPEC = {"max_letters": 3, "after": [",", ";", "(", "."], "words_after": ["et"]}
EDGE = "\"'`.,;:!?()[]{}"


@pytest.mark.parametrize("text, word, kept", [
    ("Lin L, Goodnough JB, Thapa DR, Gabayan V (2008).", "DR,", True),
    ("Lin L, Goodnough JB, Thapa DR, Gabayan V (2008).", "JB,", True),
    ("Kirk PM , Cannon PF , Minter DW .", "PM", True),      # marks written apart
    ("Kirk PM , Cannon PF , Minter DW .", "DW", True),      # the last item, after the one before
    ("Broom DM, Hunter JC, Mendl MT", "MT", True),          # the text's end closes the item
    ("Friedlander DR, Milev P, Karthikeyan L et al.", "DR,", True),
    ("Eanes ED, Eyre DR (Feb 1993).", "DR", True),
    ("Compton LV ( 1943 ) Techniques", "LV", False),        # one pair: no list
    ("by the Canadian CBC, the BBC, and NHK", "CBC,", False),
    ("weis MA, eyre ED", "MA,", False),                     # no surname
    ("Weis MA and Eyre ED", "MA", False),                   # no mark after
    ("Smith ABCD, Jones EF", "ABCD,", False),               # more than max_letters
    ("Smith A, Jones B", "A,", False),                      # one letter: no acronym to keep
])
def test_kept(text, word, kept):
    words = text.split()
    assert AuthorInitials(SPEC, EDGE, 0).kept(words, words.index(word)) is kept


def test_edges():
    ini = AuthorInitials(SPEC, EDGE, 0)
    assert ini.kept(["DR"], 0) is False
    assert ini.kept(["(DR),", "Smith", "AB,"], 0) is False


def test_choose_leaves_out_the_initials_spans_of_its_class():
    """The reading keeps its other spans; a span of another class over initials stays."""
    src = "Thapa DR, Gabayan VK, Ganz T 2008"
    dr, vk, year = (6, 8, 0, "d r"), (19, 21, 1, "v k"), (29, 33, 2, "two thousand eight")
    best = SimpleNamespace(spans=(dr, vk, year), weight=1.0)
    words = src.split(" ")
    chosen, asked = AuthorInitials(SPEC, EDGE, 0).choose(src, [best], best, [], [], words)
    assert asked and chosen.spans == (vk, year) and best.spans == (dr, vk, year)
    # the window beside the region counts: the list item before comes from ``left``
    chosen, _ = AuthorInitials(SPEC, EDGE, 0).choose("DR, Gabayan", [best], SimpleNamespace(spans=((0, 2, 0, "d r"),)),
                                                     ["Lin", "L,", "Thapa"], ["V", "(2008)."], ["DR,", "Gabayan"])
    assert chosen.spans == ()
    assert AuthorInitials(SPEC, EDGE, 0).choose("Ganz", [], SimpleNamespace(spans=((0, 4, 1, "g"),)),
                                                [], [], ["Ganz"])[1] is False
