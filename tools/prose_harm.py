"""Do no harm: the share of number-free prose lines that ITN changes, cased and as ASR writes it.

    python tools/prose_harm.py                          # both copies of data/blind/en/prose and prose2, ranker on
    python tools/prose_harm.py --no-ranker --show 20    # grammar weights alone; print 20 changed lines
    python tools/prose_harm.py --out /tmp/changed.tsv   # every changed line: copy, input, output, classes
    python tools/prose_harm.py --files my.txt --limit 500
    python tools/prose_harm.py --tune                   # the tuning prose (data/prose_tune), not the blind set
    python tools/prose_harm.py --dev                    # the dev sets' plain sentences (tuning too)

The blind corpora (data/blind/en/prose, built by its build.py from Debian manuals and licence
texts; data/blind/en/prose2, WordNet's example sentences, general English) hold sentences
without any digit, so ITN should leave every line as it is: any change is harm (a title, an
acronym, a number or an address invented in plain prose). A line counts as changed when ITN's
output differs from its input in any character. The figure per copy is changed lines / lines;
the issue's target is at most 0.2% for each copy. A second figure counts only the lines that
say no number either (no number word of the locale's numbers.yaml but "one", which prose uses
as a pronoun, nor its ordinal but "first" and "second"): a line that says "twenty years" holds a number, and ITN writing it "20 years" is
its job, not harm. The classes of the spans on changed lines are counted to show which grammar
does the harm.

Rules are made and checked on the tuning prose (data/prose_tune, built the same way from
other packages' manual pages, GNU info manuals and copyright files) and on the dev sets' plain
sentences (--dev: the written lines of data/eval/*.dev.jsonl with no digit whose spoken side is
the written side, so nothing in them is said otherwise); the blind set only measures them.
"""
import argparse
import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROSE = ROOT / "data" / "blind" / "en" / "prose"
PROSE2 = ROOT / "data" / "blind" / "en" / "prose2"
DEFAULT_FILES = (PROSE / "cased.txt", PROSE / "asr.txt", PROSE2 / "cased.txt", PROSE2 / "asr.txt")
TUNE = ROOT / "data" / "prose_tune"


def _asr():
    """The blind prose builder's lowercasing (one piece of code for every copy)."""
    spec = importlib.util.spec_from_file_location("blind_prose_build", PROSE / "build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.asr


def dev_plain():
    """{name: lines}: the dev sets' plain sentences, as written and as ASR writes them."""
    lines = []
    for path in sorted((ROOT / "data" / "eval").glob("*.dev.jsonl")):
        for row in (json.loads(l) for l in path.read_text(encoding="utf-8").splitlines() if l.strip()):
            text = row["text"]
            if text == row.get("gt_normalized") and not any(c.isdigit() for c in text):
                lines.append(text)
    asr = _asr()
    return {"dev-cased": lines, "dev-asr": [a for a in (asr(t) for t in lines)]}


def number_words(locale):
    """The locale's number words: numbers.yaml's zero, units but "one", teens, tens, hundred,
    scales, and their ordinals made by the ordinal grammar from ordinals.yaml ("sixteenth"; not
    "second", a unit of time too)."""
    import yaml
    folder = ROOT / "locales" / locale
    data = yaml.safe_load((folder / "numbers.yaml").read_text(encoding="utf-8"))
    out = set()
    for key in ("zero", "digits", "teens", "tens", "hundred", "scales"):
        vals = data.get(key) or {}
        for k, v in (vals.items() if isinstance(vals, dict) else [(0, vals)]):
            if key == "digits" and int(k) == 1:
                continue
            out.update(w.lower() for w in (v if isinstance(v, list) else [v]) if isinstance(w, str))
    ords = folder / "ordinals.yaml"
    rules = yaml.safe_load(ords.read_text(encoding="utf-8")) if ords.is_file() else {}
    if rules.get("suffix_rules"):  # the ordinal grammar's own rule (grammars/ordinal.py)
        from normgram.build.compile import grammar_modules
        ordinal_word = grammar_modules()["ordinal"].ordinal_word
        out |= {o for o in (ordinal_word(w, rules) for w in out) if o != "second"}
    return out


def says_number(line, words):
    """Does the line say a number in words ("twenty years", "two hundred lines")?"""
    return any(w.strip(".,;:!?()'\"").lower() in words for w in line.split())


def read_lines(path, limit=0):
    with open(path, encoding="utf-8") as fh:
        lines = [line.rstrip("\n") for line in fh]
    return lines[:limit] if limit else lines


def harm(norm, lines):
    """(changed, classes): [(line number, input, output, [span classes])] and a Counter of span classes."""
    changed, classes = [], Counter()
    for n, line in enumerate(lines, 1):
        res = norm.itn_result(line)
        if res.output != line:
            cls = [s.cls for s in res.spans]
            changed.append((n, line, res.output, cls))
            classes.update(cls)
    return changed, classes


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--files", nargs="+", type=Path, default=list(DEFAULT_FILES),
                    help="one sentence per line (default: the cased and the ASR copy of data/blind/en/prose)")
    ap.add_argument("--tune", action="store_true", help="the cased and ASR copy of the tuning prose (data/prose_tune)")
    ap.add_argument("--dev", action="store_true", help="the dev sets' plain sentences, cased and as ASR writes them")
    ap.add_argument("--locale", default="en")
    ap.add_argument("--no-ranker", action="store_true", help="grammar weights alone decide")
    ap.add_argument("--limit", type=int, default=0, help="first N lines of each file only")
    ap.add_argument("--show", type=int, default=0, help="print K changed lines of each file")
    ap.add_argument("--out", type=Path, default=None, help="write every changed line here (TSV)")
    a = ap.parse_args(argv)
    if a.tune:
        a.files = [TUNE / "cased.txt", TUNE / "asr.txt"]

    import normgram
    norm = normgram.Normalizer(a.locale, ranker=False) if a.no_ranker else normgram.Normalizer(a.locale)
    out = open(a.out, "w", encoding="utf-8") if a.out else None
    if out:
        out.write("file\tline\tinput\toutput\tclasses\n")
    sets = dev_plain() if a.dev else {}
    nwords = number_words(a.locale)
    for path in ([Path(n) for n in sets] if a.dev else a.files):
        try:
            lines = sets[str(path)][: a.limit or None] if a.dev else read_lines(path, a.limit)
        except OSError as e:
            print(f"prose_harm: cannot read {path}: {e.strerror}", file=sys.stderr)
            return 1
        changed, classes = harm(norm, lines)
        name = f"{path.parent.name}/{path.name}" if path.parent.name else path.name
        for n, src, hyp, cls in changed[: a.show]:
            print(f"{name}:{n}\n  in   {src}\n  out  {hyp}\n  by   {' '.join(cls)}")
        if out:
            for n, src, hyp, cls in changed:
                out.write(f"{name}\t{n}\t{src}\t{hyp}\t{' '.join(cls)}\n")
        share = len(changed) / max(1, len(lines))
        by = ", ".join(f"{c} {k}" for c, k in classes.most_common())
        free = [ln for ln in lines if not says_number(ln, nwords)]
        free_changed = [c for c in changed if not says_number(c[1], nwords)]
        print(f"{name}: changed {len(changed)}/{len(lines)} lines = {100 * share:.2f}%"
              f" ({'no ranker' if a.no_ranker else 'ranker'}; spans on changed lines: {by or 'none'});"
              f" lines without number words: {len(free_changed)}/{len(free)}"
              f" = {100 * len(free_changed) / max(1, len(free)):.2f}%", flush=True)
    if out:
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
