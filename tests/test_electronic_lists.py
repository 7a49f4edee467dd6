"""locales/en/electronic_lists.yaml is what tools/electronic_lists.py makes of its sources."""
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import electronic_lists  # noqa: E402

DATA = yaml.safe_load((ROOT / "locales" / "en" / "electronic_lists.yaml").read_text(encoding="utf-8"))


@pytest.mark.skipif(not electronic_lists.PSL.is_file(), reason="Debian publicsuffix not installed")
def test_tlds_are_the_public_suffix_lists():
    assert DATA["iana_tlds"] == electronic_lists.iana_tlds()


@pytest.mark.parametrize("key", ["iana_tlds", "given_names"])
def test_lists_are_sorted_lower_case_words(key):
    words = DATA[key]
    assert words == sorted(set(words)) and all(isinstance(w, str) and w.isalpha() and w.islower() for w in words)


def test_parse_keeps_icann_ascii_top_labels(tmp_path):
    psl = tmp_path / "psl.dat"
    psl.write_text("// x\n// ===BEGIN ICANN DOMAINS===\ncom\nco.uk\n*.ck\n!www.ck\nxn--p1ai\nshop\n"
                   "// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\nblogspot.com\nzz\n", encoding="utf-8")
    assert electronic_lists.iana_tlds(psl) == ["ck", "com", "shop"]


def test_census_names_keep_the_share_asked():
    from _census import census_names
    lines = ["MARY           2.629  2.629      1\n", "PATRICIA       1.073  3.702      2\n", "\n",
             "LINDA          1.035  4.737      3\n", "broken line\n"]
    assert census_names(lines) == {"mary", "patricia", "linda"}
    assert census_names(lines, 3.702) == {"mary", "patricia"}
    assert census_names(lines, 1.0) == set()
