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
the currencies of one gender, the names follow them.
"""
import pynini

from . import _counted, _quantity, lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "money"
REQUIRES = ("cardinal", "decimal")


def build(loc, cardinal, decimal):
    if cardinal.parts.get("table"):
        return _agreeing(loc, cardinal)
    vw, wv, st = loc.variant, loc.style("written_variant"), loc.style
    cur, units = loc.lex("currencies"), loc.lex("units")
    curs = cur["currencies"]
    p = cardinal.parts
    digit, nz = chars(DIGITS), chars("123456789")
    integer, _ = _quantity.tokens()
    dd = digit + digit
    lo = loc.lex("decimals")["quantity_min_power"]
    # TN also reads the abbreviations of smaller scales ("$85k" -> "eighty five thousand
    # dollars"); ITN writes such amounts in full ("$85,000"), so its grammar has none
    abbr = {a: e for a, e in cur["scale_abbreviations"].items() if e >= lo or loc.direction == "tn"}
    scales = {e: lib.words(ws) for e, ws in loc.lex("numbers")["scales"].items() if e >= lo or e in abbr.values()}
    per = units["per"]
    unit_names = {w for u in units["units"].values() for k in ("one", "many") for w in lib.words(u[k])}
    not_attr = set(lib.words(cur.get("not_attributive", [])))
    # -- written side: written form -> token (one small amount grammar per currency) -------
    int_w = pynini.compose(p["written_digits"], integer)
    one_w, other_w = pynini.compose(int_w, t("1")), pynini.compose(int_w, pynini.difference(integer, t("1")))
    bare_w, _ = _quantity.amount(loc, cardinal, decimal, signed=False)
    dec_w = pynini.compose(bare_w, closure(digit) + t(".") + closure(digit, 1))
    scale_w = union(*(cross(" " + w, f"e{e}") for e, ws in scales.items() for w in ws),
                    *(cross(a, f"e{e}", wv) | cross(" " + a, f"e{e}", 2 * wv)
                      for a, e in abbr.items()))
    range_w, _ = _quantity.ranged(loc, bare_w, bare_w)
    qrng = loc.lex("quantities")["range"]
    # "eighty to ninety thousand dollars" -> "$80,000–90,000" (range.yaml shared_scale; any
    # first amount: with a currency "one to ten thousand" is no ratio)
    shared = _quantity.shared_scale(loc, p["written_digits"])
    if shared:
        shared_w = _quantity.ranged(loc, shared.second, shared.second)[0] + insert(f"e{shared.power}")
    round_ = closure(digit, 1) + t("000000")  # ITN: "$900 million" rather than "$900,000,000"
    int_many = pynini.compose(other_w, pynini.difference(integer, round_)) \
        | lib.weighted(pynini.compose(other_w, round_), st("money_round_digits"))
    zero_w = lib.weighted(pynini.compose(int_w, t("0")), st("money_zero_major"))  # ITN: "50 cents", not "$0.50"
    other_nz = pynini.compose(other_w, pynini.difference(integer, t("0")))

    # The amount grammars are built once with bare slot marks; each currency appends its
    # code (a composition with a one-state rewriter, no per-currency rebuild).  Codes are
    # written after the input that decides them: after a prefix symbol, but after the
    # suffix in "25 dollars", so a bare number does not try every currency's code.
    many, one = insert("#"), insert("@")
    major = union(int_many + many, one_w + one,
                  lib.weighted((one_w + one | int_many + many) + delete(".00"), wv),
                  (dec_w + scale_w.ques | int_w + scale_w) + many,
                  lib.weighted(range_w + scale_w.ques, st("money_range")) + many,
                  lib.weighted(shared_w, st("money_range_shared_scale")) + many if shared else None).optimize()
    # "$0.50" -> "0#.50+USD", the token of "50 cents": no major amount, no major code
    # (a major code before a zero made ITN write each currency's code before reading a word)
    cents = ((one_w + cross(".", "@.") | other_nz + cross(".", "#.") | zero_w + cross(".", "#z."))
             + (t("01") + insert("*") | pynini.difference(dd, t("01") | t("00")) + insert("+"))).optimize()
    tok = chars(DIGITS + ".e~")

    def rewrite(code, marks):  # "#z." marks the code-less zero major amount above
        return closure(tok | cross("#z.", "#.") | union(*(cross(m, m + code) for m in marks))).optimize()

    between = _quantity.between(loc, "B", "&")  # "between $50 and $70", "from $20 to $40" (range.yaml between)
    qdash = _quantity.dash(qrng["dashes"], variant=wv, spaced=wv)   # "$10-$15", "$10 - $15"
    written = []
    for code, c in curs.items():
        minor, sp = c.get("minor"), closure(t(" "), 0, 1)
        syms = lib.words(c.get("symbols", []))
        pre, post = [], []
        for i, s in enumerate(syms):  # a letter symbol ("R", "RM") costs TN a little: "R2" is rarely rand
            lc = (st("money_letter_symbol") if s.isalpha() else 0) + (wv if i else 0)
            pre += [lib.weighted(delete(s), lc or None), lib.weighted(delete(s + " "), lc + wv)]
            post.append(lib.weighted(delete(sp + t(s)), lc + wv))
        ccost = st("money_written_code") if syms else None
        pre += [lib.weighted(delete(code + " "), ccost), lib.weighted(delete(code), (ccost or 0) + wv)]
        post.append(lib.weighted(delete(" " + code), (ccost or 0) + wv))
        names = list(dict.fromkeys(lib.words(c["one"]) + lib.words(c["many"])))
        post.append(lib.weighted(union(*(delete(" " + n) for n in names)), st("money_written_name")))
        amt = major | cents if minor else major
        suffixed = major | pynini.compose(cents, rewrite(code, "#@") + union(t("+"), t("*"))) if minor else major
        written.append(union(*pre) + pynini.compose(amt, rewrite(code, "#@+*")) | suffixed + union(*post) + insert(code))
        for bw in between if not set(names) & unit_names else ():  # "between $50 and $70": each amount
            # with the symbol, the name said once (not for a name that is also a unit's: "between ten and twenty pounds")
            b, a = bw.before, bw.and_
            pairs = [(int_w, t(""))] + ([(shared.second, insert(f"e{shared.power}"))] if shared else [])
            for i, sym in enumerate(syms):
                pre_s, post_s = delete(sym), lib.weighted(delete(sp + t(sym)), wv)
                forms = union(*(pre_s + x + a + pre_s + x + tail | x + post_s + a + x + post_s + tail for x, tail in pairs))
                written.append(lib.weighted(b + forms + insert("#" + code), st("money_between") + (wv if i else 0)))
        for i, sym in enumerate(syms):  # TN: "$10-$15" (the symbol written twice) -> "ten to fifteen dollars"
            written.append(lib.weighted(delete(sym) + bare_w + qdash + delete(sym) + bare_w + insert("#" + code),
                                        st("money_range_repeated") + (wv if i else 0)))
        if minor:  # "50 cents" -> "0#.50+USD" (S ignores a major code before a zero)
            def mnames(first, other):
                return union(*(lib.weighted(delete(" " + n), wv if i else None)
                               for i, n in enumerate(dict.fromkeys(lib.words(minor[first]) + lib.words(minor[other])))))
            mc = cross("1", "01") + insert("*") + mnames("one", "many") \
                | (insert("0") + chars("23456789") | nz + digit) + insert("+") + mnames("many", "one")
            written.append(insert("0#.") + lib.weighted(mc + insert(code), st("money_written_minor")))
            msyms = lib.words(c.get("minor_symbols", []))
            if msyms:  # "99¢", "50p": the minor unit's symbol (a letter glued to the amount)
                sym = union(*(delete(s if s.isalpha() else sp + t(s)) for s in msyms))
                mcs = cross("1", "01") + insert("*") | (insert("0") + chars("23456789") | nz + digit) + insert("+")
                written.append(insert("0#.") + lib.weighted(mcs + sym + insert(code), wv))
    unit_w = union(*(cross(w, u, wv if i else None) for u, e in units["units"].items()
                     for i, w in enumerate([u] + lib.words(e.get("written", [])))))
    per_w = _quantity.per_written(loc, per) + unit_w
    per_word = closure(chars("".join(c for c in lib.alphabet(loc) if c.islower())), 2)  # "gallon", "hour"
    if loc.direction == "tn":  # "$2.50/gallon", "$15/hour": any lower-case word after the slash, said after "per"
        per_w |= lib.weighted(t(per["written"]) + insert("=") + per_word, st("money_per_word"))
    written = union(*written) + per_w.ques
    # -- spoken side: token -> spoken form ---------------------------------------------
    def slot(code, mark, kind, minor=False, attributive=True):
        """The currency's name for the amount before ``mark``+code (None: it has none);
        ``attributive``: the singular name may follow a count too ("a $35 fee")."""
        c = curs[code]  # shared names ("cents") need no tie-break: W keeps codes consistent
        names = (c.get("minor") or {}).get(kind) if minor else c[kind]
        if not names:
            return None
        inf = None if minor else (c.get("informal") or {}).get(kind)
        amb = [n for n in lib.words(names) if n in unit_names]  # "pounds": also a weight
        # The name before the mark: ITN reads the words first, then writes the code
        # (the other order tried every currency's mark at every place a number can end).
        # a count said with the singular name is attributive: "a thirty five dollar fee" ->
        # "a $35 fee" (ITN; not for a name that is also a unit: "an eighteen pound shell")
        attr = [n for n in lib.words(c.get("one") or []) if n not in unit_names and n not in not_attr] \
            if kind == "many" and not minor and attributive else []
        return insert(" ") + union(
            *(lib.weighted(insert(n), (vw if i else 0) + (st("money_unit_name") if n in amb else 0) or None)
              for i, n in enumerate(lib.words(names))),
            lib.weighted(lib.inserts(attr, vw), st("money_attributive")) if attr else None,
            lib.weighted(lib.inserts(lib.words(inf), vw), st("money_informal")) if inf else None) \
            + delete(mark + code)

    def joined(fsts):
        found = [f for f in fsts if f is not None]
        return union(*found).optimize() if found else None

    # each currency's name slots, built once: "#" many, "@" one, "+" / "*" the minor unit's
    names = {code: {m: slot(code, m, k, m in "+*") for m, k in (("#", "many"), ("@", "one"), ("+", "many"), ("*", "one"))}
             for code in curs}
    MANY, ONE = joined(n["#"] for n in names.values()), joined(n["@"] for n in names.values())
    # "a million dollars" -> "$1 million"; before a singular name the article is the noun's:
    # "a million dollar question" -> "a $1 million question" (the scale alone read as one)
    PLURAL = joined(slot(code, "#", "many", attributive=False) for code in curs)
    num = pynini.compose(integer, p["number"] | p["zero"]).optimize()
    dd_s = (delete("0") + pynini.compose(nz, p["number"]) | pynini.compose(nz + digit, p["number"])).optimize()
    frac = union(*(cross(".", f" {w} ", vw if i else None) for i, w in enumerate(lib.words(loc.lex("decimals")["point"])))) \
        + p["digit"] + closure(insert(" ") + p["digit"])
    fracs = pynini.compose(pynini.difference(t(".") + closure(digit, 1), t(".") + dd), frac) \
        | lib.weighted(pynini.compose(t(".") + dd, frac), st("money_decimal_minor"))  # "$4.50": cents first
    scale = union(*(delete(f"e{e}") + insert(" ") + lib.inserts(ws, vw) for e, ws in scales.items()))
    frac_scaled = pynini.compose(t(".") + closure(digit, 1), frac)  # before a scale two digits are no cents: "$2.25 billion"
    range_scale = scale | delete(f"e{shared.power}") + shared.said if shared else scale
    rng = lib.words(loc.lex("quantities")["range"]["spoken"])
    to = union(*(cross("~", f" {w} ", vw if i else None) for i, w in enumerate(rng)))
    and_ = delete(".") + (insert(" ") | insert(" and ", st("money_and_cents")))
    # The minor amount's code is the major amount's (one small copy of the cents reading
    # per currency): ITN reads "four dollars fifty" as "4#USD.50+USD" only, where a shared
    # unnamed-cents reading wrote every currency's code there and left W⁻¹ to reject them.
    article = union(*(cross("1", a, st("money_article")) for a in loc.itn("numbers")["article_for_one"]))
    num_nz = pynini.compose(pynini.difference(integer, t("0")), p["number"]).optimize()
    with_cents, by_article, minor_only = [], [], []
    for code, n in names.items():
        named = joined((n["+"], n["*"]))
        bare = dd_s + lib.weighted(delete(union("+", "*") + code), st("money_cents_unnamed"))
        cents = (dd_s + named | bare) if named else bare
        with_cents.append(joined((n["#"], n["@"])) + and_ + cents)  # "four dollars (and) fifty (cents)"
        if n["@"] is not None:
            by_article.append(n["@"] + and_ + cents)                # "a buck fifty"
        if named:                                                   # "fifty cents": "0#.50+USD", "$0.50"
            minor_only.append(named)
    short = lib.weighted(delete(".") + insert(" ") + pynini.compose(nz + digit, p["number"]), st("money_short"))
    # "it costs four fifty": dollars and cents with no name (ITN candidate; TN never says it)
    unnamed = cur.get("unnamed")
    no_name = None
    if unnamed in curs and curs[unnamed].get("minor"):
        # (a major amount 1-19, "four fifty", "twelve ninety nine": "twenty twenty" is no price)
        # (1 takes the singular mark, as W writes "$1.40": "1@USD.40+USD")
        small = pynini.compose(pynini.difference(nz, t("1")) | t("1") + digit, p["number"]) + delete("#" + unnamed + ".") \
            | pynini.compose(t("1"), p["number"]) + delete("@" + unnamed + ".")
        no_name = lib.weighted(small + insert(" ") + pynini.compose(nz + digit, p["number"])
                               + delete("+" + unnamed), st("money_unnamed"))
    amount_s_arms = (no_name,
        num + (MANY | ONE),                                        # "one dollar", "zero dollars"
        num_nz + union(*with_cents).optimize(),
        article + union(*by_article).optimize(),
        num + (fracs + scale.ques | scale | frac_scaled + scale) + MANY,   # "two point five million dollars"
        article + scale + PLURAL,                                  # "a million dollars": "$1 million"
        lib.weighted(lib.mapping(sorted((loc.lex("decimals").get("scale_words") or {}).items()), vw), vw) + scale + MANY
        if loc.lex("decimals").get("scale_words") else None,      # "half a million dollars": "$0.5 million"
        lib.weighted(num_nz + insert(" ") + lib.mapping(sorted((loc.lex("decimals").get("scale_fractions") or {}).items()), vw)
                     + scale + MANY, st("money_scale_fraction"))
        if loc.lex("decimals").get("scale_fractions") else None,  # "one and a half million dollars": "$1.5 million"
        num + frac.ques + to + num + frac.ques + range_scale.ques + MANY,
        *(delete(bw.mark) + insert(f"{bw.said[0]} ") + num
          + cross("&", f" {bw.said[1]} ") + num + range_scale.ques + MANY for bw in between),
        num + short + MANY,                                        # "four fifty dollars"
        frac + MANY,
        delete("0#.") + dd_s + union(*minor_only))
    amount_s = union(*amount_s_arms)
    unit_s = union(*(lib.weighted(delete(u) + lib.inserts(lib.words(e["one"]), vw),
                                  None if e.get("itn", True) else st("money_unit_not_itn")) for u, e in units["units"].items()))
    said_per = union(*(cross(per["written"], f" {w} ", vw if i else None) for i, w in enumerate(lib.words(per["spoken"]))))
    per_s = said_per + unit_s
    if loc.direction == "tn":
        per_s |= said_per + delete("=") + per_word
    spoken = (amount_s + per_s.ques).optimize()  # cheap, and TN's late stage is not optimized again
    # reading groups (lib.ClassGrammar.groups): every reading but the unnamed price says a currency
    named_s = union(*(a for a in amount_s_arms if a is not no_name))
    groups = tuple((g + per_s.ques).optimize() for g in ((named_s,) if no_name is None else (named_s, no_name)))
    # -- triggers ----------------------------------------------------------------------
    words = {x for c in curs.values() for part in (c, c.get("minor") or {}, c.get("informal") or {})
             for k in ("one", "many") for w in lib.words(part.get(k, [])) for x in w.split()}
    # Every money reading holds a number, whose words or digits are the cardinal's anchors,
    # so currency words only join ("won", "real", "try" alone open no region).
    syms = {s.lower() for c in curs.values() for s in lib.words(c.get("symbols", []))}
    tn_join = syms | {s.rstrip(".") for s in syms} | {k.lower() for k in curs} | words
    tn_join |= {w for ws in scales.values() for w in ws} | {a.lower() for a in cur["scale_abbreviations"]}
    tn_join |= set(loc.lex("quantities")["range"]["dashes"])
    # "$5 per kg": the per word and the units' abbreviations (not the attached ones: "in")
    tn_join |= set(lib.words(per.get("written_words", []))) | {
        w.lower() for u, e in units["units"].items() if not e.get("attached") for w in [u] + lib.words(e.get("written", []))}
    unit_words = {x for u in units["units"].values() if u.get("itn", True) for w in lib.words(u["one"]) for x in w.split()}
    return lib.ClassGrammar(
        NAME, written, spoken, staged=True, late_reversed=("itn",), groups=groups,  # compile.class_stages optimizes what it needs
        triggers={"itn": {"joiners": sorted(words | {"and", "a", "to", *lib.words(per["spoken"]), *unit_words}
                                            | {w for bw in between for w in bw.words})},
                  "tn": {"joiners": sorted(tn_join)}})


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
    written, words, minors, after = [], set(), {}, {}
    for code, c in curs.items():
        syms = lib.words(c.get("symbols", []))
        post = [lib.weighted(delete(sp + t(s)), wv if i else None) for i, s in enumerate(syms)]
        post.append(lib.weighted(delete(" " + code), st("money_written_code") if syms else None))
        pre = [lib.weighted(delete(t(s) + sp), wv) for s in syms] + [lib.weighted(delete(t(code + " ")), wv)]
        names = [w for k in ("one", "few", "many") for w in lib.words(c.get(k, []))]
        post.append(lib.weighted(union(*(delete(" " + n) for n in dict.fromkeys(names))), st("money_written_name")))
        # a shared minor name ("centesimi"): ITN writes the first currency listed
        written.append((union(*pre) + amount | amount + union(*post)) + insert("|" + code, 0.01 * len(written) or None))
        if round_ is not None:
            written.append(_scale_written(loc, code, c) + insert("|" + code, 0.01 * (len(written) - 1) or None))
        words |= set(names)
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
    tn_join = {s.lower() for c in curs.values() for s in lib.words(c.get("symbols", []))}
    tn_join |= {k.lower() for k in curs} | {w.lower() for w in words}
    itn_words = {x.lower() for w in words for x in w.split()}
    itn_words |= {x for j in lib.words(cur["minor_joiner"]) for x in j.split()}
    num = loc.lex("numbers")  # count forms ("eine", "una") and "de" after a scale noun
    itn_words |= {w.lower() for g in num.get("genders", {}).values() for ws in g.values() for w in lib.words(ws)}
    for c in curs.values():  # " de " or glued to the noun: "d'euros"
        for j in lib.words(c.get("after_scale") or (num.get("noun_after_scale") or {}).get("joiner", [])):
            itn_words |= set(j.split()) if j.endswith(" ") else \
                {j.strip().lower() + w.lower() for k in ("one", "few", "many") for w in lib.words(c.get(k, []))} \
                | {j.strip().lower().rstrip("'’")}  # "d'" split off as a word (locale.yaml elision)
    return lib.ClassGrammar(NAME, union(*written).optimize(), spoken.optimize(), staged=True,
                            triggers={"itn": {"joiners": sorted(itn_words)}, "tn": {"joiners": sorted(tn_join)}})


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
