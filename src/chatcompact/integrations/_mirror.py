"""Keep a thread in step with a framework's own message list, storing each message once.

Frameworks hand an adapter their whole conversation on every model call (LangGraph state, Pydantic AI's
history, the Agents SDK's run input), or only the new part. :class:`Mirror` works out which of the
elements the thread does not hold yet: first by remembering how far it synced the last list it saw
(two key compares per call, and only the new elements are converted), otherwise (a list it has not seen:
a restarted process, another writer) by lining the converted list up with the thread's latest stored
messages. :class:`Mirrors` holds one Mirror per thread id for an adapter (the per-thread cache every
adapter needs: the thread, its system prompt, its mirror).
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..runtime.forget import TOMBSTONE_TEXT
from ..runtime.memory import Memory, Thread
from ..types import Message

#: How many of the thread's latest messages a cold list is lined up against.
WINDOW = 64

Convert = Callable[[Sequence[Any]], list[dict[str, Any]]]


_LONG = 2048  # strings longer than this are keyed by their length and hash, not their text


def short(value: Any) -> Any:
    """``value`` with every long string replaced by its length and hash: a key that costs no copy of a megabyte
    tool output (the hash is per process: keys never leave it)."""
    if isinstance(value, str):
        return value if len(value) <= _LONG else f"\x00{len(value)}:{hash(value)}"
    if isinstance(value, Mapping):
        return {k: short(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [short(v) for v in value]
    return value


def message_key(msg: Mapping[str, Any]) -> str:
    """A canonical text for an OpenAI-format message (``meta`` aside): equal keys mean the same message.

    A message whose ``meta`` names a framework identity (``meta["key"]``, e.g. a LangChain message id) is
    keyed by it: the framework may show a stored message shortened (a digest) and it is still the same one."""
    meta = msg.get("meta")
    if isinstance(meta, Mapping) and isinstance(meta.get("key"), str):
        return "key:" + str(meta["key"])
    out: dict[str, Any] = {"role": msg.get("role"), "content": short(msg.get("content"))}
    for field in ("name", "tool_call_id"):
        if msg.get(field) is not None:
            out[field] = msg[field]
    calls = msg.get("tool_calls") or ()
    if calls:
        out["tool_calls"] = [
            [c["id"], c["function"]["name"], short(_canonical_args(c["function"].get("arguments", "{}")))]
            for c in calls
        ]
    return json.dumps(out, sort_keys=True, ensure_ascii=False, default=str)


def _canonical_args(args: Any) -> Any:
    if isinstance(args, str):
        try:
            return json.loads(args)
        except ValueError:
            return args
    return args


def overlap(keys: Sequence[str], stored: Sequence[str]) -> int:
    """How many leading ``keys`` the thread already holds: the largest ``i`` whose ``keys[:i]`` ends
    with the thread's latest messages (all of them, or all ``i`` when fewer); 0 when none line up."""
    if not stored:
        return 0
    last = stored[-1]
    for i in range(len(keys), 0, -1):
        if keys[i - 1] != last:
            continue
        m = min(i, len(stored))
        if list(keys[i - m : i]) == list(stored[len(stored) - m :]):
            return i
    return 0


def forgotten(message: Message) -> bool:
    """A tombstone left by ``Thread.forget`` (an adapter's pop or clear): adapters show it nowhere."""
    return bool(message.meta.get("forgotten"))


def close_calls(thread: Thread) -> list[dict[str, Any]]:
    """Tombstone results for the calls a forgotten message left unanswered at the end of the log, so the log
    can take the next message (a forgotten call keeps its id: a provider needs its result)."""
    last = thread.stats()["messages"]
    answered: set[str] = set()
    for m in reversed(thread.history(after=max(0, last - 64))):
        if m.role == "tool" and m.tool_call_id:
            answered.add(m.tool_call_id)
        elif m.role == "assistant" and m.tool_calls:
            return [
                {"role": "tool", "tool_call_id": c.id, "content": TOMBSTONE_TEXT, "meta": {"forgotten": True}}
                for c in m.tool_calls
                if c.id not in answered
            ]
        else:
            return []
    return []


