"""Rule-file options that are off by default, switched on through a rules_dir overlay."""
import pytest

import normgram


@pytest.fixture(scope="module")
def iso(tmp_path_factory):
    rules = tmp_path_factory.mktemp("rules")
    (rules / "locales" / "en").mkdir(parents=True)
    (rules / "locales" / "en" / "dates.yaml").write_text("iso_centuries: [19, 20]\n", encoding="utf-8")
    return normgram.Normalizer("en", rules_dir=rules)


@pytest.mark.parametrize("written,spoken", [
    ("2011-08-18", "the eighteenth of august twenty eleven"),
    ("2004-06-16", "the sixteenth of june two thousand four"),
    ("Archived from the original on 2010-03-18 .", "Archived from the original on the eighteenth of march twenty ten ."),
])
def test_iso_dates_when_enabled(iso, written, spoken):
    assert iso.tn(written) == spoken


def test_iso_dates_off_by_default(en):
    assert en.tn("2011-13-45") == en.tn("2011-13-45")  # malformed: never crashes
    assert "eighteenth" not in en.tn("2011-08-18")
