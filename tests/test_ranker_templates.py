"""The ranker's template sentences (tools/ranker_sources.py) do not copy the ITN ambiguity set.

The ambiguity set (tools/itn_ambiguity.py) measures whether the ranker reads a spoken number
from its context; a template that repeats one of its carrier contexts would make that a test
of memory.  Every template slot's context (the three words before it, the sentence start
counting as a word) and the word after it must differ from every ambiguity carrier's, in
both splits.
"""
import itertools
import os
import re
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"
sys.path.insert(0, str(TOOLS))
itn_ambiguity = pytest.importorskip("itn_ambiguity")
ranker_sources = pytest.importorskip("ranker_sources")

SLOT = "qqslot"
FILLERS = ("_clock", "_price", "_count", "_date", "_phone", "_email", "_url")  # measures: "<_count> <unit>"


def _words(text):
    return ["<s>"] + re.sub(r"[^\w\s']", " ", text.lower()).split()


def _left_contexts(sentences):
    out = set()
    for s in sentences:
        ws = _words(s)
        for i, w in enumerate(ws):
            if w == SLOT:
                out.add((tuple(ws[max(0, i - 3):i]), tuple(ws[i + 1:i + 2])))
    return out


@pytest.fixture(scope="module")
def template_contexts(monkeypatch_module):
    for name in FILLERS:  # every slot value becomes the marker word
        monkeypatch_module.setattr(ranker_sources, name, lambda rng: SLOT)
    sents = list(ranker_sources.templates(20000, seed=1))
    return sents, _left_contexts(sents)


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


def _carriers():
    return [c for split in itn_ambiguity.CARRIERS.values() for cs in split.values() for c in cs]


def test_every_template_group_is_used(template_contexts):
    sents, _ = template_contexts
    assert set(ranker_sources.SHARE) == set(ranker_sources.TEMPLATES)
    for name, group in ranker_sources.TEMPLATES.items():
        assert len(group) >= 9, name


def test_no_template_repeats_an_ambiguity_carrier_context(template_contexts):
    _, contexts = template_contexts
    carriers = _left_contexts([c.replace("{x}", SLOT) for c in _carriers()])
    assert not contexts & carriers, sorted(contexts & carriers)


def test_no_template_holds_an_ambiguity_carrier(template_contexts):
    sents, _ = template_contexts
    text = "\n".join(" ".join(_words(s)[1:]) for s in sents)
    for c in _carriers():
        for part in (p.strip() for p in c.split("{x}")):
            if len(part.split()) >= 3:
                assert f"{SLOT} {part}" not in text and f"{part} {SLOT}" not in text, c


def test_templates_are_deterministic():
    assert list(ranker_sources.templates(50, seed=3)) == list(ranker_sources.templates(50, seed=3))
    assert list(ranker_sources.templates(50, seed=3)) != list(ranker_sources.templates(50, seed=4))


@pytest.mark.skipif(not os.path.isfile(os.path.join(ranker_sources.WORDNET_DIR, "data.noun")),
                    reason="Debian wordnet-base not installed")
def test_wordnet_source_gives_gloss_examples_once():
    sents = list(itertools.islice(ranker_sources.wordnet(), 2000))
    assert len(sents) == 2000 and len(set(sents)) == 2000
    assert all(len(s.split()) >= 3 and '"' not in s and "|" not in s for s in sents)
