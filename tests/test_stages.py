"""Denormalization stages: data-driven cases (tests/stages/<locale>.yaml) for the shipped
models, properties (words and letters never change, only marks are added and case changes),
offset maps, model loading, and the metrics of normgram/eval/denorm.py."""
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from normgram.ranker.ngram import NgramModel
from normgram.result import Result, Span
from normgram.stages import Denormalizer, OffsetMap
from normgram.stages.units import units

CASES = yaml.safe_load((Path(__file__).parent / "stages" / "en.yaml").read_text(encoding="utf-8"))
HAS_EN = set(Denormalizer.available("en")) == {"punctuation", "truecasing"}
needs_en = pytest.mark.skipif(not HAS_EN, reason="no shipped en stage models")
MARKS = set(",.?!")


@pytest.fixture(scope="module")
def den(tmp_path_factory):
    return Denormalizer("en", cache_dir=tmp_path_factory.mktemp("denorm-cache"))


def _ids(cases):
    return [c["input"] if isinstance(c, dict) else repr(c) for c in cases]


def _params(cases):
    """The cases as pytest params: one with ``known_failure: reason`` is a strict xfail."""
    return [pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=c["known_failure"]))
            if isinstance(c, dict) and c.get("known_failure") else c for c in cases]


def _ok(out, expected):
    return out in (expected if isinstance(expected, list) else [expected])


@needs_en
@pytest.mark.parametrize("case", _params(CASES["punctuate"]), ids=_ids(CASES["punctuate"]))
def test_punctuate(den, case):
    assert _ok(den.punctuate(case["input"]), case["output"])


@needs_en
@pytest.mark.parametrize("case", _params(CASES["truecase"]), ids=_ids(CASES["truecase"]))
def test_truecase(den, case):
    assert _ok(den.truecase(case["input"]), case["output"])


@needs_en
@pytest.mark.parametrize("case", _params(CASES["denormalize"]), ids=_ids(CASES["denormalize"]))
def test_denormalize(den, en, case):
    res = den.denormalize(en.itn_result(case["input"]))
    assert _ok(res.output, case["output"])
    for s in res.spans:
        assert res.output[s.out_start:s.out_end] == s.output


@needs_en
@pytest.mark.parametrize("text", CASES["keep"], ids=_ids(CASES["keep"]))
def test_passes_through(den, text):
    assert den.punctuate(text) == text
    assert den.truecase(text) == text
    assert den.apply(text)[0] == text


def _added_marks(src, out):
    """The characters of ``out`` that are not ``src`` (greedy embedding); None when ``src`` is
    not a subsequence of ``out``."""
    extra, i = [], 0
    for c in out:
        if i < len(src) and c == src[i]:
            i += 1
        else:
            extra.append(c)
    return extra if i == len(src) else None


def _same_letters(a, b):
    return len(a) == len(b) and all(x == y or y in (x.upper(), x.lower()) for x, y in zip(a, b))


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60) | st.lists(
    st.sampled_from(["the", "bbc", "london", "i", "we", "met", "on", "monday", "Dr.", "p.m.", "$12", ",",
                     ".", "?", "iPhone", "\u00df", "\ufb01", "\u0130", "\u043c\u044b", "", " ", "\n"]),
    max_size=30).map(" ".join)
PROPS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@needs_en
@PROPS
@given(TEXT)
def test_punctuate_only_adds_marks(den, text):
    out = den.punctuate(text)
    extra = _added_marks(text, out)
    assert extra is not None and set(extra) <= MARKS


@needs_en
@PROPS
@given(TEXT)
def test_truecase_only_changes_case(den, text):
    assert _same_letters(text, den.truecase(text))


@needs_en
@PROPS
@given(TEXT)
def test_both_stages(den, text):
    out, omap = den.apply(text)
    low = _added_marks(text.lower(), out.lower())
    assert low is not None and set(low) <= MARKS
    assert omap.start(0) == 0 and omap.start(len(text)) == len(out)


@needs_en
@PROPS
@given(TEXT)
def test_redo_keeps_words(den, text):
    out = den.apply(text, redo=True)[0]
    strip = lambda s: [u.word.lower().rstrip(".") for u in units(s)]  # noqa: E731  ("A" + "." reads "A.")
    assert strip(out) == strip(text)


