"""Roman numerals.  TN: "Chapter IX" -> "Chapter nine", "Henry VIII" -> "Henry the eighth",
                   "XIII" -> "thirteen" (alone, two letters or more)
                  ITN: "chapter nine" -> "chapter IX", "louis the fourteenth" -> "Louis XIV",
                       "volume eight" -> "volume 8" (digit_keywords: the number in digits),
                       "apartment three b" -> "apartment 3B" (unit_letter_keywords),
                       "the war three years ago", "book two rooms" stay (itn_prose,
                       style/keyword_prose.py)

Token: the word before the numeral as written, a space, "c" (cardinal reading) or "o"
(ordinal reading) and the value in digits: "Chapter c9", "Henry o8"; a lone numeral is
"c13".  A numeral is read only after a keyword or a name from roman.yaml, or alone when
it looks like nothing else (not "I", "V", "CD", "MIX"), so pronouns and acronyms stay.
"""
import pynini

from . import lib
from .lib import chars, closure, cross, delete, insert, t, union

NAME = "roman"
REQUIRES = ("cardinal", "ordinal", "decimal")


def _digit_table(letters, power):
    """Digit d at 10**power -> its roman letters ("4" at 0 -> "IV"); 0 -> ""."""
    one, five, ten = letters.get(10 ** power), letters.get(5 * 10 ** power), letters.get(10 ** (power + 1))
    shapes = {0: "", 1: "a", 2: "aa", 3: "aaa", 4: "ab", 5: "b", 6: "ba", 7: "baa", 8: "baaa", 9: "ac"}
    out = {}
    for d, shape in shapes.items():
        if ("b" in shape and not five) or ("c" in shape and not ten):
            continue
        out[str(d)] = shape.replace("a", one).replace("b", five or "").replace("c", ten or "")
    return out


def _value(letters):
    """Roman numeral -> canonical digits (1 .. the largest the letters can write)."""
    tables = [_digit_table(letters, p) for p in range(4) if 10 ** p in letters]
    arms = []
    for width in range(1, len(tables) + 1):
        f = None
        for p in range(width - 1, -1, -1):
            table = tables[p]
            pairs = [(r, d) for d, r in table.items() if not (p == width - 1 and d == "0")]
            arm = union(*(cross(r, d) if r else insert(d) for r, d in pairs))
            f = arm if f is None else f + arm
        arms.append(f)
    return union(*arms).optimize()


def _cased(words, cost=None, as_listed=False):
    """Each word Capitalized and in UPPER case; ``as_listed``: also as listed, the two cased
    forms costing ``cost``, else the UPPER one only."""
    title = lambda w: w[:1].upper() + w[1:]
    return union(*((t(w) | t(title(w), cost) if as_listed else t(title(w))) | t(w.upper(), cost) for w in words))


def _prose(loc, rom, itn_keys, cardinal):
    """ITN: the ``prose`` trigger style/keyword_prose.py reads (roman.yaml itn_prose: the words
    around an itn keyword that make it a word of prose, the number after it no numeral), with
    the keywords and the words of the number one; None in TN or without itn_prose."""
    prose = rom.get("itn_prose")
    if loc.direction != "itn" or not prose:
        return None
    one = pynini.compose(t("1"), cardinal.parts["number"]).optimize()
    return {**prose, "keywords": sorted(itn_keys), "one": sorted(set(one.paths().ostrings()))}


