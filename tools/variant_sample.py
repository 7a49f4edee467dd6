"""200 random spoken variants (not TN's preferred form) from dev written lines: the review
sample of docs/training-data.md (docs/variant-review.tsv holds it with verdicts).

    python tools/variant_sample.py --seed 28 > sample.tsv   # n, set, class, written span, variant, read back?

The written lines of the dev sets named (LibriTTS and GoogleTN by default) are pooled and
shuffled with the seed; each line is tagged with K=4, and of its second variant one span whose
spoken form differs from the preferred variant's is drawn (lines whose second variant says
every span as the first are passed over).
"""
import argparse
import json
import random
from pathlib import Path

import normgram
from normgram.tagdata.tagging import Tagger

ROOT = Path(__file__).resolve().parents[1]


def _said(v, sp):
    return " ".join(v["tokens"][sp["spoken"][0]:sp["spoken"][1]])


def sample(norm, sets, n=200, seed=11, variants=4):
    """[(set, class, written span, spoken variant, "" or "NO READBACK")] of ``n`` lines."""
    rows = []
    for name in sets:
        path = ROOT / "data" / "eval" / f"{name}.dev.jsonl"
        rows += [(name, json.loads(line)["text"]) for line in path.read_text(encoding="utf-8").splitlines()]
    rng = random.Random(seed)
    rng.shuffle(rows)
    tagger = Tagger(norm, variants=variants, seed=3)
    out = []
    for i, (name, text) in enumerate(rows):
        if len(out) >= n:
            break
        rec = tagger.record(text, i)
        if len(rec["variants"]) < 2:
            continue
        first, second = rec["variants"][:2]
        other = [sp for sp, sp0 in zip(second["spans"], first["spans"]) if _said(second, sp) != _said(first, sp0)]
        if not other:
            continue
        sp = rng.choice(other)
        out.append((name, sp["cls"], sp["text"], _said(second, sp), "" if sp.get("round_trip") else "NO READBACK"))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("-n", type=int, default=200)
    ap.add_argument("--sets", nargs="+", default=["LibriTTS", "GoogleTN"])
    args = ap.parse_args(argv)
    for k, row in enumerate(sample(normgram.Normalizer("en"), args.sets, args.n, args.seed)):
        print(k, *row, sep="\t")


if __name__ == "__main__":
    main()
