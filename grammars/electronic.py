"""Electronic addresses.  TN: "john@example.com" -> "john at example dot com",
                                "www.nvidia.com" -> "w w w dot nvidia dot com", "#tbt" -> "hashtag t b t",
                                "10.0.0.1" -> "ten dot zero dot zero dot one",
                                de "info@firma.de" -> "info at firma Punkt de"
                          ITN: "john dot smith at gmail dot com" -> "john.smith@gmail.com",
                               ru "ivan собака mail точка ru" -> "ivan@mail.ru"

Token: the address in lower case with "://" closed up ("http://www.x.org/a").  The
written side only admits well-formed shapes: an e-mail needs "@" and a domain ending in a
known TLD; a URL needs a scheme, "www." or a known TLD; hashtags and handles ("@nvidia").
The spoken side reads the token piece by piece: symbols by name (electronic.yaml), digits
one by one ("o" for zero), letter runs as a word when they hold a vowel,
otherwise letter by letter ("cnnmoney" -> "c n n money"): costs pick the fewest pieces.
Every word comes from the locale: symbol names and TLDs (electronic.yaml), letter names
(letters.yaml names, vowels), digits (numbers.yaml).  A capitalized symbol name
("Punkt") is also read in lower case (style lower_case_spoken).
"""
import re
from typing import NamedTuple

import pynini

from . import lib
from .lib import DIGITS, LOWER, UPPER, chars, closure, cross, delete, insert, t, union

NAME = "electronic"
REQUIRES = ("cardinal",)
_PATH_CHARS = ".-_~?=&%+"
_AFTER_TLD = "./:@?#"  # what may follow a domain's ending: more labels, path, port, mailbox, query


def _ipv4():
    """An IPv4 address: four numbers of at most three digits joined by dots ("192.168.1.1")."""
    octet = t("0") | chars("123456789") + closure(chars(DIGITS), 0, 2)
    return octet + closure(t(".") + octet, 3, 3)


def _tlds(loc, lex):
    """Endings read after the last dot: tlds, and in TN also tn_tlds (newer endings, ".dev",
    whose words ITN does not take as cues: "app", "me")."""
    return {**lex["tlds"], **(lex.get("tn_tlds", {}) if loc.direction == "tn" else {})}


def _tld(loc, lex):
    """The written endings: tlds (and in TN tn_tlds); in ITN also, at electronic_listed_tld's
    cost, every other top-level domain of the root zone (electronic_lists.yaml iana_tlds),
    said as the address's other letters and words are ("bakery dot shop", "city dot d e")."""
    own = _tlds(loc, lex)
    tld = union(*(t(x) for x in own))
    if loc.direction == "itn":
        listed = [x for x in loc.lex("electronic_lists").get("iana_tlds", []) if x not in own and x.isascii() and x.isalpha()]
        if listed:
            tld |= lib.weighted(union(*(t(x) for x in listed)).optimize(), loc.style("electronic_listed_tld"))
    return tld.optimize()


