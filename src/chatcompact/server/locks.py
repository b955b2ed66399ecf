"""One conversation's requests run one at a time, in this process and across every ``serve`` process on the store.

A proxied request holds its thread from "store what is new" until the reply is stored, so the conversation's
next request (or a retry) sees the reply and stores nothing twice. In one process an ``asyncio.Lock`` per
thread does it; ``serve --workers N`` and N ``serve`` processes on one Postgres database need a lock the other
processes see too:

* a SQLite (file) store: a POSIX record lock on one byte of ``<store>.locks``, the byte chosen by the thread's
  hash (2**31 of them, so two threads rarely share one; sharing only makes them wait for each other);
* a Postgres store: a session advisory lock (``pg_try_advisory_lock``) on one connection of this process.

Both are polled (no thread blocks; the event loop sleeps between tries, 1 ms growing to 20 ms). A process
that dies releases its locks with it (the kernel drops record locks, Postgres ends the session).
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import hashlib
import logging
import os
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

log = logging.getLogger("chatcompact.server")

__all__ = ["FileLocks", "Hold", "PostgresLocks", "SharedLocks", "ThreadLocks", "lock_key"]

_SLOTS = 2**31 - 1


def lock_key(name: str) -> int:
    """A stable 31-bit key for a stored thread id (the same in every process)."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big") % _SLOTS


class SharedLocks(Protocol):
    """A lock between processes: ``try_lock`` never blocks."""

    async def try_lock(self, key: int) -> bool: ...

    async def unlock(self, key: int) -> None: ...

    async def close(self) -> None: ...


class FileLocks:
    """Record locks on ``path`` (one byte per key): for every process using the same SQLite file."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._fd: int | None = None

    def _file(self) -> int:
        if self._fd is None:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        return self._fd

    async def try_lock(self, key: int) -> bool:
        try:
            fcntl.lockf(self._file(), fcntl.LOCK_EX | fcntl.LOCK_NB, 1, key)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EAGAIN):
                return False
            raise
        return True

    async def unlock(self, key: int) -> None:
        fcntl.lockf(self._file(), fcntl.LOCK_UN, 1, key)

    async def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing drops every record lock this process holds on the file
            self._fd = None


class PostgresLocks:
    """Session advisory locks on one connection of this process (opened on first use)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._conn: Any = None
        self._opening = asyncio.Lock()

    async def _connection(self) -> Any:
        async with self._opening:
            if self._conn is None or self._conn.closed:
                import psycopg

                self._conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        return self._conn

    async def try_lock(self, key: int) -> bool:
        conn = await self._connection()
        row = await (await conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (_NAMESPACE, key))).fetchone()
        return bool(row and row[0])

    async def unlock(self, key: int) -> None:
        conn = await self._connection()
        await conn.execute("SELECT pg_advisory_unlock(%s, %s)", (_NAMESPACE, key))

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None


_NAMESPACE = 7_243_017  # first key of the two-int advisory lock: chatcompact serve's thread locks


class Hold:
    """A request's hold on its thread; ``release`` (once) lets the next request of the conversation in."""

    def __init__(self, release: Callable[[], Awaitable[None]]) -> None:
        self._release: Callable[[], Awaitable[None]] | None = release

    async def release(self) -> None:
        release, self._release = self._release, None
        if release is not None:
            await release()


class ThreadLocks:
    """Per-thread locks: an asyncio lock in this process, then (if given) the shared lock of other processes.

    Several threads of this process may share one shared key (a hash collision): a count per key takes the
    shared lock once and gives it back when the last of them is done.
    """

    def __init__(self, shared: SharedLocks | None = None) -> None:
        self.shared = shared
        self._local: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._held: dict[int, int] = {}  # shared key -> holders in this process
        self._taking: dict[int, tuple[asyncio.Lock, int]] = {}  # gate, coroutines using it

    def local(self, name: str) -> asyncio.Lock:
        lock = self._local.get(name)
        if lock is None:
            lock = self._local[name] = asyncio.Lock()
        return lock

    async def acquire(self, name: str) -> Hold:
        """Wait for the thread ``name`` (cancellation-safe: nothing stays held if the wait is cancelled)."""
        local = self.local(name)
        await local.acquire()
        if self.shared is None:
            return Hold(_release_local(local))
        key = lock_key(name)
        try:
            await self._take_shared(key)
        except BaseException:
            local.release()
            raise

        async def release() -> None:
            try:
                await self._give_shared(key)
            finally:
                local.release()

        return Hold(release)

    async def _take_shared(self, key: int) -> None:
        assert self.shared is not None
        gate = self._gate(key)
        try:
            async with gate:  # one coroutine of this process polls for a key at a time
                if self._held.get(key, 0) == 0:
                    delay = 0.001
                    while not await self.shared.try_lock(key):
                        await asyncio.sleep(delay)
                        delay = min(delay * 2, 0.02)
                self._held[key] = self._held.get(key, 0) + 1
        except BaseException:
            self._leave(key)
            raise

    async def _give_shared(self, key: int) -> None:
        assert self.shared is not None
        try:
            async with self._gate(key):
                left = self._held.get(key, 1) - 1
                if left > 0:
                    self._held[key] = left
                    return
                self._held.pop(key, None)
                try:
                    await self.shared.unlock(key)
                except Exception:  # a lost connection already dropped the lock with its session
                    log.warning("could not release the shared lock of a thread", exc_info=True)
        finally:
            self._leave(key)
            self._leave(key)  # the hold taken in _take_shared, and this release's own entry

    def _gate(self, key: int) -> asyncio.Lock:
        """The key's gate, counted: it lives while a coroutine of this process takes, holds or gives the key."""
        gate, users = self._taking.get(key, (None, 0))
        if gate is None:
            gate = asyncio.Lock()
        self._taking[key] = (gate, users + 1)
        return gate

    def _leave(self, key: int) -> None:
        gate, users = self._taking[key]
        if users <= 1:
            del self._taking[key]
        else:
            self._taking[key] = (gate, users - 1)

    async def close(self) -> None:
        if self.shared is not None:
            await self.shared.close()


def _release_local(lock: asyncio.Lock) -> Callable[[], Awaitable[None]]:
    async def release() -> None:
        lock.release()

    return release
