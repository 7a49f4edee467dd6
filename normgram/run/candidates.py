"""Cheap candidate detection: which words may start or continue an entity.

Class modules declare triggers per direction (see grammars/lib.ClassGrammar):
``anchors`` (words that can carry an entity), ``joiners`` (words that only join
entity words, like "and" or "a"), ``patterns`` (regexes searched in the word as
written), and ``context`` ({word: N}: an anchor that also pulls the N words on each
side into its region, for open-vocabulary classes such as e-mail addresses,
"john dot smith at example dot com"; a context word written with a capital letter is
matched as written, so "TX" pulls its neighbours and "tx" or "in" does not).  A region is a maximal run of anchors and
joiners holding at least one anchor; words outside regions never touch an FST.
``isolated`` ({"before": marks, "after": marks, "max_words": N}) cuts out of a region a
run of at most N words, all triggers of that class, set off by a mark before and after it
(the initials in "Barker , a j ," stay as they are; the letters class declares this).
A contraction written apart (locale.yaml ``clitics``: "He 's a") is never a candidate.
ITN (itn_rules formats.yaml ``caps_kept_letters``: N): a joiner written in capitals, N
letters or more, between two words in lower case is the text's own and is cut out of its
region ("PROFESSORS h AND t OFFER": no "H&T").
``article`` ({"words": articles, "after": words, "not_before": words}) cuts an article out of a
region, a word of its own: right after one of ``after`` and before a trigger of that class
that is no ``not_before`` word, unless an anchor of another class follows the run ("send it as
a p d f": "a" PDF, not "APDF"; "for a t m" stays "ATM"; "as a f b i agent" would be said "an",
so "a" there is a letter; "is a b three four five" is a code).
``titled_kept`` (true): the class's anchors written in Title case ("Twenty", "One"; a single
capital letter, "P three", is no Title case) are no
candidates, nor are the anchors of those classes that follow them ("Twenty two miles",
"One Hundred Maxims" stay words; itn_rules formats.yaml titled_words_kept), except its
``cased`` words (words whose reading the case of the text decides, labels.LabelContext._cased).
ITN: a region beside a word of two scripts that is a number word once folded into one script
("двaдцать" with a Latin "a"; run/homoglyphs.py) is no candidate: the number would be converted
in half ("двaдцать 5 ₽").  Other words of two scripts ("iPhone'а", "Zoom'е") leave their
neighbours alone.
"""
import regex

from ..common.memo import Memo
from .homoglyphs import foldings
from .words import WORD

NUMBER_CLASSES = ("cardinal", "ordinal")  # the classes whose anchors are a locale's number words

KIND_MEMO = 50_000     # words whose kind is remembered
MAX_REGION_WORDS = 32  # longer runs are cut into windows so work stays linear