def build(loc, cardinal, ordinal, decimal):
    rom = loc.lex("roman")
    letters = {int(k): v for k, v in rom["letters"].items()}
    value = _value(letters)
    upto = lambda n: pynini.compose(value, lib.number_strings(range(1, n + 1)))

    lone_letters = closure(chars(rom["standalone_letters"]), 2)
    lone_letters = pynini.difference(lone_letters, union(*(t(w) for w in rom["standalone_exclude"])))
    lone = pynini.compose(lone_letters, upto(rom["standalone_max"]))
    names = sorted(set(rom["names"]))
    keys, itn_keys = sorted(set(rom["keywords"])), set(rom["itn_keywords"])
    key_w = union(*(lib.weighted(_cased([k], as_listed=True), None if k in itn_keys else loc.style("roman_keyword_not_itn"))
                    for k in keys))
    # a number after a digit keyword written in digits ("volume eight" -> "volume 8"; ITN only,
    # TN reads "Volume 8" as any number after a word)
    digit_keys = sorted(set(rom.get("digit_keywords", [])))
    up = loc.style("upper_case_written")  # lower-case input writes the keyword as said
    digit_w = _cased(digit_keys, up, as_listed=True) if digit_keys else None
    # ("level two point five" -> "level 2.5": a decimal after the keyword, token "level d2.5")
    # A place label may end in a letter ("apartment three b" -> "apartment 3B", token
    # "apartment c3 B"): after the unit_letter_keywords, one of unit_letters.
    unit_keys = sorted(set(rom.get("unit_letter_keywords", [])))
    unit_letters = rom.get("unit_letters", "")
    stray = sorted(set(unit_keys) - set(digit_keys))
    if stray:
        raise ValueError(f"roman.yaml unit_letter_keywords: {stray[0]} is no digit_keywords word")
    unit_w = _cased(unit_keys, up, as_listed=True) if unit_keys and unit_letters else None
    arabic = (lib.weighted(digit_w + t(" ") + (insert("c") + cardinal.parts["written_digits"]
                                               | insert("d") + decimal.written),
                           loc.style("roman_digit_keyword")),) if digit_keys else ()
    if unit_w is not None:
        arabic += (lib.weighted(unit_w + t(" ") + insert("c") + cardinal.parts["written_digits"]
                                + insert(" ") + chars(unit_letters), loc.style("roman_digit_keyword")),)
    # a one-letter numeral after a keyword only of keyword_single_letters ("Appendix C" is a letter)
    key_value = value
    if rom.get("keyword_single_letters"):
        other = chars("".join(c for c in letters.values() if c not in rom["keyword_single_letters"]))
        key_value = pynini.compose(pynini.difference(closure(chars("".join(letters.values())), 1), other), value)
    written = union(
        *arabic,
        key_w + t(" ") + insert("c") + key_value,
        _cased(names, loc.style("upper_case_written")) + t(" ") + insert("o") + upto(rom["names_max"]),
        # a numeral alone is read (TN), never written (ITN: "thirteen" is no "XIII"), so the
        # ITN FST holds no reading of a bare number and is entered only at a name or keyword
        lib.weighted(insert("c") + lone, loc.style("roman_standalone")) if loc.direction == "tn" else None)

    number = cardinal.parts["number"]
    prose = _prose(loc, rom, itn_keys, cardinal)
    article = lib.inserts(rom["ordinal_article"], loc.variant)
    # ITN reads lower-case names; TN keeps the name as written.
    name_s = union(*(t(w) | t(w.upper()) | lib.weighted(cross(w, w.lower()), loc.style("lower_case_spoken"))
                     for w in names))
    key_s = _cased(sorted(set(keys) | set(digit_keys)), as_listed=True)
    # after a keyword a label may be said with "hundred" left out ("flight six sixty" -> 660)
    unit_s = _cased(unit_keys, as_listed=True) if unit_w is not None else None
    spoken = union(
        key_s + t(" ") + delete("c") + cardinal.parts["number_alone"],
        unit_s + t(" ") + delete("c") + cardinal.parts["number_alone"]
        + t(" ") + union(*(cross(c, c.lower()) for c in unit_letters)) if unit_s is not None else None,
        key_s + t(" ") + delete("d") + decimal.spoken,
        name_s + t(" ") + delete("o") + article + insert(" ") + ordinal.parts["number"],
        delete("c") + number)
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"tn": {"patterns": ["^\\W*[" + "".join(letters.values()) + "]+\\W*$"],
                         "joiners": sorted({k.lower() for k in keys} | {n.lower() for n in names})},
                  "itn": {"joiners": sorted({k.lower() for k in itn_keys} | {n.lower() for n in names}
                                            | {k.lower() for k in digit_keys}
                                            | set(lib.words(rom["ordinal_article"]))),
                          **({"prose": prose} if prose else {})}},
        parts={"value": value})
