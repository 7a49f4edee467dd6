"""Arithmetic.  TN: "2 + 2 = 4" -> "two plus two equals four", "2^10" -> "two to the power of ten",
                   "x^2" -> "x to the power of two"
                   "5 - 3 = 2" -> "five minus three equals two" (math.yaml expression_operators)
               ITN: "two plus two equals four" -> "2 + 2 = 4" (numbers only, no variables),
                    "ten divided by five is two" -> "10 ÷ 5 is 2" (math.yaml result_words);
                    "seven times 1,700,000 francs" stays words (math.yaml prose_operators)

Token: operands and operator symbols joined by single spaces ("2 + 2 = 4", "2 ^ 10").
Operators and their readings are in math.yaml; an operand is a cardinal number or,
in TN, a one-letter variable.
"""
from . import lib
from .lib import chars, closure, cross, delete, insert, t, union

NAME = "math"
REQUIRES = ("cardinal",)


def build(loc, cardinal):
    m = loc.lex("math")
    wv = loc.style("written_variant")
    sign = cardinal.parts["sign_written"].ques
    var = lib.weighted(chars(m["variables"]), loc.style("math_variable"))
    operand_w = sign + cardinal.parts["written_digits"] | var
    operand_s = cardinal.parts["sign_spoken"].ques + cardinal.parts["number"] | cardinal.parts["zero"] \
        | chars(m["variables"])
    ops_w, ops_s, prose_w = [], [], []
    prose = m.get("prose_operators", [])
    for sym, op in m["operators"].items():
        tight, loose = cross(sym, f" {sym} "), cross(f" {sym} ", f" {sym} ")
        read_only = sym in m["read_only"]
        ro = loc.style("math_read_only") if read_only else None
        forms = [lib.weighted(loose if op["spaced"] else tight, ro),
                 lib.weighted(tight if op["spaced"] else loose, wv if not ro else ro + wv)]
        (prose_w if sym in prose else ops_w).extend(forms)
        words = lib.words(op["spoken"])
        ops_s.append(delete(f" {sym} ") + union(*(insert(f" {w} ", loc.variant if i else None)
                                                 for i, w in enumerate(words))))
    # "seven times 1,700,000 francs": prose multiplies in words; an operator of
    # prose_operators alone between two numbers costs math_prose_operator ("3 × 2 = 6" reads)
    written = union(operand_w + union(*ops_w) + operand_w,
                    operand_w + closure(union(*ops_w, *prose_w) + operand_w, 2, 4),
                    lib.weighted(operand_w + union(*prose_w) + operand_w, loc.style("math_prose_operator"))
                    if prose_w else None)
    ops_w += prose_w
    spoken = operand_s + closure(union(*ops_s) + operand_s, 1, 4)
    # "ten divided by five is two" -> "10 ÷ 5 is 2": a result word after a whole expression
    # (never after a lone number: "page ten is two pages" stays)
    res = m.get("result_words", [])
    if res:
        written |= operand_w + closure(union(*ops_w) + operand_w, 1, 4) + union(*(t(f" {w} ") for w in res)) + operand_w
        spoken |= operand_s + closure(union(*ops_s) + operand_s, 1, 4) + union(*(t(f" {w} ") for w in res)) + operand_s
    # "solve 3 - 2": after a cue word the ASCII hyphen is minus (elsewhere a range); the cue
    # word is read (and copied) before the expression, so the reading sees what decides it
    hm = m.get("hyphen_minus")
    cue_tn = {}
    if hm:
        cue = union(*(t(w + " ") for w in hm["after"]))
        minus_w = cross(" - ", " - ")
        minus_s = delete(" - ") + union(*(insert(f" {w} ", loc.variant if i else None)
                                          for i, w in enumerate(lib.words(hm["spoken"]))))
        written = written | lib.weighted(cue + operand_w + closure(union(minus_w, *ops_w) + operand_w, 1, 4),
                                         loc.style("math_hyphen_minus"))
        spoken = spoken | cue + operand_s + closure(union(minus_s, *ops_s) + operand_s, 1, 4)
        cue_tn = {w: 4 for w in hm["after"]}
    # TN: "5 - 3 = 2", "2 x 3 = 6", "10 / 2 = 5": signs that are something else alone (a range,
    # "by", a slash) are operators inside an expression that holds one of the operators
    inside = m.get("expression_operators", {}) if loc.direction == "tn" else {}
    if inside:
        in_w = union(*(cross(f" {sym} ", f" {sym} ") for sym in inside))
        in_s = union(*(delete(f" {sym} ") + union(*(insert(f" {w} ", loc.variant if i else None)
                                                   for i, w in enumerate(lib.words(said))))
                       for sym, said in inside.items()))
        some = closure(union(in_w, *ops_w) + operand_w, 0, 3)
        written = written | lib.weighted(operand_w + some + union(*ops_w) + operand_w + some,
                                         loc.style("math_hyphen_minus"))
        spoken = spoken | operand_s + closure(union(in_s, *ops_s) + operand_s, 1, 5)
        cue_tn.update({sym: 1 for sym in inside if not sym.isdigit()})
    words = {w for op in m["operators"].values() for p in lib.words(op["spoken"]) for w in p.split()}
    symbols = "".join(m["operators"])
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        # a free-standing operator pulls its operands in ("a + b = c")
        triggers={"tn": {"patterns": ["[" + "".join("\\" + c for c in symbols) + "]"],
                         "context": {**{c: 1 for c in symbols}, **cue_tn}},
                  "itn": {"anchors": sorted(words - set(m["connecting_words"])),
                          "joiners": sorted(words & set(m["connecting_words"]))}})
