"""Long lines are read in pieces (normgram/run/pieces.py): a safe cut never changes the output,
a forced cut gives the output of the pieces, and a huge token is read in pieces too.

The reference of a long text is the text cut at its forced cuts only, each segment read whole
(``Pipeline.read``, no pieces): the pieced output must equal it, so every safe cut is shown to
change nothing.  Small piece sizes make many cuts in texts of a few thousand characters.
"""
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import normgram
from normgram.run.write import assemble

from conftest import normalizer

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("long_line_bench", ROOT / "tools" / "long_line_bench.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def pipe(direction):
    return normalizer("en").pipeline(direction)




def reference(p, text):
    """The text cut at the forced cuts only, each segment read whole -> (output, spans as tuples)."""
    got, pos = [], 0
    ends = [hi for _, hi, safe in p.cutter.pieces(text) if not safe] + [len(text)]
    for end in ends:
        got += shifted(p.read(text[pos:end], alone=len(ends) == 1 and len(text) <= p.cutter.piece)[0], pos)
        pos = end
    return assemble(text, list(got)), [(sp.start, sp.end, sp.cls, sp.output) for sp in got]


def shifted(spans, lo):
    """Spans read in a segment starting at ``lo``, with offsets in the whole text (the output of a
    text is its spans written in, touching spans said apart: run/write.assemble)."""
    for sp in spans:
        sp.start, sp.end = sp.start + lo, sp.end + lo
    return spans


def check(p, text, piece, monkeypatch):
    monkeypatch.setattr(p.cutter, "piece", piece)
    res = p.run(text)
    want, spans = reference(p, text)
    assert res.output == want
    assert [(sp.start, sp.end, sp.cls, sp.output) for sp in res.spans] == spans
    assert all(text[sp.start:sp.end] == sp.input for sp in res.spans)
    return list(p.cutter.pieces(text))


def dev_text(direction, start, n):
    return " ".join(bench.sentences(direction)[start:start + n])


CASES = [(d, start, piece) for d in ("itn", "tn") for start in (0, 2000, 5000) for piece in (600, 2000)]


@pytest.mark.parametrize("direction,start,piece", CASES, ids=[f"{d}-{s}-{p}" for d, s, p in CASES])
def test_safe_cuts_change_nothing(direction, start, piece, monkeypatch):
    pieces = check(pipe(direction), dev_text(direction, start, 200), piece, monkeypatch)
    assert sum(safe for _, _, safe in pieces[:-1]) >= 2  # the text was cut safely, several times
    assert all(hi - lo <= piece for lo, hi, _ in pieces)
    assert [lo for lo, _, _ in pieces[1:]] == [hi for _, hi, _ in pieces[:-1]]


# words of every kind the cut must respect: number words, joiners, context words that pull
# their neighbours ("at", "dot"), Title-case words of kept runs, letters, marks, digits, prose
VOCAB = ("one two three twenty five hundred thousand point oh and a at dot com slash dash o'clock p m "
         "dollars percent Twenty Two One Hundred I II V x b c the of to in was it is said we "
         "house river people morning quickly , . ; ( ) `` -- 's 5 12 1990 $3 4:30 3rd 10% km "
         "John Smith Mr. Dr. St. U.S. e.g.").split()
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(st.lists(st.sampled_from(VOCAB), min_size=50, max_size=400), st.integers(120, 600),
       st.sampled_from(["itn", "tn"]))
def test_random_texts_equal_their_reference(monkeypatch, words, piece, direction):
    check(pipe(direction), " ".join(words), piece, monkeypatch)


@SETTINGS
@given(st.lists(st.sampled_from(VOCAB), min_size=50, max_size=400), st.integers(120, 600),
       st.sampled_from(["itn", "tn"]))
def test_random_texts_with_a_context_scorer(scored, monkeypatch, words, piece, direction):
    check(scored.pipeline(direction), " ".join(words), piece, monkeypatch)


@pytest.mark.parametrize("direction", ["itn", "tn"])
def test_a_text_within_one_piece_is_not_cut(direction):
    p = pipe(direction)
    text = dev_text(direction, 0, 20)
    assert list(p.cutter.pieces(text)) == [(0, len(text), True)]
    assert p.run(text).output == assemble(text, p.read(text)[0])


TOKENS = [(d, kind, n) for d in ("itn", "tn") for kind in bench.TOKEN_KINDS for n in (25_000, 60_000)]


@pytest.mark.parametrize("direction,kind,size", TOKENS, ids=[f"{d}-{k}-{n}" for d, k, n in TOKENS])
def test_huge_token_is_read_in_pieces(direction, kind, size):
    """A token longer than a piece is cut inside it: the output is that of its pieces, and
    the text outside spans is copied."""
    p = pipe(direction)
    text = bench.token_line(kind, size)
    pieces = list(p.cutter.pieces(text))
    assert len(pieces) >= size // p.cutter.piece and all(hi - lo <= p.cutter.piece for lo, hi, _ in pieces)
    res = p.run(text)
    assert res.output == assemble(text, [sp for lo, hi, _ in pieces for sp in shifted(p.read(text[lo:hi], alone=False)[0], lo)])
    assert assemble(text, list(res.spans)) == res.output


def spans_written_in(text, spans):
    """``text`` with each span's input replaced by its output, nothing else added."""
    out, pos = [], 0
    for sp in sorted(spans, key=lambda sp: sp.start):
        out += [text[pos:sp.start], sp.output]
        pos = sp.end
    return "".join(out + [text[pos:]])


SPLIT = [("tn", "see " + "7305912846" * 110), ("tn", "it costs " + "4,17,,903," * 250), ("tn", "x" + "9a" * 700 + " y"),
         ("tn", "about ~40 km away"), ("tn", "a rise of 5%-8% now"), ("itn", "twenty " * 3000)]


@pytest.mark.parametrize("direction,text", SPLIT, ids=[f"{d}-{t[:12].strip()}-{len(t)}" for d, t in SPLIT])
def test_spans_that_touch_keep_the_text_outside_spans(direction, text):
    """Spans that touch are said apart by a space that belongs to the later span: the output
    is the input with each span's input replaced by its output, and nothing else."""
    res = normalizer("en").tn_result(text) if direction == "tn" else normalizer("en").itn_result(text)
    assert spans_written_in(text, res.spans) == res.output


def test_word_indices_count_from_the_line_start(monkeypatch):
    p = pipe("itn")
    text = dev_text("itn", 0, 120)
    monkeypatch.setattr(p.cutter, "piece", 500)
    words = p.words.spans(text)
    for sp in p.run(text).spans:
        assert words[sp.word_start][0] <= sp.start and sp.end <= words[sp.word_end - 1][1]


def test_bench_tool_measures_a_small_line():
    p = subprocess.run([sys.executable, str(ROOT / "tools" / "long_line_bench.py"), "--child", "itn", "line", "0.002"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-500:]
    rec = json.loads(p.stdout)
    assert rec["in_chars"] >= 2000 and rec["peak_rss_mb"] >= rec["rss_loaded_mb"] > 0 and rec["seconds"] >= 0


def test_bench_corpus_has_the_size_asked():
    lines = bench.corpus("tn", 0.01)
    assert 10_000 <= sum(len(x) + 1 for x in lines) < 10_000 + max(map(len, lines)) + 2
    assert bench.token_line("digits", 1000).count("0") == 100


@pytest.mark.parametrize("flush", [7, 50, 4096])
def test_a_long_push_commits_as_it_goes(monkeypatch, flush):
    """StreamingITN: one push of many words commits every FLUSH_WORDS words (bounded state),
    with the same text, spans and timed tokens as the batch and as word-by-word pushes."""
    from normgram.frontends import streaming
    monkeypatch.setattr(streaming, "FLUSH_WORDS", flush)
    en = normalizer("en")
    words = dev_text("itn", 300, 60).split()
    timed = [(w, i, i + 1) for i, w in enumerate(words)]
    s = streaming.StreamingITN(en)
    held, add = [], s._add
    monkeypatch.setattr(s, "_add", lambda *a: (add(*a), held.append(len(s._buf))))
    one, last = s.push(timed), s.finish()
    assert max(held) <= min(flush, len(words)) + 2 * streaming.MAX_REGION_WORDS  # words kept during the push
    ref = streaming.StreamingITN(en)
    ups = [ref.push(w) for w in timed] + [ref.finish()]
    assert one.committed + last.committed == "".join(u.committed for u in ups) == en.itn(" ".join(words))
    assert [(sp.start, sp.end, sp.output, sp.out_start) for sp in one.spans + last.spans] == \
        [(sp.start, sp.end, sp.output, sp.out_start) for u in ups for sp in u.spans]
    assert one.tokens + last.tokens == [t for u in ups for t in u.tokens]


@pytest.mark.parametrize("text,piece,cuts", [
    ("ab " + "x" * 50, 20, [3, 23, 43]),         # before the long word, then inside it
    ("x" * 45, 20, [20, 40]),                    # one token: inside it
    ("we go " + "e" * 30, 20, [6, 26]),          # before the last word after a space
    ("  " + "y" * 30, 20, [2, 22]),              # leading spaces stay with the first piece
], ids=["word-after-space", "token", "last-word", "leading-space"])
def test_forced_cuts_fall_before_a_word_where_they_can(text, piece, cuts, monkeypatch):
    p = pipe("tn")
    monkeypatch.setattr(p.cutter, "piece", piece)
    got = list(p.cutter.pieces(text))
    assert [hi for _, hi, _ in got[:-1]] == cuts and got[-1][1] == len(text)
    assert p.run(text).output == "".join(p.run(text[lo:hi]).output for lo, hi, _ in got)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab1- \t\u3000\x1c-.,'")), max_size=120))
def test_word_spans_of_long_text_equal_the_word_pattern(text):
    """Cutter.word_spans (runs without a hyphen taken whole) finds the words Words.spans finds."""
    p = pipe("itn")
    assert p.cutter.word_spans(text) == p.words.spans(text)


def test_word_spans_of_an_elision_locale_use_its_pattern():
    p = normalizer("fr").pipeline("itn")
    text = "l'heure d'été -- vingt-deux 10--15 jusqu'à"
    assert p.cutter.word_spans(text) == p.words.spans(text)


@SETTINGS
@given(st.lists(st.sampled_from(VOCAB), min_size=50, max_size=400), st.integers(150, 600),
       st.sampled_from(["itn", "tn"]), st.integers(30, 70))
def test_cuts_found_in_a_window_tail_change_nothing(scored, monkeypatch, words, piece, direction, tail):
    """The cut is sought first in a window's last TAIL characters (its first word maybe cut short)."""
    from normgram.run import pieces
    monkeypatch.setattr(pieces, "TAIL", tail)
    check(scored.pipeline(direction), " ".join(words), piece, monkeypatch)
