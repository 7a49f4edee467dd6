"""Denormalization stages after ITN: punctuation restoration, then truecasing.

    >>> from normgram import Normalizer
    >>> from normgram.stages import Denormalizer
    >>> d = Denormalizer("en")
    >>> d.punctuate("so we met in london she said it was cold")      # doctest: +SKIP
    'so we met in london, she said it was cold.'
    >>> d.truecase("so we met in london, she said it was cold.")      # doctest: +SKIP
    'So we met in London, she said it was cold.'
    >>> r = d.denormalize(Normalizer("en").itn_result("it cost twelve dollars"))
    >>> r.output, [(s.output, r.output[s.out_start:s.out_end]) for s in r.spans]  # doctest: +SKIP
    ('It cost $12.', [('$12', '$12')])

API (what ``Normalizer.punctuate/truecase/denormalize``, ``normgram denormalize`` and the
streaming stage call):

``Denormalizer(locale, punctuation=True, truecasing=True, models_dir=None, cache_dir=None)``
    ``punctuation`` / ``truecasing`` False turn a stage off (it then passes text through).
    Models: ``models_dir`` or the locale's shipped ``locales/<tag>/denorm/`` (see
    stages/models.py), read on first use; a missing model raises FileNotFoundError on first
    use of its stage (``Denormalizer.available(locale)`` says beforehand).
``.punctuate(text, redo=False, final=True) -> str``
``.truecase(text, redo=False) -> str``
``.denormalize(result, redo=False, final=True) -> Result``
    ``result``: a ``normgram.Result`` from ``Normalizer.itn_result``; returns a new Result with
    the same ``input``, the denormalized ``output`` and every span's ``out_start/out_end``
    (and ``output``) mapped to it.  Words inside ITN spans keep their written case except a
    sentence start's first letter.
``.apply(text, redo=False, final=True, fixed=()) -> (str, OffsetMap)``
    Both stages on plain text, with the map of input offsets to output offsets.

Each line of the text is processed alone.  ``final``: the end of a line ends a sentence
(streaming passes False for a pending tail).  ``redo``: marks ", . ? ! ; :" already written
are removed and every gap decided again, and case is chosen again for every word; by default
the stages only add what is missing: marks already written stay, and a word with a capital
letter keeps its case.  Empty lines and lines without a letter of the locale's script pass
through unchanged, but for a line of numbers alone, which gets its sentence end where the
locale's rules say so (``number_lines``: "1716" -> "1716."); words of another script are kept
as they are.  Cost is linear in length.
"""
from bisect import bisect_left, bisect_right
from dataclasses import replace
from pathlib import Path

import regex

from ..result import Result
from . import punctuation, rules, truecase
from .models import FILES, LazyModel, shipped_dir
from .units import has_letters, units

_STRIP = regex.compile(r"[,.?!;:\u2026]")


def _cache_dir():
    from ..rules.resources import cache_dir
    return cache_dir() / "denorm"


class OffsetMap:
    """Input -> output offsets of a text edited by insertions and deletions.

    ``edits``: (offset, deleted length, inserted text) triples in increasing offset order,
    non-overlapping.  ``start(o)`` maps the start of a range (text inserted at ``o`` falls
    before it), ``end(o)`` its end (text inserted at ``o`` falls after it).
    """

    def __init__(self, edits=()):
        self.pos, self.shift_after = [], []
        total = 0
        for off, dl, ins in edits:
            total += len(ins) - dl
            self.pos.append(off + dl)
            self.shift_after.append(total)
        self._edits = list(edits)

    def _shift(self, k):
        return self.shift_after[k - 1] if k > 0 else 0

    def start(self, o):
        k = bisect_right(self.pos, o)
        return o + self._shift(k)

    def end(self, o):
        k = bisect_left(self.pos, o)
        # an edit that deletes text ending exactly at o is before o too
        while k < len(self.pos) and self.pos[k] == o and self._edits[k][1] > 0:
            k += 1
        return o + self._shift(k)


