"""Pair "and" (ITN): after "between", the "and" that follows joins the pair's two terms, it is
no part of a number.

"between one hundred and one thousand people" reads as "between 101,000 people" (a number
said with "and") or as "between 100 and 1,000 people".  A speaker who says "between" says
the pair's "and" next, so a span that holds the first "and" after a ``after`` word (itn_rules
formats.yaml label_context ``pair_and``: {after: [between], and: [and]}) is replaced by the
cheapest reading that leaves that "and" outside every span and keeps the other spans; with no
such reading, its words stay as said.  A span that holds the "between" itself, or writes
the "and" as said (a range reading of the pair: "2,000 and 3,000"), is left alone.
"""


def from_spec(env, built):
    """The registry's entry: the rule of an ITN spec whose label_context holds ``pair_and``."""
    spec = env.spec
    raw = (spec.settings.label_context or {}).get("pair_and") if spec.direction == "itn" else None
    if not raw:
        return []
    return [PairAnd(raw["after"], raw["and"], spec.text.edge_punctuation, env.window)]


class PairAnd:
    def __init__(self, after, ands, edge, window):
        self.after, self.ands, self.edge, self.window = set(after), set(ands), edge, window

    def _open(self, before):
        """Is a pair opened by an ``after`` word among ``before`` (words, nearest last) whose
        "and" has not come yet?"""
        for w in reversed(before):
            core = w.strip(self.edge).lower()
            if core in self.ands:
                return False
            if core in self.after:
                return True
        return False

    def choose(self, src, hyps, best, left, right, words):
        said = src.split(" ")
        if len(said) != len(words) or self.ands.isdisjoint(said):
            return best, False
        starts = [0]
        for w in said[:-1]:
            starts.append(starts[-1] + len(w) + 1)
        asked = False
        for i, (s, e, sp_c, out) in enumerate(best.spans):
            k, n = src.count(" ", 0, s), src.count(" ", s, e) + 1
            inside = said[k:k + n]
            if self.after & set(inside) or self.ands.isdisjoint(inside) or out.lower() == src[s:e] \
                    or not self.ands.isdisjoint(out.split(" ")):
                continue  # no "and" read, or the pair's "and" written as said ("2,000 and 3,000")
            j = k + next(m for m, w in enumerate(inside) if w in self.ands)
            asked = asked or k < self.window
            if not self._open((list(left) + list(words[:j]))[-2 * self.window:]):
                continue
            a, b = starts[j], starts[j] + len(said[j])
            others = [sp for m, sp in enumerate(best.spans) if m != i]
            alts = [h for h in hyps if all(not (x < b and a < y) for x, y, _, _ in h.spans)
                    and all(sp in h.spans for sp in others if sp[1] <= s or sp[0] >= e)]
            # the cheapest that reads the pair's terms as the span's class ("100 and 1,000"), then any
            best = min(alts, key=lambda h: (any(x >= s and y <= e and c != sp_c for x, y, c, _ in h.spans),
                                            h.total, h.weight)) if alts else best.with_spans(others)
            break  # one pair per region: the spans changed
        return best, asked
