"""Spark local mode: records identical to the single-process tool for any partitioning,
bad lines reported with file and line, executors that load the shipped grammar and never
compile, rule overlays shipped, TN/ITN/tag over files and DataFrame columns."""
import io
import json
import os
from pathlib import Path

import pytest

pytest.importorskip("pyspark", reason="pyspark is not installed (pip install normgram[spark])")

from conftest import OVERLAYS, write_rules  # noqa: E402
from normgram import Normalizer  # noqa: E402
from normgram.tagdata.tag_output import run  # noqa: E402
from normgram.tagdata import spark as nspark  # noqa: E402
from normgram.tagdata.tagging import Tagger  # noqa: E402

_DEV = Path(__file__).resolve().parent.parent / "data" / "eval"
WRITTEN = [json.loads(l)["text"] for l in (_DEV / "GoogleTN.dev.jsonl").read_text(encoding="utf-8").splitlines()[:40]]
SPOKEN = [json.loads(l)["gt_normalized"] for l in (_DEV / "GoogleTN.dev.jsonl").read_text(encoding="utf-8").splitlines()[:20]]


@pytest.fixture(scope="module")
def spark():
    s = nspark.session("local[2]", app="normgram-tests")
    s.sparkContext.setLogLevel("ERROR")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def grammar(spark, en):
    return nspark.ShippedGrammar(spark, "en")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Two files and a folder; the second file holds an empty line and one that is not UTF-8."""
    d = tmp_path_factory.mktemp("corpus")
    (d / "a.txt").write_text("\n".join(WRITTEN[:15]) + "\n", encoding="utf-8")
    (d / "b.txt").write_bytes(("\n".join(WRITTEN[15:25]) + "\n\n").encode() + b"caf\xe9 at 4:30\r\n"
                              + WRITTEN[25].encode())
    (d / "more").mkdir()
    (d / "more" / "c.txt").write_text("\n".join(WRITTEN[26:]) + "\n", encoding="utf-8")
    return d


def _single(en, corpus, out, **kw):
    """What `normgram tag` writes for the lines of the files in path order."""
    lines = [line for p in sorted(corpus.rglob("*.txt"))
             for line in io.TextIOWrapper(io.BytesIO(p.read_bytes()), encoding="utf-8", errors="surrogateescape")]
    run(en, lines, str(out), log=io.StringIO(), **kw)
    return out.read_bytes()


def _parts(folder, suffix=".txt"):
    return b"".join(p.read_bytes() for p in sorted(Path(folder).glob(f"part-*{suffix}")))


@pytest.mark.parametrize("partitions", [1, 3, 7])
def test_tag_matches_single_process(spark, grammar, en, corpus, tmp_path, partitions):
    out = tmp_path / "out"
    nspark.tag_files(spark, grammar, [corpus / "a.txt", corpus / "b.txt", corpus / "more"], out,
                     variants=3, seed=5, keep_bad=True, partitions=partitions, log=False)
    assert (out / "_SUCCESS").exists()
    assert _parts(out) == _single(en, corpus, tmp_path / "single.jsonl", variants=3, seed=5, keep_bad=True)


@pytest.mark.parametrize("keep_bad", [True, False], ids=["kept", "skipped"])
def test_bad_lines_reported_with_file_and_line(spark, grammar, corpus, tmp_path, capsys, keep_bad):
    out = tmp_path / "out"
    summary = nspark.tag_files(spark, grammar, [corpus], out, keep_bad=keep_bad, partitions=2, log=False)
    err = capsys.readouterr().err
    b = (corpus / "b.txt").as_uri().replace("file:///", "file:/")
    assert f"{b}:11: skipped (empty)" in err and f"{b}:12: skipped (binary or not UTF-8)" in err
    assert summary.bad == 2 and summary.records == len(WRITTEN)
    recs = [json.loads(l) for l in _parts(out).decode().splitlines()]
    bad = [r for r in recs if "bad" in r]
    assert [(r["line"], r["bad"]) for r in bad] == ([(26, "empty"), (27, "binary or not UTF-8")] if keep_bad else [])


def test_line_over_one_megabyte_is_bad(spark, grammar, tmp_path, capsys):
    src = tmp_path / "long.txt"
    src.write_text("I have 21 apples\n" + "x" * (1 << 20) + "y\nOn 3 May\n", encoding="utf-8")
    out = tmp_path / "out"
    nspark.tag_files(spark, grammar, [src], out, keep_bad=True, log=False)
    recs = [json.loads(l) for l in _parts(out).decode().splitlines()]
    assert [r.get("bad") for r in recs] == [None, f"longer than {1 << 20} characters", None]
    assert ":2: skipped (longer than" in capsys.readouterr().err


def _executor_view(grammar):
    """On an executor: its process, its Normalizer, where it reads grammars and what a compile does."""
    def probe(part):
        from normgram.build.compile import compile_direction
        from normgram.errors import GrammarError
        n = sum(1 for _ in part)
        norm = grammar.normalizer()
        try:
            compile_direction(norm.locale, "tn")
            compiled = "compiled"
        except GrammarError as e:
            compiled = str(e)
        yield os.getpid(), id(norm), os.environ["NORMGRAM_CACHE"], compiled, n
    return probe


def test_executors_load_shipped_grammar_and_refuse_to_compile(spark, grammar):
    seen = spark.sparkContext.parallelize(range(24), 8).mapPartitions(_executor_view(grammar)).collect()
    assert sum(s[4] for s in seen) == 24
    assert all(pid != os.getpid() for pid, *_ in seen)  # executor processes, not the driver
    by_pid = {}
    for pid, norm_id, cache, compiled, _ in seen:
        by_pid.setdefault(pid, set()).add(norm_id)
        assert "no compiling in this process" in compiled
        assert any(Path(cache, f).is_file() for f in grammar.files)  # the FARs the driver shipped
        assert Path(cache) != Path(os.environ["NORMGRAM_CACHE"])
    assert all(len(ids) == 1 for ids in by_pid.values())  # one Normalizer per process, reused
    assert len(seen) > len(by_pid)  # ... across partitions


def test_executor_with_other_grammar_code_fails(spark, grammar):
    import copy
    other = copy.copy(grammar)
    other.key = "0" * len(grammar.key)  # as if the driver's normgram, pynini or rules differed
    df = spark.createDataFrame([("21 apples",)], "text string")
    with pytest.raises(Exception, match="differs from the driver's"):
        nspark.normalize_column(df, "text", other, "tn").collect()


def test_rule_overlay_is_shipped(spark, tmp_path):
    rules = write_rules(tmp_path / "rules", OVERLAYS["a"])
    local = Normalizer("en", rules_dir=rules)
    g = nspark.ShippedGrammar(spark, "en", rules_dir=rules, directions=("tn",))
    text = "The PDF from the US office costs $25."
    df = spark.createDataFrame([(text,)], "text string")
    got = nspark.normalize_column(df, "text", g, "tn").collect()[0]["tn_output"]
    assert got == local.tn(text) != Normalizer("en").tn(text)


@pytest.mark.parametrize("fmt", ["text", "jsonl", "parquet"])
@pytest.mark.parametrize("direction", ["tn", "itn"])
def test_normalize_files(spark, grammar, en, tmp_path, fmt, direction):
    lines = WRITTEN[:12] if direction == "tn" else SPOKEN[:12]
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines[:6]) + "\n\n" + "\n".join(lines[6:]) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    n = nspark.normalize_files(spark, grammar, direction, [src], out, fmt=fmt, partitions=3)
    assert n == 13
    go = en.tn_result if direction == "tn" else en.itn_result
    want = [go(t) for t in lines[:6] + [""] + lines[6:]]
    if fmt == "text":
        assert _parts(out).decode().splitlines() == [r.output for r in want]
    elif fmt == "jsonl":
        got = [json.loads(l) for l in _parts(out).decode().splitlines()]
        assert got == [{"line": i, **r.to_dict()} for i, r in enumerate(want, 1)]
    else:
        rows = spark.read.parquet(str(out)).orderBy("line").collect()
        assert [(r["line"], r["output"]) for r in rows] == [(i, r.output) for i, r in enumerate(want, 1)]
        assert [[s["cls"] for s in r["spans"]] for r in rows] == [[s.cls for s in r.spans] for r in want]


def test_tag_parquet(spark, grammar, en, corpus, tmp_path):
    out = tmp_path / "out"
    nspark.tag_files(spark, grammar, [corpus / "a.txt"], out, fmt="parquet", variants=2, seed=2, log=False)
    rows = spark.read.parquet(str(out)).orderBy("line").collect()
    tagger = Tagger(en, variants=2, seed=2)
    want = [tagger.record(t, i) for i, t in enumerate(WRITTEN[:15], 1)]
    assert [r["spoken"] for r in rows] == [w["spoken"] for w in want]
    assert [[v["tags"] for v in r["variants"]] for r in rows] == [[v["tags"] for v in w["variants"]] for w in want]


def test_tag_column(spark, grammar, en):
    df = spark.createDataFrame([(i, t) for i, t in enumerate(WRITTEN[:10] + ["", None], 10)], "id long, text string")
    rows = nspark.tag_column(df, "text", grammar, variants=2, seed=4, line="id").orderBy("id").collect()
    tagger = Tagger(en, variants=2, seed=4)
    for r, t in zip(rows[:10], WRITTEN[:10]):
        rec = tagger.record(t, r["id"])
        assert r["spoken"] == rec["spoken"] and r["bad"] is None
        assert [v["tagged"] for v in r["variants"]] == [v["tagged"] for v in rec["variants"]]
    assert [(r["spoken"], r["bad"]) for r in rows[10:]] == [(None, "empty"), (None, "null")]


def test_tag_column_numbers_rows_by_position(spark, grammar, en):
    df = spark.createDataFrame([(t,) for t in WRITTEN[:6]], "text string").repartition(1)
    rows = nspark.tag_column(df, "text", grammar, variants=3, seed=1).collect()
    tagger = Tagger(en, variants=3, seed=1)
    assert [r["spoken"] for r in rows] == [tagger.record(t, i)["spoken"] for i, t in enumerate(WRITTEN[:6], 1)]


def test_normalize_column_keeps_columns_and_nulls(spark, grammar, en):
    df = spark.createDataFrame([(1, SPOKEN[0]), (2, None)], "id long, text string")
    rows = nspark.normalize_column(df, "text", grammar, "itn").orderBy("id").collect()
    assert rows[0]["id"] == 1 and rows[0]["text"] == SPOKEN[0]
    assert rows[0]["itn_output"] == en.itn(SPOKEN[0])
    assert [s["cls"] for s in rows[0]["itn_spans"]] == [s.cls for s in en.itn_result(SPOKEN[0]).spans]
    assert rows[1]["itn_output"] is None and rows[1]["itn_spans"] is None


# -- the command line: `normgram tag|tn|itn --spark MASTER`


def test_cli_tag_matches_single_process(spark, corpus, tmp_path, capsys):
    from normgram.cli import main
    src = corpus / "a.txt"
    assert main(["tag", "--spark", "local[2]", "-i", str(src), "-o", str(tmp_path / "out"), "-k", "2",
                 "--seed", "3", "--partitions", "4"]) == 0
    assert main(["tag", "-i", str(src), "-o", str(tmp_path / "single.jsonl"), "-k", "2", "--seed", "3"]) == 0
    assert _parts(tmp_path / "out") == (tmp_path / "single.jsonl").read_bytes()


def test_cli_tn_text(spark, corpus, en, tmp_path):
    from normgram.cli import main
    assert main(["tn", "--spark", "local[2]", "-i", str(corpus / "more"), "-o", str(tmp_path / "out")]) == 0
    assert _parts(tmp_path / "out").decode().splitlines() == [en.tn(t) for t in WRITTEN[26:]]


@pytest.mark.parametrize("argv,message", [
    (["tag", "--format", "tsv"], "writes jsonl or parquet, not tsv"),
    (["tag", "-o", "EXISTING"], "already exists"),
    (["tn", "-o", "EXISTING"], "already exists"),
    (["itn", "-i", "MISSING", "-o", "NEW"], "does not exist"),
], ids=["tsv", "tag-output-exists", "tn-output-exists", "input-missing"])
def test_cli_errors_are_one_line(spark, corpus, tmp_path, capsys, argv, message):
    from normgram.cli import main
    (tmp_path / "EXISTING").mkdir()
    argv = [str(tmp_path / a) if a in ("EXISTING", "MISSING", "NEW") else a for a in argv]
    if "-i" not in argv:
        argv += ["-i", str(corpus / "a.txt")]
    if "-o" not in argv:
        argv += ["-o", str(tmp_path / "NEW")]
    assert main(argv[:1] + ["--spark", "local[2]"] + argv[1:]) == 2
    err = [l for l in capsys.readouterr().err.splitlines() if l.startswith("normgram:")]
    assert len(err) == 1 and message in err[0]


def test_cli_spark_options_need_spark(capsys):
    from normgram.cli import main
    assert main(["tn", "--format", "parquet", "-i", "x"]) == 2
    assert "need --spark" in capsys.readouterr().err
