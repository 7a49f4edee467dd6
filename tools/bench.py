#!/usr/bin/env python3
"""Speed benchmark of normgram ITN and TN, side by side with NeMo / WeTextProcessing when installed.

    python tools/bench.py                          # dev sets in data/eval, synthetic long inputs
    python tools/bench.py DATA_DIR --json out.json

Measured, for each direction and system, each in its own fresh subprocess of
this interpreter (so peak RSS is per system), systems always in the same order
on the same inputs:
  throughput    sentences/s and words/s over every dev sentence, one call each
  latency       per-sentence p50 / p99 / max (ms); the 5 slowest sentences timed again
                (best of 3 from cold memos): the dearest sentence's own cost, a stall excluded
  long inputs   one synthetic text of as many words as the largest size (dev sentences
                concatenated), cut into inputs of 100 ... 100,000 words and run whole, input by
                input, memos cleared once per pass (so every size reads the same words and meets
                the same memo hits); best of >= 2 passes; per-word time, and its ratio 100,000
                vs 100 words (1.0 = linear growth)
  cold start    fresh subprocess: import + load from a warm cache + one call
                (in-process time; the interpreter's own start is shown apart)
  compile       normgram only: ITN, then TN, each compiled in a fresh subprocess on its first
                use into an empty NORMGRAM_CACHE; the figure is their sum
  peak RSS      resource.getrusage(RUSAGE_SELF).ru_maxrss of each subprocess
Peers (nemo_text_processing, tn/itn of WeTextProcessing) run when importable
in this environment (pip install ".[bench-peers]"), on the first --peer-limit
sentences and inputs up to --peer-max-words; normgram's figures on that same
subset give the ratios. That subset takes normgram about 0.1 s, so every system
passes over it --repeats times: the first pass is the full run's start, each further
pass a fresh process that first reads 100 other sentences per set untimed (steady
state; normgram's memos cleared), the systems taking turns pass by pass (a drift of
the host's speed hits all alike); the median
pass gives the ratio, printed with the worst and best pairing of passes. The
machine may be shared: figures are noisy.
"""
import argparse
import importlib.util
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT / "data" / "eval"
SETS = ("GoogleTN", "LibriTTS")
SIZES = (100, 1_000, 10_000, 100_000)
DIRECTIONS = ("itn", "tn")
SYSTEMS = ("normgram", "nemo", "wetext")
PEER_CACHE = Path(tempfile.gettempdir()) / "normgram-bench-peers"


# ---------------------------------------------------------------- worker side

def counting(inner, failed):
    """``inner`` as a call that counts an input the system raises on in ``failed``
    ({error: count}; its time is still timed) instead of ending the run."""
    def run(text, _call=None):
        try:
            return (_call or inner)(text)
        except Exception as e:
            key = f"{type(e).__name__}: {e}"[:120]
            failed[key] = failed.get(key, 0) + 1
    for attr in ("reset", "warm", "fresh"):
        if hasattr(inner, attr):
            setattr(run, attr, getattr(inner, attr))
    return run


def _load(system, direction):
    """A text -> text function of one system and direction."""
    if system == "normgram":
        sys.path.insert(0, str(ROOT))
        import normgram
        n = normgram.Normalizer("en")
        norm = n.tn if direction == "tn" else n.itn

        def run(text):
            return norm(text)

        run.reset = n.clear_memos
        # the ranker model and the staged classes' second stages load on first use
        run.warm = lambda: norm("at four thirty p m it cost five dollars and twenty cents" if direction == "itn"
                                else "At 4:30 p.m. it cost $5.20.")
        return run
    if system == "nemo":
        cache = str(PEER_CACHE / "nemo")
        if direction == "tn":
            from nemo_text_processing.text_normalization.normalize import Normalizer
            n = Normalizer(input_case="cased", lang="en", cache_dir=cache)
            return lambda t: n.normalize(t, verbose=False, punct_post_process=True)
        from nemo_text_processing.inverse_text_normalization.inverse_normalize import InverseNormalizer
        n = InverseNormalizer(lang="en", cache_dir=cache)
        return lambda t: n.inverse_normalize(t, verbose=False)
    if system == "wetext":
        cache = str(PEER_CACHE / "wetext")
        if direction == "tn":
            from tn.english.normalizer import Normalizer
            return Normalizer(cache_dir=cache).normalize
        from itn.english.inverse_normalizer import InverseNormalizer
        return InverseNormalizer(cache_dir=cache).normalize
    raise ValueError(system)


