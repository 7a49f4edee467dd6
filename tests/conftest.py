import hashlib
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


def hash_scorer(left, tokens, right):
    """A scorer whose cost changes with every context word: a context mix-up or a cut that
    hides context shows (streaming and long-line tests)."""
    key = "\x1f".join(left) + "|" + " ".join(tokens) + "|" + "\x1f".join(right)
    return int(hashlib.md5(key.encode("utf-8", "surrogatepass")).hexdigest()[:6], 16) / 0xFFFFFF * 3.0


@pytest.fixture(scope="session")
def scored():
    """English ITN/TN ranked by ``hash_scorer`` (12 readings per region)."""
    return normgram.Normalizer("en", scorer=hash_scorer, nbest=12)


# Rule-file options that are off by default, switched on (or on by default, switched off) through a rules_dir overlay
# (tests/test_options.py, test_locale.py).  Every overlay is a full compile of the locale
# (about a minute), so options that touch other classes or directions share one: the three
# conventions of ITN times need two overlays (the default is the third), the others ride along.
OVERLAYS = {
    "a": {"itn_rules/en/times.yaml": "zero_minutes: oclock\noclock_hour: digits\nsuffix_written: {am: AM, pm: PM}\n",
          "itn_rules/en/formats.yaml": "and_numbers_kept: true\n",
          "tn_rules/en/letters.yaml": "acronyms: keep\n",
          "tn_rules/en/abbreviations.yaml": "prose: keep\n",
          "locales/en/electronic.yaml": "hashtag_said: false\n"},
    "b": {"itn_rules/en/times.yaml": "zero_minutes: colon\noclock_hour: digits\nhour_format: 24\n",
          "itn_rules/en/dates.yaml": "numeric_order: dmy\n",
          "locales/en/dates.yaml": "iso_centuries: []\n",
          "itn_rules/en/formats.yaml": "thousands_separator: ''\n",
          "tn_rules/en/address.yaml": "state_codes: spell\n",
          "tn_rules/en/letters.yaml": "abbreviations: spell\n"},
}


def write_rules(folder, files):
    """A rules_dir overlay holding ``files`` ({path below the folder: text}); -> the folder."""
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def overlay_a(tmp_path_factory):
    return normgram.Normalizer("en", rules_dir=write_rules(tmp_path_factory.mktemp("rules"), OVERLAYS["a"]))


@pytest.fixture(scope="session")
def overlay_b(tmp_path_factory):
    return normgram.Normalizer("en", rules_dir=write_rules(tmp_path_factory.mktemp("rules"), OVERLAYS["b"]))


def words_events(text):
    """Words and the mark after each, from a case's words where "," stands apart
    ("salt lake city , utah" -> words, ["", "", ",", ""]): the stages' input shape."""
    words, events = [], []
    for tok in text.split():
        if tok == ",":
            events[-1] = ","
        else:
            words.append(tok)
            events.append("")
    return words, events
