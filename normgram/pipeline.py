"""Sentence pipeline: words -> candidate regions -> region lattice -> best path -> output.

Only candidate regions are composed with the region FST (see segmenter.py), so the
work per sentence grows linearly with its length.  Text outside converted spans is
copied byte for byte.  The pipeline knows no class by name.
"""
import pynini
import regex

from . import gates
from .candidates import Detector
from .author_initials import AuthorInitials
from .labels import LabelContext
from .result import Candidate, Result, Span
from .segmenter import CLASS_BASE, END, START, WORD, apply_late, best_paths
from .tokenized import Tokenized

PLACEHOLDER = "\ue000"
CONTEXT_WORDS = 4   # words on each side of a region the scorer sees
_WORD = regex.compile(WORD)
_PLAIN = regex.compile(r"[^\s-]+")  # WORD on a text with no hyphen
_START, _END = ord(START), ord(END)
_GATE_LO, _GATE_HI = gates.GATE_BASE, gates.GATE_BASE + 0x100
MEMO = 20_000  # region strings whose readings are kept (corpora repeat "2010", "$5", ...)


class Hypothesis:
    """One reading of a region: its grammar weight and its spans (region char offsets)."""
    __slots__ = ("weight", "spans", "lm", "total", "ranked")

    def __init__(self, weight, spans):
        self.weight, self.spans, self.lm, self.total, self.ranked = weight, spans, 0.0, weight, True

    def with_spans(self, spans):
        """The same reading (weight and scores) with other spans: a label rule's choice."""
        h = Hypothesis(self.weight, tuple(spans))
        h.lm, h.total, h.ranked = self.lm, self.total, self.ranked
        return h


