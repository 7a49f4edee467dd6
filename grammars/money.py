"""Money.  TN: "$4.50" -> "four dollars fifty cents", "$1" -> "one dollar", "£20bn" -> "twenty
              billion pounds", "$2.5 million" -> "two point five million dollars",
              "$10–15" / "$10-$15" -> "ten to fifteen dollars", "$5/kg" -> "five dollars per kilogram"
          ITN: "four dollars and fifty cents" / "four fifty dollars" -> "$4.50", "a buck fifty" ->
              "$1.50", "two point five million dollars" -> "$2.5 million", "fifty cents" -> "50 cents",
              "eighty to ninety thousand dollars" -> "$80,000–90,000" (range.yaml shared_scale),
              "between fifty and seventy dollars" -> "between $50 and $70" (range.yaml between)

Token: the amount with a name slot after each part that takes a currency name: "#CODE"
(plural) or "@CODE" (singular) after the major amount, "+CODE" / "*CODE" after the minor
amount, then an optional "/unit":  "4#USD.50+USD", "1@USD", "2.5e6#GBP", "10~15#USD",
"0#.50+USD" (fifty cents), "5#USD/kg", "80~90e3#USD" (a scale shared by a range),
"B50&70#USD" ("between $50 and $70").  The written side (W) knows the currency, the
number and the agreement, so the spoken side (S) is one amount grammar whose slots are
small unions over currencies; the class is staged (lib.ClassGrammar.staged) so W and S
are never multiplied out (that held a copy of the amount grammar per currency).
Currencies, symbols, scale abbreviations: locales/en/currencies.yaml; units: units.yaml.

Table-driven locales (numbers.yaml with hundreds:; de es fr it ru) agree the count with
the currency (grammars/_counted.py):  "5,50 €" -> "fünf Euro und fünfzig Cent",
"21 ₽" -> "двадцать один рубль", "1 £" -> "una libra";  ITN writes "5,50 €".  Token:
"amount|CODE" ("5.50|EUR", "0.50|EUR" fifty cents); the count's words are shared by
the currencies of one gender, the names follow them.  currencies.yaml ``symbol_side``
"before" makes ITN write "$5"; numbers.yaml ``between``: "zwischen fünf und fünfzig Euro"
-> "zwischen 5 und 50 €" (token "zwischen 5 und 50|EUR").
"""
from typing import NamedTuple

import pynini

from . import _counted, _quantity, lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "money"
REQUIRES = ("cardinal", "decimal")

_MANY, _ONE = "#", "@"          # the major amount's name slots: plural, singular
_MINOR_MANY, _MINOR_ONE = "+", "*"


def build(loc, cardinal, decimal):
    if _counted.agrees(loc):
        return _agreeing(loc, cardinal)
    units = loc.lex("units")
    scales, abbreviations = _scales(loc)
    unit_names = {w for u in units["units"].values() for k in ("one", "many") for w in lib.words(u[k])}
    between = _quantity.between(loc, "B", "&")  # "between $50 and $70", "from $20 to $40" (range.yaml between)
    amounts = _written_amounts(loc, cardinal, decimal, scales, abbreviations)
    per_word = closure(chars("".join(c for c in lib.alphabet(loc) if c.islower())), 2)  # "gallon", "hour"
    written = union(*_currencies_written(loc, amounts, between, unit_names)) + _per_written(loc, per_word).ques
    amount_arms, no_name = _spoken_amounts(loc, cardinal, scales, amounts.shared, between, unit_names)
    per_s = _per_spoken(loc, per_word)
    spoken = (union(*amount_arms) + per_s.ques).optimize()  # cheap, and TN's late stage is not optimized again
    # reading groups (lib.ClassGrammar.groups): every reading but the unnamed price says a currency
    named_s = union(*(a for a in amount_arms if a is not no_name))
    groups = tuple((g + per_s.ques).optimize() for g in ((named_s,) if no_name is None else (named_s, no_name)))
    return lib.ClassGrammar(
        NAME, written, spoken, staged=True, late_reversed=("itn",), groups=groups,  # compile.class_stages optimizes what it needs
        triggers=_triggers(loc, scales, between))


