"""Pair cues (ITN): two numbers said with "to" near a word of their kind are two counts set
against each other, both written in digits however small: a score or a vote ("the home side
won three to one" -> "won 3 to 1", "the court ruled five to four" -> "ruled 5 to 4"), betting
odds ("the odds are five to one against" -> "5 to 1").  With ``dash`` (a house style of news
text) "won 3-1".  A tokenized text writes them "3 - 1" by its own rule (tokenized.py ranges),
which this one leaves to it.

itn_rules formats.yaml label_context ``pair_cues``: per kind, the ``ranges`` spec of dashed.py
(``class``, ``said``, ``over``, ``not_after``, ``not_before``, ``bare``), ``dash`` (false: "3
to 1"; true: "3-1") and the ``cues`` (words or phrases; one inside a phrase of ``not_cues`` is
none), one of which must come at most ``within`` words before the first number, with no end
of a sentence between ("she won the first set six to three"; not "did you win? two to
three."), or a word of ``cues_after`` right after the second ("a five to four decision"); what
follows the second number is the end of the text or a word of ``then`` ("she won two to three
races a season" counts races and keeps its words).  A pair after one this rule wrote in the
same region needs no cue of its own ("won six to three, six to four" -> "6 to 3, 6 to 4"),
and the words of other numbers between a cue and a pair are not counted in ``within`` ("they
lost two one and then three zero": the cue of the list's first pair is the later pairs' too).
Elsewhere the words stay ("two to four people", "from two to four"); a time the grammar reads
there stays one ("won the game at ten to nine": no ``over`` class; odds a time would be are
cue_reading.py's).
"""
from .cue_reading import cued, phrases
from .dashed import DashedRanges, bare_word


def from_spec(env, built):
    """The registry's entry: the rules of an ITN spec whose label_context holds ``pair_cues``."""
    spec = env.spec
    raw = (spec.settings.label_context or {}).get("pair_cues") if spec.direction == "itn" else None
    tokenized = built["tokenized"][0] if built.get("tokenized") else None
    numbers = {w.lower() for w in spec.triggers.get("cardinal", {}).get("anchors", ())}
    return [PairCue(kind, spec.classes, env.read, tokenized, spec.text.edge_punctuation, numbers)
            for kind in (raw or {}).values() if kind.get("class") in spec.classes]


class PairCue:
    def __init__(self, spec, classes, read, tokenized=None, edge=".,;:!?\"'()", numbers=frozenset()):
        self.ranges = DashedRanges(spec, classes, read)
        self.dash = spec.get("dash", False)
        self.tokenized = tokenized  # tokenized.Tokenized: a tokenized text's own rule writes its ranges
        self.cues, self.not_cues = phrases(spec["cues"]), phrases(spec.get("not_cues", ()))
        self.pad = max((len(p) for p in self.not_cues), default=1) - 1  # words a not_cues phrase may reach back
        self.cues_after = frozenset(w.lower() for w in spec.get("cues_after", ()))
        self.then = frozenset(w.lower() for w in spec.get("then", ())) | self.cues_after
        self.within = spec["within"]
        self.edge = edge
        self.numbers = numbers  # number words: not counted in the cue's window

    def _cued(self, prev, nxt, earlier):
        """Two numbers of the kind: after a pair of it in the region (``earlier``), a cue among
        the ``within`` words before them with no sentence end after it, or a ``cues_after``
        word right after them; and after them the end or a word of ``then``."""
        nxt = [bare_word(w) for w in nxt]
        if nxt and nxt[0] and nxt[0] not in self.then:  # a mark alone ends it too
            return False
        if earlier or nxt and nxt[0] in self.cues_after:
            return True
        reach = self._reach(prev)
        near = prev[-reach:]
        ends = [i for i, w in enumerate(near) if w.rstrip("\"')").endswith((".", "?", "!"))]
        if ends:  # "did you win? two to three": the cue's sentence is over
            near = near[ends[-1] + 1:]
        lead = prev[-reach - self.pad:-reach] if self.pad and not ends else []
        return cued(self.cues, self.not_cues, near, lead, self.edge)

    def _reach(self, prev):
        """How many of the words ``prev`` hold ``within`` words that are no number words."""
        n = other = 0
        for w in reversed(prev):
            if other == self.within:
                break
            n += 1
            other += bare_word(w) not in self.numbers
        return max(n, 1) if prev else self.within

    def choose(self, src, hyps, best, left, right, words):
        """``best`` with two numbers said with a word of ``said`` written in digits ("3 to 1";
        "3-1" with ``dash``) where a cue of the kind is near.  -> (reading, whether the context
        words were asked)."""
        if not self.ranges.bare and self.ranges.said.isdisjoint(src.split(" ")):
            return best, False
        if self.tokenized is not None and self.tokenized.shows([*left, *words, *right]):
            return best, True  # "won 3 - 2": the tokenized text's ranges (tokenized.py)
        spans, asked = self.ranges.dashed(src, best, left, words, right, where=self._cued, dash=self.dash)
        return (best if spans == tuple(best.spans) else best.with_spans(spans)), True