class Pipeline:
    def __init__(self, region_fst, meta, direction, nbest=4, scorer=None, late=None, paths=None, class_fst=None):
        # a pynini.Fst (VectorFst) for segmenter.best_paths, read from the cache as a ConstFst
        self.fst = region_fst if isinstance(region_fst, pynini.Fst) else pynini.Fst.from_pywrapfst(region_fst)
        self.word_re = regex.compile(meta.get("word_pattern") or WORD)
        # the default pattern finds runs of non-space where a text holds no hyphen
        self._plain_re = _PLAIN if self.word_re.pattern == WORD else None
        self._elision = meta.get("elision") or ""  # apostrophes after which a cut word has no gap
        self.late = late  # callable: class name -> its second stage (staged classes), or None
        self.class_fst = class_fst  # callable: class index -> its FST (a class read alone), or None
        self.staged = {i for i, c in enumerate(meta["classes"]) if c in meta.get("staged", {}).get(direction, ())}
        self.late_reversed = direction in meta.get("late_reversed", ())
        self._late_memo = {}  # (class index, first-stage token) -> (output, cost) or None
        self._class_memo = {}  # (class index, text, n) -> its n best outputs read by that class alone
        self.direction = direction
        self.detector = Detector(meta, direction)
        self.classes = meta["classes"]
        self.lower = direction == "itn"
        self.lone = self.lower and bool(meta.get("lone_written"))  # see _lone
        # ITN: marks written spaced as the input spaces its own ("$ 60" in tokenized text)
        spec = meta.get("tokenized_text") if self.lower else None
        self.tokenized = Tokenized(spec, meta["classes"]) if spec else None
        spec = meta.get("label_context") if self.lower else None
        # words whose reading the case of the text decides (a class's ``cased`` triggers)
        cased = {w for t in meta["triggers"].values() for w in t.get(direction, {}).get("cased", ())}
        # words whose sign a class writes after a name ("number" -> "#"): class index -> {word: signs}
        signs = {i: t[direction]["after_name"] for i, t in enumerate(meta["triggers"].get(c, {}) for c in meta["classes"])
                 if t.get(direction, {}).get("after_name")}
        self.labels = LabelContext(spec, meta["edge_punctuation"], cased, CONTEXT_WORDS, meta["classes"],
                                   self.tokenized, signs, self._class_read) if spec else None
        # per-span keep/convert choices made on the chosen reading of a region: the labels
        # (ITN) and the classes whose spans over a person's initials in a list of authors
        # stay as written (TN); each: choose(src, hyps, best, left, right, words)
        self.span_rules = ([self.labels] if self.labels is not None else []) + [
            AuthorInitials(t[direction]["author_initials"], meta["edge_punctuation"], self.classes.index(c))
            for c, t in meta["triggers"].items() if t.get(direction, {}).get("author_initials")]
        self.nbest = nbest  # distinct class segmentations kept per region
        self.paths = paths or nbest  # grammar paths searched to find them
        self.scorer = scorer  # callable(left_words, region_tokens, right_words) -> cost, or None
        self._unknown = regex.compile("[^" + regex.escape(meta["alphabet"]) + "]")
        sep = meta.get("thousands_separator")
        self._sep = sep
        self._grouping = regex.compile(rf"(?<=\d){regex.escape(sep)}(?=\d{{3}})") if sep else None
        # ITN: a class ranked as another (meta "ranked_as": "XIV" / "14" is a format choice)
        alias = meta.get("ranked_as", {}) if self.lower else {}
        self._rank_class = [self.classes.index(alias[c]) if alias.get(c) in self.classes else i
                            for i, c in enumerate(self.classes)]
        self._memo = {}  # (region string, ranked) -> [(weight, spans)]; cleared when full
        self._rank_memo = {}  # region string -> its readings' ranker groups (see _rank)
        found = meta.get("gates", {}).get(direction, {})
        self._gates = gates.Gates(found, meta["edge_punctuation"], self.detector.possessive)

    def run(self, text, candidates=True):
        """``text`` -> Result; ``candidates``: each span lists its competing readings (a
        caller that wants the output text alone skips building them)."""
        if not isinstance(text, str):
            raise TypeError(f"expected str, got {type(text).__name__}")
        found = self._plain_re if self._plain_re is not None and "-" not in text else self.word_re
        words = [m.span() for m in found.finditer(text)]
        wtexts = [text[s:e] for s, e in words]
        spans = []
        regions = self.detector.regions(wtexts)
        lone = self.lone and len(regions) == 1 and regions[0] == (0, len(words))
        for a, b in regions:
            spans.extend(self.region(text, words, wtexts, a, b, lone, candidates))
        return Result(text, assemble(text, spans), spans)

    def source(self, text, words):
        """The region as the FST reads it, and each of its characters' input offset."""
        parts, offsets, last = [], [], None
        for s, e in words:
            # words cut at an elision apostrophe are read without a gap ("l'heure"); other
            # words cut without a gap ("Andrew," "--") are read as separate words
            if parts and (s > last or text[last - 1] not in self._elision):
                parts.append(" ")
                offsets.append(offsets[-1] + 1)
            last = e
            parts.append(text[s:e])
            offsets.extend(range(s, e))
        src = "".join(parts)
        if self.lower:
            src = gates.lower(src)
        return self._unknown.sub(PLACEHOLDER, src), offsets

    def hypotheses(self, src, ranked=True):
        """Readings of a region string, best grammar weight first: the best wording of up to
        ``nbest`` distinct class segmentations (found among the ``paths`` best paths), then
        the other wordings of those segmentations.  Keeping segmentations apart lets a ranker
        see time vs number vs year readings instead of n wordings of one class."""
        key = (src, ranked)
        found = self._memo.get(key)
        if found is None:
            found = self._read(src, max(self.paths, self.nbest) if ranked else self.nbest)
            if len(self._memo) >= MEMO:
                self._memo.clear()
            # tuples of atomic values only: the garbage collector stops tracking them, so a
            # full memo does not lengthen its full collections (20 ms pauses at 60k objects)
            found = self._memo[key] = tuple([(w, tuple(spans)) for w, spans in found])
        return [Hypothesis(w, spans) for w, spans in found]  # fresh objects: the ranker sets lm/total

    def _read(self, src, n):
        low = src if self.lower else gates.lower(src)
        best = best_paths(self._gates.acceptor(src, low), self.fst, n)
        if best is None:
            return []
        paths = best.paths()
        found, done, weight, ilabels, olabels, step = [], paths.done, paths.weight, paths.ilabels, paths.olabels, paths.next
        while not done():
            found.append((float(weight()), _spans(ilabels(), olabels())))
            step()
        if self.late is not None:
            staged = self.staged
            found = [h if staged.isdisjoint([sp[2] for sp in h[1]]) else self._second_stage(h) for h in found]
            found = [h for h in found if h is not None]
        found.sort(key=lambda h: h[0])
        return self._select(found, src)

    def _second_stage(self, hyp):
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
                read = self._late_memo.get((c, tok), False)
                if read is False:
                    read = self._late_read(c, tok)
                    if len(self._late_memo) >= MEMO:
                        self._late_memo.clear()
                    self._late_memo[(c, tok)] = read
                if read is None:
                    return None
                tok, cost = read
                w += cost
            out.append((s, e, c, tok))
        return w, out

    def _class_read(self, c, text, n=1):
        """The ``n`` best distinct outputs of class ``c``'s FST alone for ``text``, best first
        ([] where it reads none; memoized)."""
        key = (c, text, n)
        read = self._class_memo.get(key, False)
        if read is False:
            fst = self.class_fst(c) if self.class_fst is not None else None
            read = []
            if fst is not None:
                lattice = pynini.compose(pynini.accep(pynini.escape(text), token_type="utf8"), fst)
                if lattice.start() != pynini.NO_STATE_ID:
                    lattice = pynini.shortestpath(lattice.project("output").rmepsilon(), nshortest=n, unique=True)
                    paths = lattice.paths(output_token_type="utf8")
                    read = [(float(w), o) for w, o in zip(paths.weights(), paths.ostrings())]
                    read = tuple(o for _, o in sorted(read))
            if len(self._class_memo) >= MEMO:
                self._class_memo.clear()
            self._class_memo[key] = read
        return read

    def _late_read(self, c, tok):
        src = pynini.accep(pynini.escape(tok), token_type="utf8")
        lattice = apply_late(src, self.late(c), self.late_reversed)
        if lattice.start() == pynini.NO_STATE_ID:
            return None
        path = pynini.shortestpath(lattice).paths(output_token_type="utf8")
        return path.ostring(), float(path.weight())

    def _select(self, found, src):
        """Readings sorted by weight -> the best wording of up to ``nbest`` distinct class
        segmentations, then up to ``nbest`` other wordings.  Segmentations over the words
        the best reading converts (the ranker's choices, see ``_rank``) are kept beyond
        ``nbest``: "9:15" is not crowded out by "nine 15", "9 fifteen" ..."""
        firsts, rest, seen, known = [], [], set(), {}
        best = _segmentation(src, found[0][1], known) if found else None
        for w, spans in found:
            sig = tuple([sp[:3] for sp in spans])
            if sig not in seen:
                if len(seen) >= self.nbest and _segmentation(src, spans, known) != best:
                    continue
                seen.add(sig)
                firsts.append((w, spans))
            elif len(rest) < self.nbest:
                rest.append((w, spans))
        return firsts + rest

    def _rank(self, src, hyps, left, right):
        """Order ``hyps`` (best grammar weight first) by grammar weight + ranker cost.

        The grammar decides which words are converted and into which spans (its best
        reading's segmentation, cue words a span copies aside: "at 4:30" reads the words
        of "430"); the ranker decides only the classes of those spans ("10:15" / "1015" /
        "$10.15"), and within one class sequence the grammar weight alone decides the
        written format ("May 12, 1981" / "05-12/1981", "a hundred" / "100"): the readings
        of one class sequence share the ranker cost of its cheapest one.  So the LM's
        taste for a format in its training text ("58 percent" as <cardinal> "percent"
        against "58%") never overrides the ITN style rules.  Readings that write the same
        digits but for thousands separators ("2008" year / "2,008" cardinal) are one group
        too: the cheapest reading's."""
        groups = self._rank_memo.get(src)  # context-free, per region string (hyps come in memo order)
        if groups is None:
            known = {}  # span -> its part of a segmentation (readings share most spans)
            seg, keys, first, sep, rank_class = [], [], {}, self._sep, self._rank_class
            grouping = self._grouping.sub if self._grouping is not None else None
            for h in hyps:
                parts, ranked = [], []  # _segmentation, and the classes of the spans in it
                for sp in h.spans:
                    part = known.get(sp, False)
                    if part is False:
                        part = known[sp] = _converted(src, *sp)
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
                    toks[k] = tuple(_tokens(src, h, self.classes, self.lower))
            # tuples of atomic values only, as in the readings memo (the collector untracks them)
            groups = (tuple(seg), tuple(keys), tuple(toks.items()) if len(toks) > 1 else None)
            if len(self._rank_memo) >= MEMO:
                self._rank_memo.clear()
            self._rank_memo[src] = groups
        seg, keys, toks = groups
        if toks is None:
            return False  # nothing for the ranker to choose
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
        """The converted spans of reading ``best`` of region string ``src`` (``offsets``: each
        of its characters' offset in ``text``; ``a``: the region's first word index), each
        with the candidate readings ``hyps`` give its extent (none when ``hyps`` is None)."""
        alts = {}
        for s, e, _, _ in best.spans if hyps is not None else ():
            cand = alts.setdefault((s, e), {})
            for h in hyps:
                name, out = _reading(src, h, s, e, self.classes)
                if (name, out) not in cand:
                    cand[(name, out)] = Candidate(name, out, h.weight, h.lm, h.total, h.ranked)
        spans = []
        for s, e, c, out in best.spans:
            start, end = offsets[s], offsets[e - 1] + 1
            inp = text[start:end]
            if out.lower() == inp.lower():
                continue  # a reading that leaves the words as they are is no conversion
            if self.lower:
                out = keep_case(inp, out)
                if out.endswith(".") and text[end:end + 1] == "." and text[end + 1:end + 2] != ".":
                    end += 1  # "at four p m." -> "at 4 p.m.": the written dot ends the sentence too
                    inp = text[start:end]
            elif inp.endswith(".") and not out.endswith(".") and _sentence_end(text, start, end, self.detector.edge):
                out += "."  # "at 5 p.m." ends the sentence too: its dot is kept
            spans.append(Span(start, end, 0, 0, self.classes[c], inp, out, best.weight,
                              list(alts[(s, e)].values()) if hyps is not None else [],
                              a + src.count(" ", 0, s), a + src.count(" ", 0, e - 1) + 1))
        return spans

    def choose(self, src, left, right, lone=False, words=None):
        """-> (best reading, all readings ranked, contextual) of a region string between the
        context words ``left`` and ``right``; ``contextual``: the scorer compared readings, so
        another context may choose another one (best is None when nothing reads ``src``).
        ``words``: the region's words as written (their case and marks; see labels.py)."""
        # a scorer with lambda 0 (a direction the model does not rank) costs nothing
        ranked = self.scorer is not None and getattr(self.scorer, "lam", 1.0) != 0
        hyps = self.hypotheses(src, ranked)
        if not hyps:
            return None, hyps, False
        contextual = ranked and self._rank(src, hyps, left, right)
        best = _lone(src, hyps, self.detector.edge + " ") if lone else hyps[0]
        if words is not None:
            for rule in self.span_rules:
                best, asked = rule.choose(src, hyps, best, list(left), list(right), list(words))
                contextual = contextual or asked
            if self.tokenized is not None:
                best, asked = self._spaced(src, best, list(left), list(words), list(right))
                contextual = contextual or asked
        return best, hyps, contextual

    def _spaced(self, src, best, left, words, right):
        """``best`` with its ranges written with a dash and the marks of its spans set apart
        (tokenized.py) where its words and the context words on each side, ``left`` and
        ``right`` (as streaming sees them too), show a tokenized text.  -> (reading, whether
        the context words were asked)."""
        dashed, asked = self.tokenized.dashed(src, best, left, words, right, self._class_read)
        spans = tuple((s, e, c, self.tokenized.space(o, self.classes[c])) for s, e, c, o in dashed)
        if spans == tuple(best.spans):
            return best, asked
        if not self.tokenized.shows([*left, *words, *right]):
            return best, True
        return best.with_spans(spans), True


