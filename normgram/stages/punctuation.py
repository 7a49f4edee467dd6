"""Punctuation restoration: a hidden-event n-gram model (Stolcke & Shriberg 1996).

    "so we met on march third she said" -> "so we met on march third, she said."

The marks ``, . ? !`` are hidden events between words.  A word-level n-gram model is trained
on real written text in which each mark is a token of its own ("<,>", "<.>", ...), and a gap
with no mark adds no token.  Decoding is a left-to-right beam search over the event of each
gap; hypotheses that end in the same n-1 tokens are merged (Viterbi), so the cost is linear in
the number of words.  A mark already written after a word fixes that gap's event; the stage
only adds marks, never changes or moves a word, and whitespace stays as it was.  A trigram
cannot see the "what is" that makes "... your name" a question, so an added sentence end
becomes "?" or "." by the share of questions among the training sentences that start with the
same one or two words (the model's meta "questions").  A word that
ends with its own "." ("p.m.", "Dr.") takes a sentence end without a second ".".

Why a hidden-event n-gram and not a WFST composed with the n-gram: both search the same space
(marks between fixed words); the n-gram is the project's own (normgram.ranker.NgramModel), the
beam search is a few lines of Python that run in linear time on any line length, and no FST
of the whole line is built.
"""
import regex

from .units import SENTENCE_END, foreign, lm_word, units

_LETTER = regex.compile(r"\p{L}")

EVENT_TOKEN = {",": "<,>", ".": "<.>", "?": "<?>", "!": "<!>"}
# the events the search adds: "!" is read where it is written, never added: words alone rarely
# show an exclamation (searched for, the English model added none to the 605 held-out chunks of
# its training text, and few right ones to the dev sets); inside a line a sentence end is
# searched as "." and made "?" by its first words (``ask``), which gave the same figures on the
# held-out chunks and the first 800 lines of each dev set as searching "?" there too; the last
# word's end is searched as "." or "?".  Each event left out spares a part of the search.
ADDED = ("", ",", ".")
ADDED_ENDS = (".", "?")
TOKENS = tuple(EVENT_TOKEN.values())
BEAM = 4        # hypotheses kept after each word
MARGIN = 8.0    # ... and only those within this many nats of the best
MEMO = 200_000  # histories whose mark log probabilities a memo keeps


def event_tokens(event):
    return (EVENT_TOKEN[event],) if event else ()


def decide(model, us, script, final=True, bias=0.0, beam=BEAM, memo=None, settled=0, closed=frozenset(), pause=None,
           run=0):
    """The event of every gap after the units ``us`` (a list as long as ``us``).

    ``final``: the last word ends a sentence (its gap takes . ? or !); otherwise the line may
    go on, so no sentence end is scored after it.  ``settled``: the gaps of the first
    ``settled`` units are as written (no mark is added there: text already committed);
    ``closed``: indices of units whose gap is inside an ITN span (no mark is added there).
    ``bias``: log-score
    added per inserted mark (negative: fewer marks), a float or {mark: float}.  ``memo``: a
    dict kept between calls with the same model (history -> the marks' log probabilities).
    ``pause``: (after, per_word, most) or None: an added comma gains ``per_word`` log score
    for every word past ``after`` since the hypothesis's last mark, at most ``most`` (a
    trigram sees two words back and so does not know how long a run without a pause is);
    ``run``: the words without a mark before the first unit (a streaming window's text before it).
    """
    if not us:
        return []
    bias = bias if isinstance(bias, dict) else dict.fromkeys(EVENT_TOKEN, bias)
    memo = {} if memo is None else memo
    order = model.order
    keep = max(1, order - 1)
    lp, lps = model.logprob, model.logprobs
    hyps = {("<s>",): (0.0, None, run)}  # history -> (score, back pointer (prev, event), words since a mark)
    last = len(us) - 1
    for i, u in enumerate(us):
        w = "<unk>" if foreign(u.word, script) else lm_word(u.word)
        stepped = {}
        for hist, (sc, bp, since) in hyps.items():
            s = sc + lp(w, hist)
            h = (hist + (w,))[-keep:]
            old = stepped.get(h)
            if old is None or s > old[0]:
                stepped[h] = (s, bp, since + 1)
        if u.event or i < settled or i in closed:
            choices = (u.event,)
        elif i == last and final:
            choices = ADDED_ENDS
        else:
            choices = ADDED
        nxt = {}
        for hist, (sc, bp, since) in stepped.items():
            marks = memo.get(hist)
            if marks is None:
                if len(memo) >= MEMO:
                    memo.clear()
                marks = memo[hist] = dict(zip(EVENT_TOKEN, lps(TOKENS, hist).values()))
            for ev in choices:
                if ev:
                    tok = EVENT_TOKEN[ev]
                    s = sc + marks[ev] + (0.0 if u.event else bias.get(ev, 0.0))
                    if ev == "," and pause and not u.event:
                        s += min(pause[2], pause[1] * max(0, since - pause[0]))
                    h = (hist + (tok,))[-keep:]
                else:
                    s, h = sc, hist
                if i == last and final:
                    s += lp("</s>", h)
                old = nxt.get(h)
                if old is None or s > old[0]:
                    nxt[h] = (s, (bp, ev), 0 if ev else since)
        hyps = prune(nxt, beam)
    return best_path(hyps)


