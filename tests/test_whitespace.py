"""Whitespace in and around converted spans (normgram/run/gaps.py): a break stops a span,
other whitespace is kept in the written output, and text outside spans is copied as it is."""
import json
from collections import Counter
from pathlib import Path

import pytest
import regex
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CASES = yaml.safe_load((Path(__file__).parent / "data" / "whitespace.yaml").read_text(encoding="utf-8"))
GAP = regex.compile(r"\s+")


def _odd(text):
    return Counter(g for g in GAP.findall(text) if g != " ")


def _run(en, direction, text):
    return en.itn_result(text) if direction == "itn" else en.tn_result(text)


@pytest.mark.parametrize("case", CASES, ids=[f"{c['direction']}-{c['input']!r}" for c in CASES])
def test_whitespace_case(en, case):
    res = _run(en, case["direction"], case["input"])
    if "output" in case:
        assert res.output == case["output"]
    for gap in case.get("kept", []):
        assert gap in res.output
    have = _odd(res.output)
    assert all(have[g] >= n for g, n in _odd(case["input"]).items()), res.output


def test_break_stops_a_span(en):
    """The words around a tab are never one span."""
    res = en.itn_result("twenty\tfive dollars")
    assert all("\t" not in sp.input for sp in res.spans)


_WORDS = ["twenty", "five", "dollars", "at", "four", "thirty", "p", "m", "the", "f", "b", "i", "may", "fifth",
          "seven", "inches", "one", "hundred", "and", "percent", "$5", "25", "kg", "Jan.", "3rd", "%"]
_SPACES = [" ", "  ", "\t", "\r", "\f", "\v", "\u00a0", "\u202f", "\u2007", "\u2003", "\u3000", "\u2028", " \t "]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["itn", "tn"]),
       st.lists(st.tuples(st.sampled_from(_WORDS), st.sampled_from(_SPACES)), min_size=1, max_size=8),
       st.sampled_from(["", " ", "\t", "\u00a0"]))
def test_whitespace_is_never_lost(en, direction, pairs, lead):
    """Every whitespace run other than one plain space is in the output as often as in the
    input, and the output is the input with each span's input replaced by its output."""
    text = lead + "".join(w + s for w, s in pairs).rstrip(" ")
    res = _run(en, direction, text)
    have = _odd(res.output)
    assert all(have[g] >= n for g, n in _odd(text).items()), (text, res.output)
    pieces, pos = [], 0
    for sp in res.spans:
        assert text[sp.start:sp.end] == sp.input
        pieces += [text[pos:sp.start], sp.output]
        pos = sp.end
    assert "".join(pieces) + text[pos:] == res.output


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["itn", "tn"]),
       st.lists(st.lists(st.tuples(st.sampled_from(_WORDS), st.sampled_from(_SPACES)), min_size=1, max_size=8),
                min_size=1, max_size=6))
def test_whitespace_is_never_lost_json(tmp_path, capsys, direction, lines):
    """The same through the CLI's --json (an --input file: a line ends at LF only), each
    record's output holding its input's whitespace and the input with its spans replaced."""
    from normgram.cli import main
    texts = ["".join(w + s for w, s in pairs).rstrip(" ") for pairs in lines]
    path = tmp_path / "in.txt"
    path.write_bytes("".join(t + "\n" for t in texts).encode("utf-8"))
    capsys.readouterr()
    assert main([direction, "--json", "--input", str(path)]) == 0
    recs = [json.loads(line) for line in capsys.readouterr().out.split("\n") if line]  # not splitlines: U+2028 is in a line
    assert [r["input"] for r in recs] == texts
    for rec in recs:
        have = _odd(rec["output"])
        assert all(have[g] >= n for g, n in _odd(rec["input"]).items()), rec
        pieces, pos = [], 0
        for sp in rec["spans"]:
            assert rec["input"][sp["start"]:sp["end"]] == sp["input"]
            pieces += [rec["input"][pos:sp["start"]], sp["output"]]
            pos = sp["end"]
        assert "".join(pieces) + rec["input"][pos:] == rec["output"]


@pytest.mark.parametrize("text,out", [("one hundred  seventy nine", "100  79"), ("twenty  five", "20  five"),
                                      ("twenty five  dollars", "25  dollars")],
                         ids=["hundred-gap", "tens-gap", "unit-gap"])
def test_odd_gap_reads_words_apart(en, text, out):
    """Two words around a gap the output cannot keep are read apart (README: whitespace)."""
    assert en.itn(text) == out
