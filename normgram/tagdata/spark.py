"""TN, ITN and training data (`tag`) at corpus scale on Apache Spark.

The driver builds (or finds in its cache) the compiled grammar once and ships its FAR
files, with the ``rules_dir`` overlay and a ranker model given as a path, to the
executors (``SparkContext.addFile``).  An executor process makes one Normalizer from
what was shipped, refuses to compile (a missing or mismatched grammar is an error, not
a silent rebuild) and reuses it for every partition it runs.

    >>> grammar = ShippedGrammar(spark, "en", directions=("tn", "itn"))
    >>> tag_files(spark, grammar, ["corpus/"], "out/", variants=3, seed=1)   # JSONL parts
    >>> df2 = tag_column(df, "text", grammar, variants=3)                      # spoken, variants, bad
    >>> df3 = normalize_column(df, "text", grammar, "tn")                      # tn_output, tn_spans

Records are those of the single-process `normgram tag`: a line's seed comes from its
position among all input lines (files in path order, then line order), so partitioning
changes nothing; the parts written, read in name order, are `normgram tag`'s output for
the concatenated files.  Output goes through Spark's writers (a retried task does not
duplicate output).  Bad lines (not UTF-8, empty, over 1 MB) are reported with file and
line and skipped, or kept as ``{"line", "bad"}`` records.
"""
import json
import os
import sys
import time
from pathlib import Path

from .. import build as _compile
from ..errors import GrammarError, NormgramError
from ..normalizer import Normalizer
from .tagging import MAX_LINE, BadLine, Summary, Tagger, check_line

FORMATS = ("jsonl", "parquet", "text")
_REPORTED = 1000  # bad lines listed in the driver's log (executors log every one)


def _log(msg):
    print(f"normgram spark: {msg}", file=sys.stderr, flush=True)


def session(master=None, app="normgram"):
    """The active SparkSession, or one for ``master`` ("local[2]", "yarn", "k8s://...").
    In local mode the Python workers run this interpreter (the one normgram is installed
    in); on a cluster they run what spark.pyspark.python / PYSPARK_PYTHON names."""
    from pyspark.sql import SparkSession
    builder = SparkSession.builder.appName(app)
    if master:
        builder = builder.master(master)
        if master.startswith("local"):  # the Python of the driver's context names the workers'
            os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
            builder = builder.config("spark.ui.enabled", "false")
    return builder.getOrCreate()


class ShippedGrammar:
    """A locale's compiled grammar, built (or read from the cache) on the driver and
    shipped to the executors of ``spark``'s context.  Picklable: tasks carry only names
    and the cache key, never FSTs."""

    def __init__(self, spark, locale="en", rules_dir=None, ranker=None, directions=("tn", "itn")):
        t0 = time.perf_counter()
        norm = Normalizer(locale, rules_dir=rules_dir, ranker=False)
        loc, sc = norm.locale, spark.sparkContext
        self.locale, self.key, self.directions = loc.tag, _compile.cache_key(loc), tuple(directions)
        self.files = []
        for d in self.directions:
            _compile.load(loc, d)  # compiled and cached here when the cache has no entry yet
            for suffix in (".far", ".json"):
                path = _compile.cache_path(loc, d).with_suffix(suffix)
                sc.addFile(str(path))
                self.files.append(path.name)
        self.rules = None
        if rules_dir is not None:
            sc.addFile(str(Path(rules_dir).resolve()), recursive=True)
            self.rules = Path(rules_dir).resolve().name
        self.ranker = ranker
        if ranker not in (None, False):
            sc.addFile(str(Path(ranker).resolve()))
            self.ranker = Path(ranker).name
        _log(f"grammar {loc.tag}-{self.key} ({'+'.join(self.directions)}) ready on the driver in "
             f"{time.perf_counter() - t0:.1f} s, shipped to executors: {', '.join(self.files)}"
             + (f", rules {self.rules}" if self.rules else ""))

    def normalizer(self):
        """This executor process's Normalizer (made on first use, then reused)."""
        key = (self.key, self.ranker)
        norm = _EXECUTOR.get(key)
        if norm is None:
            norm = _EXECUTOR[key] = _load_shipped(self)
        return norm

    def tagger(self, **options):
        """This executor process's Tagger for ``options`` (its memos of span verbalizations
        and read-backs serve every partition the process runs)."""
        key = (self.key, self.ranker, tuple(sorted(options.items())))
        tagger = _EXECUTOR.get(key)
        if tagger is None:
            tagger = _EXECUTOR[key] = Tagger(self.normalizer(), **options)
        return tagger


