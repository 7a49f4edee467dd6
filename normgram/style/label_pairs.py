"""Label rules over two terms (itn_rules formats.yaml ``label_context`` ``paired`` and
``compound``): a number word ITN keeps is written in digits where the term next to it,
across a joining word, is written in digits.

- ``paired``: joined by one of ``words`` (and an ``articles`` word after it, or none):
  "one and 2.5 μm" -> "1 and 2.5 μm", "Sunderland 5 to zero" -> "5 to 0"; an ordinal alike,
  "from the seventh to the 13th" -> "from the 7th to the 13th"; not before a word it counts
  or a ``not_before`` word ("in 1990 and two years later", "10 and one of them").
- ``compound``: a quantity in two ``units``, joined by a ``joiners`` word or none: "four
  hours 19 minutes" -> "4 hours 19 minutes", "five years and 11 months".

A span is ``(start, end, class index, output)`` over the region text ``src``.
"""


class Pairs:
    def __init__(self, spec, split, counted):
        """``spec``: ``label_context``; ``split``: word -> (leading marks, core, trailing
        marks); ``counted``: the words a number before them counts ("two weeks")."""
        paired = spec.get("paired") or {}
        words = paired.get("words", ())
        self.articles = {a.lower() for a in paired.get("articles", ())}
        self.joins = [[w] for w in words] + [[w, a] for w in words for a in sorted(self.articles)]
        self.not_before = {w.lower() for w in paired.get("not_before", ())}
        compound = spec.get("compound") or {}
        self.units = {w.lower() for w in compound.get("units", ())}
        self.unit_joiners = {w.lower() for w in compound.get("joiners", ())}
        self.split = split
        self.counted = counted

    def paired(self, src, spans, i, word, after, ordinal=False):
        """Is the kept number word of span ``i`` one term of a pair whose other term, next to
        it in ``spans`` across one of the ``paired`` words (and an article, or none), is
        written in digits?  Not before a counted or ``not_before`` word."""
        if not self.joins or self.split(word)[2]:
            return False
        nxt = self.split(after[0])[1].lower() if after else ""
        if nxt in self.counted or nxt in self.not_before:
            return False
        return any(gap.split() in self.joins and self._digits_term(out, j < i, ordinal)
                   for j, (_, _, _, out), gap in converted_neighbours(src, spans, i))

    def _digits_term(self, out, before, ordinal=False):
        """Does the output of the other term of a pair end in a digit where it meets the kept
        number (its last character before it, its first after it, an article set aside: "the
        15th of June")?  For an ordinal, the word it meets is an ordinal in digits ("11th", not
        the count "1")."""
        ws = out.split()
        if not before and len(ws) > 1 and ws[0].lower() in self.articles:
            ws = ws[1:]
        w = ws[-1] if before else ws[0]
        if ordinal:
            return w[:1].isdigit() and w.rstrip(".,;:")[-1:].isalpha()
        return (w[-1:] if before else w[:1]).isdigit()

    def compound(self, src, spans, i, after):
        """Is the kept number of span ``i`` one part of a quantity in two units whose other
        part, the span next to it, is written in digits: "four hours [and] 19 minutes",
        "5 years [and] eleven months"?"""
        if not self.units or not after or self.split(after[0])[1].lower() not in self.units:
            return False
        for j, (a, b, _, out), between in converted_neighbours(src, spans, i):
            if not out[0].isdigit():
                continue
            # the unit after the first number (and a joiner), then the second number and its
            # unit (inside its span, "12 days", or after it)
            gap = [self.split(w)[1].lower() for w in between.split()]
            k = len(gap) + len(src[a:b].split())  # the word after the second number's span
            then = {self.split(w)[1].lower() for w in src[a:b].split()[-1:] + after[k:k + 1]}
            if 1 <= len(gap) <= 2 and gap[0] in self.units and set(gap[1:]) <= self.unit_joiners \
                    and (j < i or then & self.units):
                return True
        return False


def converted_neighbours(src, spans, i):
    """(j, span j, the text between it and span i) for the spans next to span ``i`` that a
    class converts (not kept as said)."""
    s, e = spans[i][:2]
    for j in (i - 1, i + 1):
        if 0 <= j < len(spans):
            a, b, _, out = spans[j]
            if out and out.lower() != src[a:b]:
                yield j, spans[j], src[b:s] if j < i else src[e:a]
