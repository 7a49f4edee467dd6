"""Stage models of a locale: files under ``locales/<tag>/denorm/``, read on first use.

    punct.json.gz   punctuation: hidden-event n-gram (normgram.ranker.NgramModel) over
                    lowercased words and the mark events "<,>", "<.>", "<?>", "<!>"
    case.json.gz    truecasing: n-gram over cased words and marks; its meta holds "forms",
                    {lowercased word: [case forms, most frequent first]} for every word seen
                    in a form other than all lower case, and "phrases", {lowercased
                    multi-word name: its cased form} from lists of names

Both are NgramModel files (gzip'd JSON, see normgram/ranker/ngram.py); their meta also
holds "script" (the Unicode script of the locale's letters), "sources" and the training
settings.  A compact copy is cached under $NORMGRAM_CACHE/denorm, keyed by the file's content,
so a second start reads it ~5x faster.
"""
import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..ranker.ngram import NgramModel
from ..rules.resources import data_root

FILES = {"punctuation": "punct.json.gz", "truecasing": "case.json.gz"}


def shipped_dir(locale_tag):
    """The folder of a locale's shipped stage models (it may not exist)."""
    return data_root() / "locales" / locale_tag / "denorm"


@dataclass(frozen=True)
class StageSettings:
    """What a stage model's meta (written by tools/train_denorm.py) says, read in one place:
    ``script`` of the locale's letters; ``bias`` of the mark events (punctuation);
    ``questions`` {"w1 w2": share of training sentences starting so that are questions};
    ``opening`` {"?": "¿", ...} marks written before such a sentence; truecasing's ``forms``
    {lower-case word: case forms, most frequent first}, ``lower`` words seen only in lower
    case, ``unknown`` what an unseen word becomes, ``phrases`` {lower-case multi-word name:
    its cased form} ("new york city": "New York City"), ``run`` {"bonus": log score added to a
    capitalized form after a capitalized word (the title-case run feature, truecase.TitleRun)},
    ``names`` lower-case first names and surnames from name lists that the training text does
    not write mostly in lower case ("brown", "tutu"; read after a title: "Judge Brown")."""
    script: str = "Latin"
    bias: object = 0.0  # a number, or {mark: log score}
    questions: dict = field(default_factory=dict)
    opening: dict = field(default_factory=dict)
    forms: dict = field(default_factory=dict)
    lower: frozenset = frozenset()
    unknown: str = "lower"
    phrases: dict = field(default_factory=dict)
    run: dict = field(default_factory=dict)
    names: frozenset = frozenset()

    @classmethod
    def of(cls, meta):
        return cls(script=meta.get("script", "Latin"), bias=meta.get("bias", 0.0),
                   questions=meta.get("questions") or {}, opening=meta.get("opening") or {},
                   forms=meta.get("forms", {}), lower=frozenset(meta.get("lower", "").split("\n")),
                   unknown=meta.get("unknown", "lower"), phrases=meta.get("phrases") or {},
                   run=meta.get("run") or {}, names=frozenset((meta.get("names") or "").split()))


class LazyModel:
    """A model file read on the first ``get()`` (thread-safe)."""

    def __init__(self, path, cache_dir=None):
        self.path = Path(path)
        self.cache_dir = cache_dir
        self._model = None
        self._settings = None
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
                    model = NgramModel.load(self.path, cache_dir=cache)
                    self._settings = StageSettings.of(model.meta)
                    self._model = model
        return self._model

    @property
    def settings(self):
        """The model's StageSettings (reads the model on first use)."""
        self.get()
        return self._settings