_EXECUTOR = {}  # (cache key, ranker[, tagger options]) -> this executor process's Normalizer (Tagger)


def _load_shipped(grammar):
    from pyspark import SparkFiles
    root = SparkFiles.getRootDirectory()
    _compile.refuse_compile("a Spark executor runs on the grammar the driver shipped")
    os.environ["NORMGRAM_CACHE"] = root  # where addFile put the FARs: the cache this process reads
    rules = SparkFiles.get(grammar.rules) if grammar.rules else None
    ranker = SparkFiles.get(grammar.ranker) if isinstance(grammar.ranker, str) else grammar.ranker
    norm = Normalizer(grammar.locale, rules_dir=rules, ranker=ranker)
    key = _compile.cache_key(norm.locale)
    if key != grammar.key:
        raise GrammarError(
            f"executor grammar key {key} differs from the driver's {grammar.key}: install the same "
            "normgram (and pynini) on the executors as on the driver")
    for d in grammar.directions:
        _compile.load(norm.locale, d)  # the shipped FAR is there and whole (a compile would raise here)
    print(f"normgram executor pid {os.getpid()}: {grammar.locale}-{key} ({'+'.join(grammar.directions)}) "
          f"loaded from the shipped FAR in {root}; compiling refused", file=sys.stderr, flush=True)
    return norm


# -- reading lines: raw bytes, each numbered by its position among all input lines


def _decode(raw):
    """Bytes of one line -> the text single-process `normgram tag` reads (undecodable bytes
    kept as surrogates, which check_line reports)."""
    return bytes(raw).decode("utf-8", "surrogateescape")


