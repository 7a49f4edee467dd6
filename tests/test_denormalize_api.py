"""Normalizer.punctuate / truecase / denormalize, `normgram denormalize` and `eval --task denorm`
wired to the stages (the stages themselves: tests/test_stages.py)."""
import json

import pytest

from normgram.cli import main


@pytest.mark.parametrize("text", ["it cost twelve dollars", "we met at four thirty in london",
                                  "she paid twenty five euros for two tickets"])
def test_denormalize_keeps_itn_spans(en, text):
    itn = en.itn_result(text)
    res = en.denormalize_result(text)
    assert len(res.spans) == len(itn.spans)
    for sp in res.spans:
        assert res.output[sp.out_start:sp.out_end].lower() == sp.output.lower()
    assert res.output == en.denormalize(text)
    assert res.output[0].isupper() and res.output[-1] in ".?!"


@pytest.mark.parametrize("text", ["it cost twelve dollars", "is that right"])
def test_stages_change_no_word(en, text):
    punct = en.punctuate(text)
    assert [w.strip(",.?!") for w in punct.split()] == text.split()
    assert en.truecase(text).lower() == text


def test_stages_turned_off(en):
    text = "it cost twelve dollars"
    assert en.denormalize(text, punctuation=False, truecasing=False) == en.itn(text)


def test_cli_denormalize(capsys):
    assert main(["denormalize", "it", "cost", "twelve", "dollars"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("It cost $12")
    assert main(["denormalize", "--json", "--no-truecasing", "it cost twelve dollars"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["output"].startswith("it cost $12") and rec["spans"][0]["output"] == "$12"


def test_eval_denorm(tmp_path, capsys):
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps({"text": "It cost $12.", "gt_normalized": "it cost twelve dollars"}) + "\n",
                    encoding="utf-8")
    assert main(["eval", "--task", "denorm", "--json", "--data", str(data)]) == 0
    rep = json.loads(capsys.readouterr().out)["files"][0]
    assert rep["task"] == "denorm" and rep["n"] == 1 and 0.0 <= rep["wer"] <= 1.0
    assert set(rep) >= {"pwer", "dwer", "uwer", "cwer", "caps", "marks"}
