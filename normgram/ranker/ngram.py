"""Class-based n-gram language model with interpolated modified Kneser-Ney smoothing.

The ranker uses it to choose between ambiguous readings of a span: the
candidate class tokens ("<time>", "<cardinal>", ...) are put in their sentence
and the filler whose window scores higher wins.  Pure Python, stdlib only.

Example::

    >>> from normgram.ranker import NgramModel
    >>> corpus = [["see", "you", "at", "<time>"], ["room", "<cardinal>"]] * 3
    >>> lm = NgramModel.train(corpus, order=3, meta={"lambda": 0.5})
    >>> left = ["see", "you", "at"]
    >>> lm.score_window(left, ["<time>"], ["tomorrow"]) > lm.score_window(left, ["<cardinal>"], ["tomorrow"])
    True
    >>> round(lm.perplexity([["room", "<cardinal>"]]), 2) < round(lm.perplexity([["room", "<time>"]]), 2)
    True

``lm.save(path)`` / ``NgramModel.load(path)`` store and read the model.

Smoothing (Chen & Goodman 1998, interpolated modified Kneser-Ney)
-----------------------------------------------------------------
Sentences are padded as ``<s> w1 .. wm </s>``.  The highest order uses raw
counts, lower orders continuation counts N1+(. g) (n-grams starting with
``<s>`` keep raw counts, as they have no left extension).  For an order-k
n-gram ``h w`` with (adjusted) count a::

    p_k(w | h) = alpha_k(h w) + gamma_k(h) * p_{k-1}(w | h minus its first word)
    alpha_k(h w) = (a - D_k(a)) / sum_v a(h v),   D_k(a) = D1, D2 or D3+ by a
    gamma_k(h)  = mass taken from h's children / sum_v a(h v)

and p_0 is uniform over the predictable vocabulary (training words, ``</s>``
and ``<unk>``), so unknown words get gamma_1 / |V|.  A context never seen at
order k leaves p_{k-1} unchanged.  The discounts of each order come from its
counts-of-counts n1..n4: Y = n1/(n1+2 n2), D_r = r - (r+1) Y n_{r+1}/n_r; a
D_r that cannot be computed or falls outside (0, r) (tiny corpora) falls back
to 0.5, 1.0, 1.5.  ``min_count`` drops n-grams (order >= 2) whose raw count
is below it; their alpha moves into gamma, so every distribution still sums
to 1 over the vocabulary.  ``<s>`` is never predicted (log prob -inf).

File format (``save``/``load``)
-------------------------------
One gzip'd UTF-8 JSON object (compact separators), chosen because
``json.loads`` builds the lookup dicts directly in C, with no per-entry Python
work at load time::

    {"format": "normgram-ngram", "version": 1, "order": N,
     "discounts": [[D1, D2, D3], ...],        # one triple per order 1..N
     "info": {"sentences": .., "tokens": .., "vocab_size": .., "ngrams": [..],
              "min_count": [..], "sources": [..]},
     "meta": {...},                           # free-form, set by the caller
     "p": [{"w": alpha, ...}, {"w1 w2": alpha, ...}, ...],   # orders 1..N
     "g": [{"": gamma}, {"w1": gamma, ...}, ...],            # contexts of orders 1..N
     "u": {"w": relative frequency, ...}}     # raw unigram frequencies (4 digits; optional)

Keys are the n-gram's tokens joined by single spaces (tokens therefore may
not contain whitespace).  Floats are written with Python's round-trip repr,
so a loaded model scores exactly like the saved one.
"""
import gzip
import hashlib
import json
import marshal
import math
import os
import sys
from collections import Counter

from ..common.atomic import atomic_open
from ..common.memo import Memo
from ..errors import DataFileError

BOS, EOS, UNK = "<s>", "</s>", "<unk>"
FORMAT, VERSION = "normgram-ngram", 1
GZIP_MAGIC = b"\x1f\x8b"  # the first bytes of every model file
FALLBACK_DISCOUNTS = (0.5, 1.0, 1.5)
LOGPROB_MEMO = 100_000  # (word, context) pairs whose log probability is remembered


def _write_meta(meta, path):
    """The meta sidecar of a cached model copy (written atomically; a read-only cache only
    costs speed)."""
    try:
        with atomic_open(path) as f:
            json.dump(meta, f)
    except (OSError, TypeError, ValueError):
        pass


