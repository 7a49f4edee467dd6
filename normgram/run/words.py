"""Words: how the pipeline cuts a text into words (exact character offsets).

Words are runs of non-space, cut in pieces of MAX_WORD characters (a longer run is read a
piece at a time, so its reading costs time in proportion to its length); a run of two or more hyphens (the "--" dash of older texts,
"three.--Where") is a word of its own, so the words beside it can be entities, except
between digits ("10--15" stays one word).  Locales with elision extend the pattern (the
spec's ``Text.word_pattern``: "l'heure" -> "l'" "heure").
"""
import regex

WORD = r"(?:[^\s-]|(?<=\d)-+(?=\d)|-(?!-))+|-+"
MAX_WORD = 1000
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
        spans = [m.span() for m in found.finditer(text)]
        if any(e - s > MAX_WORD for s, e in spans):
            spans = [(p, min(p + MAX_WORD, e)) for s, e in spans for p in range(s, e, MAX_WORD)]
        return spans
