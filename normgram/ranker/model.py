"""The ranker: an n-gram cost for each reading of a region, in its sentence context.

The pipeline calls ``ranker(left_words, region_tokens, right_words)`` for every
reading of a candidate region; ``region_tokens`` are the region's words with each
converted span replaced by its class token ("<time>", carrying the span's written
shape: "<time|2>", see ``normgram.ranker.tokens.shape``).  The cost is

    lam * -(log P(window | left context) - prior * log P(region)
            + shape_weight * sum(log P(class | shape) for each span))

(natural logs), where the window is the region plus the right-context words whose
n-gram history reaches into it (see ``NgramModel.score_window``) and P(region) is
the region's probability with no context at all (``NgramModel.marginal``: its first
token's raw relative frequency, then the model).  Subtracting it ("prior", 1 =
pointwise mutual information with the context) removes the class-frequency prior:
"<cardinal>" is far more frequent than "<decimal>", and the grammar weights already
say how likely a reading is out of context; the ranker adds only what the context
says.  The shape term (a small table from the training spans, ``Settings.shape_prior``)
says what a written shape usually is: a 4-digit "1986" is a year far more often than
a cardinal, so context must be strong to read it otherwise.  ``lam`` and ``prior`` are tuned on a dev split by tools/train_ranker.py and
stored in the model file's ``meta`` ("lambda", "lambda_itn", "prior").

Words are normalized the same way for training (``sentence_tokens``) and
scoring (``normalize_words``): lowercased, punctuation removed (inner
apostrophes kept), hyphenated words split, any remaining word that holds a
digit read as ``<unk>``; class tokens pass unchanged.

    >>> from normgram.ranker import NgramModel, Ranker
    >>> lm = NgramModel.train([["see", "you", "at", "<time>"], ["room", "<cardinal>"]] * 3,
    ...                       order=3, meta={"lambda": 1.0})
    >>> r = Ranker(lm)
    >>> r(["See", "you", "at"], ["<time>"], ["tomorrow."]) < r(["See", "you", "at"], ["<cardinal>"], ["tomorrow."])
    True
"""
from dataclasses import dataclass, field
from pathlib import Path

import regex

from ..common.memo import Memo
from ..errors import DataFileError
from ..rules.resources import cache_dir, data_root
from .ngram import GZIP_MAGIC, UNK, NgramModel
from .tokens import span_tokens

DEFAULT_LAMBDA = 1.0
DEFAULT_PRIOR = 1.0
MODEL_FILE = Path("ranker") / "model.json.gz"   # below locales/<tag>/
WINDOW = 4                     # context words the pipeline passes on each side
COST_MEMO = 50_000             # (left, region, right) costs remembered
_CLASS = regex.compile(r"<[\w:.,\-|]+>")
SHAPE_FLOOR = -10.0            # log P(class | shape) of a class never seen with that shape
_NONWORD = regex.compile(r"[^\w']+|_")
_SENT_END = regex.compile(r"[.!?][\"')\]]*$")


def normalize_words(words):
    """Raw words (and class tokens) -> the model's tokens."""
    out = []
    for w in words:
        pieces = _WORD_CACHE.get(w)
        if pieces is None:
            pieces = _WORD_CACHE.put(w, _normalize_word(w))
        out.extend(pieces)
    return out


_WORD_CACHE = Memo(100_000)


def _normalize_word(w):
    if _CLASS.fullmatch(w):
        return (w,)
    out = []
    for piece in _NONWORD.sub(" ", w.lower()).split():
        piece = piece.strip("'")
        if piece:
            out.append(UNK if any(c.isdigit() for c in piece) else piece)
    return tuple(out)


def sentence_tokens(text, spans):
    """A sentence and its converted spans (objects with .start/.end/.cls) -> model tokens."""
    toks, pos = [], 0
    for sp in sorted(spans, key=lambda s: s.start):
        toks.extend(normalize_words(text[pos:sp.start].split()))
        inp = text[sp.start:sp.end]
        glued = "" if sp.start == 0 or text[sp.start - 1].isspace() or text[sp.start - 1].isalnum() \
            else text[sp.start - 1]
        toks.extend(normalize_words(span_tokens(inp, getattr(sp, "output", ""), sp.cls, inp, glued)))
        pos = sp.end
    toks.extend(normalize_words(text[pos:].split()))
    return toks


