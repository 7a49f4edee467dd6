"""Tests for normgram.eval.metrics. Expected numbers below are computed by hand."""
import time

import pytest
from hypothesis import given, settings, strategies as st

import normgram.eval.metrics as M
from normgram.eval.metrics import (
    Accumulator, align, exact_match, itn_wer, kind_wer, lenient_itn, lenient_match,
    lenient_tn, span_prf, wer, word_errors,
)


# --------------------------------------------------------------------------- references

def ref_align(a, b):
    """Independent full-matrix Levenshtein with explicit backtrace: diagonal, then deletion, then insertion."""
    n, m = len(a), len(b)
    D = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        D[i][0] = i
    for j in range(m + 1):
        D[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            D[i][j] = min(D[i - 1][j - 1] + (a[i - 1] != b[j - 1]), D[i - 1][j] + 1, D[i][j - 1] + 1)
    out, i, j = [], n, m
    while i or j:
        if i and j and D[i][j] == D[i - 1][j - 1] + (a[i - 1] != b[j - 1]):
            i, j = i - 1, j - 1
            out.append((i, j))
        elif i and D[i][j] == D[i - 1][j] + 1:
            i -= 1
            out.append((i, None))
        else:
            j -= 1
            out.append((None, j))
    return out[::-1], D[n][m]


def itn_word_errors(src, ref, hyp):
    """The reference implementation from the spec, verbatim (uses normgram.eval.metrics.align)."""
    src, ref, hyp = src.split(), ref.split(), hyp.split()
    copy = [False] * len(ref)
    for i, j in align(src, ref):
        if i is not None and j is not None and src[i] == ref[j]:
            copy[j] = True
    err = {True: 0, False: 0}
    last_tag = True
    for j, k in align(ref, hyp):
        if j is not None:
            last_tag = copy[j]
            if k is None or ref[j] != hyp[k]:
                err[copy[j]] += 1
        else:
            err[last_tag] += 1
    return err[False], err[True], copy.count(False), copy.count(True)


def cost(a, b, pairs):
    return sum(1 for i, j in pairs if i is None or j is None or a[i] != b[j])


def check_valid(a, b, pairs):
    """Each index of a and b appears exactly once, in increasing order."""
    assert [i for i, _ in pairs if i is not None] == list(range(len(a)))
    assert [j for _, j in pairs if j is not None] == list(range(len(b)))


# --------------------------------------------------------------------------- align

@pytest.mark.parametrize("a,b,expected", [
    ("a", "a a", [(None, 0), (0, 1)]),             # diagonal preferred -> insertion lands first
    ("a a", "a", [(0, None), (1, 0)]),             # diagonal preferred -> deletion lands first
    ("a b", "b a", [(0, 0), (1, 1)]),              # 3-way tie at the end -> two substitutions
    ("a b c", "a c", [(0, 0), (1, None), (2, 1)]),
    ("", "x y", [(None, 0), (None, 1)]),
    ("x y", "", [(0, None), (1, None)]),
    ("", "", []),
], ids=["ins-first", "del-first", "swap-subs", "middle-del", "all-ins", "all-del", "both-empty"])
def test_align_hand(a, b, expected):
    assert align(a.split(), b.split()) == expected


tokens = st.lists(st.sampled_from(["a", "b", "c", "$5", "X."]), max_size=8)


@settings(max_examples=300, deadline=None)
@given(tokens, tokens)
def test_align_matches_independent_dp(a, b):
    pairs = align(a, b)
    expected, dist = ref_align(a, b)
    assert pairs == expected
    assert cost(a, b, pairs) == dist


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from("abcdef"), max_size=30), st.lists(st.sampled_from("abcdef"), max_size=30),
       st.integers(0, 40))
def test_anchored_fallback_is_valid(a, b, limit):
    old = M.DP_CELL_LIMIT
    M.DP_CELL_LIMIT = limit
    try:
        pairs = align(a, b)
    finally:
        M.DP_CELL_LIMIT = old
    check_valid(a, b, pairs)
    assert cost(a, b, pairs) >= ref_align(a, b)[1]
    assert cost(a, b, pairs) <= max(len(a), len(b))