def _scales(loc):
    """-> ({power: scale words}, {abbreviation: power}).  TN also reads the abbreviations of
    smaller scales ("$85k" -> "eighty five thousand dollars"); ITN writes such amounts in
    full ("$85,000"), so its grammar has none."""
    lowest = loc.lex("decimals")["quantity_min_power"]
    abbreviations = {a: e for a, e in loc.lex("currencies")["scale_abbreviations"].items()
                     if e >= lowest or loc.direction == "tn"}
    scales = {e: lib.words(ws) for e, ws in loc.lex("numbers")["scales"].items()
              if e >= lowest or e in abbreviations.values()}
    return scales, abbreviations


class _Amounts(NamedTuple):
    """The written amounts every currency shares (written form -> token with bare slot marks)."""
    integer: object   # "25" -> "25"
    one: object       # "1" -> "1"
    major: object     # an amount before the currency's major name: "25" -> "25#", "1" -> "1@", "2.5 million" -> "2.5e6#"
    cents: object     # an amount with a minor part: "4.50" -> "4#.50+", "0.50" -> "0#z.50+"
    bare: object      # any unsigned amount: "4.50" -> "4.50"
    dash: object      # "-" / " - " -> "~" in "$10-$15"
    shared: object    # _quantity.SharedScale or None


def _written_amounts(loc, cardinal, decimal, scales, abbreviations):
    written_variant, style = loc.style("written_variant"), loc.style
    digit = chars(DIGITS)
    integer, _ = _quantity.tokens()
    int_w = pynini.compose(cardinal.parts["written_digits"], integer)
    one_w, other_w = pynini.compose(int_w, t("1")), pynini.compose(int_w, pynini.difference(integer, t("1")))
    bare_w, _ = _quantity.amount(loc, cardinal, decimal, signed=False)
    dec_w = pynini.compose(bare_w, closure(digit) + t(".") + closure(digit, 1))
    scale_w = union(*(cross(" " + w, f"e{e}") for e, ws in scales.items() for w in ws),
                    *(cross(a, f"e{e}", written_variant) | cross(" " + a, f"e{e}", 2 * written_variant)
                      for a, e in abbreviations.items()))
    range_w, _ = _quantity.ranged(loc, bare_w, bare_w)
    # "eighty to ninety thousand dollars" -> "$80,000–90,000" (range.yaml shared_scale; any
    # first amount: with a currency "one to ten thousand" is no ratio)
    shared = _quantity.shared_scale(loc, cardinal.parts["written_digits"])
    if shared:
        shared_w = _quantity.ranged(loc, shared.second, shared.second)[0] + insert(f"e{shared.power}")
    round_ = closure(digit, 1) + t("000000")  # ITN: "$900 million" rather than "$900,000,000"
    int_many = pynini.compose(other_w, pynini.difference(integer, round_)) \
        | lib.weighted(pynini.compose(other_w, round_), style("money_round_digits"))
    zero_w = lib.weighted(pynini.compose(int_w, t("0")), style("money_zero_major"))  # ITN: "50 cents", not "$0.50"
    other_nz = pynini.compose(other_w, pynini.difference(integer, t("0")))
    # The amount grammars are built once with bare slot marks; each currency appends its
    # code (a composition with a one-state rewriter, no per-currency rebuild).  Codes are
    # written after the input that decides them: after a prefix symbol, but after the
    # suffix in "25 dollars", so a bare number does not try every currency's code.
    many, one = insert(_MANY), insert(_ONE)
    major = union(int_many + many, one_w + one,
                  lib.weighted((one_w + one | int_many + many) + delete(".00"), written_variant),
                  (dec_w + scale_w.ques | int_w + scale_w) + many,
                  lib.weighted(range_w + scale_w.ques, style("money_range")) + many,
                  lib.weighted(shared_w, style("money_range_shared_scale")) + many if shared else None).optimize()
    # "$0.50" -> "0#.50+USD", the token of "50 cents": no major amount, no major code
    # (a major code before a zero made ITN write each currency's code before reading a word)
    cents = ((one_w + cross(".", "@.") | other_nz + cross(".", "#.") | zero_w + cross(".", "#z."))
             + (t("01") + insert(_MINOR_ONE) | pynini.difference(digit + digit, t("01") | t("00")) + insert(_MINOR_MANY))
             ).optimize()
    dash = _quantity.dash(loc.lex("quantities")["range"]["dashes"], variant=written_variant, spaced=written_variant)
    return _Amounts(int_w, one_w, major, cents, bare_w, dash, shared)