def numbered_lines(spark, paths, partitions=None):
    """RDD of (line number, (file, line in file, text)) over ``paths`` (files or folders,
    any Hadoop file system), files in path order, sorted by line number into
    ``partitions`` partitions of consecutive lines; -> (rdd, total lines).

    Lines are split as Python reads text files (\\n, \\r\\n or \\r) and read as bytes, so
    a line that is not UTF-8 is reported as such rather than silently replaced."""
    from pyspark.sql import functions as F
    df = spark.read.option("recursiveFileLookup", "true").text(list(map(str, paths))).select(
        F.col("value").cast("binary"), F.col("_metadata.file_path").alias("file"),
        F.col("_metadata.file_block_start").alias("block"))
    # lines per input split, counted in the JVM (no line goes through Python for this pass)
    blocks = sorted(tuple(r) for r in df.groupBy("file", "block").count().collect())
    rows = df.rdd.map(tuple)
    base, total, before_in_file, last_file = {}, 0, 0, None
    for file, block, n in blocks:
        before_in_file = 0 if file != last_file else before_in_file
        base[(file, block)] = (total, before_in_file)
        total, before_in_file, last_file = total + n, before_in_file + n, file
    sc = spark.sparkContext
    parts = max(1, min(total, partitions or max(rows.getNumPartitions(), 2 * sc.defaultParallelism)))
    bases = sc.broadcast(base)

    def number(part):
        key, i = None, 0
        for raw, file, block in part:
            if (file, block) != key:
                key, i = (file, block), 0
            first, in_file = bases.value[key]
            i += 1
            yield first + i, (file, in_file + i, raw)

    numbered = rows.mapPartitions(number).repartitionAndSortWithinPartitions(
        parts, partitionFunc=lambda n: (n - 1) * parts // max(total, 1))
    return numbered, total


# -- per-partition work on the executors


class _ListParam:
    """Accumulates a capped list (bad-line reports) from the tasks."""

    def zero(self, value):
        return []

    def addInPlace(self, a, b):
        a.extend(b[:max(0, _REPORTED - len(a))])
        return a


class _SummaryParam:
    """Accumulates the tag Summary of every task (counts add up; failure samples stay capped)."""

    def zero(self, value):
        return Summary()

    def addInPlace(self, a, b):
        a.records += b.records
        a.bad += b.bad
        for name in ("entities", "distinct"):
            for cls, n in getattr(b, name).items():
                getattr(a, name)[cls] = getattr(a, name).get(cls, 0) + n
        for cls, (ok, n) in b.round_trip.items():
            ok0, n0 = a.round_trip.get(cls, (0, 0))
            a.round_trip[cls] = (ok0 + ok, n0 + n)
        for cls, fails in b.failures.items():
            have = a.failures.setdefault(cls, [])
            have.extend(fails[:max(0, Summary.max_failures - len(have))])
        return a


def _bad(file, line, why, bad_acc):
    where = f"{file}:{line}"
    print(f"{where}: skipped ({why})", file=sys.stderr)
    bad_acc.add([f"{where}: skipped ({why})"])


def _checked_text(raw):
    """The text of a line as `normgram tag` reads it (a long line cut past MAX_LINE, as
    tagging.bounded_lines does), or BadLine."""
    text = _decode(raw)[:MAX_LINE + 1]
    check_line(text)
    return text


def _tag_partition(grammar, opts, summary_acc, bad_acc):
    def run(part):
        tagger = grammar.tagger(**opts["tagger"])
        summary = Summary()
        for lineno, (file, line, raw) in part:
            try:
                rec = tagger.record(_checked_text(raw), lineno)
            except BadLine as e:
                summary.bad += 1
                _bad(file, line, e, bad_acc)
                if opts["keep_bad"]:
                    yield {"line": lineno, "bad": str(e)}
                continue
            summary.add(rec)
            yield rec
        summary_acc.add(summary)
    return run


def _normalize_partition(grammar, direction, fmt, keep_bad, bad_acc):
    def run(part):
        norm = grammar.normalizer()
        go = norm.tn_result if direction == "tn" else norm.itn_result
        for lineno, (file, line, raw) in part:
            text = _decode(raw)
            try:
                if text.strip():  # an empty line passes through, as in `normgram tn`
                    check_line(text[:MAX_LINE + 1])
            except BadLine as e:
                _bad(file, line, e, bad_acc)
                if fmt == "text":
                    yield {"line": lineno, "output": ""}  # one output line per input line
                elif keep_bad:
                    yield {"line": lineno, "bad": str(e)}
                continue
            res = go(text)
            yield {"line": lineno, **res.to_dict()} if fmt != "text" else {"line": lineno, "output": res.output}
    return run


# -- writing


def _write(spark, records, output, fmt, schema, mode, compression):
    """Write dict records through Spark's file writers (task output is committed once)."""
    if fmt == "parquet":
        df = spark.createDataFrame(records.map(lambda r: _value(r, schema)), schema)
        writer = df.write.mode(mode)
        if compression:
            writer = writer.option("compression", compression)
        writer.parquet(str(output))
        return
    if fmt == "text":
        lines = records.map(lambda r: (r["output"],))
    else:
        lines = records.map(lambda r: (json.dumps(r, ensure_ascii="bad" in r),))
    writer = spark.createDataFrame(lines, "value string").write.mode(mode)
    if compression:
        writer = writer.option("compression", compression)
    writer.text(str(output))


def _value(v, typ):
    """A record's value as Spark rows want it for ``typ`` (structs as tuples in field order)."""
    from pyspark.sql.types import ArrayType, StructType
    if v is None:
        return None
    if isinstance(typ, StructType):
        return tuple(_value(v.get(f.name), f.dataType) for f in typ.fields)
    if isinstance(typ, ArrayType):
        return [_value(x, typ.elementType) for x in v]
    return v


def tag_schema():
    """Spark schema of a `tag` record (Parquet output and tag_column)."""
    from pyspark.sql.types import (ArrayType, BooleanType, IntegerType, LongType, StringType, StructField,
                                   StructType)
    strings = ArrayType(StringType())
    span = StructType([StructField("cls", StringType()), StructField("written", ArrayType(IntegerType())),
                       StructField("spoken", ArrayType(IntegerType())), StructField("text", StringType()),
                       StructField("round_trip", BooleanType())])
    variant = StructType([StructField("spoken", StringType()), StructField("tagged", StringType()),
                          StructField("tokens", strings), StructField("tags", strings), StructField("bio", strings),
                          StructField("spans", ArrayType(span))])
    return StructType([StructField("line", LongType()), StructField("written", StringType()),
                       StructField("spoken", strings), StructField("variants", ArrayType(variant)),
                       StructField("bad", StringType())])


def result_schema():
    """Spark schema of a TN/ITN result (Parquet output and normalize_column): the output
    text and its spans (offsets, class, input and output text, grammar weight)."""
    from pyspark.sql.types import (ArrayType, DoubleType, IntegerType, LongType, StringType, StructField,
                                   StructType)
    span = StructType([StructField(n, IntegerType()) for n in ("start", "end", "out_start", "out_end")]
                      + [StructField("cls", StringType()), StructField("input", StringType()),
                         StructField("output", StringType()), StructField("weight", DoubleType())])
    return StructType([StructField("line", LongType()), StructField("input", StringType()),
                       StructField("output", StringType()), StructField("spans", ArrayType(span)),
                       StructField("bad", StringType())])


def _finish(sc, bad_acc, output, t0, total):
    bad = bad_acc.value
    for line in bad:
        _log(line)
    secs = time.perf_counter() - t0
    _log(f"{total} lines -> {output} in {secs:.1f} s ({total / max(secs, 1e-9):.0f} lines/s)")
    return secs


def tag_files(spark, grammar, paths, output, fmt="jsonl", variants=1, seed=0, style="cased", check=True,
              keep_bad=False, partitions=None, mode="errorifexists", compression=None, log=True):
    """`normgram tag` over text files or folders -> partitioned JSONL or Parquet at
    ``output``; returns the Summary (counted from the tasks' updates)."""
    if fmt not in ("jsonl", "parquet"):
        raise ValueError("tag output format must be jsonl or parquet")
    Tagger(None, variants=variants, seed=seed, style=style, check=check)  # bad options fail here
    t0, sc = time.perf_counter(), spark.sparkContext
    lines, total = numbered_lines(spark, paths, partitions)
    summary_acc, bad_acc = sc.accumulator(Summary(), _SummaryParam()), sc.accumulator([], _ListParam())
    opts = {"tagger": {"variants": variants, "seed": seed, "style": style, "check": check},
            "keep_bad": keep_bad}
    records = lines.mapPartitions(_tag_partition(grammar, opts, summary_acc, bad_acc))
    _write(spark, records, output, fmt, tag_schema(), mode, compression)
    summary = summary_acc.value
    summary.seconds = _finish(sc, bad_acc, output, t0, total)
    if log:
        for line in summary.lines(summary.seconds):
            _log(line)
    return summary


def normalize_files(spark, grammar, direction, paths, output, fmt="text", keep_bad=False, partitions=None,
                    mode="errorifexists", compression=None):
    """TN or ITN of every line of text files or folders -> ``output``: ``text`` (one output
    line per input line, as `normgram tn`), ``jsonl`` (results with spans, as `--json`,
    each with its line number) or ``parquet``.  -> number of input lines."""
    if direction not in _compile.DIRECTIONS:
        raise ValueError(f"direction must be one of {', '.join(_compile.DIRECTIONS)}")
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}")
    t0, sc = time.perf_counter(), spark.sparkContext
    lines, total = numbered_lines(spark, paths, partitions)
    bad_acc = sc.accumulator([], _ListParam())
    records = lines.mapPartitions(_normalize_partition(grammar, direction, fmt, keep_bad, bad_acc))
    _write(spark, records, output, fmt, result_schema(), mode, compression)
    _finish(sc, bad_acc, output, t0, total)
    return total


