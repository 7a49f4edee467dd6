"""ITN reads a speed said with the unit's spoken forms people use ("Stundenkilometer",
"kilomètres heure", "kilómetros a la hora"; locales/<tag>/units.yaml), and
TN keeps saying the unit's first form: one test id per line of tests/data/speed_itn.tsv,
written for these tests."""
from pathlib import Path

import pytest

from conftest import normalizer, tsv_cases

DATA = Path(__file__).parent / "data" / "speed_itn.tsv"


@pytest.mark.parametrize("tag, spoken, written", tsv_cases(DATA, with_kind=True))
def test_itn_reads_the_speed(tag, spoken, written):
    assert normalizer(tag).itn(spoken) == written


@pytest.mark.parametrize("tag, written, spoken", [
    ("de", "Er fuhr 200 km/h.", "Er fuhr zweihundert Kilometer pro Stunde."),
    ("fr", "Il roulait à 130 km/h.", "Il roulait à cent trente kilomètres à l'heure."),
    ("it", "Andava a 130 km/h.", "Andava a centotrenta chilometri orari."),
    ("es", "Iba a 120 km/h.", "Iba a ciento veinte kilómetros por hora.")])
def test_tn_says_the_first_form(tag, written, spoken):
    assert normalizer(tag).tn(written) == spoken
