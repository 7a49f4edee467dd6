"""Determiner nouns (ITN): a word that opens an entity is a noun of the prose after a determiner.

"hash" names the sign "#" ("hash t b t" -> "#tbt"), and it is a common noun: "a hash
reference", "the hash table", "look at a hash map".  A hashtag takes no article, so a span
of a named class that opens with one of its ``words`` right after one of the ``after``
words (itn_rules formats.yaml label_context ``determiner_nouns``: {after: [a, the, ...],
words: {electronic: [hash]}}) leaves its words as said.  The word "hashtag" is not such a
word: "use the hashtag earth day" names a tag (electronic.yaml hashtag_cues).

An e-mail address whose user name is a noun of the prose ("find the schedule at city dot
gov") or prose words ("she works at example dot com") is read as the address after "at"
alone, or as the address of a user name that ends those words ("i think its jane dot doe at
...").
"""


def from_spec(env, built):
    """The registry's entry: the rule of an ITN spec whose label_context holds ``determiner_nouns``."""
    spec = env.spec
    raw = (spec.settings.label_context or {}).get("determiner_nouns") if spec.direction == "itn" else None
    if not raw:
        return []
    words = {spec.classes.index(c): {w.lower() for w in ws} for c, ws in raw.get("words", {}).items() if c in spec.classes}
    mailbox = raw.get("mailbox")
    return [DeterminerNoun(raw["after"], words, spec.text.edge_punctuation, mailbox, env.read,
                           spec.settings.user_names)] if words or mailbox else []


