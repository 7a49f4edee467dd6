"""normgram.eval.evaluate and `normgram eval` against hand-computed examples.

A stub normalizer returns fixed outputs and spans, so the figures depend on the
metric definitions only, not on the grammars.
"""
import json

import pytest

from normgram import cli
from normgram.eval.evaluate import evaluate, gold_spans, load_rows, predicted_spans
from normgram.result import Result, Span


class Stub:
    """Normalizer stand-in: input -> (output, [(start, end, cls, output)])."""

    def __init__(self, table):
        self.table = table

    def _run(self, text):
        out, spans = self.table[text]
        return Result(text, out, [Span(s, e, 0, 0, c, text[s:e], o, 0.0) for s, e, c, o in spans])

    itn_result = tn_result = _run


def row(spoken, written, cls=None, transcript=None):
    return {"id": spoken, "cls": cls, "spoken": spoken,
            "written": [written] if isinstance(written, str) else written, "transcript": transcript}


ITN_ROWS = [row("twenty five cats", "25 cats"),
            row("one hundred dogs", "100 dogs."),
            row("i saw three", "I saw 3")]
ITN_STUB = Stub({"twenty five cats": ("25 cats", [(0, 11, "cardinal", "25")]),
                 "one hundred dogs": ("100 dogs", [(0, 11, "cardinal", "100")]),
                 "i saw three": ("i saw three", [])})


@pytest.fixture(scope="module")
def itn_report():
    return evaluate(ITN_STUB, ITN_ROWS, "itn", errors=5)


# Hand computation (3 sentences):
#   exact: only "25 cats" -> 1/3; lenient also "100 dogs" = "100 dogs." -> 2/3
#   WER raw tokens: 0 + 1 (dogs./dogs) + 2 (I/i, 3/three) over 2+2+3 words -> 3/7
#   ITN words (not in the input): 25, 100, 3 -> 1 error (three/3) -> 1/3; copy words cats, dogs, i, saw -> 0
#   digit tokens 25, 100, 3 -> 1/3; punct tokens "dogs." -> 1/1; capitalized "I" -> 1/1
@pytest.mark.parametrize("key,value", [
    ("n", 3), ("exact_acc", 1 / 3), ("lenient_acc", 2 / 3), ("wer", 3 / 7),
    ("itn_wer", 1 / 3), ("non_itn_wer", 0.0), ("digit_wer", 1 / 3), ("punct_wer", 1.0), ("cap_wer", 1.0)])
def test_itn_sentence_metrics(itn_report, key, value):
    assert itn_report[key] == pytest.approx(value)


def test_itn_spans(itn_report):
    # gold: (0,11,"25"), (0,11,"100"), (0,1,"i"), (6,11,"3"); predicted: the first two
    micro = itn_report["spans"]["micro"]
    assert (micro["pred"], micro["gold"], micro["precision"], micro["recall"]) == (2, 4, 1.0, 0.5)
    assert micro["f1"] == pytest.approx(2 / 3)
    card = itn_report["spans"]["per_class"]["cardinal"]
    assert card["precision"] == 1.0 and card["recall"] is None   # rows carry no class: no per-class recall


def test_failures_listed(itn_report):
    assert [f["input"] for f in itn_report["failures"]] == ["i saw three"]
    assert evaluate(ITN_STUB, ITN_ROWS, "itn")["failures"] == []


def test_per_class_and_alternatives():
    rows = [row("three", ["3", "three"], cls="CARDINAL"), row("first", "1st", cls="ORDINAL")]
    stub = Stub({"three": ("three", []), "first": ("first", [])})
    rep = evaluate(stub, rows, "itn")
    assert rep["exact_acc"] == 0.5                       # "three" is one of the alternatives
    assert rep["per_class"]["cardinal"]["exact_acc"] == 1.0
    assert rep["per_class"]["ordinal"]["exact_acc"] == 0.0
    assert rep["wer"] == 0.5                             # best reference: "three" (0 errors) + 1/1
    assert rep["spans"]["per_class"]["ordinal"]["recall"] == 0.0   # gold (0,5,"1st") missed


def test_tn_spans_and_lenient():
    rows = [row("I have two cats.", "I have 2 cats."), row("twenty five", "Twenty-five")]
    stub = Stub({"I have 2 cats.": ("I have two cats.", [(7, 8, "cardinal", "two")]),
                 "Twenty-five": ("Twenty-five", [])})
    rep = evaluate(stub, rows, "tn")
    assert rep["exact_acc"] == 0.5
    assert rep["lenient_acc"] == 1.0                     # TN lenient: lowercase, punctuation removed
    assert rep["spans"]["micro"]["precision"] == 1.0


