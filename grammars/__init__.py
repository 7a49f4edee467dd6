"""Pynini grammar builders: lib.py plus one module per semiotic class.

Each class module defines ``build(loc, **subgrammars) -> ClassGrammar``.  Builders
are pure functions of a Locale; nothing is compiled at import time.
"""
