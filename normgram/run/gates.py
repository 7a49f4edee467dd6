"""Class gates: a class whose every reading contains one of a few words is only tried in
regions that contain one of them.

Composing a region with the region FST explores every class's prefixes at every word:
"four thousand five hundred" is read by money's amount grammar, measure's count and
percent's number until each of them fails to find "dollars", a unit or "percent".  Most
regions hold none of those words, so most of that work is wasted.  A *gated* class's span
in the region FST starts with the class's gate symbol on its input side; the pipeline
offers that symbol (at every place a span can start) only when the region's text holds one
of the class's gate words, so the class's branch is never entered otherwise.

Gate words are found at compile time, not declared: a class's own trigger words (minus
the trigger words of the classes it builds on, such as the number words), kept only if
the compiler proves that every input the class reads contains one of them (as a
substring, after lowercasing), then thinned to drop short words that are not needed.  A
class for which the proof fails is not gated.  So gating never changes an output; it only
skips work that cannot lead to a reading.

Finer gates, each derived from the class FSTs at compile time (build/compile.region_parts, build/gate_proofs.py):
- Reading groups: a class whose cue-less readings make it ungateable ("it costs four
  fifty") splits its spoken side (lib.ClassGrammar.groups); each group is gated apart.
- Position: a span holds a gate word, so the gate is offered only up to the last one.
- Length: a class whose every reading spans k >= 2 words (min_words) is offered only
  where k words follow, and, where the words it reads are a finite set (vocabulary),
  only where k of those follow in a row ("five five five one two" for telephone).
- First word: a class whose readings begin with a finite set of words (first_words: the
  cardinal's number words, "minus", ...) is offered only at a word of that set, so the
  words around an entity ("on", "the", "at") are not read as its possible starts.
"""
import copy

import pynini
import regex

from ..common.memo import Memo

GATE_BASE = 0xE300  # gate symbols: private-use code points, never in an input (see Pipeline)
MEMO = 50_000  # region words whose masks and gate-word hits are kept


def gate_label(index):
    """The gate symbol of the class at ``index``."""
    return GATE_BASE + index


def group_label(k):
    """The gate symbol of the ``k``-th gated reading group (lib.ClassGrammar.groups)."""
    return GATE_BASE + 0x80 + k


def lower(s):
    """Lowercase keeping the length (a character whose lowercase is longer stays)."""
    low = s.lower()
    return low if len(low) == len(s) else "".join(c.lower() if len(c.lower()) == 1 else c for c in s)


def pattern(words, bounded):
    """The regex that finds a class's gate words in a lowercased region string (None: no words)."""
    if not words:
        return None
    alt = "|".join(regex.escape(w) for w in sorted(words, key=len, reverse=True))
    return regex.compile(rf"(?<!\w)(?:{alt})(?!\w)" if bounded else alt)


