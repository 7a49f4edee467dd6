"""Streaming ITN: words arrive one by one; written text is committed once it is final.

    >>> s = StreamingITN("en")
    >>> [s.push(w).committed for w in "we sold twenty one hundred copies to".split()]
    ['', '', '', 'we', ' sold', '', '']
    >>> u = s.push("them")
    >>> u.committed, u.pending
    ('', ' 2,100 copies to them')
    >>> s.finish().committed
    ' 2,100 copies to them'

A word waits for the ``horizon`` (3 in English) words after it: "at" or "dot" up to
three words later could still pull it into an e-mail address.

Concatenating every ``Update.committed`` of one utterance gives exactly the batch
``itn(" ".join(words))``; ``committed`` text is never revised, ``pending`` is the best
rendering of the rest as if the utterance ended now (``"".join(committed so far) +
pending`` is the whole current text).  ``finish()`` ends the utterance; the next
``push`` starts a new one with no left context.

Why it equals batch: the batch pipeline decides each candidate region (see
candidates.py) from the region's words, the scorer's ``CONTEXT_WORDS`` words on each
side and nothing else.  A word's kind is final once the ``horizon`` words after it have
arrived (an open-vocabulary anchor such as "dot" pulls up to that many neighbours
into its region); a region is final when the word after it is known to be outside it
(or the 32-word window cut applies, counted from the region start as in batch) and,
with a scorer, its right context has arrived.  A word is committed as soon as the
regions before and around it are final, so the commit latency is at most
horizon + open region length (+ CONTEXT_WORDS with a ranker), and the state kept is
the uncommitted words plus the last CONTEXT_WORDS committed ones: memory does not
grow with the stream, and each word is scanned once and each region converted once.
"""
import weakref
from collections import deque
from dataclasses import replace

from ..run.candidates import MAX_REGION_WORDS
from ..common.memo import Memo
from ..normalizer import Normalizer
from ..run.pipeline import CONTEXT_WORDS, assemble, keep_case
from .stream_update import Tokens, Update, join

CACHE_REGIONS = 64   # region conversions kept (bounded; cleared when full)
FLUSH_WORDS = 4096   # a push of more words commits as it goes: its state stays bounded
KEPT = "kept"        # a word's kind: a kept titled word (no candidate, never pulled into a region)


class _Joined:
    """The timed tokens of several commits of one push, computed when read (Update.tokens)."""

    def __init__(self, parts):
        self.parts = parts

    def tokens(self):
        return [t for p in self.parts for t in (p if isinstance(p, list) else p.tokens())]


def _timed(item):
    return isinstance(item, tuple) and len(item) == 3 and isinstance(item[0], str) and not isinstance(item[1], str)


