"""Score normgram on the blind English sets, with the ranker on and off.

    python data/blind/score.py                       # every set, ranker on and off
    python data/blind/score.py --show 20             # also list failures (ranker on)
    python data/blind/score.py --out DIR             # write each output line to DIR/<set>.<ranker>.tsv
    python data/blind/score.py --itn itn_context2 --no-tn   # other ITN sets of en/, without the TN set

Sets (data/blind/en):
  itn_asr.tsv            class<TAB>spoken<TAB>written, " | " between accepted written forms
  itn_asr_ambiguous.tsv  the same, lines whose reading depends on context without a cue word
  itn_context2.tsv       the same kinds of context, a second set written later (--itn itn_context2)
  itn_context3.tsv       a third such set, with market levels after "at" (--itn itn_context3)
  itn_context4.tsv       everyday speech of many domains, every class mixed (--itn itn_context4)
  tn_unsaid.tsv          written<TAB>spoken, " | " between accepted spoken forms

Scores:
  ITN  exact and lenient as tools/compare_locales.py (`score`: lenient lowercases, drops spaces,
       hyphens, thousands separators and a final "."), per class and overall; the two ITN sets
       are also reported together ("itn_all").
  TN   exact (whitespace collapsed) and lenient as the reference scorer's lenient TN
       (normgram.eval.metrics.lenient_tn: lowercase, punctuation removed); plus the share of outputs
       that still hold an ASCII digit, and one of the symbols % $ € £ ¥ # @ & + = < > / ~ ^ _ | * °.
"""
import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from compare_locales import load_set, score as itn_score  # noqa: E402

HERE = Path(__file__).resolve().parent / "en"
ITN_SETS = ("itn_asr", "itn_asr_ambiguous")
TN_SET = "tn_unsaid"
UNSAID = set("%$€£¥#@&+=<>/~^_|*°")


def load_tn(path):
    """[(written, [spoken, ...])] from a written<TAB>spoken file; '#' lines and blank lines skipped."""
    rows = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.rstrip("\r\n").split("\t")
            if len(cols) != 2:
                raise ValueError(f"{path}:{n}: want 2 tab-separated fields (written, spoken), got {len(cols)}")
            rows.append((cols[0], [s.strip() for s in cols[1].split(" | ")]))
    return rows


def tn_score(out, refs):
    from normgram.eval.metrics import lenient_tn
    return {
        "exact": " ".join(out.split()) in {" ".join(r.split()) for r in refs},
        "lenient": lenient_tn(out) in {lenient_tn(r) for r in refs},
        "digit": any(c.isascii() and c.isdigit() for c in out),
        "symbol": any(c in UNSAID for c in out),
    }


def table(labels, scores):
    t = defaultdict(lambda: defaultdict(int))
    for label, sc in zip(labels, scores):
        for key in {label, "ALL"}:
            t[key]["n"] += 1
            for k, v in sc.items():
                t[key][k] += v
    return t


def fmt(name, t, keys):
    lines = []
    for cls in sorted(t, key=lambda c: (c == "ALL", c)):
        row = t[cls]
        figs = "  ".join(f"{k} {row[k] / row['n']:.3f}" for k in keys)
        lines.append(f"{name:18s} {cls:11s} n={row['n']:4d}  {figs}  ({row['lenient']}/{row['n']} lenient)")
    return lines


def run(ranker, show, out_dir, itn_sets=ITN_SETS, tn=True):
    import normgram
    norm = normgram.Normalizer("en") if ranker else normgram.Normalizer("en", ranker=False)
    tag = "ranker" if ranker else "no-ranker"
    report, fails = [], []
    all_labels, all_scores = [], []
    for name in itn_sets:
        rows = load_set(HERE / f"{name}.tsv")
        outs = [norm.itn(spoken) for _, spoken, _ in rows]
        scores = [itn_score(o, refs) for o, (_, _, refs) in zip(outs, rows)]
        labels = [cls for cls, _, _ in rows]
        report += fmt(f"{name} [{tag}]", table(labels, scores), ("exact", "lenient"))
        all_labels += ["ALL"] * len(rows)
        all_scores += scores
        fails += [(name, s, refs, o) for (_, s, refs), o, sc in zip(rows, outs, scores) if not sc["lenient"]]
        if out_dir:
            write(out_dir / f"{name}.{tag}.tsv", [(s, o, sc["lenient"]) for (_, s, _), o, sc in zip(rows, outs, scores)])
    t = table(all_labels, all_scores)
    report.append(fmt(f"itn_all [{tag}]", {"ALL": t["ALL"]}, ("exact", "lenient"))[0])
    if not tn:
        return report + [f"FAIL {n}\n  in   {s}\n  want {' | '.join(r)}\n  got  {o}" for n, s, r, o in fails[:show]]
    rows = load_tn(HERE / f"{TN_SET}.tsv")
    outs = [norm.tn(w) for w, _ in rows]
    scores = [tn_score(o, refs) for o, (_, refs) in zip(outs, rows)]
    report += fmt(f"{TN_SET} [{tag}]", {"ALL": table(["ALL"] * len(rows), scores)["ALL"]},
                  ("exact", "lenient", "digit", "symbol"))
    fails += [(TN_SET, w, refs, o) for (w, refs), o, sc in zip(rows, outs, scores) if not sc["lenient"]]
    if out_dir:
        write(out_dir / f"{TN_SET}.{tag}.tsv", [(w, o, sc["lenient"]) for (w, _), o, sc in zip(rows, outs, scores)])
    for name, src, refs, out in fails[:show]:
        report.append(f"FAIL {name}\n  in   {src}\n  want {' | '.join(refs)}\n  got  {out}")
    return report


def write(path, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("# input<TAB>output<TAB>lenient match\n")
        for src, out, ok in rows:
            fh.write(f"{src}\t{out}\t{int(ok)}\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--show", type=int, default=0, help="list K failures with the ranker on")
    ap.add_argument("--out", type=Path, default=None, help="folder for the output of every line")
    ap.add_argument("--ranker", choices=("on", "off", "both"), default="both")
    ap.add_argument("--itn", default=",".join(ITN_SETS), help="comma-separated ITN sets of en/ (default: %(default)s)")
    ap.add_argument("--no-tn", action="store_true", help=f"leave out the TN set {TN_SET}")
    a = ap.parse_args(argv)
    for ranker in {"on": (True,), "off": (False,), "both": (True, False)}[a.ranker]:
        print("\n".join(run(ranker, a.show if ranker else 0, a.out, tuple(a.itn.split(",")), not a.no_tn)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