def _written(loc, lex):
    low, dig = chars(LOWER), chars(DIGITS)
    alnum = low | dig
    case = union(*(cross(u, l, loc.style("electronic_upper")) for u, l in zip(UPPER, LOWER)))
    char_map = closure(union(chars(LOWER + DIGITS + "".join(lex["symbols"])), case, cross(" : //", "://")))
    part = closure(alnum, 1) + closure(chars("-_") + closure(alnum, 1))
    tld = _tld(loc, lex)
    domain = closure(part + t("."), 1) + tld
    segment = closure(alnum | chars(_PATH_CHARS + "#"), 1)
    # an empty segment ("x.org/") may cost: ITN then reads "slash angebot", not "/ angebot"
    path = closure(t("/") + (segment | lib.weighted(t(""), loc.style("electronic_empty_path"))))
    scheme = union(*(t(s + "://") for s in lex["schemes"]))
    host = closure(alnum | chars(".-_"), 1)
    mailbox = part + closure(t(".") + part)
    # a port after a host ("localhost:8080", "example.com:443"); electronic.yaml hosts: host
    # names that are no domain, written only with a port ("localhost" alone is a word)
    with_port = t(":") + chars("123456789") + closure(dig, 0, 4)
    port = with_port.ques
    hosts = lib.words(lex.get("hosts", []))
    ip = _ipv4()
    shapes = union(
        ip,
        ip + with_port + path,
        scheme + host + port + path,
        t(lex["www"] + ".") + domain + port + path,
        lib.weighted(domain + port + path, loc.style("electronic_bare_domain")),
        union(*(t(h) for h in hosts)) + with_port + path if hosts else None,
        mailbox + t("@") + pynini.difference(domain, t(lex["www"] + ".") + closure(chars(LOWER + DIGITS + "._-"))),
        t("#") + closure(alnum, 1) + closure(low, 1) + closure(alnum),
        t("@") + closure(alnum, 1) + closure(t("_") + closure(alnum, 1)))
    if loc.direction == "tn":  # "Visit x.com/a?q=1." : a dot that ends the address ends the sentence
        shapes = pynini.difference(shapes.optimize(), closure(chars(LOWER + DIGITS + "".join(lex["symbols"]))) + t("."))
    out = pynini.compose(char_map, shapes.optimize())
    for sign, key in _CUED:  # ITN "my handle is @coffeelover": the cue words as they are, then the address
        cue = _cue(loc, lex, key)
        if cue is not None:
            out |= cue + pynini.compose(char_map, t(sign) + closure(alnum, 1) + closure(t("_") + closure(alnum, 1)))
    cue = _cue(loc, lex, _NAMED)  # ITN "my gamer tag is shadowwolf23": letters, then digits, no sign
    if cue is not None:
        out |= cue + closure(low, 1) + closure(dig, 1)
    return out.optimize()


_CUED = (("@", "handle_cues"), ("#", "hashtag_cues"))  # the sign and the electronic.yaml key of its cues
_NAMED = "named_handle_cues"  # the electronic.yaml key of the cues of a user name said with no sign


def _cue(loc, lex, key):
    """ITN: the words that announce a handle said with the name of "@" ("my handle is at
    coffee lover" -> "my handle is @coffeelover"; electronic.yaml handle_cues) or a hashtag
    ("the hashtag earth day" -> "the hashtag #earthday"; hashtag_cues), with the words allowed
    between them and what follows, as written and said; None where there are none."""
    hc = lex.get(key)
    if not hc or loc.direction != "itn":
        return None
    cues = union(*(t(c + " ") for c in hc["cues"]))
    if hc.get("between"):
        cues += union(*(t(b + " ") for b in hc["between"])).ques
    return cues.optimize()


class _Items(NamedTuple):
    """What an address is said in, each token -> its words."""
    word: object       # a run of letters said as a word (with a vowel)
    any_word: object   # any run of letters said as a word (dearer)
    tld: object        # "com" -> "com"
    letter: object     # "b" -> "b", spelled
    digit: object      # "0" -> "o"
    number: object     # ITN, electronic.yaml numbers_said: "77" -> "seventy seven"; None otherwise


