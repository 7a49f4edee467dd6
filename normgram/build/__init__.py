"""Build time: rule files and grammars -> class FSTs, region FST, gate proofs and the typed
spec, stored in the content-hashed FAR cache.  The run time never imports this package."""
from .cache import DIRECTIONS, cache_key, cache_path, cached, compile_grammars, load, store, write_far
from .compile import check, refuse_compile

__all__ = ["DIRECTIONS", "cache_key", "cache_path", "cached", "check", "refuse_compile", "compile_grammars", "load", "store", "write_far"]