def _with_code(code, marks):
    """Token rewriter: each slot mark of ``marks`` gets the currency ``code`` after it
    ("4#.50+" -> "4#USD.50+USD"); "#z." marks the code-less zero major amount (_written_amounts)."""
    token = chars(DIGITS + ".e~")
    return closure(token | cross("#z.", "#.") | union(*(cross(m, m + code) for m in marks))).optimize()


def _currencies_written(loc, amounts, between, unit_names):
    """Written side, each currency's arms: "$25", "25 dollars", "USD 25", "between $50 and $70",
    "$10-$15", "50 cents", "99¢"."""
    written = []
    for code, c in loc.lex("currencies")["currencies"].items():
        names = list(dict.fromkeys(lib.words(c["one"]) + lib.words(c["many"])))
        written.append(_symbol_or_name(loc, code, c, names, amounts))
        if not set(names) & unit_names:  # not for a name that is also a unit's: "between ten and twenty pounds"
            written += _between_written(loc, code, c, between, amounts)
        for i, sym in enumerate(lib.words(c.get("symbols", []))):  # TN: "$10-$15" (the symbol written twice)
            written.append(lib.weighted(delete(sym) + amounts.bare + amounts.dash + delete(sym) + amounts.bare
                                        + insert(_MANY + code), loc.style("money_range_repeated")
                                        + (loc.style("written_variant") if i else 0)))
        if c.get("minor"):
            written += _minor_written(loc, code, c)
    return written


def _symbol_or_name(loc, code, c, names, amounts):
    """An amount with the currency's symbol or code before it ("$25", "USD 25"), or its
    symbol, code or name after it ("25 $", "25 USD", "25 dollars")."""
    written_variant, style = loc.style("written_variant"), loc.style
    space = closure(t(" "), 0, 1)
    syms = lib.words(c.get("symbols", []))
    before, after = [], []
    for i, s in enumerate(syms):  # a letter symbol ("R", "RM") costs TN a little: "R2" is rarely rand
        cost = (style("money_letter_symbol") if s.isalpha() else 0) + (written_variant if i else 0)
        before += [lib.weighted(delete(s), cost or None), lib.weighted(delete(s + " "), cost + written_variant)]
        after.append(lib.weighted(delete(space + t(s)), cost + written_variant))
    code_cost = style("money_written_code") if syms else None
    before += [lib.weighted(delete(code + " "), code_cost), lib.weighted(delete(code), (code_cost or 0) + written_variant)]
    after.append(lib.weighted(delete(" " + code), (code_cost or 0) + written_variant))
    after.append(lib.weighted(union(*(delete(" " + n) for n in names)), style("money_written_name")))
    if c.get("minor"):
        amount = amounts.major | amounts.cents
        suffixed = amounts.major | pynini.compose(amounts.cents, _with_code(code, _MANY + _ONE)
                                                  + union(t(_MINOR_MANY), t(_MINOR_ONE)))
    else:
        amount = suffixed = amounts.major
    return union(*before) + pynini.compose(amount, _with_code(code, _MANY + _ONE + _MINOR_MANY + _MINOR_ONE)) \
        | suffixed + union(*after) + insert(code)


def _between_written(loc, code, c, between, amounts):
    """"between $50 and $70": each amount with the symbol, the name said once."""
    written_variant, space = loc.style("written_variant"), closure(t(" "), 0, 1)
    shared = amounts.shared
    arms = []
    for bw in between:
        pairs = [(amounts.integer, t(""))] + ([(shared.second, insert(f"e{shared.power}"))] if shared else [])
        for i, sym in enumerate(lib.words(c.get("symbols", []))):
            before, after = delete(sym), lib.weighted(delete(space + t(sym)), written_variant)
            forms = union(*(before + x + bw.and_ + before + x + tail | x + after + bw.and_ + x + after + tail
                            for x, tail in pairs))
            arms.append(lib.weighted(bw.before + forms + insert(_MANY + code),
                                     loc.style("money_between") + (written_variant if i else 0)))
    return arms


