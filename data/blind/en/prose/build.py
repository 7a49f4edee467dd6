"""Build the number-free prose corpus for the do-no-harm measure from Debian packages.

    python data/blind/en/prose/build.py          # writes cased.txt, asr.txt and SOURCES.tsv here

Sources (Debian bookworm packages installed on the build machine; each package's licence is
read from the first "License:" field of /usr/share/doc/<package>/copyright and written to
SOURCES.tsv with the package version):
  base-files    the licence texts in /usr/share/common-licenses
  the manual pages of the packages in MAN_PACKAGES, rendered as ASCII by man(1)

Each text is cut into paragraphs and sentences; a sentence is kept when it holds no digit of
any script, has 5 to 45 words, starts with a capital letter, ends in . ! or ?, and has no
token that is not prose (command options, paths, markup, code symbols). Duplicates are kept
once, and a package gives at most PER_PACKAGE sentences (evenly spaced over its own, so
no one manual dominates). cased.txt holds the sentences as written; asr.txt the same lines lowercased with
punctuation removed, as a recognizer writes them (line n of one is line n of the other).
"""
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
LICENSES = Path("/usr/share/common-licenses")
PER_PACKAGE = 1000
MAN_PACKAGES = ("coreutils", "bash", "grep", "sed", "findutils", "tar", "gzip", "man-db", "less",
                "procps", "util-linux", "diffutils", "make", "openssh-client", "curl", "perl", "git-man",
                "systemd", "manpages", "apt", "dpkg", "e2fsprogs", "passwd")
# base-files' copyright file has no "License:" field: the licence texts are the FSF's, Apache's,
# Mozilla's, Perl's and Creative Commons' own documents, each allowing verbatim copies.
LICENCE = {"base-files": "licence texts, verbatim copying permitted by each (GPL, LGPL, GFDL, Apache-2.0, MPL, Artistic, BSD, CC0)"}

_SENT_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z])")
_NOT_PROSE = re.compile(r"[=\{\}\[\]<>|\\/_*~^@#$%&`+]|(?:^|[\s\"'(])[-.]\w|--|\.\w+\.|\w\.\w|::|\(\)")
_ABBREV_END = re.compile(r"\b(?:e\.g|i\.e|etc|cf|vs|Mr|Mrs|Dr|St|no|vol|ch|fig)\.$", re.I)


def package_info(pkg):
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True, text=True).stdout
    lic = LICENCE.get(pkg, "")
    copyright = Path("/usr/share/doc") / pkg / "copyright"
    if copyright.is_file() and not lic:
        for line in copyright.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("License:"):
                lic = line.split(":", 1)[1].strip()
                break
    return version, lic


def man_files(pkg):
    out = subprocess.run(["dpkg", "-L", pkg], capture_output=True, text=True).stdout.split("\n")
    return sorted(p for p in out if re.search(r"/usr/share/man/man[1-8]/[^/]+\.gz$", p) and Path(p).is_file()
                  and not Path(p).is_symlink())


def render_man(path):
    res = subprocess.run(["man", "-E", "ascii", "-P", "cat", "-l", path], capture_output=True, text=True,
                         env={"MANWIDTH": "2000", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}, errors="replace")
    text = re.sub(r".\x08", "", res.stdout)
    return text


def paragraphs(text):
    """Paragraphs: runs of non-blank lines joined with spaces, a hyphen at a line end rejoined."""
    paras, cur = [], []
    for line in text.splitlines():
        if line.strip():
            cur.append(line.strip())
        elif cur:
            paras.append(cur)
            cur = []
    if cur:
        paras.append(cur)
    out = []
    for lines in paras:
        joined = lines[0]
        for line in lines[1:]:
            joined = joined[:-1] + line if re.search(r"[a-z]-$", joined) else joined + " " + line
        out.append(" ".join(joined.split()))
    return out


def sentences(para):
    parts, buf = [], ""
    for piece in _SENT_END.split(para):
        buf = f"{buf} {piece}".strip() if buf else piece
        if not _ABBREV_END.search(buf):
            parts.append(buf)
            buf = ""
    if buf:
        parts.append(buf)
    return parts


def is_prose(s):
    words = s.split()
    return (5 <= len(words) <= 45 and s[0].isupper() and s[-1] in ".!?"
            and not any(c.isdigit() for c in s) and not _NOT_PROSE.search(s)
            and all(c.isprintable() for c in s) and s.isascii()
            and sum(c.isalpha() for c in s) >= 0.75 * len(s.replace(" ", "")))


def asr(s):
    """Lowercase, punctuation removed (apostrophes inside words kept), as a recognizer writes."""
    s = re.sub(r"[^a-z' ]", " ", s.lower())
    return " ".join(w.strip("'") for w in s.split() if w.strip("'"))


def texts():
    """(package, file, text) for every source text."""
    for path in sorted(LICENSES.iterdir()):
        if path.is_file() and not path.is_symlink():
            yield "base-files", str(path), path.read_text(encoding="utf-8", errors="replace")
    for pkg in MAN_PACKAGES:
        for path in man_files(pkg):
            yield pkg, path, render_man(path)


def write_set(folder, by_pkg, per_package=PER_PACKAGE, limits=None):
    """Up to ``per_package`` sentences of each package (``limits``: another number for some),
    spread evenly over its sentences, written to ``folder`` as cased.txt, asr.txt and
    SOURCES.tsv -> (rows, {package: count})."""
    rows, counts = [], {}
    for pkg, sents in by_pkg.items():
        most = (limits or {}).get(pkg, per_package)
        step = max(1.0, len(sents) / most)
        kept = [sents[int(i * step)] for i in range(min(len(sents), most))]
        rows += kept
        counts[pkg] = len(kept)
    (folder / "cased.txt").write_text("".join(s + "\n" for s in rows), encoding="utf-8")
    (folder / "asr.txt").write_text("".join(asr(s) + "\n" for s in rows), encoding="utf-8")
    with open(folder / "SOURCES.tsv", "w", encoding="utf-8") as fh:
        fh.write("package\tversion\tlicence (first License: field of its copyright file)\tsentences\n")
        for pkg, n in counts.items():
            version, lic = package_info(pkg)
            fh.write(f"{pkg}\t{version}\t{lic}\t{n}\n")
    return rows, counts


def main():
    seen, by_pkg = set(), {}
    for pkg, path, text in texts():
        for para in paragraphs(text):
            for s in sentences(para):
                if is_prose(s) and s not in seen and asr(s):
                    seen.add(s)
                    by_pkg.setdefault(pkg, []).append(s)
    rows, counts = write_set(HERE, by_pkg)
    print(f"{len(rows)} sentences from {len(counts)} packages", file=sys.stderr)


if __name__ == "__main__":
    main()
