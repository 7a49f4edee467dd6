"""Fractions.  TN: "3/4" -> "three quarters", "2 1/2" -> "two and a half", "½" -> "one half",
              "2/3rd" -> "two thirds" ("3/20" is dearer: a date, fractions.yaml date_like),
              "a 60/40 split" -> "a sixty forty split" (two shares, fractions.yaml splits)
              ITN: "one and a half" -> "1 1/2", "three over four" -> "3/4", "a third" stays words,
              "a sixty forty split" -> "a 60/40 split" (only before a noun of splits)

Token: [-][whole ]numerator/denominator, e.g. "2 1/2".  Denominators with words of
their own (half, quarter) come from fractions.yaml; the others are ordinals
("fifth", "sixths").

Table-driven locales (de es fr it ru): the denominator is a noun the numerator agrees with
(grammars/_counted.py), listed in fractions.yaml: "1/3" -> "ein Drittel", "un tercio",
"2/5" -> "dos quintos", "одна треть", "две пятых";  ITN writes "1/3".  No mixed numbers yet.
"""
import pynini

from . import _counted, lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "fraction"
REQUIRES = ("cardinal", "ordinal")


SLASH = "\u2044"  # the fraction slash of "3⁄4"
POSITIVE = chars("123456789") + closure(chars(DIGITS))  # a whole number without leading zeros

def build(loc, cardinal, ordinal):
    if _counted.agrees(loc):
        return _agreeing(loc, cardinal)
    fr, itn = loc.lex("fractions"), loc.itn("numbers")
    written, amount = _written(loc, cardinal, ordinal)
    spoken = _spoken(loc, cardinal, ordinal)
    split = _Splits(loc, cardinal)
    if split.pairs is not None:
        # a pair of shares is said as two numbers, never as a fraction ("sixty fortieths")
        bare = split.bare if loc.direction == "tn" else None
        spoken = union(pynini.compose(pynini.difference(closure(chars(DIGITS + "/- ")), split.pairs), spoken),
                       bare, split.before_noun)
        written = union(written, split.pairs + split.nouns)
    odds, tagged = _odds(loc, cardinal), []
    if odds is not None:  # TN: "the 5/1 favourite" -> "the five to one favourite"; ITN under a tag: "five to one" -> "5/1"
        pair, phrased = odds
        arm = phrased if loc.direction == "tn" else union(pair, phrased)  # a tag on the numbers or the phrase
        written, spoken = lib.tn_arm(loc, pynini.project(arm, "input"), lib.weighted(arm, loc.style("fraction_odds")),
                                     (written, spoken), tagged)
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"itn": {"anchors": sorted({w for v in fr["denominators"].values() for k in ("one", "many")
                                             for w in v[k]} | set(itn["fraction_over"])
                                            | {w + "s" for w in ordinal.parts["ordinal_words"].values()}),
                          "joiners": split.words},
                  "tn": {"patterns": [rf"\d[/{SLASH}]\d", "[" + "".join(fr.get("characters", {})) + "]"],
                         "joiners": _odds_words(loc)}},
        parts={"amount": amount}, tagged=tuple(tagged))


class _Splits:
    """Two shares of a whole (fractions.yaml ``splits``): ``pairs`` the written "60/40" whose
    numbers add up to the total (None: no splits), ``bare`` token -> "sixty forty", ``nouns``
    the written " split" after them, ``before_noun`` "60/40 split" -> "sixty forty split",
    ``words`` the nouns."""

    def __init__(self, loc, cardinal):
        sp = loc.lex("fractions").get("splits")
        self.pairs = self.bare = self.nouns = self.before_noun = None
        self.words = lib.words(sp["nouns"]) if sp else []
        if not sp:
            return
        total = sp["total"]
        self.pairs = union(*(t(f"{x}/{total - x}") for x in range(1, total))).optimize()
        share = pynini.compose(POSITIVE, cardinal.parts["number"])
        self.bare = pynini.compose(self.pairs, share + cross("/", " ") + share).optimize()
        self.nouns = union(*(t(" " + w) for w in self.words))
        # ITN: the pairs whose words are no year or price ("nineteen eighty one", "one ninety nine")
        itn = union(*(t(f"{x}/{total - x}") for x in range(sp["itn_min_first"], total - sp["itn_min_second"] + 1)))
        self.before_noun = pynini.compose(itn if loc.direction == "itn" else self.pairs, self.bare) + self.nouns