class Gates:
    """One direction's gates at run time (the spec's ``gates``, spec.Gate): the region
    acceptor with each gate offered where its class can start.  ``edge``: the edge
    punctuation a region may split off an entity."""

    def __init__(self, found, edge, possessive=(), elision=""):
        self._edge, self._vocabs, self._masks, self._hits, self._gates = edge, [], Memo(MEMO), Memo(MEMO), []
        self._possessive = tuple(possessive)  # endings the region FST copies after a span ("'s")
        # an elided word glued before a span ("l'" of "l'art. 5"), which the region FST copies
        self._elided = regex.compile(rf"[^\s{regex.escape(elision)}]+[{regex.escape(elision)}](?=\w)") if elision else None
        for g in sorted(found.values(), key=lambda g: g.label):
            bit = self._vocab(g.vocabulary)
            first = self._vocab(g.first_words)
            # gate words with no space never match across region words: found word by word
            spaced = any(" " in w for w in g.words)
            self._gates.append((g.label, g.min_words, pattern(g.words, g.bounded), bit, first, spaced))

    @property
    def entries(self):
        """The gated entries, in label order: (label, min words, gate-word pattern, vocabulary
        bit, first-words bit, spaced)."""
        return list(self._gates)

    def with_entries(self, entries):
        """A copy that offers only ``entries`` (of ``entries``), with fresh memos: what
        each gate saves is measured with it (tools/explored_states.py)."""
        other = copy.copy(self)
        other._gates, other._hits = list(entries), Memo(MEMO)
        return other

    def _vocab(self, words):
        """The mask bit of a word set (None: no set)."""
        if words is None:
            return None
        self._vocabs.append(frozenset(words))
        return len(self._vocabs) - 1

    def _mask(self, w):
        """Bit k set: the region word ``w`` can be a word of vocabulary k inside a span (the
        word itself, or with edge punctuation, a hyphenated suffix ("-dollar") or a possessive
        ending ("nineteen's") cut off, which the region FST reads outside the span)."""
        m = self._masks.get(w)
        if m is None:
            e, forms = self._edge, set()
            for a in self._starts(w):
                x = w[a:]
                trail = len(x) - len(x.rstrip(e))
                for b in range(trail + 1):
                    y = x[:len(x) - b]
                    forms.add(y)
                    forms.update(y[:i] for i, c in enumerate(y) if c == "-")
                    forms.update(y[:-len(p)] for p in self._possessive if y.lower().endswith(p))
            m = sum(1 << k for k, v in enumerate(self._vocabs) if not forms.isdisjoint(v))
            self._masks.put(w, m)
        return m

    def _starts(self, w):
        """Where a span can start in the region word ``w``: at its start, after edge punctuation
        that opens it, after an elided word glued to it ("l'art.")."""
        lead = len(w) - len(w.lstrip(self._edge))
        out = list(range(lead + 1))
        m = self._elided.match(w) if self._elided is not None else None
        if m is not None and m.end() > lead:
            out.append(m.end())
        return out

    def _last_in(self, w):
        """Per gate whose last gate word starts in the lowercased region word ``w``
        (last_start): (gate index, where), for gates with words and no spaced word."""
        h = self._hits.get(w)
        if h is None:
            h = tuple((k, at) for k, at in enumerate(
                -1 if found is None or spaced else last_start(found, w) for _, _, found, _, _, spaced in self._gates)
                if at >= 0)
            self._hits.put(w, h)
        return h

    def acceptor(self, src, low):
        """The region string ``src`` (``low``: lowercased) as an acceptor that may read an
        entry's gate symbol where a span of it can start: at a word's start, after edge
        punctuation that opens it or after an elided word glued to it (build/regions.py: an
        item starts after a space), at or before
        the last of its gate words, with enough words left (of its vocabulary, if it has one),
        at a word that can begin one of its readings (if its first words are a finite set)."""
        words = src.split(" ")
        masks = [self._mask(w) for w in words] if self._vocabs else None
        n, starts, offsets, pos = len(words), [], [], 0
        for w in words:  # the states where a span can start in each word
            starts.append([pos + a for a in self._starts(w)])
            offsets.append(pos)
            pos += len(w) + 1
        lasts = {}  # gate index -> where the last region word holding one of its gate words holds it
        lows = words if low == src else low.split(" ")
        for j in range(n - 1, -1, -1):
            for k, at in self._last_in(lows[j]):
                if k not in lasts:
                    lasts[k] = offsets[j] + at
        acc = pynini.accep(pynini.escape(src), token_type="utf8")
        one = pynini.Weight.one(acc.weight_type())
        for k, (label, least, found, bit, first, spaced) in enumerate(self._gates):  # a state's gate arcs in label order
            if found is None:
                last = len(src)
            elif spaced:
                last = last_start(found, low)
            else:
                last = lasts.get(k, -1)
            if last < 0:
                continue
            if bit is None:  # any words: k words must follow
                ok = range(n - least + 1)
            else:  # k words of the vocabulary in a row
                ok, run = [], 0
                for j in range(n - 1, -1, -1):
                    run = run + 1 if masks[j] >> bit & 1 else 0
                    if run >= least:
                        ok.append(j)
                ok.reverse()
            for j in ok:
                if first is not None and not masks[j] >> first & 1:
                    continue
                for state in starts[j]:
                    if state <= last:
                        acc.add_arc(state, pynini.Arc(label, label, one, state))
        return acc


def last_start(words, low):
    """Where the last occurrence of a gate word starts in the lowercased region ``low``
    (overlapping ones counted), or -1.  A span of a word-gated class holds one, so it
    starts at or before this."""
    m, last = words.search(low), -1
    while m is not None:
        last = m.start()
        m = words.search(low, last + 1)
    return last
