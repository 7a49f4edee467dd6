"""Labels: a kept number word that its neighbours mark as a label is written in digits (ITN).

ITN keeps small standalone numbers as words ("three of them"; itn_rules formats.yaml
standalone_words_below).  Texts write them in digits where they label something, and the
words around them show it (itn_rules formats.yaml ``label_context``):

- ``after_name``: right after a word written with a capital that does not begin a
  sentence, or after an acronym written in capitals: "Radio three" -> "Radio 3",
  "Windows eight", "Just Cause two", "b b c two" -> "BBC 2", "g r four" -> "GR 4";
  not before a word it counts (``counted``: "New York two weeks", "the Cup three times").
- ``list_item``: the last word of a text, after a mark and before the final one:
  "A Short Poem; three." -> "A Short Poem; 3."
- ``marks_after``: before a closing mark or a hyphen set apart: "( two )", "(four),",
  "three )" -> "3 )", "six - inch" -> "6 - inch".
- ``cues``: after a cue word ("p . two" -> "p . 2").

A number word written with capitals ("ONE", "Two") is spelled out by the text and stays.
Lower-case text without marks (ASR output) meets none of these but cue words.  The
pipeline asks this only for a span of one word that a reading keeps as it is, and writes
the cheapest reading that differs from the kept one in that span alone, when that span is
written in digits (a count "three" -> "3", never an ordinal "2nd" or a roman "III").
"""


class LabelContext:
    def __init__(self, spec, edge):
        self.after_name = bool(spec.get("after_name"))
        self.sentence_end = tuple(spec.get("sentence_end", ".!?"))
        item = spec.get("list_item") or {}
        self.item_after, self.item_before = tuple(item.get("after", "")), tuple(item.get("before", ""))
        self.cues = {c.lower() for c in spec.get("cues", ())}
        self.marks_after = tuple(spec.get("marks_after", ()))
        self.counted = {w.lower() for w in spec.get("counted", ())}
        self.edge = edge

    def _split(self, word):
        """A word -> (leading marks, core, trailing marks)."""
        core = word.strip(self.edge)
        if not core:
            return word, "", ""
        a = word.index(core)
        return word[:a], core, word[a + len(core):]

    def _after_name(self, before):
        """Do the words ``before`` (nearest last) end with a name that begins no sentence?"""
        return len(before) >= 2 and _name(before[-1]) and not before[-2].endswith(self.sentence_end)

    def named(self, rest, before, after):
        """Does the case of the text show a name for a cased word's reading: its words
        after the first (``rest``) are all names, or, with none, the words ``before`` end
        with a name that begins no sentence and the word after (``after``, none at the
        end) is no lower-case word ("Serbian junior national team")?"""
        if rest:
            return all(_name(w) for w in rest)
        nxt = self._split(after[0])[1] if after else ""
        return self._after_name(before) and not (nxt and nxt == nxt.lower() and nxt.isalpha())

    def fires(self, word, before, after, converted=None):
        """Is ``word`` (as written, with its edge marks) a label?  ``before``: the words
        before it, nearest last (at most 4; fewer than 2 words before a word means a text
        start is near); ``after``: the words after it, nearest first; ``converted``: the
        output of the entity written just before it in the same region, if any."""
        lead, core, trail = self._split(word)
        if core != core.lower():
            return False  # "ONE", "Two": a text that spells the number out
        prev = before[-1] if before else None
        nxt = after[0] if after else None
        if self.after_name and not (not trail and nxt is not None and self._split(nxt)[1] in self.counted):
            if converted is not None:
                last = converted.split(" ")[-1]
                if len(last) >= 2 and last.isalpha() and last.isupper():  # "BBC", not "May"
                    return True
            elif not lead and self._after_name(before):
                return True
        if self.marks_after and (trail.startswith(self.marks_after) or not trail and nxt in self.marks_after):
            return True
        if self.item_before and prev is not None and not lead:
            ends = (trail.endswith(self.item_before) and not after) or \
                (not trail and nxt is not None and nxt in self.item_before and len(after) == 1)
            if ends and prev.endswith(self.item_after):
                return True
        if self.cues and prev is not None and not lead:
            cue = prev.rstrip(".").lower()
            if prev == "." and len(before) >= 2:
                cue = before[-2].lower()
            if cue in self.cues:
                return True
        return False



def _name(word):
    """A word written with a capital, letters only ("Radio", "BBC", "McBean"; not "I")."""
    return word.isalpha() and word[:1].isupper() and word != "I"
