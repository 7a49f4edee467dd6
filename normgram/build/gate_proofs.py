"""Gate proofs: which words every reading of a class holds, proved on the class FSTs at
compile time (the gates the region FST and the runtime Gates use: normgram/run/gates.py).
"""
import pynini
import regex

from ..run.gates import lower
from .regions import literal as _acc

OTHER = "\ue0ff"      # any character of no candidate word (see _reduced_input)
BLOCKS = 4          # other classes whose shared words thinning tries to drop (a proof each)


def candidate_words(built, mods, name, direction, common=frozenset()):
    """Candidate gate word sets of a class for ``direction``, the preferred first: its own
    trigger words without those of the classes it builds on (number words), its own trigger
    words, those plus its dependencies' ("a third" reaches fraction from ordinal), and (TN)
    those plus its own ITN trigger words; and,
    per other class, the words of the last set that class also uses: the blocks thinning
    tries to drop.  ``common``: words in nearly every region (common_words of the class
    locale.yaml number_class names), which are no candidates."""
    def words(n, d=direction):
        t = built[n].triggers.get(d, {})
        found = {w.lower() for w in (*t.get("anchors", ()), *t.get("joiners", ()), *t.get("context", {}))
                 if w.strip()}
        for p in t.get("patterns", ()):
            found.update(_literals(p))
        return found

    own, inherited, stack, seen = words(name), set(), list(mods[name].REQUIRES), set()
    while stack:
        dep = stack.pop()
        if dep not in seen:
            seen.add(dep)
            inherited |= words(dep)
            stack.extend(mods[dep].REQUIRES)
    every = (own | inherited) - common
    blocks = [b for b in (every & words(n) for n in built if n != name) if b]
    # last, in TN, with the words that cue the class in ITN: a written "60 billion" or "5 per
    # cent" holds the words the spoken side says ("billion", "per"); spoken input never holds
    # the written side's marks, so ITN does not try them (each proof costs compile time)
    other = words(name, "itn") if direction == "tn" else set()
    sets = [ws - common for ws in (own - inherited, own, every, every | other)]
    return [sorted(ws) for i, ws in enumerate(sets) if ws and ws not in sets[:i]], blocks


_SYNTAX = regex.compile(r"\\[dDsSwWbBAZ]|\(\?[a-zA-Z]+[:)]|\{[\d,]+\}|\w-\w|[()|\[\]^$*+?{}.]")
_LITERAL = regex.compile(r"[^\W\d_]+|[^\w\s]")


def _literals(pattern):
    """The literal letter runs and marks of a trigger regex, lowercased ("\\d\\s*%" -> %,
    "\\d(st|nd)" -> st, nd; classes, ranges and operators dropped)."""
    marks = regex.findall(r"\\([^\w\s])", pattern)
    rest = _SYNTAX.sub(" ", regex.sub(r"\\[^\w\s]", " ", pattern))
    return {x.lower() for x in _LITERAL.findall(rest)} | set(marks)


def common_words(built, common, direction):
    """Words in nearly every region, so that a gate needing one would always be open: the
    ``common`` class's joiners (the cardinal's "and", "a") and the words it reads on their
    own ("five", "twenty"; not "million" or "minus")."""
    if common not in built:
        return set()
    g, t = built[common], built[common].triggers.get(direction, {})
    out = {w.lower() for w in t.get("joiners", ())}
    for w in t.get("anchors", ()):
        a = _acc(w)
        read = pynini.compose(a, g.written) if direction == "tn" else pynini.compose(g.spoken, a)
        if read.start() != pynini.NO_STATE_ID and read.num_states():
            out.add(w.lower())
    return frozenset(out)


