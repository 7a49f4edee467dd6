"""Spanish, Italian and French TN say a number in the gender of the noun it counts, ITN reads
those forms back (normgram/style/governed_case.py, tn_rules/{es,it,fr}/agreement.yaml,
locales/{es,it,fr}/nouns.yaml): one test id per line of tests/data/<tag>/gender_tn.tsv and
gender_itn.tsv, written for these tests."""
import re
from pathlib import Path

import pytest

from conftest import normalizer, tsv_cases

DATA = Path(__file__).parent / "data"
TAGS = ("es", "it", "fr")


@pytest.mark.parametrize("tag, written, spoken", [
    pytest.param(tag, *p.values, marks=p.marks, id=f"{tag}-{p.id}")
    for tag in TAGS for p in tsv_cases(DATA / tag / "gender_tn.tsv")])
def test_tn_says_the_nouns_gender(tag, written, spoken):
    assert normalizer(tag).tn(written) == spoken


@pytest.mark.parametrize("tag, spoken, written", [
    pytest.param(tag, *p.values, marks=p.marks, id=f"{tag}-{p.id}")
    for tag in TAGS for p in tsv_cases(DATA / tag / "gender_itn.tsv")])
def test_itn_reads_the_gendered_forms(tag, spoken, written):
    assert normalizer(tag).itn(spoken) == written


@pytest.mark.parametrize("tag, written", [
    ("es", "Vinieron 21 personas."), ("es", "Había 200 personas."), ("es", "Compré 1 libro."),
    ("es", "Leí 31 páginas."), ("it", "Ho 1 casa al mare."), ("it", "Ho 1 zio a Roma."),
    ("fr", "Il y a 21 chaises."), ("fr", "Le livre a 81 pages."), ("fr", "J'ai 1 voiture.")])
def test_tn_form_reads_back(tag, written):
    """ITN of TN's gendered form gives the number back in digits (1, which is the article
    too, may stay a word), and a form TN says alike."""
    norm = normalizer(tag)
    spoken = norm.tn(written)
    back = norm.itn(spoken.rstrip("."))
    number = re.search(r"\d+", written).group()
    if number != "1":
        assert number in re.findall(r"\d+", back)
    assert norm.tn(back) == spoken.rstrip(".")
