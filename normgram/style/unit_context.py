"""Money units (ITN): a unit word that names a currency too is money where paying is said near it.

"pounds" weighs ("he lost twenty pounds", "a bag of thirty pounds") and pays ("it cost me
twenty pounds", "she owes me ten pounds").  The grammar writes the weight ("20 pounds");
where a word of paying, costing, owing or charging (itn_rules formats.yaml label_context
``money_units``: {words, cues, weight_cues, within, not_before}) comes at most ``within``
words before the number (the pipeline shows a rule 4 words before a region), and no word of
weighing (``weight_cues``) comes nearer, a measure span that ends in one of ``words`` is
written as the money reading of the same words ("£20"), unless a ``not_before`` word
follows it ("paid twenty pounds of flour" weighs the flour).

A price said with no currency name at all ("it cost me twenty four ninety five" -> "$24.95",
the grammar's unnamed-price reading) needs the same evidence where ``unnamed`` is true: with
no cue before it (``cues`` or ``unnamed_cues``: "for" before a price, "sold it for two ninety
nine", but not before a weight, "a harness for forty pound dogs") and no rate after it
(``unnamed_rates``: "diesel hit three eighty nine a gallon", "eight fifty apiece"), the words are read as they
would be without that reading ("the final score was twenty one seventeen" -> "21 17", not
"$21.17").

A price names its currency after it: a money span said in number words alone ("$9.99") right
before a word that a money reading of the same start holds ("pounds") is that reading ("it
cost nine ninety nine pounds" -> "£9.99", not "$9.99 pounds"), unless a word of
``not_before`` follows that word ("twelve fifty pounds of flour" is not read so here).
"""
from . import case_cues


def from_spec(env, built):
    """The registry's entry: the rule of an ITN spec whose label_context holds ``money_units``."""
    spec = env.spec
    raw = (spec.settings.label_context or {}).get("money_units") if spec.direction == "itn" else None
    if not raw or "money" not in spec.classes or "measure" not in spec.classes:
        return []
    numbers = {w.lower() for w in spec.triggers.get("cardinal", {}).get("anchors", ())}
    return [MoneyUnits(raw, spec.classes.index("measure"), spec.classes.index("money"), spec.text.edge_punctuation,
                       numbers)]


