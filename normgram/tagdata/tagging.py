"""Training data for neural ITN: written text -> tagged spoken/written pairs.

For each written line, TN gives the preferred spoken form; for further variants each
span draws among the spoken forms it has not emitted yet, in proportion to
exp(-weight), so a model sees "twenty twenty" and "two thousand twenty" (forms that
differ only in spelling, "p.m." / "p m", count as one).  A record (one JSON line):

    {"line": 3, "written": "It costs $25.",
     "spoken": ["It costs twenty five dollars.", ...],          # K variants, first preferred
     "variants": [{"spoken": "...", "tagged": "It costs <money> twenty five dollars </money> .",
                   "tokens": [...], "tags": ["O", "O", "money", "money", "money", "O"],
                   "bio": ["O", "O", "B-money", "I-money", "I-money", "O"],   # two touching spans stay two
                   "spans": [{"cls": "money", "written": [9, 12], "spoken": [2, 5],
                              "text": "$25", "round_trip": true}]}, ...]}

Sampling is seeded by (seed, line number), so output does not depend on --jobs.
"""
import functools
import math
import random
import signal

import regex

from ..common.memo import Memo
from ..common.workers import can_fork, forked_pool
from ..ranker.tokens import copied_edges
from .variant_rules import VariantRules, agrees, spellings, variant_rules

_PUNCT = regex.compile(r"[^\w\s']|_")
MAX_LINE = 1 << 20
BATCH = 2000  # lines handed to worker processes at a time (bounded memory)


class BadLine(ValueError):
    """A line the engine will not read (empty, binary, too long)."""


def check_line(text):
    if not text.strip():
        raise BadLine("empty")
    if len(text) > MAX_LINE:
        raise BadLine(f"longer than {MAX_LINE} characters")
    if "\x00" in text or any("\udc80" <= c <= "\udcff" for c in text):
        raise BadLine("binary or not UTF-8")


def bounded_lines(fh, limit=MAX_LINE):
    """Lines of a text file, holding at most ``limit`` + 1 characters of one line in memory:
    a longer line is cut there (check_line then reports it) and the rest of it is skipped."""
    while True:
        line = fh.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith("\n"):
            rest = line
            while rest and not rest.endswith("\n"):
                rest = fh.readline(limit)
        yield line


def _words(piece, style):
    if style == "asr":
        piece = _PUNCT.sub(" ", piece.lower())
    return piece.split()


def spoken_key(text, marks=""):
    """What a listener hears: "p.m." and "p m", "forty-five" and "forty five" are one spoken form
    (``marks``: characters that keep two spellings apart, variants.yaml ``distinct_marks``)."""
    if marks:
        text = regex.sub(f"([{regex.escape(marks)}])", r" \1 ", text)
        return " ".join(w for w in regex.sub(f"[^\\w\\s'{regex.escape(marks)}]|_", " ", text.lower()).split())
    return " ".join(_words(text, "asr"))