def worker(system, direction, job_path):
    """Run one job file; print one JSON line."""
    t0 = time.perf_counter()
    job = json.loads(Path(job_path).read_text(encoding="utf-8"))
    run = _load(system, direction)
    run("one")
    out = {"ready_s": time.perf_counter() - t0, "sets": {}, "long": {}, "failed": {}}
    run = counting(run, out["failed"])
    getattr(run, "warm", lambda: None)()   # lazy parts (ranker model) load outside the timed calls
    for text in job.get("warmup", ()):      # other sentences, untimed: a process in its steady state
        run(text)
    getattr(run, "reset", lambda: None)()  # ... that has not seen the timed sentences
    for name, texts in job.get("sets", {}).items():
        lat = []
        for text in texts:
            t = time.perf_counter()
            run(text)
            lat.append(time.perf_counter() - t)
        out["sets"][name] = lat
        out.setdefault("retimed", {})[name] = retime_slowest(run, texts, lat)
    for size, pieces in job.get("long", {}).items():
        times, start = [], time.perf_counter()
        while len(times) < 2 or time.perf_counter() - start < job.get("min_long_s", 0.3):
            getattr(run, "reset", lambda: None)()  # each pass from cold memos, kept across its inputs
            t = time.perf_counter()
            for text in pieces:
                run(text)
            times.append(time.perf_counter() - t)
        out["long"][size] = min(times)             # best of >= 2 passes (timeit style): least machine noise
    out["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(out))


# ---------------------------------------------------------------- parent side

def machine():
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass

    def version(pkg):
        try:
            from importlib.metadata import version as v
            return v(pkg)
        except Exception:
            return None
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, timeout=10).stdout.strip() or None
    except OSError:
        commit = None
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "pynini": version("pynini"), "os": platform.platform(), "commit": commit,
            "loadavg": [round(x, 2) for x in os.getloadavg()],
            "nemo_text_processing": version("nemo-text-processing"), "wetextprocessing": version("wetextprocessing")}


def available(system):
    mods = {"normgram": [], "nemo": ["nemo_text_processing"], "wetext": ["tn", "itn"]}[system]
    return all(importlib.util.find_spec(m) is not None for m in mods)


def dev_inputs(data, direction, limit):
    """{set name: [input texts]} from the jsonl dev sets found in ``data``."""
    out = {}
    for name in SETS:
        path = Path(data) / f"{name}.dev.jsonl"
        if not path.exists():
            continue
        texts = []
        for line in open(path, encoding="utf-8"):
            if line.strip():
                r = json.loads(line)
                texts.append(r["text"] if direction == "tn" else r["gt_normalized"])
        out[name] = texts[: limit or None]
    return out


