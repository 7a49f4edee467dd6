"""Golden outputs: every dev, conversational and ASR line gives the output committed in
tests/golden (written by tools/golden.py), one test id per line.  A change meant to change
outputs rewrites the golden files with the tool and shows the difference in its commit."""
import importlib.util
from functools import lru_cache
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("golden", Path(__file__).parents[1] / "tools" / "golden.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)

SETS = golden.sets()


def _cases():
    for name, (locale, how, inputs) in SETS.items():
        expected = golden.read(name)
        assert len(expected) == len(inputs), f"{name}: golden file out of date (rerun tools/golden.py)"
        for i, (text, want) in enumerate(zip(inputs, expected)):
            yield pytest.param(name, i, want, id=f"{name}:{i + 1}")


@lru_cache(maxsize=None)
def _outputs(name):
    locale, how, inputs = SETS[name]
    return golden.outputs(locale, how, inputs)


@pytest.mark.parametrize("name,index,want", list(_cases()))
def test_golden(name, index, want):
    assert _outputs(name)[index] == want
