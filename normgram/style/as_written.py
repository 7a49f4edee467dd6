"""As written (ITN): a span that would only re-case a word written with a capital, or add
dots to it, leaves it as the writer wrote it.

ITN reads what a speaker said.  A word already written as an abbreviation or an acronym
("MS-DOS", "MS Windows", "Mr Smith", "DR Congo") was written so by the text's writer, not said:
writing "Ms.-DOS", "Ms. Windows" or "Mr. Smith" for it changes the text without converting
anything.  A span whose output is its input's words, compared without case and dots, stays
where the input holds a capital letter; a lower-case word said so ("mr smith", as some
transcripts write it) is still written "Mr. Smith".
"""
from .case_cues import region_text


def from_spec(env, built):
    """The registry's entry: the rule for ITN (TN writes what it reads)."""
    return [AsWritten()] if env.spec.direction == "itn" else []


def _plain(s):
    return s.replace(".", "").lower()


def _as_written(inp, out):
    """Does ``out`` write each word of ``inp`` as it is, up to dots, re-casing only words the
    input writes with a capital ("MS" -> "Ms.", "Mr" -> "Mr."; not "mr Dilworthy" -> "Mr.
    Dilworthy")?"""
    iw, ow = inp.split(" "), out.split(" ")
    return len(iw) == len(ow) and inp != out and all(
        _plain(a) == _plain(b) and (a.replace(".", "") == b.replace(".", "") or a != a.lower()) for a, b in zip(iw, ow))


class AsWritten:
    def choose(self, src, hyps, best, left, right, words):
        written = region_text(src, words)
        if written is None:
            return best, False
        spans = [sp for sp in best.spans if not _as_written(written[sp[0]:sp[1]], sp[3])]
        if len(spans) != len(best.spans):
            best = best.with_spans(spans)
        return best, False
