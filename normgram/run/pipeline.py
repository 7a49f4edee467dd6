"""Sentence pipeline: words -> regions -> read -> rank -> choose -> write.

    words    run/words.py       the text cut into words, exact offsets
    regions  run/candidates.py  runs of words that may hold an entity; all else is copied
             run/regions.py     a region as the region FST reads it
    read     run/read.py        its readings through the gates (run/gates.py), n best
    rank     run/rank.py        ordered by grammar weight + the ranker's cost in context
    choose   style/             the written-style rules on the chosen reading
    write    run/write.py       spans with their candidates, and the output text

Only candidate regions are composed with the region FST, so the work per sentence grows
linearly with its length; a text longer than pieces.PIECE characters is read in pieces
cut where no region reaches across (run/pieces.py), so its memory stays bounded too.
Text outside converted spans is copied byte for byte.  The
pipeline knows no class by name: it reads the FAR and the spec (run/spec.py), and
never builds.
"""
import pynini
import regex

from ..result import Result
from ..style.protocol import Env
from ..style.registry import style_rules
from . import gaps
from .candidates import Detector
from .gates import Gates
from .pieces import Cutter
from .rank import Rank
from .read import Reader
from .regions import PLACEHOLDER, source
from .words import Words
from .write import SentenceEnds, assemble, keep_case, region_spans

__all__ = ["Pipeline", "CONTEXT_WORDS", "PLACEHOLDER", "assemble", "keep_case"]

CONTEXT_WORDS = 4   # words on each side of a region the scorer sees