class _Composed:
    def __init__(self, first, second):
        self.first, self.second = first, second

    def start(self, o):
        return self.second.start(self.first.start(o))

    def end(self, o):
        return self.second.end(self.first.end(o))


def _edit(text, edits):
    """Apply (offset, deleted length, inserted text) edits (in offset order) to text."""
    out, at = [], 0
    for off, dl, ins in edits:
        out.append(text[at:off])
        out.append(ins)
        at = off + dl
    out.append(text[at:])
    return "".join(out)


def _edited(base, first, edits, second):
    """(new line, edits) of a line after the insertions ``second``; ``first``, ``edits``: the
    map and edits of the marks ``redo`` removed before (None, [] when none)."""
    out = _edit(base, second)
    if first is None:
        return out, second
    return out, (edits, second)


def _lines(text):
    """(offset, line) for every line of text: lines end at "\n" (a "\r" before it is not
    part of the line); other Unicode line separators stay inside a line."""
    at = 0
    for piece in text.split("\n"):
        line = piece[:-1] if piece.endswith("\r") else piece
        yield at, line
        at += len(piece) + 1


def strip_marks(line):
    """Edits that remove the sentence marks written after words (``redo``): in a word's tail
    and in loose mark tokens after it (the whitespace around them stays); a word's own "."
    ("p.m.") stays."""
    edits = []
    for u in units(line):
        tail = line[u.end:u.tail_end]
        for m in _STRIP.finditer(tail):
            edits.append((u.end + m.start(), 1, ""))
    return edits


