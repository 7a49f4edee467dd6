"""Determiner nouns (ITN): a word that opens an entity is a noun of the prose after a determiner.

"hash" names the sign "#" ("hash t b t" -> "#tbt"), and it is a common noun: "a hash
reference", "the hash table", "look at a hash map".  A hashtag takes no article, so a span
of a named class that opens with one of its ``words`` right after one of the ``after``
words (itn_rules formats.yaml label_context ``determiner_nouns``: {after: [a, the, ...],
words: {electronic: [hash]}}) leaves its words as said.  The word "hashtag" is not such a
word: "use the hashtag earth day" names a tag (electronic.yaml hashtag_cues).
"""


def from_spec(env, built):
    """The registry's entry: the rule of an ITN spec whose label_context holds ``determiner_nouns``."""
    spec = env.spec
    raw = (spec.settings.label_context or {}).get("determiner_nouns") if spec.direction == "itn" else None
    if not raw:
        return []
    words = {spec.classes.index(c): {w.lower() for w in ws} for c, ws in raw["words"].items() if c in spec.classes}
    return [DeterminerNoun(raw["after"], words, spec.text.edge_punctuation)] if words else []


class DeterminerNoun:
    def __init__(self, after, words, edge):
        self.after = {w.lower() for w in after}
        self.words = words  # class index -> the words that are nouns after a determiner
        self.edge = edge

    def choose(self, src, hyps, best, left, right, words):
        keep, asked = [], False
        for sp in best.spans:
            s, e, cls, out = sp
            first = src[s:e].split(" ")[0].lower()
            if first not in self.words.get(cls, ()) or out.lower() == src[s:e].lower():
                keep.append(sp)
                continue
            k = src.count(" ", 0, s)
            before = [*left, *words[:k]]
            asked = asked or k == 0  # the word before it decides
            prev = before[-1] if before else ""
            if not (prev.lower() in self.after and prev == prev.strip(self.edge)):
                keep.append(sp)
        if len(keep) != len(best.spans):
            best = best.with_spans(keep)
        return best, asked
