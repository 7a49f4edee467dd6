import os
import tempfile

import pytest

# Tests compile into their own cache so they never read a stale developer cache.
os.environ.setdefault("NORMGRAM_CACHE", os.path.join(tempfile.gettempdir(), "normgram-test-cache"))

import normgram  # noqa: E402


@pytest.fixture(scope="session")
def en():
    return normgram.Normalizer("en")
