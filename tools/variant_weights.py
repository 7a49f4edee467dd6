#!/usr/bin/env python3
"""Variant weights from spoken text: how often speakers chose each kind of spoken form.

    python tools/variant_weights.py             # write said/chances/cost into tn_rules/en/variants.yaml
    python tools/variant_weights.py --check     # exit 1 when the file no longer matches the counts
    python tools/variant_weights.py --show 3    # per source and kind, with 3 examples of each

Spoken text: the spoken sides of the dev sets, at their even positions (lines 0, 2, 4, ...;
the odd ones are held out: tools/tag_bench.py --readback reports both halves):
  GoogleTN "gt_normalized"   Wikipedia sentences verbalized by Google's Kestrel grammars
  LibriTTS "gt_normalized"   book sentences verbalized the same way
  LibriTTS "transcript"      a recognizer's transcript of the sentence read aloud

For each span TN finds in a written line, the class's spoken forms (the FST's cheapest distinct
ones, unfiltered) are looked up in the spoken line (whole words, lower case, no punctuation):
the longest form found there is the one said.  A kind (tn_rules/<tag>/variants.yaml `kinds`)
had a chance at a span when some of its forms have the kind and some do not; it was said when
the form said has it.  cost = ln((chances - said + 0.5) / (said + 0.5)); a kind said fewer than
`min_said` times gets no cost (not emitted) unless it names a style guide.
"""
import argparse
import json
import math
import sys
from pathlib import Path

import regex
import yaml

import normgram
from normgram.tagdata.tagging import spoken_key
from normgram.tagdata.variant_rules import variant_rules

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _generated import write_or_check  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SOURCES = (("GoogleTN", "gt_normalized"), ("LibriTTS", "gt_normalized"), ("LibriTTS", "transcript"))
FORMS = 64  # spoken forms of a span looked up
_COUNTS = regex.compile(r"said: \d+, chances: \d+(?:, cost: -?\d+(?:\.\d+)?)?(?=\}\s*$)")


def counting_pairs(name, field, half=0):
    """(written, spoken) of the dev set ``name`` at positions of parity ``half``."""
    path = ROOT / "data" / "eval" / f"{name}.dev.jsonl"
    with open(path, encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i % 2 == half:
                row = json.loads(line)
                if row.get(field):
                    yield row["text"], row[field]


def said_form(norm, cls, written, spoken):
    """(the spoken key of the form said, [spoken keys of every form]) of one span, or None."""
    keys = list(dict.fromkeys(spoken_key(o) for o, _ in norm.class_outputs(cls, "tn", written, FORMS)))
    padded = f" {spoken} "
    found = [k for k in keys if k and f" {k} " in padded]
    return (max(found, key=len), keys) if found else None


def count(norm, kinds, examples=0):
    """{source: {cls: {kind: [said, chances, examples]}}}."""
    out = {}
    for name, field in SOURCES:
        per = out[f"{name} {field}"] = {}
        for written, spoken in counting_pairs(name, field):
            ref = spoken_key(spoken)
            for sp in norm.tn_result(written).spans:
                if sp.cls not in kinds:
                    continue
                found = said_form(norm, sp.cls, sp.input, ref)
                if not found:
                    continue
                said, keys = found
                for kind, (rx, written) in kinds[sp.cls].items():
                    if written is not None and not written.search(sp.input):
                        continue
                    has = [bool(rx.search(k)) for k in keys]
                    if any(has) and not all(has):
                        c = per.setdefault(sp.cls, {}).setdefault(kind, [0, 0, []])
                        c[1] += 1
                        if rx.search(said):
                            c[0] += 1
                            if len(c[2]) < examples:
                                c[2].append((sp.input, said))
    return out


def cost(said, chances, style_guide, min_said=1):
    if said < min_said and not style_guide:
        return None
    return round(math.log((chances - said + 0.5) / (said + 0.5)), 2)


def rewritten(text, totals, guides, min_said):
    """The variants.yaml text with each kind's said, chances and cost replaced."""
    out, cls, in_kinds = [], None, False
    for line in text.splitlines(True):
        if regex.match(r"^\S", line):
            in_kinds = line.startswith("kinds:")
        elif in_kinds and regex.match(r"^  (\w+):\s*$", line):
            cls = regex.match(r"^  (\w+):", line).group(1)
        elif in_kinds and cls and (m := regex.match(r"^    (\w+):", line)):
            said, chances = totals.get(cls, {}).get(m.group(1), (0, 0))
            c = cost(said, chances, guides[cls][m.group(1)], min_said)
            new = f"said: {said}, chances: {chances}" + ("" if c is None else f", cost: {c}")
            line = _COUNTS.sub(new, line, count=1)
        out.append(line)
    return "".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--locale", default="en")
    ap.add_argument("--check", action="store_true", help="only check that the file matches the counts")
    ap.add_argument("--show", type=int, default=0, metavar="N", help="print the counts per source, N examples each")
    args = ap.parse_args(argv)
    path = ROOT / "tn_rules" / args.locale / "variants.yaml"
    text = path.read_text(encoding="utf-8")
    declared = (yaml.safe_load(text) or {}).get("kinds") or {}
    norm = normgram.Normalizer(args.locale)
    compiled = variant_rules(norm.locale).kinds  # {cls: [(regex, cost, written regex)]}, in file order
    kinds = {cls: {name: (rx, written) for name, (rx, _, written) in zip(named, compiled[cls])}
             for cls, named in declared.items()}
    guides = {cls: {name: k.get("style_guide") for name, k in named.items()} for cls, named in declared.items()}
    counts = count(norm, kinds, args.show)
    totals = {}
    for per in counts.values():
        for cls, named in per.items():
            for kind, (said, chances, _) in named.items():
                s, c = totals.setdefault(cls, {}).get(kind, (0, 0))
                totals[cls][kind] = (s + said, c + chances)
    if args.show:
        for source, per in counts.items():
            print(f"== {source}")
            for cls in sorted(per):
                for kind, (said, chances, ex) in sorted(per[cls].items()):
                    print(f"  {cls:<10} {kind:<14} {said:>4} of {chances:<4} " + "; ".join(f"{w!r} -> {s!r}" for w, s in ex))
    min_said = (yaml.safe_load(text) or {}).get("min_said", 1)
    return write_or_check(path, rewritten(text, totals, guides, min_said), args.check, ROOT)


if __name__ == "__main__":
    sys.exit(main())
