"""Optional stages after ITN: punctuation restoration and truecasing (see denormalize.py)."""
from .denormalize import Denormalizer, OffsetMap

__all__ = ["Denormalizer", "OffsetMap"]
