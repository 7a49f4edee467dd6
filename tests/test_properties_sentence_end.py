"""Property tests: TN keeps a sentence's full stop where an abbreviation's dot ends it and
invents none where the dot ends no sentence (tn_rules abbreviations.yaml sentence_end)."""
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import normalizer

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# per locale: phrases ending in an abbreviation ({n}: a number below 100, a minor unit's),
# sentences that may follow one, and lower-case words that go on after it in the same
# sentence.  An abbreviation TN leaves as written ("13 p.m.", ru "21 коп.", whose case is
# unknown) keeps its dot: such draws are passed over.  "St." is not drawn: before a word
# with a capital it reads as a title with that name ("Elm St. Then", a known failure in
# tests/cases/en/whitelist.yaml).
_PHRASES = {
    "en": {"ends": ["It weighs {n} lbs.", "The board is {n} ft.", "We met at {n} p.m.", "Bring pens, paper, etc.",
                    "The shop is on Oak Ave.", "Add {n} tsp."],
           "next": ["Then we left.", "It was late.", "We went home.", "She said so.", "They agreed."],
           "on": ["and more", "or so", "in all"]},
    "ru": {"ends": ["Это стоит {n} коп.", "Купили {n} кг.", "Мы купили хлеб, молоко и т. д.", "Добавьте {n} г."],
           "next": ["Потом ушли.", "Это дёшево.", "Мы довольны.", "Тогда было тепло."],
           "on": ["и всё", "или больше", "всего"]},
}
_STOP = re.compile(r"\.(?=[\"')»]*\s+[^\W\d_])|\.[\"')»]*\s*$")


def _draw_end(data, phrases):
    """A phrase that ends in an abbreviation, its number drawn."""
    return data.draw(st.sampled_from(phrases["ends"])).format(n=data.draw(st.integers(2, 99)))


def _stops(text):
    """Full stops before a word or at the end (a stop before a small letter counts too)."""
    return len(_STOP.findall(text))


@pytest.mark.parametrize("tag", sorted(_PHRASES))
@SETTINGS
@given(data=st.data())
def test_sentence_end_after_abbreviation(tag, data):
    p = _PHRASES[tag]
    first = _draw_end(data, p)
    second = data.draw(st.sampled_from(p["next"]))
    text = f"{first} {second}"
    out = normalizer(tag).tn(text)
    assume(first.split()[-1] not in out)
    assert _stops(out) == 2, out


@pytest.mark.parametrize("tag", sorted(_PHRASES))
@SETTINGS
@given(data=st.data())
def test_no_stop_invented_mid_sentence(tag, data):
    p = _PHRASES[tag]
    first = _draw_end(data, p)
    text = f"{first} {data.draw(st.sampled_from(p['on']))}."
    out = normalizer(tag).tn(text)
    assume(first.split()[-1] not in out)
    assert _stops(out) == 1, out
