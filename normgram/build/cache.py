"""The FAR cache: one entry per locale and direction, keyed by a content hash.

The key hashes the grammar code, the build code that shapes the FAR, the loader and
schemas that check the rule files, the rule files themselves (shipped and overlay), the
spec format and the Pynini version, so editing a rule file takes effect on the next run
with no flag.  An entry is <cache>/<tag>-<key>-<direction>.far beside its spec (.json),
in ``$NORMGRAM_CACHE`` or ``~/.cache/normgram``; the spec records the FAR's size and
sha256, checked on load (run/far.check_entry): a damaged entry is reported in one line and
rebuilt.  Files are created with an ordinary file's permissions (0644 under the usual
umask), so a cache built for a team is readable by all of it.
"""
import hashlib
import json
import sys
import time
from pathlib import Path

import pynini
import pywrapfst

from ..common.atomic import atomic_open, atomic_path
from ..rules import locale as _locale
from ..rules.resources import cache_dir, data_root
from ..run import gates, regions, spec, words
from ..run.far import LazyFar, check_entry, far_checksum, is_const, num_states
from ..run.spec import DIRECTIONS, FORMAT, merged
from .compile import compile_direction


def cached(loc):
    """Directions of ``loc`` that have a cache entry."""
    return [d for d in DIRECTIONS if cache_path(loc, d).with_suffix(".json").is_file()]


def cache_key(loc):
    """The content hash of the grammars, the build that shapes them and ``loc``'s rule
    files (computed once per Locale)."""
    if getattr(loc, "_cache_key", None) is None:
        loc._cache_key = _cache_key(loc)
    return loc._cache_key


def _cache_key(loc):
    h = hashlib.sha256()
    for path in sorted((data_root() / "grammars").glob("*.py")):
        h.update(path.name.encode() + path.read_bytes())
    # the build, and the run-time modules that fix the FAR's layout (markers, gate symbols, spec)
    for path in [*sorted(Path(__file__).parent.glob("*.py")), *(Path(m.__file__) for m in (regions, gates, spec, words))]:
        h.update(path.name.encode() + path.read_bytes())
    # how rule files are read and checked: a cached grammar stands for files checked by
    # these (a Normalizer reads the files only to compile, Locale(lazy=True))
    run_time_only = {name for _, name in _locale.RUN_TIME_ONLY}
    for path in [Path(_locale.__file__), *sorted(p for p in _locale._SCHEMAS_DIR.glob("*.yaml")
                                                 if p.name not in run_time_only)]:
        h.update(path.name.encode() + path.read_bytes())
    h.update(f"spec {FORMAT}".encode())
    h.update(loc.digest().encode())
    h.update(pynini.__version__.encode())
    return h.hexdigest()[:20]


def cache_path(loc, direction):
    """Cache entry (without suffix) for one direction of ``loc``: <cache>/<tag>-<content hash>-<direction>."""
    return cache_dir() / f"{loc.tag}-{cache_key(loc)}-{direction}"


def write_far(fsts, path):
    """The FSTs as one FAR file, written atomically (region FSTs as ConstFsts)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(path, suffix=".far.tmp") as tmp:
        far = pywrapfst.FarWriter.create(tmp, arc_type="standard", far_type="default")
        for key in sorted(fsts):
            far.add(key, pywrapfst.convert(fsts[key], "const") if is_const(key) else fsts[key])
        del far  # closes the archive


def store(loc, fsts, spec):
    """Write one direction's entry; -> the spec with its record (FAR size, checksum and the
    mtime it was taken at, key) set."""
    base = cache_path(loc, spec.direction)
    far_path = base.with_suffix(".far")
    write_far(fsts, far_path)
    stat = far_path.stat()
    spec = spec.with_record(far_bytes=stat.st_size, far_sha256=far_checksum(far_path),
                            far_mtime_ns=stat.st_mtime_ns, key=base.name)
    with atomic_open(base.with_suffix(".json")) as fh:
        json.dump(spec.to_json(), fh, ensure_ascii=False)
    return spec


def load(loc, direction, cache=True):
    """(FSTs, Spec) of one direction of ``loc``: from the cache when its key matches and its
    spec is of this format, else compiled (that direction only) and cached."""
    base = cache_path(loc, direction)
    far_path = base.with_suffix(".far")
    if cache:
        found, bad = check_entry(far_path, base.with_suffix(".json"), direction)
        if found is not None:
            return LazyFar(far_path, found.far_keys), found
        if bad:
            _say(f"grammar cache entry {far_path.name}: {bad}; rebuilding it")
    fsts, spec = compile_direction(loc, direction)
    spec = spec.with_record(key=base.name)
    if cache:
        try:
            spec = store(loc, fsts, spec)
        except OSError as e:  # run from the compiled FSTs without caching
            if far_path.parent not in _UNWRITABLE:
                _UNWRITABLE.add(far_path.parent)
                _say(f"cannot write the grammar cache {far_path.parent} ({e.strerror or e}), so every run "
                     "compiles anew; set NORMGRAM_CACHE to a writable folder")
            return fsts, spec
        # run from the archive just written, as every later process does: the FSTs fresh
        # from compilation read regions ~4x slower and hold ~300 MB more
        return LazyFar(far_path, spec.far_keys), spec
    return fsts, spec


_UNWRITABLE = set()  # cache folders already reported unwritable in this process


def _say(msg):
    """One line on stderr."""
    print(f"normgram: {msg}", file=sys.stderr, flush=True)


def compile_grammars(loc, force=False, output=None):
    """Build (or find cached) both directions of ``loc``; ``force``: rebuild and store anew;
    ``output``: also write all FSTs to that one FAR file.  -> a one-line summary."""
    t0 = time.perf_counter()
    fsts, specs, paths = {}, [], []
    for d in DIRECTIONS:  # each direction is its own cache entry
        f, spec = load(loc, d, cache=not force)
        if force:
            spec = store(loc, f, spec)
        fsts.update(f)
        specs.append(spec)
        paths.append(str(cache_path(loc, d).with_suffix(".far")))
    secs = time.perf_counter() - t0
    if output:
        write_far(fsts, output)
        paths = [str(output)]
    classes = merged(specs)["classes"]
    states = sum(num_states(f) for f in fsts.values())
    return (f"{loc.tag}: {len(classes)} classes ({', '.join(classes)}), "
            f"{len(fsts)} FSTs, {states} states -> {', '.join(paths)} in {secs:.2f} s")
