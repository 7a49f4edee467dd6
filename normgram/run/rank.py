"""Rank: order a region's readings by grammar weight + the ranker's cost in context.

The grammar decides which words are converted and into which spans (its best reading's
segmentation, cue words a span copies aside: "at 4:30" reads the words of "430"); the
ranker decides only the classes of those spans ("10:15" / "1015" / "$10.15"), and within
one class sequence the grammar weight alone decides the written format ("May 12, 1981" /
"05-12/1981", "a hundred" / "100"): the readings of one class sequence share the ranker
cost of its cheapest one.  So the LM's taste for a format in its training text ("58
percent" as <cardinal> "percent" against "58%") never overrides the ITN style rules.
Readings that write the same digits but for thousands separators ("2008" year / "2,008"
cardinal) are one group too: the cheapest reading's.
"""
import regex

from ..common.memo import Memo
from ..ranker.tokens import copied_edges, span_tokens

MEMO = 20_000  # region strings whose ranker groups are kept


class Rank:
    """Ranks one direction's readings with ``scorer`` (left words, region tokens, right
    words) -> cost.  ``classes``: class index -> name; ``settings``: the spec's Settings
    (``ranked_as``: ITN classes the ranker reads as another, "XIV" / "14" being a format
    choice; ``thousands_separator``)."""

    def __init__(self, scorer, classes, lowered, settings):
        self.scorer, self.classes, self.lowered = scorer, classes, lowered
        sep = settings.thousands_separator
        self._sep = sep
        self._grouping = regex.compile(rf"(?<=\d){regex.escape(sep)}(?=\d{{3}})") if sep else None
        alias = settings.ranked_as if lowered else {}
        self._rank_class = [classes.index(alias[c]) if alias.get(c) in classes else i
                            for i, c in enumerate(classes)]
        self.memo = Memo(MEMO)  # region string -> its readings' ranker groups

    @property
    def on(self):
        """Does the scorer compare readings?  (A scorer with lambda 0, a direction the
        model does not rank, costs nothing.)"""
        return self.scorer is not None and getattr(self.scorer, "lam", 1.0) != 0

    def __call__(self, src, hyps, left, right):
        """Order ``hyps`` (best grammar weight first) in place; -> whether the scorer was
        asked (False: nothing for it to choose)."""
        groups = self.memo.get(src)  # context-free, per region string (hyps come in memo order)
        if groups is None:
            groups = self.memo.put(src, self._groups(src, hyps))
        seg, keys, toks = groups
        if toks is None:
            return False
        lms = {k: self.scorer(left, tk, right) for k, tk in toks}
        for h, k in zip(hyps, keys):
            h.ranked = k[0] == seg[0]
            if not h.ranked:
                continue  # not the ranker's to choose: not scored (lm 0; `explain` marks it)
            h.lm = lms[k]
            h.total = h.weight + h.lm
        order = {id(h): (sg != seg[0], h.total, h.weight) for h, sg in zip(hyps, seg)}
        hyps.sort(key=lambda h: order[id(h)])
        return True

    def _groups(self, src, hyps):
        """-> (each reading's segmentation, each reading's group, the LM tokens of each group
        of the best segmentation, None when there is one group): tuples of atomic values
        only, as in the readings memo (the collector untracks them)."""
        known = {}  # span -> its part of a segmentation (readings share most spans)
        seg, keys, first, sep, rank_class = [], [], {}, self._sep, self._rank_class
        grouping = self._grouping.sub if self._grouping is not None else None
        for h in hyps:
            parts, ranked = [], []  # segmentation, and the classes of the spans in it
            for sp in h.spans:
                part = known.get(sp, False)
                if part is False:
                    part = known[sp] = converted(src, *sp)
                if part is not None:  # a span that leaves its words as they are: no class to rank
                    parts.append(part)
                    ranked.append(rank_class[sp[2]])
            sg = tuple(parts)
            seg.append(sg)
            k = (sg, tuple(ranked))
            if grouping is not None:
                k = first.setdefault((sg, tuple([grouping("", sp[3]) if sep in sp[3] else sp[3] for sp in h.spans])), k)
            keys.append(k)
        toks = {}  # group -> the LM tokens of its cheapest reading
        for h, k in zip(hyps, keys):
            if k[0] == seg[0] and k not in toks:
                toks[k] = tuple(lm_tokens(src, h, self.classes, self.lowered))
        return tuple(seg), tuple(keys), tuple(toks.items()) if len(toks) > 1 else None


def segmentation(src, spans, known=None):
    """A reading's spans as (start, end) region offsets of the words they convert: cue words
    a span copies at its edges ("at" in "at four thirty" -> "at 4:30") are left out, and so
    is a span that leaves its words as they are ("four" kept in "sank four feet"): whether
    to write a number or keep its words is the grammar's style decision.  ``known``: a dict
    that remembers each span's part across calls for one ``src``."""
    out = []
    for sp in spans:
        part = known.get(sp, False) if known is not None else False
        if part is False:
            part = converted(src, *sp)
            if known is not None:
                known[sp] = part
        if part is not None:
            out.append(part)
    return tuple(out)


def converted(src, s, e, _, o):
    """The (start, end) of the words span (s, e) with output ``o`` converts, or None."""
    if o.lower() == src[s:e].lower():
        return None
    inp = src[s:e].split(" ")
    lead, trail = copied_edges(inp, o.split(" "), exact=True)  # "may" -> "May" is written
    if lead or trail:
        s += sum(len(w) + 1 for w in inp[:lead])
        e -= sum(len(w) + 1 for w in inp[len(inp) - trail:])
    return s, e


def lm_tokens(src, hyp, classes, itn=False):
    """A region reading as the ranker sees it: words outside spans and one <class> per span."""
    toks, pos = [], 0
    for s, e, c, out in hyp.spans:
        toks.extend(src[pos:s].split())
        # the written shape is evidence only when it is the input (TN); in ITN it is the
        # grammar's own output format ("5 million" vs "5,000,000"), so ITN tokens carry none
        glued = "" if itn or s == 0 or src[s - 1].isspace() or src[s - 1].isalnum() else src[s - 1]
        toks.extend(span_tokens(src[s:e], out, classes[c], None if itn else src[s:e], glued,
                                out if itn else src[s:e]))
        pos = e
    toks.extend(src[pos:].split())
    return toks
