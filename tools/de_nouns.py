"""The German noun lexicon (locales/de/nouns.yaml): gender and the eight case forms of the
commonest nouns, so TN says "1" and an ordinal in the gender and case of the noun after it
("mit 1 Frau" -> "mit einer Frau", "im 19. Jahrhundert" -> "im neunzehnten Jahrhundert").

    python tools/de_nouns.py                      # write locales/de/nouns.yaml (3000 nouns)
    python tools/de_nouns.py --lemmas 5000 --out /tmp/nouns.yaml

The forms and genders come from German Wiktionary through the german-nouns package (CC BY-SA
4.0); which nouns are commonest comes from wordfreq's German list (code
Apache-2.0, data CC BY-SA 4.0).  Neither is a run-time dependency: the YAML file is the
source a user edits.  How the nouns are chosen: wordfreq's commonest words, in order, each
capitalized, kept where it is the lemma of Wiktionary noun entries whose first (its main
sense: "der Tag", not the HTML "das Tag") has a gender (m, f, n), every case form in both
numbers and more than one form (letters and words used as nouns, "das Er", have one), and
where the word is no closed-class word (``CLOSED``: "das Ich", "die Drei"); plural-only and
mass nouns without a plural are left out, so a number before them keeps TN's own form.
Needs: pip install german-nouns wordfreq
"""
import sys

import _nouns  # tools/ is on the path: run as a script

CASES = ("nominativ", "genitiv", "dativ", "akkusativ")
# closed-class words that are also, capitalized, rare nouns of Wiktionary ("das Ich", "das Aber",
# "die Drei"): wordfreq's list is lower-cased, so their frequency is the function word's
CLOSED = set("""
der die das den dem des ein eine einer eines einem einen kein keine ich du er sie es wir ihr mir mich
dir dich ihm ihn uns euch sich man wer was wo wie wann warum aber und oder denn wenn weil dass ob als
bei mit nach von zu aus für durch ohne gegen um an auf in über unter vor hinter neben zwischen seit bis
ab soll muss kann will darf mag null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf
hundert tausend gerade bitte danke ja nein nicht nur noch schon auch so gut
""".split())
HEADER = """\
# German nouns: gender and case forms (written by tools/de_nouns.py; edit freely, the file is
# the source).  Sources: German Wiktionary through the german-nouns package (forms, genders;
# CC BY-SA 4.0), wordfreq's German list (which nouns are commonest).  This file, adapted from
# Wiktionary, is under CC BY-SA 4.0, not the package's Apache-2.0.
# lemma: [gender (m f n), singular: nom gen dat acc, plural: nom gen dat acc]
# TN reads the word after a number here: its gender picks "eine Frau" over "eins Frau" and the
# ending of an ordinal ("der zweiten Runde"); tn_rules/de/agreement.yaml has the endings.
"""


def paradigm(entry):
    """(gender, singular forms, plural forms) of a german-nouns entry, or None where it has no
    one gender or lacks a case form in either number."""
    if "Substantiv" not in entry.get("pos", ()) or entry.get("genus") not in ("m", "f", "n"):
        return None
    flex = entry.get("flexion", {})
    rows = []
    for number in ("singular", "plural"):
        row = [flex.get(f"{case} {number}") or flex.get(f"{case} {number} 1") for case in CASES]
        if None in row or any(" " in f or "-" == f for f in row):
            return None
        rows.append(" ".join(row))
    if len(set(" ".join(rows).split())) < 2:
        return None  # one form for all: a letter or a word used as a noun ("das Er")
    return entry["genus"], rows[0], rows[1]


def lexicon(lemmas):
    """{lemma: [gender, singular, plural]} of the ``lemmas`` commonest German nouns."""
    import wordfreq
    from german_nouns.lookup import Nouns
    nouns = Nouns()
    out = {}
    for word in wordfreq.top_n_list("de", 200_000):
        if len(out) >= lemmas:
            break
        if not word.isalpha() or len(word) < 2:
            continue
        lemma = word[:1].upper() + word[1:]
        if lemma in out:
            continue
        if word in CLOSED:
            continue
        entries = [e for e in nouns[lemma] if e.get("lemma") == lemma and e.get("genus")]
        p = paradigm(entries[0]) if entries else None  # Wiktionary's first sense ("der Tag", not the HTML "das Tag")
        if p:
            out[lemma] = list(p)
    return out


def main(argv=None):
    return _nouns.main(argv, __doc__, "de", lexicon, HEADER, ['nom', 'gen', 'dat', 'acc'],
                       "german-nouns wordfreq")


if __name__ == "__main__":
    sys.exit(main())
