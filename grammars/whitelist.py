"""Abbreviations (whitelist).  TN: "Dr. Smith" -> "doctor Smith", "Lakeside Dr." -> "Lakeside drive",
                              "vs." -> "versus", "No. 5" / "#1" -> "number five" / "number one"
                             ITN: "mister smith" -> "Mr. Smith", "doctor patel" -> "Dr. Patel", "versus" -> "vs."

Token: the entry index and ":" where the abbreviation stands, with what the context needs:
"3:" alone, "3: Smith" before a name, "Lakeside 4:" after one, "30: 5" before a number.  The entries, their readings and
their contexts are in whitelist.yaml.  ITN writes an abbreviation back only for entries
marked ``itn`` or for their ``itn_spoken`` forms ("mr"); "doctor" alone or after "the" stays a word.
"""

import pynini

from . import _quantity, lib
from .lib import DIGITS, LOWER, UPPER, chars, closure, cross, insert, t, union

NAME = "whitelist"
REQUIRES = ("cardinal",)


def _words(w):
    return [w] if isinstance(w, str) else list(w)


def _range(loc):
    """The written dash of a range (range.yaml dashes, as "~") and its reading (" to ")."""
    rng = loc.lex("range")
    return _quantity.dash(rng["dashes"]), _quantity.said(lib.words(rng["to"])[:1])


