#!/usr/bin/env python3
"""Benchmark of `normgram tag` (issue 5 targets) on the GoogleTN dev written side.

    python tools/tag_bench.py                              # data/eval/GoogleTN.dev.jsonl
    python tools/tag_bench.py FILE.jsonl --limit 1000 --json out.json
    python tools/tag_bench.py --profile 30                 # cProfile top 30 of the throughput run
    python tools/tag_bench.py --readback                   # read-back on both dev sets, K=3 and K=5
    python tools/tag_bench.py --readback --locale de FILE  # ... on a file of written lines (.txt, .tsv)

Prints three figures, each from one in-process run with a fresh Tagger (cold caches; the
throughput run comes first, so the Normalizer's region memo is cold too):
  throughput   rows/s with K=3 variants and the ITN read-back check, one process;
               CPU time (time.process_time, meaningful on a shared machine) and wall time
  variation    K=5: mean number of distinct spoken forms per entity, by class
               (targets: >= 3 for year, time, money, telephone)
  round trip   share of emitted spoken variants that ITN reads back to the written
               form, by class, for K=3 and K=5 (target >= 0.97), with some failures
  probes       the dev set holds few times (4) and no phone numbers, so variation and round
               trip are also measured on generated sentences, --probe N per kind (times,
               phone numbers, years, money), from a fixed seed
Written text is the "text" field of a JSONL file (or each line of a .txt file, or the written
column of a blind-set .tsv: class<TAB>written<TAB>spoken, "#" lines skipped; or the "~~RAW"
lines of a file in EngConf's format).

--readback prints only the read-back figure (target >= 0.995): the share of emitted spans (every
variant's, TN's preferred form included) that ITN reads back to the written span or to a form
TN says the same way, by class with the failures.  On the dev sets it is given for the lines at
even positions (the ones tools/variant_weights.py counts spoken forms on) and for the held-out
odd ones.
"""
import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT / "data" / "eval" / "GoogleTN.dev.jsonl"
TARGET_CLASSES = ("year", "time", "money", "telephone")


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo") as fh:
            model = next((l.split(":", 1)[1].strip() for l in fh if l.startswith("model name")), "?")
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return {"cpus": os.cpu_count(), "cpu_model": model, "load_1min": round(load, 2),
            "python": platform.python_version()}


def written_lines(path, limit=None):
    lines = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if path.endswith(".jsonl"):
                line = json.loads(line)["text"]
            elif path.endswith(".tsv"):
                if line.startswith("#") or not line.strip():
                    continue
                cols = line.rstrip("\n").split("\t")
                line = cols[1] if len(cols) >= 3 else cols[0]
            elif "~~" in line or line.startswith("#") or not line.strip():
                # EngConf's format (data/blind/en/tn_context*.txt): the written line ends "~~RAW",
                # its readings "~~1" / "~~0" follow; comments and blank lines skipped
                if not line.rstrip("\n").endswith("~~RAW"):
                    continue
                line = line.rstrip("\n")[:-len("~~RAW")]
            lines.append(line.rstrip("\n"))
            if limit and len(lines) >= limit:
                break
    return lines


def probe_lines(n, seed=0):
    """Generated sentences holding one time, phone number, year or money amount each."""
    rng = random.Random(seed)
    d = lambda k: "".join(rng.choice("0123456789") for _ in range(k))  # noqa: E731
    nz = lambda: rng.choice("23456789")  # noqa: E731
    kinds = {
        "time": lambda: f"The train leaves at {rng.randint(1, 12)}:{rng.choice(['00', '05', '10', '15', '20', '30', '45', '50', str(rng.randint(10, 59))])}"
                        f"{rng.choice(['', ' am', ' pm', ' p.m.', ' a.m.'])} from platform two.",
        "telephone": lambda: "Call " + rng.choice([f"({nz()}{d(2)}) {nz()}{d(2)}-{d(4)}", f"{nz()}{d(2)}-{nz()}{d(2)}-{d(4)}",
                                                   f"+1 {nz()}{d(2)} {nz()}{d(2)} {d(4)}", f"1-800-{nz()}{d(2)}-{d(4)}"]) + " for details.",
        "year": lambda: f"The bridge was built in {rng.randint(1000, 2030)}.",
        "money": lambda: "It costs " + rng.choice([f"${rng.randint(1, 999)}", f"${rng.randint(1, 99)}.{d(2)}",
                                                   f"${rng.randint(2, 90)} million", f"£{rng.randint(1, 500)}"]) + " in total.",
    }
    return {kind: [make() for _ in range(n)] for kind, make in kinds.items()}


