"""Russian TN says a number in the case the word before it governs and the gender of the noun
after it (normgram/style/governed_case.py, tn_rules/ru/agreement.yaml, locales/ru/nouns.yaml):
one test id per line of tests/data/ru/tn_agreement.tsv, written for these tests; ITN keeps a
time said from an hour before a noun its ordinal agrees with as said
(tests/data/ru/time_noun_phrase.tsv)."""
from pathlib import Path

import pytest

from conftest import normalizer, tsv_cases

DATA = Path(__file__).parent / "data" / "ru"



@pytest.mark.parametrize("written, spoken", tsv_cases(DATA / "tn_agreement.tsv"))
def test_tn_agrees(written, spoken):
    assert normalizer("ru").tn(written) == spoken


@pytest.mark.parametrize("spoken, written", tsv_cases(DATA / "time_noun_phrase.tsv"))
def test_itn_time_or_noun_phrase(spoken, written):
    assert normalizer("ru").itn(spoken) == written


@pytest.mark.parametrize("written", ["о 21 книге", "около 32 километров", "около 27 %", "с 31 студентом", "к 21 школе"])
def test_itn_reads_the_governed_form_back(written):
    """ITN writes the number back (in its own written style: "км", "27%"), which TN says alike."""
    norm = normalizer("ru")
    spoken = norm.tn(written)
    back = norm.itn(spoken)
    assert any(c.isdigit() for c in back) and norm.tn(back) == spoken
