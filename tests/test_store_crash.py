"""kill -9 a writer mid-stream: every append it acknowledged must still be in the file, exactly."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chatcompact.stores import SQLiteStore

# The child appends one message at a time and prints the seq only after append() returned,
# so every printed seq is a promise that the message is durable.
CHILD = r"""
import sys
from chatcompact.stores import SQLiteStore
from chatcompact.types import parse_message

def text(seq):
    return f"message {seq}: Grüße 🚀 " + "x" * (seq % 37)

store = SQLiteStore(sys.argv[1])
store.ensure_thread("crash", "system")
while True:
    seq = store.thread_info("crash").last_seq + 1
    (stored,) = store.append("crash", [parse_message({"role": "user", "content": text(seq)})], [seq])
    assert stored.seq == seq
    sys.stdout.write(f"{stored.seq}\n")
    sys.stdout.flush()
"""


def expected_text(seq: int) -> str:
    return f"message {seq}: Grüße 🚀 " + "x" * (seq % 37)


def run_and_kill(db: str, rng: random.Random) -> list[int]:
    """Start a writer, SIGKILL it after a random number (>= 20) of acks; return every ack it printed."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, db], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True
    )
    assert child.stdout is not None
    acks: list[int] = []
    target = rng.randint(20, 120)
    try:
        while len(acks) < target:
            line = child.stdout.readline()
            if not line:
                pytest.fail(f"writer exited early: {child.wait()} {child.stderr.read() if child.stderr else ''}")
            acks.append(int(line))
        time.sleep(rng.random() * 0.005)  # land somewhere inside the next append, not always between two
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
        # Lines already in the pipe were acknowledged before the kill; a torn last line was not.
        acks += [int(line) for line in child.stdout.read().splitlines(keepends=True) if line.endswith("\n")]
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        if child.stderr:
            child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    return acks


@pytest.mark.timeout(60)
def test_acknowledged_appends_survive_sigkill(tmp_path: Path) -> None:
    db = str(tmp_path / "crash.db")
    rng = random.Random(int.from_bytes(os.urandom(4), "big"))
    acked: list[int] = []
    for _ in range(3):  # each round resumes on the file the previous kill left behind
        acks = run_and_kill(db, rng)
        assert acks == list(range(len(acked) + 1, len(acked) + 1 + len(acks)))
        acked += acks
        with SQLiteStore(db) as store:
            log = store.messages("crash")
            # The store may hold one more message than was acked (killed after commit, before print), never less.
            assert len(log) in (len(acked), len(acked) + 1)
            assert [m.seq for m in log] == list(range(1, len(log) + 1))
            for m in log:
                assert m.text == expected_text(m.seq or 0)
                assert m.role == "user"
            assert store.message_tokens("crash") == [m.seq for m in log]
            assert store.search_text("crash", "Grüße", k=1)
        with sqlite3.connect(db) as raw:  # the file and the FTS index both came back consistent
            assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            raw.execute("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')")
        # Next round's child numbers from the store's head, so drop an unacked tail from our bookkeeping.
        acked = list(range(1, len(log) + 1))


def test_a_kept_lease_outlives_its_duration(tmp_path: Path) -> None:
    from chatcompact.runtime.leases import keep_lease

    store = SQLiteStore(str(tmp_path / "l.db"))
    store.ensure_thread("t", None)
    store.enqueue_job("t", "compact")
    lease = store.claim_job(["compact"], 0.6)
    assert lease is not None
    with keep_lease(store, lease, 0.6) as keeper:
        time.sleep(1.5)  # a long summarizer call: 2.5 lease lengths
        assert store.claim_job(["compact"], 1.0) is None  # nobody else could take it
    assert not keeper.lost and store.finish_job(lease)
    store.close()
