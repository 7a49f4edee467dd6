"""Label rules over lists (itn_rules formats.yaml ``label_context`` ``keys`` and
``series``): the later items of a list are written as its earlier ones.

- ``keys``: the later choices of a phone menu whose first one the digits class writes
  ("press one for english" -> "press 1 for english"): a number word before a word of
  ``after`` with a ``before`` word, a number and an ``after`` word among the words before it
  ("..., two for spanish" -> "2 for spanish"; "i had one for breakfast and two for lunch"
  stays), and a number right after a ``before`` word that ends the text or its clause
  ("press two." -> "press 2.").
- ``series``: three or more numbers of ``class`` said in a row or between ``marks``, the last
  after a word of ``last``, are written alike: in digits where one of them is ("rooms five
  seven and eleven" -> "rooms 5 7 and 11"), all words where none is ("one two and three").

A span is ``(start, end, class index, output)`` over the region text ``src``.
"""
from . import case_cues


class Keys:
    def __init__(self, spec, split, numbers):
        """``spec``: ``label_context``; ``split``: word -> (leading marks, core, trailing
        marks); ``numbers``: the number words."""
        keys = spec.get("keys") or {}
        self.before = {w.lower() for w in keys.get("before", ())}
        self.after = {w.lower() for w in keys.get("after", ())}
        self.ends = tuple(keys.get("ends", ()))
        self.split = split
        self.numbers = numbers

    def fires(self, word, before, after):
        """Is the number ``word`` a key of a phone menu: right after a ``before`` word, ending
        the text or its clause ("... press two", "press three, to ..."), or before an ``after``
        word where a ``before`` word, a number and an ``after`` word come among the words
        ``before`` it (nearest last): "press one for english, two for spanish"?"""
        if not self.before:
            return False
        lead, core, trail = self.split(word)
        if lead or not before:
            return False
        core_of = lambda w: self.split(w)[1].lower()
        if core_of(before[-1]) in self.before and before[-1] == self.split(before[-1])[1] \
                and (not after or trail.startswith(self.ends) and trail):
            return True
        if trail or not after or core_of(after[0]) not in self.after:
            return False
        said = [core_of(w) for w in before]
        return any(said[m] in self.before and (said[m + 1] in self.numbers or said[m + 1].isdigit())
                   and said[m + 2] in self.after for m in range(len(said) - 2))


class Series:
    def __init__(self, spec, classes, numbers, read):
        """``spec``: ``label_context``; ``classes``: the spec's class names; ``numbers``: the
        number words; ``read``: (class index, text, n) -> that class's n best outputs."""
        series = spec.get("series") or {}
        self.last = {w.lower() for w in series.get("last", ())}
        self.marks = set(series.get("marks", ()))
        self.cls = list(classes).index(series["class"]) if series.get("class") in classes else None
        self.min_terms = series.get("min_terms", 3)
        self.numbers = numbers
        self.read = read
        self.on = self.cls is not None and bool(self.last)

    def apply(self, src, hyps, best):
        """``best`` with the number words kept in a series written in digits where another
        term of it is: "five seven and 11" -> "5 7 and 11", "three four and 11 minutes" ->
        "3 4 and 11 minutes" (not "three 4 and 11": ``paired`` writes the term before the
        last alike)."""
        spans = list(best.spans)
        for chain in self._chains(src, spans):
            if len(chain) < self.min_terms:
                continue
            kept = [i for i in chain if spans[i][3].lower() == src[spans[i][0]:spans[i][1]]]
            if not kept or len(kept) == len(chain):
                continue
            new = {i: self._digits(hyps, best, i, src) for i in kept}
            if all(new.values()):
                spans = [sp[:3] + (new[i],) if i in new else sp for i, sp in enumerate(spans)]
        return best.with_spans(spans) if spans != list(best.spans) else best

    def _chains(self, src, spans):
        """Runs of span indexes of the series' class, each a number word kept as said or
        digits, between ``marks`` and closed by a ``last`` word before its last term."""
        chains, run = [], []
        for i, (s, e, c, out) in enumerate(spans):
            kept = out.lower() == src[s:e] and " " not in src[s:e] and src[s:e].lower() in self.numbers
            if c != self.cls or not (kept or out.replace(",", "").isdigit()):
                run = []
                continue
            gap = src[spans[i - 1][1]:s].split() if run else None
            if run and gap is not None and all(g in self.marks for g in gap):
                run.append(i)
            elif run and gap and gap[-1].lower() in self.last and all(g in self.marks for g in gap[:-1]):
                chains.append(run + [i])
                run = []
            else:
                run = [i]
        return chains

    def _digits(self, hyps, best, i, src):
        """The digits a reading that differs from ``best`` in span ``i`` alone writes for its
        words ("seven" -> "7"), else those the span's class alone writes, or None."""
        alts = [h for h in case_cues.differing_in(hyps, best, i) if h.spans[i][3].isdigit()]
        if alts:
            return case_cues.cheapest(alts).spans[i][3]
        s, e, c, _ = best.spans[i]
        return read_alone(self.read, c, src[s:e], str.isdigit)


def read_alone(read, cls, text, test):
    """The first of class ``cls``'s outputs for ``text`` alone that passes ``test``, or None
    (``read``: (class index, text, n) -> that class's n best outputs, or None)."""
    return next((o for o in read(cls, text, 4) if test(o)), None) if read else None
