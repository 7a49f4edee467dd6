"""Two numbers said with "to" written as one range ("164 to 165" -> "164-165", or "3 to 1").

One piece of code for the rules that write such ranges: a tokenized text's ranges
(tokenized.py: "pages 164 - 165") and scores, votes and odds (pair_cues.py: "won 3 to 1").
A rule gives its ``ranges`` spec:

- ``class``: the range class that writes the two numbers as one ("3-1");
- ``said``: the words said between the numbers ("to");
- ``over``: the classes the two numbers may be read as (or words kept: "three to one");
- ``not_after``, ``not_before``: words before the first number or after the second that keep
  them apart ("from 1905 to 1907", "a vote of 31 to 26", "30 to 90 seconds");
- ``bare``: two numbers below a hundred said in a row with no word between are joined too,
  read as if the first ``said`` word stood between them and always written with the dash
  ("won three one" -> "won 3-1": no word was said to keep); not inside a longer run or list of
  numbers ("voted one two three", "three eight and fifteen"), unless each item of that list is
  two or four numbers in a row ("won three one and four two" -> "3-1 and 4-2", "two one three
  two and one one" -> "2-1 3-2 and 1-1": a list of pairs).

Words the best reading joins into another entity ("three to six volts", "April 2004 to 15
years") stay as they are, and so do numbers written with a capital (the text's own words).
"""
import regex

_DASH = regex.compile(r"(?<=\d)-(?=\d)")
_BARE = regex.compile(r"\d{1,2}-\d{1,2}")


class DashedRanges:
    def __init__(self, spec, classes, read):
        classes = list(classes)
        self.read = read  # (class index, text) -> its outputs, best first
        self.range = classes.index(spec["class"]) if spec.get("class") in classes else None
        self.said = frozenset(spec.get("said", ()))
        self.over = frozenset(classes.index(c) for c in spec.get("over", ()) if c in classes)
        self.not_after = frozenset(w.lower() for w in spec.get("not_after", ()))
        self.not_before = frozenset(w.lower() for w in spec.get("not_before", ()))
        self.bare = spec.get("bare", False)  # two numbers said in a row too ("won three one")
        self.read_as = (list(spec.get("said", ())) or ["to"])[0]

    def dashed(self, src, best, before, words, after, where=None, dash=True):
        """``best``'s spans with two numbers it writes apart, joined by a ``said`` word alone
        ("164 to 165"), written as one range as the range class reads them, where
        ``where(prev, nxt, joined)`` allows (``prev``: the words before the first number,
        ``before``'s and the region's; ``nxt``: the word after the second, a list of at most one;
        ``joined``: whether a pair before it in the region was joined).  ``before``, ``after``:
        the words around the region; ``words``: its own as written.  Without ``dash`` the
        numbers are written as the range writes them with the word said kept between them ("3
        to 1"); numbers said in a row (``bare``) keep the dash.  -> (the spans, whether the
        context words were asked)."""
        if self.range is None or not self.bare and self.said.isdisjoint(src.split(" ")):
            return tuple(best.spans), False
        spans, out, asked, joined = list(best.spans), [], False, False
        paired = self._pair_lists(src, spans) if self.bare else set()
        while spans:
            a, b, c, o = spans.pop(0)
            joint = src[b:spans[0][0]].strip() if spans else None
            if spans and self._number(src, (a, b, c, o)) and self._number(src, spans[0]) \
                    and (joint in self.said or self.bare and joint == "" and b < spans[0][0]
                         and (a in paired or not self._in_run(src, out[-1:], spans[1:2], a, spans[0][1]))):
                s, e, asked = a, spans[0][1], True
                prev = before + src[:s].split()
                nxt = (src[e:].split() + after)[:1]
                if a in paired and spans[1:2] and spans[1][0] in paired and not src[e:spans[1][0]].strip():
                    nxt = []  # the next pair of the list said right after it: "two one three two"
                k, n = src.count(" ", 0, s), src.count(" ", s, e) + 1
                said = words[k:k + n] if len(words) == src.count(" ") + 1 else [src[s:e]]
                keep = _core(prev[-1:]) in self.not_after or _core(nxt) in self.not_before \
                    or any(w != w.lower() for w in said) or (where is not None and not where(prev, nxt, joined))
                text = src[s:e] if joint else f"{src[a:b]} {self.read_as} {src[spans[0][0]:e]}"
                rng = None if keep else (self.read(self.range, text) or [None])[0]
                if rng is not None and not joint and not _BARE.fullmatch(rng):
                    rng = None  # said in a row, two numbers below a hundred ("three one hundred" is none)
                if rng is not None and "-" in rng:
                    joined = True
                    if joint and not dash:
                        rng = _DASH.sub(f" {joint} ", rng, count=1)
                    out.append((s, e, self.range, rng))
                    spans.pop(0)
                    continue
            out.append((a, b, c, o))
        return tuple(out), asked

    def _in_run(self, src, before, after, s, e):
        """Are the numbers said in a row at [s, e) part of a longer run or list ("voted one two
        three", "the numbers are three eight and fifteen"): a span of an ``over`` class (of
        ``before``/``after``, at most one each) right before or after them, or after a mark or a
        word of ``_LIST``?"""
        return any(sp[2] in self.over and _listed(src[sp[1]:s]) for sp in before) \
            or any(sp[2] in self.over and _listed(src[e:sp[0]]) for sp in after)

    def _pair_lists(self, src, spans):
        """The starts of the numbers of ``spans`` in lists of pairs: runs of numbers joined as a
        list's terms are (``_listed``) whose items, between marks or words of ``_LIST``, are
        each two or four numbers said in a row, two items or more ("three one and four two";
        not "three eight and fifteen", nor "one two three four")."""
        out, run = set(), []
        for sp in [*spans, None]:
            if sp is not None and self._number(src, sp) and (not run or _listed(src[run[-1][1]:sp[0]])):
                run.append(sp)
                continue
            items = [[run[0]]] if run else []
            for prev, cur in zip(run, run[1:]):
                if src[prev[1]:cur[0]].strip():
                    items.append([])
                items[-1].append(cur)
            if len(items) > 1 and all(len(item) in (2, 4) for item in items):
                out.update(x[0] for x in run)
            run = [sp] if sp is not None and self._number(src, sp) else []
        return out

    def _number(self, src, span):
        """Is ``span`` a number a range may join: of an ``over`` class, or words kept?"""
        a, b, c, o = span
        return c in self.over or o.lower() == src[a:b]


_LIST = frozenset({"", "and", "or", "&"})  # words between the terms of a list


def _listed(gap):
    """Is ``gap``, the text between two numbers, nothing or a list's joining ("", ",", "and")?"""
    return all(bare_word(w) in _LIST for w in gap.split())


def bare_word(word):
    """``word`` in lower case without the marks at its edges ("Two," -> "two")."""
    return regex.sub(r"^\W+|\W+$", "", word).lower()


def _core(words):
    """The first of ``words`` (a list of at most one) as ``bare_word`` writes it, or ""."""
    return bare_word(words[0]) if words else ""