class Denormalizer:
    """Punctuation and truecasing stages of one locale (see the module doc)."""

    def __init__(self, locale="en", punctuation=True, truecasing=True, models_dir=None, cache_dir=None,
                 bias=None):
        self.locale = getattr(locale, "tag", locale)
        self.punctuation, self.truecasing = bool(punctuation), bool(truecasing)
        folder = Path(models_dir) if models_dir is not None else shipped_dir(self.locale)
        cache = cache_dir if cache_dir is not None else _cache_dir()
        self._punct = LazyModel(folder / FILES["punctuation"], cache)
        self._case = LazyModel(folder / FILES["truecasing"], cache)
        self._bias = bias
        self._rules = None
        self._lexicon = None
        self._memo = {}  # the punctuation search's memo (see punctuation.decide)

    @staticmethod
    def available(locale, models_dir=None):
        """The stages whose models exist for a locale: a subset of ("punctuation", "truecasing")."""
        folder = Path(models_dir) if models_dir is not None else shipped_dir(getattr(locale, "tag", locale))
        return tuple(stage for stage, name in FILES.items() if (folder / name).is_file())

    def _line(self, line, redo, final, fixed, do_punct, do_case, settled=0, opened=True, run=0):
        """(new line, edits) for one line; ``fixed`` ranges are offsets in the line; the words
        before offset ``settled`` are committed text (their gaps and case stay)."""
        edits = []
        if not line.strip():
            return line, edits
        if redo and do_punct:
            edits = strip_marks(line)
            base = _edit(line, edits)
            first = OffsetMap(edits)
            fixed = [(first.start(a), first.end(b)) for a, b in fixed]
        else:
            base, first = line, None
        events, ins, us = None, [], None
        if self._rules is None:
            self._rules = rules.load(shipped_dir(self.locale))
        if do_punct:
            model, conf = self._punct.get(), self._punct.settings
            if not has_letters(base, conf.script):
                # a line of numbers alone ("1716") gets its sentence end; others pass through
                ins = punctuation.number_line_end(base) if final and self._rules.number_lines else []
                if not ins:
                    return line, []
                return _edited(base, first, edits, [(off, 0, mark) for off, mark in ins])
            bias = self._bias if self._bias is not None else conf.bias
            ins, us, events = punctuation.restore(model, base, conf.script, final=final, bias=bias, memo=self._memo,
                                                  settled=settled, questions=conf.questions, opening=conf.opening,
                                                  rules=self._rules, opened=opened, fixed=fixed, run=run)
        changes = []
        if do_case:
            model, conf = self._case.get(), self._case.settings
            if not has_letters(base, conf.script):
                return line, []
            if self._lexicon is None:
                self._lexicon = truecase.Lexicon(conf)
            changes, _ = truecase.recase(model, self._lexicon, base, conf.script, events=events, fixed=fixed,
                                         redo=redo, us=us, settled=settled, rules=self._rules,
                                         opened=opened)
        # case changes keep lengths: apply them, then the insertions
        if changes:
            chars = list(base)
            for start, form in changes:
                chars[start:start + len(form)] = form
            base_cased = "".join(chars)
        else:
            base_cased = base
        return _edited(base_cased, first, edits, [(off, 0, mark) for off, mark in ins])

    def apply(self, text, redo=False, final=True, fixed=(), stages=None, settled=0, opened=True, run=0):
        """(output, offset map) of the enabled stages on text; ``fixed``: (start, end) ranges of
        text whose words keep their case (except at a sentence start); ``settled``: the text
        before this offset (one line, no ``redo``) is left context already committed: no mark
        is added in its gaps and its case stays (streaming, frontends/stream_denorm.py);
        ``opened`` False: the text's first word may be inside a sentence (a streaming window cut
        from committed text), so the rules that read a sentence's or a line's first words
        (questions, headings; stages/rules.py) do not read the first one; ``run``: the words
        without a mark before the text's first word (a window cut from a long run; the pauses
        rule, punctuation.decide)."""
        do_punct, do_case = self.punctuation, self.truecasing
        if stages is not None:
            do_punct, do_case = do_punct and "punctuation" in stages, do_case and "truecasing" in stages
        if not text or not (do_punct or do_case):
            return text, OffsetMap()
        pieces, first_edits, second_edits = [], [], []
        two_step = False
        for off, line in _lines(text):
            local = [(a - off, b - off) for a, b in fixed if off <= a < off + len(line) + 1]
            new, edits = self._line(line, redo, final, local, do_punct, do_case, max(0, settled - off),
                                    opened or off > 0, run if off == 0 else 0)
            if isinstance(edits, tuple):
                two_step = True
                e1, e2 = edits
            else:
                e1, e2 = [], edits
            # offsets: e1 in the line, e2 in the line after e1; lift both to the whole text
            shift1 = sum(len(i) - d for _, d, i in first_edits)
            first_edits += [(o + off, d, i) for o, d, i in e1]
            second_edits += [(o + off + shift1, d, i) for o, d, i in e2]
            pieces.append((off, line, new))
        out, at = [], 0
        for off, line, new in pieces:
            out.append(text[at:off])
            out.append(new)
            at = off + len(line)
        out.append(text[at:])
        output = "".join(out)
        if two_step:
            omap = _Composed(OffsetMap(first_edits), OffsetMap(second_edits))
        else:
            omap = OffsetMap(second_edits)
        return output, omap

    def punctuate(self, text, redo=False, final=True):
        """Text with sentence marks added where they are missing (words unchanged)."""
        return self.apply(text, redo=redo, final=final, stages=("punctuation",))[0]

    def truecase(self, text, redo=False):
        """Text with case restored (only the case of letters changes)."""
        return self.apply(text, redo=redo, stages=("truecasing",))[0]

    def denormalize(self, result, redo=False, final=True):
        """A Result from ITN with punctuation and case restored and its spans' output offsets
        mapped to the new output (see the module doc)."""
        fixed = [(s.out_start, s.out_end) for s in result.spans]
        output, omap = self.apply(result.output, redo=redo, final=final, fixed=fixed)
        spans = []
        for s in result.spans:
            a, b = omap.start(s.out_start), omap.end(s.out_end)
            spans.append(replace(s, out_start=a, out_end=b, output=output[a:b]))
        return Result(input=result.input, output=output, spans=spans)
