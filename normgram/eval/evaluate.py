"""Evaluate a Normalizer on labelled data: the figures behind ``normgram eval``.

    >>> from normgram.evaluate import evaluate, load_rows
    >>> rep = evaluate(normgram.Normalizer("en"), load_rows("dev.jsonl"), "itn")
    >>> rep["lenient_acc"], rep["itn_wer"], rep["non_itn_wer"]

Data (the shared formats):
  jsonl  {"text": written, "gt_normalized": spoken[, "transcript": asr][, "class": cls]}
  tsv    id<TAB>class<TAB>spoken<TAB>written, written alternatives separated by "||"; or the class
         sets' format (tests/data/<tag>/itn_*.tsv) class<TAB>spoken<TAB>written, alternatives
         separated by " | ".  Blank lines, "#" comments and a header row starting "id" are
         skipped; any other line of another shape is an error naming file and line.
Tasks: tn (written -> spoken), itn (spoken -> written), asr (transcript -> written, ITN);
denorm (the spoken side lowercased without marks -> written, through ITN, punctuation and
truecasing) and truecase (the written side lowercased -> written): the metrics of
eval/denorm.py (WER, pWER, dWER, uWER, cWER, capitals SER/F1, per-mark P/R/F1).

Metrics (corpus totals: errors summed over sentences / words summed, never a mean of rates):
  exact_acc    sentence accuracy: output equals a reference after collapsing whitespace (NeMo ITN, Zhang et al. 2021)
  lenient_acc  sentence accuracy after lenient forms: ITN lowercase + edge punctuation stripped, TN lowercase + all punctuation removed (as tools/score.py)
  wer          word error rate, Levenshtein (S+D+I)/reference words on raw tokens, best of the references (NIST sclite)
  itn_wer      errors on reference words the input did not already hold, reference tagged by Levenshtein alignment with the input (Sunkara et al. 2021, Pusateri et al. 2017); on lenient forms, as tools/score.py
  non_itn_wer  the same on copied reference words: near 0 means ordinary words are left alone; insertions go to the preceding reference word's tag, leading ones to copy (as tools/score.py)
  digit_wer    errors over reference tokens holding a digit, plus inserted such tokens (per-kind error breakdown, Sproat & Jaitly 2016)
  punct_wer    the same over tokens holding punctuation
  cap_wer      the same over tokens starting with a capital letter
  spans        span precision/recall/F1 (CoNLL-style exact match): a predicted span is right when its input offsets and
               its lenient written/spoken form equal a gold span's; gold spans are derived from the Levenshtein alignment
               of input and reference (maximal runs of changed words), so they are approximate; precision per predicted
               class, recall per gold class only where rows carry a class; not computed for asr (transcripts hold
               recognition errors, so changed words are not entities)
"""
import json
import time
from collections import Counter, defaultdict

from . import metrics
from ..errors import DataFileError
from .denorm import score_pairs

__all__ = ["load_rows", "evaluate", "evaluate_denorm", "task_io", "gold_spans", "METRICS", "TASKS", "DENORM_TASKS"]

TASKS = ("itn", "tn", "asr")
DENORM_TASKS = ("denorm", "truecase")  # scored by eval/denorm.py (evaluate_denorm)
METRICS = ("exact_acc", "lenient_acc", "wer", "itn_wer", "non_itn_wer", "digit_wer", "punct_wer", "cap_wer")
_EDGE = metrics._EDGE_PUNCT


