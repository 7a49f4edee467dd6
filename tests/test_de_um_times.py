"""German clock times said without "Uhr" after a cue word ("um neunzehn dreißig" -> "um 19:30
Uhr"), and numbers that must stay numbers ("um zwanzig dreißig Prozent"): one test id per line
of tests/data/de/um_times.tsv, written for these tests."""
from pathlib import Path

import pytest

from conftest import normalizer

DATA = Path(__file__).parent / "data" / "de" / "um_times.tsv"


def _cases():
    out = []
    for i, line in enumerate(DATA.read_text(encoding="utf-8").splitlines()):
        if not line.strip() or line.startswith("#"):
            continue
        kind, spoken, written, *known = line.split("\t")
        marks = [pytest.mark.xfail(strict=True, reason="known failure")] if known else []
        out.append(pytest.param(kind, spoken, written, marks=marks, id=f"{kind}-{i}-{spoken}"))
    return out


@pytest.mark.parametrize("kind, spoken, written", _cases())
def test_um_times(kind, spoken, written):
    out = normalizer("de").itn(spoken)
    if kind == "time":
        assert out == written
    else:  # the numbers stay numbers: no clock time
        assert ":" not in out, out
