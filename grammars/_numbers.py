"""Number words of every locale, from its numbers.yaml.

    de: "2021" -> "zweitausendeinundzwanzig"      es: "21000" -> "veintiún mil"
    fr: "280" -> "deux cent quatre-vingts"       ru: "2000" -> "две тысячи"
    en: "2105" -> "two thousand one hundred five", "a thousand one hundred and five",
        "twenty one hundred and five"

Structure (all data from numbers.yaml): 1-99 from ``irregular``, ``digits``, ``teens``,
``tens`` and ``tens_joiner`` (``unit_first`` for "einundzwanzig"); 100-999 from
``hundreds``/``hundreds_before``, or the unit and the ``hundred`` word; itn_rules
numbers.yaml ``article_for_one`` ("a hundred", "a thousand": a leading count of one) and
``and_words`` (after a hundreds word, and before a last group below 100 after a scale
word); ``hundreds_counted`` ("twenty one hundred"); above, a count, its scale word in the
plural form the count calls for (``plural`` rules) and the rest.  A count ends in its scale's
``count_forms`` ("veintiún mil", "одна тысяча").  Every word list's first entry is
the spoken default; the others (and lower-case / unhyphenated spellings) cost
``loc.variant``.  ``final`` rewrites the last element: ordinals reuse the structure.
"""
import re

import pynini

from . import lib
from .lib import DIGITS, chars, closure, delete, t


def union(*fsts):
    """n-ary union (lib.union folds pairwise, which is quadratic on long lists)."""
    return pynini.union(*fsts) if len(fsts) > 1 else fsts[0].copy()


def _map(triples, read_output=False):
    """Weighted string map of (input, output, cost) triples, built as one trie over the
    side the direction reads (``read_output``: ITN reads the spoken side, the output): a
    trie over digits makes ITN write a shared first digit before it reads a word."""
    if read_output:
        return pynini.invert(_map([(b, a, c) for a, b, c in triples]))
    return pynini.string_map([(pynini.escape(a), pynini.escape(b), str(float(c))) for a, b, c in triples],
                             input_token_type=lib.TOKEN_TYPE, output_token_type=lib.TOKEN_TYPE)


def identity(kind, n, words):
    return words


