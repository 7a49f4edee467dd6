"""Build every class grammar of a locale into one FAR, behind a content-hashed cache.

The cache key hashes the grammar code, the rule files (shipped and overlay), the loader
and schemas that check them, the runtime modules that shape the FAR, and the Pynini
version, so editing a rule file takes effect on the next run with no flag.  FARs live in ``$NORMGRAM_CACHE`` or
``~/.cache/normgram``.
"""
import dataclasses
import hashlib
from collections.abc import Mapping
import importlib.util
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import pynini
import pywrapfst

from . import gates, segmenter
from . import locale as _locale
from .errors import GrammarError
from .resources import data_root

DIRECTIONS = ("tn", "itn")
_PKG = "_normgram_grammars"
_REFUSED = None  # why this process must not compile (refuse_compile)


def refuse_compile(reason):
    """From now on this process only loads grammars: a compile raises GrammarError naming
    ``reason`` (Spark executors run on the FAR the driver built and shipped)."""
    global _REFUSED
    _REFUSED = reason


def cache_dir():
    return Path(os.environ.get("NORMGRAM_CACHE") or Path.home() / ".cache" / "normgram")


def _grammar_dir():
    return data_root() / "grammars"


def grammar_modules():
    """Import grammars/*.py as one private package; return {class name: module}."""
    gdir = _grammar_dir()
    if _PKG not in sys.modules:
        spec = importlib.util.spec_from_file_location(_PKG, gdir / "__init__.py",
                                                      submodule_search_locations=[str(gdir)])
        pkg = importlib.util.module_from_spec(spec)
        sys.modules[_PKG] = pkg
        spec.loader.exec_module(pkg)
    mods = {}
    for path in sorted(gdir.glob("*.py")):
        if path.stem in ("__init__", "lib") or path.stem.startswith("_"):
            continue
        mod = importlib.import_module(f"{_PKG}.{path.stem}")
        mods[mod.NAME] = mod
    return mods


def _order(mods):
    done, order = set(), []

    def visit(name, stack=()):
        if name in done:
            return
        if name in stack:
            raise GrammarError(f"grammar dependency cycle: {' -> '.join(stack + (name,))}")
        if name not in mods:
            raise GrammarError(f"grammar {stack[-1]!r} requires unknown class {name!r}")
        for dep in mods[name].REQUIRES:
            visit(dep, stack + (name,))
        done.add(name)
        order.append(name)

    for name in sorted(mods):
        visit(name)
    return order


def locale_modules(loc):
    """The class modules a locale builds: ``classes:`` in its locale.yaml, else every class."""
    mods = grammar_modules()
    wanted = loc.lex("locale").get("classes")
    if wanted is None:
        return mods
    unknown = [c for c in wanted if c not in mods]
    if unknown:
        raise GrammarError(f"locale {loc.tag}: locale.yaml classes: unknown {', '.join(unknown)}")
    for name in wanted:
        missing = [d for d in mods[name].REQUIRES if d not in wanted]
        if missing:
            raise GrammarError(f"locale {loc.tag}: class {name} requires {', '.join(missing)}, "
                               "which locale.yaml classes: does not list")
    return {n: mods[n] for n in wanted}


def build_classes(loc, direction):
    """Run every class builder of the locale in dependency order for one direction -> {name: ClassGrammar}."""
    mods = locale_modules(loc)
    loc = loc.for_direction(direction)
    built = {}
    for name in _order(mods):
        mod = mods[name]
        try:
            built[name] = mod.build(loc, **{d: built[d] for d in mod.REQUIRES})
        except (KeyError, ValueError, pynini.FstOpError) as e:
            raise GrammarError(f"building {name} for {loc.tag}: {type(e).__name__}: {e}") from e
    return built


def class_fst(grammar, direction):
    """One direction of a class relation: TN = W∘S (written -> spoken), ITN = (W∘S)⁻¹."""
    rel = pynini.compose(grammar.written, grammar.spoken).optimize()
    if rel.start() == pynini.NO_STATE_ID:
        raise GrammarError(f"class {grammar.name}: written and spoken sides share no token")
    if direction == "itn":
        rel = pynini.invert(rel).optimize()
    return rel.arcsort("ilabel")


