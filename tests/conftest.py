import hashlib
import os
import tempfile
from pathlib import Path

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


# The other locales' option overlays (tests/test_locale_options.py) and a user's acronyms
# overlay (tests/test_prose_harm_acronyms.py): here so the session's precompile knows them.
LOCALE_OVERLAYS = {
    "de": {"itn_rules/de/times.yaml": "pad_hour: true\n",
           "locales/de/currencies.yaml": "currencies:\n  USD: {symbol_side: before}\n",
           "locales/de/quantities.yaml": 'percent:\n  written: ["\\u00a0%", "%", " %"]\n'},
    "fr": {"itn_rules/fr/times.yaml": 'pad_hour: true\nwritten:\n'
                                      '  minutes: ["{h}:{m}", "{h} h {m}", "{h}h{m}", "{h} h {m} min", "{h}.{m}"]\n'
                                      '  zero: ["{h}:00", "{h} h", "{h}h", "{h} h 00", "{h}h00"]\n',
           "itn_rules/fr/formats.yaml": 'thousands_separator: "\\u202f"\n'},
}
ACRONYMS_OVERLAY = {"locales/en/acronyms.yaml": 'added: ["XQ", "K&N"]\nremoved: ["R&D"]\n'}


def tsv_cases(path, with_kind=False):
    """One pytest param per line of a cases TSV (``kind<TAB>input<TAB>expected[<TAB>known]``;
    blank and ``#`` lines skipped), a strict xfail where the fourth column says it is a known
    failure; ``with_kind``: the kind is the first value too."""
    out = []
    for i, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines()):
        if not line.strip() or line.startswith("#"):
            continue
        kind, given, want, *known = line.split("\t")
        marks = [pytest.mark.xfail(strict=True, reason="known failure")] if known else []
        values = (kind, given, want) if with_kind else (given, want)
        out.append(pytest.param(*values, marks=marks, id=f"{kind}-{i}-{given}"))
    return out


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


# What the suite compiles: (locale, overlay files or None, directions).  A cold cache (CI)
# compiles these before the first test in two processes instead of one after another
# as tests first ask for them: the test run is otherwise one process, and compiling is most
# of a cold run.  English TN (the largest, several GB at its peak) is compiled in one chain so
# that two of them never run at once.
PRECOMPILE = [("en", None, ("tn", "itn")), ("en", OVERLAYS["a"], ("tn", "itn")), ("en", OVERLAYS["b"], ("tn", "itn")),
              ("en", ACRONYMS_OVERLAY, ("itn",)),
              *((tag, None, ("tn", "itn")) for tag in ("de", "es", "fr", "it", "ru")),
              *((tag, files, ("tn", "itn")) for tag, files in LOCALE_OVERLAYS.items())]


def _compile(jobs):
    """Compile (or find cached) each (locale, overlay, direction) of ``jobs``, in this process."""
    from normgram.build import cache
    from normgram.rules.locale import Locale
    for tag, files, direction in jobs:
        with tempfile.TemporaryDirectory() as tmp:
            rules = write_rules(Path(tmp), files) if files else None
            cache.load(Locale(tag, rules_dir=rules), direction)
    return len(jobs)


def _missing():
    """The (locale, overlay, direction) jobs of PRECOMPILE without a cache entry."""
    from normgram.build import cache
    from normgram.rules.locale import Locale
    out = []
    for tag, files, directions in PRECOMPILE:
        with tempfile.TemporaryDirectory() as tmp:
            loc = Locale(tag, rules_dir=write_rules(Path(tmp), files) if files else None)
            out += [(tag, files, d) for d in directions if not cache.cache_path(loc, d).with_suffix(".json").is_file()]
    return out


def pytest_collection_finish(session):
    """For a run of the whole suite (the golden and option tests collected), compile what it
    needs in two processes when the cache lacks several entries; a run of a few test files
    compiles only what its tests ask for (NORMGRAM_TEST_PRECOMPILE=0 turns this off; one
    core: off)."""
    if os.environ.get("NORMGRAM_TEST_PRECOMPILE", "1") == "0" or (os.cpu_count() or 1) < 2:
        return
    if session.config.option.collectonly or not {"test_golden.py", "test_options.py"} <= {
            item.path.name for item in session.items}:
        return
    jobs = _missing()
    if len(jobs) < 2:
        return
    chain = [j for j in jobs if j[0] == "en" and j[2] == "tn"]
    rest = sorted((j for j in jobs if j not in chain), key=lambda j: (j[0] != "en", j[1] is not None))
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as pool:
        done = [pool.submit(_compile, chain)] if chain else []
        done += [pool.submit(_compile, [j]) for j in rest]
        for f in done:
            f.result()
