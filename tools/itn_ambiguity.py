#!/usr/bin/env python3
"""A small ASR-style ITN set of ambiguous spoken numbers: same words, reading by context.

"ten fifteen" is 10:15 after "we met at" and 1015 after "in ... the king died";
"four thirty" is 4:30 in "it was four thirty when she called"; "nineteen thirty" is
19:30 in "dinner is at nineteen thirty" and 1930 in "born in nineteen thirty".

    python tools/itn_ambiguity.py [--split dev|test|all] [--score [--ranker PATH | --no-ranker]]

Items are lowercase, punctuation-free spoken sentences (as an ASR system writes them)
with their written reference.  Carrier sentences are disjoint between the ``dev``
split (used by tools/train_ranker.py to tune the ITN lambda) and the ``test`` split
(reported only); none of them is a training template (tools/ranker_sources.py).
Values: clock readings "h mm" (h 1-12 and 19-23, mm from a fixed list) in time
contexts; the same words as years (h 10-12 and 19-20 only: "ten fifteen" -> 1015,
"nineteen thirty" -> 1930) in year contexts.  Deterministic (seed 0); about
``--per`` items per carrier.  Scoring: exact match after collapsing whitespace.
"""
import argparse
import json
import os
import random
import sys

HOURS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
         9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 19: "nineteen", 20: "twenty",
         21: "twenty one", 22: "twenty two", 23: "twenty three"}
MINUTES = {15: "fifteen", 20: "twenty", 30: "thirty", 40: "forty", 45: "forty five", 50: "fifty",
           10: "ten", 25: "twenty five", 35: "thirty five", 55: "fifty five"}

# {x}: the spoken value; time carriers want "h:mm", year carriers "hmm"
CARRIERS = {
    "dev": {
        "time": ["we met at {x} yesterday", "the train leaves at {x} tomorrow", "dinner is at {x} tonight",
                 "my alarm went off at {x}", "the store closes at {x} on sundays",
                 "it was {x} when she called", "let's meet at {x} in the lobby"],
        "year": ["in {x} the king died", "the church was built in {x}", "he was born in {x} in ohio",
                 "the town was founded in {x}", "back in {x} things were different",
                 "the war ended in {x}", "since {x} the law has changed"],
    },
    "test": {
        "time": ["the meeting starts at {x} sharp", "the bus came at {x} this morning",
                 "the flight lands at {x} local time", "call me back at {x} please",
                 "by {x} everyone had left", "the show begins at {x} on friday",
                 "she usually gets home around {x}"],
        "year": ["the castle was destroyed in {x}", "the treaty was signed in {x}",
                 "she moved to paris in {x}", "the book was first published in {x}",
                 "in the year {x} a plague struck", "the company was founded in {x} by two brothers",
                 "they married in {x} and had three children"],
    },
}


def _values(kind):
    hours = list(HOURS) if kind == "time" else [10, 11, 12, 19, 20]
    out = []
    for h in hours:
        for m, mw in MINUTES.items():
            spoken = f"{HOURS[h]} {mw}"
            out.append((spoken, f"{h}:{m:02d}" if kind == "time" else f"{h}{m:02d}"))
    return out


def items(split="all", per=6, seed=0):
    rng = random.Random(seed)
    splits = ("dev", "test") if split == "all" else (split,)
    out = []
    for sp in splits:
        for kind in ("time", "year"):
            vals = _values(kind)
            for carrier in CARRIERS[sp][kind]:
                for spoken, written in rng.sample(vals, per):
                    out.append({"spoken": carrier.format(x=spoken), "written": carrier.format(x=written),
                                "kind": kind, "split": sp})
    return out


def score(norm, its):
    by = {}
    wrong = []
    for it in its:
        got = " ".join(norm.itn(it["spoken"]).split())
        ok = got == it["written"]
        by.setdefault(it["kind"], []).append(ok)
        if not ok:
            wrong.append((it["spoken"], it["written"], got))
    allok = [x for v in by.values() for x in v]
    return {"all": sum(allok) / len(allok), **{k: sum(v) / len(v) for k, v in by.items()},
            "n": len(allok)}, wrong


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", default="all", choices=("dev", "test", "all"))
    ap.add_argument("--per", type=int, default=6)
    ap.add_argument("--score", action="store_true")
    ap.add_argument("--ranker", help="model file (default: the shipped one)")
    ap.add_argument("--no-ranker", action="store_true")
    ap.add_argument("--show", type=int, default=0)
    a = ap.parse_args(argv)
    its = items(a.split, a.per)
    if not a.score:
        for it in its:
            print(json.dumps(it))
        return 0
    here = os.path.dirname(os.path.abspath(__file__))
    if os.path.isdir(os.path.join(here, "..", "normgram")):
        sys.path.insert(0, os.path.dirname(here))
    from normgram import Normalizer
    norm = Normalizer("en", ranker=False if a.no_ranker else (a.ranker or None))
    res, wrong = score(norm, its)
    for s, w, g in wrong[: a.show]:
        print(f"FAIL {s!r}\n  want {w!r}\n  got  {g!r}")
    print(json.dumps({k: round(v, 4) if isinstance(v, float) else v for k, v in res.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
