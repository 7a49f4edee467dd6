"""Gaps: the whitespace between the words of a converted span.

The region FST reads a region's words joined by one space; the text may hold other
whitespace between them.  Text outside spans is copied as it is (write.assemble); inside a
span each kind of gap is treated by what it says about the words around it:

- A break (tab, CR, form feed, vertical tab, next line, line or paragraph separator) stops
  a span: the words on either side are in different cells, lines or fields, not one entity
  ("B<TAB>A backslash" stays as it is).  ``Gaps.cut`` splits a region there before it is read.
- Any other whitespace (a run of spaces, a no-break, thin or wide space) is kept in the
  written output (``Gaps.keep``): where the output has as many gaps as the input, gap k of
  the output is gap k of the input ("seven<IDEOGRAPHIC SPACE>inches" -> "7<IDEOGRAPHIC
  SPACE>inches", TN "5<NBSP>kg" -> "five<NBSP>kilograms"); where the span's odd gaps are
  all one no-break space, every gap of the output is that space, so the entity stays on one
  line as the writer tied it (TN "25<NBSP>kg" -> "twenty<NBSP>five<NBSP>kilograms").
  A span that joins words apart so ("twenty  five" -> "25") cannot keep them: its region is
  read again cut at them (``odd``), and each piece is read alone.
"""
import regex

GAP = regex.compile(r"\s+")   # the word cutter's \s (run/words.py): what lies between two words
BREAKS = frozenset("\t\n\v\f\r\x85\u2028\u2029")
NO_BREAK = frozenset("\u00a0\u2007\u202f")


def is_break(gap):
    return not BREAKS.isdisjoint(gap)


def is_odd(gap):
    """A gap the region FST does not see as written: anything but one plain space."""
    return gap not in ("", " ")


def cut(text, words, a, b, test):
    """The region of words ``a:b`` (``words``: (start, end) offsets in ``text``) cut after
    each word whose gap to the next passes ``test``: [(first, last + 1)]."""
    out, start = [], a
    for i in range(a, b - 1):
        if test(text[words[i][1]:words[i + 1][0]]):
            out.append((start, i + 1))
            start = i + 1
    out.append((start, b))
    return out


def keep(inp, out):
    """The output of a span whose input is ``inp`` with the input's odd gaps written in, or
    None when they cannot be (see the module docstring).  Spaces of ``out`` are its gaps."""
    gaps = GAP.findall(inp)
    if not any(is_odd(g) for g in gaps):
        return out
    pieces = out.split(" ")
    if len(pieces) == len(gaps) + 1:
        return "".join(p + g for p, g in zip(pieces, gaps + [""]))
    odd = {g for g in gaps if is_odd(g)}
    if len(odd) == 1 and next(iter(odd)) in NO_BREAK and len(pieces) > len([g for g in gaps if is_odd(g)]):
        return next(iter(odd)).join(pieces)
    return None