def _minor_written(loc, code, c):
    """"50 cents" -> "0#.50+USD" (S ignores a major code before a zero), "99¢", "50p"."""
    written_variant, minor = loc.style("written_variant"), c["minor"]

    def minor_names(first, other):
        return union(*(lib.weighted(delete(" " + n), written_variant if i else None)
                       for i, n in enumerate(dict.fromkeys(lib.words(minor[first]) + lib.words(minor[other])))))
    one = cross("1", "01") + insert(_MINOR_ONE)
    many = (insert("0") + chars("23456789") | chars("123456789") + chars(DIGITS)) + insert(_MINOR_MANY)
    said = one + minor_names("one", "many") | many + minor_names("many", "one")
    arms = [insert("0#.") + lib.weighted(said + insert(code), loc.style("money_written_minor"))]
    symbols = lib.words(c.get("minor_symbols", []))
    if symbols:  # the minor unit's symbol (a letter glued to the amount)
        sym = union(*(delete(s if s.isalpha() else closure(t(" "), 0, 1) + t(s)) for s in symbols))
        arms.append(insert("0#.") + lib.weighted((one | many) + sym + insert(code), written_variant))
    return arms


def _per_written(loc, per_word):
    """"/kg", "per kg" -> "/kg"; TN also "$2.50/gallon", "$15/hour": any lower-case word after
    the slash, said after "per"."""
    units = loc.lex("units")
    per, written_variant = units["per"], loc.style("written_variant")
    unit_w = union(*(cross(w, u, written_variant if i else None) for u, e in units["units"].items()
                     for i, w in enumerate([u] + lib.words(e.get("written", [])))))
    per_w = _quantity.per_written(loc, per) + unit_w
    if loc.direction == "tn":
        per_w |= lib.weighted(t(per["written"]) + insert("=") + per_word, loc.style("money_per_word"))
    return per_w


def _slot(loc, code, mark, kind, unit_names, minor=False, attributive=True):
    """Spoken side: the currency's name for the amount before ``mark``+code (None: it has
    none); ``attributive``: the singular name may follow a count too ("a $35 fee")."""
    variant, style = loc.variant, loc.style
    c = loc.lex("currencies")["currencies"][code]  # shared names ("cents") need no tie-break: W keeps codes consistent
    names = (c.get("minor") or {}).get(kind) if minor else c[kind]
    if not names:
        return None
    informal = None if minor else (c.get("informal") or {}).get(kind)
    ambiguous = [n for n in lib.words(names) if n in unit_names]  # "pounds": also a weight
    # The name before the mark: ITN reads the words first, then writes the code
    # (the other order tried every currency's mark at every place a number can end).
    # a count said with the singular name is attributive: "a thirty five dollar fee" ->
    # "a $35 fee" (ITN; not for a name that is also a unit: "an eighteen pound shell")
    not_attributive = set(lib.words(loc.lex("currencies").get("not_attributive", [])))
    attr = [n for n in lib.words(c.get("one") or []) if n not in unit_names and n not in not_attributive] \
        if kind == "many" and not minor and attributive else []
    return insert(" ") + union(
        *(lib.weighted(insert(n), (variant if i else 0) + (style("money_unit_name") if n in ambiguous else 0) or None)
          for i, n in enumerate(lib.words(names))),
        lib.weighted(lib.inserts(attr, variant), style("money_attributive")) if attr else None,
        lib.weighted(lib.inserts(lib.words(informal), variant), style("money_informal")) if informal else None) \
        + delete(mark + code)


def _joined(fsts):
    found = [f for f in fsts if f is not None]
    return union(*found).optimize() if found else None


