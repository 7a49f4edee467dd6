"""Write: the chosen reading of a region -> converted Spans, and the output text.

Text outside converted spans is copied byte for byte (``assemble``).
"""
import regex

from ..ranker.tokens import copied_edges
from ..result import Candidate, Span
from .gaps import GAP
from .regions import PLACEHOLDER


def region_spans(text, src, offsets, a, best, hyps, classes, lowered, edge, ends=None):
    """The converted spans of reading ``best`` of region string ``src`` (``offsets``: each
    of its characters' offset in ``text``; ``a``: the region's first word index), each
    with the candidate readings ``hyps`` give its extent (none when ``hyps`` is None).
    ``lowered``: ITN (the region was read lowercased); ``edge``: the edge punctuation;
    ``ends``: TN's SentenceEnds (None: a sentence ends only at the end of the text)."""
    alts = _candidates(src, best, hyps, classes) if hyps is not None else None
    spans = []
    for s, e, c, out in best.spans:
        start, end = offsets[s], offsets[e - 1] + 1
        inp = text[start:end]
        if PLACEHOLDER in out:
            out = restored(out, text, src, offsets, s, e)
        if out.lower() == inp.lower():
            continue  # a reading that leaves the words as they are is no conversion
        if lowered:
            out = keep_case(inp, out)
            if out.endswith(".") and text[end:end + 1] == "." and text[end + 1:end + 2] != ".":
                end += 1  # "at four p m." -> "at 4 p.m.": the written dot ends the sentence too
                inp = text[start:end]
        elif inp.endswith(".") and not out.endswith(".") and sentence_end(text, start, end, edge, ends):
            out += "."  # "at 5 p.m." ends the sentence too: its dot is kept
        spans.append(Span(start, end, 0, 0, classes[c], inp, out, best.weight,
                          list(alts[(s, e)].values()) if alts is not None else [],
                          a + src.count(" ", 0, s), a + src.count(" ", 0, e - 1) + 1))
    return spans


def restored(out, text, src, offsets, s, e):
    """A span's output with each PLACEHOLDER a grammar copied written back as the character
    it stood for in the region chars [s, e), in order."""
    unknown = iter([text[offsets[k]] for k in range(s, e) if src[k] == PLACEHOLDER])
    return "".join(next(unknown, c) if c == PLACEHOLDER else c for c in out)


def _candidates(src, best, hyps, classes):
    """(start, end) of each span of ``best`` -> {(class, output): Candidate} of ``hyps``."""
    alts = {}
    for s, e, _, _ in best.spans:
        cand = alts.setdefault((s, e), {})
        for h in hyps:
            name, out = reading(src, h, s, e, classes)
            if (name, out) not in cand:
                cand[(name, out)] = Candidate(name, out, h.weight, h.lm, h.total, h.ranked)
    return alts


def reading(src, hyp, s, e, classes):
    """What ``hyp`` makes of the region chars [s, e) (widened to the spans that overlap them):
    (class, output) -- for another segmentation, classes joined by "+" ("" = words left as
    they are) and the output of the whole stretch."""
    inside = [sp for sp in hyp.spans if sp[0] < e and sp[1] > s]
    if len(inside) == 1 and inside[0][:2] == (s, e):
        return classes[inside[0][2]], inside[0][3]
    lo, hi = min([s] + [sp[0] for sp in inside]), max([e] + [sp[1] for sp in inside])
    out, pos = [], lo
    for a, b, _, o in inside:
        out.append(src[pos:a])
        out.append(o)
        pos = b
    out.append(src[pos:hi])
    return "+".join(classes[sp[2]] for sp in inside), "".join(out)


def sentence_end(text, start, end, edge, ends=None):
    """TN: does a sentence end where a span that read an abbreviation's dot ("p.m.", "Ave.",
    "ft.") ends: only marks follow it to the end of the text, or (``ends``) a new sentence
    opens after it?  Then the dot ends the sentence too and is kept; elsewhere it was the
    abbreviation's alone ("5 ft. long").  A text that is the span alone ("Mr.", a heading
    or a cell) is no sentence; one that opens with it is ("5 lbs. Then stir.")."""
    if not text[end:].strip(edge + " \t\n"):
        return bool(text[:start].strip())
    return ends is not None and ends.opens(text[start:end], text[end:])


