"""Abbreviations (whitelist).  TN: "Dr. Smith" -> "doctor Smith", "Lakeside Dr." -> "Lakeside drive",
                              "vs." -> "versus", "No. 5" / "#1" -> "number five" / "number one"
                             ITN: "mister smith" -> "Mr. Smith", "doctor patel" -> "Dr. Patel", "versus" -> "vs."

                             TN: "p. 12" -> "page twelve", "12 pts." -> "twelve points", "5th St." -> "fifth street"

Token: the entry index and ":" where the abbreviation stands, with what the context needs:
"3:" alone, "3: Smith" before a name, "Lakeside 4:" after one, "30: 5" before a number.  The entries, their readings and
their contexts are in whitelist.yaml and in the abbreviation lexicon, abbreviations.yaml, whose written forms
_whitelist_forms.py makes by rule.  ITN writes an abbreviation back only for entries
marked ``itn`` or for their ``itn_spoken`` forms ("mr"); "doctor" alone or after "the" stays a word.
"""
from typing import NamedTuple

import pynini

from . import _quantity, _whitelist_forms, lib
from .lib import DIGITS, LOWER, UPPER, chars, closure, cross, insert, t, union

NAME = "whitelist"
REQUIRES = ("cardinal", "ordinal", "year")
_MARKS = "'’-"


class _Letters(NamedTuple):
    """The letters of a name: a-z and the locale's own (locale.yaml ``letters``: "Müller", "Gómez")."""
    lower: str
    upper: str
    name: str         # any letter of a name, and its inner marks ("O'Neil", "Müller-Lüdenscheid")


def _letters(loc):
    own = loc.lex("locale").get("letters", "")
    lower = LOWER + "".join(c for c in own if c not in LOWER)
    upper = UPPER + "".join(c.upper() for c in own if len(c.upper()) == 1 and c.upper() != c and c.upper() not in UPPER)
    return _Letters(lower, upper, lower + upper + _MARKS)


def _words(w):
    return [w] if isinstance(w, str) else list(w)


def _range(loc):
    """The written dash of a range (range.yaml dashes, as "~") and its reading (" to "); None
    where the locale has no range.yaml."""
    rng = loc.lex("range")
    if not rng:
        return None
    return _quantity.dash(rng["dashes"]), _quantity.said(lib.words(rng["to"])[:1])


class _Names(NamedTuple):
    """A name next to an abbreviation ("Smith"), as written and as said (ITN input is lower
    case: the spoken side may say it with a small letter)."""
    written: object
    spoken: object
    rest: object      # the letters after the first
    letters: _Letters


def _names(loc):
    letters = _letters(loc)
    rest = closure(chars(letters.name))
    written = chars(letters.upper) + rest
    lower_first = union(*(cross(u, u.lower()) for u in letters.upper))
    not_names = loc.lex("whitelist").get("not_names", [])
    low = chars(letters.lower) + rest
    if not_names:  # "the patron saint of": "of" is never a name
        low = pynini.difference(low, union(*(t(w) for w in not_names)).optimize())
    spoken = written | lib.weighted(pynini.compose(lower_first + rest, low), loc.style("lower_case_spoken"))
    return _Names(written, spoken, rest, letters)


class _Numbers:
    """The numbers a context reads beside an abbreviation, as (written, spoken) pairs."""

    def __init__(self, cardinal, ordinal, year):
        self._cardinal, self._ordinal, self._year = cardinal, ordinal, year

    def cardinal(self, e=None):
        """"12" <-> "twelve" (digits as written, any number the cardinal says); an entry with
        ``number: year`` says a year as a year ("ca. 1850" -> "circa eighteen fifty")."""
        parts = self._cardinal.parts
        said = parts["number"] | parts["zero"]
        if e is not None and e.get("number") == "year":
            years = self._year.parts["written"]
            others = pynini.difference(closure(chars(DIGITS), 1), pynini.project(years, "input"))
            said = pynini.compose(years, self._year.parts["number"]) | pynini.compose(others, said)
        return parts["written_digits"], said.optimize()

    def ordinal(self):
        """"42nd" -> "forty second": digits and their suffix, written as the ordinal class reads them."""
        suffixed = self._cardinal.parts["written_digits"] + closure(chars("stndrhSTNDRH"), 2, 2)
        read = pynini.compose(pynini.compose(suffixed, self._ordinal.written), self._ordinal.spoken).optimize()
        return pynini.project(read, "input").optimize(), read