class Tagger:
    """Makes records for one Normalizer.  ``variants``: K spoken forms per line.

    ``options``: distinct spoken forms considered per span (the class FST's cheapest ones).
    Class FST results (a span's verbalizations, ITN read-backs) are memoized per Tagger:
    the same written span and the same variant recur throughout a corpus.
    """

    def __init__(self, normalizer, variants=1, seed=0, style="cased", check=True, options=8, memo=50_000):
        if style not in ("asr", "cased"):
            raise ValueError("style must be 'asr' or 'cased'")
        self.norm, self.k, self.seed, self.style = normalizer, max(1, variants), seed, style
        self.check, self.options = check, options
        self._opts, self._back, self._tn = Memo(memo), Memo(memo), Memo(memo)
        # the locale's variant rules (None: options checked only, as the Spark driver does)
        rules = variant_rules(normalizer.locale) if normalizer else VariantRules()
        self._not_said, self._not_copied, self._kinds, self._agree = rules[:4]
        self._governs, self._spelling_only, self._gender_unknown = rules.governs, rules.spelling_only, rules.gender_unknown
        # TN's agreement rule (style/governed_case.py): the noun after a span narrows its case
        # and, where the noun lexicon knows its gender, lets gendered forms be variants
        rule = normalizer.pipeline("tn").style.get("governed_case") if normalizer else None
        self._agreement = rule[0] if rule else None
        self._key = functools.partial(spoken_key, marks=rules.marks)

    def _span_options(self, cls, text, need=None, noun=None):
        """[(output, weight, spoken key)] of the distinct spoken forms a span may take as a
        variant, cheapest first (the cheapest spelling of each): forms the locale's
        variants.yaml says nobody says are left out, and so are forms ITN does not read
        back to the written span or its value (a variant never drops "p.m.", a currency or
        a unit the written form has).  A form's weight is the sum of the costs of the
        variants.yaml kinds it has (how rarely speakers say them), or the grammar's weight
        where it has none; a form of a kind never said is left out.  ``need``: the agreement
        groups the word before the span governs (variants.yaml ``governs``), one of which the
        form's words must share ("около" -> genitive: "около двадцати семи процентов")."""
        key = (cls, text, need, noun)
        if key in self._opts:
            return self._opts[key]
        opts, keys = [], set()
        unsaid = [*self._not_said.get(cls, ()), *(self._gender_unknown.get(cls, ()) if noun is None else ())]
        copied = spoken_key(text) if cls in self._not_copied else None
        pool = (16 if self._agree else 4) * self.options  # case forms: most mixed ones are cheaper
        for out, w in self.norm.class_outputs(cls, "tn", text, pool):
            k = self._key(out)
            if k in keys or len(opts) >= self.options:
                continue
            keys.add(k)
            if k == copied or any(r.search(k) for r in unsaid):
                continue
            # a noun of known gender after the span: TN's own test (every case left, its gender)
            if not (self._agreement.agrees(k, need, noun) if noun is not None else agrees(k, self._agree, need)):
                continue
            costs = [cost for r, cost, written in self._kinds.get(cls, ())
                     if r.search(k) and (written is None or written.search(text))]
            if None in costs or not self._reads_back(cls, out, text):
                continue
            opts.append((out, sum(costs) if costs else w, k))
        return self._opts.put(key, opts)

    def _attested(self, cls, text, options):
        """Of a span's other forms where the locale emits spellings only (variants.yaml
        ``spelling_only``), those of a kind with a cost: a form a style guide or real usage has
        besides the preferred one (French "dix-neuf cent quatre-vingts"), its cheapest form with
        its letters most apart and most joined."""
        kinds = [(r, written) for r, cost, written in self._kinds.get(cls, ()) if cost is not None]
        found = [o for o in options if any(r.search(o[2]) and (written is None or written.search(text))
                                           for r, written in kinds)]
        if not found:
            return []
        best = min(found, key=lambda o: o[1])
        return [best, *spellings(best[0], [o for o in found if o is not best])]

    def _context(self, text, sp):
        """(agreement groups, noun) of a span: the groups the word before it governs, narrowed
        by the noun after it, and that noun where TN's agreement rule knows its gender."""
        need = self._governed(text, sp.start)
        rule = self._agreement
        if rule is None or sp.cls not in rule.class_names:
            return need, None
        before = _LAST_WORD.search(text, 0, sp.start)
        after = _NEXT_WORD.match(text, sp.end)
        cases, noun = rule.context(before.group(1) if before else None, after.group(1) if after else None)
        return frozenset(cases), (noun if rule.gender(noun) else None)

    def _governed(self, text, start):
        """The agreement groups the word before ``start`` governs (variants.yaml ``governs``;
        ``governs_default`` after any other word), or None where the locale has none."""
        if not self._governs:
            return None
        before = _LAST_WORD.search(text, 0, start)  # the last word only: no scan of the whole line
        word = before.group(1).lower().strip(_PUNCT_CHARS) if before else ""
        return self._governs.get(word, self._governs.get(""))

    def _tn_best(self, cls, text):
        key = (cls, text)
        if key not in self._tn:
            self._tn.put(key, self.norm.apply_class(cls, "tn", text))
        return self._tn[key]

    def _reads_back(self, cls, spoken, written):
        """ITN of the variant gives the written form, or a form TN reads identically
        (ITN writes "one" for a standalone 1 and "1,000" for 1000 by its format rules).
        The class's ITN is asked first; where it does not read the span (a span that ends in
        the sentence's mark, "B.C." -> "b c.", "&" said "and", "XVII" read back as "17"), the
        sentence ITN is, and TN of what it writes must say what TN of the written span says
        (where the span has a digit, ITN must have read something: a number left in words
        is no read-back)."""
        key = (cls, spoken, written)
        if key in self._back:
            return self._back[key]
        back = self.norm.apply_class(cls, "itn", spoken)
        ok = bool(back) and (back[0] == written or
                             self._tn_best(cls, back[0]) == self._tn_best(cls, written) != [])
        if not ok and back and back[0] == spoken and self._agreement is not None \
                and cls in self._agreement.class_names:
            # ITN keeps a small number in words ("пять"), in the case its context governs too
            # ("к пяти часам"): the same value where TN of the written span says that form
            ok = spoken in self._agreement.read_forms(cls, written)
        if not ok:
            whole = self.norm.itn(spoken)
            # TN of both equal, where ITN read something or the written span has no digit (ITN
            # keeps "and" for "&", "alpha" for "α", "junior" for "Jr." as words by design)
            ok = whole == written or (
                (spoken_key(whole) != spoken_key(spoken) or not _DIGIT.search(written))
                and spoken_key(self._tn_text(whole)) == spoken_key(self._tn_text(written)))
        return self._back.put(key, ok)

    def _tn_text(self, text):
        key = ("", text)
        if key not in self._tn:
            self._tn.put(key, self.norm.tn(text))
        return self._tn[key]

    def record(self, text, lineno=0):
        check_line(text)
        res = self.norm.tn_result(text)
        rng = random.Random(f"{self.seed}:{lineno}")
        first = [sp.output for sp in res.spans]
        # per span: the most words at its edges a variant may leave outside its tags, those
        # TN's preferred form says as written ("at" of "at 4:30pm"): a variant that says "pm"
        # as written keeps it in the entity as the preferred "p m" does
        edges = [_copied(res.input, sp.start, sp.end, out)[:2] for sp, out in zip(res.spans, first)]
        variants = [self._checked(self._variant(res, first, edges), first, res)]
        seen = {variants[0]["spoken"]}
        # per span: its forms, TN's best reading first (whatever the filters say of it)
        opts = []
        for sp in res.spans:
            best = self._key(sp.output)
            forms = self._span_options(sp.cls, sp.input, *self._context(res.input, sp)) if self.k > 1 else []
            rest = [o for o in forms if o[2] != best]
            if sp.output.endswith(".") and sp.input.endswith("."):
                # the abbreviation's dot that also ends the sentence (run/write.py sentence_end)
                rest = [(o if o.endswith(".") else o + ".", w, k) for o, w, k in rest]
            if self._spelling_only:
                rest = spellings(sp.output, rest) + self._attested(sp.cls, sp.input, rest)
            weight = next((o[1] for o in forms if o[2] == best), min((o[1] for o in rest), default=0.0))
            opts.append([(sp.output, weight, best), *rest])
        if self.k > 1 and res.spans:
            used = [{self._key(out)} for out in first]  # per span: forms already emitted
            tries = 0
            while len(variants) < self.k and tries < 10 * self.k:
                tries += 1
                # each span draws among the forms it has not emitted yet (all of them once exhausted),
                # in proportion to exp(-weight): variety per entity, still ranked by the grammar
                pick = [_sample(rng, [o for o in opt if o[2] not in u] or opt) for opt, u in zip(opts, used)]
                outs = [o[0] for o in pick]
                v = self._variant(res, outs, edges)
                if v["spoken"] not in seen:  # distinct as written out, after the style
                    seen.add(v["spoken"])
                    variants.append(self._checked(v, outs, res))
                    for u, o in zip(used, pick):
                        u.add(o[2])
        for v in variants:  # how many forms each span has: fewer variants than asked are not padded
            for span, opt in zip(v["spans"], opts):
                span["forms"] = len(opt)
        return {"line": lineno, "written": text, "spoken": [v["spoken"] for v in variants],
                "variants": variants}

    def _checked(self, variant, pick, res):
        """Mark each span of a variant with whether ITN reads its spoken form back (the
        class's whole reading, with the words ``_variant`` leaves outside the tags)."""
        if self.check:
            for span, spoken, sp in zip(variant["spans"], pick, res.spans):
                span["round_trip"] = self._reads_back(span["cls"], spoken, sp.input)
        return variant

    def _variant(self, res, pick, edges):
        tokens, tags, bio, tagged, spans, pos = [], [], [], [], [], 0
        glued = []  # per token: it follows the one before without a space in the text (a mark after a span)
        keep_gaps = self.style != "asr"  # the ASR style removes marks: words apart by one space

        def outside(text):  # words no span covers, tagged "O"
            words = _words(text, self.style)
            if words:
                glued.extend([keep_gaps and bool(tokens) and not text[:1].isspace()] + [False] * (len(words) - 1))
            tokens.extend(words)
            tagged.extend(words)
            tags.extend(["O"] * len(words))
            bio.extend(["O"] * len(words))

        for sp, spoken, most in zip(res.spans, pick, edges):
            mark = sp.output[-1:]
            if mark in _MARKS and not spoken.endswith(mark):  # the sentence's mark TN kept
                spoken += mark  # in the preferred form ("at 9 a.m." -> "nine a m.") stays
            start, end, spoken = _entity(res.input, sp.start, sp.end, spoken, most)
            outside(res.input[pos:start])
            ent = _words(spoken, self.style)
            spans.append({"cls": sp.cls, "written": [start, end],
                          "spoken": [len(tokens), len(tokens) + len(ent)], "text": res.input[start:end]})
            if ent:
                glued.extend([keep_gaps and bool(tokens) and start > 0 and not res.input[start - 1].isspace()]
                             + [False] * (len(ent) - 1))
            tokens += ent
            tags += [sp.cls] * len(ent)
            bio += [f"B-{sp.cls}"] + [f"I-{sp.cls}"] * (len(ent) - 1) if ent else []
            if ent:  # one element per span, also where two spans of a class touch
                tagged += [f"<{sp.cls}>", *ent, f"</{sp.cls}>"]
            pos = end  # words said as written after the entity are copied by the next outside()
        outside(res.input[pos:])
        # the spoken text as TN writes it: a mark right after an entity stays right after its
        # words ("five dollars." for "$5."); ``tokens`` and ``tagged`` are the token view
        spoken = "".join(("" if g or not i else " ") + w for i, (w, g) in enumerate(zip(tokens, glued)))
        return {"spoken": spoken, "tagged": " ".join(tagged), "tokens": tokens, "tags": tags,
                "bio": bio, "spans": spans}


