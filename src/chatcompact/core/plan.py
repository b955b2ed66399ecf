"""When to compact and what to fold. Pure.

Triggers, checked after every append:

* ``tokens``: the unsummarised tail passed ``high_water * budget``; compaction then folds down to
  ``low_water * budget``, so it runs in batches rather than on every turn;
* ``messages``: the tail holds more than ``max_tail_messages`` messages (many tiny turns);
* ``topic_shift``: a detector (the archive's embeddings) reports that the user started a new
  topic at some message; everything before that message is folded;
* ``manual``: the caller asked (``thread.compact()``).

(A version committed by ``thread.revert()`` carries the trigger ``revert``; it folds nothing.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..config import Policy
from ..types import Message
from .window import choose_cut, last_user_index

TRIGGERS = ("tokens", "messages", "topic_shift", "manual")


@dataclass(frozen=True)
class CompactionPlan:
    """Fold ``evict`` (the oldest tail messages, whole groups) into the summary; keep the rest.

    ``cut`` is how many leading tail messages the plan consumes: ``evict`` plus ``kept``, the latest user
    message when the cut passes it (it is never folded: it stays in the recent window, ahead of the
    messages after the cut). Without ``kept``, ``cut == len(evict)``.
    """

    evict: tuple[Message, ...]
    evict_tokens: int
    keep_tokens: int
    reason: str
    cut: int = -1  # -1: len(evict)
    kept: tuple[Message, ...] = ()

    @property
    def span(self) -> tuple[int, int]:
        return (self.evict[0].seq or 0, self.evict[-1].seq or 0)

    @property
    def consumed(self) -> int:
        """Leading tail messages this plan takes out of the tail (folded or kept aside)."""
        return len(self.evict) if self.cut < 0 else self.cut


def check_trigger(
    tail_tokens: int, tail_messages: int, budget: int, policy: Policy, topic_shift_at: int | None = None
) -> str | None:
    """The trigger that fires for a tail of this size, or None."""
    if tail_tokens > policy.high_water * budget:
        return "tokens"
    if policy.max_tail_messages and tail_messages > policy.max_tail_messages:
        return "messages"
    if policy.topic_shift and topic_shift_at is not None:
        return "topic_shift"
    return None


def plan_compaction(
    tail: Sequence[Message],
    tokens: Sequence[int],
    budget: int,
    policy: Policy,
    reason: str,
    topic_shift_at: int | None = None,
    keep_tokens: int | None = None,
    prefer_turns: bool = True,
    held: frozenset[int] = frozenset(),
) -> CompactionPlan | None:
    """Choose what to fold for ``reason``; None when the rules leave nothing to fold.

    ``keep_tokens`` overrides the size of the kept window (``thread.compact(keep_tokens=0)``
    folds everything the window rules allow). ``held``: seqs an earlier fold kept aside (the parent version's
    ``kept``); such a message folds only together with a message after it, so every fold covers new messages.
    """
    if keep_tokens is not None:
        keep = keep_tokens
    elif reason == "topic_shift" and topic_shift_at is not None:
        # fold everything before the new topic, but no more than the window rules allow
        keep = sum(tokens[topic_shift_at:])
    elif reason == "messages":
        keep = min(int(policy.low_water * budget), sum(tokens[-max(policy.max_tail_messages // 2, 1) :]))
    else:
        keep = int(policy.low_water * budget)
    first_held = bool(tail) and tail[0].seq in held
    cut = choose_cut(tail, tokens, keep, policy.min_recent_messages, prefer_turns, first_held)
    lu = last_user_index(tail)
    if lu is not None and lu == cut - 1:
        cut = lu  # the cut passed only the latest user message: cut before it, it leads the kept window
    if cut == 0 or (first_held and cut == 1):
        return None
    if lu is None or lu >= cut:
        evict_tokens = sum(tokens[:cut])
        return CompactionPlan(tuple(tail[:cut]), evict_tokens, sum(tokens) - evict_tokens, reason, cut)
    # the cut passed the latest user message: everything before the cut folds but that message
    evict = (*tail[:lu], *tail[lu + 1 : cut])
    evict_tokens = sum(tokens[:cut]) - tokens[lu]
    return CompactionPlan(evict, evict_tokens, sum(tokens) - evict_tokens, reason, cut, (tail[lu],))
