"""Percent.  TN: "25%" -> "twenty five percent", "-3%" -> "minus three percent",
                "2.5 %" -> "two point five percent", "1-2%" -> "one to two percent",
                "52%-48%" -> "fifty two percent to forty eight percent", "6 1/2%" -> "six and a half percent"
            ITN: "twenty five percent" -> "25%", "eighty one per cent" -> "81 per cent" (kept_words),
                 "from five to ten percent" -> "from 5% to 10%" (range.yaml between),
                 "zwischen drei und dreißig Prozent" -> "zwischen 3 und 30%" (numbers.yaml between)

Token: the amount (cardinal or decimal token, or a range "1~2") followed by "%".
Where quantities.yaml gives the word's forms (ru one/few), an integer agrees with it
(grammars/_counted.py): "21%" -> "двадцать один процент", "2%" -> "два процента",
"2,5%" -> "два запятая пять процента" (a decimal takes the few form).
"""
import pynini

from . import _counted, _quantity, lib
from .lib import cross, delete, insert, t, union

NAME = "percent"
REQUIRES = ("cardinal", "decimal", "fraction")


def build(loc, cardinal, decimal, fraction):
    pc = loc.lex("quantities")["percent"]
    amount_w, amount_s = _quantity.amount(loc, cardinal, decimal)
    bare_w, bare_s = _quantity.amount(loc, cardinal, decimal, signed=False)
    range_w, range_s = _quantity.ranged(loc, bare_w, bare_s)
    wv = loc.style("written_variant")
    sign = union(*(lib.cross(s, "%", wv if i else None) for i, s in enumerate(pc["written"])))
    space = lib.weighted(delete(" "), wv).ques  # "25 %" is read; ITN writes "25%"
    written = (amount_w | lib.weighted(range_w, loc.style("percent_range"))) + space + sign
    word = union(*(insert(f" {w}", loc.variant if i else None) for i, w in enumerate(pc["spoken"])))
    spoken = (amount_s | range_s) + delete("%") + word
    # a whole number and a small fraction ("six and a half percent" <-> "6 1/2%"), as measure
    mixed_w, mixed_s = _quantity.small_fraction(fraction, lib.chars("123456789") + lib.closure(lib.chars(lib.DIGITS)) + t(" "))
    written |= mixed_w + space + sign
    spoken |= mixed_s + delete("%") + word
    one_w, one_s = bare_w + space + sign, bare_s + delete("%") + word  # one amount with its sign
    between = _quantity.between(loc, "B", "&")
    for bw in between:  # "from five to ten percent" -> "from 5% to 10%" (range.yaml between)
        written |= lib.weighted(bw.before + one_w + bw.and_ + one_w, loc.style("percent_between"))
        spoken |= (delete(bw.mark) + insert(f"{bw.said[0]} ") + bare_s + delete("%") + cross("&", f" {bw.said[1]} ")
                   + one_s)
    if loc.direction == "tn":  # "52%-48%" -> "fifty two percent to forty eight percent"
        rng = loc.lex("quantities")["range"]
        written |= one_w + _quantity.dash(rng["dashes"]) + one_w
        spoken |= one_s + _quantity.said(rng["spoken"][:1]) + one_s
    kept = lib.words(pc.get("kept_words", []))
    if kept:  # "81 per cent": token amount + "%=" + the words' index, written and said alike
        written = union(written, amount_w + union(*(cross(f" {w}", f"%={i}") for i, w in enumerate(kept))))
        spoken = union(spoken, amount_s + union(*(cross(f"%={i}", f" {w}") for i, w in enumerate(kept))))
    if "one" in pc and _counted.agrees(loc):
        nums, (integer, dec) = cardinal.parts["table"], _quantity.tokens()
        noun = {"one": pc["one"], "few": pc.get("few") or pc["spoken"], "many": pc["spoken"], "gender": pc.get("gender")}
        few = insert(" ") + nums.ins(noun["few"])
        counted = pynini.compose(integer + cross("%", "|%"), _counted.counted(loc, nums, {"%": noun}))
        spoken = union(cardinal.parts["sign_spoken"].ques + counted,
                       pynini.compose(t("-").ques + dec, decimal.spoken) + delete("%") + few,
                       range_s + delete("%") + few)
    bound = _quantity.bounds(loc, cardinal.parts["written_digits"], cardinal.parts["number"] | cardinal.parts["zero"])
    if bound:  # "zwischen drei und dreißig Prozent" -> "zwischen 3 und 30%" (numbers.yaml between)
        written, spoken = written | bound[0] + one_w, spoken | bound[1] + spoken
    spoken_words = {x.lower() for k in ("spoken", "one", "few") for w in lib.words(pc.get(k, [])) for x in w.split()}
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"itn": {"anchors": sorted(spoken_words - {"per"}),
                          "joiners": sorted({"per"} | {w for bw in between for w in bw.words} | _quantity.bound_words(loc))},
                  "tn": {"anchors": sorted(pc["written"]),
                         "joiners": sorted(loc.lex("quantities")["range"]["dashes"]),
                         "patterns": [r"\d\s*%"]}})
