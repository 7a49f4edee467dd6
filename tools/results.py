#!/usr/bin/env python3
"""Regenerate the measured tables of the documentation from the dev sets in data/eval.

    python tools/results.py --write README.md                   # accuracy table (README "Results")
    python tools/results.py --speed --write docs/benchmarks.md  # speed tables (runs tools/bench.py)
    python tools/results.py --speed --bench out.json            # reuse a saved `tools/bench.py --json out.json` report

Without --write the markdown block is printed.  The block replaced is the one between
the results markers (accuracy) or the speed markers (--speed) of the file.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import bench  # noqa: E402

MARKERS = {"results": ("<!-- results:start -->", "<!-- results:end -->"),
           "speed": ("<!-- speed:start -->", "<!-- speed:end -->")}
RUNS = (("GoogleTN", "itn"), ("GoogleTN", "tn"), ("LibriTTS", "itn"), ("LibriTTS", "tn"), ("LibriTTS", "asr"))


def accuracy(data, locale="en"):
    """[(set, task, report)] for every dev set found in ``data``."""
    import normgram
    from normgram.eval.evaluate import evaluate, load_rows
    norm = normgram.Normalizer(locale)
    out = []
    for name, task in RUNS:
        path = Path(data) / f"{name}.dev.jsonl"
        if path.exists():
            out.append((name, task, evaluate(norm, load_rows(path), task)))
    return out


def run_bench(data, extra=()):
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        subprocess.run([sys.executable, str(ROOT / "tools" / "bench.py"), str(data), "--json", str(out), *extra],
                       check=True, stdout=subprocess.DEVNULL)
        return json.loads(out.read_text(encoding="utf-8"))


def _commit():
    """The short commit of the checkout measured, or "(no git)"."""
    r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return r.stdout.strip() or "(no git)"


def _p(x):
    return "–" if x is None else f"{100 * x:.1f}"


def _retimed(s):
    """The slowest sentences timed again (bench.retime_slowest): the max without host stalls."""
    r = s.get("max_retimed")
    return "–" if not r else f"{r['max_ms']:.1f}"


def accuracy_markdown(acc, data):
    """The accuracy table: every dev set and task found in ``data``, `normgram eval`'s metrics."""
    rel = os.path.relpath(data, ROOT)
    lines = [
        f"Regenerate: `python tools/results.py --write README.md` (the figures of `normgram eval --task "
        f"itn|tn|asr --data {rel}/GoogleTN.dev.jsonl {rel}/LibriTTS.dev.jsonl`), normgram {_commit()}.",
        "",
        "| dev set | task | sentences | exact % | lenient % | WER % | ITN-WER % | non-ITN-WER % |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, task, r in acc:
        lines.append(f"| {name} | {task} | {r['n']} | {_p(r['exact_acc'])} | {_p(r['lenient_acc'])} | {_p(r['wer'])} "
                     f"| {_p(r['itn_wer'])} | {_p(r['non_itn_wer'])} |")
    lines += ["", "Lenient: ITN ignores case and edge punctuation, TN case and all punctuation; "
              "`asr` reads the LibriTTS ASR transcripts (lowercase, no punctuation)."]
    return "\n".join(lines)


def speed_markdown(rep, data):
    """The speed tables of a tools/bench.py report."""
    m = rep["machine"]
    rel = os.path.relpath(data, ROOT)
    lines = [
        f"Regenerate: `python tools/results.py --speed --write docs/benchmarks.md` (runs `python tools/bench.py {rel}`).",
        f"Machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}, pynini {m['pynini']}, "
        f"normgram {m['commit']}; load average at the run {m['loadavg']} (a shared machine: speed is indicative).",
        "",
        "| direction | dev set | sentences/s | words/s | p50 ms | p99 ms | max ms | slowest sentence re-timed, ms |",
        "|---|---|---:|---:|---:|---:|---:|---:|"]
    for direction, systems in rep["directions"].items():
        r = systems.get("normgram", {})
        for name, s in r.get("sets", {}).items():
            lines.append(f"| {direction} | {name} | {s['sent_per_s']:.0f} | {s['words_per_s']:.0f} | {s['p50_ms']:.3f} "
                         f"| {s['p99_ms']:.2f} | {s['max_ms']:.1f} | {_retimed(s)} |")
    sizes = rep.get("sizes", [])
    lines += ["", f"| direction | cold start s | peak RSS MB | per-word µs at {' / '.join(map(str, sizes))} words "
              f"| ratio {max(sizes, default='')} vs {min(sizes, default='')} |", "|---|---:|---:|---|---:|"]
    for direction, systems in rep["directions"].items():
        r = systems.get("normgram", {})
        if "long_per_word_us" in r:
            lines.append(f"| {direction} | {r['cold_start_s']:.3f} | {r['rss_mb']:.0f} | "
                         f"{' / '.join(f'{v:.1f}' for v in r['long_per_word_us'].values())} | {r['linearity']:.2f} |")
    if sizes:
        lines += ["", f"Per-word time: one text of {max(sizes):,} words (dev sentences concatenated) read in "
                      "inputs of each size, memos cleared once per pass (tools/bench.py)."]
    if rep.get("compile", {}).get("seconds") is not None:
        c = rep["compile"]
        by = c.get("by_direction") or {}
        split = f" (ITN {by['itn']:.1f} s + TN {by['tn']:.1f} s, each compiled on its first use)" if by.get("itn") and by.get("tn") else ""
        lines += ["", f"Compile from scratch (empty cache, fresh process, both directions): {c['seconds']:.1f} s{split}, "
                  f"peak RSS {c['rss_mb']:.0f} MB."]
    peers = [s for s in rep["systems"] if s != "normgram"]
    if peers:
        lines += ["", f"Side by side on the first {rep['peer_limit'] or 'all'} sentences of each dev set, same run "
                  "(sentences/s of the median of each system's passes over them; the range pairs the "
                  "slowest with the fastest passes; cold start = import + load from cache):", "",
                  "| direction | dev set | system | sentences/s | normgram ÷ system | range | cold start s |",
                  "|---|---|---|---:|---:|---|---:|"]
        for direction, systems in rep["directions"].items():
            ng = systems.get("normgram", {})
            for peer in peers:
                p = systems.get(peer, {})
                if "error" in p:
                    lines.append(f"| {direction} | – | {peer} | error: {p['error'][:60]} | – | – |")
                    continue
                for name, s in p["subset"].items():
                    ours = ng["subset"][name]
                    mine, a, b = ours["sent_per_s"], s.get("passes_s"), ours.get("passes_s")
                    spread = f"{a[0] / b[-1]:.1f}–{a[-1] / b[0]:.1f}×" if a and b else "–"
                    lines.append(f"| {direction} | {name} | {peer} | {s['sent_per_s']:.1f} | "
                                 f"{mine / s['sent_per_s']:.1f}× | {spread} | {p['cold_start_s']:.2f} |")
    elif rep.get("skipped"):
        lines += ["", f"Peers skipped (not installed): {', '.join(rep['skipped'])}; "
                  "`pip install '.[bench-peers]'` to compare."]
    return "\n".join(lines)


def replace_block(text, block, kind="results"):
    start, end = MARKERS[kind]
    if start not in text or end not in text or text.index(start) > text.index(end):
        raise SystemExit(f"results.py: markers {start} ... {end} not found")
    head, rest = text.split(start, 1)
    return head + start + "\n" + block + "\n" + end + rest.split(end, 1)[1]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", nargs="?", default=str(bench.DEFAULT_DATA))
    ap.add_argument("--speed", action="store_true", help="the speed tables (tools/bench.py) instead of accuracy")
    ap.add_argument("--bench", metavar="FILE", help="with --speed: use this tools/bench.py --json report instead of running it")
    ap.add_argument("--bench-args", default="", help="with --speed: extra arguments for tools/bench.py, e.g. '--no-peers'")
    ap.add_argument("--write", metavar="FILE", help="replace the block between the markers in this file")
    args = ap.parse_args(argv)
    if args.speed:
        rep = (json.loads(Path(args.bench).read_text(encoding="utf-8")) if args.bench
               else run_bench(args.data, args.bench_args.split()))
        block, kind = speed_markdown(rep, args.data), "speed"
    else:
        block, kind = accuracy_markdown(accuracy(args.data), args.data), "results"
    if args.write:
        path = Path(args.write)
        path.write_text(replace_block(path.read_text(encoding="utf-8"), block, kind), encoding="utf-8")
    print(block)
    return 0


if __name__ == "__main__":
    sys.exit(main())