def best_path(hyps):
    """The choices along the best hypothesis's back pointers ({history: (score, (back, choice))}), in order."""
    best = max(hyps.values(), key=lambda v: v[0])[1]
    out = []
    while best is not None:
        best, choice = best
        out.append(choice)
    out.reverse()
    return out


def prune(hyps, beam, margin=MARGIN):
    """The best ``beam`` hypotheses within ``margin`` of the best ({history: (score, back)})."""
    if len(hyps) == 1:
        return hyps
    ranked = sorted(hyps.items(), key=lambda kv: -kv[1][0])
    floor = ranked[0][1][0] - margin
    return dict(kv for kv in ranked[:beam] if kv[1][0] >= floor)


def ask(us, events, questions, rules=None, opened=True):
    """Added sentence ends made "?" or "." by the sentence's first words: a statement that
    begins like a question (``rules``: "what is more, ...", "do not ...") takes "."; a question
    by its form ("where is ...", "can you ...") takes "?"; otherwise
    ``questions`` maps "w1 w2" (or "w1") to the share of training sentences starting so that
    are questions; where it has no entry, the model's choice stays, unless the locale's rules
    say the model's "?" is not enough (``from_model: false``: such an end takes ".").  ``opened`` False: the first unit may be inside a sentence (a streaming
    window cut from committed text), so the first sentence is not read."""
    out, start = list(events), (0 if opened else None)
    for i, ev in enumerate(events):
        if ev not in (".", "?", "!"):
            continue
        if start is not None and not us[i].event and ev in (".", "?"):
            head = [lm_word(u.word) for u in us[start:min(i + 1, start + 6)]]
            if rules is not None and rules.is_statement(head, events[start:start + len(head)]):
                out[i] = "."
                start = i + 1
                continue
            if rules is not None and rules.is_question(head[:4]):
                out[i] = "?"
                start = i + 1
                continue
            words = [lm_word(u.word) for u in us[start:start + 2]]
            share = questions.get(" ".join(words), questions.get(words[0]))
            if share is not None:
                out[i] = "?" if share >= 0.5 else "."
            elif rules is not None and not rules.model_questions:
                out[i] = "."  # the model's own "?" is not enough (rules.yaml questions.from_model)
        start = i + 1
    return out


def restore(model, line, script, final=True, bias=0.0, memo=None, settled=0, questions=None, opening=None,
            rules=None, opened=True, fixed=(), run=0):
    """(insertions, units, events) for a line: insertions are (offset, mark) pairs, in order, of
    the marks to add; ``events`` holds the event of every unit's gap (written or added).
    ``settled``: no mark is added in the gaps of the words ending before this offset;
    ``questions``, ``opening``: the model's (StageSettings); ``rules``: the locale's StageRules; ``opened`` False: the line's first word may be inside a
    sentence (see ``ask``); ``fixed``: character ranges (start, end) of ITN spans, inside which
    no mark is added ("14 February 2013" stays as ITN wrote it, not "14 February, 2013"); ``run``:
    the words without a mark before the line's first word (see ``decide``)."""
    us = units(line)
    if not us:
        return [], us, []
    done = sum(1 for u in us if u.tail_end <= settled) if settled else 0
    closed = frozenset(i for i in range(len(us) - 1)
                       if any(a <= us[i].start and us[i + 1].start < b for a, b in fixed)) if fixed else frozenset()
    head = opened and rules is not None and not rules.heading_end and rules.heading([u.word.lower() for u in us])
    if head:
        closed |= {0}  # "CHAPTER VII", not "CHAPTER. VII"
    events = decide(model, us, script, final=final, bias=bias, memo=memo, settled=done, closed=closed,
                    pause=rules.pause if rules is not None else None, run=run)
    if questions or rules is not None:
        events = ask(us, events, questions or {}, rules, opened=opened)
    if head and final and not us[-1].event:
        events[-1] = ""  # books print "CHAPTER VII" without a sentence end (rules.yaml headings)
    inserts = []
    for u, ev in zip(us, events):
        if not ev or u.event:
            continue
        if ev == "." and u.abbrev:
            continue  # "p.m." ends the sentence with its own "."
        inserts.append((u.tail_end, rules.written(ev) if rules is not None else ev))
    if opening:
        inserts = sorted(inserts + opening_marks(line, us, events, opening, settled), key=lambda x: x[0])
    return inserts, us, events


def number_line_end(line):
    """The insertion [(offset, ".")] that ends a line of numbers alone ("1716", "26, 28"; no
    letter of any script), none where its last word has a mark already or the line has a letter."""
    if _LETTER.search(line):
        return []
    us = units(line)
    if not us or us[-1].event or us[-1].abbrev:
        return []
    return [(us[-1].tail_end, ".")]


def opening_marks(line, us, events, opening, settled=0):
    """(offset, mark) insertions of the opening marks a locale writes before a sentence whose
    added end is "?" or "!" (Spanish "¿Dónde está?", ``opening`` {"?": "¿", "!": "¡"} in the
    model's meta): before the sentence's first word, unless one is written there already or
    the sentence began in settled text."""
    out, start = [], 0
    for i, ev in enumerate(events):
        if ev not in SENTENCE_END:
            continue
        first = us[start]
        mark = opening.get(ev)
        if mark and not us[i].event and first.start >= settled and mark not in line[max(0, first.start - 2):first.start]:
            out.append((first.start, mark))
        start = i + 1
    return out
