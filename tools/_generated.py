"""Write a file generated from its sources, or check that it still matches them (the
``--check`` of the tools that build rule files from data: acronyms.py, electronic_lists.py)."""
import difflib
import sys


def write_or_check(path, text, check, root):
    """Write ``text`` to ``path``, or with ``check`` print the first lines of the difference
    and return 1 when the file differs from it.  ``root``: paths are printed relative to it."""
    name = path.relative_to(root)
    if check:
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if old != text:
            sys.stdout.writelines(list(difflib.unified_diff(old.splitlines(True), text.splitlines(True), str(path),
                                                            "sources"))[:40])
            return 1
        print(f"{name} matches its sources")
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {name}")
    return 0
