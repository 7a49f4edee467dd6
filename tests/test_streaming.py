"""Streaming ITN: word-by-word feeding equals batch ITN; commits are final; state is bounded."""
import doctest

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import normgram
from normgram import StreamingITN
from normgram.frontends import streaming
from normgram.run.candidates import MAX_REGION_WORDS
from normgram.run.words import WORD_RE as _WORD

from conftest import normalizer

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])




def feed(stream, words, chunk=1, check_pending=None):
    """Push ``words`` ``chunk`` at a time -> (committed text, spans); optionally checks after
    every push that committed + pending is the batch output of the words so far."""
    text, spans = [], []
    for i in range(0, len(words), chunk):
        upd = stream.push(words[i:i + chunk])
        text.append(upd.committed)
        spans += upd.spans
        if check_pending is not None:
            assert "".join(text) + upd.pending == check_pending(" ".join(words[:i + chunk]))
    upd = stream.finish()
    return "".join(text) + upd.committed, spans + upd.spans


SENTENCES = [
    "we sold twenty one hundred copies at three point five dollars",
    "see you at four thirty p m tomorrow",
    "write to john dot smith at example dot com today please",
    "it grew by twenty five percent in nineteen ninety nine",
    "the fifth of may two thousand and one was a tuesday",
    "call me on five five five one two three four",
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety "
    "one hundred and one two hundred",
    "no numbers in here at all",
    "dot dot dot at at",
    "Twenty-five, people; came at Nine.",
    "",
    "one",
]


def test_doctest():
    assert doctest.testmod(streaming).failed == 0


@pytest.mark.parametrize("sentence", SENTENCES, ids=lambda s: s[:40] or "empty")
@pytest.mark.parametrize("chunk", [1, 3, 100])
def test_equals_batch(en, sentence, chunk):
    words = sentence.split()
    batch = en.itn_result(" ".join(words))
    text, spans = feed(StreamingITN(en), words, chunk, check_pending=en.itn)
    assert text == batch.output
    assert spans == batch.spans


@pytest.mark.parametrize("sentence", SENTENCES[:6], ids=lambda s: s[:40])
def test_equals_batch_with_scorer(scored, sentence):
    words = sentence.split()
    batch = scored.itn_result(" ".join(words))
    text, spans = feed(StreamingITN(scored), words, check_pending=scored.itn)
    assert (text, spans) == (batch.output, batch.spans)


WORDS = st.sampled_from(
    "zero one two three four five six ten eleven twenty thirty fifty hundred thousand million "
    "and a half point oh dot at slash p m percent dollars first third may june o'clock "
    "the cat sat on we see you ok dr smith example com".split()
    + ["twenty-one", "five,", "(three", "dollars.", "at:"])


@SETTINGS
@given(st.lists(WORDS, max_size=24))
def test_random_words_equal_batch(en, words):
    text, spans = feed(StreamingITN(en), words, check_pending=en.itn)
    assert text == en.itn(" ".join(words))


@SETTINGS
@given(st.lists(WORDS, max_size=16), st.integers(1, 5))
def test_random_words_equal_batch_with_scorer(scored, words, chunk):
    batch = scored.itn_result(" ".join(words))
    assert feed(StreamingITN(scored), words, chunk) == (batch.output, batch.spans)


def test_commit_latency_is_bounded(en, scored):
    words = ("one " * 100 + "the cat " + "at dot " * 50 + "twenty ok " * 30).split()
    for norm in (en, scored):
        s = StreamingITN(norm)
        bound = s.horizon + MAX_REGION_WORDS + s.lookahead + 1
        for w in words:
            s.push(w)
            assert s.latency <= bound
        s.finish()


def test_plain_words_commit_after_horizon(en):
    s = StreamingITN(en)
    out = [s.push(w).committed for w in "cats like warm milk very much indeed".split()]
    assert out == ["", "", "", "cats", " like", " warm", " milk"]
    assert s.finish().committed == " very much indeed"


def test_long_stream_keeps_constant_state(en):
    s = StreamingITN(en)
    words = "we paid twenty five dollars at four thirty p m to john at example dot com and left".split()
    sizes = []
    for k in range(300):
        for w in words:
            s.push(w)
        sizes.append((len(s._buf), len(s._cache), len(s._ready), len(s._hist)))
    assert max(sizes) == max(sizes[:20])  # nothing grows with the stream
    assert s.finish().committed.endswith(" and left")


def test_finish_resets_the_utterance(en):
    s = StreamingITN(en)
    assert s.finish().committed == ""
    feed(s, "twenty five".split())
    assert s.push("thirty one").committed == ""
    assert s.finish().committed == "31"  # no leading space: a new utterance


def test_push_forms(en):
    s = StreamingITN(en)
    assert s.push([]).committed == "" and s.push("").pending == ""
    text = s.push("one  hundred\tforty").committed + s.push(["five", "apples and pears ok"]).committed
    assert text + s.finish().committed == "145 apples and pears ok"
    with pytest.raises(TypeError):
        s.push([3])
    assert StreamingITN("en").normalizer.locale.tag == "en"


def test_pending_is_lazy_and_stable(en):
    s = StreamingITN(en)
    u1 = s.push("twenty")
    s.push("five dollars")
    assert u1.pending == "20"        # the rendering as of that push, not of later ones
    assert "pending" in repr(u1)


@SETTINGS
@given(st.lists(WORDS, max_size=20))
def test_timed_tokens_equal_batch_alignment(en, words):
    _check_timed_tokens(en, words)


