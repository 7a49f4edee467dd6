"""Words and marks of a line, shared by the punctuation and truecasing stages and their training.

A line is cut at whitespace into tokens.  A token with a letter or digit is a **word**; its
trailing punctuation (", . ? ! ; :" and closing quotes/brackets) is its **tail**, its leading
quotes/brackets and opening marks ("¿", "¡") its **head**.  A token without letters or digits (" . ", "--") is a loose mark
and belongs to the gap after the word before it.  The **event** of a gap is the sentence mark
it carries, one of ``EVENTS`` ("" = none), read from the tail and loose marks:

    >>> [(u.word, u.event) for u in units("Well , he said: it's $5.50 (cheap)!")]
    [('Well', ','), ('he', ''), ('said', ','), ("it's", ''), ('$5.50', ''), ('cheap', '!')]

A word whose final "." belongs to it ("Dr.", "p.m.", "U.S.") keeps it (``abbrev``): such a "."
is no sentence mark, and a sentence end after it is written with that same ".".
"""
from dataclasses import dataclass
from functools import lru_cache

import regex

EVENTS = ("", ",", ".", "?", "!")
SENTENCE_END = frozenset(".?!")
# the mark a punctuation run stands for, strongest first (";" and ":" are read as pauses, ",")
_EVENT_OF = ((("?",), "?"), (("!",), "!"), ((".", "\u2026"), "."), ((",", ";", ":"), ","))
_TOKEN = regex.compile(r"\S+")
_ALNUM = regex.compile(r"[\p{L}\p{N}]")
_HEAD = regex.compile(r"^[\p{Ps}\p{Pi}\"'`\u00bf\u00a1]+")  # opening marks, Spanish "¿" "¡" too
_TAIL = regex.compile(r"[\p{P}--[\-/#%&@*_]]+$", flags=regex.V1)
_ABBREV = regex.compile(r"^(?:\p{L}\.){2,}$|^\p{L}+\.(?:\p{L}+\.)+$|^\p{Lu}\p{Ll}{0,2}\.$")


def event_of(marks):
    """The sentence mark a run of punctuation stands for ("" when it holds none)."""
    if not marks:
        return ""
    for chars, ev in _EVENT_OF:
        if any(c in marks for c in chars):
            return ev
    return ""


@dataclass
class Unit:
    word: str        # the word without head and tail
    start: int       # character offsets of the word in the line
    end: int
    tail_end: int    # end of the word's tail and of loose marks after it (= end when none)
    event: str       # the sentence mark already written after the word ("" = none)
    abbrev: bool     # the word ends with its own "." ("Dr.", "p.m.")


def units(line):
    """The words of a line with the marks already written after them (see the module doc)."""
    out = []
    for m in _TOKEN.finditer(line):
        tok, start = m.group(), m.start()
        if not _ALNUM.search(tok):
            if out:
                u = out[-1]
                u.event = u.event or event_of(tok)
                u.tail_end = m.end()
            continue
        head = _HEAD.match(tok)
        h = head.end() if head else 0
        tail = _TAIL.search(tok, h)
        t = tail.start() if tail else len(tok)
        word, marks = tok[h:t], tok[t:]
        abbrev = False
        if marks.startswith(".") and _ABBREV.match(word + "."):
            word, marks, t, abbrev = word + ".", marks[1:], t + 1, True
        out.append(Unit(word, start + h, start + t, m.end(), event_of(marks), abbrev))
    return out


@lru_cache(maxsize=None)
def _script_res(script):
    return (regex.compile(rf"\p{{{script}}}"), regex.compile(rf"[\p{{L}}--\p{{{script}}}]", flags=regex.V1))


def has_letters(text, script):
    """True when text has a letter of ``script`` (a Unicode script name: "Latin", "Cyrillic")."""
    return _script_res(script)[0].search(text) is not None


def foreign(word, script):
    """True when the word has a letter outside ``script`` (it passes through the stages as is)."""
    return not word.isascii() and _script_res(script)[1].search(word) is not None


_NUM = regex.compile(r"\p{N}")


def lm_word(word):
    """The lowercased token a model reads for a word (any word with a digit is "<num>"; a
    typographic apostrophe is read as a straight one: "don\u2019t" is "don't")."""
    if _NUM.search(word):
        return "<num>"
    low = word.lower()
    return low.replace("\u2019", "'") if "\u2019" in low else low
