"""A locale's written conventions from CLDR (through Babel), against its YAML lexicons.

    python tools/cldr_conventions.py -l de                 # what CLDR says for German
    python tools/cldr_conventions.py --check               # de es fr it ru en: every difference
    python tools/cldr_conventions.py --check --probe       # also the side ITN writes a symbol on
    python tools/cldr_conventions.py --write /tmp/cldr     # /tmp/cldr/<tag>/*.yaml to edit and copy

Derived per locale: month and weekday names (wide and abbreviated, format and stand-alone),
currency names (singular and plural forms) and symbols and the symbol's side, decimal and
grouping marks, date and time patterns, unit names (long, per plural form) and symbols.
--check lists one line per difference, "file:key: what differs"; the YAML files stay the
source a user edits, so a difference is a finding to judge, not an error by itself (docs/
locales.md sorts them).  --probe asks normgram's ITN what it writes for an amount of euros
("fünfundzwanzig Euro" -> "25 €"), since the symbol's side is no lexicon entry (compiles the
grammars if the cache is cold).
Needs Babel: pip install '.[cldr]'.
"""
import argparse
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ("de", "es", "fr", "it", "ru", "en")

# The lexicons' unit keys -> CLDR unit ids (units the CLDR data holds).
CLDR_UNITS = {
    "km": "length-kilometer", "m": "length-meter", "cm": "length-centimeter", "mm": "length-millimeter",
    "mi": "length-mile", "ft": "length-foot", "in": "length-inch", "yd": "length-yard",
    "kg": "mass-kilogram", "g": "mass-gram", "mg": "mass-milligram", "t": "mass-tonne", "lb": "mass-pound",
    "oz": "mass-ounce", "l": "volume-liter", "ml": "volume-milliliter", "gal": "volume-gallon",
    "km/h": "speed-kilometer-per-hour", "mph": "speed-mile-per-hour", "°C": "temperature-celsius",
    "°F": "temperature-fahrenheit", "m²": "area-square-meter", "km²": "area-square-kilometer",
    "m³": "volume-cubic-meter", "ha": "area-hectare", "kWh": "energy-kilowatt-hour", "kW": "power-kilowatt",
    "W": "power-watt", "MB": "digital-megabyte", "GB": "digital-gigabyte", "TB": "digital-terabyte",
    "kB": "digital-kilobyte", "h": "duration-hour", "min": "duration-minute", "s": "duration-second",
    "ms": "duration-millisecond", "Hz": "frequency-hertz", "MHz": "frequency-megahertz",
    "GHz": "frequency-gigahertz", "V": "electric-volt", "A": "electric-ampere",
}
# Sample counts for each plural form (CLDR plural categories of the five locales and en).
COUNTS = {"one": 1, "few": 2, "many": 5, "other": 5}


def _words(v):
    if v is None:
        return []
    return [v] if isinstance(v, str) else [x for x in v if isinstance(x, str)]


def _load(path):
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}


def _number_part(text):
    """The text of a formatted unit without its number ("5 Kilometer" -> "Kilometer")."""
    return re.sub(r"\s*[\d.,]+\s*", " ", text).strip()


def _plural_forms(tag):
    """The plural forms the lexicons write: one/few/many where CLDR has "few" (ru), else one/other
    (the lexicons' "many"; CLDR's "many" of es/fr/it is for round millions, "de" before a noun)."""
    from babel import Locale
    return ["one", "few", "many"] if "few" in Locale.parse(tag).plural_form.tags else ["one", "other"]


def _sample(tag, cat):
    """A count of plural category ``cat`` in ``tag`` (CLDR's plural rules)."""
    from babel import Locale
    rule = Locale.parse(tag).plural_form
    for n in (1, 2, 5, 11, 21, 100):
        if rule(n) == cat:
            return n
    return COUNTS[cat]


