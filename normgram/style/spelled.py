"""Spelled letters (ITN): letters said one by one are written as an acronym only with evidence.

A class whose ITN triggers declare ``evidence`` (itn_rules letters.yaml: ``least``, ``known``)
has each of its spans checked on the chosen reading; a span without evidence is dropped
and its words stay as said:

- a run of ``least`` letters or more is an acronym ("f b i" -> "FBI");
- a ``known`` shorter acronym is one ("t v" -> "TV", "q and a" -> "Q&A");
- a shorter run in a written text (a word with a capital or a mark among the region and its
  context) is one, as a normalizer spelled it ("the s b Card", "f c Barcelona", ", p p .");
- a shorter run in lower-case text without marks (ASR) shows nothing: two letters alone are as often a
  key ("press c u"), a grade ("a b in art"), a variable ("at position x y") or a list ("for
  g and g conversions") as an acronym, and they stay;
- a letter word written in lower case followed by one written as a capital is no acronym,
  whatever its length ("a C function", "a D-Bus message", "z and A"): a writer who meant one
  wrote it in capitals;
- a span written with dots was chosen so by a rule of its own ("u s" -> "U.S."; initials
  before a name, "D.M. Hillis") and stays.
"""
from .case_cues import cased_word, region_text


def from_spec(env, built):
    """The registry's entry: a rule per ITN class whose triggers declare ``evidence``."""
    spec = env.spec
    if spec.direction != "itn":
        return []
    return [Spelled(t["evidence"], t.get("joiners", ()), spec.classes.index(c), spec.text.edge_punctuation)
            for c, t in spec.triggers.items() if t.get("evidence")]


class Spelled:
    def __init__(self, evidence, word_letters, cls, edge):
        self.least = evidence["least"]
        self.known = {k.lower() for k in evidence.get("known", ())}
        self.word_letters = {w.lower() for w in word_letters}
        self.cls, self.edge = cls, edge

    def _letters(self, written):
        return [c for c in (w.strip(self.edge) for w in written.split(" ")) if len(c) == 1 and c.isalpha()]

    def short_ok(self, out, written, cased):
        """Is a short run (fewer than ``least`` letters, or joined by "&") written ``out``,
        said as ``written``, an acronym?  ``cased``: the text shows case."""
        if out.lower() in self.known:
            return True
        letters = self._letters(written)
        return cased and bool(letters)

    def choose(self, src, hyps, best, left, right, words):
        written = region_text(src, words)
        keep, asked, cased = [], False, None
        for sp in best.spans:
            if sp[2] != self.cls or "." in sp[3]:
                keep.append(sp)
                continue
            said = written[sp[0]:sp[1]] if written else src[sp[0]:sp[1]]
            letters = self._letters(said)
            if any(a.islower() and b.isupper() for i, a in enumerate(letters) for b in letters[i + 1:]):
                continue  # "a C function", "z and A"
            if "&" not in sp[3] and sum(c.isalpha() for c in sp[3]) >= self.least:
                keep.append(sp)
                continue
            if cased is None:
                asked = True
                near = [*left, *words, *right]
                cased = any(cased_word(w.strip(self.edge)) or any(c in self.edge for c in w) for w in near)
            if self.short_ok(sp[3], said, cased):
                keep.append(sp)
        if len(keep) != len(best.spans):
            best = best.with_spans(keep)
        return best, asked
