"""Stage models of a locale: files under ``locales/<tag>/denorm/``, read on first use.

    punct.json.gz   punctuation: hidden-event n-gram (normgram.ranker.NgramModel) over
                    lowercased words and the mark events "<,>", "<.>", "<?>", "<!>"
    case.json.gz    truecasing: n-gram over cased words and marks; its meta holds "forms",
                    {lowercased word: [case forms, most frequent first]} for every word seen
                    in a form other than all lower case

Both are NgramModel files (gzip'd JSON, see normgram/ranker/ngram.py); their meta also
holds "script" (the Unicode script of the locale's letters), "sources" and the training
settings.  A compact copy is cached under $NORMGRAM_CACHE/denorm, keyed by the file's content,
so a second start reads it ~5x faster.
"""
import threading
from pathlib import Path

from ..ranker.ngram import NgramModel
from ..rules.resources import data_root

FILES = {"punctuation": "punct.json.gz", "truecasing": "case.json.gz"}


def shipped_dir(locale_tag):
    """The folder of a locale's shipped stage models (it may not exist)."""
    return data_root() / "locales" / locale_tag / "denorm"


class LazyModel:
    """A model file read on the first ``get()`` (thread-safe)."""

    def __init__(self, path, cache_dir=None):
        self.path = Path(path)
        self.cache_dir = cache_dir
        self._model = None
        self._lock = threading.Lock()

    def exists(self):
        return self.path.is_file()

    def get(self):
        if self._model is None:
            with self._lock:
                if self._model is None:
                    if not self.path.is_file():
                        raise FileNotFoundError(f"no stage model at {self.path}")
                    cache = None if self.cache_dir is None else str(self.cache_dir)
                    self._model = NgramModel.load(self.path, cache_dir=cache)
        return self._model
