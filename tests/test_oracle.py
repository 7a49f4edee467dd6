"""num2words oracle, sampled: cardinals and ordinals of each table-driven locale, both
directions, against num2words (tools/oracle.py runs the full 5000 + 1000 per locale).

The rates count the disagreements tools/oracle.py lists as num2words errors
(KNOWN_ERRORS) as agreements; a seeded sample keeps the test deterministic.
"""
import functools
import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("num2words")

_spec = importlib.util.spec_from_file_location("oracle", Path(__file__).parents[1] / "tools" / "oracle.py")
oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(oracle)

CARDINALS, ORDINALS, MIN_RATE = 300, 200, 0.99


@functools.lru_cache(maxsize=None)
def report(tag):
    lines = []
    return oracle.run_locale(tag, CARDINALS, ORDINALS, seed=1, show=5, out=lines.append), tuple(lines)


@pytest.mark.parametrize("direction", ["tn", "itn"])
@pytest.mark.parametrize("kind", ["cardinal", "ordinal"])
@pytest.mark.parametrize("tag", oracle.LOCALES)
def test_num2words_agreement(tag, kind, direction):
    rates, lines = report(tag)
    rate = rates[kind][f"{direction}_adjusted"]
    assert rate >= MIN_RATE, "\n".join(lines)
