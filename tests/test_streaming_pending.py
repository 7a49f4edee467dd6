"""Streaming ITN pending text: the per-region text cache (StreamingITN._region_text) never
reuses a text where another context could choose another reading."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import normgram
from normgram import StreamingITN

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def pending_matches(norm, stream, words):
    """After every push: committed so far + pending == batch ITN of the words so far."""
    text = ""
    for k, w in enumerate(words):
        u = stream.push(w)
        text += u.committed
        assert text + u.pending == norm.itn(" ".join(words[:k + 1])), words[:k + 1]
    stream.finish()


# the same regions ("twenty twenty", "nine eleven", "four thirty") again and again, with
# left and right context words that change the hash scorer's choice
UTTERANCES = [
    "we met at twenty twenty and left",
    "they met at twenty twenty and stayed there",
    "on nine eleven we flew home",
    "after nine eleven they flew out",
    "see you at four thirty tomorrow then",
    "meet me at four thirty",
]


def test_one_stream_many_contexts(scored):
    s = StreamingITN(scored)  # one stream: its text cache lives across utterances
    for _ in range(2):
        for utt in UTTERANCES:
            pending_matches(scored, s, utt.split())


def test_contextual_text_is_kept_per_context(scored):
    s = StreamingITN(scored)
    for w in "we met at twenty twenty and".split():
        s.push(w).pending
    bare = [k for k in s._texts if len(k) == 3]
    ctx = [k for k in s._texts if len(k) == 5]
    assert ctx, "a region the scorer ranked is kept with its context"
    # a region kept without context is one the scorer had nothing to choose in
    pipe = s.pipe
    for region, glue, lone in bare:
        src, _ = pipe.source(*_joined(region))
        assert not pipe.choose(src, ("x",), ("y",), lone)[2]


def _joined(words):
    from normgram.frontends.stream_update import join as _join
    return _join(words, (False,) * len(words))


def test_kept_text_is_reused():
    s = StreamingITN(normgram.Normalizer("en", ranker=False))  # no scorer: texts are context-free
    s.push("twenty five dollars is".split())
    first = s.push("what").pending
    calls = []
    choose = s.pipe.choose
    s.pipe.choose = lambda *a: calls.append(a) or choose(*a)
    try:
        assert s.push("it").pending == first + " it"
    finally:
        del s.pipe.choose
    assert all(a[0] != "twenty five dollars" for a in calls)


WORDS = st.sampled_from(
    "one two three four nine ten eleven twenty thirty hundred and a half point oh at "
    "p m dollars percent may june the we see you met".split())


@SETTINGS
@given(st.lists(WORDS, max_size=14))
def test_random_pending_with_scorer(scored, words):
    pending_matches(scored, StreamingITN(scored), words)


@SETTINGS
@given(st.lists(WORDS, max_size=14), st.lists(st.booleans(), min_size=14, max_size=14))
def test_pending_read_at_once_or_later(scored, words, now):
    """An update's pending is the rendering as of its push, read at once (the stream renders
    in place and puts its scan state back: later commits are unchanged) or only after later
    pushes and the finish (the update got its own copy of the state)."""
    s, text, spans, seen = StreamingITN(scored), "", [], []
    for k, w in enumerate(words):
        u = s.push(w)
        text += u.committed
        spans += u.spans
        seen.append((text, u, scored.itn(" ".join(words[:k + 1]))))
        if now[k]:
            assert text + u.pending == seen[-1][2]
    end, batch = s.finish(), scored.itn_result(" ".join(words))
    assert (text + end.committed, spans + end.spans) == (batch.output, batch.spans)
    for done, u, batch in seen:
        assert done + u.pending == batch


# rules that read the case of the text decide on the words after a span: a pending text
# written before those words came may not be kept for later pushes (case_cues.initials)
CASED = [
    "the report by a b Carter , the director , was late",
    "letters from j k Rowling and her agent",
    "signed by r t Moore ( 1907 ) and others",
]


@pytest.mark.parametrize("utt", CASED)
def test_case_rules_wait_for_the_words_after(utt):
    norm = normgram.Normalizer("en")
    pending_matches(norm, StreamingITN(norm), utt.split())
