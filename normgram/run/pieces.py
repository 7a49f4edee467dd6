"""Pieces: a text longer than ``PIECE`` characters is read piece by piece, so the work and
memory per line are bounded like the work per word.

Where a piece ends (``Cutter.pieces``): before a word ``c`` such that the ``guard`` words on
each side of the cut (``words[c - guard:c + guard]``, guard = the scorer's context words + 1)
are all *inert*: no candidate (kind None after context words pulled their neighbours), no
context word, no word of a class's vocabulary, no kept titled word; and one of the guard words
before the cut holds more than edge punctuation.  Why the output cannot change there:

- No region holds a guard word, so none crosses the cut; a region ends ``guard`` words before
  it at the latest, so the scorer's ``CONTEXT_WORDS`` words after it (and the one word that
  the isolate/caps/article steps look at beyond a region) lie before the cut; the same on the
  right.  The article step runs over vocabulary words only: it stops at the first guard word.
- Every word's kind is the same in its piece as in the whole text: a context word pulls
  ``reach`` words on each side, and nothing pulled a guard word, so no pull crosses the guard;
  a titled run ends at a guard word (no titled word), so each piece starts outside one.
- The cut lies in a whitespace run (before a word, after the run), and words are runs of
  non-space: each piece is cut into the same words as the whole text.
- Writing a span looks after it for a sentence end (only marks to the end of the text) and
  before it for any text: the guard word with more than marks answers both as the whole text.
- A text of more than ``PIECE`` characters that holds a cut is no lone entity (run/pipeline
  ``_lone``): its pieces are read as not alone.

The words are looked at in a window of ``PIECE`` characters only; its kinds are computed in
that window, so a cut is sought ``reach + guard`` words away from the window's edges, where
a pull from outside it cannot reach (a titled run started before the window can only make a
word look like a candidate here: such a place is passed over, never wrongly cut).

A window without such a place (a run of 10,000 characters of number words, one huge token)
is cut where the fewest can change: at a region boundary (a word of kind None next to the
cut) if there is one, else before its last word, else (one token longer than the window)
inside the token.  The output is then that of the pieces, each read as a text of its own;
only entities across that cut can read differently.
"""
from .words import Words

PIECE = 10_000  # characters: longer texts are read in pieces


class Cutter:
    """Where a long text is cut (see the module docstring).  ``words``: the pipeline's Words;
    ``detector``: its candidates.Detector; ``guard``: inert words on each side of a cut."""

    def __init__(self, words: Words, detector, guard, piece=PIECE):
        self.words, self.detector, self.guard, self.piece = words, detector, guard, piece
        det = detector
        self.reach = max((*det.context.values(), *det.exact_context.values()), default=0)
        self.vocab = det.anchors | det.joiners

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
        last safe cut of the window ``text[lo:hi]``, else the forced cut."""
        window = text[lo:hi]
        spans = self.words.spans(window)
        tail = spans.pop() if spans and spans[-1][1] == len(window) else None  # it may go on past the window
        wtexts = [window[s:e] for s, e in spans]
        det, guard = self.detector, self.guard
        kinds = det.kinds(wtexts)
        safe = [self._inert(w, k) for w, k in zip(wtexts, kinds)]
        gap = [c > 0 and spans[c][0] > spans[c - 1][1] for c in range(len(spans))]  # whitespace before word c
        first, last = self.reach + guard, len(wtexts) - self.reach - guard  # a safe cut c in [first, last]
        run = 0  # safe words from c on
        for c in range(len(wtexts) - 1, 0, -1):
            run = run + 1 if safe[c] else 0
            if first <= c <= last and run >= guard and gap[c] and all(safe[c - guard:c]) \
                    and any(w.strip(det.edge) for w in wtexts[c - guard:c]):
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

    def _inert(self, word, kind):
        if kind is not None:
            return False
        info = self.detector.info(word)
        return not info[1] and not info[2] and self.detector.core(word) not in self.vocab