class _Entry(NamedTuple):
    """One whitelist.yaml entry: abbreviation -> token, token -> its readings (None: no
    reading in this direction)."""
    token: str        # "3:"
    abbr: object
    say: object
    written: list
    spoken: list
    extra: list       # itn_spoken: more readings ITN writes back ("mr")


def _entry(loc, index, e):
    tok = f"{index}:"
    written, spoken = _words(e["written"]), _words(e["spoken"])
    extra = _words(e.get("itn_spoken", []))
    variant, no_itn = loc.variant, loc.style("whitelist_not_itn")
    # abbreviation -> token -> words, each a letter-aligned cross: ITN reads the words
    # while it writes the abbreviation (delete-then-insert made ITN write every
    # abbreviation before reading a word, at every word a region holds)
    abbr = union(*(cross(w, tok, loc.style("written_variant") if j else None) for j, w in enumerate(written)))
    # the first spoken form is what TN says.  ITN writes only entries marked itn, and
    # cased and after_name ones where labels.py finds their context (at whitelist_not_itn,
    # which it lifts); the others' spoken forms are no ITN reading ("drive" is never
    # "Dr."), so the ITN FST does not hold them
    reads = loc.direction != "itn" or e.get("itn") or e.get("cased") or e.get("after_name")
    say = [cross(tok, w, (variant if j else None) if e.get("itn") else no_itn + (variant if j else 0))
           for j, w in enumerate(spoken if reads else ())]
    say = union(*say, *(cross(tok, w, loc.style("whitelist_itn_spoken")) for w in extra)) if say or extra else None
    return _Entry(tok, abbr, say, written, spoken, extra)


class _Triggers:
    """The words that make an entry's abbreviation (TN) or reading (ITN) a candidate."""

    def __init__(self):
        self.tn_anchors, self.context, self.itn_anchors, self.itn_context = set(), {}, set(), {}
        self.tn_joiners = set()
        self.cased = set()       # words of the entries ITN writes where the case of the text shows a name
        self.after_name = {}     # after_name entries: spoken word -> the written forms ITN writes after a name
        self.kept_joiners = set()

    def note(self, loc, e, entry):
        edge = loc.lex("locale")["edge_punctuation"]
        # a form written in several words ("z. B.", "M. et Mme") is triggered by its first word
        # and by its other abbreviated words, not by a word between them ("et", "e")
        cores = {p.strip(edge).lower() for w in entry.written for i, p in enumerate(w.split())
                 if i == 0 or p.endswith(".")} - {""}
        # cased: ITN writes it only where the case of the text shows a name ("mount Everest",
        # "Smith senior"; normgram/labels.py), so its words are ITN candidates too
        itn_words = set(entry.extra) | (set(entry.spoken) if e.get("itn") or e.get("cased") or e.get("after_name") else set())
        if e.get("cased") and not e.get("itn"):
            self.cased.update(w for w in entry.spoken if " " not in w)
        if e.get("after_name"):  # "Cyberforce number one" -> "Cyberforce #1" (labels.py)
            for w in entry.spoken:
                self.after_name.setdefault(w, []).extend(entry.written)
        if e.get("context") is None and not _is_title(loc, e):
            self.tn_anchors.update(cores)
            self.itn_anchors.update(p for w in itn_words for p in w.split())
        elif e.get("context") and set(_words(e["context"])) <= {"number_before", "ordinal_before"}:
            self.tn_joiners.update(cores)   # "12 in.": the number is an anchor; "in" pulls nothing in
        else:
            self.context.update({c: 1 for c in cores})
            self.itn_context.update({w: 1 for w in itn_words if " " not in w})

    def as_dict(self, loc):
        return {"tn": {"anchors": sorted(self.tn_anchors - set(self.context)), "context": self.context,
                       "joiners": sorted(self.tn_joiners - self.tn_anchors - set(self.context))},
                "itn": {"anchors": sorted(self.itn_anchors - set(self.itn_context)), "context": self.itn_context,
                        "joiners": sorted(self.kept_joiners),
                        # "Saint Reparat" written in full stays; "saint louis" -> "St. Louis"
                        "titled_kept": bool(loc.itn("formats").get("titled_words_kept")),
                        "cased": sorted(self.cased), "after_name": self.after_name}}


