"""Parenthesized measures (ITN): a measure set in parentheses is written with its unit short.

A value in parentheses after a measure is that measure converted ("3,074 feet ( 937
meters )", "17 feet (5.2 meters)"), and texts write it tersely, with the unit
abbreviated: "3,074 feet ( 937 m )", "17 feet (5.2 m)", "9.8 meters ( 32 ft )".  The rule
(itn_rules formats.yaml ``label_context`` ``parenthesized_short``) picks, for a span of the
named class that fills the parenthesis ("( 937 meters )"), the cheapest reading that differs
from the best one in that span alone, in the same class, with as many words and a shorter
output.  Text without parentheses (ASR output) is not affected.
"""
from . import case_cues


def short(ctx, src, hyps, best, left, right, words):
    """-> (reading, whether the context words were asked)."""
    asked, found = False, []
    for h in hyps:
        for s, e, cls, out in h.spans:
            if cls != ctx.paren_class:
                continue
            k, n = src.count(" ", 0, s), src.count(" ", s, e) + 1
            if k + n > len(words):
                continue
            asked = True
            after = words[k + n:] + right
            last = ctx.split(words[k + n - 1])[2]
            if not (last.startswith(ctx.paren_close) or not last and after and after[0].startswith(ctx.paren_close)):
                continue
            if not _opened(ctx, (left + words[:k])[-ctx.window:], words[k]):
                continue
            if any(a < s < b or a < e < b for a, b, _, _ in best.spans) or \
                    any(_written(h.spans, src, x, y) != _written(best.spans, src, x, y) for x, y in ((0, s), (e, len(src)))):
                continue  # the reading must write the rest of the region as the best one does
            now = case_cues.written_text(src, best.spans, s, e).split(" ")
            if len(out) < len(" ".join(now)) and len(out.split(" ")) == len(now) and out.split(" ")[0] == now[0]:
                found.append(h)
    return (case_cues.cheapest(found) if found else best), asked


def _written(spans, src, s, e):
    if any(a < s < b or a < e < b for a, b, _, _ in spans):
        return None
    return case_cues.written_text(src, spans, s, e)


def _opened(ctx, before, first):
    """Does the span open the parenthesis: its first word begins with the mark ("(937"), or
    the word before it is the mark alone ("(")?  A parenthesis that holds other words
    before the measure ("(now driven back 700 miles)") is no conversion."""
    if ctx.split(first)[0].endswith(ctx.paren_open):
        return True
    return bool(before) and before[-1].endswith(ctx.paren_open) and not ctx.split(before[-1])[1]
