"""TN leaves nothing unsaid: the fallback class (grammars/fallback.py) reads every word that
holds a digit or a sign of symbols.yaml; its cases are in tests/cases/en/fallback.yaml."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from normgram.run.words import bounded

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


# (text, piece size, its word pieces): after a mark other than a point or comma inside a number,
# else where letters and digits meet, else after any mark, else at the size
CUTS = [("ab_cd_ef", 5, ["ab_", "cd_ef"]), ("ab12CD34", 5, ["ab12", "CD34"]), ("0123456789", 4, ["0123", "4567", "89"]),
        ("12,345,678", 5, ["12,", "345,", "678"]), ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
        ("x86_64-x86_64", 8, ["x86_64-", "x86_64"]), ("a-b", 5, ["a-b"]), ("1.5/2.5/3.5", 6, ["1.5/", "2.5/", "3.5"])]


@pytest.mark.parametrize("text,most,pieces", CUTS, ids=[c[0] for c in CUTS])
def test_long_word_cut_between_its_parts(text, most, pieces):
    got = bounded(text, [(0, len(text))], most)
    assert [text[s:e] for s, e in got] == pieces
    assert all(e - s <= most for s, e in got) and got[0][0] == 0 and got[-1][1] == len(text)


# acronyms: keep (tests/conftest.py OVERLAYS "a"): a run of capitals stays whole, a hyphen between
# capitals and a number is a model name's pause, a minus only after a time zone
KEPT = [("HLA-DR/DQ", "HLA DR slash DQ"), ("HIV-1/AIDS", "HIV one slash AIDS"), ("USB-C/HDMI", "USB C slash HDMI"),
        ("BMW-X5/X6", "BMW X five slash X six"), ("PS-5/XB-1", "PS five slash XB one"),
        ("CD4+/CD8+", "CD four plus slash CD eight plus"), ("IL-6/IL-10", "IL six slash IL ten"),
        ("a F-150 truck", "a F one five o truck"), ("the F-150s", "the F one hundred fifty s"),
        ("AK-47s", "AK forty seven s"), ("GMT+5:30", "GMT plus five thirty"), ("UTC-3:30", "UTC minus three thirty")]


@pytest.mark.parametrize("written,spoken", KEPT, ids=[k for k, _ in KEPT])
def test_capitals_kept_whole(overlay_a, written, spoken):
    assert overlay_a.tn(written) == spoken
