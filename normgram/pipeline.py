"""Sentence pipeline: words -> candidate regions -> region lattice -> best path -> output.

Only candidate regions are composed with the region FST (see segmenter.py), so the
work per sentence grows linearly with its length.  Text outside converted spans is
copied byte for byte.  The pipeline knows no class by name.
"""
import pynini
import regex

from .candidates import Detector
from .result import Candidate, Result, Span
from .segmenter import CLASS_BASE, END, START

PLACEHOLDER = "\ue000"
CONTEXT_WORDS = 4   # words on each side of a region the scorer sees
_WORD = regex.compile(r"\S+")
_START, _END = ord(START), ord(END)
MEMO = 20_000  # region strings whose readings are kept (corpora repeat "2010", "$5", ...)


class Hypothesis:
    """One reading of a region: its grammar weight and its spans (region char offsets)."""
    __slots__ = ("weight", "spans", "lm", "total")

    def __init__(self, weight, spans):
        self.weight, self.spans, self.lm, self.total = weight, spans, 0.0, weight


class Pipeline:
    def __init__(self, region_fst, meta, direction, nbest=4, scorer=None, late=None):
        self.fst = region_fst
        self.late = late  # second stage of staged classes (segmenter.late), or None
        self.staged = {i for i, c in enumerate(meta["classes"]) if c in meta.get("staged", ())}
        self.direction = direction
        self.detector = Detector(meta, direction)
        self.classes = meta["classes"]
        self.lower = direction == "itn"
        self.nbest = nbest
        self.scorer = scorer  # callable(left_words, region_tokens, right_words) -> cost, or None
        self._unknown = regex.compile("[^" + regex.escape(meta["alphabet"]) + "]")
        self._memo = {}  # region string -> [(weight, spans)]; cleared when full

    def run(self, text):
        if not isinstance(text, str):
            raise TypeError(f"expected str, got {type(text).__name__}")
        words = [(m.start(), m.end()) for m in _WORD.finditer(text)]
        wtexts = [text[s:e] for s, e in words]
        spans = []
        for a, b in self.detector.regions(wtexts):
            spans.extend(self.region(text, words, wtexts, a, b))
        return _assemble(text, spans)

    def _source(self, text, words):
        """The region as the FST reads it, and each of its characters' input offset."""
        parts, offsets = [], []
        for s, e in words:
            if parts:
                parts.append(" ")
                offsets.append(offsets[-1] + 1)
            parts.append(text[s:e])
            offsets.extend(range(s, e))
        src = "".join(parts)
        if self.lower:
            low = src.lower()
            src = low if len(low) == len(src) else "".join(
                c.lower() if len(c.lower()) == 1 else c for c in src)
        return self._unknown.sub(PLACEHOLDER, src), offsets

    def hypotheses(self, src):
        """Up to ``nbest`` readings of a region string, best grammar weight first."""
        found = self._memo.get(src)
        if found is None:
            found = self._read(src)
            if len(self._memo) >= MEMO:
                self._memo.clear()
            self._memo[src] = found
        return [Hypothesis(w, spans) for w, spans in found]  # fresh objects: the ranker sets lm/total

    def _read(self, src):
        lattice = pynini.compose(pynini.accep(pynini.escape(src), token_type="utf8"), self.fst)
        hyps = self._best(lattice)
        # Staged spans hold first-stage tokens until the late stage reads them.  The late
        # stage only adds costs (>= 0) to staged spans and copies the rest, so when no
        # reading kept holds a staged span, the late stage would change nothing.
        if self.late is not None and any(c in self.staged for _, spans in hyps for _, _, c, _ in spans):
            hyps = self._best(pynini.compose(lattice, self.late))
        return hyps

    def _best(self, lattice):
        if lattice.start() == pynini.NO_STATE_ID:
            return []
        paths = pynini.shortestpath(lattice, nshortest=self.nbest).paths()
        found = []
        while not paths.done():
            found.append((float(paths.weight()), _spans(paths.ilabels(), paths.olabels())))
            paths.next()
        found.sort(key=lambda h: h[0])
        return found

    def region(self, text, words, wtexts, a, b):
        """Converted spans of the region of words ``a:b`` (``words``: their (start, end) offsets in
        ``text``, ``wtexts``: their strings).  Only ``wtexts[a-4:b+4]`` is looked at (the
        scorer's context), so a caller may pass any window that holds it (streaming does)."""
        src, offsets = self._source(text, words[a:b])
        hyps = self.hypotheses(src)
        if not hyps:
            return []
        if self.scorer is not None:
            left, right = wtexts[max(0, a - CONTEXT_WORDS):a], wtexts[b:b + CONTEXT_WORDS]
            for h in hyps:
                h.lm = self.scorer(left, _tokens(src, h, self.classes), right)
                h.total = h.weight + h.lm
            hyps.sort(key=lambda h: h.total)
        best = hyps[0]
        alts = {}
        for h in hyps:
            for s, e, c, out in h.spans:
                key = (s, e)
                cand = alts.setdefault(key, {})
                name = self.classes[c]
                if (name, out) not in cand:
                    cand[(name, out)] = Candidate(name, out, h.weight, h.lm, h.total)
        spans = []
        for s, e, c, out in best.spans:
            start, end = offsets[s], offsets[e - 1] + 1
            inp = text[start:end]
            if out.lower() == inp.lower():
                continue  # a reading that leaves the words as they are is no conversion
            spans.append(Span(start, end, 0, 0, self.classes[c], inp, out, best.weight,
                              list(alts[(s, e)].values()),
                              a + src.count(" ", 0, s), a + src.count(" ", 0, e - 1) + 1))
        return spans


def _spans(ilabels, olabels):
    """Walk one path's aligned labels -> [(start, end, class index, output)] in region chars."""
    pos, out, cur, cls, spans = 0, None, 0, -1, []
    for il, ol in zip(ilabels, olabels):
        if il:
            pos += 1
        if not ol:
            continue
        if ol == _START:
            cur, cls, out = pos, None, []
        elif cls is None:
            cls = ol - CLASS_BASE
        elif ol == _END:
            spans.append((cur, pos, cls, "".join(map(chr, out))))
            out = None
        else:
            out.append(ol)
    return spans


def _tokens(src, hyp, classes):
    """A region reading as the ranker sees it: words outside spans and one <class> per span."""
    toks, pos = [], 0
    for s, e, c, _ in hyp.spans:
        toks.extend(src[pos:s].split())
        toks.append(f"<{classes[c]}>")
        pos = e
    toks.extend(src[pos:].split())
    return toks


def _assemble(text, spans):
    spans.sort(key=lambda sp: sp.start)
    out, pos, n = [], 0, 0
    for sp in spans:
        out.append(text[pos:sp.start])
        n += sp.start - pos
        sp.out_start, sp.out_end = n, n + len(sp.output)
        out.append(sp.output)
        n = sp.out_end
        pos = sp.end
    out.append(text[pos:])
    return Result(text, "".join(out), spans)
