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

    >>> t = Tokenized({"evidence": [",", "."], "spaced": {"money": ["$"]}})
    >>> t.shows("he paid sixty dollars .".split()), t.shows("he paid sixty dollars.".split())
    (True, False)
    >>> t.space("$60", "money"), t.space("60 cents", "money"), t.space("$60", "measure")
    ('$ 60', '60 cents', '$60')
"""
import regex


class Tokenized:
    def __init__(self, spec):
        self.evidence = frozenset(spec.get("evidence", ()))
        # class -> a pattern of its marks touching a letter or digit on either side
        self._marks = {cls: regex.compile(r"(?<=\w)(?=%s)|(?<=%s)(?=\w)" % ((_alt(marks),) * 2))
                       for cls, marks in (spec.get("spaced") or {}).items() if marks}

    def shows(self, words):
        """Do the input ``words`` (whitespace-separated, as written) show a tokenized text?"""
        return not self.evidence.isdisjoint(words)

    def space(self, output, cls):
        """``output`` of a span of class ``cls`` with its ``spaced`` marks set apart."""
        pat = self._marks.get(cls)
        return output if pat is None else pat.sub(" ", output)


def _alt(marks):
    return "|".join(regex.escape(m) for m in sorted(marks, key=len, reverse=True))
