"""Fuzz normgram: generated inputs through the library and the CLI, failures counted by kind.

    python tools/fuzz.py --n 10000 --seed 1            # every mode; a report of failures by kind
    python tools/fuzz.py --n 300 --modes lib-itn cli-itn --show 5
    python tools/fuzz.py --n 2000 --json report.json   # the report as JSON, with examples per kind
    python tools/fuzz.py --n 100000 --seed 7 --batch 1000 --procs 3 --part 0/10 --json p0.json
    python tools/fuzz.py --merge p*.json --json run.json   # one report of the parts run so far

--procs N runs N calls at once (each one batch of one mode); --part I/K runs the I-th of K equal
parts of the n seeded inputs, so a long run goes in parts whose reports --merge adds up (its
"inputs" says how many ran).

Inputs (seeded, one line each, never a newline byte): random Unicode of many scripts, controls
and zero-width marks; words between runs of tabs, CR, form feeds, no-break and wide spaces;
digits in every shape (groups, decimals, signs, dates, clock times, huge numbers, other
scripts' digits); written symbols glued to digits and letters; spoken number words, "dot",
"at"; long tokens (1,000 to --max-long characters); text with bytes that are not UTF-8.

Modes (the CLI as `python -m normgram.cli`, a subprocess with a time limit; many inputs per call):
  lib-itn lib-tn     Normalizer.itn_result / tn_result, in a worker process (a crash there is counted, not fatal)
  cli-itn cli-tn     lines on stdin; each output line must equal the library's output
  cli-itn-input      the same through --input FILE
  cli-itn-json cli-tn-json   --json: each line valid UTF-8 JSON whose input is the line and whose spans explain the output
  cli-stream         itn --stream --json, one utterance per input: its committed text must equal batch ITN of
                     its words as the pipeline cuts them (StreamingITN.text_of, computed by the ITN worker)
  cli-tag            tag --keep-bad: one valid JSON record per line, written side equal to the line

Failure kinds:
  crash            exit code not 0 (or killed), or an exception in the library
  traceback        "Traceback" on stderr
  hang             one input over --timeout seconds (default 30): a call of one input timed out, or the
                   library worker took longer over one input
  lines            a call printed more or fewer records than it was given lines
  invalid_json     a --json / tag line that is not UTF-8 or not JSON
  lost_text        text outside converted spans not copied byte for byte (or a record's input/written not the line)
  whitespace       a tab, CR, other non-space whitespace or run of spaces of the input missing from the output
  cli_vs_lib       the CLI's plain output differs from the library's for the same line
  stream_vs_batch  streaming ITN's committed text differs from batch ITN of the same words
  bad_args         a bad argument (missing file, directory as output, bad model ...) not answered by a
                   one-line error with exit code 1 or 2, or answered with a traceback

A failing call with many inputs is cut down to the input that fails: the CLI flushes each line,
so the input after the last complete output is rerun alone; otherwise the batch is halved.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

KINDS = ("crash", "traceback", "hang", "lines", "invalid_json", "lost_text", "whitespace", "cli_vs_lib",
         "stream_vs_batch", "bad_args")
MODES = ("lib-itn", "lib-tn", "cli-itn", "cli-tn", "cli-itn-input", "cli-itn-json", "cli-tn-json", "cli-stream",
         "cli-tag")
INPUT_KINDS = {"unicode": 20, "whitespace": 20, "digits": 15, "symbols": 13, "spoken": 15, "long": 2, "bytes": 15}

_RANGES = [(0x21, 0x7E), (0xA0, 0x24F), (0x370, 0x52F), (0x590, 0x6FF), (0x900, 0x97F), (0x4E00, 0x4FFF),
           (0x3040, 0x30FF), (0xAC00, 0xAC7F), (0x300, 0x36F), (0x1F300, 0x1F64F), (0x2000, 0x206F),
           (0x2100, 0x21FF), (0xFF00, 0xFFEF), (0x1, 0x1F), (0x7F, 0x9F), (0xE000, 0xE0FF), (0x10000, 0x1007F)]
_SPACES = [" ", " ", " ", "\t", "\r", "\x0b", "\x0c", "\xa0", "\u2003", "\u3000", "\u2028", "\u202f", "\x85"]
_WORDS = ("the a of and to in is it for on at by with from this that was are be not or as we you one two "
          "three four five six seven eight nine ten eleven twelve thirteen fifteen twenty thirty forty fifty "
          "hundred thousand million billion point oh zero dot at slash dash colon percent dollars dollar cents "
          "pounds euros quid minus plus half quarter third first second twelfth o'clock am pm a m p m b c x "
          "i v st dr mr and com org www http https underscore hash degrees kilometers feet inches times over "
          "equals to past till january march may june december monday flight room route port double triple "
          "Mr. Dr. St. Ave. No. Vol. p. pp. fig. etc. vs. e.g. i.e. MS-DOS C++ A B I U.S. UK NASA").split()
_DIGITS = "0123456789"
_OTHER_DIGITS = "٠١٢٣٤٥٦٧٨٩०१२३४५６７８９０¹²³⁴½¼¾⅓"
_SYMBOLS = "%$€£¥#@&+=<>/~^_|*°.,:;-–—−()[]{}!?'\"`\\§¶©®™±×÷√∞≈≠≤≥‰¢"
SENTINEL = b"qqsentinelqq"  # a line every mode copies: it closes the output of the input before it
_BAD_BYTES = [b"\xff", b"\xfe", b"\xc3", b"\x80", b"\xbf", b"\xed\xa0\x80", b"\xc0\xaf", b"\xe2\x82", b"\x00",
              b"\xf4\x90\x80\x80", b"\xf0\x9f\x98"]


# ---------------------------------------------------------------- inputs

def _number(r):
    shape = r.randrange(12)
    if shape == 0:
        return str(r.randrange(10 ** r.randrange(1, 12)))
    if shape == 1:
        return f"{r.randrange(1, 1000)},{r.randrange(1000):03d}" + (f",{r.randrange(1000):03d}" if r.random() < .4 else "")
    if shape == 2:
        return f"{r.choice(['', '-', '+', '−'])}{r.randrange(1000)}.{r.randrange(10 ** r.randrange(1, 6))}"
    if shape == 3:
        return f"{r.randrange(1, 13)}/{r.randrange(1, 32)}/{r.randrange(1900, 2100)}"
    if shape == 4:
        return f"{r.randrange(25)}:{r.randrange(60):02d}" + r.choice(["", " am", " p.m.", ":59", "h"])
    if shape == 5:
        return "9" * r.randrange(20, 300)
    if shape == 6:
        return "".join(r.choice(_OTHER_DIGITS) for _ in range(r.randrange(1, 8)))
    if shape == 7:
        return f"{r.randrange(100)}{r.choice(['st', 'nd', 'rd', 'th', 'x', 'k', 'kg', 'km', 'mph', 's', 'F', '%'])}"
    if shape == 8:
        return f"{r.choice('ABCXYZ')}{r.randrange(1000)}{r.choice(['', 'b', '_64', '-' + str(r.randrange(99))])}"
    if shape == 9:
        return f"{r.randrange(1000)}-{r.randrange(1000)}-{r.randrange(10000):04d}"
    if shape == 10:
        return f"{r.randrange(10)}e{r.choice(['', '-', '+'])}{r.randrange(40)}"
    return "0" * r.randrange(1, 6) + str(r.randrange(100))


def _join(r, tokens, spaces=(" ",)):
    out = []
    for i, tok in enumerate(tokens):
        if i:
            out.append(r.choice(spaces))
        out.append(tok)
    return "".join(out)


def gen_unicode(r):
    pool = [r.choice(_RANGES) for _ in range(r.randrange(1, 4))]
    chars = []
    for _ in range(r.randrange(0, 60)):
        if r.random() < 0.2:
            chars.append(" ")
        else:
            lo, hi = r.choice(pool)
            chars.append(chr(r.randint(lo, hi)))
    return "".join(c for c in chars if c != "\n")


def gen_whitespace(r):
    tokens = [r.choice(_WORDS) if r.random() < .7 else _number(r) for _ in range(r.randrange(1, 9))]
    runs = ["".join(r.choice(_SPACES) for _ in range(r.randrange(1, 4))) for _ in range(4)]
    text = _join(r, tokens, runs + [" "] * 4)
    lead = "".join(r.choice(_SPACES) for _ in range(r.choice([0, 0, 1, 2])))
    trail = "".join(r.choice(_SPACES) for _ in range(r.choice([0, 0, 1, 2])))
    return lead + text + trail


def gen_digits(r):
    return _join(r, [_number(r) if r.random() < .6 else r.choice(_WORDS) for _ in range(r.randrange(1, 8))])


def gen_symbols(r):
    tokens = []
    for _ in range(r.randrange(1, 8)):
        parts = [r.choice([_number(r), r.choice(_WORDS), r.choice(_SYMBOLS) * r.randrange(1, 3)])
                 for _ in range(r.randrange(1, 4))]
        tokens.append("".join(parts))
    return _join(r, tokens)


def gen_spoken(r):
    return " ".join(r.choice(_WORDS).lower() for _ in range(r.randrange(1, 16)))


def gen_long(r, max_long):
    n = r.randrange(1000, max(1001, max_long))
    alphabet = r.choice([_DIGITS, "abcdefghij", "ab1.", _DIGITS + ",", "x", "one two ", "9 ", "A."])
    token = "".join(r.choice(alphabet) for _ in range(n))
    return r.choice(["", "it costs ", "see "]) + token + r.choice(["", " dollars", " ok"])


def gen_bytes(r):
    text = r.choice([gen_spoken, gen_digits, gen_symbols])(r).encode("utf-8")
    for _ in range(r.randrange(1, 4)):
        i = r.randrange(len(text) + 1)
        text = text[:i] + r.choice(_BAD_BYTES) + text[i:]
    return text


def generate(n, seed, max_long=10000):
    """[(input kind, bytes)]: n seeded inputs, none holding a newline byte."""
    r = random.Random(seed)
    kinds, weights = zip(*INPUT_KINDS.items())
    out = []
    for _ in range(n):
        kind = r.choices(kinds, weights)[0]
        if kind == "bytes":
            data = gen_bytes(r)
        elif kind == "long":
            data = gen_long(r, max_long).encode("utf-8")
        else:
            data = {"unicode": gen_unicode, "whitespace": gen_whitespace, "digits": gen_digits,
                    "symbols": gen_symbols, "spoken": gen_spoken}[kind](r).encode("utf-8", "surrogatepass")
        out.append((kind, data.replace(b"\n", b" ")))
    return out


def as_text(data):
    """The str a program reading the bytes as UTF-8 with surrogateescape sees (normgram's CLI does)."""
    return data.decode("utf-8", "surrogateescape")


def as_bytes(text):
    """The bytes as_text read (its inverse)."""
    return text.encode("utf-8", "surrogateescape")


def as_json_text(data):
    """The str normgram's --json modes read from the bytes: bytes that are not UTF-8 as U+FFFD."""
    return data.decode("utf-8", "replace")


# ---------------------------------------------------------------- checks

_WS_RUN = re.compile(r"\s+")


def odd_whitespace(text):
    """Counter of whitespace runs other than one plain space."""
    return Counter(m for m in _WS_RUN.findall(text) if m != " ")


def whitespace_kept(src, out):
    have = odd_whitespace(out)
    return all(have[k] >= v for k, v in odd_whitespace(src).items())


def spans_explain(src, out, spans):
    """True when the output is the input with each span's input replaced by its output."""
    pieces, pos = [], 0
    for sp in sorted(spans, key=lambda s: s["start"]):
        if sp["start"] < pos or src[sp["start"]:sp["end"]] != sp["input"]:
            return False
        pieces += [src[pos:sp["start"]], sp["output"]]
        pos = sp["end"]
    pieces.append(src[pos:])
    return "".join(pieces) == out


def check_result(src, res):
    """Kinds of failure of one library or --json result {input, output, spans}."""
    kinds = []
    if res["input"] != src or not spans_explain(src, res["output"], res["spans"]):
        kinds.append("lost_text")
    if not whitespace_kept(src, res["output"]):
        kinds.append("whitespace")
    return kinds


# ---------------------------------------------------------------- library worker

def worker(direction):
    """Read JSON-lines inputs on stdin, write one JSON result per input (run as a subprocess).
    ITN also gives "stream": the batch ITN of the text streaming commits for the line read as
    --stream --json reads it (StreamingITN.text_of, the words as the pipeline cuts them)."""
    import normgram
    norm = normgram.Normalizer("en")
    run = norm.itn_result if direction == "itn" else norm.tn_result
    stream = normgram.StreamingITN(norm) if direction == "itn" else None
    for line in sys.stdin.buffer:
        text = json.loads(line)
        t0 = time.perf_counter()
        try:
            res = run(text)
            rec = {"input": res.input, "output": res.output, "secs": time.perf_counter() - t0,
                   "spans": [{k: getattr(s, k) for k in ("start", "end", "input", "output")} for s in res.spans]}
            if stream is not None:
                said = stream.text_of(as_json_text(as_bytes(text)))
                rec["stream"] = norm.itn(said)
                rec["secs"] = time.perf_counter() - t0
        except Exception as e:  # counted by the parent as a crash of this input
            rec = {"error": f"{type(e).__name__}: {e}"[:300], "secs": time.perf_counter() - t0}
        sys.stdout.write(json.dumps(rec) + "\n")
        sys.stdout.flush()
    return 0


# ---------------------------------------------------------------- modes

JSON_MODES = ("cli-itn-json", "cli-tn-json", "cli-stream")  # modes that read input as as_json_text does


class Mode:
    """How one mode feeds a batch of inputs and reads back one record per input."""
    per_input_records = 1

    def __init__(self, name, python, tmp, timeout=30.0):
        self.name, self.python, self.tmp, self.timeout = name, python, tmp, timeout

    def _input_file(self):
        return self.tmp / f"input-{threading.get_ident()}.txt"  # one per thread: calls run in parallel

    def argv(self, batch):
        cli = [self.python, "-m", "normgram.cli"]
        return {
            "lib-itn": [self.python, __file__, "--worker", "itn"],
            "lib-tn": [self.python, __file__, "--worker", "tn"],
            "cli-itn": cli + ["itn"], "cli-tn": cli + ["tn"],
            "cli-itn-input": cli + ["itn", "--input", str(self._input_file())],
            "cli-itn-json": cli + ["itn", "--json"], "cli-tn-json": cli + ["tn", "--json"],
            "cli-stream": cli + ["itn", "--stream", "--json"],
            "cli-tag": cli + ["tag", "--keep-bad", "-k", "2", "--format", "jsonl"],
        }[self.name]

    def stdin(self, batch):
        if self.name.startswith("lib-"):
            return b"".join(json.dumps(as_text(d)).encode() + b"\n" for _, d in batch)
        if self.name == "cli-stream":  # each input an utterance, then the sentinel's utterance
            return b"".join(d + b"\n\n" + SENTINEL + b"\n\n" for _, d in batch)
        data = b"".join(d + b"\n" + SENTINEL + b"\n" for _, d in batch)
        if self.name == "cli-itn-input":
            self._input_file().write_bytes(data)
            return b""
        return data

    def records(self, batch, stdout):
        """One record per input whose output is complete (fewer when the program stopped early):
        the lines it printed for that input; and whether stdout held more than that."""
        lines = stdout.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        recs, cur = [], []
        if self.name.startswith("lib-"):
            return [[x] for x in lines[:len(batch)]], len(lines) > len(batch)
        for line in lines:  # each input is followed by a sentinel line, which closes its record
            if self.name == "cli-stream":  # the sentinel utterance's final record closes it
                if SENTINEL in line:
                    if b'"final": true' in line:
                        recs.append(cur)
                        cur = []
                    continue
                cur.append(line)
            elif line == SENTINEL or (line.startswith(b"{") and (b'"input": "%s"' % SENTINEL in line
                                                                or b'"written": "%s"' % SENTINEL in line)):
                recs.append(cur)
                cur = []
            else:
                cur.append(line)
        return recs[:len(batch)], len(recs) > len(batch) or (len(recs) >= len(batch) and bool(cur))

    def check(self, data, rec, lib):
        """Failure kinds of one input's record (the lines printed for it); lib: library outputs."""
        src = as_json_text(data) if self.name in JSON_MODES else as_text(data)
        if self.name == "cli-stream":
            try:
                parsed = [json.loads(x.decode("utf-8")) for x in rec]
            except (UnicodeDecodeError, ValueError):
                return ["invalid_json"]
            want = lib.get("stream", {}).get(data)
            committed = "".join(p["committed"] for p in parsed)
            return ["stream_vs_batch"] if want is not None and committed != want else []
        if len(rec) != 1:
            return ["lines"]
        rec = rec[0]
        if self.name.startswith("lib-"):
            res = json.loads(rec)
            slow = ["hang"] if res["secs"] > self.timeout else []
            return slow + (["crash"] if "error" in res else check_result(src, res))
        if self.name in ("cli-itn", "cli-tn", "cli-itn-input"):
            want = lib.get("lib-tn" if self.name == "cli-tn" else "lib-itn", {}).get(data)
            return ["cli_vs_lib"] if want is not None and as_text(rec) != want else []
        try:
            res = json.loads(rec.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return ["invalid_json"]
        if self.name == "cli-tag":
            if "bad" in res:
                return []
            return [] if res.get("written") in (src, src.rstrip("\r")) else ["lost_text"]  # a CR line end kept or not
        return check_result(src, res)


def run_call(argv, stdin, timeout, env):
    t0 = time.perf_counter()
    try:
        p = subprocess.run(argv, input=stdin, capture_output=True, timeout=timeout, env=env)
        return p.returncode, p.stdout, p.stderr, False, time.perf_counter() - t0
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or b"", e.stderr or b"", True, time.perf_counter() - t0


def run_mode(mode, inputs, lib, args, env, report):
    """Feed every input through one mode; add (kind, mode, input kind, input) failures to report."""
    batches, calls, splits = [], 0, 0
    for i in range(0, len(inputs), args.batch):
        batches.append(inputs[i:i + args.batch])
    outputs = {}
    while batches:
        batch = batches.pop(0)
        limit = args.timeout if len(batch) == 1 else args.timeout + args.batch_secs * len(batch)
        rc, out, err, timed_out, secs = run_call(mode.argv(batch), mode.stdin(batch), limit, env)
        calls += 1
        recs, extra = mode.records(batch, out)
        for (kind, data), rec in zip(batch, recs):
            if mode.name.startswith("lib-"):
                res = json.loads(rec[0])
                if "output" in res:
                    outputs[data] = res
            for k in mode.check(data, rec, lib):
                report.add(k, mode.name, kind, data)
        failed = timed_out or rc != 0 or b"Traceback" in err or extra
        if not failed:
            continue
        if len(batch) == 1:
            kind, data = batch[0]
            for k, bad in (("hang", timed_out), ("crash", not timed_out and rc != 0),
                           ("traceback", b"Traceback" in err), ("lines", extra)):
                if bad:
                    report.add(k, mode.name, kind, data, err.decode("utf-8", "replace").strip()[-300:])
            continue
        done = len(recs)
        if extra or done >= len(batch) or splits >= args.max_splits:
            if splits >= args.max_splits:  # give up cutting down: count the batch once, on its first input
                kind, data = batch[0]
                report.add("traceback" if b"Traceback" in err else "hang" if timed_out else "crash",
                           mode.name, kind, data, "unattributed batch of %d" % len(batch))
                continue
            half = len(batch) // 2  # every record came out (or too many): halve to find the input
            batches[:0] = [batch[:half], batch[half:]]
        else:  # the input after the last complete record failed: rerun it alone, then the rest
            batches[:0] = [b for b in ([batch[done]], batch[done + 1:]) if b]
            # the records of batch[:done] were checked above
        splits += 1
    report.count_calls(mode.name, calls)
    return outputs


# ---------------------------------------------------------------- bad arguments

def make_bad_argument_files(tmp):
    """The files the bad-argument cases name: a ranker model that is not one, a data file with a bad line."""
    (tmp / "not-a-model.bin").write_bytes(b"this is not a ranker model\n")
    (tmp / "bad.tsv").write_text("id\tclass\tspoken\n1\tx\n", encoding="utf-8")


def bad_argument_cases(tmp):
    """(name, argv tail, stdin): CLI calls that must give a one-line error, exit code 1 or 2
    (the files they name are made by make_bad_argument_files)."""
    notmodel, badrows = tmp / "not-a-model.bin", tmp / "bad.tsv"
    return [
        ("itn --input missing", ["itn", "--input", str(tmp / "missing.txt")], b""),
        ("tn --input directory", ["tn", "--input", str(tmp)], b""),
        ("itn --rules-dir missing", ["itn", "--rules-dir", str(tmp / "no-rules"), "one"], b""),
        ("itn --ranker missing", ["itn", "--ranker", str(tmp / "missing.arpa"), "one"], b""),
        ("itn --ranker not a model", ["itn", "--ranker", str(notmodel), "one"], b""),
        ("itn --locale unknown", ["itn", "--locale", "xx-nowhere", "one"], b""),
        ("tag --input missing", ["tag", "--input", str(tmp / "missing.txt")], b""),
        ("tag --output in missing dir", ["tag", "--output", str(tmp / "no" / "dir" / "out.jsonl")], b"It is 5.\n"),
        ("tag --output a directory", ["tag", "--output", str(tmp)], b"It is 5.\n"),
        ("eval --data bad line", ["eval", "--task", "itn", "--data", str(badrows)], b""),
        ("eval --data missing", ["eval", "--task", "itn", "--data", str(tmp / "missing.tsv")], b""),
    ]


def run_bad_arguments(python, tmp, env, timeout, report):
    make_bad_argument_files(tmp)
    for name, tail, stdin in bad_argument_cases(tmp):
        rc, out, err, timed_out, _ = run_call([python, "-m", "normgram.cli", *tail], stdin, timeout, env)
        text = err.decode("utf-8", "replace").strip()
        if timed_out:
            report.add("hang", "bad-args", name, stdin, name)
        elif b"Traceback" in err:
            report.add("traceback", "bad-args", name, stdin, name)
        elif rc not in (1, 2) or not text or len(text.splitlines()) != 1:
            report.add("bad_args", "bad-args", name, stdin, f"{name}: exit {rc}, stderr {text[-200:]!r}")
    report.count_calls("bad-args", len(bad_argument_cases(tmp)))


# ---------------------------------------------------------------- report

class Report:
    """Failures by kind and mode (calls of parallel modes add to it under a lock)."""

    def __init__(self):
        self.count = Counter()            # kind -> failing inputs
        self.by_mode = defaultdict(Counter)
        self.examples = defaultdict(list)
        self.calls = Counter()
        self._lock = threading.Lock()

    def add(self, kind, mode, input_kind, data, note=""):
        with self._lock:
            self.count[kind] += 1
            self.by_mode[kind][mode] += 1
            if len(self.examples[kind]) < 20:
                self.examples[kind].append({"mode": mode, "input_kind": input_kind,
                                            "input": as_text(data)[:200].encode("utf-8", "backslashreplace").decode(),
                                            "note": note})

    def count_calls(self, mode, n):
        with self._lock:
            self.calls[mode] += n

    def to_dict(self, n, seed, secs, part=None):
        return {"n": n, "seed": seed, "part": part, "seconds": round(secs, 1), "calls": dict(self.calls),
                "failures": {k: self.count[k] for k in KINDS},
                "by_mode": {k: dict(v) for k, v in self.by_mode.items()},
                "examples": dict(self.examples)}


def part_range(n, part):
    """The input indices [lo, hi) of part "I/K" (the I-th of K equal parts of n inputs, from 0)."""
    i, k = (int(x) for x in part.split("/"))
    if not 0 <= i < k:
        raise ValueError(f"part {part!r}: I/K with 0 <= I < K")
    return i * n // k, (i + 1) * n // k


def fuzz(n, seed, modes=MODES, python=None, timeout=30.0, batch=100, max_long=10000, bad_args=True,
         max_splits=200, batch_secs=1.0, progress=False, procs=1, part=None):
    """Run the fuzz; returns the report dict (see to_dict). progress: a line on stderr per mode done.
    ``procs``: calls run at once (each a batch of one mode); ``part``: "I/K", only that part of the
    n seeded inputs (the parts of one n and seed together are the whole run, see merge)."""
    args = argparse.Namespace(timeout=timeout, batch=batch, max_splits=max_splits, batch_secs=batch_secs)
    python = python or sys.executable
    inputs = generate(n, seed, max_long)
    if part is not None:
        lo, hi = part_range(n, part)
        inputs = inputs[lo:hi]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(Path(__file__).resolve().parents[1]),
                                                      env.get("PYTHONPATH")]))
    report, lib, t0 = Report(), {}, time.perf_counter()
    slices = [inputs[i:i + batch] for i in range(0, len(inputs), batch)]
    with tempfile.TemporaryDirectory(prefix="normgram-fuzz-") as tmp, ThreadPoolExecutor(max(1, procs)) as pool:
        tmp = Path(tmp)

        def run_all(names, report):
            """Every batch of every mode in ``names`` through the pool -> {mode: {input: result}}."""
            jobs = {name: [pool.submit(run_mode, Mode(name, python, tmp, timeout), sl, lib, args, env, report)
                           for sl in slices] for name in names}
            outs = {}
            for name, futures in jobs.items():
                outs[name] = {}
                for f in futures:
                    outs[name].update(f.result())
                if progress:
                    print(f"fuzz: {name} done ({report.calls[name]} calls, {time.perf_counter() - t0:.0f} s)",
                          file=sys.stderr, flush=True)
            return outs

        # library modes first: the CLI modes compare with their outputs; ITN's results also hold
        # the batch ITN of what --stream commits (worker)
        need_itn = "lib-itn" in modes or any(m in modes for m in ("cli-itn", "cli-itn-input", "cli-stream"))
        found = run_all([m for m in modes if m.startswith("lib-")], report)
        if need_itn and "lib-itn" not in modes:  # for the references only: its failures are not counted
            found.update(run_all(["lib-itn"], Report()))
        for name, outs in found.items():
            lib[name] = {d: r["output"] for d, r in outs.items()}
            if name == "lib-itn":
                lib["stream"] = {d: r.get("stream") for d, r in outs.items()}
        run_all([m for m in modes if not m.startswith("lib-")], report)
        if bad_args:
            run_bad_arguments(python, tmp, env, timeout, report)
    return {**report.to_dict(n, seed, time.perf_counter() - t0, part), "inputs": len(inputs)}


