"""Spelled letters (ITN): letters said one by one are written as an acronym only with evidence.

A class whose ITN triggers declare ``evidence`` (itn_rules letters.yaml: ``least``, ``known``)
has each of its spans checked on the chosen reading; a span without evidence is dropped
and its words stay as said:

- a run of ``least`` letters or more is an acronym ("f b i" -> "FBI"), but in lower-case text
  without marks (ASR) not a run of more than ``most`` letters: acronyms said letter by letter
  are short, such a run is a list or a sequence ("the units are s m h d w m y", "the keys w a s
  d q e"); and with ``written_only`` in such text only a run that spells an acronym text
  writes (``written``: acronyms.yaml, from word lists and wordfreq): "n a s a", "a t m" join,
  "normally c x o moves", "append a c z" are keys or letters said one by one;
- a ``known`` shorter acronym is one ("t v" -> "TV", "q and a" -> "Q&A"; the grammar adds the
  locale's acronyms.yaml to the list);
- another shorter run in a written text (a word with a capital or a mark among the region and its
  context) is one, as a normalizer spelled it ("the s b Card", "f c Barcelona", ", p p .",
  "g and g Foods"); letters joined by "and" only before a word written with a capital, a name
  that goes on ("g and g Foods"; "options g and l", "with e and w" are letters of prose); and
  capitals joined by "and" are a name with "&" only as a ``known`` one: the writer wrote them
  apart ("points K and N", "vitamins C and E");
- a shorter run in lower-case text without marks (ASR) shows nothing: two letters alone are as often a
  key ("press c u"), a grade ("a b in art"), a variable ("at position x y") or a list ("for
  g and g conversions") as an acronym, and they stay;
- a letter word written in lower case followed by one written as a capital is no acronym,
  whatever its length ("a C function", "a D-Bus message", "z and A"): a writer who meant one
  wrote it in capitals;
- a text that is nothing but the letters is written as the acronym ("p p" -> "PP"), as a
  text that is nothing but one entity is (formats.yaml lone_entity_written);
- letters followed by a number a normalizer wrote in digits name a flight, a model or a
  part ("u a nine twenty" -> "UA 920", "a x fifty five" -> "AX 55"): an acronym, in any text;
- letters followed by "and" or "or" and one more letter are a list, whatever their number
  ("the characters h l n p and q", "symbols u v and w", "the e e f r and w commands"), not an
  acronym (``lists``);
- two capitals written apart opening a sentence with the article ("A C programmer will") are
  the article and a letter, known acronym or not;
- two letters opening with the article ("a d bus", "for a c structure") are the article and
  a letter in lower-case text, and two ending with it a letter and the article of the next
  phrase ("t a new law", "and a a half"), unless a determiner ("the a c" -> "the AC", "the t a";
  ``article_after``) or a number ("six thirty four a d" -> "634 AD") comes before them or no
  word after them (an article opens a phrase: "seven ten a d"), even where they would spell a
  known acronym;
- letters right after a word of pressing or typing keys or a modifier key ("press c x o",
  "type d d", "control c x") are keys pressed one after another (``keys``), and letters right
  after a noun for what letters name ("the variables i j k", "the flags r w x") are those
  names one by one (``names_after``), in any text;
- a span written with dots was chosen so by a rule of its own ("u s" -> "U.S."; initials
  before a name, "D.M. Hillis") and stays.
"""
import re

from .case_cues import cased_word, region_text


def from_spec(env, built):
    """The registry's entry: a rule per ITN class whose triggers declare ``evidence``."""
    spec = env.spec
    if spec.direction != "itn":
        return []
    return [Spelled(t["evidence"], t.get("joiners", ()), spec.classes.index(c), spec.text.edge_punctuation,
                    t.get("article"))
            for c, t in spec.triggers.items() if t.get("evidence")]