def tag_run(norm, lines, k, seed=0, style="cased"):
    """One pass; returns (Summary, cpu seconds, wall seconds)."""
    from normgram.tagdata.tagging import Summary, Tagger, tag_lines
    tagger = Tagger(norm, variants=k, seed=seed, style=style, check=True)
    summary = Summary()
    c0, w0 = time.process_time(), time.perf_counter()
    for rec in tag_lines(tagger, lines, jobs=1):
        if "bad" in rec:
            summary.bad += 1
        else:
            summary.add(rec)
    return summary, time.process_time() - c0, time.perf_counter() - w0


def per_class(summary):
    out = {}
    for cls in sorted(summary.entities):
        n = summary.entities[cls]
        ok, tot = summary.round_trip.get(cls, (0, 0))
        out[cls] = {"entities": n, "forms_per_entity": round(summary.distinct[cls] / n, 3),
                    "variants": tot, "round_trip": round(ok / tot, 4) if tot else None,
                    "failures": summary.failures.get(cls, [])}
    return out


def overall_round_trip(summary):
    ok = sum(a for a, _ in summary.round_trip.values())
    n = sum(b for _, b in summary.round_trip.values())
    return round(ok / n, 4) if n else None


DEV_SETS = ("GoogleTN", "LibriTTS")


