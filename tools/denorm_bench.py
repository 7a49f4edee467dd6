#!/usr/bin/env python3
"""Cost of the denormalization stages against ITN: CPU time, start from the cache, model sizes.

    python tools/denorm_bench.py                    # 600 dev lines, 5 rounds, en
    python tools/denorm_bench.py --lines 300 --rounds 3 --locale en

CPU: sentences of the dev sets' spoken side (lowercased without marks, half GoogleTN, half
LibriTTS), each seen once: ITN (``Normalizer.itn_result``), then the stages on its result, timed
sentence by sentence (interleaved, so a machine's changing load hits both alike); denormalize =
ITN + stages.  Every sentence is new to both (ITN and the stages keep memos: a repeated sentence
would time the memos), the models and grammars are loaded first by ``--warmup`` other lines.
The ratio is given for the whole and as the median over ``--rounds`` equal slices.
Start: a fresh process loads both stage models from the cache (the cache copy is written first
if missing), best of ``--starts``.  Targets (issue 27): denormalize <= 2 x ITN, start <= 0.5 s,
models <= 20 MB per locale.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

_HERE = os.path.dirname(os.path.abspath(__file__))
if os.path.isdir(os.path.join(_HERE, "..", "normgram")):
    sys.path.insert(0, os.path.dirname(_HERE))

from normgram import Normalizer  # noqa: E402
from normgram.eval.denorm import spoken_input  # noqa: E402
from normgram.stages import Denormalizer  # noqa: E402
from normgram.stages.models import FILES, shipped_dir  # noqa: E402

EVAL = Path(_HERE).parent / "data" / "eval"


def sentences(n, skip=0):
    """n sentences after the first ``skip`` of each set, the two sets alternating."""
    sets = []
    for name in ("GoogleTN.dev.jsonl", "LibriTTS.dev.jsonl"):
        with open(EVAL / name, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()][skip:skip + n // 2]
        sets.append([spoken_input(r["gt_normalized"]) for r in rows])
    return [t for pair in zip(*sets) for t in pair]


def start_time(locale):
    code = ("import time; from normgram.stages import Denormalizer; t = time.perf_counter(); "
            f"d = Denormalizer({locale!r}); d._punct.get(); d._case.get(); print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--locale", default="en")
    ap.add_argument("--lines", type=int, default=2000)
    ap.add_argument("--warmup", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--starts", type=int, default=3)
    args = ap.parse_args(argv)
    norm = Normalizer(args.locale)
    if not Denormalizer.available(args.locale):
        raise SystemExit(f"no stage models for {args.locale!r}")
    stages = norm.stages()
    for t in sentences(args.warmup):  # grammars and models loaded
        stages.denormalize(norm.itn_result(t))
    texts = sentences(args.lines, skip=args.warmup // 2)
    itn, stage = [], []
    for t in texts:
        a = time.process_time()
        res = norm.itn_result(t)
        b = time.process_time()
        stages.denormalize(res)
        c = time.process_time()
        itn.append(b - a)
        stage.append(c - b)
    size = max(1, len(texts) // args.rounds)
    ratios = [(sum(itn[k:k + size]) + sum(stage[k:k + size])) / max(1e-9, sum(itn[k:k + size]))
              for k in range(0, size * args.rounds, size)]
    ratio = (sum(itn) + sum(stage)) / sum(itn)
    start_time(args.locale)  # writes the cache copy if missing
    start = min(start_time(args.locale) for _ in range(args.starts))
    sizes = {}
    for tag_dir in sorted(shipped_dir(args.locale).parent.parent.glob("*/denorm")):
        files = [tag_dir / name for name in FILES.values() if (tag_dir / name).is_file()]
        if files:
            sizes[tag_dir.parent.name] = round(sum(f.stat().st_size for f in files) / 1e6, 2)
    load = os.getloadavg()[0]
    print(f"{len(texts)} lines (load {load:.1f}): ITN {sum(itn):.2f} s, stages {sum(stage):.2f} s CPU: "
          f"denormalize / itn = {ratio:.2f} (median of {args.rounds} slices {statistics.median(ratios):.2f}; "
          f"target <= 2)")
    print(f"start from cache ({args.locale}, both models, best of {args.starts}): {start:.2f} s (target <= 0.5)")
    print(f"models (MB per locale, target <= 20): {sizes}")
    print(json.dumps({"ratio": round(ratio, 3), "slice_ratios": [round(r, 3) for r in ratios],
                      "itn_s": round(sum(itn), 3), "stages_s": round(sum(stage), 3), "start_s": round(start, 3),
                      "model_mb": sizes, "load_avg": round(load, 1)}))


if __name__ == "__main__":
    main()
