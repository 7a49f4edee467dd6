"""Whole numbers (ITN): a number said in one breath is written whole, never as two numbers.

The grammar's cheapest reading can end one span inside what the speaker said as one number
and start the next right after it: "it ran nineteen fifty miles" -> "19 50 miles" (a count
and a distance), "i paid twelve ninety nine pounds" -> "$12.90 £9".  Where two spans of the
chosen reading meet at one space, the first written as a number alone ("19", "$12.90") and
the second beginning with one ("50 miles", "£9"), and the words at the seam are one
number's -- a word of tens and a digit's ("ninety | nine"), or a teen said alone and a word
of tens, a number said in pairs ("nineteen | fifty") -- the rule takes the cheapest reading
(by grammar weight) with one span from the first span's start over the seam that begins
with a number ("1950 miles", "£12.99"; no clock time "21:10"), that reads the rest of the
region as the chosen one does and has no such seam of its own; with none, the reading
stays.  Two numbers said in a row stay two where their words are no one number's ("in
nineteen nineteen twenty one years after", "nineteen sixteen seventeen").  Turned on by
itn_rules formats.yaml label_context ``whole_numbers``; the words from numbers.yaml.
"""
import regex

NUMBER = regex.compile(r"\p{Sc}?\d[\d.,]*")  # a number alone, a currency sign before it ("$12.90")
OPENS = regex.compile(r"\p{Sc}?\d")  # a span that begins with a number ("50 miles", "£9")
WHOLE = regex.compile(r"\p{Sc}?\d[\d.,]*(?: |$)")  # ... with a whole number ("1950", "£12.99"; no "21:10")


def from_spec(env, built):
    """The registry's entry: the rule of an ITN spec whose label_context sets ``whole_numbers``."""
    spec = env.spec
    on = (spec.settings.label_context or {}).get("whole_numbers") if spec.direction == "itn" else None
    words = spec.settings.number_words
    return [WholeNumbers(words, spec.text.edge_punctuation)] if on and words else []


def _seams(spans):
    """The pairs of spans that meet at one space, the first a number alone and the second
    beginning with one."""
    return [(a, b) for a, b in zip(spans, spans[1:])
            if b[0] == a[1] + 1 and NUMBER.fullmatch(a[3]) and OPENS.match(b[3])]


class WholeNumbers:
    def __init__(self, words, edge):
        self.digits, self.teens, self.tens = (frozenset(words.get(k, ())) for k in ("digits", "teens", "tens"))
        self.edge = edge

    def _one_number(self, src, first, second):
        """Are the words at the seam of spans ``first`` and ``second`` one number's?"""
        said = src[first[0]:first[1]].split(" ")
        last, nxt = said[-1].strip(self.edge), src[second[0]:second[1]].split(" ")[0].strip(self.edge)
        return last in self.tens and nxt in self.digits or len(said) == 1 and last in self.teens and nxt in self.tens

    def choose(self, src, hyps, best, left, right, words):
        for first, second in _seams(best.spans):
            if not self._one_number(src.lower(), first, second):
                continue
            seam = first[1]  # the space between the two words
            outside = lambda h: [sp for sp in h.spans if sp[1] <= first[0] or sp[0] >= second[1]]
            alts = [h for h in hyps if any(sp[0] <= first[0] and seam < sp[1] and WHOLE.match(sp[3]) for sp in h.spans)
                    and outside(h) == outside(best) and not _seams(h.spans)]
            if alts:
                return min(alts, key=lambda h: h.weight), True
        return best, False