_WORDS = regex.compile(r"\S+")
_LAST_WORD = regex.compile(r"(\S+)\s*\Z", regex.REVERSE)
_NEXT_WORD = regex.compile(r"\s+(\S+)")
_MARKS = frozenset(".!?")  # sentence marks
_DIGIT = regex.compile(r"\d")
_PUNCT_CHARS = "\"'«»„“”()[],.;:!?-—"


def _copied(text, start, end, spoken):
    """(lead, trail, words, said): how many words at a span's start and end are said exactly
    as written (the pipeline's copied_edges, compared as written), the span's written words
    as (start, end) and the spoken words."""
    words = [m.span() for m in _WORDS.finditer(text, start, end)]
    said = spoken.split()
    return (*copied_edges([text[a:b] for a, b in words], said, exact=True), words, said)


def _entity(text, start, end, spoken, most=None):
    """A span's words said exactly as written at its edges go outside its tags: "at" of
    "at 4:30pm" -> "at four thirty p m" (the time class reads its cue word with it) is no
    part of the entity a tagger should learn.  -> (start, end, spoken) of what is left
    ("May" said "may" stays in the date).  ``most``: (lead, trail), at most that many."""
    lead, trail, words, said = _copied(text, start, end, spoken)
    if most is not None:
        lead, trail = min(lead, most[0]), min(trail, most[1])
    if not (lead or trail):
        return start, end, spoken
    return words[lead][0], words[len(words) - 1 - trail][1], " ".join(said[lead:len(said) - trail])


