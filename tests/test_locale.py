"""Rule-file loading: schema errors name file, line and key; overlays; unknown locales."""
import shutil
import textwrap

import pytest

import normgram
from normgram.build.compile import locale_modules
from normgram.build.settings import settings
from normgram.rules.locale import Locale
from normgram.rules.resources import data_root
from normgram.style.labels import label_settings


def _overlay(tmp_path, section, name, text):
    folder = tmp_path / section / "en"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return tmp_path


def test_unknown_locale_names_available():
    with pytest.raises(normgram.UnknownLocale) as e:
        normgram.Normalizer("xx")
    assert "en" in str(e.value) and "xx" in str(e.value)


@pytest.mark.parametrize("text,line,key", [
    ("zero: zero\ndigits: {1: one\n", 3, None),                       # YAML syntax (reported where it ends)
    ("zero: zero\nteens: [ten]\n", 2, "teens"),                         # wrong type
    ("zero: zero\nhundred: 5\nhundredz: x\n", 3, "hundredz"),         # unknown key
    ("zero: zero\ndigits:\n  one: one\n", 3, "digits.one"),           # key must be int
    ("zero: zero\nzero: nil\n", 2, "zero"),                             # duplicate key
], ids=["syntax", "type", "unknown-key", "int-key", "duplicate"])
def test_bad_rule_file_names_file_line_key(tmp_path, text, line, key):
    rules = _overlay(tmp_path, "locales", "numbers.yaml", text)
    with pytest.raises(normgram.RuleFileError) as e:
        Locale("en", rules_dir=rules)
    err = e.value
    assert err.path.endswith("numbers.yaml") and err.line == line
    assert err.key == key
    assert f"numbers.yaml:{line}" in str(err)


def test_file_without_schema_is_an_error(tmp_path):
    rules = _overlay(tmp_path, "locales", "nunbers.yaml", "zero: zero\n")
    with pytest.raises(normgram.RuleFileError, match="no schema"):
        Locale("en", rules_dir=rules)


def test_shipped_file_missing_required_key(tmp_path):
    root = tmp_path / "root"
    shutil.copytree(data_root(), root, ignore=shutil.ignore_patterns("__pycache__"))
    path = root / "locales" / "en" / "decimals.yaml"
    path.write_text("point: [point]\n", encoding="utf-8")
    with pytest.raises(normgram.RuleFileError, match="quantity_min_power"):
        Locale("en", root=root)


def test_overlay_merges_and_takes_effect(overlay_b, en):
    # overlay_b (conftest.py OVERLAYS) holds itn_rules/en/formats.yaml "thousands_separator: ''";
    # the shipped grammar comes from the same cache folder
    assert overlay_b.itn("twelve thousand five hundred people") == "12500 people"
    assert overlay_b.locale.itn("formats")["standalone_words_below"] == 10  # other keys come from the shipped file
    assert en.itn("twelve thousand five hundred people") == "12,500 people"


def test_overlay_null_deletes_a_key(tmp_path):
    rules = _overlay(tmp_path, "locales", "fractions.yaml", "characters: null\n")
    assert "characters" not in Locale("en", rules_dir=rules).lex("fractions")


def test_editing_a_rule_file_changes_the_cache_key(tmp_path, monkeypatch):
    from normgram import build as C
    monkeypatch.setenv("NORMGRAM_CACHE", str(tmp_path / "cache"))
    rules = _overlay(tmp_path, "locales", "decimals.yaml", "point: [point]\n")
    k1 = C.cache_key(Locale("en", rules_dir=rules))
    _overlay(tmp_path, "locales", "decimals.yaml", "point: [point, dot]\n")
    k2 = C.cache_key(Locale("en", rules_dir=rules))
    assert k1 != k2


def test_editing_the_training_variants_leaves_the_cache_key(tmp_path, monkeypatch):
    """tn_rules/<tag>/variants.yaml is read by `normgram tag` at run time, by no grammar."""
    from normgram import build as C
    monkeypatch.setenv("NORMGRAM_CACHE", str(tmp_path / "cache"))
    rules = _overlay(tmp_path, "tn_rules", "variants.yaml", "not_copied: [whitelist]\n")
    k1 = C.cache_key(Locale("en", rules_dir=rules))
    _overlay(tmp_path, "tn_rules", "variants.yaml", "not_copied: [whitelist, letters]\n")
    assert C.cache_key(Locale("en", rules_dir=rules)) == k1
    assert Locale("en", rules_dir=rules).tn("variants")["not_copied"] == ["whitelist", "letters"]