def merge(reports):
    """One report of several parts' reports (the same n and seed): counts, calls and seconds
    summed, examples kept up to 20 per kind; "parts" lists the parts merged."""
    out = {"n": reports[0]["n"], "seed": reports[0]["seed"], "parts": [r.get("part") for r in reports],
           "inputs": 0, "seconds": 0.0, "calls": Counter(), "failures": Counter(), "by_mode": defaultdict(Counter),
           "examples": defaultdict(list)}
    for r in reports:
        if (r["n"], r["seed"]) != (out["n"], out["seed"]):
            raise ValueError("reports of different runs (n, seed) cannot be merged")
        lo, hi = part_range(r["n"], r["part"]) if r.get("part") else (0, r["n"])
        out["inputs"] += hi - lo
        out["seconds"] = round(out["seconds"] + r["seconds"], 1)
        out["calls"].update(r["calls"])
        out["failures"].update(r["failures"])
        for kind, modes in r["by_mode"].items():
            out["by_mode"][kind].update(modes)
        for kind, exs in r["examples"].items():
            out["examples"][kind].extend(exs[:20 - len(out["examples"][kind])])
    out["failures"] = {k: out["failures"][k] for k in KINDS}
    return {**out, "calls": dict(out["calls"]), "by_mode": {k: dict(v) for k, v in out["by_mode"].items()},
            "examples": dict(out["examples"])}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=1000, help="number of generated inputs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds one input may take (a hang beyond)")
    ap.add_argument("--batch", type=int, default=100, help="inputs per call")
    ap.add_argument("--max-long", type=int, default=10000, help="longest generated token")
    ap.add_argument("--no-bad-args", action="store_true", help="skip the bad-argument calls")
    ap.add_argument("--show", type=int, default=3, help="examples printed per failure kind")
    ap.add_argument("--json", type=Path, default=None, help="write the full report here")
    ap.add_argument("--procs", type=int, default=1, help="calls run at once (each one batch of one mode)")
    ap.add_argument("--part", default=None, metavar="I/K",
                    help="run only the I-th of K equal parts of the n inputs (0 <= I < K); --merge joins the reports")
    ap.add_argument("--merge", nargs="+", type=Path, default=None, metavar="REPORT",
                    help="print (and with --json write) one report of the parts' --json reports; runs nothing")
    ap.add_argument("--worker", choices=("itn", "tn"), help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.worker:
        return worker(a.worker)
    if a.merge:
        rep = merge([json.loads(p.read_text(encoding="utf-8")) for p in a.merge])
    else:
        rep = fuzz(a.n, a.seed, a.modes, timeout=a.timeout, batch=a.batch, max_long=a.max_long,
                   bad_args=not a.no_bad_args, progress=True, procs=a.procs, part=a.part)
    print(f"fuzz: {rep['inputs']} of {rep['n']} inputs, seed {rep['seed']}, {rep['seconds']} s, calls {rep['calls']}")
    for kind in KINDS:
        modes = ", ".join(f"{m} {c}" for m, c in sorted(rep["by_mode"].get(kind, {}).items()))
        print(f"  {kind:16s} {rep['failures'][kind]:6d}" + (f"   ({modes})" if modes else ""))
        for ex in rep["examples"].get(kind, [])[: a.show]:
            print(f"      {ex['mode']:14s} {ex['input_kind']:10s} {ex['input'][:90]!r} {ex['note'][:120]}")
    if a.json:
        a.json.write_text(json.dumps(rep, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
