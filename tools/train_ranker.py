#!/usr/bin/env python3
"""Train the n-gram ranker of a locale from written text tagged by normgram's own TN classifier.

    python tools/train_ranker.py --locale en --out locales/en/ranker/model.json.gz

Steps: read the sources (tools/ranker_sources.py; real text first, templates for
rare classes), split sentences, hold out every ``--holdout``-th sentence of each
source, tag the rest with ``Normalizer(locale, ranker=False).tn_result`` (each span
-> "<class>", other words lowercased without punctuation), train an interpolated
modified Kneser-Ney model (normgram.ranker.NgramModel), prune it to ``--max-mb``,
tune lambda and the unigram-prior weight on a dev split (TN: EngConf dev groups +
the held-out GoogleTN dev pairs; ITN, separately: the same GoogleTN pairs read
backwards + the dev split of tools/itn_ambiguity.py) and write them into the model's
meta ("lambda", "lambda_itn", "prior"); the ambiguity test split is only reported.  Tagged sentences are cached under
$NORMGRAM_CACHE/ranker-corpus (keyed by grammar content and text), so re-runs are fast.

Your own domain text: ``--text my.txt`` (one paragraph or sentence per line), with
``--sources none`` to use it alone.  ``--ablation`` also reports, for every source,
perplexity and EngConf accuracy of a model trained without it.
"""
import argparse
import hashlib
import json
import math
import os
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, _HERE)
if os.path.isdir(os.path.join(_HERE, "..", "normgram")):  # a checkout: its normgram wins
    sys.path.insert(0, os.path.dirname(_HERE))
import itn_ambiguity  # noqa: E402
import ranker_sources  # noqa: E402

from normgram import Normalizer  # noqa: E402
from normgram.build import cache_key  # noqa: E402
from normgram.rules.resources import cache_dir  # noqa: E402
from normgram.ranker import NgramModel, Ranker, sentence_tokens  # noqa: E402

LAMBDAS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5)
LAMBDAS_ITN = (0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0)
PRIORS = (0.0, 0.5, 1.0)
GUARD_EVERY = 5     # every 5th GoogleTN / LibriTTS dev pair joins the held pairs in the TN tuning guard
GUARD_EVERY_ITN = 1  # ITN: every pair (7,462; the ITN guard decides lambda_itn, memos make it cheap)
ENGCONF = os.path.join(ranker_sources.EVAL_DIR, "EngConf.dev.txt")
GOOGLE = os.path.join(ranker_sources.EVAL_DIR, "GoogleTN.dev.jsonl")
GUARD_SETS = (GOOGLE, os.path.join(ranker_sources.EVAL_DIR, "LibriTTS.dev.jsonl"))

TAG_VERSION = b"5"  # bump when sentence_tokens changes (2: span edge words kept as words; 3: shapes;
                   # 4: glued "." / "," in the shape; 5: "<cls:f>" for a short fractional part)

# -- tagging ----------------------------------------------------------------------------

_norm = None


def _init(locale):
    global _norm
    _norm = Normalizer(locale, ranker=False, nbest=1)


def _tag_chunk(sents):
    out = []
    for s in sents:
        toks = sentence_tokens(s, _norm.tn_result(s).spans)
        if toks:
            out.append(toks)
    return out


def tag(sentences, locale, jobs, cache_dir, label):
    """Sentences -> token lists, cached by grammar content + text."""
    h = hashlib.sha256(cache_key(_norm.locale).encode() if _norm else b"")
    h.update(TAG_VERSION)
    for s in sentences:
        h.update(s.encode("utf-8", "surrogateescape") + b"\n")
    path = Path(cache_dir) / f"{label}-{h.hexdigest()[:16]}.txt"
    if path.is_file():
        return [ln.split() for ln in path.read_text(encoding="utf-8").splitlines() if ln]
    t0 = time.perf_counter()
    chunks = [sentences[i:i + 500] for i in range(0, len(sentences), 500)]
    if jobs > 1 and len(chunks) > 1:
        with Pool(jobs, initializer=_init, initargs=(locale,)) as pool:
            parts = pool.map(_tag_chunk, chunks)
    else:
        parts = [_tag_chunk(c) for c in chunks]
    out = [t for p in parts for t in p]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(" ".join(t) + "\n" for t in out), encoding="utf-8")
    log(f"  tagged {label}: {len(sentences)} sentences in {time.perf_counter() - t0:.1f} s")
    return out


# -- evaluation -----------------------------------------------------------------------------

