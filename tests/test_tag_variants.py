"""Variants `normgram tag` emits: only forms people say (tn_rules/<tag>/variants.yaml), only forms
ITN reads back, and no padding when a span has fewer forms than asked (tagdata/tagging.py)."""
import pytest
import regex

from normgram.errors import RuleFileError
from normgram.tagdata.tagging import Tagger, _variant_rules

# (written line, class, a pattern no emitted variant of that class may hold)
UNSAID = [
    ("The mill was built in 1847.", "year", r"thousand \w+ hundred"),
    ("By 1763 the war was over.", "year", r"thousand \w+ hundred"),
    ("He was born in 1912 in Ohio.", "year", r"thousand \w+ hundred"),
    ("The treaty of 1648 ended it.", "year", r"thousand \w+ hundred"),
    ("It reopened in 1995 after the fire.", "year", r"thousand \w+ hundred"),
    ("She left on March 9, 1790 for Boston.", "date", r"thousand \w+ hundred"),
    ("Letters dated June 12, 1778 survive.", "date", r"thousand \w+ hundred"),
    ("The ship sailed on Sept. 7 from Dover.", "date", r"\bthe (?:seven)\b"),
    ("We met on January 10th at noon.", "date", r"\bthe ten\b"),
    ("The fair opens November 7th this year.", "date", r"\bthe seven\b"),
    ("Payment is due December 14.", "date", r"\bthe fourteen\b"),
    ("Her birthday is July 26.", "date", r"\bthe twenty six\b"),
    ("Mr. Smith will see you now.", "whitelist", r"^mr$"),
    ("Mrs. Jones was not at home.", "whitelist", r"^mrs$"),
    ("He read it to Mr. Brown.", "whitelist", r"^mr$"),
    ("The train left at 3 o'clock.", "time", r"^(?:at )?three hundred$"),
    ("The water rose 18.3 feet.", "decimal", r"\bdot\b"),
    ("Prices rose 3.8% last year.", "percent", r"\bdot\b"),
    ("The ticket was $25.50 at the door.", "money", r"point \w+ zero"),
    ("It happened in the 1940s and 1950s.", "year", r"hundred (?:and )?\w+ties"),
]


@pytest.fixture(scope="module")
def tagger(en):
    return Tagger(en, variants=8, seed=5)


def _span_forms(rec):
    for v in rec["variants"]:
        for sp in v["spans"]:
            yield v, sp, " ".join(v["tokens"][sp["spoken"][0]:sp["spoken"][1]])


@pytest.mark.parametrize("text, cls, pattern", UNSAID)
def test_unsaid_forms_are_not_emitted(tagger, text, cls, pattern):
    rec = tagger.record(text, 1)
    found = [s for _, sp, s in _span_forms(rec) if sp["cls"] == cls]
    assert found, f"no {cls} span in {rec['spoken'][0]!r}"
    assert not [s for s in found if regex.search(pattern, s)]


@pytest.mark.parametrize("text", [t for t, _, _ in UNSAID] + [
    "He paid $25.50 on March 3, 2021 at 4:30 pm for 1991 items in the 1940s.",
    "The shop opens at 9 a.m. and closes at 5:30 p.m.",
    "It weighs 56 lbs. and costs $3,400.",
    "Call 555-1234 before 9 pm on Friday, Nov. 29.",
])
def test_every_variant_reads_back_and_spans_count_their_forms(tagger, text):
    rec = tagger.record(text, 2)
    assert len(rec["variants"]) <= 8
    for k, (v, sp, _) in enumerate(_span_forms(rec)):
        assert sp["forms"] >= 1
        if v is not rec["variants"][0]:
            assert sp["round_trip"], (sp["text"], v["spoken"])
    # no padding: a line has at most as many variants as its spans' forms allow
    spans = rec["variants"][0]["spans"]
    most = 1
    for sp in spans:
        most *= sp["forms"]
    assert len(rec["variants"]) <= max(1, most)


def test_a_span_with_one_form_gives_one_variant(en):
    rec = Tagger(en, variants=5).record("It was the 5th one.", 3)
    if all(sp["forms"] == 1 for sp in rec["variants"][0]["spans"]):
        assert len(rec["variants"]) == 1


class _Loc:
    tag = "xx"

    def __init__(self, rules):
        self.rules = rules

    def tn(self, name):
        return self.rules if name == "variants" else {}


def test_variant_rules_read_and_checked():
    said, copied = _variant_rules(_Loc({"not_said": {"year": [r"\bthousand\b"]}, "not_copied": ["whitelist"]}))
    assert said["year"][0].search("one thousand nine hundred") and copied == {"whitelist"}
    assert _variant_rules(_Loc({})) == ({}, frozenset())
    with pytest.raises(RuleFileError, match=r"variants.yaml: not_said.year: not a regular expression"):
        _variant_rules(_Loc({"not_said": {"year": ["(unclosed"]}}))
