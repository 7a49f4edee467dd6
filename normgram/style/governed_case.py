"""Governed case (TN): a number says the case the word before it governs and the gender of
the noun it counts.

    ru: "о 21 книге" -> "о двадцати одной книге", "с 2 друзьями" -> "с двумя друзьями",
        "около 27 %" -> "около двадцати семи процентов", "1 книга" -> "одна книга"
    de: "im 19. Jahrhundert" -> "im neunzehnten Jahrhundert", "mit 1 Frau" -> "mit einer Frau"

tn_rules agreement.yaml gives the ``governed`` classes, the agreement groups of the number
words and counted nouns (``agree``), the cases a word governs in the number after it
(``governs``, ``governs_default`` after any other word) and the number words of each gender
(``genders``); locales nouns.yaml gives a noun's gender and case forms.  The word after the
span, where it is a known noun, narrows the governed cases to those its form can follow ("с":
genitive or instrumental, "друзьями": instrumental).  Of the span's readings (its class FST
alone, the cheapest ``POOL``, then TN's own form with a word of ``inflects`` in its other
forms: "eins" -> "einer") the cheapest is said whose grouped words all share every case
left, whose gendered words match the gender of the word after them (a noun of the lexicon:
"две тысячи", "одна книга") and that no ``not_agreeing`` pattern finds; where none of those
does, the cheapest forms without a grouped word outside the cases left are looked at
("около двадцати одного рубля" is far down the list of mixed forms of "21 рубля").  A span
whose own form says a ``kept_with`` word (a decimal's "запятая") keeps it.  Where none does
(the case left is not one: "с 5 до 7"; the gender matters and the noun is unknown: "о 21
брумбе"), TN's own form stays.

A group may name a gender after its case ("dat f", "nom m weak": German declension): it
holds before a noun of that gender only, or, where the lexicon lacks a counted noun inside the
span, before one of some single gender (its class chose it: "einem Kilometer").  Groups of an
open word class are word endings (``agree_endings``: an ordinal's "-ten");
``nouns_as_written`` looks nouns up as written (German capitals).

A locale without cases (es, it, fr) gives only ``genders``: a gendered number word agrees with the
next word that is not one of ``gender_through`` (the number words between it and its noun:
"doscientas cincuenta personas", "veintiuna mil personas"), and a form said alone ("uno") is
of a gender no noun has; TN's own form stays before a word the lexicon lacks.  ``inflects``
then gives the forms each word may take, all at once ("doscientos treinta y uno" ->
"doscientas treinta y una"), and ``before_sound`` the form a word takes before a noun that
begins so ("un" -> "uno" before "zio", "una" -> "un" before "aula").
"""
import regex

from ..common.memo import Memo

POOL = 64  # readings of a span looked at: its case and gender forms are among the cheapest


def from_spec(env, built):
    """The registry's entry: the rule of a spec whose settings carry ``agreement`` (TN), and
    its ``noun_phrase_after`` (ITN)."""
    spec = env.spec
    raw = spec.settings.agreement
    if not raw:
        return []
    if spec.direction == "itn":
        return [NounPhrase(raw, spec.classes, spec.text.edge_punctuation, spec.key)] if raw.get("noun_phrase_after") else []
    if not (raw.get("agree") or raw.get("genders")) or env.forms is None:
        return []
    return [GovernedCase(raw, spec.classes, spec.text.edge_punctuation, env.forms, spec.key)]


_NOUNS = Memo(8)  # (spec key, key function) -> the noun table: one per process, not per Normalizer


def _nouns(raw, key, spec_key=""):
    """{key(form): {(gender, case, plural)}} of the agreement settings' noun lexicon (memoized
    per compiled spec, where it has a key)."""
    got = _NOUNS.get((spec_key, key)) if spec_key else None
    if got is None:
        got = _noun_table(raw, key)
        if spec_key:
            _NOUNS.put((spec_key, key), got)
    return got


def _noun_table(raw, key):
    out = {}
    for gender, *rows in raw["nouns"].values():
        for plural, row in enumerate(rows):
            for case, form in zip(raw["cases"], row.split()):
                out.setdefault(key(form), set()).add((gender, case, bool(plural)))
    return out


