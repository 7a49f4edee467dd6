"""Long lines: time and peak RSS of one line of 1, 3, 10 MB against the same text as short lines.

    python tools/long_line_bench.py                      # ITN and TN, 1 3 10 MB, a table
    python tools/long_line_bench.py --mb 1 --dirs itn    # one size, one direction
    python tools/long_line_bench.py --tokens             # single tokens of 10^3..10^7 characters
    python tools/long_line_bench.py --tokens --random    # the same, random characters (no piece repeats)

The text is the dev sentences of data/eval (ITN: the spoken sides, TN: the written sides),
repeated until it has the size asked, as one line (sentences joined by a space) and as
short lines (one call per sentence).  Each case runs in a fresh process (the normalizer
loaded from the cache first, its RSS counted: the figure is the process's peak), so one
case's memory never shows in another's.  CPU seconds (the process's) are printed beside wall
seconds: on a loaded machine they tell the work apart from the waiting.  --tokens times one token of digits, letters,
symbols or all mixed of 10^3..10^7 characters between two words, to show the work grows linearly.
"""
import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = (1, 3, 10)
TOKEN_SIZES = (10 ** 3, 10 ** 4, 10 ** 5, 10 ** 6, 10 ** 7)
TOKEN_KINDS = {"digits": "0123456789", "letters": "abcdefghij", "symbols": "$%#@&+=<>/~^_|*-.",
               "mixed": "abXY0123456789_-./:+"}  # letters of both cases, digits, marks and signs


def sentences(direction, data=ROOT / "data" / "eval"):
    """The dev sentences a direction reads: spoken sides for ITN, written sides for TN."""
    out = []
    for name in ("GoogleTN.dev.jsonl", "LibriTTS.dev.jsonl"):
        for line in (data / name).read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            text = rec["text"] if direction == "tn" else rec.get("transcript") or rec["gt_normalized"]
            text = " ".join(text.split())
            if text:
                out.append(text)
    return out


def corpus(direction, mb):
    """Sentences repeated to ``mb`` million characters (the last one cut at a space)."""
    base, out, n, i = sentences(direction), [], 0, 0
    while n < mb * 1_000_000:
        s = base[i % len(base)]
        out.append(s)
        n += len(s) + 1
        i += 1
    return out


def token_line(kind, size, seeded=False):
    """A line holding one token of ``size`` characters of ``kind``: the alphabet repeated (its
    10,000-character pieces repeat, so memos serve all but the first), or ``seeded`` random
    characters of it (every piece new)."""
    alphabet = TOKEN_KINDS[kind]
    if seeded:
        r = random.Random(size)
        token = "".join(r.choice(alphabet) for _ in range(size))
    else:
        token = (alphabet * (size // len(alphabet) + 1))[:size]
    return f"it is {token} ok"


def child(direction, case, size, kind=None, seeded=False):
    """Run one case in this process -> {seconds, peak RSS MB before and after, output length}."""
    import normgram
    norm = normgram.Normalizer("en")
    run = norm.itn if direction == "itn" else norm.tn
    run("one")  # the direction loaded before timing
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if case == "token":
        texts = [token_line(kind, size, seeded)]
    else:
        texts = corpus(direction, size)
        if case == "line":
            texts = [" ".join(texts)]
    t0, c0 = time.perf_counter(), time.process_time()
    out_chars = sum(len(run(t)) for t in texts)
    secs, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"seconds": round(secs, 2), "cpu_seconds": round(cpu, 2), "rss_loaded_mb": round(rss0), "peak_rss_mb":
            round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024), "in_chars": sum(map(len, texts)),
            "out_chars": out_chars}


def measure(direction, case, size, kind=None, seeded=False):
    argv = [sys.executable, __file__, "--child", direction, case, str(size)] + ([kind] if kind else []) \
        + (["seeded"] if seeded else [])
    p = subprocess.run(argv, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"long_line_bench: {direction} {case} {size} failed: {p.stderr.strip()[-500:]}")
    return json.loads(p.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mb", type=float, nargs="+", default=list(SIZES), help="line sizes, million characters")
    ap.add_argument("--dirs", nargs="+", choices=("itn", "tn"), default=["itn", "tn"])
    ap.add_argument("--tokens", action="store_true", help="single long tokens instead of long lines")
    ap.add_argument("--token-sizes", type=int, nargs="+", default=list(TOKEN_SIZES))
    ap.add_argument("--random", action="store_true", help="tokens of seeded random characters (no piece repeats)")
    ap.add_argument("--kinds", nargs="+", choices=sorted(TOKEN_KINDS), default=list(TOKEN_KINDS), help="token kinds")
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child:
        d, case, size, *kind = a.child
        seeded = kind[1:] == ["seeded"]
        print(json.dumps(child(d, case, float(size) if case != "token" else int(size), *kind[:1], seeded=seeded)))
        return 0
    if a.tokens:
        print("| direction | token | characters | seconds | µs per character | peak RSS MB (loaded) |")
        print("|---|---|---:|---:|---:|---:|")
        for d in a.dirs:
            for kind in a.kinds:
                for size in a.token_sizes:
                    r = measure(d, "token", size, kind, a.random)
                    print(f"| {d} | {kind} | {size:,} | {r['seconds']} | {1e6 * r['seconds'] / size:.2f} | "
                          f"{r['peak_rss_mb']} ({r['rss_loaded_mb']}) |", flush=True)
        return 0
    print("| direction | MB | one line s | short lines s | ratio | CPU s one line / short lines | CPU ratio"
          " | one line peak RSS MB | short lines peak RSS MB | loaded RSS MB |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for d in a.dirs:
        for mb in a.mb:
            line, short = measure(d, "line", mb), measure(d, "lines", mb)
            print(f"| {d} | {mb:g} | {line['seconds']} | {short['seconds']} | {line['seconds'] / short['seconds']:.2f} | "
                  f"{line['cpu_seconds']} / {short['cpu_seconds']} | {line['cpu_seconds'] / short['cpu_seconds']:.2f} | "
                  f"{line['peak_rss_mb']} | {short['peak_rss_mb']} | {line['rss_loaded_mb']} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