def class_stages(grammar, direction):
    """A staged class's two FSTs (see lib.ClassGrammar.staged): TN (W, S), ITN (S⁻¹, W⁻¹)."""
    late = grammar.spoken if direction == "tn" else pynini.invert(grammar.written)
    # The first stage joins the region (optimized there too).  The late stage is optimized
    # where the compile stores it, in the orientation it is read (compile_locale).
    first, late = _first_stage(grammar, direction), late.rmepsilon().connect()
    if late.start() == pynini.NO_STATE_ID:
        raise GrammarError(f"class {grammar.name}: empty written or spoken side")
    return first, late.arcsort("ilabel")


def _first_stage(grammar, direction):
    first = (grammar.written if direction == "tn" else pynini.invert(grammar.spoken)).optimize()
    if first.start() == pynini.NO_STATE_ID:
        raise GrammarError(f"class {grammar.name}: empty written or spoken side")
    return first.arcsort("ilabel")


def group_fsts(grammar, direction):
    """The region FSTs of a class's reading groups (lib.ClassGrammar.groups) in ``direction``;
    none where the region does not read the spoken side (TN of a staged class reads W)."""
    if not grammar.groups or (grammar.staged_in(direction) and direction == "tn"):
        return []
    parts = [dataclasses.replace(grammar, spoken=g, groups=()) for g in grammar.groups]
    return [_first_stage(p, direction) if grammar.staged_in(direction) else class_fst(p, direction) for p in parts]


def region_parts(built, mods, parts, direction, alphabet, common=None):
    """-> (entries [(class index, name, fst, gate label or None)] for segmenter.build, gates
    {key: {"words": [...], "bounded": bool, "min_words": int, "label": int}}).  A class
    gates.derive can gate as a whole is one gated entry (key: its name); one it cannot, but
    whose reading groups it can, is an entry per group (key "name/k").  An entry with no
    gate words is still gated by length where its readings span 2 words or more
    (gates.min_words), counted in words of its vocabulary where that is finite, and by its
    first word where the words its readings begin with are a finite set (gates.first_words).
    ``common``: the class whose words gate nothing (locale.yaml number_class)."""
    entries, found, extra = [], {}, 0
    # once per direction: each of the number class's anchors is a composition with a side of
    # it (~0.2 s in English ITN, which asking per class repeated 22 times)
    common_words = gates.common_words(built, common, direction)

    def entry(index, name, key, fst, ws, bounded, label):
        least = gates.min_words(fst)
        first = gates.first_words(fst, alphabet)
        if ws or least > 1 or first is not None:
            found[key] = {"words": ws, "bounded": bounded, "min_words": least, "label": label,
                          "vocabulary": gates.vocabulary(fst, alphabet) if least > 1 else None,
                          "first_words": first}
        entries.append((index, name, fst, label if key in found else None))

    for index, name, fst in parts:
        words, blocks = gates.candidate_words(built, mods, name, direction, common_words)
        derive = lambda f: gates.derive(f, alphabet, words, blocks, short_ok=direction == "tn")
        ws, bounded = derive(fst)
        groups = [] if ws else [(g, *derive(g)) for g in group_fsts(built[name], direction)]
        if not any(ws for _, ws, _ in groups):
            entry(index, name, name, fst, ws, bounded, gates.gate_label(index))
            continue
        for k, (g, ws, bounded) in enumerate(groups):
            entry(index, name, f"{name}/{k}", g, ws, bounded, gates.group_label(extra))
            extra += 1
    return entries, found


def check(loc):
    """The checks a compile makes before it builds anything (rule files against their
    schemas, locale.yaml classes, the meta options), for a locale with nothing cached yet:
    a bad rule file is an error when the Normalizer is made, not at its first call."""
    classes = list(locale_modules(loc))
    _label_context(loc)
    _tokenized_text(loc, classes)


def cached(loc):
    """Directions of ``loc`` that have a cache entry."""
    return [d for d in DIRECTIONS if cache_path(loc, d).with_suffix(".json").is_file()]


def cache_key(loc):
    """The content hash of the grammars, the runtime that shapes them and ``loc``'s rule
    files (computed once per Locale)."""
    if getattr(loc, "_cache_key", None) is None:
        loc._cache_key = _cache_key(loc)
    return loc._cache_key


