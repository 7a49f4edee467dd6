"""Initials: an acronym that is a person's initials in a list of authors stays as written (TN).

A class declares ``initials`` in its TN triggers ({"max_letters": N, "after": marks,
"words_after": words}; the letters class, from tn_rules letters.yaml ``initials_kept``).
A one-word span of that class over 2..N capitals is dropped (its word left as written)
where it ends a list item "Surname INITIALS" -- a surname in Title case before it, a mark,
a word of ``words_after`` ("et al.") or the end of the text after it -- and the item
before or after it is one too (initials of one letter count): "Thapa DR, Gabayan V",
"Kirk PM , Cannon PF .", "Broom DM, Hunter JC, Mendl MT".  One such pair alone
("Canadian CBC, ...", "Compton LV ( 1943 )") is no list and is read as usual.
"""


class Initials:
    def __init__(self, spec, edge):
        self.most = spec.get("max_letters", 3)
        self.after = tuple(spec.get("after", ","))
        self.words_after = {w.lower() for w in spec.get("words_after", ())}
        self.edge = edge

    def _letters(self, word, least=1):
        core = word.strip(self.edge)
        return least <= len(core) <= self.most and core.isalpha() and core.isupper()

    def _item(self, words, k, least=1):
        """Do ``words[k-1:k+1]`` read "Surname INITIALS" ending a list item?  -> the index of
        the next item's first word, or None."""
        if not 1 <= k < len(words) or not self._letters(words[k], least) or words[k][:1] in self.edge:
            return None
        name = words[k - 1]
        if not (name.isalpha() and name[0].isupper() and name[1:] != name[1:].upper()):
            return None
        core = words[k].rstrip(self.edge)
        if len(core) < len(words[k]):
            return k + 1 if words[k][len(core):].startswith(self.after) else None
        if k + 1 == len(words):
            return k + 1
        nxt = words[k + 1]
        if nxt.lower() in self.words_after:
            return k + 1
        if nxt.startswith(self.after):
            return k + 2 if nxt.strip(self.edge) == "" else k + 1
        return None

    def kept(self, words, k):
        """Is word ``k`` of ``words`` (whitespace-separated, with their marks) initials in a list?"""
        nxt = self._item(words, k, least=2)
        if nxt is None:
            return False
        if self._item(words, nxt + 1) is not None:
            return True  # the next item: "Name X" right after this one
        for start in (k - 2, k - 3):  # the item before: "X ," or "X," just before the surname
            if start >= 1 and self._item(words, start) == k - 1:
                return True
        return False

    def filter(self, spans, words, cls):
        """``spans`` without the one-word spans of class ``cls`` over initials in a list."""
        return [sp for sp in spans if not (sp.cls == cls and sp.word_end == sp.word_start + 1
                                           and self.kept(words, sp.word_start))]
