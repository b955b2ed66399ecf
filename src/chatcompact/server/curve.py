"""The dashboard's token curve, computed from what the store holds (pure: no I/O).

For each message: ``full``, the tokens of the whole history up to it, and ``sent``, what a context
at that point held: the system prompt, the summary version committed by then (as rendered text),
and the messages after its coverage, capped at the budget (the assembler never exceeds it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..protocols import Tokenizer
from ..types import Message, SummaryVersion
from .wire import summary_text

MAX_POINTS = 400


def token_curve(
    messages: Sequence[Message], versions: Sequence[SummaryVersion], tokenizer: Tokenizer, budget: int
) -> list[dict[str, Any]]:
    """``[{seq, full, sent, version}]`` per message (evenly thinned to at most MAX_POINTS)."""
    tokens = [tokenizer.count_message(m) for m in messages]
    summaries = {v.version: tokenizer.count(summary_text(v.state)) if not v.state.is_empty() else 0 for v in versions}
    ordered = sorted(versions, key=lambda v: v.created_at)
    prefix = [0]
    for n in tokens:
        prefix.append(prefix[-1] + n)
    points, vi, head = [], 0, None
    for i, m in enumerate(messages):
        while (
            vi < len(ordered)
            and ordered[vi].created_at <= (m.created_at or 0)
            and ordered[vi].covered_until < (m.seq or 0)
        ):
            head, vi = ordered[vi], vi + 1
        covered = min(head.covered_until, i) if head else 0
        sent = (summaries[head.version] if head else 0) + prefix[i + 1] - prefix[covered]
        points.append(
            {"seq": m.seq, "full": prefix[i + 1], "sent": min(sent, budget), "version": head.version if head else 0}
        )
    step = max(1, -(-len(points) // MAX_POINTS))
    thinned = points[::step]
    if points and thinned[-1] is not points[-1]:
        thinned.append(points[-1])
    return thinned