def test_long_input_uses_fallback_and_is_fast():
    a = [f"w{k % 997}" for k in range(3000)]
    b = list(a)
    b[1500] = "ZZZ"            # one substitution
    del b[10]                  # one deletion
    b.insert(2900, "NEW")      # one insertion
    assert len(a) * len(b) > M.DP_CELL_LIMIT
    t = time.perf_counter()
    s, d, i, n = word_errors(a, b)
    assert time.perf_counter() - t < 30
    assert (s, d, i, n) == (1, 1, 1, 3000)


def test_long_low_vocabulary_input_stays_bounded():
    # every token is "popular" (difflib autojunk) -> no anchors -> positional alignment
    a = ["a", "b"] * 1500
    b = ["b"] + a[:-1]
    pairs = align(a, b)
    check_valid(a, b, pairs)
    assert cost(a, b, pairs) <= 3000


# --------------------------------------------------------------------------- WER

@pytest.mark.parametrize("ref,hyp,counts,rate", [
    ("a b c", "a x c d", (1, 0, 1, 3), 2 / 3),
    ("a b c", "a b c", (0, 0, 0, 3), 0.0),
    ("", "", (0, 0, 0, 0), 0.0),
    ("", "a b", (0, 0, 2, 0), 2.0),                 # empty ref: errors / max(1, 0)
    ("a b c", "", (0, 3, 0, 3), 1.0),
    ("a b", "x a b y", (0, 0, 2, 2), 1.0),
    ("a b c d", "a d", (0, 2, 0, 4), 0.5),
    ("  a   b ", "a b", (0, 0, 0, 2), 0.0),
    ("the cat sat", "the bat sat down", (1, 0, 1, 3), 2 / 3),
    ("A b", "a b", (1, 0, 0, 2), 0.5),              # case-sensitive
], ids=["sub+ins", "identical", "empty-both", "empty-ref", "empty-hyp", "ins-only", "del-only",
        "whitespace", "sub+ins-2", "case-sensitive"])
def test_wer_hand(ref, hyp, counts, rate):
    assert word_errors(ref.split(), hyp.split()) == counts
    assert wer(ref, hyp) == pytest.approx(rate)


# --------------------------------------------------------------------------- ITN-WER

SRC = "twenty five dollars please"


@pytest.mark.parametrize("hyp,lead,expected", [
    ("$25 please", "copy", (0, 1, 0, 1)),
    # align($25 please | 25 dollars please): "25" inserted at start, $25->dollars sub, please ok
    ("25 dollars please", "copy", (1, 1, 1, 1)),
    ("25 dollars please", "first", (2, 1, 0, 1)),
    # unnormalized copy-through: $25->dollars sub + 2 leading insertions
    (SRC, "copy", (1, 1, 2, 1)),
    (SRC, "first", (3, 1, 0, 1)),
    ("$25", "copy", (0, 1, 1, 1)),                  # copy word "please" deleted
    ("$25 please now", "copy", (0, 1, 1, 1)),       # trailing insertion charged to "please" (copy)
    ("$25 now please", "copy", (1, 1, 0, 1)),       # insertion after "$25" charged to ITN
    ("$26 please", "copy", (1, 1, 0, 1)),
], ids=["perfect", "leading-ins-copy", "leading-ins-first", "copy-through", "copy-through-first",
        "copy-deleted", "trailing-ins", "mid-ins-itn", "itn-sub"])
def test_itn_wer_worked_example(hyp, lead, expected):
    r = itn_wer(SRC, "$25 please", hyp, leading_insertions=lead)
    assert (r["itn_errors"], r["itn_words"], r["copy_errors"], r["copy_words"]) == expected
    assert r["itn_wer"] == pytest.approx(expected[0] / max(1, expected[1]))
    assert r["non_itn_wer"] == pytest.approx(expected[2] / max(1, expected[3]))


def test_itn_wer_tagging_and_empty():
    # "Call" (case differs) and "5." are ITN, "me at" copy
    r = itn_wer("call me at five", "Call me at 5.", "call me at 5.")
    assert (r["itn_errors"], r["itn_words"], r["copy_errors"], r["copy_words"]) == (1, 2, 0, 2)
    r = itn_wer("", "", "x y")
    assert (r["itn_errors"], r["copy_errors"], r["itn_wer"], r["non_itn_wer"]) == (0, 2, 0.0, 2.0)
    with pytest.raises(ValueError):
        itn_wer("a", "a", "a", leading_insertions="last")


words = st.lists(st.sampled_from(["a", "b", "c", "$5", "five", "X."]), max_size=7).map(" ".join)


