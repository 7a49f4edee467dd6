"""Labels: a kept number word that its neighbours mark as a label is written in digits (ITN).

ITN keeps small standalone numbers as words ("three of them"; itn_rules formats.yaml
standalone_words_below).  Texts write them in digits where they label something, and the
words around them show it (itn_rules formats.yaml ``label_context``):

- ``after_name``: right after a word written with a capital that does not begin a
  sentence, or after an acronym written in capitals: "Radio three" -> "Radio 3",
  "Windows eight", "Just Cause two", "b b c two" -> "BBC 2", "g r four" -> "GR 4";
  not before a word it counts (``counted``: "New York two weeks", "the Cup three times") nor
  before "or" and a number or "more" (``after_name_not_before``: "Copies one or more files").
- ``list_item``: the last word of a text, after a mark and before the final one:
  "A Short Poem; three." -> "A Short Poem; 3."
- ``marks_after``: before a closing mark or a hyphen set apart: "( two )", "(four),",
  "three )" -> "3 )", "six - inch" -> "6 - inch"; a closing mark (a key of ``opened_by``)
  glued to the number only where the number opens it too: "(if there is one)", "(the
  current one)" keep their pronoun.  A list counts from one: "(zero)" glosses a value ("the default value
  (zero)") and stays.
- ``cues``: after a cue word ("p . two" -> "p . 2").
- ``paired``, ``compound``: joined to a term written in digits, as the other term of a pair
  or a quantity in two units (label_pairs.py): "Sunderland 5 to zero" -> "5 to 0", "four
  hours 19 minutes" -> "4 hours 19 minutes".
- ``keys``, ``series``: a later item of a phone menu or of a series of numbers, written as
  the earlier ones (label_lists.py): "press one for english, two for spanish" -> "2 for
  spanish", "rooms five seven and eleven" -> "rooms 5 7 and 11".
- ``first_word``: a number in lower case that begins a text showing case:
  "six Jours de Zurich" -> "6 Jours de Zurich".
- ``initials_before``: two letters said one by one before a name that ends at a
  comma, "(" or "and" are initials: "d m Hillis , and" -> "D.M. Hillis , and".
- ``lower_case_names``: a month said in lower case in a text that shows case (or sets
  its marks apart, tokenized.py) was not written as a word by it: "on the seventh of
  may , she" -> "on 7 May , she".
- ``and_numbers``: a number said with "and" after a scale word, in a text that shows case
  or marks, keeps its words: "a capacity of two hundred and eighty lights of" (not "280"),
  also inside the classes listed ("one hundred and seventy million dollars."); not where
  "and" joins two numbers ("between one hundred and one thousand feet").
- ``keyword_digits``: a numeral written in letters after one of these keywords written in
  lower or Title case in a text that shows case is written in digits: "Chapter two :
  House" -> "Chapter 2 : House"; "CHAPTER nine" (a heading) stays "CHAPTER IX".
- ``words_before_lower``: a word ITN writes as an abbreviation keeps its word before a word
  in lower case or a number: "natives versus migrants" (not "vs."), "Inoue vs. Takahashi".
- ``sign_after_name``: a word a class writes as a sign after a name (whitelist.yaml
  ``after_name``: "number" -> "#"), written in lower case right after a word written with
  a capital or a range dash set apart, with the number after it (or two joined by "to"):
  "Cyberforce number one Review" -> "Cyberforce #1 Review", "Issues number ten to
  fifteen" -> "Issues #10-15", "Jack number one - number five" -> "#1 - #5".
- ``parenthesized_short``: a measure that ends a parenthesis is a converted value and is
  written with its unit short (parenthesized.py): "3,074 feet ( 937 meters )" -> "( 937 m )".
- ``ordinal_before_name``: an ordinal kept as a word right before a word written with a
  capital is a rank in a name: "the seventh New York Regiment" -> "the 7th New York
  Regiment", "second Edition" -> "2nd Edition" (not "the first African American", not
  "the second Sunday").
- ``ordinal_day``: in lower-case text without marks (ASR output), an ordinal kept as a
  word after a word of ``after`` and an article (``article``), that ends its phrase (the
  text ends, or a word of ``then`` follows), is a day of the month: "the rent is due on the
  fifth" -> "on the 5th", "see you on the second at noon" -> "on the 2nd at"; not before a
  noun it ranks ("on the third lap", "on the fourth floor").

A number word written with capitals ("ONE", "Two") is spelled out by the text and stays.
Lower-case text without marks (ASR output) meets none of these but cue words.  The
pipeline asks this only for a span of one word that a reading keeps as it is, and writes
the cheapest reading that differs from the kept one in that span alone, when that span is
written in digits (a count "three" -> "3", never an ordinal "2nd" or a roman "III"); where the
few best readings hold none, the span's class reads the word alone.
"""
from . import case_cues, label_lists, label_pairs, parenthesized