def long_inputs(pool, sizes, total=None):
    """{size: the inputs of ``size`` words that make up one text of ``total`` words (the
    largest size by default)}: dev sentences concatenated, repeated as needed.  Every size
    reads the same words, so per-word times differ only by the length of an input (a prefix
    of 100 words alone would be read against a mix of both dev sets at 100,000)."""
    words = " ".join(pool).split() or ["one"]
    total = total or max(sizes)
    text = (words * -(-total // len(words)))[:total]
    return {str(size): [" ".join(text[i:i + size]) for i in range(0, total, size)]
            for size in sizes if size <= total}


def spawn(system, direction, job, env=None, timeout=3600):
    """Run a worker subprocess; returns its JSON dict plus wall_s, or {"error": ...}."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as fh:
        json.dump(job, fh)
    t0 = time.perf_counter()
    try:
        p = subprocess.run([sys.executable, __file__, "--worker", system, direction, fh.name],
                           capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {timeout} s"}
    finally:
        os.unlink(fh.name)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        return {"error": (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1]}
    res = json.loads(p.stdout.strip().splitlines()[-1])
    res["wall_s"] = wall
    return res


def retime_slowest(run, texts, lat, k=5, tries=3):
    """The slowest ``k`` sentences of a pass timed again, each ``tries`` times from cold memos
    (best kept, as for long inputs): a one-off stall of a shared host (another process, a
    garbage collection) makes a pass's max, not the sentence; the max of these bests is the
    cost of the dearest sentence itself.  -> {"max_ms", "text"}."""
    worst = (0.0, "")
    for i in sorted(range(len(lat)), key=lat.__getitem__)[-k:]:
        best = []
        for _ in range(tries):
            getattr(run, "reset", lambda: None)()
            t = time.perf_counter()
            run(texts[i])
            best.append(time.perf_counter() - t)
        worst = max(worst, (min(best), texts[i]))
    return {"max_ms": 1000 * worst[0], "text": worst[1]}


def lat_stats(lat, words):
    if not lat:
        return None
    s = sorted(lat)
    total = sum(lat)

    def q(p):
        return s[min(len(s) - 1, int(p * len(s)))]
    return {"n": len(lat), "sent_per_s": len(lat) / total, "words_per_s": words / total,
            "p50_ms": 1000 * q(0.50), "p99_ms": 1000 * q(0.99), "max_ms": 1000 * s[-1], "total_s": total}


def subset_stats(lat, texts, passes):
    """lat_stats of the ratio subset's first pass (latencies ``lat`` over ``texts``), with
    its throughput taken from the median of that pass and the repeated ``passes`` (seconds
    each): the subset is short (~0.1 s for normgram), so one pass is at the machine's mercy."""
    sub = lat_stats(lat, sum(len(t.split()) for t in texts))
    if sub is None:
        return None
    sub["passes_s"] = sorted([sum(lat)] + list(passes))
    median = sub["passes_s"][len(sub["passes_s"]) // 2]
    sub["words_per_s"] *= sub["total_s"] / median
    sub["sent_per_s"] = len(lat) / median
    return sub


def interleaved_passes(systems, direction, subsets, repeats, warmup=()):
    """-> {system: {set: [seconds per pass]}}: ``repeats`` more passes of every system over
    the ratio subsets, each in a fresh process that first reads ``warmup`` (other
    sentences, untimed; then normgram's memos are cleared), so it is timed in its steady
    state on sentences it has not seen; the systems take turns pass by pass (the order
    turning round each time), so a drift of the host's speed hits all of them alike."""
    out = {s: {k: [] for k in subsets} for s in systems}
    for i in range(repeats):
        for system in (systems if i % 2 else systems[::-1]):
            print(f"[bench] {direction} {system} ratio pass {i + 2} ...", file=sys.stderr, flush=True)
            res = spawn(system, direction, {"sets": subsets, "warmup": list(warmup)})
            for name, lat in res.get("sets", {}).items():
                out[system][name].append(sum(lat))
    return out


def interpreter_start():
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - t0


def bench(args):
    systems = [s for s in SYSTEMS if s == "normgram" or (not args.no_peers and available(s))]
    skipped = [s for s in SYSTEMS if s not in systems]
    rep = {"machine": machine(), "systems": systems, "skipped": skipped, "directions": {},
           "interpreter_start_s": interpreter_start(), "peer_limit": args.peer_limit}
    # a warm grammar cache first: the measured workers load it (a worker that compiled would
    # report the compile's memory as its peak RSS; compile is measured apart, below)
    for direction in DIRECTIONS:
        spawn("normgram", direction, {})
    for direction in DIRECTIONS:
        sets = dev_inputs(args.data, direction, args.limit)
        pool = [t for texts in sets.values() for t in texts]
        longs = long_inputs(pool, args.sizes)
        peer_sizes = [z for z in args.sizes if z <= args.peer_max_words]
        peer_longs = long_inputs(pool, peer_sizes) if peer_sizes else {}
        d = rep["directions"][direction] = {}
        for system in systems:
            peer = system != "normgram"
            job = {"sets": {k: v[: args.peer_limit or None] if peer else v for k, v in sets.items()},
                   "long": peer_longs if peer else longs}
            print(f"[bench] {direction} {system} ...", file=sys.stderr, flush=True)
            res = spawn(system, direction, job)
            if "error" in res:
                d[system] = {"error": res["error"]}
                continue
            cold = spawn(system, direction, {})       # warm cache now: import + load + one call
            r = d[system] = {"sets": {}, "subset": {}, "long_s": res["long"], "rss_mb": res["rss_mb"],
                             "cold_start_s": cold.get("ready_s"), "cold_wall_s": cold.get("wall_s"),
                             "cold_rss_mb": cold.get("rss_mb"), "failed": res.get("failed", {})}
            r["first_pass"] = {}
            for name, lat in res["sets"].items():
                texts = job["sets"][name]
                r["sets"][name] = lat_stats(lat, sum(len(t.split()) for t in texts))
                r["sets"][name]["max_retimed"] = res.get("retimed", {}).get(name)
                r["first_pass"][name] = lat[:min(len(lat), args.peer_limit or len(lat))]
            per_word = {k: v / sum(len(t.split()) for t in job["long"][k]) for k, v in res["long"].items()}
            r["long_per_word_us"] = {k: 1e6 * v for k, v in per_word.items()}
            lo, hi = str(min(args.sizes)), str(max(args.sizes))
            r["linearity"] = per_word[hi] / per_word[lo] if lo in per_word and hi in per_word else None
        subsets = {k: v[: args.peer_limit or None] for k, v in sets.items()}
        warmup = [t for v in sets.values() for t in v[args.peer_limit:args.peer_limit + 100]] if args.peer_limit else []
        ran = [s for s in systems if "error" not in d[s]]
        extra = interleaved_passes(ran, direction, subsets, args.repeats - 1, warmup)
        for system in ran:
            r = d[system]
            r["subset"] = {name: subset_stats(lat, subsets[name][:len(lat)], extra[system][name])
                           for name, lat in r.pop("first_pass").items()}
    if not args.no_compile:
        # each direction is compiled on first use, into its own cache entry: ITN in an empty
        # cache, then TN beside it; the locale's compile from scratch is their sum
        with tempfile.TemporaryDirectory(prefix="normgram-bench-cache-") as tmp:
            res = {d: spawn("normgram", d, {}, env={**os.environ, "NORMGRAM_CACHE": tmp}) for d in ("itn", "tn")}
        secs = [r.get("ready_s") for r in res.values()]
        rep["compile"] = {"seconds": sum(secs) if None not in secs else None,
                          "by_direction": {d: r.get("ready_s") for d, r in res.items()},
                          "rss_mb": max((r.get("rss_mb") or 0) for r in res.values()) or None,
                          "error": "; ".join(r["error"] for r in res.values() if r.get("error")) or None}
    return rep


def _f(x, fmt="{:.1f}"):
    return "-" if x is None else fmt.format(x)


def table(rep):
    m = rep["machine"]
    lines = [f"machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}, pynini {m['pynini']}, "
             f"{m['os']}, normgram {m['commit']}, load average {m['loadavg']} (shared machine: figures are noisy)",
             f"interpreter start alone: {rep['interpreter_start_s']:.3f} s"]
    if rep["skipped"]:
        lines.append(f"skipped (not importable here; pip install '.[bench-peers]'): {', '.join(rep['skipped'])}")
    lines.append("")
    lines.append(f"{'dir':4s}{'system':10s}{'set':10s}{'sent':>6s}{'sent/s':>10s}{'words/s':>10s}"
                 f"{'p50 ms':>9s}{'p99 ms':>9s}{'max ms':>9s}{'retimed':>9s}")
    for direction, systems in rep["directions"].items():
        for system, r in systems.items():
            if "error" in r:
                lines.append(f"{direction:4s}{system:10s}error: {r['error']}")
                continue
            for name, s in r["sets"].items():
                lines.append(f"{direction:4s}{system:10s}{name:10s}{s['n']:6d}{s['sent_per_s']:10.0f}"
                             f"{s['words_per_s']:10.0f}{s['p50_ms']:9.3f}{s['p99_ms']:9.3f}{s['max_ms']:9.2f}"
                             f"{(s.get('max_retimed') or {}).get('max_ms', float('nan')):9.2f}")
    lines.append("")
    lines.append(f"{'dir':4s}{'system':10s}{'cold start s':>13s}{'peak RSS MB':>12s}  per-word time (us) at "
                 + ", ".join(str(k) for k in rep.get('sizes', [])) + " words; ratio largest/smallest")
    for direction, systems in rep["directions"].items():
        for system, r in systems.items():
            if "error" in r:
                continue
            pw = ", ".join(f"{k}: {v:.1f}" for k, v in r["long_per_word_us"].items())
            lines.append(f"{direction:4s}{system:10s}{_f(r['cold_start_s'], '{:.3f}'):>13s}"
                         f"{_f(r['rss_mb']):>12s}  {pw}; ratio {_f(r['linearity'], '{:.2f}')}")
    for direction, systems in rep["directions"].items():
        for system, r in systems.items():
            for err, n in r.get("failed", {}).items():
                lines.append(f"{direction} {system}: {n} calls raised {err} (timed, output lost)")
    peers = [s for s in rep["systems"] if s != "normgram"]
    if peers:
        lines.append("")
        lines.append(f"ratios normgram / peer on the same first {rep['peer_limit'] or 'all'} sentences (sentences/s):")
        for direction, systems in rep["directions"].items():
            ng = systems.get("normgram", {})
            for peer in peers:
                p = systems.get(peer, {})
                if "error" in p or "error" in ng:
                    lines.append(f"  {direction} vs {peer}: error ({p.get('error') or ng.get('error')})")
                    continue
                for name, s in p["subset"].items():
                    mine = ng["subset"].get(name)
                    # same sentences: the ratio of pass times; worst = our slowest vs their fastest pass
                    lo, hi = s["passes_s"][0] / mine["passes_s"][-1], s["passes_s"][-1] / mine["passes_s"][0]
                    lines.append(f"  {direction} {name} vs {peer}: {mine['sent_per_s']:.0f} / {s['sent_per_s']:.1f} = "
                                 f"{mine['sent_per_s'] / s['sent_per_s']:.1f}x (median of {len(mine['passes_s'])} passes; "
                                 f"worst/best pairing {lo:.1f}-{hi:.1f}x); cold start "
                                 f"{_f(ng['cold_start_s'], '{:.2f}')} s vs {_f(p['cold_start_s'], '{:.2f}')} s")
    if "compile" in rep:
        c = rep["compile"]
        lines.append("")
        by = c.get("by_direction") or {}
        lines.append(f"normgram compile from scratch (empty cache, fresh process per direction): {_f(c['seconds'], '{:.1f}')} s "
                     f"(ITN {_f(by.get('itn'), '{:.1f}')} s + TN {_f(by.get('tn'), '{:.1f}')} s), "
                     f"peak RSS {_f(c['rss_mb'])} MB" + (f" error: {c['error']}" if c.get("error") else ""))
    return lines


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        worker(*argv[1:4])
        return 0
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", nargs="?", default=str(DEFAULT_DATA), help="folder with GoogleTN.dev.jsonl, LibriTTS.dev.jsonl")
    ap.add_argument("--limit", type=int, default=0, help="sentences per dev set (0: all)")
    ap.add_argument("--peer-limit", type=int, default=500, help="sentences per dev set for peers (0: all)")
    ap.add_argument("--peer-max-words", type=int, default=1000, help="longest synthetic input given to peers")
    ap.add_argument("--sizes", type=lambda s: [int(x) for x in s.split(",")], default=list(SIZES),
                    help="synthetic input sizes in words, comma-separated")
    ap.add_argument("--repeats", type=int, default=5,
                    help="passes over the ratio subset per system; the median pass gives the ratio (odd: a true median)")
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--no-compile", action="store_true", help="skip the compile-from-scratch run")
    ap.add_argument("--json", metavar="FILE", help="also write the full report here")
    args = ap.parse_args(argv)
    rep = bench(args)
    rep["sizes"] = args.sizes
    print("\n".join(table(rep)))
    if args.json:
        Path(args.json).write_text(json.dumps(rep, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
