"""The written forms of the abbreviation lexicon (locales/<tag>/abbreviations.yaml), by rule.

An entry names an abbreviation once ("fig.", spoken "figure") and its flags say which other
forms a reader meets; this module makes them and hands the whitelist class entries shaped
like whitelist.yaml's (``written`` a list, the other keys as they are):

- case: ``from_written`` (default) adds the capitalized and all-caps forms of what is written
  in lower case ("fig." -> "Fig.", "FIG."), the all-caps form of what is capitalized ("Ave." ->
  "AVE."); ``as_written`` keeps only the written spellings ("c." circa, "v." versus).
- dot: ``optional`` (default) adds each dotted form without its final dot ("Fig", "FIG"),
  ``required`` does not ("in." inches: "in" is a word).  A form with an inner dot ("e.g.")
  keeps its dots.  An all-caps form without a dot needs three letters ("VOL", not "CH": two
  capitals are an acronym's).
- ordinary words (the file's ``ordinary_words``: "no", "fig", "sun"): such an abbreviation
  is never read in lower case without its dot, and an entry without a ``context`` is read
  only with its dot and a capital ("Co.", not "co.").
- caps_kept: the all-caps forms of its given spellings are kept as written where the letters
  class would spell them (``caps_kept``; "VOL", "CH" as in a text written in capitals).
- plural: ``plural: true`` adds the plural by rule ("fig." -> "figs.", said "figures");
  ``plural_written`` / ``plural_spoken`` give irregular ones ("p." -> "pp."; "foot" -> "feet").

Everything else (``context``, ``itn``, ``words_before`` ...) means what it means in
whitelist.yaml.  ``entries(loc)`` is whitelist.yaml's list followed by the lexicon's.
"""

LEXICON_ONLY = ("case", "dot", "plural", "plural_written", "plural_spoken", "own", "caps_kept")


def _words(w):
    return [] if w is None else [w] if isinstance(w, str) else list(w)


def plural_word(word):
    """The regular English plural of the last word of ``word`` ("figure" -> "figures",
    "inch" -> "inches", "dozen" -> "dozens", "copy" -> "copies")."""
    head, _, last = word.rpartition(" ")
    if last.endswith(("s", "x", "z", "ch", "sh")):
        last += "es"
    elif last.endswith("y") and last[-2:-1] not in "aeiou":
        last = last[:-1] + "ies"
    else:
        last += "s"
    return f"{head} {last}" if head else last


def plural_abbreviation(abbr):
    """The regular plural of an abbreviation: an "s" before its final dot ("fig." -> "figs.")."""
    return abbr[:-1] + "s." if abbr.endswith(".") else abbr + "s"


def _cased(form, how):
    """``form`` and the forms its case rule adds (see the module docstring)."""
    if how == "as_written":
        return [form]
    if form == form.lower():
        return [form, form[:1].upper() + form[1:], form.upper()]
    if form[:1].isupper() and form[1:] == form[1:].lower():
        return [form, form.upper()]
    return [form]


def _is_word(form, ordinary):
    """Is ``form``, without its dots, one of the ``ordinary`` words, or a plural of one ("figs")?"""
    core = form.rstrip(".").lower()
    return core in ordinary or (core.endswith("s") and core[:-1] in ordinary)


def forms(written, case="from_written", dot="optional", ordinary=(), context=None):
    """Every written form of the spellings ``written`` (first kept first), by the rules above;
    ``ordinary``: the lower-case words that are also ordinary words."""
    out = []
    for given in written:
        for form in _cased(given, case):
            word = _is_word(form, ordinary)
            keep = [] if word and not context and form == form.lower() else [form]   # "co." is read as "Co." only
            bare = form[:-1] if form.endswith(".") and "." not in form[:-1] else None
            if bare and dot == "optional" and (context or not word) and not (word and bare == bare.lower()) \
                    and not (bare.isupper() and len(bare) < 3):
                keep.append(bare)
            out += [f for f in keep if f not in out]
    return out


def expand(entry, ordinary_words=()):
    """One lexicon entry -> whitelist entries: the singular's, then the plural's."""
    base = {k: v for k, v in entry.items() if k not in LEXICON_ONLY}
    case, dot, ctx = entry.get("case", "from_written"), entry.get("dot", "optional"), entry.get("context")
    ordinary = {w.lower() for w in ordinary_words}
    written, spoken = _words(entry["written"]), _words(entry["spoken"])
    out = [{**base, "written": forms(written, case, dot, ordinary, ctx), "spoken": spoken}]
    plural_w = _words(entry.get("plural_written")) or ([plural_abbreviation(w) for w in written]
                                                      if entry.get("plural") else [])
    if plural_w:
        plural_s = _words(entry.get("plural_spoken")) or [plural_word(s) for s in spoken]
        out.append({**base, "written": forms(plural_w, case, dot, ordinary, ctx), "spoken": plural_s})
    return [e for e in out if e["written"]]


def lexicon_entries(loc):
    """The whitelist entries of the locale's abbreviation lexicon.  Where TN keeps the
    abbreviations of prose as written (tn_rules abbreviations.yaml ``prose: keep``) each form
    is its own reading, in the same contexts ("Fig. 3" -> "Fig. three", "12 pts." -> "twelve pts."),
    so no other class spells it."""
    lex = loc.lex("abbreviations")
    words = lex.get("ordinary_words", [])
    out = [e for entry in lex.get("entries", []) for e in expand(entry, words)]
    if getattr(loc, "direction", None) == "tn" and loc.tn("abbreviations").get("prose", "read") == "keep":
        out = [{**{k: v for k, v in e.items() if k != "one"}, "written": [f], "spoken": [f]}
               for e in out for f in e["written"]]
    return out


def entries(loc):
    """whitelist.yaml's abbreviations, then the lexicon's."""
    return list(loc.lex("whitelist").get("abbreviations", [])) + lexicon_entries(loc)


def caps_kept(loc):
    """The spellings whose all-caps forms the letters class keeps as written (tn_rules
    letters.yaml ``abbreviations: keep``: "DR Congo", "Atari ST"): those of whitelist.yaml's
    entries with a context and the given spellings of the lexicon's entries marked ``caps_kept``."""
    out = [w for e in loc.lex("whitelist").get("abbreviations", []) if e.get("context") for w in _words(e["written"])]
    for e in loc.lex("abbreviations").get("entries", []):
        if e.get("caps_kept"):
            out += _words(e["written"]) + _words(e.get("plural_written"))
    return out
