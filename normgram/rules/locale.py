"""Load and validate a locale's YAML rule files (locales/, tn_rules/, itn_rules/).

A locale is the union of three folders for its tag:

    locales/<tag>/*.yaml     lexicons shared by both directions
    tn_rules/<tag>/*.yaml    TN-only preferences and weights
    itn_rules/<tag>/*.yaml   ITN-only spoken variants and written formats

Every file is checked against its schema in ``schemas/*.yaml`` (beside this
module).  A user folder passed as ``rules_dir`` with the same layout overlays
the shipped one file by file: mappings merge key by key, a ``null`` value
deletes a key, any other value replaces.  Errors name file, line and key.
"""
import hashlib
from pathlib import Path

import yaml

from ..errors import RuleFileError, UnknownLocale
from .resources import available_locales, data_root

SECTIONS = ("locales", "tn_rules", "itn_rules")
_SCHEMAS_DIR = Path(__file__).with_name("schemas")
_SCALARS = {
    "str": (str,), "int": (int,), "num": (int, float), "bool": (bool,),
}


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: rule files load 5x faster


def _construct(node):
    """A composed node's Python value (what safe_load would give for it)."""
    return yaml.constructor.SafeConstructor().construct_document(node)


class _Node:
    """A parsed value with the line it came from, for error messages."""


def _load_yaml(path):
    try:
        text = Path(path).read_text(encoding="utf-8")
        node = yaml.compose(text, Loader=_LOADER)
    except UnicodeDecodeError as e:
        raise RuleFileError(path, None, None, f"not UTF-8 text ({e.reason})") from None
    except yaml.YAMLError as e:
        mark, ctx = getattr(e, "problem_mark", None), getattr(e, "context_mark", None)
        line = mark.line + 1 if mark else None
        where = f" ({e.context} at line {ctx.line + 1})" if ctx is not None and getattr(e, "context", None) else ""
        raise RuleFileError(path, line, None, f"YAML syntax: {getattr(e, 'problem', e)}{where}") from None
    return node


def _scalar(node, path, key):
    try:
        return _construct(node) if node.tag != "tag:yaml.org,2002:str" else node.value
    except yaml.YAMLError:
        raise RuleFileError(path, node.start_mark.line + 1, key, "bad scalar") from None