class Detector:
    def __init__(self, spec):
        text = spec.text
        self.edge = text.edge_punctuation
        # a word glued after an entity by a hyphen is copied (regions hyphen_suffix): a word
        # whose first part is an anchor ("two-inch", "fifteen-THE") may then carry an entity
        self.hyphen_suffix = text.hyphen_suffix
        self.clitics = {c.lower() for c in text.clitics}
        # a possessive ending glued to an entity is copied (regions possessive_suffix): "II's"
        # is the kind of "II"
        self.possessive = tuple(p.lower() for p in text.possessive) if text.possessive_suffix else ()
        anchors, joiners, patterns, context, exact = set(), set(), [], {}, {}
        self.isolated = []
        self.articles = []  # (articles, words before, words after it, the class's triggers)
        self.caps_kept = spec.settings.caps_kept_letters if spec.direction == "itn" else 0
        self.titled = set()
        numbers = [spec.triggers.get(c, {}) for c in NUMBER_CLASSES] if spec.direction == "itn" else []
        self.number_words = {w for t in numbers for w in t.get("anchors", ())}
        number_patterns = [p for t in numbers for p in t.get("patterns", ())]  # compounds (de "dreitausend")
        self.number_pattern = regex.compile("|".join(f"(?:{p})" for p in number_patterns)) if number_patterns else None
        for t in spec.triggers.values():
            if t.get("isolated"):
                iso = t["isolated"]
                self.isolated.append((set(t.get("anchors", ())) | set(t.get("joiners", ())), set(t.get("anchors", ())),
                                      tuple(iso["before"]), tuple(iso["after"]), iso["max_words"]))
            if t.get("article"):
                art = t["article"]
                vocab = set(t.get("anchors", ())) | set(t.get("joiners", ()))
                self.articles.append((set(art["words"]), set(art["after"]), vocab - set(art["not_before"]), vocab,
                                      set(art.get("acronyms", ()))))
            if t.get("titled_kept"):
                self.titled.update(t.get("anchors", ()))
                self.titled.update(t.get("context", {}))
                self.titled.difference_update(t.get("cased", ()))  # "Junior 2011": a name, no title
                self.titled.difference_update(t.get("after_name", {}))  # "Number 4": its number is read
            anchors.update(t.get("anchors", ()))
            joiners.update(t.get("joiners", ()))
            patterns.extend(t.get("patterns", ()))
            for w, n in t.get("context", {}).items():
                into = context if w == w.lower() else exact
                into[w] = max(n, into.get(w, 0))
        self.context, self.exact_context = context, exact
        if text.word_pattern != WORD:  # elision: "l'heure" is read as "l'" "heure"
            cut = regex.compile(text.word_pattern)
            for w in anchors | joiners:
                pieces = cut.findall(w)
                if len(pieces) > 1 and " " not in w:
                    joiners.update(self.core(p) for p in pieces)
        self.anchors, self.joiners = anchors | set(context), joiners - anchors - set(context)
        self.pattern = regex.compile("|".join(f"(?:{p})" for p in patterns)) if patterns else None
        self._kinds = Memo(KIND_MEMO)

    def core(self, word):
        return word.strip(self.edge).lower()

    def kind(self, word):
        """'anchor', 'joiner' or None for one whitespace-separated word."""
        return self.info(word)[0]

    def info(self, word):
        """What the detector needs of one word, memoized (running text repeats its words, and
        the trigger regexes cost more than the lookup): (kind, context reach, titled_kept word,
        in Title case, a titled run goes on after it, it opens with a mark; see titled_step)."""
        found = self._kinds.get(word)
        if found is None:
            core = word.strip(self.edge)
            low = core.lower()
            found = (self._kind(word), self.context.get(low, 0) or self.exact_context.get(core, 0),
                     self._titled_word(low),
                     len(core) > 1 and core[:1].isupper() and core[1:] == core[1:].lower(),
                     not word.endswith(tuple(self.edge)), word.startswith(tuple(self.edge)))
            self._kinds.put(word, found)
        return found

    def _titled_word(self, low):
        """Is the lowercased word a titled_kept word: one ("twenty"), several joined by
        hyphens ("twenty-two"), or one glued by a hyphen to words ("One-letter", "Two-way":
        a compound whose number a text spells out)?"""
        parts = [p for p in low.split("-") if p]
        return bool(parts) and parts[0] in self.titled and all(p in self.titled or p.isalpha() for p in parts[1:])

    def _kind(self, word):
        if self.clitics and word.rstrip(self.edge).lower() in self.clitics:
            return None
        if self.possessive:
            stem = word.rstrip(self.edge)
            for p in self.possessive:
                if len(stem) > len(p) and stem.lower().endswith(p):
                    return self._kind(stem[:-len(p)] + word[len(stem):])
        if self.pattern is not None and self.pattern.search(word):
            return "anchor"
        core = self.core(word)
        if core in self.anchors or word.strip(self.edge) in self.exact_context:
            return "anchor"
        if core in self.joiners:
            return "joiner"
        if "-" in core:
            parts = [p for p in core.split("-") if p]
            if parts and all(p in self.anchors or p in self.joiners for p in parts) \
                    and any(p in self.anchors for p in parts):
                return "anchor"
            # a single letter glued to a word is part of the word ("e-mailed", "x-ray", "t-shirt")
            if self.hyphen_suffix and not core.startswith("-") and parts[0] in self.anchors \
                    and len(parts[0]) > 1 and all(p.isalpha() for p in parts[1:]):
                return "anchor"
        return None

    def kinds(self, words):
        known = self._kinds.get  # info's memo read inline: a call per word costs more than the lookup
        infos = [known(w) or self.info(w) for w in words]
        kinds = [i[0] for i in infos]
        titled = self._titled(infos) if self.titled else ()
        if self.context or self.exact_context:
            for i, info in enumerate(infos):
                n = info[1]
                if not n or i in titled:
                    continue
                for j in range(max(0, i - n), min(len(words), i + n + 1)):
                    if kinds[j] is None:
                        kinds[j] = "joiner"
        for i in titled:
            kinds[i] = None
        return kinds

    def pull(self, word):
        """How many words on each side a context word pulls into its region (0: none)."""
        return self.info(word)[1]

    @staticmethod
    def _titled(infos):
        """Indices of titled_kept words written in Title case and of the titled_kept words
        that follow them ("Twenty two", "One Hundred"), from the words' ``info``."""
        out, run = set(), False
        for i, info in enumerate(infos):
            titled, run = Detector.titled_step(info, run)
            if titled:
                out.add(i)
        return out

    @staticmethod
    def titled_step(info, run):
        """(is the word of ``info`` (its ``Detector.info``) a kept titled word, does a run of them go
        on after it) given whether one went on before it: the left-to-right step of
        ``_titled`` (streaming uses it)."""
        _, _, kept, title, goes_on, opens = info
        if kept and (run and not opens or title):  # a mark before it ends the run: "the Third (thirteen"
            return True, goes_on
        return False, False

    def _isolated(self, words, a, b):
        """(i, j): the first run in words[a:b] of one isolating class's triggers set off by marks."""
        for vocab, anchors, before, after, most in self.isolated:
            for i in range(max(a, 1), b):
                if not words[i - 1].endswith(before) or words[i].startswith(before):
                    continue
                for j in range(i + 1, min(b, i + most) + 1):
                    core = self.core(words[j - 1])
                    if core not in vocab:
                        break
                    nxt = words[j] if j < len(words) else ""
                    if words[j - 1].endswith(after) or nxt.startswith(after):
                        if any(self.core(w) in anchors for w in words[i:j]):
                            return i, j
                        break
        return None

    def _article(self, words, a, b):
        """(i, i + 1): the first article of words[a:b] that a class's ``article`` sets apart
        (after one of its words, before one of its triggers, the run of them not followed by
        another class's anchor: "the part number is a b three four five" is a code; nor the
        article that spells a known acronym with them: "use a w s"), or None."""
        for arts, after, then, vocab, acronyms in self.articles:
            for i in range(max(a, 1), min(b, len(words)) - 1):
                if self.core(words[i]) in arts and words[i - 1].lower() in after and self.core(words[i + 1]) in then \
                        and not words[i].endswith(tuple(self.edge)):
                    j = i + 1
                    while j < len(words) and self.core(words[j]) in vocab and not words[j - 1].endswith(tuple(self.edge)):
                        j += 1
                    if j < len(words) and not words[j - 1].endswith(tuple(self.edge)) and self.kind(words[j]) == "anchor":
                        continue
                    if "".join(self.core(w) for w in words[i:j]) in acronyms:
                        continue
                    return i, i + 1
        return None

    def _caps(self, words, a, b):
        """(i, i + 1): the first joiner of words[a:b] written in capitals (``caps_kept``
        letters or more) with a lower-case word on each side, no mark between them
        ("spoken. RICHARD the second" ends a sentence before the name), or None.  An anchor
        stays: "twenty FIVE dollars", "at four PM" are still read."""
        if not self.caps_kept:
            return None
        for i in range(max(a, 1), min(b, len(words) - 1)):
            w = words[i]
            if len(w) >= self.caps_kept and w.isalpha() and w.isupper() and self.kind(w) == "joiner" \
                    and all(words[j].isalpha() and words[j].islower() for j in (i - 1, i + 1)):
                return i, i + 1
        return None

    def regions(self, words):
        """words: list of strings -> list of (first, last+1) index ranges."""
        out = self._regions(words)
        if self.number_words or self.number_pattern:
            out = [(a, b) for a, b in out if not (a > 0 and self.disguised_number(words[a - 1])
                                                  or b < len(words) and self.disguised_number(words[b]))]
        return self.isolate(words, out) if self.isolated or self.caps_kept or self.articles else out

    def disguised_number(self, word):
        """Is ``word`` (or a part of it between hyphens) of two scripts a number word once
        folded into one ("двaдцать", "vingt-cіnq")?"""
        return any(self._number_word(self.core(f)) for part in word.split("-") for f in foldings(part))

    def _number_word(self, word):
        return word in self.number_words or bool(self.number_pattern and self.number_pattern.search(word))

    def isolate(self, words, regions):
        """``regions`` (index ranges of ``words``) without the runs an isolating class's
        triggers set off by marks (the initials in "barker , a j , said") and without the
        words in capitals kept between lower-case words (``caps_kept``); each run looks at
        the word before and after it."""
        out, kept = list(regions), []
        while out:
            a, b = out.pop(0)
            cut = self._isolated(words, a, b) or self._caps(words, a, b) or self._article(words, a, b)
            if cut is None:
                kept.append((a, b))
                continue
            kept.extend([(a, cut[0])] if cut[0] > a else [])
            if cut[1] < b:
                out.insert(0, (cut[1], b))
        return kept

    def _regions(self, words):
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