def derive(tag):
    """{section: data} from CLDR for one locale."""
    from babel import Locale, dates, numbers, units
    import babel
    loc = Locale.parse(tag)
    out = {"cldr": {"babel": babel.__version__}}
    fw, fa = loc.months["format"]["wide"], loc.months["format"]["abbreviated"]
    sw, sa = loc.months["stand-alone"]["wide"], loc.months["stand-alone"]["abbreviated"]
    out["months"] = {m: {"wide": fw[m], "abbreviated": fa[m], "standalone": sw[m], "standalone_abbreviated": sa[m]}
                     for m in range(1, 13)}
    dw, da = loc.days["format"]["wide"], loc.days["format"]["abbreviated"]
    out["weekdays"] = {d + 1: {"wide": dw[d], "abbreviated": da[d]} for d in range(7)}
    cpat = loc.currency_formats["standard"].pattern
    out["numbers"] = {"decimal": numbers.get_decimal_symbol(tag), "group": numbers.get_group_symbol(tag),
                      "currency_pattern": cpat, "percent_pattern": loc.percent_formats[None].pattern,
                      "currency_symbol_side": "before" if cpat.index("¤") < cpat.index("0") else "after"}
    short, long_ = dates.get_date_format("short", tag).pattern, dates.get_date_format("long", tag).pattern
    order = "".join(c.lower() for c in re.sub(r"'[^']*'", "", short) if c in "dMy")
    order = re.sub(r"(.)\1+", r"\1", order)
    sep = (re.findall(r"[dMy]+([^dMy\s]+)", short) or [""])[0]
    tpat = dates.get_time_format("short", tag).pattern
    out["dates"] = {"short": short, "long": long_, "numeric_order": order, "numeric_separator": sep,
                    "day_suffix": (re.match(r"d+([^\sM']*)", long_) or [None, ""])[1]}
    out["times"] = {"short": tpat, "separator": (re.findall(r"[Hhk]+([^mHhk]+)m", tpat) or [""])[0],
                    "hour_padded": bool(re.search(r"HH|hh", tpat)), "clock": 12 if "a" in tpat else 24}
    forms = _plural_forms(tag)
    cur = {}
    for code in sorted(set(_load(ROOT / "locales" / tag / "currencies.yaml").get("currencies", {}))):
        cur[code] = {"symbol": numbers.get_currency_symbol(code, tag),
                     **{c: numbers.get_currency_name(code, _sample(tag, c), tag) for c in forms}}
    out["currencies"] = cur
    un = {}
    for key, uid in CLDR_UNITS.items():
        try:
            entry = {"symbol": _number_part(units.format_unit(5, uid, "short", locale=tag))}
            for c in forms:
                entry[c] = _number_part(units.format_unit(_sample(tag, c), uid, "long", locale=tag))
        except Exception:  # a unit this CLDR version lacks: not derived
            continue
        un[key] = entry
    out["units"] = un
    return out


def _same(a, b):
    return a.casefold().rstrip(".") == b.casefold().rstrip(".")


