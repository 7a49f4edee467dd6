"""Data-driven class cases from tests/cases/<locale>/<class>.yaml, one test id per case.

Each case is checked against the class FST (from the FAR on disk) and again through
the sentence pipeline; sentences only through the pipeline.  A case with ``known_failure``
(its reason) is a strict xfail: when a fix makes it pass, the field must go.
"""
from pathlib import Path

import pytest
import yaml

from conftest import normalizer as norm

CASES = Path(__file__).parent / "cases"


def _load():
    out = []
    for path in sorted(CASES.glob("*/*.yaml")):
        locale, cls = path.parent.name, path.stem
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for kind in ("cases", "sentences"):
            for i, case in enumerate(data.get(kind) or []):
                dirs = case.get("direction", "both")
                for d in ("tn", "itn"):
                    if dirs in (d, "both"):
                        src = case.get("written") if d == "tn" else case.get("spoken")
                        label = f"{locale}-{cls}-{kind[:-1]}{i}-{d}-{src}"
                        marks = [pytest.mark.xfail(strict=True, reason=case["known_failure"])] \
                            if case.get("known_failure") else []
                        out.append(pytest.param(locale, cls, kind, d, case, id=label, marks=marks))
    return out


ALL = _load()


def _expected(case, direction):
    want = case.get("spoken") if direction == "tn" else case.get("written")
    return want if isinstance(want, list) else [want]


@pytest.mark.parametrize("locale,cls,kind,direction,case", [p for p in ALL if p.values[2] == "cases"])
def test_class_fst(locale, cls, kind, direction, case):
    src = case["written"] if direction == "tn" else case["spoken"]
    outs = norm(locale).apply_class(cls, direction, src)
    if case.get("reject"):
        assert not outs or outs[0] == src, f"{cls} must not convert {src!r}, gave {outs[0]!r}"
    else:
        assert outs, f"{cls} {direction} does not read {src!r}"
        assert outs[0] in _expected(case, direction)


@pytest.mark.parametrize("locale,cls,kind,direction,case", [p for p in ALL if not p.values[4].get("class_only")])
def test_pipeline(locale, cls, kind, direction, case):
    src = case["written"] if direction == "tn" else case["spoken"]
    n = norm(locale)
    out = n.tn(src) if direction == "tn" else n.itn(src)
    if case.get("reject"):
        assert out == src
    else:
        assert _untied(out, src) in _expected(case, direction)


def _untied(out, src):
    """TN writes the words of an entity the input ties with no-break spaces ("80<NBSP>000",
    "25<NBSP>%") tied the same way (run/gaps.py; tests/test_whitespace.py checks it); a class
    case names the words, so such gaps compare as one space."""
    return " ".join(out.split()) if _TIES.intersection(src) else out


_TIES = set("\u00a0\u2007\u202f")
