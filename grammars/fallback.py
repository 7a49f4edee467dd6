"""Fallback reading of a written word no other class reads (TN only).
TN: "SnO2" -> "Sn O two", "x86_64" -> "x eighty six underscore sixty four",
    "12kHz5" -> "twelve kilohertz five", "~40" -> "about forty", "100+" -> "one hundred plus",
    "+5:30" -> "plus five thirty", "12-7=5" -> "twelve minus seven equals five",
    "§12" -> "section twelve", "1980s–1990s" -> "nineteen eighties to nineteen nineties"
ITN: none (itn_rules weights.yaml disables the class: spoken words are never made signs)

Token: the word as written.  Its reading cuts it into pieces said one after another,
each piece costing ``fallback_piece`` (the fewest pieces win); two pieces never meet between two
digits, so a run of digits is one piece (and a long run keeps few readings alive):
  numbers    digit groups as numbers (up to symbols.yaml ``max_number_digits``; a group with
             a leading zero or longer is said digit by digit), decimals, years (the year class's
             four-digit years: "pre-1990"), decades ("1980s", "mid-30s"),
             numbers with a unit glued after them (units.yaml, not the ``ambiguous`` ones)
  letters    a run of small letters, or one capital and small letters, as written; a run of
             capitals as the letters class says them (spelled, or kept: letters.yaml acronyms)
  signs      symbols.yaml ``names``; ``before_number``, ``after_number``, ``between_numbers``
             and ``between_words`` give a sign's word beside numbers or words ("~40", "100+",
             "3:16", "and/or"), ``after_capitals`` a sign between a time zone (times.yaml zones) and a
             number ("UTC-3"), ``alone`` a sign standing as a word of its own (" / "), ``chains`` a sign
             joining three or more digit groups, a code said digit by digit ("555-1234-567")
  arithmetic numbers joined by math.yaml operators around "=" ("12-7=5")
Other marks inside the word are read as a pause between pieces; characters outside the
locale's alphabet are copied (the runtime writes them back in place of PLACEHOLDER).  The class's cost
(weights.yaml classes: fallback) is above every other class, so it reads only what no
class reads; a word holding a digit or a sign it names costs ``passthrough_digits`` or
``passthrough_symbols`` left as it is, above any fallback reading.
"""
import pynini

from . import lib
from .lib import DIGITS, UPPER, chars, closure, cross, delete, insert, t, union

NAME = "fallback"
# grammar-internal output tags (removed before the class FST is made): a piece starts or ends
# with a digit, a gap holds a mark
_STARTS, _ENDS, _PAUSED = "\ue0fc", "\ue0fd", "\ue0fe"
REQUIRES = ("cardinal", "letters", "year")


def _said(pairs, vw, left=" ", right=" "):
    """sign -> its words (a list: alternatives) with ``left`` and ``right`` around them, or
    "" (a pause: one space between pieces)."""
    return lib.mapping([(s, [f"{left}{w}{right}" if w else " " if left and right else "" for w in lib.words(ws)])
                        for s, ws in pairs.items()], vw)


