"""The compiled spec: what the build tells the run time about one direction of a locale.

The build (normgram/build/compile.py) assembles a ``Spec`` beside the FSTs of a FAR; the
cache stores it as JSON with ``FORMAT``; the run time reads it back here and nowhere
else reads the stored document.  A stored spec of another format is refused
(``SpecFormatError``), and the cache rebuilds that entry instead of misreading it.

    Spec
      locale, direction, classes         the classes in build order (span class index -> name)
      text: Text                         how the text is cut into words
      triggers: {class: {...}}           each class's trigger data (run/candidates.py)
      gates: {key: Gate}                 the gates the region FST reads (run/gates.py)
      staged, late_reversed              the classes with a second stage, and its orientation
      settings: Settings                 rule-file settings of the run-time style rules
      weights, far_keys, ...             the direction's region weights and the FAR's record
"""
from dataclasses import asdict, dataclass, field, fields, replace

FORMAT = 2
DIRECTIONS = ("tn", "itn")


class SpecFormatError(ValueError):
    """A stored spec that this version of normgram does not read (another format)."""


@dataclass(frozen=True)
class Text:
    """How a locale's text is cut into words and what a region may split off or copy."""
    alphabet: str
    edge_punctuation: str
    word_pattern: str  # run/words.py WORD, extended for elision
    elision: str = ""  # apostrophes after which a cut word has no gap ("l'heure")
    clitics: tuple = ()  # contractions written apart ("He 's"), never candidates
    possessive: tuple = ()  # endings glued to an entity ("'s")
    hyphen_suffix: bool = False  # the region copies a word glued by a hyphen ("3-dollar")
    possessive_suffix: bool = False  # the region copies a possessive ending ("II's")


@dataclass(frozen=True)
class Gate:
    """One gated region entry (build/gate_proofs.py proves its words)."""
    label: int
    words: tuple
    bounded: bool
    min_words: int = 1
    vocabulary: tuple | None = None
    first_words: tuple | None = None


@dataclass(frozen=True)
class Settings:
    """Rule-file settings the run-time style rules read (itn_rules formats.yaml), as written;
    each rule expands its own (style/)."""
    lone_written: bool = False  # a text that is one entity alone is written ("seven" -> "7")
    label_context: dict | None = None  # style/labels.py
    user_names: dict | None = None  # style/determiner_noun.py: what tells a user name said before "at" from prose
    number_words: dict | None = None  # style/whole_numbers.py: numbers.yaml digits, tens (lower case)
    unit_names: tuple | None = None  # style/cue_reading.py ``before_units``: units.yaml's plural unit names
    calendar_names: dict = field(default_factory=dict)  # dates.yaml list -> written names (label_context *_from)
    thousands_separator: str = ""  # the ranker leaves "2008" / "2,008" to the grammar
    ranked_as: dict = field(default_factory=dict)  # classes the ranker reads as another
    tokenized_text: dict | None = None  # style/tokenized.py
    caps_kept_letters: int = 0  # run/candidates.py
    year_counts: dict | None = None  # style/year_count.py (tn_rules years.yaml counted_before)
    agreement: dict | None = None  # style/governed_case.py (tn_rules agreement.yaml, locales nouns.yaml)
    sentence_end: dict | None = None  # run/write.py SentenceEnds (tn_rules abbreviations.yaml sentence_end; TN)


@dataclass(frozen=True)
class Spec:
    locale: str
    direction: str
    classes: tuple
    text: Text
    triggers: dict  # class name -> its triggers in this direction
    gates: dict  # entry key -> Gate
    staged: tuple = ()  # classes read in two stages in this direction
    late_reversed: bool = False  # their second stages read the token from its end
    settings: Settings = field(default_factory=Settings)
    weights: dict = field(default_factory=dict)  # the direction's weights.yaml
    far_keys: tuple = ()
    compile_seconds: float = 0.0
    far_bytes: int = 0
    far_sha256: str = ""  # the FAR's checksum, checked on load (run/far.py)
    far_mtime_ns: int = 0  # the FAR's mtime when its checksum was taken
    key: str = ""

    def with_record(self, **record):
        """The spec with the cache's record (far_bytes, far_sha256, far_mtime_ns, key) set."""
        return replace(self, **record)

    def to_json(self):
        """A JSON-ready document, with the format."""
        return {"format": FORMAT, **_plain(asdict(self))}

    @classmethod
    def from_json(cls, doc):
        """The spec of a stored document; SpecFormatError for another format or a damaged one."""
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise SpecFormatError(f"spec format {doc.get('format') if isinstance(doc, dict) else None!r}, "
                                  f"this normgram reads {FORMAT}")
        try:
            return cls(
                locale=doc["locale"], direction=doc["direction"], classes=tuple(doc["classes"]),
                text=_typed(Text, doc["text"], tuples=("clitics", "possessive")),
                triggers=doc["triggers"],
                gates={k: _typed(Gate, g, tuples=("words", "vocabulary", "first_words")) for k, g in doc["gates"].items()},
                staged=tuple(doc["staged"]), late_reversed=bool(doc["late_reversed"]),
                settings=_typed(Settings, doc["settings"]),
                weights=doc["weights"], far_keys=tuple(doc["far_keys"]),
                compile_seconds=doc["compile_seconds"], far_bytes=doc.get("far_bytes", 0),
                far_sha256=doc.get("far_sha256", ""), far_mtime_ns=doc.get("far_mtime_ns", 0), key=doc.get("key", ""))
        except (KeyError, TypeError) as e:
            raise SpecFormatError(f"damaged spec: {type(e).__name__}: {e}") from None

    def as_dict(self):
        """The spec as a plain dict (``Normalizer.meta``)."""
        return _plain(asdict(self))


def merged(specs):
    """Several directions' specs as one plain dict (``Normalizer.meta``, compile-grammars):
    per-direction entries under their direction, the rest shared."""
    out = {}
    for spec in specs:
        d = spec.direction
        doc = spec.as_dict()
        for k in ("gates", "weights", "staged", "triggers", "far_keys", "compile_seconds"):
            v = doc.pop(k)
            if k == "far_keys":
                out[k] = sorted(set(out.get(k, ())) | set(v))
            elif k == "compile_seconds":
                out[k] = round(out.get(k, 0) + v, 3)
            elif k == "triggers":
                for n, t in v.items():
                    out.setdefault(k, {}).setdefault(n, {})[d] = t
            else:
                out.setdefault(k, {})[d] = v
        out["directions"] = sorted({*out.get("directions", ()), d})
        out["late_reversed"] = sorted({*out.get("late_reversed", ()), *([d] if doc.pop("late_reversed") else [])})
        for k, v in doc.items():
            out.setdefault(k, v)
    return out


def _typed(kind, doc, tuples=()):
    names = {f.name for f in fields(kind)}
    unknown = set(doc) - names
    if unknown:
        raise TypeError(f"{kind.__name__}: unknown {sorted(unknown)}")
    return kind(**{k: tuple(v) if k in tuples and v is not None else v for k, v in doc.items()})


def _plain(obj):
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    return obj
