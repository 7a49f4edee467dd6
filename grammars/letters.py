"""Letters (spelled acronyms).  TN: "ODI" -> "o d i", "PbS" -> "p b s", "NASA" -> "NASA" (kept)
                              ITN: "o d i" -> "ODI", "i b m" -> "IBM" ("i" or "a" alone never convert)
                              both: "R&B" <-> "r and b", "AT&T" <-> "a t and t" (``ampersand``)

Token: the upper-case letters ("PBS").  Written forms: an all-caps run, letters with
dots ("U.S."; TN also reads pieces of up to three letters each with its dot: "Ph.D.", "B.Sc."),
or capitals with single lower-case letters between them ("PbS", "PhD"); TN also reads
lower-case letters before a run of capitals (``lower_prefix_max``: "cDNA", "mRNA").
ITN writes the ``written_dotted`` acronyms with their dots ("U.S.").
Lower-case or capitalized tokens without a vowel ("pp", "Bcl") are spelled too.
Which all-caps tokens are spelled is decided by rule: tokens of three or more letters
that are pronounceable (onset? vowels (cluster vowels)* coda?, see letters.yaml) are read
as words, like the ``read_as_words`` list; ``always_spelled`` overrides the rule.  Those
read as words stay in the relation at the ``letters_as_word`` cost, so ITN still writes
"n a s a" as "NASA" while TN leaves "NASA" alone.
TN option (tn_rules/<tag>/letters.yaml ``acronyms``): ``spell`` (default) says the letter
names; ``keep`` writes the token's capitals ("PDF" -> "PDF", "U.S." -> "US", "RB-3" ->
"RB three"; "ph", "Bcl" stay as written), for TTS front ends whose voice spells capitals itself.
Parts for other classes: ``pronounceable`` (lower-case runs read as words), ``said_upper``
(all-caps runs read as words), ``name`` (one upper-case letter -> its name), ``run`` (a run of
upper-case letters as TN says it: spelled, or kept under ``acronyms: keep``).
"""
import pynini

from . import _whitelist_forms, lib
from .lib import LOWER, UPPER, chars, closure, cross, delete, insert, t, union

NAME = "letters"
REQUIRES = ()


def pronounceable(lex, letters):
    """Acceptor of runs of ``letters`` (lower or upper alphabet) shaped like a word."""
    vow = lex["vowels"]
    case = str.upper if letters == UPPER else str.lower
    v = chars(case(vow))
    c = chars("".join(ch for ch in letters if ch.lower() not in vow))
    onset = union(c, *(t(case(o)) for o in lex["onsets"]))
    coda = union(c, *(t(case(o)) for o in lex["codas"]))
    vowels = v + v.ques
    mid = union(c, c + c, coda + c, c + onset)
    word = onset.ques + vowels + closure(mid + vowels) + coda.ques
    return pynini.intersect(word.optimize(), closure(chars(letters), 3)).optimize()


def pronounceable_pattern(lex):
    """The lower-case runs ``pronounceable`` accepts, as a regular expression (for run-time
    rules, which read no FST): onset? vowels (mid vowels)* coda?, three letters or more."""
    vow = lex["vowels"]
    c = "[" + "".join(ch for ch in LOWER if ch not in vow) + "]"
    alt = lambda *xs: "(?:" + "|".join(xs) + ")"  # noqa: E731
    onset, coda = alt(c, *lex["onsets"]), alt(c, *lex["codas"])
    vowels = f"[{vow}][{vow}]?"
    mid = alt(c, c + c, coda + c, c + onset)
    return f"(?=[a-z]{{3}})(?:{onset})?{vowels}(?:{mid}{vowels})*(?:{coda})?"


def _kept_abbreviations(loc):
    """TN (tn_rules letters.yaml ``abbreviations: keep``): the all-caps forms of the whitelist
    abbreviations whose reading their context decides ("DR" doctor / drive, "ST" saint /
    street, "MT"): written in capitals they name something else ("DR Congo", "Atari ST",
    "Eyre DR") and stay as written, as other all-caps words do."""
    how = loc.tn("letters").get("abbreviations", "keep")
    if loc.direction != "tn" or how != "keep":
        return []
    edge = loc.lex("locale")["edge_punctuation"]
    return sorted({w.strip(edge).upper() for w in _whitelist_forms.caps_kept(loc)
                   if w.strip(edge).isalpha() and len(w.strip(edge)) >= 2})


