"""Property: a number up to 10⁹ said any way a locale's TN says it, or re-spaced the ways
speakers and recognizers write it (tools/number_probes.py FORMS: split, joined, hyphenated),
comes back from ITN as that number, whole: never digits and number words mixed for one
number, never split into several numbers (issue 26).  One test per locale and source of words."""
import importlib.util
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import normalizer

pytest.importorskip("num2words")

_spec = importlib.util.spec_from_file_location("number_probes", Path(__file__).parents[1] / "tools" / "number_probes.py")
probes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(probes)

# numbers below 13 stay words in some locales' ITN (standalone_words_below)
NUMBERS = st.integers(13, 10 ** 9)
SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _check(tag, n, words):
    got = normalizer(tag).itn(words)
    v = probes.verdict(got, words, n, tag)
    assert v == "ok", f"{tag}: {words!r} -> {got!r} ({v}), want {n}"


@pytest.mark.parametrize("tag", probes.LOCALES)
@SETTINGS
@given(n=NUMBERS)
def test_tn_variants_read_back(tag, n):
    """Each of the 8 best spoken forms TN's cardinal grammar emits for n."""
    variants = normalizer(tag).apply_class("cardinal", "tn", str(n), nbest=8)
    assert variants, f"TN has no reading of {n}"
    for words in variants:
        _check(tag, n, words)


@pytest.mark.parametrize("tag", probes.LOCALES)
@SETTINGS
@given(n=NUMBERS)
def test_respaced_forms_read_back(tag, n):
    """num2words' words (its known misspellings corrected) in every re-spaced form of the locale."""
    from num2words import num2words
    import oracle  # tools/, put on sys.path by number_probes
    base = " ".join(oracle.fix_known(tag, num2words(n, lang=tag).lower()).split())
    for form in probes.FORMS[tag].values():
        _check(tag, n, form(base))
