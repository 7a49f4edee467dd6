"""Address pieces.  TN: "123 Main St." -> "one twenty three Main street",
                       "12 St. James St." -> "twelve saint James street", "221B Baker Street" ->
                       "two twenty one b Baker street", "1600 Pennsylvania Ave. NW" -> "sixteen
                       hundred Pennsylvania avenue northwest",
                       "Beverly Hills, CA 90210" -> "... california nine oh two one oh"
                  ITN: "one twenty three main street" -> "123 Main Street",
                       "california nine oh two one oh" -> "California 90210"

Token: "<house>|<Name words>|<suffix>" for a street ("123|Main|street"), or
"<state>|<zip>" for a ZIP code after a state ("california|90210").  House numbers are
read in pairs ("one twenty three", "twelve thirty four", "seven oh five"); TN reads a
street only with an abbreviated suffix ("St.", "Ave."), so "705 West Broad Street"
stays a cardinal.  Suffixes, states and the state abbreviations that announce a ZIP
code come from locales/en/address.yaml.
"""
import pynini

from . import lib
from .lib import DIGITS, LOWER, UPPER, chars, closure, cross, delete, insert, t, union

NAME = "address"
REQUIRES = ("cardinal",)


def _house(loc, cardinal):
    """House number digits -> spoken, in pairs ("123" -> "one twenty three")."""
    digit, nz = chars(DIGITS), chars("123456789")
    number = cardinal.parts["number"]
    oh = cardinal.parts["zero_letter"]
    pair = pynini.compose(nz + digit, number)
    tail = pair | oh + insert(" ") + pynini.compose(nz, number) \
        | cross("00", lib.words(loc.lex("numbers")["hundred"])[0])
    short = lib.weighted(pynini.compose(nz + closure(digit, 0, 1), number), loc.style("address_short_number"))
    pairs = union(short,
                  pynini.compose(nz, number) + insert(" ") + tail,
                  pair + insert(" ") + tail)
    plain = pynini.compose(nz + closure(digit, 0, 4), number)
    return pairs | lib.weighted(plain, loc.style("address_cardinal_number"))


def build(loc, cardinal):
    street_w, street_s = _streets(loc, cardinal)
    digit_s = union(cardinal.parts["zero_letter"], pynini.compose(chars("123456789"), cardinal.parts["number"]))
    zip_w, zip_s = _zip_codes(loc, digit_s)
    city_arms = _cities(loc, zip_w, zip_s)
    box_w, box_s, box_words = _po_box(loc, cardinal, loc.lex("address"), digit_s)
    return lib.ClassGrammar(
        NAME, union(street_w, zip_w, box_w, *(w for w, _ in city_arms)).optimize(),
        union(street_s, zip_s, box_s, *(s for _, s in city_arms)).optimize(),
        triggers=_triggers(loc, box_words))


def _street_names(loc, cardinal):
    """-> (written, spoken) street names: up to three capitalized words as written; ITN hears
    them in lower case, and a number word is never a name ("twelve thirty four elm"); TN
    also after a title ("12 St. James St." -> "twelve saint James street") and a direction
    ("500 E. Main St." -> "five hundred east Main street")."""
    rest = closure(chars(LOWER))
    tn = loc.direction == "tn"
    # TN: a capital alone is no name ("1200 E Grand Blvd.": a direction, directions_before);
    # ITN: it is at a cost, so that a letter after the house number is the number's ("221B")
    name_w = chars(UPPER) + closure(chars(LOWER), 1)
    if not tn:
        name_w |= lib.weighted(chars(UPPER), loc.style("address_letter_name"))
    lower_first = union(*(cross(u, u.lower()) for u in UPPER))
    not_number = pynini.difference(chars(LOWER) + rest, union(*(t(w) for w in cardinal.parts["words"])))
    name_s = name_w | lib.weighted(pynini.compose(lower_first + rest, not_number), loc.style("lower_case_spoken"))
    names_w, names_s = name_w + closure(t(" ") + name_w, 0, 2), name_s + closure(t(" ") + name_s, 0, 2)
    # TN: a title before the name ("St. James"), a direction before both ("W. St. James")
    for key in ("name_titles", "directions_before"):
        words = loc.lex("address").get(key, {}) if tn else {}
        if words:
            names_w = (union(*(cross(w, lib.words(s)[0]) for w, s in words.items())) + t(" ")).ques + names_w
            names_s = (union(*(t(w) for w in sorted({lib.words(s)[0] for s in words.values()}))) + t(" ")).ques + names_s
    return names_w, names_s


