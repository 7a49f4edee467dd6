"""Writing `normgram tag` output: atomic files, JSONL/TSV, progress and the summary."""
import json
import os
import sys
import time
from contextlib import contextmanager

from ..common.atomic import atomic_open
from .tagging import Summary, Tagger, tag_lines


@contextmanager
def atomic_output(path):
    """A text file that appears at ``path`` only when complete (stdout for None or "-")."""
    if path in (None, "-"):
        yield sys.stdout
        return
    with atomic_open(os.path.abspath(path)) as fh:
        yield fh


def _format(rec, fmt):
    if fmt == "tsv":
        return "".join(f"{s}\t{rec['written']}\n" for s in rec["spoken"])
    return json.dumps(rec, ensure_ascii=False) + "\n"


class Progress:
    """rows/s and ETA on a terminal; silent when stderr is not one."""

    def __init__(self, total=None, stream=sys.stderr):
        self.on = stream.isatty()
        self.total, self.stream, self.t0, self.last = total, stream, time.perf_counter(), 0.0

    def update(self, n):
        now = time.perf_counter()
        if not self.on or now - self.last < 0.2:
            return
        self.last = now
        rate = n / max(now - self.t0, 1e-9)
        eta = f", ETA {(self.total - n) / rate:.0f} s" if self.total and rate else ""
        self.stream.write(f"\r{n} rows, {rate:.0f} rows/s{eta}   ")
        self.stream.flush()

    def close(self):
        if self.on:
            self.stream.write("\n")


def run(normalizer, lines, output=None, fmt="jsonl", variants=1, seed=0, style="cased", jobs=1,
        keep_bad=False, check=True, total=None, log=sys.stderr):
    """Tag ``lines`` into ``output``; returns the Summary.  Bad lines are reported, never fatal."""
    tagger = Tagger(normalizer, variants=variants, seed=seed, style=style, check=check)
    summary, progress, t0 = Summary(), Progress(total), time.perf_counter()
    with atomic_output(output) as out:
        for n, rec in enumerate(tag_lines(tagger, lines, jobs), 1):
            if "bad" in rec:
                summary.bad += 1
                log.write(f"line {rec['line']}: skipped ({rec['bad']})\n")
                if keep_bad and fmt == "jsonl":
                    out.write(json.dumps(rec) + "\n")
            else:
                summary.add(rec)
                out.write(_format(rec, fmt))
            progress.update(n)
    progress.close()
    summary.seconds = time.perf_counter() - t0
    for line in summary.lines(summary.seconds):
        log.write(line + "\n")
    return summary
