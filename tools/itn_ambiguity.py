#!/usr/bin/env python3
"""A small ASR-style ITN set of ambiguous spoken numbers: same words, reading by context.

"ten fifteen" is 10:15 after "we met at" and 1015 after "in ... the king died";
"four thirty" is 4:30 in "it was four thirty when she called"; "nineteen thirty" is
19:30 in "dinner is at nineteen thirty" and 1930 in "born in nineteen thirty";
"four fifty" is $4.50 in "it costs four fifty" and 450 in "four fifty people came";
"nine eleven" is 9/11 in "the attacks of nine eleven".

    python tools/itn_ambiguity.py [--split dev|test|all] [--score [--ranker PATH | --no-ranker]]

Items are lowercase, punctuation-free spoken sentences (as an ASR system writes them)
with their written reference.  Carrier sentences are disjoint between the ``dev``
split (used by tools/train_ranker.py to tune the ITN lambda) and the ``test`` split
(reported only); none of them is a training template (tools/ranker_sources.py).
Kinds and values:
  time    clock readings "h mm" (h 1-12 and 19-23, mm from a fixed list) -> "h:mm"
  year    the same words, h 10-12 and 19-20 only ("ten fifteen" -> 1015, "nineteen thirty" -> 1930)
  money   prices said without a currency word, "d cc" (d 1-19, cc from a fixed list) -> "$d.cc"
  number  the same words as a count or label ("four fifty" -> 450, d 1-9 only: "four fifty people")
  date    month and day said as two numbers, the day 10-31 ("nine eleven" -> 9/11) in date contexts
Deterministic (seed 0); about ``--per`` items per carrier.  Scoring: exact match after
collapsing whitespace; one accuracy per kind and overall.
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
UNITS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
         10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen", 14: "fourteen", 15: "fifteen", 16: "sixteen",
         17: "seventeen", 18: "eighteen", 19: "nineteen"}
TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy", 80: "eighty", 90: "ninety"}
CENTS = {25: "twenty five", 50: "fifty", 75: "seventy five", 95: "ninety five", 99: "ninety nine",
         20: "twenty", 30: "thirty", 40: "forty", 45: "forty five", 60: "sixty", 80: "eighty"}


def _words(n):
    """1..99 in words."""
    if n < 20:
        return UNITS[n]
    return TENS[n - n % 10] + (" " + UNITS[n % 10] if n % 10 else "")

# {x}: the spoken value; time carriers want "h:mm", year carriers "hmm"
CARRIERS = {
    "dev": {
        "time": ["we met at {x} yesterday", "the train leaves at {x} tomorrow", "dinner is at {x} tonight",
                 "my alarm went off at {x}", "the store closes at {x} on sundays",
                 "it was {x} when she called", "let's meet at {x} in the lobby"],
        "year": ["in {x} the king died", "the church was built in {x}", "he was born in {x} in ohio",
                 "the town was founded in {x}", "back in {x} things were different",
                 "the war ended in {x}", "since {x} the law has changed"],
        "money": ["it costs {x}", "the ticket was {x}", "i paid {x} for the sandwich",
                  "a coffee is {x} here", "they charge {x} for parking", "the price went up to {x}",
                  "that will be {x} please"],
        "number": ["{x} people came to the meeting", "room {x} is on the left", "we drove {x} miles",
                   "there were {x} pages in the book", "the school has {x} students",
                   "take bus {x} to the center", "about {x} houses were flooded"],
        "date": ["the attacks of {x} changed everything", "my birthday is on {x}",
                 "the deadline is {x}", "we got married on {x}", "the party is on {x} this year",
                 "she was born on {x}", "school starts on {x}"],
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
        "money": ["the sandwich costs {x}", "tickets are {x} each", "she sold it for {x}",
                  "a gallon of milk is {x}", "it only cost me {x}", "the fare is {x} one way",
                  "you owe me {x}"],
        "number": ["{x} soldiers were killed", "her office is room {x}", "the plane carried {x} passengers",
                   "it weighs {x} pounds", "they planted {x} trees", "flight {x} was delayed",
                   "over {x} votes were counted"],
        "date": ["the memorial honors the victims of {x}", "the concert is on {x}",
                 "his birthday falls on {x}", "the store reopens on {x}", "rent is due on {x}",
                 "the exam is on {x}", "they met on {x} last year"],
    },
}


KINDS = ("time", "year", "money", "number", "date")


def _values(kind):
    if kind == "money":
        return [(f"{UNITS[d]} {cw}", f"${d}.{c:02d}") for d in range(1, 20) for c, cw in CENTS.items()]
    if kind == "number":
        return [(f"{UNITS[d]} {cw}", f"{d}{c:02d}") for d in range(1, 10) for c, cw in CENTS.items()]
    if kind == "date":
        return [(f"{_words(m)} {_words(d)}", f"{m}/{d}") for m in range(1, 13) for d in range(10, 32)
                if d <= (29 if m == 2 else 30 if m in (4, 6, 9, 11) else 31)]
    hours = list(HOURS) if kind == "time" else [10, 11, 12, 19, 20]
    out = []
    for h in hours:
        for m, mw in MINUTES.items():
            spoken = f"{HOURS[h]} {mw}"
            out.append((spoken, f"{h}:{m:02d}" if kind == "time" else f"{h}{m:02d}"))
    return out


def items(split="all", per=6, seed=0, kinds=KINDS):
    # time and year draw from the first generator (their items are what they were before the
    # money/number/date kinds came), the later kinds from a second one
    rng, rng2 = random.Random(seed), random.Random(seed + 1)
    splits = ("dev", "test") if split == "all" else (split,)
    out = []
    for sp in splits:
        for kind in KINDS:
            vals = _values(kind)
            for carrier in CARRIERS[sp][kind]:
                picks = (rng if kind in ("time", "year") else rng2).sample(vals, per)
                if kind not in kinds:
                    continue
                for spoken, written in picks:
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
    ap.add_argument("--kinds", default=",".join(KINDS), help="comma-separated subset of " + ",".join(KINDS))
    a = ap.parse_args(argv)
    its = items(a.split, a.per, kinds=tuple(a.kinds.split(",")))
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
