"""The bounded memo: a dict that forgets everything when it holds ``size`` items.

Corpora repeat ("2010", "$5", "the"), so the pipeline, the ranker, the gates and the
tagger remember what they computed; clearing when full keeps memory bounded on endless
input at the cost of recomputing, and reads stay plain dict reads (``memo.get(key)``).
"""


class Memo(dict):
    __slots__ = ("size",)

    def __init__(self, size):
        super().__init__()
        self.size = size

    def put(self, key, value):
        """Remember ``value`` for ``key`` (forgetting everything first when full); -> value."""
        if len(self) >= self.size:
            self.clear()
        self[key] = value
        return value