def _numbers(loc, lex, cardinal, run):
    """ITN (electronic.yaml ``numbers_said``): digits said as a number, 10 to 9999 ("mike
    twenty three at gmail dot com" -> "mike23@gmail.com"), and the words that say only such
    numbers (teens, tens, hundred, scales), which then are no word of an address: "seventy
    seven" is 77, not the letters "seventy" and a 7; ``run``, a word with a vowel, may open
    it ("mike23").  (None, None) where off."""
    if loc.direction != "itn" or not lex.get("numbers_said"):
        return None, None
    said = _number_words(loc)
    number = pynini.compose(chars("123456789") + closure(chars(DIGITS), 1, 3), cardinal.parts["number"])
    one_word = closure(pynini.difference(lib.sigma(loc), t(" ")), 1).optimize()  # said in one word, or in more
    number = union(lib.weighted(pynini.compose(number, one_word), loc.style("electronic_number")),
                   lib.weighted(pynini.compose(number, pynini.difference(closure(lib.sigma(loc)), one_word)),
                                loc.style("electronic_number_words")))
    # a name glued to the number ("mike23"): the name joins where a word alone would not
    words = union(*(t(w) for v in said for w in lib.words(v))).optimize()
    # nor a word of prose ("bought it for forty at ...": no "for40@"), of a number or of a symbol
    symbols = [x.lower() for v in lex["symbols"].values() for w in lib.words(v) for x in w.split()]  # "slash nineteen"
    prose = union(words, *(t(w) for w in lex.get("not_mailbox", []) + lex.get("not_hashtag", []) + symbols))
    name = pynini.difference(run, prose.optimize())
    number |= lib.weighted(name + insert(" ") + number, loc.style("electronic_name_number"))
    return number.optimize(), words


def _number_words(loc):
    """The words that say only numbers of 10 and more (teens, tens, hundred, scales), as
    numbers.yaml gives them."""
    num = loc.lex("numbers")
    return [*num["teens"].values(), *num["tens"].values(), num["hundred"], *num["scales"].values()]


def _items(loc, lex, cardinal):
    variant = loc.variant
    vowel = chars(loc.lex("letters")["vowels"].replace("y", ""))
    run = pynini.intersect(closure(chars(LOWER)) + vowel + closure(chars(LOWER)), closure(chars(LOWER), 2))  # with a vowel
    number, number_words = _numbers(loc, lex, cardinal, run)
    any_word = closure(chars(LOWER), 1)
    if number_words is not None:
        any_word = pynini.difference(any_word, number_words)
    return _Items(lib.weighted(pynini.intersect(run, any_word), loc.style("electronic_word_run")),
                  lib.weighted(any_word, loc.style("electronic_any_word")),
                  lib.weighted(lib.mapping(sorted(_tlds(loc, lex).items()), variant), loc.style("electronic_tld_word")),
                  lib.weighted(lib.mapping(sorted(loc.lex("letters")["names"].items()), variant),
                               loc.style("electronic_spelled_letter")),
                  lib.digit_said(loc), number)


def _symbols(loc, lex, keep):
    """The symbols ``keep(symbol)`` accepts -> their names (ITN input is lower case: "punkt"
    for "Punkt", at lower_case_spoken's cost)."""
    out = lib.mapping([(k, v) for k, v in sorted(lex["symbols"].items()) if keep(k)], loc.variant)
    low = [(k, w.lower()) for k, v in sorted(lex["symbols"].items()) for w in lib.words(v) if w != w.lower() and keep(k)]
    if low:
        out |= lib.weighted(lib.mapping(low, loc.variant), loc.style("lower_case_spoken"))
    return out


def _not_prose(loc, lex, f):
    """``f`` without a token that is one of electronic.yaml not_hashtag's prose words."""
    stop = union(*(t(w) for w in lex["not_hashtag"])).optimize()
    return pynini.compose(f, pynini.difference(closure(lib.sigma(loc)), stop))


