"""The stages' rule data (normgram/stages/rules.py, locales/<tag>/denorm/rules.yaml): the kinds
of tests/stages/rules_en.yaml, one id per case, and the loader's errors."""
from pathlib import Path

import pytest
import yaml

from normgram.errors import RuleFileError
from normgram.stages import rules
from normgram.stages.models import shipped_dir
from conftest import words_events

CASES = yaml.safe_load((Path(__file__).parent / "stages" / "rules_en.yaml").read_text(encoding="utf-8"))
EN = rules.load(shipped_dir("en"))


@pytest.mark.parametrize("case", CASES["question"], ids=[c["words"] for c in CASES["question"]])
def test_question(case):
    assert EN.is_question(case["words"].split()) is case["question"]



@pytest.mark.parametrize("case", CASES["statement"], ids=[c["words"] for c in CASES["statement"]])
def test_statement(case):
    assert EN.is_statement(*words_events(case["words"])) is case["statement"]


LOCALE_CASES = yaml.safe_load((Path(__file__).parent / "stages" / "rules_locales.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", LOCALE_CASES, ids=[f"{c['locale']}:{c['words']}" for c in LOCALE_CASES])
def test_question_locales(case):
    assert rules.load(shipped_dir(case["locale"])).is_question(case["words"].split()) is case["question"]


def test_space_before():
    fr, en = rules.load(shipped_dir("fr")), rules.load(shipped_dir("en"))
    assert (fr.written("?"), fr.written("."), en.written("?")) == (" ?", ".", "?")


@pytest.mark.parametrize("case", CASES["heading"], ids=[c["words"] for c in CASES["heading"]])
def test_heading(case):
    assert EN.heading(case["words"].split()) is case["heading"]


def test_no_file_means_no_rules(tmp_path):
    r = rules.load(tmp_path)
    assert r == rules.StageRules()
    assert not r.is_question(["where", "is", "it"]) and not r.heading(["chapter", "7"])


def test_every_shipped_rule_file_loads():
    for folder in sorted(shipped_dir("en").parent.parent.glob("*/denorm")):
        rules.load(folder)


BAD = [
    ("questions: [what]", "questions"),
    ("headings: {words: [chapter], max_words: 0}", "headings.max_words"),
    ("headings: {words: [Chapter]}", "headings.words"),
    ("questions: {subjects: [i, no]}", "questions.subjects[1]"),    # YAML reads a bare no as false
    ("questions: {wh: [what]}", "questions.wh"),
    ("numerals_after_names: yes please", "numerals_after_names"),
    ("colours: {}", "colours"),
    ("[1, 2]", None),
    ("space_before: [';']", "space_before[0]"),
    ("space_before: '?'", "space_before"),
    ("questions: {asides: [What is more]}", "questions.asides"),
    ("title_runs: {connectors: [of, The]}", "title_runs.connectors"),
    ("title_runs: [of]", "title_runs"),
    ("capital_after: ['-']", "capital_after[0]"),
    ("lower_before_numbers: [P]", "lower_before_numbers"),
    ("titles: [judge, Bishop]", "titles"),
    ("titles: judge", "titles"),
    ("name_heads: {after: [River]}", "name_heads.after"),
    ("name_heads: {inside: [of]}", "name_heads.inside"),
    ("questions: {relatives: [He]}", "questions.relatives"),
    ("questions: {from_model: perhaps}", "questions.from_model"),
    ("questions: {auxiliaries: [is", None),
    ("quoted_titles: {minor: [of, The], share: 0.5, max_words: 9}", "quoted_titles.minor"),
    ("quoted_titles: {minor: [on, off], share: 0.5, max_words: 9}", "quoted_titles.minor[0]"),    # bare on, off read as booleans
    ("quoted_titles: {share: 0, max_words: 9}", "quoted_titles.share"),
    ("quoted_titles: {share: 2, max_words: 9}", "quoted_titles.share"),
    ("quoted_titles: {share: 0.5, max_words: 0}", "quoted_titles.max_words"),
    ("quoted_titles: {cues: song, share: 0.5, max_words: 9}", "quoted_titles.cues"),
    ("quoted_titles: {cues: [song], max_words: 9}", "quoted_titles.share"),      # share and max_words are needed
    ("quoted_titles: {cues: [song], share: 0.5}", "quoted_titles.max_words"),
    ("quoted_titles: {naming: [Called], share: 0.5, max_words: 9}", "quoted_titles.naming"),
    ("pauses: {after: 6, per_word: 0.2}", "pauses.most"),                     # all three are needed
    ("pauses: {after: 6, per_word: -0.2, most: 1}", "pauses.per_word"),
    ("pauses: {after: six, per_word: 0.2, most: 1}", "pauses.after"),
    ("headings: {end_mark: maybe}", "headings.end_mark"),
    ("headings: {not_before: [Was]}", "headings.not_before"),
    ("number_lines: [1]", "number_lines"),
]


@pytest.mark.parametrize("text,key", BAD, ids=[b[0] for b in BAD])
def test_bad_file(tmp_path, text, key):
    (tmp_path / rules.FILE).write_text(text, encoding="utf-8")
    with pytest.raises(RuleFileError) as e:
        rules.load(tmp_path)
    assert e.value.key == key
    assert str(tmp_path / rules.FILE) in str(e.value)


@pytest.fixture(scope="module")
def stream(en):
    from normgram import StreamingDenormalizer
    return StreamingDenormalizer(en)


@pytest.mark.parametrize("case", CASES["stream"], ids=[c["input"] for c in CASES["stream"]])
def test_stream(stream, case):
    out = "".join(stream.push(w).committed for w in case["input"].split()) + stream.finish().committed
    want = case["output"] if isinstance(case["output"], list) else [case["output"]]
    assert out in want


@pytest.fixture(scope="module")
def den(tmp_path_factory):
    from normgram.stages import Denormalizer
    return Denormalizer("en", cache_dir=tmp_path_factory.mktemp("denorm-cache"))


@pytest.mark.parametrize("case", CASES["window"], ids=[f"{c['text']}|opened={c['opened']}" for c in CASES["window"]])
def test_window(den, case):
    text = case["text"]
    settled = len(" ".join(text.split()[:case["settled"]])) + 1
    # the settled words are committed text (no mark, no case change); the rest is decided
    assert den.apply(text, settled=settled, opened=case["opened"])[0] == case["output"]


NAMES = CASES["titles"] + CASES["heads"]


@pytest.mark.parametrize("case", NAMES, ids=[c["text"] for c in NAMES])
def test_names_by_kind(den, case):
    # a title before a name, a head noun of a place or a body beside one (truecasing alone)
    assert den.truecase(case["text"]) == case["output"]


@pytest.mark.parametrize("case", CASES["quoted_titles"], ids=[c["text"] for c in CASES["quoted_titles"]])
def test_quoted_titles(den, case):
    # a quoted title in title case after a cue word; quotations, terms and text written with
    # its capitals stay (truecasing alone)
    assert den.truecase(case["text"]) == case["output"]


@pytest.mark.parametrize("case", CASES["model_question"],
                         ids=[f"{c['text']}|{c.get('questions', '')}" for c in CASES["model_question"]])
def test_model_question(case):
    from normgram.stages.punctuation import ask
    from normgram.stages.units import units
    us = units(case["text"])
    events = [""] * (len(us) - 1) + ["?"]
    assert ask(us, events, case.get("questions", {}), EN)[-1] == case["end"]
    # without the rule (from_model true, the default) the model's "?" stays where nothing else decides
    if "questions" not in case and not EN.is_question(case["text"].split()) \
            and not EN.is_statement(case["text"].split(), [""] * len(us)):
        assert ask(us, events, {}, rules.StageRules())[-1] == "?"
