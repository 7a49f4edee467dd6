"""`normgram tag` in every locale: the same record fields and guarantees as English (every
non-preferred variant reads back, distinct variants, spans that count their forms), on
sentences written for these tests (tests/data/<tag>/tag.txt)."""
from pathlib import Path

import pytest

from conftest import normalizer
from normgram.tagdata.tagging import Tagger

DATA = Path(__file__).parent / "data"
LOCALES = ("de", "es", "fr", "it", "ru")
LINES = [(tag, line) for tag in LOCALES
         for line in (DATA / tag / "tag.txt").read_text(encoding="utf-8").splitlines() if line.strip()]
TAGGERS = {}


def tagger(tag):
    if tag not in TAGGERS:
        TAGGERS[tag] = Tagger(normalizer(tag), variants=4, seed=2)
    return TAGGERS[tag]


@pytest.mark.parametrize("tag, text", LINES)
def test_locale_records_have_the_english_fields_and_read_back(tag, text):
    rec = tagger(tag).record(text, 1)
    assert set(rec) == {"line", "written", "spoken", "variants"} and rec["written"] == text
    assert rec["variants"][0]["spans"], f"no span in {text!r}"
    assert len(set(rec["spoken"])) == len(rec["spoken"]) <= 4
    for k, v in enumerate(rec["variants"]):
        assert set(v) == {"spoken", "tagged", "tokens", "tags", "bio", "spans"}
        assert len(v["tokens"]) == len(v["tags"]) == len(v["bio"])
        for sp in v["spans"]:
            assert sp["forms"] >= 1 and sp["spoken"][1] > sp["spoken"][0]
            if k:
                assert sp["round_trip"], (sp["text"], v["spoken"])