@settings(max_examples=400, deadline=None)
@given(words, words, words)
def test_itn_wer_matches_reference_implementation(src, ref, hyp):
    r = itn_wer(src, ref, hyp)
    assert (r["itn_errors"], r["copy_errors"], r["itn_words"], r["copy_words"]) == itn_word_errors(src, ref, hyp)
    s, d, i, n = word_errors(ref.split(), hyp.split())
    assert r["itn_errors"] + r["copy_errors"] == s + d + i
    assert r["itn_words"] + r["copy_words"] == n
    f = itn_wer(src, ref, hyp, leading_insertions="first")
    assert f["itn_errors"] + f["copy_errors"] == s + d + i


# --------------------------------------------------------------------------- token kinds

@pytest.mark.parametrize("ref,hyp,kind,rate", [
    # align: I paid [ins 25] $25->dollars on May->may 3.
    ("I paid $25 on May 3.", "I paid 25 dollars on may 3.", "digit", 2 / 2),
    ("I paid $25 on May 3.", "I paid 25 dollars on may 3.", "cap", 1 / 2),
    ("I paid $25 on May 3.", "I paid 25 dollars on may 3.", "punct", 0 / 1),  # "$" is not P*
    ("a 5 b", "a 6 b", "digit", 1.0),
    ("a b", "a 7 b", "digit", 1.0),                 # no digit refs: 1 insertion / max(1, 0)
    ("a b", "a b", "digit", 0.0),
    ("five", "5", "digit", 0.0),                    # sub of non-digit ref token not counted
    ("Hi, there. Bob", "Hi there Bob", "punct", 2 / 2),
    ("Hi, there. Bob", "Hi there Bob", "cap", 1 / 2),         # "Hi," -> "Hi" is an error on a cap token
    ("Hi, there. Bob", "hi, there. bob", "cap", 2 / 2),
    ("x y", "x , y", "punct", 1.0),                 # inserted "," / max(1, 0)
    ("x y", "x, y", "punct", 0.0),                  # sub of non-punct ref token not counted
], ids=["digit-mixed", "cap-mixed", "punct-mixed", "digit-sub", "digit-ins-only", "digit-none",
        "digit-hyp-only-sub", "punct-del", "cap-punct-sub", "cap-lowered", "punct-ins", "punct-hyp-only-sub"])
def test_kind_wer(ref, hyp, kind, rate):
    assert kind_wer(ref, hyp, kind) == pytest.approx(rate)


# --------------------------------------------------------------------------- sentence accuracy

@pytest.mark.parametrize("fn,inp,out", [
    (lenient_itn, '"Hello," she said. (ok)', "hello she said ok"),
    (lenient_itn, "It's 3.5 ... $25", "it's 3.5 $25"),
    (lenient_itn, "a-b [c]", "a-b c"),
    (lenient_tn, "Dr. Smith's $5_x", "dr smith s 5 x"),
    (lenient_tn, "Twenty-Five, please!", "twenty five please"),
], ids=["itn-edges", "itn-interior-kept", "itn-hyphen", "tn-all-punct", "tn-hyphen"])
def test_lenient_forms(fn, inp, out):
    assert fn(inp) == out


@pytest.mark.parametrize("hyp,refs,task,exact,lenient", [
    ("a  b ", ["x", "a b"], "itn", True, True),
    ("a b", "a b", "tn", True, True),
    ("call me at 5", ["Call me at 5."], "itn", False, True),
    ("call me at 5", ["Call me at 5:00."], "itn", False, False),
    ("twenty five", ["twenty-five"], "tn", False, True),
    ("twenty five", ["twenty-five"], "itn", False, False),
    ("", [""], "itn", True, True),
], ids=["any-ref", "str-ref", "lenient-only", "neither", "tn-hyphen", "itn-hyphen", "empty"])
def test_sentence_matches(hyp, refs, task, exact, lenient):
    assert exact_match(hyp, refs) is exact
    assert lenient_match(hyp, refs, task) is lenient


def test_lenient_match_bad_task():
    with pytest.raises(ValueError):
        lenient_match("a", ["a"], "asr")


# --------------------------------------------------------------------------- spans