class Numbers:
    def __init__(self, loc, spec=None, counts=None):
        """``spec``: number tables other than numbers.yaml (Spanish ordinals); ``counts``: the
        Numbers whose words read the counts of scale words (default: these)."""
        self.loc, self.num = loc, spec or loc.lex("numbers")
        self.counts = counts or self
        self.vw = loc.variant
        self.sep = lib.words(self.num.get("word_separator", [" "]))
        self.rules = self.num.get("scale_rules", {})
        self.exps = sorted(self.num["scales"])
        gap = self.exps[-1] - (self.exps[-2] if len(self.exps) > 1 else 0)
        self.width = self.exps[-1] + max(gap, 3)
        self._cache = {}
        self.itn = getattr(loc, "direction", "tn") == "itn"
        # English habits (itn_rules numbers.yaml): "a hundred", "a thousand" (the article for a
        # leading count of one) and "one hundred and five", "two thousand and five"
        said = loc.itn("numbers") if spec is None else {}
        self.articles = [(a, loc.style("article_for_one")) for a in lib.words(said.get("article_for_one", []))]
        self.ands = [(a, loc.style("and_after_hundred")) for a in lib.words(said.get("and_words", []))]

    # -- words with their costs
    def alts(self, words):
        """[(spelling, cost)]: the first entry free, the others (and lower-case/unhyphenated forms) cost more."""
        out = []
        low = self.loc.style("lower_case_spoken")
        for i, w in enumerate(lib.words(words)):
            base = self.vw if i else 0.0
            cands = [(w, base), (w.lower(), base + low)]
            if self.num.get("hyphen_as_space"):
                cands += [(c.replace("-", " "), cost + self.vw) for c, cost in cands if "-" in c]
            out += cands
        return lib.cheapest(out)

    def ins(self, words):
        return _map([("", w, c) for w, c in self.alts(words)])

    def _cross(self, digits, pairs):
        return _map([(digits, w, c) for w, c in pairs], self.itn)

    # -- 1..99
    def _unit_in_tens(self, u, count):
        return count.get(u) or self.num.get("tens_units", {}).get(u) or self.num["digits"][u]

    def _whole(self, n, count):
        """The words of 1..99 said as one element (count_forms, irregular, a unit, a teen, a
        round ten), or None for a tens word and a unit."""
        num = self.num
        whole = count.get(n) or num.get("irregular", {}).get(n)
        if whole is None and n < 10:
            whole = num["digits"][n]
        elif whole is None and n < 20:
            whole = num["teens"][n]
        elif whole is None and n % 10 == 0:
            whole = num["tens"][n // 10]
        return whole

    def _two_words(self, n, count):
        """[(spelling, cost)] of 1..99 (count: count_forms overrides)."""
        num = self.num
        whole = self._whole(n, count)
        if whole is not None:
            return self.alts(whole)
        tens, unit = self.alts(num["tens"][n // 10]), self.alts(self._unit_in_tens(n % 10, count))
        elide = num.get("elide_before", {})
        out = []
        for j, jc in self.alts(num["tens_joiner"]):
            for a, ac in tens:
                for b, bc in unit:
                    if num.get("unit_first"):
                        s = b + j + a
                    else:
                        cut = j == "" and any(b.startswith(p) for p in elide.get("tens", ()))
                        s = (a[:-1] if cut else a) + j + b
                    out.append((s, ac + bc + jc))
        return out

    def two(self, final, count):
        """"01".."99" -> words; ``final`` rewrites the element, ``count`` holds count_forms."""
        if final is identity and "hundreds" not in self.num:  # built word by word, as its hundreds are
            return self._two_pieces(count)
        triples = []
        for n in range(1, 100):
            triples += [(f"{n:02d}", w, c) for w, c in final("two", n, self._two_words(n, count))]
        return _map(triples, self.itn).optimize()

    def _two_pieces(self, count):
        """"01".."99" -> words, a tens word and a unit word read one after the other: the
        relation of ``two`` (tens word not cut, unit not first), built from the words so that a
        tens word is one path for its nine numbers, not nine (an FST a third the size)."""
        if self.num.get("unit_first") or self.num.get("elide_before", {}).get("tens"):
            raise ValueError("numbers.yaml: a number built word by word (no hundreds:) takes no unit_first, no elision")
        num, whole, pieces = self.num, [], []
        for n in range(1, 100):
            words = self._whole(n, count)
            if words is None:
                pieces.append(t(f"{n:02d}"))
            else:
                whole += [(f"{n:02d}", w, c) for w, c in self.alts(words)]
        out = _map(whole, self.itn)
        if pieces:
            tens = union(*(self._cross(str(d), self.alts(ws)) for d, ws in sorted(num["tens"].items())))
            units = union(*(self._cross(str(u), self.alts(self._unit_in_tens(u, count))) for u in range(1, 10)))
            joiner = _map([("", j, c) for j, c in self.alts(num["tens_joiner"])])
            out = union(out, pynini.compose(union(*pieces), tens + joiner + units))
        return out.optimize()

    # -- 1..999
    def _unit_hundreds(self, pos, two):
        """"100".."999" said as the unit and the ``hundred`` word, where numbers.yaml gives no
        hundreds table ("one hundred five"; leading a number "a hundred and five")."""
        num = self.num
        units = union(*(self._cross(str(h), self.alts(num["digits"][h]) + (self.articles if h == 1 and pos == "lead" else []))
                        for h in range(1, 10)))
        hundred = _map([("", self.sep[0] + w, c) for w, c in self.alts(num["hundred"])])
        return units + hundred + (delete("00") | _map([("", s, c) for s, c in self._after_hundred()]) + two)

    def _after_hundred(self):
        """[(joiner, cost)] between a hundreds word and 1-99: the separators, and " and "."""
        seps = self.alts(self.sep)
        return seps + [(s + a + s, sc + ac) for s, sc in seps if s for a, ac in self.ands]

    def group(self, final, count, pos=None):
        """"001".."999" -> words (``pos``: "lead" the first group said, "after" the last one
        after a scale word, None a count or a locale without articles and "and")."""
        num = self.num
        two = self.two(final, count)
        if num.get("compound_units"):  # "centotré": a unit after a hundreds word
            two = self.two(final, {**num["compound_units"], **count})
        alone_two = self.two(final, count) if num.get("compound_units") else two
        elide = num.get("elide_before", {}).get("hundreds", [])
        if elide:
            sigma = closure(lib.sigma(self.loc))
            starts = union(*(t(p) for p in elide)) + sigma
            two_e = pynini.compose(two, starts).optimize()
            two_p = pynini.compose(two, pynini.difference(sigma, starts)).optimize()
        arms = [delete("0") + alone_two]
        if pos == "after" and self.ands:  # "two thousand and five"
            arms.append(_map([("", a + self.sep[0], c) for a, c in self.ands]) + delete("0") + alone_two)
        if "hundreds" not in num:
            return union(*arms, self._unit_hundreds(pos, two)).optimize()
        for h in range(1, 10):
            alone = count.get(100 * h) or num["hundreds"][h]
            alone = final("hundred", 100 * h, self.alts(alone))
            before = self.alts(num.get("hundreds_before", {}).get(h) or num["hundreds"][h])
            plain, kept, cut, full = [], [], [], []
            for s, sc in self._after_hundred():
                for w, c in before:
                    if elide and s == "":
                        kept.append(("", w, c + sc))
                        cut.append(("", w[:-1], c + sc))
                        full.append(("", w, c + sc + self.loc.variant))  # "novecentoottanta", read
                    else:
                        plain.append(("", w + s, c + sc))
            said = lambda pairs: lib.said(self.loc, str(h), _map(pairs))  # the hundreds word, then the rest
            rest = [said(plain) + two] if plain else []
            if cut:
                rest += [said(kept) + two_p, said(cut) + two_e, said(full) + two_e]
            arms.append(union(self._cross(f"{h}00", alone), *rest))
        return union(*arms).optimize()

    # -- scales
    def _plural_filter(self, width, rule):
        digit = chars(DIGITS)
        f = closure(digit, width, width)
        if "is" in rule:
            f = pynini.intersect(f, lib.number_strings(rule["is"], width))
        if "ends" in rule:
            f = pynini.intersect(f, closure(digit, width - 1, width - 1) + chars("".join(map(str, rule["ends"]))))
        if "not_ends" in rule:
            bad = closure(digit, width - 2, width - 2) + union(*(t(f"{v:02d}") for v in rule["not_ends"]))
            f = pynini.difference(f, bad)
        return f.optimize()

    def padded(self, width, final=identity, count=None, pos=None):
        """width-digit strings (leading zeros, not all zeros) -> words (``pos``: see group)."""
        count = count or {}
        pos = pos if self.articles or self.ands else None
        key = (width, final, tuple(sorted((k, tuple(lib.words(v))) for k, v in count.items())), pos)
        if key in self._cache:
            return self._cache[key]
        if width <= 3:
            out = self.group(final, count, pos)
        else:
            out = self._scaled(width, final, count, pos)
        self._cache[key] = out
        return out

    def _scaled(self, width, final, count, pos):
        e = max(x for x in self.exps if x < width)
        hw = width - e
        rule = self.rules.get(e, {})
        lo = self.padded(e, final, count, pos)
        hi = self.counts.padded(hw, identity, rule.get("count_forms", {}))
        if pos == "lead" and self.articles:  # "a thousand"
            hi = union(hi, delete("0" * (hw - 1) + "1") + _map([("", a, c) for a, c in self.articles]))
        forms = rule.get("forms", {"other": self.num["scales"][e]})
        sep = rule.get("separator", self.sep)
        after = rule.get("after", sep)
        one = t("0" * (hw - 1) + "1")
        taken = pynini.intersect(one, one) if "one" in rule else None
        arms_word, arms_final = [], []
        for prule in self.num.get("plural", [{"form": "other"}]):
            if prule["form"] not in forms:
                continue
            filt = self._plural_filter(hw, prule)
            if taken is not None:
                filt = pynini.difference(filt, taken).optimize()
            taken = filt if taken is None else (taken | filt).optimize()
            counted = pynini.compose(filt, hi) + self.ins(sep)
            word = forms[prule["form"]]
            arms_word.append(counted + self.ins(word))
            arms_final.append(counted + self._ins_pairs(final("scale", e, self.alts(word))))
        if "one" in rule:
            # "one_before_more": ITN reads these forms of 1 x scale only before more number
            # words ("тысячи пятисот"; "около тысячи человек" stays); TN says them alone too,
            # next after the first form ("свыше миллиона")
            said, more = lib.words(rule["one"]), lib.words(rule.get("one_before_more", []))
            alone = said if self.loc.direction == "itn" else said[:1] + more + said[1:]
            arms_word.append(delete(one) + self.ins(said + more))
            arms_final.append(delete(one) + self._ins_pairs(final("one", e, self.alts(alone))))
        zeros_lo = delete("0" * e)
        lo_after = self.padded(e, final, count, "after") if pos else lo
        if lib.words(after)[0] == "" and self.num.get("compound_units"):  # "duemilatré"
            lo_after = self.padded(e, final, {**self.num["compound_units"], **count})
        out = union(delete("0" * hw) + lo,
                    union(*arms_final) + zeros_lo,
                    union(*arms_word) + self.ins(after) + lo_after)
        return out.optimize()

    def _ins_pairs(self, pairs):
        return _map([("", w, c) for w, c in pairs])

    def number(self, final=identity):
        """Digits without leading zeros (and not "0") -> words."""
        digit, nz = chars(DIGITS), chars("123456789")
        pad = pynini.compose(closure(lib.insert("0")) + nz + closure(digit), closure(digit, self.width, self.width))
        out = pynini.compose(pad, self.padded(self.width, final, pos="lead"))
        if self.num.get("hundreds_counted") and final is identity:
            out = union(out, lib.weighted(self._counted_hundreds(), self.loc.style("hundreds_for_four_digits")))
        return out.optimize()

    def _counted_hundreds(self):
        """"twenty one hundred" for 2100: four digits counted in hundreds (11xx-99xx, not x0xx:
        "ten hundred", "twenty hundred" are no such readings)."""
        digit, two = chars(DIGITS), self.two(identity, {})
        count = pynini.difference(chars("123456789") + digit, t("10") | chars("23456789") + t("0"))
        hundred = _map([("", self.sep[0] + w, c) for w, c in self.alts(self.num["hundred"])])
        rest = delete("00") | _map([("", s, c) for s, c in self._after_hundred()]) + two
        return pynini.compose(count, two) + hundred + rest

    def words(self):
        """Every spoken word of the tables (lower case), for triggers."""
        num, out = self.num, set()
        for key in ("digits", "teens", "tens", "irregular", "tens_units", "hundreds", "hundreds_before", "scales"):
            for v in num.get(key, {}).values():
                out.update(lib.words(v))
        for r in self.rules.values():
            for v in list(r.get("forms", {}).values()) + list(r.get("count_forms", {}).values()):
                out.update(lib.words(v))
            out.update(lib.words(r.get("one", [])) + lib.words(r.get("one_before_more", [])))
        out.update(lib.words(num.get("zero", [])) + lib.words(num.get("hundred", [])))
        return {x.lower() for w in out for x in w.replace("-", " ").split()}

    def joiners(self):
        """Words that only join number words ("y", "et", "e")."""
        seps = lib.words(self.num["tens_joiner"]) + self.sep
        for r in self.rules.values():
            seps += lib.words(r.get("after", [])) + lib.words(r.get("separator", []))
        out = {w for s in seps for w in s.replace(",", " ").split()}
        return out - self.words()

    def compound_pattern(self, last=None):
        """Regex of a word made of number pieces ("zweihundertvierunddreißig", "centottanta"),
        optionally ending in one of ``last`` (ordinal words)."""
        pieces = set(self.words())
        for key in ("tens", "hundreds"):  # elided forms: "vent" + "otto", "cent" + "ottanta"
            if self.num.get("elide_before", {}).get(key):
                pieces.update(w.lower()[:-1] for v in self.num.get(key, {}).values() for w in lib.words(v))
        glue = {j.lower() for j in lib.words(self.num["tens_joiner"]) if j.strip() and " " not in j}
        alt = "|".join(re.escape(m) for m in sorted(pieces | glue, key=len, reverse=True))
        head = "|".join(re.escape(m) for m in sorted(pieces, key=len, reverse=True))
        if last is None:
            return rf"(?i)^(?:{head})(?:{alt})*$"
        tail = "|".join(re.escape(m) for m in sorted(last, key=len, reverse=True))
        return rf"(?i)^(?:(?:{head})(?:{alt})*)?(?:{tail})$"


def keep_small(loc, number, written, spoken, first=0, marks=""):
    """Standalone numbers below ``standalone_words_below`` stay words in ITN (as in English),
    whatever their form ("двух", "dritten"): each such word is also its own token, so ITN
    copies it instead of picking the default form.  TN still reads the digits."""
    below = loc.itn("formats")["standalone_words_below"]
    if below <= first:
        return written, spoken
    small = lib.number_strings(range(first, below))
    if marks:  # tokens may end in a mark ("3#0": ordinal.py by_ending)
        small = (small + (t(marks[0]) + chars(marks[1:])).ques).optimize()
    keep = pynini.compose(small, number).project("output").rmepsilon()
    keep = pynini.arcmap(keep, map_type="rmweight").optimize()
    tokens = closure(chars("-" + DIGITS + marks))
    written = union(pynini.compose(written, pynini.difference(tokens, small)),
                    lib.weighted(pynini.compose(written, small), loc.style("written_variant")), keep)
    return written.optimize(), union(spoken, keep).optimize()
