"""Fixed expressions whose number words stay words.
            TN: "my two cents" -> "my two cents" (no TN triggers: written text keeps them anyway)
            ITN: "just my two cents" -> "just my two cents" (not "my 2 cents"),
                 "nine times out of ten it works" stays, as does "ninety nine times out of a hundred"

Token: the expression as said; read and written alike, so a span of this class converts
nothing and keeps the words where another class would write digits.  The expressions are
data (itn_rules/en/idioms.yaml ``expressions``); a slot ``{n}`` stands for any number said
in words from 1 to ``slot_max`` ("{n} times out of {n}").
"""
import pynini

from . import lib
from .lib import t, union

NAME = "idiom"
REQUIRES = ("cardinal",)
SLOT = "{n}"


def build(loc, cardinal):
    lex = loc.itn("idioms")
    phrases = lex.get("expressions", [])
    if not phrases:
        return lib.ClassGrammar(NAME, pynini.Fst(), pynini.Fst(), triggers={})
    # the numbers 1..slot_max said in words
    slot = pynini.project(pynini.compose(lib.number_strings(range(1, lex.get("slot_max", 100) + 1)),
                                         cardinal.parts["number"]), "output")
    said = []
    for p in phrases:
        pieces = p.split(SLOT)
        fst = t(pieces[0])
        for piece in pieces[1:]:
            fst = fst + slot + t(piece)
        said.append(fst)
    kept = pynini.arcmap(union(*said).optimize(), map_type="rmweight")
    numbers = set(cardinal.parts["words"])
    words = sorted({w for p in phrases for w in p.replace(SLOT, " ").split()} - numbers)
    return lib.ClassGrammar(NAME, kept, kept, triggers={"itn": {"joiners": words}})