def shipped_model_path(locale_tag):
    """Where the shipped model of a locale lives (it may not exist)."""
    return data_root() / "locales" / locale_tag / MODEL_FILE


@dataclass(frozen=True)
class Settings:
    """The ranker settings a model file stores in its meta (tools/train_ranker.py tunes and
    writes them), read in one place: ``Settings.of(model.meta)``."""
    lam: float = DEFAULT_LAMBDA  # "lambda"
    lam_itn: float | None = None  # "lambda_itn" (ITN; "lambda" where absent)
    prior: float = DEFAULT_PRIOR  # "prior"
    prior_itn: float | None = None  # "prior_itn" (ITN; "prior" where absent)
    prior_mode: str = "unigram"
    right_weight: float = 1.0
    trigger_weight: float = 0.0
    shape_weight: float = 1.0
    shape_prior: dict | None = None  # shape -> {class: log P(class | shape)}
    triggers: dict | None = None  # class token -> {word: log ratio}
    offsets: dict = field(default_factory=dict)  # class token -> cost (TN)
    offsets_itn: dict = field(default_factory=dict)  # the same, ITN

    @classmethod
    def of(cls, stored):
        """The settings of a model's stored meta dict (absent keys: the defaults)."""
        get = stored.get
        return cls(lam=float(get("lambda", DEFAULT_LAMBDA)),
                   lam_itn=None if get("lambda_itn") is None else float(get("lambda_itn")),
                   prior=float(get("prior", DEFAULT_PRIOR)),
                   prior_itn=None if get("prior_itn") is None else float(get("prior_itn")),
                   prior_mode=get("prior_mode", "unigram"), right_weight=float(get("right_weight", 1.0)),
                   trigger_weight=float(get("trigger_weight", 0.0)), shape_weight=float(get("shape_weight", 1.0)),
                   shape_prior=get("shape_prior"), triggers=get("triggers"),
                   offsets=dict(get("offsets") or {}), offsets_itn=dict(get("offsets_itn") or {}))

    def lam_for(self, direction):
        return self.lam_itn if direction == "itn" and self.lam_itn is not None else self.lam

    def prior_for(self, direction):
        return self.prior_itn if direction == "itn" and self.prior_itn is not None else self.prior

    def offsets_for(self, direction):
        return self.offsets_itn if direction == "itn" else self.offsets


class _Lazy:
    """A model file read on first use (shared by the TN and ITN rankers of a Normalizer),
    so building a Normalizer costs nothing until a region has readings to rank."""

    def __init__(self, path, cache_dir=None):
        self.path, self.cache_dir, self.model = path, cache_dir, None

    def get(self):
        if self.model is None:
            self.model = NgramModel.load(self.path, cache_dir=self.cache_dir)
        return self.model

    def stored(self):
        """The model's stored meta, without reading the model when the cache has it."""
        return self.model.meta if self.model is not None else NgramModel.load_meta(self.path, self.cache_dir)


def _setting(key, doc):
    """A Ranker property: the float setting ``key`` (the model's, read on first use, until
    it is set); setting it clears the ranker's cache."""
    def get(self):
        w = self._weights.get(key)
        if w is None:
            w = self._weights[key] = getattr(self.settings, key)
        return w

    def put(self, value):
        self._weights[key] = float(value)
        self._cache.clear()
    return property(get, put, doc=doc)


