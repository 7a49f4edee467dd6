"""The training-data engine: records, variants, tags, determinism, bad lines."""
import io
import json
from pathlib import Path

import pytest
import regex

from normgram.tagdata.tag_output import run
from normgram.tagdata.tagging import BadLine, Tagger, check_line


@pytest.fixture(scope="module")
def tagger(en):
    return Tagger(en, variants=4, seed=3, style="asr")


def test_record_structure(tagger):
    rec = tagger.record("He paid 2100 for 21 bikes, so 3.5 each.", 1)
    v = rec["variants"][0]
    assert rec["spoken"][0] == v["spoken"] == "he paid two thousand one hundred for twenty one bikes so three point five each"
    assert len(v["tokens"]) == len(v["tags"])
    assert v["tags"][:7] == ["O", "O", "cardinal", "cardinal", "cardinal", "cardinal", "O"]
    assert v["bio"][:7] == ["O", "O", "B-cardinal", "I-cardinal", "I-cardinal", "I-cardinal", "O"]
    assert len(v["bio"]) == len(v["tokens"])
    assert v["tagged"].startswith("he paid <cardinal> two thousand one hundred </cardinal> for <cardinal> twenty one </cardinal>")
    sp = v["spans"][0]
    assert rec["written"][sp["written"][0]:sp["written"][1]] == "2100"
    assert v["tokens"][sp["spoken"][0]:sp["spoken"][1]] == ["two", "thousand", "one", "hundred"]
    assert all(s["round_trip"] for s in v["spans"])


def test_variants_are_distinct_and_sampled(tagger):
    rec = tagger.record("He paid 3126 for 21 bikes, so 3.5 each.", 1)
    # 3126 has two forms people say ("... one hundred and twenty six"), 21 and 3.5 one each
    # ("three dot five" is no decimal people say, tn_rules/en/variants.yaml): two variants,
    # not four padded ones
    assert [sp["forms"] for sp in rec["variants"][0]["spans"]] == [2, 1, 1]
    assert len(rec["spoken"]) == 2 and len(set(rec["spoken"])) == 2
    assert "three thousand one hundred and twenty six" in rec["spoken"][1]


def test_cased_style_keeps_case_and_punctuation(en):
    rec = Tagger(en, style="cased").record("It costs 25, (about).", 0)
    assert rec["spoken"] == ["It costs twenty five, (about)."]


# marks glued to an entity, brackets around one, an entity at either end of the line
GLUED = ["It costs $5.", "See No. 150 here.", "See Fig. 3.", "The price ($25) rose.", "He was born in 1990!",
         "Was it 3:30?", "Call 555-0123, then wait.", "About 20%; maybe more.", "$5 is enough", "\"3 cats\" ran",
         "It weighs 2 kg.", "Meet on May 5th.", "(1) the first", "Pay 1/2 now.", "It was 10-12 days."]


@pytest.mark.parametrize("line", GLUED)
def test_preferred_spoken_is_tn(en, line):
    # the first variant is TN's own form, written as TN writes it: a mark right after an
    # entity stays right after its words ("five dollars."), not a token of its own
    rec = Tagger(en, style="cased").record(line, 0)
    assert rec["spoken"][0] == en.tn(line)


def test_deterministic_for_seed(en):
    a = Tagger(en, variants=3, seed=9).record("I have 21 apples and 1/2 a pie", 5)
    b = Tagger(en, variants=3, seed=9).record("I have 21 apples and 1/2 a pie", 5)
    assert a == b


@pytest.mark.parametrize("line,reason", [("", "empty"), ("  ", "empty"), ("a\x00b", "binary"),
                                         ("\udcff\udcfe", "binary"), ("x" * (1 << 20 + 1), "longer")])
def test_bad_lines(line, reason):
    with pytest.raises(BadLine, match=reason):
        check_line(line)


def test_run_skips_bad_lines_and_is_job_independent(en, tmp_path):
    lines = [f"{n} apples, {n + 1}st place\n" for n in range(20, 90)] + ["\n", "a\x00\n", "3.5 kg\n"]
    log = io.StringIO()
    out1, out2 = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    s1 = run(en, lines, str(out1), variants=3, seed=1, jobs=1, log=log)
    run(en, lines, str(out2), variants=3, seed=1, jobs=2, log=io.StringIO())
    assert out1.read_bytes() == out2.read_bytes()
    recs = [json.loads(l) for l in out1.read_text().splitlines()]
    assert len(recs) == 71 and s1.bad == 2
    assert "line 71: skipped (empty)" in log.getvalue()


def test_tsv_format(en, tmp_path):
    out = tmp_path / "p.tsv"
    run(en, ["I have 3126 apples\n"], str(out), fmt="tsv", variants=2, log=io.StringIO())
    rows = [l.split("\t") for l in out.read_text().splitlines()]
    assert rows == [["I have three thousand one hundred twenty six apples", "I have 3126 apples"],
                    ["I have three thousand one hundred and twenty six apples", "I have 3126 apples"]]


