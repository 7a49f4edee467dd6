"""What a compile is doing, on a terminal: one status line on stderr (locale, direction,
the step under way, seconds so far) once the compile has run ``delay`` seconds, closed by
a summary line.  Silent when the stream is not a terminal (logs, pipes, tests)."""
import sys
import time


class CompileProgress:
    """``step(what)`` as each step starts, ``close()`` at the end.

    >>> import io
    >>> p = CompileProgress("de", "itn", stream=io.StringIO())  # not a terminal
    >>> p.step("cardinal"); p.close()
    """

    def __init__(self, tag, direction, stream=None, delay=1.0, clock=time.monotonic):
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.on = bool(isatty and isatty())
        self.what, self.delay, self.clock = f"{tag} {direction}", delay, clock
        self.t0, self.shown = clock(), False

    def step(self, what):
        if not self.on:
            return
        secs = self.clock() - self.t0
        if secs >= self.delay:
            self._write(f"\rnormgram: compiling {self.what}: {what} ({secs:.0f} s)\x1b[K")

    def close(self):
        if self.on and self.shown:
            self._write(f"\rnormgram: compiled {self.what} in {self.clock() - self.t0:.0f} s\x1b[K\n")

    def _write(self, line):
        self.stream.write(line)
        self.stream.flush()
        self.shown = True
