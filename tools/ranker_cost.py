#!/usr/bin/env python3
"""What the ranker adds to the median per-sentence time (issue target: at most 25%).

    python tools/ranker_cost.py [DATA_DIR] [--rounds 5] [--limit N] [--chunk 20]

Two Normalizers of the same grammars, one with the shipped ranker and one with
``ranker=False``, read the same dev sentences (GoogleTN and LibriTTS: ITN reads the
spoken side, TN the written side).  A per-sentence CPU time (time.process_time) is taken
for each.  The two are interleaved ``--chunk`` sentences at a time, the order turning
round at every chunk, so a change in machine load hits both alike; every round starts
with all memos cleared (the region readings and the ranker's scores: text not seen
before).  Each round gives median(ranked) / median(unranked) - 1; the median and range
over rounds are printed, with the same for the total time.
"""
import argparse
import json
import sys
from statistics import median
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import normgram  # noqa: E402

DEFAULT_DATA = ROOT / "data" / "eval"
SETS = ("GoogleTN", "LibriTTS")


def inputs(data, direction, limit):
    out = []
    for name in SETS:
        path = Path(data) / f"{name}.dev.jsonl"
        if path.exists():
            rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
            out += [r["text"] if direction == "tn" else r["gt_normalized"] for r in rows][: limit or None]
    return out


def rounds(systems, texts, direction, n, chunk):
    """-> [{name: [per-sentence CPU seconds]}] for ``n`` rounds (see the module text)."""
    out = []
    names = list(systems)
    for _ in range(n):
        lat = {k: [] for k in names}
        for norm in systems.values():
            norm.clear_memos()
        for c, at in enumerate(range(0, len(texts), chunk)):
            for name in (names if c % 2 == 0 else names[::-1]):
                run = getattr(systems[name], direction)
                for text in texts[at:at + chunk]:
                    t0 = time.process_time()
                    run(text)
                    lat[name].append(time.process_time() - t0)
        out.append(lat)
    return out


def added(per_round, on="ranked", off="unranked"):
    """-> (median, min, max) over rounds of median(on)/median(off) - 1, and of sum(on)/sum(off) - 1."""
    med = [median(r[on]) / median(r[off]) - 1 for r in per_round]
    tot = [sum(r[on]) / sum(r[off]) - 1 for r in per_round]
    return (median(med), min(med), max(med)), (median(tot), min(tot), max(tot))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", nargs="?", default=str(DEFAULT_DATA))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--chunk", type=int, default=20)
    ap.add_argument("--limit", type=int, default=0, help="sentences per dev set (0: all)")
    ap.add_argument("--directions", default="itn,tn")
    args = ap.parse_args(argv)
    systems = {"ranked": normgram.Normalizer("en"), "unranked": normgram.Normalizer("en", ranker=False)}
    for norm in systems.values():
        norm.itn("at four thirty , twenty twenty")  # the ranker model loads outside the timing
    for direction in args.directions.split(","):
        texts = inputs(args.data, direction, args.limit)
        per_round = rounds(systems, texts, direction, args.rounds, args.chunk)
        (m, lo, hi), (t, tlo, thi) = added(per_round)
        meds = [median(r["unranked"]) * 1e3 for r in per_round]
        print(f"{direction}: {len(texts)} sentences x {args.rounds} rounds; unranked median "
              f"{median(meds):.3f} ms/sentence")
        print(f"  ranker adds to the median sentence: {100 * m:+.1f}% (rounds {100 * lo:+.1f}% .. {100 * hi:+.1f}%)")
        print(f"  ranker adds to the total time:      {100 * t:+.1f}% (rounds {100 * tlo:+.1f}% .. {100 * thi:+.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