class DeterminerNoun:
    def __init__(self, after, words, edge, mailbox=None, read=None, user_names=None):
        self.after = {w.lower() for w in after}
        self.words = words  # class index -> the words that are nouns after a determiner
        self.edge = edge
        self.mailbox = mailbox or {}  # {at: the word before the domain, within: words before the user name}
        self.read = read  # (class index, text) -> that class's outputs for the text alone
        self.role_after = {w.lower() for w in self.mailbox.get("role_after") or ()}
        self.name_after = {w.lower() for w in self.mailbox.get("name_after") or ()}
        self.sent_to = {k: v.lower() if k == "to" else {w.lower() for w in v}
                        for k, v in (self.mailbox.get("sent_to") or {}).items()}
        self.kinds = {}  # word -> its kind in a user name (_kind), from build/settings.py user_names
        for kind, key in (("name", "names"), ("role", "roles"), ("word", "word_letters"), ("spelled", "spelled"),
                          ("number", "numbers"), ("symbol", "symbols")):
            self.kinds.update(dict.fromkeys((user_names or {}).get(key, ()), kind))

    def _prose_user(self, user):
        """Are the words said before "at" prose rather than a user name?  A plain word is a user
        name alone only when it is a given name or a role word ("kevin at", "support at"; "she
        works at", "i saw the news at" are prose); any word opens a name that a number or a
        symbol follows ("jsmith seventy seven", "jo underscore smith"), a spelled letter any
        name ("j smith"), and so do digits ("one two three at"); a plain word after a given name
        or after a number is prose ("mary jones at", "met twenty people at")."""
        if not self.kinds:
            return False
        kinds = [self._kind(w) for w in user]
        plain = ("word", "name", "role")
        first, rest = kinds[0], kinds[1:]
        i = next((j for j, k in enumerate(rest) if k != "number"), len(rest))  # numbers after the first word
        if first == "word":  # a plain word or "a" / "i"
            return not rest or (i < len(rest) and (rest[i] in plain or (i > 0 and rest[i] == "spelled")))
        if first == "number":
            return i < len(rest) and rest[i] in plain
        if first in ("name", "role"):
            return bool(rest) and rest[0] in plain
        return False

    def _kind(self, word):
        """A word's kind in a user name: name, role, word (plain, or "a" / "i"), spelled, number, symbol."""
        return self.kinds.get(word.strip(self.edge).lower(), "word")

    def _noun_mailbox(self, src, sp, left, words):
        """Is span ``sp`` an e-mail address whose user name is a noun phrase of the prose (a
        determiner in the ``within`` words before the words said before "at", or opening those
        words when they are two: "a copy at"; right before them where a name opens them) or
        prose words (_prose_user)?  -> the offset in ``src`` where the words after "at" begin,
        or None."""
        s, e, _, out = sp
        said, at = src[s:e], f" {self.mailbox['at']} "
        if "@" not in out or at not in said or out[:out.index("@")][-1:] in ("", " "):
            return None  # no e-mail address ("handle is @coffeelover": a handle)
        user = said[:said.index(at)].split(" ")
        prev = [*left, *words[:src.count(" ", 0, s)]]
        before = prev[-self.mailbox["within"]:]
        if len(user) == 2 and len(user[1]) > 1:  # "a copy at": the article and its noun
            before.append(user[0])                 # ("a underscore b at" is a user name)
        noun = any(w.strip(self.edge).lower() in self.after for w in before)
        if noun and self._kind(user[0]) not in ("word", "role"):
            # a name or a spelled letter opens the user name: a noun only right after the
            # determiner ("the support at"; "the manager kevin at", "this is anna dot lee at")
            noun = bool(prev) and prev[-1].strip(self.edge).lower() in self.after
        if len(user) == 1 and self._kind(user[0]) == "role" and self.mailbox.get("role_after") is not None:
            # a role word alone is a user name only after a word of writing to it ("contact
            # sales at", "write to support at"); elsewhere the prose's noun ("find more info at")
            noun = noun or bool(prev) and prev[-1].strip(self.edge).lower() not in self.role_after
        if self._mailed_user(user, prev):
            return None  # right after a word of mailing it, one word is a user name ("email jsmith at")
        if noun or self._prose_user(user):
            return s + said.index(at) + len(at)
        return None

    def _mailed_user(self, user, prev):
        """Is ``user`` one plain word right after the words of mailing it (_mailed)?"""
        return len(user) == 1 and self._kind(user[0]) in ("word", "name") and self._mailed(prev)

    def _mailed(self, prev):
        """Do the words ``prev`` before a user name end in a word of mailing it ("email"), or
        in "to" after a verb of writing ("write to") or a verb of sending and what is sent,
        one word or a determiner and a noun, no person or direction ("send it to", "forward
        the invoice to"; not "sent him to", "sent back to")?"""
        ws = [w.strip(self.edge).lower() for w in prev[-4:]]
        if ws and ws[-1] in self.name_after:
            return True
        st = self.sent_to
        if not st or len(ws) < 2 or ws[-1] != st["to"]:
            return False
        if ws[-2] in st["verbs"]:
            return True
        if ws[-2] in st["not_sent"]:
            return False
        return len(ws) >= 3 and ws[-3] in st["senders"] or \
            len(ws) >= 4 and ws[-4] in st["senders"] and ws[-3] in st["determiners"]

    def _user_tail(self, src, sp, prev):
        """The offset in ``src`` of the first word of the shortest-trimmed tail of the words said
        before "at" that is a user name ("i am tom dot baker ninety nine at" -> "tom ...", or one
        word after the words of mailing it, ``prev`` and the words trimmed: "send a copy to
        jdoe at"), or None: prose words opened the span."""
        s, e = sp[0], sp[1]
        said = src[s:e]
        user = said[:said.index(f" {self.mailbox['at']} ")].split(" ")
        for k in range(1, len(user)):
            # a role word after prose is the prose's noun ("find more info at", "get help at")
            if self._kind(user[k]) != "role" and not self._prose_user(user[k:]) \
                    or self._mailed_user(user[k:], prev + user[:k]):
                return s + len(" ".join(user[:k])) + 1
        return None

    def _web_address(self, src, sp, left, words):
        """The spans that replace span ``sp`` if it is an e-mail address of a noun phrase or of
        prose words: the address of the user name that ends the words before "at", read alone,
        else the words after "at" read alone as an address without "@", or none (all stay as
        said)."""
        start = self._noun_mailbox(src, sp, left, words)
        if start is None:
            return [sp]
        reads = lambda a: self.read(sp[2], src[a:sp[1]]) if self.read else ()  # noqa: E731
        tail = self._user_tail(src, sp, [*left, *words[:src.count(" ", 0, sp[0])]]) if self.kinds else None
        if tail is not None:
            out = next((o for o in reads(tail) if "@" in o), None)
            if out:
                return [(tail, sp[1], sp[2], out)]
        out = next((o for o in reads(start) if "@" not in o), None)
        return [(start, sp[1], sp[2], out)] if out and out.lower() != src[start:sp[1]] else []

    def choose(self, src, hyps, best, left, right, words):
        asked = False
        if self.mailbox and any("@" in sp[3] for sp in best.spans):
            asked = True  # the words before the region decide
            spans = [new for sp in best.spans for new in self._web_address(src, sp, left, words)]
            if spans != list(best.spans):
                best = best.with_spans(spans)
        keep = []
        for sp in best.spans:
            s, e, cls, out = sp
            first = src[s:e].split(" ")[0].lower()
            if first not in self.words.get(cls, ()) or out.lower() == src[s:e].lower():
                keep.append(sp)
                continue
            k = src.count(" ", 0, s)
            before = [*left, *words[:k]]
            asked = asked or k == 0  # the word before it decides
            prev = before[-1] if before else ""
            if not (prev.lower() in self.after and prev == prev.strip(self.edge)):
                keep.append(sp)
        if len(keep) != len(best.spans):
            best = best.with_spans(keep)
        return best, asked
