"""Where the grammar code, the shipped rule folders and the cache live.

In a checkout (or an editable install) they are the top-level folders beside
``normgram/``; in a wheel they are installed under ``normgram/_data/``.
"""
import os
from pathlib import Path

_PKG = Path(__file__).resolve().parent.parent  # normgram/
FOLDERS = ("grammars", "locales", "tn_rules", "itn_rules")


def data_root():
    installed = _PKG / "_data"
    if (installed / "grammars" / "lib.py").is_file():
        return installed
    checkout = _PKG.parent
    if (checkout / "grammars" / "lib.py").is_file():
        return checkout
    raise FileNotFoundError(f"normgram data folders not found under {installed} or {checkout}")


def available_locales(root=None):
    root = Path(root or data_root())
    base = root / "locales"
    return sorted(p.name for p in base.iterdir() if (p / "locale.yaml").is_file()) if base.is_dir() else []


def locale_tag(tag, root=None):
    """The shipped locale a tag names: case-insensitive, ``_`` read as ``-``, and a region
    subtag dropped when only the language exists ("EN", "en-US", "en_US" -> "en").  A tag
    that names no locale is returned unchanged (Locale then raises UnknownLocale)."""
    if not isinstance(tag, str):
        return tag
    known = {t.lower(): t for t in available_locales(root)}
    want = tag.strip().replace("_", "-").lower()
    if want in known:
        return known[want]
    lang = want.split("-", 1)[0]
    return known.get(lang, tag)


def cache_dir():
    """Where compiled grammars and model copies are cached: ``$NORMGRAM_CACHE`` or ``~/.cache/normgram``."""
    return Path(os.environ.get("NORMGRAM_CACHE") or Path.home() / ".cache" / "normgram")
