"""A small seeded fuzz run (tools/fuzz.py) through the library and the CLI, one test per failure kind,
and each bad CLI argument on its own.

Kinds that fail today are strict xfails naming the issue: when the fault is fixed the test
passes, the strict xfail reports it, and the marker is removed.
"""
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("fuzz", ROOT / "tools" / "fuzz.py")
fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz)

N, SEED = 40, 20261206

# failure kinds a seeded run finds today, with the reason
KNOWN = {}


@pytest.fixture(scope="module")
def report():
    return fuzz.fuzz(N, SEED, max_long=3000, bad_args=False)


def _kind_params():
    for kind in fuzz.KINDS:
        if kind == "bad_args":
            continue
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN[kind])] if kind in KNOWN else []
        yield pytest.param(kind, marks=marks, id=kind)


@pytest.mark.parametrize("kind", list(_kind_params()))
def test_fuzz_kind(report, kind):
    assert report["failures"][kind] == 0, (report["by_mode"].get(kind), report["examples"].get(kind, [])[:3])


def test_fuzz_ran_every_mode(report):
    assert set(report["calls"]) == set(fuzz.MODES)


def test_inputs_are_seeded_and_have_no_newline():
    a, b = fuzz.generate(200, 7), fuzz.generate(200, 7)
    assert a == b and a != fuzz.generate(200, 8)
    assert not any(b"\n" in data for _, data in a)
    assert {kind for kind, _ in fuzz.generate(500, 1)} == set(fuzz.INPUT_KINDS)


@pytest.mark.parametrize("src,out,spans,ok", [
    ("one two", "1 two", [{"start": 0, "end": 3, "input": "one", "output": "1"}], True),
    ("one two", "1 tw", [{"start": 0, "end": 3, "input": "one", "output": "1"}], False),
    ("a\tb", "a b", [], False),
    ("x one", "x one", [], True),
], ids=["explained", "lost-char", "tab-changed", "no-span"])
def test_lost_text_check(src, out, spans, ok):
    assert (fuzz.check_result(src, {"input": src, "output": out, "spans": spans}) == []) is ok


@pytest.mark.parametrize("name", [name for name, _, _ in fuzz.bad_argument_cases(Path("."))],  # names only here
                         ids=lambda name: name.replace(" ", "_"))
def test_bad_argument_is_one_line_error(tmp_path, name):
    fuzz.make_bad_argument_files(tmp_path)
    tail, stdin = {n: (t, s) for n, t, s in fuzz.bad_argument_cases(tmp_path)}[name]
    p = subprocess.run([sys.executable, "-m", "normgram.cli", *tail], input=stdin, capture_output=True, timeout=60)
    err = p.stderr.decode("utf-8", "replace").strip()
    assert b"Traceback" not in p.stderr and p.returncode in (1, 2) and len(err.splitlines()) == 1, err[-500:]


@pytest.mark.parametrize("n,part,want", [(10, "0/1", (0, 10)), (10, "0/3", (0, 3)), (10, "2/3", (6, 10)),
                                         (100000, "9/10", (90000, 100000))], ids=str)
def test_parts_cover_the_inputs(n, part, want):
    assert fuzz.part_range(n, part) == want
    k = int(part.split("/")[1])
    assert [fuzz.part_range(n, f"{i}/{k}") for i in range(k)][-1][1] == n


def test_merged_parts_equal_one_run():
    """Reports of the parts of one run merge into the counts of the whole (calls and failures summed)."""
    def rep(part, lost, calls):
        return {"n": 10, "seed": 1, "part": part, "seconds": 2.0, "calls": {"lib-itn": calls},
                "failures": {k: (lost if k == "lost_text" else 0) for k in fuzz.KINDS},
                "by_mode": {"lost_text": {"lib-itn": lost}} if lost else {},
                "examples": {"lost_text": [{"mode": "lib-itn", "input": str(i)} for i in range(lost)]}}
    merged = fuzz.merge([rep("0/2", 3, 4), rep("1/2", 0, 5)])
    assert merged["inputs"] == 10 and merged["calls"] == {"lib-itn": 9} and merged["seconds"] == 4.0
    assert merged["failures"]["lost_text"] == 3 and merged["by_mode"] == {"lost_text": {"lib-itn": 3}}
    with pytest.raises(ValueError):
        fuzz.merge([rep("0/2", 0, 1), {**rep("1/2", 0, 1), "seed": 2}])
