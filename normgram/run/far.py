"""Reading a compiled direction from the cache: its FAR (each FST on first use) and its spec.

The run time reads what the build wrote (normgram/build/cache.py) and never builds: an
entry that is missing, incomplete or of another spec format reads as None, and the
caller (the Normalizer, through the build's cache) compiles it anew.
"""
import hashlib
import json

import pynini
import pywrapfst

from collections.abc import Mapping

from ..errors import GrammarError
from .spec import Spec, SpecFormatError


def is_const(key):
    """FAR keys kept as ConstFsts: the region FSTs, which every start reads (a ConstFst reads
    ~10x faster than a VectorFst; the pipeline composes with it, regions.best_paths)."""
    return key.startswith("REGION_")


def num_states(fst):
    """States of an FST from the cache (a ConstFst's wrapper has no num_states)."""
    return fst.num_states() if hasattr(fst, "num_states") else sum(1 for _ in fst.states())


def read_far(path):
    """Every FST of a FAR file, read now."""
    out = {}
    with pynini.Far(str(path), mode="r") as far:
        for key, fst in far:
            out[key] = fst
    return out


def far_checksum(path):
    """The sha256 of a FAR file (hex)."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def check_entry(far_path, spec_path, direction):
    """-> (Spec, None) of a sound cache entry, (None, None) of a missing one, (None, why) of
    a damaged one or one of another spec format.  A FAR whose size and mtime are those
    recorded when its checksum was taken is not hashed again (a warm start stays fast); any
    other is hashed before a byte of it reaches OpenFst (damaged bytes would crash it)."""
    if not (far_path.is_file() and spec_path.is_file()):
        return None, None
    try:
        spec = Spec.from_json(json.loads(spec_path.read_text(encoding="utf-8")))
        stat = far_path.stat()
        if spec.far_bytes != stat.st_size:
            return None, f"FAR of {stat.st_size} bytes, {spec.far_bytes} recorded (truncated or overwritten)"
        if f"REGION_{direction.upper()}" not in spec.far_keys:
            return None, f"no REGION_{direction.upper()} in its spec"
        if not spec.far_sha256:
            return None, "no checksum recorded"
        if stat.st_mtime_ns != spec.far_mtime_ns and far_checksum(far_path) != spec.far_sha256:
            return None, "FAR checksum mismatch (damaged)"
    except (OSError, ValueError) as e:
        return None, f"unreadable spec ({type(e).__name__}: {e})"
    except SpecFormatError as e:
        return None, str(e)
    return spec, None


def read_entry(far_path, spec_path, direction):
    """(LazyFar, Spec) of a cache entry, or None when it is missing, damaged, incomplete
    or of another spec format (then it is rebuilt, not misread; check_entry says why)."""
    spec, _ = check_entry(far_path, spec_path, direction)
    return None if spec is None else (LazyFar(far_path, spec.far_keys), spec)


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
                if is_const(key):  # as stored (pynini.Far would copy it into a VectorFst)
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
