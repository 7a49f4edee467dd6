"""Cue readings (ITN): a span read as one class is another where a word of its kind is near.

Each entry of itn_rules formats.yaml label_context ``cue_readings`` names a kind of words:
where one of its ``cues`` comes at most ``within`` words before or after a span of a class of
``from`` (said with a word of ``said``, where it gives them, between its first and last
words), the span is read as class ``to`` instead, or, with no ``to``, as the grammar reads it
without the classes of ``from``.  ``cues`` may be phrases; a cue inside a phrase of
``not_cues`` is none.  Optional: ``after_word``, only a span right after one of these words;
``not_near``, no span with one of these words among the words before it; ``clock_hours``, only
a ``to`` reading whose hour ("3:15") is at most this; ``written``, only a ``to`` reading
that spans the whole span and is written so (a regular expression: "$12.99", not "240 $9.99");
``shape``, only a span of ``from`` written so (a regular expression); ``before_units``, in
place of a cue: a span right before the name of a unit (units.yaml), which counts it;
``then``, in place of a
cue: a span followed by a word, with no mark between, that is no word of ``then`` (a number
that counts the word after it); ``side``, ``before`` or ``after``: only a
cue on that side of the span, none inside it (both sides and inside where it is not given);
``kept``, words the chosen reading keeps as said are read as ``to`` too, where a reading adds
one span of it over them, with no word of ``not_words``, and a cue comes right before that span
(a cue phrase of at most ``within`` words).

- odds: "twenty to one" is a clock time ("meet me at twenty to one" -> "12:40") and odds
  near a word of betting ("the horse came in at twenty to one" -> "20 to 1");
- departures: two numbers said in a row next to "train" are its time ("the ten fifteen
  train", "the train ten fifteen" -> "10:15"), not a year ("1015"); so before a word of a
  vehicle whose number comes after it ("the eleven fifteen bus"; "bus nineteen twelve" is its number);
- scheduled: a clock time said bare after "to" or "for" near a word of scheduling ("the call
  got pushed to three fifteen" -> "3:15"), not a number ("315"); a year said in pairs stays one;
- prices: a price said as a number and its cents right after a word of paying, costing,
  charging, owing or billing ("it cost me twelve ninety nine" -> "$12.99"), not a year ("1299");
- counted prices: a price said bare counts no unit ("he spent twelve ninety nine minutes on
  hold" -> "1299 minutes", not "$12.99 minutes");
- user names: a user name said with no sign ends its clause ("my gamer tag is shadow wolf
  twenty three" -> "shadowwolf23"): before a word that goes on the phrase its number counts
  it ("the handle broke after twenty years" stays words);
- web addresses: words said as a domain right after a word of going to a site are one ("visit
  cafe dot shop" -> "visit cafe.shop", "check out acme dot tech"), where the grammar alone
  keeps a domain with a rarer ending as words ("the polka dot shop sells dresses").
"""
import regex

from . import case_cues, label_lists


def from_spec(env, built):
    """The registry's entry: the rules of an ITN spec whose label_context holds ``cue_readings``."""
    spec = env.spec
    raw = (spec.settings.label_context or {}).get("cue_readings") if spec.direction == "itn" else None
    if not raw:
        return []
    return [CueReading(kind, spec.classes, spec.text.edge_punctuation, spec.settings.unit_names, env.read)
            for kind in raw.values()
            if all(c in spec.classes for c in [*kind["from"], *([kind["to"]] if kind.get("to") else [])])]


def phrases(ws):
    return [tuple(w.lower().split()) for w in ws]


def _found(phrases, near):
    """The offsets in ``near`` covered by a phrase of ``phrases``."""
    return {i + j for p in phrases for i in range(len(near) - len(p) + 1) if tuple(near[i:i + len(p)]) == p
            for j in range(len(p))}


def _ends_with_cue(cues, near, edge):
    """Do the words ``near`` end with a cue phrase (the span comes right after it)?"""
    near = tuple(w.strip(edge).lower() for w in near)
    return any(len(p) <= len(near) and near[len(near) - len(p):] == p for p in cues)