def _spoken_amounts(loc, cardinal, scales, shared, between, unit_names):
    """Spoken side: token -> the amount said with its currency's names -> (the arms, the arm
    of the unnamed price or None)."""
    variant, style, number = loc.variant, loc.style, cardinal.parts["number"]
    curs = loc.lex("currencies")["currencies"]
    decimals = loc.lex("decimals")
    digit, nonzero = chars(DIGITS), chars("123456789")
    integer, _ = _quantity.tokens()
    # each currency's name slots, built once: "#" many, "@" one, "+" / "*" the minor unit's
    names = {code: {m: _slot(loc, code, m, k, unit_names, m in _MINOR_MANY + _MINOR_ONE)
                    for m, k in ((_MANY, "many"), (_ONE, "one"), (_MINOR_MANY, "many"), (_MINOR_ONE, "one"))}
             for code in curs}
    many = _joined(n[_MANY] for n in names.values())
    # "a million dollars" -> "$1 million"; before a singular name the article is the noun's:
    # "a million dollar question" -> "a $1 million question" (the scale alone read as one)
    plural = _joined(_slot(loc, code, _MANY, "many", unit_names, attributive=False) for code in curs)
    num = pynini.compose(integer, number | cardinal.parts["zero"]).optimize()
    num_nonzero = pynini.compose(pynini.difference(integer, t("0")), number).optimize()
    two_digits = (delete("0") + pynini.compose(nonzero, number) | pynini.compose(nonzero + digit, number)).optimize()
    frac = _quantity.said(lib.words(decimals["point"]), ".", variant) + cardinal.parts["digit"] \
        + closure(insert(" ") + cardinal.parts["digit"])
    fracs = pynini.compose(pynini.difference(t(".") + closure(digit, 1), t(".") + digit + digit), frac) \
        | lib.weighted(pynini.compose(t(".") + digit + digit, frac), style("money_decimal_minor"))  # "$4.50": cents first
    scale = union(*(delete(f"e{e}") + insert(" ") + lib.inserts(ws, variant) for e, ws in scales.items()))
    frac_scaled = pynini.compose(t(".") + closure(digit, 1), frac)  # before a scale two digits are no cents: "$2.25 billion"
    range_scale = scale | delete(f"e{shared.power}") + shared.said if shared else scale
    to = _quantity.said(lib.words(loc.lex("quantities")["range"]["spoken"]), "~", variant)
    article = union(*(cross("1", a, style("money_article")) for a in loc.itn("numbers")["article_for_one"]))
    with_cents, by_article, minor_only = _with_cents(loc, names, two_digits)
    short = lib.weighted(delete(".") + insert(" ") + pynini.compose(nonzero + digit, number), style("money_short"))
    no_name = _unnamed_price(loc, cardinal)
    scale_words, scale_fractions = decimals.get("scale_words"), decimals.get("scale_fractions")
    arms = (no_name,
            num + (many | _joined(n[_ONE] for n in names.values())),  # "one dollar", "zero dollars"
            num_nonzero + with_cents,                                  # "four dollars (and) fifty (cents)"
            article + by_article,                                      # "a buck fifty"
            num + (fracs + scale.ques | scale | frac_scaled + scale) + many,   # "two point five million dollars"
            article + scale + plural,                                  # "a million dollars": "$1 million"
            lib.weighted(lib.mapping(sorted((scale_words or {}).items()), variant), variant) + scale + many
            if scale_words else None,                                  # "half a million dollars": "$0.5 million"
            lib.weighted(num_nonzero + insert(" ") + lib.mapping(sorted((scale_fractions or {}).items()), variant)
                         + scale + many, style("money_scale_fraction"))
            if scale_fractions else None,                              # "one and a half million dollars": "$1.5 million"
            num + frac.ques + to + num + frac.ques + range_scale.ques + many,
            *(delete(bw.mark) + insert(f"{bw.said[0]} ") + num
              + cross("&", f" {bw.said[1]} ") + num + range_scale.ques + many for bw in between),
            num + short + many,                                        # "four fifty dollars"
            frac + many,
            delete("0#.") + two_digits + minor_only)                   # "fifty cents": "0#.50+USD", "$0.50"
    return arms, no_name


def _with_cents(loc, names, two_digits):
    """-> (the major name, "and" and the cents: "four dollars (and) fifty (cents)"; the same
    after the article: "a buck fifty"; the minor names alone: "fifty cents").  The minor
    amount's code is the major amount's (one small copy of the cents reading per currency):
    ITN reads "four dollars fifty" as "4#USD.50+USD" only, where a shared unnamed-cents
    reading wrote every currency's code there and left W⁻¹ to reject them."""
    and_ = delete(".") + (insert(" ") | insert(" and ", loc.style("money_and_cents")))
    with_cents, by_article, minor_only = [], [], []
    for code, n in names.items():
        named = _joined((n[_MINOR_MANY], n[_MINOR_ONE]))
        bare = two_digits + lib.weighted(delete(union(_MINOR_MANY, _MINOR_ONE) + code), loc.style("money_cents_unnamed"))
        cents = (two_digits + named | bare) if named else bare
        with_cents.append(_joined((n[_MANY], n[_ONE])) + and_ + cents)
        if n[_ONE] is not None:
            by_article.append(n[_ONE] + and_ + cents)
        if named:
            minor_only.append(named)
    return union(*with_cents).optimize(), union(*by_article).optimize(), union(*minor_only)


