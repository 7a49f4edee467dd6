"""Measures.  TN: "6 km" -> "six kilometers", "1 km" -> "one kilometer", "38.36 km²" -> "thirty eight
                 point three six square kilometers", "9.8 m/s²" -> "nine point eight meters per second
                 squared", "-5 °C" -> "minus five degrees celsius", "5'11\"" -> "five feet eleven inches"
            ITN: "eighty kilometers per hour" -> "80 km/h", "twenty feet" -> "20 feet",
                 "minus five degrees celsius" -> "-5 degrees celsius"; "five minutes",
                 "four feet" stay words

Token: "<amount>|<unit>".  The amount is a cardinal, decimal ("5e6" for "5 million") or
fraction token, or a range "10~15"; the unit is key[power][/key[power]] with keys and
powers from locales/en/units.yaml ("1.5|km", "9.8|m/s²", "-5|°C").  Feet and inches:
"5'11\"".  "1", "-1" and simple fractions ("3/4") take the singular, the rest the plural.
ITN writes the units listed in itn_rules/en/units.yaml by name ("20 feet"), others
abbreviated ("6 km").

Table-driven locales (de es fr it ru): the count agrees with the unit noun
(grammars/_counted.py): "5 km" -> "fünf Kilometer", "cinco kilómetros", "пять километров",
"1 t" -> "eine Tonne"; a decimal takes the "few" form (ru "два и пять десятых километра",
elsewhere the plural), below numbers.yaml ``decimal_one_below`` the singular (fr "1,5 kilomètre").  Token: "amount|unit" ("2.5|km").  units.yaml lists the units.
"""
import re

import pynini

from . import _counted, _quantity, lib
from .lib import DIGITS, chars, closure, cross, delete, insert, t, union

NAME = "measure"
REQUIRES = ("cardinal", "decimal", "fraction")


def _amounts(loc, cardinal, decimal, fraction):
    """-> (one_w, many_w, one_s, many_s): written amount -> token and token -> spoken, by agreement."""
    p = cardinal.parts
    digit, nz = chars(DIGITS), chars("123456789")
    one_tok = (t("-").ques + (t("1") | nz + closure(digit) + t("/") + nz + closure(digit))).optimize()
    many_tok = pynini.difference(closure(chars(DIGITS + "-./ e~")), one_tok).optimize()
    # before a unit a small fraction is a quantity, written in digits ("one half inch" ->
    # "1/2 inch"), though alone it stays words ("one half of the crop")
    frac_w, frac_s = _quantity.small_fraction(fraction, t("-").ques + (nz + closure(digit, 0, 1) + t(" ")).ques)
    bare_w, bare_s = _quantity.amount(loc, cardinal, decimal, signed=False)
    # ITN: "five million kilometers" -> "5 million km" (the decimal's scale); a round million
    # is never a cardinal here, so the number grammar appears once
    round_ = t("-").ques + nz + closure(digit, 0, 2) + closure(t("000"), 2)
    base_w = p["sign_written"].ques + p["written_digits"] | decimal.written
    base_s = pynini.compose(pynini.difference(closure(chars(DIGITS + "-")), round_), cardinal.spoken) | decimal.spoken
    # a range "10–15 km" is the amount plus a tail, so the first number is read once; ITN
    # keeps the spoken "to" ("four to five miles" -> "4 to 5 miles")
    rng = loc.lex("quantities")["range"]
    to = lib.words(rng["spoken"])
    dash = lib.weighted(delete(t(" ").ques) + _quantity.dash(rng["dashes"]) + delete(t(" ").ques),
                        loc.style("measure_range"))
    tail_w = (dash | union(*(cross(f" {w} ", "~") for w in to))) + bare_w
    tail_s = _quantity.said(to, variant=loc.variant) + bare_s
    written = base_w + tail_w.ques | frac_w
    spoken = base_s + tail_s.ques | frac_s
    return (pynini.compose(written, one_tok), pynini.compose(written, many_tok),
            pynini.compose(one_tok, spoken), pynini.compose(many_tok, spoken), frac_w, frac_s)


