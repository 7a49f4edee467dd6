"""Run NeMo inverse text normalization (or, with --task tn, text normalization) on a batch of
lines (helper for tools/compare_locales.py).

Runs inside the venv that has nemo_text_processing (it pins its own pynini), so
compare_locales.py starts it as a subprocess:

    /path/to/peers/python tools/_nemo_itn.py --lang de --cache /tmp/x < in.txt > out.txt

One input line -> one output line, in order.  Grammars are cached in --cache.
"""
import argparse
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", required=True)
    ap.add_argument("--cache", default=None)
    ap.add_argument("--task", choices=("itn", "tn"), default="itn")
    a = ap.parse_args()
    if a.task == "tn":
        from nemo_text_processing.text_normalization.normalize import Normalizer
        # NeMo's Russian TN exists only in its non-deterministic build (normalize takes the best path)
        tn = Normalizer(input_case="cased", lang=a.lang, cache_dir=a.cache, deterministic=a.lang != "ru")
        run = lambda s: tn.normalize(s, verbose=False, punct_post_process=True)  # noqa: E731
    else:
        from nemo_text_processing.inverse_text_normalization.inverse_normalize import InverseNormalizer
        n = InverseNormalizer(lang=a.lang, cache_dir=a.cache)
        run = lambda s: n.inverse_normalize(s, verbose=False)  # noqa: E731
    lines = sys.stdin.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out = []
    for line in lines:
        try:
            out.append(run(line).replace("\n", " "))
        except Exception as e:  # a peer's crash on one line is a wrong answer, not a stop
            print(f"nemo {a.lang}: {line!r}: {e!r}", file=sys.stderr)
            out.append("<error>")
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))


if __name__ == "__main__":
    main()