def test_span_prf_hand():
    gold = [(0, 2, "MONEY", "$25"), (3, 4, "CARDINAL", "3")]
    pred = [(0, 2, "MONEY", "$25"), (3, 4, "CARDINAL", "three"), (5, 6, "DATE", "x")]
    r = span_prf(gold, pred)
    assert r["per_class"]["MONEY"]["f1"] == 1.0
    assert (r["per_class"]["CARDINAL"]["precision"], r["per_class"]["CARDINAL"]["recall"]) == (0.0, 0.0)
    assert r["per_class"]["DATE"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "tp": 0, "pred": 1, "gold": 0}
    assert r["micro"]["precision"] == pytest.approx(1 / 3)
    assert r["micro"]["recall"] == pytest.approx(1 / 2)
    assert r["micro"]["f1"] == pytest.approx(0.4)


@pytest.mark.parametrize("gold,pred,p,r,f", [
    ([], [], 1.0, 1.0, 1.0),
    ([(0, 1, "A", "1")], [], 0.0, 0.0, 0.0),
    ([], [(0, 1, "A", "1")], 0.0, 0.0, 0.0),
    ([(0, 1, "A", "1")], [(0, 1, "A", "1"), (0, 1, "A", "1")], 0.5, 1.0, 2 / 3),   # duplicate pred
    ([(0, 1, "A", "1")], [(0, 2, "A", "1")], 0.0, 0.0, 0.0),                        # offsets differ
    ([(0, 1, "A", "1")], [(0, 1, "B", "1")], 0.0, 0.0, 0.0),                        # class differs
    ([[0, 1, "A", "1"]], [(0, 1, "A", "1")], 1.0, 1.0, 1.0),                        # lists accepted
], ids=["both-empty", "no-pred", "no-gold", "duplicate-pred", "offset-mismatch", "class-mismatch", "list-spans"])
def test_span_prf_micro_edges(gold, pred, p, r, f):
    m = span_prf(gold, pred)["micro"]
    assert (m["precision"], m["recall"]) == (pytest.approx(p), pytest.approx(r))
    assert m["f1"] == pytest.approx(f)


# --------------------------------------------------------------------------- accumulator

def test_accumulator_hand():
    acc = Accumulator()
    acc.add(SRC, ["$25 please"], "$25 please", "itn",
            gold_spans=[(0, 1, "MONEY", "$25")], pred_spans=[(0, 1, "MONEY", "$25")], cls="MONEY")
    # 2 subs (Call/call, 5./5) over 4 words; "Call" and "5." are ITN words
    acc.add("call me at five", ["Call me at 5."], "call me at 5", "itn",
            gold_spans=[(3, 4, "CARDINAL", "5")], pred_spans=[], cls="TIME")
    rep = acc.report()
    assert rep["n"] == 2
    assert rep["exact_acc"] == 0.5 and rep["lenient_acc"] == 1.0
    assert rep["wer"] == pytest.approx(2 / 6)            # corpus-level, not mean(0, 0.5) = 0.25
    assert rep["itn_wer"] == pytest.approx(2 / 3)
    assert rep["non_itn_wer"] == 0.0
    assert rep["digit_wer"] == pytest.approx(1 / 2)
    assert rep["punct_wer"] == 1.0
    assert rep["cap_wer"] == 1.0
    assert rep["per_class"] == {"MONEY": {"n": 1, "exact_acc": 1.0, "lenient_acc": 1.0},
                                "TIME": {"n": 1, "exact_acc": 0.0, "lenient_acc": 1.0}}
    assert rep["spans"]["per_class"]["CARDINAL"]["recall"] == 0.0
    assert rep["spans"]["micro"]["precision"] == 1.0
    assert rep["spans"]["micro"]["recall"] == 0.5
    assert rep["spans"]["micro"]["f1"] == pytest.approx(2 / 3)


def test_accumulator_picks_closest_reference_and_defaults():
    acc = Accumulator()
    acc.add("at five", ["at five o'clock", "at 5", "at 5:00"], "at 5:00 pm", "itn")
    rep = acc.report()
    assert rep["wer"] == pytest.approx(1 / 2)            # closest ref "at 5:00": 1 insertion / 2 words
    assert rep["exact_acc"] == 0.0
    assert rep["per_class"] == {} and rep["spans"] is None
    empty = Accumulator().report()
    assert empty["n"] == 0 and empty["wer"] == 0.0 and empty["exact_acc"] == 0.0
    with pytest.raises(ValueError):
        acc.add("a", [], "a", "itn")