class Pipeline:
    """One direction of a locale.  ``region_fst``: the FAR's REGION_<DIR>; ``spec``: its
    Spec; ``nbest`` distinct class segmentations kept per region, found among ``paths``
    best paths; ``scorer``: (left words, region tokens, right words) -> cost, or None;
    ``late``: class index -> its second stage (staged classes); ``class_fst``: class
    index -> its FST (a class read alone)."""

    def __init__(self, region_fst, spec, nbest=4, scorer=None, late=None, paths=None, class_fst=None):
        # a pynini.Fst (VectorFst) for regions.best_paths, read from the cache as a ConstFst
        self.fst = region_fst if isinstance(region_fst, pynini.Fst) else pynini.Fst.from_pywrapfst(region_fst)
        self.spec = spec
        self.direction = spec.direction
        self.classes = list(spec.classes)
        self.lower = spec.direction == "itn"
        self.words = Words(spec.text.word_pattern)
        self.word_re = self.words.re
        self._elision = spec.text.elision  # apostrophes after which a cut word has no gap
        self.detector = Detector(spec)
        self.unknown = regex.compile("[^" + regex.escape(spec.text.alphabet) + "]")
        self.lone = self.lower and spec.settings.lone_written  # see _lone
        self.gates = Gates(spec.gates, spec.text.edge_punctuation, self.detector.possessive, spec.text.elision)
        staged = [i for i, c in enumerate(self.classes) if c in spec.staged]
        self.reader = Reader(self.fst, self.gates, self.lower, nbest, paths, staged, late, spec.late_reversed,
                             class_fst)
        self.rank = Rank(scorer, self.classes, self.lower, spec.settings)
        # per-span keep/convert choices made on the chosen reading of a region (style/)
        self.style_rules, self.style = style_rules(Env(spec, CONTEXT_WORDS, self.reader.class_read, self.reader.class_forms))
        self.labels = self.style["labels"][0] if self.style["labels"] else None
        self.cutter = Cutter(self.words, self.detector, CONTEXT_WORDS)  # a long text's pieces
        ends = spec.settings.sentence_end
        # TN: where an abbreviation's dot also ends a sentence (write.SentenceEnds)
        self.ends = SentenceEnds(ends) if ends and not self.lower else None

    @property
    def scorer(self):
        return self.rank.scorer

    def clear_memos(self):
        """Forget memoized readings and ranker groups (the scorer keeps its own)."""
        self.reader.clear()
        self.rank.memo.clear()

    def run(self, text, candidates=True):
        """``text`` -> Result; ``candidates``: each span lists its competing readings (a
        caller that wants the output text alone skips building them)."""
        if not isinstance(text, str):
            raise TypeError(f"expected str, got {type(text).__name__}")
        if len(text) <= self.cutter.piece:
            spans = self.read(text, candidates)[0]
            return Result(text, assemble(text, spans), spans)
        spans, nwords = [], 0  # a long text: read in pieces cut where no region reaches across (run/pieces.py)
        for lo, hi, _ in self.cutter.pieces(text):
            piece = text[lo:hi]
            got, n = self.read(piece, candidates, alone=False, words=self.cutter.word_spans(piece))
            for sp in got:
                sp.start, sp.end, sp.word_start, sp.word_end = sp.start + lo, sp.end + lo, sp.word_start + nwords, \
                    sp.word_end + nwords
            spans += got
            nwords += n
        return Result(text, assemble(text, spans), spans)

    def read(self, text, candidates=True, alone=True, words=None):
        """(converted spans of ``text``, its number of words); ``alone``: the text may be
        one entity alone (see ``_lone``), False for a piece of a longer text; ``words``: its
        word offsets if known (``Words.spans``)."""
        words = self.words.spans(text) if words is None else words
        wtexts = [text[s:e] for s, e in words]
        spans = []
        regions = self.detector.regions(wtexts)
        lone = alone and self.lone and len(regions) == 1 and regions[0] == (0, len(words))
        for a, b in regions:
            for x, y in gaps.cut(text, words, a, b, gaps.is_break):  # a tab or line break stops a span
                spans.extend(self.gapped(text, words, wtexts, x, y, lone and (x, y) == (a, b), candidates))
        return spans, len(words)

    def gapped(self, text, words, wtexts, a, b, lone, candidates):
        """``region``'s spans with the odd whitespace between their words kept in their output
        (gaps.keep); where a span cannot keep it, the region's pieces between its odd gaps are
        read alone."""
        spans = self.region(text, words, wtexts, a, b, lone, candidates)
        for sp in spans:
            out = gaps.keep(sp.input, sp.output)
            if out is None:
                pieces = gaps.cut(text, words, a, b, gaps.is_odd)
                return [sp for x, y in pieces for sp in self.region(text, words, wtexts, x, y, False, candidates)]
            sp.output = out
        return spans

    def source(self, text, words):
        """The region as the FST reads it, and each of its characters' input offset."""
        return source(text, words, self._elision, self.lower, self.unknown)

    def hypotheses(self, src, ranked=True):
        """Readings of a region string, best grammar weight first (read.Reader.hypotheses)."""
        return self.reader.hypotheses(src, ranked)

    def region(self, text, words, wtexts, a, b, lone=False, candidates=True):
        """Converted spans of the region of words ``a:b`` (``words``: their (start, end) offsets in
        ``text``, ``wtexts``: their strings).  Only ``wtexts[a-4:b+4]`` is looked at (the
        scorer's context), so a caller may pass any window that holds it (streaming does).
        ``lone``: the region is the whole text (ITN), see ``_lone``."""
        return self.region_context(text, words, wtexts, a, b, lone, candidates)[0]

    def region_context(self, text, words, wtexts, a, b, lone=False, candidates=True):
        """``region``'s spans and whether the context words decided them (False when the
        scorer was not asked: then any context gives the same spans)."""
        src, offsets = self.source(text, words[a:b])
        best, hyps, contextual = self.choose(src, wtexts[max(0, a - CONTEXT_WORDS):a], wtexts[b:b + CONTEXT_WORDS], lone,
                                             wtexts[a:b])
        if best is None:
            return [], False
        return self.spans(text, src, offsets, a, best, hyps if candidates else None), contextual

    def spans(self, text, src, offsets, a, best, hyps):
        """The converted spans of reading ``best`` of region string ``src`` (write.region_spans)."""
        return region_spans(text, src, offsets, a, best, hyps, self.classes, self.lower, self.detector.edge, self.ends)

    def choose(self, src, left, right, lone=False, words=None):
        """-> (best reading, all readings ranked, contextual) of a region string between the
        context words ``left`` and ``right``; ``contextual``: the scorer compared readings, so
        another context may choose another one (best is None when nothing reads ``src``).
        ``words``: the region's words as written (their case and marks; see style/)."""
        ranked = self.rank.on
        hyps = self.reader.hypotheses(src, ranked)
        if not hyps:
            return None, hyps, False
        contextual = ranked and self.rank(src, hyps, left, right)
        best = _lone(src, hyps, self.detector.edge + " ") if lone else hyps[0]
        if words is not None:
            for rule in self.style_rules:
                best, asked = rule.choose(src, hyps, best, list(left), list(right), list(words))
                contextual = contextual or asked
        return best, hyps, contextual


def _lone(src, hyps, edge):
    """A text that is one entity and nothing else is written as the entity: where the best
    reading is one span over all the region's words that leaves them as they are ("seven"
    kept as in "seven of them"), the cheapest reading of the same extent that writes them
    ("seven" -> "7", "fifth." -> "5th.", as a heading or an answer)."""
    best = hyps[0]
    if len(best.spans) != 1:
        return best
    s, e, _, out = best.spans[0]
    if out.lower() != src[s:e] or src[:s].strip(edge) or src[e:].strip(edge):
        return best
    written = [h for h in hyps if len(h.spans) == 1 and h.spans[0][:2] == (s, e) and h.spans[0][3].lower() != out]
    return min(written, key=lambda h: h.total) if written else best