def _lenient(s):
    import re
    return " ".join(re.sub(r"[^\w\s']|_", " ", s.lower()).replace("'", " ").split())


def engconf_groups(path):
    groups, cur = [], None
    if not path or not os.path.isfile(path):
        return groups
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        text, _, label = line.rpartition("~~")
        if label == "RAW":
            cur = {"raw": text, "good": set()}
            groups.append(cur)
        elif cur is not None and label == "1":
            cur["good"].add(_lenient(text))
    return groups


def dev_items(engconf, google_pairs):
    """(input, set of acceptable lenient outputs) for lambda tuning and reports."""
    items = [(g["raw"], g["good"]) for g in engconf_groups(engconf)]
    items += [(t, {_lenient(ref)}) for t, ref in google_pairs]
    return items


def _lenient_itn(s):
    return " ".join(t for t in (tok.strip("\"'`.,;:!?()[]{}") for tok in s.lower().split()) if t)


def accuracy(norm, items, direction="tn"):
    if direction == "itn":
        return sum(_lenient_itn(norm.itn(x)) in good for x, good in items) / max(1, len(items))
    return sum(_lenient(norm.tn(x)) in good for x, good in items) / max(1, len(items))


def tune_lambda(model, locale, items, lambdas, direction="tn", priors=PRIORS, guard=(), floor=None):
    """Grid search over (prior, lambda) for the best accuracy on ``items`` among the settings
    that lose nothing on ``guard`` (the held-out GoogleTN pairs: the ranker must not undo
    what the grammar already gets right; ``floor``: a lower guard accuracy that is enough,
    that of the model being replaced).  Ties go to the smallest lambda, then the largest
    prior.  Returns ((lambda, prior), {(prior, lambda): (items acc, guard acc)})."""
    ranker = Ranker(model, lam=1.0, direction=direction)
    norm = Normalizer(locale, ranker=ranker)
    pipe_scorer = norm.pipeline(direction).scorer
    scores = {}
    for prior in priors:
        pipe_scorer.prior = prior
        for lam in lambdas:
            if lam == 0 and prior != priors[0]:
                scores[(prior, lam)] = scores[(priors[0], lam)]
                continue
            pipe_scorer.lam = lam
            scores[(prior, lam)] = (accuracy(norm, items, direction),
                                    accuracy(norm, guard, direction) if guard else 0.0)
            log(f"  {direction} prior {prior:<4} lambda {lam:<5} dev acc {scores[(prior, lam)][0]:.4f}"
                f" guard acc {scores[(prior, lam)][1]:.4f}")
    grammar = scores[(priors[0], 0.0)][1] if (priors[0], 0.0) in scores else 0.0
    floor = grammar if floor is None else min(grammar, floor)
    ok = {k: v[0] for k, v in scores.items() if v[1] >= floor}
    best = max(ok.values())
    tied = sorted((lam, -prior) for (prior, lam), v in ok.items() if v == best)
    return (tied[0][0], -tied[0][1]), scores


# -- model building -------------------------------------------------------------------------

def split_shapes(corpus):
    """Tagged sentences ("<year|4>") -> LM sentences ("<year>") and the (class, shape) counts."""
    out, counts = [], {}
    for sent in corpus:
        toks = []
        for t in sent:
            if t[0] == "<" and "|" in t:
                cls, sh = t[1:-1].split("|", 1)
                row = counts.setdefault(sh, {})
                base = cls.split(":")[0]   # "<money:f|2>": the shape table is per class
                row[base] = row.get(base, 0) + 1
                t = f"<{cls}>"
            toks.append(t)
        out.append(toks)
    return out, counts


def shape_table(counts, classes, alpha=0.5):
    """{shape: {class: log P(class | shape)}}, add-alpha smoothed over the locale's classes."""
    table = {}
    for sh, row in counts.items():
        n = sum(row.values()) + alpha * len(classes)
        table[sh] = {c: round(math.log((row.get(c, 0) + alpha) / n), 4) for c in classes}
    return table


