"""German clock times said without "Uhr" after a cue word ("um neunzehn dreißig" -> "um 19:30
Uhr"), and numbers that must stay numbers ("um zwanzig dreißig Prozent"): one test id per line
of tests/data/de/um_times.tsv, written for these tests."""
from pathlib import Path

import pytest

from conftest import normalizer, tsv_cases

DATA = Path(__file__).parent / "data" / "de" / "um_times.tsv"



@pytest.mark.parametrize("kind, spoken, written", tsv_cases(DATA, with_kind=True))
def test_um_times(kind, spoken, written):
    out = normalizer("de").itn(spoken)
    if kind == "time":
        assert out == written
    else:  # the numbers stay numbers: no clock time
        assert ":" not in out, out