class _Checker:
    def __init__(self, path, schemas):
        self.path, self.schemas = path, schemas

    def fail(self, node, key, msg):
        line = node.start_mark.line + 1 if node is not None else None
        raise RuleFileError(self.path, line, key, msg)

    def check(self, node, spec, key, partial):
        """Validate ``node`` against ``spec`` and return the plain Python value."""
        if isinstance(spec, str) and spec in self.schemas.get("$types", {}):
            spec = self.schemas["$types"][spec]
        if spec == "any":
            return _construct(node) if node is not None else None
        if spec == "words":  # one word/phrase, or a list of alternatives (first preferred)
            if isinstance(node, yaml.SequenceNode):
                vals = [self.check(n, "str", f"{key}[{i}]", partial) for i, n in enumerate(node.value)]
                if not vals:
                    self.fail(node, key, "empty list of alternatives")
                return vals
            return [self.check(node, "str", key, partial)]
        if isinstance(spec, str):
            if spec not in _SCALARS:
                raise ValueError(f"schemas: unknown type {spec!r}")
            if not isinstance(node, yaml.ScalarNode):
                self.fail(node, key, f"expected {spec}, found a {type(node).__name__[:-4].lower()}")
            val = _scalar(node, self.path, key)
            if spec == "str" and isinstance(val, (int, float)) and not isinstance(val, bool):
                val = node.value  # numbers written unquoted where text is expected
            ok = isinstance(val, _SCALARS[spec]) and not (spec in ("int", "num") and isinstance(val, bool))
            if not ok:
                self.fail(node, key, f"expected {spec}, found {val!r}")
            return val
        if "one_of" in spec:  # a string that must be one of a few values ("spell" or "keep")
            val = self.check(node, "str", key, partial)
            if val not in spec["one_of"]:
                self.fail(node, key, f"must be {' or '.join(spec['one_of'])}, not {val!r}")
            return val
        if "list_of" in spec:
            if not isinstance(node, yaml.SequenceNode):
                self.fail(node, key, "expected a list")
            return [self.check(n, spec["list_of"], f"{key}[{i}]", partial) for i, n in enumerate(node.value)]
        if "map_of" in spec:
            return self._mapping(node, key, partial, lambda k, kn: spec["map_of"], spec.get("keys", "str"))
        fields = spec["fields"]
        out = self._mapping(node, key, partial, lambda k, kn: self._field(kn, fields, k, key), "str")
        if not partial:
            for name in fields:
                if not name.endswith("?") and name not in out:
                    self.fail(node, f"{key}.{name}" if key else name, "required key missing")
        return out

    def _field(self, node, fields, k, key):
        spec = fields.get(k, fields.get(k + "?"))
        if spec is None:
            self.fail(node, f"{key}.{k}" if key else k,
                      f"unknown key (allowed: {', '.join(f.rstrip('?') for f in fields)})")
        return spec

    def _mapping(self, node, key, partial, spec_for, key_type):
        if node is None or (isinstance(node, yaml.ScalarNode) and node.value == "" and partial):
            return {}
        if not isinstance(node, yaml.MappingNode):
            self.fail(node, key, "expected a mapping")
        out = {}
        for knode, vnode in node.value:
            k = _scalar(knode, self.path, key)
            sub = f"{key}.{k}" if key else str(k)
            if key_type == "int":
                if not isinstance(k, int) or isinstance(k, bool):
                    self.fail(knode, sub, "key must be an integer")
            else:
                k = str(k) if not isinstance(k, str) else k
            if k in out:
                self.fail(knode, sub, "duplicate key")
            if isinstance(vnode, yaml.ScalarNode) and vnode.tag == "tag:yaml.org,2002:null" and partial == "overlay":
                out[k] = None  # overlay deletion marker
                continue
            out[k] = self.check(vnode, spec_for(k, knode), sub, partial)
        return out


def _merge(base, over):
    if not isinstance(base, dict) or not isinstance(over, dict):
        return over
    out = dict(base)
    for k, v in over.items():
        if v is None:
            out.pop(k, None)
        else:
            out[k] = _merge(out[k], v) if k in out else v
    return out


_SCHEMAS = None


def schemas():
    global _SCHEMAS
    if _SCHEMAS is None:
        merged = {}
        for path in sorted(_SCHEMAS_DIR.glob("*.yaml")):
            part = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}
            for key, spec in part.items():
                if key == "$types":
                    merged.setdefault(key, {}).update(spec)
                elif key in merged:
                    raise ValueError(f"{path}: schema for {key} defined twice")
                else:
                    merged[key] = spec
        _SCHEMAS = merged
    return _SCHEMAS


def read_checked(path, name):
    """A rule file outside a locale's sections (``locales/<tag>/denorm/rules.yaml``) read and
    checked against the schema ``name``, as the locale's own files are; an empty file is {}.
    A bad file raises RuleFileError naming file, line and key."""
    node = _load_yaml(path)
    return _Checker(path, schemas()).check(node, schemas()[name], None, False) if node else {}


# Rule files no grammar reads (the training-data variants `normgram tag` reads at run time):
# they and their schema are no part of the grammar cache key, so editing them recompiles nothing
RUN_TIME_ONLY = frozenset({("tn_rules", "variants.yaml")})


