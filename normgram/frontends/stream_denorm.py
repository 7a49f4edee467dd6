"""Streaming denormalization: ITN, punctuation and truecasing on words as they arrive.

    >>> s = StreamingDenormalizer("en")                                        # doctest: +SKIP
    >>> "".join(s.push(w).committed for w in "so we met in london she said".split())
    'So we met'
    >>> s.finish().committed
    ' in London, she said.'

Words go through ``StreamingITN`` first; its committed text is held until ``lookahead``
more words of it (3 by default, the order of the stages' trigram models) have arrived,
then the stages decide the marks after those words and their case, reading the held text
with the last ``context`` committed words before it, and that text is committed.  A
committed word's case and the mark after it are never revised: later decisions read the
committed text as written (no mark is added in its gaps).  So a word is committed
``lookahead`` words after ITN commits it, and ITN commits a word at most its own latency
after it arrives (``StreamingITN.latency``).  ``pending`` is the rest rendered as if the
utterance ended now.

Batch ``Normalizer.denormalize`` decides each gap with the whole line in view; the stream
decides it with ``lookahead`` words in view, so the two can differ where a later word
would change an earlier decision: ``tools/stream_check.py --denormalize`` measures how
often (docs/denormalization.md).  State is the held text and the last ``context`` committed
words: bounded, and each push costs the same whatever the stream's length.
"""
from ..normalizer import Normalizer
from ..stages.units import SENTENCE_END, units
from .streaming import StreamingITN

LOOKAHEAD = 3  # words of right context before a word's mark and case are committed
CONTEXT = 8    # committed words read again as left context


class DenormUpdate:
    """What one ``push``/``finish`` changed: ``committed`` (new final text, with a leading
    space when it continues earlier committed text) and ``pending`` (the rest as if the
    utterance ended now, computed on first access)."""
    __slots__ = ("committed", "_pending")

    def __init__(self, committed, pending):
        self.committed, self._pending = committed, pending

    @property
    def pending(self):
        if callable(self._pending):
            self._pending = self._pending()
        return self._pending

    def __repr__(self):
        return f"DenormUpdate(committed={self.committed!r}, pending={self.pending!r})"


class StreamingDenormalizer:
    """Incremental ``Normalizer.denormalize`` for one locale (a locale tag or a ``Normalizer``;
    ``punctuation``/``truecasing`` False turn a stage off; other arguments as ``Normalizer``).
    ``push`` and ``finish`` as ``StreamingITN``."""
    LOOKAHEAD, CONTEXT = LOOKAHEAD, CONTEXT

    def __init__(self, locale="en", punctuation=True, truecasing=True, lookahead=LOOKAHEAD,
                 context=CONTEXT, **kwargs):
        norm = locale if isinstance(locale, Normalizer) else Normalizer(locale, **kwargs)
        self.itn = StreamingITN(norm)
        self.stages = norm.stages(punctuation, truecasing)
        if lookahead < 0 or context < 0:
            raise ValueError("lookahead and context must be >= 0")
        self.lookahead, self.context = lookahead, context
        self._reset()

    def _reset(self):
        self._left = ""   # the last committed words (left context), as committed
        self._opened = True  # _left starts the utterance or a sentence
        self._unmarked = 0  # words without a mark before _left (the pauses rule counts them)
        self._held = ""   # ITN's committed text not decided yet
        self._fixed = []  # ITN spans in _held: (start, end), their written case kept
        self._itn_at = 0  # ITN output characters committed before _held

    @property
    def latency(self):
        """Words received but not yet committed."""
        return self.itn.latency + len(units(self._held))

    def push(self, words):
        upd = self.itn.push(words)
        self._take(upd)
        committed = self._decide(final=False)
        # pending: as if it all ended now
        left, held, fixed, run = self._left, self._held, list(self._fixed), self._unmarked
        return DenormUpdate(committed, lambda: self._render(left, held + upd.pending, fixed, run))

    def text_of(self, words):
        """The words of ``words`` as ITN cuts them, one space apart (``StreamingITN.text_of``)."""
        return self.itn.text_of(words)

    def finish(self):
        """End the utterance: commit everything; the stream is then empty and reusable."""
        self._take(self.itn.finish())
        committed = self._decide(final=True)
        self._reset()
        return DenormUpdate(committed, "")

    # -- internals
    def _take(self, upd):
        for sp in upd.spans:
            a, b = sp.out_start - self._itn_at, sp.out_end - self._itn_at
            if 0 <= a <= b:
                self._fixed.append((a, b))
        self._held += upd.committed

    def _run(self, left, held, fixed, final, run=None):
        text = left + held
        shifted = [(a + len(left), b + len(left)) for a, b in fixed]
        return self.stages.apply(text, final=final, fixed=shifted, settled=len(left), opened=self._opened,
                                 run=self._unmarked if run is None else run)

    def _render(self, left, held, fixed, run):
        if not held:
            return ""
        out, omap = self._run(left, held, fixed, final=True, run=run)
        return out[omap.start(len(left)):]

    def _decide(self, final):
        """Commit the held words whose right context has arrived (all of them when ``final``)."""
        if not self._held.strip():
            if final:
                out, self._held = self._held, ""
                return out
            return ""
        us = units(self._held)
        if final and not us:  # marks alone ("* * *"): nothing to decide, all of it is committed
            out, self._held, self._fixed = self._held, "", []
            self._itn_at += len(out)
            self._left = self._keep_left(self._left + out)
            return out
        done = len(us) if final else len(us) - self.lookahead
        if done <= 0:
            return ""
        cut = len(self._held) if final else us[done - 1].tail_end  # held text up to this offset is decided
        left, held = self._left, self._held
        out, omap = self._run(left, held, self._fixed, final)
        a, b = omap.start(len(left)), omap.start(len(left) + cut)
        committed = out[a:b]
        self._held = held[cut:]
        self._fixed = [(max(s - cut, 0), e - cut) for s, e in self._fixed if e > cut]
        self._itn_at += cut
        self._left = self._keep_left(left + committed)
        return committed

    def _keep_left(self, text):
        """The last ``context`` committed words; ``_opened`` says whether they start the
        utterance or a sentence (the stages' rules read a sentence from its first word)."""
        us = units(text)
        if len(us) <= self.context:
            self._opened = True
            return text
        cut = len(us) - self.context  # the units before this one are dropped
        self._opened = us[cut - 1].event in SENTENCE_END
        marked = [i for i in range(cut) if us[i].event]
        self._unmarked = cut - 1 - marked[-1] if marked else self._unmarked + cut
        return text[us[cut].start:] if self.context else ""
