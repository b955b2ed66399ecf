"""The crash harness (benchmarks/crash.py) in small: SIGKILL writers mid-operation, nothing acknowledged is lost.

The full run (>= 1,000 kills over both stores) is ``python benchmarks/crash.py``; here a few kills per operation,
and the harness's checks shown to catch what they are meant to catch.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import crash
import forget_race

pytestmark = pytest.mark.timeout(180)


def msg(seq: int, text: str | None = None) -> SimpleNamespace:
    return SimpleNamespace(seq=seq, text=crash.text_of(seq) if text is None else text)


def ver(n: int, parent: int | None, span: tuple[int, int], trigger: str = "auto", **meta: int) -> SimpleNamespace:
    return SimpleNamespace(
        version=n, parent=parent, covered_from=span[0], covered_until=span[1], trigger=trigger, meta=meta
    )


def test_checks_catch_lost_messages_and_versions() -> None:
    acks = [["m", "1"], ["m", "2"], ["m", "3"], ["v", "1", "2", "auto"]]
    ok = crash.Verdict()
    crash.check_messages([msg(1), msg(2), msg(3), msg(4)], acks, ok)  # one unacked extra is fine
    crash.check_versions([ver(1, None, (1, 2))], acks, 4, ok)
    assert not ok.lost and not ok.breaks
    bad = crash.Verdict()
    crash.check_messages([msg(1), msg(2, "other text")], acks, bad)
    crash.check_versions([], acks, 2, bad)
    assert bad.lost == {("m", 2), ("m", 3), ("v", 1)}


def test_checks_catch_lineage_breaks() -> None:
    good = [ver(1, None, (1, 4)), ver(2, 1, (5, 9)), ver(3, 2, (1, 4), "revert", reverted_to=1), ver(4, 3, (5, 7))]
    v = crash.Verdict()
    crash.check_versions(good, [], 9, v)
    assert not v.breaks
    broken = [ver(1, None, (1, 4)), ver(2, None, (5, 9)), ver(3, 2, (7, 9)), ver(4, 3, (1, 9), "revert", reverted_to=1)]
    crash.check_versions(broken, [], 9, v)
    assert v.breaks == {("v", 2), ("v", 3), ("v", 4)}  # wrong parent; a gap in coverage; not the target's span
    nodes = [
        SimpleNamespace(id="a", level=0, basis=1, children=(), seq_from=1, seq_until=4),
        SimpleNamespace(id="r", level=1, basis=0, children=("a", "gone"), seq_from=1, seq_until=9),
        SimpleNamespace(id="b", level=0, basis=7, children=(), seq_from=5, seq_until=9),
    ]
    crash.check_nodes(nodes, good, v)
    assert ("n", "r") in v.breaks and ("n", "b") in v.breaks and ("n", "a") not in v.breaks
    order = crash.Verdict()
    crash.check_messages([msg(1), msg(3)], [], order)
    assert order.breaks == {("order",)}


def test_torn_side_file_line_is_not_an_ack(tmp_path: Path) -> None:
    side = tmp_path / "s"
    side.write_text("m 1\nm 2\nm 3")  # killed while writing the third line
    assert crash.read_side(str(side)) == [["m", "1"], ["m", "2"]]


def assert_clean(cells: dict) -> None:
    table = crash.table(cells, 0.0)
    ran = [c for c in cells.values() if c.trials]
    assert ran, table
    for c in ran:
        assert (c.lost, c.corrupted, c.breaks, c.child_errors) == (0, 0, 0, 0), table
    assert sum(c.acked for c in ran) > 0, table  # the children did get work acknowledged before the kills


def test_sigkill_trials_on_sqlite_lose_nothing() -> None:
    ops = "add,add_many,compact,revert,rollup,migrate,forget"
    opts = crash.parse(["--trials", "14", "--stores", "sqlite", "--ops", ops, "--chain", "2"])
    cells = crash.run(opts)
    shown = crash.table(cells, 0.0) + "\n" + "\n".join(forget_race.lines(opts.race_result))
    assert_clean(cells)
    assert sum(c.trials for c in cells.values()) >= 12, shown
    assert cells[("sqlite", "compact")].work > 0, shown  # compactions did commit between the kills
    races = opts.race_result["sqlite"]  # a forget racing a compaction held in another process
    assert races["trials"] == 3 and races["still_quoted"] == 0, shown
    assert set(races) <= {"trials", "still_quoted", "committed", "conflict", "nothing"}, shown  # none crashed


def test_sigkill_trials_on_postgres_lose_nothing(pg_server: str) -> None:
    opts = crash.parse(["--trials", "3", "--stores", "postgres", "--ops", "add_many,compact,migrate", "--chain", "1"])
    opts.pg_url = pg_server
    assert_clean(crash.run(opts))