def _partitive(loc, frac_w, frac_s, unit_s, names_w):
    """-> (written, spoken) of a fraction of one unit (units.yaml partitive): "3/8 of an inch"
    <-> "three eighths of an inch", the digits written as before a unit ("1/2 inch") and
    the words "of an inch" kept; only units written by name (itn_rules units.yaml
    written_names: no "1/3 of a km").  A numerator said as the fraction's article stays
    words ("a quarter of a mile", as texts write it)."""
    said = lib.words(loc.lex("units").get("partitive", []))
    if not said:
        return None, None
    article = lib.words(loc.lex("fractions").get("article", []))
    if article:
        sigma = closure(lib.sigma(loc))
        frac_s = pynini.compose(frac_s, pynini.difference(sigma, union(*(t(a + " ") for a in article)) + sigma))
    of = union(*(t(f" {w}") for w in said))
    return (frac_w + of + insert("|") + delete(" ") + names_w["one"],
            frac_s + of + cross("|", " ") + unit_s["one"])


def _said_unit(loc, kind, keys, numerator, extra=lambda k: None, variant=None):
    """Unit keys -> their names (units.yaml ``kind``: one or many); ``numerator``: a unit
    before "per" (units.yaml itn: false costs measure_not_itn there); ``extra(key)``: a cost
    more.  Cross, not delete+insert: the key and the name are read side by side, so neither
    direction walks every unit on epsilon arcs before its first real letter.  None for no keys."""
    units = loc.lex("units")["units"]
    variant = loc.variant if variant is None else variant
    arcs = [lib.weighted(lib.mapping([(k, lib.words(units[k][kind]))], variant),
                         (loc.style("measure_not_itn") if numerator and units[k].get("itn") is False
                          else 0.0) + (extra(k) or 0.0) or None) for k in keys]
    return union(*arcs) if arcs else None


def _powered(loc, kind, keys, numerator, extra=lambda k: None, bare=True, variant=None):
    """The units with their powers: "km²" -> "square kilometers", "s²" -> "second squared"
    (after "per", units.yaml per power_after); without ``bare`` only those with a power;
    ``variant`` is the cost of a name's variants."""
    lex = loc.lex("units")
    late, after_cost = set(lib.words(lex["per"].get("power_after", []))), loc.style("measure_power_after")
    arcs = [_said_unit(loc, kind, keys, numerator, extra, variant)] if bare else []
    for pw in lex["powers"].values():
        for after_first in (False, True):
            base = _said_unit(loc, kind, [k for k in keys if k in lib.words(pw.get("units", []))
                                          and (k in late and not numerator) == after_first], numerator, extra, variant)
            if base is None:
                continue
            pre = union(*(insert(w + " ") for w in lib.words(pw["spoken"]))) + base + delete(pw["written"])
            arcs.append(lib.weighted(pre, after_cost if after_first else None))
            if pw.get("after"):
                post = base + delete(pw["written"]) + union(*(insert(" " + w) for w in lib.words(pw["after"])))
                arcs.append(lib.weighted(post, None if after_first else after_cost))
    return union(*arcs)


def _units_spoken(loc):
    """Unit token -> spoken words, by agreement: {"one", "many", "per"}; "per": a density, an
    amount per area or volume without a unit of its own, said with the plural as in the
    Kestrel references ("280/km²" -> "... per square kilometers"); the singular ("725.1 per
    square mile") stays words in ITN."""
    lex = loc.lex("units")
    units, per = lex["units"], lex["per"]
    per_s = lib.mapping([(per["written"], [f" {w} " for w in lib.words(per["spoken"])])], loc.variant)
    bare_per = per_s + _powered(loc, "many", list(units), False, bare=False)
    per_s = lib.weighted(per_s + _powered(loc, "one", list(units), False), loc.style("measure_per_compound")).ques
    spoken = {kind: (_powered(loc, kind, list(units), True) + per_s).optimize() for kind in ("one", "many")}
    spoken["per"] = bare_per.optimize()
    return spoken