class Ranker:
    """Cost of a region reading in context: ``lam * -log P`` under a class n-gram model.

    ``model`` is an NgramModel (``Ranker.load(path)`` reads a file lazily, on the first
    call).  ``lam``/``prior`` default to the model's meta for ``direction``."""

    def __init__(self, model, lam=None, direction="tn", prior=None):
        if not isinstance(model, (NgramModel, _Lazy)):
            raise TypeError(f"expected an NgramModel, got {type(model).__name__}")
        if direction not in ("tn", "itn"):
            raise ValueError(f"direction must be 'tn' or 'itn', got {direction!r}")
        self._src = model
        self.direction = direction
        self._lam = None if lam is None else float(lam)
        self._prior = None if prior is None else float(prior)
        self._cache = Memo(COST_MEMO)
        self._mode = None
        self._weights = {}  # settings read or set (_setting)
        self._offsets = None
        self._settings = None

    def clear(self):
        """Forget the scores memoized by context (Normalizer.clear_memos)."""
        self._cache.clear()

    @property
    def settings(self):
        """The model's Settings (read on first use)."""
        if self._settings is None:
            self._settings = Settings.of(self.model.meta)
        return self._settings

    @property
    def prior_mode(self):
        """"unigram" (default): subtract each region token's log frequency; "sequence":
        the region's log probability as a whole (``NgramModel.marginal``)."""
        if self._mode is None:
            self._mode = self.settings.prior_mode
        return self._mode

    @prior_mode.setter
    def prior_mode(self, value):
        if value not in ("unigram", "sequence", "class"):
            raise ValueError(f"prior_mode must be 'unigram', 'sequence' or 'class', got {value!r}")
        self._mode = value
        self._cache.clear()

    @property
    def model(self):
        return self._src if isinstance(self._src, NgramModel) else self._src.get()

    @property
    def lam(self):
        if self._lam is None:  # read without the model where its cached copy has the settings (cold start)
            stored = self._src.stored() if isinstance(self._src, _Lazy) else self._src.meta
            self._lam = Settings.of(stored).lam_for(self.direction)
        return self._lam

    @lam.setter
    def lam(self, value):
        self._lam = float(value)

    @property
    def prior(self):
        if self._prior is None:
            self._prior = self.settings.prior_for(self.direction)
        return self._prior

    @prior.setter
    def prior(self, value):
        self._prior = float(value)
        self._cache.clear()

    @classmethod
    def load(cls, path, lam=None, direction="tn", prior=None, lazy=True):
        """A ranker for a model file; ``lazy``: read the file on the first call.  A compact
        copy of the model is cached under $NORMGRAM_CACHE (keyed by the file's content)."""
        src = _Lazy(path, cache_dir() / "ranker")
        if not lazy:
            src.get()
        elif not Path(path).is_file():
            raise FileNotFoundError(f"no ranker model at {path}")
        else:
            with open(path, "rb") as f:
                if f.read(2) != GZIP_MAGIC:  # a model is gzip'd JSON: fail now, not at the first ranked region
                    raise DataFileError(f"{path}: not a ranker model (not gzip'd JSON)")
        return cls(src, lam, direction, prior)

    def for_direction(self, direction):
        """The same model with the direction's lambda from the model's meta (this one's
        lambda when it was set explicitly)."""
        if direction == self.direction:
            return self
        return Ranker(self._src, self._explicit_lam, direction, self._prior)

    @property
    def _explicit_lam(self):
        if self._lam is None or isinstance(self._src, _Lazy) and self._src.model is None:
            return self._lam
        return None if self._lam == self.settings.lam_for(self.direction) else self._lam

    def __repr__(self):
        return f"Ranker({self.direction}, lam={self.lam}, {self.model!r})"

    def _shape_logprob(self, cls, sh):
        """shape_weight * log P(class | shape) from the training spans (Settings.shape_prior);
        0 for a model without the table."""
        table = self.settings.shape_prior
        if not table or not self.shape_weight:
            return 0.0
        row = table.get(sh)
        if row is None:
            return 0.0
        return self.shape_weight * row.get(cls, SHAPE_FLOOR)

    right_weight = _setting(
        "right_weight", """Weight of the right-context words' log probability (meta "right_weight",
        default 1): after a rare class token ("<money:f>") they are estimated from few contexts.""")
    trigger_weight = _setting(
        "trigger_weight", """Weight of the trigger words (meta "triggers": {class token: {word: log
        ratio}}, words within the context window that go with a class more or less than with the
        average span); meta "trigger_weight", default 0 (off).""")
    shape_weight = _setting("shape_weight", """Weight of the shape term (meta "shape_weight", default 1).""")

    def __call__(self, left, tokens, right):
        if self.lam == 0.0:  # this direction is not ranked (lambda tuned to 0): grammar decides
            return 0.0
        raw = (tuple(left), tuple(tokens), tuple(right))  # as called: streaming re-asks often
        cost = self._cache.get(raw)
        if cost is None:
            cost = self._cache.put(raw, self._cost(left, tokens, right))
        off = self.offsets
        return self.lam * cost + (sum(off.get(t, 0.0) for t in tokens) if off else 0.0)

    @property
    def offsets(self):
        """{class token: cost} added to a reading for each of its spans of that class ("<money:f>":
        a price said without a currency word), from meta "offsets" / "offsets_itn"; tuned with
        lambda on the dev split."""
        if self._offsets is None:
            self._offsets = dict(self.settings.offsets_for(self.direction))
        return self._offsets

    @offsets.setter
    def offsets(self, value):
        self._offsets = dict(value)
        self._cache.clear()

    def _cost(self, left, tokens, right):
        # A left word ending a sentence cuts the context there; so does the sentence start,
        # which the pipeline signals by passing fewer than WINDOW words.
        bos = len(left) < WINDOW
        for i in range(len(left) - 1, -1, -1):
            if _SENT_END.search(left[i]):
                left, bos = left[i + 1:], True
                break
        eos = len(right) < WINDOW
        for i, w in enumerate(right):
            if _SENT_END.search(w):
                right, eos = right[:i + 1], True
                break
        if tokens and _SENT_END.search(tokens[-1]) and not _CLASS.fullmatch(tokens[-1]):
            right, eos = [], True
        key = (tuple(left), tuple(tokens), tuple(right), bos, eos)
        cost = self._cache.get(key)
        if cost is None:
            lm = self.model
            ctx = normalize_words(left)[-(lm.order - 1):] if lm.order > 1 else []
            if not ctx and not normalize_words(right) and all(t[:1] == "<" for t in normalize_words(tokens)):
                # no context words at all ("one quadrillion" alone): the grammar decides; words
                # the region copies ("see you at <time>", pulled in by "at") are context
                return 0.0
            region, shapes = [], 0.0
            for t in normalize_words(tokens):
                if t[0] == "<" and "|" in t:  # "<year|4>": the LM sees "<year>", the shape table the rest
                    cls, sh = t[1:-1].split("|", 1)
                    t = f"<{cls}>"
                    shapes += self._shape_logprob(cls.split(":")[0], sh)
                region.append(t)
            # a word the model never saw, left as it is ("VX"), is neutral: scored, it would
            # read as <unk> (in training: digit words) with a misleading frequency
            skip = {i for i, t in enumerate(region) if t not in lm.vocab} if self.prior else set()
            if self.right_weight == 1.0:
                whole = lm.score_window(ctx, region, normalize_words(right), bos=bos, eos=eos, skip=skip)
            else:  # the right-context words' share, weighted (score_window in two parts)
                hist = ["<s>", *ctx] if bos else list(ctx)
                rwords = [*normalize_words(right), "</s>"] if eos else normalize_words(right)
                whole = lm._score_seq(hist, region, skip) \
                    + self.right_weight * lm._score_seq(hist + region, rwords[: lm.order - 1])
            cost = -whole - shapes
            triggers = self.settings.triggers if self.trigger_weight else None
            if triggers:  # words near the span that go with its class ("paid", "tickets" for a price)
                near = set(normalize_words(left)) | set(normalize_words(right))
                for t in region:
                    row = triggers.get(t)
                    if row:
                        cost -= self.trigger_weight * sum(row.get(w, 0.0) for w in near)
            if self.prior:  # log P(region) with no context: what the context adds is left
                if self.prior_mode == "sequence":
                    cost += self.prior * lm.marginal(region)
                elif self.prior_mode == "class":  # class tokens only: words keep their own odds
                    cost += self.prior * lm.unigram_logprob([t for t in region if t[0] == "<"])
                else:
                    cost += self.prior * lm.unigram_logprob([t for i, t in enumerate(region) if i not in skip])
            self._cache.put(key, cost)
        return cost