def test_bounded_lines_cut_long_lines_and_keep_the_rest():
    from normgram.tagdata.tagging import bounded_lines
    fh = io.StringIO("a 1\n" + "x" * 50 + "\nb 2\n" + "y" * 30)
    lines = list(bounded_lines(fh, limit=10))
    assert lines[0] == "a 1\n" and lines[2] == "b 2\n" and len(lines) == 4
    assert len(lines[1]) == 11 and len(lines[3]) == 11  # limit + 1: check_line reports them


def test_output_file_is_not_private(en, tmp_path):
    out = tmp_path / "o.jsonl"
    run(en, ["I have 21 apples\n"], str(out), log=io.StringIO())
    assert out.stat().st_mode & 0o044  # readable like any file the user creates (umask), not 0600


def test_variants_differ_in_words_not_spelling(en):
    from normgram.tagdata.tagging import spoken_key
    rec = Tagger(en, variants=5, seed=1).record("Doors open at 4:30 p.m. sharp.", 0)
    keys = [spoken_key(s) for s in rec["spoken"]]
    assert len(set(keys)) == len(keys) >= 3  # "p m" / "p.m." / "pm" are one spoken form
    assert all(sp["round_trip"] for v in rec["variants"] for sp in v["spans"])


def test_adjacent_spans_of_one_class_are_separate_elements():
    class Res:  # two touching cardinal spans
        input = "1 2"
        spans = [type("S", (), {"start": 0, "end": 1, "cls": "cardinal", "input": "1"}),
                 type("S", (), {"start": 2, "end": 3, "cls": "cardinal", "input": "2"})]
    v = Tagger.__new__(Tagger)
    v.style = "asr"
    Res.spans[0].output, Res.spans[1].output = "one", "two"
    out = Tagger._variant(v, Res, ["one", "two"], [None, None])
    assert out["tagged"] == "<cardinal> one </cardinal> <cardinal> two </cardinal>"
    assert out["tags"] == ["cardinal", "cardinal"]  # class tags cannot show the cut
    assert out["bio"] == ["B-cardinal", "B-cardinal"]  # BIO tags can


def test_words_said_as_written_stay_outside_the_tags(en):
    """The time class reads its cue ("at 4:30") with it; a tagger should learn only the entity.
    Words are compared as written, before the style: "May" said "may" is part of the date."""
    v = Tagger(en, style="asr").record("Doors open at 4:30 p.m. on May 5.", 0)["variants"][0]
    assert "open at <time> four thirty p m </time> on <date> may fifth </date>" in v["tagged"]
    time = v["spans"][0]
    assert time["text"] == "4:30 p.m." == "Doors open at 4:30 p.m. on May 5."[slice(*time["written"])]
    assert time["round_trip"]  # checked on the class's whole reading, cue included


# Nothing lost: over the dev written sides, the words of the preferred variant are TN's words,
# and in every variant the words outside the spans are the written words outside them.
_DEV = Path(__file__).resolve().parent.parent / "data" / "eval"
_DEV_LINES = [(f"{name}:{i}", json.loads(line)["text"])
              for name in ("GoogleTN", "LibriTTS")
              for i, line in enumerate((_DEV / f"{name}.dev.jsonl").read_text(encoding="utf-8").splitlines(), 1)]


def _word_key(text):
    return regex.findall(r"\w+", text.lower())


@pytest.fixture(scope="module")
def dev_tagger(en):
    return Tagger(en, variants=3, seed=7, style="cased")


@pytest.mark.parametrize("text", [t for _, t in _DEV_LINES], ids=[i for i, _ in _DEV_LINES])
def test_variants_keep_every_word(en, dev_tagger, text):
    rec = dev_tagger.record(text, 1)
    assert _word_key(rec["spoken"][0]) == _word_key(en.tn(text))
    for v in rec["variants"]:
        rebuilt, pos = [], 0
        for sp in v["spans"]:
            start, end = sp["written"]
            rebuilt += text[pos:start].split() + v["tokens"][sp["spoken"][0]:sp["spoken"][1]]
            pos = end
        rebuilt += text[pos:].split()
        assert rebuilt == v["tokens"]


@pytest.mark.parametrize("line,kept", [("It costs 12 dollars.", "dollars."), ("Gov. Newsom signed it.", "Newsom"),
                                       ("She paid 20 euros.", "euros.")])
def test_words_said_as_written_after_a_span_are_kept(en, line, kept):
    rec = Tagger(en, variants=3, seed=0, style="cased").record(line, 0)
    assert kept in rec["spoken"][0].split()