# -- DataFrame columns


def _with_columns(df, column, fields, work):
    """df's rows with ``fields`` (StructFields) appended, filled by ``work(partition of
    (row, text))`` yielding one tuple of values per row, in order."""
    from pyspark.sql.types import StructType
    schema = StructType(df.schema.fields + list(fields))
    idx = df.columns.index(column)

    def run(part):
        return (row + extra for row, extra in work((tuple(r), r[idx]) for r in part))
    return df.sparkSession.createDataFrame(df.rdd.mapPartitions(run), schema)


def normalize_column(df, column, grammar, direction, prefix=None):
    """``df`` with ``<prefix>_output`` (string) and ``<prefix>_spans`` (array of spans, as in
    result_schema) added: TN or ITN of the string column ``column`` (a null stays null).
    ``prefix`` defaults to the direction."""
    from pyspark.sql.types import StructField
    prefix = prefix or direction
    spans_type = result_schema()["spans"].dataType

    def work(pairs):
        norm = grammar.normalizer()
        go = norm.tn_result if direction == "tn" else norm.itn_result
        for row, text in pairs:
            if text is None:
                yield row, (None, None)
                continue
            res = go(text).to_dict()
            yield row, (res["output"], _value(res["spans"], spans_type))
    fields = [StructField(f"{prefix}_output", result_schema()["output"].dataType),
              StructField(f"{prefix}_spans", spans_type)]
    return _with_columns(df, column, fields, work)