def load_rows(path, fmt=None):
    """Rows {id, cls, spoken, written: [alternatives], transcript} from a jsonl or tsv file (format from the suffix)."""
    fmt = fmt or ("tsv" if str(path).endswith(".tsv") else "jsonl")
    if fmt not in ("jsonl", "tsv"):
        raise ValueError(f"format must be 'jsonl' or 'tsv', not {fmt!r}")
    rows = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if fmt == "tsv":
                cols = line.rstrip("\r\n").split("\t")
                if not line.strip() or line.startswith("#") or cols[0] == "id":
                    continue
                if len(cols) == 3:  # a class set: class, spoken, written (" | " between alternatives)
                    cols, sep = [str(n), *cols], " | "
                elif len(cols) == 4:
                    sep = "||"
                else:
                    raise DataFileError(f"{path}:{n}: want 4 tab-separated fields (id, class, spoken, written)"
                                     f" or 3 (class, spoken, written), got {len(cols)}")
                rows.append({"id": cols[0], "cls": cols[1].strip() or None, "spoken": cols[2].strip(),
                             "written": [w.strip() for w in cols[3].split(sep)], "transcript": None})
            elif line.strip():
                try:
                    r = json.loads(line)
                    rows.append({"id": str(r.get("id", n)), "cls": r.get("class", r.get("cat")),
                                 "spoken": r["gt_normalized"], "written": [r["text"]],
                                 "transcript": r.get("transcript")})
                except (ValueError, KeyError, TypeError, AttributeError) as e:
                    what = f"no field {e}" if isinstance(e, KeyError) else "not a JSON object" \
                        if not isinstance(e, ValueError) else f"not JSON ({e})"
                    raise DataFileError(f"{path}:{n}: {what}") from None
    return rows


def task_io(row, task):
    """(input, references) of a row for a task; None for an asr row without a transcript."""
    if task == "tn":
        return row["written"][0], [row["spoken"]]
    if task == "itn":
        return row["spoken"], list(row["written"])
    if task == "asr":
        return (row["transcript"], list(row["written"])) if row.get("transcript") else None
    raise ValueError(f"task must be one of {', '.join(TASKS)}, not {task!r}")


def _lenient(task):
    return metrics.lenient_tn if task == "tn" else metrics.lenient_itn


def _tokens(text):
    """[(token, start, end)] of whitespace-separated tokens."""
    out, i, n = [], 0, len(text)
    while i < n:
        while i < n and text[i].isspace():
            i += 1
        j = i
        while j < n and not text[j].isspace():
            j += 1
        if j > i:
            out.append((text[i:j], i, j))
        i = j
    return out


def _core(tok):
    """A token without edge punctuation ("dogs." -> "dogs"); a token of punctuation only stays whole."""
    return tok.strip(_EDGE) or tok


def gold_spans(src, ref):
    """Gold (start, end, reference words) spans: maximal runs of changed words in align(src, ref).

    Words are compared without edge punctuation, so "dogs" -> "dogs." is no span; a
    run goes on across marks copied between changed words ("May 12 , 1981" is one span
    whether the comma is kept or dropped).
    Punctuation that both ends of a run share ("nine." -> "9.") is trimmed
    from the span; runs holding no input word get start == end.
    """
    st, rt = _tokens(src), [t for t, _, _ in _tokens(ref)]
    sk, rk = [_core(t) for t, _, _ in st], [_core(t) for t in rt]
    out, run, held = [], [], []
    pos = 0
    for i, j in metrics.align(sk, rk) + [(None, None)]:
        same = i is not None and j is not None and sk[i] == rk[j]
        end = i is None and j is None
        if same and run and not sk[i].strip(_EDGE):
            held.append((i, j))  # a mark between changed words: the run goes on if they do
            pos = st[i][2] + (1 if st[i][2] < len(src) else 0)
            continue
        if not same and not end and held:
            run += held
        held = []
        if (same or end) and run:
            srcs = [st[a] for a, _ in run if a is not None]
            words = " ".join(rt[b] for _, b in run if b is not None)
            start, end = (srcs[0][1], srcs[-1][2]) if srcs else (pos, pos)
            out.append(_trim_marks(src, start, end, words))
            run = []
        elif not same and not end:
            run.append((i, j))
        if i is not None:
            pos = st[i][2] + (1 if st[i][2] < len(src) else 0)
    return out


def _trim_marks(src, start, end, words):
    """Punctuation that both ends of a span share ("nine." -> "9.") is trimmed from it."""
    text = src[start:end]
    while text and words and text[-1] == words[-1] and text[-1] in _EDGE:
        text, words, end = text[:-1], words[:-1], end - 1
    while text and words and text[0] == words[0] and text[0] in _EDGE:
        text, words, start = text[1:], words[1:], start + 1
    return start, end, words.strip()