def _is_title(loc, e):
    return e.get("title") and loc.direction == "itn"  # TN reads "Mr." alone before a name already


def build(loc, cardinal, ordinal, year):
    names = _names(loc)
    numbers = _Numbers(cardinal, ordinal, year)
    triggers = _Triggers()
    arms, numeric = [], []   # (written, spoken) pairs; numeric: the pairs of entries written with digits ("24/7")
    titles, suffixes, kept = [], [], []
    for i, e in enumerate(_whitelist_forms.entries(loc)):
        entry = _entry(loc, i, e)
        triggers.note(loc, e, entry)
        if entry.say is None:
            continue
        contexts = _words(e.get("context", []))
        if "name_after" in contexts or _is_title(loc, e):  # "Dr. Smith"; ITN: a title read alone too ("Mr. Smith", "Mr.")
            titles.append((entry.abbr, entry.say))
        if "name_before" in contexts:
            suffixes.append((entry.abbr, entry.say))
        if "name_after" in contexts:
            kept += _kept_after(loc, e, entry, names, triggers)
        pairs = []
        for ctx in contexts:
            if ctx not in _CONTEXTS:
                raise ValueError(f"whitelist entry {entry.written[0]}: unknown context {ctx!r}")
            pairs += _CONTEXTS[ctx](loc, e, entry, names, numbers)
        if not contexts or e.get("alone"):
            pairs.append((lib.weighted(entry.abbr, loc.style("whitelist_alone") if contexts else None), entry.say))
        arms += pairs
        numeric += [any(c.isdigit() for w in entry.written for c in w)] * len(pairs)
    if titles:
        arms += _titled(loc, titles, suffixes, names)
    if kept:  # the words themselves as the token, read and written alike
        kept = union(*kept).optimize()
        arms.append((kept, kept))
    if not arms:  # ITN of a locale whose entries it never writes: the abbreviations as written, kept
        arms.append((_as_written(loc),) * 2)
    numeric += [False] * (len(arms) - len(numeric))
    # reading groups (lib.ClassGrammar.groups): every reading but those of entries written
    # with digits ("twenty four seven") says a word of the class's own, which gates it
    words = [s for (_, s), n in zip(arms, numeric) if not n]
    said_numbers = [s for (_, s), n in zip(arms, numeric) if n]
    groups = (union(*words).optimize(), union(*said_numbers).optimize()) if words and said_numbers else ()
    return lib.ClassGrammar(NAME, union(*(w for w, _ in arms)).optimize(), union(*(s for _, s in arms)).optimize(),
                            groups=groups, triggers=triggers.as_dict(loc))


def _as_written(loc):
    return union(*(t(w) for e in _whitelist_forms.entries(loc) for w in _words(e["written"]))).optimize()


def _name_after(loc, e, entry, names, numbers):
    """"Dr. Smith" (the title arms, _titled); in a text written in capitals the title is too:
    "STOCKTON ST JOHN'S" (all-caps words on both sides; "Atari ST User", "DRI released DR
    DOS", "Nadu DR MGR" stay as written, see letters.yaml abbreviations)."""
    edge = loc.lex("locale")["edge_punctuation"]
    upper = names.letters.upper
    caps_name = chars(upper) + chars(upper) + closure(chars(upper + _MARKS))  # "JOHN'S"
    caps = sorted({w.strip(edge).upper() for w in entry.written if w.strip(edge).isalpha()} - set(entry.written))
    if not caps:
        return []
    return [(caps_name + t(" ") + union(*(cross(c, entry.token) for c in caps)) + t(" ") + caps_name,
             caps_name + t(" ") + entry.say + t(" ") + caps_name)]


def _kept_after(loc, e, entry, names, triggers):
    """After whitelist.yaml common_after words (and the entry's kept_after) the reading is an
    ordinary noun ("a saint came", "the doctor said"): ITN keeps the words."""
    after = loc.lex("whitelist").get("common_after", []) + e.get("kept_after", [])
    if not (e.get("itn") and after):
        return []
    triggers.kept_joiners.update(after)
    return [union(*(t(c + " ") for c in after)) + union(*(t(w) for w in entry.spoken)) + t(" ") + chars(names.letters.lower) + names.rest]