def from_spec(env, built):
    """The registry's entry: the label rule of an ITN spec whose settings hold ``label_context``."""
    spec = env.spec
    raw = spec.settings.label_context if spec.direction == "itn" else None
    if not raw:
        return []
    # words whose reading the case of the text decides (a class's ``cased`` triggers)
    cased = {w for t in spec.triggers.values() for w in t.get("cased", ())}
    # words whose sign a class writes after a name ("number" -> "#"): class index -> {word: signs}
    signs = {i: t["after_name"] for i, t in enumerate(spec.triggers.get(c, {}) for c in spec.classes)
             if t.get("after_name")}
    tokenized = built["tokenized"][0] if built.get("tokenized") else None
    # the number words (cardinal anchors): "one or three" is a pair of counts
    numbers = {w.lower() for w in spec.triggers.get("cardinal", {}).get("anchors", ())}
    return [LabelContext(label_settings(raw, spec.settings.calendar_names), spec.text.edge_punctuation, cased,
                         env.window, spec.classes, tokenized, signs, env.read, numbers)]


def label_settings(raw, calendar_names):
    """itn formats.yaml ``label_context`` with the calendar names it asks for by date lexicon
    list (``ordinal_before_name.not_before_from``, ``lower_case_names_from``: dates.yaml
    ``months``, ``weekdays``; ``calendar_names``: list -> names as ITN writes them, "May",
    "Sunday") added to the words of the key without ``_from``."""
    spec = dict(raw)
    if "lower_case_names_from" in spec:
        spec = _with_names(spec, "lower_case_names", calendar_names)
    if "not_before_from" in (spec.get("ordinal_before_name") or {}):
        spec["ordinal_before_name"] = _with_names(spec["ordinal_before_name"], "not_before", calendar_names)
    return spec


def _with_names(spec, key, calendar_names):
    """``spec`` with the names of the lists ``spec[key + "_from"]`` added to ``spec[key]``."""
    names = [n for lst in spec[key + "_from"] for n in calendar_names[lst]]
    out = {k: v for k, v in spec.items() if k != key + "_from"}
    out[key] = list(out.get(key, ())) + names
    return out


