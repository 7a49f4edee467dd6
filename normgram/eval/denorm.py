"""Denormalization metrics: punctuation and capitals restored after ITN.

Tokens: whitespace-separated words with the punctuation at their edges split off, one token
per mark character ("London," -> "London" ","), so "word ." and "word." score the same.

``subset_wers(ref, hyp)`` (Suter & Novak 2022, "Neural Text Denormalization for Speech
Transcripts"): WER over all tokens, and over each token subset after removing the tokens
outside it from both sides:
    pWER  punctuation tokens            dWER  tokens with a digit
    uWER  tokens with a capital letter  cWER  copy tokens (lower case, no digit, no mark:
                                              what ITN copies from a lowercased transcript)
``caps(ref, hyp)`` (Rei, Guerreiro, Batista 2021): over the words aligned by their lower case,
slots = reference words with a capital; misses (ref capitalized, hyp not), false alarms (hyp
capitalized, ref not), wrong forms (both, different); SER = (M + FA + W) / slots, F1 over
capitalized words (a hit = the same form).
``marks(ref, hyp)``: per-mark precision / recall / F1 of the mark after each aligned word
(marks read as the stages read them: ", . ? !", with ";" and ":" as ",").

``DenormScore`` adds pairs up (corpus rates: total errors / total tokens);
``line_subset(spec)`` picks lines of an evaluation file by position ("0,1,2/4": the lines i
with i % 4 in {0, 1, 2}), so that a model can train on some lines and be scored on the others.
``score_pairs(fn, pairs, task)`` runs a denormalizer on pairs:
    task "denorm":   input = the spoken side lowercased, marks removed (``spoken_input``),
                     reference = the written side; fn is e.g.
                     ``lambda s: den.denormalize(norm.itn_result(s)).output``
    task "truecase": input = the reference lowercased, marks kept; fn = ``den.truecase``
"""
from collections import Counter

import regex

from .metrics import align, word_errors
from ..stages.units import EVENTS, units

_EDGE_L = regex.compile(r"^\p{P}+")
_EDGE_R = regex.compile(r"\p{P}+$")
SUBSETS = {
    "pwer": lambda t: regex.fullmatch(r"\p{P}+", t) is not None,
    "dwer": lambda t: regex.search(r"\p{N}", t) is not None,
    "uwer": lambda t: any(c.isupper() for c in t),
    "cwer": lambda t: t == t.lower() and not regex.search(r"[\p{N}\p{P}]", t),
}
MARKS = tuple(e for e in EVENTS if e)


def tokens(text):
    """Words with their edge punctuation split off, one token per mark character."""
    out = []
    for tok in text.split():
        left = _EDGE_L.match(tok)
        a = left.end() if left else 0
        if a == len(tok):
            out.extend(tok)
            continue
        right = _EDGE_R.search(tok, a)
        b = right.start() if right else len(tok)
        out.extend(tok[:a])
        out.append(tok[a:b])
        out.extend(tok[b:])
    return out


def spoken_input(text):
    """A spoken form as a recognizer writes it: lowercased, marks removed."""
    return " ".join(u.word.lower() for u in units(text))


def subset_errors(ref, hyp):
    """{"wer": (errors, ref tokens), "pwer": ..., ...} for one pair of strings."""
    r, h = tokens(ref), tokens(hyp)
    out = {"wer": _errors(r, h)}
    for name, keep in SUBSETS.items():
        out[name] = _errors([t for t in r if keep(t)], [t for t in h if keep(t)])
    return out


def _errors(r, h):
    s, d, i, n = word_errors(r, h)
    return s + d + i, n


def subset_wers(ref, hyp):
    return {k: e / max(1, n) for k, (e, n) in subset_errors(ref, hyp).items()}


def _aligned_words(ref, hyp):
    """Pairs of aligned units (ref unit, hyp unit) whose words are equal in lower case."""
    ru, hu = units(ref), units(hyp)
    a = [u.word.lower() for u in ru]
    b = [u.word.lower() for u in hu]
    return [(ru[i], hu[j]) for i, j in align(a, b) if i is not None and j is not None and a[i] == b[j]]