def _numbers(loc, cardinal, year, most):
    """-> (a number piece; the same without the digit-by-digit readings and the readings of a
    piece alone (years); years; decades with the short "30s", read in a chain of decades and
    after a word and a hyphen only; each None where off)."""
    digit, nz = chars(DIGITS), chars("123456789")
    sep = loc.itn("formats").get("thousands_separator", ",") or ","
    said = cardinal.parts["number"] | cardinal.parts["zero"]
    grouped = nz + closure(digit, 0, 2) + closure(t(sep) + digit + digit + digit, 1, (most - 1) // 3)
    whole = t("0") | nz + closure(digit, 0, most - 1) | grouped
    group = pynini.compose(pynini.compose(whole, cardinal.parts["written_digits"]), said)
    one = lib.digit_said(loc)
    by_digit = lib.weighted(one + closure(insert(" ") + one), loc.style("fallback_by_digit"))
    point = lib.words(loc.lex("decimals").get("point", ["point"]))[0]
    decimal = group + cross(".", f" {point} ") + one + closure(insert(" ") + one)
    lead = pynini.compose(t("0") + closure(digit, 1), one + closure(insert(" ") + one))  # "01:00": "o one o o"
    number = union(group, decimal, lead)
    decade, short = year.parts.get("decade"), year.parts.get("short_decade")
    if decade is not None:
        number |= decade + delete("s")
    # a piece alone (no unit or sign of its own): "pre-1990" -> "pre nineteen ninety", not the count
    years = lib.weighted(pynini.compose(year.parts["written"], year.parts["number"]), loc.style("fallback_year")) \
        if "written" in year.parts else None
    decades = union(*(d + delete("s") for d in (decade, short) if d is not None)) if short is not None else None
    alone = [years] if years is not None else []
    return union(number, by_digit, *alone).optimize(), number.optimize(), years, decades


def _chained(loc, signs, vw, numbers):
    """Three or more digit groups joined by a sign of symbols.yaml ``chains`` ("555-1234-567",
    "2011-13-45", "49-30-4"): a code, said digit by digit, the sign as its words there (a pause);
    -> (that reading, an acceptor of the words it reads, which the number chains leave to it)."""
    one = lib.digit_said(loc)
    group = one + closure(insert(" ") + one)
    sep = _said(signs, vw)
    said = group + sep + group + closure(sep + group, 1)
    join = chars("".join(signs))
    # a chain of numbers holding two of these signs is left to this reading
    taken = closure(numbers) + join + closure(numbers) + join + closure(numbers)
    return said.optimize(), taken.optimize()


def _units(loc, number):
    """-> (a number with a unit glued after it, "12kHz", "90mins"; a number and a unit after a
    space, "40 km"), units.yaml names (not the ``ambiguous`` abbreviations), or (None, None)."""
    units = loc.lex("units").get("units", {})
    one, many = [], []
    for key, e in units.items():
        if e.get("ambiguous"):
            continue
        for w in dict.fromkeys([key, *lib.words(e.get("written", []))]):
            one.append((w, " " + lib.words(e["one"])[0]))
            many.append((w, " " + lib.words(e["many"])[0]))
    if not one:
        return None, None
    other = pynini.compose(pynini.difference(closure(chars(DIGITS + ".,"), 1), t("1")), number)
    single = pynini.compose(t("1"), number)
    one, many = lib.mapping(one), lib.mapping(many)
    glued = union(single + one, other + many).optimize()
    spaced = union(single + delete(" ") + one, other + delete(" ") + many).optimize()
    return glued, spaced


def _money(loc, number):
    """A currency sign before a number ("$5" inside "~$5"): currencies.yaml names, one-character signs."""
    seen, arms = set(), []
    single = pynini.compose(t("1"), number)
    other = pynini.compose(pynini.difference(closure(chars(DIGITS + ".,"), 1), t("1")), number)
    for cur in loc.lex("currencies").get("currencies", {}).values():
        for sym in (x for x in lib.words(cur.get("symbols", [])) if len(x) == 1 and x not in seen):
            seen.add(sym)
            arms += [delete(sym) + single + insert(" " + lib.words(cur["one"])[0]),
                     delete(sym) + other + insert(" " + lib.words(cur["many"])[0])]
    return union(*arms).optimize() if arms else None


def _arithmetic(loc, number):
    """Numbers joined by operators around "=" (math.yaml operators, expression_operators)."""
    math = loc.lex("math")
    ops = {s: lib.words(o["spoken"])[0] for s, o in math.get("operators", {}).items()}
    ops.update({s: lib.words(w)[0] for s, w in math.get("expression_operators", {}).items()})
    if "=" not in ops:
        return None
    eq = cross("=", f" {ops.pop('=')} ")
    side = number + closure(union(*(cross(s, f" {w} ") for s, w in ops.items())) + number)
    return side + eq + side


def build(loc, cardinal, letters, year):
    if loc.direction == "itn":  # spoken words are never read back into signs: an empty relation
        none = pynini.accep("")
        return lib.ClassGrammar(NAME, none, none, triggers={"itn": {}}, parts={"unsaid": ""})
    lex, vw, piece = loc.lex("symbols"), loc.variant, loc.style("fallback_piece")
    # tn_rules symbols.yaml keep: signs a voice says itself stay as written
    keep = set(loc.tn("symbols").get("keep", []))
    lex = {k: {s: w for s, w in v.items() if s not in keep} if isinstance(v, dict) else v for k, v in lex.items()}
    names = {**lex.get("names", {}), **{s: s for s in keep}}
    alpha = [c for c in lib.alphabet(loc) if c != lib.PLACEHOLDER]
    unknown = closure(t(lib.PLACEHOLDER), 1)  # characters outside the alphabet: copied (run/write.py)
    small = chars("".join(c for c in alpha if c.isalpha() and not c.isupper()))
    caps_other = chars("".join(c for c in alpha if c.isalpha() and c.isupper() and c not in UPPER))
    named = set("".join(names))
    pause_chars = "".join(c for c in alpha if not c.isalpha() and c not in DIGITS and not c.isspace() and c not in named)
    number, plain, years, decades = _numbers(loc, cardinal, year, lex.get("max_number_digits", 12))

    word = small + closure(small) | lib.weighted(chars(UPPER) + closure(small, 1), loc.style("fallback_title_word")) \
        | caps_other + closure(small)
    run = letters.parts["run"]
    # the letters class spells (or keeps) capitals; a run is cut only where it is longer than
    # the letters class reads, each cut a piece (kept capitals stay whole: "HLA-DR" -> "HLA DR")
    caps = run + closure(lib.weighted(insert(" "), piece) + run)
    # a short run without a vowel is no word: spelled as capitals are ("rpm", "Sn")
    vowels = loc.lex("letters").get("vowels", "")
    cons = "".join(c for c in lib.LOWER if c not in vowels)
    vowelless = (chars(cons) | chars(cons.upper())) + closure(chars(cons), 1, 3)
    word = pynini.difference(word.optimize(), vowelless.optimize())
    raised = closure(union(*(cross(c, c.upper()) for c in cons)) | chars(cons.upper()), 1)
    caps |= pynini.compose(pynini.compose(vowelless, raised), run)
    between_words = lex.get("between_words", {})
    if between_words:
        word = word + closure(_said(between_words, vw) + word)

    term = plain if years is None else union(plain, years)  # "Jan-41-2017": a year's digits as a year
    between = _said(lex.get("between_numbers", {}), vw) if lex.get("between_numbers") else None
    chain = term + closure(between + term) if between is not None else plain
    if between is not None and decades is not None:  # "1920s-30s", not "5-10s": decades after a decade only
        chain |= decades + closure(between + decades, 1)
    chained = None
    if lex.get("chains"):  # "555-1234-567": a code said digit by digit, not a range of ranges
        sigma = chars("".join(c for c in alpha if c != " "))
        chained, taken = _chained(loc, lex["chains"], vw, sigma)
        chain = pynini.compose(pynini.difference(closure(sigma), taken), chain)
    before = _said(lex.get("before_number", {}), vw, left="") if lex.get("before_number") else None
    after = _said(lex.get("after_number", {}), vw, right="") if lex.get("after_number") else None
    units, spaced = _units(loc, plain)
    per = loc.lex("units").get("per")
    if units is not None and per:  # "20mg/day": "twenty milligrams per day"
        units |= units + cross(per["written"], " " + lib.words(per["spoken"])[0] + " ") + small + closure(small)
    num_piece = union(*(p for p in (chain, chained, units, _money(loc, plain)) if p is not None))
    if before is not None:
        # "~40", "#5", "+5°C"; a unit after a space too: "~40 km" (without the sign, the measure class's)
        num_piece |= before + (num_piece if spaced is None else num_piece | spaced)
    if after is not None:
        num_piece = num_piece + after.ques  # "100+", "5GB+"
    num_piece = union(num_piece, number)
    arithmetic = _arithmetic(loc, plain)
    offsets = lex.get("after_capitals")
    capital_piece = caps
    # "UTC-3", "GMT+5:30": the sign after a time zone (times.yaml zones) is said; after other
    # capitals it is a model number's hyphen, a pause ("HIV-1", "F-150")
    zones = [w for z in loc.lex("times").get("zones", {}).values() for w in lib.words(z.get("written", []))]
    if offsets and zones:
        capital_piece |= pynini.compose(union(*(t(z) for z in zones)), caps) + _said(offsets, vw) + chain
    if decades is not None:  # a word, a hyphen and a decade are one piece: "mid-30s" -> "mid thirties" ("5-10s" no decade)
        word_decade = small + closure(small) + cross("-", " ") + decades
        num_piece = union(num_piece, word_decade)
    pieces = [num_piece, word, capital_piece, arithmetic, unknown,
              lib.mapping([(s, lib.words(w)) for s, w in names.items()], vw)]
    item = lib.weighted(union(*(p for p in pieces if p is not None)), piece)
    pause = delete(closure(chars(pause_chars), 1)) if pause_chars else None
    gap = insert(" ") if pause is None else union(insert(" "), insert(" " + _PAUSED) + pause)
    edge = pause.ques if pause is not None else pynini.accep("")
    sigma = chars("".join(alpha) + lib.PLACEHOLDER)
    item = _tagged(item, sigma, chars(DIGITS), chars("".join(c for c in alpha if c not in DIGITS) + lib.PLACEHOLDER))
    body = _untagged(edge + item + closure(gap + item) + edge)
    alone = lex.get("alone", {})
    spoken = body if not alone else union(body, lib.mapping([(s, lib.words(w)) for s, w in alone.items()], vw))
    spoken = spoken.optimize()
    # what the class reads: a word holding a digit or a named sign (others are words)
    marked = chars(DIGITS + "".join(named))
    any_char = chars("".join(c for c in alpha if c != " ") + lib.PLACEHOLDER)
    written = closure(any_char) + marked + closure(any_char)
    if spaced is not None:  # "~40 km": the unit's word after the number's
        written += (t(" ") + closure(any_char, 1)).ques
    written = written.optimize()
    signs = "".join(sorted(c for c in named if c not in keep))
    patterns = [f"[{_escape(signs)}]"] if signs else []
    return lib.ClassGrammar(NAME, written, spoken, triggers={"tn": {"patterns": patterns}, "itn": {}},
                            parts={"unsaid": signs})


def _tagged(item, sigma, digit, other):
    """A piece that starts with a digit opens its output with _STARTS, one that ends with a digit
    closes it with _ENDS (see ``_untagged``)."""
    rest = closure(sigma)
    item = union(insert(_STARTS) + pynini.compose((digit + rest).optimize(), item),
                 pynini.compose((other + rest).optimize(), item))
    return union(pynini.compose((rest + digit).optimize(), item) + insert(_ENDS),
                 pynini.compose((rest + other).optimize(), item)).optimize()


def _untagged(body):
    """``body`` without the readings where two pieces meet between two digits with no mark between
    them (_ENDS, the gap's space, _STARTS), and without the tags: a run of digits is one piece,
    so a long run keeps few readings alive and is read in linear time with a small constant."""
    said = set()
    for state in body.states():
        said.update(arc.olabel for arc in body.arcs(state) if arc.olabel)
    tags = (_STARTS, _ENDS, _PAUSED)
    words = "".join(chr(c) for c in sorted(said) if chr(c) not in tags)
    every = closure(chars(words + "".join(tags)))
    allowed = pynini.difference(every, (every + t(_ENDS + " " + _STARTS) + every).optimize())
    drop = closure(chars(words) | union(*(delete(x) for x in tags)))
    return pynini.compose(body, pynini.compose(allowed, drop))


def _escape(s):
    return "".join("\\" + c if c in "\\^-]" else c for c in s)
