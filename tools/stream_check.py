"""Streaming ITN against batch ITN: equality, commit latency, per-word cost, memory.

    python tools/stream_check.py data/eval/GoogleTN.dev.jsonl data/eval/LibriTTS.dev.jsonl
    python tools/stream_check.py FILES --ranker off       # grammar weights alone (no ranker, no lookahead)
    python tools/stream_check.py FILES --ranker train     # a small ranker trained on FILES' written side
    python tools/stream_check.py FILES --ranker hash      # a context-hashing scorer (equivalence stress)

Each ITN input (``gt_normalized``, and ``transcript`` where present) is fed word by
word to ``StreamingITN`` and compared with ``Normalizer.itn(" ".join(words))`` (text and
spans).  Latency of a word = words that arrived after it before it was committed (words
flushed by ``finish`` count the rest of the utterance).  Pending: on a sample, after every
push, committed text so far + ``Update.pending`` must equal batch ITN of the words so far.
Cost is CPU time (``time.process_time``), streaming vs batch over the same words, with and
without reading ``Update.pending`` after every push (what an ASR client showing partial
results does; the issue-6 target, streaming adds <= 2x the batch per-word cost, i.e. costs
<= x3, is for that one), each pass with its own memos, empty at the start of a round; the
three passes are interleaved 20 sentences at a time over ``--cost-reps`` rounds and the
median ratio with its range is reported (the machine's load moves single runs); a second
line gives the same with warm memos.  Memory: a synthetic stream of
``--stream-words`` words (dev sentences in a row, one utterance) under tracemalloc, after a
first pass over the same words so that the ranker's own memo (bounded at 50,000 entries)
is not counted as stream state.
"""
import argparse
import hashlib
import json
import os
import sys
from statistics import median
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import normgram  # noqa: E402
from normgram.ranker import NgramModel, Ranker, sentence_tokens  # noqa: E402
from normgram import StreamingITN  # noqa: E402


def inputs(path, limit=None):
    out = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            for key in ("gt_normalized", "transcript"):
                if r.get(key, "").strip():
                    out.setdefault(key, []).append(r[key].split())
    return {k: v[:limit] for k, v in out.items()}


def hash_scorer(left, tokens, right):
    """Deterministic cost that changes with every context word (tests context handling)."""
    key = "\x1f".join(left) + "|" + " ".join(tokens) + "|" + "\x1f".join(right)
    return int(hashlib.md5(key.encode("utf-8", "surrogatepass")).hexdigest()[:6], 16) / 0xFFFFFF * 3.0


def train_ranker(files):
    norm = normgram.Normalizer("en", ranker=False)
    sents = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            for line in fh:
                text = json.loads(line)["text"]
                sents.append(sentence_tokens(text, norm.tn_result(text).spans))
    return Ranker(NgramModel.train(sents, order=3, meta={"lambda": 1.0, "lambda_itn": 1.0}), direction="itn")


def stream(s, words, pending=False):
    """-> (text, spans, latencies per word)."""
    text, spans, lat = [], [], [0] * len(words)
    done = 0
    for k, w in enumerate(words):
        u = s.push(w)
        if pending:
            u.pending
        text.append(u.committed)
        spans += u.spans
        now = k + 1 - s.latency
        for i in range(done, now):
            lat[i] = k - i
        done = now
    u = s.finish()
    for i in range(done, len(words)):
        lat[i] = len(words) - 1 - i
    return "".join(text) + u.committed, spans + u.spans, lat


def check(norm, sentences, show):
    s = StreamingITN(norm)
    same = 0
    lats = []
    for words in sentences:
        batch = norm.itn_result(" ".join(words))
        text, spans, lat = stream(s, words)
        lats += lat
        if text == batch.output and spans == batch.spans:
            same += 1
        elif show > 0:
            show -= 1
            print(f"   DIFF batch: {batch.output}\n        stream: {text}")
    return same, lats


def cost(norm, sentences, reps=5, cold=True, chunk=20):
    """CPU times of ``reps`` rounds, each timing batch, streaming and streaming reading
    pending every push over the same words -> {"batch"|"commit"|"pending": [seconds per round]}.

    The three passes of a round are interleaved ``chunk`` sentences at a time (the order
    turning round at every chunk), so a change in machine load within a round hits all three
    alike: each round gives its own ratios, and ``summary`` reports their median and range
    rather than one ratio of two best times taken minutes apart.
    ``cold``: each pass of a round has its own memos (the pipeline's readings, its ranker
    groups and second-stage reads, the ranker's scores and the stream's own caches), empty
    at the start of the round and swapped in before each of its chunks, as on text not seen
    before; repeats within a pass still hit them, as they would in a service.  Warm rounds
    share the memos of all earlier passes, so they time the Python around the FSTs rather
    than ITN."""
    s = StreamingITN(norm)
    pipe = norm.pipeline("itn")
    slots = [(pipe, "_memo"), (pipe, "_late_memo"), (pipe, "_rank_memo"), (s, "_cache"), (s, "_texts")]
    if hasattr(pipe.scorer, "_cache"):
        slots.append((pipe.scorer, "_cache"))  # the ranker's scores by context
    passes = {
        "batch": lambda part: [norm.itn(" ".join(words)) for words in part],
        "commit": lambda part: [stream(s, words) for words in part],
        "pending": lambda part: [stream(s, words, pending=True) for words in part],
    }
    times = {k: [] for k in passes}
    order = list(passes)
    for _ in range(reps):
        memos = {k: [{} for _ in slots] for k in passes}
        spent = dict.fromkeys(passes, 0.0)
        for c, at in enumerate(range(0, len(sentences), chunk)):
            part = sentences[at:at + chunk]
            for name in (order if c % 2 == 0 else order[::-1]):
                if cold:
                    for (obj, attr), memo in zip(slots, memos[name]):
                        setattr(obj, attr, memo)
                t0 = time.process_time()
                passes[name](part)
                spent[name] += time.process_time() - t0
                if cold:  # the pass's memos as it left them
                    memos[name] = [getattr(obj, attr) for obj, attr in slots]
        for name in passes:
            times[name].append(spent[name])
    return times


