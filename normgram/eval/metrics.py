"""Evaluation metrics for text normalization (TN) and inverse text normalization (ITN).

Pure Python, stdlib only. Conventions used throughout:

* Tokens are whitespace-separated words (``str.split()``).
* Every rate is ``errors / max(1, words)``: with an empty denominator a rate is
  0.0 when there are no errors and otherwise the raw error count (so an empty
  reference against a 2-word hypothesis has WER 2.0, never inf or NaN).
* Alignment tie-breaking (backtrace from the end): diagonal (match or
  substitution) first, then deletion, then insertion.  Consequently insertions
  tend to land as early as possible in the forward alignment.
"""
import difflib
import re
import unicodedata
from collections import Counter, defaultdict

__all__ = [
    "align", "word_errors", "wer", "itn_wer", "kind_errors", "kind_wer",
    "exact_match", "lenient_itn", "lenient_tn", "lenient_match", "span_prf",
    "Accumulator",
]

# Above this many DP cells, align() switches to the difflib-anchored fallback.
DP_CELL_LIMIT = 4_000_000
_DIAG, _DEL, _INS = 0, 1, 2


def align(a, b):
    """Levenshtein alignment of token lists a, b -> [(i or None, j or None), ...] in order.

    Exact O(n*m) DP with 1-byte backpointers when n*m <= DP_CELL_LIMIT (~1 s
    and ~4 MB at the limit).  Above that, anchors on difflib.SequenceMatcher
    matching blocks (default autojunk, so tokens filling >1% of a long b do not
    seed anchors; linear memory, near-linear time on natural text) and aligns
    each gap between anchors by DP when its n*m <= DP_CELL_LIMIT, else
    positionally (substitutions, then the surplus as deletions/insertions).  If
    that costs more than max(n, m), the purely positional alignment is returned.
    The fallback is a valid alignment but not guaranteed minimal.
    """
    a, b = list(a), list(b)
    if len(a) * len(b) <= DP_CELL_LIMIT:
        return _dp_align(a, b)
    out, i, j = [], 0, 0
    for bi, bj, size in difflib.SequenceMatcher(None, a, b).get_matching_blocks():
        gap = _dp_align(a[i:bi], b[j:bj]) if (bi - i) * (bj - j) <= DP_CELL_LIMIT \
            else _positional(bi - i, bj - j)
        out += [(None if x is None else x + i, None if y is None else y + j) for x, y in gap]
        out += [(bi + k, bj + k) for k in range(size)]
        i, j = bi + size, bj + size
    cost = sum(x is None or y is None or a[x] != b[y] for x, y in out)
    return out if cost <= max(len(a), len(b)) else _positional(len(a), len(b))


def _positional(n, m):
    k = min(n, m)
    return [(x, x) for x in range(k)] + [(x, None) for x in range(k, n)] + [(None, y) for y in range(k, m)]


def _dp_align(a, b):
    n, m = len(a), len(b)
    prev = list(range(m + 1))
    back = [bytearray([_INS]) * (m + 1)]
    for i in range(1, n + 1):
        ai = a[i - 1]
        cur = [i] + [0] * m
        ptr = bytearray(m + 1)
        ptr[0] = _DEL
        for j in range(1, m + 1):
            diag = prev[j - 1] + (ai != b[j - 1])
            dele = prev[j] + 1
            ins = cur[j - 1] + 1
            if diag <= dele and diag <= ins:
                cur[j] = diag                      # ptr[j] already _DIAG (0)
            elif dele <= ins:
                cur[j], ptr[j] = dele, _DEL
            else:
                cur[j], ptr[j] = ins, _INS
        back.append(ptr)
        prev = cur
    out, i, j = [], n, m
    while i or j:
        p = back[i][j]
        if p == _DIAG:
            i, j = i - 1, j - 1
            out.append((i, j))
        elif p == _DEL:
            i -= 1
            out.append((i, None))
        else:
            j -= 1
            out.append((None, j))
    out.reverse()
    return out


def word_errors(ref_tokens, hyp_tokens):
    """(substitutions, deletions, insertions, ref_len) of hyp_tokens against ref_tokens via align()."""
    s = d = ins = 0
    for i, j in align(ref_tokens, hyp_tokens):
        if j is None:
            d += 1
        elif i is None:
            ins += 1
        elif ref_tokens[i] != hyp_tokens[j]:
            s += 1
    return s, d, ins, len(ref_tokens)


def wer(ref, hyp):
    """WER (Levenshtein word error rate, NIST sclite style) = (S+D+I) / max(1, ref words); empty ref -> #insertions."""
    s, d, i, n = word_errors(ref.split(), hyp.split())
    return (s + d + i) / max(1, n)