def predicted_spans(src, hyp, spans, key=lambda w: w):
    """Predicted (start, end, key(written words), class) spans, found as gold_spans finds
    gold ones -- maximal runs of changed words in align(src, hyp) -- so both sides are cut
    the same way: "War two" -> "War II" is the span two -> II, and "May 12 , 1981" is one
    span although the pipeline read a date and a year.  Its class is the class of the
    pipeline span (``spans``) that overlaps it most ("other" when none does)."""
    out = []
    for a, b, words in gold_spans(src, hyp):
        best = max(spans, key=lambda x: min(b, x.end) - max(a, x.start), default=None)
        cls = best.cls if best is not None and min(b, best.end) > max(a, best.start) else "other"
        out.append((a, b, key(words), cls))
    return out


def _prf(tp_p, n_pred, tp_g, n_gold):
    p = tp_p / n_pred if n_pred else None
    r = tp_g / n_gold if n_gold else None
    f = (2 * p * r / (p + r) if p + r else 0.0) if p is not None and r is not None else None
    return {"precision": p, "recall": r, "f1": f, "pred": n_pred, "gold": n_gold, "tp": tp_p if n_pred else tp_g}


class _Spans:
    def __init__(self):
        self.pred, self.pred_tp = Counter(), Counter()   # by predicted class
        self.gold, self.gold_tp = Counter(), Counter()   # by gold class (row class), None when unknown

    def add(self, gold, pred, gold_cls):
        """gold: [(start, end, key)], pred: [(start, end, key, cls)]; multiset match on (start, end, key)."""
        left = Counter(gold)
        matched = Counter()
        for s, e, key, cls in pred:
            self.pred[cls] += 1
            if left[(s, e, key)] > 0:
                left[(s, e, key)] -= 1
                matched[(s, e, key)] += 1
                self.pred_tp[cls] += 1
        for g in gold:
            self.gold[gold_cls] += 1
            if matched[g] > 0:
                matched[g] -= 1
                self.gold_tp[gold_cls] += 1

    def report(self):
        micro = _prf(sum(self.pred_tp.values()), sum(self.pred.values()),
                     sum(self.gold_tp.values()), sum(self.gold.values()))
        classes = sorted(set(self.pred) | {c for c in self.gold if c is not None}, key=str)
        per = {c: _prf(self.pred_tp[c], self.pred[c], self.gold_tp[c], self.gold[c]) for c in classes}
        return {"micro": micro, "per_class": per}


def _cls_key(cls):
    return None if cls is None else str(cls).lower()


def evaluate(normalizer, rows, task, errors=0, spans=True, denormalize=False):
    """Report dict of ``normalizer`` on ``rows`` (from load_rows) for task "itn", "tn" or "asr".

    Keys: task, n, METRICS, counts, per_class ({cls: same metrics} when rows carry
    a class), spans ({micro, per_class} or None), spans_note, failures (the first
    ``errors`` rows not leniently right: id, cls, input, refs, output), seconds.
    ``denormalize``: itn/asr output is ``Normalizer.denormalize_result`` (ITN, punctuation,
    truecasing) instead of ITN alone.
    """
    if task not in TASKS:
        raise ValueError(f"task must be one of {', '.join(TASKS)}, not {task!r}")
    run = normalizer.tn_result if task == "tn" else (
        normalizer.denormalize_result if denormalize else normalizer.itn_result)
    lenf = _lenient(task)
    new = lambda: metrics.Accumulator(itn_wer_forms="lenient")  # noqa: E731  (score.py's ITN-WER)
    total, by_cls = new(), defaultdict(new)
    mtask = "tn" if task == "tn" else "itn"  # asr is scored like itn
    sp = _Spans() if spans and task != "asr" else None
    failures, secs = [], 0.0
    for row in rows:
        io = task_io(row, task)
        if io is None:
            continue
        src, refs = io
        t0 = time.perf_counter()
        res = run(src)
        secs += time.perf_counter() - t0
        hyp = res.output
        ex, le, k = total.add(src, refs, hyp, mtask)
        cls = _cls_key(row.get("cls"))
        if cls is not None:
            by_cls[cls].add(src, refs, hyp, mtask)
        if sp is not None:
            gold = [(s, e, lenf(w)) for s, e, w in gold_spans(src, refs[k])]
            pred = predicted_spans(src, hyp, res.spans, lenf)
            sp.add(gold, pred, cls)
        if not le and len(failures) < errors:
            failures.append({"id": row.get("id"), "cls": row.get("cls"), "input": src, "refs": refs, "output": hyp})
    rep = {"task": task + ("+denormalize" if denormalize and task != "tn" else ""), **total.report()}
    rep["per_class"] = {c: {k: v for k, v in t.report().items() if k not in ("per_class", "spans")}
                        for c, t in sorted(by_cls.items())}
    rep["spans"] = sp.report() if sp is not None else None
    rep["spans_note"] = ("gold spans derived by aligning input and reference (approximate)" if sp is not None else
                         "span metrics omitted: " + ("asr transcripts hold recognition errors" if spans else "not requested"))
    rep["failures"] = failures
    rep["seconds"] = secs
    return rep


