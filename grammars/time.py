"""Time of day.  TN: "4:30 p.m." -> "four thirty p m", "16:30" -> "sixteen thirty", "4:05" -> "four oh five",
                    "4:00" -> "four o'clock", "3 pm EST" -> "three p m e s t"
               ITN: "half past four" -> "4:30", "quarter to six p m" -> "5:45 p.m.", "nine a m" -> "9 a.m."

Token: "cue|hour|minutes|suffix|zone", e.g. "|4|30|pm|", "at|16|30||", "|3|00|pm|EST": the
hour without a leading zero, two-digit minutes, a suffix key and a zone key of
locales/<tag>/times.yaml.  ITN formats (suffix spelling, 12/24 hours, "4 o'clock" or
"4:00") are weights on the written side, set in itn_rules/<tag>/times.yaml.
"""
import pynini

from . import lib
from .lib import DIGITS, chars, cross, delete, insert, t, union

NAME = "time"
REQUIRES = ("cardinal",)


def _range(lo, hi, pad=None):
    """Hours lo..hi; ``pad`` is the cost of a leading zero ("04"), None for no padding."""
    return union(*(t(str(n)) for n in range(lo, hi + 1)),
                 *(cross(f"0{n}", str(n), pad) for n in range(lo, min(hi + 1, 10)) if pad is not None)).optimize()


def build(loc, cardinal):
    tm, fmt, itn = loc.lex("times"), loc.itn("times"), loc.itn("numbers")
    wv, vw = loc.style("written_variant"), loc.variant
    number = cardinal.parts["number"] | cardinal.parts["zero"]
    sp, bar = insert(" "), delete("|")
    minutes = chars("012345") + chars(DIGITS)
    colon = delete(fmt["colon"])
    # written -> token (without cue and the leading "|")
    sfx_w = []
    for key, s in tm["suffixes"].items():
        pref = fmt["suffix_written"].get(key, s["written"][0])
        forms = [pref] + [f for f in s["written"] if f != pref]
        w = union(*(cross(f, key, wv if i else None) for i, f in enumerate(forms)))
        space = union(delete(" "), lib.weighted(delete(""), wv))
        hours = union(*(t(str(h)) for h in s["hours"]))
        sfx_w.append((hours, space + w))
    zone_w = union(*(cross(f, k, wv if i else None) for k, z in tm["zones"].items()
                     for i, f in enumerate(z["written"])))
    zone = insert("|") + (delete(" ") + zone_w).ques
    bare_cost = (None, wv) if fmt["zero_minutes"] == "bare" else (wv, None)
    mins_w = union(pynini.difference(minutes, t("00")), lib.weighted(t("00"), bare_cost[1]))
    clock = _range(0, 23, pad=wv) + insert("|") + colon + mins_w
    arms = [clock + insert("|") + zone]
    for hours, w in sfx_w:
        h = pynini.compose(_range(1, 12, pad=wv), hours)
        arms.append(h + insert("|") + colon + mins_w + insert("|") + w + zone)
        arms.append(lib.weighted(h + insert("|00|") + w + zone, bare_cost[0]))
    oclock = union(*(lib.weighted(delete(" " + w), wv if i else None) for i, w in enumerate(tm["oclock"])))
    arms.append(lib.weighted(_range(1, 12) + insert("|00") + oclock + insert("|") + zone,
                             bare_cost[0] if fmt["zero_minutes"] != "colon" else wv))
    if fmt["hour_format"] == 24:  # "16:30" written for "four thirty p m"
        pm = union(*(cross(str(h + 12), str(h)) for h in range(1, 12)))
        arms.append(pm + insert("|") + colon + minutes + insert("|pm") + zone)
    cue_w = union(*(t(c) for c in tm["cue_words"])) + delete(" ")
    written = cue_w.ques + insert("|") + union(*arms)

    # token -> spoken
    hour = pynini.compose(_range(0, 23), number)
    oh = union(*(cross("0", w, vw if i else None) for i, w in enumerate(itn["zero_words"])))
    mins = sp + (oh + sp + pynini.compose(chars("123456789"), number)
                 | pynini.compose(chars("12345") + chars(DIGITS), number))
    sfx_s = union(*(cross(k, f, vw if i else None) for k, s in tm["suffixes"].items()
                    for i, f in enumerate(s["spoken"])))
    zone_s = (bar + union(delete(""), sp + lib.mapping([(k, z["spoken"]) for k, z in tm["zones"].items()], vw))) \
        .optimize()
    zero_min = delete("00")
    no_cue = loc.style("time_no_cue")
    with_sfx = hour + bar + (zero_min | mins) + bar + sp + sfx_s + zone_s
    plain = union(hour + bar + zero_min + sp + lib.inserts(tm["oclock"], vw),
                  lib.weighted(hour + bar + zero_min + sp + lib.inserts(tm["hundred_hours"], vw),
                               loc.style("time_hundred")),
                  lib.weighted(hour + bar + mins, no_cue)) + bar + zone_s
    rel = []
    for m, words in tm["quarter_words"].items():
        for h in range(1, 13):
            target, rel_words = (h, tm["past"]) if m <= 30 else (h % 12 + 1, tm["to"])
            hw = pynini.cross("", pynini.compose(t(str(target)), number).project("output"))
            phrase = lib.inserts(words, vw) + sp + lib.inserts(rel_words, vw) + sp + hw
            rel.append(cross(f"{h}|{m:02d}|", "") + phrase)
    rel = lib.weighted(union(*rel), loc.style("time_past_to"))
    rel_s = rel + (sp + sfx_s).ques + zone_s
    spoken = (union(*(t(c) for c in tm["cue_words"])) + sp).ques + bar + union(with_sfx, plain, rel_s)
    sfx_words = {w for s in tm["suffixes"].values() for f in s["spoken"] for w in f.split()}
    zone_words = {w for z in tm["zones"].values() for f in z["spoken"] for w in f.split()}
    rel_words = {w for ws in tm["quarter_words"].values() for f in ws for w in f.split()}
    return lib.ClassGrammar(
        NAME, written.optimize(), spoken.optimize(),
        triggers={"itn": {"anchors": sorted({w for w in sfx_words | rel_words if len(w) > 1}
                                            | {w.split()[0] for w in tm["oclock"]} | set(tm["past"])),
                          "joiners": sorted(zone_words | set(tm["to"]) | set(tm["cue_words"]) | {"a", "m", "p"}
                                            | {w for f in tm["oclock"] for w in f.split()})},
                  "tn": {"patterns": [r"\d:\d\d"],
                         "joiners": sorted({w.lower() for s in tm["suffixes"].values() for f in s["written"]
                                            for w in f.split()} | {w.lower().strip(".") for s in tm["suffixes"].values()
                                            for f in s["written"] for w in f.split()} | set(tm["cue_words"])
                                           | {w.lower() for z in tm["zones"].values() for w in z["written"]}
                                           | {w for f in tm["oclock"] for w in f.split()})}})
