"""The CLI calls the library; these run it in-process through main(argv)."""
import io
import json


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