def _name_before(loc, e, entry, names, numbers):
    """"Lakeside Dr." -> "Lakeside drive"."""
    return [(lib.weighted(names.written + t(" ") + entry.abbr, loc.style("whitelist_name_before")),
             names.spoken + t(" ") + entry.say)]


def _number_after(loc, e, entry, names, numbers):
    """"No. 5" -> "number five", "#1", "ext. 1234" -> "extension one two three four", "Vol. 2-3",
    TN "Fig. 3.2" -> "figure three point two"."""
    number_w, number_s = numbers.cardinal(e)
    # TN: a capital glued after the number of a number_after entry is said as its letter
    # ("Apt. 4B" -> "apartment four b", "Rm. 12A"); letters.yaml names (the first of each)
    letters = loc.lex("letters").get("names", {}) if loc.direction == "tn" else {}
    letter_w = union(*(t(c.upper()) for c in letters)).ques if letters else t("")
    letter_s = union(*(cross(c.upper(), " " + lib.words(n)[0]) for c, n in letters.items())).ques if letters else t("")
    abbr, say = entry.abbr, entry.say
    # a symbol may be glued to its number ("#1"); ITN writes it so (a tokenized text
    # sets it apart, itn formats.yaml tokenized_text spaced)
    gap = t(" ")
    if not any(c.isalpha() for w in entry.written for c in w):
        written_variant = loc.style("written_variant")
        gap = gap | lib.weighted(insert(" "), written_variant) if loc.direction == "tn" \
            else lib.weighted(gap, written_variant) | insert(" ")
    if e.get("digits"):  # "ext. 1234" -> "extension one two three four"
        one = lib.digit_said(loc)
        return [(abbr + gap + closure(chars(DIGITS), 1, 16), say + t(" ") + one + closure(insert(" ") + one, 0, 15))]
    pairs = [(abbr + gap + number_w + letter_w, say + t(" ") + number_s + letter_s)]
    if loc.direction == "tn" and loc.lex("decimals"):  # "Fig. 3.2", "Sec. 4.2.1": parts said as numbers
        dotted_w, dotted_s = lib.dotted_number(loc, number_s)
        pairs.append((abbr + gap + dotted_w, say + t(" ") + dotted_s))
    # "Vol. 2-3", "pp. 10–12": a range of numbers (ITN: after_name entries, "#10-15")
    if (loc.direction == "tn" or e.get("after_name")) and _range(loc):
        dash_w, to_s = _range(loc)
        pairs.append((abbr + gap + number_w + dash_w + number_w, say + t(" ") + number_s + to_s + number_s))
    return pairs


def _number_before(loc, e, entry, names, numbers):
    """"12 pts." -> "twelve points", "3 doz." -> "three dozen", "1 in." -> "one inch" (the
    entry's ``one``: its reading after the number one).  ``name_kept_after``: the span also
    holds a word with a capital after the abbreviation, kept as written, so that a title
    reading of the same abbreviation ("St." Sankt before a name) does not take that word
    ("5 St. Äpfel": every German noun has a capital), except the names of ``names_not_kept``
    ("2 St. Gallen")."""
    number_w, number_s = numbers.cardinal()
    one = _words(e.get("one", []))
    if e.get("name_kept_after"):  # "5 St. Äpfel" -> "fünf Stück Äpfel": the noun after it is no name
        kept = names.written
        if e.get("names_not_kept"):  # "Basel 2 St. Gallen 1": Sankt's names stay the title's
            kept = pynini.difference(kept, union(*(t(w) for w in e["names_not_kept"]))).optimize()
        return [(number_w + t(" ") + entry.abbr + (t(" ") + kept).ques,
                 number_s + t(" ") + entry.say + (t(" ") + kept).ques)]
    if not one:
        return [(number_w + t(" ") + entry.abbr, number_s + t(" ") + entry.say)]
    others = pynini.compose(pynini.difference(closure(chars(DIGITS), 1), t("1")), number_s)
    said_one = union(*(cross(entry.token, w, loc.variant if j else None) for j, w in enumerate(one)))
    return [(number_w + t(" ") + entry.abbr, others + t(" ") + entry.say),
            (t("1 ") + entry.abbr, pynini.compose(t("1"), number_s) + t(" ") + said_one)]


