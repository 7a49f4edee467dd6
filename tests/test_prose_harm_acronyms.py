"""locales/en/acronyms.yaml, ITN's evidence for spelled letters: what tools/acronyms.py makes of
its word lists, entries the grammar can read, and a user's edit taking effect."""
import gzip
import importlib.util
import sys
from pathlib import Path

import pytest
import yaml

import normgram

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import acronyms  # noqa: E402

from conftest import ACRONYMS_OVERLAY, write_rules  # noqa: E402

PATH = ROOT / "locales" / "en" / "acronyms.yaml"
DATA = yaml.safe_load(PATH.read_text(encoding="utf-8"))
SOURCES = all(p.exists() for p in (acronyms.SCOWL, acronyms.WORDNET, acronyms.VERA)) \
    and importlib.util.find_spec("wordfreq") is not None


@pytest.mark.skipif(not SOURCES, reason="Debian scowl, wordnet-base or vera, or PyPI wordfreq, not installed")
def test_file_is_what_the_builder_makes_of_its_sources():
    assert PATH.read_text(encoding="utf-8") == acronyms.build()


@pytest.mark.parametrize("key", ["two_letters", "ampersand", "added", "removed", "written"])
def test_lists_hold_unique_entries_in_capitals(key):
    words = DATA[key]
    assert len(words) == len(set(words)) and all(isinstance(w, str) and w == w.upper() for w in words)


@pytest.mark.parametrize("name", DATA["two_letters"] + DATA["ampersand"] + DATA["added"] + DATA["removed"])
def test_entry_is_two_letters_or_a_readable_ampersand_name(name):
    assert acronyms._PAIR.fullmatch(name) or acronyms.readable(name)


def test_scowl_pairs_up_to_the_size(tmp_path):
    (tmp_path / "english-abbreviations.35").write_text("TV\nUSA\nSt\nUK\n", encoding="latin-1")
    (tmp_path / "english-proper-names.50").write_text("GE\nBob\n", encoding="latin-1")
    (tmp_path / "english-abbreviations.60").write_text("DI\n", encoding="latin-1")
    assert acronyms.scowl_pairs(tmp_path, 50) == ["GE", "TV", "UK"]
    assert acronyms.scowl_pairs(tmp_path, 60) == ["DI", "GE", "TV", "UK"]


def test_wordnet_lemmas_joined_by_and(tmp_path):
    data = tmp_path / "data.noun"
    data.write_text("07064315 10 n 02 rhythm_and_blues 0 R_and_B 0 002 @ x\n"
                    "1 10 n 01 by_and_by 0 | x\n2 10 n 01 ABC_and_D 0 | x\n3 10 n 01 AB_and_CD 0 | x\n",
                    encoding="latin-1")
    assert acronyms.wordnet_ampersand(data) == ["R&B"]


def test_vera_quoted_forms(tmp_path):
    info = tmp_path / "vera.info.gz"
    with gzip.open(info, "wt", encoding="latin-1") as fh:
        fh.write('ATT\n     American Telephone and Telegraph, "AT&T"\nCTE\n     Compliance Test, "CT & E"\n'
                 'X\n     Some Thing "AB&CD"\n     Apple & Orange (org.)\n')
    assert acronyms.vera_ampersand(info) == ["AT&T", "CT&E"]


def test_written_runs_are_three_to_five_letters():
    assert all(acronyms._RUN.fullmatch(w) for w in DATA["written"])


def test_wordnet_runs_are_lemmas(tmp_path):
    data = tmp_path / "data.noun"
    data.write_text("08000001 14 n 02 National_Aeronautics_and_Space_Administration 0 NASA 0 001 @ x | NASA says\n"
                    "08000002 14 n 01 FBI 0 000 | the FBI\n  1 this line is the licence\n"
                    "08000003 14 n 01 Nasa 0 000 | AB CDEFGH\n", encoding="latin-1")
    assert acronyms.wordnet_runs(data) == {"NASA", "FBI"}


