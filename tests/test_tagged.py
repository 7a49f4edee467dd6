"""Tag-consuming ITN and word timestamps: tagged spans converted by their class only,
untagged text copied byte for byte, bad tags reported (never raised)."""
import doctest

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import normgram
from normgram import TaggedITN
from normgram.frontends import tagged, timestamps
from normgram.frontends.timestamps import align, itn_timed

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def t(en):
    return TaggedITN(en)


def test_doctests():
    assert doctest.testmod(tagged).failed == 0
    assert doctest.testmod(timestamps).failed == 0


# (inline input, output, rejected [(class, text, reason start)])
INLINE = [
    ("at <time> four thirty </time> tomorrow", "at 4:30 tomorrow", []),
    ("at <time>four thirty</time>.", "at 4:30.", []),
    ("<cardinal> twenty one hundred </cardinal>", "2,100", []),
    ("it was <year> twenty twenty </year> not <cardinal> two thousand twenty </cardinal>", "it was 2020 not 2,020", []),
    ("<cardinal> twenty twenty </cardinal>", "twenty twenty", [("cardinal", "twenty twenty", "the cardinal grammar")]),
    ("<decimal> three point five </decimal> <percent> ten percent </percent>", "3.5 10%", []),
    ("<CARDINAL> Twenty Five, </CARDINAL> ok", "25, ok", []),
    ("<roman> CHAPTER one </roman>", "CHAPTER I", []),
    ("<cardinal> one </cardinal> of <ordinal> second </ordinal>", "1 of 2nd", []),
    ("we said <time> four thirty </time>", "we said 4:30", []),
    ("twenty five stays words here", "twenty five stays words here", []),
    ("  spaces\tand  tabs  kept ", "  spaces\tand  tabs  kept ", []),
    ("<date> blue sky </date> ok", "blue sky ok", [("date", "blue sky", "the date grammar")]),
    ("<foo> one two </foo>", "one two", [("foo", "one two", "unknown class")]),
    ("a <time> b", "a b", [("time", "", "unmatched <time>")]),
    ("a b </time>", "a b", [("time", "", "unmatched </time>")]),
    ("<x> a b", "a b", [("x", "", "unmatched <x>")]),
    ("<time> four <date> may </date> thirty </time>", "four may thirty",
     [("time", "", "unmatched <time>"), ("date", "may", "the date grammar"), ("time", "", "unmatched </time>")]),
    ("<cardinal></cardinal> x", " x", [("cardinal", "", "empty span")]),
    ("<cardinal> \x00 </cardinal>", "\x00", [("cardinal", "\x00", "the cardinal grammar")]),
]


@pytest.mark.parametrize("text,output,rejected", INLINE, ids=[c[0][:40] for c in INLINE])
def test_inline(t, text, output, rejected):
    res = t.inline(text)
    assert res.output == output
    assert [(r.cls, r.text) for r in res.rejected] == [(c, x) for c, x, _ in rejected]
    assert all(r.reason.startswith(why) for r, (_, _, why) in zip(res.rejected, rejected))


@pytest.mark.parametrize("tags,output", [
    ("O time time O", "at 4:30 tomorrow"),
    ("O B-time I-time O", "at 4:30 tomorrow"),
    ("O B-time E-time O", "at 4:30 tomorrow"),
    ("O O O O", "at four thirty tomorrow"),
    ("O B-cardinal B-cardinal O", "at 4 30 tomorrow"),   # a tag asks for digits even below ten
    ("O cardinal O O", "at 4 thirty tomorrow"),
])
def test_token_tags(t, tags, output):
    res = t.tags("at four thirty tomorrow".split(), tags.split())
    assert res.output == output and not res.rejected


def test_span_list_and_word_indices(t):
    res = t.spans("we sold twenty one hundred copies at four thirty".split(), [(2, 5, "cardinal"), (7, 9, "time")])
    assert res.output == "we sold 2,100 copies at 4:30"
    assert [(s.word_start, s.word_end, s.cls, s.output) for s in res.spans] == [(2, 5, "cardinal", "2,100"), (7, 9, "time", "4:30")]
    assert [(s.start, s.end) for s in res.spans] == [(8, 26), (37, 48)]


