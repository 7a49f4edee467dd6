"""Build the tuning prose for ITN's do-no-harm rules (not the blind set: data/blind/en/prose).

    python data/prose_tune/build.py          # writes cased.txt, asr.txt and SOURCES.tsv here

The same kind of text as the blind prose, from other sources: the manual pages of the Debian
packages in MAN_PACKAGES (none of them a source of the blind set), cut, filtered and
lowercased by the blind set's own build.py (one piece of code for both). A sentence that
is also in the blind set is left out, so rules tuned here are measured there on unseen lines.
"""
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BLIND = HERE.parent / "blind" / "en" / "prose"
_spec = importlib.util.spec_from_file_location("blind_prose_build", BLIND / "build.py")
blind = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(blind)

PER_PACKAGE = 600
MAN_PACKAGES = ("manpages-dev", "openssl", "dpkg-dev", "debconf", "gcc-12", "valgrind", "binutils-common",
                "bzip2", "fontconfig", "libdpkg-perl", "libxt-dev", "libxext-dev", "libxft-dev", "dbus-bin",
                "ncurses-bin", "unzip", "universal-ctags", "x11-utils", "psmisc", "fakeroot", "cmake",
                "init-system-helpers", "hostname", "cscope", "bsdextrautils", "dbus-daemon")
assert not set(MAN_PACKAGES) & set(blind.MAN_PACKAGES)
# copyright files with no "License:" field: the licence their text grants
LICENCE = {"binutils-common": "GPL-3+", "fontconfig": "MIT-style (Keith Packard; permission to use, copy, modify, distribute)",
           "libxt-dev": "MIT/X11", "libxext-dev": "MIT/X11", "libxft-dev": "MIT-style (Keith Packard)",
           "unzip": "Info-ZIP", "x11-utils": "MIT/X11", "fakeroot": "GPL-3+"}
blind.LICENCE.update(LICENCE)


def main():
    blind_lines = set((BLIND / "cased.txt").read_text(encoding="utf-8").splitlines())
    seen, by_pkg = set(blind_lines), {}
    for pkg in MAN_PACKAGES:
        for path in blind.man_files(pkg):
            for para in blind.paragraphs(blind.render_man(path)):
                for s in blind.sentences(para):
                    if blind.is_prose(s) and s not in seen and blind.asr(s):
                        seen.add(s)
                        by_pkg.setdefault(pkg, []).append(s)
    rows, counts = blind.write_set(HERE, by_pkg, PER_PACKAGE)
    print(f"{len(rows)} sentences from {len(counts)} packages", file=sys.stderr)


if __name__ == "__main__":
    main()