def _unnamed_price(loc, cardinal):
    """"it costs four fifty": dollars and cents with no name (ITN candidate; TN never says
    it): a major amount 1-19 ("four fifty", "twelve ninety nine") or a tens word with its
    unit ("twenty four ninety five"; a bare tens word is no price: "twenty twenty"); 1 takes
    the singular mark, as W writes "$1.40": "1@USD.40+USD".  None where currencies.yaml
    names no such currency."""
    curs, unnamed, number = loc.lex("currencies")["currencies"], loc.lex("currencies").get("unnamed"), cardinal.parts["number"]
    if unnamed not in curs or not curs[unnamed].get("minor"):
        return None
    digit, nonzero = chars(DIGITS), chars("123456789")
    major = pynini.difference(nonzero, t("1")) | t("1") + digit | pynini.difference(nonzero, t("1")) + nonzero
    small = pynini.compose(major, number) + delete(_MANY + unnamed + ".") \
        | pynini.compose(t("1"), number) + delete(_ONE + unnamed + ".")
    return lib.weighted(small + insert(" ") + pynini.compose(nonzero + digit, number)
                        + delete(_MINOR_MANY + unnamed), loc.style("money_unnamed"))


def _per_spoken(loc, per_word):
    """"/kg" -> " per kilogram"; TN also "/=gallon" -> " per gallon"."""
    units = loc.lex("units")
    per, variant = units["per"], loc.variant
    unit_s = union(*(lib.weighted(delete(u) + lib.inserts(lib.words(e["one"]), variant),
                                  None if e.get("itn", True) else loc.style("money_unit_not_itn"))
                     for u, e in units["units"].items()))
    said_per = _quantity.said(lib.words(per["spoken"]), per["written"], variant)
    per_s = said_per + unit_s
    if loc.direction == "tn":
        per_s |= said_per + delete("=") + per_word
    return per_s


def _triggers(loc, scales, between):
    """Every money reading holds a number, whose words or digits are the cardinal's anchors,
    so currency words only join ("won", "real", "try" alone open no region)."""
    cur, units = loc.lex("currencies"), loc.lex("units")
    curs, per = cur["currencies"], units["per"]
    words = {x for c in curs.values() for part in (c, c.get("minor") or {}, c.get("informal") or {})
             for k in ("one", "many") for w in lib.words(part.get(k, [])) for x in w.split()}
    syms = {s.lower() for c in curs.values() for s in lib.words(c.get("symbols", []))}
    tn_join = syms | {s.rstrip(".") for s in syms} | {k.lower() for k in curs} | words
    tn_join |= {w for ws in scales.values() for w in ws} | {a.lower() for a in cur["scale_abbreviations"]}
    tn_join |= set(loc.lex("quantities")["range"]["dashes"])
    # "$5 per kg": the per word and the units' abbreviations (not the attached ones: "in")
    tn_join |= set(lib.words(per.get("written_words", []))) | {
        w.lower() for u, e in units["units"].items() if not e.get("attached") for w in [u] + lib.words(e.get("written", []))}
    unit_words = {x for u in units["units"].values() if u.get("itn", True) for w in lib.words(u["one"]) for x in w.split()}
    return {"itn": {"joiners": sorted(words | {"and", "a", "to", *lib.words(per["spoken"]), *unit_words}
                                      | {w for bw in between for w in bw.words})},
            "tn": {"joiners": sorted(tn_join)}}