def _hashtag(loc, lex, items):
    """"#tbt" -> "hash tag t b t": a hashtag opens with its own words or the first name of "#"
    ("hash t b t"; in ITN before a word only where electronic.yaml hash_word_tags allows:
    "hash collisions" is prose); the other names of "#" ("pound", a phone key) are read inside an address
    only: "a pound of butter" is no hashtag "#of".  Its tag is said as one word ("hashtag
    blessed") or letter by letter ("hashtag t b t"), digits after either ("hashtag blessed
    two o two o"): the words after it are the sentence's own ("hashtag blessed r and b" ->
    "#blessed R&B", not "#blessedrandb").  None where "#" has no name."""
    hash_names = lib.words(lex["symbols"].get("#", []))
    if not hash_names:
        return None
    hash_said = hash_names[:1] + lib.words(lex["hashtag"])
    if lex.get("hashtag_said") and loc.direction == "tn":  # TN says "hashtag t b t" for "#tbt"
        hash_said = lib.words(lex["hashtag"]) + hash_names[:1]
    opener = lib.mapping([("#", list(dict.fromkeys(hash_said)))], loc.variant)
    spelled = items.letter + closure(insert(" ") + items.letter)
    tag = union(items.word, items.any_word, items.tld, spelled, items.digit) + closure(insert(" ") + items.digit)
    if lex.get("not_hashtag"):  # "the hashtag is ...": no "#is"
        stop = union(*(t(w) for w in lex["not_hashtag"])).optimize()
        tag = pynini.compose(tag, pynini.difference(closure(lib.sigma(loc)), stop + (t(" ") + closure(lib.sigma(loc))).ques))
    if loc.direction == "itn" and lex.get("hash_word_tags") is False:
        # the name of "#" alone opens a tag said letter by letter ("hash t b t"); a word after it
        # is the prose's ("hash collisions", "the futex hash suite"): a word tag needs "hashtag"
        said_tag = lib.mapping([("#", list(dict.fromkeys(lib.words(lex["hashtag"]))))], loc.variant)
        return union(said_tag + insert(" ") + tag, opener + insert(" ") + spelled).optimize()
    return opener + insert(" ") + tag


def _handle_underscore(loc, lex, items):
    """"at john underscore doe": a name with an underscore after "at" is a handle (its own
    cost, electronic_handle_underscore), where "at nvidia" stays words; prose words are no
    handle's: "look at the underscore key".  None where the locale has none."""
    if "@" not in lex["symbols"] or "_" not in lex["symbols"] or "electronic_handle_underscore" not in loc.weights["styles"]:
        return None
    part = union(items.word, items.any_word, items.letter, items.digit, items.number)
    if lex.get("not_hashtag"):
        part = _not_prose(loc, lex, part)
    under = _symbols(loc, lex, lambda k: k == "_")
    body = part + closure(insert(" ") + part) + closure(insert(" ") + under + insert(" ") + part + closure(insert(" ") + part), 1)
    return lib.weighted(_symbols(loc, lex, lambda k: k == "@") + insert(" ") + body, loc.style("electronic_handle_underscore"))


def _said(spoken):
    """Any one of the characters ``spoken``'s addresses are said in (a small filter's alphabet)."""
    return union(*(t(c) for c in sorted({chr(a.olabel) for q in spoken.states() for a in spoken.arcs(q) if a.olabel})))


def _without(spoken, sigma, bad):
    """``spoken`` without the said strings ``bad`` accepts (both over ``sigma``)."""
    return pynini.compose(spoken, pynini.difference(sigma, bad.optimize())).optimize()


def _not_mailbox(loc, lex, spoken):
    """``spoken`` without mailboxes made of prose: "the docs are at docs dot python dot org":
    "are at" is prose (electronic.yaml not_mailbox)."""
    names = loc.lex("letters")["names"]
    words = [w for v in lex["symbols"].values() for w in lib.words(v)] + [w for v in lex["tlds"].values()
             for w in lib.words(v)] + [w for v in names.values() for w in lib.words(v)] + lex["not_mailbox"]
    sigma = closure(chars("".join(sorted(set(LOWER + DIGITS + " '-" + "".join(words))))))
    at = union(*(t(f" {w} ") for w in lib.words(lex["symbols"]["@"])))
    lead = (sigma + t(" ")).ques
    # a word of prose that says a digit ("the one at") is a number's last word after a word
    # of tens, "hundred" or a scale: "tom thirty one at gmail dot com" is "tom31@gmail.com"
    num = loc.lex("numbers")
    digit_words = {w for v in num["digits"].values() for w in lib.words(v)}
    counting = [w for v in (*num["tens"].values(), num["hundred"], *num["scales"].values()) for w in lib.words(v)]
    prose = [w for w in lex["not_mailbox"] if w not in digit_words]
    said = [w for w in lex["not_mailbox"] if w in digit_words]
    bad = lead + union(*(t(w) for w in prose)) + at + sigma
    if said:
        lead = pynini.difference(lead, sigma + union(*(t(w + " ") for w in counting))).optimize()
        bad |= lead + union(*(t(w) for w in said)) + at + sigma
    return _without(spoken, sigma, bad)


