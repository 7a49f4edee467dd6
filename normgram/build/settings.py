"""The spec's run-time settings, read from a locale's rule files and checked at build time.

The style rules that use them (normgram/style/) expand them when the pipeline is made; the
build only checks what names other data (classes, dates.yaml lists) and carries it over.
"""
from ..errors import GrammarError
from ..run.spec import Settings

CALENDAR_LISTS = ("months", "weekdays")  # dates.yaml lists label_context may name (``*_from``)


def settings(loc, classes, direction=None):
    """-> Settings of ``loc`` (itn formats.yaml; tn years.yaml, agreement.yaml, abbreviations.yaml),
    with the classes and date lists they name checked; for ``direction`` "itn" the agreement
    settings only where ITN uses them (``noun_phrase_after``), so an ITN spec carries no noun
    table it never reads, and no sentence_end (TN's)."""
    formats = loc.itn("formats")
    labels = formats.get("label_context") or None
    return Settings(
        lone_written=bool(formats.get("lone_entity_written")),
        label_context=labels,
        calendar_names=_calendar_names(loc, labels),
        user_names=_user_names(loc, labels),
        unit_names=_unit_names(loc, labels),
        number_words=_number_words(loc, labels),
        thousands_separator=formats.get("thousands_separator") or "",
        ranked_as=dict(formats.get("ranked_as") or {}),
        tokenized_text=_tokenized_text(loc, formats.get("tokenized_text"), classes),
        caps_kept_letters=formats.get("caps_kept_letters") or 0,
        year_counts=loc.tn("years").get("counted_before") or None,
        agreement=_for_direction(_agreement(loc, classes), direction),
        sentence_end=None if direction == "itn" else _sentence_end(loc))


def _for_direction(agreement, direction):
    if direction == "itn" and agreement and not agreement["noun_phrase_after"]:
        return None  # style/governed_case.py: ITN reads only noun_phrase_after
    return agreement


def _agreement(loc, classes):
    """What TN's own form agrees by (style/governed_case.py): tn_rules agreement.yaml's
    ``governed`` classes, their agreement groups, the cases words govern, the number words of
    each gender and the forms that do not agree, with locales nouns.yaml; None where
    ``governed`` is unset."""
    rules = loc.tn("agreement")
    governed = rules.get("governed")
    if not governed:
        return None
    unknown = sorted(set(governed) - set(classes))
    if unknown:
        raise GrammarError(f"locale {loc.tag}: tn_rules agreement.yaml governed: unknown class {unknown[0]}")
    nouns = loc.lex("nouns")
    return {"classes": list(governed), "agree": rules.get("agree") or {}, "governs": rules.get("governs") or {},
            "governs_default": rules.get("governs_default") or [],
            "governs_before": rules.get("governs_before") or {},
            "counted_genders": rules.get("counted_genders") or {}, "fixed_after": rules.get("fixed_after") or [],
            "subject_case": rules.get("subject_case"),
            "suffix_agrees": rules.get("suffix_agrees") or [],
            "ordinal_endings": ((loc.lex("ordinals").get("before_nouns") or {}).get("endings") or {})
            if rules.get("suffix_agrees") else {}, "noun_case_alone": bool(rules.get("noun_case_alone")),
            "genders": rules.get("genders") or {},
            "not_agreeing": rules.get("not_agreeing") or [], "kept_with": rules.get("kept_with") or [],
            "agree_endings": rules.get("agree_endings") or {}, "inflects": rules.get("inflects") or {},
            "gender_through": rules.get("gender_through") or [], "before_sound": rules.get("before_sound") or {},
            "nouns_as_written": bool(rules.get("nouns_as_written")),
            "noun_phrase_after": {c: v for c, v in (rules.get("noun_phrase_after") or {}).items() if c in classes},
            "cases": nouns.get("cases") or [], "nouns": nouns.get("nouns") or {}}


def _calendar_names(loc, labels):
    """The dates.yaml lists label_context asks for (``lower_case_names_from``,
    ``ordinal_before_name.not_before_from``) -> each list's names as ITN writes them
    (the first written form: "May", "Sunday")."""
    asked = [("lower_case_names", l) for l in (labels or {}).get("lower_case_names_from", ())]
    asked += [("not_before", l) for l in ((labels or {}).get("ordinal_before_name") or {}).get("not_before_from", ())]
    out = {}
    for key, lst in asked:
        if lst not in CALENDAR_LISTS:
            raise GrammarError(f"locale {loc.tag}: itn formats.yaml label_context: {key}_from: "
                               f"{lst!r} is no dates.yaml list ({', '.join(CALENDAR_LISTS)})")
        out[lst] = [e["written"][0] for e in loc.lex("dates")[lst].values()]
    return out


def _words(v):
    return [x for w in (v if isinstance(v, list) else [v]) if isinstance(w, str) for x in w.lower().split()]