def _agreeing(loc, cardinal):
    """Money of table-driven locales: "int[.cc]|CODE" with agreement of count and names."""
    wv, st, nums = loc.style("written_variant"), loc.style, cardinal.parts["table"]
    cur = loc.lex("currencies")
    curs = cur["currencies"]
    digit, nz = chars(DIGITS), chars("123456789")
    sep = loc.itn("formats").get("decimal_separator", ".")
    cents = cross(sep, ".") + digit + digit | lib.weighted(delete(sep + "00"), wv)
    round_ = _round_scale(loc)
    wd = cardinal.parts["written_digits"]
    # a round amount of a scale ("2 Millionen Euro") is written with the scale word, below
    amount = (pynini.compose(wd, pynini.difference(_counted.integer(), round_)) if round_ is not None else wd) \
        + cents.ques
    if round_ is not None:
        amount |= lib.weighted(pynini.compose(wd, round_), wv)
    joiner = union(*(insert(j, loc.variant if i else None) for i, j in enumerate(lib.words(cur["minor_joiner"]))))
    dd = delete("0") + nz | nz + digit  # "05" -> "5"
    # "zwölf Euro fünfzig", also "diecinueve euros con noventa y nueve" (read, not said)
    unnamed_join = union(insert(" "), *(insert(j, loc.variant) for j in lib.words(cur["minor_joiner"]) if j.strip()))
    sp = union(t(" "), lib.weighted(t(""), wv))  # ITN writes "5 €"
    sp_before = union(t(""), lib.weighted(t(" "), wv))  # ... and "$5" (symbol_side: before)
    written, words, minors, after = [], set(), {}, {}
    for code, c in curs.items():
        syms = lib.words(c.get("symbols", []))
        # the side ITN writes the first symbol on (TN reads both): currencies.yaml symbol_side
        before = syms and c.get("symbol_side", cur.get("symbol_side", "after")) == "before"
        post = [lib.weighted(delete(sp + t(s)), wv if i or before else None) for i, s in enumerate(syms)]
        post.append(lib.weighted(delete(" " + code), st("money_written_code") if syms else None))
        pre = [lib.weighted(delete(t(s) + sp_before), None if before and not i else wv) for i, s in enumerate(syms)] \
            + [lib.weighted(delete(t(code + " ")), wv)]
        names = [w for k in ("one", "few", "many") for w in lib.words(c.get(k, []))]
        post.append(lib.weighted(union(*(delete(" " + n) for n in dict.fromkeys(names))), st("money_written_name")))
        # a shared minor name ("centesimi"): ITN writes the first currency listed
        written.append((union(*pre) + amount | amount + union(*post)) + insert("|" + code, 0.01 * len(written) or None))
        if round_ is not None:
            written.append(_scale_written(loc, code, c) + insert("|" + code, 0.01 * (len(written) - 1) or None))
        words |= set(names)
        if c.get("minor") and c.get("minor_symbols"):  # "3 руб. 20 коп.", "50 коп."
            written.append(_minor_symbols_written(loc, c, wd, union(*post)) + insert("|" + code, 0.01 * len(written) or None))
        if c.get("minor"):
            minors[code] = c["minor"]
            words |= {w for k in ("one", "few", "many") for w in lib.words(c["minor"].get(k, []))}
    # "fünf Euro und fünfzig Cent": the minor amount is read after the major noun
    # a minor amount alone ("fünfzig Cent"), unless its name is a number word (fr "deux cents")
    alone = {k: v for k, v in minors.items()
             if not {w.lower() for f in ("one", "few", "many") for w in lib.words(v.get(f, []))} & nums.words()}
    minor = pynini.compose(dd + t("|") + chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ").plus,
                           _counted.counted(loc, nums, alone)) if alone else None
    for code in minors:
        code_minor = pynini.compose(dd + insert("|" + code), _counted.counted(loc, nums, {code: minors[code]}))
        unnamed = lib.weighted(unnamed_join + pynini.compose(dd, nums.number()), st("money_minor_unnamed"))
        after[code] = (delete(".") + (joiner + code_minor | unnamed)).ques
    spoken = _counted.counted(loc, nums, curs, after)
    if minor is not None:
        spoken |= delete("0.") + minor
    written = union(*written)
    bound = _quantity.bounds(loc, wd, cardinal.parts["number"] | cardinal.parts["zero"])
    if bound:  # "zwischen fünf und fünfzig Euro" -> "zwischen 5 und 50 €" (numbers.yaml between)
        written, spoken = written | bound[0] + written, spoken | bound[1] + spoken
    tn_join = {s.lower() for c in curs.values() for s in lib.words(c.get("symbols", [])) + lib.words(c.get("minor_symbols", []))}
    tn_join |= {k.lower() for k in curs} | {w.lower() for w in words}
    itn_words = {x.lower() for w in words for x in w.split()}
    itn_words |= {x for j in lib.words(cur["minor_joiner"]) for x in j.split()} | _quantity.bound_words(loc)
    num = loc.lex("numbers")  # count forms ("eine", "una") and "de" after a scale noun
    itn_words |= {w.lower() for g in num.get("genders", {}).values() for ws in g.values() for w in lib.words(ws)}
    for c in curs.values():  # " de " or glued to the noun: "d'euros"
        for j in lib.words(c.get("after_scale") or (num.get("noun_after_scale") or {}).get("joiner", [])):
            itn_words |= set(j.split()) if j.endswith(" ") else \
                {j.strip().lower() + w.lower() for k in ("one", "few", "many") for w in lib.words(c.get(k, []))} \
                | {j.strip().lower().rstrip("'’")}  # "d'" split off as a word (locale.yaml elision)
    return lib.ClassGrammar(NAME, written.optimize(), spoken.optimize(), staged=True,
                            triggers={"itn": {"joiners": sorted(itn_words)}, "tn": {"joiners": sorted(tn_join)}})