def test_insertions_only_and_empty_reference():
    rows = [row("a b", "a b"), row("", "")]
    stub = Stub({"a b": ("x a b", []), "": ("y", [])})
    rep = evaluate(stub, rows, "itn")
    # a leading insertion is charged to copy words (tools/score.py); the empty reference adds no words
    assert rep["counts"]["copy_errors"] == 2 and rep["counts"]["copy_words"] == 2
    assert rep["non_itn_wer"] == 1.0 and rep["itn_wer"] == 0.0
    assert rep["wer"] == 1.0                             # 2 insertions over 2 reference words
    assert rep["exact_acc"] == 0.0


def test_asr_skips_rows_without_transcript_and_spans():
    rows = [row("one", "1", transcript="won"), row("two", "2")]
    rep = evaluate(Stub({"won": ("won", [])}), rows, "asr")
    assert rep["n"] == 1 and rep["spans"] is None and "omitted" in rep["spans_note"]


def test_lenient_itn_matches_reference_scorer():
    # tools/score.py's ITN lenient form: lowercase, strip "'`.,;:!?()[]{} at token edges only
    cases = [("$4.30,", "$4.30", True), ("4:30", "430", False), ("(1,000)", "1,000", True),
             ("Mr. Smith", "mr smith", True), ("a-b", "a b", False)]
    rows = [row(f"in{k}", ref) for k, (_, ref, _) in enumerate(cases)]
    stub = Stub({f"in{k}": (hyp, []) for k, (hyp, _, _) in enumerate(cases)})
    rep = evaluate(stub, rows, "itn")
    assert rep["counts"]["lenient"] == sum(ok for _, _, ok in cases)


class _S:
    def __init__(self, start, end, cls):
        self.start, self.end, self.cls = start, end, cls


@pytest.mark.parametrize("src, hyp, spans, want", [
    # a trigger word the pipeline's span copies is no part of the scored span
    ("world War two ended", "world War II ended", [_S(6, 13, "roman")], [(10, 13, "II", "roman")]),
    # a date and a year the pipeline read apart are one span, whether the comma is kept or not
    ("May 12 , 1981 was", "may twelfth , nineteen eighty one was", [_S(0, 6, "date"), _S(9, 13, "year")],
     [(0, 13, "may twelfth , nineteen eighty one", "date")]),
    ("the (two) kids", "the (2) kids", [_S(5, 8, "cardinal")], [(5, 8, "2", "cardinal")]),
    ("a b c", "a b c", [], []),
    ("nine .", "9 .", [], [(0, 4, "9", "other")]),     # a change outside the pipeline's spans
])
def test_predicted_spans_are_cut_as_gold_spans(src, hyp, spans, want):
    assert predicted_spans(src, hyp, spans) == want
    assert [g for g in gold_spans(src, hyp)] == [w[:3] for w in want]


def test_gold_spans_run_across_marks_between_changed_words():
    assert gold_spans("May 12 , 1981 .", "may twelfth nineteen eighty one .") == \
        [(0, 13, "may twelfth nineteen eighty one")]
    assert gold_spans("May 12 , and 1981", "may twelfth , and nineteen eighty one") == \
        [(0, 6, "may twelfth"), (13, 17, "nineteen eighty one")]


def test_gold_spans_trim_shared_punctuation():
    assert gold_spans("thirty nine.", "39.") == [(0, 11, "39")]
    assert gold_spans("same words", "same words") == []


def test_load_tsv_and_jsonl(tmp_path):
    tsv = tmp_path / "d.tsv"
    tsv.write_text("id\tcat\tspoken\twritten\n1\tCARDINAL\tone hundred\t100 || one hundred\n\n# a comment\n")
    assert load_rows(tsv) == [{"id": "1", "cls": "CARDINAL", "spoken": "one hundred",
                               "written": ["100", "one hundred"], "transcript": None}]
    # the class sets' three columns (tests/data/<tag>/itn_*.tsv), " | " between alternatives
    sets = tmp_path / "s.tsv"
    sets.write_text("# header comment\nmoney\tfive dollars\t$5 | 5 dollars\n")
    assert load_rows(sets) == [{"id": "2", "cls": "money", "spoken": "five dollars",
                                "written": ["$5", "5 dollars"], "transcript": None}]
    # a line of another shape is an error naming file and line, not a row silently lost
    bad = tmp_path / "b.tsv"
    bad.write_text("1\tCARDINAL\tone hundred\t100\nbad line\n")
    with pytest.raises(ValueError, match=r"b\.tsv:2: want 4 tab-separated fields"):
        load_rows(bad)
    js = tmp_path / "d.jsonl"
    js.write_text(json.dumps({"text": "5 cats", "gt_normalized": "five cats"}) + "\n\n")
    assert load_rows(js)[0]["written"] == ["5 cats"] and load_rows(js)[0]["spoken"] == "five cats"
    with pytest.raises(ValueError):
        evaluate(Stub({}), [], "nope")


