"""Standard numbers (ISBN, ISSN) and versions.
    TN: "ISBN 0-671-07580-2" -> "i s b n o six seven one o seven five eight o two",
        "ISSN 0891-1851" -> "i s s n o eight nine one one eight five one",
        "v2.3.1" -> "version two point three point one", "4.2.3" -> "four point two point three"
    ITN: "i s b n three eight three one one three seven five four four" -> "ISBN 3-8311-3754-4"

Token: "ISBN|0671075802": the label and the characters without hyphens.  ITN writes an ISBN
hyphenated as the ISBN agency assigns (group-publisher-title-check, identifiers.yaml
isbn_ranges), other labels in their fixed groups ("0891-1851"); TN reads any hyphenation.
Digits are said one by one as in telephone numbers (electronic.yaml digit_zero: "o" first).
"""
import pynini

from . import lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "identifier"
REQUIRES = ("cardinal",)


def _blocks(lo, hi):
    """The equal-length digit strings from ``lo`` to ``hi`` as prefixes, each standing for
    itself followed by any digits up to the full length ("10".."29" -> "1", "2")."""
    if lo == "0" * len(lo) and hi == "9" * len(hi):
        return [""]
    if lo[0] == hi[0]:
        return [lo[0] + p for p in _blocks(lo[1:], hi[1:])]
    n = len(lo) - 1
    return ([lo[0] + p for p in _blocks(lo[1:], "9" * n)]
            + [str(d) for d in range(int(lo[0]) + 1, int(hi[0]))]
            + [hi[0] + p for p in _blocks("0" * n, hi[1:])])


def _isbn(ranges, check):
    """Hyphenated ISBN-13 and ISBN-10 -> their characters (hyphens deleted).  The ranges
    become prefix blocks grouped by what follows them (digits left of the publisher, title
    digits), one string map each: a trie, fast to build."""
    digit, hy = chars(DIGITS), delete("-")
    tails = {}   # (978|979, digits left in the publisher, title digits) -> group + publisher prefixes
    for key, rows in ranges.items():
        prefix, group = key.split("-")
        for lo, hi, width in rows:
            if width:
                title = 9 - len(group) - width
                for p in _blocks(f"{lo:07d}"[:width], f"{hi:07d}"[:width]):
                    tails.setdefault((prefix, width - len(p), title), []).append((group, p))
    bodies = {}
    for (prefix, rest, title), heads in tails.items():
        head = union(*(t(g) + hy + t(p) for g, p in heads)).optimize()
        bodies.setdefault(prefix, []).append(head + closure(digit, rest, rest) + hy
                                             + closure(digit, title, title) + hy)
    bodies = {p: union(*bs).optimize() for p, bs in bodies.items()}
    isbn13 = union(*(t(p) + hy + b for p, b in bodies.items())) + digit
    # ISBN-10: the 978 groups without the prefix, a check letter allowed
    return union(isbn13, bodies["978"] + check).optimize() if "978" in bodies else isbn13.optimize()


def build(loc, cardinal):
    lex = loc.lex("identifiers")
    wv = loc.style("written_variant")
    digit = chars(DIGITS)
    check = union(digit, *(t(c) for c in lex["check_letters"]))
    isbn = _isbn(lex["isbn_ranges"], check)
    sep = union(*(lib.weighted(delete(s), wv if i else None) for i, s in enumerate(lex["separators"])))
    # any other hyphenation (TN reads it; ITN writes it only where no range fits, and then
    # without hyphens: each hyphen costs)
    loose = digit + closure(digit | lib.weighted(delete("-"), wv) + digit)
    arms = []
    for label, e in lex["keywords"].items():
        if e.get("kind") == "isbn":
            size = union(*(t(p) for p in {k.split("-")[0] for k in lex["isbn_ranges"]})) + closure(digit, 10, 10) \
                | closure(digit, 9, 9) + check   # ISBN-13 begins with its prefix (978, 979)
            number = union(isbn, lib.weighted(pynini.compose(loose | closure(digit, 9, 9) + check, size), wv))
        else:
            gs, n = e["groups"], sum(e["groups"])
            fixed = lib.concat(*(closure(digit, g, g) + delete("-") for g in gs[:-1]),
                               closure(digit, gs[-1] - 1, gs[-1] - 1) + check)
            size = closure(digit, n - 1, n - 1) + check
            number = union(fixed, lib.weighted(pynini.compose(loose | closure(digit, n - 1, n - 1) + check, size), wv))
        arms.append(t(label) + insert("|") + sep + number)
    ver = lex.get("versions")
    version = _version(loc, ver, cardinal) if ver else None
    if version:  # "v2.3.1" -> token "V|2.3.1"
        arms.append(version[0])
    written = union(*arms).optimize()

    # digits said one by one as in telephone numbers (electronic.yaml digit_zero: "o" first)
    said = lib.digit_said(loc) | union(*(cross(c, c.lower()) for c in lex["check_letters"]))
    chars_s = said + closure(insert(" ") + said)
    label_s = union(*(cross(label, w) for label, e in lex["keywords"].items() for w in lib.words(e["spoken"])))
    spoken = label_s + delete("|") + insert(" ") + chars_s
    if version:
        spoken |= version[1]
    spoken = spoken.optimize()
    label_words = sorted({w for e in lex["keywords"].values() for s in lib.words(e["spoken"]) for w in s.split()})
    return lib.ClassGrammar(
        NAME, written, spoken,
        triggers={"tn": {"patterns": ["^(?:" + "|".join(lex["keywords"]) + ")", *([r"^[vV]\d+\.\d"] if ver else []),
                                      *([rf"^\d{{1,3}}(?:\.\d{{1,3}}){{{ver['bare_points']}}}\W*$"] if ver and ver.get("bare_points") else [])],
                         "anchors": [k.lower() for k in lex["keywords"]]
                         + ([p.strip().lower() for p in ver["prefixes"] if p.endswith(" ")] if ver else [])},
                  # the label's letters only join ("i" is no anchor: "I went on" opens no region)
                  "itn": {"anchors": cardinal.parts["words"] + [c.lower() for c in lex["check_letters"]],
                          "joiners": label_words + (lib.words(ver["spoken"]) if ver else [])}})


def _version(loc, ver, cardinal):
    """-> (written, spoken) of a version number: "v2.3.1" / "version 2.3.1" <-> token
    "V|2.3.1" <-> "version two point three point one"; each prefix with its fewest points."""
    # ITN writes the first prefix only ("version two point two" stays the decimal "version 2.2")
    arms = [lib.weighted(cross(p, "V|"), loc.style("written_variant") if i else None)
            + lib.dotted_number(loc, cardinal.spoken, n, 3)[0]
            for i, (p, n) in enumerate(ver["prefixes"].items()) if i == 0 or loc.direction == "tn"]
    said = union(*(cross("V|", w + " ") for w in lib.words(ver["spoken"])))
    spoken = said + lib.dotted_number(loc, cardinal.spoken, 1, 3)[1]
    bare = ver.get("bare_points")
    if bare:  # "section 4.2.3", "Python 3.11.4": that many points and no prefix (token "B|4.2.3")
        written_b, spoken_b = lib.dotted_number(loc, cardinal.spoken, bare, bare)
        arms.append(insert("B|") + written_b)
        spoken |= delete("B|") + spoken_b
    return union(*arms), spoken
