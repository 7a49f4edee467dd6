"""The public Normalizer: TN and ITN for one locale, from its compiled FAR."""
import os

import pynini

from . import build
from .common.workers import can_fork, forked_pool
from .rules.locale import Locale
from .rules.resources import locale_tag
from .run.pipeline import Pipeline
from .run.regions import apply_late
from .run.spec import DIRECTIONS, merged
from .ranker import Ranker, shipped_model_path
from .stages import Denormalizer

GRAMMAR_NBEST = 4    # readings kept per region without a ranker (for explain/candidates)
RANKER_NBEST = 6     # with a ranker: distinct class segmentations it can choose from ...
RANKER_PATHS = 12    # ... found among this many best grammar paths


def _ranker(spec, tag):
    if spec is False:
        return None
    if isinstance(spec, Ranker):
        return spec
    if spec is None or spec is True:
        path = shipped_model_path(tag)
        if not path.is_file():
            if spec is True:
                raise FileNotFoundError(f"no shipped ranker model for locale {tag!r} at {path}")
            return None
        return Ranker.load(path)
    return Ranker.load(spec)


class Normalizer:
    """TN and ITN for one locale.

    >>> n = Normalizer("en")
    >>> n.itn("twenty five people")
    '25 people'
    >>> n.tn("25 people")
    'twenty five people'

    ``rules_dir`` overlays a user folder (locales/, tn_rules/, itn_rules/ with the
    locale's tag below each) on the shipped rule files.  ``nbest`` readings per
    region are kept as competing candidates (with a ranker: up to 6 distinct class
    segmentations found among the 12 best grammar paths; without: the 4 best paths).

    ``ranker`` picks among them from context: None = the locale's shipped model
    (locales/<tag>/ranker/model.json.gz) when there is one, False = off (grammar
    weights alone decide), a path = a model trained with tools/train_ranker.py, or a
    ``Ranker`` object.  ``scorer`` is the raw slot (any callable
    ``(left_words, region_tokens, right_words) -> cost``); it overrides ``ranker``.
    """

    def __init__(self, locale="en", rules_dir=None, cache=True, nbest=None, scorer=None, ranker=None):
        self.locale = Locale(locale_tag(locale), rules_dir, lazy=True)  # rule files read only to compile
        self._cache, self._loaded, self._stages = cache, {}, {}
        if not cache or not build.cached(self.locale):
            build.check(self.locale)  # a bad rule file fails here, before any compile
        self.ranker = _ranker(ranker, self.locale.tag) if scorer is None else None
        if scorer is None:
            scorer = self.ranker
        paths = None
        if nbest is None:
            nbest = RANKER_NBEST if scorer is not None else GRAMMAR_NBEST
            paths = RANKER_PATHS if scorer is not None else GRAMMAR_NBEST
        scorers = {d: self.ranker.for_direction(d) if scorer is self.ranker and scorer else scorer
                   for d in DIRECTIONS}
        # a direction is loaded (compiled, the first time) and its region FST read when it is
        # first used: a process that only runs ITN never builds or reads TN
        self._pipes = _Pipes(lambda d: Pipeline(self._fsts(d)[f"REGION_{d.upper()}"], self.spec(d), nbest,
                                                scorers[d], late=self._late(d), paths=paths,
                                                class_fst=self._class_fst(d)))

    def _direction(self, direction):
        if direction not in DIRECTIONS:
            raise KeyError(f"no direction {direction!r} (one of {', '.join(DIRECTIONS)})")
        if direction not in self._loaded:
            self._loaded[direction] = build.load(self.locale, direction, cache=self._cache)
        return self._loaded[direction]

    def _fsts(self, direction):
        return self._direction(direction)[0]

    def spec(self, direction):
        """The compiled spec of ``direction`` (run/spec.py; compiles it if not built yet)."""
        return self._direction(direction)[1]

    @property
    def meta(self):
        """The compiled specs of both directions as one plain dict (compiles a direction not
        built yet), in the flat layout of earlier versions: the fields of the specs' ``text``
        and ``settings`` at the top, per-direction entries under their direction."""
        doc = merged(self.spec(d) for d in DIRECTIONS)
        return {**{k: v for k, v in doc.items() if k not in ("text", "settings")}, **doc["text"], **doc["settings"]}

    @property
    def fsts(self):
        """FAR key -> FST, both directions (compiles a direction not built yet)."""
        return {k: f for d in DIRECTIONS for k, f in self._fsts(d).items()}

    @property
    def classes(self):
        """The locale's classes in build order (from a direction already loaded, else ITN's)."""
        loaded = next(iter(self._loaded), "itn")
        return list(self.spec(loaded).classes)

    def _class_fst(self, direction):
        """class index -> that class's FST in ``direction`` (read on first use)."""
        names = self.spec(direction).classes
        return lambda i: self.class_fst(names[i], direction)

    def _late(self, direction):
        """class index -> that staged class's second stage in ``direction`` (read on first use)."""
        spec = self.spec(direction)
        if not spec.staged:
            return None
        fsts, names = self._fsts(direction), spec.classes
        return lambda i: fsts[f"{names[i].upper()}_{direction.upper()}_LATE"]

    def pipeline(self, direction):
        """The sentence pipeline of ``direction`` ("tn" or "itn"): its region steps serve the
        streaming, tagged and timed ITN front ends."""
        return self._pipes[direction]

    # -- sentences
    def tn_result(self, text):
        return self._pipes["tn"].run(text)

    def itn_result(self, text):
        return self._pipes["itn"].run(text)

    def tn(self, text):
        return self._pipes["tn"].run(text, candidates=False).output  # the text alone: no span candidates

    def itn(self, text):
        return self._pipes["itn"].run(text, candidates=False).output

    # -- the full written form: ITN, then punctuation, then truecasing (normgram/stages)
    def stages(self, punctuation=True, truecasing=True):
        """The locale's denormalization stages (models read on first use); a stage turned off
        passes text through.  -> normgram.stages.Denormalizer"""
        key = (bool(punctuation), bool(truecasing))
        if key not in self._stages:
            self._stages[key] = Denormalizer(self.locale.tag, punctuation=key[0], truecasing=key[1])
        return self._stages[key]

    def punctuate(self, text):
        """Sentence ends and commas added where ``text`` has none; no word is changed."""
        return self.stages().punctuate(text)

    def truecase(self, text):
        """Each word's case form chosen from context; no letter changes but its case."""
        return self.stages().truecase(text)

    def denormalize_result(self, text, punctuation=True, truecasing=True):
        """ITN, then punctuation, then truecasing; the ITN spans' offsets map to the output."""
        return self.stages(punctuation, truecasing).denormalize(self.itn_result(text))

    def denormalize(self, text, punctuation=True, truecasing=True):
        """Spoken text as a recognizer writes it -> the full written form (digits, marks, case)."""
        return self.denormalize_result(text, punctuation, truecasing).output

    def tn_batch(self, texts, jobs=1):
        """TN of many texts (an iterable of str, not one str: TypeError), in order; ``jobs`` > 1
        uses that many processes."""
        return list(self.map("tn", texts, jobs))

    def itn_batch(self, texts, jobs=1):
        """ITN of many texts (an iterable of str, not one str: TypeError), in order."""
        return list(self.map("itn", texts, jobs))

    def map(self, direction, texts, jobs=1, chunksize=64):
        """Lazily yield ``direction`` outputs for an iterable of texts, in input order.  One
        str is not a batch (it would be read character by character): TypeError."""
        if isinstance(texts, (str, bytes)):
            raise TypeError(f"{direction} batch: texts must be an iterable of str, not one {type(texts).__name__}"
                            f" (use Normalizer.{direction}(text) for one text)")
        return self._map(direction, texts, jobs, chunksize)

    def _map(self, direction, texts, jobs, chunksize):
        run = {"tn": self.tn, "itn": self.itn, "denormalize": self.denormalize}[direction]
        jobs = (os.cpu_count() or 1) if jobs in (0, None) else jobs
        if jobs <= 1 or not can_fork():
            yield from (run(t) for t in texts)
            return
        self.pipeline("itn" if direction == "denormalize" else direction)  # loaded before the fork: the workers share it
        global _WORKER
        _WORKER = run  # forked workers inherit the loaded FSTs; nothing is pickled but text
        with forked_pool(jobs) as pool:
            yield from pool.imap(_work, texts, chunksize)

    def clear_memos(self):
        """Forget memoized region readings, second-stage reads and the ranker's scores by
        context (benchmarks that must not reuse earlier work)."""
        for pipe in self._pipes.values():
            pipe.clear_memos()
            getattr(pipe.scorer, "clear", lambda: None)()

    # -- single classes
    def class_fst(self, cls, direction):
        """The class's FST; for a staged class its first stage only (class_outputs applies both)."""
        key = f"{cls.upper()}_{direction.upper()}"
        fsts = self._fsts(direction)
        if key not in fsts:
            raise KeyError(f"no class {cls!r} in locale {self.locale.tag} (classes: {', '.join(self.classes)})")
        return fsts[key]

    def apply_class(self, cls, direction, text, nbest=1):
        """Outputs of one class FST for a whole string, best first ([] when it does not read it)."""
        return [o for o, _ in self.class_outputs(cls, direction, text, nbest)]

    def class_outputs(self, cls, direction, text, nbest=1):
        """Up to ``nbest`` distinct (output, weight) pairs of one class FST for ``text``, best
        first: the class asserted from outside (tagged ITN, ``tag``'s read-back), so with the
        arms read only under a tag (grammars/lib.py ClassGrammar.tagged)."""
        src = pynini.accep(pynini.escape(text), token_type="utf8")
        fst = self._fsts(direction).get(f"{cls.upper()}_{direction.upper()}_TAGGED")
        lattice = pynini.compose(src, fst if fst is not None else self.class_fst(cls, direction))
        spec = self.spec(direction)
        staged = cls in spec.staged  # a staged class has a second stage
        if staged and lattice.start() != pynini.NO_STATE_ID:
            late = self._fsts(direction)[f"{cls.upper()}_{direction.upper()}_LATE"]
            # Only the class tokens matter to the second stage: composing it with the few
            # distinct tokens (projected, determinized: each at its best first-stage weight)
            # instead of the whole first-stage lattice is many times cheaper, and gives the
            # same outputs and weights.
            tokens = lattice.project("output").rmepsilon()
            if tokens.properties(pynini.ACYCLIC, True) == pynini.ACYCLIC:  # always, for a sane grammar
                tokens = pynini.determinize(tokens)
            lattice = apply_late(tokens, late, spec.late_reversed)
        if lattice.start() == pynini.NO_STATE_ID:
            return []
        if nbest == 1:  # the cheapest path carries the cheapest output: no need to determinize
            path = pynini.shortestpath(lattice).paths(input_token_type="utf8", output_token_type="utf8")
            return [(path.ostring(), float(path.weight()))]
        # determinizing suffices for unique n-best (an acyclic lattice always determinizes);
        # optimize() would also minimize, ten times the cost on a span's lattice
        outs = pynini.determinize(lattice.project("output").rmepsilon())
        paths = pynini.shortestpath(outs, nshortest=nbest, unique=True).paths(input_token_type="utf8", output_token_type="utf8")
        return sorted(((o, float(w)) for _, o, w in paths.items()), key=lambda x: x[1])


class _Pipes(dict):
    """Direction -> Pipeline, built on first use."""

    def __init__(self, make):
        super().__init__()
        self._make = make

    def __missing__(self, direction):
        if direction not in DIRECTIONS:
            raise KeyError(direction)
        pipe = self[direction] = self._make(direction)
        return pipe


_WORKER = None


def _work(text):
    return _WORKER(text)


_SHARED = {}


def shared(locale):
    """One Normalizer per locale tag, made on first use (``normgram.tn``/``itn``, timed ITN)."""
    if locale not in _SHARED:
        _SHARED[locale] = Normalizer(locale)
    return _SHARED[locale]
