"""Class gates: a class whose every reading contains one of a few words is only tried in
regions that contain one of them.

Composing a region with the region FST explores every class's prefixes at every word:
"four thousand five hundred" is read by money's amount grammar, measure's count and
percent's number until each of them fails to find "dollars", a unit or "percent".  Most
regions hold none of those words, so most of that work is wasted.  A *gated* class's span
in the region FST starts with the class's gate symbol on its input side; the pipeline
offers that symbol (at every place a span can start) only when the region's text holds one
of the class's gate words, so the class's branch is never entered otherwise.

Gate words are found at compile time, not declared: a class's own trigger words (minus
the trigger words of the classes it builds on, such as the number words), kept only if
the compiler proves that every input the class reads contains one of them (as a
substring, after lowercasing), then thinned to drop short words that are not needed.  A
class for which the proof fails is not gated.  So gating never changes an output; it only
skips work that cannot lead to a reading.

Finer gates, each derived from the class FSTs at compile time (compile.region_parts):
- Reading groups: a class whose cue-less readings make it ungateable ("it costs four
  fifty") splits its spoken side (lib.ClassGrammar.groups); each group is gated apart.
- Position: a span holds a gate word, so the gate is offered only up to the last one.
- Length: a class whose every reading spans k >= 2 words (min_words) is offered only
  where k words follow, and, where the words it reads are a finite set (vocabulary),
  only where k of those follow in a row ("five five five one two" for telephone).
- First word: a class whose readings begin with a finite set of words (first_words: the
  cardinal's number words, "minus", ...) is offered only at a word of that set, so the
  words around an entity ("on", "the", "at") are not read as its possible starts.
"""
import pynini
import regex

from .segmenter import literal as _acc

OTHER = "\ue0ff"      # any character of no candidate word (see _reduced_input)
GATE_BASE = 0xE300  # gate symbols: private-use code points, never in an input (see Pipeline)
BLOCKS = 4          # other classes whose shared words thinning tries to drop (a proof each)


def gate_label(index):
    """The gate symbol of the class at ``index``."""
    return GATE_BASE + index


def group_label(k):
    """The gate symbol of the ``k``-th gated reading group (lib.ClassGrammar.groups)."""
    return GATE_BASE + 0x80 + k


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


def lower(s):
    """Lowercase keeping the length (a character whose lowercase is longer stays)."""
    low = s.lower()
    return low if len(low) == len(s) else "".join(c.lower() if len(c.lower()) == 1 else c for c in s)


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


def pattern(words, bounded):
    """The regex that finds a class's gate words in a lowercased region string (None: no words)."""
    if not words:
        return None
    alt = "|".join(regex.escape(w) for w in sorted(words, key=len, reverse=True))
    return regex.compile(rf"(?<!\w)(?:{alt})(?!\w)" if bounded else alt)


def vocabulary(fst, alphabet, limit=3000):
    """The space-separated words of the inputs ``fst`` reads, sorted, or None when they are
    unbounded or more than ``limit`` (an open class such as street names).  With it, a
    class of k >= 2 words is offered only where k words of its vocabulary follow."""
    return _words(fst, alphabet, limit, first=False)


def first_words(fst, alphabet, limit=300):
    """The first space-separated words of the inputs ``fst`` reads, sorted, or None when they
    are unbounded (a digit string), more than ``limit`` or include the empty word.  With
    them, a class is offered only at a region word that can begin one of its readings (the
    cardinal at "twenty", not at "the"), as the vocabulary gate but for one word.  The
    limit keeps the English ITN roman numerals (568 first words) ungated: gating them
    reorders the n-best paths of exact ties (a four-way telephone tie in the GoogleTN dev
    set), so outputs would change where only the grammar's arc order decides."""
    found = _words(fst, alphabet, limit, first=True)
    return None if found is None or "" in found else found


def _words(fst, alphabet, limit, first):
    inp = pynini.arcmap(pynini.project(fst, "input"), map_type="rmweight")
    cut = pynini.Fst()  # any input -> one of its words (its first one if ``first``)
    start, skip, word, after = (cut.add_state() for _ in range(4))
    cut.set_start(start)
    one, sp = pynini.Weight.one(cut.weight_type()), ord(" ")
    arc = lambda a, i, o, b: cut.add_arc(a, pynini.Arc(i, o, one, b))
    if not first:
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
    words = pynini.project(pynini.compose(inp, cut.arcsort("ilabel")), "output").rmepsilon().connect()
    # a cycle in the trimmed acceptor: unbounded words (digit strings); known before determinizing
    if words.start() == pynini.NO_STATE_ID or words.properties(pynini.ACYCLIC, True) != pynini.ACYCLIC:
        return None
    words = pynini.determinize(words).minimize()
    found = set()
    for w in words.paths(output_token_type="utf8").ostrings():
        found.add(w)
        if len(found) > limit:
            return None
    return sorted(found)


