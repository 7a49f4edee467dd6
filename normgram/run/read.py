"""Read: a region string -> its readings (grammar weight, spans), best first.

The region FST's n best paths (through the gates), a staged class's spans through its
second stage, and a choice among them that keeps distinct class segmentations apart, so
that a ranker sees time vs number vs year readings instead of n wordings of one class.
Everything read is memoized per region string (corpora repeat "2010", "$5", ...).
"""
import pynini

from ..common.memo import Memo
from .gates import lower
from .rank import segmentation
from .regions import apply_late, best_paths, path_spans

MEMO = 20_000  # region strings whose readings are kept


class Hypothesis:
    """One reading of a region: its grammar weight and its spans (region char offsets)."""
    __slots__ = ("weight", "spans", "lm", "total", "ranked")

    def __init__(self, weight, spans):
        self.weight, self.spans, self.lm, self.total, self.ranked = weight, spans, 0.0, weight, True

    def with_spans(self, spans):
        """The same reading (weight and scores) with other spans: a style rule's choice."""
        h = Hypothesis(self.weight, tuple(spans))
        h.lm, h.total, h.ranked = self.lm, self.total, self.ranked
        return h


def ties_by_words(found, src, known):
    """``found`` (sorted by weight) with each run of equal weights (to four decimals) sorted
    by the words its readings convert: leftmost-longest (see ``Reader.read``)."""
    i, n = 0, len(found)
    while i < n - 1:
        top, j = found[i][0] + 0.00005, i + 1
        while j < n and found[j][0] < top:
            j += 1
        if j - i > 1:
            found[i:j] = sorted(found[i:j], key=lambda h: [(s, -e) for s, e in segmentation(src, h[1], known)])
        i = j
    return found


