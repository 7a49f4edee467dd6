"""Oracle test of cardinals and ordinals against num2words, per locale and direction.

    python tools/oracle.py                       # de es fr it ru, 5000 cardinals + 1000 ordinals each
    python tools/oracle.py -l de fr -n 500 -o 100 --show 20

TN:  tn(str(n)) (cardinal) and tn(written ordinal, e.g. "21.", "21e", "21-й") through the
     sentence pipeline must equal num2words(n, lang) / num2words(n, lang, to="ordinal").
ITN: itn(num2words(...)) must equal the written number in the locale's ITN format
     (itn_rules/<tag>/formats.yaml: "10.000", "10 000" with a no-break space, "1700").

Conventions compared away (documented in locales/README.md): letter case ("Million"),
hyphens vs spaces, commas (num2words' Italian "un miliardo, duecento...").  Numbers
below ``standalone_words_below`` stay words in ITN, as in English.

num2words is not always right.  KNOWN_ERRORS holds rewrites that turn a num2words
output we believe wrong into the correct form; a TN disagreement that the rewrite
resolves is listed as a num2words error and counted in the "adjusted" rate (and an ITN
failure on such a misspelled input too).
Cardinals are uniform in [0, 10^9]; ordinals are half uniform in [1, 100], half in
[1, 10^4].
"""
import argparse
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from num2words import num2words  # noqa: E402

import normgram  # noqa: E402

LOCALES = ("de", "es", "fr", "it", "ru")

# (pattern, replacement) on normalized num2words output -> the form we believe correct.
KNOWN_ERRORS = {
    "de": [
        (r"einstausend", "eintausend"),                           # "einhunderteinstausend"
        (r"eins (millionen|milliarden)", r"ein \1"),               # "einhunderteins Millionen"
    ],
    "es": [
        (r"\bveintiuno (mil|millones)\b", r"veintiún \1"),       # apocope before a noun or "mil"
        (r"\buno (mil|millones)\b", r"un \1"),
        (r"\bdécimo(primero|segundo)\b", lambda m: {"primero": "undécimo", "segundo": "duodécimo"}[m.group(1)]),
        (r"\bveintiunomilésimo", "veintiúnmilésimo"),
        (r"\bseptigentésimo\b", "septingentésimo"),
        (r"\boctigentésimo\b", "octingentésimo"),
        (r"\bquadragésimo\b", "cuadragésimo"),
        (r"\bcuadrigentésimo\b", "cuadringentésimo"),
    ],
    "fr": [
        (r"\bquatre vingtsième\b", "quatre vingtième"),            # the plural s goes before -ième
        (r"\b(\w+) centsième\b", r"\1 centième"),
        (r"\b(\w+) millionsième\b", r"\1 millionième"),
    ],
    "it": [
        (r"(\w)tre\b", r"\1tré"),                                   # "-tré" keeps its accent at the end
        (r"dicott", "diciott"),                                   # "novecentodicotto"
    ],
    "ru": [],
}


def norm(s):
    s = s.lower().replace("-", " ").replace(",", " ")
    return " ".join(s.split())


def written_number(n, fmt):
    s = str(n)
    sep = fmt["thousands_separator"]
    if sep and len(s) >= fmt["separator_min_digits"]:
        s = f"{n:,}".replace(",", sep)
    return s


def ordinal_suffix(loc, n):
    wr = loc.lex("ordinals").get("written", {})
    exact = wr.get("exact", {})
    return (exact.get(n) or wr["suffix"])[0]


def fix_known(tag, ref):
    for pat, rep in KNOWN_ERRORS.get(tag, []):
        ref = re.sub(pat, rep, ref)
    return ref


def run_locale(tag, n_card, n_ord, seed=0, show=0, out=print):
    norm_ = normgram.Normalizer(tag, ranker=False)
    loc = norm_.locale
    fmt = loc.itn("formats")
    below = fmt["standalone_words_below"]
    rng = random.Random(f"{tag}-{seed}")
    cards = [rng.randint(0, 10 ** 9) for _ in range(n_card)]
    ords = [rng.randint(1, 100) if i % 2 else rng.randint(1, 10 ** 4) for i in range(n_ord)]
    report = {}
    for kind, nums in (("cardinal", cards), ("ordinal", ords)):
        to = "ordinal" if kind == "ordinal" else "cardinal"
        tn_ok = tn_adj = itn_ok = itn_adj = 0
        tn_bad, n2w_bad, itn_bad = [], [], []
        for n in nums:
            ref = num2words(n, lang=tag, to=to)
            written = written_number(n, fmt) if kind == "cardinal" else f"{n}{ordinal_suffix(loc, n)}"
            src = str(n) if kind == "cardinal" else written
            got = norm_.tn(src)
            if norm(got) == norm(ref):
                tn_ok += 1
                tn_adj += 1
            elif norm(got) == fix_known(tag, norm(ref)):
                tn_adj += 1
                n2w_bad.append((n, ref, got))
            else:
                tn_bad.append((n, ref, got))
            want = ref if n < below else written
            back = norm_.itn(ref)
            if back == want:
                itn_ok += 1
                itn_adj += 1
            elif fix_known(tag, norm(ref)) != norm(ref):
                itn_adj += 1  # num2words misspelled the input
            else:
                itn_bad.append((n, ref, back, want))
        total = len(nums)
        report[kind] = {"tn": tn_ok / total, "tn_adjusted": tn_adj / total,
                        "itn": itn_ok / total, "itn_adjusted": itn_adj / total}
        out(f"{tag} {kind:8s} n={total}  TN {tn_ok / total:.4f} (adjusted {tn_adj / total:.4f})  "
            f"ITN {itn_ok / total:.4f} (adjusted {itn_adj / total:.4f})")
        for n, ref, got in tn_bad[:show]:
            out(f"   TN  {n}: num2words {ref!r} | ours {got!r}")
        for n, ref, got in n2w_bad[:show]:
            out(f"   num2words error? {n}: {ref!r} | ours {got!r}")
        for n, ref, back, want in itn_bad[:show]:
            out(f"   ITN {ref!r}: want {want!r} | ours {back!r}")
    return report


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-l", "--locales", nargs="+", default=list(LOCALES))
    ap.add_argument("-n", "--cardinals", type=int, default=5000)
    ap.add_argument("-o", "--ordinals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--show", type=int, default=10, help="disagreements listed per locale, class and kind")
    args = ap.parse_args(argv)
    for tag in args.locales:
        run_locale(tag, args.cardinals, args.ordinals, args.seed, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