def _cache_key(loc):
    h = hashlib.sha256()
    for path in sorted(_grammar_dir().glob("*.py")):
        h.update(path.name.encode() + path.read_bytes())
    for mod in (segmenter, gates, sys.modules[__name__]):
        h.update(Path(mod.__file__).read_bytes())
    # how rule files are read and checked: a cached grammar stands for files checked by
    # these (a Normalizer reads the files only to compile, Locale(lazy=True))
    for path in [Path(_locale.__file__), *sorted(_locale._SCHEMAS_DIR.glob("*.yaml"))]:
        h.update(path.name.encode() + path.read_bytes())
    h.update(loc.digest().encode())
    h.update(pynini.__version__.encode())
    return h.hexdigest()[:20]


def _word_pattern(elision):
    """How the pipeline finds words: segmenter.WORD, also cut after an elided article
    ("dell'uno" -> "dell'" "uno", fr "jusqu'à") where locale.yaml lists ``elision`` apostrophes."""
    if not elision:
        return segmenter.WORD
    return rf"[^\s{elision}]+[{elision}](?=\w)|{segmenter.WORD}"


def compile_locale(loc, directions=DIRECTIONS):
    """-> (fsts {FAR key: Fst}, meta) for ``directions`` (each is compiled and cached on its
    own: an ITN-only user never builds TN).  FAR keys: CARDINAL_TN, CARDINAL_ITN, ...,
    REGION_TN, REGION_ITN; a staged class adds <CLASS>_<DIR>_LATE, its second stage (kept
    reversed in the directions meta["late_reversed"] lists; see lib.ClassGrammar.late_reversed)."""
    if _REFUSED:
        raise GrammarError(f"locale {loc.tag}: no compiling in this process ({_REFUSED})")
    t0 = time.perf_counter()
    directions = [d for d in DIRECTIONS if d in directions]
    built = {d: build_classes(loc, d) for d in directions}
    mods = locale_modules(loc)
    lib = sys.modules[f"{_PKG}.lib"]
    alphabet = lib.alphabet(loc)
    edge = loc.lex("locale")["edge_punctuation"]
    names = list(built[directions[0]])
    fsts = {}
    staged = {d: [n for n in names if built[d][n].staged_in(d)] for d in directions}
    # one orientation per direction for every late stage (the runtime reads them alike)
    reversed_ = [d for d in directions if any(d in built[d][n].late_reversed for n in staged[d])]
    for d in directions:
        for name in names:
            key = f"{name.upper()}_{d.upper()}"
            if name in staged[d]:
                fsts[key], late = class_stages(built[d][name], d)
                # read at run time for each staged span, so optimized (determinized) in the
                # orientation it is read: English ITN money's W⁻¹ (a union over the currency
                # lexicon, read from its end) goes from 107k to 22k states, ~1 s of compile
                late = segmenter.reverse(late) if d in reversed_ else late
                fsts[key + "_LATE"] = late.optimize().arcsort("ilabel")
            else:
                fsts[key] = class_fst(built[d][name], d)
    elision = loc.lex("locale").get("elision")
    meta = {"locale": loc.tag, "directions": directions, "classes": names, "alphabet": alphabet,
            "edge_punctuation": edge, "word_pattern": _word_pattern(elision), "elision": elision or "",
            "clitics": loc.lex("locale").get("clitics", []),
            "possessive": loc.lex("locale").get("possessive", []),
            # each direction's triggers as its own build gives them
            "triggers": {n: {d: built[d][n].triggers[d] for d in directions if d in built[d][n].triggers}
                         for n in names},
            "weights": {}, "staged": staged,
            "late_reversed": reversed_,
            # ITN: a text that is one entity alone is written ("seven" -> "7"; pipeline._lone)
            "lone_written": bool(loc.itn("formats").get("lone_entity_written")),
            # ITN: a kept number word marked as a label is written in digits (normgram/labels.py)
            "label_context": _label_context(loc),
            # the ranker leaves "2008" / "2,008" to the grammar (pipeline._rank)
            "thousands_separator": loc.itn("formats").get("thousands_separator") or "",
            # ITN: classes the ranker reads as another ("XIV" as the cardinal 14; pipeline._rank)
            "ranked_as": dict(loc.itn("formats").get("ranked_as") or {}),
            # ITN: marks spaced in a text that spaces its own ("$ 60"; normgram/tokenized.py)
            "tokenized_text": _tokenized_text(loc, names),
            # ITN: a word in capitals between lower-case words is the text's own (candidates.py)
            "caps_kept_letters": loc.itn("formats").get("caps_kept_letters") or 0}
    meta["gates"] = {}
    common = loc.lex("locale").get("number_class")
    if common is not None and common not in names:
        raise GrammarError(f"locale {loc.tag}: locale.yaml number_class: unknown class {common}")
    nums = loc.lex("numbers")  # the scale words: copied at passthrough_scale (segmenter.build)
    scale_words = [w for v in [nums.get("hundred", []), *nums.get("scales", {}).values()] for w in lib.words(v)]
    for d in directions:
        weights = loc.for_direction(d).weights
        meta["weights"][d] = weights
        parts = [(i, n, fsts[f"{n.upper()}_{d.upper()}"]) for i, n in enumerate(names)]
        live = [p for p in parts if p[1] not in weights.get("disabled", ())]
        entries, meta["gates"][d] = region_parts(built[d], mods, live, d, alphabet, common)
        fsts[f"REGION_{d.upper()}"] = segmenter.build(entries, weights, alphabet, edge, scale_words,
                                                      loc.lex("locale").get("possessive", ()))
    meta["far_keys"] = sorted(fsts)
    meta["compile_seconds"] = round(time.perf_counter() - t0, 3)
    return fsts, meta


