"""ASR word timestamps carried onto the written ITN output.

    >>> timed = [("meet", 0.0, 0.3), ("at", 0.3, 0.4), ("five", 0.4, 0.7), ("million", 0.7, 1.1)]
    >>> [(t.text, t.start, t.end) for t in itn_timed(timed)]
    [('meet', 0.0, 0.3), ('at', 0.3, 0.4), ('5', 0.4, 0.7), ('million', 0.7, 1.1)]
    >>> [(t.text, t.start, t.end) for t in itn_timed([("at", 0, 1), ("four", 1, 2), ("thirty", 2, 3), ("p", 3, 4), ("m", 4, 5)])]
    [('at', 0, 1), ('4:30', 1, 3), ('p.m.', 3, 5)]

A written token gets the start of the first and the end of the last input word it comes
from.  Text outside converted spans maps to its own word.  Inside a span, output tokens
that repeat input words ("million"; "p.m." <- "p m") take those words' time and the tokens
between them share the words between (so "5" <- "five", "4:30" <- "four thirty"); a
token that cannot be placed gets the whole span.
"""
import bisect
from dataclasses import dataclass

from ..run.words import WORD_RE as _WORD

MAX_JOIN = 6  # input words one output token may spell out ("p m" -> "p.m.", "o d i" -> "ODI")


@dataclass(frozen=True)
class TimedToken:
    text: str
    start: float
    end: float
    word_start: int   # input word indices [word_start, word_end) it was written from
    word_end: int


def itn_timed(timed_words, normalizer=None, locale="en"):
    """``[(word, start, end)]`` -> written ``[TimedToken]`` (a word the pipeline cuts into
    pieces, "0--" or one holding spaces, shares its time among them)."""
    if normalizer is None:
        from ..normalizer import shared as _get
        normalizer = _get(locale)
    cut = normalizer.pipeline("itn").word_re  # the pipeline's words ("0--" -> "0" "--", fr "l'" "homme")
    parts, times = [], []
    for item in timed_words:
        word, start, end = item
        last = None
        for m in cut.finditer(word):
            if parts:  # pieces of one word stay glued as written, words are joined by a space
                parts.append("" if m.start() == last else " ")
            parts.append(m.group())
            times.append((start, end))
            last = m.end()
    return align(normalizer.itn_result("".join(parts)), times, cut)


def align(result, times, word=_WORD):
    """Tokens of ``result.output`` with times; ``times``: one ``(start, end)`` per input word
    as ``word`` (the pipeline's word pattern) finds them in ``result.input``."""
    starts = [m.start() for m in word.finditer(result.input)]
    if len(starts) != len(times):
        raise ValueError(f"{len(times)} times for {len(starts)} input words")
    src = result.input
    ranges = [None] * len(result.output)   # output char -> (first word, last word + 1)
    pos = 0
    for sp in sorted(result.spans, key=lambda s: s.start):
        for k in range(pos, sp.start):
            if not src[k].isspace():
                w = bisect.bisect_right(starts, k) - 1
                ranges[sp.out_start - (sp.start - k)] = (w, w + 1)
        for (a, b), (lo, hi) in _span_tokens(sp, src, starts, word):
            for k in range(a, b):
                ranges[sp.out_start + k] = (lo, hi)
        pos = sp.end
    shift = len(result.output) - len(src)
    for k in range(pos, len(src)):
        if not src[k].isspace():
            w = bisect.bisect_right(starts, k) - 1
            ranges[k + shift] = (w, w + 1)
    out = []
    for m in _WORD.finditer(result.output):
        rs = [r for r in ranges[m.start():m.end()] if r is not None]
        lo, hi = min(r[0] for r in rs), max(r[1] for r in rs)
        out.append(TimedToken(m.group(), times[lo][0], times[hi - 1][1], lo, hi))
    return out


def _span_tokens(sp, src, starts, word=_WORD):
    """[((out char start, end) within the span output, (first word, end word))]."""
    first = bisect.bisect_right(starts, sp.start) - 1
    last = bisect.bisect_right(starts, sp.end - 1)
    words = [_letters(w) for w in word.findall(src[starts[first]:sp.end])]
    toks = list(_WORD.finditer(sp.output))
    match, j = [None] * len(toks), 0   # token -> (first, end) input words it repeats
    for q, t in enumerate(toks):
        want = _letters(t.group())
        for k in range(j, len(words)):
            if want and words[k] and want.startswith(words[k]):
                r = next((r for r in range(1, MAX_JOIN + 1) if "".join(words[k:k + r]) == want), None)
                if r and k + r <= len(words):
                    match[q], j = (first + k, first + k + r), k + r
                    break
    out = []
    for q, t in enumerate(toks):
        if match[q] is not None:
            rng = match[q]
        else:
            lo = max([m[1] for m in match[:q] if m is not None], default=first)
            hi = min([m[0] for m in match[q + 1:] if m is not None], default=last)
            rng = (lo, hi) if lo < hi else (first, last)
        out.append(((t.start(), t.end()), rng))
    return out


def _letters(s):
    """Lowercase letters and digits only: "p.m." and "p m" both give "pm"."""
    return "".join(c for c in s.lower() if c.isalnum())