def _not_label_end(lex, spoken):
    """ITN: ``spoken`` without addresses whose label before the name of "." ends in a word of
    prose (electronic.yaml not_label_end): "the dot com bubble", "made a fortune in the dot com
    era", "they were dot com millionaires" are no addresses ("the.com"); "the verge dot com"
    is one."""
    stops = lex.get("not_label_end")
    if not stops:
        return spoken
    dots = union(*(t(f" {w} ") for w in lib.words(lex["symbols"]["."])))
    sigma = closure(_said(spoken))
    return _without(spoken, sigma, (sigma + t(" ")).ques + union(*(t(w) for w in stops)) + dots + sigma)


def _cued_word(lex, items, extra=()):
    """A word of an address said after a cue: any run of letters but the words of
    electronic.yaml not_hashtag (and ``extra``), of "at sign", of a symbol ("underscore",
    "dot": other arms read those) and of a digit ("two three" -> 23)."""
    part = closure(chars(LOWER), 1)
    not_part = lex.get("not_hashtag", []) + [x for w in lib.words(lex.get("handle", [])) for x in w.split()] \
        + [x for v in lex["symbols"].values() for w in lib.words(v) for x in w.lower().split()] + list(extra)
    part = pynini.difference(part, union(*(t(w) for w in not_part)).optimize())
    words_of_digits = pynini.arcmap(pynini.project(items.digit, "output"), map_type="rmweight").optimize()
    return pynini.difference(part, words_of_digits).optimize()


def _named_handle(loc, lex, items):
    """ITN: "my gamer tag is shadow wolf twenty three" -> "my gamer tag is shadowwolf23": after
    a cue of electronic.yaml named_handle_cues, at most max_words words and a number (said as
    one, or digit by digit) are a user name written as one, as an e-mail's is (electronic_handle_cue);
    words of prose (not_mailbox) and of a number are none of its words.  None where off."""
    cue = _cue(loc, lex, _NAMED)
    if cue is None or items.number is None:
        return None
    word = _cued_word(lex, items, [*lex.get("not_mailbox", []), *(w for v in _number_words(loc) for w in lib.words(v))])
    words = word + closure(insert(" ") + word, 0, lex[_NAMED]["max_words"] - 1)
    digits = items.digit + closure(insert(" ") + items.digit)
    return lib.weighted(cue + words + insert(" ") + (items.number | digits), loc.style("electronic_handle_cue"))


def _cued(loc, lex, items, handle_at, said):
    """"handle is at coffee lover" -> "handle is @coffeelover", "the hashtag earth day" -> "the
    hashtag #earthday": the words after the cue (_cue) are the address's, written as one at
    no cost per word (prose words end it: "my handle is at the top" stays) -> [arms]."""
    part = _cued_word(lex, items)
    # then an underscore and more words, or digits ("at jenny underscore codes" -> "@jenny_codes")
    more = closure(insert(" ") + (_symbols(loc, lex, lambda k: k == "_") + insert(" ") + (part | items.digit) | items.digit))
    # a handle's cue is followed by "at" (or "at sign"); a hashtag's holds the word "hashtag" itself
    openers = {"@": union(_symbols(loc, lex, lambda k: k == "@"), *([said] if said is not None else [])) + insert(" ")
               if handle_at is not None else None, "#": delete("#")}
    arms = []
    for sign, key in _CUED:
        cue = _cue(loc, lex, key)
        if cue is not None and openers[sign] is not None:
            body = part + closure(insert(" ") + part, 0, lex[key]["max_words"] - 1)
            arms.append(lib.weighted(cue + openers[sign] + body + more, loc.style("electronic_handle_cue")))
    return arms