def _sentence_end(text, start, end, edge):
    """TN: does the text (a sentence) end where a span that read an abbreviation's dot
    ("p.m.", "Ave.", "ft.") ends: only marks follow it?  Then the dot ends the sentence too
    and is kept; elsewhere it was the abbreviation's alone ("5 ft. long").  A text that is
    the span alone ("Mr.", a heading or a cell) is no sentence."""
    return not text[end:].strip(edge + " \t\n") and bool(text[:start].strip())


def keep_case(inp, out):
    """ITN reads lower case: words a span copies at its edges keep the input's capitals
    ("CHAPTER six" -> "CHAPTER VI", "Volume eight" -> "Volume 8"); a lower-case input word
    keeps the case the grammar writes ("may twelfth" -> "May 12")."""
    iw, ow = inp.split(" "), out.split(" ")
    lead, trail = copied_edges(iw, ow)
    for k in [*range(lead), *range(len(ow) - trail, len(ow))]:
        i = k if k < lead else len(iw) - (len(ow) - k)
        if iw[i] != iw[i].lower():
            ow[k] = iw[i]
    return " ".join(ow)


def copied_edges(inp, out, exact=False):
    """How many words a span copies unchanged (case aside) at its start and at its end,
    leaving at least one word between them: ``inp`` and ``out`` are word lists."""
    n = min(len(inp), len(out))
    lead = 0
    same = (lambda a, b: a == b) if exact else (lambda a, b: a.lower() == b.lower())
    while lead < n - 1 and same(inp[lead], out[lead]):
        lead += 1
    trail = 0
    while trail < n - lead - 1 and same(inp[-1 - trail], out[-1 - trail]):
        trail += 1
    return lead, trail


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


