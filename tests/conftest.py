import os
import tempfile

import pytest

# Tests compile into their own cache so they never read a stale developer cache.
os.environ.setdefault("NORMGRAM_CACHE", os.path.join(tempfile.gettempdir(), "normgram-test-cache"))

import normgram  # noqa: E402


_NORMS = {}


def normalizer(locale):
    """One Normalizer per locale for the whole run (test modules share it: memory, compile)."""
    if locale not in _NORMS:
        _NORMS[locale] = normgram.Normalizer(locale)
    return _NORMS[locale]


@pytest.fixture(scope="session")
def en():
    return normalizer("en")
