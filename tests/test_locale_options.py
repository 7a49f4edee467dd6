"""Written-style options of the table-driven locales (docs/options.md, "Other locales"), each
checked with the shipped rules (its default) and switched through a rules_dir overlay.

One overlay per locale holds every option it switches (one ITN compile each): German
``pad_hour``, a currency's ``symbol_side`` and the percent sign after a no-break space
(CLDR, Duden); French times written with a colon, padded, and the narrow no-break space
as thousands separator (CLDR)."""
import pytest

import normgram
from conftest import LOCALE_OVERLAYS, normalizer, write_rules

OVERLAYS = LOCALE_OVERLAYS

_SWITCHED = {}


def switched(tag, tmp_path_factory):
    if tag not in _SWITCHED:
        folder = write_rules(tmp_path_factory.mktemp(f"rules-{tag}"), OVERLAYS[tag])
        _SWITCHED[tag] = normgram.Normalizer(tag, rules_dir=folder)
    return _SWITCHED[tag]


# (locale, spoken, written by default, written with the overlay)
CASES = [
    # pad_hour: only where minutes follow the hour
    ("de", "neun Uhr dreißig", "9:30 Uhr", "09:30 Uhr"),
    ("de", "vierzehn Uhr fünf", "14:05 Uhr", "14:05 Uhr"),
    ("de", "halb acht", "7:30", "07:30"),
    ("de", "um neun Uhr", "um 9 Uhr", "um 9 Uhr"),
    # symbol_side: before for one currency, the others keep CLDR's side
    ("de", "fünf Dollar", "5 $", "$5"),
    ("de", "fünf Dollar und fünfzig Cent", "5,50 $", "$5,50"),
    ("de", "fünf Euro", "5 €", "5 €"),
    # the percent sign's first written form
    ("de", "fünfundzwanzig Prozent", "25%", "25\u00a0%"),
    # French times: "14 h 30" (Imprimerie nationale) or "14:30" (CLDR), padded
    ("fr", "neuf heures trente", "9 h 30", "09:30"),
    ("fr", "quatorze heures trente", "14 h 30", "14:30"),
    ("fr", "à quatorze heures", "à 14 h", "à 14:00"),
    # thousands separator: no-break space or narrow no-break space
    ("fr", "vingt-cinq mille", "25\u00a0000", "25\u202f000"),
]


@pytest.mark.parametrize("tag,spoken,default,_", CASES, ids=[f"{c[0]}-default-{c[1]}" for c in CASES])
def test_option_default(tag, spoken, default, _):
    assert normalizer(tag).itn(spoken) == default


@pytest.mark.parametrize("tag,spoken,_,switched_to", CASES, ids=[f"{c[0]}-switched-{c[1]}" for c in CASES])
def test_option_switched(tag, spoken, _, switched_to, tmp_path_factory):
    assert switched(tag, tmp_path_factory).itn(spoken) == switched_to


def test_symbol_side_checked(tmp_path):
    folder = write_rules(tmp_path, {"locales/de/currencies.yaml": "symbol_side: left\n"})
    with pytest.raises(normgram.RuleFileError, match="symbol_side"):
        normgram.Normalizer("de", rules_dir=folder).itn("fünf Euro")