def _spans(ilabels, olabels):
    """Walk one path's aligned labels -> [(start, end, class index, output)] in region chars."""
    pos, out, cur, cls, spans = 0, None, 0, -1, []
    for il, ol in zip(ilabels, olabels):
        if il and not _GATE_LO <= il < _GATE_HI:
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


def _reading(src, hyp, s, e, classes):
    """What ``hyp`` makes of the region chars [s, e) (widened to the spans that overlap them):
    (class, output) -- for another segmentation, classes joined by "+" ("" = words left as
    they are) and the output of the whole stretch."""
    inside = [sp for sp in hyp.spans if sp[0] < e and sp[1] > s]
    if len(inside) == 1 and inside[0][:2] == (s, e):
        return classes[inside[0][2]], inside[0][3]
    lo, hi = min([s] + [sp[0] for sp in inside]), max([e] + [sp[1] for sp in inside])
    out, pos = [], lo
    for a, b, _, o in inside:
        out.append(src[pos:a])
        out.append(o)
        pos = b
    out.append(src[pos:hi])
    return "+".join(classes[sp[2]] for sp in inside), "".join(out)


def _segmentation(src, spans, known=None):
    """A reading's spans as (start, end) region offsets of the words they convert: cue words
    a span copies at its edges ("at" in "at four thirty" -> "at 4:30") are left out, and so
    is a span that leaves its words as they are ("four" kept in "sank four feet"): whether
    to write a number or keep its words is the grammar's style decision.  ``known``: a dict
    that remembers each span's part across calls for one ``src``."""
    out = []
    for sp in spans:
        part = known.get(sp, False) if known is not None else False
        if part is False:
            part = _converted(src, *sp)
            if known is not None:
                known[sp] = part
        if part is not None:
            out.append(part)
    return tuple(out)