def _sentence_end(loc):
    """tn_rules abbreviations.yaml ``sentence_end`` for run/write.py SentenceEnds, with the
    names of the dates.yaml lists ``continued_by_from`` names added to ``continued_by`` (their
    written forms with a capital: "Friday", "Dec" in "5 p.m. Dec 15")
    and ``titles`` and ``places``: the readings of
    locales whitelist.yaml's abbreviations written alike for a title before a name and a place
    word after one ("St." saint or street, "Dr." doctor or drive; style/title_opener.py); None
    where the rule file has no sentence_end."""
    rules = loc.tn("abbreviations").get("sentence_end")
    if not rules:
        return None
    rules = dict(rules)
    lists = rules.pop("continued_by_from", None) or []
    for lst in lists:
        if lst not in CALENDAR_LISTS:
            raise GrammarError(f"locale {loc.tag}: tn_rules abbreviations.yaml sentence_end: continued_by_from: "
                               f"{lst!r} is no dates.yaml list ({', '.join(CALENDAR_LISTS)})")
    names = [w for lst in lists for e in loc.lex("dates")[lst].values() for w in e["written"] if w[:1].isupper()]
    rules["continued_by"] = [*rules.get("continued_by", ()), *names]
    entries = loc.lex("whitelist").get("abbreviations") or ()
    context = lambda e: [e.get("context")] if isinstance(e.get("context"), str) else e.get("context") or []
    titled, placed = {}, {}  # written form -> readings
    for e in entries:
        kinds = context(e)
        for side, on in ((titled, e.get("title") or "name_after" in kinds), (placed, "name_before" in kinds)):
            for w in e.get("written", []) if on else ():
                side.setdefault(w, set()).update(_words(e.get("spoken")))
    both = titled.keys() & placed.keys()
    rules["titles"] = sorted({r for w in both for r in titled[w]})
    rules["places"] = sorted({r for w in both for r in placed[w]})
    return rules


def _number_words(loc, labels):
    """Where label_context sets ``whole_numbers``: numbers.yaml's words of digits and tens ->
    {"digits": [...], "tens": [...]}; None elsewhere."""
    if not (labels or {}).get("whole_numbers"):
        return None
    num = loc.lex("numbers")
    return {k: sorted({w for v in (num.get(k) or {}).values() for w in _words(v)}) for k in ("digits", "tens")}


def _unit_names(loc, labels):
    """Where a label_context ``cue_readings`` kind asks for ``before_units``: the plural names
    of units.yaml's units that are no singular too ("stone": "stone baked"), but the word of
    a factor ("times") and the names of currencies ("pounds"), word by word -> sorted
    tuple; None elsewhere."""
    kinds = ((labels or {}).get("cue_readings") or {}).values()
    if not any(k.get("before_units") for k in kinds):
        return None
    units = loc.lex("units").get("units") or {}
    money = {w for c in (loc.lex("currencies").get("currencies") or {}).values()
             for key in ("one", "many") for w in _words(c.get(key, []))}
    factor = set(_words((loc.lex("units").get("times") or {}).get("spoken", [])))  # "three times"
    names = {w for u in units.values() for w in set(_words(u.get("many", []))) - set(_words(u.get("one", [])))}
    return tuple(sorted(names - money - factor))


def _user_names(loc, labels):
    """Where label_context's ``determiner_nouns`` has a ``mailbox``: the words that tell a user
    name said before "at" from prose (style/determiner_noun.py) -> {"names": given names
    (locales electronic_lists.yaml given_names), "roles": role words (electronic.yaml
    mailbox_words), "spelled": letter names but word_letters, "word_letters", "numbers": the words of digits
    and numbers (numbers.yaml, electronic.yaml digit_zero), "symbols": the names of symbols};
    None elsewhere, and where the locale lists no names."""
    if not ((labels or {}).get("determiner_nouns") or {}).get("mailbox"):
        return None
    lex, letters, num = loc.lex("electronic"), loc.lex("letters"), loc.lex("numbers")
    numbers = set(_words(lex.get("digit_zero", []))) | set(_words(num.get("zero", []))) | set(_words(num.get("hundred", [])))
    for key in ("digits", "teens", "tens", "scales"):
        numbers |= {w for v in (num.get(key) or {}).values() for w in _words(v)}
    word_letters = set(_words(letters.get("word_letters", [])))
    spelled = {w for v in (letters.get("names") or {}).values() for w in _words(v)} - word_letters
    symbols = {w for v in (lex.get("symbols") or {}).values() for w in _words(v)}
    names = set(_words(loc.lex("electronic_lists").get("given_names", [])))
    roles = set(_words(lex.get("mailbox_words", [])))
    if not names | roles:
        return None
    return {"names": sorted(names), "roles": sorted(roles), "spelled": sorted(spelled),
            "word_letters": sorted(word_letters), "numbers": sorted(numbers), "symbols": sorted(symbols)}


def _tokenized_text(loc, spec, classes):
    """itn formats.yaml ``tokenized_text`` (style/tokenized.py), its ``spaced`` and ``ranges`` classes checked."""
    rng = (spec or {}).get("ranges") or {}
    named = set((spec or {}).get("spaced") or ()) | set(rng.get("over", ())) | ({rng["class"]} if "class" in rng else set())
    unknown = sorted(named - set(classes))
    if unknown:
        raise GrammarError(f"locale {loc.tag}: itn formats.yaml tokenized_text: unknown class {unknown[0]}")
    return spec
