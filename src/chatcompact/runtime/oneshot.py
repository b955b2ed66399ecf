"""Stateless one-shot compaction (the lesson's ``compact()``) and ``compaction_ratio``.

Built on the same core as threads: the same cut rules, preservation rules, merge and assembly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..config import Policy, Settings, check_budget
from ..core import compaction, memo
from ..core.assemble import ContextInput, assemble, render_lines
from ..core.window import check_sequence, groups
from ..errors import InvalidMessage
from ..protocols import Summarizer, Tokenizer
from ..types import CompactionRatio, Message, parse_message
from .registry import resolve_summarizer, resolve_tokenizer


def _parse_all(messages: Sequence[Any]) -> list[Message]:
    out = []
    for i, raw in enumerate(messages):
        try:
            out.append(parse_message(raw))
        except InvalidMessage as exc:
            raise InvalidMessage(exc.field, exc.problem, index=i) from None
    return out


def compact(
    messages: Sequence[dict[str, Any] | Message],
    budget: int | None = None,
    keep_recent: int = 10,
    *,
    summarizer: str | Summarizer | None = None,
    model: str | None = None,
    tokenizer: Tokenizer | None = None,
    policy: Policy | None = None,
) -> list[dict[str, Any]]:
    """Compact an OpenAI-format message list: leading system messages + summary + recent turns.

    The last ``keep_recent`` messages (moved earlier if that would split a tool call from its
    results, or leave out the latest user message) stay verbatim; everything before them is folded
    into a structured summary. With ``budget`` the result is also guaranteed to fit it. If folding
    would not make the list smaller (short or identifier-dense chats), it is returned unchanged.
    """
    with memo.scope():  # the rules, the summarizer and the validation read the same texts: memoised for this call
        return _compact(messages, budget, keep_recent, summarizer, model, tokenizer, policy)


def _compact(
    messages: Sequence[dict[str, Any] | Message],
    budget: int | None,
    keep_recent: int,
    summarizer: str | Summarizer | None,
    model: str | None,
    tokenizer: Tokenizer | None,
    policy: Policy | None,
) -> list[dict[str, Any]]:
    budget = None if budget is None else check_budget(budget)
    settings = Settings.from_env()
    tok = resolve_tokenizer(tokenizer, model, settings)
    summ = resolve_summarizer(summarizer, settings)
    policy = policy or Policy(budget=budget or Policy().budget)
    parsed = _parse_all(messages)
    head = 0
    while head < len(parsed) and parsed[head].role in ("system", "developer"):
        head += 1
    system = "\n\n".join(m.text for m in parsed[:head]) or None
    body = [m.with_meta(i + 1, 0.0) for i, m in enumerate(parsed[head:])]
    check_sequence(body)
    tokens = [tok.count_message(m) for m in body]
    # keep at least the last keep_recent messages: move the cut earlier to the nearest group start
    target = len(body) - max(keep_recent, 0)
    cut = max((s for s, _ in groups(body) if s <= target), default=0)
    keep = sum(tokens[cut:])
    snap = compaction.Snapshot(None, tuple(body), tuple(tokens), policy.budget)
    job = compaction.prepare(snap, policy, compaction.Options("manual", keep_tokens=keep, prefer_turns=False))
    state, covered, tail, tail_tokens = None, 0, body, tokens
    if job is not None:
        version = compaction.finish(job, summ.summarize(job.request), policy, summ.name)
        rest = compaction.window_after(job.plan, body, tokens)
        assert rest is not None  # planned on this very list
        state, covered, (tail, tail_tokens) = version.state, version.covered_until, rest
    lines = render_lines(state, covered, tok.count) if state else []
    inp = ContextInput(system, tail, tail_tokens, lines, covered)
    # without a budget nothing may be elided: give assembly room for everything
    room = budget or tok.count_messages([Message(role="system", content=system or "")]) + sum(tokens) + 10_000
    result = assemble(inp, room, tok, policy)
    original = tok.count_messages(parsed)
    if result.tokens >= original and (budget is None or original <= budget):
        return [m.to_openai() for m in parsed]  # folding would not make it smaller: leave it as it was
    return [m.to_openai() for m in result.messages]


def compaction_ratio(
    before: Sequence[dict[str, Any] | Message],
    after: Sequence[dict[str, Any] | Message],
    *,
    model: str | None = None,
    tokenizer: Tokenizer | None = None,
) -> CompactionRatio:
    """Tokens and messages of ``before`` and ``after``, and the reduction (the lesson's metric)."""
    tok = resolve_tokenizer(tokenizer, model, Settings.from_env())
    b, a = _parse_all(before), _parse_all(after)
    return CompactionRatio(tok.count_messages(b), tok.count_messages(a), len(b), len(a))