class MoneyUnits:
    def __init__(self, raw, measure, money, edge, numbers=()):
        self.words = {w.lower() for w in raw["words"]}
        self.cues = {w.lower() for w in raw["cues"]}
        self.weight_cues = {w.lower() for w in raw.get("weight_cues", ())}
        self.within = raw["within"]
        self.not_before = {w.lower() for w in raw.get("not_before", ())}
        self.measure, self.money, self.edge = measure, money, edge
        self.unnamed = bool(raw.get("unnamed"))
        self.unnamed_cues = frozenset(w.lower() for w in raw.get("unnamed_cues", ()))  # cues of prices alone
        self.numbers = numbers  # a money span said in these words alone names no currency
        rate = raw.get("unnamed_rates") or {}  # "a gallon", "per night", "each" after a price
        self.rate_openers = {w.lower() for w in rate.get("openers", ())}
        self.rate_words = {w.lower() for w in rate.get("words", ())}
        self.rate_alone = {w.lower() for w in rate.get("alone", ())}
        self.rate_not_then = {w.lower() for w in rate.get("not_then", ())}

    def _cue(self, left, words, k, extra=frozenset()):
        """The cue word nearest before word ``k`` within the window: a paying cue (or one of
        ``extra``), a weighing cue, or None."""
        before = [w.strip(self.edge).lower() for w in (left + words[:k])[-self.within:]]
        return next((w for w in reversed(before) if w in self.cues or w in extra or w in self.weight_cues), None)

    def _unnamed(self, said):
        return self.unnamed and all(w.strip(self.edge).lower() in self.numbers for w in said)

    def _rate_after(self, words, right, k):
        """Do the words from word ``k`` on name what a price is paid for ("a gallon", "per night",
        "each"), and not a time before or after now ("a week ago", "a day later")?"""
        after = [w.strip(self.edge).lower() for w in (words[k:] + right)[:3]]
        if not after:
            return False
        if after[0] in self.rate_alone:
            return True
        then = after[2] if len(after) > 2 else None  # "a week ago": a time
        return len(after) >= 2 and after[0] in self.rate_openers and after[1] in self.rate_words \
            and then not in self.rate_not_then

    def _uncued_price(self, src, best, left, right, words):
        """The bounds of the first span of ``best`` that is a price said with no currency name,
        no cue before it and no rate after it, or None."""
        for s, e, cls, _ in best.spans:
            said = src[s:e].split(" ")
            if cls == self.money and self._unnamed(said):
                cue = self._cue(left, words, src.count(" ", 0, s), self.unnamed_cues)
                if (cue is None or cue in self.weight_cues) \
                        and not self._rate_after(words, right, src.count(" ", 0, s) + len(said)):
                    return s, e
        return None

    def choose(self, src, hyps, best, left, right, words):
        asked = False
        if src.count(" ") + 1 != len(words):
            return best, asked  # words glued at an elision: no word-by-word view
        if self.unnamed:  # first, and span by span: a new reading may hold other spans
            asked = any(cls == self.money and self._unnamed(src[s:e].split(" ")) for s, e, cls, _ in best.spans)
            seen = set()
            while (bounds := self._uncued_price(src, best, left, right, words)) is not None and bounds not in seen:
                seen.add(bounds)
                best = self._unpriced(hyps, best, *bounds)
        best = self._named_after(src, hyps, best, words, right)
        for i, (s, e, cls, out) in enumerate(best.spans):
            said = src[s:e].split(" ")
            if cls != self.measure or said[-1].strip(self.edge).lower() not in self.words:
                continue
            k, n = src.count(" ", 0, s), len(said)
            asked = True  # the words around the region decide
            after = (words[k + n:] + right)[:1]
            if words[k + n - 1] != words[k + n - 1].rstrip(self.edge):
                after = []  # a mark ends the phrase: "twenty pounds. Of course ..."
            if after and after[0].strip(self.edge).lower() in self.not_before:
                continue
            # the cue nearest the number decides: "she spent the summer losing twenty pounds" weighs
            cue = self._cue(left, words, k)
            if cue is None or cue in self.weight_cues:
                continue
            alts = [h for h in case_cues.differing_in(hyps, best, i) if h.spans[i][2] == self.money]
            if alts:
                best = case_cues.cheapest(alts)
        return best, asked

    def _named_after(self, src, hyps, best, words, right):
        """``best`` with the first money span said in numbers alone that a money reading of the
        same start stretches over the next word ("nine ninety nine | pounds") read so: the
        cheapest such reading that reads the rest of the region as ``best`` does."""
        for s, e, cls, _ in best.spans:
            said = src[s:e].split(" ")
            if cls != self.money or not self._unnamed(said) or said[-1] != said[-1].rstrip(self.edge):
                continue
            k = src.count(" ", 0, s) + len(said)
            after = [w.strip(self.edge).lower() for w in (words[k:] + right)[:2]]
            if not after or len(after) > 1 and after[1] in self.not_before:
                continue
            end = e + 1 + len(words[k].rstrip(self.edge)) if k < len(words) else None  # "pounds." ends before its mark
            if end is None or any(sp[0] < end and sp[1] > e for sp in best.spans):
                continue
            keep = [sp for sp in best.spans if sp[1] <= s or sp[0] >= end]
            alts = [h for h in hyps if any(sp[0] == s and sp[1] >= end and sp[2] == self.money for sp in h.spans)
                    and [sp for sp in h.spans if sp[1] <= s or sp[0] >= end] == keep]
            if alts:
                return min(alts, key=lambda h: h.weight)
        return best

    def _unpriced(self, hyps, best, s, e):
        """The reading the grammar would choose without the price over region offsets [s, e)."""
        return case_cues.cheapest_without(hyps, best, s, e, lambda sp: sp[2] != self.money)