def _odds(loc, cardinal):
    """Betting odds (fractions.yaml ``odds``; ITN under a tag only): a slash pair of numbers up to three
    digits next to a word of betting, said "X to Y" with the words around it as written:
    "5/1 favourite", "12/1 chance" (``after_improper``: the first number the larger), "odds of
    9/4", "quoted him at 25/1".  -> (the pair alone, the pair with its words), or None: no
    odds in the locale's lexicon."""
    od = loc.lex("fractions").get("odds")
    if not od:
        return None
    nz, digit = chars("123456789"), chars(DIGITS)
    up3 = union(*(nz + closure(digit, k, k) for k in range(3)))
    said = pynini.compose(up3, cardinal.parts["number"])
    pair = said + cross("/", " to ") + said
    # the first number the larger (denominators up to 30): "12/1", "100/30"
    improper = pynini.compose(_larger_first((1, 2), 3, same_length=(1, 2)),
                              closure(digit) + t("/") + union(*(t(str(d)) for d in range(1, 31))))
    improper = pynini.compose(improper, pair)

    def phrase(ws, before=False):  # " favourite" after the pair, "odds of " before it (and "Odds of ")
        ws = lib.words(ws or [])
        if before:
            ws = sorted({*ws, *(w[:1].upper() + w[1:] for w in ws)})
            return union(*(t(w + " ") for w in ws)) if ws else None
        return union(*(t(" " + w) for w in ws)) if ws else None
    quoted = lib.words(od.get("quoted") or [])
    objects = [""] + [o + " " for o in lib.words(od.get("objects") or [])]
    said_at = phrase([f"{v} {o}at" for v in quoted for o in objects], before=True)
    before = union(*(f for f in (phrase(od.get("before"), True), said_at) if f is not None))
    parts = [pair + phrase(od["after"])]
    if od.get("after_improper"):
        parts.append(improper + phrase(od["after_improper"]))
    if before is not None:
        parts.append(before + pair)
    return pair.optimize(), union(*parts).optimize()


def _odds_words(loc):
    """The words of fractions.yaml ``odds`` (TN joiners: "favourite", "odds", "of", "quoted", "him", "at")."""
    od = loc.lex("fractions").get("odds") or {}
    return sorted({w.lower() for key in ("after", "after_improper", "before", "quoted", "objects")
                   for phrase in lib.words(od.get(key) or []) for w in phrase.split()} | ({"at"} if od.get("quoted") else set()))


def _denominators(loc, ordinal):
    """-> (after one, after more): "4" -> "quarter" / "quarters", "5" -> "fifth" / "fifths":
    special words (fractions.yaml denominators), else the ordinal (plural with an "s")."""
    positive = POSITIVE
    special = {str(d): v for d, v in loc.lex("fractions")["denominators"].items()}
    plain = pynini.difference(positive, union(t("1"), *(t(d) for d in special)))
    ordinal_said = pynini.compose(plain, ordinal.parts["number"])
    # the first word of a list is the one said, the others cost the variant weight ("quarter", "fourth")
    one = union(ordinal_said, *(lib.mapping([(d, v["one"])], loc.variant) for d, v in special.items()))
    many = union(ordinal_said + insert("s"), *(lib.mapping([(d, v["many"])], loc.variant) for d, v in special.items()))
    return one, many


def _digits(lo, hi=None):
    """A number of lo..hi digits (hi None: no bound), no leading zero."""
    nz = chars("123456789")
    return nz if hi == 1 else nz + closure(chars(DIGITS), lo - 1, hi - 1 if hi else None)  # closure(.., 0, 0) is unbounded