def _names_written(loc):
    """Written by name ("20 feet"): the spoken phrase of the units in written_names, read
    back; compounds with "per" stay abbreviated ("m/s²", "ft/s").  A name's other spellings
    are written variants ("metres"): ITN writes the first one ("meters"), whatever the
    ranker thinks of the words around it.  -> {"one", "many"}."""
    units = loc.lex("units")["units"]
    named = set(lib.words(loc.itn("units").get("written_names", [])))
    said = set(lib.words(loc.itn("units").get("names_said", [])))
    written_variant = loc.style("written_variant")
    return {kind: pynini.invert(union(_powered(loc, kind, sorted(named & set(units) - said), True, variant=written_variant),
                                      _powered(loc, kind, sorted(named & set(units) & said), True))).optimize()
            for kind in ("one", "many")}


def _dotted(loc, w, k, cost):
    """An abbreviation ``w`` -> unit key ``k``; TN also "ft." as "ft" ("5 ft. long": the
    abbreviation's dot is no sentence end; the pipeline writes it back where a sentence ends)."""
    arc = cross(w, k, cost)
    if _takes_dot(loc, w):
        arc |= cross(w + ".", k, cost)
    return arc


def _takes_dot(loc, w):
    """TN reads ``w`` also with a dot: a word of letters, not one capital (an initial, "5 A.
    Smith").  A locale whose nouns have capitals (tn_rules abbreviations.yaml sentence_end
    ``before: openers``) keeps a dot after a number's unit as written ("3 kg. Morgen"): the
    word after it does not show whether the pipeline should write it back."""
    if loc.direction != "tn" or not w.isalpha() or (len(w) == 1 and not w.islower()):
        return False
    return (loc.tn("abbreviations").get("sentence_end") or {}).get("before", "capital") == "capital"


def _abbreviations(loc, keys, short=True, long=True):
    """Written abbreviations of ``keys`` -> key; short = the key and one-letter aliases."""
    units = loc.lex("units")["units"]
    named = set(lib.words(loc.itn("units").get("written_names", [])))
    alias = loc.style("measure_written_alias")
    arcs = []
    for k in keys:
        if short:
            arcs.append(_dotted(loc, k, k, loc.style("measure_written_abbr") if k in named else None))
        arcs += [_dotted(loc, w, k, alias) for w in lib.words(units[k].get("written", []))
                 if (len(w) == 1 and short) or (len(w) > 1 and long)]
    return union(*arcs) if arcs else None


def _with_power(loc, keys, **which):
    """A unit in ``keys`` written with its power: "km²", "km2" -> "km²"."""
    alias = loc.style("measure_written_alias")
    arcs = [_abbreviations(loc, keys, **which)]
    for pw in loc.lex("units")["powers"].values():
        takes = _abbreviations(loc, [k for k in keys if k in lib.words(pw.get("units", []))], **which)
        if takes is not None:
            arcs.append(takes + union(t(pw["written"]), *(
                cross(w, pw["written"], alias) for w in lib.words(pw.get("written_other", [])))))
    return union(*(a for a in arcs if a is not None))


