"""The ranker: context-dependent choice among readings, model files, Normalizer wiring, training tool."""
import doctest
import os
import subprocess
import sys
from pathlib import Path

import pytest

import normgram
from normgram.ranker import NgramModel, Ranker, model, normalize_words, sentence_tokens
from normgram.result import Span

ROOT = Path(__file__).resolve().parents[1]


def test_doctest():
    assert doctest.testmod(model).failed == 0


def test_normalize_words():
    assert normalize_words(["See", "you", "<time>", "tomorrow.", "(a)", "don't", "twenty-one", "--", "V75S"]) == \
        ["see", "you", "<time>", "tomorrow", "a", "don't", "twenty", "one", "<unk>"]


def test_sentence_tokens():
    text = "Room 12, at 4:30."
    spans = [Span(5, 7, 0, 0, "cardinal", "12", "twelve", 0.0), Span(12, 16, 0, 0, "time", "4:30", "x", 0.0)]
    assert sentence_tokens(text, spans) == ["room", "<cardinal|2>", "at", "<time|2>"]


TOY = ([["see", "you", "at", "<ordinal>"], ["meet", "me", "at", "<ordinal>", "tomorrow"]] * 5
       + [["room", "<cardinal>"], ["go", "to", "room", "<cardinal>", "now"], ["i", "have", "<cardinal>", "cats"]] * 5)


def test_cost_prefers_class_in_context():
    r = Ranker(NgramModel.train(TOY, order=3), lam=1.0)
    assert r.lam == 1.0
    assert r(["see", "you", "at"], ["<ordinal>"], []) < r(["see", "you", "at"], ["<cardinal>"], [])
    assert r(["go", "to", "room"], ["<cardinal>"], ["now"]) < r(["go", "to", "room"], ["<ordinal>"], ["now"])
    # lambda scales the cost; a sentence end in the left context cuts it
    r2 = Ranker(r.model, lam=0.5)
    assert r2(["room"], ["<cardinal>"], []) == pytest.approx(0.5 * r(["room"], ["<cardinal>"], []))
    assert r(["x", "y.", "room"], ["<cardinal>"], []) == r(["room"], ["<cardinal>"], [])


def test_save_load_keeps_lambda(tmp_path):
    m = NgramModel.train(TOY, order=3, meta={"lambda": 0.3})
    m.save(tmp_path / "m.json.gz")
    r = Ranker.load(tmp_path / "m.json.gz")
    assert r.lam == 0.3
    assert r(["room"], ["<cardinal>"], ["now"]) == Ranker(m)(["room"], ["<cardinal>"], ["now"])
    assert Ranker.load(tmp_path / "m.json.gz", lam=2.0).lam == 2.0


def _region_choice(norm, text):
    res = norm.tn_result(text)
    return [sp.cls for sp in res.spans]


def test_context_flips_choice_in_pipeline(en):
    """"3/10" reads as a <fraction> ("three tenths", cheaper) or a <date> ("march
    tenth"); "3/20", with a day past 12 that fractions seldom have, is a date by weight
    (fractions.yaml date_like).  A toy model that has seen "beginning <date>" and "add <fraction> cup"
    must flip the choice with the context.  The ranker only chooses among readings with
    as many spans as the grammar's best: "room 3 1/2" stays one <fraction> span even
    when the model prefers "room <cardinal> <fraction>"."""
    corpus = ([["add", "<fraction>", "cup"], ["about", "<fraction>", "of", "them"]] * 20
              + [["beginning", "<date>", "to", "pay"], ["due", "on", "<date>"]] * 20
              + [["room", "<cardinal>", "<fraction>"], ["go", "to", "room", "<cardinal>", "<fraction>"]] * 20)
    grammar = normgram.Normalizer("en", ranker=False)
    assert _region_choice(grammar, "beginning 3/10 to pay") == ["fraction"]
    assert _region_choice(grammar, "beginning 3/20 to pay") == ["date"]
    r = Ranker(NgramModel.train(corpus, order=3), lam=5.0)
    norm = normgram.Normalizer("en", ranker=r)
    assert _region_choice(norm, "add 3/10 cup") == ["fraction"]
    assert _region_choice(norm, "beginning 3/10 to pay") == ["date"]
    assert _region_choice(norm, "go to room 3 1/2") == ["fraction"]
    # explain data: every candidate carries grammar weight, lm cost and their sum; the ranker
    # scores the readings over the grammar's best spans (ranked), not the others
    for sp in norm.tn_result("beginning 3/10 to pay").spans:
        assert {c.cls for c in sp.candidates if c.ranked} >= {"date", "fraction"}
        for c in sp.candidates:
            assert c.total == pytest.approx(c.weight + c.lm)
            assert (c.lm != 0) == c.ranked