def _converted(src, s, e, _, o):
    """The (start, end) of the words span (s, e) with output ``o`` converts, or None."""
    if o.lower() == src[s:e].lower():
        return None
    inp = src[s:e].split(" ")
    lead, trail = copied_edges(inp, o.split(" "), exact=True)  # "may" -> "May" is written
    if lead or trail:
        s += sum(len(w) + 1 for w in inp[:lead])
        e -= sum(len(w) + 1 for w in inp[len(inp) - trail:])
    return s, e


def _tokens(src, hyp, classes, itn=False):
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


_FRACTION = regex.compile(r"\d[.,]\d{1,2}(?!\d)")


def span_tokens(inp, out, cls, written=None, glued="", form=None):
    """A converted span as the ranker sees it: "<cls>", with the words the span copies at
    its edges kept as words ("at four thirty" -> "at 4:30" gives ["at", "<time>"]), so
    a cue word a grammar swallows looks the same as one it leaves outside.  With the
    span's ``written`` form the token carries its shape: "<year|4>" (``shape``); ``glued``
    is the written character just before the span when it is punctuation stuck to it
    (".878" split as "." + cardinal 878: "<cardinal|.3>").  A span whose written ``form``
    (``written`` unless given: ITN passes its output) has a short fractional part is
    "<cls:f>" ("$4.50" -> "<money:f>", "$5 billion" -> "<money>"): prices said without a
    currency word ("four fifty") have other contexts than sums said with one.  A span
    that copies all its words ("four" kept in "sank four feet") is those words, as the
    training text, whose sentences hold no such span, has them."""
    inp, outw = inp.split(), out.split()
    if [w.lower() for w in inp] == [w.lower() for w in outw]:
        return inp  # a span that leaves its words as they are converts nothing: the LM reads them
    lead, trail = copied_edges(inp, outw)
    form = written if form is None else form
    if form is not None and _FRACTION.search(form):
        cls = f"{cls}:f"
    tok = f"<{cls}>" if written is None else f"<{cls}|{shape(written, glued)}>"
    return [*inp[:lead], tok, *inp[len(inp) - trail:]]


def shape(written, glued=""):
    """A span's coarse written shape: the length of its longest digit run, "5" for 5 or
    more ("1986" -> "4", "4:30" -> "2", "III" -> "0"), after a glued "." or "," before it
    (".5" read as "." + "5" -> ".1")."""
    best = run = 0
    for ch in written:
        run = run + 1 if "0" <= ch <= "9" else 0
        best = max(best, run)
    return (glued if glued in (".", ",") else "") + str(min(best, 5))


def assemble(text, spans, lo=0, hi=None):
    """The output of ``text[lo:hi]`` with the converted ``spans`` in it written in (sorted in
    place); each span's out_start/out_end are set, counted from the output's start."""
    spans.sort(key=lambda sp: sp.start)
    out, pos, n = [], lo, 0
    for sp in spans:
        out.append(text[pos:sp.start])
        n += sp.start - pos
        sp.out_start, sp.out_end = n, n + len(sp.output)
        out.append(sp.output)
        n, pos = sp.out_end, sp.end
    out.append(text[pos:hi])
    return "".join(out)