def _context_word(word, edge, side):
    """A context word as the rules know it, or "" where a mark parts it from the span
    (``side``: "before" it, a mark at the word's end; "after", a mark at its start)."""
    if word is None:
        return ""
    bare = word.strip(edge)
    cut = word.rstrip(edge) != word if side == "before" else word.lstrip(edge) != word
    return "" if not bare or cut else bare


class NounPhrase:
    """ITN: "половина второго тайма" is half of the second half, not 1:30: a span of a class
    of ``noun_phrase_after`` whose last word (``last_word``) agrees with the noun after it (one
    of the ``nouns`` forms, "gen m sg") stays as said; the words the class says after itself
    (``except``: "утра", "ночи") are no such noun."""

    def __init__(self, raw, classes, edge, spec_key=""):
        self.edge, self.nouns = edge, _nouns(raw, _key, spec_key)
        self.rules = {}
        for cls, r in raw["noun_phrase_after"].items():
            forms = {(g, case, num == "pl") for case, g, num in (f.split() for f in r["nouns"])}
            self.rules[classes.index(cls)] = (regex.compile(r["last_word"]), forms, {_key(w) for w in r.get("except", ())})

    def choose(self, src, hyps, best, left, right, words):
        keep, asked = [], False
        for sp in best.spans:
            s, e, c, out = sp
            rule = self.rules.get(c)
            if rule is None or src[e:e + 1].strip():
                keep.append(sp)
                continue
            last_word, forms, unless = rule
            said = src[s:e].split()
            if not said or not last_word.search(said[-1]):
                keep.append(sp)
                continue
            after = [*words[src.count(" ", 0, e) + 1:], *right]
            asked = True  # the word after the span decides
            noun = _key(_context_word(after[0] if after else None, self.edge, "after"))
            if not noun or noun in unless or not self.nouns.get(noun, set()) & forms:
                keep.append(sp)
        if len(keep) != len(best.spans):
            best = best.with_spans(keep)
        return best, asked


def _key(word):
    return word.lower().replace("ё", "е")


def _as_written(word):
    return word


def _label_gender(label):
    """The gender a label holds before ("dat f weak": f), or None (any: "gen")."""
    parts = label.split()
    return parts[1] if len(parts) > 1 else None


