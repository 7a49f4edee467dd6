"""Scheduled times (ITN): a clock time said bare after "to" or "for" where a word of scheduling is near.

"three fifteen" is a clock time after "at", "until" or "by" (times.yaml cue_words), and as
often a number elsewhere ("room three fifteen", "it weighs two fifty").  After "to" or "for"
(itn_rules formats.yaml label_context ``scheduled_times``: {before, cues, within}) it is the
time something is moved or set to where a word of scheduling ("moved", "pushed",
"rescheduled", "appointment") and no noun of an amount (``amounts``: "limit", "price") come at
most ``within`` words before the number: "the call got
pushed to three fifteen" -> "3:15", "we moved it to seven thirty" -> "7:30".  A span of another
class over the same words is then written as the time reading of those words, where the
grammar has one of the 12-hour clock (a year said in pairs stays one: "the opening shifts to
twenty sixteen"); elsewhere nothing changes ("the count went up to four hundred twenty").
"""
from . import case_cues


def from_spec(env, built):
    """The registry's entry: the rule of an ITN spec whose label_context holds ``scheduled_times``."""
    spec = env.spec
    raw = (spec.settings.label_context or {}).get("scheduled_times") if spec.direction == "itn" else None
    if not raw or "time" not in spec.classes:
        return []
    return [ScheduledTime(raw, spec.classes.index("time"), spec.text.edge_punctuation)]


def _twelve_hour(out):
    """Is ``out`` a time of the 12-hour clock ("3:15")?  A first number over twelve is a year
    said in pairs ("postponed to twenty sixteen"), not a time of the 24-hour clock."""
    hour = out.split(":")[0]
    return hour.isdigit() and 1 <= int(hour) <= 12


class ScheduledTime:
    def __init__(self, raw, time, edge):
        self.before = {w.lower() for w in raw["before"]}
        self.cues = {w.lower() for w in raw["cues"]}
        self.amounts = {w.lower() for w in raw.get("amounts", ())}
        self.within = raw["within"]
        self.time, self.edge = time, edge

    def _cued(self, left, words, k):
        """Does word ``k`` follow a ``before`` word, with a cue and no noun of an amount at most
        ``within`` words before it?"""
        prev = [w.lower() for w in left + words[:k]]
        if not prev or prev[-1] not in self.before:
            return False
        near = {w.strip(self.edge) for w in prev[-self.within:-1]}
        return bool(near & self.cues) and not near & self.amounts

    def choose(self, src, hyps, best, left, right, words):
        asked = False
        if src.count(" ") + 1 != len(words):
            return best, asked  # words glued at an elision: no word-by-word view
        for i, (s, e, cls, _) in enumerate(best.spans):
            if cls == self.time:
                continue
            k = src.count(" ", 0, s)
            asked = asked or k < self.within  # the words before the region may decide
            if not self._cued(left, words, k):
                continue
            alts = [h for h in case_cues.differing_in(hyps, best, i) if h.spans[i][2] == self.time
                    and _twelve_hour(h.spans[i][3])]
            if alts:
                best = case_cues.cheapest(alts)
        return best, asked