def _minor_symbols_written(loc, c, integer, major):
    """"3 руб. 20 коп." -> "3.20", "50 коп." -> "0.50" (table-driven locales): a minor amount
    of 1-99 before one of currencies.yaml ``minor_symbols``, after a major amount and its
    symbol or name, or alone.  ``minor_symbols_counts``: the plural forms of the counts the
    symbols are read after; after the others the symbol stays as written (ru "21 коп.": the
    nominative "двадцать одна копейка" and the accusative "двадцать одну копейку" differ, and
    the abbreviation does not show which)."""
    counts = lib.number_strings(range(1, 100))
    allowed = c.get("minor_symbols_counts")
    if allowed:
        counts = pynini.intersect(counts, union(*(f for form, f in _counted.plural_filters(loc) if form in allowed)))
    nz = chars("123456789")
    two = pynini.compose(counts, insert("0") + nz | nz + chars(DIGITS))  # "5" -> "05"
    wv = loc.style("written_variant")
    sym = union(*(lib.weighted(delete(" " + s), wv if i else None) for i, s in enumerate(lib.words(c["minor_symbols"]))))
    return (integer + major + cross(" ", ".") | insert("0.")) + two + sym


def _count_widths(loc):
    """{power: digits of its count} for the scales of 10^6 or more: up to the next scale
    (long scale, es "mil millones" = "1000 millones"), at most four digits (unseparated)."""
    num = loc.lex("numbers")
    exps = sorted(num["scales"])
    nxt = lambda e: min([x for x in exps if x > e] or [e + 3])
    return {e: min(nxt(e) - e, 4) for e in num.get("scale_rules", {}) if e >= 6}


def _round_scale(loc):
    """Integer tokens that are a count (_count_widths) times a scale of 10^6 or more ("2000000"), or None."""
    widths = _count_widths(loc)
    if not widths:
        return None
    nz, digit = chars("123456789"), chars(DIGITS)
    return union(*(nz + closure(digit, 0, w - 1) + t("0" * e) for e, w in widths.items())).optimize()


def _scale_written(loc, code, c):
    """"2 Millionen Euro", "2 millones de euros", "1000 millones de dólares", "2 миллиона рублей" -> "2000000": the count in
    digits, the scale word in the count's plural form, the currency by name (many form)."""
    num, wv = loc.lex("numbers"), loc.style("written_variant")
    spec = num.get("noun_after_scale")
    joins = lib.words(c.get("after_scale") or (spec["joiner"] if spec else " "))
    name = lib.words(c["many"])
    nz, digit = chars("123456789"), chars(DIGITS)
    arms = []
    for e, w in _count_widths(loc).items():
        count = nz + closure(digit, 0, w - 1)
        forms = num["scale_rules"][e]["forms"]
        for form, filt in _counted.plural_filters(loc):
            words = forms.get(form) or forms.get("many") or forms["other"]
            word = union(*(lib.weighted(t(w), wv if i else None) for i, w in enumerate(lib.words(words))))
            tail = delete(" " + word + union(*(lib.weighted(t(j), wv if i else None) for i, j in enumerate(joins)))
                          + union(*(lib.weighted(t(n), wv if i else None) for i, n in enumerate(name))))
            arms.append(pynini.compose(pynini.intersect(count, filt), count) + tail + insert("0" * e))
    return union(*arms).optimize()
