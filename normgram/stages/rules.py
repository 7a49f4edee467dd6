"""Written-style rules of the stages that an n-gram cannot learn: ``locales/<tag>/denorm/rules.yaml``.

A trigram sees two words back, so the "where is" that makes "... the train" a question, or the
"chapter" that makes "chapter 7" a book's heading, is out of its sight.  These kinds are rule
data, per locale (the file is optional; a missing section means the rule is off):

    questions:
      question_words: [what, where, ...]   # a sentence opening "where is ..." is a question
      auxiliaries: [is, are, do, ...]      # ... and so is one opening "is it ...", "can you ..."
      subjects: [i, you, it, the, ...]     # the words that may follow an opening auxiliary
      openers: [dónde, qué, ...]           # a sentence opening with one is a question (es)
      inverted: [-tu, -vous, ...]          # ... or with a word ending so among its first two (fr)
      asides: [what is more, ...]          # an opening that is no question before "," or a subject
      imperatives: [do not, "don't"]       # an opening that is no question before a non-subject
      relatives: [he, she, they, ...]      # a question word before one opens a statement
      from_model: false                    # a "?" needs the form or the shares, not the model alone
    headings:
      words: [chapter, book, ...]          # "chapter 7" / "chapter vii" opening a short line
      max_words: 12                        # a heading line has at most this many words
      end_mark: false                      # a heading takes no added sentence end ("CHAPTER VII")
      lone_numerals: true                  # a line of one Roman numeral ("xii", "lx") is a heading too
      not_before: [was, is, ...]           # no heading with one of these after the number
    number_lines: true                     # a line of numbers alone ends a sentence: "1716."
    pauses: {after: 6, per_word: 0.2, most: 1.0}  # an added comma gains 0.2 log score a word
                                           # past 6 words without a mark (at most 1.0)
    numerals_after_names: true             # "henry viii" -> "Henry VIII" after a capitalized word
    capital_after: [":"]                   # a written ":" is followed by a capital (en)
    lower_before_numbers: [p, pp, c]       # "p. 127", "c. 1850" stay in lower case
    title_runs:
      connectors: [of, the, and, ...]      # a capitalized word carries a title-case run across these
    titles: [judge, bishop, ...]           # a title before a name is written with its capital
                                           # and so is the name: "judge brown" -> "Judge Brown"
    titles_not_after: [i, my, ...]         # ... not right after these: "i miss mary" (a verb)
    name_heads:
      after: [university, river, ...]      # after a name, part of it: "oxford university"
      before_of: [university, battle, ...] # before "of" and a name: "the battle of Hastings"
    quoted_titles:                         # a quoted title in title case: "The Rise of Rome"
      minor: [a, an, the, of, ...]         # ... keeps these in lower case inside it
      cues: [book, called, ...]            # a quoted span after one of these is a title ...
      share: 0.5                           # ... and so is one whose words are mostly capitalized
      max_words: 20                        # spans of at most this many words
    space_before: ["?"]                    # an added "?" is written after a space (French)

    >>> r = StageRules.of({"questions": {"question_words": ["where"], "auxiliaries": ["is"],
    ...                    "subjects": ["it"]}})
    >>> r.is_question(["where", "is", "the", "train"]), r.is_question(["is", "it", "far"])
    (True, True)
    >>> r.is_question(["it", "is", "far"])
    False
"""
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RuleFileError
from ..rules.locale import read_checked
from .truecase import is_roman

FILE = "rules.yaml"
SCHEMA = "locales/denorm/rules.yaml"
_DASH = re.compile("--|\u2014|\u2013")  # a dash between a heading's number and its title, no hyphen
_LISTS = {"questions": ("question_words", "auxiliaries", "subjects", "openers", "inverted", "asides", "imperatives",
                        "relatives"),
          "headings": ("words", "not_before"),
          "title_runs": ("connectors",), "name_heads": ("after", "before_of"),
          "quoted_titles": ("minor", "cues", "naming", "determiners", "modifiers", "not_naming_after")}