def _proper(loc):
    """The fraction of a mixed number is proper, or costs fraction_improper_mixed: ITN reads
    "one hundred and twenty seven eighths" as 127/8, not 100 27/8 (numerators up to 6 digits
    checked)."""
    num = _digits
    # improper: the numerator longer, or both of one digit and the numerator no smaller ("3/3";
    # "3/1" is never read: a denominator of one has no word)
    improper = union(_larger_first(range(1, 6), 6, same_length=(1,)), *(t(f"{n}/{n}") for n in range(2, 10)))
    proper = union(*(t(f"{n}/{d}") for d in range(2, 10) for n in range(1, d)),
                   *(num(a, a) + t("/") + num(a + 1) for a in range(1, 7)),
                   *(num(a, a) + t("/") + num(a, a) for a in range(2, 7)), num(7) + t("/") + num(1))
    return union(proper, lib.weighted(improper, loc.style("fraction_improper_mixed"))).optimize()


def _larger_first(den_digits, max_digits, same_length=()):
    """Slash pairs n/d whose first number is the larger, no leading zeros: d of a number of
    digits in ``den_digits``, n longer (up to ``max_digits`` digits) or, where d has a number
    of digits in ``same_length``, as long and larger ("12/1", "120/80", "99/15")."""
    num = lambda k: _digits(k, k)
    longer = [num(a) + t("/") + num(b) for b in den_digits for a in range(b + 1, max_digits + 1)]
    same = [t(f"{n}/{d}") for k in same_length for d in range(10 ** (k - 1), 10 ** k) for n in range(d + 1, 10 ** k)]
    return union(*longer, *same).optimize()


def _improper_big():
    """Slash pairs n/d with d >= 10 and n > d, n longer or both of two digits (up to six
    digits): "120/80", "99/15"."""
    return _larger_first(range(2, 6), 6, same_length=(2,))


def _spoken(loc, cardinal, ordinal):
    """Token -> spoken: "3/4" -> "three quarters" / "three over four", "1/2" -> "one half" /
    "a half", "2 1/2" -> "two and a half"."""
    variant, fr, itn = loc.variant, loc.lex("fractions"), loc.itn("numbers")
    number, positive = cardinal.parts["number"], POSITIVE
    den_one, den_many = _denominators(loc, ordinal)
    numerator_one = lib.mapping([("1", cardinal_one(loc))], variant)
    article = union(*(cross("1", a) for a in fr["article"]))
    other_num = pynini.compose(pynini.difference(positive, t("1")), number)
    slash = cross("/", " ")
    simple = union(numerator_one + slash + den_one,
                   lib.weighted(article, loc.style("article_for_one")) + slash + den_one,
                   other_num + slash + den_many)
    if loc.direction == "tn":
        # TN: a pair whose numerator outgrows a denominator of two digits or more is no share
        # of a whole ("120/80" is no "one hundred twenty eightieths"): said with "over"
        big = _improper_big()
        simple = union(pynini.compose(pynini.difference(closure(chars(DIGITS + "/")), big), simple),
                       lib.weighted(pynini.compose(big, simple), loc.style("fraction_improper_big")))
    over = union(*(insert(f" {w} ") for w in itn["fraction_over"]))
    # a term of "over" may leave "hundred" out, as a number alone may ("one twenty over eighty",
    # a blood pressure: 120/80; cardinal hundreds_implied)
    term = pynini.compose(positive, cardinal.parts.get("number_alone", number))
    over_form = lib.weighted(term + delete("/") + over + term, loc.style("fraction_over"))
    and_ = union(*(insert(f" {w} ") for w in fr["and"]))
    mixed_frac = union(lib.weighted(article, loc.style("mixed_fraction_article")) + slash + den_one,
                       lib.weighted(numerator_one, variant) + slash + den_one, other_num + slash + den_many)
    if "fraction_mixed_singular" in loc.weights["styles"]:  # ITN: the denominator as said before a noun ("two and three quarter cups" -> "2 3/4")
        mixed_frac |= lib.weighted(other_num + slash + den_one, loc.style("fraction_mixed_singular"))
    mixed_frac = pynini.compose(_proper(loc), mixed_frac)
    # a round thousand, million... is no whole part: "a million and a half" is 1.5 million,
    # never "1,000,000 1/2"
    whole_part = pynini.difference(positive, positive + t("000"))
    mixed = pynini.compose(whole_part, number) + delete(" ") + and_ + mixed_frac
    return cardinal.parts["sign_spoken"].ques + union(simple, over_form, mixed)