def _pct(x):
    return "   -  " if x is None else f"{100 * x:6.2f}"


def format_report(rep, name=""):
    """Human-readable lines of one report (rates in percent)."""
    lines = [f"== {name} [{rep['task']}] {rep['n']} sentences, {1000 * rep['seconds'] / max(1, rep['n']):.2f} ms/sentence"]
    head = "".join(f"{m:>12s}" for m in METRICS)
    lines.append(f"{'':16s}{'n':>7s}{head}")

    def row(label, r):
        return f"{label[:16]:16s}{r['n']:7d}" + "".join(f"{_pct(r[m]):>12s}" for m in METRICS)
    lines.append(row("all", rep))
    for cls, r in rep["per_class"].items():
        lines.append(row(cls, r))
    if rep["spans"] is not None:
        lines.append(f"spans ({rep['spans_note']}):")
        lines.append(f"  {'class':16s}{'pred':>7s}{'gold':>7s}{'P':>9s}{'R':>9s}{'F1':>9s}")
        for cls, r in [("micro", rep["spans"]["micro"]), *rep["spans"]["per_class"].items()]:
            lines.append(f"  {str(cls)[:16]:16s}{r['pred']:7d}{r['gold']:7d}"
                         f"{_pct(r['precision']):>9s}{_pct(r['recall']):>9s}{_pct(r['f1']):>9s}")
    else:
        lines.append(rep["spans_note"])
    for f in rep["failures"]:
        lines.append(f"FAIL {f['id']} {f['cls'] or ''}\n  in   {f['input']}\n  want {' || '.join(f['refs'])}\n  got  {f['output']}")
    return lines


def evaluate_denorm(normalizer, rows, task):
    """Report dict of the denormalization stages on ``rows`` (eval/denorm.py metrics): task
    "denorm" reads the spoken side lowercased without marks through ``Normalizer.denormalize``,
    "truecase" the written side lowercased through ``Normalizer.truecase``."""
    fn = normalizer.denormalize if task == "denorm" else normalizer.truecase
    t0 = time.perf_counter()
    rep = score_pairs(fn, [(row["spoken"], row["written"][0]) for row in rows], task)
    return {"task": task, **rep, "seconds": time.perf_counter() - t0}


def format_denorm_report(rep, name=""):
    """Human-readable lines of one evaluate_denorm report (rates in percent)."""
    lines = [f"== {name} [{rep['task']}] {rep['n']} sentences, {1000 * rep['seconds'] / max(1, rep['n']):.2f} ms/sentence",
             "  " + "".join(f"{k:>9s}" for k in ("wer", "pwer", "dwer", "uwer", "cwer")),
             "  " + "".join(f"{_pct(rep[k]):>9s}" for k in ("wer", "pwer", "dwer", "uwer", "cwer"))]
    caps = rep["caps"]
    lines.append("  capitals: " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
                                          for k, v in caps.items()))
    for mark, r in rep["marks"].items():
        lines.append(f"  mark {mark!r}: " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
                                                    for k, v in r.items()))
    return lines


def run_files(normalizer, paths, task, fmt=None, errors=0, denormalize=False):
    """[(path, report)] for each data file."""
    if task in DENORM_TASKS:
        return [(str(p), evaluate_denorm(normalizer, load_rows(p, fmt), task)) for p in paths]
    return [(str(p), evaluate(normalizer, load_rows(p, fmt), task, errors=errors, denormalize=denormalize))
            for p in paths]
