#!/usr/bin/env python3
"""Measure the denormalization stages on the dev halves (data/eval).

    python tools/eval_denorm.py                          # shipped en models, every figure
    python tools/eval_denorm.py --models /tmp/en-dev --limit 500
    python tools/eval_denorm.py --models /tmp/en-dev --lines 3/4   # lines i % 4 == 3 only

``--lines R[,R...]/P`` keeps the lines whose position i (0-based, in each file) has i % P in the
Rs: a model trained with ``train_denorm.py --with-dev --dev-lines 0,1,2/4`` is scored on the
dev lines it never saw with ``--lines 3/4``.  ``--limit`` then counts the kept lines.

Figures (normgram/eval/denorm.py defines them):
  denorm    GoogleTN and LibriTTS: input = gt_normalized lowercased without marks, run through
            ITN and both stages; reference = the written text: WER, pWER, dWER, uWER, cWER,
            caps SER/F1, per-mark P/R/F1; the same for ITN alone (the baseline)
  truecase  reference lowercased (marks kept) through truecasing alone: SER, F1
  asr       LibriTTS `transcript` (recognizer output) -> ITN (+ stages): the punct and cap WER
            of `normgram eval --task asr` (normgram.eval.metrics.kind_wer) and the subset WERs
  cost      CPU time of the stages vs ITN on the same sentences (each sentence: ITN, then the
            stages on its result); model sizes; load time from disk (cold: JSON, warm: cache)
"""
import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

_HERE = os.path.dirname(os.path.abspath(__file__))
if os.path.isdir(os.path.join(_HERE, "..", "normgram")):
    sys.path.insert(0, os.path.dirname(_HERE))

from normgram import Normalizer  # noqa: E402
from normgram.eval.denorm import DenormScore, line_subset, spoken_input  # noqa: E402
from normgram.eval.metrics import kind_errors  # noqa: E402
from normgram.stages import Denormalizer  # noqa: E402
from normgram.stages.models import FILES, shipped_dir  # noqa: E402

EVAL = Path(_HERE).parent / "data" / "eval"


def rows(name, limit, lines=None):
    keep = line_subset(lines)
    with open(EVAL / name, encoding="utf-8") as f:
        out = [json.loads(line) for line in f if line.strip()]
    out = [r for i, r in enumerate(out) if keep(i)]
    return out[:limit] if limit else out


def fmt(rep):
    c, m = rep["caps"], rep["marks"]
    head = " ".join(f"{k} {rep[k]:.3f}" for k in ("wer", "pwer", "dwer", "uwer", "cwer"))
    marks = " ".join(f"{k or 'none'} {v['precision']:.2f}/{v['recall']:.2f}/{v['f1']:.2f}" for k, v in m.items())
    return f"{head} | caps SER {c['ser']:.3f} F1 {c['f1']:.3f} | marks P/R/F1 {marks}"


def load_time(models):
    code = ("import time,sys; from normgram.stages import Denormalizer; t=time.perf_counter(); "
            f"d=Denormalizer('en', models_dir={str(models)!r}); d._punct.get(); d._case.get(); "
            "print(time.perf_counter()-t)")
    return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout.split()[-1])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", help="folder of punct.json.gz / case.json.gz (default: shipped en)")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--lines", help="only the lines i with i %% P in the Rs: 'R[,R...]/P', e.g. 3/4")
    ap.add_argument("--no-cost", action="store_true", help="skip the model sizes and load time")
    ap.add_argument("--json", help="also write every figure to this file")
    args = ap.parse_args(argv)
    try:
        line_subset(args.lines)
    except ValueError as e:
        ap.error(str(e))
    models = Path(args.models) if args.models else shipped_dir("en")
    norm = Normalizer("en")
    den = Denormalizer("en", models_dir=models)
    out = {}
    t_itn = t_stage = 0.0
    for name in ("GoogleTN.dev.jsonl", "LibriTTS.dev.jsonl"):
        data = rows(name, args.limit, args.lines)
        if not data:
            ap.error(f"no line of {name} is left by --lines {args.lines} --limit {args.limit}")
        full, base, tc = DenormScore(), DenormScore(), DenormScore()
        for r in data:
            src = spoken_input(r["gt_normalized"])
            a = time.process_time()
            res = norm.itn_result(src)
            b = time.process_time()
            hyp = den.denormalize(res).output
            c = time.process_time()
            t_itn += b - a
            t_stage += c - b
            full.add(r["text"], hyp)
            base.add(r["text"], res.output)
            tc.add(r["text"], den.truecase(r["text"].lower()))
        out[name] = {"denorm": full.report(), "itn_only": base.report(), "truecase": tc.report()}
        print(f"{name} ({len(data)})\n  denorm   {fmt(out[name]['denorm'])}\n  itn only {fmt(out[name]['itn_only'])}"
              f"\n  truecase alone: SER {tc.report()['caps']['ser']:.3f} F1 {tc.report()['caps']['f1']:.3f}",
              flush=True)
    data = [r for r in rows("LibriTTS.dev.jsonl", args.limit, args.lines) if "transcript" in r]
    asr = {k: DenormScore() for k in ("itn", "denorm")}
    kinds = {k: [0, 0, 0, 0] for k in ("itn", "denorm")}
    for r in data:
        res = norm.itn_result(r["transcript"])
        for k, hyp in (("itn", res.output), ("denorm", den.denormalize(res).output)):
            asr[k].add(r["text"], hyp)
            ref, h = r["text"].split(), hyp.split()
            pe, pn = kind_errors(ref, h, "punct")
            ce, cn = kind_errors(ref, h, "cap")
            kinds[k] = [kinds[k][0] + pe, kinds[k][1] + pn, kinds[k][2] + ce, kinds[k][3] + cn]
    out["asr"] = {}
    for k in ("itn", "denorm"):
        pe, pn, ce, cn = kinds[k]
        out["asr"][k] = {"punct_wer": pe / max(1, pn), "cap_wer": ce / max(1, cn), **asr[k].report()}
        print(f"LibriTTS transcript, {k}: punct WER {pe / max(1, pn):.3f} cap WER {ce / max(1, cn):.3f} | "
              f"{fmt(asr[k].report())}", flush=True)
    out["cost"] = {"itn_cpu_s": t_itn, "stages_cpu_s": t_stage, "denorm_over_itn": (t_itn + t_stage) / t_itn}
    if args.no_cost:
        if args.json:
            Path(args.json).write_text(json.dumps(out, indent=1))
        return
    sizes = {f: os.path.getsize(models / f) / 1e6 for f in FILES.values()}
    load_time(models)  # writes the cache copy if missing
    warm = min(load_time(models) for _ in range(3))
    out["cost"] = {"itn_cpu_s": t_itn, "stages_cpu_s": t_stage, "denorm_over_itn": (t_itn + t_stage) / t_itn,
                   "model_mb": sizes, "load_s_warm": warm}
    print(f"cost: ITN {t_itn:.1f} s CPU, stages {t_stage:.1f} s; denormalize / itn = "
          f"{(t_itn + t_stage) / t_itn:.2f}; models {sizes} MB; load from cache {warm:.2f} s")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