def _sample(rng, options):
    """One option (output, weight, ...), drawn with probability proportional to exp(-weight)."""
    if len(options) == 1:
        return options[0]
    base = min(o[1] for o in options)
    ps = [math.exp(base - o[1]) for o in options]
    r, acc = rng.random() * sum(ps), 0.0
    for o, p in zip(options, ps):
        acc += p
        if r <= acc:
            return o
    return options[-1]


class Summary:
    """Counts for the end-of-run report."""
    max_failures = 5  # read-back failures kept per class

    def __init__(self):
        self.records = self.bad = 0
        self.entities, self.distinct, self.round_trip, self.failures = {}, {}, {}, {}

    def add(self, rec):
        self.records += 1
        per_span = {}
        for v in rec["variants"]:
            for i, sp in enumerate(v["spans"]):
                spoken = " ".join(v["tokens"][sp["spoken"][0]:sp["spoken"][1]])
                per_span.setdefault(i, (sp["cls"], set()))[1].add(spoken_key(spoken))
                if "round_trip" in sp:
                    ok, n = self.round_trip.get(sp["cls"], (0, 0))
                    self.round_trip[sp["cls"]] = (ok + sp["round_trip"], n + 1)
                    if not sp["round_trip"] and len(self.failures.setdefault(sp["cls"], [])) < self.max_failures:
                        self.failures[sp["cls"]].append((sp["text"], spoken))
        for cls, forms in per_span.values():
            self.entities[cls] = self.entities.get(cls, 0) + 1
            self.distinct[cls] = self.distinct.get(cls, 0) + len(forms)

    def lines(self, seconds):
        yield f"records {self.records}, bad lines {self.bad}, {self.records / max(seconds, 1e-9):.0f} rows/s"
        for cls in sorted(self.entities):
            n = self.entities[cls]
            ok, tot = self.round_trip.get(cls, (0, 0))
            rt = f", round trip {ok / tot:.3f} ({ok}/{tot})" if tot else ""
            yield f"  {cls:<12} {n} entities, {self.distinct[cls] / n:.2f} spoken forms per entity{rt}"
            for written, spoken in self.failures.get(cls, []):
                yield f"      not read back: {written!r} <- {spoken!r}"


_TAGGER = None


def _work(item):
    lineno, text = item
    try:
        return _TAGGER.record(text, lineno)
    except BadLine as e:
        return {"line": lineno, "bad": str(e)}


def _ignore_sigint():
    """Workers leave Ctrl-C to the parent, which stops the pool and removes the partial output."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def tag_lines(tagger, lines, jobs=1):
    """Yield one record per input line, in order; bad lines yield {"line", "bad"}.

    ``lines`` is any iterable of strings (read lazily); ``jobs`` > 1 forks worker
    processes and feeds them in batches, so memory stays constant on endless input.
    """
    global _TAGGER
    _TAGGER = tagger
    numbered = enumerate((l.rstrip("\n") for l in lines), 1)
    if jobs <= 1 or not can_fork():
        yield from map(_work, numbered)
        return
    for direction in ("tn", "itn") if tagger.check else ("tn",):  # loaded (or compiled) once,
        tagger.norm.pipeline(direction)                              # before the fork: the workers share it
    with forked_pool(jobs, initializer=_ignore_sigint) as pool:
        while True:
            batch = [x for _, x in zip(range(BATCH), numbered)]
            if not batch:
                break
            yield from pool.map(_work, batch, chunksize=max(1, len(batch) // (4 * jobs)))