@needs_en
def test_existing_marks_and_capitals_stay(den):
    assert den.apply("Hello there, said NASA")[0].startswith("Hello there, said NASA")


@needs_en
def test_redo_decides_again(den):
    assert den.apply("what IS your name. ok", redo=True)[0] != "what IS your name. ok"


@needs_en
def test_long_line(den):
    words = ("so we met on monday at the bbc in london and she said it was fine " * 300).split()
    text = " ".join(words)
    out, omap = den.apply(text)
    assert [u.word.lower() for u in units(out)] == [w for w in words]
    assert omap.start(len(text)) == len(out)


@needs_en
def test_stages_off(den):
    off = Denormalizer("en", punctuation=False, truecasing=False)
    assert off.apply("so we met in london")[0] == "so we met in london"
    assert Denormalizer("en", truecasing=False).punctuate("is it") == den.punctuate("is it")


@needs_en
def test_multiline_offsets(den, en):
    res = en.itn_result("it cost twelve dollars\n\nwe paid twenty dollars")
    out = den.denormalize(res)
    assert out.output.count("\n") == 2
    assert [s.output for s in out.spans] == ["$12", "$20"]
    for s in out.spans:
        assert out.output[s.out_start:s.out_end] == s.output


# -- mechanics on a tiny model trained here ----------------------------------------------

def _tiny(folder):
    punct = [["what", "is", "it", "<?>"], ["we", "met", "<,>", "then", "left", "<.>"], ["ok", "<.>"]] * 5
    case = [["we", "met", "in", "London", "."], ["the", "BBC", "said", "so", "."], ["london", "bridge", "."]] * 5
    NgramModel.train(punct, order=3, meta={"script": "Latin", "bias": 0.0}).save(folder / "punct.json.gz")
    forms = {"london": ["London", "london"], "bbc": ["BBC"]}
    NgramModel.train(case, order=3, meta={"script": "Latin", "forms": forms, "lower": "we\nmet\nin\nthe\nsaid\nso",
                                           "unknown": "lower"}).save(folder / "case.json.gz")


def test_tiny_model(tmp_path):
    _tiny(tmp_path)
    d = Denormalizer("en", models_dir=tmp_path, cache_dir=tmp_path / "cache")
    assert d._punct._model is None and d._case._model is None  # nothing read before first use
    assert d.apply("we met in london")[0] == "We met in London."
    assert d.truecase("the bbc said so") == "The BBC said so"
    assert d.punctuate("what is it") == "what is it?"
    # the cached copy loads the same model
    d2 = Denormalizer("en", models_dir=tmp_path, cache_dir=tmp_path / "cache")
    assert d2.apply("we met in london")[0] == "We met in London."


def test_missing_model(tmp_path):
    d = Denormalizer("xx", models_dir=tmp_path)
    assert Denormalizer.available("xx", models_dir=tmp_path) == ()
    assert d.apply("", redo=False)[0] == ""
    with pytest.raises(FileNotFoundError):
        d.punctuate("some words")


def test_span_offsets(tmp_path):
    _tiny(tmp_path)
    d = Denormalizer("en", models_dir=tmp_path, cache_dir=tmp_path / "cache")
    itn = Result("we met in london at four", "we met in london at 4",
                 [Span(20, 24, 20, 21, "cardinal", "four", "4", 0.0)])
    out = d.denormalize(itn)
    s = out.spans[0]
    assert out.output[s.out_start:s.out_end] == "4" and s.start == 20
    assert out.input == itn.input


OFFSETS = [  # text, edits, [(offset, start-map, end-map)]
    ("ab cd", [(2, 0, ",")], [(0, 0, 0), (2, 3, 2), (3, 4, 4), (5, 6, 6)]),
    ("ab, cd", [(2, 1, "")], [(2, 2, 2), (3, 2, 2), (4, 3, 3)]),
    ("ab cd", [(2, 0, ","), (5, 0, ".")], [(5, 7, 6)]),
]


@pytest.mark.parametrize("text,edits,expect", OFFSETS, ids=[f"{t}-{e}" for t, e, _ in OFFSETS])
def test_offset_map(text, edits, expect):
    m = OffsetMap(edits)
    for o, a, b in expect:
        assert (m.start(o), m.end(o)) == (a, b)


