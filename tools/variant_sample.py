"""200 random spoken variants (not TN's preferred form) from the LibriTTS dev written lines:
the review sample of docs/training-data.md (docs/variant-review.tsv holds it with verdicts).

    python tools/variant_sample.py > sample.tsv      # k, class, written span, spoken variant, read back?
"""
import json
import random
from pathlib import Path

import normgram
from normgram.tagdata.tagging import Tagger

ROOT = Path(__file__).resolve().parents[1]


def main(n=200, seed=11):
    norm = normgram.Normalizer("en")
    path = ROOT / "data" / "eval" / "LibriTTS.dev.jsonl"
    rows = [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines()]
    random.Random(seed).shuffle(rows)
    tagger = Tagger(norm, variants=4, seed=3)
    out = []
    for i, text in enumerate(rows):
        if len(out) >= n:
            break
        rec = tagger.record(text, i)
        if len(rec["variants"]) < 2 or not rec["variants"][1]["spans"]:
            continue
        v = rec["variants"][1]
        sp = v["spans"][0]
        spoken = " ".join(v["tokens"][sp["spoken"][0]:sp["spoken"][1]])
        out.append((sp["cls"], sp["text"], spoken, "" if sp.get("round_trip") else "NO READBACK"))
    for k, row in enumerate(out):
        print(k, *row, sep="\t")


if __name__ == "__main__":
    main()
