"""German TN says an ordinal with the ending of its phrase and "1" before a noun as the article
of the noun's gender and case (normgram/style/governed_case.py, tn_rules/de/agreement.yaml,
locales/de/nouns.yaml): one test id per line of tests/data/de/tn_agreement.tsv, written for
these tests."""
from pathlib import Path

import pytest

from conftest import normalizer, tsv_cases

DATA = Path(__file__).parent / "data" / "de" / "tn_agreement.tsv"



@pytest.mark.parametrize("written, spoken", tsv_cases(DATA))
def test_tn_agrees(written, spoken):
    assert normalizer("de").tn(written) == spoken


@pytest.mark.parametrize("written", ["im 19. Jahrhundert", "am 21.", "des 20. Jahrhunderts", "beim 12. Versuch"])
def test_itn_reads_the_agreeing_ordinal_back(written):
    """ITN writes the ordinal back in digits, which TN says alike."""
    norm = normalizer("de")
    spoken = norm.tn(written)
    back = norm.itn(spoken)
    assert any(c.isdigit() for c in back) and norm.tn(back) == spoken
