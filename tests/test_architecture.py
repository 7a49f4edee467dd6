"""The import rules of docs/architecture.md, read from the code (ast, nothing imported):

- no import cycle between the package's modules;
- run-time code (run/, style/, stages/, ranker/, frontends/, common/, rules/) never imports
  build-time code (build/);
- nothing inside the package imports the package root (``import normgram``,
  ``from normgram import ...``, ``from .. import name`` of normgram/__init__.py);
- tools/ import public names only (no module or name that starts with "_");
- run-time code reads a ``meta`` dict (a FAR's or a model's) only in a typed settings
  class's ``of`` constructor (``meta[...]``, ``meta.get(...)`` nowhere else);
- test modules share helpers through tests/conftest.py only, never by importing another
  test module (a helper moved between test files would break collection of the other).

The checks are run on the package and tools, and on small made-up trees that break each
rule, so that a check that cannot fail fails here.
"""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "normgram"
BUILD = {"build"}
RUN = {"run", "style", "stages", "ranker", "frontends", "common", "rules"}


def modules(root, package=PACKAGE):
    """{dotted module name: path} of every module of ``package`` under ``root``."""
    base = root / package
    out = {}
    for path in sorted(base.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _is_package(name, mods):
    return any(m.startswith(name + ".") for m in mods)


def imports(name, path, mods):
    """(target module, imported names or None, line) of every import in a module, wherever
    it stands (lazy imports in functions count), relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = name if _is_package(name, mods) or path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((a.name, None, node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            out.append((target, [a.name for a in node.names], node.lineno))
    return out


def edges(mods):
    """{module: {modules it imports}}: ``from pkg import sub`` of a submodule imports ``sub``
    alone (not ``pkg``'s __init__, which Python has run already as a parent), a name
    defined in ``pkg`` imports ``pkg``."""
    graph = {m: set() for m in mods}
    for name, path in mods.items():
        for target, names, _ in imports(name, path, mods):
            subs = [f"{target}.{n}" for n in names or () if f"{target}.{n}" in mods]
            whole = names is None or len(subs) < len(names)
            for t in subs + ([target] if whole else []):
                if t in mods and t != name:
                    graph[name].add(t)
    return graph


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def layer(name):
    """"build", "run" or None (the public face and the other rooms) of a module."""
    parts = name.split(".")
    if len(parts) < 2:
        return None
    return "build" if parts[1] in BUILD else "run" if parts[1] in RUN else None


def violations(name, path, mods):
    """The rule breaks of one package module: run -> build imports, imports of the root."""
    out = []
    for target, names, line in imports(name, path, mods):
        if layer(name) == "run" and layer(target or "") == "build":
            out.append(f"{path.name}:{line}: run-time {name} imports build-time {target}")
        if target == PACKAGE and name != PACKAGE:
            plain = [n for n in names or [None] if n is None or f"{PACKAGE}.{n}" not in mods]
            if plain:
                out.append(f"{path.name}:{line}: {name} imports the package root ({', '.join(map(str, plain))})")
    return out


def private_imports(path):
    """Imports of private normgram modules or names in a tools/ script."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found = [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found = [(node.module, [a.name for a in node.names])]
        else:
            continue
        for module, names in found:
            if module.split(".")[0] != PACKAGE:
                continue
            private = [p for p in module.split(".") + list(names or ()) if p.startswith("_") and not p.startswith("__")]
            if private:
                out.append(f"{path.name}:{node.lineno}: {module} {', '.join(private)}")
    return out


def meta_reads(path):
    """``meta[...]`` / ``meta.get(...)`` reads outside a function named ``of``."""
    tree, out = ast.parse(path.read_text(encoding="utf-8")), []

    def is_meta(node):
        return isinstance(node, ast.Name) and node.id == "meta" or isinstance(node, ast.Attribute) and node.attr == "meta"

    def walk(node, inside_of):
        for child in ast.iter_child_nodes(node):
            here = inside_of or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.name == "of"
            read = isinstance(child, ast.Subscript) and is_meta(child.value) or \
                isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) and child.func.attr == "get" \
                and is_meta(child.func.value)
            if read and not here:
                out.append(f"{path.name}:{child.lineno}")
            walk(child, here)
    walk(tree, False)
    return out


def imported_test_modules(path):
    """Imports of another test module (``test_*``) in a test file."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
        out += [f"{path.name}:{node.lineno}: {n}" for n in names if n.split(".")[0].startswith("test_")]
    return out


MODS = modules(ROOT)
TOOLS = sorted((ROOT / "tools").glob("*.py"))
TESTS = sorted((ROOT / "tests").glob("test_*.py"))


def test_no_import_cycle():
    assert cycles(edges(MODS)) == []


@pytest.mark.parametrize("name", sorted(MODS))
def test_module_keeps_the_layers(name):
    assert violations(name, MODS[name], MODS) == []


@pytest.mark.parametrize("path", TOOLS, ids=[p.name for p in TOOLS])
def test_tool_imports_public_names(path):
    assert private_imports(path) == []


@pytest.mark.parametrize("name", sorted(n for n in MODS if layer(n) == "run"))
def test_run_time_reads_meta_only_in_settings(name):
    assert meta_reads(MODS[name]) == []


@pytest.mark.parametrize("path", TESTS, ids=[p.name for p in TESTS])
def test_test_file_imports_no_test_module(path):
    assert imported_test_modules(path) == []


def test_every_folder_has_a_layer_or_is_the_face():
    """A new folder is put in a layer here (or this test says it has none)."""
    folders = {n.split(".")[1] for n in MODS if n.count(".") >= 1 and _is_package(".".join(n.split(".")[:2]), MODS)}
    assert folders <= BUILD | RUN | {"eval", "tagdata"}, folders - BUILD - RUN


# -- the checks themselves, on made-up trees that break each rule
def _tree(tmp_path, files):
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return modules(tmp_path)


BROKEN = {
    "run imports build": ({"normgram/run/pipe.py": "from ..build import cache\n"}, "normgram.run.pipe",
                          "imports build-time"),
    "lazy run import of build": ({"normgram/style/x.py": "def f():\n    from normgram.build.cache import load\n"},
                                 "normgram.style.x", "imports build-time"),
    "root by relative import": ({"normgram/frontends/t.py": "from .. import _get\n"}, "normgram.frontends.t",
                                "package root"),
    "root by absolute import": ({"normgram/eval/e.py": "import normgram\n"}, "normgram.eval.e", "package root"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_check_finds_a_broken_rule(tmp_path, case):
    files, name, message = BROKEN[case]
    mods = _tree(tmp_path, {"normgram/__init__.py": "", "normgram/build/__init__.py": "",
                            "normgram/build/cache.py": "", **files})
    found = violations(name, mods[name], mods)
    assert len(found) == 1 and message in found[0]


def test_check_allows_a_submodule_of_the_root(tmp_path):
    mods = _tree(tmp_path, {"normgram/__init__.py": "", "normgram/result.py": "",
                            "normgram/run/__init__.py": "", "normgram/run/p.py": "from .. import result\n"})
    assert violations("normgram.run.p", mods["normgram.run.p"], mods) == []


def test_check_finds_a_cycle(tmp_path):
    mods = _tree(tmp_path, {"normgram/__init__.py": "", "normgram/a.py": "from . import b\n",
                            "normgram/b.py": "from .c import x\n", "normgram/c.py": "from .a import y\n"})
    assert cycles(edges(mods)) == [["normgram.a", "normgram.b", "normgram.c"]]


@pytest.mark.parametrize("line,private", [("from normgram import _get", True), ("from normgram.run import _x", True),
                                          ("import normgram._data", True), ("from normgram import Normalizer", False),
                                          ("from normgram.eval.metrics import itn_wer", False)])
def test_check_finds_private_tool_imports(tmp_path, line, private):
    p = tmp_path / "tool.py"
    p.write_text(line + "\n", encoding="utf-8")
    assert bool(private_imports(p)) == private


@pytest.mark.parametrize("line,found", [("from test_streaming import hash_scorer", True), ("import test_cases", True),
                                        ("from conftest import OVERLAYS", False), ("import normgram", False)])
def test_check_finds_imported_test_modules(tmp_path, line, found):
    p = tmp_path / "test_x.py"
    p.write_text(line + "\n", encoding="utf-8")
    assert bool(imported_test_modules(p)) == found


@pytest.mark.parametrize("code,found", [("x = model.meta.get('a')\n", True), ("x = meta['a']\n", True),
                                        ("class S:\n    @classmethod\n    def of(cls, meta):\n        return meta.get('a')\n", False),
                                        ("x = model.settings.script\n", False)])
def test_check_finds_meta_reads(tmp_path, code, found):
    p = tmp_path / "m.py"
    p.write_text(code, encoding="utf-8")
    assert bool(meta_reads(p)) == found