def _abbreviations_written(loc):
    """-> (written abbreviation -> unit token: " km", "km", "5'", " sq km" -> "km²", "km/h";
    the unit after "per" alone; an ambiguous abbreviation after a decimal amount, glued or
    set apart ("9.58s", "4.2 s"; units.yaml after_decimal) or None)."""
    lex, written_variant = loc.lex("units"), loc.style("written_variant")
    units, powers = lex["units"], lex["powers"]
    den_w = _quantity.per_written(loc, lex["per"]) + _with_power(loc, list(units))
    space = [k for k, e in units.items() if e.get("space", True) and not e.get("attached")]
    glued = [k for k, e in units.items() if not e.get("space", True) and not e.get("attached")]
    attached = [k for k, e in units.items() if e.get("attached")]
    clear = [k for k in attached if not units[k].get("ambiguous")]
    num_w = union(delete(" ") + _with_power(loc, space), lib.weighted(_with_power(loc, space), written_variant),
                  _with_power(loc, glued), lib.weighted(delete(" ") + _with_power(loc, glued), written_variant),
                  lib.weighted(_with_power(loc, clear, long=False), loc.style("measure_attached")),
                  delete(" ") + _with_power(loc, attached, short=False),
                  lib.weighted(_with_power(loc, attached, short=False), written_variant))
    # "sq km" -> "km²": the prefix becomes the power after the unit
    sq = union(*(delete(" " + pre.strip() + " ")
                 + _abbreviations(loc, [k for k in space if k in lib.words(pw.get("units", []))])
                 + insert(pw["written"]) for pw in powers.values() for pre in lib.words(pw.get("prefix", []))))
    written = (num_w | lib.weighted(sq, loc.style("measure_written_alias"))) + den_w.ques
    dec = [k for k in attached if units[k].get("ambiguous") and units[k].get("after_decimal")]
    # glued or set apart: "9.58s", "4.2 s" (after a whole number "1980 s" is a decade's plural)
    after_decimal = lib.weighted(delete(" ").ques + _with_power(loc, dec, long=False),
                                 loc.style("measure_attached")).optimize() if dec else None
    return written.optimize(), den_w.optimize(), after_decimal


def _units(loc):
    """-> (spoken, written_abbr, written_names): unit token -> spoken words by agreement,
    written abbreviation -> unit token, and written names by agreement -> unit token
    (also "per": the unit after "per" alone; "decimal": see _abbreviations_written)."""
    spoken = _units_spoken(loc)
    names_w = _names_written(loc)
    written_abbr, names_w["per"], names_w["decimal"] = _abbreviations_written(loc)
    return spoken, written_abbr, names_w


def _feet_inches(loc, cardinal, decimal):
    """5'11" -> token 5'11" -> "five feet eleven inches"; "5 ft 11 in" and "5 feet 11 inches"
    are read alike, and ITN writes the marks or the names as measure_feet_inches says."""
    fi, units, vw = loc.lex("units")["feet_inches"], loc.lex("units")["units"], loc.variant
    wv, alias = loc.style("written_variant"), loc.style("measure_written_alias")
    digit = chars(DIGITS)
    number = cardinal.parts["number"] | cardinal.parts["zero"]

    def part(key, amount):
        """-> (spoken, written by name): "11" -> "eleven inches", "11 inches" -> "11"."""
        e, other = units[key], pynini.difference(amount, t("1"))
        name = lambda kind: lib.alternatives(lib.words(e[kind]), wv)
        spoken = (pynini.compose(t("1"), number) + insert(" ") + lib.inserts(lib.words(e["one"]), vw)
                  | pynini.compose(other, cardinal.spoken | decimal.spoken) + insert(" ") + lib.inserts(lib.words(e["many"]), vw))
        return spoken, t("1") + delete(" " + name("one")) | other + delete(" " + name("many"))

    feet_tok = chars("123456789") + closure(digit, 0, 1)
    inch_tok = closure(digit, 1, 2) + (t(".") + closure(digit, 1, 2)).ques
    (feet_s, feet_w), (inch_s, inch_w) = part(fi["feet"], feet_tok), part(fi["inches"], inch_tok)
    spoken = feet_s + delete("'") + insert(" ") + inch_s + delete('"')
    marks = lambda ms, tok: union(*(cross(m, tok, wv if i else None) for i, m in enumerate(lib.words(ms))))
    written = union(lib.weighted(feet_tok + marks(fi["feet_marks"], "'") + lib.weighted(delete(" "), wv).ques
                                 + inch_tok + marks(fi["inch_marks"], '"'), loc.style("measure_feet_inches")),
                    lib.weighted(feet_tok + cross(f" {fi['feet']} ", "'") + inch_tok + cross(f" {fi['inches']}", '"'), alias),
                    feet_w + insert("'") + delete(" ") + inch_w + insert('"'))
    if loc.direction == "tn":  # "6 ft. 2 in." (the inches' dot: see dotted in _units)
        written |= lib.weighted(feet_tok + cross(f" {fi['feet']}. ", "'") + inch_tok + cross(f" {fi['inches']}.", '"'), alias)
    if fi.get("height_feet"):  # a height said without "inches", "foot" for "feet": "six foot two" -> 6'2"
        lo, hi = fi["height_feet"]  # token "6'2" (no inch mark): only the marks write it
        nums = lambda vs: pynini.compose(lib.number_strings(vs), number)  # noqa: E731
        said = lib.inserts(lib.words(units[fi["feet"]]["one"]) + lib.words(units[fi["feet"]]["many"]), 0)
        spoken |= lib.weighted(nums(range(lo, hi + 1)) + delete("'") + insert(" ") + said + insert(" ")
                               + nums(range(1, 12)), loc.style("measure_height_said"))
        written |= (feet_tok + marks(fi["feet_marks"], "'") + inch_tok
                    + union(*(cross(m, "", wv if i else None) for i, m in enumerate(lib.words(fi["inch_marks"])))))
    return written, spoken


