"""The CLI adapters: each command end to end through click, JSON output parsed and checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from chatcompact.cli import main

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
    assert d["messages"][-4:] == convo[-4:] and d["ratio"]["messages_after"] == 5
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