def _tokenized_text(loc, classes):
    """itn formats.yaml ``tokenized_text`` (normgram/tokenized.py), its ``spaced`` and ``ranges`` classes checked."""
    spec = loc.itn("formats").get("tokenized_text")
    rng = (spec or {}).get("ranges") or {}
    named = set((spec or {}).get("spaced") or ()) | set(rng.get("over", ())) | ({rng["class"]} if "class" in rng else set())
    unknown = sorted(named - set(classes))
    if unknown:
        raise GrammarError(f"locale {loc.tag}: itn formats.yaml tokenized_text: unknown class {unknown[0]}")
    return spec


def _label_context(loc):
    """itn formats.yaml ``label_context`` with the calendar names it asks for by date lexicon
    list (``ordinal_before_name.not_before_from``, ``lower_case_names_from``: locales
    dates.yaml ``months``, ``weekdays``) added to the words of the key without ``_from``: a
    name as ITN writes it (the first written form, "May", "Sunday")."""
    spec = loc.itn("formats").get("label_context")
    if not spec:
        return spec
    spec = dict(spec)
    if "lower_case_names_from" in spec:
        spec = _with_names(loc, spec, "lower_case_names")
    if "not_before_from" in (spec.get("ordinal_before_name") or {}):
        spec["ordinal_before_name"] = _with_names(loc, spec["ordinal_before_name"], "not_before")
    return spec


def _with_names(loc, spec, key):
    """``spec`` with the names of the dates.yaml lists ``spec[key + "_from"]`` added to ``spec[key]``."""
    dates, names = loc.lex("dates"), []
    for lst in spec[key + "_from"]:
        if lst not in ("months", "weekdays"):
            raise GrammarError(f"locale {loc.tag}: itn formats.yaml label_context: {key}_from: "
                               f"{lst!r} is no dates.yaml list (months, weekdays)")
        names += [e["written"][0] for e in dates[lst].values()]
    out = {k: v for k, v in spec.items() if k != key + "_from"}
    out[key] = list(out.get(key, ())) + names
    return out


def _const(key):
    """FAR keys kept as ConstFsts: the region FSTs, which every start reads (a ConstFst reads
    ~10x faster than a VectorFst; the pipeline composes with it, segmenter.best_paths)."""
    return key.startswith("REGION_")


def num_states(fst):
    """States of an FST from the cache (a ConstFst's wrapper has no num_states)."""
    return fst.num_states() if hasattr(fst, "num_states") else sum(1 for _ in fst.states())