def _ordinal_before(loc, e, entry, names, numbers):
    """"5th St." -> "fifth street", "42nd Ave." -> "forty second avenue"."""
    number_w, number_s = numbers.ordinal()
    return [(number_w + t(" ") + entry.abbr, number_s + t(" ") + entry.say)]


def _word_before(loc, e, entry, names, numbers):
    """"CASE NO.": the word as written, in any case."""
    before = union(*(t(w) | t(w.capitalize()) | t(w.upper()) for w in e["words_before"]))
    return [(before + t(" ") + entry.abbr, before + t(" ") + entry.say)]


def _word_after(loc, e, entry, names, numbers):
    """"NO synthesis": the word as written, in lower case (capitals are no prose)."""
    after = union(*(t(w) for w in e["words_after"]))
    return [(entry.abbr + t(" ") + after, entry.say + t(" ") + after)]


_CONTEXTS = {"name_after": _name_after, "name_before": _name_before, "number_after": _number_after,
             "number_before": _number_before, "ordinal_before": _ordinal_before,
             "word_before": _word_before, "word_after": _word_after}


def _titled(loc, titles, suffixes, names):
    """A chain of titles before a name ("Maj. Gen. Smith"), TN also before a name and a
    name_before entry ("St. James St." -> "saint James street"), and before initials."""
    titles_w, titles_s = union(*(a for a, _ in titles)), union(*(s for _, s in titles))
    tn = loc.direction == "tn"
    # ITN: a single letter after a title is an initial (the initials arm below), no name
    name_chars = chars(names.letters.name)
    after = names.written if tn else names.written + name_chars
    pairs = [(closure(titles_w + t(" "), 1, 3) + after,
              closure(titles_s + t(" "), 1, 3) + pynini.compose(names.spoken, after if tn else closure(name_chars, 2)))]
    if tn and suffixes:  # "St. James St." -> "saint James street"
        pairs.append((lib.weighted(titles_w + t(" ") + names.written + t(" ") + union(*(a for a, _ in suffixes)),
                                   loc.style("whitelist_name_before")),
                      titles_s + t(" ") + names.spoken + t(" ") + union(*(s for _, s in suffixes))))
    initials, said = _initials_tn(loc) if tn else _initials_itn(loc)
    pairs.append((closure(titles_w + t(" "), 1, 3) + initials, closure(titles_s + t(" "), 1, 3) + said))
    return pairs


def _initials_tn(loc):
    """TN: the name may be dotted initials, spelled ("Dr. M.G.R." -> "doctor m g r", not
    "drive" after "Tamil Nadu"); ITN never reads "doctor a ..." as a title and initials.
    Letters as the acronyms option says them (tn_rules letters.yaml): names or capitals;
    spelled, glued initials are spaced ("g c"); kept, they stay glued as "U.S." -> "US" ("GC")."""
    keep = loc.tn("letters").get("acronyms", "spell") == "keep"
    letter = union(*(cross(u + ".", u if keep else u.lower()) for u in UPPER))
    initials = chars(UPPER) + t(".") + closure(t(" ").ques + chars(UPPER) + t("."), 0, 3)  # "W. C."
    glued = t("") if keep else insert(" ")
    return initials, pynini.compose(initials, letter + closure((t(" ") | glued) + letter, 0, 3))


def _initials_itn(loc):
    """ITN: single letters after a title are a person's initials, "dr w c" -> "Dr. W. C."
    (not "Dr. W" and the acronym "WC"); not the letters that are words ("doctor a ...")."""
    words = set(loc.lex("letters").get("word_letters", []))
    caps = "".join(u for u in UPPER if u.lower() not in words)
    initials = chars(caps) + t(".") + closure(t(" ") + chars(caps) + t("."), 0, 2)  # "W. C."
    letter = union(*(cross(u + ".", u.lower()) for u in caps))
    return initials, pynini.compose(initials, letter + closure(t(" ") + letter, 0, 2))
