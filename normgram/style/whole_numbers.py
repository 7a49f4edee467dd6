"""Whole numbers (ITN): a number said in one breath is written whole, never as two numbers.

The grammar's cheapest reading can end one span between a number's tens and its digit and
start the next right after it: "i paid twelve ninety nine pounds" -> "$12.90 9 pounds".
Where two spans of the chosen reading meet across spaces alone, the first written as a
number alone ("$12.90") and the second beginning with one ("9 pounds", "£9"), and the words
at the seam are a word of tens and a digit's ("ninety | nine": one number, always), the rule
takes the cheapest reading (by grammar weight) with one span from the first span's start
over the seam that begins with a number ("£12.99"; no clock time), that reads the rest of
the region as the chosen one does and has no such seam of its own between the two spans'
ends; a reading that holds both spans whole in that span first.  With none, the reading
stays.  A teen and a word of tens ("nineteen | fifty miles") are left as read: a number said
in pairs or a range ("fifteen twenty kilometers", 15 to 20).  Turned on by itn_rules
formats.yaml label_context ``whole_numbers``; the words from numbers.yaml.
"""
import regex

NUMBER = regex.compile(r"\p{Sc}?\d[\d.,]*")  # a number alone, a currency sign before it ("$12.90")
OPENS = regex.compile(r"\p{Sc}?\d")  # a span that begins with a number ("9 pounds", "£9")
WHOLE = regex.compile(r"\p{Sc}?\d[\d.,]*(?: |$)")  # ... with a whole number ("£12.99"; no "12:59")


def from_spec(env, built):
    """The registry's entry: the rule of an ITN spec whose label_context sets ``whole_numbers``."""
    spec = env.spec
    on = (spec.settings.label_context or {}).get("whole_numbers") if spec.direction == "itn" else None
    words = spec.settings.number_words
    return [WholeNumbers(words, spec.text.edge_punctuation)] if on and words else []


def _seams(src, spans):
    """The pairs of spans with only spaces between them, the first a number alone and the
    second beginning with one."""
    return [(a, b) for a, b in zip(spans, spans[1:])
            if b[0] > a[1] and not src[a[1]:b[0]].strip(" ") and NUMBER.fullmatch(a[3]) and OPENS.match(b[3])]


class WholeNumbers:
    def __init__(self, words, edge):
        self.digits, self.tens = frozenset(words.get("digits", ())), frozenset(words.get("tens", ()))
        self.edge = edge

    def _one_number(self, src, first, second):
        """Are the words at the seam of spans ``first`` and ``second`` a word of tens and a digit's?"""
        last = src[first[0]:first[1]].split(" ")[-1].strip(self.edge).lower()
        nxt = src[second[0]:second[1]].split(" ")[0].strip(self.edge).lower()
        return last in self.tens and nxt in self.digits

    def choose(self, src, hyps, best, left, right, words):
        for first, second in _seams(src, best.spans):
            if not self._one_number(src, first, second):
                continue
            lo, hi = first[0], second[1]
            inside = lambda h: [sp for sp in h.spans if sp[0] < hi and sp[1] > lo]
            outside = lambda h: [sp for sp in h.spans if sp[1] <= lo or sp[0] >= hi]
            over = lambda h: [sp for sp in h.spans if sp[0] <= lo and first[1] < sp[1] and WHOLE.match(sp[3])]
            alts = [h for h in hyps if over(h) and outside(h) == outside(best) and not _seams(src, inside(h))]
            if alts:
                whole = [h for h in alts if any(sp[1] >= hi for sp in over(h))]
                return min(whole or alts, key=lambda h: h.weight), True
        return best, False
