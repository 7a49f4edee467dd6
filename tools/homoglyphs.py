"""The look-alike letters of the Latin, Cyrillic and Greek scripts (locales/homoglyphs.yaml),
from Unicode's confusables (UTS #39, confusables.txt) as the confusable-homoglyphs package
ships them.

    python tools/homoglyphs.py            # write locales/homoglyphs.yaml
    python tools/homoglyphs.py --check    # does the file match the package's data?

A letter is kept where the data gives it a single look-alike letter of another of the three
scripts ("a" LATIN SMALL LETTER A ~ "а" CYRILLIC SMALL LETTER A).  ITN reads the table
(normgram/run/homoglyphs.py): a word of two scripts that is a number word once folded into
one ("двaдцать" with a Latin "a") keeps the number words beside it as said.
Needs: pip install confusable-homoglyphs (MIT; its data is Unicode's, Unicode licence).
"""
import argparse
import sys
import unicodedata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "locales" / "homoglyphs.yaml"
SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
HEADER = """\
# Look-alike letters of the Latin, Cyrillic and Greek scripts: letter -> {script: the letter of
# that script it looks like}.  Written by tools/homoglyphs.py from Unicode's confusables
# (UTS #39 confusables.txt, through the confusable-homoglyphs package {version}); edit with the
# tool.  ITN (normgram/run/homoglyphs.py): a word of two scripts that is a number word of the
# locale once its letters are folded into one script ("двaдцать" with a Latin "a") keeps the
# number words beside it as said, so no number is converted in half.
"""


def script(ch):
    """The script of a letter among SCRIPTS (from its Unicode name), or None."""
    if not ch.isalpha() or len(ch) != 1:
        return None
    name = unicodedata.name(ch, "")
    return next((s for s in SCRIPTS if name.startswith(s + " ")), None)


def table():
    """{letter: {script: look-alike}} of the confusables data, both directions."""
    from confusable_homoglyphs import confusables
    out = {}
    for ch, alikes in confusables.confusables_data.items():
        own = script(ch)
        if own is None:
            continue
        for a in alikes:
            other = script(a["c"])
            if other is not None and other != own:
                out.setdefault(ch, {}).setdefault(other.title(), a["c"])
                out.setdefault(a["c"], {}).setdefault(own.title(), ch)
    return {k: dict(sorted(v.items())) for k, v in sorted(out.items())}


def render():
    from importlib.metadata import version
    body = yaml.safe_dump({"letters": table()}, allow_unicode=True, sort_keys=False, width=100, default_flow_style=None)
    return HEADER.replace("{version}", version("confusable-homoglyphs")) + body


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    text = render()
    if args.check:
        same = OUT.read_text(encoding="utf-8") == text
        print("locales/homoglyphs.yaml matches the confusables data" if same else "locales/homoglyphs.yaml differs")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(yaml.safe_load(text)['letters'])} letters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
