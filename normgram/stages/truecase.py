"""Truecasing: each word's case form chosen by an n-gram model over case variants (Lita et al.
2003, "tRuEcasIng").

    "he met mr. smith at the bbc in london." -> "He met Mr. Smith at the BBC in London."

The candidates of a word are the case forms it was seen in during training (all lower, first
capital, all capitals, mixed forms such as "McDonald", "iPhone"), most frequent first; a word
never seen in another form stays lower case.  An n-gram model over cased words and marks scores
the sequence; a beam search (Viterbi over merged n-1 token histories) picks the forms in linear
time, ties going to the more frequent form.  Sentence starts (the line's first word and words
after . ? !) get a capital first letter on top of the chosen form; the model reads them in the
form they take inside a sentence, as it was trained.

A word that was never seen in another form and is not a known lower-case word (the model's
"lower" lexicon: words seen in lower case in training plus a dictionary's lower-case entries)
is a name the model has not met: it gets a capital first letter, or all capitals when it is a
Roman numeral ("xiv" -> "XIV"), when the model's meta sets "unknown" to "capitalize".

Left as written: words with a capital letter already (written forms ITN produced, "Dr.",
"BBC", and text that has its capitals), words with a digit, words with letters of another
script, and the words of ``fixed`` character ranges (ITN spans) except for a sentence start.
Only the case of a letter ever changes, and only where its other case is one character.
"""
from bisect import bisect_left

import regex

from .punctuation import best_path, prune
from .units import SENTENCE_END, foreign, lm_word, units