def test_ranker_false_is_grammar_only(en):
    off = normgram.Normalizer("en", ranker=False)
    plain = normgram.Normalizer("en", ranker=False, scorer=None)
    for text in ("I have 3 cats and 1/4 of a pie.", "Room 101 at 2.5 km", "the 21st of 12"):
        assert off.tn(text) == plain.tn(text)
        assert all(c.lm == 0.0 for sp in off.tn_result(text).spans for c in sp.candidates)


def test_ranker_path_and_errors(tmp_path):
    m = NgramModel.train(TOY, order=2, meta={"lambda": 0.7})
    m.save(tmp_path / "m.json.gz")
    n = normgram.Normalizer("en", ranker=str(tmp_path / "m.json.gz"))
    assert isinstance(n.ranker, Ranker) and n.ranker.lam == 0.7
    with pytest.raises(FileNotFoundError):
        normgram.Normalizer("en", ranker=str(tmp_path / "missing.json.gz"))


def test_cli_ranker_flags(tmp_path, capsys):
    from normgram.cli import main
    m = NgramModel.train(TOY, order=2, meta={"lambda": 0.7})
    m.save(tmp_path / "m.json.gz")
    assert main(["tn", "--no-ranker", "3 cats"]) == 0
    assert main(["tn", "--ranker", str(tmp_path / "m.json.gz"), "3 cats"]) == 0
    assert main(["explain", "--ranker", str(tmp_path / "m.json.gz"), "room 3"]) == 0
    out = capsys.readouterr().out
    assert "three cats" in out and "grammar" in out and "lm" in out


def test_train_tool_end_to_end(tmp_path):
    text = tmp_path / "domain.txt"
    text.write_text("We have 3 rooms. Room 12 is on the 2nd floor.\nThe 1st guest paid 2.5 times more.\n"
                    "I ate 1/2 of the pie. She has 4 cats and 2 dogs.\n" * 5, encoding="utf-8")
    out = tmp_path / "m.json.gz"
    env = dict(os.environ)
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "train_ranker.py"), "--out", str(out),
                           "--sources", "none", "--text", str(text), "--templates", "30", "--order", "3",
                           "--jobs", "1", "--engconf", "", "--lambdas", "0.2,1.0", "--itn-guard-every", "50",
                           "--cache", str(tmp_path / "cache")],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    r = Ranker.load(out)
    assert r.model.order == 3 and "lambda" in r.model.meta
    assert "<cardinal>" in r.model.vocab
    assert r.lam in (0.2, 1.0)


def test_lambda_per_direction(tmp_path):
    m = NgramModel.train(TOY, order=2, meta={"lambda": 0.5, "lambda_itn": 0.1})
    r = Ranker(m)
    assert (r.lam, r.for_direction("itn").lam, r.for_direction("tn") is r) == (0.5, 0.1, True)
    assert Ranker(m, lam=2.0).for_direction("itn").lam == 2.0   # an explicit lambda wins
    m.save(tmp_path / "m.json.gz")
    n = normgram.Normalizer("en", ranker=str(tmp_path / "m.json.gz"))
    assert n.pipeline("tn").scorer.lam == 0.5 and n.pipeline("itn").scorer.lam == 0.1
    assert n.ranker.lam == 0.5


def test_nbest_keeps_distinct_segmentations(en):
    """With a ranker the n-best holds one reading per class segmentation ("twenty twenty":
    year 2020, time 20:20, two cardinals), not n wordings of the cheapest one."""
    norm = normgram.Normalizer("en", ranker=Ranker(NgramModel.train(TOY, order=2)))
    pipe = norm.pipeline("itn")
    hyps = pipe.hypotheses("twenty twenty")
    classes = {tuple(norm.classes[c] for _, _, c, _ in h.spans) for h in hyps}
    assert ("year",) in classes and ("time",) in classes
    sigs = [tuple((s, e, c) for s, e, c, _ in h.spans) for h in hyps]
    assert len(set(sigs[:len(set(sigs))])) == len(set(sigs))   # the first reading of each comes first
    tn = norm.pipeline("tn").hypotheses("1/4")
    assert {norm.classes[h.spans[0][2]] for h in tn if h.spans} >= {"fraction", "date"}


