"""The stages' rule data (normgram/stages/rules.py, locales/<tag>/denorm/rules.yaml): the kinds
of tests/stages/rules_en.yaml, one id per case, and the loader's errors."""
from pathlib import Path

import pytest
import yaml

from normgram.errors import RuleFileError
from normgram.stages import rules
from normgram.stages.models import shipped_dir

CASES = yaml.safe_load((Path(__file__).parent / "stages" / "rules_en.yaml").read_text(encoding="utf-8"))
EN = rules.load(shipped_dir("en"))


@pytest.mark.parametrize("case", CASES["question"], ids=[c["words"] for c in CASES["question"]])
def test_question(case):
    assert EN.is_question(case["words"].split()) is case["question"]


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
    ("questions: {subjects: [i, no]}", "questions.subjects"),       # YAML reads a bare no as false
    ("questions: {wh: [what]}", "questions.wh"),
    ("numerals_after_names: yes please", "numerals_after_names"),
    ("colours: {}", "colours"),
    ("[1, 2]", None),
    ("questions: {auxiliaries: [is", None),
]


@pytest.mark.parametrize("text,key", BAD, ids=[b[0] for b in BAD])
def test_bad_file(tmp_path, text, key):
    (tmp_path / rules.FILE).write_text(text, encoding="utf-8")
    with pytest.raises(RuleFileError) as e:
        rules.load(tmp_path)
    assert e.value.key == key
    assert str(tmp_path / rules.FILE) in str(e.value)
