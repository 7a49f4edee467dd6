"""Human-readable account of why each span was converted the way it was."""


def explain_lines(norm, text, direction):
    res = norm.tn_result(text) if direction == "tn" else norm.itn_result(text)
    yield f"{direction}: {text}"
    yield f"  -> {res.output}"
    if not res.spans:
        yield "  (no span converted)"
    for sp in res.spans:
        yield f"  [{sp.start}:{sp.end}] {sp.input!r} -> {sp.output!r} ({sp.cls})"
        cands = sorted(sp.candidates, key=lambda c: (not c.ranked, c.total))
        name = lambda c: c.cls or "(as is)"  # noqa: E731  (a reading that converts nothing)
        wc = max([10] + [len(name(c)) for c in cands])
        wo = max([28] + [len(repr(c.output)) for c in cands])
        yield f"      {'class':<{wc}} {'output':<{wo}} {'grammar':>8} {'lm':>8} {'total':>8}"
        # readings over other spans than the grammar's best one are listed last, marked "-":
        # the ranker only chooses the classes of the grammar's spans (Pipeline._rank)
        for c in cands:
            mark = "*" if (c.cls, c.output) == (sp.cls, sp.output) else " " if c.ranked else "-"
            yield f"    {mark} {name(c):<{wc}} {c.output!r:<{wo}} {c.weight:>8.3f} {c.lm:>8.3f} {c.total:>8.3f}"
        if not all(c.ranked for c in sp.candidates):
            yield "      (-: other spans than the grammar's best reading: the ranker only picks its classes,"
            yield "       these are not scored)"
