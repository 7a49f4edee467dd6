#!/usr/bin/env python3
"""Copy-word (non-ITN) errors of ITN on a set, listed and attributed.

    python tools/ni_errors.py data/eval/LibriTTS.dev.jsonl [--task itn|asr] [--top 40] [--keep]

A copy word is a reference word the input says as written (normgram.eval.metrics.itn_wer, as
`normgram eval` counts non-ITN WER).  Each error is listed by (reference word, output
word) with one example, and attributed:
  converted  the output word lies in a span ITN converted (a deleted word: next to one)
  copied     the output word is input text copied as it is: the reference joins words
             that its spoken form splits ("well-known", "thing--that", "Duke's"), which
             no ITN can undo, or keeps a number ITN left as words where it wrote digits
With --keep, every converted span is also scored as if it had kept its words: the copy
errors that saves (the reference kept the words) or adds, and the sentences it makes
right or wrong, summed per class -- what a rule that keeps such words could gain at most.
"""
import argparse
import collections
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import normgram  # noqa: E402
from normgram.eval import evaluate, metrics  # noqa: E402

EDGE = "\"'`.,;:!?()[]{}"


def tokens(text):
    """The lenient ITN tokens of ``text`` (metrics.lenient_itn) with their character offsets."""
    out = []
    for m in re.finditer(r"\S+", text):
        tok = m.group().lower().strip(EDGE)
        if tok:
            out.append((tok, m.start(), m.end()))
    return out


def copy_errors(src, ref, hyp, converted):
    """[(kind, reference word, output word, attributed to a converted span)] as itn_wer counts
    them; ``converted``: for each lenient token of ``hyp``, whether a converted span wrote it."""
    s, r, h = metrics.lenient_itn(src).split(), metrics.lenient_itn(ref).split(), metrics.lenient_itn(hyp).split()
    copy = [False] * len(r)
    for i, j in metrics.align(s, r):
        if i is not None and j is not None and s[i] == r[j]:
            copy[j] = True
    out, tag, last_j, last_k = [], True, None, None
    for j, k in metrics.align(r, h):
        if k is not None:
            last_k = k
        if j is not None:
            tag, last_j = copy[j], j
            if copy[j] and (k is None or r[j] != h[k]):
                near = [x for x in (last_k, 0 if last_k is None else last_k + 1) if x is not None and x < len(h)]
                out.append(("sub", r[j], h[k], converted[k]) if k is not None
                           else ("del", r[j], "", any(converted[x] for x in near)))
        elif tag:
            out.append(("ins", "after " + (r[last_j] if last_j is not None else "<start>"), h[k], converted[k]))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file")
    ap.add_argument("--task", choices=["itn", "asr"], default="itn")
    ap.add_argument("--top", type=int, default=40, help="list the K most frequent (reference, output) pairs")
    ap.add_argument("--keep", action="store_true", help="score each converted span kept as words")
    a = ap.parse_args(argv)
    norm = normgram.Normalizer("en")
    pairs, example, kinds = collections.Counter(), {}, collections.Counter()
    keep = collections.defaultdict(lambda: [0, 0, 0, 0, 0])  # class -> spans, copy errors, saved, sentences +, -
    total = words = 0
    for row in evaluate.load_rows(a.file):
        io = evaluate.task_io(row, a.task)
        if io is None:
            continue
        src, refs = io
        res = norm.itn_result(src)
        hyp = res.output
        spans = [sp for sp in res.spans if metrics.lenient_itn(sp.output) != metrics.lenient_itn(sp.input)]

        def score(out):
            best = min(refs, key=lambda x: (lambda d: (d["itn_errors"], d["copy_errors"]))(
                metrics.itn_wer(metrics.lenient_itn(src), metrics.lenient_itn(x), metrics.lenient_itn(out))))
            d = metrics.itn_wer(metrics.lenient_itn(src), metrics.lenient_itn(best), metrics.lenient_itn(out))
            return best, d["copy_errors"], d["copy_words"], metrics.lenient_match(out, refs, "itn")

        ref, n_err, n_copy, ok = score(hyp)
        total, words = total + n_err, words + n_copy
        conv = [any(sp.out_start < e and b < sp.out_end for sp in spans) for _, b, e in tokens(hyp)]
        for kind, rw, hw, ours in copy_errors(src, ref, hyp, conv):
            key = (rw, hw or "<deleted>", "converted" if ours else "copied")
            pairs[key] += 1
            kinds[key[2]] += 1
            example.setdefault(key, (src, hyp))
        for sp in spans if a.keep else ():
            _, n2, _, ok2 = score(hyp[:sp.out_start] + sp.input + hyp[sp.out_end:])
            k = keep[sp.cls]
            k[0] += 1
            k[1] += n2 - n_err
            k[2] += min(0, n2 - n_err)
            k[3] += ok2 and not ok
            k[4] += ok and not ok2
    print(f"copy-word errors {total} / {words} copy words = NI-WER {total / max(1, words):.4f}")
    print("attributed (alignment of each error): " + ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
    for (rw, hw, kind), n in pairs.most_common(a.top):
        src, hyp = example[(rw, hw, kind)]
        print(f"{n:4d} {kind:9s} {rw!r} -> {hw!r} | {src[:90]} => {hyp[:90]}")
    if a.keep:
        print("\neach converted span kept as words, summed per class: the change in copy-word errors (all"
              " spans; only those whose words the reference keeps) and sentences made right / wrong")
        print(f"  {'class':12s} {'spans':>6s} {'all':>6s} {'kept':>6s} {'right':>6s} {'wrong':>6s}")
        for cls, (n, d, saved, plus, minus) in sorted(keep.items(), key=lambda kv: kv[1][2]):
            print(f"  {cls:12s} {n:6d} {d:6d} {saved:6d} {plus:6d} {minus:6d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
