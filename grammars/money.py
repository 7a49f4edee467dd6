"""Money.  TN: "$4.50" -> "four dollars fifty cents", "$1" -> "one dollar",
              "$2.5 million" -> "two point five million dollars", "£20m" -> "twenty million pounds",
              "$10–15" -> "ten to fifteen dollars", "25 dollars" -> "twenty five dollars"
          ITN: "four dollars and fifty cents" -> "$4.50", "a buck fifty" -> "$1.50",
              "two point five million dollars" -> "$2.5 million", "fifty cents" -> "$0.50"

Token: "CODE|amount", amount = integer, integer.cents, decimal, either with a scale
("2.5e6"), or a range "10~15" (e.g. "USD|4.50", "GBP|20e6").  Currencies, symbols and
scale abbreviations come from locales/en/currencies.yaml.
"""
import pynini

from . import _quantity, lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "money"
REQUIRES = ("cardinal", "decimal")


def build(loc, cardinal, decimal):
    vw, wv = loc.variant, loc.style("written_variant")
    cur = loc.lex("currencies")
    p = cardinal.parts
    digit, nz = chars(DIGITS), chars("123456789")
    integer, dec = _quantity.tokens()
    one, number = t("1"), p["number"]
    other_int = pynini.difference(integer, one)
    dd = digit + digit
    dd_words = (delete("0") + pynini.compose(nz, number) | pynini.compose(nz + digit, number)).optimize()
    teens_up = pynini.compose(nz + digit, number)               # "fifty" in "four fifty dollars"
    # -- written amounts ------------------------------------------------------------
    bare_w, _ = _quantity.amount(loc, cardinal, decimal, signed=False)
    lo = loc.lex("decimals")["quantity_min_power"]
    scale_words = [(w, e) for e, ws in loc.lex("numbers")["scales"].items() if e >= lo for w in ws]
    scale_w = union(*(cross(" " + w, f"e{e}") for w, e in scale_words),
                    *(cross(a, f"e{e}", wv) | cross(" " + a, f"e{e}", 2 * wv)
                      for a, e in cur["scale_abbreviations"].items() if e >= lo))
    amount_w = bare_w + scale_w.ques
    range_w, _ = _quantity.ranged(loc, bare_w, bare_w)
    amount_w = amount_w | lib.weighted(range_w, loc.style("money_range"))
    # -- spoken amounts (per currency: names agree with the number) --------------------
    sep = delete(".") + insert(" ")
    and_ = delete(".") + (insert(" ") | insert(" and ", loc.style("money_and_cents")))
    # Name slots: the token carries "#CODE" right after each amount that takes a name, so
    # the amount words are built once and each slot is one small union over currencies.
    curs = cur["currencies"]
    ic = loc.style("money_informal")

    def slot(kind, minor=False):
        arcs = []
        for rank, (code, c) in enumerate(curs.items()):  # earlier currencies win ties ("cents")
            names = (c.get("minor") or {}).get(kind) if minor else c[kind]
            if not names:
                continue
            inf = None if minor else (c.get("informal") or {}).get(kind)
            arcs.append(delete("#" + code) + insert(" ", 0.001 * rank or None) + union(
                lib.inserts(names, vw), lib.weighted(lib.inserts(inf, vw), ic) if inf else None))
        return union(*arcs).optimize()

    ONE, MANY, MONE, MMANY = slot("one"), slot("many"), slot("one", True), slot("many", True)
    drop = delete("#" + union(*(t(code) for code in curs)))
    # Every reading starts with the integer's words, so the number grammar appears once:
    # <integer words> + one of the tails (name, cents, point digits, scale, range).
    point = loc.lex("decimals")["point"]
    frac = union(*(cross(".", f" {w} ", vw if i else None) for i, w in enumerate(point))) \
        + p["digit"] + closure(insert(" ") + p["digit"])
    scale = union(*(delete(f"e{e}") + insert(" ") + lib.inserts(ws, vw)
                    for e, ws in loc.lex("numbers")["scales"].items() if e >= lo))
    round_ = pynini.intersect(other_int, closure(digit, 1) + t("000000"))  # ITN: "$900 million", not "$900,000,000"
    int_s = (pynini.compose(pynini.difference(other_int, round_), number)
             | lib.weighted(pynini.compose(round_, number), loc.style("money_round_digits"))
             | lib.weighted(pynini.compose(t("0"), p["zero"]), vw))
    quantity = frac + scale.ques | scale
    rng = loc.lex("quantities")["range"]["spoken"]
    range_tail = union(*(cross("~", f" {w} ", vw if i else None) for i, w in enumerate(rng))) \
        + (int_s | pynini.compose(one, number)) + lib.weighted(frac, None).ques
    minor = (pynini.compose(t("01"), dd_words) + MONE
             | pynini.compose(pynini.difference(dd, t("01") | t("00")), dd_words) + MMANY)
    cents = (and_ + minor | lib.weighted(delete(".00") + drop, wv)).ques
    unnamed = lib.weighted(sep + dd_words + drop, loc.style("money_cents_unnamed"))
    qtails = union(pynini.compose(pynini.difference(t(".") + closure(digit, 1) + (t("e") + closure(digit, 1)).ques,
                                                    t(".") + dd), quantity) + MANY,
                   pynini.compose(t(".") + dd, frac) + lib.weighted(MANY, loc.style("money_decimal_minor")))
    tails = union(MANY + cents, MANY + unnamed, qtails,
                  scale + MANY, range_tail + MANY,
                  lib.weighted(drop + sep + teens_up + MANY, loc.style("money_short")))
    one_s = pynini.compose(one, number)
    one_tails = union(ONE + cents, ONE + unnamed, qtails, scale + MANY, range_tail + MANY,
                      lib.weighted(drop + sep + teens_up + MANY, loc.style("money_short")))
    article = union(*(cross("1", a, loc.style("money_article")) for a in loc.itn("numbers")["article_for_one"]))
    spoken = union(int_s + tails, one_s + one_tails, delete("0") + drop + delete(".") + minor,
                   frac + MANY, article + ONE + sep + teens_up + drop)
    cents_w = p["written_digits"] + t(".") + dd
    written = []
    code_cost = loc.style("money_written_code")
    for code, c in curs.items():
        mark = insert("#" + code)
        amt = amount_w + mark
        if c.get("minor"):
            amt |= pynini.compose(cents_w, p["written_digits"] + mark + t(".") + dd + mark)
        sp = closure(t(" "), 0, 1)
        syms = c.get("symbols", [])
        ws = []
        for i, s in enumerate(syms):
            cost = wv if i else None
            ws += [lib.weighted(delete(s), cost) + amt,
                   lib.weighted(delete(s + " "), wv) + amt,
                   amt + lib.weighted(delete(sp + t(s)), wv)]
        ccost = code_cost if syms else None
        ws += [lib.weighted(delete(code + " "), ccost) + amt,
               lib.weighted(delete(code), (ccost or 0) + wv) + amt,
               amt + lib.weighted(delete(" " + code), (ccost or 0) + wv)]
        names = list(dict.fromkeys(c["one"] + c["many"]))
        ws.append(amt + lib.weighted(union(*(delete(" " + n) for n in names)), loc.style("money_written_name")))
        written.append(union(*ws))
    words = {x for c in cur["currencies"].values() for k in ("one", "many") for w in c[k] for x in w.split()}
    words |= {x for c in cur["currencies"].values() for part in ("minor", "informal") if c.get(part)
              for k in ("one", "many") for w in c[part][k] for x in w.split()}
    tn_anchors = {s.lower() for c in cur["currencies"].values() for s in c.get("symbols", [])}
    tn_anchors |= {k.lower() for k in cur["currencies"]} | words | {w for w, _ in scale_words}
    tn_anchors |= {a.lower() for a in cur["scale_abbreviations"]}
    return lib.ClassGrammar(
        NAME, union(*written).optimize(), spoken.optimize(),
        triggers={"itn": {"anchors": sorted(words)},
                  "tn": {"anchors": sorted(tn_anchors), "patterns": ["[$€£¥₹₩₽₺₪₫฿]"],
                         "joiners": sorted(loc.lex("quantities")["range"]["dashes"])}},
        staged=True)
