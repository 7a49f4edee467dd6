#!/usr/bin/env python3
"""Where region composition spends its work: composition states explored per gate entry.

    python tools/explored_states.py itn data/eval/GoogleTN.dev.jsonl [--limit N]

Reads the dev set through the pipeline, records every region string it composes, then
composes each region acceptor with the region FST again without connecting the result
(``connect=False``: the states composition visits, dead ends included), with

  * every gate offered as the pipeline offers it (``all gates``),
  * no gate offered (``no gates``: passthrough words, punctuation, ungated classes),
  * one gate entry offered alone, for each entry of the direction's FAR meta ``gates``
    (a class, or a class's reading group "date/0"): its states beyond ``no gates``.

Also prints the connected states (those on a path to a final state, the lattice the
n-best search reads).  Explored states drive compose time; connected ones the n-best
search.  Figures are counts, not times, so they do not depend on the machine's load.
"""
import argparse
import json
import sys
from pathlib import Path

import pywrapfst

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import normgram  # noqa: E402
from normgram.run.gates import lower  # noqa: E402
from normgram.run.read import Reader  # noqa: E402


def region_strings(n, direction, texts):
    """The distinct region strings the pipeline composes for ``texts`` (in first-seen order)."""
    seen = {}
    read = Reader.read

    def recording(self, src, k):
        seen.setdefault(src, None)
        return read(self, src, k)
    Reader.read = recording
    try:
        run = n.itn if direction == "itn" else n.tn
        for t in texts:
            run(t)
    finally:
        Reader.read = read
    return list(seen)


def explored(pipe, srcs, entries, connect=False):
    """Total states of every region acceptor (offering the gate ``entries`` only) ∘ region FST."""
    gates = pipe.gates.with_entries(entries)
    total = 0
    for src in srcs:
        low = src if pipe.lower else lower(src)
        total += pywrapfst.compose(gates.acceptor(src, low), pipe.fst, connect=connect).num_states()
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("direction", choices=("itn", "tn"))
    ap.add_argument("data", help="JSONL dev set (text / gt_normalized fields)")
    ap.add_argument("--limit", type=int, default=0, help="first N sentences only (0: all)")
    args = ap.parse_args(argv)
    field = "gt_normalized" if args.direction == "itn" else "text"
    with open(args.data, encoding="utf-8") as fh:
        texts = [json.loads(line)[field] for line in fh]
    texts = texts[:args.limit or None]
    n = normgram.Normalizer("en")
    srcs = region_strings(n, args.direction, texts)
    pipe = n.pipeline(args.direction)
    names = {g["label"]: key for key, g in n.meta["gates"][args.direction].items()}
    every = pipe.gates.entries
    base = explored(pipe, srcs, [])
    print(f"{len(texts)} sentences, {len(srcs)} distinct regions")
    print(f"{'all gates':14s} {explored(pipe, srcs, every):9d} explored, "
          f"{explored(pipe, srcs, every, connect=True):9d} connected")
    print(f"{'no gates':14s} {base:9d} explored")
    rows = [(explored(pipe, srcs, [g]) - base, names[g[0]]) for g in every]
    for count, name in sorted(rows, reverse=True):
        print(f"{name:14s} {count:9d}")


if __name__ == "__main__":
    main()
