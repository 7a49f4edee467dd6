"""Author initials: an acronym that is a person's initials in a list of authors stays as written (TN).

A class declares ``author_initials`` in its TN triggers ({"max_letters": N, "after": marks,
"words_after": words}; the letters class, from tn_rules letters.yaml ``initials_kept``).
A one-word span of that class over 2..N capitals is left out of the chosen reading (its
word stays as written; the pipeline asks this beside labels.py's per-span choices)
where it ends a list item "Surname INITIALS" -- a surname in Title case before it, a mark,
a word of ``words_after`` ("et al.") or the end of the text after it -- and the item
before or after it is one too (initials of one letter count): "Thapa DR, Gabayan V",
"Kirk PM , Cannon PF .", "Broom DM, Hunter JC, Mendl MT".  One such pair alone
("Canadian CBC, ...", "Compton LV ( 1943 )") is no list and is read as usual.
"""
import copy


def from_spec(env, built):
    """The registry's entry: a rule per class whose triggers declare ``author_initials``."""
    spec = env.spec
    return [AuthorInitials(t["author_initials"], spec.text.edge_punctuation, spec.classes.index(c))
            for c, t in spec.triggers.items() if t.get("author_initials")]


class AuthorInitials:
    def __init__(self, spec, edge, cls):
        self.most = spec.get("max_letters", 3)
        self.after = tuple(spec.get("after", ","))
        self.words_after = {w.lower() for w in spec.get("words_after", ())}
        self.edge = edge
        self.cls = cls  # the class index whose spans are looked at

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

    def choose(self, src, hyps, best, left, right, words):
        """Reading ``best`` of region string ``src`` without its one-word spans of the class
        over initials in a list (``words``: the region's words as written, ``left``/``right``:
        up to 4 words each side, which is all ``kept`` looks at) -> (reading, whether the
        context words were asked); ``hyps`` is not needed: the rest of ``best`` stays."""
        window, first = left + words + right, len(left)
        ones = [sp for sp in best.spans if sp[2] == self.cls and src.count(" ", sp[0], sp[1] - 1) == 0]
        if not ones:
            return best, False
        drop = [sp for sp in ones if self.kept(window, first + src.count(" ", 0, sp[0]))]
        if drop:
            best = copy.copy(best)
            best.spans = tuple(sp for sp in best.spans if sp not in drop)
        return best, True