def itn_wer(src, ref, hyp, leading_insertions="copy"):
    """ITN-WER / non-ITN-WER: Sunkara et al. 2021 / Pusateri et al. 2017 style, reference words tagged by Levenshtein alignment with the input.

    A reference word is "copy" if align(src, ref) pairs it with an identical
    input word, else "ITN".  Substituted/deleted reference words are charged to
    their own tag; a hypothesis insertion is charged to the tag of the preceding
    reference word.  Insertions before the first reference word are charged to
    copy (leading_insertions="copy", the reference implementation's convention)
    or to the first reference word's tag (leading_insertions="first").
    Returns itn_errors, itn_words, copy_errors, copy_words, itn_wer, non_itn_wer.
    """
    if leading_insertions not in ("copy", "first"):
        raise ValueError(f"leading_insertions must be 'copy' or 'first', not {leading_insertions!r}")
    src, ref, hyp = src.split(), ref.split(), hyp.split()
    copy = [False] * len(ref)
    for i, j in align(src, ref):
        if i is not None and j is not None and src[i] == ref[j]:
            copy[j] = True
    err = {True: 0, False: 0}
    tag = copy[0] if (leading_insertions == "first" and ref) else True
    for j, k in align(ref, hyp):
        if j is not None:
            tag = copy[j]
            if k is None or ref[j] != hyp[k]:
                err[tag] += 1
        else:
            err[tag] += 1
    n_itn, n_copy = copy.count(False), copy.count(True)
    return {"itn_errors": err[False], "itn_words": n_itn,
            "copy_errors": err[True], "copy_words": n_copy,
            "itn_wer": err[False] / max(1, n_itn), "non_itn_wer": err[True] / max(1, n_copy)}


def _is_punct(tok):
    return any(unicodedata.category(c).startswith("P") for c in tok)


KINDS = {
    "digit": lambda t: any(c.isdigit() for c in t),   # token contains a digit
    "punct": _is_punct,                               # token contains a Unicode P* char ("$" is Sc, not punct)
    "cap": lambda t: t[:1].isupper(),                 # token starts with an uppercase letter
}


def kind_errors(ref_tokens, hyp_tokens, kind):
    """(errors, ref tokens of kind): substituted/deleted ref tokens of kind + hyp insertions of kind, via align()."""
    is_kind = KINDS[kind]
    errors = 0
    for i, j in align(ref_tokens, hyp_tokens):
        if i is None:
            errors += is_kind(hyp_tokens[j])
        elif is_kind(ref_tokens[i]) and (j is None or ref_tokens[i] != hyp_tokens[j]):
            errors += 1
    return errors, sum(map(is_kind, ref_tokens))


def kind_wer(ref, hyp, kind):
    """Token-kind WER (digit/punct/cap; idea: per-semiotic-class error breakdown, Sproat & Jaitly 2016): kind_errors / max(1, ref tokens of kind).

    A substitution of a non-kind ref token by a kind hyp token is not counted.
    """
    e, n = kind_errors(ref.split(), hyp.split(), kind)
    return e / max(1, n)


def _refs(refs):
    return [refs] if isinstance(refs, str) else list(refs)


def exact_match(hyp, refs):
    """Sentence accuracy (NeMo ITN, Zhang et al. 2021 style): hyp equals any ref after collapsing whitespace."""
    h = " ".join(hyp.split())
    return any(h == " ".join(r.split()) for r in _refs(refs))


_EDGE_PUNCT = "\"'`.,;:!?()[]{}"


def lenient_itn(s):
    """Lenient ITN form: lowercase, strip \"'`.,;:!?()[]{} at token edges only (interior kept, emptied tokens dropped)."""
    return " ".join(t for t in (t.strip(_EDGE_PUNCT) for t in s.lower().split()) if t)


def lenient_tn(s):
    """Lenient TN form (spoken-form comparison): lowercase, every non-word char, '_' and apostrophe becomes a space."""
    return " ".join(re.sub(r"[^\w\s']|_", " ", s.lower()).replace("'", " ").split())


def lenient_match(hyp, refs, task):
    """Lenient sentence accuracy: exact match after lenient_itn (task "itn") or lenient_tn (task "tn")."""
    norm = {"itn": lenient_itn, "tn": lenient_tn}.get(task)
    if norm is None:
        raise ValueError(f"task must be 'itn' or 'tn', not {task!r}")
    h = norm(hyp)
    return any(h == norm(r) for r in _refs(refs))


def _prf(tp, n_pred, n_gold):
    if n_pred == 0 and n_gold == 0:
        return {"precision": 1.0, "recall": 1.0, "f1": 1.0, "tp": 0, "pred": 0, "gold": 0}
    p = tp / n_pred if n_pred else 0.0
    r = tp / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": p, "recall": r, "f1": f, "tp": tp, "pred": n_pred, "gold": n_gold}


def _span_counts(gold_spans, pred_spans, counts):
    gold, pred = Counter(map(tuple, gold_spans)), Counter(map(tuple, pred_spans))
    for span, c in gold.items():
        counts[span[2]][2] += c
        counts[span[2]][0] += min(c, pred[span])
    for span, c in pred.items():
        counts[span[2]][1] += c
    return counts


