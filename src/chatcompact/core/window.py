"""Where a conversation may be cut, and the recent window. Pure: messages and token counts in.

Every rule about cutting lives here (rule 5 of the design):

* An assistant message with ``tool_calls`` and the tool results answering it form one atomic
  *group*; a cut never falls inside a group, parallel calls included. Because :func:`advance`
  only lets a tool result directly follow its call (or a sibling result), "before any non-tool
  message" is exactly the set of safe cut points.
* The latest user message is never folded. A cut may pass it (an agent's long tool loop after one request
  must be compactable): the messages before the cut fold, the latest user message stays in the recent
  window, verbatim, ahead of what the cut keeps (:func:`core.plan.plan_compaction` takes it out of the span).
  An agent loop is *at work* on it once ``AGENT_GROUPS`` tool-call groups follow it (:func:`agent_at_work`:
  its request is assembled lean, ``core.assemble``).
* Cuts prefer turn boundaries (just before a user message), so the kept window starts with
  the user's words rather than half an exchange.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InvalidSequence
from ..types import Message

AGENT_GROUPS = 2  # tool-call groups after the latest user message that make it an agent's task


def advance(pending: frozenset[str], message: Message) -> frozenset[str]:
    """Tool calls still awaiting results after ``message``, given those pending before it.

    Raises InvalidSequence when ``message`` cannot follow: a tool result that answers no pending
    call, or any other message while calls are still unanswered (providers reject both).
    """
    if message.role == "tool":
        if message.tool_call_id not in pending:
            raise InvalidSequence(
                f"tool result for {message.tool_call_id!r} does not directly follow an assistant message "
                f"that called it (pending calls: {sorted(pending) or 'none'})"
            )
        return pending - {message.tool_call_id}
    if pending:
        raise InvalidSequence(
            f"a {message.role} message cannot follow unanswered tool calls {sorted(pending)}; "
            "add their tool results first"
        )
    return frozenset(tc.id for tc in message.tool_calls)


def check_sequence(messages: Sequence[Message], pending: frozenset[str] = frozenset()) -> frozenset[str]:
    """Validate a whole sequence with :func:`advance`; returns the calls still pending at its end."""
    for m in messages:
        pending = advance(pending, m)
    return pending


def groups(messages: Sequence[Message]) -> list[tuple[int, int]]:
    """Atomic units as ``[start, end)`` index ranges: a tool-calling message with its results, or one message."""
    out: list[tuple[int, int]] = []
    for i, m in enumerate(messages):
        if m.role == "tool" and out:
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


def last_user_index(messages: Sequence[Message]) -> int | None:
    for i in range(len(messages) - 1, -1, -1):
        if messages[i].role == "user":
            return i
    return None


def agent_at_work(messages: Sequence[Message]) -> bool:
    """An agent loop is working on the latest user message: at least ``AGENT_GROUPS`` tool-call groups follow it,
    or the messages hold tool calls and no user message (the request was folded into the work log)."""
    lu = last_user_index(messages)
    calls = sum(1 for m in messages[(lu + 1 if lu is not None else 0) :] if m.tool_calls)
    return calls >= (AGENT_GROUPS if lu is not None else 1)


def choose_cut(
    messages: Sequence[Message],
    tokens: Sequence[int],
    keep_tokens: int,
    min_recent: int = 1,
    prefer_turns: bool = True,
    first_held: bool = False,
) -> int:
    """How many leading messages to fold so that what stays is at most ``keep_tokens``.

    Returns 0 when nothing may be folded. Never folds the last ``min_recent`` messages, never splits a
    group. A cut past the latest user message keeps that message (it stays, and its tokens count as kept),
    so it never makes the cut alone: a cut must fold something besides it. ``first_held``: the first message
    is one an earlier fold kept aside; it never folds alone either (it folds with what follows it). Among cuts
    that reach the target
    it takes the first turn boundary (evicting a little more so the window starts at a user message); when
    no cut reaches it, it folds as much as the rules allow.
    """
    n = len(messages)
    lu = last_user_index(messages)
    starts = [s for s, _ in groups(messages) if 0 < s <= n - min_recent and not (s == 1 and (lu == 0 or first_held))]
    if not starts:
        return 0
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + tokens[i]

    def kept(s: int) -> int:
        return suffix[s] + (tokens[lu] if lu is not None and lu < s else 0)

    reaching = [s for s in starts if kept(s) <= keep_tokens]
    if not reaching:
        return starts[-1]
    turn = next((s for s in reaching if messages[s].role == "user"), None) if prefer_turns else None
    return turn if turn is not None else reaching[0]
