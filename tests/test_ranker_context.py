"""The ranker's context features beyond the n-gram window: right-context weight, trigger
words near a span, per-class offsets; and what the shipped English model must decide (ITN
ambiguity by context, literary years and chapter numerals kept)."""
import pytest

import normgram
from normgram.ranker import NgramModel, Ranker

TOY = ([["it", "costs", "<money:f>"], ["the", "fee", "is", "<money:f>", "today"]] * 5
       + [["born", "in", "<year>"], ["in", "<year>", "the", "war", "ended"]] * 5
       + [["<year>", "was", "a", "good", "year"]] * 3)


def _model(**meta):
    return NgramModel.train(TOY, order=3, meta=meta)


def test_right_weight_scales_right_context():
    m = _model()
    full, none = Ranker(m, lam=1.0), Ranker(m, lam=1.0)
    none.right_weight = 0.0
    assert full.right_weight == 1.0
    left, right = ["it", "is"], ["the", "war"]
    # without right context, only the left window decides: the same for every right context
    assert none(left, ["<year>"], right) == none(left, ["<year>"], ["today"])
    assert full(left, ["<year>"], right) != full(left, ["<year>"], ["today"])
    assert Ranker(_model(right_weight=0.5), lam=1.0).right_weight == 0.5


def test_trigger_words_near_a_span():
    """A cue word anywhere in the window ("fee" two words before) lowers the cost of its class
    by trigger_weight * its score; off (weight 0) it changes nothing."""
    triggers = {"<money:f>": {"fee": 1.5, "paid": 2.0}, "<year>": {"born": 2.0}}
    on = Ranker(_model(triggers=triggers, trigger_weight=0.5), lam=1.0)
    off = Ranker(_model(triggers=triggers), lam=1.0)
    left = ["the", "fee", "was", "only"]
    assert off.trigger_weight == 0.0 and on.trigger_weight == 0.5
    assert on(left, ["<money:f>"], []) == pytest.approx(off(left, ["<money:f>"], []) - 0.75)
    assert on(left, ["<year>"], []) == pytest.approx(off(left, ["<year>"], []))
    # right-context cue words count too, each word once
    assert on(["so"], ["<money:f>"], ["paid", "paid"]) == pytest.approx(off(["so"], ["<money:f>"], ["paid", "paid"]) - 1.0)


def test_class_offsets_per_direction():
    m = _model(offsets_itn={"<money:f>": 0.4})
    tn, itn = Ranker(m, lam=0.5), Ranker(m, lam=0.5, direction="itn")
    assert tn.offsets == {} and itn.offsets == {"<money:f>": 0.4}
    ctx = (["it", "costs"], [])
    assert itn(ctx[0], ["<money:f>"], ctx[1]) == pytest.approx(tn(ctx[0], ["<money:f>"], ctx[1]) + 0.4)


def test_trigger_table_keeps_cue_words_of_known_classes():
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    train_ranker = pytest.importorskip("train_ranker")
    corpus = ([["the", "fee", "is", "<money:f>"], ["he", "paid", "<money:f>", "today"]] * 10
              + [["born", "in", "<year>"], ["in", "<year>", "the", "fee", "rose"]] * 10
              + [["<nick>", "said", "fee"]] * 10)
    table = train_ranker.trigger_table(corpus, {"money", "year"}, min_count=3)
    assert set(table) == {"<money:f>", "<year>"}          # "<nick>" is no class
    assert table["<money:f>"]["paid"] > 0 and "born" in table["<year>"]
    assert all(v > 0 for row in table.values() for v in row.values())   # cue words only


@pytest.fixture(scope="module")
def shipped():
    return normgram.Normalizer("en")


@pytest.mark.parametrize("spoken, written", [
    # literary years stay years (the bare "X Y" price needs money context)
    ("the settlers of eighteen forty nine crossed the plains", "the settlers of 1849 crossed the plains"),
    ("in the spring of seventeen eighty nine the king was still in paris",
     "in the spring of 1789 the king was still in paris"),
    ("the winter of sixteen forty two was cold", "the winter of 1642 was cold"),
    ("he was born in eighteen twelve", "he was born in 1812"),
    # chapter numerals: the grammar picks the format, the ranker does not choose between them
    ("CHAPTER fourteen.", "CHAPTER XIV."),
    ("chapter twenty one", "chapter XXI"),
])
def test_shipped_model_keeps_literary_readings(shipped, spoken, written):
    assert shipped.itn(spoken) == written


@pytest.mark.parametrize("spoken, written", [
    # the same words, read by their context (a price cue, a clock cue, a year cue)
    ("the cab ride to the airport costs twelve fifty", "the cab ride to the airport costs $12.50"),
    ("lunch for two was fourteen fifty with the tip", "lunch for two was $14.50 with the tip"),
    ("we paid eleven twenty five for the tickets", "we paid $11.25 for the tickets"),
    ("the abbey was rebuilt in twelve fifty", "the abbey was rebuilt in 1250"),
    ("my flight boards at seven forty", "my flight boards at 7:40"),
    ("the baby woke us at four thirty", "the baby woke us at 4:30"),
])
def test_shipped_model_reads_by_context(shipped, spoken, written):
    assert shipped.itn(spoken) == written


def test_roman_is_ranked_as_cardinal(shipped):
    """"chapter fourteen": XIV and 14 are one group for the ranker (formats.yaml ranked_as),
    so their LM costs are equal and the grammar weight picks the numeral."""
    (sp,) = shipped.itn_result("CHAPTER fourteen.").spans
    ranked = {c.cls: c.lm for c in sp.candidates if c.ranked and c.cls in ("roman", "cardinal")}
    assert len(set(ranked.values())) <= 1
