"""Number probes: num2words' words re-spaced the ways people and recognizers write them -> ITN
-> the number back, whole.

    python tools/number_probes.py                     # de es fr it ru, 300 numbers, every form
    python tools/number_probes.py -l de -n 1000 --show 5
    python tools/number_probes.py --tn                # also TN against num2words, its errors listed
    python tools/number_probes.py --variants 8        # also TN's own spoken variants, back through ITN

ITN probe.  For each locale, numbers are drawn (seeded; the digit count uniform in 2..9, then the
number uniform among those of that length, numbers below the locale's ``standalone_words_below``
redrawn, since ITN keeps those as words by design).  num2words writes each one; FORMS re-space
that text at the joints where the locale's speakers and recognizers' lexicons do (German
"zwei tausend vier hundert zwei und neunzig", Italian "due mila quattro cento novantadue",
French with every hyphen or none, Spanish "veinte y dos", "dos cientos", Russian "тысяча" without
"одна").  ITN of the whole line must give the number back: digits with the locale's grouping
marks, or digits and a scale word for round millions ("3 Mio.", "3 millions").  A failure is
  mixed      digits and words in one output ("2004 102 und 90"): a broken number, the worst case
  split      several numbers for one ("2004 154")
  wrong      one number, another value
  unchanged  the words came back as they went in (not read at all)
TN variants (--variants K): the K best spoken forms the cardinal TN grammar emits for each number
("zwei tausendvierhundertzweiundneunzig", "deux mil quatre cent nonante-deux") must come back
the same way.
TN probe (--tn): tn(str(n)) against num2words(n) after tools/oracle.py's norm (case, hyphens,
commas); disagreements that tools/oracle.py's KNOWN_ERRORS resolve are num2words' errors, listed
with NUM2WORDS_SOURCES.
"""
import argparse
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS.parent))
sys.path.insert(0, str(TOOLS))

LOCALES = ("de", "es", "fr", "it", "ru")


def _sub_all(rules):
    """A form from (pattern, replacement) pairs applied in order, spaces collapsed after."""
    def form(text):
        for pat, rep in rules:
            text = re.sub(pat, rep, text)
        return " ".join(text.split())
    return form


# German: "hundert" holds "und", so "und" is a joint only where no "h" precedes it.
_DE_UND = (r"(?<!h)und", " und ")
_DE_SCALE = (r"(hundert|tausend)", r" \1 ")
_DE_NO_EIN = (r"(^|\s)ein(hundert|tausend)", r"\1\2")            # "tausendzweihundert"
# Italian: "cento" elides its "o" before "otto"/"ottanta" ("centottanta"); apart it is "cento ottanta".
_IT_SCALE = [(r"cent(?=ott)", "cento "), (r"(cento|mila|mille)", r" \1 "), (r"\be\b", " e ")]
# Spanish: "veintidós" is "veinte y dos", "dieciséis" "diez y seis"; hundreds apart "cuatro cientos".
_ES_ACCENT = {"dós": "dos", "trés": "tres", "séis": "seis", "ún": "un", "uno": "uno"}
_ES_Y = [(r"\bveinti(\w+)", lambda m: "veinte y " + _ES_ACCENT.get(m.group(1), m.group(1))),
         (r"\bdieci(\w+)", lambda m: "diez y " + _ES_ACCENT.get(m.group(1), m.group(1)))]
_ES_HUNDREDS = [(r"\b(dos|tres|cuatro|seis|ocho)cientos\b", r"\1 cientos"),
                (r"\bsetecientos\b", "siete cientos"), (r"\bnovecientos\b", "nueve cientos")]

FORMS = {
    "de": {
        "joined": _sub_all([]),
        "und_apart": _sub_all([_DE_UND]),
        "scale_apart": _sub_all([_DE_SCALE]),
        "apart": _sub_all([_DE_SCALE, _DE_UND]),
        "no_ein": _sub_all([_DE_NO_EIN]),
    },
    "es": {
        "canonical": _sub_all([]),
        "y_apart": _sub_all(_ES_Y),
        "hundreds_apart": _sub_all(_ES_HUNDREDS),
        "un_mil": _sub_all([(r"^mil\b", "un mil")]),
    },
    "fr": {
        "traditional": _sub_all([]),
        # 1990 spelling reform: hyphens between all numerals; "million", "milliard" are nouns
        "all_hyphens": _sub_all([(r"\s+", "-"), (r"-?\b(millions?|milliards?)\b-?", r" \1 ")]),
        "no_hyphens": _sub_all([("-", " ")]),
    },
    "it": {
        "joined": _sub_all([]),
        "apart": _sub_all(_IT_SCALE),
        "apart_no_e": _sub_all(_IT_SCALE + [(r"\be\b", " ")]),
    },
    "ru": {
        "canonical": _sub_all([]),
        "no_odna": _sub_all([(r"^(одна|один) (тысяча|миллион|миллиард)\b", r"\2")]),
    },
}

