"""The variant rules of a locale (tn_rules/<tag>/variants.yaml), compiled for `normgram tag`:
forms people do not say, kinds of spoken form with their counted costs, agreement groups and
the case a word governs, spellings that count apart (schema: rules/schemas/variants.yaml)."""
from typing import NamedTuple

import regex


def _currency_names(locale):
    """Every spoken name of the locale's currencies (currencies.yaml: one, many, informal and
    minor names), longest first, as one regular-expression alternation."""
    names = set()

    def add(value):
        if isinstance(value, str):
            names.add(value)
        elif isinstance(value, (list, tuple)):
            for v in value:
                add(v)
        elif isinstance(value, dict):
            for key in ("one", "many"):
                add(value.get(key))
    for c in locale.lex("currencies").get("currencies", {}).values():
        for key in ("one", "many", "informal", "minor"):
            add(c.get(key) if key in ("informal", "minor") else {key: c.get(key)})
    return "|".join(regex.escape(n) for n in sorted(names, key=lambda n: (-len(n), n)))


class VariantRules(NamedTuple):
    """A locale's tn_rules variants.yaml, compiled (see variant_rules)."""
    not_said: dict = {}
    not_copied: frozenset = frozenset()
    kinds: dict = {}
    agree: dict = {}
    marks: str = ""
    governs: dict = {}
    spelling_only: bool = False
    gender_unknown: dict = {}  # class -> [compiled regex]: not said where the noun's gender is unknown


def variant_rules(locale):
    """({class: [compiled regex]}, {class}, {class: [(regex, cost or None, written regex or None)]},
    {word: groups}, marks) of the locale's tn_rules variants.yaml: forms not said, classes not
    copied, kinds with their sampling cost (None: never said, not emitted) and the written spans
    they apply to, the agreement groups of words, the marks that keep two spellings apart
    ("-": French "vingt-trois" and "vingt trois" are two variants); ``{currency}`` in a
    pattern stands for any spoken currency name of the locale."""
    from ..errors import RuleFileError
    rules = {**locale.tn("agreement"), **locale.tn("variants")}  # agreement.yaml: read by TN too
    currency = []

    def compiled(p, where):
        if "{currency}" in p:
            if not currency:
                currency.append(_currency_names(locale))
            p = p.replace("{currency}", f"(?:{currency[0]})")
        try:
            return regex.compile(p)
        except regex.error as e:
            raise RuleFileError(f"tn_rules/{locale.tag}/variants.yaml", None, where,
                                f"not a regular expression: {p!r} ({e})") from None
    not_said, kinds, agree = {}, {}, {}
    for cls, patterns in (rules.get("not_said") or {}).items():
        not_said[cls] = [compiled(p, f"not_said.{cls}") for p in patterns]
    gender_unknown = {}
    for cls in rules.get("governed") or ():
        not_said.setdefault(cls, []).extend(compiled(p, "not_agreeing") for p in rules.get("not_agreeing") or ())
        gender_unknown[cls] = [compiled(p, "gender_unknown") for p in rules.get("gender_unknown") or ()]
    for cls, named in (rules.get("kinds") or {}).items():
        kinds[cls] = [(compiled(k["pattern"], f"kinds.{cls}.{name}"), k.get("cost"),
                       compiled(k["written"], f"kinds.{cls}.{name}.written") if "written" in k else None)
                      for name, k in named.items()]
    for group, words in (rules.get("agree") or {}).items():
        for w in words:
            agree.setdefault(w, set()).add(group)
    return VariantRules(not_said, frozenset(rules.get("not_copied") or ()), kinds,
                        {w: frozenset(g) for w, g in agree.items()}, rules.get("distinct_marks") or "",
                        _governs(rules), bool(rules.get("spelling_only")), gender_unknown)


def spellings(best, options):
    """Of a span's other forms, those with the preferred form's letters written most apart
    and most joined (variants.yaml ``spelling_only``: German "achtzehnhundertsiebenundneunzig"
    and "achtzehn hundert sieben und neunzig", French "quarante-deux" and "quarante deux")."""
    def letters(text):
        return regex.sub(r"[\s\-]", "", text.lower())
    same = [o for o in options if letters(o[0]) == letters(best)]
    if not same:
        return []
    apart = max(same, key=lambda o: o[0].count(" "))
    joined = min(same, key=lambda o: o[0].count(" "))
    return [apart] if apart is joined else [apart, joined]


def _governs(rules):
    """{word: frozenset of groups} of variants.yaml ``governs``, "" for ``governs_default``."""
    out = {w.lower(): frozenset(g) for w, g in (rules.get("governs") or {}).items()}
    if rules.get("governs_default"):
        out[""] = frozenset(rules["governs_default"])
    return out


def agrees(spoken, agree, need=None):
    """Whether the words of ``spoken`` that variants.yaml ``agree`` lists share a group (one
    of ``need`` where given): a Russian numeral's words agree in case ("двадцати трёх", not
    "двадцати три"), the case the word before it governs."""
    groups = need
    for w in spoken.split():
        if w in agree:
            groups = agree[w] if groups is None else groups & agree[w]
            if not groups:
                return False
    return True