def readback(norm, sets, failures):
    """Print read-back per set (and per half of a dev set), K=3 and K=5; -> {set: {k: figure}}."""
    out = {}
    for name, lines in sets.items():
        halves = {"all": lines}
        if name in DEV_SETS:
            halves = {"counted (even)": lines[0::2], "held out (odd)": lines[1::2]}
        for k in (3, 5):
            runs = {half: tag_run(norm, part, k)[0] for half, part in halves.items()}
            ok = sum(a for s in runs.values() for a, _ in s.round_trip.values())
            n = sum(b for s in runs.values() for _, b in s.round_trip.values())
            figure = ok / n if n else None
            out.setdefault(name, {})[k] = figure
            parts = ", ".join(f"{half} {overall_round_trip(s)}" for half, s in runs.items() if len(runs) > 1)
            print(f"{name:<10} K={k}: read-back {figure:.4f} ({ok}/{n} spans){'; ' + parts if parts else ''}"
                  if n else f"{name:<10} K={k}: no spans")
            if k == 5:
                for half, s in runs.items():
                    for cls, (a, b) in sorted(s.round_trip.items()):
                        if a < b:
                            print(f"    {half:<15} {cls:<10} {a}/{b}: " + "; ".join(
                                f"{w!r} <- {sp!r}" for w, sp in s.failures.get(cls, [])[:failures]))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", nargs="?", default=None, help=f"default {DEFAULT_DATA.relative_to(ROOT)}")
    ap.add_argument("--limit", type=int, help="first N lines only")
    ap.add_argument("--locale", default="en")
    ap.add_argument("--json", help="also write the report here")
    ap.add_argument("--profile", type=int, metavar="N", help="cProfile the K=3 run, print the top N")
    ap.add_argument("--failures", type=int, default=5, help="failures listed per class")
    ap.add_argument("--probe", type=int, default=100, metavar="N", help="generated sentences per kind (0: none)")
    ap.add_argument("--readback", action="store_true", help="only the read-back figure (both dev sets by default)")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import normgram
    from normgram.tagdata import tagging
    tagging.Summary.max_failures = args.failures

    if args.readback:
        norm = normgram.Normalizer(args.locale)
        if args.data:
            sets = {Path(args.data).name.split(".")[0]: written_lines(args.data, args.limit)}
        else:
            sets = {n: written_lines(str(ROOT / "data" / "eval" / f"{n}.dev.jsonl"), args.limit) for n in DEV_SETS}
        figures = readback(norm, sets, args.failures)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(figures, fh, indent=1)
        return 0
    args.data = args.data or str(DEFAULT_DATA)
    lines = written_lines(args.data, args.limit)
    norm = normgram.Normalizer(args.locale)
    norm.tn_result("warm up 1 2")
    report = {"machine": machine(), "data": args.data, "lines": len(lines)}
    m = report["machine"]
    print(f"machine: {m['cpus']} cpus, {m['cpu_model']}, load {m['load_1min']}, python {m['python']}")
    print(f"data: {args.data} ({len(lines)} lines)")

    if args.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.enable()
    s3, cpu, wall = tag_run(norm, lines, 3)
    if args.profile:
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(args.profile)
        pstats.Stats(prof).sort_stats("tottime").print_stats(args.profile)
    report["throughput"] = {"k": 3, "rows": s3.records, "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
                            "rows_per_cpu_s": round(s3.records / cpu, 1), "rows_per_wall_s": round(s3.records / wall, 1)}
    t = report["throughput"]
    print(f"\nthroughput (K=3, read-back on, 1 process): {t['rows_per_cpu_s']:.0f} rows/s CPU, "
          f"{t['rows_per_wall_s']:.0f} rows/s wall ({t['rows']} rows, {t['cpu_s']} s CPU, {t['wall_s']} s wall)"
          f"  target >= 500 rows/s per core")

    s5, cpu5, wall5 = tag_run(norm, lines, 5)
    report["k3"] = {"round_trip": overall_round_trip(s3), "classes": per_class(s3)}
    report["k5"] = {"round_trip": overall_round_trip(s5), "classes": per_class(s5),
                    "rows_per_cpu_s": round(s5.records / cpu5, 1)}
    k3 = report["k3"]["classes"]
    print(f"\nvariation (K=5) and round trip (K=3, K=5)       targets: forms >= 3 for {', '.join(TARGET_CLASSES)};"
          f" round trip >= 0.97")
    print(f"  {'class':<12}{'entities':>9}{'forms/ent':>10}{'rt K=3':>9}{'rt K=5':>9}{'variants K=5':>14}")
    for cls, c in report["k5"]["classes"].items():
        rt3 = k3.get(cls, {}).get("round_trip")
        mark = " *" if cls in TARGET_CLASSES and c["forms_per_entity"] < 3 else ""
        print(f"  {cls:<12}{c['entities']:>9}{c['forms_per_entity']:>10.2f}{rt3 if rt3 is not None else '-':>9}"
              f"{c['round_trip'] if c['round_trip'] is not None else '-':>9}{c['variants']:>14}{mark}")
    missing = [c for c in TARGET_CLASSES if c not in report["k5"]["classes"]]
    if missing:
        print(f"  (no entities of {', '.join(missing)}: class not in this build)")
    print(f"  all classes: round trip {report['k3']['round_trip']} (K=3), {report['k5']['round_trip']} (K=5)")
    for cls, c in report["k5"]["classes"].items():
        for written, spoken in c["failures"]:
            print(f"    {cls:<10} not read back: {written!r} <- {spoken!r}")
    if args.probe:
        report["probes"] = {}
        print(f"\nprobes: {args.probe} generated sentences per kind, K=5   (class: entities, forms/entity, round trip)")
        for kind, plines in probe_lines(args.probe).items():
            sp, _, _ = tag_run(norm, plines, 5)
            classes = per_class(sp)
            report["probes"][kind] = classes
            found = ", ".join(f"{cls} {c['entities']} {c['forms_per_entity']:.2f} {c['round_trip']}"
                              for cls, c in sorted(classes.items(), key=lambda x: -x[1]["entities"]))
            print(f"  {kind:<10} -> {found or 'no entities'}")
            for cls, c in classes.items():
                for written, spoken in c["failures"]:
                    print(f"    {cls:<10} not read back: {written!r} <- {spoken!r}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(report, fh, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