def summary(times, what):
    """Median and range over rounds of ``what``'s time / the same round's batch time."""
    ratios = [t / b for t, b in zip(times[what], times["batch"])]
    return median(ratios), min(ratios), max(ratios)


def check_pending(norm, sentences):
    """Sentences where, after every push, committed so far + pending == batch ITN of the words so far."""
    s, same = StreamingITN(norm), 0
    for words in sentences:
        text, ok = "", True
        for k, w in enumerate(words):
            u = s.push(w)
            text += u.committed
            ok = ok and text + u.pending == norm.itn(" ".join(words[:k + 1]))
        s.finish()
        same += ok
    return same


def memory(norm, sentences, total):
    words = [w for sent in sentences for w in sent]
    s = StreamingITN(norm)
    warm = StreamingITN(norm)  # a first pass fills the ranker's own (bounded) memo
    for w in words[:total]:
        warm.push(w)
    warm.finish()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    marks, peak_buf, n = [], 0, 0
    while n < total:
        for w in words:
            s.push(w)
            n += 1
            peak_buf = max(peak_buf, s.latency)
            if n % (total // 10) == 0:
                marks.append((n, tracemalloc.get_traced_memory()[0] - base))
            if n >= total:
                break
    s.finish()
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    return marks, peak, peak_buf


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--ranker", default="shipped",
                    help="shipped (the default Normalizer, what StreamingITN('en') uses) | off | train | hash | PATH")
    ap.add_argument("--show", type=int, default=5, help="differences to print per input")
    ap.add_argument("--stream-words", type=int, default=10_000)
    ap.add_argument("--limit", type=int, help="first N sentences per input")
    ap.add_argument("--cost-sentences", type=int, default=2000, help="sentences timed for the cost ratio")
    ap.add_argument("--no-cost", action="store_true")
    ap.add_argument("--cost-reps", type=int, default=5,
                    help="interleaved rounds of the three timed passes (cold; warm: half as many)")
    ap.add_argument("--pending-sentences", type=int, default=300,
                    help="sentences checked push by push for committed + pending == batch (0: none)")
    a = ap.parse_args(argv)
    if a.ranker == "shipped":
        norm = normgram.Normalizer("en")
    elif a.ranker == "off":
        norm = normgram.Normalizer("en", ranker=False)
    elif a.ranker == "hash":
        norm = normgram.Normalizer("en", scorer=hash_scorer, nbest=12)
    elif a.ranker == "train":
        norm = normgram.Normalizer("en", ranker=train_ranker(a.files))
    else:
        norm = normgram.Normalizer("en", ranker=a.ranker)
    print(f"ranker: {a.ranker}; StreamingITN horizon {StreamingITN(norm).horizon} words, "
          f"lookahead {StreamingITN(norm).lookahead} words")
    all_lat, all_sents = [], []
    for f in a.files:
        for key, sents in inputs(f, a.limit).items():
            same, lat = check(norm, sents, a.show)
            all_lat += lat
            all_sents += sents
            print(f"{Path(f).name} {key}: streaming == batch on {same}/{len(sents)} = {same / len(sents):.4f}; "
                  f"commit latency avg {sum(lat) / len(lat):.2f} max {max(lat)} words")
    print(f"all: commit latency avg {sum(all_lat) / len(all_lat):.2f} max {max(all_lat)} words over {len(all_lat)} words")
    if a.pending_sentences:
        sample = all_sents[::max(1, len(all_sents) // a.pending_sentences)]
        same = check_pending(norm, sample)
        print(f"pending after every push == batch ITN of the words so far: {same}/{len(sample)} sentences")
    if not a.no_cost:
        timed = all_sents[::max(1, len(all_sents) // a.cost_sentences)]
        nw = sum(map(len, timed))
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        for cold in (True, False):
            reps = a.cost_reps if cold else max(1, a.cost_reps // 2)
            times = cost(norm, timed, reps=reps, cold=cold)
            us = {k: 1e6 * median(v) / nw for k, v in times.items()}
            cm, clo, chi = summary(times, "commit")
            pm, plo, phi = summary(times, "pending")
            what = "cold memos per pass (target measure)" if cold else "warm memos (Python overhead only)"
            print(f"CPU per word, {what}; process_time, {reps} interleaved rounds, {len(timed)} sentences, "
                  f"{nw} words, load {load:.1f}:\n   median us/word: batch {us['batch']:.1f} | streaming, committed "
                  f"only {us['commit']:.1f} | streaming + pending read after every word {us['pending']:.1f}"
                  f"\n   ratio to the same round's batch, median [min-max]: committed only x{cm:.2f} [{clo:.2f}-{chi:.2f}]"
                  f" | + pending x{pm:.2f} [{plo:.2f}-{phi:.2f}]")
            if cold:
                print(f"   pending after every word: streaming costs x{pm:.2f} batch (median of {reps} rounds), i.e. "
                      f"adds {pm - 1:.2f}x the batch per-word cost (issue 6: <= 2x)")
    marks, peak, peak_buf = memory(norm, all_sents, a.stream_words)
    print(f"memory over a {a.stream_words}-word stream (tracemalloc, KiB above start): "
          + ", ".join(f"{n}: {b / 1024:.1f}" for n, b in marks) + f"; peak {peak / 1024:.1f}; "
          f"most words held uncommitted: {peak_buf}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
