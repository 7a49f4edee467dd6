"""The CLI calls the library; these run it in-process through main(argv)."""
import io
import json

import pytest


from normgram.cli import main


def run(argv, capsys, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_itn_text(capsys):
    code, out, _ = run(["itn", "twenty", "five", "people"], capsys)
    assert code == 0 and out == "25 people\n"


def test_tn_text(capsys):
    code, out, _ = run(["tn", "I have 21 apples"], capsys)
    assert code == 0 and out == "I have twenty one apples\n"


def test_stdin_lines(capsys, monkeypatch):
    code, out, _ = run(["itn"], capsys, stdin="one hundred\nno numbers here\n\n", monkeypatch=monkeypatch)
    assert out.splitlines() == ["100", "no numbers here", ""]


def test_input_file(capsys, tmp_path):
    f = tmp_path / "in.txt"
    f.write_text("3.14 is pi\n", encoding="utf-8")
    code, out, _ = run(["tn", "--input", str(f)], capsys)
    assert out == "three point one four is pi\n"


def test_json_spans(capsys):
    code, out, _ = run(["itn", "--json", "about twenty one percent of one thousand"], capsys)
    res = json.loads(out)
    assert res["input"] == "about twenty one percent of one thousand"
    sp = res["spans"][-1]
    assert sp["cls"] in ("cardinal", "year") and sp["input"] == "one thousand"
    assert res["output"][sp["out_start"]:sp["out_end"]] == sp["output"] == "1000"


def test_explain_lists_candidates(capsys):
    code, out, _ = run(["explain", "twenty one hundred"], capsys)
    assert code == 0 and "2100" in out and "cardinal" in out and "*" in out


def test_unknown_locale_exit_code(capsys):
    code, _, err = run(["itn", "--locale", "xx", "one"], capsys)
    assert code == 2 and "unknown locale" in err


def test_compile_grammars_writes_far(capsys, tmp_path):
    out_far = tmp_path / "en.far"
    code, out, _ = run(["compile-grammars", "--locale", "en", "-o", str(out_far)], capsys)
    assert code == 0 and out_far.stat().st_size > 0 and "cardinal" in out


def test_jobs_keeps_order(capsys, monkeypatch):
    lines = [f"{n} apples" for n in range(10, 400)]
    code, out, _ = run(["tn", "--jobs", "2"], capsys, stdin="\n".join(lines) + "\n", monkeypatch=monkeypatch)
    from normgram import Normalizer
    assert out.splitlines() == Normalizer("en").tn_batch(lines)


def test_itn_stream_stdin(capsys, monkeypatch):
    stdin = "we sold twenty\none hundred copies to them\n\nat four\nthirty p m\n"
    code, out, _ = run(["itn", "--stream"], capsys, stdin=stdin, monkeypatch=monkeypatch)
    assert code == 0 and out == "we sold 2,100 copies to them\nat 4:30 p.m.\n"


def test_itn_stream_json_updates(capsys, monkeypatch):
    code, out, _ = run(["itn", "--stream", "--json"], capsys, stdin="we sold twenty\none hundred copies to them\n",
                       monkeypatch=monkeypatch)
    recs = [json.loads(line) for line in out.splitlines()]
    assert [r["final"] for r in recs] == [False, False, True]
    assert "".join(r["committed"] for r in recs) == "we sold 2,100 copies to them"
    assert recs[0]["pending"] == "we sold 20" and recs[-1]["spans"][0]["word_start"] == 2


def test_itn_tagged(capsys, monkeypatch):
    stdin = "at <time> four thirty </time> tomorrow\n<date> blue </date> sky\n"
    code, out, err = run(["itn", "--tagged"], capsys, stdin=stdin, monkeypatch=monkeypatch)
    assert code == 0 and out == "at 4:30 tomorrow\nblue sky\n"
    assert "line 2: <date> 'blue' copied unchanged" in err


def _stdin_bytes(monkeypatch, data):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))


LINE_ENDINGS = {  # input bytes: the outputs' lines (text mode, split at LF only)
    "crlf": (b"hello there\r\nno numbers\r\n", ["hello there\r", "no numbers\r"]),
    "lone-cr-inside-line": (b"hello\rthere\nbye\n", ["hello\rthere", "bye"]),
    "no-final-newline": (b"hello\nthere", ["hello", "there"]),
}


@pytest.mark.parametrize("mode", ["stdin", "input"])
@pytest.mark.parametrize("case", list(LINE_ENDINGS))
def test_line_endings_kept(capsys, monkeypatch, tmp_path, mode, case):
    data, want = LINE_ENDINGS[case]
    if mode == "input":
        (tmp_path / "in.txt").write_bytes(data)
        argv = ["itn", "--input", str(tmp_path / "in.txt")]
    else:
        _stdin_bytes(monkeypatch, data)
        argv = ["itn"]
    code, out, _ = run(argv, capsys)
    assert code == 0 and out.split("\n")[:-1] == want


@pytest.mark.parametrize("mode", ["stdin", "input", "stream", "tagged"])
def test_json_is_valid_for_bytes_not_utf8(capsys, monkeypatch, tmp_path, mode):
    data = b"caf\xe9 \xff\xfe hello\n"
    argv = ["itn", "--json"] + {"stream": ["--stream"], "tagged": ["--tagged"]}.get(mode, [])
    if mode == "input":
        (tmp_path / "in.txt").write_bytes(data)
        argv += ["--input", str(tmp_path / "in.txt")]
    else:
        _stdin_bytes(monkeypatch, data)
    code, out, _ = run(argv, capsys)
    recs = [json.loads(line.encode("utf-8", "strict")) for line in out.splitlines()]
    assert code == 0 and recs and "\ufffd" in json.dumps(recs, ensure_ascii=False)