def _reduced_input(fst, alphabet, words):
    """The inputs ``fst`` can meet at run time (strings over the locale's alphabet: other
    characters never reach it) as the gate test sees them: lowercased as ``lower`` does,
    every character that is in no candidate word written as one OTHER symbol (a small
    alphabet keeps the proofs fast).  -> (acceptor, its symbols)."""
    keep = set("".join(words)) | {" "}
    reduce = pynini.Fst()
    state = reduce.add_state()
    reduce.set_start(state)
    reduce.set_final(state)
    one = pynini.Weight.one(reduce.weight_type())
    for c in alphabet:
        low = lower(c)
        reduce.add_arc(state, pynini.Arc(ord(c), ord(low if low in keep else OTHER), one, state))
    reduced = pynini.compose(pynini.project(fst, "input"), reduce.arcsort("ilabel"))
    return pynini.project(reduced, "output"), {ord(c) for c in keep | {OTHER}}


def _holding(words, sigma, bounded):
    """Deterministic acceptor of the strings over ``sigma`` holding one of ``words`` (as a
    whole space-separated word when ``bounded``)."""
    star = pynini.union(*(_acc(chr(s)) for s in sorted(sigma))).closure()
    w = pynini.union(*(_acc(x) for x in words))
    if bounded:
        w = (pynini.accep("") | star + _acc(" ")) + w + (pynini.accep("") | _acc(" ") + star)
    else:
        w = star + w + star
    return pynini.determinize(w.rmepsilon()).minimize()


def _proved(low, sigma, words, bounded):
    if not words:
        return False
    rest = pynini.difference(low, _holding(words, sigma, bounded))
    return rest.start() == pynini.NO_STATE_ID or rest.num_states() == 0


def derive(fst, alphabet, candidates, blocks=(), short_ok=False):
    """-> (gate words, bounded) for a class FST (its first stage for a staged class), or
    ([], False) when no useful word set is proved to be in every input it reads.
    ``candidates``: word sets to try, the preferred first (candidate_words).  ``bounded``:
    each input holds one of the words as a whole word (else as a substring)."""
    if not candidates:
        return [], False
    low, sigma = _reduced_input(fst, alphabet, set().union(*candidates))
    for rank, words in enumerate(candidates):
        if _proved(low, sigma, words, False):  # as substrings (whole words prove more)
            bounded = _proved(low, sigma, words, True)
            break
    else:
        return [], False

    def fewer(drop):
        rest = [w for w in words if w not in drop]
        return rest if _proved(low, sigma, rest, bounded) else None

    if not bounded and not short_ok:  # as substrings, "to" or a letter is in nearly every
        # spoken region; ``short_ok`` for written regions (digit tokens and the words beside
        # them), where "st" or "%" is rare
        tiny = {w for w in words if len(w) <= 2 and w.isalnum()}
        if tiny:
            words = fewer(tiny)
            if words is None:
                return [], False
    if rank:  # with words of other classes (number words, "a", ...): drop them where the
        # proof allows, the biggest such set first, a class at a time
        for block in sorted(blocks, key=len, reverse=True)[:BLOCKS]:
            if block & set(words):
                words = fewer(block) or words
    for w in sorted((w for w in words if len(w) <= 2 and w.isalnum()), key=len):
        words = fewer({w}) or words
    return sorted(words), bounded


def min_words(fst):
    """The fewest space-separated words of any input ``fst`` reads.  A class whose every
    reading spans k >= 2 words is gated by length: its gate is offered only where k words
    are left in the region ("four thirty" is no time in a region of one word)."""
    inp = pynini.arcmap(pynini.project(fst, "input"), map_type="rmweight")
    space = pynini.Weight(inp.weight_type(), 1)
    for state in inp.states():
        arcs = inp.mutable_arcs(state)
        while not arcs.done():
            arc = arcs.value()
            if arc.ilabel == ord(" "):
                arcs.set_value(pynini.Arc(arc.ilabel, arc.olabel, space, arc.nextstate))
            arcs.next()
    found = pynini.shortestdistance(inp, reverse=True)
    return int(float(found[inp.start()])) + 1 if inp.start() < len(found) else 1


