"""TN leaves nothing unsaid: the fallback class (grammars/fallback.py) reads every word that
holds a digit or a sign of symbols.yaml; its cases are in tests/cases/en/fallback.yaml."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import normalizer

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SIGNS = "%$€£¥#@&+=<>/~^_|*°§¶±×÷©®"
# words as texts hold them: digits, signs, letters of both cases, marks, and any other character
PIECES = st.one_of(st.text("0123456789", min_size=1, max_size=6), st.sampled_from(list(SIGNS)),
                   st.text("abcxyzABCXYZéß", min_size=1, max_size=5), st.sampled_from(list(".,:;-–'\"()[]!?")),
                   st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp", "Zs", "Co")))
WORDS = st.lists(PIECES, min_size=1, max_size=6).map("".join)
TEXT = st.lists(WORDS, min_size=1, max_size=8).map(" ".join)
PRINTABLE = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Co")), max_size=40)


def _digits(s):
    return [c for c in s if c.isascii() and c.isdigit()]


@SETTINGS
@given(st.one_of(TEXT, PRINTABLE))
def test_tn_leaves_no_digit(text):
    out = normalizer("en").tn(text)
    assert not _digits(out), f"{text!r} -> {out!r}"


@SETTINGS
@given(TEXT)
def test_tn_leaves_no_sign(text):
    """No sign is left, but a slash standing as a word of its own (symbols.yaml alone: punctuation)."""
    out = normalizer("en").tn(text)
    left = [c for w in out.split() if w.strip("\"'`.,;:!?()[]{}") != "/" for c in w if c in SIGNS]
    assert not left, f"{text!r} -> {out!r}"


LONG = [("digits", "1234567890" * 120), ("letters and digits", "ab12CD34_" * 150),
        ("signs", "+=~" * 400), ("number groups", "12,345," * 200)]


@pytest.mark.parametrize("token", [t for _, t in LONG], ids=[k for k, _ in LONG])
def test_long_token_is_read_in_pieces(token):
    """A word over 1,000 characters is read in pieces (so in linear time): nothing left unsaid."""
    res = normalizer("en").tn_result("see " + token + " here")
    assert len(token) > 1000
    assert res.output.startswith("see ") and res.output.endswith(" here")
    assert not _digits(res.output) and not [c for c in res.output if c in SIGNS]
    assert len(res.spans) > 1
