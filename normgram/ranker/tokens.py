"""The ranker's token vocabulary: how a converted span reads to the n-gram model.

Shared by the pipeline (which scores region readings) and the ranker's training tools
(which turn tagged training text into the same tokens).
"""
import regex

_FRACTION = regex.compile(r"\d[.,]\d{1,2}(?!\d)")


def copied_edges(inp, out, exact=False):
    """How many words a span copies unchanged (case aside) at its start and at its end,
    leaving at least one word between them: ``inp`` and ``out`` are word lists."""
    n = min(len(inp), len(out))
    lead = 0
    same = (lambda a, b: a == b) if exact else (lambda a, b: a.lower() == b.lower())
    while lead < n - 1 and same(inp[lead], out[lead]):
        lead += 1
    trail = 0
    while trail < n - lead - 1 and same(inp[-1 - trail], out[-1 - trail]):
        trail += 1
    return lead, trail


def span_tokens(inp, out, cls, written=None, glued="", form=None):
    """A converted span as the ranker sees it: "<cls>", with the words the span copies at
    its edges kept as words ("at four thirty" -> "at 4:30" gives ["at", "<time>"]), so
    a cue word a grammar swallows looks the same as one it leaves outside.  With the
    span's ``written`` form the token carries its shape: "<year|4>" (``shape``); ``glued``
    is the written character just before the span when it is punctuation stuck to it
    (".878" split as "." + cardinal 878: "<cardinal|.3>").  A span whose written ``form``
    (``written`` unless given: ITN passes its output) has a short fractional part is
    "<cls:f>" ("$4.50" -> "<money:f>", "$5 billion" -> "<money>"): prices said without a
    currency word ("four fifty") have other contexts than sums said with one.  A span
    that copies all its words ("four" kept in "sank four feet") is those words, as the
    training text, whose sentences hold no such span, has them."""
    inp, outw = inp.split(), out.split()
    if [w.lower() for w in inp] == [w.lower() for w in outw]:
        return inp  # a span that leaves its words as they are converts nothing: the LM reads them
    lead, trail = copied_edges(inp, outw)
    form = written if form is None else form
    if form is not None and _FRACTION.search(form):
        cls = f"{cls}:f"
    tok = f"<{cls}>" if written is None else f"<{cls}|{shape(written, glued)}>"
    return [*inp[:lead], tok, *inp[len(inp) - trail:]]


def shape(written, glued=""):
    """A span's coarse written shape: the length of its longest digit run, "5" for 5 or
    more ("1986" -> "4", "4:30" -> "2", "III" -> "0"), after a glued "." or "," before it
    (".5" read as "." + "5" -> ".1")."""
    best = run = 0
    for ch in written:
        run = run + 1 if "0" <= ch <= "9" else 0
        best = max(best, run)
    return (glued if glued in (".", ",") else "") + str(min(best, 5))
