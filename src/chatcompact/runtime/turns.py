"""What the model saw at a past turn: the pieces ``Thread.context_at`` uses.

Reconstructing turn N takes the same assembly as a live ``context()``, over the state of then: the summary
version current when message N was stored (``version_at``), the messages after its coverage up to N,
and the latest user message at or before N as the query (``latest_user``). Pure: no store, no clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.assemble import Assembled, ContextInput, Line, ViewCache
from ..types import Message, SummaryVersion

__all__ = ["TurnContext", "could_be_current", "latest_user", "turn_input", "version_at"]


@dataclass(frozen=True)
class TurnContext:
    """The request assembled right after message ``seq`` was stored, rebuilt with today's code.

    ``version`` is the summary version current then (None: nothing was folded yet), ``query`` the recall query
    (the latest user message at or before ``seq``), ``assembled`` the request itself (its ``lines`` are the
    data-block lines it holds, its ``hidden`` the unsummarised messages it elided), ``tail`` the unsummarised
    messages it was assembled from, as stored (to compare with what the window showed). ``imported`` is True when
    message ``seq`` is dated before its thread was created (a history imported with its own dates): the
    version is then chosen by coverage alone, since no commit order relates it to that message.
    """

    seq: int
    version: SummaryVersion | None
    query: str | None
    assembled: Assembled
    tail: tuple[Message, ...] = ()
    imported: bool = False


def could_be_current(v: SummaryVersion, message: Message, thread_created: float) -> bool:
    """Whether ``v`` existed when ``message`` was stored and folds nothing from it on (see ``version_at``)."""
    if v.covered_until >= (message.seq or 0):
        return False
    when = message.created_at or 0.0
    return when < thread_created or v.created_at <= when


def version_at(versions: Sequence[SummaryVersion], message: Message, thread_created: float) -> SummaryVersion | None:
    """The summary version current when ``message`` was stored: the newest of ``versions`` (in commit order) that
    ``could_be_current``.

    A live message: the newest version committed at or before its time (a revert included: it was the head then)
    whose coverage ends before it. A message dated before its thread was created (imported): the newest version
    whose coverage ends before it.
    """
    return next((v for v in reversed(versions) if could_be_current(v, message, thread_created)), None)


def latest_user(messages: Sequence[Message]) -> Message | None:
    """The last user message of ``messages`` that has text (the proxy's recall query is that text)."""
    for m in reversed(messages):
        if m.role == "user" and m.text.strip():
            return m
    return None


def turn_input(
    system: str | None,
    tail: Sequence[Message],
    tail_tokens: Sequence[int],
    lines: Sequence[Line],
    covered_until: int,
    quotes: Sequence[Line] = (),
    spare: Sequence[Line] = (),
    views: ViewCache | None = None,
) -> ContextInput:
    """The assembler's input. Recalled quotes of messages the tail holds stay in: the assembler leaves out those
    its window shows, and keeps those of older tail messages the window has no room for (``core.assemble``)."""
    return ContextInput(
        system,
        tail,
        tail_tokens,
        lines,
        covered_until,
        list(quotes),
        list(spare),
        views,
    )