def _caps_context(loc, lex, other, said):
    """TN: an acronym beside an all-caps word of ``caps_context_letters`` letters or more
    that is read as a word is a word of a text written in capitals ("NO TRIPPING UP",
    "SURRENDER PPV REPORT", "THE BIRTH OF CHRIST"): the two stay as written (one span that
    copies them, its token the words themselves).  ``other``: the all-caps runs spelled;
    roman numerals ("CHAPTER XII") are left to the roman class.  -> that acceptor, or None."""
    least = lex.get("caps_context_letters")
    if not least:
        return None
    roman = "".join(loc.lex("roman").get("letters", {}).values())
    if roman:
        other = pynini.difference(other, closure(chars(roman), 1))
    word = pynini.intersect(said, closure(chars(UPPER), least)) + union(t("'S"), t("’S")).ques
    pair = union(word + t(" ") + other, other + t(" ") + word, other + t(" ") + word + t(" ") + other)
    return pair.optimize()


def _prefixed(lex, upper, to_upper, n):
    """TN: "cDNA", "ssDNA" -> the token in capitals: up to ``lower_prefix_max`` lower-case
    letters before two capitals or more, all spelled.  None without the key."""
    k = lex.get("lower_prefix_max")
    if not k:
        return None
    return (closure(to_upper, 1, k) + closure(upper, 2, n - 1)).optimize()


def _ampersand(lex, one, two):
    """Letters joined by a word into one name written with "&" (letters.yaml ``ampersand``):
    token "R&B" -> "r and b", "AT&T" -> "a t and t".  At most two letters a side, one side a
    single letter ("a t m and a t r" are two acronyms); not two ``word_letters`` ("i and a
    friend"), nor letters next to each other in the alphabet across the "&" (an enumeration:
    "a and b", "x and y", "a b and c").  ``one``/``two``: token -> spoken runs of one and two
    letters.  -> that relation, or None."""
    spec = lex.get("ampersand")
    if not spec:
        return None
    join = cross("&", f" {spec['said']} ")
    said = union(one + join + one, two + join + one, one + join + two)
    wordy, abc = lex.get("word_letters", []), [l.upper() for l in lex["names"]]
    pairs = [f"{a.upper()}&{b.upper()}" for a in wordy for b in wordy]
    upper = chars("".join(abc))
    apart = [closure(upper, 0, 1) + t(f"{a}&{b}") + closure(upper, 0, 1) for a, b in zip(abc, abc[1:])]
    taken = union(*(t(p) for p in pairs), *apart).optimize()
    return pynini.compose(pynini.difference(pynini.project(said, "input").optimize(), taken), said).optimize()