def test_span_tokens_keep_copied_cue_words():
    from normgram.ranker.tokens import span_tokens
    assert span_tokens("at four thirty", "at 4:30", "time") == ["at", "<time>"]
    assert span_tokens("4:30", "four thirty", "time") == ["<time>"]
    # a span that leaves all its words as they are converts nothing: the LM reads the words
    # (training sentences hold no such span; "one way" kept is "one way", not "<idiom>")
    assert span_tokens("at", "at", "x") == ["at"]
    assert span_tokens("one way", "One Way", "idiom") == ["one", "way"]
    assert span_tokens("four", "4", "cardinal") == ["<cardinal>"]
    text = "See you at 4:30."
    sp = Span(8, 15, 0, 0, "time", "at 4:30", "at four thirty", 0.0)
    assert sentence_tokens(text, [sp]) == ["see", "you", "at", "<time|2>"]
    assert span_tokens("1986", "nineteen eighty six", "year", "1986") == ["<year|4>"]
    # a short fractional part marks the class: a price is not a sum said with "dollars"
    assert span_tokens("four fifty", "$4.50", "money", form="$4.50") == ["<money:f>"]
    assert span_tokens("$4.50", "four dollars fifty cents", "money", "$4.50") == ["<money:f|2>"]
    assert span_tokens("$5 billion", "five billion dollars", "money", "$5 billion") == ["<money|1>"]
    assert span_tokens("1,000", "one thousand", "cardinal", "1,000") == ["<cardinal|3>"]


def test_prior_removes_class_frequency():
    """<cardinal> is 10x as frequent as <decimal>, in the same contexts: without the prior
    the LM prefers the frequent class everywhere; with prior=1 (PMI) the context is equal,
    so neither reading gains, and a context that does predict <decimal> still wins."""
    corpus = ([["it", "is", "<cardinal>"]] * 50 + [["it", "is", "<decimal>"]] * 5
              + [["pi", "is", "about", "<decimal>"]] * 5 + [["<cardinal>", "cats"]] * 100)
    m = NgramModel.train(corpus, order=3)
    raw, pmi = Ranker(m, lam=1.0, prior=0.0), Ranker(m, lam=1.0, prior=1.0)
    ctx = (["it", "is"], [])
    assert raw(ctx[0], ["<cardinal>"], ctx[1]) < raw(ctx[0], ["<decimal>"], ctx[1])
    gap_raw = raw(ctx[0], ["<decimal>"], ctx[1]) - raw(ctx[0], ["<cardinal>"], ctx[1])
    gap_pmi = pmi(ctx[0], ["<decimal>"], ctx[1]) - pmi(ctx[0], ["<cardinal>"], ctx[1])
    assert gap_pmi < gap_raw
    assert pmi(["pi", "is", "about"], ["<decimal>"], []) < pmi(["pi", "is", "about"], ["<cardinal>"], [])


def test_lazy_load_and_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NORMGRAM_CACHE", str(tmp_path / "cache"))
    m = NgramModel.train(TOY, order=3, meta={"lambda": 0.4, "lambda_itn": 0.2, "prior": 0.5})
    m.save(tmp_path / "m.json.gz")
    r = Ranker.load(tmp_path / "m.json.gz")
    assert r._src.model is None                      # nothing read yet
    itn = r.for_direction("itn")
    assert (r.lam, itn.lam, r.prior) == (0.4, 0.2, 0.5)
    assert r(["room"], ["<cardinal>"], []) == Ranker(m)(["room"], ["<cardinal>"], [])
    assert list((tmp_path / "cache" / "ranker").glob("*.marshal"))
    again = Ranker.load(tmp_path / "m.json.gz", lazy=False)   # from the marshal copy
    assert again(["room"], ["<cardinal>"], []) == r(["room"], ["<cardinal>"], [])
    with pytest.raises(FileNotFoundError):
        Ranker.load(tmp_path / "missing.json.gz")


def test_ranker_picks_classes_not_formats(en):
    """The ranker decides the classes of the spans the grammar's best reading converts,
    never the written format: a model that has seen "<cardinal> percent" (written "58
    percent") and "born may <date>" far more than "<percent>" / "born <date>" still
    leaves "58%" and "May 12, 1981" (the ITN style), while it does flip "ten fifteen"
    between 10:15 and 1015 with the context."""
    corpus = ([["turnout", "was", "<cardinal>", "percent", "in", "the", "north"]] * 50
              + [["born", "may", "<date>"], ["born", "<cardinal>"]] * 50
              + [["we", "met", "at", "<time>", "yesterday"]] * 20 + [["in", "<year>", "the", "king", "died"]] * 20)
    norm = normgram.Normalizer("en", ranker=Ranker(NgramModel.train(corpus, order=3), lam=5.0))
    assert norm.itn("turnout was fifty eight percent in the north") == "turnout was 58% in the north"
    assert norm.itn("born may twelfth nineteen eighty one") == "born May 12, 1981"
    assert norm.itn("we met at ten fifteen yesterday") == "we met at 10:15 yesterday"
    assert norm.itn("in ten fifteen the king died") == "in 1015 the king died"


def test_clear_memos_forgets_the_rankers_scores():
    import normgram
    norm = normgram.Normalizer("en")
    norm.itn("we met at four thirty")
    scorer = norm.pipeline("itn").scorer
    assert scorer._cache  # the reading was ranked and its score memoized
    norm.clear_memos()
    assert not scorer._cache