class LabelContext:
    def __init__(self, spec, edge, cased=(), window=4, classes=(), tokenized=None, signs=None, read=None, numbers=()):
        self.after_name = bool(spec.get("after_name"))
        self.sentence_end = tuple(spec.get("sentence_end", ".!?"))
        item = spec.get("list_item") or {}
        self.item_after, self.item_before = tuple(item.get("after", "")), tuple(item.get("before", ""))
        self.cues = {c.lower() for c in spec.get("cues", ())}
        self.marks_after = tuple(spec.get("marks_after", ()))
        self.opened_by = dict(spec.get("opened_by", {}))  # closing mark -> the mark that opens it
        self.counted = {w.lower() for w in spec.get("counted", ())}
        stop = spec.get("after_name_not_before") or {}
        self.or_words = {w.lower() for w in stop.get("words", ())}  # "one or more": a count
        self.or_then = {w.lower() for w in stop.get("then", ())} | set(numbers)
        ordinal = spec.get("ordinal_before_name") or {}
        # the class index of the ranks (``class``; None: the rule is off or the class absent)
        self.ordinal = list(classes).index(ordinal["class"]) if ordinal.get("class") in classes else None
        self.ordinal_kept = {w.lower() for w in ordinal.get("kept", ())}
        self.ordinal_not_before = set(ordinal.get("not_before", ()))
        day = spec.get("ordinal_day") or {}
        self.day_after = {w.lower() for w in day.get("after", ())}
        self.day_article = {w.lower() for w in day.get("article", ())}
        self.day_then = {w.lower() for w in day.get("then", ())}
        self.lower_names = {w.lower() for w in spec.get("lower_case_names", ())}
        self.initials_before = tuple(spec.get("initials_before", ()))
        self.keyword_digits = {w.lower() for w in spec.get("keyword_digits", ())}
        self.words_before_lower = {w.lower() for w in spec.get("words_before_lower", ())}
        sign = spec.get("sign_after_name") or {}
        # class index -> {word: the signs it writes} (whitelist.yaml after_name; None: the rule is off)
        self.signs = signs if sign and signs and read is not None else None
        self.sign_marks = tuple(sign.get("marks_before", ()))  # "# 1 - # 5": a range's dash set apart
        self.sign_over = {list(classes).index(c) for c in sign.get("over", ()) if c in classes}
        self.sign_said = set(sign.get("said", ()))  # "number ten to fifteen": a range of two
        self.read = read  # (class index, text, n) -> that class's n best outputs for text
        paren = spec.get("parenthesized_short") or {}
        # the class index of the measures written short in parentheses (None: off)
        self.paren_class = list(classes).index(paren["class"]) if paren.get("class") in classes else None
        self.paren_open, self.paren_close = paren.get("open", "("), paren.get("close", ")")
        self.first_word = bool(spec.get("first_word"))
        ands = spec.get("and_numbers") or {}
        # numbers said with "and" kept as words in written text (case_cues.and_numbers)
        self.and_numbers = {"after": set(ands.get("after", ())), "and": set(ands.get("and", ())),
                            "not_after": set(ands.get("not_after", ())),
                            "classes": {list(classes).index(c) for c in ands.get("classes", ()) if c in classes}} \
            if ands else None
        self.numbers = set(numbers)
        self.pairs = label_pairs.Pairs(spec, self.split, self.counted)
        self.keys = label_lists.Keys(spec, self.split, self.numbers)
        self.series = label_lists.Series(spec, classes, self.numbers, read)
        self.edge = edge
        self.cased = set(cased)  # whitelist ``cased`` trigger words (see _cased)
        self.window = window  # context words seen on each side
        self.tokenized = tokenized  # tokenized.Tokenized: its marks set apart show a written text
        # the rules applied after the per-span ones, in this order, those the spec turns on;
        # each: rule(ctx, src, hyps, best, left, right, words) -> (reading, context asked)
        self._rules = [rule for on, rule in (
            (self.cased, LabelContext._cased), (self.lower_names, case_cues.compact),
            (self.initials_before, case_cues.initials), (self.keyword_digits, case_cues.keyword_digits),
            (self.paren_class is not None, parenthesized.short), (self.signs, case_cues.sign_after_name),
            (self.words_before_lower, case_cues.words_before_lower)) if on]

    def split(self, word):
        """A word -> (leading marks, core, trailing marks)."""
        core = word.strip(self.edge)
        if not core:
            return word, "", ""
        a = word.index(core)
        return word[:a], core, word[a + len(core):]

    def _after_name(self, before):
        """Do the words ``before`` (nearest last) end with a name that begins no sentence?"""
        return len(before) >= 2 and _name(before[-1]) and not before[-2].endswith(self.sentence_end)

    def named(self, rest, before, after, ends=False):
        """Does the case of the text show a name for a cased word's reading: its words
        after the first (``rest``) are all names (the last may end in a mark: "mount
        Darwin,"), or, with none, the words ``before`` end with a name that begins no
        sentence, maybe followed by a comma ("Sulzberger, junior"), and the word is followed
        by a mark (``ends``) or by no lower-case word (``after``, none at the end;
        "Serbian junior national team" stays)?"""
        if rest:  # "mount Everest", not "mount IDs" (a verb before an acronym)
            return all(_proper(w) for w in rest[:-1]) and _proper(rest[-1].rstrip(self.edge))
        nxt = self.split(after[0])[1] if after and not ends else ""
        if before and before[-1] == ",":
            before = before[:-1]
        elif before and before[-1].endswith(","):
            before = before[:-1] + [before[-1][:-1]]
        return self._after_name(before) and not (nxt and nxt == nxt.lower() and nxt.isalpha())

    def ordinal_fires(self, word, after):
        """Is the ordinal ``word`` kept as a word ("seventh") a rank in a name, written in
        digits: right before a word written with a capital ("the seventh New York
        Regiment", "second Edition"), not before a weekday or a month ("the second
        Sunday") and not one of the ``kept`` ordinals ("the first African American")?"""
        lead, core, trail = self.split(word)
        if lead or trail or core != core.lower() or core in self.ordinal_kept or not after:
            return False
        nxt = after[0].rstrip(self.edge)
        return _name(nxt) and nxt not in self.ordinal_not_before

    def day_fires(self, word, before, after):
        """Is the ordinal ``word`` kept as a word ("fifth") a day of the month: in text that
        shows no case and no marks (ASR output; books spell "on the ninth" out), after a word
        of ``ordinal_day.after`` and its article ("on the", "by the"), ending its phrase
        (nothing after it, or a word of ``then``: "on the second at noon")?"""
        if not self.day_after or len(before) < 2 or case_cues.written(self, [word] + before + after):
            return False
        prep, art = before[-2:]
        if prep.lower() not in self.day_after or art.lower() not in self.day_article:
            return False
        return not after or after[0].lower() in self.day_then

    def starts_text(self, word, before, after):
        """Does the number ``word``, written in lower case, begin a text that shows case
        (a word after it has a capital)?  A writer capitalizes a first word, so a
        normalizer said it: "six Jours de Zurich" -> "6 Jours de Zurich", "(two) Whether
        ..." -> "(2) Whether ...".  A capitalized "Six" is the text's own word and stays
        (titled_words_kept); lower-case text (ASR) shows nothing."""
        if not self.first_word:
            return False
        core = self.split(word)[1]
        if core != core.lower() or any(self.split(w)[1] for w in before):
            return False
        return any(case_cues.cased_word(self.split(w)[1]) for w in after)

    def _marked(self, lead, trail, nxt):
        """Is a number word with edge marks ``lead`` and ``trail`` (``nxt``: the word after
        it) followed by one of ``marks_after`` that labels it ("(two)", "( two )", "three )",
        "six - inch"; not "(if there is one)": a closing mark glued to it needs its opener glued too)?"""
        mark = next((m for m in self.marks_after if trail.startswith(m)), None) if trail else \
            (nxt if nxt in self.marks_after else None)
        if mark is None:
            return False
        opener = self.opened_by.get(mark)
        if opener is None or not trail:
            return True  # set apart ("three )"): a tokenized text, whose numbers a normalizer said
        return lead.endswith(opener)

    def fires(self, word, before, after, converted=None, counts=True):
        """Is ``word`` (as written, with its edge marks) a label?  ``before``: the words
        before it, nearest last (at most 4; fewer than 2 words before a word means a text
        start is near); ``after``: the words after it, nearest first; ``converted``: the
        output of the entity written just before it in the same region, if any; ``counts``:
        its digits count from one (a "0" labels no item of a list)."""
        lead, core, trail = self.split(word)
        if core != core.lower():
            return False  # "ONE", "Two": a text that spells the number out
        prev = before[-1] if before else None
        nxt = after[0] if after else None
        if self.after_name and not (not trail and nxt is not None and self.split(nxt)[1] in self.counted) \
                and not (not trail and self._counted_pair(after)):
            if converted is not None:
                last = converted.split(" ")[-1]
                if len(last) >= 2 and last.isalpha() and last.isupper():  # "BBC", not "May"
                    return True
            elif not lead and self._after_name(before):
                return True
        if self.marks_after and counts and self._marked(lead, trail, nxt):
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

    def _counted_pair(self, after):
        """Do the words ``after`` a number open a pair of counts, "or more", "or three"
        (label_context ``after_name_not_before``)?"""
        if len(after) < 2 or self.split(after[0])[1].lower() not in self.or_words:
            return False
        return self.split(after[1])[1].lower() in self.or_then

    @staticmethod
    def _run_goes_on(src, spans, i):
        """Is span ``i`` followed, across one space, by another word of its class kept as said?
        Then it opens a run of number words ("a b c one two three"), no label ("ABC 1 two three")."""
        if i + 1 >= len(spans):
            return False
        s, e, c, out = spans[i + 1]
        return s == spans[i][1] + 1 and c == spans[i][2] and out.lower() == src[s:e]

    def choose(self, src, hyps, best, left, right, words):
        """A span of one word that ``best`` keeps as it is ("three" in "Radio three") is
        written in digits where its neighbours mark it as a label (see the module text): the
        cheapest reading that differs from ``best`` in that span alone and writes it in
        digits; an ordinal kept as a word is written in digits before a name (``ordinal_fires``).
        -> (reading, whether the context words were asked)."""
        asked = False
        if src.count(" ") + 1 != len(words):
            return best, asked  # words glued at an elision: no word-by-word view
        if self.and_numbers:  # first: a number kept here is no digits term of a pair (label_pairs)
            best, asked = case_cues.and_numbers(self, src, hyps, best, left, right, words)
        for i, (s, e, _, out) in enumerate(best.spans):
            if " " in src[s:e] or out.lower() != src[s:e]:
                continue
            k = src.count(" ", 0, s)
            if words[k].strip(self.edge).lower() != out.lower():
                continue  # a span cut inside a word
            same = case_cues.differing_in(hyps, best, i)
            alts = [h for h in same if h.spans[i][3].isdigit()] or \
                self._read_alone(src, best, i, best.spans[i][2], str.isdigit)
            if self.ordinal is not None and not alts:
                ords = [h for h in same if h.spans[i][2] == self.ordinal and h.spans[i][3].lower() != out.lower()] or \
                    self._read_alone(src, best, i, self.ordinal, lambda o: o.lower() != out.lower())
                if ords:
                    asked = True
                    after = (words[k + 1:] + right)[:self.window]
                    before = (left + words[:k])[-self.window:]
                    if self.ordinal_fires(words[k], after[:1]) or self.day_fires(words[k], before, after) or \
                            self.starts_text(words[k], before, after) or \
                            self.pairs.paired(src, best.spans, i, words[k], after, ordinal=True):
                        best = case_cues.cheapest(ords)
                continue
            if not alts or self._run_goes_on(src, best.spans, i):
                continue
            asked = True
            prev = best.spans[i - 1] if i else None
            converted = prev[3] if prev is not None and prev[1] == s - 1 and prev[3].lower() != src[prev[0]:prev[1]] \
                else None
            before, after = (left + words[:k])[-self.window:], (words[k + 1:] + right)[:self.window]
            counts = any(h.spans[i][3] != "0" for h in alts)
            if self.fires(words[k], before, after, converted, counts) or self.starts_text(words[k], before, after) \
                    or self.pairs.paired(src, best.spans, i, words[k], after) \
                    or self.pairs.compound(src, best.spans, i, after) \
                    or self.keys.fires(words[k], (left + words[:k])[-2 * self.window:], after):
                best = case_cues.cheapest(alts)
        if self.series.on:
            best = self.series.apply(src, hyps, best)
        for rule in self._rules:
            best, more = rule(self, src, hyps, best, left, right, words)
            asked = asked or more
        return best, asked

    def _read_alone(self, src, best, i, cls, test):
        """[``best`` with span ``i`` written as class ``cls`` alone writes its words, the first
        output that passes ``test``], or [].  The n-best readings of a long region may hold no
        reading that differs from ``best`` in that span alone ("game 3 to one and the second
        four to two")."""
        s, e, _, _ = best.spans[i]
        out = label_lists.read_alone(self.read, cls, src[s:e], test)
        if out is None:
            return []
        return [best.with_spans(best.spans[:i] + ((s, e, cls, out),) + best.spans[i + 1:])]

    def _cased(self, src, hyps, best, left, right, words):
        """Words ``best`` leaves alone that a reading starting with a ``cased`` trigger word
        (whitelist.yaml ``cased``) writes, where the case of the text shows a name: the words
        after the first one are names ("mount Everest" -> "Mt. Everest"), or one word
        follows a name that does not begin a sentence and ends a phrase ("Thomas Smith
        senior ," -> "Thomas Smith Sr. ,"; not "Serbian junior national team").  Lower-case
        text shows no names.  -> (reading, whether the context words were asked)."""
        asked, found = False, []
        if self.cased.isdisjoint(w.strip(self.edge) for w in src.split(" ")):
            return best, asked  # only spans that begin at a cased word of the region are looked at below
        taken = [(s, e) for s, e, _, _ in best.spans]
        for h in hyps:
            extra = [sp for sp in h.spans if sp not in best.spans]
            if len(h.spans) != len(best.spans) + 1 or len(extra) != 1:
                continue
            s, e, _, out = extra[0]
            if src[s:e].split(" ")[0] not in self.cased:
                continue
            if any(a < e and s < b for a, b in taken) or s and src[s - 1] not in self.edge + " " \
                    or e < len(src) and src[e] not in self.edge + " " or out.lower() == src[s:e]:
                continue
            k, n = src.count(" ", 0, s), src.count(" ", s, e) + 1
            asked = True
            said = words[k:k + n]
            if said[0] != said[0].lower():
                continue  # "Mount Everest" written in full stays
            if self.named(said[1:], (left + words[:k])[-self.window:], (words[k + n:] + right)[:1],
                          said[-1] != said[-1].rstrip(self.edge)):
                found.append(h)
        return (case_cues.cheapest(found) if found else best), asked


_name = case_cues.name
_proper = case_cues.proper_name
