"""Arithmetic.  TN: "2 + 2 = 4" -> "two plus two equals four", "2^10" -> "two to the power of ten",
                   "x^2" -> "x to the power of two"
                   "5 - 3 = 2" -> "five minus three equals two" (math.yaml expression_operators)
                   "5²" -> "five squared", "√81" -> "the square root of eighty one"
               ITN: "two plus two equals four" -> "2 + 2 = 4", "y equals two x plus one" ->
                    "y = 2x + 1" (a variable only beside a number or a second operator;
                    a bare one with one operator only in an equation: "b plus two" stays,
                    "x equals three" -> "x = 3", math.yaml equation_signs),
                    "ten divided by five is two" -> "10 ÷ 5 is 2" (math.yaml result_words);
                    "seven times 1,700,000 francs" stays words (math.yaml prose_operators)

Token: operands and operator symbols joined by single spaces ("2 + 2 = 4", "2 ^ 10").
Operators and their readings are in math.yaml; an operand is a cardinal number, a one-letter
variable, a number times one ("2y"), either with a power ("5²"), or a root of a number ("√81").
"""
from typing import NamedTuple

import pynini

from . import lib
from .lib import chars, closure, cross, delete, insert, t, union

NAME = "math"
REQUIRES = ("cardinal",)


class _Operands(NamedTuple):
    """Written and spoken operands (written form -> token, token -> spoken form)."""
    written: object
    spoken: object
    power_written: object   # "5²", "√81" (None: math.yaml has no powers or roots)
    power_spoken: object
    variable: object        # a one-letter variable, as written and said


def _operands(loc, cardinal):
    """A cardinal number, a one-letter variable, a number times one ("2y" <-> "two y"), either
    with a power ("5²" <-> "five squared"), or a root of a number ("√81" <-> "the square
    root of eighty one"; math.yaml powers, roots)."""
    m, cost = loc.lex("math"), loc.style("math_variable")
    digits_w, number_s = cardinal.parts["written_digits"], cardinal.parts["number"]
    variable = chars(m["variables"])
    coef_w = lib.weighted(digits_w + variable, cost)   # a number times a variable, written tight
    coef_s = number_s + insert(" ") + variable
    base_w = cardinal.parts["sign_written"].ques + digits_w | lib.weighted(variable, cost)
    base_s = cardinal.parts["sign_spoken"].ques + number_s | cardinal.parts["zero"] | variable
    pw_w = [base_w + t(sym) for sym in m.get("powers", {})]
    pw_s = [base_s + delete(sym) + _said(loc, " ", said) for sym, said in m.get("powers", {}).items()]
    pw_w += [t(sym) + digits_w for sym in m.get("roots", {})]
    pw_s += [delete(sym) + _said(loc, "", said, " ") + number_s for sym, said in m.get("roots", {}).items()]
    power_w, power_s = (union(*pw_w), union(*pw_s)) if pw_w else (None, None)
    return _Operands(union(base_w, coef_w, power_w), union(base_s, coef_s, power_s), power_w, power_s, variable)


def _operators(loc):
    """-> (written operators, written prose_operators, spoken operators): " + " or "+" ->
    " + " (math.yaml spaced: which is preferred; read_only: ITN does not write it),
    " + " -> " plus "."""
    m, written_variant = loc.lex("math"), loc.style("written_variant")
    ops_w, prose_w, ops_s = [], [], []
    prose = m.get("prose_operators", [])
    for sym, op in m["operators"].items():
        tight, loose = cross(sym, f" {sym} "), cross(f" {sym} ", f" {sym} ")
        read_only = loc.style("math_read_only") if sym in m["read_only"] else None
        forms = [lib.weighted(loose if op["spaced"] else tight, read_only),
                 lib.weighted(tight if op["spaced"] else loose, written_variant if not read_only else read_only + written_variant)]
        (prose_w if sym in prose else ops_w).extend(forms)
        ops_s.append(delete(f" {sym} ") + _said(loc, " ", op["spoken"], " "))
    return ops_w, prose_w, union(*ops_s)


def build(loc, cardinal):
    m = loc.lex("math")
    operand = _operands(loc, cardinal)
    operand_w, operand_s = operand.written, operand.spoken
    ops_w, prose_w, op_s = _operators(loc)
    # "seven times 1,700,000 francs": prose multiplies in words; an operator of
    # prose_operators alone between two numbers costs math_prose_operator ("3 × 2 = 6" reads).
    # Each side is one operand with a cycle of (operator operand): few copies of the cardinal.
    op_w = union(*ops_w, *prose_w)   # every written operator
    tail = closure(op_w + operand_w, 1)
    written = operand_w + union(union(*ops_w) + operand_w + closure(tail, 0, 1),
                                union(*prose_w) + operand_w + union(
                                    lib.weighted(t(""), loc.style("math_prose_operator")), tail)
                                if prose_w else None)
    spoken = operand_s + closure(op_s + operand_s, 1)
    # "ten divided by five is two" -> "10 ÷ 5 is 2": a result word after a whole expression
    # (never after a lone number: "page ten is two pages" stays); "5² is 25"
    results = m.get("result_words", [])
    if results:
        is_ = union(*(t(f" {w} ") for w in results))
        written |= union(operand_w + closure(op_w + operand_w, 1), operand.power_written) + is_ + operand_w
        spoken |= union(operand_s + closure(op_s + operand_s, 1), operand.power_spoken) + is_ + operand_s
    if operand.power_written:   # "5²", "√81" alone
        written |= operand.power_written
        spoken |= operand.power_spoken
    cue_tn = {}
    if loc.direction == "tn":
        written, spoken, cue_tn = _tn_minus(loc, operand, op_w, op_s, written, spoken)
    else:
        written, spoken = _itn_guard(loc, operand.variable, written, spoken)
    return lib.ClassGrammar(NAME, written.optimize(), spoken.optimize(), triggers=_triggers(loc, cue_tn))


