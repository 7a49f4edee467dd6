"""Tokenized text (ITN): marks written the way the input text spaces its own.

A text that sets its punctuation marks apart from words ("he said , yes .", as
Penn-Treebank-style tokenizers write corpora such as GoogleTN) is tokenized text; the
marks ITN writes inside an entity are then set apart too: "$ 60", "31.7 %",
"1624 - 1713", "R & B" (not "$60", "31.7%", "1624-1713", "R&B").  Text whose marks
stick to its words ("he said, yes.") and text without marks (ASR output) show nothing
and are written as before.  The words that show it are an entity's region and the
context words on each side (pipeline.CONTEXT_WORDS), the words streaming ITN has seen
when it commits the entity too, so both write the same ("sold for $ 60 each , in").

itn_rules formats.yaml ``tokenized_text``:

- ``evidence``: marks that, standing alone as a word of the input, show a tokenized
  text (one is enough: "," "." "``" "'s" ...);
- ``spaced``: per class, the marks its written form sets apart in such a text (a space
  between the mark and a letter or digit that touches it: "$60" -> "$ 60").
- ``ranges``: such a text writes a range of numbers with a dash ("pages 164 - 165", "won
  3 - 2", "1991 - 95"), where a speaker says "to": two numbers joined by a ``said`` word
  that the best reading writes apart (as ``over`` classes or words kept: "164 to 165")
  take the cheapest reading whose span of class ``class`` writes them as one range, the
  rest of the region written as before; not after a ``not_after`` word ("from 1905 to
  1907", "a vote of 31 to 26") nor before a ``not_before`` word ("30 to 90 seconds").  Words the best reading joins into another entity ("three to six volts",
  "April 2004 to 15 years") stay as they are.

    >>> t = Tokenized({"evidence": [",", "."], "spaced": {"money": ["$"]}})
    >>> t.shows("he paid sixty dollars .".split()), t.shows("he paid sixty dollars.".split())
    (True, False)
    >>> t.space("$60", "money"), t.space("60 cents", "money"), t.space("$60", "measure")
    ('$ 60', '60 cents', '$60')
"""
import regex


def from_spec(env, built):
    """The registry's entry: the rule of an ITN spec whose settings hold ``tokenized_text``."""
    spec = env.spec
    raw = spec.settings.tokenized_text if spec.direction == "itn" else None
    return [Tokenized(raw, spec.classes, env.read)] if raw else []


class Tokenized:
    def __init__(self, spec, classes=(), read=None):
        self.classes, self.read = list(classes), read  # read: (class index, text) -> its outputs, best first
        self.evidence = frozenset(spec.get("evidence", ()))
        rng, classes = spec.get("ranges") or {}, list(classes)
        # the class index of the ranges written with a dash (None: the rule is off)
        self._range = classes.index(rng["class"]) if rng.get("class") in classes else None
        self._said = frozenset(rng.get("said", ()))
        self._over = frozenset(classes.index(c) for c in rng.get("over", ()) if c in classes)
        self._not_after = frozenset(w.lower() for w in rng.get("not_after", ()))
        self._not_before = frozenset(w.lower() for w in rng.get("not_before", ()))
        # class -> a pattern of its marks touching a letter or digit on either side
        self._marks = {cls: regex.compile(r"(?<=\w)(?=%s)|(?<=%s)(?=\w)" % ((_alt(marks),) * 2))
                       for cls, marks in (spec.get("spaced") or {}).items() if marks}

    def choose(self, src, hyps, best, left, right, words):
        """``best`` with its ranges written with a dash and the marks of its spans set apart
        where its words and the context words on each side, ``left`` and ``right`` (as
        streaming sees them too), show a tokenized text.  -> (reading, whether the context
        words were asked)."""
        dashed, asked = self.dashed(src, best, left, words, right, self.read)
        spans = tuple((s, e, c, self.space(o, self.classes[c])) for s, e, c, o in dashed)
        if spans == tuple(best.spans):
            return best, asked
        if not self.shows([*left, *words, *right]):
            return best, True
        return best.with_spans(spans), True

    def shows(self, words):
        """Do the input ``words`` (whitespace-separated, as written) show a tokenized text?"""
        return not self.evidence.isdisjoint(words)

    def dashed(self, src, best, before, words, after, read):
        """Two numbers ``best`` writes apart, joined by a ``said`` word alone ("164 to 165"),
        written as one range, as ``read(class, text)`` reads them (its outputs, best first;
        see ``ranges`` above).  ``before``, ``after``: the words around the region; ``words``: its
        own as written (numbers written with a capital are the text's own words).
        -> (the spans, whether the context words were asked)."""
        if self._range is None or self._said.isdisjoint(src.split(" ")):
            return tuple(best.spans), False
        spans, out, asked = list(best.spans), [], False
        while spans:
            a, b, c, o = spans.pop(0)
            if spans and self._number(src, (a, b, c, o)) and self._number(src, spans[0]) \
                    and src[b:spans[0][0]].strip() in self._said:
                s, e, asked = a, spans[0][1], True
                prev, nxt = (before + src[:s].split())[-1:], (src[e:].split() + after)[:1]
                k, n = src.count(" ", 0, s), src.count(" ", s, e) + 1
                said = words[k:k + n] if len(words) == src.count(" ") + 1 else [src[s:e]]
                rng = None if _core(prev) in self._not_after or _core(nxt) in self._not_before \
                    or any(w != w.lower() for w in said) else (read(self._range, src[s:e]) or [None])[0]
                if rng is not None and "-" in rng:
                    out.append((s, e, self._range, rng))
                    spans.pop(0)
                    continue
            out.append((a, b, c, o))
        return tuple(out), asked

    def _number(self, src, span):
        """Is ``span`` a number the ranges rule may join: of an ``over`` class, or words kept?"""
        a, b, c, o = span
        return c in self._over or o.lower() == src[a:b]

    def space(self, output, cls):
        """``output`` of a span of class ``cls`` with its ``spaced`` marks set apart."""
        pat = self._marks.get(cls)
        return output if pat is None else pat.sub(" ", output)


def _core(words):
    """The first of ``words`` (a list of at most one) in lower case without its edge marks."""
    return regex.sub(r"^\W+|\W+$", "", words[0]).lower() if words else ""


def _alt(marks):
    return "|".join(regex.escape(m) for m in sorted(marks, key=len, reverse=True))