class Mirror:
    """Which elements of a framework's list one thread already holds (thread-safe).

    ``key`` gives a cheap identity of one framework element (its id, or its converted message's key);
    ``convert`` (per call) turns a run of elements into OpenAI dicts, ``meta`` included."""

    def __init__(self, thread: Thread, key: Callable[[Any], str], window: int = WINDOW) -> None:
        self.thread = thread
        self.key = key
        self._lock = threading.RLock()
        self._window = window
        self._tail: deque[str] | None = None  # keys of the thread's latest stored messages
        self._seen: tuple[int, str, str] | None = None  # (length, first key, last key) of the list last synced
        self._last_seq = 0

    @property
    def lock(self) -> threading.RLock:
        """Held while syncing; an adapter holds it to make a sync and its own bookkeeping one step."""
        return self._lock

    def _stored_tail(self) -> deque[str]:
        if self._tail is None:  # once per thread and process (and after another writer): what is stored
            last = self._last_seq = self.thread.stats()["messages"]
            recent = self.thread.history(after=max(0, last - self._window))
            self._tail = deque((message_key(m.to_stored()) for m in recent), maxlen=self._window)
        return self._tail

    def sync(self, elements: Sequence[Any], convert: Convert) -> list[Message]:
        """Store the elements of ``elements`` the thread does not hold yet; returns what was stored."""
        with self._lock:
            start = self.known_prefix(elements)
            if start is None:
                dicts = convert(elements)
                fresh = dicts[overlap([message_key(d) for d in dicts], list(self._stored_tail())) :]
            else:
                fresh = convert(elements[start:])
            stored = self.store(fresh)
            self.assume_known(elements)
            return stored

    def record(self, elements: Sequence[Any], convert: Convert, after: Sequence[Any]) -> list[Message]:
        """Store ``elements`` (e.g. the model's reply) that follow ``after`` (the list just synced)."""
        with self._lock:
            stored = self.store(convert(elements))
            self.extend_known(after, elements)
            return stored

    def assume_known(self, elements: Sequence[Any]) -> None:
        """The framework's next list starts with ``elements`` (synced, or a view this adapter handed it)."""
        with self._lock:
            self._seen = (len(elements), self.key(elements[0]), self.key(elements[-1])) if elements else None

    def extend_known(self, before: Sequence[Any], elements: Sequence[Any]) -> None:
        """The framework's next list starts with ``before`` followed by ``elements``, all stored."""
        with self._lock:
            if not elements:
                return
            first = self.key(before[0]) if before else self.key(elements[0])
            self._seen = (len(before) + len(elements), first, self.key(elements[-1]))

    def advance(self, elements: Sequence[Any]) -> None:
        """``elements`` (just stored by another path, e.g. a session's save) follow the list last synced."""
        with self._lock:
            if self._seen is not None and elements:
                n, first, _ = self._seen
                self._seen = (n + len(elements), first, self.key(elements[-1]))

    def known_prefix(self, elements: Sequence[Any]) -> int | None:
        """How many leading ``elements`` were synced already (the last list seen is their prefix), else None."""
        seen = self._seen
        if seen is None or len(elements) < seen[0] or not elements:
            return None
        n, first, last = seen
        if self.key(elements[0]) != first or self.key(elements[n - 1]) != last:
            return None
        return n

    def lacking(self, dicts: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Of ``dicts`` (a run of messages an adapter is given), those past what the thread's tail holds."""
        with self._lock:
            return list(dicts[overlap([message_key(d) for d in dicts], list(self._stored_tail())) :])

    def store(self, dicts: Sequence[dict[str, Any]]) -> list[Message]:
        """Append ``dicts`` to the thread (all or nothing) and to the mirror's picture of its tail."""
        if not dicts:
            return []
        with self._lock:
            tail = self._stored_tail()
            stored = self.thread.add_many(dicts)
            if stored[0].seq != self._last_seq + 1:  # another writer added messages in between: reload the tail
                self._tail = None
            else:
                tail.extend(message_key(m.to_stored()) for m in stored)
            self._last_seq = stored[-1].seq or 0
            return stored

    def reset(self) -> None:
        """Forget what was synced (after the thread's log changed under us: a forget, a pop)."""
        with self._lock:
            self._tail = None
            self._seen = None
            self._last_seq = 0


class Mirrors:
    """An adapter's threads: one :class:`Mirror` per thread id, the thread opened once with its budget and
    reopened only when the framework's system prompt changes (so no store write per model call)."""

    def __init__(self, memory: Memory, budget: int | None, key: Callable[[Any], str]) -> None:
        self.memory = memory
        self.budget = budget
        self.key = key
        self._lock = threading.Lock()
        self._mirrors: dict[str, Mirror] = {}
        self._systems: dict[str, str | None] = {}

    def get(self, thread_id: str, system: str | None = None) -> Mirror:
        """The mirror of ``thread_id``; ``system`` (when given and changed) becomes the thread's system prompt."""
        with self._lock:
            mirror = self._mirrors.get(thread_id)
            if mirror is None or (system is not None and self._systems.get(thread_id) != system):
                thread = self.memory.thread(thread_id, system=system, budget=self.budget)
                self._systems[thread_id] = system if system is not None else self._systems.get(thread_id)
                if mirror is None:
                    mirror = self._mirrors[thread_id] = Mirror(thread, self.key)
            return mirror

    def thread(self, thread_id: str, system: str | None = None) -> Thread:
        """The thread of ``thread_id`` (see :meth:`get`)."""
        return self.get(thread_id, system).thread
