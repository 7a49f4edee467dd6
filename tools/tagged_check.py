"""Gold-tag round trip: written text -> `normgram tag` (TN, tagged spoken form) -> tag-consuming
ITN -> does each tagged span come back as its written form?

    python tools/tagged_check.py data/eval/GoogleTN.dev.jsonl data/eval/LibriTTS.dev.jsonl

The written side (``text``) of each file is tagged with ``normgram.tagdata.tagging.Tagger`` (the
preferred spoken variant, as `normgram tag` writes it; --style asr for lowercase, no punctuation); its ``tagged`` form
goes through ``TaggedITN.inline``, its span list through ``TaggedITN.spans`` and its
per-token ``tags`` through ``TaggedITN.tags``.  In asr style (lowercase input) case is
not counted.
A gold span counts as reproduced when the span converted from it equals the written text
exactly; ``lenient`` also accepts an output that TN reads as it reads the written form
(ITN's own written format: "1,000" for 1000, "one" for a standalone 1).  Per-token class
tags (``tags``) cannot separate two adjacent spans of one class (counted as they come
out); the record's ``bio`` tags (B-/I-) can.
"""
import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import normgram  # noqa: E402
from normgram.tagdata.tagging import Tagger  # noqa: E402


def spans_by_words(res):
    return {(s.word_start, s.word_end): s for s in res.spans}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--show", type=int, default=10, help="mismatches to list")
    ap.add_argument("--style", choices=("cased", "asr"), default="cased", help="as `normgram tag --style`")
    a = ap.parse_args(argv)
    norm = normgram.Normalizer("en", ranker=False)
    tagger, tagged = Tagger(norm, style=a.style, check=False), normgram.TaggedITN(norm)
    tn_cache = {}

    def same_reading(cls, out, written):
        key = (cls, written)
        if key not in tn_cache:
            tn_cache[key] = norm.apply_class(cls, "tn", written)[:1]
        return bool(tn_cache[key]) and norm.apply_class(cls, "tn", out)[:1] == tn_cache[key]

    for f in a.files:
        n = 0
        stats = {form: Counter() for form in ("inline", "spans", "tags", "bio")}
        per_class, misses, rejected = Counter(), Counter(), Counter()
        with open(f, encoding="utf-8") as fh:
            for k, line in enumerate(fh, 1):
                if a.limit and k > a.limit:
                    break
                written = json.loads(line)["text"]
                if not written.strip():
                    continue
                v = tagger.record(written, k)["variants"][0]
                n += 1
                results = {"inline": tagged.inline(v["tagged"]),
                           "spans": tagged.spans(v["tokens"], [(*sp["spoken"], sp["cls"]) for sp in v["spans"]]),
                           "tags": tagged.tags(v["tokens"], v["tags"]),
                           "bio": tagged.tags(v["tokens"], v["bio"])}
                for form, res in results.items():
                    got = spans_by_words(res)
                    for r in res.rejected:
                        if form == "inline":
                            rejected[r.cls] += 1
                    for sp in v["spans"]:
                        st = stats[form]
                        st["spans"] += 1
                        conv = got.get(tuple(sp["spoken"]))
                        out = conv.output if conv else None
                        exact = out == sp["text"] or (a.style == "asr" and out is not None
                                                      and out.lower() == sp["text"].lower())
                        lenient = exact or (out is not None and same_reading(sp["cls"], out, sp["text"]))
                        st["exact"] += exact
                        st["lenient"] += lenient
                        if form == "inline":
                            per_class[sp["cls"], "n"] += 1
                            per_class[sp["cls"], "exact"] += exact
                            if not exact:
                                spoken = " ".join(v["tokens"][sp["spoken"][0]:sp["spoken"][1]])
                                misses[(sp["cls"], sp["text"], spoken, out)] += 1
        print(f"{Path(f).name}: {n} sentences")
        for form, st in stats.items():
            print(f"  {form:<6} {st['spans']} gold spans: exact {st['exact'] / max(1, st['spans']):.4f}, "
                  f"lenient {st['lenient'] / max(1, st['spans']):.4f}")
        classes = sorted({c for c, _ in per_class})
        print("  inline exact per class: " + ", ".join(
            f"{c} {per_class[c, 'exact']}/{per_class[c, 'n']}" for c in classes))
        if rejected:
            print("  rejected tags per class: " + ", ".join(f"{c} {m}" for c, m in rejected.most_common()))
        for (cls, text, spoken, out), m in misses.most_common(a.show):
            print(f"    {m:>3}x {cls}: {text!r} <- {spoken!r} -> {out!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
