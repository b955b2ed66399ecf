"""What the proxy keeps per thread between requests (:class:`Tails`) and what a route asks of a turn (:class:`Ask`).

Apart from :mod:`chatcompact.server.turn` so that the service, which owns one ``Tails``, does not import the
turn, which holds the service."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..runtime.forget import TOMBSTONE_TEXT
from . import wire

if TYPE_CHECKING:
    from ..runtime.memory import Thread
    from ..types import Message

__all__ = ["Ask", "Tails"]


@dataclass(frozen=True)
class Ask:
    """The context a route wants once the new messages are stored (assembled in the same worker-thread call)."""

    budget: int
    tools: Any = None
    format: str = "openai"


class Tails:
    """Per thread: the last stored seq and the hashes of the last stored messages (what a request is diffed
    against). A cache of this process; another process's appends are folded in by one read per request."""

    def __init__(self, size: int = 100_000) -> None:
        self._tails: OrderedDict[str, tuple[int, list[str]]] = OrderedDict()  # least recently used first
        self._size = size

    def drop(self, sid: str) -> None:
        self._tails.pop(sid, None)

    def _keep(self, sid: str, value: tuple[int, list[str]]) -> None:
        self._tails[sid] = value
        self._tails.move_to_end(sid)
        while len(self._tails) > self._size:  # a thread dropped here is read back from the store when it returns
            self._tails.popitem(last=False)

    def store_new(self, t: Thread, store: Any, sid: str, messages: Sequence[Any], replay_ttl: float) -> Message | None:
        """Append what ``messages`` holds that the thread does not (sync: runs in a worker thread). Returns the
        stored reply when the request is one already answered less than ``replay_ttl`` seconds ago (a retry that
        reached this process, not the one that answered it, or came after a restart): nothing is stored then."""
        cached = self._tails.get(sid)
        if cached is None:
            last = store.thread_info(sid).last_seq
            recent = t.history(max(0, last - wire.TAIL_WINDOW)) if last else []
            cached = (last, [_entry(m) for m in recent])
        elif store.thread_info(sid).last_seq != cached[0]:  # another process (or a REST write) appended meanwhile
            newer = t.history(cached[0])
            if newer:
                cached = (newer[-1].seq or cached[0], cached[1] + [_entry(m) for m in newer])
        diff = wire.Diff(cached[1], messages)
        if replay_ttl and diff.answered():
            last_message = t.history(max(0, cached[0] - 1))[-1:]
            if last_message and time.time() - (last_message[0].created_at or 0) < replay_ttl:
                self._keep(sid, (cached[0], cached[1][-wire.TAIL_WINDOW :]))
                return last_message[0]
        fresh = diff.fresh()
        if fresh:
            stored = t.add_many(fresh)
            cached = (stored[-1].seq or cached[0], cached[1] + [wire.tail_entry(m) for m in fresh])
        self._keep(sid, (cached[0], cached[1][-wire.TAIL_WINDOW :]))
        return None

    def stored(self, sid: str, seq: int, message: dict[str, Any]) -> None:
        """A reply was appended as ``seq``."""
        count, tail = self._tails.get(sid, (0, []))
        if seq == count + 1:
            self._keep(sid, (seq, [*tail, wire.tail_entry(message)][-wire.TAIL_WINDOW :]))
        else:  # someone else appended in between: start over from the store next time
            self._tails.pop(sid, None)


def _entry(message: Message) -> str:
    """A stored message's tail entry: ``role:hash``, or the forgotten marker of its role."""
    calls = message.tool_calls
    tool_turn = message.role == "assistant" and bool(calls) and not message.text  # forget keeps the call ids
    if message.text == TOMBSTONE_TEXT or (tool_turn and all(tc.arguments == "{}" for tc in calls)):
        return wire.FORGOTTEN + message.role
    return wire.tail_entry(wire.canonical(message.to_openai()))
