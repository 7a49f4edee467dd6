"""Write (or check) locales/en/acronyms.yaml, the acronyms ITN takes as evidence, from word lists.

    python tools/acronyms.py            # rewrite the file (the hand-kept ``added`` list stays)
    python tools/acronyms.py --check    # exit 1 when the file differs from its sources

Letters said one by one ("t v", "a p", "r and b") are joined into an acronym in lower-case
text only when the acronym is known (normgram/style/spelled.py); capitals joined by "and"
are written with "&" only as a known name ("R and D" -> "R&D"; "K and N" stays).  The known
ones come from:

two_letters  every entry of two capital letters in SCOWL's English lists up to size SIZE
             (abbreviations, proper names, words; Debian `scowl`, /usr/share/dict/scowl/
             english-*.NN; copyright Kevin Atkinson and others, permission to use, copy,
             modify, distribute and sell).  Size 50 is the standard dictionary (wamerican);
             size 60 adds pairs that lower-case prose says as letters ("d i cache": DI).
ampersand    names of single capitals joined by "&" that the grammar can read (at most two
             letters a side, one side a single letter): WordNet 3.0 noun lemmas "R_and_B"
             (Debian `wordnet-base`, /usr/share/wordnet/data.noun; WordNet 3.0 licence,
             Princeton University) and the quoted written forms of V.E.R.A., the dictionary
             of computer acronyms ("AT&T", "Q&A", "R&D"; Debian `vera`,
             /usr/share/info/vera.info.gz; GNU FDL 1.1 or later).
written      strings of 3 to 5 letters that English text writes as a word of their own: the
             capitals of 3 to 5 letters of the three sources above (SCOWL up to size
             WRITTEN_SIZE, WordNet noun lemmas, V.E.R.A. entries) and every such string of
             wordfreq's English list at Zipf frequency WRITTEN_ZIPF or more (about once in ten
             million words; PyPI `wordfreq`: code Apache-2.0, data CC BY-SA 4.0), words
             included: an acronym may be one ("ARR", "CAT"), and a word spelled out joins as before.  In lower-case text without
             marks a run of that many spelled letters is an acronym only when it spells one
             ("n a s a", "a t m"); "c x o", "a c z" are keys or letters said one by one.
added        names a maintainer or user adds by hand; the builder keeps them as they are.
removed      names of the sources that prose says as letters more often than as the name
             (V.E.R.A.'s jargon "P&R": "the suffixes p and r"); kept by hand like ``added``.

apt-get install scowl wordnet-base vera; pip install wordfreq   # the sources
"""
import argparse
import gzip
import importlib.util
import re
import sys
from pathlib import Path

import yaml
from _generated import write_or_check  # tools/ is on the path: run as a script, or imported by the tests

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "locales" / "en" / "acronyms.yaml"
SCOWL = Path("/usr/share/dict/scowl")
SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
SIZE = 50
SCOWL_KINDS = ("abbreviations", "proper-names", "words", "upper")
WORDNET = Path("/usr/share/wordnet/data.noun")
VERA = Path("/usr/share/info/vera.info.gz")

_PAIR = re.compile(r"[A-Z]{2}")
_RUN = re.compile(r"[A-Z]{3,5}")
WRITTEN_SIZE = 70
WRITTEN_ZIPF = 2.0
_AMP = re.compile(r"[A-Z]{1,2}&[A-Z]{1,2}")


def scowl_entries(pattern, folder=SCOWL, size=SIZE):
    """The entries of SCOWL's English lists of size ``size`` and below that ``pattern`` matches whole."""
    out = set()
    for kind in SCOWL_KINDS:
        for n in SIZES:
            path = folder / f"english-{kind}.{n}"
            if n <= size and path.is_file():
                out.update(w for w in path.read_text(encoding="latin-1").split() if pattern.fullmatch(w))
    return out


def scowl_pairs(folder=SCOWL, size=SIZE):
    """The two-capital entries of SCOWL's English lists of size ``size`` and below, sorted."""
    return sorted(scowl_entries(_PAIR, folder, size))


def scowl_runs(folder=SCOWL, size=WRITTEN_SIZE):
    """Runs of 3 to 5 capitals of SCOWL's lists of size ``size`` and below ("NASA")."""
    return scowl_entries(_RUN, folder, size)


def wordnet_runs(path=WORDNET):
    """Noun lemmas of 3 to 5 capitals ("NASA")."""
    out = set()
    for line in path.read_text(encoding="latin-1").splitlines():
        if line[:1].isdigit():  # offset lex_filenum ss_type w_cnt (word lex_id)* ...
            parts = line.split()
            out.update(w for w in parts[4:4 + 2 * int(parts[3], 16):2] if _RUN.fullmatch(w))
    return out


def vera_runs(path=VERA):
    """V.E.R.A.'s entries of 3 to 5 capitals (each entry's name on a line of its own)."""
    with gzip.open(path, "rt", encoding="latin-1") as fh:
        return set(re.findall(r"^([A-Z]{3,5})$", fh.read(), re.M))


def frequent_runs(zipf=WRITTEN_ZIPF):
    """Strings of 3 to 5 letters of wordfreq's English list at ``zipf`` or more, in capitals."""
    import wordfreq
    out = set()
    for w in wordfreq.iter_wordlist("en"):
        if wordfreq.zipf_frequency(w, "en") < zipf:
            break
        if re.fullmatch(r"[a-z]{3,5}", w):
            out.add(w.upper())
    return out


