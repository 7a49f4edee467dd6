"""Case cues (ITN): in a text written in case, words a normalizer said show in lower case.

Rules of ``labels.LabelContext`` (itn_rules formats.yaml ``label_context``) that pick,
among a region's readings, the one the case of the text calls for:

- ``lower_case_names`` (``compact``): "on the seventh of may , she" -> "on 7 May , she";
- ``initials_before`` (``initials``): "h h Scott , Marantz" -> "H.H. Scott , Marantz";
- ``and_numbers`` (``and_numbers``): "a capacity of two hundred and eighty lights ," keeps
  its words (a text that shows it is written, by case or marks, spells such numbers out).
- ``keyword_digits`` (``keyword_digits``): "Chapter two : House" -> "Chapter 2 : House".
- ``words_before_lower`` (``words_before_lower``): "natives versus migrants" stays (not "vs.").
- ``sign_after_name`` (``sign_after_name``): "Cyberforce number one" -> "Cyberforce #1".

Lower-case text (ASR output) shows nothing and keeps the best reading.
"""
# marks at a word's edge that show a written text (not the apostrophe of "'em", "o'")
_APOSTROPHES = "'’‘"


def name(word):
    """A word written with a capital, letters only ("Radio", "BBC", "McBean"; not "I")."""
    return word.isalpha() and word[:1].isupper() and word != "I"


def proper_name(word):
    """A name written as names are, a capital then lower case ("Everest", "McBean"; not an
    acronym "NFS", nor an acronym's plural "IDs", "CDs")."""
    return name(word) and word[1:2].islower()


def cased_word(word):
    """A word with a capital that shows a text written in case (not "I", "I'm")."""
    return word != word.lower() and word != "I" and not word.startswith(("I'", "I’"))


def differing_in(hyps, best, i):
    """The readings of ``hyps`` that differ from ``best`` in its span ``i`` alone (same
    bounds, any output): the choices a rule over that one span has."""
    return [h for h in hyps if len(h.spans) == len(best.spans) and h.spans[i][:2] == best.spans[i][:2]
            and all(h.spans[j] == sp for j, sp in enumerate(best.spans) if j != i)]


def cheapest(hyps):
    """The reading a rule writes among ``hyps``: the lowest total cost, then grammar weight."""
    return min(hyps, key=lambda h: (h.total, h.weight))


def cheapest_without(hyps, best, s, e, allowed):
    """The reading the grammar gives region offsets [s, e) without what a rule takes away:
    the lowest grammar weight among readings whose spans over [s, e) all pass ``allowed(span)``
    and that read the rest of the region as ``best`` does; ``best`` where there is none.  The
    ranker ordered the taken reading's segmentation only, so its costs do not compare."""
    outside = lambda sp: sp[1] <= s or sp[0] >= e
    keep = [sp for sp in best.spans if outside(sp)]
    alts = [h for h in hyps if all(outside(sp) or allowed(sp) for sp in h.spans)
            and [sp for sp in h.spans if outside(sp)] == keep]
    return min(alts, key=lambda h: h.weight) if alts else best


def initials(ctx, src, hyps, best, left, right, words):
    """Two letters said one by one and written as an acronym ("d m" -> "DM") before a
    name that ends a name phrase (a word written with a capital followed by a comma,
    "(" or "and": "d m Hillis , and", "e a Smith , 1907") are a person's initials:
    "D.M. Hillis".  Lower-case text shows no name.  -> (reading, asked)."""
    asked = False
    for i, (s, e, _, out) in enumerate(best.spans):
        said = src[s:e].split(" ")
        if len(said) != 2 or not all(len(w) == 1 and w.isalpha() for w in said) or out != "".join(said).upper():
            continue
        k = src.count(" ", 0, s)
        nxt = (words[k + 2:] + right)[:2]
        if words[k:k + 2] != said:
            continue
        asked = True  # also with no word after yet: the words to come decide (streaming)
        if not nxt:
            continue
        word, comma = nxt[0].rstrip(","), nxt[0].endswith(",")
        ends = comma or len(nxt) > 1 and nxt[1].startswith(ctx.initials_before)
        if len(word) < 2 or not name(word) or not ends:
            continue
        dotted = ".".join(out) + "."
        alts = [h for h in differing_in(hyps, best, i) if h.spans[i][3] == dotted]
        if alts:
            best = cheapest(alts)
    return best, asked


