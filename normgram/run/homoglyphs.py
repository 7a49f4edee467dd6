"""Words written with the look-alike letters of another script ("двaдцать" with a Latin "a").

locales/homoglyphs.yaml (tools/homoglyphs.py, from Unicode's confusables) gives each Latin,
Cyrillic and Greek letter its look-alikes in the other two scripts.  A word that mixes
scripts is folded into each script it holds: its letters of the other scripts become their
look-alikes there; ITN asks whether a folding is a number word of the locale
(run/candidates.py).  Words of one script ("iPhone") and words whose folding is no number
word ("iPhone'а", "μm" with a Greek mu) are left alone.
"""
import functools

import regex
import yaml

from ..rules.resources import data_root

_SCRIPTS = {s: regex.compile(rf"\p{{{s}}}") for s in ("Latin", "Cyrillic", "Greek")}


@functools.lru_cache(maxsize=1)
def _table():
    path = data_root() / "locales" / "homoglyphs.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))["letters"] if path.is_file() else {}


def foldings(word):
    """The spellings of a word of two or more scripts with every letter in one of them, one per
    script it holds whose look-alikes cover the others' letters; [] for a word of one script."""
    held = [s for s, p in _SCRIPTS.items() if p.search(word)]
    if len(held) < 2:
        return []
    table, out = _table(), []
    for s in held:
        letters = [ch if not ch.isalpha() or _SCRIPTS[s].match(ch) else table.get(ch, {}).get(s) for ch in word]
        if None not in letters:
            out.append("".join(letters))
    return out