def test_vera_runs_are_entry_names(tmp_path):
    info = tmp_path / "vera.info.gz"
    with gzip.open(info, "wt", encoding="latin-1") as fh:
        fh.write("ATM\n     Asynchronous Transfer Mode (ATM, networking)\nXY\n     two letters\n"
                 "ABCDEF\n     six letters\n")
    assert acronyms.vera_runs(info) == {"ATM"}


def test_builder_keeps_the_hand_kept_lists(tmp_path):
    path = tmp_path / "acronyms.yaml"
    path.write_text(acronyms.render(["TV"], ["P&R", "R&D"], ["XQ", "K&N"], removed=["P&R"]), encoding="utf-8")
    assert (acronyms.current_added(path), acronyms.current_added(path, "removed")) == (["XQ", "K&N"], ["P&R"])
    assert yaml.safe_load(path.read_text(encoding="utf-8")) == {"two_letters": ["TV"], "ampersand": ["P&R", "R&D"],
                                                                "added": ["XQ", "K&N"], "removed": ["P&R"],
                                                                "written": []}


def test_removed_names_are_names_of_the_sources():
    assert set(DATA["removed"]) <= set(DATA["two_letters"] + DATA["ampersand"])


@pytest.fixture(scope="module")
def edited(tmp_path_factory):
    """English with a user's acronyms.yaml overlay whose ``added`` and ``removed`` lists replace
    the shipped ones."""
    folder = write_rules(tmp_path_factory.mktemp("rules"), ACRONYMS_OVERLAY)
    return normgram.Normalizer("en", rules_dir=folder)


@pytest.mark.parametrize("text,expected", [
    ("the x q team won", "the XQ team won"),                  # added by the user
    ("Buy K and N now.", "Buy K&N now."),                     # added by the user
    ("the b and b was full", "the b and b was full"),         # only in the shipped ``added``
    ("the t v was on", "the TV was on"),                      # SCOWL, still there
    ("the r and d budget grew", "the r and d budget grew"),   # removed by the user
    ("the q and a ran long", "the Q&A ran long"),             # V.E.R.A., still there
])
def test_a_users_edit_takes_effect(edited, text, expected):
    assert edited.itn(text) == expected


# The run-time word shape (style/spelled.py: a long run of letters shaped like a word is a
# name spelled out) is the letters grammar's ``pronounceable`` acceptor written as a pattern.
def _shape():
    import re
    import sys as _sys

    import pynini
    from normgram.build.compile import grammar_modules
    from normgram.rules.locale import Locale

    mod = grammar_modules()["letters"]
    lib = _sys.modules[mod.__name__.rsplit(".", 1)[0] + ".lib"]
    lex = Locale("en").lex("letters")
    fst = mod.pronounceable(lex, lib.LOWER)
    return (lambda w: pynini.compose(pynini.accep(w), fst).optimize().num_states() > 0,
            re.compile(mod.pronounceable_pattern(lex)))


SHAPE = _shape()


@pytest.mark.parametrize("word", ["expokos", "anadyr", "bufora", "suyuti", "marina", "smhdwmy", "wasdqe", "abcdef",
                                  "kmgtpe", "rwxstl", "qwertyu", "pepannres", "strength", "ab", "a", "aeiou"])
def test_word_shape_is_the_pronounceable_acceptor(word):
    accepts, pattern = SHAPE
    assert bool(pattern.fullmatch(word)) == accepts(word)


def test_word_shape_agrees_on_generated_runs():
    import random
    accepts, pattern = SHAPE
    rng = random.Random(7)
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz" if rng.random() < 0.5 else "aeioustrnlp")
                     for _ in range(rng.randint(1, 9))) for _ in range(3000)]
    assert [w for w in words if bool(pattern.fullmatch(w)) != accepts(w)] == []
