"""Year or count (TN): a four-digit number before a plural noun it counts is a count.

The grammar says a four-digit number as a year ("1991" -> "nineteen ninety one"); where a
plural noun it counts follows ("He bought 1991 items", "There were 2024 votes against") it
is a count: "one thousand nine hundred ninety one items".  tn_rules years.yaml
``counted_before`` says what a plural is (``plural_endings``: a word in lower case ending so;
``plurals``: the others) and after which words the number stays a year (``not_after``:
"the 2010 elections", "in 1991 prices rose").  A number that opens the text ("2020 marks
the ...") or stands before a word with a capital ("1960 Olympics") stays a year too.
"""
from . import case_cues


def from_spec(env, built):
    """The registry's entry: the rule of a TN spec whose settings hold ``year_counts``."""
    spec = env.spec
    raw = spec.settings.year_counts if spec.direction == "tn" else None
    if not raw or "year" not in spec.classes or "cardinal" not in spec.classes:
        return []
    return [YearCount(raw, spec.classes.index("year"), spec.classes.index("cardinal"), spec.text.edge_punctuation)]


class YearCount:
    def __init__(self, raw, year, cardinal, edge):
        self.plurals = {w.lower() for w in raw["plurals"]}
        self.endings = tuple(raw["plural_endings"])
        self.not_endings = tuple(raw["not_plural_endings"])
        self.min_letters = raw["min_letters"]
        self.not_plurals = {w.lower() for w in raw["not_plurals"]}
        self.not_after = {w.lower() for w in raw["not_after"]}
        self.year, self.cardinal, self.edge = year, cardinal, edge
        self.ends = tuple(raw["sentence_end"])  # marks that end a sentence before a capitalized word

    def _plural(self, word):
        """Is ``word`` (as written) a plural noun in lower case, with no mark between it and the number?"""
        if word != word.lstrip(self.edge):
            return False
        core = word.rstrip(self.edge)
        if not core.isalpha() or core != core.lower() or core in self.not_plurals:
            return False
        return core in self.plurals or (len(core) >= self.min_letters and core.endswith(self.endings)
                                        and not core.endswith(self.not_endings))

    def _opens_sentence(self, before, seen):
        """Does the last of ``before`` (the words before the number, nearest last; ``seen`` of
        them in all, at most the window) open a sentence: the text's first word, or after a
        word ending a sentence ("Over 1991 entries ...")?"""
        return seen == 1 or (len(before) > 1 and before[-2].endswith(self.ends))

    def choose(self, src, hyps, best, left, right, words):
        asked = False
        if src.count(" ") + 1 != len(words):
            return best, asked  # words glued at an elision: no word-by-word view
        for i, (s, e, cls, out) in enumerate(best.spans):
            said = src[s:e]
            if cls != self.year or len(said) != 4 or not said.isdigit():
                continue
            k = src.count(" ", 0, s)
            asked = True  # the words around the region decide
            if words[k] != words[k].rstrip(self.edge):
                continue  # a mark after the number ends its phrase: "as early as 1368, says ..."
            after = (words[k + 1:] + right)[:1]
            before = (left + words[:k])[-2:]
            if not after or not before or not self._plural(after[0]):
                continue
            prev = before[-1]
            core = prev.strip(self.edge)
            if prev != prev.rstrip(self.edge) or not core or core.lower() in self.not_after:
                continue  # a mark ends what comes before ("In 1991, ..."); "the 2010 elections"
            if core != core.lower() and not self._opens_sentence(before, len(left) + k):
                continue  # after a name or a month: "Office 2019 users", "March 2020 sales"
            alts = [h for h in case_cues.differing_in(hyps, best, i) if h.spans[i][2] == self.cardinal]
            if alts and all(h.spans[i][3] != out for h in alts):  # "fifteen hundred men" says a count already
                best = case_cues.cheapest(alts)
        return best, asked
