"""The one protocol of the written-style rules, and what they are built from."""
from dataclasses import dataclass
from typing import Callable, Protocol


class StyleRule(Protocol):
    def choose(self, src, hyps, best, left, right, words):
        """A region's chosen reading ``best`` (of region string ``src``; ``hyps``: all its
        readings, ranked) between the context words ``left`` and ``right``, ``words``: the
        region's words as written -> (the reading to write, whether the context words were
        asked: another context may choose otherwise)."""


@dataclass(frozen=True)
class Env:
    """What a style rule is built from besides the spec."""
    spec: object  # run/spec.py Spec of the direction
    window: int  # context words seen on each side of a region
    read: Callable  # (class index, text, n=1) -> that class's n best outputs for text alone
    forms: Callable | None = None  # (class index, text, n) -> its n best distinct whole outputs (staged: both stages)