def _spoken(loc, lex, cardinal):
    """Spoken side: an address said item by item ("john at example dot com"), a hashtag, a
    handle ("at sign jenny underscore codes"), ITN also after a cue word."""
    items = _items(loc, lex, cardinal)
    item = union(items.word, items.any_word, items.tld, items.letter, items.digit, items.number,
                 _symbols(loc, lex, lambda k: True))
    # a handle opens with the name of "@" ("at nvidia": dear, mostly prose) or with a name
    # that says it is one (electronic.yaml handle: "at sign jenny underscore codes")
    handle_at = lib.weighted(_symbols(loc, lex, lambda k: k == "@"), loc.style("electronic_handle")) \
        if "@" in lex["symbols"] else None
    said = lib.weighted(lib.mapping([("@", lib.words(lex["handle"]))], loc.variant), loc.variant) if lex.get("handle") else None
    first = union(items.word, items.any_word, items.tld, items.letter, items.digit, items.number,
                  _symbols(loc, lex, lambda k: k not in "#@"), handle_at, said)
    spoken = union(first + closure(insert(" ") + item), _hashtag(loc, lex, items))
    underscore = _handle_underscore(loc, lex, items)
    if underscore is not None:
        spoken |= underscore
    spoken = spoken.optimize()
    if lex.get("not_mailbox"):
        spoken = _not_mailbox(loc, lex, spoken)
    for arm in _cued(loc, lex, items, handle_at, said) if any(_cue(loc, lex, key) is not None for _, key in _CUED) else ():
        spoken = spoken | arm
    named = _named_handle(loc, lex, items)
    if named is not None:
        spoken = spoken | named
    spoken = spoken.optimize()
    if loc.direction == "itn":  # a TLD said as a word ends its label: "dot com or email john"
        spoken = _tld_ends_label(lex, spoken)  # is no label "comoremailjohn"
        spoken = _not_label_end(lex, spoken)
        spoken = _not_domain_alone(lex, spoken)
    return spoken


def _not_domain_alone(lex, spoken):
    """ITN: ``spoken`` without addresses that end in a word of electronic.yaml
    ``not_domain_alone`` said alone, the name of "." and one word: "a dot com startup",
    "worked at a dot com", "hiring a dot net developer" are prose ("a.com", "worked@a.com",
    "hiringa.net")."""
    alone = lex.get("not_domain_alone")
    if not alone:
        return spoken
    dots = union(*(t(f" {w} ") for w in lib.words(lex["symbols"]["."])))
    said = _said(spoken)
    sigma = closure(said)
    word = closure(pynini.difference(said, t(" ")).optimize(), 1)
    return _without(spoken, sigma, (sigma + t(" ")).ques + union(*(t(w) for w in alone)) + dots + word)


def _tld_ends_label(lex, spoken):
    """``spoken`` without readings where a TLD said as one word ("com", "org"), after the
    name of "." or opening the address, runs on into more words of the same label: after it
    comes a symbol that may follow a domain (_AFTER_TLD) or the end of the address ("org but
    not example dot net" is no domain "orgbutnotexample.net").  Each address is a span with
    its own costs (electronic_bare_domain), so without this two addresses and the words
    between them read cheaper as one address."""
    said = _said(spoken)
    sigma = closure(said)  # the characters the addresses are said in: a small filter
    dots = union(*(t(f" {w} ") for w in lib.words(lex["symbols"]["."])))
    tlds = [w for v in lex["tlds"].values() for w in lib.words(v) if " " not in w]
    after = {w.split()[0] for k in _AFTER_TLD if k in lex["symbols"] for w in lib.words(lex["symbols"][k])}
    word = closure(pynini.difference(said, t(" ")), 1)
    bad = (sigma + dots).ques + union(*(t(w) for w in tlds)) + t(" ") \
        + pynini.difference(word, union(*(t(w) for w in sorted(after)))) + (t(" ") + sigma).ques
    # nor one that opens with the name of "." (as a word: "dot org but ..." -> "dotorgbut...")
    bad |= union(*(t(w + " ") for w in lib.words(lex["symbols"]["."]))) + sigma
    return _without(spoken, sigma, bad)