def _span_report(counts):
    per_class = {c: _prf(*v) for c, v in sorted(counts.items(), key=lambda kv: str(kv[0]))}
    micro = _prf(*(sum(v[k] for v in counts.values()) for k in range(3)))
    return {"per_class": per_class, "micro": micro}


def span_prf(gold_spans, pred_spans):
    """Span P/R/F1 (CoNLL-style exact match): a (start, end, cls, written) prediction is correct iff an identical gold span exists.

    Multiset matching (duplicates count once per gold copy).  Per class and
    micro-averaged: P = tp/pred, R = tp/gold, each 0.0 when its denominator is
    0, F1 = harmonic mean (0.0 if P+R == 0); P = R = F1 = 1.0 when both empty.
    Returns {"per_class": {cls: {precision, recall, f1, tp, pred, gold}}, "micro": {...}}.
    """
    return _span_report(_span_counts(gold_spans, pred_spans, defaultdict(lambda: [0, 0, 0])))


class Accumulator:
    """Corpus totals: every rate is total errors / total words (not a mean of sentence rates).

    With several references, WER-type metrics use the reference with the fewest
    word errors (first on ties); exact/lenient accuracy accept any reference.
    ITN-WER is computed for both tasks (for TN, "ITN" words are the changed ones).
    ``itn_wer_forms="lenient"`` computes it as the project's reference scorer
    (shared/tools/score.py) does: on lenient forms, against the reference with the
    fewest (ITN, copy) errors; the default uses raw tokens and the WER-closest reference.
    """

    def __init__(self, itn_wer_forms="raw"):
        if itn_wer_forms not in ("raw", "lenient"):
            raise ValueError("itn_wer_forms must be 'raw' or 'lenient'")
        self.itn_wer_forms = itn_wer_forms
        self.n = self.exact = self.lenient = 0
        self.c = Counter()                                   # error / word totals
        self.classes = defaultdict(lambda: [0, 0, 0])        # cls -> [n, exact, lenient]
        self.spans = None                                    # cls -> [tp, pred, gold]

    def add(self, src, refs, hyp, task, gold_spans=None, pred_spans=None, cls=None):
        """Add one row; returns (exact, lenient, index of the WER-closest reference)."""
        refs = _refs(refs)
        if not refs:
            raise ValueError("at least one reference is required")
        ex, le = exact_match(hyp, refs), lenient_match(hyp, refs, task)
        self.n, self.exact, self.lenient = self.n + 1, self.exact + ex, self.lenient + le
        if cls is not None:
            row = self.classes[cls]
            row[0], row[1], row[2] = row[0] + 1, row[1] + ex, row[2] + le
        h = hyp.split()
        best = min(((sum(word_errors(r.split(), h)[:3]), k) for k, r in enumerate(refs)))
        ref = refs[best[1]]
        r = ref.split()
        self.c["errors"] += best[0]
        self.c["ref_words"] += len(r)
        if self.itn_wer_forms == "lenient":
            lenf = lenient_tn if task == "tn" else lenient_itn
            iw = min((itn_wer(lenf(src), lenf(x), lenf(hyp)) for x in refs),
                     key=lambda d: (d["itn_errors"], d["copy_errors"]))
        else:
            iw = itn_wer(src, ref, hyp)
        for key in ("itn_errors", "itn_words", "copy_errors", "copy_words"):
            self.c[key] += iw[key]
        for kind in KINDS:
            e, k = kind_errors(r, h, kind)
            self.c[kind + "_errors"] += e
            self.c[kind + "_words"] += k
        if gold_spans is not None or pred_spans is not None:
            if self.spans is None:
                self.spans = defaultdict(lambda: [0, 0, 0])
            _span_counts(gold_spans or [], pred_spans or [], self.spans)
        return ex, le, best[1]

    def report(self):
        c, n = self.c, max(1, self.n)
        rep = {"n": self.n, "exact_acc": self.exact / n, "lenient_acc": self.lenient / n,
               "wer": c["errors"] / max(1, c["ref_words"]),
               "itn_wer": c["itn_errors"] / max(1, c["itn_words"]),
               "non_itn_wer": c["copy_errors"] / max(1, c["copy_words"])}
        for kind in KINDS:
            rep[kind + "_wer"] = c[kind + "_errors"] / max(1, c[kind + "_words"])
        rep["per_class"] = {k: {"n": v[0], "exact_acc": v[1] / v[0], "lenient_acc": v[2] / v[0]}
                            for k, v in sorted(self.classes.items(), key=lambda kv: str(kv[0]))}
        rep["spans"] = None if self.spans is None else _span_report(self.spans)
        rep["counts"] = {"exact": self.exact, "lenient": self.lenient, **dict(sorted(c.items()))}
        return rep
