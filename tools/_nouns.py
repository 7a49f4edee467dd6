"""The noun lexicons of the governed-case rule (locales/<tag>/nouns.yaml): one writer and one
command line for the tools that make them from a language's morphology source (de_nouns.py,
ru_nouns.py, apertium_nouns.py)."""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def write(lex, path, header, cases):
    """``lex``: {lemma: (gender, singular forms, plural forms)} in the order of ``cases``."""
    lines = [header, f"cases: [{', '.join(cases)}]\n", "nouns:\n"]
    lines += [f"  {lemma}: [{g}, {sg}, {pl}]\n" for lemma, (g, sg, pl) in lex.items()]
    Path(path).write_text("".join(lines), encoding="utf-8")


def main(argv, doc, tag, lexicon, header, cases, needs):
    """The tool's command line: ``lexicon(n)`` makes the ``n`` commonest nouns; ``needs``: the
    pip packages named when one is missing."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--lemmas", type=int, default=3000, help="how many nouns, commonest first")
    ap.add_argument("--out", default=str(ROOT / "locales" / tag / "nouns.yaml"))
    args = ap.parse_args(argv)
    try:
        lex = lexicon(args.lemmas)
    except ImportError as e:
        print(f"{tag}_nouns: {e}; pip install {needs}", file=sys.stderr)
        return 2
    write(lex, args.out, header, cases)
    print(f"{len(lex)} nouns -> {args.out}")
    return 0
