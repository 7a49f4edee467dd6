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



def _overlay(tmp_path_factory, files):
    rules = tmp_path_factory.mktemp("rules")
    for rel, text in files.items():
        path = rules / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return normgram.Normalizer("en", rules_dir=rules)


SPOKEN_TIMES = "at four p m or four o'clock or at four thirty p m"


def test_time_format_default(en):
    # zero_minutes: bare; oclock_hour: words ("four o'clock" as said)
    assert en.itn(SPOKEN_TIMES) == "at 4 p.m. or four o'clock or at 4:30 p.m."


def test_and_numbers_written_by_default(en):
    assert en.itn("we shipped a hundred and twenty boxes for two hundred and eighty dollars") == \
        "we shipped 120 boxes for $280"


def test_and_numbers_kept(tmp_path_factory):
    n = _overlay(tmp_path_factory, {"itn_rules/en/formats.yaml": "and_numbers_kept: true\n"})
    assert n.itn("we shipped a hundred and twenty boxes for two hundred and eighty dollars") == \
        "we shipped a hundred and twenty boxes for $280"


def test_time_format_oclock_digits(tmp_path_factory):
    n = _overlay(tmp_path_factory, {"itn_rules/en/times.yaml": "oclock_hour: digits\n"})
    assert n.itn(SPOKEN_TIMES) == "at 4 p.m. or 4 o'clock or at 4:30 p.m."


def test_time_formats_oclock_upper(tmp_path_factory):
    n = _overlay(tmp_path_factory, {"itn_rules/en/times.yaml":
                                    "zero_minutes: oclock\noclock_hour: digits\nsuffix_written: {am: AM, pm: PM}\n"})
    assert n.itn(SPOKEN_TIMES) == "at 4:00 PM or 4 o'clock or at 4:30 PM"


def test_time_formats_colon_24h_and_dmy_dates(tmp_path_factory):
    n = _overlay(tmp_path_factory, {"itn_rules/en/times.yaml": "zero_minutes: colon\noclock_hour: digits\nhour_format: 24\n",
                                    "itn_rules/en/dates.yaml": "numeric_order: dmy\n"})
    assert n.itn(SPOKEN_TIMES) == "at 16:00 or 4:00 or at 16:30"
    assert n.tn("on 1/4/2020") == "on the first of april twenty twenty"


ACRONYMS = "The PDF from the U.S. office, serial RB-3, by Weis MA (NASA)."


def test_acronyms_spelled_by_default(en):
    assert en.tn(ACRONYMS) == "The p d f from the u s office, serial r b three, by Weis m a (NASA)."
    assert en.tn("Dr. J. R. Smith and Prof. M.G.R. Rao") == "doctor j r Smith and professor m g r Rao"


def test_state_codes_named_by_default(en):
    assert en.tn("Galveston, TX, to Memphis, Tenn.") == "Galveston, texas, to Memphis, tennessee."
    # only as written: a small-letter "in" / "or" is a word, not a state code
    assert en.tn("Born in Ohio, in 1990, or so.") == "Born in Ohio, in nineteen ninety, or so."
    assert en.tn("a TX unit") == "a t x unit"  # no place before it: an acronym, spelled


def test_state_codes_spelled(tmp_path_factory):
    n = _overlay(tmp_path_factory, {"tn_rules/en/address.yaml": "state_codes: spell\n"})
    assert n.tn("Galveston, TX, to Memphis, Tenn.") == "Galveston, t x, to Memphis, tennessee."


def test_acronyms_kept_and_state_names(tmp_path_factory):
    n = _overlay(tmp_path_factory, {"tn_rules/en/letters.yaml": "acronyms: keep\n"})
    assert n.tn("Galveston, TX, to Kansas City, MO. and Memphis, Tenn.") == \
        "Galveston, texas, to Kansas City, missouri. and Memphis, tennessee."
    assert n.tn("a TX unit") == "a TX unit"  # no place before it: an acronym, kept
    assert n.tn(ACRONYMS) == "The PDF from the US office, serial RB three, by Weis MA (NASA)."
    assert n.itn("the p d f from the u s") == "the PDF from the U.S."  # ITN is not affected
    assert n.tn("The ph value, pp 5-7") == "The ph value, pp five to seven"  # small-letter runs stay as written
    # dotted initials after a title follow the option too: capitals without dots, glued ones
    # glued as "U.S." -> "US"
    assert n.tn("Dr. J. R. Smith and Prof. M.G.R. Rao") == "doctor J R Smith and professor MGR Rao"


def test_abbreviations_spelled(en, tmp_path_factory):
    text = "DR Congo, Atari ST, Dr. Smith"
    assert en.tn(text) == "DR Congo, Atari ST, doctor Smith"
    n = _overlay(tmp_path_factory, {"tn_rules/en/letters.yaml": "abbreviations: spell\n"})
    assert n.tn(text) == "d r Congo, Atari s t, doctor Smith"


def test_abbreviations_bad_value(tmp_path_factory):
    with pytest.raises(normgram.errors.NormgramError, match="abbreviations"):
        _overlay(tmp_path_factory, {"tn_rules/en/letters.yaml": "abbreviations: shout\n"})


def test_acronyms_bad_value(tmp_path_factory):
    with pytest.raises(normgram.errors.NormgramError, match="acronyms"):
        _overlay(tmp_path_factory, {"tn_rules/en/letters.yaml": "acronyms: shout\n"})


def test_hashtag_said_by_default(en):
    assert en.tn("Follow us #tbt today") == "Follow us hashtag t b t today"


def test_hashtag_said_off(tmp_path_factory):
    n = _overlay(tmp_path_factory, {"locales/en/electronic.yaml": "hashtag_said: false\n"})
    assert n.tn("Follow us #tbt today") == "Follow us hash t b t today"