def _check_timed_tokens(en, words):
    """Timed tokens pushed word by word == itn_timed of the whole utterance."""
    timed = [(w, float(i), i + 0.5) for i, w in enumerate(words)]
    s, tokens = StreamingITN(en), []
    for item in timed:
        tokens += s.push(item).tokens
    tokens += s.finish().tokens
    assert tokens == normgram.itn_timed(timed, en)


def test_timed_push_forms(en):
    s = StreamingITN(en)
    s.push([("twenty", 0.0, 0.4), ("five", 0.4, 0.9)])
    s.push(("dollars", 1.0, 1.5))
    toks = s.finish().tokens
    assert [(t.text, t.start, t.end) for t in toks] == [("$25", 0.0, 1.5)]   # one money span, three words
    assert s.push(("cats", "like", "milk")).tokens == [] and len(s.finish().tokens) == 3  # three plain words


@SETTINGS
@given(st.text(max_size=80))
def test_any_unicode_equals_batch(en, text):
    words = _WORD.findall(text)  # the pipeline's words (str.split() also splits at \x1c-\x1f)
    batch = en.itn_result(" ".join(words)).output
    assert feed(StreamingITN(en), words)[0] == batch
    assert feed(StreamingITN(en), [text])[0] == en.itn(" ".join(regex.findall(r"\S+", text)))  # one raw push


# Words the pipeline cuts into pieces with no space between them: batch copies the input
# bytes between pieces, so streaming must rejoin them as written ("0--", not "0 --").
GLUED = [
    ("en", "0--"),
    ("en", "--"),
    ("en", "and three.--where were you"),
    ("en", "one two.--three dollars--and"),
    ("en", "at zero--four thirty p m--and then"),
    ("en", "twenty--five people"),
    ("en", "ten--fifteen"),
    ("en", "it cost five dollars,--or so"),
    ("en", "--twenty five--"),
    ("en", "the year eighteen thirty:--at dawn"),
    ("fr", "un préjudice de deux millions d'euros"),
    ("fr", "à cent mètres d'ici"),
    ("fr", "il est arrivé jusqu'à vingt et un heures"),
    ("fr", "l'entreprise compte mille quatre cents salariés"),
    ("fr", "j'ai payé onze euros"),
    ("it", "la crescita è stata dell'uno virgola sette"),
    ("it", "l'ottantesimo anniversario"),
    ("it", "tre settimi dell'importo"),
    ("it", "c'erano ventitré persone"),
    ("it", "l'affitto è di quattrocentocinquanta euro"),
]


@pytest.mark.parametrize("tag,sentence", GLUED, ids=lambda x: x if len(x) <= 3 else x[:40])
def test_glued_pieces_equal_batch(tag, sentence):
    norm = normalizer(tag)
    words = sentence.split()
    batch = norm.itn_result(" ".join(words))
    assert feed(StreamingITN(norm), words, check_pending=norm.itn) == (batch.output, batch.spans)
    assert feed(StreamingITN(norm), [sentence]) == (batch.output, batch.spans)


@pytest.mark.parametrize("tag,sentence", GLUED, ids=lambda x: x if len(x) <= 3 else x[:40])
def test_glued_pieces_timed_tokens(tag, sentence):
    norm = normalizer(tag)
    timed = [(w, float(i), i + 0.5) for i, w in enumerate(sentence.split())]
    s, tokens = StreamingITN(norm), []
    for item in timed:
        tokens += s.push(item).tokens
    tokens += s.finish().tokens
    assert tokens == normgram.itn_timed(timed, norm)
    assert " ".join(t.text for t in tokens).split() == _WORD.findall(norm.itn(sentence))


GLUED_WORDS = st.one_of(
    WORDS,
    st.sampled_from(["a", "j", "r", "b", "c", ",", ";", "(", "barker"]),  # initials set off by marks
    st.builds(lambda a, sep, b: a + sep + b, WORDS, st.sampled_from(["--", "---", ".--", ",--", ":--", "--("]), WORDS),
    st.builds(lambda a, sep: a + sep, WORDS, st.sampled_from(["--", ".--"])),
    st.builds(lambda sep, a: sep + a, st.sampled_from(["--", "(--"]), WORDS))


@SETTINGS
@given(st.lists(GLUED_WORDS, max_size=16), st.integers(1, 4))
def test_random_glued_words_equal_batch(en, words, chunk):
    batch = en.itn_result(" ".join(words))
    assert feed(StreamingITN(en), words, chunk, check_pending=en.itn) == (batch.output, batch.spans)


@SETTINGS
@given(st.lists(GLUED_WORDS, max_size=16))
def test_random_glued_words_timed_tokens(en, words):
    _check_timed_tokens(en, words)


# Initials set off by marks are cut out of a region (Detector.regions, the letters class's
# "isolated" trigger): streaming cuts its regions the same way.
ISOLATED = [
    "mister barker , a j , said twenty five",
    "by r t p , twenty five dollars",
    "we met j r , and paid one dollar",
    "a j , twenty",
    "x , a j , b c , d , one two",
    "the letter ; a b ; came at nine p m",
    "twenty one , r t , ( a b ) five",
]


@pytest.mark.parametrize("sentence", ISOLATED, ids=lambda s: s[:40])
@pytest.mark.parametrize("ranked", [False, True], ids=["grammar", "scorer"])
def test_isolated_runs_equal_batch(en, scored, sentence, ranked):
    norm = scored if ranked else en
    words = sentence.split()
    batch = norm.itn_result(" ".join(words))
    assert feed(StreamingITN(norm), words, check_pending=norm.itn) == (batch.output, batch.spans)
