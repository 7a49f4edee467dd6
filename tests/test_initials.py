"""normgram/initials.py: which all-caps words are a person's initials in a list of authors."""
import pytest

from normgram.initials import Initials

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
    assert Initials(SPEC, EDGE).kept(words, words.index(word)) is kept


def test_edges():
    ini = Initials(SPEC, EDGE)
    assert ini.kept(["DR"], 0) is False
    assert ini.kept(["(DR),", "Smith", "AB,"], 0) is False
