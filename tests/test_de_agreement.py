"""German TN says an ordinal with the ending of its phrase and "1" before a noun as the article
of the noun's gender and case (normgram/style/governed_case.py, tn_rules/de/agreement.yaml,
locales/de/nouns.yaml): one test id per line of tests/data/de/tn_agreement.tsv, written for
these tests."""
from pathlib import Path

import pytest

from conftest import normalizer

DATA = Path(__file__).parent / "data" / "de" / "tn_agreement.tsv"


def _cases():
    out = []
    for i, line in enumerate(DATA.read_text(encoding="utf-8").splitlines()):
        if not line.strip() or line.startswith("#"):
            continue
        kind, written, spoken, *known = line.split("\t")
        marks = [pytest.mark.xfail(strict=True, reason="known failure")] if known else []
        out.append(pytest.param(written, spoken, marks=marks, id=f"{kind}-{i}-{written}"))
    return out


@pytest.mark.parametrize("written, spoken", _cases())
def test_tn_agrees(written, spoken):
    assert normalizer("de").tn(written) == spoken


@pytest.mark.parametrize("written", ["im 19. Jahrhundert", "am 21.", "des 20. Jahrhunderts", "beim 12. Versuch"])
def test_itn_reads_the_agreeing_ordinal_back(written):
    """ITN writes the ordinal back in digits, which TN says alike."""
    norm = normalizer("de")
    spoken = norm.tn(written)
    back = norm.itn(spoken)
    assert any(c.isdigit() for c in back) and norm.tn(back) == spoken