def build(loc, cardinal):
    lex = loc.lex("electronic")
    written = _written(loc, lex)
    spoken = _spoken(loc, lex, cardinal)
    # an IPv4 address: each number said as a number ("ten dot zero dot zero dot one", first)
    # or digit by digit ("one nine two dot one six eight dot one dot one")
    ip = _ipv4().optimize()
    number = cardinal.parts.get("number_alone", cardinal.parts["number"]) | cardinal.parts["zero"]
    one = lib.digit_said(loc)
    octet = pynini.compose(t("0") | chars("123456789") + closure(chars(DIGITS), 0, 2),
                           number | lib.weighted(one + closure(insert(" ") + one, 0, 2), loc.variant))
    dot = lib.mapping([(".", [f" {w} " for w in lib.words(lex["symbols"]["."])])], loc.variant)
    spoken = union(pynini.compose(pynini.difference(closure(lib.sigma(loc)), ip), spoken),
                   octet + closure(dot + octet, 3, 3)).optimize()
    tlds = "|".join(sorted(_tlds(loc, lex), key=len, reverse=True))
    schemes = "|".join(lex["schemes"])
    sym_words = sorted({x.lower() for k, v in lex["symbols"].items() if k in "./-_:@#" for w in v for x in w.split()}
                       | {x.lower() for w in lib.words(lex.get("handle", [])) for x in w.split()})
    # the words for "." and "@" pull their neighbours (open-vocabulary names) into the region
    # (a name of several words by its last, reaching over the others: "due punti")
    context = {w.split()[-1].lower(): n + len(w.split()) - 1 for sym, n in lex["context"].items()
               for w in lib.words(lex["symbols"][sym])}
    # a hashtag's own word pulls the word after it ("hashtag blessed"; electronic.yaml hashtag_context)
    context.update({w: lex["hashtag_context"] for w in lib.words(lex["hashtag"]) if " " not in w
                    and lex.get("hashtag_context")})
    # the last word of a cue of a user name said with no sign pulls the words up to its number
    # ("is" and its words; the number is an anchor of its own)
    named = lex.get(_NAMED) if loc.direction == "itn" else None
    if named:
        reach = int(bool(named.get("between"))) + named["max_words"]
        context.update({c.split()[-1]: reach for c in named["cues"]})
    # the words of a multi-word letter name in "www" ("double vé") reach past the context
    names = loc.lex("letters")["names"]
    www = {x.lower() for c in lex["www"] for w in lib.words(names.get(c, [])) if " " in w for x in w.split()}
    return lib.ClassGrammar(
        NAME, written, spoken,
        triggers={"tn": {"patterns": [rf"[A-Za-z0-9]\.(?i:{tlds})\b", r"@[A-Za-z0-9]", r"^#[A-Za-z]",
                                      rf"^(?i:{schemes})$", r"^:$", r"(?i:www)\.", "://"]
                                     + ([rf"^(?:{'|'.join(map(re.escape, lib.words(lex['hosts'])))}):\d"] if lex.get("hosts") else [])},
                  "itn": {"anchors": sorted(set(sym_words + [w for v in lex["tlds"].values()
                                                             for w in v if " " not in w]) | www
                                            | set(lib.words(lex.get("hosts", [])))),
                          "context": context}})
