"""README examples do what README shows: one test id per example whose output README prints.

Python blocks: every ``>>>`` example with an expected output is checked as doctest checks it
(the block's earlier examples run first, in one namespace per block, with ``normgram``
imported).  Console blocks (```console): every ``$ command`` followed by output lines is run
by the shell in a temporary folder, after the block's earlier commands, and its stdout must
equal those lines; the ``normgram`` of this interpreter's environment is first on PATH.
"""
import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def _blocks(lang):
    """[(line number of the block, its text)] of the README's fenced blocks in ``lang``."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m.group(2)) for m in _FENCE.finditer(text) if m.group(1) == lang]


def _python_examples():
    """[(block line, examples of the block, index of the checked example)]."""
    out = []
    for line, body in _blocks("python"):
        examples = doctest.DocTestParser().get_examples(body)
        out += [(line, examples, i) for i, ex in enumerate(examples) if ex.want]
    return out


def _console_commands(body):
    """[(command, expected stdout, line in the block)] of a console block: ``$ `` lines and the lines after them."""
    cmds = []
    for lineno, ln in enumerate(body.splitlines(keepends=True)):
        if ln.startswith("$ "):
            cmds.append([ln[2:].rstrip("\n"), "", lineno])
        elif cmds:
            cmds[-1][1] += ln
    return [tuple(c) for c in cmds]


def _console_examples():
    out = []
    for line, body in _blocks("console"):
        cmds = _console_commands(body)
        out += [(line, cmds, i) for i, (_, want, _) in enumerate(cmds) if want]
    return out


def _id(case):
    line, items, i = case
    item = items[i]
    text, offset = (item.source, item.lineno) if hasattr(item, "source") else (item[0], item[2])
    return f"README:{line + offset}:{text.strip()[:50]}"


PY = _python_examples()
SH = _console_examples()


def test_readme_has_checked_examples():
    assert len(PY) >= 10 and len(SH) >= 4


@pytest.mark.parametrize("case", PY, ids=[_id(c) for c in PY])
def test_python_example(case):
    _, examples, i = case
    import normgram
    ns = {"normgram": normgram}
    for ex in examples[:i]:
        exec(compile(ex.source, "README.md", "single"), ns)
    ex = examples[i]
    got = []
    hook = sys.displayhook
    sys.displayhook = lambda v: got.append(repr(v) + "\n") if v is not None else None
    try:
        exec(compile(ex.source, "README.md", "single"), ns)
    finally:
        sys.displayhook = hook
    checker = doctest.OutputChecker()
    assert checker.check_output(ex.want, "".join(got), 0), f"{ex.source}README shows {ex.want!r}, got {''.join(got)!r}"


@pytest.mark.parametrize("case", SH, ids=[_id(c) for c in SH])
def test_console_example(case, tmp_path):
    _, cmds, i = case
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    for cmd, _, _ in cmds[:i]:
        subprocess.run(cmd, shell=True, cwd=tmp_path, env=env, check=True, capture_output=True)
    cmd, want, _ = cmds[i]
    r = subprocess.run(cmd, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert r.returncode == 0, f"{cmd}: exit {r.returncode}: {r.stderr[-500:]}"
    assert r.stdout == want, f"{cmd}: README shows {want!r}, got {r.stdout!r}"


def test_readme_is_short_and_self_contained():
    """README stays a newcomer's page (details live in docs/) and names nothing outside the repo."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 220
    assert "../shared" not in text
