"""Training data for neural ITN: written text -> tagged spoken/written pairs.

For each written line, TN gives the preferred spoken form; further variants are
sampled among each span's verbalizations in proportion to exp(-weight), so a model
sees "twenty twenty" and "two thousand twenty".  A record (one JSON line):

    {"line": 3, "written": "It costs $25.",
     "spoken": ["It costs twenty five dollars.", ...],          # K variants, first preferred
     "variants": [{"spoken": "...", "tagged": "It costs <money> twenty five dollars </money> .",
                   "tokens": [...], "tags": ["O", "O", "money", "money", "money", "O"],
                   "spans": [{"cls": "money", "written": [9, 12], "spoken": [2, 5],
                              "text": "$25", "round_trip": true}]}, ...]}

Sampling is seeded by (seed, line number), so output does not depend on --jobs.
"""
import math
import multiprocessing
import random

import regex

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


def _words(piece, style):
    if style == "asr":
        piece = _PUNCT.sub(" ", piece.lower())
    return piece.split()


class Tagger:
    """Makes records for one Normalizer.  ``variants``: K spoken forms per line."""

    def __init__(self, normalizer, variants=1, seed=0, style="cased", check=True, options=8):
        if style not in ("asr", "cased"):
            raise ValueError("style must be 'asr' or 'cased'")
        self.norm, self.k, self.seed, self.style = normalizer, max(1, variants), seed, style
        self.check, self.options = check, options
        self._opts = {}

    def _span_options(self, cls, text):
        key = (cls, text)
        if key not in self._opts:
            if len(self._opts) > 50_000:
                self._opts.clear()  # bounded memory on endless input
            self._opts[key] = self.norm.class_outputs(cls, "tn", text, self.options)
        return self._opts[key]

    def _reads_back(self, cls, spoken, written):
        """ITN of the variant gives the written form, or a form TN reads identically
        (ITN writes "one" for a standalone 1 and "1,000" for 1000 by its format rules)."""
        back = self.norm.apply_class(cls, "itn", spoken)
        if not back:
            return False
        want = [o for o, _ in self._span_options(cls, written)[:1]]
        return back[0] == written or (bool(want) and self.norm.apply_class(cls, "tn", back[0]) == want)

    def record(self, text, lineno=0):
        check_line(text)
        res = self.norm.tn_result(text)
        rng = random.Random(f"{self.seed}:{lineno}")
        variants = [self._variant(res, [sp.output for sp in res.spans])]
        seen = {variants[0]["spoken"]}
        opts = [self._span_options(sp.cls, sp.input) or [(sp.output, 0.0)] for sp in res.spans]
        tries = 0
        while len(variants) < self.k and tries < 10 * self.k and res.spans:
            tries += 1
            pick = [_sample(rng, o) for o in opts]
            v = self._variant(res, pick, check=False)
            if v["spoken"] not in seen:  # distinct as written out, after the style
                seen.add(v["spoken"])
                variants.append(self._variant(res, pick) if self.check else v)
        return {"line": lineno, "written": text, "spoken": [v["spoken"] for v in variants],
                "variants": variants}

    def _variant(self, res, pick, check=None):
        check = self.check if check is None else check
        tokens, tags, spans, pos = [], [], [], 0
        for sp, spoken in zip(res.spans, pick):
            outside = _words(res.input[pos:sp.start], self.style)
            tokens += outside
            tags += ["O"] * len(outside)
            ent = _words(spoken, self.style)
            span = {"cls": sp.cls, "written": [sp.start, sp.end], "spoken": [len(tokens), len(tokens) + len(ent)],
                    "text": sp.input}
            if check:
                span["round_trip"] = self._reads_back(sp.cls, spoken, sp.input)
            tokens += ent
            tags += [sp.cls] * len(ent)
            spans.append(span)
            pos = sp.end
        rest = _words(res.input[pos:], self.style)
        tokens += rest
        tags += ["O"] * len(rest)
        tagged, open_cls = [], None
        for tok, tag in zip(tokens, tags):
            cls = None if tag == "O" else tag
            if open_cls and cls != open_cls:
                tagged.append(f"</{open_cls}>")
            if cls and cls != open_cls:
                tagged.append(f"<{cls}>")
            tagged.append(tok)
            open_cls = cls
        if open_cls:
            tagged.append(f"</{open_cls}>")
        return {"spoken": " ".join(tokens), "tagged": " ".join(tagged), "tokens": tokens, "tags": tags,
                "spans": spans}


def _sample(rng, options):
    """One output, drawn with probability proportional to exp(-weight)."""
    if len(options) == 1:
        return options[0][0]
    base = min(w for _, w in options)
    ps = [math.exp(base - w) for _, w in options]
    r, acc = rng.random() * sum(ps), 0.0
    for (out, _), p in zip(options, ps):
        acc += p
        if r <= acc:
            return out
    return options[-1][0]


class Summary:
    """Counts for the end-of-run report."""

    def __init__(self):
        self.records = self.bad = 0
        self.entities, self.distinct, self.round_trip, self.failures = {}, {}, {}, {}

    def add(self, rec):
        self.records += 1
        per_span = {}
        for v in rec["variants"]:
            for i, sp in enumerate(v["spans"]):
                per_span.setdefault(i, (sp["cls"], set()))[1].add(" ".join(v["tokens"][sp["spoken"][0]:sp["spoken"][1]]))
                if "round_trip" in sp:
                    ok, n = self.round_trip.get(sp["cls"], (0, 0))
                    self.round_trip[sp["cls"]] = (ok + sp["round_trip"], n + 1)
                    if not sp["round_trip"] and len(self.failures.setdefault(sp["cls"], [])) < 5:
                        self.failures[sp["cls"]].append((sp["text"], " ".join(v["tokens"][sp["spoken"][0]:sp["spoken"][1]])))
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


def tag_lines(tagger, lines, jobs=1):
    """Yield one record per input line, in order; bad lines yield {"line", "bad"}.

    ``lines`` is any iterable of strings (read lazily); ``jobs`` > 1 forks worker
    processes and feeds them in batches, so memory stays constant on endless input.
    """
    global _TAGGER
    _TAGGER = tagger
    numbered = enumerate((l.rstrip("\n") for l in lines), 1)
    if jobs <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        yield from map(_work, numbered)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        while True:
            batch = [x for _, x in zip(range(BATCH), numbered)]
            if not batch:
                break
            yield from pool.map(_work, batch, chunksize=max(1, len(batch) // (4 * jobs)))