@dataclass(frozen=True)
class StageRules:
    """The rules of one locale (empty: every rule off)."""
    question_words: frozenset = frozenset()
    auxiliaries: frozenset = frozenset()
    subjects: frozenset = frozenset()
    openers: frozenset = frozenset()
    inverted: tuple = ()
    asides: tuple = ()
    imperatives: tuple = ()
    relatives: frozenset = frozenset()  # subjects that make a question word open a statement
    model_questions: bool = True  # an added end the model made "?" stays "?" without other evidence
    statement_firsts: frozenset = frozenset()  # the first words of asides and imperatives
    heading_words: frozenset = frozenset()
    heading_max_words: int = 0
    heading_end: bool = True  # an added sentence end closes a heading line too
    heading_numerals: bool = False  # a line of one Roman numeral of two or more of i v x l is a heading
    heading_not_before: frozenset = frozenset()  # verbs after the number that make the line a sentence
    number_lines: bool = False  # a line of numbers alone gets its sentence end
    pause: tuple = None  # (after, per_word, most): an added comma's bonus in a long run without a mark
    numerals_after_names: bool = False
    space_before: frozenset = frozenset()
    capital_after: frozenset = frozenset()
    lower_before_numbers: frozenset = frozenset()
    title_runs: bool = False
    run_connectors: frozenset = frozenset()
    titles: frozenset = frozenset()
    titles_not_after: frozenset = frozenset()
    heads_after: frozenset = frozenset()
    heads_before_of: frozenset = frozenset()
    name_words: frozenset = frozenset()  # titles and head nouns: the words that start a name rule
    title_minor: frozenset = frozenset()  # words a title in title case keeps in lower case
    title_cues: frozenset = frozenset()  # nouns that name a work before its quoted title, after a determiner
    title_naming: frozenset = frozenset()  # words of naming right before a title ("called")
    title_determiners: frozenset = frozenset()  # one of these right before a cue noun ("the song")
    title_modifiers: frozenset = frozenset()  # ... or one of these between them ("her first single")
    title_not_naming_after: frozenset = frozenset()  # no naming word after these ("she called")
    title_share: float = 0.0  # or: this share of its words capitalized already makes a title
    title_max_words: int = 0  # 0: the quoted-titles rule is off
    contractions: tuple = field(default=("'s", "\u2019s"))

    @classmethod
    def of(cls, data):
        q, h, qt = data.get("questions") or {}, data.get("headings") or {}, data.get("quoted_titles") or {}
        return cls(question_words=frozenset(q.get("question_words", ())),
                   auxiliaries=frozenset(q.get("auxiliaries", ())), subjects=frozenset(q.get("subjects", ())),
                   openers=frozenset(q.get("openers", ())), inverted=tuple(q.get("inverted", ())),
                   asides=tuple(tuple(x.split()) for x in q.get("asides", ())),
                   imperatives=tuple(tuple(x.split()) for x in q.get("imperatives", ())),
                   relatives=frozenset(q.get("relatives", ())),
                   model_questions=bool(q.get("from_model", True)),
                   statement_firsts=frozenset(x.split()[0] for k in ("asides", "imperatives")
                                              for x in q.get(k, ()) if x.split())
                   | (frozenset(q.get("question_words", ())) if q.get("relatives") else frozenset()),
                   heading_words=frozenset(h.get("words", ())), heading_max_words=int(h.get("max_words", 0)),
                   heading_end=bool(h.get("end_mark", True)), heading_numerals=bool(h.get("lone_numerals", False)),
                   heading_not_before=frozenset(h.get("not_before", ())),
                   number_lines=bool(data.get("number_lines", False)),
                   pause=_pause(data.get("pauses")),
                   numerals_after_names=bool(data.get("numerals_after_names", False)),
                   space_before=frozenset(data.get("space_before", ())),
                   capital_after=frozenset(data.get("capital_after", ())),
                   lower_before_numbers=frozenset(data.get("lower_before_numbers", ())),
                   title_runs="title_runs" in data,
                   run_connectors=frozenset((data.get("title_runs") or {}).get("connectors", ())),
                   titles=frozenset(data.get("titles", ())),
                   titles_not_after=frozenset(data.get("titles_not_after", ())),
                   heads_after=frozenset((data.get("name_heads") or {}).get("after", ())),
                   heads_before_of=frozenset((data.get("name_heads") or {}).get("before_of", ())),
                   title_minor=frozenset(qt.get("minor", ())), title_cues=frozenset(qt.get("cues", ())),
                   title_naming=frozenset(qt.get("naming", ())), title_determiners=frozenset(qt.get("determiners", ())),
                   title_modifiers=frozenset(qt.get("modifiers", ())),
                   title_not_naming_after=frozenset(qt.get("not_naming_after", ())),
                   title_share=float(qt.get("share", 0.0)),
                   title_max_words=int(qt.get("max_words", 0)) if "quoted_titles" in data else 0,
                   name_words=frozenset(data.get("titles", ())) | frozenset(
                       w for k in ("after", "before_of") for w in (data.get("name_heads") or {}).get(k, ())))

    def written(self, mark):
        """An added mark as it is written (" ?" where the locale spaces it)."""
        return " " + mark if mark in self.space_before else mark

    def _wh(self, word):
        """A question word, alone or with a contracted "is" ("where's")."""
        if word in self.question_words:
            return True
        return any(word.endswith(c) and word[:-len(c)] in self.question_words for c in self.contractions)

    def is_statement(self, words, events):
        """True when a sentence opening with ``words`` (lowercased; ``events``: the marks after
        them) begins like a question but is none: a question word before a subject pronoun
        (``relatives``: "what he said was true", "how they did it nobody knows"), an aside ("what is more, they ...", "what was
        worse the road ...") followed by a comma or a subject, or a negative imperative ("do
        not remove ...", "don't touch ...") followed by a word that is no subject."""
        if not words or words[0] not in self.statement_firsts:
            return False
        if words[0] in self.question_words and len(words) > 4 and words[1] in self.relatives and not events[0]:
            return True  # "what he said was true": a question word and a subject open a clause; not
            # a short casual question without its auxiliary ("how you doing", "what you want")
        for opening in self.asides:
            n = len(opening)
            if tuple(words[:n]) == opening and len(words) > n and (events[n - 1] == "," or words[n] in self.subjects):
                return True
        for opening in self.imperatives:
            n = len(opening)
            if (tuple(words[:n]) == opening and len(words) > n and not any(events[:n])
                    and words[n] not in self.subjects):
                return True
        return False

    def is_question(self, words):
        """True when a sentence opening with ``words`` (lowercased) is a question by its form:
        an auxiliary then a subject ("is it", "can you", "do the"), a question word then an
        auxiliary ("where is", "how are") or a contracted one ("where's"), or a question word,
        one word and an auxiliary then a subject ("what time is it", "how old are you"); or one
        of the ``openers`` ("dónde ..."), or a word with an ``inverted`` ending among the first
        two ("viens-tu ...", "que fais-tu ...")."""
        if not words:
            return False
        if words[0] in self.openers or any(x.endswith(self.inverted) for x in words[:2] if self.inverted):
            return True
        if not self.auxiliaries:
            return False
        w = list(words[:4]) + [""] * 4
        if w[0] in self.auxiliaries and w[1] in self.subjects:
            return True
        if not self._wh(w[0]):
            return False
        if w[0] not in self.question_words or w[1] in self.auxiliaries:
            return True  # "where's ...", "where is ..."
        return (w[1] not in self.subjects and w[1] not in self.question_words and w[2] in self.auxiliaries
                and w[3] in self.subjects)

    def heading(self, words):
        """True when a line of ``words`` (lowercased) is a heading: a heading word, then a
        number (digits, a Roman numeral), at most ``max_words`` words in all.  The number may
        be followed by a dash and the title's first word; after a hyphen only where the
        number is a Roman numeral of two letters or more or the word is a minor word of
        ``quoted_titles`` ("v-at", "iii-a"; "x-ray", "c-section", "3-d" are words).  With
        ``lone_numerals`` a line of one Roman numeral of two or more of i v x l ("xii") is one too;
        a word of ``not_before`` right after the number makes the line a sentence ("chapter 4 was
        the best part"; further on it may be a title's: "chapter vii--one sometimes runs aground
        when one fancies that one is disembarking")."""
        if len(words) == 1 and self.heading_numerals:
            return is_roman(words[0], short=False)
        if len(words) < 2 or words[0] not in self.heading_words or len(words) > self.heading_max_words:
            return False
        if len(words) > 2 and words[2] in self.heading_not_before:
            return False
        num = _DASH.split(words[1], 1)[0]  # "chapter iii--the storm": the number before a dash
        if num == words[1] and "-" in num:  # a hyphen, as a dash reads once marks are dropped
            num, rest = num.split("-", 1)  # "chapter v-at bombarda's"; not "part x-ray images", "3-d"
            if not (len(num) > 1 and is_roman(num)) and rest not in self.title_minor:
                return False
        return num.isdigit() or is_roman(num)