def write_far(fsts, path):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".far.tmp")
    os.close(fd)
    try:
        far = pywrapfst.FarWriter.create(tmp, arc_type="standard", far_type="default")
        for key in sorted(fsts):
            far.add(key, pywrapfst.convert(fsts[key], "const") if _const(key) else fsts[key])
        del far  # closes the archive
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def read_far(path):
    out = {}
    with pynini.Far(str(path), mode="r") as far:
        for key, fst in far:
            out[key] = fst
    return out


class LazyFar(Mapping):
    """The FSTs of a FAR file, each read on first use: a process that only runs ITN never
    reads TN's region FST or the single-class FSTs (cold start)."""

    def __init__(self, path, keys):
        self.path, self._keys, self._read = str(path), list(keys), {}

    def __getitem__(self, key):
        if key not in self._read:
            if key not in self._keys:
                raise KeyError(key)
            try:
                if _const(key):  # as stored (pynini.Far would copy it into a VectorFst)
                    far = pywrapfst.FarReader.open(self.path)
                    if not far.find(key):
                        raise pynini.FstIOError(key)
                    self._read[key] = far.get_fst()
                else:
                    with pynini.Far(self.path, mode="r") as far:
                        if not far.find(key):
                            raise pynini.FstIOError(key)
                        self._read[key] = far.get_fst()
            except (OSError, pynini.FstIOError):
                raise GrammarError(f"{self.path}: cannot read {key} from the grammar cache; "
                                   "rebuild it with: normgram compile-grammars --force") from None
        return self._read[key]

    def __iter__(self):
        return iter(self._keys)

    def __len__(self):
        return len(self._keys)


def _write_json(obj, path):
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".json.tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(obj, fh, ensure_ascii=False)
    os.replace(tmp, path)


def cache_path(loc, direction):
    """Cache entry (without suffix) for one direction of ``loc``: <cache>/<tag>-<content hash>-<direction>."""
    return cache_dir() / f"{loc.tag}-{cache_key(loc)}-{direction}"


def store(loc, fsts, meta, direction):
    base = cache_path(loc, direction)
    write_far(fsts, base.with_suffix(".far"))
    meta["far_bytes"] = base.with_suffix(".far").stat().st_size
    _write_json(meta, base.with_suffix(".json"))


def load(loc, direction, cache=True):
    """FSTs and metadata of one direction of ``loc``: from the cache when its key matches,
    else compiled (that direction only) and cached."""
    base = cache_path(loc, direction)
    far_path, meta_path = base.with_suffix(".far"), base.with_suffix(".json")
    region = f"REGION_{direction.upper()}"
    if cache and far_path.is_file() and meta_path.is_file():
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
            # the archive as it was written (its size; finding a key in a FAR reads that FST,
            # so checking keys here would read the region FST at every start)
            if meta.get("far_bytes") != far_path.stat().st_size or region not in meta["far_keys"]:
                raise ValueError("incomplete FAR")
            return LazyFar(far_path, meta["far_keys"]), meta
        except (OSError, ValueError, KeyError, pynini.FstIOError):
            pass  # a damaged cache entry is rebuilt below
    fsts, meta = compile_locale(loc, (direction,))
    meta["key"] = base.name
    if cache:
        try:
            store(loc, fsts, meta, direction)
        except OSError:
            return fsts, meta  # read-only home: run from the compiled FSTs without caching
        # run from the archive just written, as every later process does: the FSTs fresh
        # from compilation read regions ~4x slower and hold ~300 MB more
        return LazyFar(far_path, meta["far_keys"]), meta
    return fsts, meta


def merged_meta(metas):
    """One meta of several directions' (compile-grammars, Normalizer.meta): per-direction
    entries (gates, weights, staged, triggers, late_reversed, FAR keys) joined, the rest shared."""
    out = {}
    for meta in metas:
        for k, v in meta.items():
            if k in ("gates", "weights", "staged"):
                out.setdefault(k, {}).update(v)
            elif k == "triggers":
                for n, t in v.items():
                    out.setdefault(k, {}).setdefault(n, {}).update(t)
            elif k in ("late_reversed", "far_keys", "directions"):
                out[k] = sorted(set(out.get(k, ())) | set(v))
            elif k == "compile_seconds":
                out[k] = round(out.get(k, 0) + v, 3)
            else:
                out.setdefault(k, v)
    return out