class StreamingITN:
    """Incremental ITN for one locale (a locale tag or a ``Normalizer``; other arguments as
    ``Normalizer``).  ``push(words)`` takes a string (split at whitespace) or an iterable of
    words or ``(word, start, end)`` ASR tuples; ``finish()`` flushes the utterance."""

    def __init__(self, locale="en", **kwargs):
        self.normalizer = locale if isinstance(locale, Normalizer) else Normalizer(locale, **kwargs)
        self.pipe = self.normalizer.pipeline("itn")  # its region readings are memoized (bounded)
        self._word = self.pipe.word_re  # the locale's word pattern (elision pieces in fr/it)
        det = self._det = self.pipe.detector
        self._info = det.info  # (kind, context reach, titled data) of a word, memoized
        self.horizon = max((*det.context.values(), *det.exact_context.values()), default=0)  # words a kind may wait for
        # the words around a region: the scorer's context, and what marks a number as a label
        # (labels.py)
        self.lookahead = CONTEXT_WORDS if self.pipe.scorer is not None or self.pipe.labels is not None else 0
        self._cache = Memo(CACHE_REGIONS)  # region and context -> (output, spans): pending renderings reuse it
        self._texts = Memo(CACHE_REGIONS)  # region and its best reading -> output text (pending renderings)
        self._text_only = False  # a pending rendering writes regions as text only
        self._reset()

    # -- public
    def push(self, words):
        self._detach()
        done = []  # what a long push committed before its end (text, spans, tokens)
        if isinstance(words, str) or _timed(words):
            words = [words]
        for w in words:
            time = None
            if _timed(w):
                w, time = w[0], (w[1], w[2])
            if not isinstance(w, str):
                raise TypeError(f"expected str words or (word, start, end), got {type(w).__name__}")
            for word, glued in self._cut(w):
                self._add(word, time, glued)
                if self._n - self._committed >= FLUSH_WORDS:  # a long push commits as it goes
                    self._advance(final=False)
                    done.append(self._commit(self._frontier()))
        self._advance(final=False)
        return self._update(done)

    def text_of(self, words):
        """The text whose batch ITN the utterance of ``words`` (what ``push`` takes) commits:
        its words as the pipeline cuts them (whitespace is what the pipeline's word pattern
        skips, so U+001C..U+001F, which ``str.split`` drops, stay inside a word), one space
        between words that a space or a push parted."""
        if isinstance(words, str) or _timed(words):
            words = [words]
        out = []
        for w in words:
            for word, glued in self._cut(w[0] if _timed(w) else w):
                out.extend(([] if glued or not out else [" "]) + [word])
        return "".join(out)

    def _cut(self, text):
        """(word, glued to the word before) for the pipeline's words of one pushed string:
        "0--" -> "0" "--" glued, "l'homme" -> "l'" "homme" glued (push and text_of)."""
        end = None
        for m in self._word.finditer(text):
            yield m.group(), m.start() == end
            end = m.end()

    def finish(self):
        """End the utterance: commit everything; the stream is then empty and reusable."""
        self._detach()
        upd = self._flush()
        self._reset()
        return upd

    @property
    def latency(self):
        """Words received but not yet committed."""
        return self._n - self._committed

    # -- state
    def _reset(self):
        self._buf, self._off, self._kinds, self._ctx, self._times = [], [], [], [], []
        self._glue = []         # per word: cut from the previous one with no space ("0--")
        self._hist = deque(maxlen=CONTEXT_WORDS)  # the last committed words (left context)
        self._base = 0          # global index of _buf[0]
        self._n = 0             # words received
        self._next_off = 0      # input offset after the last word (words joined by one space
                                # unless glued)
        self._scanned = 0       # words whose kind is final and fed to the region scan
        self._pull = -1         # last word pulled in by an earlier context anchor
        self._titled_run = False  # the last word was a kept titled word a run goes on after
        self._start, self._has_anchor = None, False   # open run of the region scan
        self._closed = deque()  # final regions waiting for right context
        self._ready = {}        # region start -> (end, output, spans) converted, not committed
        self._committed = 0     # words committed
        self._out_n = 0         # characters committed
        self._last = None       # weak reference to the last Update, while it renders pending from this state

    def _detach(self):
        """Before the state changes: the last Update, if its ``pending`` was not read yet,
        gets a copy of the state it shows (reading ``pending`` after every push then copies
        nothing; ``_render`` puts back what it changes)."""
        if self._last is not None:
            upd = self._last()
            if upd is not None and upd._snapshot is self:
                upd._snapshot = self._clone()
            self._last = None

    def _clone(self):
        c = object.__new__(StreamingITN)
        c.__dict__.update(self.__dict__)
        c._last = None
        for name in ("_buf", "_off", "_kinds", "_ctx", "_times", "_glue"):
            setattr(c, name, list(getattr(self, name)))
        c._hist, c._closed, c._ready = deque(self._hist, maxlen=CONTEXT_WORDS), deque(self._closed), dict(self._ready)
        return c

    def _add(self, word, time, glued):
        glued = glued and self._n > 0
        self._buf.append(word)
        self._glue.append(glued)
        self._times.append(time or (None, None))
        off = self._next_off + (1 if self._n and not glued else 0)
        self._off.append(off)
        self._next_off = off + len(word)
        info = self._info(word)  # Detector.info: one memo lookup for all the word's data
        kind, pull = info[0], info[1]
        if self._det.titled:  # Detector.kinds: a kept titled word is no candidate, pulls nothing
            titled, self._titled_run = self._det.titled_step(info, self._titled_run)
            if titled:
                kind, pull = KEPT, 0
        self._kinds.append(kind)
        self._ctx.append(pull)
        self._n += 1

    # -- the region scan of Detector.regions, one final word at a time
    def _advance(self, final):
        limit = self._n if final else self._n - self.horizon
        base = self._base
        while self._scanned < limit:
            i = self._scanned
            k = self._kinds[i - base]
            n = self._ctx[i - base]
            if k is None and (self._pull >= i or self._pulled_back(i)):
                k = "joiner"
            elif k is KEPT:
                k = None
            if n:
                self._pull = max(self._pull, i + n)
            self._scan(i, k)
            self._scanned += 1
        if final:
            self._scan(self._n, None)
        while self._closed and (final or self._closed[0][1] + self.lookahead <= self._n):
            for a, b in self._isolated(*self._closed.popleft()):
                self._convert(a, b)

    def _pulled_back(self, i):
        base, n = self._base, self._n
        for j in range(i + 1, min(n, i + self.horizon + 1)):
            if self._ctx[j - base] >= j - i:
                return True
        return False

    def _scan(self, i, k):
        start = self._start
        if k is not None and start is not None and i - start >= MAX_REGION_WORDS:
            if self._has_anchor:
                self._closed.append((start, i))
            self._start, self._has_anchor = i, False
            start = i
        if k is None:
            if start is not None and self._has_anchor:
                self._closed.append((start, i))
            self._start, self._has_anchor = None, False
            return
        if start is None:
            self._start = i
        self._has_anchor = self._has_anchor or k == "anchor"

    def _isolated(self, a, b):
        """The region ``a:b`` without the runs the detector sets apart (Detector.regions: the
        initials in "barker , a j , said", a word in capitals between lower-case words, an
        article before spelled letters);
        they look at the word before and after it."""
        det = self.pipe.detector
        if not det.isolated and not det.caps_kept and not det.articles:
            return [(a, b)]
        base, lo = self._base, max(a - 1, 0)
        words = [self._buf[k - base] if k >= base else self._hist[k - base] for k in range(lo, min(b + 1, self._n))]
        return [(x + lo, y + lo) for x, y in det.isolate(words, [(a - lo, b - lo)])]

    def _convert(self, a, b):
        """Run the pipeline's region step on a window holding the region and its context."""
        base = self._base
        region = tuple(self._buf[a - base:b - base])
        glue = (False,) + tuple(self._glue[a - base + 1:b - base])  # only glue inside the region counts
        if self.lookahead:
            left = tuple((list(self._hist) + self._buf[:a - base])[-CONTEXT_WORDS:])
            right = tuple(self._buf[b - base:b - base + CONTEXT_WORDS])
        else:
            left = right = ()  # no scorer: the region alone decides
        # batch writes a text that is one entity alone (Pipeline.run's ``lone``): the region is
        # every word of the utterance so far (only the final scan closes such a region)
        lone = self.pipe.lone and a == 0 and b == self._n
        if self._text_only:  # a pending rendering: text only, no spans are committed from it
            self._ready[a] = (b, self._region_text(left, region, glue, right, lone), (), ())
            return
        # a region whose readings the scorer did not have to compare is cached without its
        # context: a closed region waiting for right context is then converted once, not
        # again at every push that renders ``pending``
        bare = (region, glue, lone)
        hit = self._cache.get(bare)
        if hit is None:
            key = (left, region, glue, right, lone)
            hit = self._cache.get(key)
            if hit is None:
                *hit, contextual = self._region(left, region, glue, right, lone)
                self._cache.put(key if contextual else bare, hit)
        out, spans = hit
        shift, dw = self._off[a - base], a
        self._ready[a] = (b, out, spans, [replace(sp, start=sp.start + shift, end=sp.end + shift,
                                           word_start=sp.word_start + dw, word_end=sp.word_end + dw)
                                   for sp in spans])

    def _region_text(self, left, region, glue, right, lone):
        """The output text of one region (what ``pending`` shows): it depends on the region's
        words and its best reading only, so a closed region waiting for its right context is
        re-ranked at each push but written once per reading the ranker picks.  The text is
        also kept per region alone when the scorer did not compare readings (any context
        gives it) and per region and context otherwise: a region rendered again at a later
        push (waiting for its commit, or for a right context that does not change its
        choice) is then not chosen again."""
        texts = self._texts
        bare = (region, glue, lone)  # 3 items: no clash with the 4- and 5-item keys below
        out = texts.get(bare)
        if out is not None:
            return out
        ctx = (left, region, glue, right, lone)
        out = texts.get(ctx)
        if out is not None:
            return out
        text, offs = join(region, glue)
        src, offsets = self.pipe.source(text, offs)
        best, _, contextual = self.pipe.choose(src, left, right, lone, region)
        if best is None:
            out = text
        else:
            key = (region, glue, lone, tuple(best.spans))
            out = texts.get(key)
            if out is None:
                out = texts.put(key, self._written(text, src, offsets, best))
        texts.put(ctx if contextual else bare, out)
        return out

    def _written(self, text, src, offsets, best):
        """The output text of reading ``best`` of the region ``text`` (``src``/``offsets`` as
        ``Pipeline.spans`` takes them): what ``assemble(text, pipe.spans(...))`` writes,
        without building the spans and their candidates, which a pending text does not show."""
        out, pos, lower = [], 0, self.pipe.lower
        for s, e, _, o in sorted(best.spans):
            start, end = offsets[s], offsets[e - 1] + 1
            inp = text[start:end]
            if o.lower() == inp.lower():
                continue  # Pipeline.spans: a reading that leaves its words as they are
            out.append(text[pos:start])
            out.append(keep_case(inp, o) if lower else o)
            pos = end
        out.append(text[pos:])
        return "".join(out)

    def _region(self, left, region, glue, right, lone=False):
        """(output, spans, contextual) of one region, span offsets relative to the region's
        text/output; ``contextual``: the context words decided them."""
        window = left + region + right
        text, offs = join(window, (False,) * len(left) + glue + (False,) * len(right))
        la, lb = len(left), len(left) + len(region)
        spans, contextual = self.pipe.region_context(text, offs, window, la, lb, lone)
        r0 = offs[la][0]
        out = assemble(text, spans, r0, offs[lb - 1][1])
        for sp in spans:
            sp.start, sp.end = sp.start - r0, sp.end - r0
            sp.word_start, sp.word_end = sp.word_start - la, sp.word_end - la
        return out, spans, contextual

    # -- commits
    def _frontier(self):
        f = self._scanned
        if self._start is not None:
            f = min(f, self._start)
        if self._closed:
            f = min(f, self._closed[0][0])
        # never between the pieces of one word ("three.--where"): the written tokens of the
        # commit are the batch ones only if no output token straddles a commit boundary
        base, done = self._base, self._committed
        while f > done and f < self._n and self._glue[f - base]:
            f -= 1
            f = min([f] + [a for a, hit in self._ready.items() if a < f < hit[0]])
        return f

    def _commit(self, upto):
        """Commit words ``_committed:upto`` -> (text, spans, timed tokens (computed when read))."""
        if upto == self._committed:
            return "", [], []  # most pushes commit nothing
        pieces, spans, groups = [], [], []
        i, base = self._committed, self._base
        while i < upto:
            if self._out_n and not self._glue[i - base]:
                pieces.append(" ")
                self._out_n += 1
            if i in self._ready:
                j, piece, local, region_spans = self._ready.pop(i)
            else:
                j, piece, local, region_spans = i + 1, self._buf[i - base], None, ()
            for sp in region_spans:  # copies: a pending snapshot shares the originals
                spans.append(replace(sp, out_start=sp.out_start + self._out_n, out_end=sp.out_end + self._out_n))
            if not groups or not self._glue[i - base]:
                groups.append([])
            groups[-1].append((i, j, piece, local))
            pieces.append(piece)
            self._out_n += len(piece)
            i = j
        cut = upto - base
        tokens = Tokens(groups, self._committed, self._buf[:cut], self._glue[:cut], self._times[:cut], self._word)
        # drop committed words, keeping the left context
        self._hist.extend(self._buf[max(0, cut - CONTEXT_WORDS):cut])
        del self._buf[:cut], self._off[:cut], self._kinds[:cut], self._ctx[:cut], self._times[:cut], self._glue[:cut]
        self._base = self._committed = upto
        return "".join(pieces), spans, tokens

    def _update(self, done=()):
        committed, spans, tokens = self._commit(self._frontier())
        if done:  # one update of the parts committed during a long push
            done = [*done, (committed, spans, tokens)]
            committed, spans, tokens = "".join(d[0] for d in done), [sp for d in done for sp in d[1]], \
                _Joined([d[2] for d in done])
        if self._committed == self._n:
            return Update(committed, spans, tokens, None)
        upd = Update(committed, spans, tokens, self)
        self._last = weakref.ref(upd)
        return upd

    def _render(self):
        """What ``_flush`` would commit, as text only (for ``Update.pending``): no timed
        tokens, no span copies; the scan state the final scan changes is put back."""
        saved = self._scanned, self._pull, self._start, self._has_anchor, self._closed, self._ready
        self._closed, self._ready = deque(self._closed), dict(self._ready)
        self._text_only = True
        try:
            return self._rendered()
        finally:
            self._scanned, self._pull, self._start, self._has_anchor, self._closed, self._ready = saved
            self._text_only = False

    def _rendered(self):
        self._advance(final=True)
        out, i, n, base, ready = [], self._committed, self._out_n, self._base, self._ready
        while i < self._n:
            hit = ready.get(i)
            j, piece = (hit[0], hit[1]) if hit is not None else (i + 1, self._buf[i - base])
            if n and not self._glue[i - base]:
                out.append(" ")
                n += 1
            out.append(piece)
            n += len(piece)
            i = j
        return "".join(out)

    def _flush(self):
        self._advance(final=True)
        committed, spans, tokens = self._commit(self._n)
        return Update(committed, spans, tokens, None)