def build(loc):
    lex = loc.lex("letters")
    upper, lower = chars(UPPER), chars(LOWER)
    n = lex["max_letters"]
    caps = closure(upper, 2, n)
    as_word = union(*(t(w) for w in lex["read_as_words"]))
    spelled = union(*(t(w) for w in lex["always_spelled"]))
    pron = pynini.difference(pronounceable(lex, UPPER), spelled)
    said = union(as_word, pron, *(t(w) for w in _kept_abbreviations(loc))).optimize()
    # acronyms conventionally written with dots ("U.S."): ITN writes them so
    listed = union(*(t(w.replace(".", "")) for w in lex["written_dotted"])).optimize()
    listed_w = union(*(cross(w, w.replace(".", "")) for w in lex["written_dotted"]))
    spelled_caps = pynini.difference(caps, union(said, listed)).optimize()
    plain = union(spelled_caps,
                  lib.weighted(pynini.intersect(caps, said), loc.style("letters_as_word")),
                  lib.weighted(listed, loc.style("letters_undotted")), listed_w)
    to_upper = union(*(cross(l, u) for l, u in zip(LOWER, UPPER)))
    # "PbS", "PhD": capitals each followed by at most one lower-case letter, one at least
    has_lower = closure(chars(UPPER + LOWER)) + lower + closure(chars(UPPER + LOWER))
    mixed = pynini.compose(has_lower, closure(upper + to_upper.ques, 2, 4))
    dotted = closure(upper + delete("."), 2, n) | closure(upper + delete("."), 1, n - 1) + upper
    if loc.direction == "tn":  # "Ph.D.", "B.Sc.", "LL.M.": pieces of a capital and up to two letters, each with its dot
        piece = upper + closure(upper | to_upper, 0, 2) + delete(".")
        dotted = union(dotted, closure(piece, 2, 4))
    # "pp", "Bcl": lower-case runs without a vowel, capitalized or not
    cons = "".join(ch for ch in LOWER if ch not in lex["vowels"])
    vowelless = pynini.difference(
        (chars(cons) | chars(cons.upper())) + closure(chars(cons), 1, lex["vowelless_max"] - 1),
        union(*(t(w) | t(w.capitalize()) for w in lex["vowelless_words"])))
    raised = pynini.compose(vowelless, closure(to_upper | upper))
    written = union(plain, lib.weighted(mixed, loc.style("letters_mixed_case")),
                    lib.weighted(dotted, loc.style("letters_dotted")),
                    lib.weighted(raised, loc.style("letters_vowelless"))).optimize()

    prefixed = _prefixed(lex, upper, to_upper, n) if loc.direction == "tn" else None
    if prefixed is not None:
        written = union(written, lib.weighted(prefixed, loc.style("letters_mixed_case"))).optimize()

    kept = _caps_context(loc, lex, spelled_caps, said) if loc.direction == "tn" else None
    if kept is not None:
        written = union(written, lib.weighted(kept, loc.style("letters_caps_context"))).optimize()

    name = lib.mapping([(l.upper(), v) for l, v in lex["names"].items()], loc.variant)
    run = name + closure(insert(" ") + name, 0, n - 1)
    acronyms = loc.tn("letters").get("acronyms", "spell")
    if loc.direction == "tn" and acronyms == "keep":
        run = closure(upper, 1, n)
    wordy = lex.get("word_letters", [])  # letter names that are words ("a", "i"): they only join
    singles = sorted(l for l in lex["names"] if l not in wordy)
    variants = sorted({w for v in lex["names"].values() for w in v[1:]})
    # "a bee", "i gee": the article or pronoun beside one letter name that is also a word is
    # no acronym ("i saw a bee" stays; "a b", "dee jay" are read)
    pairs = [f"{j} {v}" for j in wordy for v in variants] + [f"{v} {j}" for j in wordy for v in variants]
    two = pynini.compose(upper + upper, run)
    if pairs:
        said2 = pynini.difference(pynini.project(two, "output").optimize(), union(*(t(x) for x in pairs)))
        two = pynini.compose(two, said2)
    if kept is not None:  # its token is its words: copied (only that arm makes tokens with a space)
        word = closure(chars(UPPER + "'’"), 1)
        kept = word + closure(t(" ") + word, 1, 2)
    amp = _ampersand(lex, pynini.compose(upper, run), two)
    if amp is not None:  # its tokens are written as they are ("R&B")
        written = union(written, lib.weighted(pynini.project(amp, "input"), loc.style("letters_ampersand"))).optimize()
    spoken = union(two, pynini.compose(closure(upper, 3, n), run), *([kept] if kept is not None else []),
                   *([amp] if amp is not None else [])).optimize()
    iso = loc.itn("letters").get("initials_between")
    article = loc.itn("letters").get("article")
    evidence = loc.itn("letters").get("evidence")
    if evidence:  # the acronyms of the locale's lexicon are known ones (style/spelled.py)
        acr = loc.lex("acronyms")
        known = [*evidence.get("known", ()), *acr.get("two_letters", ()), *acr.get("ampersand", ()),
                 *acr.get("added", ())]
        removed = {k.lower() for k in acr.get("removed", ())}
        evidence = {**evidence, "known": sorted({k.lower() for k in known} - removed),
                    "word_shape": pronounceable_pattern(lex)}  # a word spelled out: "e x p o k o s"
        if evidence.get("written_only"):  # lower-case text: a run spells an acronym text writes
            evidence["written"] = sorted({k.lower() for k in acr.get("written", ())} - removed)
    kept_initials = loc.tn("letters").get("initials_kept")
    return lib.ClassGrammar(
        NAME, written, spoken,
        triggers={"tn": {"patterns": [r"[A-Z][a-z]?\.?[A-Z]", r"[A-Z][a-z]{2}\.[A-Z]", *([r"[A-Z]&[A-Z]"] if amp is not None else []),
                                      f"^\\W*[{cons}{cons.upper()}][{cons}]{{1,{lex['vowelless_max'] - 1}}}\\W*$"],
                         # initials in a list of authors stay ("Thapa DR, Gabayan V"; author_initials.py)
                         **({"author_initials": kept_initials} if kept_initials else {})},
                  "itn": {"anchors": singles + variants, "joiners": list(wordy),
                          # initials after a surname ("Barker , a j ,") stay as they are
                          **({"isolated": iso} if iso else {}),
                          # "as a p d f": the article, then the acronym ("a PDF")
                          **({"article": article} if article else {}),
                          # letters join only with evidence (style/spelled.py)
                          **({"evidence": evidence} if evidence else {})}},
        parts={"pronounceable": pronounceable(lex, LOWER), "said_upper": said, "name": name,
                                                           "run": run.optimize()})
