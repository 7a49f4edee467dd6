"""Human-readable account of why each span was converted the way it was."""


def explain_lines(norm, text, direction):
    res = norm.tn_result(text) if direction == "tn" else norm.itn_result(text)
    yield f"{direction}: {text}"
    yield f"  -> {res.output}"
    if not res.spans:
        yield "  (no span converted)"
    for sp in res.spans:
        yield f"  [{sp.start}:{sp.end}] {sp.input!r} -> {sp.output!r} ({sp.cls})"
        yield f"      {'class':<10} {'output':<28} {'grammar':>8} {'lm':>8} {'total':>8}"
        # readings over other spans than the grammar's best one are listed last, marked "-":
        # the ranker only chooses the classes of the grammar's spans (Pipeline._rank)
        for c in sorted(sp.candidates, key=lambda c: (not c.ranked, c.total)):
            mark = "*" if (c.cls, c.output) == (sp.cls, sp.output) else " " if c.ranked else "-"
            yield f"    {mark} {c.cls:<10} {c.output!r:<28} {c.weight:>8.3f} {c.lm:>8.3f} {c.total:>8.3f}"
        if not all(c.ranked for c in sp.candidates):
            yield "      (-: other spans than the grammar's best reading: the ranker only picks its classes,"
            yield "       these are not scored)"