def _suffixes(loc):
    """-> ({written suffix: its word}, the suffixes written in full ("Street": TN leaves it to the cardinal))."""
    suffixes = {w: lib.words(s)[0] for w, s in loc.lex("address")["street_suffixes"].items()}
    return suffixes, {w for w, s in suffixes.items() if w.lower() == s}


def _streets(loc, cardinal):
    """-> (written, spoken) of "123 Main St." <-> "123|Main|street" <-> "one twenty three Main
    street"; TN: "221B Baker Street", "1600 Pennsylvania Ave. NW"; ITN: a street named
    without a suffix ("fifteen hundred broadway" -> "1500 Broadway")."""
    lex, tn = loc.lex("address"), loc.direction == "tn"
    abbr_cost, full_cost = loc.style("address_abbreviated"), loc.style("address_full_suffix")
    names_w, names_s = _street_names(loc, cardinal)
    suffixes, full = _suffixes(loc)
    suffix_w = union(*(cross(w, s, full_cost if w in full else abbr_cost) for w, s in suffixes.items()))
    house_w = chars("123456789") + closure(chars(DIGITS), 0, 4)  # plain digits: no "1,234"
    street_w = house_w + cross(" ", "|") + names_w + cross(" ", "|") + suffix_w
    # "318B Maple Street": a house number with a letter glued is an address, any suffix (TN);
    # ITN writes a letter said after the house number glued to it where a street name
    # follows ("three eighteen b maple street" -> "318B Maple Street"; a letter alone names
    # the street: "one twenty three a street" -> "123 A Street"), but no letter of a
    # direction ("five hundred e main street" -> "500 E Main Street")
    lettered = union(*(cross(w, s, abbr_cost) for w, s in suffixes.items())) if tn else suffix_w
    glued = UPPER if tn else "".join(u for u in UPPER if u not in lex.get("directions_before", {}))
    street_w |= house_w + chars(glued) + cross(" ", "|") + names_w + cross(" ", "|") + lettered
    directions = lex.get("directions", {}) if tn else {}
    if directions:  # "1600 Pennsylvania Ave. NW" -> "... avenue northwest"
        street_w += (cross(" ", "|") + union(*(cross(w, lib.words(s)[0]) for w, s in directions.items()))).ques
    # ITN reads only the suffix words it can write in full: one with no full word ("place":
    # "Pl.") is never written (address_abbreviated), and leaving it out lets the compiler
    # gate the class by its trigger words (normgram/gates.py) instead of trying it everywhere
    heard = set(suffixes.values()) if tn else {suffixes[w] for w in full}
    letter = union(*(cross(u, " " + u.lower()) for u in UPPER)).ques
    street_s = _house(loc, cardinal) + letter + cross("|", " ") + names_s + cross("|", " ") \
        + union(*(t(s) for s in sorted(heard)))
    if directions:
        street_s += (cross("|", " ") + union(*(t(w) for w in sorted({lib.words(s)[0] for s in directions.values()})))).ques
    bare = [] if tn else lex.get("suffixless_streets", [])
    if bare:
        street_w |= house_w + cross(" ", "|") + union(*(t(b) for b in bare)) + insert("|")
        street_s |= _house(loc, cardinal) + cross("|", " ") + union(*(
            lib.weighted(cross(b, b.lower()), loc.style("lower_case_spoken")) for b in bare)) + delete("|")
    return street_w, street_s


def _zip_codes(loc, digit_s):
    """-> (written, spoken) ZIP codes: five digits read one by one, after a state ("CA 90210",
    "California 90210" <-> "california|90210" <-> "california nine oh two one oh")."""
    lex = loc.lex("address")
    states = {a: lib.words(s)[0] for a, s in lex["states"].items()}
    title = lambda s: " ".join(w.capitalize() for w in s.split())
    state_w = union(*(cross(a, states[a], loc.style("address_abbreviated")) for a in lex["zip_context"]),
                    *(cross(title(s), s) for s in states.values()))
    state_s = union(*(t(s) for s in states.values()))
    zip_w = state_w + delete(t(",").ques) + cross(" ", "|") + closure(chars(DIGITS), 5, 5)
    zip_s = state_s + cross("|", " ") + digit_s + closure(insert(" ") + digit_s, 4, 4)
    return zip_w, zip_s