class Gates:
    """One direction's gates at run time (FAR meta ``gates``): the region acceptor with each
    gate offered where its class can start.  ``edge``: the edge punctuation a region may
    split off an entity."""

    def __init__(self, found, edge, possessive=()):
        self._edge, self._vocabs, self._masks, self._hits, self._gates = edge, [], {}, {}, []
        self._possessive = tuple(possessive)  # endings the region FST copies after a span ("'s")
        for g in sorted(found.values(), key=lambda g: g["label"]):
            bit = self._vocab(g.get("vocabulary"))
            first = self._vocab(g.get("first_words"))
            # gate words with no space never match across region words: found word by word
            spaced = any(" " in w for w in g["words"])
            self._gates.append((g["label"], g.get("min_words", 1), pattern(g["words"], g["bounded"]), bit, first,
                                spaced))

    def _vocab(self, words):
        """The mask bit of a word set (None: no set)."""
        if words is None:
            return None
        self._vocabs.append(frozenset(words))
        return len(self._vocabs) - 1

    def _mask(self, w):
        """Bit k set: the region word ``w`` can be a word of vocabulary k inside a span (the
        word itself, or with edge punctuation, a hyphenated suffix ("-dollar") or a possessive
        ending ("nineteen's") cut off, which the region FST reads outside the span)."""
        m = self._masks.get(w)
        if m is None:
            e, forms = self._edge, set()
            lead = len(w) - len(w.lstrip(e))
            for a in range(lead + 1):
                x = w[a:]
                trail = len(x) - len(x.rstrip(e))
                for b in range(trail + 1):
                    y = x[:len(x) - b]
                    forms.add(y)
                    forms.update(y[:i] for i, c in enumerate(y) if c == "-")
                    forms.update(y[:-len(p)] for p in self._possessive if y.lower().endswith(p))
            m = sum(1 << k for k, v in enumerate(self._vocabs) if not forms.isdisjoint(v))
            if len(self._masks) >= 50_000:
                self._masks.clear()
            self._masks[w] = m
        return m

    def _last_in(self, w):
        """Per gate whose last gate word starts in the lowercased region word ``w``
        (last_start): (gate index, where), for gates with words and no spaced word."""
        h = self._hits.get(w)
        if h is None:
            h = tuple((k, at) for k, at in enumerate(
                -1 if found is None or spaced else last_start(found, w) for _, _, found, _, _, spaced in self._gates)
                if at >= 0)
            if len(self._hits) >= 50_000:
                self._hits.clear()
            self._hits[w] = h
        return h

    def acceptor(self, src, low):
        """The region string ``src`` (``low``: lowercased) as an acceptor that may read an
        entry's gate symbol where a span of it can start: at a word's start or after edge
        punctuation that opens it (segmenter: an item starts after a space), at or before
        the last of its gate words, with enough words left (of its vocabulary, if it has one),
        at a word that can begin one of its readings (if its first words are a finite set)."""
        words = src.split(" ")
        masks = [self._mask(w) for w in words] if self._vocabs else None
        n, starts, offsets, pos = len(words), [], [], 0
        for w in words:  # the states where a span can start in each word
            lead = len(w) - len(w.lstrip(self._edge))
            starts.append(range(pos, pos + lead + 1))
            offsets.append(pos)
            pos += len(w) + 1
        lasts = {}  # gate index -> where the last region word holding one of its gate words holds it
        lows = words if low == src else low.split(" ")
        for j in range(n - 1, -1, -1):
            for k, at in self._last_in(lows[j]):
                if k not in lasts:
                    lasts[k] = offsets[j] + at
        acc = pynini.accep(pynini.escape(src), token_type="utf8")
        one = pynini.Weight.one(acc.weight_type())
        for k, (label, least, found, bit, first, spaced) in enumerate(self._gates):  # a state's gate arcs in label order
            if found is None:
                last = len(src)
            elif spaced:
                last = last_start(found, low)
            else:
                last = lasts.get(k, -1)
            if last < 0:
                continue
            if bit is None:  # any words: k words must follow
                ok = range(n - least + 1)
            else:  # k words of the vocabulary in a row
                ok, run = [], 0
                for j in range(n - 1, -1, -1):
                    run = run + 1 if masks[j] >> bit & 1 else 0
                    if run >= least:
                        ok.append(j)
                ok.reverse()
            for j in ok:
                if first is not None and not masks[j] >> first & 1:
                    continue
                for state in starts[j]:
                    if state <= last:
                        acc.add_arc(state, pynini.Arc(label, label, one, state))
        return acc


def last_start(words, low):
    """Where the last occurrence of a gate word starts in the lowercased region ``low``
    (overlapping ones counted), or -1.  A span of a word-gated class holds one, so it
    starts at or before this."""
    m, last = words.search(low), -1
    while m is not None:
        last = m.start()
        m = words.search(low, last + 1)
    return last