def compact(ctx, src, hyps, best, left, right, words):
    """A span whose words hold a ``lower_case_names`` word written in lower case in a
    text that shows case, or sets a mark apart (tokenized text, ``ctx.tokenized``: "on
    the seventh of may , they"): the text's writer did not
    write that name as a word there, a normalizer said it; the span is written in the
    compact form of the name (the cheapest reading with fewer words that writes the
    name with its capital: "7 May", not "the 7th of May").  Lower-case text (ASR) and
    names written with their capital ("the seventh of May") keep the best reading.
    -> (reading, whether the context words were asked)."""
    asked = False
    for i, (s, e, _, out) in enumerate(best.spans):
        k, n = src.count(" ", 0, s), src.count(" ", s, e) + 1
        names = [w for w in (ctx.split(x)[1] for x in words[k:k + n]) if w in ctx.lower_names]
        if not names:
            continue
        asked = True
        near = left + words + right
        if not shows_case(ctx, near):
            continue  # a lower-case text without marks set apart (ASR) shows nothing
        size, title = len(out.split(" ")), {w.title() for w in names}
        alts = [h for h in differing_in(hyps, best, i)
                if len(h.spans[i][3].split(" ")) < size and title <= set(h.spans[i][3].split(" "))]
        if alts:
            best = cheapest(alts)
    return best, asked


def shows_case(ctx, near):
    """Do the words ``near`` show the case of the text: a word with a capital (not "I"), or
    marks set apart as a tokenized text sets them (tokenized.py)?"""
    return any(cased_word(ctx.split(x)[1]) for x in near) or \
        (ctx.tokenized is not None and ctx.tokenized.shows(near))


def written(ctx, near):
    """Do the words ``near`` show a written text: a word with a capital (not "I") or a word
    with a mark at its edge ("lights,", "(two", a mark set apart)?  ASR output shows neither."""
    for w in near:
        lead, core, trail = ctx.split(w)
        if cased_word(core) or (lead + trail).strip(_APOSTROPHES):
            return True
    return False


def and_numbers(ctx, src, hyps, best, left, right, words):
    """A span of the ``and_numbers`` classes whose words hold a number said with "and" after
    a scale word ("two hundred and eighty", "one hundred and seventy million dollars") in a
    text that shows it is written (``written``: case or marks among the region's words and
    its context words) keeps its words: prose that says "and" in its numbers spells them
    out.  Not after a ``not_after`` word nor before a scale word, where "and" joins two
    numbers ("between one hundred and one thousand feet", "six hundred and seven hundred
    persons"), nor in a text that is the number alone (a heading, an answer: written).
    Lower-case text without marks (ASR) keeps the best reading (digits).
    -> (reading, whether the context words were asked)."""
    spec, asked = ctx.and_numbers, False
    for i, (s, e, c, out) in list(enumerate(best.spans))[::-1]:
        if c not in spec["classes"]:
            continue
        said = src[s:e].split(" ")
        if not any(said[j] in spec["and"] and said[j - 1] in spec["after"] for j in range(1, len(said) - 1)):
            continue
        if not left and not right and not src[:s].strip(ctx.edge + " ") and not src[e:].strip(ctx.edge + " "):
            continue  # a text that is the number alone is written ("two hundred and eighty.": lone_entity_written)
        k = src.count(" ", 0, s)
        asked = True
        before, after = (left + words[:k])[-1:], (words[k + len(said):] + right)[:1]
        if before and ctx.split(before[0])[1].lower() in spec["not_after"] or \
                after and ctx.split(after[0])[1].lower() in spec["after"]:
            continue
        if not written(ctx, left + words + right):
            continue
        best = best.with_spans(sp for j, sp in enumerate(best.spans) if j != i)
    return best, asked


def keyword_digits(ctx, src, hyps, best, left, right, words):
    """A span that begins at a ``keyword_digits`` word written in lower or Title case and
    that ``best`` writes as the keyword and a numeral in letters ("chapter II"), in a text
    that shows case or sets a mark apart: the text's writer numbers in digits there
    ("Chapter two : House" -> "Chapter 2 : House", "( Chapter eleven )" -> "( Chapter 11 )");
    the keyword written in capitals is a book's heading and keeps the numeral ("CHAPTER
    nine" -> "CHAPTER IX"), and lower-case text (ASR) keeps the best reading.
    -> (reading, whether the context words were asked)."""
    asked = False
    for i, (s, e, _, out) in enumerate(best.spans):
        said, parts = src[s:e].split(" "), out.split(" ")
        if len(parts) != 2 or said[0].lower() not in ctx.keyword_digits or not parts[1].isalpha():
            continue
        k = src.count(" ", 0, s)
        written = ctx.split(words[k])[1] if k < len(words) else ""
        if written.lower() != said[0].lower():
            continue
        asked = True
        if written.isupper():
            continue  # a heading: "CHAPTER IX"
        near = left + words + right
        if not shows_case(ctx, near):
            continue  # a lower-case text without marks set apart (ASR) shows nothing
        outside = [sp for sp in best.spans if sp[1] <= s or sp[0] >= e]
        alts = []
        for h in hyps:  # the same words in digits, maybe as a span over the number alone
            if [sp for sp in h.spans if sp[1] <= s or sp[0] >= e] != outside or \
                    any(a < s < b or a < e < b for a, b, _, _ in h.spans):
                continue
            got = written_text(src, h.spans, s, e).split(" ")
            if len(got) == 2 and got[0].lower() == parts[0].lower() and got[1].isdigit():
                alts.append(h)
        if alts:
            best = cheapest(alts)
    return best, asked


