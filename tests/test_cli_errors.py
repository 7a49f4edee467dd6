"""Bad arguments and bad files give one line on stderr naming the argument, file or line,
exit code 2 for usage errors and 1 for failures, and never a traceback (run in-process)."""
import io
import json

import pytest

from normgram import Normalizer
from normgram.cli import main
from normgram.errors import UnknownLocale


def _files(tmp):
    (tmp / "not-a-model.bin").write_bytes(b"this is not a ranker model\n")
    (tmp / "bad.tsv").write_text("id\tclass\tspoken\twritten\n1\tx\n", encoding="utf-8")
    (tmp / "bad.jsonl").write_text('{"gt_normalized": "one", "text": "1"}\n{"text": "2"}\n', encoding="utf-8")
    (tmp / "in.txt").write_text("one\n", encoding="utf-8")


# name: (argv with {tmp}, exit code, words the message must hold)
CASES = {
    "rules-dir missing": (["itn", "--rules-dir", "{tmp}/no-rules", "one"], 2, ["--rules-dir", "no-rules"]),
    "rules-dir a file": (["itn", "--rules-dir", "{tmp}/in.txt", "one"], 2, ["--rules-dir", "in.txt"]),
    "input missing": (["itn", "--input", "{tmp}/missing.txt"], 2, ["--input", "missing.txt"]),
    "input a folder": (["tn", "--input", "{tmp}"], 2, ["--input", "folder"]),
    "ranker missing": (["itn", "--ranker", "{tmp}/missing.gz", "one"], 2, ["--ranker", "missing.gz"]),
    "ranker not a model": (["itn", "--ranker", "{tmp}/not-a-model.bin", "one"], 1, ["not-a-model.bin", "not a"]),
    "tag input missing": (["tag", "--input", "{tmp}/missing.txt"], 2, ["--input", "missing.txt"]),
    "tag output a folder": (["tag", "--input", "{tmp}/in.txt", "--output", "{tmp}"], 2, ["--output", "folder"]),
    "tag output in missing folder": (["tag", "--input", "{tmp}/in.txt", "--output", "{tmp}/no/dir/out.jsonl"], 2,
                                     ["--output", "does not exist"]),
    "eval data missing": (["eval", "--task", "itn", "--data", "{tmp}/missing.tsv"], 2, ["--data", "missing.tsv"]),
    "eval tsv bad line": (["eval", "--task", "itn", "--data", "{tmp}/bad.tsv"], 1, ["bad.tsv:2"]),
    "eval jsonl bad line": (["eval", "--task", "itn", "--data", "{tmp}/bad.jsonl"], 1, ["bad.jsonl:2"]),
    "locale unknown": (["itn", "--locale", "xx-nowhere", "one"], 2, ["xx-nowhere"]),
}


@pytest.mark.parametrize("name", list(CASES), ids=[n.replace(" ", "_") for n in CASES])
def test_bad_argument_one_line(tmp_path, capsys, name):
    _files(tmp_path)
    argv, code, words = CASES[name]
    got = main([a.replace("{tmp}", str(tmp_path)) for a in argv])
    err = capsys.readouterr().err.strip()
    assert got == code and len(err.splitlines()) == 1 and "Traceback" not in err, (got, err)
    assert all(w in err for w in words), err


def test_tag_bad_output_checked_before_reading_input(tmp_path, capsys, monkeypatch):
    def refuse():
        raise AssertionError("input read before the output path was checked")
    monkeypatch.setattr("sys.stdin", type("S", (), {"buffer": property(lambda s: refuse())})())
    assert main(["tag", "--output", str(tmp_path / "no" / "out.jsonl")]) == 2


@pytest.mark.parametrize("tag", ["en", "EN", "en-US", "en_US", "En-gb"])
def test_locale_tags_map_to_language(tag):
    assert Normalizer(tag).locale.tag == "en"


@pytest.mark.parametrize("tag", ["xx", "xx-US", "english", ""])
def test_unknown_locale_still_raises(tag):
    with pytest.raises(UnknownLocale):
        Normalizer(tag)


@pytest.mark.parametrize("method", ["itn_batch", "tn_batch"])
def test_batch_of_one_str_raises(method):
    with pytest.raises(TypeError, match="iterable of str"):
        getattr(Normalizer("en"), method)("twenty five")


def test_batch_of_list_returns_list():
    assert Normalizer("en").itn_batch(["twenty five"]) == ["25"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_tag_sigterm_leaves_no_file(tmp_path, jobs):
    """SIGTERM (timeout, kill, schedulers) while tagging: exit code 143, one line on stderr,
    and neither the output nor its hidden temporary file is left behind."""
    import os
    import signal
    import subprocess
    import sys
    import time
    src, out_dir = tmp_path / "in.txt", tmp_path / "out"
    out_dir.mkdir()
    src.write_text("".join(f"It costs {n} dollars on May {n % 28 + 1}, {1900 + n % 120}.\n" for n in range(20000)),
                   encoding="utf-8")
    p = subprocess.Popen([sys.executable, "-m", "normgram.cli", "tag", "--input", str(src), "-j", jobs,
                          "--output", str(out_dir / "pairs.jsonl")], stderr=subprocess.PIPE, env=os.environ.copy())
    deadline = time.monotonic() + 120
    while not any(out_dir.iterdir()) and p.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(2.0)  # well into the work
    assert p.poll() is None, "tagging ended before SIGTERM: make the input larger"
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=60)
    err = err.decode("utf-8", "replace").strip()
    assert p.returncode == 143 and b"Traceback" not in err.encode() and len(err.splitlines()) == 1, err[-500:]
    assert list(out_dir.iterdir()) == []
