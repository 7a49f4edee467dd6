#!/usr/bin/env python3
"""Per-sentence speed of the table-driven locales on their class sets (tests/data/<tag>/itn_classes.tsv).

    python tools/locale_speed.py                 # de es fr it ru
    python tools/locale_speed.py de fr

Prints, per locale and direction, median / p99 / max milliseconds per sentence (ITN reads the
spoken column, TN the first written form) and the load time from the cache.  Every line of
these sets holds an entity, so the figures are not like for like with the English dev sets,
where many sentences have nothing to convert.  The first call per direction is made before
timing; lazily read parts (a class's second stage) still count on first use.
"""
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import normgram  # noqa: E402


def rows(tag):
    out = []
    for line in open(ROOT / "tests" / "data" / tag / "itn_classes.tsv", encoding="utf-8"):
        parts = line.rstrip("\n").split("\t")
        if line.strip() and not line.startswith("#") and len(parts) >= 3:
            out.append((parts[1], parts[2].split(" | ")[0]))
    return out


def main(tags):
    for tag in tags or ["de", "es", "fr", "it", "ru"]:
        data = rows(tag)
        t0 = time.perf_counter()
        n = normgram.Normalizer(tag)
        load = time.perf_counter() - t0
        for direction, col in (("itn", 0), ("tn", 1)):
            fn = n.itn if direction == "itn" else n.tn
            fn(data[0][col])
            times = []
            for r in data:
                t = time.perf_counter()
                fn(r[col])
                times.append(time.perf_counter() - t)
            times.sort()
            print(f"{tag} {direction}: {len(times)} sentences, median {statistics.median(times) * 1e3:.2f} ms, "
                  f"p99 {times[int(len(times) * .99)] * 1e3:.1f} ms, max {times[-1] * 1e3:.1f} ms; "
                  f"Normalizer load {load:.2f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