class Spelled:
    def __init__(self, evidence, word_letters, cls, edge, article=None):
        self.least = evidence["least"]
        self.known = {k.lower() for k in evidence.get("known", ())}
        self.most = evidence.get("most", 0)  # lower-case text: a longer run is a list of letters ...
        shape = evidence.get("word_shape")  # ... unless it spells a word ("e x p o k o s")
        self.word_shape = re.compile(shape) if shape else None
        self.word_letters = {w.lower() for w in word_letters}
        self.cls, self.edge = cls, edge
        self.lists = set(evidence.get("lists", ()))  # "and", "or": a letter after them ends a list
        self.words_alone = {w.lower() for w in evidence.get("word_letters", ())}  # "a", "i": words too
        # the article's words (the rule is on where ``article_after`` is given), the letters
        # said with "an" (not after "a"), the determiners after which "a" is a letter ("the a c")
        article = article or {}
        self.articles = set(article.get("words", ())) if "article_after" in evidence else set()
        self.an_letters = set(article.get("not_before", ()))
        self.article_after = set(evidence.get("article_after", ()))
        keys = evidence.get("keys") or {}
        self.key_words = {w.lower() for w in keys.get("after", ())}
        self.modifiers = {w.lower() for w in keys.get("modifiers", ())}
        self.names_after = {w.lower() for w in evidence.get("names_after", ())}
        # lower-case text: a run of ``least`` to ``most`` letters spells an acronym text writes
        self.written = set(evidence.get("written", ())) if evidence.get("written_only") else None

    def _keys(self, before):
        """Do the words ``before`` a run end with a word of pressing keys ("press c x o"), a
        modifier key ("control c x") or a noun for what letters name ("the flags r w x"), so
        that the letters are keys or names said one by one?"""
        last = before[-1].strip(self.edge).lower() if before else ""
        return last in self.modifiers or last in self.key_words or last in self.names_after

    def _number_after(self, spans, sp):
        """Is the span right after ``sp`` written with a digit first ("u a" before "920")?"""
        return any(s == sp[1] + 1 and out[:1].isdigit() for s, _, _, out in spans)

    def _number_before(self, spans, sp):
        """Is the span right before ``sp`` written with a digit last ("634" before "a d")?"""
        return any(e == sp[0] - 1 and out[-1:].isdigit() for _, e, _, out in spans)

    def _listed(self, after):
        """Do the words ``after`` a run open with "and"/"or" then one letter that ends the
        list ("h l n p and q are", "u v and w")?  Not one of the ``word_letters`` (an article,
        a pronoun: "f b i and a lawyer"), nor a letter that begins another run ("f b i and c i a")."""
        for _ in range(2):  # letters said after the run belong to the list too: "e e f [r] and w"
            if len(after) > 2 and self._single(after[0]) and after[0].lower() not in self.words_alone:
                after = after[1:]
        if len(after) < 2 or after[0].lower() not in self.lists:
            return False
        last = after[1].strip(self.edge)
        if len(last) != 1 or not last.isalpha() or last.lower() in self.words_alone:
            return False
        nxt = after[2].strip(self.edge) if len(after) > 2 else ""
        return not (len(nxt) == 1 and nxt.isalpha())

    def _article(self, letters, before, number_before=False):
        """Are two letters in lower-case text the article and a letter ("through a d bus"), or
        a letter and the article that opens the next phrase ("in nineteen twelve t a new law",
        "and a a half")?  The first is an article word and the second a letter said after "a"
        (not "an f") with no number before them ("634 AD"), or the second is an article word;
        and no determiner comes before them ("the a c", "the t a").  (The caller asks for a
        word after them.)"""
        if len(letters) != 2:
            return False
        first, second = letters[0].lower(), letters[1].lower()
        opens = first in self.articles and second not in self.an_letters and not number_before
        if not (opens or second in self.articles):
            return False
        prev = before[-1].strip(self.edge).lower() if before else ""
        return prev not in self.article_after

    def _single(self, word):
        """Is the word one letter ("r", "q,")?"""
        core = word.strip(self.edge)
        return len(core) == 1 and core.isalpha()

    def _sentence_article(self, letters, before):
        """Are two capitals written apart the article opening a sentence and a letter ("A C
        programmer", "A B tree is")?  The first is an article word written with its capital,
        at the start of the text or after a word that ends a sentence."""
        if len(letters) != 2 or not letters[0].isupper() or letters[0].lower() not in self.articles \
                or not letters[1].isupper():
            return False
        return not before or before[-1].endswith((".", "!", "?"))

    def _letters(self, written):
        return [c for c in (w.strip(self.edge) for w in written.split(" ")) if len(c) == 1 and c.isalpha()]

    def short_ok(self, out, written, cased, after=""):
        """Is a short run (fewer than ``least`` letters, or joined by "&") written ``out``,
        said as ``written``, an acronym?  ``cased``: the text shows case; ``after``: the word
        after the run."""
        if out.lower() in self.known:
            return True
        letters = self._letters(written)
        if "&" in out:  # "K and N", "A and B" written so stay; "g and g Foods" a normalizer spelled,
            # a name goes on after it; "options g and l", "with e and w" are letters of prose
            return cased and bool(letters) and all(c.islower() for c in letters) and after[:1].isupper()
        return cased and bool(letters)

    def choose(self, src, hyps, best, left, right, words):
        written = region_text(src, words)
        keep, asked, cased = [], False, None
        for sp in best.spans:
            if sp[2] != self.cls or "." in sp[3]:
                keep.append(sp)
                continue
            said = written[sp[0]:sp[1]] if written else src[sp[0]:sp[1]]
            letters = self._letters(said)
            if any(a.islower() and b.isupper() for i, a in enumerate(letters) for b in letters[i + 1:]):
                continue  # "a C function", "z and A"
            if self._number_after(best.spans, sp):
                keep.append(sp)  # "u a 920"
                continue
            if self.key_words or self.modifiers or self.names_after:
                asked = asked or sp[0] == 0  # the words before the region decide
                if self._keys([*left, *words[:src.count(" ", 0, sp[0])]]):
                    continue  # "press c x o", "control c x"
            asked = asked or not right
            if not left and not right and sp[0] == 0 and sp[1] == len(src):
                keep.append(sp)  # the text is nothing but the letters: "p p" -> "PP"
                continue
            k = src.count(" ", 0, sp[1]) + 1  # the index of the word after the span
            asked = asked or bool(self.lists) and k + 5 > len(words)  # the words after it decide
            if self.lists and self._listed([*words[k:], *right][:5]):
                continue  # "h l n p and q"
            size = sum(c.isalpha() for c in sp[3])
            run = "&" not in sp[3] and self.least <= size and not (self.most and size > self.most)
            joined = "".join(c for c in sp[3] if c.isalpha()).lower()
            if run and (self.written is None or joined in self.written or joined in self.known):
                keep.append(sp)
                continue
            if cased is None:
                asked = True
                near = [*left, *words, *right]
                cased = any(cased_word(w.strip(self.edge)) or any(c in self.edge for c in w) for w in near)
            if run:
                if cased:
                    keep.append(sp)
                continue  # lower-case text: "normally c x o moves", "append a c z": no acronym text writes
            if "&" not in sp[3] and size >= self.least:
                if cased or self.word_shape and self.word_shape.fullmatch("".join(letters).lower()):
                    keep.append(sp)  # "p e p a n n r e s )", "of e x p o k o s and": a name spelled
                continue  # "the units are s m h d w m y": a list of letters
            if not cased and self.articles:
                first = src.count(" ", 0, sp[0])
                asked = True  # the words around it decide
                if [*words[k:], *right] and self._article(letters, [*left, *words[:first]],
                                                          self._number_before(best.spans, sp)):
                    continue  # "through a d bus", "t a new law"
            if cased and "&" not in sp[3] and [*words[k:], *right] \
                    and self._sentence_article(letters, [*left, *words[:src.count(" ", 0, sp[0])]]):
                continue  # "A C programmer will see"
            if self.short_ok(sp[3], said, cased, next(iter([*words[k:], *right]), "")):
                keep.append(sp)
        if len(keep) != len(best.spans):
            best = best.with_spans(keep)
        return best, asked
