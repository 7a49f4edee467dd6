"""Where the grammar code and the shipped rule folders live.

In a checkout (or an editable install) they are the top-level folders beside
``normgram/``; in a wheel they are installed under ``normgram/_data/``.
"""
from pathlib import Path

_PKG = Path(__file__).resolve().parent
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