def check(tag, probe=False):
    """Lines "file:key: difference" between CLDR and the locale's YAML lexicons."""
    c = derive(tag)
    lines = []
    rel = lambda *p: str(Path(*p))  # noqa: E731

    def add(path, key, msg):
        lines.append(f"{path}:{key}: {msg}")

    dpath = rel("locales", tag, "dates.yaml")
    dy = _load(ROOT / dpath)
    for sect, cl in (("months", c["months"]), ("weekdays", c["weekdays"])):
        for k, cv in cl.items():
            e = (dy.get(sect) or {}).get(k)
            if e is None:
                add(dpath, f"{sect}.{k}", f"missing; CLDR {cv['wide']!r}")
                continue
            written, spoken = _words(e.get("written")), _words(e.get("spoken"))
            if not written:
                continue
            if written[0] != cv["wide"]:
                how = "case only" if _same(written[0], cv["wide"]) else "differs"
                add(dpath, f"{sect}.{k}.written[0]", f"{written[0]!r}; CLDR wide {cv['wide']!r} ({how})")
            for form in ("abbreviated", "standalone", "standalone_abbreviated"):
                v = cv.get(form)
                if v and v != cv["wide"] and not any(_same(v, w) for w in written + spoken):
                    add(dpath, f"{sect}.{k}.written", f"lacks CLDR {form} {v!r}")
    fpath = rel("itn_rules", tag, "formats.yaml")
    fy = _load(ROOT / fpath)
    n = c["numbers"]
    for key, ck in (("decimal_separator", "decimal"), ("thousands_separator", "group")):
        if key in fy and fy[key] != n[ck]:
            add(fpath, key, f"{fy[key]!r} (U+{ord(fy[key][0]):04X}); CLDR {n[ck]!r} (U+{ord(n[ck][0]):04X})"
                if fy[key] else f"{fy[key]!r}; CLDR {n[ck]!r}")
    qpath = rel("locales", tag, "quantities.yaml")
    pw = _words(((_load(ROOT / qpath).get("percent") or {}).get("written")))
    m = re.search(r"0([\s\u00a0\u202f]?)%", n["percent_pattern"])
    if pw and m and pw[0] != m.group(1) + "%":
        add(qpath, "percent.written[0]", f"{pw[0]!r} (what ITN writes); CLDR pattern {n['percent_pattern']!r} "
                                         f"(option: put {m.group(1) + '%'!r} first)")
    idp = rel("itn_rules", tag, "dates.yaml")
    idy = _load(ROOT / idp)
    d = c["dates"]
    if "numeric_order" in idy and idy["numeric_order"] != d["numeric_order"]:
        add(idp, "numeric_order", f"{idy['numeric_order']!r}; CLDR short date {d['short']!r} ({d['numeric_order']})")
    seps = idy.get("numeric_separators")
    if seps is not None and d["numeric_separator"] and not seps.startswith(d["numeric_separator"]):
        add(idp, "numeric_separators", f"{seps!r} (first is written); CLDR short date {d['short']!r}")
    if "day_suffix" in idy and _words(idy["day_suffix"])[:1] != ([d["day_suffix"]] if d["day_suffix"] else [""]) \
            and not (not d["day_suffix"] and _words(idy["day_suffix"]) in ([], [""])):
        add(idp, "day_suffix", f"{idy['day_suffix']!r}; CLDR long date {d['long']!r}")
    itp = rel("itn_rules", tag, "times.yaml")
    ity = _load(ROOT / itp)
    tmpl = _words(((ity.get("written") or {}).get("minutes")))
    t = c["times"]
    if tmpl:
        m = re.search(r"\{h\}(.*?)\{m\}", tmpl[0])
        if m and m.group(1) != t["separator"]:
            add(itp, "written.minutes[0]", f"{tmpl[0]!r}; CLDR short time {t['short']!r} (separator {t['separator']!r})")
        if t["hour_padded"] and not ity.get("pad_hour"):
            add(itp, "pad_hour", f"{tmpl[0]!r} writes the hour unpadded; CLDR short time {t['short']!r} pads it "
                                 "(option pad_hour: true)")
    cpath = rel("locales", tag, "currencies.yaml")
    cy = _load(ROOT / cpath).get("currencies", {})
    for code, cv in c["currencies"].items():
        e = cy[code]
        names = list(dict.fromkeys(w for k in ("one", "few", "many") for w in _words(e.get(k))))
        lacks = list(dict.fromkeys(cv[f] for f in _plural_forms(tag)
                                   if cv[f] != code and not any(_same(cv[f], w) for w in names)))
        if lacks:
            add(cpath, f"currencies.{code}", f"lacks CLDR names {lacks} (has {names})")
        syms = _words(e.get("symbols"))
        if cv["symbol"] != code and cv["symbol"] not in syms:
            add(cpath, f"currencies.{code}.symbols", f"{syms}; CLDR symbol {cv['symbol']!r}")
    upath = rel("locales", tag, "units.yaml")
    uy = _load(ROOT / upath).get("units", {})
    for key, cv in c["units"].items():
        e = uy.get(key)
        if e is None:
            continue
        if cv["symbol"] != key and cv["symbol"] not in _words(e.get("written")):
            add(upath, f"units.{key}", f"symbol {key!r}; CLDR short {cv['symbol']!r}")
        names = list(dict.fromkeys(w for k in ("one", "few", "many") for w in _words(e.get(k))))
        lacks = list(dict.fromkeys(cv[f] for f in _plural_forms(tag) if not any(_same(cv[f], w) for w in names)))
        if lacks:
            add(upath, f"units.{key}", f"lacks CLDR names {lacks} (has {names})")
    if probe:
        lines += _probe(tag, c)
    return lines