def test_cli_eval(tmp_path, capsys, en):
    data = tmp_path / "d.tsv"
    data.write_text("1\tCARDINAL\ttwenty five\t25\n2\tPLAIN\thello there\thello there\n")
    assert cli.main(["eval", "--task", "itn", "--data", str(data), "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)["files"][0]
    assert rep["n"] == 2 and rep["lenient_acc"] == 1.0 and set(rep["per_class"]) == {"cardinal", "plain"}
    assert cli.main(["eval", "--task", "itn", "--data", str(data), "--errors", "1"]) == 0
    assert "exact_acc" in capsys.readouterr().out


def _tool(name):
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_tool_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    import sys
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(path.parent))
    return mod


def test_bench_helpers():
    bench = _tool("bench")
    longs = bench.long_inputs(["one two three", "four"], [3, 10])
    # one text of the largest size, cut into inputs of each size: every size reads the same words
    assert {k: [len(t.split()) for t in v] for k, v in longs.items()} == {"3": [3, 3, 3, 1], "10": [10]}
    assert " ".join(longs["3"]) == " ".join(longs["10"]) == "one two three four one two three four one two"
    s = bench.lat_stats([0.001, 0.002, 0.003, 0.004], words=40)
    assert s["sent_per_s"] == pytest.approx(400) and s["words_per_s"] == pytest.approx(4000)
    assert s["p50_ms"] == pytest.approx(3.0) and s["max_ms"] == pytest.approx(4.0)



def test_bench_subset_takes_the_median_pass():
    bench = _tool("bench")
    s = bench.subset_stats([0.01, 0.01], ["a b", "c d"], [0.5, 0.04, 0.03, 0.01])
    assert s["passes_s"] == pytest.approx([0.01, 0.02, 0.03, 0.04, 0.5])
    assert s["sent_per_s"] == pytest.approx(2 / 0.03) and s["words_per_s"] == pytest.approx(4 / 0.03)
    assert s["p50_ms"] == pytest.approx(10.0)   # latencies stay those of the first pass
    assert bench.subset_stats([], [], [1.0]) is None


def test_bench_systems_take_turns_pass_by_pass(monkeypatch):
    bench = _tool("bench")
    calls = []

    def spawn(system, direction, job):
        calls.append(system)
        assert job["warmup"] == ["w"]
        return {"error": "gone"} if system == "b" else {"sets": {k: [0.5, 0.25] for k in job["sets"]}}
    monkeypatch.setattr(bench, "spawn", spawn)
    out = bench.interleaved_passes(["a", "b"], "itn", {"set": ["x", "y"]}, 3, ["w"])
    assert calls == ["b", "a", "a", "b", "b", "a"]   # the order turns round each pass
    assert out == {"a": {"set": [0.75, 0.75, 0.75]}, "b": {"set": []}}


def test_bench_counts_inputs_a_system_raises_on():
    bench = _tool("bench")
    failed = {}

    def system(text):
        if "bad" in text:
            raise ValueError("no reading")
        return text.upper()
    system.reset = lambda: "reset"
    run = bench.counting(system, failed)
    assert [run("ok"), run("bad one"), run("bad two")] == ["OK", None, None]
    assert failed == {"ValueError: no reading": 2} and run.reset() == "reset"


def test_bench_retimes_the_slowest_sentences_from_cold_memos():
    bench = _tool("bench")
    calls, resets = [], []

    def run(text):
        calls.append(text)
    run.reset = lambda: resets.append(1)
    # "b" was slow in the pass (a stall); timed again it is as cheap as the rest
    out = bench.retime_slowest(run, ["a", "b", "c"], [0.001, 0.5, 0.002], k=2, tries=3)
    assert sorted(set(calls)) == ["b", "c"] and len(calls) == 6 and len(resets) == 6
    assert out["max_ms"] < 500 and out["text"] in ("b", "c")


def test_results_replace_block():
    results = _tool("results")
    text = "intro\n<!-- results:start -->\nold\n<!-- results:end -->\nrest\n"
    assert results.replace_block(text, "new") == "intro\n<!-- results:start -->\nnew\n<!-- results:end -->\nrest\n"
    with pytest.raises(SystemExit):
        results.replace_block("no markers", "new")
