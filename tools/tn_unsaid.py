"""Share of TN outputs that still hold an ASCII digit or a symbol a voice cannot say.

    python tools/tn_unsaid.py data/eval/GoogleTN.dev.jsonl [--show K] [--rules-dir DIR]
    python tools/tn_unsaid.py data/eval/EngConf.dev.txt --rules-dir OVERLAY

Inputs: a JSONL file with a "text" field per line (GoogleTN, LibriTTS), an EngConf file
(the ~~RAW lines), or plain text (one sentence a line).  Prints the number of sentences,
those whose TN output holds a digit, those holding one of the symbols below, and with
--show the first K of them.
"""
import argparse
import json
import sys

import normgram

UNSAID = set("%$€£¥#@&+=<>/~^_|*°")


def sentences(path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\r\n")
            if not line.strip() or line.startswith("#"):
                continue
            if path.endswith(".jsonl"):
                yield json.loads(line)["text"]
            elif "~~" in line:
                text, _, label = line.rpartition("~~")
                if label == "RAW":
                    yield text
            else:
                yield line


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--locale", default="en")
    ap.add_argument("--rules-dir", default=None)
    ap.add_argument("--show", type=int, default=0)
    a = ap.parse_args(argv)
    norm = normgram.Normalizer(a.locale, rules_dir=a.rules_dir)
    total, digit, symbol, shown = 0, [], [], 0
    for text in sentences(a.file):
        out = norm.tn(text)
        total += 1
        if any(c.isascii() and c.isdigit() for c in out):
            digit.append((text, out))
        if any(c in UNSAID for c in out):
            symbol.append((text, out))
    print(f"sentences {total}")
    print(f"digit_left {len(digit)} ({len(digit) / max(1, total):.2%})")
    print(f"symbol_left {len(symbol)} ({len(symbol) / max(1, total):.2%})")
    for text, out in (digit + symbol)[: a.show]:
        print(f"  {text}\n  -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