def cap_counts(ref, hyp):
    """Counter of slots, misses, false_alarms, wrong, hits, hyp_caps for one pair."""
    c = Counter()
    for ru, hu in _aligned_words(ref, hyp):
        rc, hc = ru.word != ru.word.lower(), hu.word != hu.word.lower()
        c["slots"] += rc
        c["hyp_caps"] += hc
        if rc and not hc:
            c["misses"] += 1
        elif hc and not rc:
            c["false_alarms"] += 1
        elif rc and hc:
            if ru.word == hu.word:
                c["hits"] += 1
            else:
                c["wrong"] += 1
    return c


def caps_report(c):
    ser = (c["misses"] + c["false_alarms"] + c["wrong"]) / max(1, c["slots"])
    p, r = c["hits"] / max(1, c["hyp_caps"]), c["hits"] / max(1, c["slots"])
    return {"ser": ser, "precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0,
            "slots": c["slots"]}


def mark_counts(ref, hyp):
    """Counter of (mark, "tp"|"pred"|"gold") over the gaps after aligned words."""
    c = Counter()
    for ru, hu in _aligned_words(ref, hyp):
        if ru.event:
            c[ru.event, "gold"] += 1
        if hu.event:
            c[hu.event, "pred"] += 1
        if ru.event and ru.event == hu.event:
            c[ru.event, "tp"] += 1
    return c


def marks_report(c):
    out = {}
    for m in (*MARKS, "all"):
        tp, pred, gold = ((sum(c[x, k] for x in MARKS) if m == "all" else c[m, k]) for k in ("tp", "pred", "gold"))
        p, r = tp / max(1, pred), tp / max(1, gold)
        out[m] = {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0, "gold": gold}
    return out


class DenormScore:
    """Corpus totals of the denormalization metrics."""

    def __init__(self):
        self.n = 0
        self.c = Counter()
        self.caps = Counter()
        self.marks = Counter()

    def add(self, ref, hyp):
        self.n += 1
        for k, (e, n) in subset_errors(ref, hyp).items():
            self.c[k + "_errors"] += e
            self.c[k + "_tokens"] += n
        self.caps += cap_counts(ref, hyp)
        self.marks += mark_counts(ref, hyp)

    def report(self):
        rep = {"n": self.n}
        for k in ("wer", *SUBSETS):
            rep[k] = self.c[k + "_errors"] / max(1, self.c[k + "_tokens"])
        rep["caps"] = caps_report(self.caps)
        rep["marks"] = marks_report(self.marks)
        return rep


def line_subset(spec):
    """A predicate on a line's position (0-based, over the file's non-empty lines) from
    "R[,R...]/P": true where position % P is one of the Rs; None or "" keeps every line."""
    if not spec:
        return lambda i: True
    try:
        rems, period = spec.split("/")
        period = int(period)
        keep = {int(r) for r in rems.split(",")}
    except ValueError:
        raise ValueError(f"line subset must look like '0,1,2/4', not {spec!r}") from None
    if period < 1:
        raise ValueError(f"line subset {spec!r}: the period after '/' must be 1 or more")
    if not keep or not all(0 <= r < period for r in keep):
        raise ValueError(f"line subset {spec!r}: remainders must lie in 0..{period - 1}")
    return lambda i: i % period in keep


def score_pairs(fn, pairs, task="denorm"):
    """Score ``fn`` (text -> text) on (spoken, written) pairs; see the module doc for tasks."""
    if task not in ("denorm", "truecase"):
        raise ValueError(f"task must be 'denorm' or 'truecase', not {task!r}")
    acc = DenormScore()
    for spoken, written in pairs:
        src = spoken_input(spoken) if task == "denorm" else written.lower()
        acc.add(written, fn(src))
    return acc.report()