def vocabulary(fst, alphabet, limit=3000):
    """The space-separated words of the inputs ``fst`` reads, sorted, or None when they are
    unbounded or more than ``limit`` (an open class such as street names).  With it, a
    class of k >= 2 words is offered only where k words of its vocabulary follow."""
    return _listed(_words(fst, alphabet), limit)


def first_words(fst, alphabet, limit=300):
    """The first space-separated words of the inputs ``fst`` reads, sorted, or None when they
    are unbounded (a digit string), more than ``limit`` or include the empty word.  With
    them, a class is offered only at a region word that can begin one of its readings (the
    cardinal at "twenty", not at "the"), as the vocabulary gate but for one word.  The
    limit keeps the English ITN roman numerals (568 first words) ungated: gating them
    reorders the n-best paths of exact ties (a four-way telephone tie in the GoogleTN dev
    set), so outputs would change where only the grammar's arc order decides."""
    found = _listed(_first_words(fst, alphabet), limit)
    return None if found is None or "" in found else found


def _first_words(fst, alphabet):
    """Acceptor of the first words of the inputs ``fst`` reads over ``alphabet``: the
    input side with each space arc sent to one new final state, so that what follows a
    first word is cut off before epsilon removal (composing with a transducer that deletes
    the rest, as _words does, leaves the rest to epsilon removal: ~6 s for ru TN percent)."""
    sp = ord(" ")
    inp = pynini.compose(pynini.arcmap(pynini.project(fst, "input"), map_type="rmweight"),
                         _sigma_star({*map(ord, alphabet), sp})).connect()
    if inp.start() == pynini.NO_STATE_ID:
        return inp
    end = inp.add_state()
    inp.set_final(end)
    for state in inp.states():
        arcs = inp.mutable_arcs(state)
        while not arcs.done():
            arc = arcs.value()
            if arc.ilabel == sp:
                arcs.set_value(pynini.Arc(0, 0, arc.weight, end))
            arcs.next()
    return inp.connect().rmepsilon().connect()


def _sigma_star(labels):
    """One-state acceptor of the strings over ``labels``, arc-sorted."""
    out = pynini.Fst()
    state = out.add_state()
    out.set_start(state)
    out.set_final(state)
    one = pynini.Weight.one(out.weight_type())
    for c in sorted(labels):
        out.add_arc(state, pynini.Arc(c, c, one, state))
    return out


def _listed(words, limit):
    """The strings of the trimmed epsilon-free acceptor ``words``, sorted, or None when they
    are unbounded (a cycle: digit strings; known before determinizing) or more than ``limit``."""
    if words.start() == pynini.NO_STATE_ID or words.properties(pynini.ACYCLIC, True) != pynini.ACYCLIC:
        return None
    words = pynini.determinize(words).minimize()
    found = set()
    for w in words.paths(output_token_type="utf8").ostrings():
        found.add(w)
        if len(found) > limit:
            return None
    return sorted(found)


def _words(fst, alphabet):
    """Acceptor of the space-separated words of the inputs ``fst`` reads."""
    inp = pynini.arcmap(pynini.project(fst, "input"), map_type="rmweight")
    cut = pynini.Fst()  # any input -> one of its words
    start, skip, word, after = (cut.add_state() for _ in range(4))
    cut.set_start(start)
    one, sp = pynini.Weight.one(cut.weight_type()), ord(" ")
    arc = lambda a, i, o, b: cut.add_arc(a, pynini.Arc(i, o, one, b))
    arc(start, 0, 0, skip)
    arc(start, 0, 0, word)
    for c in map(ord, alphabet):
        arc(skip, c, 0, skip)
        arc(after, c, 0, after)
        if c != sp:
            arc(word, c, c, word)
    arc(skip, sp, 0, word)
    arc(word, sp, 0, after)
    cut.set_final(word)
    cut.set_final(after)
    return pynini.project(pynini.compose(inp, cut.arcsort("ilabel")), "output").rmepsilon().connect()
