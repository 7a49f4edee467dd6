"""Command line: argument parsing only; all work is done by the library."""
import argparse
import io
import json
import os
import signal
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

from .build import compile_grammars
from .errors import DataFileError, NormgramError
from .run.explain import explain_lines
from .rules.locale import Locale
from .normalizer import Normalizer


def _add_common(p):
    p.add_argument("--locale", "-l", default="en", help="locale tag (default: en)")
    p.add_argument("--rules-dir", help="folder overlaying the shipped rule files")


def _add_spark(p):
    g = p.add_argument_group("Spark", "run as a Spark job (pip install normgram[spark]; docs/spark.md)")
    g.add_argument("--spark", metavar="MASTER", help="Spark master (local[4], yarn, k8s://...): --input is a file, "
                   "folder or glob on any Spark file system, --output a folder of partitioned parts")
    g.add_argument("--partitions", type=int, help="Spark partitions (default: max(input splits, 2 x cores))")


def _add_ranker(p):
    g = p.add_mutually_exclusive_group()
    g.add_argument("--ranker", metavar="PATH", help="n-gram ranker model (default: the locale's shipped one)")
    g.add_argument("--no-ranker", action="store_true", help="grammar weights alone decide")


def _ranker_arg(args):
    return False if args.no_ranker else args.ranker


