#!/usr/bin/env python3
"""Scaling of `normgram tag` on Spark (docs/spark.md): local[1] vs local[2] vs `--jobs 2`.

    python tools/spark_bench.py                        # 200k lines, K=3, all three runs
    python tools/spark_bench.py --lines 20000 --runs jobs2 local[2] --json out.json

The corpus is the written sides of the GoogleTN and LibriTTS dev sets, repeated and
shuffled (fixed seed) to --lines lines.  Each run is a fresh process: `normgram tag
--jobs 2`, or a Spark session in local mode that ships the grammar and writes JSONL parts.
Reported per run: wall seconds of the whole process (JVM and Spark start included), the
seconds of the tagging job alone, rows/s from each, the machine's 1-minute load before and
after (other work on the machine slows every run), and whether the output is byte-identical
to the `--jobs 2` output.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [ROOT / "data" / "eval" / f"{name}.dev.jsonl" for name in ("GoogleTN", "LibriTTS")]


def make_corpus(path, lines, seed=0):
    written = [json.loads(l)["text"] for src in SOURCES for l in src.read_text(encoding="utf-8").splitlines()]
    rng = random.Random(seed)
    out = []
    while len(out) < lines:
        batch = written[:]
        rng.shuffle(batch)
        out.extend(batch)
    Path(path).write_text("\n".join(out[:lines]) + "\n", encoding="utf-8")


def _spark_run(master, corpus, output, k, seed):
    """In a child process: one Spark session, ship the grammar, tag, write JSONL parts."""
    from normgram.tagdata import spark as nspark
    t0 = time.perf_counter()
    spark = nspark.session(master, app="normgram-bench")
    spark.sparkContext.setLogLevel("ERROR")
    grammar = nspark.ShippedGrammar(spark, "en")
    t1 = time.perf_counter()
    nspark.tag_files(spark, grammar, [corpus], output, variants=k, seed=seed, log=False)
    t2 = time.perf_counter()
    spark.stop()
    print(json.dumps({"job_seconds": t2 - t1, "start_seconds": t1 - t0}))


def run(name, corpus, workdir, k, seed, nice=10):
    out = Path(workdir) / name.replace("[", "_").replace("]", "")
    load0 = os.getloadavg()[0]
    t0 = time.perf_counter()
    if name == "jobs2":
        cmd = [sys.executable, "-m", "normgram", "tag", "-i", str(corpus), "-o", str(out), "-k", str(k),
               "--seed", str(seed), "--jobs", "2"]
    else:
        cmd = [sys.executable, __file__, "--child", name, str(corpus), str(out), str(k), str(seed)]
    cmd = ["nice", "-n", str(nice)] + cmd if nice else cmd
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if proc.returncode:
        sys.exit(f"{name} failed:\n{proc.stderr[-3000:]}")
    job = json.loads(proc.stdout.strip().splitlines()[-1])["job_seconds"] if name != "jobs2" else wall
    return {"run": name, "wall_seconds": round(wall, 1), "job_seconds": round(job, 1),
            "load_before": round(load0, 2), "load_after": round(os.getloadavg()[0], 2), "output": str(out)}


def output_bytes(path):
    path = Path(path)
    if path.is_file():
        return path.read_bytes()
    return b"".join(p.read_bytes() for p in sorted(path.glob("part-*")))


def main(argv=None):
    if argv is None and len(sys.argv) > 1 and sys.argv[1] == "--child":
        _, _, master, corpus, output, k, seed = sys.argv
        return _spark_run(master, corpus, output, int(k), int(seed))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lines", type=int, default=200_000)
    ap.add_argument("-k", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--runs", nargs="+", default=["jobs2", "local[1]", "local[2]"])
    ap.add_argument("--nice", type=int, default=10, help="niceness of every run (0: none; the machine is shared)")
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args(argv)
    results = []
    with tempfile.TemporaryDirectory(prefix="normgram-spark-bench-") as work:
        corpus = Path(work) / "corpus.txt"
        make_corpus(corpus, args.lines, args.seed)
        for name in args.runs:
            r = run(name, corpus, work, args.k, args.seed, args.nice)
            r["rows_per_s_wall"] = round(args.lines / r["wall_seconds"], 1)
            r["rows_per_s_job"] = round(args.lines / r["job_seconds"], 1)
            results.append(r)
            print(json.dumps({k: v for k, v in r.items() if k != "output"}), flush=True)
        base = next((r for r in results if r["run"] == "jobs2"), None)
        if base:
            ref = output_bytes(base["output"])
            for r in results:
                r["identical_to_jobs2"] = output_bytes(r["output"]) == ref
                r["throughput_vs_jobs2_wall"] = round(base["wall_seconds"] / r["wall_seconds"], 3)
                r["throughput_vs_jobs2_job"] = round(base["wall_seconds"] / r["job_seconds"], 3)
        for r in results:
            r.pop("output")
    print(f"{'run':<10} {'lines':>7} {'wall s':>8} {'job s':>8} {'rows/s':>8} {'job rows/s':>10} "
          f"{'vs jobs2':>9} {'identical':>9} {'load':>11}")
    for r in results:
        print(f"{r['run']:<10} {args.lines:>7} {r['wall_seconds']:>8} {r['job_seconds']:>8} "
              f"{r['rows_per_s_wall']:>8} {r['rows_per_s_job']:>10} {r.get('throughput_vs_jobs2_wall', ''):>9} "
              f"{str(r.get('identical_to_jobs2', '')):>9} {r['load_before']:>5}/{r['load_after']:<5}")
    if args.json:
        Path(args.json).write_text(json.dumps({"lines": args.lines, "k": args.k, "cpus": os.cpu_count(),
                                               "results": results}, indent=1))


if __name__ == "__main__":
    sys.exit(main())
