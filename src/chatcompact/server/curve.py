"""The dashboard's token curve, computed from what the store holds (pure: no I/O).

At sampled messages N (at most MAX_POINTS, evenly spread, the last one always): ``full``, the tokens of the
system prompt and the whole history up to N, and ``sent``, an estimate of the request after N: the system
prompt, the summary version current then (``runtime.turns.version_at``, the rule ``Thread.context_at`` uses)
rendered in full, and every message after its coverage, capped at the budget (the assembler never exceeds it).
The exact request at any point is ``Thread.context_at(N)``: the dashboard opens it when a point is clicked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core.assemble import render_lines
from ..protocols import Tokenizer
from ..runtime.turns import version_at
from ..types import Message, SummaryVersion

MAX_POINTS = 400


def sample_seqs(last_seq: int, max_points: int = MAX_POINTS) -> list[int]:
    """Evenly spread message ids ``1..last_seq``, at most about ``max_points``, the last one always."""
    if last_seq <= 0:
        return []
    step = max(1, -(-last_seq // max_points))
    out = list(range(1, last_seq + 1, step))
    if out[-1] != last_seq:
        out.append(last_seq)
    return out


def summary_size(v: SummaryVersion | None, count: Callable[[str], int]) -> int:
    """Tokens of a version's summary rendered in full, counted line by line as the assembler counts them."""
    if v is None or v.state.is_empty():
        return 0
    return sum(line.tokens for line in render_lines(v.state, v.covered_until, count))


def points(
    tokens: Sequence[int],
    samples: Sequence[Message],
    versions: Sequence[SummaryVersion],
    summary_tokens: Callable[[SummaryVersion], int],
    budget: int,
    thread_created: float = 0.0,
    base: int = 0,
) -> list[dict[str, Any]]:
    """``[{seq, full, sent, version}]`` at each sampled message; ``tokens[i]`` is message ``i + 1``'s count and
    ``base`` the system prompt's."""
    prefix = [0]
    for n in tokens:
        prefix.append(prefix[-1] + n)
    out = []
    for m in samples:
        seq = min(m.seq or 0, len(tokens))
        v = version_at(versions, m, thread_created)
        covered = min(v.covered_until, seq) if v else 0
        sent = base + (summary_tokens(v) if v else 0) + prefix[seq] - prefix[covered]
        full = base + prefix[seq]
        out.append({"seq": seq, "full": full, "sent": min(sent, budget), "version": v.version if v else 0})
    return out


def token_curve(
    messages: Sequence[Message], versions: Sequence[SummaryVersion], tokenizer: Tokenizer, budget: int
) -> list[dict[str, Any]]:
    """The curve from a whole history (the REST route ``GET /v1/threads/{thread}/curve``)."""
    tokens = [tokenizer.count_message(m) for m in messages]
    wanted = set(sample_seqs(len(messages)))
    samples = [m for i, m in enumerate(messages) if i + 1 in wanted]
    sizes: dict[int, int] = {}

    def size(v: SummaryVersion) -> int:
        if v.version not in sizes:
            sizes[v.version] = summary_size(v, tokenizer.count)
        return sizes[v.version]

    return points(tokens, samples, versions, size, budget)