def trigger_table(corpus, classes, window=4, min_count=5, min_score=0.5, cap=3.0, top=300):
    """{class token: {word: score}}: how much more often a word occurs within ``window``
    words of a span of that class than within the window of any span,
    log((n(c, w) + 0.5) / (n(c) * P(w | any span) + 0.5)), for words seen near spans at least
    ``min_count`` times; the ``top`` highest per class with score >= ``min_score``, capped.
    Only cue words (positive scores): a class whose spans come mostly from the templates
    (<money:f>) never meets most real words, and their absence is no evidence against it."""
    near, per_class, every, spans = {}, {}, {}, 0
    for sent in corpus:
        for i, t in enumerate(sent):
            if t[0] != "<" or t[1:-1].split(":")[0] not in classes:
                continue
            words = {w for w in sent[max(0, i - window):i] + sent[i + 1:i + 1 + window] if w[0] != "<"}
            row = near.setdefault(t, {})
            for w in words:
                row[w] = row.get(w, 0) + 1
                every[w] = every.get(w, 0) + 1
            per_class[t] = per_class.get(t, 0) + 1
            spans += 1
    table = {}
    for c, row in near.items():
        n = per_class[c]
        scores = {}
        for w, total in every.items():
            if total < min_count:
                continue
            sc = math.log((row.get(w, 0) + 0.5) / (n * total / spans + 0.5))
            if sc >= min_score:
                scores[w] = round(min(cap, sc), 3)
        best = sorted(scores, key=lambda w: -scores[w])[:top]
        if best:
            table[c] = {w: scores[w] for w in best}
    return table


def model_bytes(model):
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "m.json.gz"
        model.save(path)
        return path.stat().st_size