def test_rules_dir_must_exist():
    with pytest.raises(FileNotFoundError):
        Locale("en", rules_dir="/nonexistent/folder")


@pytest.mark.parametrize("classes,match", [("[ordinal]", "requires cardinal"),
                                           ("[cardinal, nonesuch]", "unknown nonesuch")])
def test_locale_classes_list_is_checked(tmp_path, monkeypatch, classes, match):
    monkeypatch.setenv("NORMGRAM_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "locales" / "de"
    folder.mkdir(parents=True)
    (folder / "locale.yaml").write_text(f"classes: {classes}\n", encoding="utf-8")
    with pytest.raises(normgram.GrammarError, match=match):
        normgram.Normalizer("de", rules_dir=tmp_path)


def test_every_shipped_locale_loads_and_lists_its_classes():
    from normgram.build.compile import locale_modules
    for tag in normgram.available_locales():
        mods = locale_modules(Locale(tag))
        assert "cardinal" in mods and "ordinal" in mods, tag


def test_label_context_not_before_reads_the_date_lexicon(tmp_path):
    """ordinal_before_name.not_before_from (and lower_case_names_from) name dates.yaml lists: their names as ITN writes
    them stop the rule ("the second Sunday"); not_before adds words; an unknown list is an error."""
    from normgram.errors import GrammarError

    def _label_context(loc):  # as the ITN pipeline's label rule reads it
        found = settings(loc, list(locale_modules(loc)))
        return label_settings(found.label_context, found.calendar_names)
    names = _label_context(Locale("en"))["ordinal_before_name"]["not_before"]
    assert {"Sunday", "Monday", "May", "December"} <= set(names) and "Jan" not in names
    assert [w.lower() for w in _label_context(Locale("en"))["lower_case_names"]][:2] == ["january", "february"]
    rules = _overlay(tmp_path, "itn_rules", "formats.yaml", """\
        label_context:
          ordinal_before_name: {class: ordinal, not_before: [Century], not_before_from: [months]}
        """)
    ordinal = _label_context(Locale("en", rules_dir=rules))["ordinal_before_name"]
    assert ordinal["not_before"][0] == "Century" and "May" in ordinal["not_before"] and "Sunday" not in ordinal["not_before"]
    assert "not_before_from" not in ordinal
    rules = _overlay(tmp_path, "itn_rules", "formats.yaml", """\
        label_context:
          lower_case_names_from: [seasons]
        """)
    with pytest.raises(GrammarError, match="seasons"):
        _label_context(Locale("en", rules_dir=rules))


def test_tokenized_text_names_known_classes(tmp_path):
    """itn formats.yaml tokenized_text: spaced lists marks per class; an unknown class is an error."""
    from normgram.errors import GrammarError

    def _tokenized_text(loc, classes):
        return settings(loc, classes).tokenized_text
    assert _tokenized_text(Locale("en"), ["money", "percent", "range", "letters", "cardinal", "whitelist"])["spaced"]["percent"] == ["%"]
    rules = _overlay(tmp_path, "itn_rules", "formats.yaml", """\
        tokenized_text: {evidence: [","], spaced: {nonesuch: ["$"]}}
        """)
    with pytest.raises(GrammarError, match="nonesuch"):
        _tokenized_text(Locale("en", rules_dir=rules), ["money", "percent", "range", "letters", "cardinal", "whitelist"])
    rules = _overlay(tmp_path / "r", "itn_rules", "formats.yaml", """\
        tokenized_text: {evidence: [","], spaced: {}, ranges: {class: range, said: [to], over: [nonesuch]}}
        """)
    with pytest.raises(GrammarError, match="nonesuch"):
        _tokenized_text(Locale("en", rules_dir=rules), ["money", "percent", "range", "letters", "cardinal", "whitelist"])
