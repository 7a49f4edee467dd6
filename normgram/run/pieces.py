"""Pieces: a text longer than ``PIECE`` characters is read piece by piece, so the work and
memory per line are bounded like the work per word.

Where a piece ends (``Cutter.pieces``): in the whitespace before a word ``c`` such that, with
``n`` = the scorer's ``CONTEXT_WORDS``, the words ``c - n`` and ``c + n - 1`` are *inert* (no
candidate after context words pulled their neighbours, no context word, no word of a class's
vocabulary, no kept titled word), the words between them are *quiet* (no anchor: plain words or
joiners, no context word, no kept titled word), and a word of ``c - n .. c - 1`` holds more than
edge punctuation.  Why the output cannot change there:

- A region is a run of candidates holding an anchor; the run between the two inert words holds
  none, so no region holds a word of ``c - n .. c + n - 1``.  A region before the cut ends by
  word ``c - n``, so the scorer's ``n`` words after it (and the one word the isolate, caps and
  article steps look at beyond a region) come before the cut; one after it starts after word
  ``c + n - 1``, so its ``n`` words before it come after the cut.  The article step runs on over
  vocabulary words only: it stops at the inert word.
- Every word's kind is the same in its piece as in the whole text: a context word pulls
  ``reach`` words on each side, and nothing pulled the inert words, so no pull crosses them;
  a titled run ends at a word that is no kept titled word, and none lies in the zone.
- Words are runs of non-space: each piece is cut into the same words as the whole text.
- Writing a span looks after it for a sentence end (only marks to the end of the text, or the
  word after it) and before it for any text: the word after a span is in its piece (a region
  ends by word ``c - n``), and the zone's word with more than marks answers both as the whole text.
- A text of more than ``PIECE`` characters that holds a cut is no lone entity (run/pipeline
  ``_lone``): its pieces are read as not alone.

The words are looked at in a window of ``PIECE`` characters only; its kinds are computed in
that window, so a cut's zone is sought ``reach`` words away from the window's edges, where
a pull from outside it cannot reach (a titled run started before the window can only make a
word look like a candidate here: such a place is passed over, never wrongly cut).

A window without such a place (a run of 10,000 characters of number words, one huge token)
is cut where the fewest can change: at a region boundary (a word of kind None next to the
cut) if there is one, else before its last word, else (one token longer than the window)
inside the token.  The output is then that of the pieces, each read as a text of its own;
only entities across that cut can read differently.
"""
import regex

from .words import WORD, Words, bounded

PIECE = 10_000  # characters: longer texts are read in pieces
TAIL = 1_500    # characters at a window's end where a cut is sought first
_RUN = regex.compile(r"\S+")  # a run of non-space: the word pattern cuts only inside runs holding "-"


class Cutter:
    """Where a long text is cut (see the module docstring).  ``words``: the pipeline's Words;
    ``detector``: its candidates.Detector; ``context``: the scorer's context words on each side."""

    def __init__(self, words: Words, detector, context, piece=PIECE):
        self.words, self.detector, self.context, self.piece = words, detector, context, piece
        det = detector
        self.reach = max((*det.context.values(), *det.exact_context.values()), default=0)
        self.vocab = det.anchors | det.joiners

    def word_spans(self, text):
        """``Words.spans(text)``, found faster in long text: the default word pattern cuts a run
        of non-space only where it holds a hyphen (run/words.py), so the other runs are words
        as they stand and only the hyphenated ones go through the pattern (a locale's elision
        pattern cuts others too: then the pattern reads all)."""
        if self.words.re.pattern != WORD:
            return self.words.spans(text)
        out = []
        for m in _RUN.finditer(text):
            if "-" in m.group():
                s = m.start()
                out.extend((s + a, s + b) for a, b in self.words.spans(m.group()))
            else:
                out.append(m.span())
        return bounded(text, out)  # a run longer than words.MAX_WORD: in pieces, as Words.spans cuts it

    def pieces(self, text):
        """(start, end, safe) per piece, covering ``text`` in order, each at most ``piece``
        characters long; ``safe``: its end is a safe cut (or the text's end), not a forced one."""
        lo, n = 0, len(text)
        while n - lo > self.piece:
            cut, safe = self.cut(text, lo, lo + self.piece)
            yield lo, cut, safe
            lo = cut
        yield lo, n, True

    def cut(self, text, lo, hi):
        """(where the piece starting at ``lo`` ends, lo < cut <= hi; whether it is safe): the
        last safe cut of the window ``text[lo:hi]`` (sought first in its last ``TAIL``
        characters, a window of its own whose first word may be cut short and is not looked
        at), else the forced cut."""
        if hi - lo > 2 * TAIL:
            found = self._cut(text, hi - TAIL, hi, partial=True)
            if found[1]:
                return found
        return self._cut(text, lo, hi)

    def _cut(self, text, lo, hi, partial=False):
        window = text[lo:hi]
        spans = self.word_spans(window)
        tail = spans.pop() if spans and spans[-1][1] == len(window) else None  # it may go on past the window
        wtexts = [window[s:e] for s, e in spans]
        det, ctx = self.detector, self.context
        kinds = det.kinds(wtexts)
        infos = [det.info(w) for w in wtexts]
        inert = [k is None and not i[1] and not i[2] and det.core(w) not in self.vocab
                 for w, k, i in zip(wtexts, kinds, infos)]
        quiet = [k != "anchor" and not i[1] and not i[2] for k, i in zip(kinds, infos)]
        gap = [c > 0 and spans[c][0] > spans[c - 1][1] for c in range(len(spans))]  # whitespace before word c
        # a safe cut c: inert words c - ctx and c + ctx - 1, quiet words between, all reach words away
        # from the window's edges
        for c in range(len(wtexts) - self.reach - ctx, self.reach + ctx - 1 + partial, -1):
            if gap[c] and inert[c - ctx] and inert[c + ctx - 1] and all(quiet[c - ctx + 1:c + ctx - 1]) \
                    and any(w.strip(det.edge) for w in wtexts[c - ctx:c]):
                return lo + spans[c][0], True
        after_gap = tail is not None and tail[0] > (spans[-1][1] if spans else 0)  # a space before the last word
        if after_gap and (not kinds or kinds[-1] is None):  # forced: at a region boundary ...
            return lo + tail[0], False
        for c in range(len(wtexts) - 1, 0, -1):
            if gap[c] and (kinds[c] is None or kinds[c - 1] is None):
                return lo + spans[c][0], False
        if after_gap:  # ... else before the last word
            return lo + tail[0], False
        for c in range(len(wtexts) - 1, 0, -1):
            if gap[c]:
                return lo + spans[c][0], False
        return hi, False  # one token longer than the window: cut inside it