def train_pruned(corpus, order, min_count, max_mb, sources):
    cuts = list(min_count)
    while True:
        model = NgramModel.train(corpus, order=order, min_count=cuts, sources=sources)
        size = model_bytes(model)
        log(f"  order {order} min_count {cuts}: ngrams {model.info['ngrams']}, {size / 1e6:.2f} MB")
        if size <= max_mb * 1e6 or all(c >= 50 for c in cuts[1:]):
            return model, size
        cuts = [cuts[0]] + [max(c + 1, int(c * 1.6)) for c in cuts[1:]]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--locale", default="en")
    ap.add_argument("--out", required=True, help="model file (.json.gz)")
    ap.add_argument("--sources", default=",".join(ranker_sources.DEFAULT),
                    help=f"comma-separated real sources ({', '.join(ranker_sources.REAL)}; default "
                         f"{','.join(ranker_sources.DEFAULT)}) or 'none'")
    ap.add_argument("--text", action="append", default=[], help="extra text file(s), one paragraph per line")
    ap.add_argument("--templates", type=int, default=30000,
                    help="template sentences (tools/ranker_sources.py TEMPLATES, split by SHARE)")
    ap.add_argument("--no-templates", action="store_true", help="leave the synthetic sentences out")
    ap.add_argument("--order", type=int, default=4)
    ap.add_argument("--min-count", default="1,3,4,4", help="per-order cutoffs before size pruning")
    ap.add_argument("--max-mb", type=float, default=5.0, help="prune until the gzip'd model is at most this")
    ap.add_argument("--holdout", type=int, default=20, help="every N-th sentence of a source is held out")
    ap.add_argument("--limit", type=int, default=0, help="at most N sentences per source (quick runs)")
    ap.add_argument("--lambdas", default=",".join(map(str, LAMBDAS)))
    ap.add_argument("--lambda", dest="lam", type=float, help="fix lambda, no tuning")
    ap.add_argument("--prior", type=float, help="fix the unigram-prior weight (default: tuned over 0, 0.5, 1)")
    ap.add_argument("--right-weight", type=float, default=0.5,
                    help="weight of the right-context words' log probability (meta right_weight)")
    ap.add_argument("--trigger-weight", type=float, default=0.5,
                    help="weight of the trigger words near a span (meta trigger_weight; 0 = off; "
                         "0.5 chosen on the ITN ambiguity dev split)")
    ap.add_argument("--no-ambiguity", dest="ambiguity", action="store_false",
                    help="leave the ITN ambiguity set (tools/itn_ambiguity.py) out of ITN tuning and the report")
    ap.add_argument("--engconf", default=ENGCONF, help="EngConf dev file for tuning ('' = none)")
    ap.add_argument("--ablation", action="store_true", help="retrain without each source and report")
    ap.add_argument("--itn-guard-every", type=int, default=GUARD_EVERY_ITN,
                    help="every N-th GoogleTN/LibriTTS dev pair guards the ITN tuning (default: all)")
    ap.add_argument("--baseline", help="model being replaced (default: --out when it exists): ITN settings "
                                       "as accurate on the guard as it are allowed ('' = none)")
    ap.add_argument("--retune", metavar="MODEL", help="only re-tune lambda/prior of an existing model (no training)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--cache", default=str(cache_dir() / "ranker-corpus"))
    a = ap.parse_args(argv)

    t_start = time.perf_counter()
    _init(a.locale)
    sources = {}
    names = [] if a.sources in ("", "none") else a.sources.split(",")
    for name in names:
        if name not in ranker_sources.REAL:
            ap.error(f"unknown source {name!r}; known: {', '.join(ranker_sources.REAL)}")
        sources[name] = ranker_sources.REAL[name]
    for path in a.text:
        sources[f"text:{os.path.basename(path)}"] = (lambda p=path: (
            s for line in open(p, encoding="utf-8") for s in ranker_sources.split_sentences(line)))
    if not a.no_templates and a.templates > 0:
        sources["templates"] = lambda: ranker_sources.templates(a.templates)
    if not sources:
        ap.error("no training text: give --sources, --text or templates")

    train, held, google_pairs, itn_pairs = {}, {}, [], []
    google_held = set()
    for name, fn in sources.items():
        sents = list(fn())
        if a.limit:
            sents = sents[: a.limit]
        tr = [s for i, s in enumerate(sents) if a.holdout <= 1 or i % a.holdout != a.holdout - 1]
        ho = [s for i, s in enumerate(sents) if a.holdout > 1 and i % a.holdout == a.holdout - 1]
        if name == "evaldev":
            google_held.update(ho)
        if a.retune:
            train[name], held[name] = [], []
            continue
        train[name] = tag(tr, a.locale, a.jobs, a.cache, f"{name}-train")
        held[name] = tag(ho, a.locale, a.jobs, a.cache, f"{name}-held") if ho else []
        log(f"source {name}: {len(tr)} train / {len(ho)} held-out sentences, "
            f"{sum(map(len, train[name]))} train tokens")
    for path in GUARD_SETS:
        # the guard: every GUARD_EVERY-th GoogleTN and LibriTTS dev pair, plus the held ones when
        # evaldev is trained on (the guard only checks that the ranker does not undo what the
        # grammar gets right; by default evaldev is not trained on, so the dev figures stay
        # honest).  LibriTTS joined because its literary years ("the gold finders of eighteen
        # forty nine") are what a high ITN lambda turned into prices, unseen in GoogleTN.
        if not os.path.isfile(path):
            continue
        for i, line in enumerate(open(path, encoding="utf-8")):
            r = json.loads(line)
            if r["text"] in google_held or i % GUARD_EVERY == 0:
                google_pairs.append((r["text"], r["gt_normalized"]))
            if r["text"] in google_held or i % a.itn_guard_every == 0:
                itn_pairs.append((r["text"], r["gt_normalized"]))
    engconf_items = dev_items(a.engconf, [])
    google_items = dev_items("", google_pairs)

    order, cuts = a.order, [int(c) for c in a.min_count.split(",")]
    cuts = (cuts + [cuts[-1]] * order)[:order]
    corpus, shape_counts = split_shapes([t for name in sources for t in train[name]])
    held = {name: split_shapes(h)[0] for name, h in held.items()}
    t0 = time.perf_counter()
    if a.retune:
        model, size = NgramModel.load(a.retune), os.path.getsize(a.retune)
        log(f"re-tuning {a.retune} (no training)")
    else:
        model, size = train_pruned(corpus, order, cuts, a.max_mb, list(sources))
        model.meta["shape_prior"] = shape_table(shape_counts, list(_norm.classes))
        model.meta["triggers"] = trigger_table(corpus, set(_norm.classes))
        log(f"trained on {len(corpus)} sentences in {time.perf_counter() - t0:.1f} s")
    model.meta["right_weight"] = a.right_weight
    model.meta["trigger_weight"] = a.trigger_weight

    report = dict(model.meta.get("report", {})) if a.retune else {"sources": {}, "size_bytes": size}
    for name in sources:
        if held[name]:
            report["sources"][name] = {"train_sentences": len(train[name]), "held_sentences": len(held[name]),
                                       "perplexity": round(model.perplexity(held[name]), 2)}
    all_held = [t for name in sources for t in held[name]]
    if all_held:
        report["perplexity_all_held"] = round(model.perplexity(all_held), 2)

    itn_guard = [(ref, {_lenient_itn(t)}) for t, ref in itn_pairs]
    amb_dev = [(it["spoken"], {_lenient_itn(it["written"])}) for it in itn_ambiguity.items("dev")]
    amb_test = [(it["spoken"], {_lenient_itn(it["written"])}) for it in itn_ambiguity.items("test")]
    # TN: EngConf dev groups, guarded by the held GoogleTN pairs (both only when there are
    # no EngConf groups: then the GoogleTN pairs are the objective); ITN likewise with the
    # ambiguity set's dev split
    items, guard = (engconf_items, google_items) if engconf_items else (google_items, ())
    itn_items, itn_guard = (amb_dev, itn_guard) if a.ambiguity else (itn_guard, ())
    lam, scores, lam_itn, scores_itn = 1.0, {}, 1.0, {}
    prior = prior_itn = 1.0
    if a.lam is not None:
        lam = lam_itn = a.lam
        prior = prior_itn = a.prior if a.prior is not None else 1.0
    else:
        priors = (a.prior,) if a.prior is not None else PRIORS
        if items:
            (lam, prior), scores = tune_lambda(model, a.locale, items, [float(x) for x in a.lambdas.split(",")],
                                               priors=priors, guard=guard)
        if itn_items:
            # ITN: its own prior (TN lambda 0 leaves the TN prior untested)
            base = a.out if a.baseline is None else a.baseline
            floor = None
            if base and os.path.isfile(base) and itn_guard:  # not worse than the model it replaces
                floor = accuracy(Normalizer(a.locale, ranker=Ranker.load(base, direction="itn")), itn_guard, "itn")
                log(f"  itn guard accuracy of the baseline {base}: {floor:.4f}")
                report["itn_guard_baseline"] = round(floor, 4)
            (lam_itn, prior_itn), scores_itn = tune_lambda(model, a.locale, itn_items, LAMBDAS_ITN, "itn",
                                                           priors=priors, guard=itn_guard, floor=floor)
        else:
            lam_itn = lam
    model.meta.update({"lambda": lam, "lambda_itn": lam_itn, "prior": prior, "prior_itn": prior_itn,
                       "locale": a.locale, "classes": list(_norm.classes),
                       "dev_scores": {f"{p},{lm}": [round(x, 4) for x in v] for (p, lm), v in scores.items()},
                       "dev_scores_itn": {f"{p},{lm}": [round(x, 4) for x in v] for (p, lm), v in scores_itn.items()},
                       "dev_items": len(items), "dev_items_itn": len(itn_items)})
    if a.ambiguity:
        report["itn_ambiguity_test_grammar"] = round(
            accuracy(Normalizer(a.locale, ranker=False), amb_test, "itn"), 4)
        report["itn_ambiguity_test_ranker"] = round(
            accuracy(Normalizer(a.locale, ranker=Ranker(model)), amb_test, "itn"), 4)
    if engconf_items:
        report["engconf_dev_acc_grammar"] = round(accuracy(Normalizer(a.locale, ranker=False), engconf_items), 4)
        report["engconf_dev_acc_ranker"] = round(accuracy(Normalizer(a.locale, ranker=Ranker(model)), engconf_items), 4)
    if a.ablation:
        report["ablation"] = {}
        for drop in sources:
            sub, sub_counts = split_shapes([t for name in sources if name != drop for t in train[name]])
            if not sub:
                continue
            m, _ = train_pruned(sub, order, cuts, a.max_mb, [s for s in sources if s != drop])
            m.meta.update({"lambda": lam, "lambda_itn": lam_itn, "prior": prior,
                           "shape_prior": shape_table(sub_counts, list(_norm.classes))})
            row = {"perplexity_all_held": round(m.perplexity(all_held), 2) if all_held else None,
                   "held_perplexity": {n: round(m.perplexity(held[n]), 2) for n in sources if held[n]}}
            if engconf_items:
                row["engconf_dev_acc"] = round(accuracy(Normalizer(a.locale, ranker=Ranker(m)), engconf_items), 4)
            if a.ambiguity:
                norm = Normalizer(a.locale, ranker=Ranker(m))
                row["itn_ambiguity_dev"] = round(accuracy(norm, amb_dev, "itn"), 4)
                row["itn_ambiguity_test"] = round(accuracy(norm, amb_test, "itn"), 4)
            report["ablation"][f"without {drop}"] = row
            log(f"  without {drop}: {row}")
    model.meta["report"] = report
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    report["lambda"], report["lambda_itn"] = lam, lam_itn
    report["seconds"] = round(time.perf_counter() - t_start, 1)
    print(json.dumps(report, indent=1))
    log(f"wrote {out} ({out.stat().st_size / 1e6:.2f} MB), lambda {lam}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
