#!/usr/bin/env python3
"""Golden outputs: what normgram writes for every dev, conversational and ASR line.

    python tools/golden.py            # rewrite tests/golden/*.jsonl from the current code
    python tools/golden.py --check    # compare, list the lines that differ (exit 1 if any)

Each golden file holds one JSON string per input line, in input order.  The inputs
(``SETS``) are the dev halves in data/eval (TN of the written side, ITN of the spoken
side, ITN of LibriTTS recognizer transcripts, TN of EngConf inputs), the hand-written
ITN sets of every locale in tests/data (ITN of the spoken side, TN of the first written
form), training-data records of ``tag`` and the committed text of ``StreamingITN``.
tests/test_golden.py checks every line; a change that is meant to change outputs
rewrites the files and shows the difference in its commit.
"""
import argparse
import json
import sys
from pathlib import Path

import normgram
from normgram.tagdata.tagging import Tagger

ROOT = Path(__file__).resolve().parent.parent
EVAL = ROOT / "data" / "eval"
SETS_DIR = ROOT / "tests" / "data"
GOLDEN = ROOT / "tests" / "golden"
TAG_LINES = 400      # written lines per dev set run through `tag`
STREAM_LINES = 300   # LibriTTS transcripts run through StreamingITN


def _jsonl(name, field):
    return [json.loads(line)[field] for line in (EVAL / name).read_text(encoding="utf-8").splitlines()]


def _engconf():
    return [line[:-len("~~RAW")] for line in (EVAL / "EngConf.dev.txt").read_text(encoding="utf-8").splitlines()
            if line.endswith("~~RAW")]


def _tsv(path, column):
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            parts = line.split("\t")
            rows.append(parts[column].split(" | ")[0].strip() if column == 2 else parts[column])
    return rows


def _streamed(locale, text):
    """The committed pieces, word by word: where the stream commits is part of its output."""
    stream = normgram.StreamingITN(locale)
    return [stream.push(word).committed for word in text.split()] + [stream.finish().committed]


def _tagged(locale, lines, style):
    tagger = Tagger(normgram.Normalizer(locale), variants=3, seed=0, style=style)
    return [json.dumps(tagger.record(text, i), ensure_ascii=False, sort_keys=True) for i, text in enumerate(lines)]


def sets():
    """{golden name: (locale, how, inputs)}; how is "tn", "itn", "stream" or "tag-<style>"."""
    out = {
        "en/GoogleTN.tn": ("en", "tn", _jsonl("GoogleTN.dev.jsonl", "text")),
        "en/GoogleTN.itn": ("en", "itn", _jsonl("GoogleTN.dev.jsonl", "gt_normalized")),
        "en/LibriTTS.tn": ("en", "tn", _jsonl("LibriTTS.dev.jsonl", "text")),
        "en/LibriTTS.itn": ("en", "itn", _jsonl("LibriTTS.dev.jsonl", "gt_normalized")),
        "en/LibriTTS.asr": ("en", "itn", _jsonl("LibriTTS.dev.jsonl", "transcript")),
        "en/LibriTTS.stream": ("en", "stream", _jsonl("LibriTTS.dev.jsonl", "transcript")[:STREAM_LINES]),
        "en/EngConf.tn": ("en", "tn", _engconf()),
        "en/GoogleTN.tag-cased": ("en", "tag-cased", _jsonl("GoogleTN.dev.jsonl", "text")[:TAG_LINES]),
        "en/LibriTTS.tag-asr": ("en", "tag-asr", _jsonl("LibriTTS.dev.jsonl", "text")[:TAG_LINES]),
    }
    for path in sorted(SETS_DIR.glob("*/itn_*.tsv")):
        locale, stem = path.parent.name, path.stem
        out[f"{locale}/{stem}.itn"] = (locale, "itn", _tsv(path, 1))
        out[f"{locale}/{stem}.tn"] = (locale, "tn", _tsv(path, 2))
    return out


def outputs(locale, how, inputs):
    if how.startswith("tag-"):
        return _tagged(locale, inputs, how[4:])
    if how == "stream":
        return [_streamed(locale, text) for text in inputs]
    norm = normgram.Normalizer(locale)
    convert = norm.tn if how == "tn" else norm.itn
    return [convert(text) for text in inputs]


def path_of(name):
    return GOLDEN / f"{name}.jsonl"


def read(name):
    return [json.loads(line) for line in path_of(name).read_text(encoding="utf-8").splitlines()]


def write(name, outs):
    path = path_of(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in outs), encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the golden files instead of writing them")
    ap.add_argument("names", nargs="*", help="golden names (default: all)")
    args = ap.parse_args(argv)
    bad = 0
    for name, (locale, how, inputs) in sets().items():
        if args.names and name not in args.names:
            continue
        outs = outputs(locale, how, inputs)
        if not args.check:
            write(name, outs)
            continue
        old = read(name)
        diff = [i for i, (a, b) in enumerate(zip(old, outs)) if a != b] + list(range(min(len(old), len(outs)), max(len(old), len(outs))))
        bad += len(diff)
        for i in diff[:10]:
            print(f"{name}:{i + 1}: {old[i] if i < len(old) else None!r} -> {outs[i] if i < len(outs) else None!r}")
        print(f"{name}: {len(outs)} lines, {len(diff)} differ", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
