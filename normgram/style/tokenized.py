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
  3 - 2", "1991 - 95"), where a speaker says "to" (dashed.py: two numbers the best reading
  writes apart, the rest of the region written as before; not after "from" or a ratio's
  "of", not before a span of time).

    >>> t = Tokenized({"evidence": [",", "."], "spaced": {"money": ["$"]}})
    >>> t.shows("he paid sixty dollars .".split()), t.shows("he paid sixty dollars.".split())
    (True, False)
    >>> t.space("$60", "money"), t.space("60 cents", "money"), t.space("$60", "measure")
    ('$ 60', '60 cents', '$60')
"""
import regex

from .dashed import DashedRanges


def from_spec(env, built):
    """The registry's entry: the rule of an ITN spec whose settings hold ``tokenized_text``."""
    spec = env.spec
    raw = spec.settings.tokenized_text if spec.direction == "itn" else None
    return [Tokenized(raw, spec.classes, env.read)] if raw else []


class Tokenized:
    def __init__(self, spec, classes=(), read=None):
        self.classes, self.read = list(classes), read  # read: (class index, text) -> its outputs, best first
        self.evidence = frozenset(spec.get("evidence", ()))
        self.ranges = DashedRanges(spec.get("ranges") or {}, classes, read)  # no class: the rule is off
        # class -> a pattern of its marks touching a letter or digit on either side
        self._marks = {cls: regex.compile(r"(?<=\w)(?=%s)|(?<=%s)(?=\w)" % ((_alt(marks),) * 2))
                       for cls, marks in (spec.get("spaced") or {}).items() if marks}

    def choose(self, src, hyps, best, left, right, words):
        """``best`` with its ranges written with a dash and the marks of its spans set apart
        where its words and the context words on each side, ``left`` and ``right`` (as
        streaming sees them too), show a tokenized text.  -> (reading, whether the context
        words were asked)."""
        dashed, asked = self.ranges.dashed(src, best, left, words, right)
        spans = tuple((s, e, c, self.space(o, self.classes[c])) for s, e, c, o in dashed)
        if spans == tuple(best.spans):
            return best, asked
        if not self.shows([*left, *words, *right]):
            return best, True
        return best.with_spans(spans), True

    def shows(self, words):
        """Do the input ``words`` (whitespace-separated, as written) show a tokenized text?"""
        return not self.evidence.isdisjoint(words)

    def space(self, output, cls):
        """``output`` of a span of class ``cls`` with its ``spaced`` marks set apart."""
        pat = self._marks.get(cls)
        return output if pat is None else pat.sub(" ", output)


def _alt(marks):
    return "|".join(regex.escape(m) for m in sorted(marks, key=len, reverse=True))
