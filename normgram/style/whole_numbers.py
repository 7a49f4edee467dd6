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
stays.  A teen and a word of tens ("nineteen | fifty miles") are no seam of this kind: a number
said in pairs or a range ("fifteen twenty kilometers", 15 to 20), unit pairs below.  Turned on by itn_rules
formats.yaml label_context ``whole_numbers``; the words from numbers.yaml.

Unit pairs (label_context ``unit_pairs``): a teen said before a number of two digits and the
name of a unit (units.yaml, plural) is read from those words alone, whatever spans the
reading cut them into ("13 60 km", "1520 minutes"): a range said without its "to" where the
second number is larger by at most ``gap``, or by at most ``round_gap`` with both numbers
multiples of ``round`` ("fifteen twenty minutes" -> "15-20 minutes", "twelve fifteen kilometers"
-> "12-15 km"), else one number said in pairs ("nineteen fifty miles" -> "1,950 miles",
"thirteen sixty kilometers" -> "1,360 km"), as the unit's class writes it.  Only where the
reading's spans over those words are of ``from`` and reach no word outside them, and no
number word ("two thousand fifteen twenty ...") or word of ``alone_after`` (an age: "she
turned fifteen") comes right before the teen; after a word of ``not_after`` only a range
("by nineteen fifty years of war" keeps its year).  Every such pair of a region is read.
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
    rules = [WholeNumbers(words, spec.text.edge_punctuation)] if on and words else []
    pairs = (spec.settings.label_context or {}).get("unit_pairs") if spec.direction == "itn" else None
    if pairs and spec.settings.unit_names and all(c in spec.classes for c in ["cardinal", pairs["to"], *pairs["from"]]):
        rules.append(UnitPairs(pairs, spec.classes, spec.settings.unit_names, spec.text.edge_punctuation, env.read))
    return rules


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


_TO = regex.compile(r"(?<=\d) to (?=\d)")


class UnitPairs:
    def __init__(self, raw, classes, units, edge, read):
        self.gap, self.round, self.round_gap = raw["gap"], raw["round"], raw["round_gap"]
        self.sources = {classes.index(c) for c in raw["from"]}
        self.to, self.cardinal = classes.index(raw["to"]), classes.index("cardinal")
        self.units, self.edge, self.read = frozenset(units), edge, read
        self.joiners = (raw.get("said") or ["hundred", "to"])  # words read between: whole, range
        self.not_after = frozenset(w.lower() for w in raw.get("not_after", ()))  # "by nineteen fifty years"
        self.alone_after = frozenset(w.lower() for w in raw.get("alone_after", ()))  # "she turned fifteen"

    def _value(self, text):
        """The number the words ``text`` say alone (cardinal), or None."""
        out = next(iter(self.read(self.cardinal, text, 1)), None)
        return int(out) if out and out.isdigit() else None

    def _ranged(self, a, b):
        """Are ``a`` and ``b`` said in a row a range ("fifteen twenty")?"""
        d = b - a
        return 0 < d <= self.gap or (0 < d <= self.round_gap and a % self.round == 0 and b % self.round == 0)

    def _pair(self, said, u, before):
        """The (first word, value of the teen, value of the second number) said right before
        the unit word at ``said[u]``, or None (``before``: the word before the region, lower case).
        After a word of ``not_after`` only a range ("around fifteen twenty minutes"; "by
        nineteen fifty years" is a year), after one of ``alone_after`` none (an age)."""
        for n in (1, 2):
            i = u - 1 - n
            if i < 0:
                continue
            a, b = self._value(said[i]), self._value(" ".join(said[i + 1:u]))
            if a is None or b is None or not 10 <= a <= 19 or not 10 <= b <= 99 or n == 2 and b % 10 == 0:
                continue
            prev = said[i - 1] if i > 0 else before
            if i > 0 and self._value(prev) is not None or prev in self.alone_after:
                return None  # inside a longer number, or an age: "she turned fifteen"
            if prev in self.not_after and not self._ranged(a, b):
                return None  # a year said after "by"
            return i, a, b
        return None

    def _written(self, said, i, u, a, b, unit_kept):
        """The words ``said[i:u + 1]`` written as one measure: the unit's class reads them with
        the word of ``said`` between the two numbers; a unit the reading kept as said stays so
        ("15-20 minutes", "1,950 miles"), the number alone read as a cardinal."""
        ranged = self._ranged(a, b)
        between = self.joiners[1 if ranged else 0]
        if unit_kept:
            number = f"{a}-{b}" if ranged else self._first(self.cardinal, " ".join([said[i], between, *said[i + 1:u]]))
            return f"{number} {said[u]}" if number else None
        out = self._first(self.to, " ".join([said[i], between, *said[i + 1:u + 1]]))
        return _TO.sub("-", out, count=1) if out and ranged else out

    def _first(self, cls, text):
        """The first of class ``cls``'s outputs for ``text`` that begins with a digit, or None."""
        return next((o for o in self.read(cls, text, 4) if o[:1].isdigit()), None)

    def choose(self, src, hyps, best, left, right, words):
        if src.count(" ") + 1 != len(words):
            return best, False
        said = [w.strip(self.edge).lower() for w in words]
        before = left[-1].strip(self.edge).lower() if left else None
        starts = [0]
        for w in words[:-1]:
            starts.append(starts[-1] + len(w) + 1)
        asked = False  # the word before the region decides a pair that opens it
        for u, w in enumerate(said):
            if w not in self.units:
                continue
            asked = asked or u in (2, 3)
            if (found := self._pair(said, u, before)) is None:
                continue
            i, a, b = found
            if any(words[j].lower() != said[j] for j in range(i, u)) \
                    or words[u].lower() != words[u].lower().lstrip(self.edge):
                continue  # a mark inside: "fifteen, twenty miles"
            lo, hi = starts[i], starts[u] + len(words[u].rstrip(self.edge))
            over = [sp for sp in best.spans if sp[0] < hi and sp[1] > lo]
            if not over or any(sp[0] < lo or sp[1] > hi or sp[2] not in self.sources for sp in over):
                continue
            out = self._written(said, i, u, a, b, not any(sp[0] < hi and sp[1] > starts[u] for sp in best.spans))
            if out is None:
                continue
            kept = [sp for sp in best.spans if sp[1] <= lo or sp[0] >= hi]
            best = best.with_spans(sorted([*kept, (lo, hi, self.to, out)]))  # and on: every pair of the region
        return best, asked