# -- metrics ---------------------------------------------------------------------------------

from normgram.eval.denorm import (DenormScore, caps_report, cap_counts, line_subset, marks_report,  # noqa: E402
                                  mark_counts, score_pairs, spoken_input, subset_wers, tokens)

METRICS = [  # ref, hyp, expected figures
    ("He met Mr. Smith, in London.", "He met Mr. Smith, in London.",
     {"wer": 0.0, "pwer": 0.0, "uwer": 0.0, "cwer": 0.0, "dwer": 0.0}),
    ("He paid $12, then left.", "he paid $12 then left.",
     {"wer": 2 / 7, "pwer": 1 / 2, "uwer": 1.0, "dwer": 0.0, "cwer": 1 / 3}),
    ("It is 4:30 now", "It is 4:31 now.", {"dwer": 1.0, "pwer": 1.0, "wer": 2 / 4}),
]


@pytest.mark.parametrize("ref,hyp,expect", METRICS, ids=[m[1] for m in METRICS])
def test_subset_wers(ref, hyp, expect):
    got = subset_wers(ref, hyp)
    for k, v in expect.items():
        assert got[k] == pytest.approx(v), k


CAPS = [  # ref, hyp, (slots, misses, false alarms, wrong, hits)
    ("He met Mr. Smith in London.", "he met Mr. Smith in LONDON.", (4, 1, 0, 1, 2)),
    ("the cat sat", "The Cat sat", (0, 0, 2, 0, 0)),
    ("I saw NASA", "I saw NASA", (2, 0, 0, 0, 2)),
]


@pytest.mark.parametrize("ref,hyp,expect", CAPS, ids=[c[1] for c in CAPS])
def test_caps(ref, hyp, expect):
    c = cap_counts(ref, hyp)
    assert (c["slots"], c["misses"], c["false_alarms"], c["wrong"], c["hits"]) == expect


def test_caps_report_and_marks():
    rep = caps_report(cap_counts("He met Mr. Smith in London.", "he met Mr. Smith in LONDON."))
    assert rep["ser"] == pytest.approx(2 / 4) and rep["recall"] == pytest.approx(2 / 4)
    m = marks_report(mark_counts("Yes, he came. Did he?", "Yes he came, did he?"))
    assert m["?"]["f1"] == 1.0 and m[","]["precision"] == 0.0 and m["."]["recall"] == 0.0


def test_tokens_and_input():
    assert tokens('"Hi," she said (twice).') == ['"', "Hi", ",", '"', "she", "said", "(", "twice", ")", "."]
    assert spoken_input("It can be `` an error `` , Mr. Smith .") == "it can be an error mr. smith"


def test_score_pairs():
    rep = score_pairs(str.capitalize, [("hello world", "Hello world")], task="truecase")
    assert rep["caps"]["ser"] == 0.0 and rep["n"] == 1
    rep = score_pairs(lambda s: s, [("Hello world .", "Hello world.")])
    assert rep["caps"]["ser"] == 1.0 and rep["pwer"] == 1.0
    with pytest.raises(ValueError):
        score_pairs(str, [], task="nope")
    assert DenormScore().report()["wer"] == 0.0


def test_line_subset():
    assert [i for i in range(9) if line_subset("3/4")(i)] == [3, 7]
    assert [i for i in range(9) if line_subset("0,1,2/4")(i)] == [0, 1, 2, 4, 5, 6, 8]
    assert all(line_subset(None)(i) for i in range(5))
    for bad in ("3", "4/4", "a/4", "/4", "1/0"):
        with pytest.raises(ValueError):
            line_subset(bad)


LOCALE_CASES = yaml.safe_load((Path(__file__).parent / "stages" / "locales.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", LOCALE_CASES, ids=[f"{c['locale']}-{c['input']}" for c in LOCALE_CASES])
def test_locale(case, tmp_path_factory):
    if set(Denormalizer.available(case["locale"])) != {"punctuation", "truecasing"}:
        pytest.skip(f"no shipped {case['locale']} stage models")
    d = Denormalizer(case["locale"], cache_dir=tmp_path_factory.mktemp("denorm-cache"))
    assert _ok(d.apply(case["input"])[0], case["output"])