# closing marks, space, opening marks, a word and the dot after it
_NEXT = regex.compile(r"[)\]}\"'’”»]*\s+[(\[{\"'‘“«¿¡]*(\w+)(\.?)")
_INITIALS = regex.compile(r"(?:\p{Lu}\.)+$")  # "U.S."


class SentenceEnds:
    """Where an abbreviation's dot before more text ends a sentence (tn_rules abbreviations.yaml
    ``sentence_end``): before a word of ``openers`` ("on Elm St. We open") and, with ``before:
    capital``, before any word with a capital but one in capitals ("5 p.m. EST") or one with a
    dot of its own ("Oak St. Apt. 4") or that goes on the sentence (``continued_by``: "5 p.m.
    Friday"), and not after initials ("the U.S. Army") nor after an
    abbreviation with a capital read alone, as a title is before a name ("vs. Mrs. Smith");
    unless the abbreviation leads into the words after it (``leading``: "France vs. Germany",
    "Roe v. Wade").  After an abbreviation that closes a list (``closing``: de "usw.", "etc.")
    any word with a capital opens a sentence, a noun too ("Brot usw. Kinder essen ...")."""

    def __init__(self, rules):
        self.capital = rules.get("before", "capital") == "capital"
        self.openers = frozenset(rules.get("openers", ()))
        self.leading = tuple(" " + w.lower() for w in rules.get("leading", ()))
        self.continued_by = frozenset(rules.get("continued_by", ()))
        self.closing = tuple(" " + w.lower() for w in rules.get("closing", ()))

    def opens(self, span, after):
        """Does a sentence open in ``after``, the text after the abbreviation ending ``span``?"""
        m = _NEXT.match(after)
        if m is None or self._leads(span):
            return False
        word, dotted = m.group(1), m.group(2)
        if word in self.openers:
            return True
        if self.closing and word[0].isupper() and not dotted and word not in self.continued_by \
                and (" " + span.lower()).endswith(self.closing):
            return True
        if not self.capital or dotted or word in self.continued_by or _INITIALS.search(span) or _titled(span):
            return False
        return word[0].isupper() and (len(word) == 1 or not word.isupper())

    def _leads(self, span):
        """Does ``span`` end with a leading abbreviation that no number comes before ("из г.",
        not "в 2005 г.": a count's unit or a year ends a phrase)?"""
        low = " " + span.lower()
        for w in self.leading:
            if low.endswith(w):
                before = low[:-len(w)].split()
                return not (before and any(c.isdigit() for c in before[-1]))
        return False


def _titled(span):
    """Is ``span`` one word with a capital ("Mrs.", "Inc."): a title before a name, or a name's part?"""
    return span[:1].isupper() and not any(c.isspace() for c in span)


def keep_case(inp, out):
    """ITN reads lower case: words a span copies at its edges keep the input's capitals
    ("CHAPTER six" -> "CHAPTER VI", "Volume eight" -> "Volume 8"); a lower-case input word
    keeps the case the grammar writes ("may twelfth" -> "May 12")."""
    iw, ow = GAP.split(inp), out.split(" ")
    lead, trail = copied_edges(iw, ow)
    for k in [*range(lead), *range(len(ow) - trail, len(ow))]:
        i = k if k < lead else len(iw) - (len(ow) - k)
        if iw[i] != iw[i].lower():
            ow[k] = iw[i]
    return " ".join(ow)


def assemble(text, spans, lo=0, hi=None):
    """The output of ``text[lo:hi]`` with the converted ``spans`` in it written in (sorted in
    place); each span's out_start/out_end are set, counted from the output's start."""
    spans.sort(key=lambda sp: sp.start)
    out, pos, n, last = [], lo, 0, None
    for sp in spans:
        out.append(text[pos:sp.start])
        n += sp.start - pos
        if last is not None and last.end == sp.start and last.output and sp.output and not sp.output.startswith(" "):
            # spans that touch (a word read in pieces, "~" before "40 km") are said apart: the
            # space is the later span's, so the text outside spans stays the input's
            sp.output = " " + sp.output
        sp.out_start, sp.out_end = n, n + len(sp.output)
        out.append(sp.output)
        n, pos, last = sp.out_end, sp.end, sp
    out.append(text[pos:hi])
    return "".join(out)
