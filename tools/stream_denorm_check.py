"""Streaming denormalization against batch ``Normalizer.denormalize``: equality, scores, latency, cost.

    python tools/stream_denorm_check.py data/eval/GoogleTN.dev.jsonl data/eval/LibriTTS.dev.jsonl
    python tools/stream_denorm_check.py FILES --lookahead 1 2 3 4 6 --limit 500

Each row's spoken side, lowercased without marks as a recognizer writes it (the ``denorm``
task's input), is pushed word by word into ``StreamingDenormalizer`` and the committed text
compared with batch ``denormalize`` of the same words.  For each lookahead: the share of
lines equal to batch, the denorm scores of the stream (WER, pWER, uWER as
``normgram eval --task denorm``) beside batch's, the mean words between a word's arrival and
its commit, and the CPU time of the stream over batch's.
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import normgram  # noqa: E402
from normgram.eval.denorm import score_pairs, spoken_input  # noqa: E402
from normgram.eval.evaluate import load_rows  # noqa: E402
from normgram.frontends.stream_denorm import StreamingDenormalizer  # noqa: E402


def stream_text(stream, words, latencies):
    out, seen, done = [], 0, 0
    for w in words:
        upd = stream.push(w)
        seen += 1
        out.append(upd.committed)
        now = seen - stream.latency
        latencies.extend(seen - k - 1 for k in range(done, now))
        done = now
    out.append(stream.finish().committed)
    latencies.extend(seen - k - 1 for k in range(done, seen))
    return "".join(out)


def check(norm, rows, lookahead, context):
    stream = StreamingDenormalizer(norm, lookahead=lookahead, context=context)
    pairs = [(r["spoken"], r["written"][0]) for r in rows]
    inputs = [spoken_input(s) for s, _ in pairs]
    t = time.process_time()
    batch = [norm.denormalize(x) for x in inputs]
    t_batch = time.process_time() - t
    lat = []
    t = time.process_time()
    streamed = [stream_text(stream, x.split(), lat) for x in inputs]
    t_stream = time.process_time() - t
    by_input = dict(zip(inputs, streamed))
    same = sum(a == b for a, b in zip(batch, streamed))
    rep_s = score_pairs(lambda x: by_input[x], pairs)
    return {"lookahead": lookahead, "n": len(rows), "equal": same / max(1, len(rows)),
            "wer": rep_s["wer"], "pwer": rep_s["pwer"], "uwer": rep_s["uwer"],
            "latency": sum(lat) / max(1, len(lat)), "cost": t_stream / max(1e-9, t_batch),
            "examples": [(a, b) for a, b in zip(batch, streamed) if a != b][:3]}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--lookahead", type=int, nargs="+", default=[1, 2, 3, 4, 6])
    ap.add_argument("--limit", type=int, help="first N rows per file")
    ap.add_argument("--context", type=int, default=StreamingDenormalizer.CONTEXT,
                    help="committed words read again as left context")
    ap.add_argument("--locale", default="en")
    ap.add_argument("--show", type=int, default=0, help="differing lines to print per lookahead")
    args = ap.parse_args(argv)
    norm = normgram.Normalizer(args.locale)
    for path in args.files:
        rows = load_rows(path)[:args.limit]
        batch = score_pairs(norm.denormalize, [(r["spoken"], r["written"][0]) for r in rows])
        print(f"== {Path(path).name}: {len(rows)} lines; batch WER {batch['wer']:.3f} "
              f"pWER {batch['pwer']:.3f} uWER {batch['uwer']:.3f}")
        print("  lookahead  equal   WER   pWER   uWER  latency(words)  cost/batch")
        for k in args.lookahead:
            r = check(norm, rows, k, args.context)
            print(f"  {k:9d}  {r['equal']:.3f}  {r['wer']:.3f}  {r['pwer']:.3f}  {r['uwer']:.3f}"
                  f"  {r['latency']:14.2f}  {r['cost']:10.2f}")
            for a, b in r["examples"][:args.show]:
                print(f"      batch : {a}\n      stream: {b}")


if __name__ == "__main__":
    main()