def estimate_discounts(count_of_counts):
    """Modified-KN discounts (D1, D2, D3+) from a {count: number of n-grams} map."""
    n1, n2, n3, n4 = (count_of_counts.get(r, 0) for r in (1, 2, 3, 4))
    y = n1 / (n1 + 2 * n2) if n1 and n2 else None
    out = []
    for r, (nr, nr1) in enumerate(((n1, n2), (n2, n3), (n3, n4)), start=1):
        d = r - (r + 1) * y * nr1 / nr if y is not None and nr else None
        out.append(d if d is not None and 0 < d < r else FALLBACK_DISCOUNTS[r - 1])
    return tuple(out)


def _check_sentence(sent):
    if isinstance(sent, str):
        raise TypeError(f"a sentence must be a list of tokens, not the string {sent!r}")
    toks = list(sent)
    for t in toks:
        if not isinstance(t, str) or t.split() != [t]:
            raise ValueError(f"bad token {t!r}: tokens are non-empty strings without whitespace")
        if t in (BOS, EOS):
            raise ValueError(f"{t!r} is added by the model; do not put it in sentences")
    return toks


class NgramModel:
    """An order-N interpolated modified Kneser-Ney model; build with ``train`` or ``load``."""

    def __init__(self, order, probs, gammas, discounts, info=None, meta=None, unigrams=None):
        self.order = order
        self._u = unigrams or {}  # word -> relative frequency (raw counts; for ``marginal``)
        self._p = probs  # [k-1]: "w1 .. wk" -> alpha_k
        self._g = gammas  # [k-1]: "w1 .. w(k-1)" -> gamma_k ("" for order 1)
        self.discounts = [tuple(d) for d in discounts]
        self.info = dict(info or {})
        self.meta = dict(meta or {})
        self.vocab = frozenset(probs[0]) | {UNK, EOS}  # what logprob can predict
        self._known = self.vocab | {BOS}
        self._uniform = 1.0 / len(self.vocab)
        self._lp_memo = Memo(LOGPROB_MEMO)

    def __repr__(self):
        return f"NgramModel(order={self.order}, vocab={len(self.vocab)}, ngrams={[len(p) for p in self._p]})"

    @classmethod
    def train(cls, sentences, order=4, discount=None, min_count=1, sources=(), meta=None):
        """Train on an iterable of token lists.

        discount: None (estimate per order), a float d in (0, 1) used as D1=D2=D3+,
        or a (D1, D2, D3) triple for every order.  min_count: an int cutoff for
        orders >= 2, or one cutoff per order (the unigram cutoff is ignored).
        sources: names of the training corpora, kept in ``info``; meta: free-form dict.
        """
        if not isinstance(order, int) or order < 1:
            raise ValueError(f"order must be a positive int, got {order!r}")
        cuts = [min_count] * order if isinstance(min_count, int) else list(min_count)
        if len(cuts) != order or any(not isinstance(c, int) or c < 1 for c in cuts):
            raise ValueError(f"min_count must be an int >= 1 or {order} of them, got {min_count!r}")
        cuts[0] = 1  # never cut unigrams: they define the vocabulary
        counts = [Counter() for _ in range(order)]  # [k-1]: raw k-gram counts
        n_sent = n_tok = 0
        for sent in sentences:
            toks = [BOS, *_check_sentence(sent), EOS]
            n_sent += 1
            n_tok += len(toks) - 2
            for k in range(1, order + 1):
                ck = counts[k - 1]
                for i in range(len(toks) - k + 1):
                    ck[tuple(toks[i:i + k])] += 1
        if n_sent == 0:
            raise ValueError("cannot train an n-gram model on an empty corpus")

        adjusted = [None] * order  # continuation counts below the top order
        adjusted[-1] = counts[-1]
        for k in range(order - 1, 0, -1):
            a = Counter(g[1:] for g in counts[k])  # N1+(. g) over distinct (k+1)-grams
            for g, c in counts[k - 1].items():
                if g[0] == BOS:
                    a[g] = c
            adjusted[k - 1] = a
        adjusted[0].pop((BOS,), None)

        if discount is None:
            discounts = [estimate_discounts(Counter(a.values())) for a in adjusted]
        else:
            triple = (discount,) * 3 if isinstance(discount, (int, float)) else tuple(discount)
            if len(triple) != 3 or not all(0 < d < r for r, d in enumerate(triple, start=1)):
                raise ValueError(f"discount must be a float in (0, 1) or (D1, D2, D3) with 0 < Dr < r, got {discount!r}")
            discounts = [triple] * order

        probs, gammas = [], []
        for k in range(1, order + 1):
            adj, raw, disc, cut = adjusted[k - 1], counts[k - 1], discounts[k - 1], cuts[k - 1]
            denom, lost, kept = Counter(), Counter(), Counter()
            for g, a in adj.items():
                denom[g[:-1]] += a
            alphas = {}
            for g, a in adj.items():
                h = g[:-1]
                if raw[g] < cut:
                    lost[h] += a
                    continue
                d = disc[min(a, 3) - 1]
                alphas[" ".join(g)] = (a - d) / denom[h]
                lost[h] += d
                kept[h] += 1
            probs.append(alphas)
            gammas.append({" ".join(h): lost[h] / denom[h] for h in denom if kept[h]})
        total = sum(c for g, c in counts[0].items() if g[0] != BOS)
        unigrams = {g[0]: c / total for g, c in counts[0].items() if g[0] != BOS}
        info = {"sentences": n_sent, "tokens": n_tok, "vocab_size": len(set(probs[0]) | {UNK, EOS}),
                "ngrams": [len(p) for p in probs], "min_count": cuts, "sources": list(sources)}
        return cls(order, probs, gammas, discounts, info, meta, unigrams)

    def marginal(self, tokens):
        """Natural-log probability of ``tokens`` somewhere in a sentence, with no context: the
        first token's relative frequency (raw counts, not the Kneser-Ney continuation
        probability) times the model's probability of the rest after it."""
        if not tokens:
            return 0.0
        first = tokens[0] if tokens[0] in self._u else UNK
        p = self._u.get(first)
        head = math.log(p) if p else self.logprob(first)
        return head + self._score_seq([first], tokens[1:])

    def unigram_logprob(self, tokens):
        """Sum of the tokens' log relative frequencies (raw counts; Kneser-Ney unigram for a
        model saved without them): the class-frequency prior of a reading."""
        total = 0.0
        for t in tokens:
            p = self._u.get(t if t in self._u else UNK)
            total += math.log(p) if p else self.logprob(t)
        return total

    def logprob(self, word, context=()):
        """Natural-log P(word | context); only the last order-1 context words matter.
        Words outside the vocabulary are read as <unk>."""
        key = (word, *context[-(self.order - 1):]) if self.order > 1 else (word,)
        found = self._lp_memo.get(key)
        if found is not None:
            return found
        w = word if word in self._known else UNK
        if w == BOS:
            return -math.inf
        ctx = [c if c in self._known else UNK for c in key[1:]]
        p, n = self._uniform, len(ctx)
        for k in range(1, min(self.order, n + 1) + 1):
            h = " ".join(ctx[n - k + 1:])
            g = self._g[k - 1].get(h)
            if g is not None:  # unseen context: the lower-order estimate stands
                p = self._p[k - 1].get(f"{h} {w}" if h else w, 0.0) + g * p
        found = math.log(p)
        return self._lp_memo.put(key, found)

    def logprobs(self, words, context=()):
        """{word: logprob(word, context)} for several words after one context, the context's
        orders looked up once (the punctuation stage scores every mark after each history);
        the same numbers as ``logprob``, not memoized."""
        ctx = [c if c in self._known else UNK for c in context[-(self.order - 1):]] if self.order > 1 else []
        n = len(ctx)
        levels = []
        for k in range(1, min(self.order, n + 1) + 1):
            h = " ".join(ctx[n - k + 1:])
            g = self._g[k - 1].get(h)
            if g is not None:
                levels.append((self._p[k - 1], h + " " if h else "", g))
        out = {}
        for word in words:
            w = word if word in self._known else UNK
            if w == BOS:
                out[word] = -math.inf
                continue
            p = self._uniform
            for probs, h, g in levels:
                p = probs.get(h + w, 0.0) + g * p
            out[word] = math.log(p)
        return out

    def _score_seq(self, history, words, skip=()):
        hist, total = list(history), 0.0
        for i, w in enumerate(words):
            if i not in skip:
                total += self.logprob(w, hist)
            hist.append(w)
        return total

    def score(self, tokens, bos=True, eos=True):
        """Total natural-log probability of a token sequence (with <s>/</s> by default)."""
        return self._score_seq([BOS] if bos else [], [*tokens, EOS] if eos else list(tokens))

    def score_window(self, left_context, tokens, right_context=(), bos=False, eos=False, skip=()):
        """Log prob of ``tokens`` after ``left_context`` plus that of the right-context words
        whose history contains part of ``tokens`` -- the first order-1 of them; later words
        score the same for every filler.  bos/eos: the window touches the sentence start/end.
        ``skip``: positions in ``tokens`` that are not scored (they stay in the history)."""
        right = [*right_context, EOS] if eos else list(right_context)
        history = [BOS, *left_context] if bos else list(left_context)
        return self._score_seq(history, [*tokens, *right[: self.order - 1]], skip)

    def perplexity(self, sentences):
        """exp(-log prob per token) over sentences, counting </s> as a token."""
        total, n = 0.0, 0
        for sent in sentences:
            toks = _check_sentence(sent)
            total += self.score(toks)
            n += len(toks) + 1
        if n == 0:
            raise ValueError("perplexity of an empty set of sentences is undefined")
        return math.exp(-total / n)

    def save(self, path):
        """Write the model as gzip'd JSON (see the module docstring)."""
        doc = {"format": FORMAT, "version": VERSION, "order": self.order, "discounts": self.discounts,
               "info": self.info, "meta": self.meta, "p": self._p, "g": self._g,
               "u": {w: float(f"{p:.4g}") for w, p in self._u.items()}}
        data = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        with open(path, "wb") as f:
            f.write(gzip.compress(data, compresslevel=6, mtime=0))

    @staticmethod
    def _cached(raw, cache_dir):
        """The marshal copy's path for a model file's bytes (see ``load``); its meta sidecar
        is the same path with ``.meta.json``."""
        key = hashlib.sha256(raw).hexdigest()[:20]
        return os.path.join(cache_dir, f"{key}-py{sys.version_info[0]}{sys.version_info[1]}.marshal")

    @classmethod
    def load_meta(cls, path, cache_dir=None):
        """A model file's ``meta`` without reading its n-grams when the cache holds a copy
        (a TN Normalizer only needs lambda = 0 to know it ranks nothing)."""
        if cache_dir is not None:
            with open(path, "rb") as f:
                side = cls._cached(f.read(), cache_dir) + ".meta.json"
            try:
                with open(side, encoding="utf-8") as f:
                    return json.load(f)
            except (OSError, ValueError):
                pass
        return cls.load(path, cache_dir=cache_dir).meta

    @classmethod
    def load(cls, path, cache_dir=None):
        """Read a model written by ``save``.  ``cache_dir``: keep a marshal copy there, keyed
        by the file's content and the Python version (it loads ~5x faster than the JSON;
        marshal is not portable across Python versions, so it is never shipped), and the
        model's meta beside it (``load_meta``)."""
        with open(path, "rb") as f:
            raw = f.read()
        cached = None
        if cache_dir is not None:
            cached = cls._cached(raw, cache_dir)
            try:
                with open(cached, "rb") as f:
                    args = marshal.loads(f.read())
                model = cls(*args)
                if not os.path.exists(cached + ".meta.json"):
                    _write_meta(model.meta, cached + ".meta.json")
                return model
            except (OSError, EOFError, ValueError, TypeError):
                pass  # no usable copy yet: read the JSON and write one
        try:
            doc = json.loads(gzip.decompress(raw))
        except (OSError, EOFError, ValueError) as e:  # not gzip, truncated, not JSON
            raise DataFileError(f"{path}: not a {FORMAT} file ({e})") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise DataFileError(f"{path}: not a {FORMAT} file")
        if doc.get("version") != VERSION:
            raise DataFileError(f"{path}: unsupported {FORMAT} version {doc.get('version')!r}")
        args = (doc["order"], doc["p"], doc["g"], doc["discounts"], doc["info"], doc["meta"], doc.get("u"))
        if cached is not None:
            try:
                os.makedirs(cache_dir, exist_ok=True)
                with atomic_open(cached, "wb") as f:
                    marshal.dump(args, f)
                _write_meta(doc["meta"], cached + ".meta.json")
            except (OSError, ValueError):
                pass  # a read-only cache only costs speed
        return cls(*args)
