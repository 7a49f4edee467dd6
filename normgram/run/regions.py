"""Regions: a run of candidate words as the region FST reads it, its best paths, their
spans, and a staged class's second stage (normgram/build/regions.py builds the region FST; its
docstring gives the path layout these read)."""
import pynini

from .gates import GATE_BASE, lower

START, END = "\ue001", "\ue002"
CLASS_BASE = 0xE100


def class_mark(index):
    return chr(CLASS_BASE + index)


def best_paths(acceptor, region, n):
    """The ``n`` best paths of ``acceptor`` composed with ``region`` (a pynini.Fst), or None
    when the region FST reads none.  The cache keeps the region FSTs as ConstFsts, which
    read ~10x faster at start-up (build/cache.write_far); the pipeline turns its region into a
    pynini.Fst once (~0.04 s), so that no lattice is copied from pywrapfst per region (3%
    of ITN time).  The acceptor has no epsilons, so the trivial composition filter builds the same lattice
    as the default one (no redundant epsilon paths can arise) with less bookkeeping."""
    lattice = pynini.compose(acceptor, region, compose_filter="trivial")
    if lattice.start() == pynini.NO_STATE_ID:
        return None
    return pynini.shortestpath(lattice, nshortest=n)


def apply_late(lattice, late, reversed_):
    """The lattice's outputs through a second stage (kept reversed when ``reversed_``)."""
    if not reversed_:
        return pynini.compose(lattice, late)
    out = pynini.compose(pynini.reverse(lattice), late)
    return out if out.start() == pynini.NO_STATE_ID else pynini.reverse(out)


PLACEHOLDER = "\ue000"  # a character of no word the region FST knows
_START, _END = ord(START), ord(END)
_GATE_LO, _GATE_HI = GATE_BASE, GATE_BASE + 0x100


def source(text, words, elision, lowered, unknown):
    """The region of ``words`` ((start, end) offsets in ``text``) as the FST reads it, and
    each of its characters' input offset.  Words cut at an ``elision`` apostrophe are read
    without a gap ("l'heure"); other words cut without a gap ("Andrew," "--") are read as
    separate words.  ``lowered``: lowercased (ITN); ``unknown``: a pattern of the characters
    outside the locale's alphabet, read as PLACEHOLDER."""
    parts, offsets, last = [], [], None
    for s, e in words:
        if parts and (s > last or text[last - 1] not in elision):
            parts.append(" ")
            offsets.append(offsets[-1] + 1)
        last = e
        parts.append(text[s:e])
        offsets.extend(range(s, e))
    src = "".join(parts)
    if lowered:
        src = lower(src)
    return unknown.sub(PLACEHOLDER, src), offsets


def path_spans(ilabels, olabels):
    """Walk one path's aligned labels -> [(start, end, class index, output)] in region chars."""
    pos, out, cur, cls, spans = 0, None, 0, -1, []
    for il, ol in zip(ilabels, olabels):
        if il and not _GATE_LO <= il < _GATE_HI:
            pos += 1
        if not ol:
            continue
        if ol == _START:
            cur, cls, out = pos, None, []
        elif cls is None:
            cls = ol - CLASS_BASE
        elif ol == _END:
            spans.append((cur, pos, cls, "".join(map(chr, out))))
            out = None
        else:
            out.append(ol)
    return spans