def cued(cues, not_cues, near, lead, edge):
    """Does a phrase of ``cues`` stand among the words ``near``, outside every phrase of
    ``not_cues`` (which may begin among ``lead``, the words before them: "i bet she's home at")?"""
    lead, near = [w.strip(edge).lower() for w in lead], [w.strip(edge).lower() for w in near]
    both = lead + near
    return bool({i for i in _found(cues, both) if i >= len(lead)} - _found(not_cues, both))


class CueReading:
    def __init__(self, raw, classes, edge, unit_names=None, read=None):
        self.cues, self.not_cues = phrases(raw["cues"]), phrases(raw.get("not_cues", ()))
        self.pad = max((len(p) for p in self.not_cues), default=1) - 1  # words a not_cues phrase may reach back
        self.said = {w.lower() for w in raw.get("said", ())}
        self.within = raw["within"]
        self.after_word = {w.lower() for w in raw.get("after_word", ())}
        self.not_near = {w.lower() for w in raw.get("not_near", ())}
        self.clock_hours = raw.get("clock_hours")
        self.written = regex.compile(raw["written"]) if raw.get("written") else None
        self.shape = regex.compile(raw["shape"]) if raw.get("shape") else None
        self.then = {w.lower() for w in raw["then"]} if raw.get("then") is not None else None
        self.before_units = set(unit_names or ()) if raw.get("before_units") else None
        self.kept = bool(raw.get("kept"))
        self.not_words = {w.lower() for w in raw.get("not_words", ())}
        side = raw.get("side")
        self.sides = (side != "after", side != "before")  # a cue before the span, after it
        self.sources = {classes.index(c) for c in raw["from"]}
        self.to = classes.index(raw["to"]) if raw.get("to") else None
        self.edge = edge
        self.read = read  # (class index, text, n) -> that class's n best outputs for text

    def _cued(self, near, lead=()):
        """Does a cue stand among the words ``near`` (``cued``)?"""
        return cued(self.cues, self.not_cues, near, lead, self.edge)

    def choose(self, src, hyps, best, left, right, words):
        asked = False
        if src.count(" ") + 1 != len(words):
            return best, asked  # words glued at an elision: no word-by-word view
        for s, e, cls, out in best.spans:
            said = src[s:e].lower().split(" ")
            if cls not in self.sources or (self.said and not self.said & set(said[1:-1])) \
                    or self.shape is not None and not self.shape.fullmatch(out):
                continue
            asked = True  # the words around the region decide
            k, n = src.count(" ", 0, s), len(said)
            if self.before_units is not None:
                if self._before_unit(words[k + n - 1], (words[k + n:] + right)[:1]):
                    return self._reread(hyps, best, s, e), asked
                continue
            if self.then is not None:
                whole = self._whole(src, hyps, best, s, e)
                if whole is not None:
                    return whole, asked
                if self._goes_on(words[k + n - 1], (words[k + n:] + right)[:1]):
                    return self._reread(hyps, best, s, e), asked
                continue
            near = (left + words[:k])[-self.within:], words[k:k + n], (words[k + n:] + right)[:self.within]
            before = [w.strip(self.edge).lower() for w in near[0]]
            if self.after_word and (not before or before[-1] not in self.after_word) \
                    or self.not_near & set(before):
                continue
            lead = (left + words[:k])[-self.within - self.pad:-self.within] if self.pad else []
            if not (self.sides[0] and self._cued(near[0], lead) or all(self.sides) and self._cued(near[1])
                    or self.sides[1] and self._cued(near[2])):  # "train ten fifteen"
                continue
            return self._reread(hyps, best, s, e), asked
        if self.kept and self.to is not None:
            return self._added(src, hyps, best, left, words, asked)
        return best, asked

    def _whole(self, src, hyps, best, s, e):
        """Where the next span of ``best`` begins at most one word after [s, e) ("john twenty |
        three at gmail dot com", "tom thirty one | at | company dot org"), the cheapest reading
        with one span of a class of ``from`` from inside [s, e) over both (a cue word the span
        held, "username is", kept as said), the rest of the region read as ``best``
        does: a user name is no part of the address it begins, nor its number split ("john20
        3@gmail.com").  None where there is no next span or no such reading."""
        nxt = [sp for sp in best.spans if sp[0] > e]
        if not nxt or src.count(" ", e, nxt[0][0]) > 2:
            return None
        e2 = nxt[0][1]
        outside = lambda h: [sp for sp in h.spans if sp[1] <= s or sp[0] >= e2]
        alts = [h for h in hyps if any(sp[0] < e and sp[1] >= e2 and sp[2] in self.sources for sp in h.spans)
                and outside(h) == outside(best)]
        if alts:
            return case_cues.cheapest(alts)
        return self._read_whole(src, best, s, e2, outside(best))

    def _read_whole(self, src, best, s, e2, kept):
        """``best`` with the words from the user name's first word (after the cue words the
        span at ``s`` writes as said, "username is") to ``e2`` read by the span's class alone,
        as one word ("john23@gmail.com"); None where the class reads them as none.  The
        n-best readings of a region can all be one reading's spellings."""
        first = next(sp for sp in best.spans if sp[0] == s)
        said, out = src[s:first[1]].split(" "), first[3].split(" ")
        n = next((i for i, (a, b) in enumerate(zip(said, out)) if a != b), 0)
        start = s + sum(len(w) + 1 for w in said[:n])
        got = label_lists.read_alone(self.read, first[2], src[start:e2], lambda o: " " not in o)
        if got is None:
            return None
        return best.with_spans(sorted([*kept, (start, e2, first[2], got)]))

    def _next_word(self, last, nxt):
        """The word that follows the word ``last`` with no mark between (``nxt``: a list of at
        most one), in lower case; None where a mark or the end comes first."""
        if not nxt or last != last.rstrip(self.edge) or nxt[0] != nxt[0].lstrip(self.edge):
            return None
        return nxt[0].strip(self.edge).lower()

    def _before_unit(self, last, nxt):
        """Does a unit's name (``before_units``) follow the word ``last``: "twelve ninety nine minutes"?"""
        return self._next_word(last, nxt) in self.before_units

    def _goes_on(self, last, nxt):
        """Does the phrase go on after the word ``last``: a word that is no word of ``then``?"""
        word = self._next_word(last, nxt)
        return word is not None and word not in self.then

    def _added(self, src, hyps, best, left, words, asked):
        """``best`` with one span of class ``to`` over words it keeps as said, where a reading
        adds just that span and a cue comes right before it (``kept``): the cheapest such
        reading.  -> (reading, whether the context words were asked)."""
        found = []
        for h in hyps:
            extra = [sp for sp in h.spans if sp not in best.spans]
            if len(h.spans) != len(best.spans) + 1 or len(extra) != 1 or extra[0][2] != self.to:
                continue
            s, e, _, _ = extra[0]
            if any(a < e and s < b for a, b, _, _ in best.spans) or self.not_words & set(src[s:e].lower().split(" ")):
                continue
            asked = True
            k = src.count(" ", 0, s)
            before = left + words[:k]
            if _ends_with_cue(self.cues, before, self.edge) and self._cued(before[-self.within:], before[:-self.within]):
                found.append(h)
        return (case_cues.cheapest(found) if found else best), asked

    def _clock(self, out):
        """Is ``out`` a reading ``clock_hours`` allows: an hour up to it ("3:15"; "20:16" is a
        year said in pairs)?"""
        if self.clock_hours is None:
            return True
        hour = out.split(":")[0]
        return hour.isdigit() and 1 <= int(hour) <= self.clock_hours

    def _shaped(self, span, s, e):
        """Is ``span`` a reading ``written`` allows: over all of [s, e) and written as it says?"""
        return self.written is None or span[0] <= s and span[1] >= e and bool(self.written.fullmatch(span[3]))

    def _reread(self, hyps, best, s, e):
        """The reading of region offsets [s, e) without the classes of ``from`` (with a span of
        class ``to`` there, where it gives one), the rest of the region read as ``best`` does."""
        allowed = lambda sp: sp[2] not in self.sources
        if self.to is None:
            return case_cues.cheapest_without(hyps, best, s, e, allowed)
        inside = lambda h: [sp for sp in h.spans if sp[0] < e and sp[1] > s]
        alts = [h for h in hyps if any(sp[2] == self.to and self._clock(sp[3]) and self._shaped(sp, s, e)
                                       for sp in inside(h))]
        return case_cues.cheapest_without(alts, best, s, e, allowed)
