"""Forked worker pools (common/workers.py): a finished run lets its workers leave on their
own (terminating them can leave the parent waiting for ever); an error stops them at once;
`tag --jobs` loads the grammars once, before the fork."""
import pytest

from normgram.common import workers
from normgram.tagdata import tagging


class _Pool:
    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return lambda *a, **k: self.calls.append(name)


@pytest.fixture
def fake_pool(monkeypatch):
    made = []

    class Context:
        def Pool(self, jobs, initializer=None):
            made.append(_Pool())
            return made[-1]

    monkeypatch.setattr(workers.multiprocessing, "get_context", lambda method: Context())
    return made


def test_finished_run_closes_and_joins(fake_pool):
    with workers.forked_pool(2):
        pass
    assert fake_pool[0].calls == ["close", "join"]


@pytest.mark.parametrize("error", [RuntimeError, KeyboardInterrupt, GeneratorExit])
def test_error_terminates(fake_pool, error):
    with pytest.raises(error):
        with workers.forked_pool(2):
            raise error()
    assert fake_pool[0].calls == ["terminate", "join"]


class _Norm:
    def __init__(self):
        self.loaded = []

    def pipeline(self, direction):
        self.loaded.append(direction)


@pytest.mark.parametrize("check,loaded", [(True, ["tn", "itn"]), (False, ["tn"])])
def test_tag_loads_before_fork(monkeypatch, check, loaded):
    norm = _Norm()
    seen = []

    class Tagger:
        def __init__(self):
            self.norm, self.check = norm, check

        def record(self, text, lineno):
            return {"line": lineno}

    class Pool:
        def map(self, fn, batch, chunksize=1):
            seen.append(list(norm.loaded))  # what was loaded when the workers got work
            return [fn(x) for x in batch]

    monkeypatch.setattr(tagging, "forked_pool", lambda jobs, initializer=None: _Ctx(Pool()))
    monkeypatch.setattr(tagging, "can_fork", lambda: True)
    out = list(tagging.tag_lines(Tagger(), ["a", "b"], jobs=2))
    assert [r["line"] for r in out] == [1, 2]
    assert seen == [loaded]


class _Ctx:
    def __init__(self, pool):
        self.pool = pool

    def __enter__(self):
        return self.pool

    def __exit__(self, *exc):
        return False