def words_before_lower(ctx, src, hyps, best, left, right, words):
    """A span that is one of the ``words_before_lower`` words alone, which ITN writes as an
    abbreviation ("versus" -> "vs."), keeps its word where a word in lower case or a number
    follows it: prose spells it out between common words and amounts ("urban natives versus
    migrants", "$31,736 versus $25,217", "the command line versus reading a file"), a name
    after it is a match or a case ("Inoue vs. Takahashi").  Lower-case text (ASR) shows no
    name, so it keeps the word too ("one line versus multi line").
    -> (reading, whether the context words were asked)."""
    asked = False
    for i, (s, e, _, out) in list(enumerate(best.spans))[::-1]:
        said = src[s:e]
        if " " in said or said not in ctx.words_before_lower or out.lower() == said:
            continue
        k = src.count(" ", 0, s)
        if k >= len(words) or ctx.split(words[k])[1].lower() != said:
            continue  # a span cut inside a word
        asked = True
        nxt = ctx.split((words[k + 1:] + right)[0])[1] if words[k + 1:] + right else ""
        if not nxt or not (nxt[0].isdigit() or nxt[0].islower()):
            continue
        best = best.with_spans(sp for j, sp in enumerate(best.spans) if j != i)
    return best, asked


def sign_after_name(ctx, src, hyps, best, left, right, words):
    """A word of ``ctx.signs`` ("number") written in lower case right after a word written
    with a capital or a ``sign_marks`` mark set apart, before a number ``best`` writes as an
    ``over`` class or keeps (maybe two joined by a ``said`` word: "ten to fifteen"): the class
    reads the word and the number(s), and the reading that writes its sign ("#1", "#10-15")
    replaces ``best``'s spans there.  -> (reading, whether the context words were asked)."""
    said = src.split(" ")
    if len(said) != len(words):
        return best, False  # words glued at an elision: no word-by-word view
    starts = [0]
    for w in said[:-1]:
        starts.append(starts[-1] + len(w) + 1)
    asked, spans = False, list(best.spans)
    for cls, table in ctx.signs.items():
        for k, w in enumerate(said):
            if w not in table or k + 1 >= len(said) or ctx.split(words[k])[1] != w:
                continue  # "Number 4" written with its capital stays the text's own
            s = starts[k]
            nums = [i for i, sp in enumerate(spans) if sp[0] >= starts[k + 1]]
            if not nums or spans[nums[0]][0] != starts[k + 1] or any(a < s + len(w) and s < b for a, b, _, _ in spans):
                continue
            asked = True
            before = (left + words[:k])[-1:]
            if not before or not (name(ctx.split(before[0])[1]) or before[0] in ctx.sign_marks
                                  and shows_case(ctx, left + words + right)):
                continue
            first = nums[0]
            number = [i for i in nums[:2] if spans[i][2] in ctx.sign_over
                      or spans[i][3].lower() == src[spans[i][0]:spans[i][1]]]
            ends = [first + 1] if first in number else []
            if len(nums) >= 2 and nums[1] in number and first in number and \
                    src[spans[first][1]:spans[nums[1]][0]].strip() in ctx.sign_said:
                ends.insert(0, nums[1] + 1)  # "number ten to fifteen": a range first
            for end in ends:
                e = spans[end - 1][1]
                sign = next((o for o in ctx.read(cls, src[s:e], 8)
                             if any(o.startswith(g) and o[len(g):][:1].isdigit() for g in table[w])), None)
                if sign is not None:
                    spans[first:end] = [(s, e, cls, sign)]
                    break
    if tuple(spans) == tuple(best.spans):
        return best, asked
    return best.with_spans(spans), asked


def written_text(src, spans, s, e):
    """The text a reading with ``spans`` writes for the region characters ``s``..``e``."""
    out, pos = [], s
    for a, b, _, o in sorted(sp for sp in spans if s <= sp[0] and sp[1] <= e):
        out += [src[pos:a], o]
        pos = b
    return "".join(out + [src[pos:e]])


def region_text(src, words):
    """The region string ``src`` as written: its ``words`` joined as the region reads them
    (one space between two words), char for char; None where they differ in length (words
    glued at an elision)."""
    text = " ".join(words)
    return text if len(text) == len(src) else None
