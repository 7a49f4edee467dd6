"""Spelled letters (ITN): letters said one by one are written as an acronym only with evidence.

A class whose ITN triggers declare ``evidence`` (itn_rules letters.yaml: ``least``, ``known``)
has each of its spans checked on the chosen reading; a span without evidence is dropped
and its words stay as said:

- a run of ``least`` letters or more is an acronym ("f b i" -> "FBI");
- a shorter run is one only when it spells a ``known`` acronym ("t v" -> "TV", "q and a"
  -> "Q&A"); two letters alone are as often a key ("press c u"), a grade ("a b in art"),
  a variable ("at position x y") or a list ("for g and g conversions");
- a letter word written in lower case followed by one written as a capital is no acronym,
  whatever its length ("a C function", "a D-Bus message", "z and A"): a writer who meant one
  wrote it in capitals;
- a span written with dots was chosen so by a rule of its own ("u s" -> "U.S."; initials
  before a name, "D.M. Hillis") and stays.
"""
from .case_cues import region_text


def from_spec(env, built):
    """The registry's entry: a rule per ITN class whose triggers declare ``evidence``."""
    spec = env.spec
    if spec.direction != "itn":
        return []
    return [Spelled(t["evidence"], spec.classes.index(c), spec.text.edge_punctuation)
            for c, t in spec.triggers.items() if t.get("evidence")]


class Spelled:
    def __init__(self, evidence, cls, edge):
        self.least = evidence["least"]
        self.known = {k.lower() for k in evidence.get("known", ())}
        self.cls, self.edge = cls, edge

    def evident(self, out, written):
        """Is the span written ``out`` (said as ``written``, the input's words) an acronym?"""
        if "." in out:
            return True
        seen_lower = False
        for w in written.split(" "):
            core = w.strip(self.edge)
            if len(core) == 1 and core.isalpha():
                if core.isupper() and seen_lower:
                    return False
                seen_lower = seen_lower or core.islower()
        if "&" not in out and sum(c.isalpha() for c in out) >= self.least:
            return True
        return out.lower() in self.known

    def choose(self, src, hyps, best, left, right, words):
        written = region_text(src, words)
        spans = [sp for sp in best.spans
                 if sp[2] != self.cls or self.evident(sp[3], written[sp[0]:sp[1]] if written else src[sp[0]:sp[1]])]
        if len(spans) != len(best.spans):
            best = best.with_spans(spans)
        return best, False