def tag_column(df, column, grammar, variants=1, seed=0, style="cased", check=True, line=None):
    """``df`` with the `tag` record's ``spoken`` (K spoken forms, first preferred),
    ``variants`` (each with tagged text, tokens, class and BIO tags, spans) and ``bad``
    (why a text was not read, else null) added for the string column ``column``.

    A row's seed comes from ``line`` (the name of an integer column numbering the rows, as
    `normgram tag` numbers lines from 1), or without it from the row's position in ``df``."""
    from pyspark.sql.types import StructField
    schema = tag_schema()
    opts = {"variants": variants, "seed": seed, "style": style, "check": check}
    Tagger(None, **opts)
    if line is None:
        numbered = df.rdd.zipWithIndex().map(lambda ri: (ri[0], ri[1] + 1))
    else:
        li = df.columns.index(line)
        numbered = df.rdd.map(lambda r: (r, r[li]))
    idx = df.columns.index(column)

    def run(part):
        tagger = grammar.tagger(**opts)
        for row, lineno in part:
            text = row[idx]
            try:
                if text is None:
                    raise BadLine("null")
                rec = tagger.record(text[:MAX_LINE + 1] if len(text) > MAX_LINE else text, lineno)
            except BadLine as e:
                yield tuple(row) + (None, None, str(e))
                continue
            yield tuple(row) + (rec["spoken"], _value(rec["variants"], schema["variants"].dataType), None)
    from pyspark.sql.types import StructType
    out = StructType(df.schema.fields + [StructField(n, schema[n].dataType) for n in ("spoken", "variants", "bad")])
    return df.sparkSession.createDataFrame(numbered.mapPartitions(run), out)


# -- one job from start to end (`normgram tag|tn|itn --spark MASTER`)


class SparkJobError(NormgramError):
    """A Spark job that could not start or write (input not found, output already there)."""


def job(master, task, inputs, output, locale="en", rules_dir=None, ranker=None, fmt=None, partitions=None,
        keep_bad=False, **tag_options):
    """Start a session on ``master``, ship the grammar, run ``task`` ("tag", "tn" or
    "itn") over ``inputs`` (files, folders or globs on any Hadoop file system) into the
    folder ``output``, stop the session.  ``tag_options``: variants, seed, style, check."""
    formats = ("jsonl", "parquet") if task == "tag" else FORMATS
    if fmt is not None and fmt not in formats:
        raise SparkJobError(f"{task} on Spark writes {' or '.join(formats)}, not {fmt}")
    try:
        from pyspark.errors import AnalysisException, PySparkRuntimeError
    except ImportError:
        raise SparkJobError("pyspark is not installed: pip install normgram[spark]") from None
    from pyspark.sql import SparkSession
    running = SparkSession.getActiveSession()  # a caller's session is used, and left running
    try:
        spark = session(master)
    except PySparkRuntimeError as e:  # no Java, a master that cannot be reached
        raise SparkJobError(f"cannot start Spark on {master}: {str(e).splitlines()[0]}") from None
    try:
        directions = ("tn", "itn") if task == "tag" else (task,)
        grammar = ShippedGrammar(spark, locale, rules_dir=rules_dir, ranker=ranker, directions=directions)
        if task == "tag":
            return tag_files(spark, grammar, inputs, output, fmt or "jsonl", keep_bad=keep_bad,
                             partitions=partitions, **tag_options)
        return normalize_files(spark, grammar, task, inputs, output, fmt or "text", keep_bad=keep_bad,
                               partitions=partitions)
    except AnalysisException as e:
        raise SparkJobError(str(e).splitlines()[0]) from None
    finally:
        if running is None:
            spark.stop()
