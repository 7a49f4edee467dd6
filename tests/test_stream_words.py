"""Streaming cuts a pushed string into words as batch ITN does (StreamingITN.text_of, one
piece of code with push): the utterance commits exactly the batch ITN of that text.
U+001C..U+001F are no whitespace to the pipeline (``str.split`` drops them), so they stay
inside a word in both."""
import pytest

from normgram import StreamingITN

from conftest import normalizer

LINES = [
    "twenty\x1cfive dollars",
    "twenty five\x1fdollars ok",
    "a\x1db c",
    "\x1e one two three \x1f",
    "call\x1c me at four thirty p m",
    "twenty five\tdollars\x0bplease",
    "  seven\u3000\u202finches  ",
    "one\x85two\xa0three",
    "it costs\x1d\x1e twelve dollars",
    "0--\x1c--twenty five",
    "\x1c\x1d\x1e\x1f",
    "the year\x1f nineteen ninety nine\x1c.",
]


@pytest.fixture(scope="module")
def en():
    return normalizer("en")


def utterance(stream, pushes):
    out = [stream.push(p).committed for p in pushes]
    return "".join(out) + stream.finish().committed


@pytest.mark.parametrize("line", LINES, ids=[repr(x)[1:-1][:40] for x in LINES])
def test_one_push_equals_batch_of_its_words(en, line):
    stream = StreamingITN(en)
    text = stream.text_of(line)
    assert utterance(stream, [line]) == en.itn(text)
    assert text == " ".join(text.split(" ")) and not text.startswith(" ") and not text.endswith(" ")


@pytest.mark.parametrize("line", LINES, ids=[repr(x)[1:-1][:40] for x in LINES])
def test_word_by_word_equals_one_push(en, line):
    stream = StreamingITN(en)
    words = line.split(" ")  # pushes that hold other whitespace and U+001C..U+001F
    assert stream.text_of(words) == stream.text_of(line)
    assert utterance(stream, words) == utterance(stream, [line])


@pytest.mark.parametrize("word,kept", [("a\x1cb", True), ("a\x1db", True), ("a\x1eb", True), ("a\x1fb", True),
                                       ("a\tb", False), ("a\x85b", False), ("a\u3000b", False)],
                         ids=["1c", "1d", "1e", "1f", "tab", "nel", "ideographic"])
def test_separator_controls_stay_in_a_word(en, word, kept):
    assert (StreamingITN(en).text_of(word) == word) is kept


@pytest.mark.parametrize("line", ["\x1d", " \x1c  ", "\x1f twenty five"], ids=["1d", "1c-spaced", "1f-words"])
def test_cli_stream_reads_a_line_of_separator_controls_as_words(en, line):
    """--stream: a line is an utterance when it holds words as the pipeline cuts them (a line
    of U+001C..U+001F is no blank line), so its committed text is the batch ITN of its words."""
    import subprocess
    import sys
    p = subprocess.run([sys.executable, "-m", "normgram.cli", "itn", "--stream"], input=(line + "\n").encode(),
                       capture_output=True, timeout=120)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.decode() == en.itn(StreamingITN(en).text_of(line)) + "\n"
