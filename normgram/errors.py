"""Named exceptions of the public API."""


class NormgramError(Exception):
    """Base class of every error normgram raises on purpose."""


class UnknownLocale(NormgramError, ValueError):
    """A locale tag with no folder under locales/."""

    def __init__(self, tag, available):
        self.tag = tag
        self.available = sorted(available)
        super().__init__(f"unknown locale {tag!r}; available: {', '.join(self.available) or 'none'}")


class RuleFileError(NormgramError, ValueError):
    """A rule or lexicon file that cannot be parsed or does not fit its schema."""

    def __init__(self, path, line, key, message):
        self.path, self.line, self.key = str(path), line, key
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {key or '<file>'}: {message}")


class GrammarError(NormgramError, RuntimeError):
    """A grammar builder failed on otherwise valid rule data."""


class DataFileError(NormgramError, ValueError):
    """A data file (evaluation rows, a ranker model) that cannot be read as what it should be;
    the message names the file and, where there is one, the line."""