def _tn_minus(loc, operand, op_w, op_s, written, spoken):
    """TN: "solve 3 - 2": after a cue word the ASCII hyphen is minus (elsewhere a range); the
    cue word is read (and copied) before the expression, so the reading sees what decides it.
    "5 - 3 = 2", "2 x 3 = 6", "10 / 2 = 5": signs that are something else alone (a range,
    "by", a slash) are operators inside an expression that holds one of the operators
    (math.yaml expression_operators).  -> (written, spoken, {cue: trigger context})."""
    m, operand_w, operand_s = loc.lex("math"), operand.written, operand.spoken
    hyphen, inside, cue_tn = m.get("hyphen_minus"), m.get("expression_operators", {}), {}
    if hyphen:
        cue = union(*(t(w + " ") for w in hyphen["after"]))
        minus_w = cross(" - ", " - ")
        minus_s = delete(" - ") + _said(loc, " ", hyphen["spoken"], " ")
        written = written | lib.weighted(cue + operand_w + closure(union(minus_w, op_w) + operand_w, 1),
                                         loc.style("math_hyphen_minus"))
        spoken = spoken | cue + operand_s + closure(union(minus_s, op_s) + operand_s, 1)
        cue_tn = {w: 4 for w in hyphen["after"]}
    if inside:
        in_w = union(*(cross(f" {sym} ", f" {sym} ") for sym in inside))
        in_s = union(*(delete(f" {sym} ") + _said(loc, " ", said, " ") for sym, said in inside.items()))
        some = closure(union(in_w, op_w) + operand_w)
        written = written | lib.weighted(operand_w + some + op_w + operand_w + some,
                                         loc.style("math_hyphen_minus"))
        spoken = spoken | operand_s + closure(union(in_s, op_s) + operand_s, 1)
        cue_tn.update({sym: 1 for sym in inside if not sym.isdigit()})
    return written, spoken, cue_tn


def _itn_guard(loc, variable, written, spoken):
    """ITN: a variable only inside an expression that holds a number or two operators ("x
    equals three", "a plus b equals c"; "x plus y", "x squared" stay words), one that is
    also a word (math.yaml word_variables) only with two operators; with equation_signs a
    bare variable with one operator reads in an equation ("x equals three", "b plus two is
    five") and is kept as words elsewhere ("b plus two").  -> (written, spoken)."""
    m = loc.lex("math")
    # the token characters the expressions use (the locale alphabet makes the guard slow)
    sig = chars("".join(sorted({chr(a.ilabel) for q in spoken.states() for a in spoken.arcs(q) if a.ilabel})))
    op = union(*(t(f" {sym} ") for sym in m["operators"]))
    any_ = closure(sig)
    guard = any_ + chars(lib.DIGITS) + any_
    if m.get("word_variables"):   # "can i bring a plus one": "a" only with two operators
        word = union(t(""), any_ + t(" ")) + chars(m["word_variables"]) \
            + union(t(""), union(t(" "), *(t(p) for p in m.get("powers", {}))) + any_)
        guard = pynini.difference(guard.optimize(), word.optimize())
    if m.get("equation_signs"):
        edge_l, edge_r = union(t(""), any_ + t(" ")), union(t(""), t(" ") + any_)
        bare = edge_l + variable + edge_r
        eq = union(*(t(f" {sym} ") for sym in m["equation_signs"]), *(t(f" {w} ") for w in m.get("result_words", [])))
        prose = pynini.difference(bare, any_ + eq + any_).optimize()
        # its words are kept as one span, so no other class reads a piece ("b minus two":
        # not "b -2", the cardinal's negative number)
        kept = pynini.difference(pynini.intersect(guard.optimize(), prose), any_ + op + any_ + op + any_)
        kept = pynini.project(pynini.compose(kept.optimize(), spoken), "output")
        kept = lib.weighted(pynini.arcmap(kept.optimize(), map_type="rmweight"), loc.style("math_prose_kept"))
        guard = pynini.difference(guard.optimize(), prose)
    guard = union(guard, any_ + op + any_ + op + any_)
    spoken = pynini.compose(guard.optimize(), spoken)
    if m.get("equation_signs"):
        written, spoken = union(written, kept), union(spoken, kept)
    return written, spoken


def _triggers(loc, cue_tn):
    """A free-standing operator pulls its operands in ("a + b = c")."""
    m = loc.lex("math")
    readings = [p for op in m["operators"].values() for p in lib.words(op["spoken"])]
    readings += [p for said in (*m.get("powers", {}).values(), *m.get("roots", {}).values()) for p in lib.words(said)]
    words = {w for p in readings for w in p.split()}
    symbols = "".join(m["operators"]) + "".join(m.get("powers", {})) + "".join(m.get("roots", {}))
    return {"tn": {"patterns": ["[" + "".join("\\" + c for c in symbols) + "]"],
                   "context": {**{c: 1 for c in symbols}, **cue_tn}},
            "itn": {"anchors": sorted(words - set(m["connecting_words"])),
                    "joiners": sorted(words & set(m["connecting_words"]))}}


def _said(loc, before, said, after=""):
    """Insert a lexicon entry's readings (the first free, the others loc.variant)."""
    return lib.inserts([f"{before}{w}{after}" for w in lib.words(said)], loc.variant)
