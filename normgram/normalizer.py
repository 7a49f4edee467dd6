"""The public Normalizer: TN and ITN for one locale, from its compiled FAR."""
import pynini

from . import compile as _compile
from .locale import Locale
from .pipeline import Pipeline


class Normalizer:
    """TN and ITN for one locale.

    >>> n = Normalizer("en")
    >>> n.itn("twenty five people")
    '25 people'
    >>> n.tn("25 people")
    'twenty five people'

    ``rules_dir`` overlays a user folder (locales/, tn_rules/, itn_rules/ with the
    locale's tag below each) on the shipped rule files.  ``nbest`` readings per
    region are kept as competing candidates; ``scorer`` is the ranker slot.
    """

    def __init__(self, locale="en", rules_dir=None, cache=True, nbest=4, scorer=None):
        self.locale = Locale(locale, rules_dir)
        self.fsts, self.meta = _compile.load(self.locale, cache=cache)
        self.classes = list(self.meta["classes"])
        self._pipes = {d: Pipeline(self.fsts[f"REGION_{d.upper()}"], self.meta, d, nbest, scorer)
                       for d in _compile.DIRECTIONS}

    # -- sentences
    def tn_result(self, text):
        return self._pipes["tn"].run(text)

    def itn_result(self, text):
        return self._pipes["itn"].run(text)

    def tn(self, text):
        return self.tn_result(text).output

    def itn(self, text):
        return self.itn_result(text).output

    def tn_batch(self, texts):
        return [self.tn(t) for t in texts]

    def itn_batch(self, texts):
        return [self.itn(t) for t in texts]

    # -- single classes
    def class_fst(self, cls, direction):
        key = f"{cls.upper()}_{direction.upper()}"
        if key not in self.fsts:
            raise KeyError(f"no class {cls!r} in locale {self.locale.tag} (classes: {', '.join(self.classes)})")
        return self.fsts[key]

    def apply_class(self, cls, direction, text, nbest=1):
        """Outputs of one class FST for a whole string, best first ([] when it does not read it)."""
        src = pynini.accep(pynini.escape(text), token_type="utf8")
        lattice = pynini.compose(src, self.class_fst(cls, direction))
        if lattice.start() == pynini.NO_STATE_ID:
            return []
        outs = lattice.project("output").rmepsilon().optimize()
        paths = pynini.shortestpath(outs, nshortest=nbest, unique=True).paths(input_token_type="utf8", output_token_type="utf8")
        return [o for _, o, _ in sorted(paths.items(), key=lambda x: float(x[2]))]