class Reader:
    """Reads region strings of one direction.  ``fst``: the region FST (a pynini.Fst);
    ``gates``: the runtime Gates; ``lowered``: region strings come lowercased (ITN);
    ``nbest``: distinct class segmentations kept, found among ``paths`` best paths;
    ``staged``: class indices with a second stage, ``late``: class index -> that stage
    (kept reversed when ``late_reversed``); ``class_fst``: class index -> its FST."""

    def __init__(self, fst, gates, lowered, nbest, paths, staged=(), late=None, late_reversed=False, class_fst=None):
        self.fst, self.gates, self.lowered = fst, gates, lowered
        self.nbest, self.paths = nbest, paths or nbest
        self.staged, self.late, self.late_reversed, self.class_fst = set(staged), late, late_reversed, class_fst
        self.memo = Memo(MEMO)  # (region string, ranked) -> [(weight, spans)]
        self.late_memo = Memo(MEMO)  # (class index, first-stage token) -> (output, cost) or None
        self.class_memo = Memo(MEMO)  # (class index, text, n) -> its n best outputs read by that class alone

    def clear(self):
        for memo in (self.memo, self.late_memo, self.class_memo):
            memo.clear()

    def hypotheses(self, src, ranked=True):
        """Readings of a region string, best grammar weight first: the best wording of up to
        ``nbest`` distinct class segmentations (found among the ``paths`` best paths), then
        the other wordings of those segmentations."""
        key = (src, ranked)
        found = self.memo.get(key)
        if found is None:
            found = self.read(src, max(self.paths, self.nbest) if ranked else self.nbest)
            # tuples of atomic values only: the garbage collector stops tracking them, so a
            # full memo does not lengthen its full collections (20 ms pauses at 60k objects)
            found = self.memo.put(key, tuple([(w, tuple(spans)) for w, spans in found]))
        return [Hypothesis(w, spans) for w, spans in found]  # fresh objects: the ranker sets lm/total

    def read(self, src, n):
        """The ``n`` best paths of ``src`` -> the readings ``select`` keeps, best first.

        Readings of equal grammar weight (every cost in the weights files is a multiple of
        0.0001, so weights equal to four decimals are equal; float sums differ in the last
        bits) are ordered by the words they convert, not by the shape of the compiled FSTs:
        the span that starts first, then the longer span; a reading whose converted spans
        are the first ones of another's comes before it ("a million dollar question" keeps
        its words where converting them costs the same).  Readings that convert the same
        words keep the shortest-path order; the ranker chooses among their classes."""
        low = src if self.lowered else lower(src)
        best = best_paths(self.gates.acceptor(src, low), self.fst, n)
        if best is None:
            return []
        paths = best.paths()
        found, done, weight, ilabels, olabels, step = [], paths.done, paths.weight, paths.ilabels, paths.olabels, paths.next
        while not done():
            found.append((float(weight()), path_spans(ilabels(), olabels())))
            step()
        if self.late is not None:
            staged = self.staged
            found = [h if staged.isdisjoint([sp[2] for sp in h[1]]) else self.second_stage(h) for h in found]
            found = [h for h in found if h is not None]
        found.sort(key=lambda h: h[0])
        known = {}  # span -> its part of a segmentation
        return self.select(ties_by_words(found, src, known), src, known)

    def second_stage(self, hyp):
        """A first-stage reading with its staged spans through their class's second stage
        (which only adds costs >= 0), or None when that stage cannot read one of them.
        Applied to the n best first-stage paths, not the whole lattice: a staged span's
        token is read once (memoized), where composing the lattice read every staged span
        the grammar allows, in every wording ("sixty four dollars" inside "fifteen thousand
        eight hundred sixty four dollars" ...)."""
        w, spans = hyp
        if not any(c in self.staged for _, _, c, _ in spans):
            return hyp
        out = []
        for s, e, c, tok in spans:
            if c in self.staged:
                read = self.late_memo.get((c, tok), False)
                if read is False:
                    read = self.late_memo.put((c, tok), self._late_read(c, tok))
                if read is None:
                    return None
                tok, cost = read
                w += cost
            out.append((s, e, c, tok))
        return w, out

    def class_read(self, c, text, n=1):
        """The ``n`` best distinct outputs of class ``c``'s FST alone for ``text``, best first
        ([] where it reads none; memoized)."""
        key = (c, text, n)
        read = self.class_memo.get(key, False)
        if read is False:
            fst = self.class_fst(c) if self.class_fst is not None else None
            read = []
            if fst is not None:
                lattice = pynini.compose(pynini.accep(pynini.escape(text), token_type="utf8"), fst)
                if lattice.start() != pynini.NO_STATE_ID:
                    lattice = pynini.shortestpath(lattice.project("output").rmepsilon(), nshortest=n, unique=True)
                    # both sides' labels are code points: read as bytes, "°" (176) is no UTF-8
                    paths = lattice.paths(input_token_type="utf8", output_token_type="utf8")
                    # items(): weights() and ostrings() advance one shared iterator, zipped they skip paths
                    read = [(float(w), o) for _, o, w in paths.items()]
                    read = tuple(o for _, o in sorted(read))
            self.class_memo.put(key, read)
        return read

    def class_forms(self, c, text, n, without=frozenset()):
        """The ``n`` cheapest distinct outputs of class ``c`` alone for ``text``, a staged
        class's through its second stage, best first, of equal cost the one of fewer words
        first, none with a word of ``without`` ([] where it reads none; memoized)."""
        key = ("forms", c, text, n, without)
        got = self.class_memo.get(key, False)
        if got is False:
            got = ()
            fst = self.class_fst(c) if self.class_fst is not None else None
            if fst is not None:
                lattice = pynini.compose(pynini.accep(pynini.escape(text), token_type="utf8"), fst)
                if lattice.start() != pynini.NO_STATE_ID and c in self.staged and self.late is not None:
                    tokens = pynini.determinize(lattice.project("output").rmepsilon())
                    lattice = apply_late(tokens, self.late(c), self.late_reversed)
                if lattice.start() != pynini.NO_STATE_ID:
                    outs = pynini.determinize(lattice.project("output").rmepsilon())
                    if without:
                        outs = pynini.compose(outs, _without_words(outs, without))
                    paths = pynini.shortestpath(outs, nshortest=n, unique=True).paths(input_token_type="utf8",
                                                                                      output_token_type="utf8")
                    # of equal cost the form of fewer words first ("двух рублей", "двух российских рублей")
                    found = sorted(((float(w), o.count(" "), o) for _, o, w in paths.items()))
                    got = tuple(o for _, _, o in found)
            self.class_memo.put(key, got)
        return got

    def _late_read(self, c, tok):
        src = pynini.accep(pynini.escape(tok), token_type="utf8")
        lattice = apply_late(src, self.late(c), self.late_reversed)
        if lattice.start() == pynini.NO_STATE_ID:
            return None
        path = pynini.shortestpath(lattice).paths(output_token_type="utf8")
        return path.ostring(), float(path.weight())

    def select(self, found, src, known):
        """Readings sorted by weight -> the best wording of up to ``nbest`` distinct class
        segmentations, then up to ``nbest`` other wordings.  Segmentations over the words
        the best reading converts (the ranker's choices, see rank.py) are kept beyond
        ``nbest``: "9:15" is not crowded out by "nine 15", "9 fifteen" ..."""
        firsts, rest, seen = [], [], set()
        best = segmentation(src, found[0][1], known) if found else None
        for w, spans in found:
            sig = tuple([sp[:3] for sp in spans])
            if sig not in seen:
                if len(seen) >= self.nbest and segmentation(src, spans, known) != best:
                    continue
                seen.add(sig)
                firsts.append((w, spans))
            elif len(rest) < self.nbest:
                rest.append((w, spans))
        return firsts + rest


def _without_words(lattice, words):
    """An acceptor of the strings over ``lattice``'s output letters that have none of ``words``
    as a whole word (words of other letters cannot occur and are left out; memoized)."""
    letters = frozenset(chr(a.olabel) for s in lattice.states() for a in lattice.arcs(s) if a.olabel)
    key = (letters, words)
    got = _WITHOUT.get(key, None)
    if got is None:
        got = _WITHOUT.put(key, _without(letters, [w for w in words if letters.issuperset(w)]))
    return got


_WITHOUT = Memo(256)  # (letters, words) -> acceptor


def _without(letters, words):
    """Words apart by single spaces, each any string of ``letters`` but one of ``words`` (a
    word's complement: no sigma-star prefix to determinize)."""
    def accep(text):
        return pynini.accep(pynini.escape(text), token_type="utf8")
    chars = pynini.union(*(accep(ch) for ch in sorted(letters - {" "}))).optimize()
    word = chars.closure(1)
    if words:
        word = pynini.difference(word.optimize(), pynini.union(*(accep(w) for w in sorted(words))).optimize())
    if " " not in letters:
        return (word | pynini.accep("", token_type="utf8")).optimize()
    return (pynini.accep("", token_type="utf8") | word + (accep(" ") + word).closure()).optimize()
