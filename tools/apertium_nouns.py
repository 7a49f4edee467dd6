"""The Spanish, Italian and French noun lexicons (locales/<tag>/nouns.yaml): the
gender, singular and plural of the commonest nouns, so TN says a number in the gender of the
noun it counts ("21 personas" -> "veintiuna personas", "1 casa" -> "una casa").

    python tools/apertium_nouns.py -l es          # write locales/es/nouns.yaml (3000 nouns)
    python tools/apertium_nouns.py -l it --lemmas 5000 --out /tmp/nouns.yaml

Genders and forms come from Apertium's morphological dictionaries (apertium-spa, apertium-ita and
the French of apertium-fr-es, GPL-2.0-or-later), read through their compiled analysers and
generators as the Debian packages apertium-spa-ita and apertium-fr-es install them, with lttoolbox's ``lt-proc``; which nouns are commonest comes
from wordfreq's lists (code Apache-2.0, data CC BY-SA 4.0).  Neither is a run-time dependency:
the YAML file is the source a user edits.  How the nouns are chosen: wordfreq's commonest words,
in order; a word is looked up in the analyser and kept where it is a noun's singular (a lemma is
ranked by its singular's frequency, so "anche", also, is no plural of "anca") of one gender
(m or f; "mf" nouns such as "arte", and a lemma read with both genders, "parte", are left out,
so a number before them keeps TN's own form) and no reading of a closed word class (a
preposition, determiner, conjunction, numeral: "a", "mil"); its lemma's singular and
plural come from the generator, and the plural must be read with the singular's gender (Italian
"uovo", "uova" is left out).
Needs: apt-get install apertium-spa-ita apertium-fr-es lttoolbox; pip install wordfreq
"""
import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

import _nouns  # tools/ is on the path: run as a script

APERTIUM = Path("/usr/share/apertium")
# the Debian package of a language pair, its analyser that reads the language and its generator
# that writes it
TOOLS = {"es": ("apertium-spa-ita", "spa-ita.automorf.bin", "ita-spa.autogen.bin"),
         "it": ("apertium-spa-ita", "ita-spa.automorf.bin", "spa-ita.autogen.bin"),
         "fr": ("apertium-fr-es", "fr-es.automorf.bin", "es-fr.autogen.bin")}
NAMES = {"es": "Spanish", "it": "Italian", "fr": "French"}
DICTS = {"es": "apertium-spa", "it": "apertium-ita", "fr": "apertium-fr-es (French side)"}
EXAMPLES = {"es": ("una casa", "uno casa", "un libro"), "it": ("una casa", "uno casa", "un libro"),
            "fr": ("une valise", "un valise", "vingt et un ans")}
# a word with a reading of a closed class is no noun here ("a", "mil"); pronouns are not in the
# list: "personne" is a pronoun too, but after a number it is the noun
CLOSED = re.compile(r"<(?:pr|det|cnjcoo|cnjsub|cnjadv|rel|num|predet|preadv|ij)>")
NOUN = re.compile(r"^([^<]+)<n><(m|f|mf)><(sg|pl|sp)>")
# YAML 1.1 reads these keys as booleans
BOOLEAN = {"y", "n", "yes", "no", "on", "off", "true", "false"}
HEADER = """\
# {name} nouns: gender, singular and plural (written by tools/apertium_nouns.py; edit freely, the
# file is the source).  Sources: Apertium's {pkg} morphological dictionary (genders and forms;
# GPL-2.0-or-later), wordfreq's {name} list (which nouns are commonest).  This file, derived from
# Apertium's dictionary, is under GPL-2.0-or-later, not the package's Apache-2.0.
# lemma: [gender (m f), singular, plural]
# TN reads the word after a number here: its gender picks "{f1}" over "{own}" and "{m1}" before a masculine
# noun (tn_rules/{tag}/agreement.yaml).
"""


