"""Tag-consuming ITN: spans marked by an external (neural) tagger, each converted with its
class's FST alone; everything else is copied byte for byte.

    >>> t = TaggedITN("en")
    >>> t.inline("at <time> four thirty </time> tomorrow").output
    'at 4:30 tomorrow'
    >>> t.spans("at four thirty tomorrow".split(), [(1, 3, "time")]).output
    'at 4:30 tomorrow'
    >>> t.tags("at four thirty tomorrow".split(), "O time time O".split()).output
    'at 4:30 tomorrow'
    >>> r = t.inline("<date> blue sky </date> ok")
    >>> r.output, [(p.cls, p.text, p.reason) for p in r.rejected]
    ('blue sky ok', [('date', 'blue sky', 'the date grammar cannot read it')])

A tag asserts that its words are to be converted, so the best reading that changes
them is taken ("one" tagged ``cardinal`` gives "1", though untagged it stays a word), and
words the class grammar copies keep their input case ("CHAPTER one" -> "CHAPTER I").
Tag names are the class names ``normgram tag`` emits (``Normalizer.classes``).  A tag
that cannot be used -- unknown class, a span the class grammar cannot read, unmatched
inline markup, word indices out of range or overlapping -- is never an exception: its
text is copied unchanged and the tag is listed in ``TaggedResult.rejected``.
Per-token tags may be plain class names (a run of equal tags is one span), or
BIO/BIOES (``B-time I-time``: ``B-``/``S-`` start a new span); ``O`` is outside.
"""
import bisect
from dataclasses import dataclass, field

import pynini
import regex

from ..normalizer import Normalizer
from ..run.pipeline import PLACEHOLDER, assemble
from ..result import Candidate, Result, Span

# A tagger's tokens are whitespace-separated: tags and word indices count these, not the
# pipeline's finer words ("0--" is one token here, two pipeline words).
_TOKEN = regex.compile(r"\S+")

NBEST = 4   # readings of a tagged span considered
_TAG = regex.compile(r"<(/?)([A-Za-z_][\w.\-]*)>")


@dataclass
class Rejected:
    """A tag that was not applied; its text was copied unchanged."""
    cls: str
    text: str
    word_start: int     # word indices [word_start, word_end) in the untagged input
    word_end: int
    reason: str


@dataclass
class TaggedResult(Result):
    rejected: list = field(default_factory=list)