def _cities(loc, zip_w, zip_s):
    """[(written, spoken)]: a state after a place name and a comma: "Memphis, Tenn." ->
    "Memphis, tennessee." (the dot stays); TN also postal codes ("Galveston, TX") and a ZIP
    code after them ("Beverly Hills, CA 90210") under tn_rules address.yaml state_codes:
    name (default)."""
    lex = loc.lex("address")
    states = {a: lib.words(s)[0] for a, s in lex["states"].items()}
    codes = loc.tn("address").get("state_codes", "name") == "name" and loc.direction == "tn"
    place = chars(UPPER) + closure(chars(LOWER + UPPER + "'-"))  # "Kansas", "NEW", "Wilkes-Barre"
    place_w = place + closure(t(" ") + place, 0, 2) + t(", ")
    dotted = {a: lib.words(s)[0] for a, s in lex.get("state_abbreviations", {}).items()}
    abbr_s = [cross(a[:-1], s) + t(".") for a, s in dotted.items()]
    if codes:
        abbr_s += [cross(a, s) for a, s in states.items()]
    if not abbr_s:
        return []
    city_w = lib.weighted(place_w + union(*abbr_s), loc.style("address_city_state"))
    arms = [(city_w, place_w + union(*(t(s) for s in set(states.values()) | set(dotted.values()))) + t(".").ques)]
    if codes:
        arms.append((place_w + zip_w, place_w + zip_s))
    return arms


def _triggers(loc, box_words):
    """State words only join a ZIP code's digits (anchors of their own would make every "or",
    "co", "new" a candidate region)."""
    lex = loc.lex("address")
    suffixes, full = _suffixes(loc)
    states = {a: lib.words(s)[0] for a, s in lex["states"].items()}
    state_words = {w for s in states.values() for w in s.split()}
    city_tn = {a.strip(".").lower(): 3 for a in lex.get("state_abbreviations", {})}
    if loc.tn("address").get("state_codes", "name") == "name":  # as written: "TX" pulls in its place, "in" / "or" / "me" do not
        city_tn.update({a: 3 for a in states})
    return {"tn": {"context": {**city_tn, **{w.strip(".").lower(): 3 for w in suffixes if w not in full},
                               # a full suffix only pulls its words in for "221B Baker Street"
                               **{w.lower(): 2 for w in full}},
                   "joiners": sorted({a.lower() for a in lex["zip_context"]} | state_words | set(box_words)),
                   "patterns": [r"^P\.?O\.?$"] if box_words else []},
            "itn": {"context": {**{s: 3 for s in set(suffixes.values()) if any(w.lower() == s for w in full)},
                                **{b.lower(): 3 for b in lex.get("suffixless_streets", [])}, **box_words},
                    "joiners": sorted(state_words)}}


def _po_box(loc, cardinal, lex, digit_s):
    """-> (written, spoken, ITN context words) of a post office box (address.yaml po_box):
    "P.O. Box 456" <-> token "box|456" <-> "p o box four five six" (digit by digit, or as a
    number: "box four fifty six", "box twelve"); (None, None, {}) without the entry."""
    box = lex.get("po_box")
    if not box:
        return None, None, {}
    number = chars("123456789") + closure(chars(DIGITS), 0, 5)
    written = union(*(cross(w + " ", "box|", loc.style("written_variant") if i else None)
                      for i, w in enumerate(lib.words(box["written"])))) + number
    said = union(digit_s + closure(insert(" ") + digit_s, 0, 5), lib.weighted(cardinal.parts["number"], loc.variant))
    spoken = lib.mapping([("box|", [w + " " for w in lib.words(box["spoken"])])], loc.variant) \
        + pynini.compose(number, said)
    # the box's last name word pulls in the words of its longest name before it
    last = {}
    for w in lib.words(box["spoken"]):
        last[w.split()[-1]] = max(last.get(w.split()[-1], 1), len(w.split()) - 1)
    return written, spoken, last