def _glued_pairs(loc, amount_w):
    """TN: two amounts with their units glued, the second unit's letter read by the first
    (units.yaml ``glued_pairs``: "3h 20m" -> "three hours twenty minutes", not "meters");
    token "3|h 20|min".  ITN keeps time words as said, so it has no such path."""
    units = loc.lex("units")
    pairs = units.get("glued_pairs")
    if not pairs or loc.direction != "tn":
        return None
    unit = lambda k, extra=(): union(*(cross(w, k) for w in [k, *lib.words(units["units"][k].get("written", [])), *extra]))
    return union(*(amount_w + insert("|") + unit(p["first"]) + (t(" ") | insert(" ")) + amount_w + insert("|")
                   + unit(p["second"], lib.words(p.get("second_written", []))) for p in pairs))


def _times(loc, cardinal, amount_w, abbr_w, spoken):
    """A count of doses before an amount of the units of units.yaml ``times`` ("2 x 500 mg")
    -> "two times five hundred milligrams"; token "2*500|mg".  Lengths are left out: "2 x
    4 m" is a size ("two by four meters").  -> (written, spoken) or None."""
    tm = loc.lex("units").get("times")
    if not tm:
        return None
    signs = lib.words(tm["written"])
    sign = union(*(cross(f" {w} ", "*", loc.style("written_variant") if i else None) for i, w in enumerate(signs)))
    said = _quantity.said(lib.words(tm["spoken"]), "*", loc.variant)
    keys = union(*(t(k) for k in tm["units"]))
    count = pynini.compose(chars("123456789") + closure(chars(DIGITS), 0, 1), cardinal.spoken)
    written = pynini.compose(cardinal.parts["written_digits"], chars("123456789") + closure(chars(DIGITS), 0, 1)) \
        + sign + amount_w + insert("|") + pynini.compose(abbr_w, keys)
    return written, count + said + spoken


def _over(loc, cardinal, abbr_w, unit_s):
    """Two readings of a pair before the units of units.yaml ``over`` ("120/80 mmHg", a
    blood pressure) -> "one hundred twenty over eighty millimeters of mercury"; token
    "120_80|mmHg".  -> (written, spoken) or None."""
    ov = loc.lex("units").get("over")
    if not ov:
        return None
    number = pynini.compose(closure(chars(DIGITS), 1), cardinal.spoken)
    keys = union(*(t(k) for k in ov["units"]))
    said = _quantity.said(lib.words(ov["spoken"]), "_", loc.variant)
    written = cardinal.parts["written_digits"] + cross("/", "_") + cardinal.parts["written_digits"] \
        + insert("|") + pynini.compose(abbr_w, keys)
    spoken = number + said + number + cross("|", " ") + pynini.compose(keys, unit_s["many"])
    return written, spoken


