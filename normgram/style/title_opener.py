"""Title before an opener (TN): an abbreviation that is a title or a place word is the place
word where the word after it opens a sentence.

"St." and "Dr." are read before a name as titles ("St. Louis" -> "saint Louis", "Dr. Smith"
-> "doctor Smith") and after one as place words ("Elm St." -> "Elm street", "Lakeside Dr."
-> "Lakeside drive").  Between a name and a word that opens a sentence (tn_rules
abbreviations.yaml ``sentence_end.openers``: "on Elm St. We open at nine") the title reading
would make "We" a name; where the region's readings hold one that reads the span as the
place word (``sentence_end.titles`` and ``places``: whitelist.yaml's readings of the
abbreviations written alike for both), the rule takes the cheapest of them,
the one that keeps the abbreviation's dot as the sentence's stop first ("Elm street. We").
A name before it is a word with a capital inside a sentence, no opener and no possessive
("on Elm St. We"; not "Then Dr. No", "Fleming's Dr. No", "Hello Dr. It is me").  An
abbreviation with no place reading there stays a title ("We watched Dr. No": no name before
it; "M. Le Goff": "M." is a title only).
"""


def from_spec(env, built):
    """The registry's entry: the rule of a TN spec whose sentence_end has openers, titles and places."""
    spec = env.spec
    ends = spec.settings.sentence_end if spec.direction == "tn" else None
    if not ends or not ends.get("openers") or not ends.get("titles") or not ends.get("places"):
        return []
    return [TitleOpener(ends["titles"], ends["places"], ends["openers"])]


class TitleOpener:
    def __init__(self, titles, places, openers):
        self.titles, self.places, self.openers = frozenset(titles), frozenset(places), frozenset(openers)

    def _titled(self, out):
        """Does ``out`` say a title, then an opener ("saint We")?"""
        said = out.split(" ")
        return any(a.lower() in self.titles and b in self.openers for a, b in zip(said, said[1:]))

    def _place(self, out):
        """Does ``out`` say a place word and no title ("Elm street. We", not "doctor.")?"""
        said = {w.strip(".").lower() for w in out.split(" ")}
        return bool(said & self.places) and not said & self.titles

    def _after_name(self, before):
        """Do the words ``before`` (nearest last) end with a name inside a sentence: a word
        with a capital, no opener, no possessive, after a word that ends no sentence ("on Elm";
        not "Then", "Fleming's", "Yesterday" at a text's start, "Hello")?"""
        if len(before) < 2:
            return False
        name, prev = before[-1], before[-2]
        return (name[:1].isupper() and name not in self.openers and not name.endswith(("'s", "\u2019s"))
                and not prev.endswith((".", "!", "?")))

    def choose(self, src, hyps, best, left, right, words):
        for s, e, _, out in best.spans:
            if not self._titled(out) or not self._after_name(list(left) + words[:src.count(" ", 0, s)]):
                continue
            outside = lambda h: [sp for sp in h.spans if sp[1] <= s or sp[0] >= e]
            alts = [h for h in hyps if outside(h) == outside(best)
                    and any(self._place(sp[3]) for sp in h.spans if sp[0] < e and sp[1] > s)]
            if not alts:
                continue
            stopped = [h for h in alts if any(". " in sp[3] for sp in h.spans if sp[0] < e and sp[1] > s)]
            return min(stopped or alts, key=lambda h: h.weight), True
        return best, False
