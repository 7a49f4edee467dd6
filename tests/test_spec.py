"""The compiled spec (normgram/run/spec.py): stored with its format, read back typed; an
entry of another format, or a damaged one, reads as missing (the cache rebuilds it)."""
import hashlib
import json

import pytest

from normgram.run import far
from normgram.run.spec import FORMAT, Gate, Settings, Spec, SpecFormatError, Text, merged

SPEC = Spec(locale="xx", direction="itn", classes=("cardinal", "money"),
            text=Text(alphabet="abc $0123456789", edge_punctuation=",.", word_pattern=r"\S+", clitics=("'s",),
                      hyphen_suffix=True),
            triggers={"cardinal": {"anchors": ["one"]}, "money": {"anchors": ["dollars"], "cased": ["Bucks"]}},
            gates={"money": Gate(label=0xE301, words=("dollars",), bounded=True, min_words=2, vocabulary=("one", "dollars"))},
            staged=("money",), late_reversed=True,
            settings=Settings(lone_written=True, label_context={"after_name": True}, ranked_as={"roman": "cardinal"}),
            weights={"span": 1.0}, far_keys=("CARDINAL_ITN", "MONEY_ITN", "MONEY_ITN_LATE", "REGION_ITN"),
            compile_seconds=1.5, far_bytes=10, far_sha256=hashlib.sha256(b"x" * 10).hexdigest(), key="xx-k-itn")


def test_round_trip_through_json():
    doc = json.loads(json.dumps(SPEC.to_json()))
    assert doc["format"] == FORMAT
    assert Spec.from_json(doc) == SPEC


@pytest.mark.parametrize("doc", [{**SPEC.to_json(), "format": FORMAT + 1}, {**SPEC.to_json(), "format": None},
                                 {k: v for k, v in SPEC.to_json().items() if k != "format"}, [], None],
                         ids=["newer", "null", "no format", "a list", "none"])
def test_another_format_is_refused(doc):
    with pytest.raises(SpecFormatError):
        Spec.from_json(doc)


@pytest.mark.parametrize("edit", ["drop classes", "unknown text field", "gate without label"])
def test_a_damaged_spec_is_refused(edit):
    doc = json.loads(json.dumps(SPEC.to_json()))
    if edit == "drop classes":
        del doc["classes"]
    elif edit == "unknown text field":
        doc["text"]["colour"] = "blue"
    else:
        del doc["gates"]["money"]["label"]
    with pytest.raises(SpecFormatError):
        Spec.from_json(doc)


@pytest.mark.parametrize("case", ["current", "other format", "damaged", "far size differs", "far bytes differ",
                                  "no checksum", "no far"])
def test_cache_entry_of_another_format_reads_as_missing(tmp_path, case):
    far_path, spec_path = tmp_path / "e.far", tmp_path / "e.json"
    if case != "no far":
        far_path.write_bytes((b"y" if case == "far bytes differ" else b"x") * SPEC.far_bytes)
    doc = SPEC.to_json()
    if case == "other format":
        doc["format"] = FORMAT + 1
    elif case == "far size differs":
        doc["far_bytes"] = SPEC.far_bytes + 1
    elif case == "no checksum":
        doc["far_sha256"] = ""
    spec_path.write_text("{" if case == "damaged" else json.dumps(doc), encoding="utf-8")
    entry = far.read_entry(far_path, spec_path, "itn")
    if case == "current":
        assert entry is not None and entry[1] == SPEC and sorted(entry[0]) == sorted(SPEC.far_keys)
    else:
        assert entry is None


def test_merged_gives_both_directions_as_one_dict():
    tn = Spec(locale="xx", direction="tn", classes=SPEC.classes, text=SPEC.text, triggers={"money": {"anchors": ["$"]}},
              gates={}, weights={"span": 2.0}, far_keys=("REGION_TN",), compile_seconds=1.0)
    both = merged([tn, SPEC])
    assert both["directions"] == ["itn", "tn"] and both["late_reversed"] == ["itn"]
    assert both["weights"] == {"tn": {"span": 2.0}, "itn": {"span": 1.0}}
    assert both["triggers"]["money"] == {"tn": {"anchors": ["$"]}, "itn": {"anchors": ["dollars"], "cased": ["Bucks"]}}
    assert both["gates"]["itn"]["money"]["label"] == 0xE301 and both["far_keys"][-1] == "REGION_TN"
    assert both["compile_seconds"] == 2.5 and both["classes"] == ["cardinal", "money"]


def test_normalizer_meta_keeps_its_flat_layout(en):
    meta = en.meta
    flat = {"locale", "directions", "classes", "alphabet", "edge_punctuation", "word_pattern", "elision", "clitics",
            "possessive", "triggers", "weights", "staged", "late_reversed", "lone_written", "label_context",
            "thousands_separator", "ranked_as", "tokenized_text", "caps_kept_letters", "gates", "far_keys"}
    assert flat <= set(meta), flat - set(meta)
    assert meta["directions"] == ["itn", "tn"] and set(meta["gates"]) == {"itn", "tn"}
    assert meta["classes"] == en.classes and meta["edge_punctuation"] == en.spec("itn").text.edge_punctuation
