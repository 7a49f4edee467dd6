"""Digit strings after a cue word.  TN: "zip code 90210" -> "zip code nine oh two one oh",
                                        "PIN 4729" -> "PIN four seven two nine"
                                   ITN: "the pin is four seven two nine" -> "the pin is 4729",
                                        "dial nine one one" -> "dial 911",
                                        "the part number is k seven seven four" -> "... K774",
                                        "press two for spanish" -> "press 2 for spanish" (key_cues)

Token: the cue and the words between it and the digits as written, "|", the digits
("zip code is|90210").  The cue (digits.yaml ``cues``) is what makes a run of digit words a
digit string: without one, "nine oh two" stays a time or a number for the other classes.
Digits are said one by one (numbers.yaml digits; zero as electronic.yaml ``digit_zero``), after
up to ``letters_before`` spelled letters ("K774": token "part number is|K774").
TN also reads a number written with a leading zero so, with no cue (``leading_zero``: "07"
-> "o seven", "007" -> "o o seven"; token "|07"): its digits are a label, not a count.
ITN reads those back only under a tag (ClassGrammar.tagged): "o seven" stays words in prose.
"""
import pynini

from . import _calendar, lib
from .lib import DIGITS, UPPER, chars, closure, delete, insert, t, union

NAME = "digits"
REQUIRES = ("cardinal",)


def _pairs(cardinal, one):
    """Three or four digits said in pairs: a number up to 99, then "oh" and a digit or a number
    from 10 ("twenty one oh nine" = 2109, "forty two fifty" = 4250, "seven twelve" = 712)."""
    d, nz = chars(DIGITS), chars("123456789")
    number = cardinal.parts["number"]
    head = pynini.compose(nz | nz + d, number)
    tail = pynini.compose(t("0") + d, one + insert(" ") + one) | pynini.compose(nz + d, number)
    return (head + insert(" ") + tail).optimize()


def build(loc, cardinal):
    lex = loc.lex("digits")
    # a cue as said, and as written at a sentence start or in capitals ("ZIP code", "PIN")
    cue = union(*(t(c) for c in _calendar.cased(lex["cues"]) + [p.upper() for p in lex["cues"]]))
    gap = union(*(t(" " + b) for b in lex.get("between", []))).ques + t(" ")
    d = chars(DIGITS)
    written = cue + gap + insert("|") + closure(d, lex["min_digits"], lex["max_digits"])
    one = lib.digit_said(loc)
    repeated = lib.repeated_digits(loc, one)  # "the door code is triple four two"
    item = one if repeated is None else one | lib.weighted(repeated, loc.style("telephone_double"))

    def said(least):  # a run of least..max_digits digits said one by one
        return pynini.compose(closure(d, least, lex["max_digits"]), item + closure(insert(" ") + item)).optimize()

    run = said(lex["min_digits"])
    spoken = cue + gap + delete("|") + run
    most = lex.get("letters_before", 0)
    if most:  # a code that starts with spelled letters: "k seven seven four" -> "K774"
        letter = union(*(lib.cross(u, u.lower()) for u in UPPER))
        letters = letter + closure(insert(" ") + letter, 0, most - 1)
        tail = closure(d, lex["min_digits"], lex["max_digits"])
        written |= lib.weighted(cue + gap + insert("|") + closure(chars(UPPER), 1, most) + tail, loc.style("digits_letters"))
        spoken |= cue + gap + delete("|") + letters + insert(" ") + run
    keys = lex.get("key_cues")
    if keys:  # a phone keypad: "press two for spanish" -> "press 2 for spanish", one digit too,
        # before a word that says what the key does ("press one of the keys" stays words)
        key = union(*(t(c) for c in _calendar.cased(keys["before"]))) + t(" ")
        then = t(" ") + union(*(t(w) for w in keys["after"]))
        written |= key + insert("|") + closure(d, 1, lex["max_digits"]) + then
        spoken |= key + delete("|") + one + closure(insert(" ") + one, 0, lex["max_digits"] - 1) + then
    labels = lex.get("label_cues") if loc.direction == "itn" else None
    if labels:  # ITN: a numbered place or line, "room four one two" -> "room 412"
        label = union(*(t(c) for c in _calendar.cased(labels["words"])))
        written |= label + gap + insert("|") + closure(d, labels["min_digits"], lex["max_digits"])
        spoken |= label + gap + delete("|") + said(labels["min_digits"])
        if labels.get("pairs"):  # "flight twenty one oh nine" -> "flight 2109"
            paired = union(*(t(c) for c in _calendar.cased(labels["pairs"])))
            spoken |= paired + gap + delete("|") + _pairs(cardinal, one)
    lead, tagged = lex.get("leading_zero"), []
    if lead:  # TN: "07", "007" are a code, not a count: "o seven", "o o seven"; ITN under a tag only
        width = (lead["min_digits"] - 1, lead["max_digits"] - 1)
        written, spoken = lib.tn_arm(
            loc, lib.weighted(insert("|") + t("0") + closure(d, *width), loc.style("digits_leading_zero")),
            delete("|") + one + closure(insert(" ") + one, *width), (written, spoken), tagged)
    label_words = set(labels["words"]) if labels else set()
    words = [p.split() for p in lex["cues"]] + [[w] for w in sorted(label_words)]
    lasts = {w[-1] for w in words}
    numbers = {w for v in loc.lex("numbers")["digits"].values() for w in lib.words(v)}
    if lasts & numbers:  # a digit word that pulls its neighbours would pull them at every number
        raise ValueError(f"digits.yaml cues: a cue may not end in a digit word ({sorted(lasts & numbers)})")
    # the cue's last word pulls the words between it and the digits, and the first digit
    reach = 1 + max((len(b.split()) for b in lex.get("between", [])), default=0)
    # a label word pulls only the word after it: "port of entry the ninth" keeps its region
    context = {w: 1 if w in label_words else reach for w in lasts}
    joiners = sorted(({x for w in words for x in w[:-1]} | {x for c in (keys["before"] + keys["after"] if keys else ()) for x in c.split()}) - lasts)
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"tn": {"anchors": sorted(lasts), "joiners": joiners, "context": context},
                  "itn": {"anchors": sorted(lasts), "joiners": joiners, "context": context}},
        tagged=tuple(tagged))