class TaggedITN:
    """ITN of pre-tagged input for one locale (a tag or a ``Normalizer``)."""

    def __init__(self, locale="en", **kwargs):
        self.normalizer = locale if isinstance(locale, Normalizer) else Normalizer(locale, **kwargs)
        pipe = self.normalizer.pipeline("itn")
        self._unknown, self._edge = pipe.unknown, pipe.detector.edge
        self.classes = set(self.normalizer.classes)

    # -- the three input forms
    def inline(self, text):
        """``"at <time> four thirty </time> tomorrow"``: tags around spans, spaced or not."""
        if not isinstance(text, str):
            raise TypeError(f"expected str, got {type(text).__name__}")
        marks = list(_TAG.finditer(text))
        closes = {k + 1 for k, (m, nxt) in enumerate(zip(marks, marks[1:]))
                  if not m.group(1) and nxt.group(1) and m.group(2) == nxt.group(2)}
        clean, n, spans, stray, pos, after_stray = [], 0, [], [], 0, False
        for k in range(len(marks) + 1):
            piece = text[pos:marks[k].start() if k < len(marks) else len(text)]
            if k in closes:                   # the content of a tag pair
                piece = piece.strip()
                spans.append((n, n + len(piece), marks[k].group(2)))
            elif after_stray and (not n or clean[-1][-1:].isspace()):
                piece = piece.lstrip()        # "a <x> b" -> "a b"
                if k == len(marks) and not piece and clean:
                    clean[-1] = clean[-1].rstrip()
                    n = sum(map(len, clean))
            clean.append(piece)
            n += len(piece)
            if k == len(marks):
                break
            after_stray = k not in closes and k + 1 not in closes
            if after_stray:
                stray.append((marks[k].group(2), n, f"unmatched {marks[k].group(0)} tag"))
            pos = marks[k].end()
        return self._convert("".join(clean), spans, stray)

    def spans(self, words, spans):
        """``words`` and ``[(start_word, end_word, class)]``, end exclusive."""
        words = _words(words)
        text, offs, pos = " ".join(words), [], 0
        for w in words:
            offs.append((pos, pos + len(w)))
            pos += len(w) + 1
        char_spans, problems = [], []
        last = 0
        for item in sorted(spans, key=lambda s: (s[0], s[1]) if _valid_ints(s) else (-1, -1)):
            if not _valid_ints(item) or not 0 <= item[0] < item[1] <= len(words):
                cls = str(item[2]) if isinstance(item, (tuple, list)) and len(item) > 2 else ""
                problems.append((cls, None, f"bad tag {item!r} (want (start_word, end_word, class))"))
                continue
            a, b, cls = item
            if a < last:
                problems.append((str(cls), offs[a][0], f"overlaps an earlier tag (words {a}-{b})"))
                continue
            char_spans.append((offs[a][0], offs[b - 1][1], str(cls)))
            last = b
        return self._convert(text, char_spans, problems)

    def tags(self, words, tags):
        """``words`` and one tag per word (``O``, a class name, or ``B-``/``I-``/``E-``/``S-`` + class)."""
        words, tags = _words(words), list(tags)
        problems = []
        if len(tags) != len(words):
            problems.append(("", None, f"{len(tags)} tags for {len(words)} words (missing tags read as O)"))
            tags = (tags + ["O"] * len(words))[:len(words)]
        spans, cur = [], None
        for i, tag in enumerate(tags):
            prefix, cls = _split_tag(str(tag))
            if cls is None or prefix in ("B", "S") or cur is None or cur[2] != cls:
                if cur is not None:
                    spans.append(tuple(cur))
                cur = None if cls is None else [i, i + 1, cls]
            else:
                cur[1] = i + 1
        if cur is not None:
            spans.append(tuple(cur))
        res = self.spans(words, spans)
        res.rejected[:0] = [Rejected(cls, "", 0, 0, why) for cls, _, why in problems]
        return res

    # -- conversion
    def _convert(self, text, char_spans, problems):
        starts = [m.start() for m in _TOKEN.finditer(text)]
        word = _word_index(starts)
        out_spans, rejected = [], []
        for cls, at, why in problems:
            w = word(at) if at is not None else 0
            cls = cls if cls.lower() not in self.classes else cls.lower()
            rejected.append(Rejected(cls, "", w, w, why))
        for s, e, cls in char_spans:
            piece = text[s:e]
            s2, e2 = s + len(piece) - len(piece.lstrip()), e - (len(piece) - len(piece.rstrip()))
            if s2 >= e2:
                rejected.append(Rejected(cls, "", word(s), word(s), "empty span"))
                continue
            span, why = self._read(text, s2, e2, cls.lower() if cls.lower() in self.classes else cls)
            if span is None:
                rejected.append(Rejected(cls, text[s2:e2], word(s2), word(e2 - 1) + 1, why))
                continue
            span.word_start, span.word_end = word(span.start), word(span.end - 1) + 1
            out_spans.append(span)
        res = Result(text, assemble(text, out_spans), out_spans)
        rejected.sort(key=lambda r: r.word_start)
        return TaggedResult(res.input, res.output, res.spans, rejected)

    def _read(self, text, s, e, cls):
        """A Span for text[s:e] read by ``cls`` (edge punctuation split off if need be)."""
        if cls not in self.classes:
            return None, f"unknown class {cls!r}"
        inner = text[s:e].strip(self._edge)
        tries = [(s, e)]
        if inner and inner != text[s:e]:
            k = text.index(inner, s)
            tries.append((k, k + len(inner)))
        for a, b in tries:
            got = self._outputs(cls, text[a:b])
            if got:
                # A tag asserts a conversion: take the best reading that changes the words
                # ("one" tagged cardinal -> "1", though untagged it stays a word by style).
                low = text[a:b].lower()
                out, weight = next((o for o in got if o[0].lower() != low), got[0])
                out = _restore_case(out, text[a:b])
                cand = [Candidate(cls, o, w, 0.0, w) for o, w in got]
                return Span(a, b, 0, 0, cls, text[a:b], out, weight, cand), None
        return None, f"the {cls} grammar cannot read it"

    def _outputs(self, cls, piece, nbest=NBEST):
        low = piece.lower()
        src = low if len(low) == len(piece) else "".join(c.lower() if len(c.lower()) == 1 else c for c in piece)
        src = self._unknown.sub(PLACEHOLDER, src)
        try:
            return self.normalizer.class_outputs(cls, "itn", src, nbest)
        except pynini.FstOpError:
            return []


def _restore_case(out, source):
    """Words the class FST copied (it reads lowercased input) get their input casing back:
    "CHAPTER one" -> "chapter I" -> "CHAPTER I"."""
    cased = {}
    for w in _TOKEN.findall(source):
        cased.setdefault(w.lower(), w)
    return regex.sub(r"\S+", lambda m: cased.get(m.group(), m.group()) if m.group().islower() else m.group(), out)


def _words(words):
    if isinstance(words, str):
        return _TOKEN.findall(words)
    out = []
    for w in words:
        if not isinstance(w, str):
            raise TypeError(f"expected str words, got {type(w).__name__}")
        out.extend(_TOKEN.findall(w))
    return out


def _valid_ints(item):
    return (isinstance(item, (tuple, list)) and len(item) == 3 and all(isinstance(x, int) and not isinstance(x, bool)
                                                                         for x in item[:2]))


def _split_tag(tag):
    """-> (prefix, class or None): "O" -> ("", None); "B-time" -> ("B", "time"); "time" -> ("", "time")."""
    if tag in ("O", "o", ""):
        return "", None
    if len(tag) > 2 and tag[1] == "-" and tag[0] in "BIESbies":
        return tag[0].upper(), tag[2:]
    return "", tag


def _word_index(starts):
    def word(pos):
        return max(0, bisect.bisect_right(starts, pos) - 1)
    return word
