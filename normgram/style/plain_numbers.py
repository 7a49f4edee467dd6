"""Plain numbers (ITN): numbers written without thousands separators where their use asks.

Catalogue numbers: a number after a word that labels it as an entry of a catalogue or a
standard.
ITN writes a number of four digits or more with separators ("three thousand four hundred
forty" -> "3,440"); a catalogue, a register or a standard numbers its entries in plain digits,
and texts copy them so: "ISO 9001", "JSTOR 1298015", "Issue 7788", "( entry 602011 )", "DIN
45596", "No . 4472".  itn_rules formats.yaml ``label_context`` ``plain_numbers`` names the
labels: ``after``, in any case, and ``after_cased``, only as written there ("No", not the
determiner "no"); ``skip``: marks standing alone between the label and the number ("No .
4472").  The label may be a word of the text or the end of a span ITN wrote ("o c l c" ->
"OCLC").  Other numbers keep their separators ("a population of 3,440").

Year ranges: a number of ``year_ranges`` ``first`` said as a cardinal ("one thousand nine
hundred seventy six") before a joining word of ``joined_by`` and a number of one or two digits
is the first year of a range: "1976 - 77", "the 1998 - 99 season".
"""
import regex

from . import case_cues


def from_spec(env, built):
    """The registry's entry: the rule of an ITN spec whose label_context has ``plain_numbers``."""
    spec = env.spec
    labels = (spec.settings.label_context or {}) if spec.direction == "itn" else {}
    raw = labels.get("plain_numbers")
    sep = spec.settings.thousands_separator
    if not raw or not sep:
        return []
    return [CatalogueNumbers(raw, sep, spec.text.edge_punctuation)]


class CatalogueNumbers:
    def __init__(self, raw, sep, edge):
        self.after = frozenset(w.lower() for w in raw.get("after", ()))
        self.cased = frozenset(raw.get("after_cased", ()))
        self.skip = frozenset(raw.get("skip", ()))
        self.sep, self.edge = sep, edge
        years = raw.get("year_ranges") or {}
        self.first = tuple(years.get("first", ()))
        self.joined_by = frozenset(years.get("joined_by", ()))
        self.within = years.get("within", 99)  # the second year at most this many after the first
        self.grouped = regex.compile(rf"\d{{1,3}}(?:{regex.escape(sep)}\d{{3}})+")

    def _label(self, word):
        """Is ``word`` (as written, marks at its edges and dots inside it dropped) a label?"""
        core = word.strip(self.edge).replace(".", "")
        return core.lower() in self.after or core in self.cased

    def _before(self, src, spans, i, words, left):
        """The written words before span ``i``, nearest last: the output of a span that ends
        right before it, else the region's words and then the context's."""
        s = spans[i][0]
        k = src.count(" ", 0, s)
        prev = [sp for sp in spans[:i] if sp[1] == s - 1]
        if prev:
            first = src.count(" ", 0, prev[-1][0])
            return left + words[:first] + prev[-1][3].split(" ")
        return left + words[:k]

    def _year_range(self, src, spans, i, right):
        """Is span ``i`` the first year of a range: a number of ``first``, then a word of
        ``joined_by`` and a number of one or two digits, as written, a year at most ``within``
        after it ("1976 - 77"; not "1200 - 15")?"""
        s, e, _, out = spans[i]
        if not self.first or not self.first[0] <= int(out.replace(self.sep, "")) <= self.first[1]:
            return False
        after = case_cues.written_text(src, spans, e, len(src)).split() + right
        if len(after) < 2 or after[0] not in self.joined_by:
            return False
        end = after[1].rstrip(self.edge)
        first = int(out.replace(self.sep, "")) % 100
        return regex.fullmatch(r"\d{1,2}", end) is not None and 0 < int(end) - first <= self.within

    def choose(self, src, hyps, best, left, right, words):
        if src.count(" ") + 1 != len(words):
            return best, False  # words glued at an elision: no word-by-word view
        spans, asked = list(best.spans), False
        for i, (s, e, cls, out) in enumerate(spans):
            if not self.grouped.fullmatch(out):
                continue
            asked = True
            before = self._before(src, spans, i, words, left)
            while before and before[-1] in self.skip:
                before = before[:-1]
            if before and self._label(before[-1]) or self._year_range(src, spans, i, right):
                spans[i] = (s, e, cls, out.replace(self.sep, ""))
        return (best.with_spans(spans) if spans != list(best.spans) else best), asked
