"""The CLI adapters: each command end to end through click, JSON output parsed and checked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from chatcompact.cli import main
from chatcompact.core.render import FRAMING

LOCOMO = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo_dev.json"


def run(*args, input=None):
    result = CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)
    return result


def test_demo_json_stays_within_budget_and_compacts(tmp_path):
    r = run("demo", "--budget", "1500", "--db", str(tmp_path / "d.db"), "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["max_request_tokens"] <= 1500 and d["compactions"] >= 5
    assert 0 < d["share_of_full_history"] < 0.25
    assert d["summary"]["user_facts"]
    r = run("inspect", str(tmp_path / "d.db"), "replay", "--json")
    info = json.loads(r.output)
    assert len(info["versions"]) == d["compactions"] and info["stats"]["messages"] == 297


def test_demo_human_output_shows_summary_and_ratio(tmp_path):
    r = run("demo", "--db", str(tmp_path / "d.db"))
    assert r.exit_code == 0
    assert "final summary" in r.output and "compaction ratio" in r.output


def test_compact_stdin_to_stdout():
    convo = [{"role": "system", "content": "sys"}]
    for i in range(30):
        convo += [
            {"role": "user", "content": f"Question {i}: how do I export my catalogue as a spreadsheet?"},
            {"role": "assistant", "content": "Go to Products, pick Export, choose CSV and confirm. " * 3},
        ]
    r = run("compact", "-", "--keep-recent", "4", "--json", input=json.dumps(convo))
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["messages"][-4:] == convo[-4:] and d["ratio"]["messages_after"] == 6  # system, data message, 4 kept
    assert d["messages"][0] == {"role": "system", "content": f"sys\n\n{FRAMING}"} and d["messages"][1]["role"] == "user"
    assert d["ratio"]["tokens_after"] < d["ratio"]["tokens_before"]


def test_replay_jsonl(tmp_path):
    f = tmp_path / "t.jsonl"
    lines = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"line {i} " + "text " * 30} for i in range(60)]
    f.write_text("\n".join(json.dumps(m) for m in lines))
    r = run("replay", str(f), "--budget", "600", "--json")
    d = json.loads(r.output)
    assert d["requests"] == 30 and all(p["compacted"] <= 600 for p in d["points"])


@pytest.mark.skipif(not LOCOMO.exists(), reason="shared LoCoMo data not present")
def test_replay_locomo_sample():
    r = run("replay", str(LOCOMO), "--sample", "conv-30", "--budget", "2000", "--json")
    d = json.loads(r.output)
    assert d["max_request_tokens"] <= 2000 and d["share_of_full_history"] < 0.3


def test_errors_are_one_line_and_exit_2(tmp_path):
    r = run("compact", "-", input="{not json")
    assert r.exit_code == 2 and "not JSON" in r.output
    r = run("compact", "-", input=json.dumps([{"role": "user", "contnet": "x"}]))
    assert r.exit_code == 2 and "contnet" in r.output
    run("demo", "--db", str(tmp_path / "x.db"), "--json")
    r = run("inspect", str(tmp_path / "x.db"), "nope")
    assert r.exit_code == 2 and "nope" in r.output
    r = run("replay", str(tmp_path / "missing.json"))
    assert r.exit_code == 2 and "cannot read" in r.output


def test_recall_command_finds_the_order_verbatim(tmp_path):
    db = str(tmp_path / "r.db")
    run("demo", "--db", db, "--json")
    r = run("recall", db, "replay", "order 88231 arrived broken", "-k", "3", "--json")
    assert r.exit_code == 0, r.output
    hits = json.loads(r.output)
    assert len(hits) == 3 and any("88231" in h["text"] for h in hits)
    assert all({"id", "role", "time", "score"} <= set(h) for h in hits)
    r = run("recall", db, "replay", "88231")
    assert r.exit_code == 0 and "#" in r.output


# ---------------------------------------------------------------- a surface that fails clearly (issue 10 §2)


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> str:
    db = str(tmp_path_factory.mktemp("demo") / "d.db")
    assert run("demo", "--budget", "600", "--db", db, "--json").exit_code == 0
    return db


LOG_RECORD = re.compile(r"^\d{4}-\d\d-\d\d \S+ (DEBUG|INFO|WARNING|ERROR) chatcompact")


def _one_error_line(r, *words):
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    # log records are not the error's lines (an in-process `worker` run earlier may have set up logging)
    lines = [ln for ln in r.output.splitlines() if ln.strip() and not LOG_RECORD.match(ln)]
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output
    for w in words:
        assert w in lines[0], lines[0]


def test_recall_bad_k_is_one_line_not_a_traceback(demo_db):
    _one_error_line(run("recall", demo_db, "replay", "refund", "-k", "0"), "k must be an int from 1 to")


def test_usage_mistakes_are_one_line(demo_db, restore_logging):
    _one_error_line(run("recall", demo_db, "replay", "q", "--bogus"), "--bogus", "chatcompact recall --help")
    _one_error_line(run("recall", demo_db, "replay", "q", "-k", "many"), "many")
    _one_error_line(run("compact", "-", "--budget", "0", input="[]"), "--budget must be >= 1")
    _one_error_line(run("worker", "--store", "memory://", "--budget", "0", "--max-jobs", "0"), "--budget must be >= 1")


@pytest.mark.parametrize(
    "args",
    [
        ("inspect", "{db}", "t"),
        ("recall", "{db}", "t", "q"),
        ("hierarchy", "{db}", "t"),
        ("revert", "{db}", "t", "0"),
        ("migrate", "{db}", "sqlite:///{other}"),
        ("inspect", "sqlite:///{db}", "t"),
    ],
)
def test_a_store_file_that_does_not_exist_is_not_created(tmp_path, args):
    db, other = tmp_path / "absent.db", tmp_path / "other.db"
    r = run(*(a.format(db=db, other=other) for a in args))
    _one_error_line(r, "does not exist", str(db))
    assert not db.exists() and not other.exists()


def test_inspect_unknown_thread_lists_the_threads(demo_db):
    _one_error_line(run("inspect", demo_db, "nope"), "'nope'", "threads there: replay")


def test_install_hint_keeps_the_extra_in_brackets(monkeypatch, tmp_path):
    import sys

    monkeypatch.setitem(sys.modules, "psycopg", None)  # `import psycopg` fails as if the extra were absent
    monkeypatch.delitem(sys.modules, "chatcompact.stores.postgres", raising=False)
    src = tmp_path / "s.db"
    run("demo", "--budget", "600", "--db", str(src), "--json")
    r = run("migrate", str(src), "postgresql://u@127.0.0.1:1/db")
    _one_error_line(r, "pip install 'chatcompact[postgres]'")


def test_summarizer_without_a_key_fails_before_the_demo_starts(monkeypatch, tmp_path):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    db = tmp_path / "d.db"
    r = run("demo", "--db", str(db), "--summarizer", "openai:gpt-4o-mini")
    _one_error_line(r, "openai:gpt-4o-mini needs an API key", "OPENAI_API_KEY")
    assert not db.exists()


def test_summarizer_at_a_dead_local_url_fails_before_the_demo_starts(tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens there once closed
    r = run("demo", "--db", str(tmp_path / "d.db"), "--summarizer", f"openai:m@http://127.0.0.1:{port}/v1")
    _one_error_line(r, "openai:m: nothing answers at", str(port))


def test_replay_chart_keeps_one_scale_past_60_points(tmp_path):
    from chatcompact.transcripts import sparkline

    # 120 points: the compacted series stays at a tenth of the full one, so it must stay low
    assert sparkline([100] * 120, top=1000) == "▁" * 60
    assert sparkline([1000] * 120, top=1000) == "█" * 60
    f = tmp_path / "t.jsonl"
    roles = ("user", "assistant")
    lines = [{"role": roles[i % 2], "content": f"line {i} " + "text " * 30} for i in range(160)]
    f.write_text("\n".join(json.dumps(m) for m in lines))
    # 80 points; the compacted requests (<= 1500) are about a fifth of the full history's last ones (~7k)
    r = run("replay", str(f), "--budget", "1500")
    assert r.exit_code == 0, r.output
    line = next(ln for ln in r.output.splitlines() if ln.startswith("chatcompact "))
    chart = line.split()[1]
    assert len(chart) == 60 and "█" not in chart and "▇" not in chart


@pytest.fixture
def restore_logging():
    """`worker --log-level` sets up the chatcompact logger for its process; in-process runs put it back."""
    import logging

    logger = logging.getLogger("chatcompact")
    handlers, level = list(logger.handlers), logger.level
    yield
    logger.handlers[:] = handlers
    logger.setLevel(level)


def test_worker_log_level_reports_each_job(tmp_path, restore_logging):
    from chatcompact import Memory, Policy

    url = f"sqlite:///{tmp_path / 'w.db'}"
    with Memory.open(url, background="workers", policy=Policy(budget=400)) as mem:
        t = mem.thread("jobs")
        for i in range(40):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i}: " + "words " * 20})
        assert mem.store.pending_jobs() >= 1
    r = run("worker", "--store", url, "--budget", "400", "--max-jobs", "1", "--idle-exit", "1", "--log-level", "info")
    assert r.exit_code == 0, r.output
    assert "INFO chatcompact.worker: compact job for thread jobs done in" in r.stderr
    quiet = run("worker", "--store", url, "--idle-exit", "0.2", "--log-level", "warning")
    assert "chatcompact.worker" not in quiet.stderr


def test_eval_languages_prints_each_language_beside_english() -> None:
    from click.testing import CliRunner

    from chatcompact.cli import main

    result = CliRunner().invoke(main, ["eval", "languages", "--lang", "en,zh", "--embedder", "none"])
    assert result.exit_code == 0, result.output
    head = result.output.splitlines()[0].split()
    assert head == ["metric", "en", "zh"]
    assert "summary" in result.output and "containment" in result.output
    bad = CliRunner().invoke(main, ["eval", "languages", "--lang", "xx", "--embedder", "none"])
    assert bad.exit_code != 0 and "xx" in bad.output and "Traceback" not in bad.output


# ---------------------------------------------------------------- serve, keys, eval data (issue 20 §16)
@pytest.mark.parametrize(
    "args, says",
    [
        (["serve", "--budget", "0"], "--budget"),
        (["serve", "--port", "99999"], "--port"),
        (["serve", "--workers", "0"], "--workers"),
        (["serve", "--max-body", "0"], "--max-body"),
        (["serve", "--header-timeout", "0"], "--header-timeout"),
    ],
)
def test_serve_refuses_a_bad_option_at_start_in_one_line(args, says):
    r = run(*args)
    assert r.exit_code == 2 and says in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_keys_list_prints_a_table_and_the_folder_is_private(tmp_path):
    path = tmp_path / "fresh" / ".chatcompact" / "keys.json"
    assert run("keys", "create", "acme", "--name", "ci", "--keys", str(path)).exit_code == 0
    assert path.parent.stat().st_mode & 0o777 == 0o700 and path.stat().st_mode & 0o777 == 0o600
    r = run("keys", "list", "--keys", str(path))
    assert r.exit_code == 0 and "acme" in r.output and "ci" in r.output


@pytest.mark.parametrize("kind, name", [("locomo", "LoCoMo"), ("dialogsum", "DialogSum"), ("agent", "trajectories")])
def test_eval_without_its_dataset_says_what_is_missing_in_one_line(tmp_path, kind, name):
    r = run("eval", kind, "--data", str(tmp_path / "absent"))
    assert r.exit_code == 2 and name in r.output and "--data PATH" in r.output and "github.com/" in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_inspect_names_a_forget_version_and_usage_does_not_count_it_as_a_compaction(tmp_path):
    from chatcompact import Memory
    from chatcompact.server.rest import usage

    db = str(tmp_path / "d.db")
    assert run("demo", "--budget", "600", "--db", db, "--json").exit_code == 0
    with Memory.open(db, background=False, embedder="none") as mem:
        t = mem.thread("replay")
        before = usage(t.stats(), t.compactions())["compactions"]
        folded = t.compactions()[-1].covered_until
        report = t.forget([2, folded])
        assert list(report.message_ids) == [2, folded] and t.compactions()[-1].trigger == "forget"
        after = usage(t.stats(), t.compactions())
    assert after["compactions"] == before  # a forget folds nothing
    r = run("inspect", db, "replay")
    assert r.exit_code == 0, r.output
    last = [ln for ln in r.output.splitlines() if ln.startswith("v")][-1]
    assert "forget of 2 message(s), summary rebuilt from" in last and "folded messages" not in last
