"""NgramModel.logprobs (the punctuation stage scores every mark after a history in one pass)
gives the numbers logprob gives, for any words and contexts, known or not."""
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from normgram.ranker.ngram import NgramModel

CORPUS = [s.split() for s in (
    "we met in london <,> she said <.>",
    "is there anything else <?>",
    "so we met on march third <,> and she said it cost twelve dollars <.>",
    "where is the train <?> the train is late <.>",
    "thank you very much <!>",
)] * 3
WORDS = sorted({w for s in CORPUS for w in s}) + ["<s>", "</s>", "<unk>", "zebra"]
MODELS = [NgramModel.train(CORPUS, order=k, min_count=1) for k in (1, 2, 3, 4)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(MODELS), st.lists(st.sampled_from(WORDS), max_size=4),
       st.lists(st.sampled_from(WORDS), min_size=1, max_size=5))
def test_logprobs_is_logprob(model, context, words):
    got = model.logprobs(words, tuple(context))
    for w in words:
        want = model.logprob(w, tuple(context))
        assert got[w] == want or (math.isinf(want) and math.isinf(got[w]))
