"""Keywords of prose (ITN): after a keyword that is a word of prose the number is no numeral.

A class whose ITN triggers declare ``prose`` ({keywords, after, counted, one_before, one};
roman: roman.yaml ``itn_prose``) writes a numeral after its keywords ("chapter nine" ->
"chapter IX").  Some keywords are words of prose too ("book" and "part" are verbs, "letter",
"bowl" and "war" nouns), and the words around them tell: a span of the class that opens with
a keyword is no numeral right after one of ``after`` (a determiner: "the letter one key", "the
war three years ago"), before one of ``counted`` (a noun its number counts: "we need to book
two rooms", "i took part two times"), or when its number is ``one`` before one of
``one_before`` (a modal verb, "one" the pronoun: "the hardest part one can imagine").  No mark
may stand between those words.  Such a span is dropped for the reading the grammar gives the
words without it (the lowest grammar weight among the readings that read the rest of the
region alike and no span across its edges): the number as read alone ("book twenty five
rooms" -> "book 25 rooms", "two" stays).  A heading keeps its numeral ("letter three",
"chapter nine of the book").
"""
from . import case_cues


def from_spec(env, built):
    """The registry's entry: a rule per ITN class whose triggers declare ``prose``."""
    spec = env.spec
    if spec.direction != "itn":
        return []
    return [KeywordProse(t["prose"], spec.classes.index(c), spec.text.edge_punctuation)
            for c, t in spec.triggers.items() if t.get("prose")]


class KeywordProse:
    def __init__(self, prose, cls, edge):
        low = lambda key: {w.lower() for w in prose[key]}
        self.keywords, self.after, self.counted = low("keywords"), low("after"), low("counted")
        self.one_before, self.one = low("one_before"), low("one")
        self.cls, self.edge = cls, edge

    def _is_prose(self, number, before, after):
        """Do the words ``before`` and ``after`` the span (None: none, or a mark between)
        make its keyword a word of prose, its ``number`` (the words after the keyword) no numeral?"""
        return (before in self.after or after in self.counted
                or (number in self.one and after in self.one_before))

    def _neighbours(self, src, s, e, left, right, words):
        """The words next to region span [s, e) in lower case, None where a mark or no word is
        between: (the word before, the word after)."""
        k, n = src.count(" ", 0, s), src.count(" ", s, e) + 1
        before = after = None
        prev = (left + words[:k])[-1:]
        if prev and (s == 0 or src[s - 1] == " ") and prev[0] == prev[0].rstrip(self.edge):
            before = prev[0].lstrip(self.edge).lower()
        last, nxt = words[k + n - 1], (words[k + n:] + right)[:1]
        if nxt and (e == len(src) or src[e] == " ") and last == last.rstrip(self.edge) \
                and nxt[0] == nxt[0].lstrip(self.edge):
            after = nxt[0].rstrip(self.edge).lower()
        return before, after

    def _without(self, hyps, best, s, e):
        """The reading without a span of the class over [s, e) (spans across its edges neither)."""
        return case_cues.cheapest_without(hyps, best, s, e, lambda sp: s <= sp[0] and sp[1] <= e and sp[2] != self.cls)

    def choose(self, src, hyps, best, left, right, words):
        asked = False
        if all(sp[2] != self.cls for sp in best.spans) or src.count(" ") + 1 != len(words):
            return best, asked  # no span of the class; words glued at an elision: no word-by-word view
        done = set()
        while True:
            found = None
            for s, e, cls, _ in best.spans:
                if cls != self.cls or (s, e) in done:
                    continue
                said = src[s:e].split(" ")
                if len(said) < 2 or said[0] not in self.keywords:
                    continue
                asked = True  # the words around the span decide
                done.add((s, e))
                if self._is_prose(" ".join(said[1:]), *self._neighbours(src, s, e, left, right, words)):
                    found = (s, e)
                    break
            if found is None:
                return best, asked
            best = self._without(hyps, best, *found)
