"""ITN does no harm to prose (issue 24): each kind of change ITN made to number-free prose,
with inputs written for these tests (tests/data/prose_harm.yaml), one pytest id per case.
The share of changed lines over whole corpora is measured by tools/prose_harm.py."""
from pathlib import Path

import pytest
import yaml

KINDS = yaml.safe_load((Path(__file__).parent / "data" / "prose_harm.yaml").read_text(encoding="utf-8"))
CASES = [pytest.param(kind, c["input"], c["output"], id=f"{kind}-{c['input']}")
         for kind, cases in KINDS.items() for c in cases]


@pytest.mark.parametrize("kind,text,expected", CASES)
def test_prose_kind(en, kind, text, expected):
    assert en.itn(text) == expected