def lt_proc(binary, lines, generate=False):
    """lttoolbox's lt-proc over ``lines`` (one a line): its output line per input line."""
    if shutil.which("lt-proc") is None or not binary.exists():
        raise ImportError(f"no lt-proc or no {binary}")
    cmd = ["lt-proc", *(["-g"] if generate else []), str(binary)]
    res = subprocess.run(cmd, input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    out = res.stdout.split("\n")
    if len(out) < len(lines):
        raise RuntimeError(f"lt-proc: {len(out)} lines for {len(lines)}")
    return out[:len(lines)]


def readings(line):
    """The readings of one analysed word ("^casas/casa<n><f><pl>/casar<vblex>...$")."""
    return line.strip().strip("^$").split("/")[1:]


def lexicon(lemmas, tag):
    """{lemma: [gender, singular, plural]} of the ``lemmas`` commonest nouns of ``tag``."""
    import wordfreq
    pkg, *bins = TOOLS[tag]
    morf, gen = (APERTIUM / pkg / b for b in bins)
    words = [w for w in wordfreq.top_n_list(tag, 200_000) if w.isalpha() and len(w) > 1]
    candidates = {}  # lemma -> genders, in the order of the commonest form
    for word, line in zip(words, lt_proc(morf, words)):
        got = readings(line)
        if not got or got[0].startswith("*") or any(CLOSED.search(r) for r in got):
            continue
        for r in got:
            m = NOUN.match(r)
            if m and m.group(1) == word and m.group(3) != "pl":
                # ranked by the singular's own frequency: "anche" (also) is no count of "anca"
                candidates.setdefault(word, set()).add(m.group(2))
    lemmas_in_order = [l for l, g in candidates.items() if len(g) == 1 and g != {"mf"} and l.lower() not in BOOLEAN
                       and l.isalpha() and l == l.lower()]
    gender = {l: next(iter(candidates[l])) for l in lemmas_in_order}
    asks = [f"^{l}<n><{gender[l]}><{n}>$" for l in lemmas_in_order for n in ("sg", "pl")]
    forms = lt_proc(gen, asks, generate=True)
    plurals = {}
    for i, lemma in enumerate(lemmas_in_order):
        sg, pl = forms[2 * i].strip(), forms[2 * i + 1].strip()
        if not sg.isalpha() or not pl.isalpha() or sg != lemma:
            # an invariable noun ("lunes", "euro": <sp>) has no singular of its own to ask for
            continue
        plurals[lemma] = pl
    # the plural must be read with the singular's gender ("uova" is feminine)
    pls = list(plurals.values())
    ok = set()
    for (lemma, pl), line in zip(plurals.items(), lt_proc(morf, pls)):
        if any((m := NOUN.match(r)) and m.group(1) == lemma and m.group(2) == gender[lemma] for r in readings(line)):
            ok.add(lemma)
    invariable = [l for l in lemmas_in_order if l not in plurals]
    for lemma, line in zip(invariable, lt_proc(morf, invariable)):
        if any((m := NOUN.match(r)) and m.group(1) == lemma and m.group(2) == gender[lemma] and m.group(3) == "sp"
               for r in readings(line)):
            plurals[lemma] = lemma
            ok.add(lemma)
    out = {}
    for lemma in lemmas_in_order:
        if lemma in ok and len(out) < lemmas:
            out[lemma] = [gender[lemma], lemma, plurals[lemma]]
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("-l", "--locale", choices=sorted(TOOLS), required=True)
    args, rest = ap.parse_known_args(argv)
    tag = args.locale
    pkg = TOOLS[tag][0]
    f1, own, m1 = EXAMPLES[tag]
    header = HEADER.format(name=NAMES[tag], pkg=DICTS[tag], tag=tag, f1=f1, own=own, m1=m1)
    return _nouns.main(rest, __doc__, tag, lambda n: lexicon(n, tag), header, ["form"],
                       f"wordfreq (and apt-get install {pkg} lttoolbox)")


if __name__ == "__main__":
    sys.exit(main())
