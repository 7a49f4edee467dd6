"""The FAR cache (normgram/build/cache.py, run/far.py): an entry is checked against the
checksum stored in its spec before OpenFst reads it; a damaged one is reported in one line
and rebuilt; an unwritable cache folder is reported once; files are readable by others; a
long compile shows what it is doing on a terminal only."""
import io
import json
import os
import shutil
import subprocess
import sys

import pytest

from normgram import build
from normgram.build.progress import CompileProgress
from normgram.rules.locale import Locale
from normgram.run.far import check_entry

LOCALE, TEXT = "de", "fünfundzwanzig euro"
RUN = ("import normgram; print(normgram.Normalizer({locale!r}, ranker=False).itn({text!r}))")


class FakeTTY(io.StringIO):
    def isatty(self):
        return True


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A cache folder holding the ITN entry of LOCALE (compiled once, under umask 022, with a
    terminal as stderr), the compile's stderr, and ITN of TEXT from it."""
    folder = tmp_path_factory.mktemp("cache")
    old_env, old_umask, old_err = os.environ.get("NORMGRAM_CACHE"), os.umask(0o022), sys.stderr
    os.environ["NORMGRAM_CACHE"], sys.stderr = str(folder), FakeTTY()
    try:
        build.load(Locale(LOCALE, lazy=True), "itn")
        err = sys.stderr.getvalue()
    finally:
        os.umask(old_umask)
        sys.stderr = old_err
        if old_env is None:
            del os.environ["NORMGRAM_CACHE"]
        else:
            os.environ["NORMGRAM_CACHE"] = old_env
    out = _run(folder)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return folder, err, out.stdout


def _run(folder):
    env = {**os.environ, "NORMGRAM_CACHE": str(folder)}
    return subprocess.run([sys.executable, "-c", RUN.format(locale=LOCALE, text=TEXT)], env=env,
                          capture_output=True, text=True, timeout=600)


def _entry(folder):
    far_path = next(folder.glob(f"{LOCALE}-*-itn.far"))
    return far_path, far_path.with_suffix(".json")


def _damage(folder, how):
    far_path, spec_path = _entry(folder)
    if how == "flipped bytes":  # same size, bytes inverted inside the region FST, which every start reads
        data = bytearray(far_path.read_bytes())
        at = data.index(b"REGION_ITN") + 256
        data[at:at + 4096] = bytes(b ^ 0xFF for b in data[at:at + 4096])
        far_path.write_bytes(bytes(data))
    elif how == "truncated":
        far_path.write_bytes(far_path.read_bytes()[: far_path.stat().st_size // 2])
    elif how == "other format":
        doc = json.loads(spec_path.read_text(encoding="utf-8"))
        doc["format"] += 1
        spec_path.write_text(json.dumps(doc), encoding="utf-8")
    elif how == "spec not json":
        spec_path.write_text("{", encoding="utf-8")


def _copy(built, tmp_path):
    folder = tmp_path / "cache"
    shutil.copytree(built[0], folder)
    return folder


DAMAGE = ["flipped bytes", "truncated", "other format", "spec not json"]


@pytest.mark.parametrize("how", ["sound", *DAMAGE])
def test_check_entry_finds_damage(built, tmp_path, how):
    folder = _copy(built, tmp_path)
    if how != "sound":
        _damage(folder, how)
    spec, why = check_entry(*_entry(folder), "itn")
    if how == "sound":
        assert spec is not None and why is None
    else:
        assert spec is None and why


@pytest.mark.parametrize("how", DAMAGE[:3])
def test_damaged_entry_is_reported_once_and_rebuilt(built, tmp_path, how):
    folder = _copy(built, tmp_path)
    _damage(folder, how)
    out = _run(folder)  # in a child process: damaged bytes read by OpenFst crashed it (rc 139)
    assert out.returncode == 0, out.stderr
    assert out.stdout == built[2]
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("normgram: grammar cache entry ") and "rebuilding" in lines[0]
    assert check_entry(*_entry(folder), "itn")[0] is not None  # the rebuilt entry is sound


def test_cache_files_are_readable_by_others(built):
    modes = {p.name: oct(p.stat().st_mode & 0o777) for p in built[0].iterdir()}
    assert modes and set(modes.values()) == {"0o644"}, modes


def test_unwritable_cache_warns_once_naming_the_fix(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("NORMGRAM_CACHE", str(blocker / "cache"))  # a folder cannot be made below a file
    monkeypatch.setattr(build.cache, "_UNWRITABLE", set())
    monkeypatch.setattr(build.cache, "compile_direction", lambda loc, d: ({}, _spec(d)))
    for _ in range(2):
        fsts, spec = build.load(Locale(LOCALE, lazy=True), "itn")
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "cannot write the grammar cache" in err[0] and "NORMGRAM_CACHE" in err[0], err


def _spec(direction):
    from normgram.run.spec import Spec, Text
    return Spec(locale=LOCALE, direction=direction, classes=(), text=Text(alphabet="", edge_punctuation="",
                word_pattern=r"\S+"), triggers={}, gates={})


def test_compile_shows_progress_on_a_terminal(built):
    err = built[1]
    assert f"\rnormgram: compiling {LOCALE} itn: " in err
    assert err.endswith("\n") and f"normgram: compiled {LOCALE} itn in" in err


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


@pytest.mark.parametrize("case", ["terminal, slow", "terminal, fast", "not a terminal, slow"])
def test_progress_line(case):
    stream = FakeTTY() if case.startswith("terminal") else io.StringIO()
    clock = Clock()
    p = CompileProgress("xx", "tn", stream=stream, delay=1.0, clock=clock)
    for i, name in enumerate(["cardinal", "money"]):
        clock.now = (i + 1) * (2.0 if case.endswith("slow") else 0.3)
        p.step(name)
    p.close()
    if case == "terminal, slow":
        assert stream.getvalue() == ("\rnormgram: compiling xx tn: cardinal (2 s)\x1b[K"
                                     "\rnormgram: compiling xx tn: money (4 s)\x1b[K"
                                     "\rnormgram: compiled xx tn in 4 s\x1b[K\n")
    else:
        assert stream.getvalue() == ""
