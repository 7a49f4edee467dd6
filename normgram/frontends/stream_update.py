"""What a push of streaming ITN returns (streaming.py): the ``Update`` with its committed
text and spans, the timed written ``Tokens`` of a commit, computed when read, and ``join``,
the text that words make."""
from dataclasses import replace

from ..result import Result
from .timestamps import TimedToken, align


class Update:
    """What one ``push``/``finish`` changed: ``committed`` (new final text, with a leading
    space when it continues earlier committed text), ``spans`` (the converted spans in it,
    offsets in the whole utterance's input and committed output, word indices counted from
    the utterance start), ``tokens`` (the committed written tokens as ``TimedToken`` with the
    times of the words they come from, None for words pushed without times) and ``pending``
    (``tokens`` and ``pending`` are computed on first access)."""
    __slots__ = ("committed", "spans", "_tokens", "_pending", "_snapshot", "__weakref__")

    def __init__(self, committed, spans, tokens, snapshot):
        self.committed, self.spans, self._tokens = committed, spans, tokens
        self._pending, self._snapshot = None, snapshot

    @property
    def tokens(self):
        if not isinstance(self._tokens, list):
            self._tokens = self._tokens.tokens()
        return self._tokens

    @property
    def pending(self):
        if self._pending is None:  # the stream itself, or its copy once it moved on (see _detach)
            self._pending = self._snapshot._render() if self._snapshot is not None else ""
            self._snapshot = None
        return self._pending

    def __repr__(self):
        return f"Update(committed={self.committed!r}, pending={self.pending!r})"


def join(words, glue):
    """Words as one text (a space before each word not glued to the one before) and each
    word's (start, end) in it."""
    parts, offs, pos = [], [], 0
    for k, (w, g) in enumerate(zip(words, glue)):
        if k and not g:
            parts.append(" ")
            pos += 1
        offs.append((pos, pos + len(w)))
        parts.append(w)
        pos += len(w)
    return "".join(parts), offs


class Tokens:
    """The timed written tokens of one commit, computed when ``Update.tokens`` is read: each
    committed word or region, or pieces glued together ("l'" + region "80º"), aligned as one
    text (an output token may straddle glued pieces)."""
    __slots__ = ("groups", "first", "words", "glue", "times", "word")

    def __init__(self, groups, first, words, glue, times, word):
        self.groups, self.first, self.words, self.glue, self.times, self.word = groups, first, words, glue, times, word

    def tokens(self):
        out, c = [], self.first
        for group in self.groups:
            a, b = group[0][0], group[-1][1]
            if len(group) == 1 and group[0][3] is None:  # a word copied as it is
                out.append(TimedToken(group[0][2], *self.times[a - c], a, b))
                continue
            text, offs = join(self.words[a - c:b - c], self.glue[a - c:b - c])
            local, n = [], 0
            for i, _, piece, spans in group:
                at = offs[i - a][0]
                for sp in spans or ():  # shifted copies: the region cache holds the originals
                    local.append(replace(sp, start=sp.start + at, end=sp.end + at,
                                         out_start=sp.out_start + n, out_end=sp.out_end + n))
                n += len(piece)
            out += [replace(t, word_start=t.word_start + a, word_end=t.word_end + a)
                    for t in align(Result(text, "".join(g[2] for g in group), local), self.times[a - c:b - c], self.word)]
        return out
