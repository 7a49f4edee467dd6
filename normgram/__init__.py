"""normgram: paired text normalization (TN) and inverse text normalization (ITN) for speech.

    >>> import normgram
    >>> normgram.itn("twenty five people")
    '25 people'
"""
from .errors import GrammarError, NormgramError, RuleFileError, UnknownLocale
from .normalizer import Normalizer, shared as _get
from .rules.resources import available_locales
from .result import Candidate, Result, Span
from .frontends.stream_update import Update
from .frontends.streaming import StreamingITN
from .frontends.stream_denorm import DenormUpdate, StreamingDenormalizer
from .frontends.tagged import Rejected, TaggedITN, TaggedResult
from .frontends.timestamps import TimedToken, itn_timed

__all__ = ["Normalizer", "tn", "itn", "available_locales", "Result", "Span", "Candidate",
           "StreamingITN", "Update", "StreamingDenormalizer", "DenormUpdate", "TaggedITN", "TaggedResult", "Rejected", "itn_timed", "TimedToken",
           "NormgramError", "UnknownLocale", "RuleFileError", "GrammarError"]
__version__ = "0.1.0"

def tn(text, locale="en"):
    """Written -> spoken with a cached Normalizer."""
    return _get(locale).tn(text)


def itn(text, locale="en"):
    """Spoken -> written with a cached Normalizer."""
    return _get(locale).itn(text)