def _small_words(loc, cardinal, names):
    """ITN: numbers below standalone_words_below kept as words before a unit written by name,
    as they are standalone ("four feet"; "6 km", "40 feet"), at the cost of the style
    measure_small_words for 2-9 (English: dearer than digits, "2 feet": texts write measures in
    digits; "one foot", "one mile" stay words)."""
    below = loc.itn("formats")["standalone_words_below"]
    if below <= 0:
        return None
    words = lambda vs: pynini.invert(pynini.compose(lib.number_strings(vs),
                                                    cardinal.parts["number"] | cardinal.parts["zero"]))
    one, many = words([1]), words([v for v in range(below) if v != 1])
    return (one + insert("|") + delete(" ") + names["one"]    # "one foot in the grave" stays
            | lib.weighted(many + insert("|") + delete(" ") + (names["many"] | names["one"] + insert("!")),
                           loc.style("measure_small_words")))


def build(loc, cardinal, decimal, fraction):
    if _counted.agrees(loc):
        return _agreeing(loc, cardinal, decimal)
    one_w, many_w, one_s, many_s, frac_w, frac_s = _amounts(loc, cardinal, decimal, fraction)
    unit_s, abbr_w, names_w = _units(loc)
    part_w, part_s = _partitive(loc, frac_w, frac_s, unit_s, names_w)
    fi_w, fi_s = _feet_inches(loc, cardinal, decimal)
    # "a five hundred forty one watt panel": the singular after other amounts, marked "!"
    adj = loc.style("measure_adjectival")
    names = {k: lib.weighted(delete(" ") + names_w[k], loc.style("measure_digits_named")) for k in ("one", "many")}
    bare_per = lib.weighted((one_w | many_w) + insert("|") + names_w["per"], loc.style("measure_bare_per"))
    written = union(one_w + insert("|") + (abbr_w | names["one"]),
                    many_w + insert("|") + (abbr_w | names["many"] | (abbr_w | names["one"]) + insert("!")),
                    fi_w, _small_words(loc, cardinal, names_w), bare_per, part_w)
    if names_w["decimal"] is not None:  # "9.58s": the amount has a point (see _units)
        point = closure(chars(DIGITS + "-")) + t(".") + closure(chars(DIGITS), 1)
        written |= pynini.compose(many_w, point) + insert("|") + names_w["decimal"]
    spoken = union(one_s + cross("|", " ") + unit_s["one"],
                   many_s + cross("|", " ") + (unit_s["many"] | lib.weighted(unit_s["one"] + delete("!"), adj)), fi_s,
                   (one_s | many_s) + delete("|") + unit_s["per"], part_s)
    glued = _glued_pairs(loc, one_w | many_w)
    if glued is not None:  # "3h 20m" -> "three hours twenty minutes" (TN)
        written, spoken = written | glued, spoken | spoken + t(" ") + spoken
    times = _times(loc, cardinal, one_w | many_w, abbr_w, spoken)
    if times is not None:  # "2 x 500 mg" -> "two times five hundred milligrams"
        written, spoken = written | times[0], spoken | times[1]
    pair = _over(loc, cardinal, abbr_w, unit_s)
    if pair is not None:  # "120/80 mmHg" -> "one hundred twenty over eighty millimeters of mercury"
        written, spoken = written | pair[0], spoken | pair[1]
    return lib.ClassGrammar(NAME, written.optimize(), spoken.optimize(), triggers=_triggers(loc))


