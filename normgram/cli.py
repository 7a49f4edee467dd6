"""Command line: argument parsing only; all work is done by the library."""
import argparse
import json
import sys
import time

from . import compile as _compile
from .errors import NormgramError
from .explain import explain_lines
from .locale import Locale
from .normalizer import Normalizer


def _add_common(p):
    p.add_argument("--locale", "-l", default="en", help="locale tag (default: en)")
    p.add_argument("--rules-dir", help="folder overlaying the shipped rule files")


def _add_ranker(p):
    g = p.add_mutually_exclusive_group()
    g.add_argument("--ranker", metavar="PATH", help="n-gram ranker model (default: the locale's shipped one)")
    g.add_argument("--no-ranker", action="store_true", help="grammar weights alone decide")


def _ranker_arg(args):
    return False if args.no_ranker else args.ranker


def _parser():
    ap = argparse.ArgumentParser(prog="normgram", description="Text normalization (TN) and inverse text normalization (ITN) for speech.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name, what in (("tn", "written -> spoken"), ("itn", "spoken -> written")):
        p = sub.add_parser(name, help=what)
        p.add_argument("text", nargs="*", help="text; without it, lines from --input or stdin")
        p.add_argument("--input", "-i", help="read one sentence per line from this file")
        p.add_argument("--json", action="store_true", help="print the result with its spans as JSON lines")
        p.add_argument("--jobs", "-j", type=int, default=1, help="processes for file/stdin input (0: all cores)")
        _add_common(p)
        _add_ranker(p)
    p = sub.add_parser("tag", help="written text -> tagged spoken/written pairs for training neural models")
    p.add_argument("--input", "-i", help="written text, one sentence per line (default: stdin)")
    p.add_argument("--output", "-o", help="output file, written atomically (default: stdout)")
    p.add_argument("--variants", "-k", type=int, default=1, help="spoken forms per line (first is preferred)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--style", choices=("cased", "asr"), default="cased",
                   help="asr: spoken side lowercase without punctuation")
    p.add_argument("--format", choices=("jsonl", "tsv"), default="jsonl", help="tsv: spoken<TAB>written")
    p.add_argument("--jobs", "-j", type=int, default=1, help="processes (0: all cores)")
    p.add_argument("--keep-bad", action="store_true", help="write bad lines as {line, bad} records")
    p.add_argument("--no-check", action="store_true", help="skip reading each variant back with ITN")
    _add_common(p)
    p = sub.add_parser("explain", help="show every candidate reading with its weights")
    p.add_argument("text", nargs="+")
    p.add_argument("--direction", "-d", choices=("itn", "tn"), default=None,
                   help="default: itn for text without digits, else tn")
    _add_common(p)
    _add_ranker(p)
    from .evaluate import __doc__ as eval_doc
    p = sub.add_parser("eval", help="score TN/ITN output against labelled data",
                       epilog=eval_doc[eval_doc.index("Data ("):], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--task", "-t", choices=("itn", "tn", "asr"), required=True)
    p.add_argument("--data", "-d", nargs="+", required=True, metavar="FILE", help="jsonl or tsv files")
    p.add_argument("--format", choices=("jsonl", "tsv"), help="default: from the file suffix")
    p.add_argument("--errors", "-e", type=int, default=0, metavar="K", help="list the first K failures per file")
    p.add_argument("--json", action="store_true", help="print one JSON report")
    _add_common(p)
    p = sub.add_parser("compile-grammars", help="build every class of a locale into one FAR")
    p.add_argument("-o", "--output", help="also write the FAR here")
    p.add_argument("--force", action="store_true", help="rebuild even when the cache is current")
    _add_common(p)
    return ap


def _lines(args):
    if args.text:
        yield " ".join(args.text)
        return
    fh = open(args.input, encoding="utf-8", errors="surrogateescape") if args.input else sys.stdin
    with fh:
        for line in fh:
            yield line.rstrip("\n")


def _convert(args):
    norm = Normalizer(args.locale, rules_dir=args.rules_dir, ranker=_ranker_arg(args))
    out = sys.stdout
    if args.jobs != 1 and not args.json:
        for text in norm.map(args.cmd, _lines(args), args.jobs):
            out.write(text + "\n")
        return 0
    run = norm.tn_result if args.cmd == "tn" else norm.itn_result
    for line in _lines(args):
        res = run(line)
        out.write((json.dumps(res.to_dict(), ensure_ascii=False) if args.json else res.output) + "\n")
        if not args.text:
            out.flush()
    return 0


def _tag(args):
    import os
    from .tag_output import run
    norm = Normalizer(args.locale, rules_dir=args.rules_dir)
    fh = open(args.input, encoding="utf-8", errors="surrogateescape") if args.input else sys.stdin
    jobs = (os.cpu_count() or 1) if args.jobs == 0 else args.jobs
    with fh:
        run(norm, fh, args.output, args.format, args.variants, args.seed, args.style, jobs,
            args.keep_bad, not args.no_check)
    return 0


def _explain(args):
    norm = Normalizer(args.locale, rules_dir=args.rules_dir, nbest=16, ranker=_ranker_arg(args))
    text = " ".join(args.text)
    direction = args.direction or ("tn" if any(c.isdigit() for c in text) else "itn")
    for line in explain_lines(norm, text, direction):
        print(line)
    return 0


def _eval(args):
    from . import evaluate
    reports = evaluate.run_files(Normalizer(args.locale, rules_dir=args.rules_dir), args.data, args.task,
                                 args.format, args.errors)
    if args.json:
        print(json.dumps({"locale": args.locale, "files": [{"file": f, **r} for f, r in reports]},
                         ensure_ascii=False, indent=1))
    else:
        for f, r in reports:
            print("\n".join(evaluate.format_report(r, f)))
    return 0


def _compile_grammars(args):
    loc = Locale(args.locale, rules_dir=args.rules_dir)
    t0 = time.perf_counter()
    fsts, meta = _compile.load(loc, cache=not args.force)
    if args.force:
        _compile.store(loc, fsts, meta)
    secs = time.perf_counter() - t0
    path = _compile.cache_path(loc).with_suffix(".far")
    if args.output:
        _compile.write_far(fsts, args.output)
        path = args.output
    states = sum(f.num_states() for f in fsts.values())
    print(f"{loc.tag}: {len(meta['classes'])} classes ({', '.join(meta['classes'])}), "
          f"{len(fsts)} FSTs, {states} states -> {path} in {secs:.2f} s")
    return 0


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        if args.cmd in ("tn", "itn"):
            return _convert(args)
        if args.cmd == "tag":
            return _tag(args)
        if args.cmd == "explain":
            return _explain(args)
        if args.cmd == "eval":
            return _eval(args)
        if args.cmd == "compile-grammars":
            return _compile_grammars(args)
    except NormgramError as e:
        print(f"normgram: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