def _parser():
    ap = argparse.ArgumentParser(prog="normgram", description="Text normalization (TN) and inverse text normalization (ITN) for speech.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name, what in (("tn", "written -> spoken"), ("itn", "spoken -> written"), ("denormalize", "spoken -> the full written form: ITN, then punctuation, then capitals")):
        p = sub.add_parser(name, help=what)
        p.add_argument("text", nargs="*", help="text; without it, lines from --input or stdin")
        p.add_argument("--input", "-i", help="read one sentence per line from this file")
        p.add_argument("--json", action="store_true", help="print the result with its spans as JSON lines "
                       "(always valid JSON: input bytes that are not UTF-8 are read as U+FFFD)")
        p.add_argument("--jobs", "-j", type=int, default=1, help="processes for file/stdin input (0: all cores)")
        if name in ("itn", "denormalize"):
            m = p.add_mutually_exclusive_group()
            m.add_argument("--stream", action="store_true",
                           help="words arrive over stdin (any number per line); print written text as soon as it "
                                "is final; an empty line or end of input ends an utterance")
        if name == "itn":
            m.add_argument("--tagged", action="store_true",
                           help="input carries tagger output inline (at <time> four thirty </time>); convert only "
                                "tagged spans, each with its class; unusable tags are reported on stderr")
        if name == "denormalize":
            p.add_argument("--no-punctuation", action="store_true", help="leave marks as they are (no punctuation stage)")
            p.add_argument("--no-truecasing", action="store_true", help="leave case as it is (no truecasing stage)")
        else:
            p.add_argument("--output", "-o", help="with --spark: the output folder")
            p.add_argument("--format", choices=("text", "jsonl", "parquet"),
                           help="with --spark: output format (default: jsonl with --json, else text)")
            p.add_argument("--keep-bad", action="store_true", help="with --spark: write bad lines as {line, bad} records")
            _add_spark(p)
        _add_common(p)
        _add_ranker(p)
    p = sub.add_parser("tag", help="written text -> tagged spoken/written pairs for training neural models")
    p.add_argument("--input", "-i", help="written text, one sentence per line (default: stdin)")
    p.add_argument("--output", "-o", help="output file, written atomically (default: stdout)")
    p.add_argument("--variants", "-k", type=int, default=1, help="spoken forms per line (first is preferred)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--style", choices=("cased", "asr"), default="cased",
                   help="asr: spoken side lowercase without punctuation")
    p.add_argument("--format", choices=("jsonl", "tsv", "parquet"), default="jsonl",
                   help="tsv: spoken<TAB>written; parquet: with --spark")
    p.add_argument("--jobs", "-j", type=int, default=1, help="processes (0: all cores)")
    p.add_argument("--keep-bad", action="store_true", help="write bad lines as {line, bad} records")
    p.add_argument("--no-check", action="store_true", help="skip reading each variant back with ITN")
    _add_spark(p)
    _add_common(p)
    p = sub.add_parser("explain", help="show every candidate reading with its weights")
    p.add_argument("text", nargs="+")
    p.add_argument("--direction", "-d", choices=("itn", "tn"), default=None,
                   help="default: itn for text without digits, else tn")
    _add_common(p)
    _add_ranker(p)
    from .eval.evaluate import __doc__ as eval_doc
    p = sub.add_parser("eval", help="score TN/ITN output against labelled data",
                       epilog=eval_doc[eval_doc.index("Data ("):], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--task", "-t", choices=("itn", "tn", "asr", "denorm", "truecase"), required=True)
    p.add_argument("--denormalize", action="store_true",
                   help="itn/asr: score ITN followed by punctuation and truecasing (normgram denormalize)")
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


def _open_input(path, errors):
    """--input or stdin as UTF-8 text whose lines end at "\n" only: a CR (of CRLF, or alone
    inside a line) stays part of the line and is copied like other whitespace."""
    if path:
        return open(path, encoding="utf-8", errors=errors, newline="\n")
    if hasattr(sys.stdin, "buffer"):
        return io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors=errors, newline="\n")
    return sys.stdin  # already text (tests, embedding programs)


def _lines(args):
    """The input lines; with --json, bytes that are not UTF-8 are read as U+FFFD (JSON strings
    hold text only), else they are carried through unchanged."""
    if args.text:
        yield " ".join(args.text)
        return
    with _open_input(args.input, "replace" if getattr(args, "json", False) else "surrogateescape") as fh:
        for line in fh:
            yield line[:-1] if line.endswith("\n") else line


def _spark(args):
    from .tagdata import spark
    if not (args.input and args.output):
        print(f"normgram {args.cmd}: --spark needs --input and --output", file=sys.stderr)
        return 2
    fmt = args.format or ("jsonl" if getattr(args, "json", False) else None)
    opts = dict(variants=args.variants, seed=args.seed, style=args.style, check=not args.no_check) \
        if args.cmd == "tag" else dict(ranker=_ranker_arg(args))
    spark.job(args.spark, args.cmd, [args.input], args.output, args.locale, args.rules_dir, fmt=fmt,
              partitions=args.partitions, keep_bad=args.keep_bad, **opts)
    return 0


def _convert(args):
    norm = Normalizer(args.locale, rules_dir=args.rules_dir, ranker=_ranker_arg(args))
    if getattr(args, "stream", False):
        return _stream(args, norm)
    if getattr(args, "tagged", False):
        return _tagged(args, norm)
    out = sys.stdout
    stages = {"punctuation": not getattr(args, "no_punctuation", False),
              "truecasing": not getattr(args, "no_truecasing", False)}
    if args.jobs != 1 and not args.json and all(stages.values()):
        for text in norm.map(args.cmd, _lines(args), args.jobs):
            out.write(text + "\n")
        return 0
    run = {"tn": norm.tn_result, "itn": norm.itn_result,
           "denormalize": lambda text: norm.denormalize_result(text, **stages)}[args.cmd]
    for line in _lines(args):
        res = run(line)
        out.write((json.dumps(res.to_dict(), ensure_ascii=False) if args.json else res.output) + "\n")
        if not args.text:
            out.flush()
    return 0


def _stream(args, norm):
    """Committed text goes out as it becomes final, one line per utterance; interactively
    (stdin a terminal) each input line gets one line: the new final text, then the
    pending tail after '...'.  --json: one {"committed", "pending", "final"} per input line."""
    if args.cmd == "denormalize":
        from .frontends.stream_denorm import StreamingDenormalizer
        stream = StreamingDenormalizer(norm, punctuation=not args.no_punctuation, truecasing=not args.no_truecasing)
    else:
        from .frontends.streaming import StreamingITN
        stream = StreamingITN(norm)
    out = sys.stdout
    interactive = not args.text and not args.input and sys.stdin.isatty()
    started = False

    def show(upd, final):
        nonlocal started
        if args.json:
            rec = {"committed": upd.committed, "pending": "" if final else upd.pending, "final": final}
            if hasattr(upd, "spans"):
                rec["spans"] = [sp.__dict__ | {"candidates": [c.__dict__ for c in sp.candidates]} for sp in upd.spans]
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
        elif interactive:
            pending = "" if final else upd.pending.lstrip()
            out.write(upd.committed.lstrip() + (f"  ... {pending}" if pending else "") + "\n")
        else:
            out.write(upd.committed)
            started = started or bool(upd.committed)
            if final and started:
                out.write("\n")
                started = False
        out.flush()

    dirty = False  # words pushed since the last utterance end
    for line in _lines(args):
        if stream.text_of(line):  # a line with words (as the pipeline cuts them: U+001C..U+001F are no space)
            show(stream.push(line), False)
            dirty = True
        elif dirty:
            show(stream.finish(), True)
            dirty = False
    if dirty:
        show(stream.finish(), True)
    return 0


def _tagged(args, norm):
    from .frontends.tagged import TaggedITN
    tagged, out = TaggedITN(norm), sys.stdout
    for n, line in enumerate(_lines(args), 1):
        res = tagged.inline(line)
        if args.json:
            out.write(json.dumps(res.to_dict(), ensure_ascii=False) + "\n")
        else:
            out.write(res.output + "\n")
            for r in res.rejected:
                print(f"line {n}: <{r.cls}> {r.text!r} copied unchanged: {r.reason}", file=sys.stderr)
        if not args.text:
            out.flush()
    return 0


def _tag(args):
    from .tagdata.tag_output import run
    norm = Normalizer(args.locale, rules_dir=args.rules_dir)
    from .tagdata.tagging import bounded_lines
    fh = _open_input(args.input, "surrogateescape")  # bytes that are not UTF-8 make a bad line, not a crash
    jobs = (os.cpu_count() or 1) if args.jobs == 0 else args.jobs
    try:
        with fh, _sigterm_raises():
            run(norm, bounded_lines(fh), args.output, args.format, args.variants, args.seed, args.style, jobs,
                args.keep_bad, not args.no_check)
    except (KeyboardInterrupt, Terminated) as e:
        print("normgram tag: interrupted, no output written" if args.output not in (None, "-")
              else "normgram tag: interrupted", file=sys.stderr)
        return 143 if isinstance(e, Terminated) else 130
    return 0


class Terminated(BaseException):
    """SIGTERM arrived (timeout, kill, a job scheduler): unwinds like KeyboardInterrupt, so the
    atomic output's temporary file is removed."""


@contextmanager
def _sigterm_raises():
    """SIGTERM raises Terminated in this process while the block runs (forked workers that
    inherit the handler die of the signal as before)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pid = os.getpid()

    def handler(signum, frame):
        if os.getpid() != pid:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        raise Terminated()

    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def _explain(args):
    norm = Normalizer(args.locale, rules_dir=args.rules_dir, nbest=16, ranker=_ranker_arg(args))
    text = " ".join(args.text)
    direction = args.direction or ("tn" if any(c.isdigit() for c in text) else "itn")
    for line in explain_lines(norm, text, direction):
        print(line)
    return 0


def _eval(args):
    from .eval import evaluate
    reports = evaluate.run_files(Normalizer(args.locale, rules_dir=args.rules_dir), args.data, args.task,
                                 args.format, args.errors, denormalize=args.denormalize)
    if args.json:
        print(json.dumps({"locale": args.locale, "files": [{"file": f, **r} for f, r in reports]},
                         ensure_ascii=False, indent=1))
    else:
        for f, r in reports:
            fmt = evaluate.format_denorm_report if args.task in evaluate.DENORM_TASKS else evaluate.format_report
            print("\n".join(fmt(r, f)))
    return 0


def _compile_grammars(args):
    loc = Locale(args.locale, rules_dir=args.rules_dir)
    print(compile_grammars(loc, force=args.force, output=args.output))
    return 0


class UsageError(Exception):
    """A bad argument, found before any work starts (exit code 2)."""


def _check_paths(args):
    """Every path an argument names, checked before the work starts (an output file in a
    missing folder would otherwise fail after the whole run)."""
    def need(flag, path, kind):
        p = Path(path)
        if kind == "file" and not p.is_file() or kind == "folder" and not p.is_dir():
            what = "is a folder, not a file" if p.is_dir() else "is not a folder" if p.exists() else "does not exist"
            raise UsageError(f"{flag} {path}: {what}")

    if getattr(args, "rules_dir", None):
        need("--rules-dir", args.rules_dir, "folder")
    if getattr(args, "spark", None):
        return  # Spark paths live on the cluster's file systems
    if getattr(args, "input", None) and not (args.cmd in ("tn", "itn", "denormalize") and args.text):
        need("--input", args.input, "file")
    if getattr(args, "ranker", None):
        need("--ranker", args.ranker, "file")
    for path in getattr(args, "data", None) or ():
        need("--data", path, "file")
    if args.cmd == "tag" and args.output not in (None, "-"):
        out = Path(args.output)
        if out.is_dir():
            raise UsageError(f"--output {args.output}: is a folder, not a file")
        if not out.absolute().parent.is_dir():
            raise UsageError(f"--output {args.output}: folder {out.absolute().parent} does not exist")


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        if getattr(args, "spark", None):
            _check_paths(args)
            return _spark(args)
        if getattr(args, "format", None) == "parquet" or args.cmd in ("tn", "itn") and (
                args.format or args.output or args.keep_bad):
            print(f"normgram {args.cmd}: --format parquet, and for tn/itn --format, --output and --keep-bad, "
                  "need --spark", file=sys.stderr)
            return 2
        _check_paths(args)
        if args.cmd in ("tn", "itn", "denormalize"):
            return _convert(args)
        if args.cmd == "tag":
            return _tag(args)
        if args.cmd == "explain":
            return _explain(args)
        if args.cmd == "eval":
            return _eval(args)
        if args.cmd == "compile-grammars":
            return _compile_grammars(args)
    except UsageError as e:
        print(f"normgram {args.cmd}: {e}", file=sys.stderr)
        return 2
    except DataFileError as e:  # a file's content, not the command line, is wrong
        print(f"normgram {args.cmd}: {e}", file=sys.stderr)
        return 1
    except NormgramError as e:
        print(f"normgram: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except (OSError, UnicodeDecodeError) as e:  # a file that cannot be read or written: one line, no traceback
        print(f"normgram {args.cmd}: {e}", file=sys.stderr)
        return 1
    return 1


if __name__ == "__main__":
    sys.exit(main())