BEAM = 4
_ROMAN = regex.compile(r"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
_NAME = regex.compile(r"^\p{L}[\p{L}'\u2019-]*\p{L}$")
_DASHES = regex.compile(r"(-+)")


def is_roman(word, short=True):
    """True for a lower-case Roman numeral ("xiv"); ``short=False``: only those of two or more
    of the letters i v x l ("viii", "xl"), as after a name ("henry viii")."""
    if not word or not _ROMAN.match(word):
        return False
    return short or (len(word) > 1 and set(word) <= set("ivxl"))


class Lexicon:
    """What a truecasing model knows of words: their case forms and the lower-case words."""

    def __init__(self, settings):
        self.forms, self.lower, self.unknown = settings.forms, settings.lower, settings.unknown
        self.phrases = settings.phrases
        self.run = settings.run
        self.names = settings.names
        self.longest = {}  # first word of a listed name -> the most words of a name it starts
        for p in self.phrases:
            first, n = p.split(" ", 1)[0], p.count(" ") + 1
            self.longest[first] = max(n, self.longest.get(first, 0))

    def phrase_forms(self, words, events):
        """{index: form} for the words of ``words`` (lower case) inside a listed multi-word name
        ("new york city" -> "New York City"), longest match first, with no mark inside it."""
        out = {}
        i = 0
        while i < len(words):
            n = min(self.longest.get(words[i], 0), len(words) - i)
            while n > 1:
                if not any(events[i:i + n - 1]):
                    form = self.phrases.get(" ".join(words[i:i + n]))
                    if form:
                        out.update((i + k, f) for k, f in enumerate(form.split()))
                        break
                n -= 1
            i += n if n > 1 else 1
        return out

    def candidates(self, word):
        """Case forms of a lower-case word, most likely first.  A word with a typographic
        apostrophe ("don’t") is looked up as written with a straight one ("don't")."""
        if "\u2019" in word:
            return tuple(_curly(f, word) for f in self.candidates(word.replace("\u2019", "'")))
        forms = self.forms.get(word)
        if forms:
            # all capitals is a candidate only as a word's most frequent form ("NASA"); as a
            # rarer form it is emphasis or a heading in the training text ("it is BROKEN")
            forms = [f for k, f in enumerate(forms) if k == 0 or not (f.isupper() and len(f) > 1)]
            return tuple(dict.fromkeys(apply_form(word, f) for f in forms))
        if self.unknown == "capitalize" and word not in self.lower and _NAME.match(word):
            if "-" in word:
                return (self._compound(word),)
            if len(word) > 1 and is_roman(word):
                return ("".join(_swap(c, True) for c in word),)
            return (capitalize_first(word),)
        return (word,)

    def _compound(self, word):
        """An unseen compound: in lower case when each part is a lower-case word ("worm-hole",
        "farm-house", "stopped--then"), else each part in its own likeliest form ("jean-paul"
        -> "Jean-Paul", "iii--the" -> "III--the")."""
        parts = _DASHES.split(word)
        if all(p in self.lower for p in parts[::2]):
            return word
        return "".join(p if k % 2 else self.candidates(p)[0] for k, p in enumerate(parts))


def _curly(form, word):
    """``form`` (a case form written with straight apostrophes) with ``word``'s typographic ones."""
    return "".join("\u2019" if w == "\u2019" else c for c, w in zip(form, word))


def _swap(c, upper):
    d = c.upper() if upper else c.lower()
    return d if len(d) == 1 else c


def apply_form(word, form):
    """``word`` with the case pattern of ``form`` (a case variant of it); ``word`` itself when
    the two differ in more than case."""
    if form == word or len(form) != len(word) or form.lower() != word.lower():
        return word
    return "".join(_swap(c, f.isupper()) if f.isalpha() else c for c, f in zip(word, form))


def capitalize_first(word):
    """The word with its first letter capitalized, unless a digit comes first ("1st", "3D")."""
    for k, c in enumerate(word):
        if c.isalpha():
            return word[:k] + _swap(c, True) + word[k + 1:]
        if c.isnumeric():
            return word
    return word


def _token(form):
    return "<num>" if lm_word(form) == "<num>" else form.replace("\u2019", "'")


def sentence_starts(us, events):
    """Indices of the units that start a sentence: the first, and those after . ? ! events."""
    return {0} | {i + 1 for i, ev in enumerate(events[:-1]) if ev in SENTENCE_END} if us else set()


def choose(model, lexicon, us, events, script, fixed=(), redo=False, beam=BEAM, run=None):
    """The output form of every unit (a list as long as ``us``).  ``run``: a TitleRun, the
    title-case run feature (off when None)."""
    cands = []
    names = lexicon.phrase_forms([u.word.lower() for u in us], events) if lexicon.phrases else {}
    for i, u in enumerate(us):
        w = u.word
        in_span = any(a <= u.start < b for a, b in fixed)
        if in_span or foreign(w, script) or lm_word(w) == "<num>" or (not redo and w != w.lower()):
            cands.append((w,))
            continue
        low = apply_form(w, w.lower())
        if i in names:
            # a listed name of several words ("new york city") is written as the list has it
            cands.append((apply_form(low, names[i]),))
            continue
        if u.event == "." and not u.abbrev and low + "." in lexicon.forms and (
                low not in model.vocab or lexicon.candidates(low)[0] != low or len(low) == 1
                or (i + 1 < len(us) and lm_word(us[i + 1].word) == "<num>")
                or _abbreviation_likelier(model, lexicon, low)):
            # "st." followed by its "." is the abbreviation "St.", not the word "ST"; a word the
            # model knows mostly in lower case ("it.", "day.") is that word ending a sentence
            # (the training text's "It." and "Day." at a sentence end look like abbreviations),
            # unless it is an initial ("john a. smith") or a number follows ("no. 5"); a word
            # mostly written with a capital ("st", seldom "st Louis") or seen more often as the
            # abbreviation than as a word ("st": "St." is likelier than "st") is the abbreviation
            forms = tuple(f[:-1] for f in lexicon.candidates(low + ".") if f.endswith("."))
            forms = forms or lexicon.candidates(low)
        else:
            forms = lexicon.candidates(low)
        # a form the model does not know would be scored as "<unk>", which holds the mass of
        # every rare word: only the most frequent form may be unknown to the model
        cands.append(forms[:1] + tuple(f for f in forms[1:] if _token(f) in model.vocab))
    if any(len(c) > 1 for c in cands):
        picked = _search(model, cands, events, beam, run)
    else:
        picked = [c[0] for c in cands]
    return picked


def _abbreviation_likelier(model, lexicon, low):
    """True when the model has seen ``low`` with its "." ("St.") more often than as a word."""
    forms = [f for f in lexicon.forms.get(low + ".", ()) if f in model.vocab]
    return bool(forms) and model.logprob(forms[0], ()) >= model.logprob(low, ())


class TitleRun:
    """The title-case run feature: a capitalized form after a capitalized word (of two or more
    letters), or after one of the ``connectors`` that follows one ("the Museum of Modern Art"),
    gets ``bonus`` added to its log score.  Only the forms a word was seen in are candidates.
    (Tried and left out: a capitalized form the n-gram does not know scored as its lower-case
    word plus a cost; at every cost it made held-out SER worse.)"""

    def __init__(self, bonus, connectors):
        self.bonus, self.connectors = float(bonus), frozenset(connectors)

    def after_capital(self, hist):
        last = hist[-1]
        if len(last) > 1 and last[:1].isupper():
            return True
        return last in self.connectors and len(hist) > 1 and len(hist[-2]) > 1 and hist[-2][:1].isupper()


def _search(model, cands, events, beam, run=None):
    keep = max(1, model.order - 1)
    lp = model.logprob
    hyps = {("<s>",): (0.0, None)}
    last = len(cands) - 1
    for i, (cs, ev) in enumerate(zip(cands, events)):
        nxt = {}
        for hist, (sc, bp) in hyps.items():
            capped = run is not None and len(cs) > 1 and run.after_capital(hist)
            for form in cs:
                t = _token(form)
                s = sc + lp(t, hist)
                if capped and form[:1].isupper():
                    s += run.bonus
                h = (hist + (t,))[-keep:]
                if ev:
                    s += lp(ev, h)
                    h = (h + (ev,))[-keep:]
                if i == last:
                    s += lp("</s>", h)
                old = nxt.get(h)
                if old is None or s > old[0]:
                    nxt[h] = (s, (bp, form))
        hyps = prune(nxt, beam)
    return best_path(hyps)


def _list_marker(line, u):
    """True for a number or Roman numeral closed by a bracket: "(7)", "3)", "[iv]"."""
    w = u.word.lower()
    return (w.isdigit() or is_roman(w)) and any(c in ")]" for c in line[u.end:u.tail_end])


def _upper(word):
    return "".join(_swap(c, True) for c in word)


def recase(model, lexicon, line, script, events=None, fixed=(), redo=False, us=None, settled=0, rules=None,
           opened=True):
    """(changes, units): changes are (start, new word) pairs for the words whose case changes;
    ``events``: the gap events from the punctuation stage (read from the line when None);
    ``fixed``: character ranges (start, end) whose words keep their case (ITN spans);
    ``us``: the line's units when the caller has them; ``settled``: the words before this
    offset are committed text, read as context and never changed; ``rules``: the locale's
    StageRules (rules.py): a heading line ("chapter 7") is written in capitals, a Roman
    numeral after a name in capitals ("Henry VIII"); ``opened`` False: the line's first word
    may be inside a line (a streaming window), so no heading is read."""
    us = units(line) if us is None else us
    if not us:
        return [], us
    if events is None:
        events = [u.event for u in us]
    if settled:
        fixed = [*fixed, (0, settled)]
    run = None
    if rules is not None and rules.title_runs and lexicon.run.get("bonus"):
        run = TitleRun(lexicon.run["bonus"], rules.run_connectors)
    picked = choose(model, lexicon, us, events, script, fixed=fixed, redo=redo, run=run)
    if rules is not None:
        picked = _by_rules(rules, us, picked, events, script, redo, fixed, line_start=opened)
        picked = names_by_kind(rules, lexicon, us, picked, events, redo, fixed)
        picked = quoted_titles(rules, line, us, picked, redo, fixed)
    starts = sentence_starts(us, events)
    # a sentence opening with a list marker ("(7) whether ...", "3) the ...") starts again after it
    starts |= {i + 1 for i in starts if i + 1 < len(us) and _list_marker(line, us[i])}
    if rules is not None and rules.capital_after:
        # the locale writes a capital after these marks where they are written (en: ":")
        starts |= {i + 1 for i, u in enumerate(us[:-1])
                   if u.tail_end > u.end and not rules.capital_after.isdisjoint(line[u.end:u.tail_end])}
    if rules is not None and rules.lower_before_numbers:
        # "p. 127", "pp. 12-14", "c. 1850": a page or circa abbreviation before a number is
        # written in lower case, also where it opens a citation after a "."
        for i in range(len(us) - 1):
            w = us[i].word
            if (w.lower().rstrip(".") in rules.lower_before_numbers and (us[i].event == "." or w.endswith("."))
                    and lm_word(us[i + 1].word) == "<num>" and (redo or w == w.lower())):
                picked[i] = apply_form(w, w.lower())
                starts.discard(i)
    changes = []
    for i, (u, form) in enumerate(zip(us, picked)):
        if u.start < settled:
            continue
        if i in starts and (redo or not any(c.isupper() for c in u.word)) and not foreign(u.word, script):
            form = capitalize_first(form)
        if form != u.word:
            changes.append((u.start, form))
    return changes, us


def _by_rules(rules, us, picked, events, script, redo, fixed=(), line_start=True):
    """The forms of ``picked`` changed by the locale's rules (see rules.py).  A heading line is
    written in capitals, words of ITN spans ("Chapter VII") too; words of another script stay,
    and so do (without ``redo``) words with a capital letter outside ITN spans.  ``line_start``:
    the first unit starts the line (not so in a streaming window after committed text)."""
    lower = [u.word.lower() for u in us]
    if line_start and rules.heading(lower):
        # books print a chapter heading in capitals: "CHAPTER VII: FIRST IMPRESSIONS"
        return [form if foreign(form, script) or (not redo and u.word != u.word.lower()
                                                   and not any(a <= u.start < b for a, b in fixed))
                else _upper(form) for u, form in zip(us, picked)]
    if not rules.numerals_after_names:
        return picked
    out = list(picked)
    for i in range(1, len(us)):
        prev = out[i - 1]
        if (not events[i - 1] and prev[:1].isupper() and not is_roman(prev.lower(), short=False)
                and us[i].word == lower[i] and is_roman(lower[i], short=False)):
            out[i] = _upper(out[i])
    return out


def names_by_kind(rules, lexicon, us, picked, events, redo=False, fixed=()):
    """The forms of ``picked`` with the capitals of names that the locale's rules read from the
    words around them (rules.py ``titles``, ``name_heads``), never across a mark:

    * a title before a name is part of it, and the name is one ("judge brown" -> "Judge
      Brown", "bishop tutu" -> "Bishop Tutu"); a name is a word whose most likely form is
      capitalized (an unseen word is one), or a listed name of a person that is a word too
      (the model's ``names``: "brown", "tutu"); up to two more names may follow ("president
      george washington");
    * a head noun after a capitalized word is part of that name ("oxford university" ->
      "Oxford University", "the hudson river"), and so is one before "of" (and "the") and a
      capitalized word ("the university of Chicago" -> "the University of Chicago").

    Only words written in lower case (or any, with ``redo``) outside ITN spans change."""
    if not rules.name_words:
        return picked
    lower = [u.word.lower() for u in us]
    hits = [i for i, w in enumerate(lower) if w in rules.name_words]
    if not hits:
        return picked
    out = list(picked)
    free = [(redo or u.word == lower[i]) and lm_word(u.word) != "<num>"
            and not any(a <= u.start < b for a, b in fixed) for i, u in enumerate(us)]

    def name_form(i):
        """The capitalized form of word ``i`` read as a name, or None."""
        if not free[i] or not _NAME.match(lower[i]):
            return None
        if out[i][:1].isupper():
            return out[i]
        first = lexicon.candidates(lower[i])[0]
        if first[:1].isupper():
            return apply_form(us[i].word, first)
        return capitalize_first(out[i]) if lower[i] in lexicon.names else None

    def capital(i):
        return len(out[i]) > 1 and out[i][:1].isupper() and lm_word(out[i]) != "<num>"

    for i in hits:
        if i + 1 < len(us) and lower[i] in rules.titles and free[i] and not events[i] \
                and not (i and lower[i - 1] in rules.titles_not_after):
            form = name_form(i + 1)
            if form is None:
                continue
            out[i], out[i + 1] = capitalize_first(out[i]), form
            for j in range(i + 2, min(i + 4, len(us))):
                if events[j - 1] or lower[j] not in lexicon.names or name_form(j) is None:
                    break
                out[j] = name_form(j)
    for i in hits:
        w = lower[i]
        if not free[i]:
            continue
        if w in rules.heads_after and i > 0 and not events[i - 1] and capital(i - 1):
            out[i] = capitalize_first(out[i])
        elif w in rules.heads_before_of and i + 2 < len(us) and lower[i + 1] == "of" and not any(events[i:i + 2]):
            k = i + 3 if lower[i + 2] == "the" and i + 3 < len(us) and not events[i + 2] else i + 2
            if capital(k) and out[k] != "I":
                out[i] = capitalize_first(out[i])
    return out


_QUOTE = regex.compile(r"``|''|[\"\u201c\u201d]")


def quoted_spans(line):
    """(start, end) character ranges between double quotes: "...", \u201c...\u201d, ``...'' and the
    ``...`` of text that closes a quote so.  A straight quote opens at the start of a token and
    closes at its end; a closing quote with none open (a line that starts inside a quotation) is
    skipped."""
    out, opened = [], None
    for m in _QUOTE.finditer(line):
        q, a, b = m.group(), m.start(), m.end()
        if q == '"':
            q = "\u201c" if (a == 0 or line[a - 1].isspace()) and line[b:b + 1].strip() else "\u201d"
        if q == "\u201c" or (q == "``" and opened is None):
            opened = b
        elif opened is not None:
            out.append((opened, a))
            opened = None
    return out


def quoted_titles(rules, line, us, picked, redo=False, fixed=()):
    """The forms of ``picked`` with quoted titles in title case (rules.py ``quoted_titles``): the
    first and last word and every word not in ``title_minor`` get a capital first letter.  A
    quoted span is a title after a cue word ("the song", "called") or when ``title_share`` of
    its words after the first are capitalized already.  Only spans written all in lower case
    (or any, with ``redo``) outside ITN spans; a word after an apostrophe ("that 's") stays."""
    if not rules.title_max_words or '"' not in line and "``" not in line and "\u201c" not in line:
        return picked
    out = list(picked)
    starts = [u.start for u in us]
    for a, b in quoted_spans(line):
        idx = range(bisect_left(starts, a), bisect_left(starts, b))  # the units inside the quotes
        if not idx or len(idx) > rules.title_max_words or not _a_title(rules, line, us, out, idx, a, redo):
            continue
        for k, i in enumerate(idx):
            u = us[i]
            if (not u.word[:1].isalpha() or line[u.start - 1:u.start] in ("'", "\u2019")
                    or any(s <= u.start < e for s, e in fixed)):
                continue
            if k in (0, len(idx) - 1) or u.word.lower() not in rules.title_minor:
                out[i] = capitalize_first(out[i])
    return out


def _cued(rules, us, k):
    """Does word ``k``, right before a quote, name a work: a noun of ``cues`` right after a
    determiner, or after one and a word of ``modifiers`` ("the song", "her first single";
    not "polls show", "the results show"),
    or a word of ``naming`` after no word of ``not_naming_after`` ("a book called"; not "she
    called")?"""
    word = us[k].word.lower()
    if word in rules.title_naming:
        return k == 0 or us[k - 1].word.lower() not in rules.title_not_naming_after
    before = [u.word.lower() for u in us[max(0, k - 2):k]]
    return word in rules.title_cues and bool(before) and (
        before[-1] in rules.title_determiners
        or len(before) == 2 and before[1] in rules.title_modifiers and before[0] in rules.title_determiners)


def _a_title(rules, line, us, picked, idx, start, redo):
    """True when the quoted words ``idx`` (opening at character ``start``) are a title."""
    if not redo and any(us[i].word != us[i].word.lower() for i in idx):
        return False  # written with its capitals: left as it is
    before = idx[0] - 1
    if before >= 0 and not line[us[before].tail_end:start].strip(" ,:\"`\u201c") and _cued(rules, us, before):
        return True  # "the song "...", "a book called "...""
    words = [i for i in idx[1:] if us[i].word[:1].isalpha() and us[i].word.lower() not in rules.title_minor]
    return len(words) >= 2 and sum(picked[i][:1].isupper() for i in words) >= rules.title_share * len(words)