# Scale words ITN may write after digits for round numbers ("3 Mio.", "3 millions").
SCALES = {
    "de": {"mio.": 6, "million": 6, "millionen": 6, "mrd.": 9, "milliarde": 9, "milliarden": 9},
    "es": {"millón": 6, "millones": 6, "mil millones": 9},
    "fr": {"million": 6, "millions": 6, "milliard": 9, "milliards": 9},
    "it": {"milione": 6, "milioni": 6, "mln": 6, "miliardo": 9, "miliardi": 9, "mld": 9},
    "ru": {"млн": 6, "миллион": 6, "миллиона": 6, "миллионов": 6, "млрд": 9, "миллиард": 9,
           "миллиарда": 9, "миллиардов": 9},
}

# Sources for tools/oracle.py's KNOWN_ERRORS rewrites of num2words' cardinals (by pattern).
NUM2WORDS_SOURCES = {
    r"(\w)tre\b": "Treccani, Vocabolario, s.v. 'tre': in compounds the final -tré takes the acute accent "
                  "(ventitré, trentatré); also DOP, Dizionario d'ortografia e di pronunzia",
    r"dicott": "Treccani, Vocabolario, s.v. 'diciotto': eighteen is 'diciotto' in compounds too "
               "(novecentodiciotto); num2words drops the 'i'",
    r"\bveintiuno (mil|millones)\b": "RAE, Diccionario panhispánico de dudas, s.v. 'veintiuno': apocopated "
                                      "'veintiún' before a masculine noun and before 'mil' (veintiún mil)",
    r"\buno (mil|millones)\b": "RAE, Diccionario panhispánico de dudas, s.v. 'uno', 2: 'un' before a noun and "
                               "before 'mil' in compounds (treinta y un mil, un millones is impossible)",
    r"einstausend": "Duden, Grammatik (Kardinalzahlen): 'eins' loses its -s in compounds (einhunderteintausend)",
    r"eins (millionen|milliarden)": "Duden, Grammatik (Kardinalzahlen): 'ein' before Million/Milliarde "
                                     "(einhundertein Millionen)",
}

# One written number: digits grouped by threes with one mark used throughout ("987.654.321",
# "1 000 000"), or plain digits with a decimal comma or point; "2004 154" is two numbers.
_NUMBER = re.compile(r"\d{1,3}([.\u00a0\u202f' ])\d{3}(?:\1\d{3})*(?!\d)|\d+(?:[.,]\d+)?")


def _digits(num):
    return re.sub(r"[.\u00a0\u202f' ](?=\d{3})", "", num)


def value(out, tag):
    """The number an ITN output writes, or None: one grouped or plain number, alone or followed by
    one scale word ("3 Mio.", "1,5 millions")."""
    s = out.strip()
    m = _NUMBER.match(s)
    if not m:
        return None
    num, rest = _digits(m.group(0)), s[m.end():].strip().lower()
    if not rest:
        return int(num) if num.isdigit() else None
    if rest not in SCALES[tag] or not s[m.end():m.end() + 1].isspace():
        return None
    whole, _, frac = num.replace(",", ".").partition(".")
    exp = SCALES[tag][rest]
    return int(whole + frac.ljust(exp, "0")) if len(frac) <= exp else None


def verdict(out, words, n, tag):
    """'ok', 'unchanged', 'mixed', 'split' or 'wrong' for one ITN output."""
    if value(out, tag) == n:
        return "ok"
    if " ".join(out.split()) == " ".join(words.split()):
        return "unchanged"
    if value(out, tag) is not None:
        return "wrong"
    if _NUMBER.search(out) and re.search(r"[^\W\d_]", out):
        return "mixed"
    if len(_NUMBER.findall(out)) > 1:
        return "split"
    return "wrong"


def draw(rng, count, below):
    nums = []
    while len(nums) < count:
        k = rng.randint(2, 9)
        n = rng.randint(10 ** (k - 1), 10 ** k - 1)
        if n >= below:
            nums.append(n)
    return nums


def probe_cases(tag, count, seed=0, below=10):
    """[(form, n, words, changed)] for a locale: ``count`` seeded numbers in every form; changed
    tells whether the form re-spaced num2words' text."""
    from num2words import num2words
    nums = draw(random.Random(f"probe-{tag}-{seed}"), count, below)
    cases = []
    import oracle
    for form, fn in FORMS[tag].items():
        for n in nums:  # num2words' known misspellings corrected first: the words as people say them
            base = " ".join(oracle.fix_known(tag, num2words(n, lang=tag).lower()).split())
            cases.append((form, n, fn(base), fn(base) != base))
    return cases


def form_cases(tag, form, count, seed=0, below=10, tries=100000):
    """[(n, words)]: ``count`` seeded numbers in ``form`` (the test's probe); for every form but the
    locale's first (num2words' own spelling), only numbers whose words the form changes."""
    from num2words import num2words
    import oracle
    rng = random.Random(f"probe-{tag}-{form}-{seed}")
    out = []
    for _ in range(tries):
        if len(out) == count:
            break
        n = draw(rng, 1, below)[0]
        base = " ".join(oracle.fix_known(tag, num2words(n, lang=tag).lower()).split())
        words = FORMS[tag][form](base)
        if words != base or form == next(iter(FORMS[tag])):
            out.append((n, words))
    return out


