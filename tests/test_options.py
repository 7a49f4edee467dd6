"""Rule-file options that are off by default, switched on through a rules_dir overlay.

The overlays are tests/conftest.py OVERLAYS: ``overlay_a`` and ``overlay_b`` each switch on
several options of other classes or directions (one compile each); every option is checked
on there and off with the shipped rules (``en``)."""
import pytest

import normgram
from conftest import write_rules


def test_iso_dates_off_when_disabled(overlay_b):
    # locales/en/dates.yaml iso_centuries: [] (on by default: tests/cases/en/date.yaml)
    # the date class reads no ISO date then; in running text the fallback class says it as a code
    for text in ("2011-13-45", "2011-08-18"):  # the first malformed: never crashes
        outs = overlay_b.apply_class("date", "tn", text)
        assert not outs or outs[0] == text, outs
    assert overlay_b.tn("2011-08-18") == "two o one one o eight one eight"


SPOKEN_TIMES = "at four p m or four o'clock or at four thirty p m"


def test_time_format_default(en):
    # zero_minutes: bare; oclock_hour: words ("four o'clock" as said)
    assert en.itn(SPOKEN_TIMES) == "at 4 p.m. or four o'clock or at 4:30 p.m."


def test_and_numbers_written_by_default(en):
    assert en.itn("we shipped a hundred and twenty boxes for two hundred and eighty dollars") == \
        "we shipped 120 boxes for $280"


def test_and_numbers_kept(overlay_a, overlay_b):
    text = "we shipped a hundred and twenty boxes for two hundred and eighty dollars"
    assert overlay_a.itn(text) == "we shipped a hundred and twenty boxes for $280"
    assert overlay_b.itn(text) == "we shipped 120 boxes for $280"  # off there


def test_time_formats_oclock_upper(overlay_a):
    # oclock_hour: digits ("4 o'clock"); zero_minutes: oclock; suffix_written upper case
    assert overlay_a.itn(SPOKEN_TIMES) == "at 4:00 PM or 4 o'clock or at 4:30 PM"


def test_time_formats_colon_24h_and_dmy_dates(en, overlay_a, overlay_b):
    assert overlay_b.itn(SPOKEN_TIMES) == "at 16:00 or 4:00 or at 16:30"
    assert overlay_b.tn("on 1/4/2020") == "on the first of april twenty twenty"
    assert en.tn("on 1/4/2020") == overlay_a.tn("on 1/4/2020") == "on january fourth twenty twenty"  # mdy


ACRONYMS = "The PDF from the U.S. office, serial RB-3, by Weis MA (NASA)."


def test_acronyms_spelled_by_default(en):
    assert en.tn(ACRONYMS) == "The p d f from the u s office, serial r b three, by Weis m a (NASA)."
    assert en.tn("Dr. J. R. Smith and Prof. M.G.R. Rao") == "doctor j r Smith and professor m g r Rao"


def test_state_codes_named_by_default(en):
    assert en.tn("Galveston, TX, to Memphis, Tenn.") == "Galveston, texas, to Memphis, tennessee."
    # only as written: a small-letter "in" / "or" is a word, not a state code
    assert en.tn("Born in Ohio, in 1990, or so.") == "Born in Ohio, in nineteen ninety, or so."
    assert en.tn("a TX unit") == "a t x unit"  # no place before it: an acronym, spelled


def test_state_codes_spelled(overlay_b):
    assert overlay_b.tn("Galveston, TX, to Memphis, Tenn.") == "Galveston, t x, to Memphis, tennessee."


def test_acronyms_kept_and_state_names(overlay_a):
    n = overlay_a
    assert n.tn("Galveston, TX, to Kansas City, MO. and Memphis, Tenn.") == \
        "Galveston, texas, to Kansas City, missouri. and Memphis, tennessee."
    assert n.tn("a TX unit") == "a TX unit"  # no place before it: an acronym, kept
    assert n.tn(ACRONYMS) == "The PDF from the US office, serial RB three, by Weis MA (NASA)."
    assert n.itn("the p d f from the u s") == "the PDF from the U.S."  # ITN is not affected
    assert n.tn("The ph value, pp 5-7") == "The ph value, pp five to seven"  # small-letter runs stay as written
    # dotted initials after a title follow the option too: capitals without dots, glued ones
    # glued as "U.S." -> "US"
    assert n.tn("Dr. J. R. Smith and Prof. M.G.R. Rao") == "doctor J R Smith and professor MGR Rao"


def test_abbreviations_spelled(en, overlay_b):
    text = "DR Congo, Atari ST, Dr. Smith"
    assert en.tn(text) == "DR Congo, Atari ST, doctor Smith"
    assert overlay_b.tn(text) == "d r Congo, Atari s t, doctor Smith"


@pytest.mark.parametrize("path,text", [
    ("tn_rules/en/letters.yaml", "abbreviations: shout\n"),
    ("tn_rules/en/letters.yaml", "acronyms: shout\n"),
    ("tn_rules/en/address.yaml", "state_codes: shout\n"),
])
def test_bad_value_fails_at_load(tmp_path, path, text):
    # the schema's one_of: the rule file is rejected when it is read, before anything is
    # compiled, with its place ("letters.yaml:1: acronyms: must be spell or keep, not 'shout'")
    key = text.split(":")[0]
    with pytest.raises(normgram.RuleFileError, match=f"{path.split('/')[-1]}:1: {key}: must be .* not 'shout'"):
        normgram.Normalizer("en", rules_dir=write_rules(tmp_path, {path: text}))


def test_hashtag_said_by_default(en):
    assert en.tn("Follow us #tbt today") == "Follow us hashtag t b t today"


def test_hashtag_said_off(overlay_a):
    assert overlay_a.tn("Follow us #tbt today") == "Follow us hash t b t today"
