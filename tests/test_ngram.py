"""Tests of normgram.ranker.ngram (interpolated modified Kneser-Ney n-gram model)."""
import doctest
import gzip
import math
import random

import pytest

from normgram.ranker import ngram
from normgram.ranker.ngram import BOS, EOS, UNK, NgramModel, estimate_discounts

SMALL = [
    ["see", "you", "at", "<time>"],
    ["see", "you", "at", "<time>", "tomorrow"],
    ["meet", "me", "at", "<time>"],
    ["room", "<cardinal>"],
    ["go", "to", "room", "<cardinal>", "now"],
    ["i", "have", "<cardinal>", "cats"],
    ["the", "cat", "sat"],
]

CONTEXTS = [
    [],
    [BOS],
    ["at"],
    ["you", "at"],
    [BOS, "see", "you"],
    ["room"],
    ["zzz"],  # unknown word
    ["zzz", "qqq", "at"],  # unknown words, known last word
    ["cat", "room", "see"],  # every word known, the n-gram never seen
    ["<time>", EOS],  # odd but legal history
]


def total_prob(lm, context):
    return math.fsum(math.exp(lm.logprob(w, context)) for w in lm.vocab)


@pytest.mark.parametrize("order", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("context", CONTEXTS, ids=lambda c: "_".join(c) or "empty")
def test_distribution_sums_to_one(order, context):
    lm = NgramModel.train(SMALL, order=order)
    assert lm.vocab >= {EOS, UNK, "see", "<time>"} and BOS not in lm.vocab
    assert total_prob(lm, context) == pytest.approx(1.0, abs=1e-6)


@pytest.mark.parametrize("min_count", [2, 3, (1, 1, 2, 3)], ids=str)
def test_distribution_sums_to_one_after_cutoffs(min_count):
    lm = NgramModel.train(SMALL * 2 + [["see", "you", "at", "<cardinal>"]], order=4, min_count=min_count)
    for context in CONTEXTS:
        assert total_prob(lm, context) == pytest.approx(1.0, abs=1e-6), context


def test_distribution_sums_to_one_random_corpora():
    rng = random.Random(7)
    words = ["a", "b", "c", "d", "<time>", "<cardinal>"]
    for trial in range(40):
        corpus = [[rng.choice(words) for _ in range(rng.randint(0, 6))] for _ in range(rng.randint(1, 12))]
        lm = NgramModel.train(corpus, order=rng.randint(1, 5), min_count=rng.randint(1, 3))
        for _ in range(5):
            context = [rng.choice(words + [BOS, "zzz"]) for _ in range(rng.randint(0, 5))]
            assert total_prob(lm, context) == pytest.approx(1.0, abs=1e-6), (trial, corpus, context)


def test_unigram_values_by_hand():
    # <s> a b </s> / <s> a </s>; order 1 uses raw counts, <s> is never predicted:
    # a:2 b:1 </s>:2, N=5; count-of-counts n1=1 n2=2 n3=0 -> Y=1/(1+2*2)=0.2,
    # D1 = 1-2*0.2*2/1 = 0.2; D2 = 2-3*0.2*0/2 = 2 (not < 2 -> fallback 1.0); D3 fallback 1.5.
    # alpha(a)=alpha(</s>)=(2-1)/5=0.2, alpha(b)=(1-0.2)/5=0.16, gamma=(1+1+0.2)/5=0.44,
    # uniform over V={a,b,</s>,<unk>}: 0.44/4 = 0.11.
    lm = NgramModel.train([["a", "b"], ["a"]], order=1)
    assert lm.discounts[0] == pytest.approx((0.2, 1.0, 1.5))
    assert math.exp(lm.logprob("a")) == pytest.approx(0.31)
    assert math.exp(lm.logprob("b", ["a"])) == pytest.approx(0.27)  # order 1 ignores context
    assert math.exp(lm.logprob(EOS)) == pytest.approx(0.31)
    assert math.exp(lm.logprob(UNK)) == pytest.approx(0.11)
    assert lm.logprob("never-seen") == lm.logprob(UNK)
    assert lm.logprob(BOS) == -math.inf


def test_bigram_values_by_hand():
    # Fixed D=0.5. Bigrams (raw, top order): <s> a:2, a b:1, a </s>:1, b </s>:1.
    # Unigram continuation counts: a:|{<s>}|=1, b:|{a}|=1, </s>:|{a,b}|=2; total 4.
    # alpha1: a=b=0.5/4=0.125, </s>=1.5/4=0.375; gamma1=3*0.5/4=0.375; uniform 1/4.
    # p1(a)=p1(b)=0.125+0.375/4=0.21875, p1(</s>)=0.46875, p1(<unk>)=0.09375.
    # context a (denominator 2): alpha(a b)=alpha(a </s>)=0.25, gamma(a)=1/2.
    #   p(b|a)=0.25+0.5*0.21875=0.359375, p(</s>|a)=0.484375, p(a|a)=0.109375
    # context <s> (denominator 2): alpha(<s> a)=0.75, gamma=0.25 -> p(a|<s>)=0.8046875
    lm = NgramModel.train([["a", "b"], ["a"]], order=2, discount=0.5)
    p = lambda w, ctx: math.exp(lm.logprob(w, ctx))  # noqa: E731
    assert p("a", []) == pytest.approx(0.21875)
    assert p(EOS, []) == pytest.approx(0.46875)
    assert p(UNK, []) == pytest.approx(0.09375)
    assert p("b", ["a"]) == pytest.approx(0.359375)
    assert p(EOS, ["a"]) == pytest.approx(0.484375)
    assert p("a", ["a"]) == pytest.approx(0.109375)
    assert p("a", [BOS]) == pytest.approx(0.8046875)
    assert p("b", ["zzz"]) == pytest.approx(0.21875)  # unseen context: unigram estimate
    assert lm.score(["a"]) == pytest.approx(math.log(0.8046875 * 0.484375))
    assert lm.score(["a"], bos=False, eos=False) == pytest.approx(math.log(0.21875))


def test_trigram_values_by_hand():
    # Same corpus, order 3, D=0.5. Order 2 now uses continuation counts, except n-grams
    # starting with <s> (no left extension), which keep raw counts:
    #   <s> a: raw 2;  a b: |{<s>}|=1;  a </s>: |{<s>}|=1;  b </s>: |{a}|=1.
    # Unigram level as in the bigram test (p1(a)=p1(b)=0.21875).
    # p2(a|<s>) = 1.5/2 + 0.5/2*0.21875 = 0.8046875 (with N1+ it would be 0.5/1 + ...).
    # p2(b|a) = 0.5/2 + 1/2*0.21875 = 0.359375
    # top order, raw: <s> a b:1, <s> a </s>:1 -> p3(b|<s> a) = 0.25 + 0.5*0.359375 = 0.4296875
    lm = NgramModel.train([["a", "b"], ["a"]], order=3, discount=0.5)
    assert math.exp(lm.logprob("a", [BOS])) == pytest.approx(0.8046875)
    assert math.exp(lm.logprob("b", ["a"])) == pytest.approx(0.359375)
    assert math.exp(lm.logprob("b", [BOS, "a"])) == pytest.approx(0.4296875)
    assert math.exp(lm.logprob("b", ["zzz", "a"])) == pytest.approx(0.359375)


def test_bigram_cutoff_moves_mass_to_backoff():
    # As above with min_count=2: a b, a </s>, b </s> (raw count 1) are dropped, so context
    # "a" has no children left and falls back to the unigram; <s> a (count 2) stays.
    # Unigram continuation counts still come from the full counts.
    lm = NgramModel.train([["a", "b"], ["a"]], order=2, discount=0.5, min_count=2)
    assert lm.info["ngrams"] == [3, 1]
    assert math.exp(lm.logprob("b", ["a"])) == pytest.approx(0.21875)
    assert math.exp(lm.logprob("a", [BOS])) == pytest.approx(0.8046875)


def test_estimate_discounts_formula():
    # n1=10 n2=5 n3=3 n4=2: Y=10/20=0.5, D1=1-2*.5*5/10=0.5, D2=2-3*.5*3/5=1.1, D3=3-4*.5*2/3
    assert estimate_discounts({1: 10, 2: 5, 3: 3, 4: 2}) == pytest.approx((0.5, 1.1, 3 - 4 / 3))


@pytest.mark.parametrize("coc", [{}, {1: 5}, {2: 4}, {1: 1, 2: 100, 3: 1, 4: 100}], ids=str)
def test_estimate_discounts_degenerate_fall_back_in_range(coc):
    d = estimate_discounts(coc)
    assert all(0 < dr < r for r, dr in enumerate(d, start=1))


def _class_corpus():
    return (
        [["see", "you", "at", "<time>"]] * 20
        + [["see", "you", "at", "<time>", "tomorrow"]] * 10
        + [["room", "<cardinal>"]] * 20
        + [["go", "to", "room", "<cardinal>", "please"]] * 10
        + [["i", "bought", "<cardinal>", "apples"]] * 5
    )


@pytest.mark.parametrize("order", [2, 3, 4])
def test_context_prefers_right_class(order):
    lm = NgramModel.train(_class_corpus(), order=order)
    at = ["see", "you", "at"]
    assert lm.score_window(at, ["<time>"], [], bos=True, eos=True) > lm.score_window(
        at, ["<cardinal>"], [], bos=True, eos=True)
    room = ["go", "to", "room"]
    assert lm.score_window(room, ["<cardinal>"], ["please"]) > lm.score_window(room, ["<time>"], ["please"])
    assert lm.logprob("<time>", ["you", "at"]) > lm.logprob("<cardinal>", ["you", "at"])


def test_right_context_decides_when_left_ties():
    corpus = [["meet", "at", "<time>", "tomorrow"]] * 5 + [["up", "at", "<cardinal>", "percent"]] * 5
    lm = NgramModel.train(corpus, order=3)
    # Left context alone cannot tell the two fillers apart ...
    assert lm.score_window(["at"], ["<time>"], []) == pytest.approx(lm.score_window(["at"], ["<cardinal>"], []))
    # ... the right context words must be scored, and they do.
    assert lm.score_window(["at"], ["<time>"], ["tomorrow"]) > lm.score_window(["at"], ["<cardinal>"], ["tomorrow"])
    assert lm.score_window(["at"], ["<cardinal>"], ["percent"]) > lm.score_window(["at"], ["<time>"], ["percent"])


@pytest.mark.parametrize("order", [1, 2, 3, 4])
def test_window_difference_equals_full_sentence_difference(order):
    lm = NgramModel.train(_class_corpus(), order=order)
    left, right = ["see", "you", "at"], ["tomorrow", "with", "the", "cats", "now"]
    fillers = [["<time>"], ["<cardinal>"], ["<cardinal>", "<cardinal>"], []]
    full = [lm.score(left + f + right) for f in fillers]
    window = [lm.score_window(left, f, right, bos=True, eos=True) for f in fillers]
    for i in range(1, len(fillers)):
        assert window[i] - window[0] == pytest.approx(full[i] - full[0], abs=1e-9)
    # A window from sentence start to end with nothing around it is the whole sentence, except
    # that only order-1 right-context words (here just </s>) are scored: none for a unigram model.
    whole = lm.score_window([], left + right, [], bos=True, eos=True)
    eos = lm.logprob(EOS, left + right) if order == 1 else 0.0
    assert whole + eos == pytest.approx(lm.score(left + right))


def test_save_load_round_trip(tmp_path):
    lm = NgramModel.train(_class_corpus(), order=4, min_count=(1, 1, 2, 2), sources=["synthetic"],
                          meta={"lambda": 0.3, "note": "größe"})
    path = tmp_path / "lm.json.gz"
    lm.save(path)
    with gzip.open(path, "rt", encoding="utf-8") as f:
        assert f.read(40).startswith('{"format":"normgram-ngram"')
    back = NgramModel.load(str(path))
    assert back.order == 4 and back.meta == {"lambda": 0.3, "note": "größe"}
    assert back.discounts == lm.discounts and back.info == lm.info
    assert back.info["sources"] == ["synthetic"] and back.info["sentences"] == 65
    assert back.info["tokens"] == sum(len(s) for s in _class_corpus())
    assert back.vocab == lm.vocab
    for sent in _class_corpus()[::7] + [["zzz", "room", "<time>"], []]:
        assert back.score(sent) == lm.score(sent)  # exactly equal, not approximately
    for context in CONTEXTS:
        for w in sorted(lm.vocab):
            assert back.logprob(w, context) == lm.logprob(w, context)
    path2 = tmp_path / "again.json.gz"
    back.save(path2)
    assert path2.read_bytes() == path.read_bytes()


def test_load_rejects_other_files(tmp_path):
    path = tmp_path / "x.json.gz"
    path.write_bytes(gzip.compress(b'{"format": "something-else"}'))
    with pytest.raises(ValueError, match="not a normgram-ngram file"):
        NgramModel.load(path)
    path.write_bytes(gzip.compress(b'{"format": "normgram-ngram", "version": 99}'))
    with pytest.raises(ValueError, match="version"):
        NgramModel.load(path)


def test_perplexity_lower_in_domain():
    lm = NgramModel.train(_class_corpus(), order=3)
    in_domain = [["see", "you", "at", "<time>"], ["go", "to", "room", "<cardinal>"]]
    out_domain = [["the", "weather", "is", "nice"], ["room", "you", "see", "<time>", "at"]]
    assert 1.0 < lm.perplexity(in_domain) < lm.perplexity(out_domain)
    # Perplexity is exp(-logprob / (tokens + one </s> per sentence)).
    expect = math.exp(-(lm.score(in_domain[0]) + lm.score(in_domain[1])) / (4 + 1 + 4 + 1))
    assert lm.perplexity(in_domain) == pytest.approx(expect)


def test_cutoffs_shrink_the_model():
    rng = random.Random(3)
    words = [f"w{i}" for i in range(50)]
    corpus = [[rng.choice(words) for _ in range(8)] for _ in range(300)]
    full, pruned = NgramModel.train(corpus, order=3), NgramModel.train(corpus, order=3, min_count=2)
    assert full.info["ngrams"][0] == pruned.info["ngrams"][0]  # unigrams never cut
    assert sum(pruned.info["ngrams"]) < sum(full.info["ngrams"]) / 2
    assert total_prob(pruned, ["w1", "w2"]) == pytest.approx(1.0, abs=1e-6)


def test_empty_corpus_raises():
    with pytest.raises(ValueError, match="empty corpus"):
        NgramModel.train([])
    with pytest.raises(ValueError, match="empty corpus"):
        NgramModel.train(iter(()))


def test_single_sentence_corpus():
    lm = NgramModel.train([["see", "you", "at", "<time>"]], order=4)
    assert lm.vocab == {"see", "you", "at", "<time>", EOS, UNK}
    assert lm.score(["see", "you", "at", "<time>"]) > lm.score(["see", "you", "at", "<cardinal>"])
    for context in CONTEXTS:
        assert total_prob(lm, context) == pytest.approx(1.0, abs=1e-6)


def test_corpus_of_empty_sentences():
    lm = NgramModel.train([[], []], order=3)
    assert lm.vocab == {EOS, UNK}
    assert lm.logprob(EOS, [BOS]) > lm.logprob("anything", [BOS])
    assert total_prob(lm, [BOS]) == pytest.approx(1.0)


@pytest.mark.parametrize("kwargs, exc, match", [
    ({"order": 0}, ValueError, "order"),
    ({"order": 2.0}, ValueError, "order"),
    ({"discount": 1.0}, ValueError, "discount"),
    ({"discount": (0.5, 2.5, 1.0)}, ValueError, "discount"),
    ({"min_count": 0}, ValueError, "min_count"),
    ({"order": 3, "min_count": (1, 2)}, ValueError, "min_count"),
], ids=["order0", "order-float", "discount1", "discount-triple", "min_count0", "min_count-len"])
def test_bad_parameters(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        NgramModel.train([["a", "b"]], **kwargs)


@pytest.mark.parametrize("corpus, exc", [
    (["see you at <time>"], TypeError),
    ([["see you"]], ValueError),
    ([["a", ""]], ValueError),
    ([["<s>", "a"]], ValueError),
    ([["a", None]], ValueError),
], ids=["string-sentence", "space-in-token", "empty-token", "bos-in-sentence", "none-token"])
def test_bad_sentences(corpus, exc):
    with pytest.raises(exc):
        NgramModel.train(corpus)


def test_perplexity_of_nothing_raises():
    lm = NgramModel.train([["a"]], order=2)
    with pytest.raises(ValueError, match="empty"):
        lm.perplexity([])


def test_module_docstring_example():
    result = doctest.testmod(ngram, raise_on_error=False)
    assert result.attempted >= 4 and result.failed == 0