def written_runs():
    """The ``written`` list: runs of 3 to 5 capitals English text writes, sorted."""
    return sorted(scowl_runs() | wordnet_runs() | vera_runs() | frequent_runs())


def readable(name):
    """Can the letters grammar read this "&" name (at most two letters a side, one a single)?"""
    a, _, b = name.partition("&")
    return bool(_AMP.fullmatch(name)) and min(len(a), len(b)) == 1


def wordnet_ampersand(path=WORDNET):
    """Noun lemmas of capitals joined by "_and_" ("R_and_B" -> "R&B")."""
    found = re.findall(r"(?<= )([A-Z]{1,2})_and_([A-Z]{1,2})(?= )", path.read_text(encoding="latin-1"))
    return sorted({f"{a}&{b}" for a, b in found if readable(f"{a}&{b}")})


def vera_ampersand(path=VERA):
    """Quoted written forms of V.E.R.A.'s entries made of capitals and "&" ("AT&T", "CT & E")."""
    with gzip.open(path, "rt", encoding="latin-1") as fh:
        text = fh.read()
    quoted = (q.replace(" ", "") for q in re.findall(r'"([A-Z]{1,2} ?& ?[A-Z]{1,2})"', text))
    return sorted({q for q in quoted if readable(q)})


def render(pairs, amp, added, size=SIZE, removed=(), written=()):
    head = ("# Acronyms that ITN takes as evidence: letters said one by one join in lower-case text only\n"
            "# when they spell one of these (\"t v\" -> \"TV\", \"a p\" -> \"AP\"; \"press c u\" stays), and\n"
            "# capitals joined by \"and\" (or letters so joined in lower-case text) are written with \"&\"\n"
            "# only for one of these names (\"R and B\" -> \"R&B\"; \"K and N\" stays).\n"
            "# normgram/style/spelled.py; itn_rules/en/letters.yaml ``evidence``.\n"
            "# Written by tools/acronyms.py (--check compares); edit ``added`` by hand, the builder keeps it.\n"
            f"# two_letters: every entry of two capitals in SCOWL 2020.12.07's English lists up to size\n"
            f"#   {size} (Debian scowl; {size} is the standard dictionary's size); copyright 2000-2011 Kevin\n"
            "#   Atkinson and others, permission to use, copy, modify, distribute and sell.\n"
            "# ampersand: WordNet 3.0 noun lemmas \"R_and_B\" (Debian wordnet-base; WordNet 3.0 licence,\n"
            "#   copyright 2006 Princeton University) and the quoted written forms of V.E.R.A. 1.24\n"
            "#   (Debian vera; GNU Free Documentation License 1.1 or later).\n"
            "# written: runs of 3 to 5 capitals of those sources (SCOWL up to size "
            f"{WRITTEN_SIZE}) and strings of 3 to 5\n"
            f"#   letters of wordfreq's English list at Zipf {WRITTEN_ZIPF} or more, words included\n"
            "#   (PyPI wordfreq; data CC BY-SA 4.0): in lower-case text a run of that many spelled letters\n"
            "#   is an acronym only when it spells one of these (\"a t m\"; \"c x o\" stays).\n")
    def quoted(ws):  # quoted: YAML reads a bare ON, NO, OR as booleans; lines of at most 100
        lines, line = [], ""
        for w in ws:
            if line and len(line) + len(w) > 92:
                lines.append(line.rstrip())
                line = ""
            line += f'"{w}", '
        lines.append(line.rstrip(", "))
        return "[" + "\n  ".join(lines) + "]\n"
    return (head + "two_letters: " + quoted(pairs) + "ampersand: " + quoted(amp)
            + "# added by hand: names the sources above do not hold\n" + "added: " + quoted(added)
            + "# removed by hand: names of the sources that prose says as letters (\"the suffixes p and r\")\n"
            + "removed: " + quoted(removed)
            + "written: " + quoted(written))


def current_added(path=OUT, key="added"):
    """A hand-kept list (``added``, ``removed``) of the file as it is now."""
    if not path.is_file():
        return []
    return list((yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get(key) or [])


def build(size=SIZE):
    """The file's text from the installed sources and the ``added`` list it holds now."""
    amp = sorted(set(wordnet_ampersand()) | set(vera_ampersand()))
    return render(scowl_pairs(size=size), amp, current_added(), size, current_added(key="removed"),
                  written_runs())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare the file with its sources; exit 1 on a difference")
    ap.add_argument("--size", type=int, default=SIZE, choices=SIZES, help="largest SCOWL size taken")
    a = ap.parse_args(argv)
    missing = [str(p) for p in (SCOWL, WORDNET, VERA) if not p.exists()]
    if importlib.util.find_spec("wordfreq") is None:
        missing.append("wordfreq")
    if missing:
        print(f"acronyms: source missing: {', '.join(missing)} (apt-get install scowl wordnet-base vera;"
              " pip install wordfreq)", file=sys.stderr)
        return 2
    text = build(a.size)
    return write_or_check(OUT, text, a.check, ROOT)


if __name__ == "__main__":
    sys.exit(main())
