"""Build the tuning prose for ITN's do-no-harm rules (not the blind set: data/blind/en/prose).

    python data/prose_tune/build.py          # writes cased.txt, asr.txt and SOURCES.tsv here

The same kind of text as the blind prose, from other sources: the manual pages of the Debian
packages in MAN_PACKAGES and the GNU info manuals of those in INFO_PACKAGES (none of them a
source of the blind set), and licence prose from the copyright files of the installed
packages (/usr/share/doc/*/copyright: the licences and permission notices each package
states, not the licence texts of /usr/share/common-licenses the blind set holds), cut, filtered and lowercased by the blind set's own build.py (one
piece of code for both). A sentence that
is also in the blind set is left out, so rules tuned here are measured there on unseen lines.
"""
import gzip
import importlib.util
import re
import subprocess
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
# more manual pages of the same kind as the blind set's system tools (networking, PAM, login,
# compression, compilers), none of them its source
MAN_PACKAGES += ("iproute2", "libpam-modules", "llvm-14", "linux-perf", "libtirpc-dev", "libidn2-dev",
                 "icu-devtools", "postgresql-common", "dictionaries-common", "groff-base", "net-tools",
                 "gnupg-utils", "debianutils", "login", "libpam-modules-bin", "gettext-base", "zstd",
                 "libglib2.0-bin", "xz-utils", "bsdutils", "util-linux-extra", "ucf", "polkitd", "mount",
                 "adduser", "zip", "sysvinit-utils", "sensible-utils")
assert not set(MAN_PACKAGES) & set(blind.MAN_PACKAGES)
# GNU info manuals, a second kind of text (longer explanations, lists of letters and options),
# of packages that are no source of the blind set either
INFO_PACKAGES = ("gettext", "bc", "ed", "gnupg", "libgpg-error-dev", "info", "libffi-dev", "libtasn1-doc",
                 "nettle-dev", "recode", "readline-common", "time", "wget")
assert not set(INFO_PACKAGES) & (set(blind.MAN_PACKAGES) | set(MAN_PACKAGES))
# copyright files with no "License:" field: the licence their text grants
LICENCE = {"binutils-common": "GPL-3+", "fontconfig": "MIT-style (Keith Packard; permission to use, copy, modify, distribute)",
           "libxt-dev": "MIT/X11", "libxext-dev": "MIT/X11", "libxft-dev": "MIT-style (Keith Packard)",
           "unzip": "Info-ZIP", "x11-utils": "MIT/X11", "fakeroot": "GPL-3+"}
# info manuals whose package's copyright file has no "License:" field: the manual's own notice
LICENCE.update({"gettext": "GFDL (the manual's notice)", "info": "GFDL (the manual's notice)",
                "libtasn1-doc": "GFDL (the manual's notice)", "wget": "GFDL (the manual's notice)",
                "recode": "verbatim copies permitted (the manual's notice)"})
LICENCE["copyright files"] = "each package's own (the licence or notice its copyright file states)"
blind.LICENCE.update(LICENCE)


def info_files(pkg):
    """The package's info manuals (/usr/share/info/*.info*.gz)."""
    out = subprocess.run(["dpkg", "-L", pkg], capture_output=True, text=True).stdout.split("\n")
    return sorted(p for p in out if re.search(r"/usr/share/info/[^/]+\.info(-\d+)?\.gz$", p) and Path(p).is_file())


COPYRIGHT = "copyright files"  # the group of the packages' copyright files
PER_GROUP = {COPYRIGHT: 1500}


def copyright_files():
    """The copyright file of every installed package, in name order."""
    return sorted(p for p in Path("/usr/share/doc").glob("*/copyright") if p.is_file())


def texts():
    """(package, text) for every source text: the manual pages, the info manuals, then the
    copyright files (one group)."""
    for pkg in MAN_PACKAGES:
        for path in blind.man_files(pkg):
            yield pkg, blind.render_man(path)
    for pkg in INFO_PACKAGES:
        for path in info_files(pkg):
            with gzip.open(path, "rt", encoding="utf-8", errors="replace") as fh:
                yield pkg, fh.read()
    for path in copyright_files():
        yield COPYRIGHT, path.read_text(encoding="utf-8", errors="replace")


def main():
    blind_lines = set((BLIND / "cased.txt").read_text(encoding="utf-8").splitlines())
    seen, by_pkg = set(blind_lines), {}
    for pkg, text in texts():
        for para in blind.paragraphs(text):
            for s in blind.sentences(para):
                if blind.is_prose(s) and s not in seen and blind.asr(s):
                    seen.add(s)
                    by_pkg.setdefault(pkg, []).append(s)
    rows, counts = blind.write_set(HERE, by_pkg, PER_PACKAGE, PER_GROUP)
    print(f"{len(rows)} sentences from {len(counts)} packages", file=sys.stderr)


if __name__ == "__main__":
    main()
