"""Number probes (tools/number_probes.py): num2words' words re-spaced the ways speakers and
recognizers write them must come back from ITN as the number, whole.

One id per locale, form and number; four seeded numbers per form, each one the form changes;
and TN's own spoken variants of two numbers per locale, read back.
XFAIL lists the forms the grammars do not read yet (issue 26): strict, so a form that starts
passing fails here until it leaves the list.
"""
import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("num2words")

_spec = importlib.util.spec_from_file_location("number_probes", Path(__file__).parents[1] / "tools" / "number_probes.py")
probes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(probes)

PER_FORM = 4
XFAIL = {
}


@pytest.fixture(scope="module")
def normalizers():
    import normgram  # conftest points NORMGRAM_CACHE at the tests' own cache first
    cache = {}

    def get(tag):
        if tag not in cache:
            cache[tag] = normgram.Normalizer(tag, ranker=False)
        return cache[tag]
    return get


def _cases():
    out = []
    for tag, forms in probes.FORMS.items():
        for form in forms:
            marks = ()
            if (tag, form) in XFAIL:
                marks = (pytest.mark.xfail(reason=XFAIL[tag, form], strict=True),)
            # numbers below 13 stay words in some locales' ITN (standalone_words_below): drawn from 13 up
            for n, words in probes.form_cases(tag, form, PER_FORM, seed=0, below=13):
                out.append(pytest.param(tag, form, n, words, id=f"{tag}-{form}-{n}", marks=marks))
    return out


def _variant_numbers():
    import random
    out = []
    for tag in probes.LOCALES:
        for n in probes.draw(random.Random(f"test-variants-{tag}"), 2, 13):
            out.append(pytest.param(tag, n, id=f"{tag}-{n}"))
    return out


@pytest.mark.parametrize("tag,n", _variant_numbers())
def test_tn_variants(normalizers, tag, n):
    """Every spoken variant TN's cardinal grammar emits for n (the 8 best) reads back as n
    (the variants come from the compiled grammar, so one id per number, not per variant)."""
    norm = normalizers(tag)
    variants = norm.apply_class("cardinal", "tn", str(n), nbest=8)
    assert variants
    bad = [(w, norm.itn(w)) for w in variants if probes.verdict(norm.itn(w), w, n, tag) != "ok"]
    assert not bad, bad


def test_form_table_is_whole():
    assert set(probes.FORMS) == set(probes.LOCALES) == set(probes.SCALES)
    assert {tag for tag, _ in XFAIL} <= set(probes.LOCALES)
    assert all(form in probes.FORMS[tag] for tag, form in XFAIL)


@pytest.mark.parametrize("tag,form,n,words", _cases())
def test_probe(normalizers, tag, form, n, words):
    got = normalizers(tag).itn(words)
    assert probes.verdict(got, words, n, tag) == "ok", f"{words!r} -> {got!r}, want {n}"


@pytest.mark.parametrize("out,tag,want", [
    ("2454", "de", 2454),
    ("987.654.321", "de", 987654321),
    ("21\u00a0000", "fr", 21000),
    ("3 Mio.", "de", 3000000),
    ("1,5 millions", "fr", 1500000),
    ("2004 154", "de", None),               # two numbers, not one grouped number
    ("61.000.008 161.002 103", "de", None),  # the marks must agree throughout
    ("2004 102 und 90", "de", None),
    ("3 millions", "de", None),             # another locale's scale word
    ("sieben", "de", None),
])
def test_value(out, tag, want):
    assert probes.value(out, tag) == want


@pytest.mark.parametrize("out,words,n,want", [
    ("2454", "zweitausend...", 2454, "ok"),
    ("2004 102 und 90", "zwei tausend vier hundert zwei und neunzig", 2492, "mixed"),
    ("2004 154", "zwei tausend vier hundert vierundfünfzig", 2454, "split"),
    ("2455", "zweitausendvierhundertfünfundfünfzig", 2454, "wrong"),
    ("drei-cent", "drei-cent", 300, "unchanged"),
])
def test_verdict(out, words, n, want):
    assert probes.verdict(out, words, n, "de") == want


@pytest.mark.parametrize("tag,form,words,want", [
    ("de", "apart", "zweitausendvierhundertzweiundneunzig", "zwei tausend vier hundert zwei und neunzig"),
    ("de", "und_apart", "einhunderteinundzwanzig", "einhundertein und zwanzig"),   # "hundert" keeps its "und"
    ("de", "no_ein", "eintausendzweihundert", "tausendzweihundert"),
    ("it", "apart", "centottantuno", "cento ottantuno"),
    ("it", "apart", "duemilaquattrocentonovantadue", "due mila quattro cento novantadue"),
    ("es", "y_apart", "veintidós", "veinte y dos"),
    ("es", "y_apart", "dieciséis mil", "diez y seis mil"),
    ("es", "hundreds_apart", "setecientos novecientos quinientos", "siete cientos nueve cientos quinientos"),
    ("fr", "all_hyphens", "deux millions trois cent vingt et un", "deux millions trois-cent-vingt-et-un"),
    ("fr", "no_hyphens", "quatre-vingt-dix-neuf", "quatre vingt dix neuf"),
    ("ru", "no_odna", "одна тысяча двести", "тысяча двести"),
])
def test_forms(tag, form, words, want):
    assert probes.FORMS[tag][form](words) == want