def _pause(data):
    """The ``pauses`` section as (after, per_word, most), None when absent."""
    return (int(data["after"]), float(data["per_word"]), float(data["most"])) if data else None


def load(folder):
    """The StageRules of a locale's model folder (no file: every rule off); a malformed file
    raises RuleFileError naming file, line and key (the schema in normgram/rules/schemas/denorm.yaml,
    then the two checks a schema does not make: words in lower case, a positive max_words)."""
    path = Path(folder) / FILE
    if not path.is_file():
        return StageRules()
    data = read_checked(path, SCHEMA)
    for key, subs in _LISTS.items():
        for sub in subs:
            if any(x != x.lower() or not x for x in (data.get(key) or {}).get(sub, ())):
                raise RuleFileError(path, None, f"{key}.{sub}", "words are written in lower case")
    for key in ("lower_before_numbers", "titles", "titles_not_after"):
        if any(x != x.lower() or not x for x in data.get(key) or ()):
            raise RuleFileError(path, None, key, "words are written in lower case")
    if (data.get("headings") or {}).get("max_words", 1) < 1:
        raise RuleFileError(path, None, "headings.max_words", "expected a positive integer")
    if (data.get("quoted_titles") or {}).get("max_words", 1) < 1:
        raise RuleFileError(path, None, "quoted_titles.max_words", "expected a positive integer")
    for sub, value in (data.get("pauses") or {}).items():
        if value < 0:
            raise RuleFileError(path, None, f"pauses.{sub}", "expected a number of 0 or more")
    if not 0 < (data.get("quoted_titles") or {}).get("share", 1) <= 1:
        raise RuleFileError(path, None, "quoted_titles.share", "expected a share in (0, 1]")
    return StageRules.of(data)