def build(loc, cardinal):
    vw = loc.variant
    rest = closure(chars(LOWER + UPPER + "'’-"))
    name_w = chars(UPPER) + rest
    # ITN input is lower case: the spoken side may say the name with a small letter.
    lower_first = union(*(cross(u, u.lower()) for u in UPPER))
    not_names = loc.lex("whitelist").get("not_names", [])
    low = chars(LOWER) + rest
    if not_names:  # "the patron saint of": "of" is never a name
        low = pynini.difference(low, union(*(t(w) for w in not_names)).optimize())
    name_s = name_w | lib.weighted(pynini.compose(lower_first + rest, low), loc.style("lower_case_spoken"))
    # after these words the reading is an ordinary noun ("a saint came"): ITN keeps the words
    common_after = loc.lex("whitelist").get("common_after", [])
    kept, kept_joiners = [], set()
    number_w = cardinal.parts["written_digits"]
    number_s = cardinal.parts["number"] | cardinal.parts["zero"]
    # TN: a capital glued after the number of a number_after entry is said as its letter
    # ("Apt. 4B" -> "apartment four b", "Rm. 12A"); letters.yaml names (the first of each)
    names = loc.lex("letters").get("names", {}) if loc.direction == "tn" else {}
    letter_w = union(*(t(c.upper()) for c in names)).ques if names else t("")
    letter_s = union(*(cross(c.upper(), " " + lib.words(n)[0]) for c, n in names.items())).ques if names else t("")
    no_itn = loc.style("whitelist_not_itn")
    w_arms, s_arms, tn_anchors, context, itn_anchors, itn_context = [], [], set(), {}, set(), {}
    cased = set()  # words of the entries ITN writes where the case of the text shows a name
    after_name = {}  # after_name entries: spoken word -> the written forms ITN writes after a name
    caps_name = chars(UPPER) + chars(UPPER) + closure(chars(UPPER + "'’-"))  # "JOHN'S"
    suffixes = []  # name_before entries: after a titled name too ("Ft. Worth Blvd.", TN)
    titles_w, titles_s = [], []  # name_after entries: a chain of them before a name ("Maj. Gen. Smith")
    edge = loc.lex("locale")["edge_punctuation"]
    numeric, start, digits = set(), 0, False  # s_arms of entries written with digits ("24/7")
    for i, e in enumerate(loc.lex("whitelist")["abbreviations"]):
        if digits:
            numeric.update(range(start, len(s_arms)))
        tok = f"{i}:"
        written, spoken = _words(e["written"]), _words(e["spoken"])
        start, digits = len(s_arms), any(c.isdigit() for w in written for c in w)
        extra = _words(e.get("itn_spoken", []))
        # abbreviation -> token -> words, each a letter-aligned cross: ITN reads the words
        # while it writes the abbreviation (delete-then-insert made ITN write every
        # abbreviation before reading a word, at every word a region holds)
        abbr = union(*(cross(w, tok, loc.style("written_variant") if j else None) for j, w in enumerate(written)))
        # the first spoken form is what TN says.  ITN writes only entries marked itn, and
        # cased and after_name ones where labels.py finds their context (at whitelist_not_itn,
        # which it lifts); the others' spoken forms are no ITN reading ("drive" is never
        # "Dr."), so the ITN FST does not hold them
        reads = loc.direction != "itn" or e.get("itn") or e.get("cased") or e.get("after_name")
        say = [cross(tok, w, (vw if j else None) if e.get("itn") else no_itn + (vw if j else 0))
               for j, w in enumerate(spoken if reads else ())]
        say = union(*say, *(cross(tok, w, loc.style("whitelist_itn_spoken")) for w in extra)) if say or extra else None
        ctx = e.get("context")
        cores = {w.strip(edge).lower() for w in written}
        # cased: ITN writes it only where the case of the text shows a name ("mount Everest",
        # "Smith senior"; normgram/labels.py), so its words are ITN candidates too
        itn_words = set(extra) | (set(spoken) if e.get("itn") or e.get("cased") or e.get("after_name") else set())
        if e.get("cased") and not e.get("itn"):
            cased.update(w for w in spoken if " " not in w)
        if e.get("after_name"):  # "Cyberforce number one" -> "Cyberforce #1" (labels.py)
            for w in spoken:
                after_name.setdefault(w, []).extend(written)
        title = e.get("title") and loc.direction == "itn"  # TN reads "Mr." alone before a name already
        if ctx is None and not title:
            tn_anchors.update(cores)
            itn_anchors.update(p for w in itn_words for p in w.split())
        else:
            context.update({c: 1 for c in cores})
            itn_context.update({w: 1 for w in itn_words if " " not in w})
        if say is None:
            continue
        if ctx == "name_after" or title:  # "Dr. Smith"; ITN: a title read alone too ("Mr. Smith", "Mr.")
            titles_w.append(abbr)
            titles_s.append(say)
        if ctx == "name_after":
            # in a text written in capitals the title is too: "STOCKTON ST JOHN'S" (all-caps
            # words on both sides; "Atari ST User", "DRI released DR DOS", "Nadu DR MGR" stay
            # as written, see letters.yaml abbreviations)
            caps = sorted({w.strip(edge).upper() for w in written if w.strip(edge).isalpha()} - set(written))
            if caps:
                w_arms.append(caps_name + t(" ") + union(*(cross(c, tok) for c in caps)) + t(" ") + caps_name)
                s_arms.append(caps_name + t(" ") + say + t(" ") + caps_name)
            after = common_after + e.get("kept_after", [])  # "the doctor said": kept for doctor only
            if e.get("itn") and after:
                kept.append(union(*(t(c + " ") for c in after)) + union(*(t(w) for w in spoken))
                            + t(" ") + chars(LOWER) + rest)
                kept_joiners.update(after)
        elif ctx == "name_before":
            w_arms.append(lib.weighted(name_w + t(" ") + abbr, loc.style("whitelist_name_before")))
            s_arms.append(name_s + t(" ") + say)
            suffixes.append((abbr, say))
        elif ctx == "number_after":
            # a symbol may be glued to its number ("#1"); ITN writes it so (a tokenized text
            # sets it apart, itn formats.yaml tokenized_text spaced)
            gap = t(" ")
            if not any(c.isalpha() for w in written for c in w):
                wv = loc.style("written_variant")
                gap = gap | lib.weighted(insert(" "), wv) if loc.direction == "tn" else lib.weighted(gap, wv) | insert(" ")
            if e.get("digits"):  # "ext. 1234" -> "extension one two three four"
                one = lib.digit_said(loc)
                w_arms.append(abbr + gap + closure(chars(DIGITS), 1, 16))
                s_arms.append(say + t(" ") + one + closure(insert(" ") + one, 0, 15))
            else:
                w_arms.append(abbr + gap + number_w + letter_w)
                s_arms.append(say + t(" ") + number_s + letter_s)
            # "Vol. 2-3", "pp. 10–12": a range of numbers (ITN: after_name entries, "#10-15")
            if not e.get("digits") and (loc.direction == "tn" or e.get("after_name")):
                dash_w, to_s = _range(loc)
                w_arms.append(abbr + gap + number_w + dash_w + number_w)
                s_arms.append(say + t(" ") + number_s + to_s + number_s)
        elif ctx == "word_before":  # "CASE NO.": the word as written, in any case
            before = union(*(t(w) | t(w.capitalize()) | t(w.upper()) for w in e["words_before"]))
            w_arms.append(before + t(" ") + abbr)
            s_arms.append(before + t(" ") + say)
        elif ctx == "word_after":  # "NO synthesis": the word as written, in lower case (capitals are no prose)
            after = union(*(t(w) for w in e["words_after"]))
            w_arms.append(abbr + t(" ") + after)
            s_arms.append(say + t(" ") + after)
        elif ctx is not None:
            raise ValueError(f"whitelist entry {written[0]}: unknown context {ctx!r}")
        if ctx is None or e.get("alone"):
            w_arms.append(lib.weighted(abbr, loc.style("whitelist_alone") if ctx else None))
            s_arms.append(say)
    if digits:
        numeric.update(range(start, len(s_arms)))
    if titles_w:
        # ITN: a single letter after a title is an initial (the initials arm below), no name
        after = name_w if loc.direction == "tn" else name_w + chars(LOWER + UPPER + "'’-")
        w_arms.append(closure(union(*titles_w) + t(" "), 1, 3) + after)
        s_arms.append(closure(union(*titles_s) + t(" "), 1, 3) + pynini.compose(name_s, after if loc.direction == "tn" else
                                                                               closure(chars(LOWER + UPPER + "'’-"), 2)))
        if loc.direction == "tn" and suffixes:  # "St. James St." -> "saint James street"
            w_arms.append(lib.weighted(union(*titles_w) + t(" ") + name_w + t(" ") + union(*(a for a, _ in suffixes)),
                                       loc.style("whitelist_name_before")))
            s_arms.append(union(*titles_s) + t(" ") + name_s + t(" ") + union(*(s for _, s in suffixes)))
        if loc.direction == "tn":
            # TN: the name may be dotted initials, spelled ("Dr. M.G.R." -> "doctor m g r", not
            # "drive" after "Tamil Nadu"); ITN never reads "doctor a ..." as a title and initials
            # letters as the acronyms option says them (tn_rules letters.yaml): names or capitals
            keep = loc.tn("letters").get("acronyms", "spell") == "keep"
            letter = union(*(cross(u + ".", u if keep else u.lower()) for u in UPPER))
            initials = chars(UPPER) + t(".") + closure(t(" ").ques + chars(UPPER) + t("."), 0, 3)  # "W. C."
            w_arms.append(closure(union(*titles_w) + t(" "), 1, 3) + initials)
            # spelled, glued initials are spaced ("g c"); kept, they stay glued as "U.S." -> "US" ("GC")
            glued = t("") if keep else insert(" ")
            s_arms.append(closure(union(*titles_s) + t(" "), 1, 3)
                          + pynini.compose(initials, letter + closure((t(" ") | glued) + letter, 0, 3)))
        else:
            # ITN: single letters after a title are a person's initials, "dr w c" -> "Dr. W. C."
            # (not "Dr. W" and the acronym "WC"); not the letters that are words ("doctor a ...")
            words = set(loc.lex("letters").get("word_letters", []))
            caps = "".join(u for u in UPPER if u.lower() not in words)
            initials = chars(caps) + t(".") + closure(t(" ") + chars(caps) + t("."), 0, 2)  # "W. C."
            letter = union(*(cross(u + ".", u.lower()) for u in caps))
            w_arms.append(closure(union(*titles_w) + t(" "), 1, 3) + initials)
            s_arms.append(closure(union(*titles_s) + t(" "), 1, 3)
                          + pynini.compose(initials, letter + closure(t(" ") + letter, 0, 2)))
    if kept:  # the words themselves as the token, read and written alike
        kept = union(*kept).optimize()
        w_arms.append(kept)
        s_arms.append(kept)
    # reading groups (lib.ClassGrammar.groups): every reading but those of entries written
    # with digits ("twenty four seven") says a word of the class's own, which gates it
    words = [f for k, f in enumerate(s_arms) if k not in numeric]
    numbers = [f for k, f in enumerate(s_arms) if k in numeric]
    groups = (union(*words).optimize(), union(*numbers).optimize()) if words and numbers else ()
    return lib.ClassGrammar(
        NAME, union(*w_arms).optimize(), union(*s_arms).optimize(), groups=groups,
        triggers={"tn": {"anchors": sorted(tn_anchors - set(context)), "context": context},
                  "itn": {"anchors": sorted(itn_anchors - set(itn_context)), "context": itn_context,
                          "joiners": sorted(kept_joiners),
                          # "Saint Reparat" written in full stays; "saint louis" -> "St. Louis"
                          "titled_kept": bool(loc.itn("formats").get("titled_words_kept")),
                          "cased": sorted(cased), "after_name": after_name}})

