"""Keep a thread in step with a framework's own message list, storing each message once.

Frameworks hand an adapter their whole conversation on every model call (LangGraph state, Pydantic AI's
history), or only the new input when nothing persists it. :class:`Mirror` works out which of the
messages the thread does not hold yet: first by remembering how far it synced the last list it saw
(one key compare per call), otherwise by lining the list up with the thread's latest stored messages.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..runtime.memory import Thread
from ..types import Message

#: How many of the thread's latest messages a cold list is lined up against.
WINDOW = 64


def message_key(msg: Mapping[str, Any]) -> str:
    """A canonical text for an OpenAI-format message: equal keys mean the same message."""
    out: dict[str, Any] = {"role": msg.get("role"), "content": msg.get("content")}
    for field in ("name", "tool_call_id"):
        if msg.get(field) is not None:
            out[field] = msg[field]
    calls = msg.get("tool_calls") or ()
    if calls:
        out["tool_calls"] = [
            [c["id"], c["function"]["name"], _canonical_args(c["function"].get("arguments", "{}"))] for c in calls
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


class Mirror:
    """Which messages of a framework's list one thread already holds (thread-safe)."""

    def __init__(self, thread: Thread, window: int = WINDOW) -> None:
        self.thread = thread
        self._lock = threading.Lock()
        self._tail: deque[str] | None = None  # keys of the thread's latest stored messages
        self._seen: tuple[int, str, str] | None = None  # (length, first key, last key) of the list last synced
        self._last_seq = 0

    def _stored_tail(self) -> deque[str]:
        if self._tail is None:  # once per thread and process: what is already stored
            last = self._last_seq = self.thread.stats()["messages"]
            recent = self.thread.history(after=max(0, last - WINDOW))
            self._tail = deque((message_key(m.to_openai()) for m in recent), maxlen=WINDOW)
        return self._tail

    def sync(self, messages: Sequence[Any], convert: Callable[[Any], dict[str, Any]]) -> list[Message]:
        """Store the messages of ``messages`` (framework objects, ``convert`` turns one into an OpenAI dict)
        that the thread does not hold yet; returns what was stored."""
        with self._lock:
            start = self._known_prefix(messages, convert)
            if start is None:
                dicts = [convert(m) for m in messages]
                keys = [message_key(d) for d in dicts]
                start = overlap(keys, list(self._stored_tail()))
                fresh = dicts[start:]
            else:
                fresh = [convert(m) for m in messages[start:]]
            stored = self._store(fresh)
            if messages:
                self._seen = (len(messages), message_key(convert(messages[0])), message_key(convert(messages[-1])))
            return stored

    def record(self, messages: Sequence[Any], convert: Callable[[Any], dict[str, Any]], after: Sequence[Any]) -> None:
        """Store ``messages`` (the model's reply) that will follow ``after`` (the list just synced)."""
        with self._lock:
            dicts = [convert(m) for m in messages]
            self._store(dicts)
            if dicts:
                first = message_key(convert(after[0])) if after else message_key(dicts[0])
                self._seen = (len(after) + len(dicts), first, message_key(dicts[-1]))

    def assume_known(self, dicts: Sequence[dict[str, Any]]) -> None:
        """The framework's next list will start with ``dicts`` (a view this adapter handed it), all stored."""
        with self._lock:
            self._seen = (len(dicts), message_key(dicts[0]), message_key(dicts[-1])) if dicts else None

    def _known_prefix(self, messages: Sequence[Any], convert: Callable[[Any], dict[str, Any]]) -> int | None:
        seen = self._seen
        if seen is None or len(messages) < seen[0] or not messages:
            return None
        n, first, last = seen
        if message_key(convert(messages[0])) != first or message_key(convert(messages[n - 1])) != last:
            return None
        return n

    def _store(self, dicts: list[dict[str, Any]]) -> list[Message]:
        if not dicts:
            return []
        tail = self._stored_tail()
        stored = self.thread.add_many(dicts)
        if stored[0].seq != self._last_seq + 1:  # another writer added messages in between: reload the tail
            self._tail = None
        else:
            tail.extend(message_key(m.to_openai()) for m in stored)
        self._last_seq = stored[-1].seq or 0
        return stored
