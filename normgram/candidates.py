"""Cheap candidate detection: which words may start or continue an entity.

Class modules declare triggers per direction (see grammars/lib.ClassGrammar):
``anchors`` (words that can carry an entity), ``joiners`` (words that only join
entity words, like "and" or "a"), ``patterns`` (regexes searched in the word as
written), and ``context`` ({word: N}: an anchor that also pulls the N words on each
side into its region, for open-vocabulary classes such as e-mail addresses,
"john dot smith at example dot com").  A region is a maximal run of anchors and
joiners holding at least one anchor; words outside regions never touch an FST.
"""
import regex

MAX_REGION_WORDS = 32  # longer runs are cut into windows so work stays linear


class Detector:
    def __init__(self, meta, direction):
        self.edge = meta["edge_punctuation"]
        anchors, joiners, patterns, context = set(), set(), [], {}
        for trig in meta["triggers"].values():
            t = trig.get(direction, {})
            anchors.update(t.get("anchors", ()))
            joiners.update(t.get("joiners", ()))
            patterns.extend(t.get("patterns", ()))
            for w, n in t.get("context", {}).items():
                context[w] = max(n, context.get(w, 0))
        self.context = context
        if meta.get("word_pattern", r"\S+") != r"\S+":  # elision: "l'heure" is read as "l'" "heure"
            cut = regex.compile(meta["word_pattern"])
            for w in anchors | joiners:
                pieces = cut.findall(w)
                if len(pieces) > 1 and " " not in w:
                    joiners.update(self.core(p) for p in pieces)
        self.anchors, self.joiners = anchors | set(context), joiners - anchors - set(context)
        self.pattern = regex.compile("|".join(f"(?:{p})" for p in patterns)) if patterns else None

    def core(self, word):
        return word.strip(self.edge).lower()

    def kind(self, word):
        """'anchor', 'joiner' or None for one whitespace-separated word."""
        if self.pattern is not None and self.pattern.search(word):
            return "anchor"
        core = self.core(word)
        if core in self.anchors:
            return "anchor"
        if core in self.joiners:
            return "joiner"
        if "-" in core:
            parts = [p for p in core.split("-") if p]
            if parts and all(p in self.anchors or p in self.joiners for p in parts) \
                    and any(p in self.anchors for p in parts):
                return "anchor"
        return None

    def kinds(self, words):
        kinds = [self.kind(w) for w in words]
        if self.context:
            for i, w in enumerate(words):
                n = self.context.get(self.core(w), 0)
                if not n:
                    continue
                for j in range(max(0, i - n), min(len(words), i + n + 1)):
                    if kinds[j] is None:
                        kinds[j] = "joiner"
        return kinds

    def regions(self, words):
        """words: list of strings -> list of (first, last+1) index ranges."""
        out, start, has_anchor = [], None, False
        kinds = self.kinds(words) + [None]
        for i, k in enumerate(kinds):
            if k is not None and start is not None and i - start >= MAX_REGION_WORDS:
                if has_anchor:
                    out.append((start, i))
                start, has_anchor = i, False
            if k is None:
                if start is not None and has_anchor:
                    out.append((start, i))
                start, has_anchor = None, False
                continue
            if start is None:
                start = i
            has_anchor = has_anchor or k == "anchor"
        return out
