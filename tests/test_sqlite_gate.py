"""The SQLite store's write gate (``stores._sqlite_gate``): writers of one file queue on it across store objects
and processes, a writer held too long gets a clear error, a forked child holds a lock of its own."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from chatcompact.errors import StoreError
from chatcompact.stores.sqlite import SQLiteStore
from chatcompact.types import parse_message

fcntl = pytest.importorskip("fcntl")


def _msg(text: str) -> list:
    return [parse_message({"role": "user", "content": text})]


def test_a_second_store_on_the_file_waits_at_the_gate_and_writes_once_it_opens(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    with SQLiteStore(path) as a, SQLiteStore(path) as b:
        a.ensure_thread("t", None)
        assert (tmp_path / "g.db-gate").exists()
        done = threading.Event()

        def append() -> None:
            b.append("t", _msg("from b"), [2])
            done.set()

        with a._write():  # a write transaction of a: holds the gate (and SQLite's write lock)
            writer = threading.Thread(target=append)
            writer.start()
            time.sleep(0.3)
            assert not done.is_set()  # b queued at the gate, not inside SQLite's busy handler
            with pytest.raises(BlockingIOError):  # the gate is held: no third descriptor can take it
                fd = os.open(path + "-gate", os.O_RDWR)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                finally:
                    os.close(fd)
        writer.join(10)
        assert done.is_set()
        assert [m.text for m in a.messages("t", 0, 10)] == ["from b"]


def test_a_gate_held_past_the_timeout_is_a_store_error_and_the_next_write_lands(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    with SQLiteStore(path) as a, SQLiteStore(path) as b:
        a.ensure_thread("t", None)
        b._gate.timeout = 0.2
        fd = os.open(path + "-gate", os.O_RDWR)  # another process's writer, stuck inside its write
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            with pytest.raises(StoreError, match="write gate"):
                b.append("t", _msg("blocked"), [2])
        finally:
            os.close(fd)
        b.append("t", _msg("after"), [1])
        assert [m.text for m in a.messages("t", 0, 10)] == ["after"]


def test_a_store_whose_gate_file_cannot_be_made_still_writes(tmp_path: Path) -> None:
    (tmp_path / "g.db-gate").mkdir()  # the gate's name taken by a folder: open() fails
    with SQLiteStore(str(tmp_path / "g.db")) as s:
        assert s._gate._fd is None
        s.ensure_thread("t", None)
        s.append("t", _msg("hello"), [1])
        assert [m.text for m in s.messages("t", 0, 10)] == ["hello"]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_gets_a_gate_descriptor_of_its_own(tmp_path: Path) -> None:
    """An inherited descriptor shares its open file with the parent, so the child's flock would succeed while the
    parent holds the gate; the at-fork hook opens the child its own, which the parent's lock excludes."""
    path = str(tmp_path / "g.db")
    with SQLiteStore(path) as s, s._gate:
        pid = os.fork()
        if pid == 0:  # the child: try its gate's descriptor without waiting
            code = 3
            try:
                fd = s._gate._fd
                assert fd is not None
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                code = 1  # it took the lock the parent holds: shared, not its own
            except BlockingIOError:
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