class Locale:
    """Validated rule data of one locale, with an optional user overlay.

    ``loc.lex("numbers")`` reads locales/<tag>/numbers.yaml, ``loc.tn("weights")``
    tn_rules/<tag>/weights.yaml, ``loc.itn("formats")`` itn_rules/<tag>/formats.yaml.
    A file that does not exist reads as an empty mapping.  ``lazy``: the files are found
    at once but read and checked on first use (a Normalizer whose grammar cache holds
    these files' content, checked when it was compiled, reads none of them).
    """

    def __init__(self, tag, rules_dir=None, root=None, lazy=False):
        self.root = Path(root or data_root())
        if tag not in available_locales(self.root):
            raise UnknownLocale(tag, available_locales(self.root))
        self.tag = tag
        self.rules_dir = Path(rules_dir) if rules_dir else None
        if self.rules_dir is not None and not self.rules_dir.is_dir():
            raise FileNotFoundError(f"rules_dir {self.rules_dir} is not a folder")
        # every file, in order, for the cache key: (section, path, overlay?)
        self._found = [(sec, path, partial) for sec in SECTIONS for path, partial in self._paths(sec)]
        self.files = [path for _, path, _ in self._found]
        self._data = None
        if not lazy:
            self._load()

    def _paths(self, sec):
        for base, partial in ((self.root, False), (self.rules_dir, "overlay")):
            folder = base / sec / self.tag if base else None
            if folder is not None and folder.is_dir():
                yield from ((path, partial) for path in sorted(folder.glob("*.yaml")))

    def _load(self):
        data = {sec: {} for sec in SECTIONS}
        for sec, path, partial in self._found:
            spec = schemas().get(f"{sec}/{path.name}")
            if spec is None:
                raise RuleFileError(path, None, None, f"no schema for {sec}/{path.name}; known files: "
                                    + ", ".join(sorted(k.split('/', 1)[1] for k in schemas() if k.startswith(sec + "/"))))
            node = _load_yaml(path)
            val = _Checker(path, schemas()).check(node, spec, "", partial or True) if node else {}
            found, name = data[sec], path.stem
            found[name] = _merge(found[name], val) if name in found else val
        for sec, found in data.items():
            for name, val in found.items():
                self._check_required(sec, name, val, schemas()[f"{sec}/{name}.yaml"])
        self._data = data

    def _section(self, sec):
        if self._data is None:
            self._load()
        return self._data[sec]

    def _check_required(self, sec, name, val, spec):
        if isinstance(spec, dict) and "fields" in spec:
            for f in spec["fields"]:
                if not f.endswith("?") and f not in val:
                    path = self.root / sec / self.tag / f"{name}.yaml"
                    raise RuleFileError(path, None, f, "required key missing")

    def lex(self, name):
        return self._section("locales").get(name, {})

    def tn(self, name):
        return self._section("tn_rules").get(name, {})

    def itn(self, name):
        return self._section("itn_rules").get(name, {})

    def for_direction(self, direction):
        """A view whose ``weights`` are the direction's weights.yaml (what builders read)."""
        return DirectionView(self, direction)

    def digest(self):
        """Content hash of the rule files the grammars read (RUN_TIME_ONLY files excluded)."""
        h = hashlib.sha256()
        for sec, path, _ in self._found:
            if (sec, path.name) in RUN_TIME_ONLY:
                continue
            h.update(str(path.relative_to(path.parents[2])).encode())
            h.update(path.read_bytes())
        return h.hexdigest()


class DirectionView:
    """A Locale seen by a grammar builder for one direction ("tn" or "itn").

    Grammars read lexicons and rules as usual; ``weights`` (and the ``style``/``variant``
    shortcuts) come from tn_rules/ or itn_rules/, so one builder makes the same
    relation with each direction's costs.
    """

    def __init__(self, loc, direction):
        self._loc, self.direction = loc, direction
        self.tag = loc.tag
        self.weights = loc.tn("weights") if direction == "tn" else loc.itn("weights")
        self.variant = self.weights["variant"]

    def style(self, name):
        try:
            return self.weights["styles"][name]
        except KeyError:
            folder = "tn_rules" if self.direction == "tn" else "itn_rules"
            raise RuleFileError(self._loc.root / folder / self.tag / "weights.yaml", None,
                                f"styles.{name}", "style cost missing") from None

    def __getattr__(self, name):
        return getattr(self._loc, name)
