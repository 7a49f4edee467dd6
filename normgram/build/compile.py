"""Build every class grammar of a locale, one direction at a time: the class FSTs, the
region FST and the typed spec (run/spec.py) the run time reads beside them.
build/cache.py stores the result behind a content-hashed key.
"""
import dataclasses
import importlib.util
import sys
import time

import pynini

from ..errors import GrammarError
from ..rules.resources import data_root
from ..run import gates as run_gates
from ..run.spec import Gate, Spec, Text
from ..run.words import WORD
from . import gate_proofs as gates
from . import regions
from .progress import CompileProgress
from .settings import settings
_PKG = "_normgram_grammars"
_REFUSED = None  # why this process must not compile (refuse_compile)


def refuse_compile(reason):
    """From now on this process only loads grammars: a compile raises GrammarError naming
    ``reason`` (Spark executors run on the FAR the driver built and shipped)."""
    global _REFUSED
    _REFUSED = reason


def grammar_modules():
    """Import grammars/*.py as one private package; return {class name: module}."""
    gdir = data_root() / "grammars"
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


def build_classes(loc, direction, progress=None):
    """Run every class builder of the locale in dependency order for one direction -> {name: ClassGrammar}
    (``progress.step`` is told each class as it starts)."""
    mods = locale_modules(loc)
    loc = loc.for_direction(direction)
    built = {}
    for name in _order(mods):
        mod = mods[name]
        if progress is not None:
            progress.step(name)
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
    # where the compile stores it, in the orientation it is read (compile_direction).
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
    """-> (entries [(class index, name, fst, gate label or None)] for regions.build, gates
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
            entry(index, name, name, fst, ws, bounded, run_gates.gate_label(index))
            continue
        for k, (g, ws, bounded) in enumerate(groups):
            entry(index, name, f"{name}/{k}", g, ws, bounded, run_gates.group_label(extra))
            extra += 1
    return entries, found


def check(loc):
    """The checks a compile makes before it builds anything (rule files against their
    schemas, locale.yaml classes, the run-time settings), for a locale with nothing cached
    yet: a bad rule file is an error when the Normalizer is made, not at its first call."""
    settings(loc, list(locale_modules(loc)))


def _word_pattern(elision):
    """How the pipeline finds words: WORD, also cut after an elided article
    ("dell'uno" -> "dell'" "uno", fr "jusqu'à") where locale.yaml lists ``elision`` apostrophes."""
    if not elision:
        return WORD
    return rf"[^\s{elision}]+[{elision}](?=\w)|{WORD}"


def compile_direction(loc, direction):
    """-> (fsts {FAR key: Fst}, Spec) of one direction (each is compiled and cached on its
    own: an ITN-only user never builds TN).  FAR keys: CARDINAL_ITN, ..., REGION_ITN; a
    class with tagged-only arms adds <CLASS>_<DIR>_TAGGED (_add_tagged); a
    staged class adds <CLASS>_<DIR>_LATE, its second stage (kept reversed where the spec's
    ``late_reversed`` says; see lib.ClassGrammar.late_reversed)."""
    if _REFUSED:
        raise GrammarError(f"locale {loc.tag}: no compiling in this process ({_REFUSED})")
    t0 = time.perf_counter()
    progress = CompileProgress(loc.tag, direction)
    built = build_classes(loc, direction, progress)
    names = list(built)
    lib = sys.modules[f"{_PKG}.lib"]
    text = _text(loc, lib.alphabet(loc), loc.for_direction(direction).weights)
    progress.step("optimizing the class FSTs")
    fsts, staged, late_reversed = _class_fsts(built, direction)
    progress.step("building the region FST")
    fsts[f"REGION_{direction.upper()}"], found = _region(loc, lib, built, fsts, direction, text)
    _add_tagged(lib, built, fsts, direction)
    progress.close()
    spec = Spec(locale=loc.tag, direction=direction, classes=tuple(names), text=text,
                triggers={n: built[n].triggers[direction] for n in names if direction in built[n].triggers},
                gates={k: Gate(**g) for k, g in found.items()}, staged=tuple(staged), late_reversed=late_reversed,
                settings=settings(loc, names, direction), weights=loc.for_direction(direction).weights,
                far_keys=tuple(sorted(fsts)), compile_seconds=round(time.perf_counter() - t0, 3))
    return fsts, spec


def _text(loc, alphabet, weights):
    """The spec's Text: how the locale's text is cut into words (locale.yaml)."""
    lex = loc.lex("locale")
    elision = lex.get("elision")
    return Text(alphabet=alphabet, edge_punctuation=lex["edge_punctuation"], word_pattern=_word_pattern(elision),
                elision=elision or "", clitics=tuple(lex.get("clitics", ())), possessive=tuple(lex.get("possessive", ())),
                hyphen_suffix="hyphen_suffix" in weights, possessive_suffix="possessive_suffix" in weights)


def _class_fsts(built, d):
    """-> ({FAR key: FST} of every class, the staged classes, whether their second stages
    are kept reversed): one orientation per direction for every late stage (the runtime
    reads them alike)."""
    fsts = {}
    staged = [n for n in built if built[n].staged_in(d)]
    reversed_ = any(d in built[n].late_reversed for n in staged)
    for name, grammar in built.items():
        key = f"{name.upper()}_{d.upper()}"
        if name in staged:
            fsts[key], late = class_stages(grammar, d)
            # read at run time for each staged span, so optimized (determinized) in the
            # orientation it is read: English ITN money's W⁻¹ (a union over the currency
            # lexicon, read from its end) goes from 107k to 22k states, ~1 s of compile
            late = regions.reverse(late) if reversed_ else late
            fsts[key + "_LATE"] = late.optimize().arcsort("ilabel")
        else:
            fsts[key] = class_fst(grammar, d)
    return fsts, staged, reversed_


def _add_tagged(lib, built, fsts, d):
    """A class with tagged-only arms (lib.ClassGrammar.tagged) gets a second FST, <CLASS>_<DIR>_TAGGED:
    its own FST with those arms, read where the class is asserted (Normalizer.class_outputs).
    The region FST and the running-text reader keep the FST without them."""
    for name, grammar in built.items():
        if not grammar.tagged:
            continue
        if grammar.staged_in(d):
            raise GrammarError(f"class {name}: tagged-only arms on a staged class")
        key = f"{name.upper()}_{d.upper()}"
        extra = [class_fst(lib.ClassGrammar(name, w, s), d) for w, s in grammar.tagged]
        fsts[key + "_TAGGED"] = lib.union(fsts[key].copy(), *extra).optimize().arcsort("ilabel")


def _region(loc, lib, built, fsts, d, text):
    """-> (the region FST of direction ``d``, its gates {key: gate fields})."""
    names = list(built)
    common = loc.lex("locale").get("number_class")
    if common is not None and common not in names:
        raise GrammarError(f"locale {loc.tag}: locale.yaml number_class: unknown class {common}")
    nums = loc.lex("numbers")  # the scale words: copied at passthrough_scale (regions.build)
    scale_words = [w for v in [nums.get("hundred", []), *nums.get("scales", {}).values()] for w in lib.words(v)]
    weights = loc.for_direction(d).weights
    parts = [(i, n, fsts[f"{n.upper()}_{d.upper()}"]) for i, n in enumerate(names)]
    live = [p for p in parts if p[1] not in weights.get("disabled", ())]
    entries, found = region_parts(built, locale_modules(loc), live, d, text.alphabet, common)
    # signs a class reads out (parts["unsaid"]): a word holding one costs passthrough_symbols kept
    unsaid = "".join(dict.fromkeys("".join(built[n].parts.get("unsaid", "") for n in names)))
    region = regions.build(entries, weights, text.alphabet, text.edge_punctuation, scale_words, text.possessive, unsaid,
                           text.elision)
    return region, found
