"""Opening marks: a locale whose model's meta has ``opening`` (Spanish "¿" "¡", RAE) writes
them before a sentence whose added end is "?" or "!" (stages/punctuation.py)."""
import pytest

from normgram.stages.punctuation import opening_marks
from normgram.stages.units import units

OPENING = {"?": "\u00bf", "!": "\u00a1"}


@pytest.mark.parametrize("line, events, settled, want", [
    ("por qué no vienes", ["", "", "", "?"], 0, [(0, "¿")]),
    ("ven aquí dónde estás", ["", ".", "", "?"], 0, [(9, "¿")]),
    ("qué bonito día", ["", "", "!"], 0, [(0, "¡")]),
    ("vivo en madrid", ["", "", "."], 0, []),
    ("¿por qué no vienes", ["", "", "", "?"], 0, []),          # written already
    ("«por qué no vienes", ["", "", "", "?"], 0, [(1, "¿")]),  # inside the quote, before the word
    ("ya lo sé por qué no vienes", ["", "", ".", "", "", "", "?"], 4, [(9, "¿")]),
    ("ya lo sé por qué no vienes", ["", "", "", "", "", "", "?"], 4, []),  # sentence began in settled text
    ("hola, qué tal", [",", "", "?"], 0, [(0, "¿")]),
    ("uno. dos? tres", [".", "?", "."], 0, []),               # ends written, none added
])
def test_opening_marks(line, events, settled, want):
    us = units(line)
    assert len(us) == len(events)
    for u, ev in zip(us, events):  # events the stage added are not written in the line
        if u.event:
            assert u.event == ev
    assert opening_marks(line, us, events, OPENING, settled) == want


@pytest.mark.parametrize("text, want", [
    ("por qué no vienes mañana", "¿Por qué no vienes mañana?"),
    ("¿por qué no vienes mañana", "¿Por qué no vienes mañana?"),
    ("quién es el presidente de francia", "¿Quién es el presidente de Francia?"),
    ("vivo en madrid con mi hermano", "Vivo en Madrid con mi hermano."),
])
def test_spanish_questions(text, want):
    from normgram import Normalizer
    assert Normalizer("es").denormalize(text) == want


def test_english_has_no_opening_marks(en):
    assert "\u00bf" not in en.denormalize("what time is it") and en.stages()._punct.get().meta.get("opening") is None


def test_opening_mark_is_head():
    assert [u.word for u in units("¿Dónde está? ¡Qué día!")] == ["Dónde", "está", "Qué", "día"]
