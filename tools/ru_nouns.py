"""The Russian noun lexicon (locales/ru/nouns.yaml): gender and the twelve case forms of the
commonest nouns, so TN says a number in the case and gender of the noun after it
("о 21 книге" -> "о двадцати одной книге", "с 2 друзьями" -> "с двумя друзьями").

    python tools/ru_nouns.py                      # write locales/ru/nouns.yaml (3000 nouns)
    python tools/ru_nouns.py --lemmas 5000 --out /tmp/nouns.yaml

The forms and genders come from the OpenCorpora dictionary through pymorphy3 (pymorphy3: MIT
licence; pymorphy3-dicts-ru: the OpenCorpora dictionary, CC BY-SA 3.0); which nouns are
commonest comes from wordfreq's Russian list (code Apache-2.0, data CC BY-SA 4.0).  Neither
is a run-time dependency: the YAML file is the source a user edits.  A lemma is kept where
its commonest reading is a noun of one gender (masculine, feminine, neuter) with both
numbers; nouns of common gender ("сирота") and plural-only nouns ("сутки": "одни сутки")
are left out, so a number before them keeps TN's own form.
Needs: pip install '.[nouns]' (pymorphy3 pymorphy3-dicts-ru wordfreq)
"""
import sys

import _nouns  # tools/ is on the path: run as a script

CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")
GENDERS = {"masc": "m", "femn": "f", "neut": "n"}
HEADER = """\
# Russian nouns: gender and case forms (written by tools/ru_nouns.py; edit freely, the file is
# the source).  Sources: the OpenCorpora dictionary through pymorphy3 (forms, genders; CC BY-SA
# 3.0), wordfreq's Russian list (which nouns are commonest).  This file, adapted from
# OpenCorpora, is under CC BY-SA 3.0, not the package's Apache-2.0.
# lemma: [gender (m f n), singular: nom gen dat acc ins prep, plural: nom gen dat acc ins prep]
# TN reads the word after a number here: its case narrows the case the word before the number
# governs (tn_rules/ru/agreement.yaml governs), its gender picks "одна"/"две" over "один"/"два".
"""


def paradigm(parse):
    """(gender, singular forms, plural forms) of a pymorphy3 noun parse, or None where it has
    no one gender or lacks a case form in either number."""
    tag = parse.tag
    if tag.POS != "NOUN" or tag.gender not in GENDERS or {"Pltm", "Sgtm", "Fixd", "ms-f"} & tag.grammemes:
        return None
    forms = {}
    for f in parse.lexeme:
        key = (f.tag.number, f.tag.case)
        if key[1] in CASES and key not in forms and not {"V-ey", "V-oy", "V-ie"} & f.tag.grammemes:
            forms[key] = f.word
    rows = []
    for number in ("sing", "plur"):
        row = [forms.get((number, c)) for c in CASES]
        if None in row:
            return None
        rows.append(" ".join(row))
    return GENDERS[tag.gender], rows[0], rows[1]


def lexicon(lemmas):
    """{lemma: [gender, singular, plural]} of the ``lemmas`` commonest Russian nouns."""
    import pymorphy3
    import wordfreq
    morph = pymorphy3.MorphAnalyzer()
    out = {}
    for word in wordfreq.top_n_list("ru", 200_000):
        if len(out) >= lemmas:
            break
        if not word.isalpha():
            continue
        parses = morph.parse(word)
        if not parses or parses[0].tag.POS != "NOUN" or parses[0].score < 0.5:
            continue
        lemma = parses[0].normal_form
        if lemma in out or "Name" in parses[0].tag or "Surn" in parses[0].tag or "Geox" in parses[0].tag \
                or "Abbr" in parses[0].tag:
            continue
        p = paradigm(parses[0])
        if p:
            out[lemma] = list(p)
    return out


def main(argv=None):
    return _nouns.main(argv, __doc__, "ru", lexicon, HEADER, ['nom', 'gen', 'dat', 'acc', 'ins', 'prep'],
                       "pymorphy3 pymorphy3-dicts-ru wordfreq")


if __name__ == "__main__":
    sys.exit(main())