def _probe(tag, c):
    """What ITN writes for a spoken amount of euros, against CLDR's currency pattern."""
    import normgram
    norm = normgram.Normalizer(tag, ranker=False)
    out = []
    money = norm.itn(norm.tn("25 EUR"))
    side = "before" if money.strip().startswith("€") else "after" if money.strip().endswith("€") else "?"
    if side != c["numbers"]["currency_symbol_side"]:
        out.append(f"{Path('locales', tag, 'currencies.yaml')}:(ITN output): writes {money!r}; CLDR pattern "
                   f"{c['numbers']['currency_pattern']!r} puts the symbol {c['numbers']['currency_symbol_side']}")
    return out


def _lex_form(cat):
    """The lexicons' name of a CLDR plural form ("other" is their "many")."""
    return "many" if cat == "other" else cat


def write(tag, folder):
    """CLDR's lexicons for ``tag`` as YAML files in folder/<tag>/ (to edit and merge by hand)."""
    c = derive(tag)
    d = Path(folder) / tag
    d.mkdir(parents=True, exist_ok=True)
    head = f"# Derived from CLDR (Babel {c['cldr']['babel']}) by tools/cldr_conventions.py for {tag}; edit freely.\n"
    files = {
        "dates.yaml": {
            "months": {m: {"written": list(dict.fromkeys([v["wide"], v["abbreviated"], v["standalone"]])),
                           "spoken": list(dict.fromkeys([v["wide"], v["standalone"]]))} for m, v in c["months"].items()},
            "weekdays": {k: {"written": list(dict.fromkeys([v["wide"], v["abbreviated"]])), "spoken": v["wide"]}
                         for k, v in c["weekdays"].items()},
            "patterns": c["dates"], "time_patterns": c["times"]},
        "currencies.yaml": {"currencies": {code: {**{_lex_form(k): v for k, v in cv.items() if k != "symbol"},
                                                  "symbols": [cv["symbol"]]} for code, cv in c["currencies"].items()},
                            "symbol_side": c["numbers"]["currency_symbol_side"],
                            "pattern": c["numbers"]["currency_pattern"]},
        "units.yaml": {"units": {k: {_lex_form(kk): vv for kk, vv in v.items() if kk != "symbol"}
                                 | {"written": [v["symbol"]]} for k, v in c["units"].items()}},
        "formats.yaml": {"decimal_separator": c["numbers"]["decimal"], "thousands_separator": c["numbers"]["group"],
                         "percent_pattern": c["numbers"]["percent_pattern"]},
    }
    for name, data in files.items():
        (d / name).write_text(head + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120),
                              encoding="utf-8")
    return sorted(files)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-l", "--locales", nargs="+", default=list(LOCALES))
    ap.add_argument("--check", action="store_true", help="list the differences with the YAML lexicons")
    ap.add_argument("--probe", action="store_true", help="with --check: also the side ITN writes a currency symbol on")
    ap.add_argument("--write", metavar="DIR", help="write the derived lexicons as YAML under DIR/<tag>/")
    a = ap.parse_args(argv)
    try:
        import babel  # noqa: F401
    except ImportError:
        print("cldr_conventions: Babel is not installed (pip install '.[cldr]')", file=sys.stderr)
        return 2
    for tag in a.locales:
        if not (ROOT / "locales" / tag).is_dir():
            print(f"cldr_conventions: no locale {tag!r} under locales/", file=sys.stderr)
            return 2
        if a.check:
            lines = check(tag, a.probe)
            print(f"# {tag}: {len(lines)} differences")
            print("\n".join(lines))
        if a.write:
            names = write(tag, a.write)
            print(f"{tag}: wrote {', '.join(str(Path(a.write) / tag / n) for n in names)}")
        if not a.check and not a.write:
            print(yaml.safe_dump({tag: derive(tag)}, allow_unicode=True, sort_keys=False, width=120))
    return 0


if __name__ == "__main__":
    sys.exit(main())
