"""The abbreviation lexicon (locales/en/abbreviations.yaml): TN of prose sentences by kind
(tests/data/en/abbreviations.yaml), ITN that writes none of them into prose, the rules that make
the written forms (grammars/_whitelist_forms.py), and the lexicon against its source."""
import importlib
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import normalizer
from normgram.build.compile import grammar_modules
from normgram.rules.locale import Locale

ROOT = Path(__file__).resolve().parents[1]
DATA = yaml.safe_load((Path(__file__).parent / "data" / "en" / "abbreviations.yaml").read_text(encoding="utf-8"))
TN = [pytest.param(src, want if len(want) > 1 else want[0], id=f"{kind}-{src}")
      for kind, cases in DATA.items() if kind not in ("itn", "keep") for src, *want in cases]
KEPT = [pytest.param(src, want, id=f"keep-{src}") for src, want in DATA["keep"]]


def _forms_module():
    grammar_modules()  # imports grammars/ as one private package
    return importlib.import_module("_normgram_grammars._whitelist_forms")


@pytest.mark.parametrize("src,want", TN)
def test_tn(en, src, want):
    assert en.tn(src) in (want if isinstance(want, list) else [want])


@pytest.mark.parametrize("src,want", KEPT)
def test_tn_prose_kept(overlay_a, src, want):
    assert overlay_a.tn(src) == want


def _lexicon_keys():
    forms = _forms_module()
    return {w.rstrip(".").lower() for e in forms.lexicon_entries(Locale("en")) for w in e["written"]}


@pytest.mark.parametrize("spoken", DATA["itn"], ids=DATA["itn"])
def test_itn_writes_no_abbreviation(en, spoken):
    keys = _lexicon_keys()
    said = {w.lower() for w in spoken.split()}
    written = [w for w in en.itn(spoken).split() if w.endswith(".") or w.rstrip(".").lower() not in said]
    assert not [w for w in written if w.rstrip(".").lower() in keys]


FORMS = [
    # (spellings, flags, forms)
    (["fig."], {}, ["Fig.", "FIG."]),                             # an ordinary word without a context
    (["Ave."], {}, ["Ave.", "Ave", "AVE.", "AVE"]),
    (["ch."], {}, ["ch.", "ch", "Ch.", "Ch", "CH."]),          # "CH": two capitals are an acronym's
    (["c."], {"case": "as_written", "dot": "required"}, ["c."]),
    (["in."], {"case": "as_written", "dot": "required", "context": "number_before"}, ["in."]),
    (["no.", "NO"], {"context": "number_after"}, ["no.", "No.", "No", "NO.", "NO"]),
    (["co."], {}, ["Co.", "CO."]),                               # an ordinary word without a context
    (["fig."], {"context": "number_after"}, ["fig.", "Fig.", "Fig", "FIG.", "FIG"]),
    (["e.g."], {}, ["e.g.", "E.g.", "E.G."]),                   # inner dots stay
    (["dept."], {"dot": "required"}, ["dept.", "Dept.", "DEPT."]),
]


@pytest.mark.parametrize("spellings,flags,want", FORMS, ids=[f"{s[0]}-{'-'.join(map(str, f.values()))}" for s, f, _ in FORMS])
def test_forms(spellings, flags, want):
    forms = _forms_module()
    ordinary = {"no", "co", "fig", "in"}
    got = forms.forms(spellings, flags.get("case", "from_written"), flags.get("dot", "optional"), ordinary,
                      flags.get("context"))
    assert sorted(got) == sorted(want)


PLURALS = [("figure", "figures"), ("inch", "inches"), ("box", "boxes"), ("copy", "copies"), ("day", "days"),
           ("dozen", "dozens"), ("volume", "volumes"), ("page", "pages"), ("church", "churches"),
           ("square mile", "square miles")]


@pytest.mark.parametrize("word,plural", PLURALS, ids=[w for w, _ in PLURALS])
def test_plural_word(word, plural):
    assert _forms_module().plural_word(word) == plural


ABBR_PLURALS = [("fig.", "figs."), ("vol.", "vols."), ("ch.", "chs."), ("pg.", "pgs."), ("pt", "pts")]


@pytest.mark.parametrize("abbr,plural", ABBR_PLURALS, ids=[a for a, _ in ABBR_PLURALS])
def test_plural_abbreviation(abbr, plural):
    assert _forms_module().plural_abbreviation(abbr) == plural


def test_expand_plural_entry():
    forms = _forms_module()
    out = forms.expand({"written": "fig.", "spoken": "figure", "plural": True, "context": "number_after"}, ["fig"])
    assert [e["spoken"] for e in out] == [["figure"], ["figures"]]
    assert "Figs." in out[1]["written"] and "figs" not in out[1]["written"]   # "figs" is a word


LEXICON_LOCALES = sorted(p.parent.name for p in (ROOT / "locales").glob("*/abbreviations.yaml"))


@pytest.mark.parametrize("tag", LEXICON_LOCALES)
def test_lexicon_against_source(tag):
    pytest.importorskip("abbr2words")
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "abbreviations.py"), "--check", "--locale", tag],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
