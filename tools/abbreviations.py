"""A locale's abbreviation lexicon (locales/<tag>/abbreviations.yaml) against its source, abbr2words.

    python tools/abbreviations.py --check [--locale de]   # every difference between the source and the rule files
    python tools/abbreviations.py --draft [--locale de]   # the source's entries the rule files lack, as lexicon lines

The source is the lexicon of abbr2words (Apache-2.0; pip install '.[abbreviations]') that the
YAML's ``source`` names (its module and version; English by default).  An entry of the source is accounted for when the
lexicon or whitelist.yaml has its spelling (compared without case and final dot: "Fig." is
"fig."; spaces inside are ignored: "z. B." is "z.B.") with the source's reading among its readings, or when the lexicon's ``left_out``
names it with a reason.  --check prints one line per finding and exits 1 when there is one:
  missing     a source entry nobody accounts for (--draft writes it as a lexicon line)
  reading     the spelling is there with another reading (an ``own`` entry may differ)
  unsourced   a lexicon entry not marked ``own`` that the source does not hold
Initialisms the source says letter by letter ("U.S." -> "U S", "FBI") are the letters class's
and only counted.
The YAML stays what a user edits; this tool never writes it.
"""
import argparse
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _file(tag, name):
    return ROOT / "locales" / tag / f"{name}.yaml"


def _words(v):
    return [] if v is None else [v] if isinstance(v, str) else list(v)


def key(spelling):
    """Spellings compared without case, final dot and inner spaces ("Fig." and "fig" are one
    entry, "z. B." and "z.B." another)."""
    return "".join(spelling.split()).rstrip(".").lower()


def spelled_out(spelling):
    """The letters of an initialism, as the letters class says them ("U.S." -> "u s")."""
    return " ".join(c for c in spelling.lower() if c.isalpha())


def said(text):
    return " ".join(text.lower().replace("-", " ").split())


def _expander(module):
    """The AbbreviationExpander subclass that ``module`` (abbr2words.languages.<tag>) defines."""
    import importlib
    import inspect
    from abbr2words.core import AbbreviationExpander
    mod = importlib.import_module(module)
    found = [c for _, c in inspect.getmembers(mod, inspect.isclass)
             if issubclass(c, AbbreviationExpander) and c.__module__ == mod.__name__]
    if not found:
        sys.exit(f"abbreviations: {module} defines no AbbreviationExpander")
    return found[0]


def source_entries(source):
    """[(spelling, {readings}, context hint)] of the abbr2words lexicon ``source`` names."""
    try:
        from importlib.metadata import version as installed
        expander = _expander(source["module"])
    except ImportError:
        sys.exit("abbreviations: needs abbr2words (pip install '.[abbreviations]')")
    if installed("abbr2words") != source["version"]:
        print(f"abbreviations: the lexicon cites abbr2words {source['version']}, {installed('abbr2words')} is installed",
              file=sys.stderr)
    out = []
    for e in expander().entries.values():
        readings = {said(e.expansion)} | {said(x) for x in (e.context_expansions or {}).values()}
        for spelling in (e.abbreviation, *e.aliases):
            out.append((spelling, readings, _hint(e)))
    return out


def _hint(e):
    """The lexicon context the source's guards suggest (for --draft)."""
    after, before = str(e.only_if_followed_by or ""), str(e.only_if_preceded_by or "")
    if r"\d" in after:
        return "number_after"
    if r"\d" in before:
        return "number_before"
    if "A-Z" in after:
        return "name_after"
    return None


def rule_files(tag):
    """{key: set of readings} of the lexicon (given spellings and plurals) and whitelist.yaml,
    the lexicon itself, and the keys of its own entries."""
    lex = yaml.safe_load(_file(tag, "abbreviations").read_text(encoding="utf-8"))
    white = yaml.safe_load(_file(tag, "whitelist").read_text(encoding="utf-8"))
    have, own = {}, set()
    for e in lex["entries"]:
        spellings = _words(e["written"])
        plurals = _words(e.get("plural_written")) or ([s[:-1] + "s." if s.endswith(".") else s + "s" for s in spellings]
                                                      if e.get("plural") else [])
        for s in spellings:
            have.setdefault(key(s), set()).update(said(x) for x in _words(e["spoken"]) + _words(e.get("one")))
            if e.get("own"):
                own.add(key(s))
        for s in plurals:
            have.setdefault(key(s), set()).update(said(x) for x in _words(e.get("plural_spoken")) or ["(plural)"])
            if e.get("own"):
                own.add(key(s))
    for e in white["abbreviations"]:
        for s in _words(e["written"]):
            have.setdefault(key(s), set()).update(said(x) for x in _words(e["spoken"]))
    return have, own, lex


def check(tag):
    have, own, lex = rule_files(tag)
    left_out = {key(k) for k in lex.get("left_out", {})}
    source = source_entries(lex["source"])
    findings, seen, spelled = [], set(), 0
    for spelling, readings, _ in source:
        k = key(spelling)
        seen.add(k)
        if readings == {spelled_out(spelling)}:
            spelled += 1
            continue
        if k in left_out:
            continue
        if k not in have:
            findings.append(f"missing    {spelling}: {' / '.join(sorted(readings))}")
        elif not (readings & have[k]) and "(plural)" not in have[k] and k not in own:
            findings.append(f"reading    {spelling}: source {' / '.join(sorted(readings))}, "
                            f"rule files {' / '.join(sorted(have[k]))}")
    for e in lex["entries"]:
        if not e.get("own") and not any(key(s) in seen for s in _words(e["written"])):
            findings.append(f"unsourced  {_words(e['written'])[0]}: not in the source and not marked own")
    for line in findings:
        print(line)
    print(f"{len(source)} source spellings ({spelled} spelled letter by letter, the letters class's), "
          f"{len(findings)} findings", file=sys.stderr)
    return 1 if findings else 0


def draft(tag):
    have, _, lex = rule_files(tag)
    left_out = {key(k) for k in lex.get("left_out", {})}
    for spelling, readings, hint in source_entries(lex["source"]):
        if key(spelling) in have or key(spelling) in left_out or readings == {spelled_out(spelling)}:
            continue
        fields = [f"written: {spelling}", f"spoken: {sorted(readings)[0]}"] + ([f"context: {hint}"] if hint else [])
        print("  - {" + ", ".join(fields) + "}")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--check", action="store_true", help="list every difference from the source")
    group.add_argument("--draft", action="store_true", help="print the source's missing entries as lexicon lines")
    ap.add_argument("--locale", default="en", help="the locale whose lexicon is compared (default en)")
    a = ap.parse_args(argv)
    return check(a.locale) if a.check else draft(a.locale)


if __name__ == "__main__":
    sys.exit(main())
