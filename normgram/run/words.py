"""Words: how the pipeline cuts a text into words (exact character offsets).

Words are runs of non-space; a run longer than MAX_WORD characters is cut in pieces of at most
that many (``bounded``), so a huge token is read in time and memory in proportion to its length
and no number group is cut where a piece can end elsewhere.  A run of two or more hyphens (the "--" dash of older texts,
"three.--Where") is a word of its own, so the words beside it can be entities, except
between digits ("10--15" stays one word).  Locales with elision extend the pattern (the
spec's ``Text.word_pattern``: "l'heure" -> "l'" "heure").
"""
import regex

WORD = r"(?:[^\s-]|(?<=\d)-+(?=\d)|-(?!-))+|-+"
MAX_WORD = 1000  # characters: a longer run of non-space is read in pieces
CUT_BACK = 100   # characters at a piece's end where a cut between marks or digits is sought
WORD_RE = regex.compile(WORD)
_PLAIN = regex.compile(r"[^\s-]+")  # WORD on a text with no hyphen


class Words:
    """A locale's word cutter (``pattern``: its word pattern, WORD by default)."""

    def __init__(self, pattern=None):
        self.re = regex.compile(pattern or WORD)
        # the default pattern finds runs of non-space where a text holds no hyphen
        self._plain = _PLAIN if self.re.pattern == WORD else None

    def spans(self, text):
        """The (start, end) offsets of the words of ``text``."""
        found = self._plain if self._plain is not None and "-" not in text else self.re
        return bounded(text, [m.span() for m in found.finditer(text)])


def bounded(text, spans, most=MAX_WORD):
    """Word ``spans`` of ``text`` with every word longer than ``most`` characters cut in pieces of
    at most ``most``: a piece ends after a mark other than a point or comma inside a number
    ("ab_|cd", "1.5/|2.5", not "12,|345"), else where letters and digits meet ("ab12|CD"), else
    after any mark, in its last CUT_BACK characters; else (a run of digits, of letters) at ``most``."""
    if all(e - s <= most for s, e in spans):
        return spans
    out = []
    for s, e in spans:
        while e - s > most:
            cut = _cut(text, s, s + most)
            out.append((s, cut))
            s = cut
        out.append((s, e))
    return out


def _cut(text, lo, hi):
    """Where the piece of ``text`` from ``lo`` ends, at most at ``hi`` (see ``bounded``)."""
    low = max(lo + 1, hi - CUT_BACK)
    for p in range(hi, low - 1, -1):
        a, b = text[p - 1], text[p]
        if not a.isalnum() and not (a in ".," and p - 2 >= lo and text[p - 2].isdigit() and b.isdigit()):
            return p
    for p in range(hi, low - 1, -1):
        a, b = text[p - 1], text[p]
        if a.isalnum() and b.isalnum() and a.isdigit() != b.isdigit():
            return p
    for p in range(hi, low - 1, -1):
        if not text[p - 1].isalnum():
            return p
    return hi