def _written(loc, cardinal, ordinal):
    """-> (written -> token, the amount measure reads before a unit: "one half inch" -> "1/2
    inch"): "3/4", "3⁄4", "½", "2/3rd", "2 1/2"; like small cardinals, a standalone fraction
    of small numbers stays words in ITN ("a third of them", "two thirds"), with a whole
    number it is written ("2 1/2"); a date-like one ("3/20") costs fraction_date_like."""
    fr, written_variant = loc.lex("fractions"), loc.style("written_variant")
    positive = POSITIVE
    chars_map = fr.get("characters", {})
    ascii_frac = positive + t("/") + positive
    uni = lib.mapping(sorted(chars_map.items())) if chars_map else None
    uni = lib.weighted(uni, written_variant) if uni else None  # ITN writes ASCII "1/2"
    # "2/3rd", "1/7th": the denominator written as an ordinal
    suffixed = pynini.compose(positive + closure(chars("stndrhSTNDRH"), 2, 2), ordinal.written)
    suffixed = lib.weighted(positive + t("/") + pynini.compose(suffixed, positive), written_variant)
    frac_w = union(ascii_frac, suffixed, positive + cross(SLASH, "/", written_variant) + positive, uni)
    whole = cardinal.parts["written_digits"]
    written = cardinal.parts["sign_written"].ques + union(
        frac_w, whole + t(" ") + ascii_frac, whole + insert(" ") + uni if uni else None)
    amount = written.optimize()
    below = loc.itn("formats")["standalone_words_below"]
    if below > 1:
        small = union(*(t(f"{n}/{d}") for n in range(1, below) for d in range(2, below) if n < d))
        written = union(pynini.compose(written, pynini.difference(closure(chars(DIGITS + "/- ")), small)),
                        lib.weighted(pynini.compose(written, small), loc.style("fraction_small_written")))
    date_like = fr.get("date_like")
    if date_like:
        dates = union(*(t(f"{n}/{d}") for n in range(1, date_like["max_numerator"] + 1) for d in date_like["denominators"]))
        written = union(pynini.compose(written, pynini.difference(closure(chars(DIGITS + "/- ")), dates)),
                        lib.weighted(pynini.compose(written, dates), loc.style("fraction_date_like")))
    return written, amount


def cardinal_one(loc):
    return loc.lex("numbers")["digits"][1]


def _agreeing(loc, cardinal):
    """"n/d" -> "n|d" -> count + denominator noun ("две пятых")."""
    fr, nums = loc.lex("fractions"), cardinal.parts["table"]
    digit, nz = chars(DIGITS), chars("123456789")
    dens = {str(d): v for d, v in fr["denominators"].items()}
    positive = cardinal.parts["written_digits"]
    chars_map = fr.get("characters", {})
    uni = lib.weighted(lib.mapping(sorted(chars_map.items())), loc.style("written_variant")) if chars_map else None
    written = union(positive + t("/") + union(*(t(d) for d in dens)), uni)
    spoken = pynini.compose(nz + closure(digit) + cross("/", "|") + union(*(t(d) for d in dens)),
                            _counted.counted(loc, nums, dens))
    words = {x.lower() for v in dens.values() for k in ("one", "few", "many") for w in lib.words(v.get(k, []))
             for x in w.split()}
    words |= {w.lower() for g in loc.lex("numbers").get("genders", {}).values() for ws in g.values() for w in lib.words(ws)}
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"itn": {"joiners": sorted(words)},
                  "tn": {"patterns": [r"\d/\d", "[" + "".join(chars_map) + "]"] if chars_map else [r"\d/\d"]}})
