"""Per-locale, per-class ITN accuracy side by side: normgram, text2num, NeMo.

    python tools/compare_locales.py                      # de es fr it ru, every class
    python tools/compare_locales.py -l de fr --show 10   # list failures of normgram
    python tools/compare_locales.py --no-nemo --data tests/data
    python tools/compare_locales.py -l en --set itn_conversational.tsv   # the second English set
    python tools/compare_locales.py --data data/blind --set itn.tsv      # the blind sets (issue 26)
    python tools/compare_locales.py --data data/blind --set tn.tsv --task tn
    python tools/compare_locales.py --data data/blind --set itn_sentences.tsv --no-nemo \
        --record first_measured_sentences.json --sets-commit HASH   # whole sentences, kept per locale

Test sets: tests/data/<tag>/itn_classes.tsv, lines "class <TAB> spoken <TAB> written",
spoken in ASR style (lower case, no punctuation), written what a writer writes; " | "
separates other accepted written forms (disputed conventions).  Hand-written, see
tests/data/README.md.

TN sets (--task tn, data/blind/<tag>/tn.tsv): "class <TAB> written <TAB> spoken", " | " between
accepted spoken forms; scored exact (whitespace collapsed) and lenient (lower case, "ё" as "е",
every non-word character and every space removed, so "zwei tausend", "zweitausend" and
"vingt-et-un", "vingt et un" are one form); no "num" column.

Systems (every one gets the same input line):
  normgram   normgram.Normalizer(tag).itn
  text2num   text_to_num.alpha2digit(line, lang) (numbers only: fr es de it, not ru;
             scored on the number-bearing classes only, i.e. every class here)
  nemo       NeMo inverse text normalization (de es fr ru), run in the venv that holds
             nemo_text_processing (--peers-python) as one batched subprocess per locale;
             for --task tn NeMo text normalization (de es fr it ru, input_case "cased")

Scores per class (fraction of lines):
  exact    output equals one of the accepted written forms (a no-break space equals
           a space: "50\u00a0%" is "50 %")
  lenient  equal after: lower case; every space (incl. no-break) removed; "." "," "'"
           and spaces between digits that group thousands (1.000, 1 000, 1'000)
           removed; decimal "." and "," identified; ordinal indicators unified (fr
           e/ème/ᵉ/er/ère, es/it º/ª/.º/.ª/°/o/a after digits, ru "-й/-го/-я/..." after
           digits); "-" and "–" removed; final "." dropped
  num      the sequence of numbers (digit runs after the lenient rules) is the same:
           a numbers-only view, fair to text2num, which writes no symbols or units
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LOCALES = ("de", "en", "es", "fr", "it", "ru")
TEXT2NUM = {"de", "en", "es", "fr", "it"}
NEMO = {"de", "en", "es", "fr", "ru"}
NEMO_TN = {"de", "en", "es", "fr", "it", "ru"}
TASKS = ("itn", "tn")
PEERS_PYTHON = os.environ.get("NORMGRAM_PEERS_PYTHON", "/tmp/peers/bin/python")
NEMO_CACHE = Path(os.environ.get("NORMGRAM_NEMO_CACHE", Path(tempfile.gettempdir()) / "normgram-compare-nemo"))


def load_set(path):
    """[(class, spoken, [written, ...])] from a class-set TSV file, as ``normgram eval`` reads
    it (normgram.eval.evaluate.load_rows: " | " between written forms, a bad line an error)."""
    from normgram.eval.evaluate import load_rows
    return [(r["cls"], r["spoken"], r["written"]) for r in load_rows(path, "tsv")]


_SPACES = re.compile(r"[\s\u00a0\u202f\u2009]+")
_THOUSANDS = re.compile(r"(?<=\d)[.,'\u00a0\u202f ](?=\d{3}(?!\d))")
_ORD = [
    (re.compile(r"(?<=\d)(?:ème|eme|ᵉ|e|ᵉʳ|er|ère|re)\b"), "°"),        # fr
    (re.compile(r"(?<=\d)\.?(?:º|ª|°|o|a|os|as)(?![^\W\d_])"), "°"),    # es it
    (re.compile(r"(?<=\d)-(?:[а-яё]{1,3})\b"), "°"),                     # ru
]


def lenient(s):
    s = unicodedata.normalize("NFC", s).lower().strip()
    for pat, rep in _ORD:
        s = pat.sub(rep, s)
    prev = None
    while prev != s:
        prev, s = s, _THOUSANDS.sub("", s)
    s = re.sub(r"(?<=\d)[.,](?=\d)", ".", s)
    s = _SPACES.sub("", s)
    s = s.replace("-", "").replace("–", "").replace("−", "")
    return s.rstrip(".")


def numbers(s):
    return re.findall(r"\d+(?:\.\d+)?", lenient(s))


def _nbsp(s):
    return s.replace("\u00a0", " ").replace("\u202f", " ")


def lenient_tn(s):
    """Lenient spoken form: lower case, "ё" as "е", every non-word character and space removed."""
    s = unicodedata.normalize("NFC", s).lower().replace("ё", "е")
    return re.sub(r"[\W_]+", "", s)


def _collapse(s):
    return " ".join(_nbsp(s).split())


def score(out, refs, task="itn"):
    if task == "tn":
        return {"exact": _collapse(out) in {_collapse(r) for r in refs},
                "lenient": lenient_tn(out) in {lenient_tn(r) for r in refs}}
    return {
        "exact": _nbsp(out) in {_nbsp(r) for r in refs},
        "lenient": lenient(out) in {lenient(r) for r in refs},
        "num": numbers(out) in [numbers(r) for r in refs],
    }


def run_normgram(tag, lines, task="itn"):
    import normgram
    n = normgram.Normalizer(tag)
    fn = n.tn if task == "tn" else n.itn
    return [fn(s) for s in lines]


def run_text2num(tag, lines):
    from text_to_num import alpha2digit
    return [alpha2digit(s, tag) for s in lines]


def run_nemo(tag, lines, python=PEERS_PYTHON, task="itn"):
    NEMO_CACHE.mkdir(parents=True, exist_ok=True)
    cmd = [python, str(ROOT / "tools" / "_nemo_itn.py"), "--lang", tag, "--cache", str(NEMO_CACHE), "--task", task]
    res = subprocess.run(cmd, input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    out = res.stdout.split("\n")[: len(lines)]
    if len(out) != len(lines):
        raise RuntimeError(f"nemo {tag}: {len(out)} lines for {len(lines)}\n{res.stderr[-2000:]}")
    return out


def compare(tag, rows, systems, task="itn"):
    """{system: {class: {"n", "exact", "lenient"[, "num"]}}}, {system: outputs}; rows are
    (class, input, [accepted outputs]), input spoken for task "itn", written for "tn"."""
    lines = [src for _, src, _ in rows]
    keys = ("exact", "lenient") if task == "tn" else ("exact", "lenient", "num")
    outs, table = {}, {}
    for name, fn in systems.items():
        outs[name] = fn(tag, lines)
        t = defaultdict(lambda: dict.fromkeys(("n",) + keys, 0))
        for (cls, _, refs), out in zip(rows, outs[name]):
            for key in (cls, "ALL"):
                t[key]["n"] += 1
                for k, v in score(out, refs, task).items():
                    t[key][k] += v
        table[name] = dict(t)
    return table, outs


def systems_for(tag, use_t2n=True, use_nemo=True, python=PEERS_PYTHON, task="itn"):
    s = {"normgram": lambda t, lines: run_normgram(t, lines, task)}
    if use_t2n and tag in TEXT2NUM and task == "itn":
        if importlib.util.find_spec("text_to_num") is None:
            print("text2num skipped: not installed (pip install '.[compare]')", file=sys.stderr)
        else:
            s["text2num"] = run_text2num
    if use_nemo and tag in (NEMO_TN if task == "tn" else NEMO) and Path(python).exists():
        s["nemo"] = lambda t, lines: run_nemo(t, lines, python, task)
    return s


def format_table(tag, table):
    names = list(table)
    classes = [c for c in table[names[0]] if c != "ALL"] + ["ALL"]
    keys = [k for k in ("exact", "lenient", "num") if k in table[names[0]]["ALL"]]
    width = 6 + 7 * (len(keys) - 1)
    head = f"{tag:<3} {'class':<10} {'n':>3}  " + "  ".join(f"{n:^{width}}" for n in names)
    sub = " " * 19 + "  ".join(f"{'exact':>6}" + "".join(f"{k[:3]:>7}" for k in keys[1:]) for _ in names)
    out = [head, sub]
    for c in classes:
        cells = []
        for n in names:
            r = table[n].get(c)
            cells.append(f"{r['exact'] / r['n']:6.2f}" + "".join(f"{r[k] / r['n']:7.2f}" for k in keys[1:]))
        out.append(f"{'':<3} {c:<10} {table[names[0]][c]['n']:>3}  " + "  ".join(cells))
    return "\n".join(out)


def _versions():
    from importlib.metadata import PackageNotFoundError, version
    out = {}
    for dist in ("text2num", "nemo_text_processing"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:         # not installed here: not a system of this run
            pass
    return out


def record(path, task, table, sets_commit=""):
    """Merge ``table`` into the first-measured JSON at ``path`` under ``task``; a task already
    recorded stays as first measured (the later run is printed, not written)."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    if task in data:
        print(f"{path}: {task} already recorded ({data.get('measured')}), kept", file=sys.stderr)
        return
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    import datetime
    data.setdefault("measured", datetime.date.today().isoformat())
    data.setdefault("normgram_commit", commit)
    data.setdefault("sets_commit", sets_commit)
    data.setdefault("systems", _versions())
    data[task] = table
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-l", "--locales", nargs="*", default=list(LOCALES))
    ap.add_argument("--data", default=str(ROOT / "tests" / "data"))
    ap.add_argument("--set", default="itn_classes.tsv", help="file name of the set in each locale folder")
    ap.add_argument("--task", choices=TASKS, default="itn", help="itn: spoken -> written; tn: written -> spoken")
    ap.add_argument("--no-text2num", action="store_true")
    ap.add_argument("--no-nemo", action="store_true")
    ap.add_argument("--peers-python", default=PEERS_PYTHON)
    ap.add_argument("--show", type=int, default=0, help="print N normgram lenient failures per locale")
    ap.add_argument("--show-system", default="normgram")
    ap.add_argument("--json", help="write the tables here")
    ap.add_argument("--outputs", help="write every system's output per line here (JSON)")
    ap.add_argument("--record", metavar="NAME",
                    help="merge this run's tables into <data>/<tag>/NAME under the task's key, with the date, "
                         "normgram's commit and --sets-commit (a first-measured record; an existing task key "
                         "is kept, never overwritten)")
    ap.add_argument("--sets-commit", default="", help="the commit that added the sets (for --record)")
    a = ap.parse_args(argv)
    alltables, allouts = {}, {}
    for tag in a.locales:
        path = Path(a.data) / tag / a.set
        if not path.exists():
            print(f"{tag}: no {path}", file=sys.stderr)
            continue
        rows = load_set(path)
        systems = systems_for(tag, not a.no_text2num, not a.no_nemo, a.peers_python, a.task)
        table, outs = compare(tag, rows, systems, a.task)
        alltables[tag] = table
        allouts[tag] = [{"class": c, "input": s, "refs": r, **{n: o[i] for n, o in outs.items()}}
                        for i, (c, s, r) in enumerate(rows)]
        print(format_table(tag, table))
        if a.record:
            record(Path(a.data) / tag / a.record, a.task, table, a.sets_commit)
        if a.show and a.show_system in outs:
            bad = [(c, s, r, o) for (c, s, r), o in zip(rows, outs[a.show_system]) if not score(o, r, a.task)["lenient"]]
            for c, s, r, o in bad[: a.show]:
                print(f"  [{c}] {s}\n      want {r[0]}\n      got  {o}")
        print()
    if a.json:
        Path(a.json).write_text(json.dumps(alltables, indent=1, ensure_ascii=False), encoding="utf-8")
    if a.outputs:
        Path(a.outputs).write_text(json.dumps(allouts, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
