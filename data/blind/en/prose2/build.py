"""Build the second number-free prose corpus for the do-no-harm measure: WordNet's example sentences.

    python data/blind/en/prose2/build.py     # writes cased.txt, asr.txt and SOURCES.tsv here

Where data/blind/en/prose holds documentation and licence texts, this set holds general
English: the example sentences WordNet 3.0 quotes in its glosses ("he ran a mile in record
time"), from the Debian package wordnet-base (/usr/share/wordnet/data.{noun,verb,adj,adv};
WordNet 3.0 licence, copyright 2006 Princeton University: use, copy, modify and distribute
with the notice kept).  An example is kept when it holds no digit, has 5 to 45 words and passes
the first set's prose filter; the cased copy starts it with a capital and ends it with a full
stop when it has no mark of its own (WordNet writes its examples without them), and asr.txt
lowercases it and removes punctuation with the first set's own code.  Duplicates are kept once;
at most LIMIT examples, evenly spaced over all of them.
"""
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORDNET = Path("/usr/share/wordnet")
LIMIT = 10000
_spec = importlib.util.spec_from_file_location("blind_prose_build", HERE.parent / "prose" / "build.py")
first = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(first)


def examples():
    """WordNet's quoted examples, in file order."""
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (WORDNET / f"data.{pos}").read_text(encoding="latin-1").splitlines():
            if line[:1].isdigit() and " | " in line:
                yield from re.findall(r'"([^"]+)"', line.split(" | ", 1)[1])


def written(example):
    s = " ".join(example.split())
    s = s[:1].upper() + s[1:]
    return s if s[-1:] in ".!?" else s.rstrip(",;:") + "."


def main():
    seen, kept = set(), []
    for ex in examples():
        s = written(ex)
        if s not in seen and first.is_prose(s) and first.asr(s):
            seen.add(s)
            kept.append(s)
    step = max(1.0, len(kept) / LIMIT)
    rows = [kept[int(i * step)] for i in range(min(len(kept), LIMIT))]
    (HERE / "cased.txt").write_text("".join(s + "\n" for s in rows), encoding="utf-8")
    (HERE / "asr.txt").write_text("".join(first.asr(s) + "\n" for s in rows), encoding="utf-8")
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "wordnet-base"], capture_output=True,
                             text=True).stdout
    (HERE / "SOURCES.tsv").write_text(
        "package\tversion\tlicence\tsentences\n"
        f"wordnet-base\t{version}\tWordNet 3.0 licence (Princeton University; notice kept)\t{len(rows)}\n",
        encoding="utf-8")
    print(f"{len(rows)} of {len(kept)} examples", file=sys.stderr)


if __name__ == "__main__":
    main()