class GovernedCase:
    def __init__(self, raw, classes, edge, read, spec_key=""):
        self.read, self.edge = read, edge
        self.classes = {classes.index(c): c for c in raw["classes"] if c in classes}
        self.class_names = frozenset(self.classes.values())
        self.agree = {}
        for group, words in raw["agree"].items():
            for w in words:
                self.agree.setdefault(w, set()).add(group)
        self.governs = {w.lower(): frozenset(g) for w, g in raw["governs"].items()}
        self.default = frozenset(raw["governs_default"])
        self.governs_before = {w.lower(): {n.lower(): frozenset(g) for n, g in after.items()}
                               for w, after in (raw.get("governs_before") or {}).items()}
        self.noun_case_alone = bool(raw.get("noun_case_alone"))
        self.gendered = {}
        for gender, words in raw["genders"].items():
            for w in words:
                self.gendered.setdefault(w, set()).add(gender)
        self.counted_genders = {w: g for g, words in (raw.get("counted_genders") or {}).items() for w in words}
        self.subject_case = raw.get("subject_case")
        self.endings = {}  # pattern -> the labels of words that end so (an ordinal's -ten)
        for label, pattern in (raw.get("agree_endings") or {}).items():
            self.endings.setdefault(pattern, set()).add(label)
        self.endings = [(regex.compile(p), frozenset(g)) for p, g in self.endings.items()]
        self.inflects = {w: list(forms) for w, forms in (raw.get("inflects") or {}).items()}
        self.through = frozenset(raw.get("gender_through") or ())
        self.before_sound = {w: [(regex.compile(p), form) for p, form in pairs]
                             for w, pairs in (raw.get("before_sound") or {}).items()}
        self.genders_only = not raw.get("agree")
        labels = {l for ls in raw["governs"].values() for l in ls} | set(raw["governs_default"])
        self.gendered_labels = any(_label_gender(l) for l in labels)
        self.not_agreeing = [regex.compile(p) for p in raw["not_agreeing"]]
        self.kept_with = frozenset(raw.get("kept_with", ()))
        self.fixed_after = frozenset(raw.get("fixed_after") or ())
        self.key = _as_written if raw.get("nouns_as_written") else _key
        self.nouns = _nouns(raw, self.key, spec_key)  # form -> {(gender, case, plural)}
        self.suffixed = {classes.index(c) for c in raw.get("suffix_agrees") or () if c in classes}
        self.endings_of = {label: [(r["ends"], r["replace"]) for r in rules]
                           for label, rules in (raw.get("ordinal_endings") or {}).items()}
        self.first_case = raw["cases"][0] if raw["cases"] else None
        self._not_in, self._groups = {}, {}

    def not_in(self, cases):
        """The grouped words not in every one of ``cases`` (no form with one agrees; memoized)."""
        out = self._not_in.get(cases)
        if out is None:
            out = self._not_in[cases] = frozenset(w for w, groups in self.agree.items() if not cases <= groups)
        return out

    def _word(self, word, side):
        return _context_word(word, self.edge, side)

    def inflected(self, out):
        """``out`` with a word of ``inflects`` said in each of its forms ("eins": "ein", "eine")."""
        words = out.split()
        one = [" ".join([*words[:i], f, *words[i + 1:]]) for i, w in enumerate(words) for f in self.inflects.get(w, ())]
        if sum(w in self.inflects for w in words) < 2:
            return one
        every = [""]  # then every word in each of its forms at once (the cheap "one" list first)
        for w in words:
            every = [f"{h} {f}".strip() for h in every for f in [w, *self.inflects.get(w, ())]][:256]
        return [*one, *(o for o in every if o not in one and o != out)]

    def read_forms(self, cls, text):
        """The cheapest ``POOL`` spoken forms class ``cls`` says for ``text`` alone."""
        index = next((i for i, c in self.classes.items() if c == cls), None)
        return self.read(index, text, POOL) if index is not None else ()

    def gender(self, word):
        """The one gender of a word the noun lexicon holds, or None."""
        if word in self.counted_genders:
            return self.counted_genders[word]  # a counted word that is no noun ("две целых")
        genders = {g for g, _, _ in self.nouns.get(self.key(word), ())} if word else ()
        return next(iter(genders)) if len(genders) == 1 else None

    def groups(self, word):
        """The agreement groups (labels) of a word of a spoken form: those that list it and those
        whose ``agree_endings`` pattern it ends in (memoized)."""
        got = self._groups.get(word)
        if got is None:
            got = set(self.agree.get(word, ()))
            for pattern, labels in self.endings:
                if pattern.search(word):
                    got |= labels
            got = self._groups[word] = frozenset(got)
        return got

    def _word_agrees(self, groups, cases, after, inside):
        """Whether a word of ``groups`` agrees in all ``cases`` that hold before the word
        ``after`` it; where that word is inside the span (a counted noun its class says in its
        own gender: "einem Kilometer") and the lexicon lacks it, in those of some one gender."""
        need = self.for_noun(cases, after)
        if need <= groups:
            return True
        if not inside or not self.gendered_labels or self._kind(after) is not None:
            return False
        genders = {_label_gender(l) for l in cases} - {None}
        return any(frozenset(l for l in cases if _label_gender(l) in (None, g)) <= groups for g in genders)

    def _kind(self, word):
        """The one gender (or "pl") the noun lexicon gives ``word``, or None."""
        entries = self.nouns.get(self.key(word), ()) if word else ()
        # a word that is some noun's singular nominative is that noun ("Runde": die Runde, not a
        # plural of "das Rund")
        kinds = {g for g, case, plural in entries if case == self.first_case and not plural} \
            or {"pl" if plural else g for g, _, plural in entries}
        return next(iter(kinds)) if len(kinds) == 1 else None

    def for_noun(self, cases, word):
        """The labels of ``cases`` that hold before ``word``: of a gendered label ("dat f") only
        those of the one gender (or "pl", a plural form) the noun lexicon gives the word; all
        where it gives none or several, or none is left."""
        if not self.gendered_labels or not word:
            return cases
        kind = self._kind(word)
        if kind is None:
            return cases
        return frozenset(l for l in cases if _label_gender(l) in (None, kind)) or cases

    def context(self, before, after, inner=None):
        """(cases, noun) of a number between the words ``before`` and ``after`` (as written,
        None at the text's edge): the cases the word before governs, narrowed to those the
        noun after can follow where the lexicon holds it (its own case; a genitive also
        follows a nominative or accusative count: "две книги", "пять книг"), and that noun
        ("" where a mark parts it from the number).  ``inner``: the span's own last word,
        which, where the lexicon holds it, is the counted noun that narrows the cases ("с 25
        рублями": instrumental, not genitive).  ``governs_before``: the word before's cases
        where a given word follows ("с 10 до 18": genitive); ``noun_case_alone``: after a word
        that governs nothing, the noun's own case where no default one fits it."""
        word = self._word(before, "before").lower()
        noun = self._word(after, "after")
        governed = self.governs_before.get(word, {}).get(noun.lower()) or self.governs.get(word, self.default)
        counted = inner if inner and self.nouns.get(self.key(inner)) else noun
        follows = set()
        for _, case, _ in self.nouns.get(self.key(counted), ()) if counted else ():
            follows |= {case, "nom", "acc"} if case == "gen" else {case}
        if governed & follows:
            return governed & follows, noun
        if self.noun_case_alone and follows and word not in self.governs:
            return frozenset(follows), noun  # no governor: the noun's own case ("21 сотруднику")
        return governed, noun

    def genders_agree(self, out, noun):
        """Whether every gendered word of ``out`` has the gender of the word after it (the
        next word of ``out``, or ``noun`` after its last)."""
        # a locale without cases reads the words of a hyphenated spelling ("vingt-et-un")
        words = (out.replace("-", " ") if self.genders_only else out).split()
        for i, w in enumerate(words):
            if w in self.gendered:
                j = i + 1
                while j < len(words) and words[j] in self.through:
                    j += 1
                after = words[j] if j < len(words) else noun
                if self.gender(after) not in self.gendered[w]:
                    return False
        return True

    def sounded(self, out, noun):
        """``out`` with its last word in the form it takes before ``noun``'s first sounds
        (``before_sound``: "un zio" -> "uno zio")."""
        words = out.split()
        for pattern, form in self.before_sound.get(words[-1], ()) if words and noun else ():
            if pattern.search(self.key(noun)):
                return " ".join([*words[:-1], form])
        return out

    def agrees(self, out, cases, noun):
        """Whether reading ``out`` agrees: every grouped word in all ``cases`` that hold before
        the word after it (the next word of ``out``, or ``noun`` after its last), every gendered
        word of the gender of the word after it, no pattern of ``not_agreeing``."""
        words = out.split()
        for i, w in enumerate(words):
            groups = self.groups(w)
            if groups and not self._word_agrees(groups, cases, words[i + 1] if i + 1 < len(words) else noun,
                                                i + 1 < len(words)):
                return False
            if w in self.fixed_after:
                break  # the words after it have one form in every case ("десятых километра")
        return self.genders_agree(out, noun) and not any(r.search(out) for r in self.not_agreeing)

    def said_grouped(self, out):
        """Does ``out`` say a word of an agreement group?  A form with none ("полдесятого") shows
        no case, so it is no form that agrees."""
        return self.genders_only or any(self.groups(w) for w in out.split())

    def _pick(self, c, text, out, cases, noun):
        """(the cheapest reading of ``text`` that agrees, or None; the last forms looked at):
        the cheapest forms, then those of words in the cases; where the cases are the default
        ones (a subject or an object), no form agrees in all and the word after the span gives
        no gender, in ``subject_case`` alone (ru "1,2 т": "одна целая две десятых тонны", the
        nominative; "1 коп." keeps TN's form: "одна" or "одну" копейку)."""
        tries = [cases]
        if self.subject_case and cases == self.default and len(cases) > 1 and self.gender(noun) is None:
            tries.append(frozenset({self.subject_case}))
        forms = []
        for case in tries:
            for without in (frozenset(), self.not_in(case)):  # the cheapest forms, then those in the case
                forms = self.read(c, text, POOL, without)
                if not without:
                    # a locale without cases: TN's own spelling inflected first ("vingt et une",
                    # not the class's cheapest "vingt-et-une")
                    forms = [*self.inflected(out), *forms] if self.genders_only else [*forms, *self.inflected(out)]
                pick = next((o for o in forms if not self.kept_with.intersection(o.split()) and self.said_grouped(o)
                             and self.agrees(o, case, noun)), None)
                if pick is not None:
                    return pick, forms
        return None, forms

    def _suffix_forms(self, last, suffix, noun):
        """The forms of an ordinal's last word ``last`` (TN's masculine nominative) that agree with
        the singular noun ``noun`` in one of its cases and its gender and end in the written
        ``suffix`` ("девятый", "й", "минуте": {"девятой"})."""
        out = set()
        for gender, case, plural in self.nouns.get(self.key(noun), ()) if noun else ():
            for ends, replace in () if plural else self.endings_of.get(f"{case} {gender}", ()):
                if last.endswith(ends):
                    out.add(last[:len(last) - len(ends)] + replace)
        return {f for f in out if f.endswith(suffix)}

    def suffix_agreeing(self, src, s, e, c, out, noun):
        """An ordinal written with a suffix ("89-й") before a noun of the lexicon: the reading of
        the class that says TN's form with the last word in the noun's case and gender ("на 89-й
        минуте" -> "восемьдесят девятой"), or None (TN's form agrees, or none does)."""
        written = src[s:e].strip(self.edge)
        suffix = written.rsplit("-", 1)[1] if "-" in written else ""
        words = out.split()
        if not suffix.isalpha() or not words:
            return None
        forms = self._suffix_forms(words[-1], suffix, noun)
        if not forms or words[-1] in forms:
            return None
        return next((o for o in self.read(c, src[s:e], POOL) if o.split()[:-1] == words[:-1] and o.split()[-1] in forms), None)

    def choose(self, src, hyps, best, left, right, words):
        spans, asked = [], False
        for sp in best.spans:
            s, e, c, out = sp
            if c in self.suffixed and not src[e:e + 1].strip():
                asked = True  # the noun after the span decides
                k_end = src.count(" ", 0, e)
                after = [*words[k_end + 1:], *right]
                pick = self.suffix_agreeing(src, s, e, c, out, self._word(after[0], "after") if after else "")
                spans.append((s, e, c, pick) if pick else sp)
                continue
            if c not in self.classes:
                spans.append(sp)
                continue
            asked = True  # the words around the span decide
            k, k_end = src.count(" ", 0, s), src.count(" ", 0, e)
            before = [*left, *words[:k]]
            after = [*words[k_end + 1:], *right]
            said = src[s:e].split()
            head = out.split(maxsplit=1)
            if len(head) > 1 and head[0].lower() in self.governs and not self.groups(head[0].lower()):
                # the span says its governing word itself ("до 20:00", "от 4 до 5 %"); not a
                # word of its number that governs what follows (de "ein")
                before = [head[0]]
            cases, noun = self.context(before[-1] if before else None,
                                       after[0] if after and not src[e:e + 1].strip() else None,
                                       said[-1].strip(self.edge) if len(said) > 1 else None)
            own = out.lower().split()
            if self.kept_with.intersection(own) or cases <= self.default and self.agrees(out.lower(), cases, noun):
                spans.append(sp)  # a decimal, or TN's own form agrees (a subject or an object)
                continue
            if self.genders_only and self.gender(noun) is None:
                spans.append(sp)  # no case to say, and no gender known: TN's own form
                continue
            pick, forms = self._pick(c, src[s:e], out, cases, noun)
            if pick is not None and "ё" not in pick:  # of two spellings ("трёх", "трех") the one with ё
                pick = next((o for o in forms if "ё" in o and o.replace("ё", "е") == pick), pick)
            if pick is not None and self.before_sound:
                pick = self.sounded(pick, noun)
            spans.append((s, e, c, pick) if pick is not None and pick != out else sp)
        if spans != list(best.spans):
            best = best.with_spans(spans)
        return best, asked