def _triggers(loc):
    """TN: unit abbreviations (not the glued-only ones: "in" stays a word) and "km/h"-like
    words; ITN: the names of the units ITN writes, with "per", "square" ... as joiners."""
    lex = loc.lex("units")
    units, powers = lex["units"], lex["powers"]
    abbrs = {w for k, e in units.items() for w in [k] + lib.words(e.get("written", []))
             if not e.get("attached") or (w != k and len(w) > 1)}
    abbrs |= {k + pw["written"] for pw in powers.values() for k in lib.words(pw.get("units", []))
              if not units[k].get("attached")}
    abbrs |= {p.strip() for pw in powers.values() for p in lib.words(pw.get("prefix", []))}
    scales = {w for ws in loc.lex("numbers")["scales"].values() for w in ws}
    words = lambda es: {x for e in es for kind in ("one", "many") for w in lib.words(e[kind]) for x in w.split()}
    say = words(e for e in units.values() if e.get("itn") is not False)
    joiners = words(units.values()) | set(lib.words(lex["per"]["spoken"]))
    joiners |= {x for w in lib.words(lex.get("partitive", [])) for x in w.split()}
    joiners |= {x for pw in powers.values() for k in ("spoken", "after") for w in lib.words(pw.get(k, [])) for x in w.split()}
    fi = lex["feet_inches"]
    marks = [m for k in ("feet_marks", "inch_marks") for m in fi.get(k, [])]
    alt = "|".join(sorted((re.escape(a) for k, e in units.items() for a in [k] + lib.words(e.get("written", []))),
                          key=len, reverse=True))
    return {"tn": {"anchors": sorted({a.lower() for a in abbrs if " " not in a} | {"°"}),
                   # the words of spaced abbreviations ("° N", "° C") continue the span
                   "joiners": sorted(set(loc.lex("quantities")["range"]["dashes"]) | scales | {lex["feet_inches"]["inches"]}
                                     | set(lib.words(lex["per"].get("written_words", [])))
                                     | {x.lower() for e in units.values() for w in lib.words(e.get("written", []))
                                        if " " in w for x in w.split()[1:]}),
                   # feet and inches marks: "6'2\"" holds no unit word
                   "patterns": [f"(?:{alt})/(?:{alt})", "\\d[" + re.escape("".join(marks)) + "]"]},
            "itn": {"anchors": sorted(say), "joiners": sorted(joiners - say)}}


def _agreeing(loc, cardinal, decimal):
    wv, nums = loc.style("written_variant"), cardinal.parts["table"]
    units = loc.lex("units")["units"]
    integer, dec = _quantity.tokens()
    amount_w, _ = _quantity.amount(loc, cardinal, decimal, signed=False)
    sp = union(t(" "), lib.weighted(t(""), wv))  # ITN writes "5 km"
    # TN: the unit with its dot ("5 г. сахара"), at half the cost of splitting the dot off, so
    # that a class that reads the dot at no cost ("1999 г.", a year) still wins
    half = loc.weights["split_punctuation"] / 2
    dot = lambda w: t(w) | lib.weighted(t(w + "."), half) if _takes_dot(loc, w) else t(w)  # noqa: E731
    unit_w = union(*(lib.weighted(pynini.cross(sp + dot(w), ""), wv if i else None) + insert("|" + u)
                     for u, e in units.items() for i, w in enumerate([u] + lib.words(e.get("written", [])))))
    sign_w, sign_s = cardinal.parts["sign_written"], cardinal.parts["sign_spoken"]  # "-10 °C" <-> "минус десять градусов"
    written = sign_w.ques + amount_w + unit_w
    codes = union(*(t(u) for u in units))
    few = lambda e: lib.words(e.get("few") or e["many"])
    one = lambda e: list(dict.fromkeys(lib.words(e["one"]) + few(e)))  # the plural read too
    noun = lambda form: union(*(insert(" ") + nums.ins(one(e) if form == "one" else few(e))
                                + delete("|" + u) for u, e in units.items()))
    below = loc.lex("numbers").get("decimal_one_below", 0)  # fr "1,5 kilomètre": the singular below 2
    small = union(lib.number_strings(range(below)), t("")) + t(".") + closure(chars(DIGITS)) if below else None
    decs = [(pynini.difference(dec, small) if below else dec, noun("few"))] + ([(small, noun("one"))] if below else [])
    spoken = sign_s.ques + union(pynini.compose(integer + t("|") + codes, _counted.counted(loc, nums, units)),
                                 *(pynini.compose(d, decimal.spoken) + n for d, n in decs))
    words = {x.lower() for e in units.values() for k in ("one", "few", "many") for w in lib.words(e.get(k, []))
             for x in w.split()}
    words |= {w.lower() for g in loc.lex("numbers").get("genders", {}).values() for ws in g.values() for w in lib.words(ws)}
    abbrs = {w.lower() for u, e in units.items() for w in [u] + lib.words(e.get("written", []))}
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(), staged=True,
        triggers={"itn": {"joiners": sorted(words)}, "tn": {"joiners": sorted(abbrs)}})