def test_bad_spans_and_tags_are_reported(t):
    words = "it was twenty twenty".split()
    res = t.spans(words, [(2, 4, "year"), (3, 4, "cardinal"), (5, 9, "year"), ("a", 1, "year"), (1, 2), (3, 2, "year"),
                          7, None, (True, 2, "year")])
    assert res.output == "it was 2020"
    assert len(res.rejected) == 8 and all(r.reason for r in res.rejected)
    res = t.tags(words, ["O", "O", "year"])
    assert res.output == "it was twenty twenty"
    assert [r.reason.split()[0] for r in res.rejected] == ["3", "the"]


TAGS = st.sampled_from(["O", "O", "cardinal", "B-cardinal", "I-time", "time", "year", "B-nonsense", "date", "", "S-ordinal"])
WORDS = st.sampled_from("twenty five one hundred and a half four thirty p m first the cat may oh point".split()
                        + ["<b>", "x,", "dot", "Ünïcode", "\u200b"])


@SETTINGS
@given(st.lists(st.tuples(WORDS, TAGS), max_size=14))
def test_tags_never_raise_and_copy_outside(t, pairs):
    words, tags = [w for w, _ in pairs], [g for _, g in pairs]
    res = t.tags(words, tags)
    # every tagged span is either converted or reported; text outside converted spans is the input's
    pos, rebuilt = 0, []
    for sp in res.spans:
        rebuilt.append(res.input[pos:sp.start])
        rebuilt.append(sp.output)
        pos = sp.end
    rebuilt.append(res.input[pos:])
    assert res.output == "".join(rebuilt)
    assert res.input == " ".join(w for w in words if w.split()) or res.input == " ".join(" ".join(words).split())


@SETTINGS
@given(st.text(alphabet=st.characters(blacklist_characters="<"), max_size=60))
def test_untagged_text_is_copied_byte_identically(t, text):
    assert t.inline(text).output == text
    words = text.split()
    assert t.tags(words, ["O"] * len(words)).output == " ".join(words)


@SETTINGS
@given(st.text(max_size=60))
def test_inline_never_raises(t, text):
    res = t.inline(text)
    assert isinstance(res.output, str)


def test_gold_tags_round_trip(en, t):
    """Tags that `normgram tag` emits plug in directly."""
    from normgram.tagdata.tagging import Tagger
    tagger = Tagger(en, check=False)
    for written in ["It happened in 1999 at 4:30 p.m.", "About 2,100 of 12,500 (17%) said no.", "Pay 3.5 now"]:
        v = tagger.record(written)["variants"][0]
        by_tags = t.tags(v["tokens"], v["tags"])
        inline = t.inline(v["tagged"])
        assert [s.output for s in by_tags.spans] == [s.output for s in inline.spans]
        # the source uses ITN's own written format here (1999, 2,100, 12,500)
        assert [s.output for s in inline.spans] == [sp["text"] for sp in v["spans"]]
    res = t.inline("<cardinal> nine </cardinal> of <cardinal> ten </cardinal>")
    assert res.output == "9 of 10"


def test_timestamps_follow_words(en):
    words = "he paid twenty five dollars on the fifth of may at three p m call o d i".split()
    timed = [(w, float(i), i + 1.0) for i, w in enumerate(words)]
    toks = itn_timed(timed, en)
    assert " ".join(tok.text for tok in toks) == en.itn(" ".join(words))
    got = {tok.text: (tok.start, tok.end) for tok in toks}
    assert got["$25"] == (2.0, 5.0) and got["p.m."] == (12.0, 14.0) and got["ODI"] == (15.0, 18.0)
    assert all(a.start <= b.start for a, b in zip(toks, toks[1:]))
    with pytest.raises(ValueError):
        align(en.itn_result("one two"), [(0, 1)])


@SETTINGS
@given(st.lists(WORDS, max_size=14))
def test_timestamps_cover_output(en, words):
    timed = [(w, float(i), i + 0.5) for i, w in enumerate(words)]
    toks = itn_timed(timed, en)
    assert [tok.text for tok in toks] == en.itn(" ".join(" ".join(words).split())).split()
    assert all(0 <= tok.word_start < tok.word_end and tok.start < tok.end for tok in toks)
    assert normgram.itn_timed is itn_timed
