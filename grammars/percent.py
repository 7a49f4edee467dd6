"""Percent.  TN: "25%" -> "twenty five percent", "-3%" -> "minus three percent",
                "2.5 %" -> "two point five percent", "1-2%" -> "one to two percent"
            ITN: "twenty five percent" -> "25%", "two point five per cent" -> "2.5%"

Token: the amount (cardinal or decimal token, or a range "1~2") followed by "%".
"""
from . import _quantity, lib
from .lib import delete, insert, union

NAME = "percent"
REQUIRES = ("cardinal", "decimal")


def build(loc, cardinal, decimal):
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
    spoken_words = {x for w in pc["spoken"] for x in w.split()}
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"itn": {"anchors": sorted(spoken_words - {"per"}), "joiners": ["per"]},
                  "tn": {"anchors": sorted(pc["written"]),
                         "joiners": sorted(loc.lex("quantities")["range"]["dashes"]),
                         "patterns": [r"\d\s*%"]}})