def run_itn(tag, count, seed=0, show=0, out=print):
    import normgram
    norm = normgram.Normalizer(tag, ranker=False)
    below = norm.locale.itn("formats")["standalone_words_below"]
    res = defaultdict(Counter)
    bad = defaultdict(list)
    for form, n, words, changed in probe_cases(tag, count, seed, below):
        got = norm.itn(words)
        v = verdict(got, words, n, tag)
        res[form][v] += 1
        res[form]["changed"] += changed
        res[form]["changed_ok"] += changed and v == "ok"
        if v != "ok":
            bad[form].append((n, words, got, v))
    for form, c in res.items():
        total = sum(c[k] for k in ("ok", "mixed", "split", "wrong", "unchanged"))
        ch = f"{c['changed_ok'] / c['changed']:.3f} of {c['changed']}" if c["changed"] else "-"
        out(f"{tag} {form:<15} n={total}  ok {c['ok'] / total:.3f} (of those re-spaced {ch})  mixed {c['mixed']}"
            f"  split {c['split']}  wrong {c['wrong']}  unchanged {c['unchanged']}")
        for n, words, got, v in bad[form][:show]:
            out(f"    {v:<9} {n}: {words!r} -> {got!r}")
    return {form: dict(c) for form, c in res.items()}


def tn_variant_cases(norm, tag, count, variants, seed=0, below=10):
    """[(n, words)]: every spoken variant (up to ``variants``, best first) the cardinal TN grammar
    emits for ``count`` seeded numbers."""
    nums = draw(random.Random(f"probe-variants-{tag}-{seed}"), count, below)
    return [(n, w) for n in nums for w in norm.apply_class("cardinal", "tn", str(n), nbest=variants)]


def run_tn_variants(tag, count, variants, seed=0, show=0, out=print):
    import normgram
    norm = normgram.Normalizer(tag, ranker=False)
    below = norm.locale.itn("formats")["standalone_words_below"]
    c, bad = Counter(), []
    for n, words in tn_variant_cases(norm, tag, count, variants, seed, below):
        got = norm.itn(words)
        v = verdict(got, words, n, tag)
        c[v] += 1
        if v != "ok":
            bad.append((n, words, got, v))
    total = sum(c.values())
    out(f"{tag} {'tn_variants':<15} n={total}  ok {c['ok'] / total:.3f}  mixed {c['mixed']}  split {c['split']}"
        f"  wrong {c['wrong']}  unchanged {c['unchanged']}")
    for n, words, got, v in bad[:show]:
        out(f"    {v:<9} {n}: {words!r} -> {got!r}")
    return dict(c)


def run_tn(tag, count, seed=0, show=0, out=print):
    import normgram
    import oracle
    from num2words import num2words
    norm = normgram.Normalizer(tag, ranker=False)
    rng = random.Random(f"probe-tn-{tag}-{seed}")
    nums = [rng.randint(0, 10 ** 9) for _ in range(count)]
    ok = adj = 0
    theirs, ours = Counter(), []
    for n in nums:
        ref, got = oracle.norm(num2words(n, lang=tag)), oracle.norm(norm.tn(str(n)))
        if got == ref:
            ok += 1
            continue
        if got == oracle.fix_known(tag, ref):
            adj += 1
            for pat, _ in oracle.KNOWN_ERRORS.get(tag, []):
                if re.search(pat, ref):
                    theirs[pat if isinstance(pat, str) else pat.pattern] += 1
        else:
            ours.append((n, ref, got))
    out(f"{tag} TN vs num2words n={count}  agree {ok / count:.3f}  agree after num2words' errors "
        f"{(ok + adj) / count:.3f}")
    for pat, k in theirs.most_common():
        out(f"    num2words wrong x{k}: /{pat}/  {NUM2WORDS_SOURCES.get(pat, '(no source recorded)')}")
    for n, ref, got in ours[:show]:
        out(f"    disagree {n}: num2words {ref!r} | normgram {got!r}")
    return {"agree": ok / count, "adjusted": (ok + adj) / count, "num2words_errors": dict(theirs),
            "ours": len(ours)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-l", "--locales", nargs="+", default=list(LOCALES), choices=LOCALES)
    ap.add_argument("-n", "--count", type=int, default=300, help="numbers per locale (each in every form)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--show", type=int, default=0, help="failures listed per locale and form")
    ap.add_argument("--tn", action="store_true", help="also TN against num2words")
    ap.add_argument("--variants", type=int, default=0, metavar="K",
                    help="also the first K spoken variants TN's cardinal grammar emits, back through ITN")
    a = ap.parse_args(argv)
    for tag in a.locales:
        run_itn(tag, a.count, a.seed, a.show)
        if a.variants:
            run_tn_variants(tag, a.count, a.variants, a.seed, a.show)
        if a.tn:
            run_tn(tag, a.count, a.seed, a.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
