"""StreamingDenormalizer: ITN, punctuation and truecasing on words as they arrive
(frontends/stream_denorm.py), and the stages' ``settled`` left context it relies on."""
import json
import subprocess
import sys

import pytest

from normgram import StreamingDenormalizer, StreamingITN

UTTERANCES = [
    "so we met on march third at the bbc offices in london and she said it cost twelve dollars",
    "what time does the train leave i think it is at four thirty p m",
    "please call me back at five five five one two three four when you get home",
    "the meeting moved to room two hundred and twelve on the second floor",
    "i paid three hundred and fifty euros for the flight to paris last week",
    "he ran the marathon in three hours and twelve minutes which is his best time",
    "my email is john dot smith at example dot com if you need it",
    "the recipe needs two and a half cups of flour and one teaspoon of salt",
    "we will meet again on friday the thirteenth of june in new york",
    "is it true that the population grew by twenty percent in ten years",
    "she was born in nineteen eighty four and moved to berlin in two thousand and ten",
    "turn left after the second light then go straight for about three miles",
]


def _stream(stream, words):
    pieces = [stream.push(w).committed for w in words]
    return pieces, "".join(pieces) + stream.finish().committed


def _bare(text):
    return [w.strip(",.?!;:").lower() for w in text.split()]


@pytest.fixture(scope="module")
def streams(en):
    return {"default": StreamingDenormalizer(en), "whole": StreamingDenormalizer(en, lookahead=10_000)}


@pytest.mark.parametrize("text", UTTERANCES)
def test_whole_utterance_lookahead_equals_batch(en, streams, text):
    """With every word in view before any commit, the stream is batch denormalize."""
    _, out = _stream(streams["whole"], text.split())
    assert out == en.denormalize(text)


@pytest.mark.parametrize("text", ["* * *", "---", "...", "\U0001F44D"])
def test_marks_alone_are_committed(en, text):
    """An utterance without a word is committed as it is, as batch gives it back."""
    stream = StreamingDenormalizer(en)
    _, out = _stream(stream, [text])
    assert out == en.denormalize(text) == text


# long runs without a mark: the pauses rule counts the words before the streaming window too
LONG_RUNS = [
    "my grandmother kept a small shop in the market square of the town where she sold thread and buttons and ribbons",
    "the old man who lived at the end of the long road past the mill and the church had kept bees for forty years",
    "the farmer and his two sons worked in the fields from early morning until late at night during the whole of the harvest",
]


@pytest.mark.parametrize("text", LONG_RUNS)
def test_long_run_stream_equals_batch(en, text):
    """A window cut from a long run without a mark (context 8 words, lookahead 3) decides its
    commas as batch does: the stream carries the run's length from the text it dropped (without
    it the first one came out "... of the town where she sold ...")."""
    _, out = _stream(StreamingDenormalizer(en, truecasing=False), text.split())
    assert out == en.punctuate(en.itn(text))


@pytest.mark.parametrize("text", UTTERANCES)
def test_stream_changes_no_word(en, streams, text):
    """Committed text is ITN's words with marks and case added: nothing lost or invented."""
    _, out = _stream(streams["default"], text.split())
    assert _bare(out) == _bare(en.itn(text))
    assert out[:1].isupper() and out[-1] in ".?!"


@pytest.mark.parametrize("text", UTTERANCES)
def test_committed_text_waits_for_its_lookahead(en, text):
    stream = StreamingDenormalizer(en, lookahead=3)
    words = text.split()
    for k, w in enumerate(words, 1):
        stream.push(w)
        assert stream.latency >= min(3, k)  # the last three words are never committed before finish
    stream.finish()
    assert stream.latency == 0


@pytest.mark.parametrize("text", UTTERANCES[:4])
def test_stages_off_is_streaming_itn(en, text):
    den = StreamingDenormalizer(en, punctuation=False, truecasing=False)
    _, out = _stream(den, text.split())
    _, itn = _stream(StreamingITN(en), text.split())
    assert out == itn


@pytest.mark.parametrize("text", UTTERANCES[:4])
def test_pending_renders_the_rest(en, text):
    stream = StreamingDenormalizer(en)
    done, words = "", text.split()
    for k, w in enumerate(words, 1):
        upd = stream.push(w)
        done += upd.committed
        whole = done + upd.pending  # the utterance so far, as if it ended now
        assert _bare(whole) == _bare(en.itn(" ".join(words[:k])))
        assert whole[:1].isupper() and whole[-1] in ".?!"
    stream.finish()


@pytest.mark.parametrize("left, rest", [
    ("so we met in london", " she said it was cold"),
    ("and then the rain started", " we went home"),
    ("the first one was red", " the second one was blue and the third one was green"),
])
def test_settled_text_keeps_its_gaps_and_case(en, left, rest):
    stages = en.stages()
    out, omap = stages.apply(left + rest, final=False, settled=len(left))
    assert out[:omap.start(len(left))] == left  # no mark added, no case changed in committed text
    assert _bare(out) == _bare(left + rest)


def test_cli_denormalize_stream():
    proc = subprocess.run([sys.executable, "-m", "normgram.cli", "denormalize", "--stream"],
                          input="so we met in london\nshe said it cost twelve dollars\n\nwhat time is it\n",
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 2 and "$12" in lines[0] and lines[0][0] == "S" and lines[1][0] == "W"
    proc = subprocess.run([sys.executable, "-m", "normgram.cli", "denormalize", "--stream", "--json"],
                          input="it cost twelve dollars\n", capture_output=True, text=True, timeout=300)
    recs = [json.loads(x) for x in proc.stdout.splitlines()]
    assert recs[-1]["final"] and "".join(r["committed"] for r in recs).startswith("It cost $12")
