"""``context()`` assembly under a hard token budget. Pure: committed state in, messages out.

Layout of what is sent::

    system:  <system prompt> + <summary> + <pinned verbatim spans> + <recalled quotes> + <elision note>
    ...      the recent window: whole groups, newest kept first, always with the latest user turn

Guarantee: ``tokenizer.count_messages(result) <= budget`` or :class:`BudgetTooSmall` (with the
minimum) when even the system prompt and the forced messages do not fit. Line costs are summed
per line for speed; one exact count of the final request catches BPE effects at the joins, and
the lowest-priority pieces are shed until it fits (the forced part alone was counted exactly).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..config import Policy
from ..errors import BudgetTooSmall
from ..protocols import Tokenizer
from ..types import Message, SummaryState
from .window import groups, last_user_index

# Render order and priority (first = kept longest when the summary must shrink).
_HEADINGS = {
    "decisions": "Decisions and commitments",
    "user_facts": "About the user",
    "todos": "To do",
    "open_questions": "Open questions",
    "identifiers": "Identifiers mentioned",
    "topics": "Topics",
}


@dataclass(frozen=True)
class Line:
    """One rendered line of the summary or pinned block, with its token cost and render slot."""

    block: str  # "summary" | "detail" (a finer hierarchy node's line) | "pinned" | "quotes"
    heading: str
    text: str
    tokens: int
    order: int  # position in the rendered block (chronological within a section)


def render_lines(state: SummaryState, covered_until: int, count) -> list[Line]:
    """Every line the state could contribute, in priority order (most important first).

    Within a section newer items come first in priority but render in chronological order.
    """
    lines: list[Line] = []
    order = 0
    if state.narrative:
        lines.append(Line("summary", "", state.narrative, count(state.narrative) + 1, order))
    for section, heading in _HEADINGS.items():
        items = getattr(state, section)
        base = order + 1
        order = base + len(items)
        for i in range(len(items) - 1, -1, -1):
            text = f"- {items[i].text}"
            lines.append(Line("summary", heading, text, count(text) + 1, base + i))
    for i in range(len(state.pinned) - 1, -1, -1):
        p = state.pinned[i]
        text = f"[#{p.seq} {p.kind}] {p.text}"
        lines.append(Line("pinned", "", text, count(text) + 1, i))
    return lines


def rendered_block(lines: Sequence[Line], title: str) -> str:
    """``lines`` under ``title``, in reading order, each section heading once."""
    return _block(lines, title)


def _block(lines: Sequence[Line], title: str) -> str:
    out, heading = [title], None
    for line in sorted(lines, key=lambda x: x.order):
        if line.heading and line.heading != heading:
            heading = line.heading
            out.append(f"{heading}:")
        out.append(line.text)
    return "\n".join(out)


def elision_note(hidden: Sequence[Message]) -> str:
    first, last = hidden[0].seq, hidden[-1].seq
    return (
        f"[{len(hidden)} earlier messages (#{first}-#{last}) are not shown to fit the context budget; "
        "they are stored verbatim and can be recalled.]"
    )


@dataclass
class Assembled:
    """The assembled request and what was left out of it."""

    messages: list[Message]
    tokens: int
    budget: int
    hidden: list[Message] = field(default_factory=list)  # unsummarised messages elided from the view
    summary_lines: int = 0
    summary_lines_total: int = 0


@dataclass(frozen=True)
class ContextInput:
    """Committed thread state, as the driver caches it."""

    system: str | None
    tail: Sequence[Message]  # unsummarised messages, oldest first
    tail_tokens: Sequence[int]
    lines: Sequence[Line] = ()  # from render_lines (cached per summary version)
    covered_until: int = 0
    quotes: Sequence[Line] = ()  # recalled verbatim turns (the archive issue fills this)
    spare_quotes: Sequence[Line] = ()  # further recalled turns, only for room the recent window leaves unused


def _system_text(inp: ContextInput, chosen: Sequence[Line], hidden: Sequence[Message]) -> str:
    parts = [inp.system] if inp.system else []
    summary = [ln for ln in chosen if ln.block == "summary"]
    pinned = [ln for ln in chosen if ln.block == "pinned"]
    quotes = [ln for ln in chosen if ln.block == "quotes"]
    detail = [ln for ln in chosen if ln.block == "detail"]
    if summary:
        parts.append(_block(summary, f"Summary of the conversation so far (messages 1-{inp.covered_until}):"))
    if detail:
        parts.append(_block(detail, "In more detail, from the parts of the conversation about this question:"))
    if pinned:
        parts.append(_block(pinned, "Kept verbatim from earlier messages:"))
    if quotes:
        parts.append(_block(quotes, "Recalled verbatim from the conversation archive:"))
    if hidden:
        parts.append(elision_note(hidden))
    return "\n\n".join(parts)


def _cost(text: str, tokenizer: Tokenizer) -> int:
    return tokenizer.count_message(Message(role="system", content=text)) if text else 0


def _take(lines: Sequence[Line], room: int) -> list[Line]:
    chosen, used = [], 0
    for line in lines:
        if used + line.tokens <= room:
            chosen.append(line)
            used += line.tokens
    return chosen


def _take_quotes(lines: Sequence[Line], room: int, tokenizer: Tokenizer, paid: dict[str, int]) -> list[Line]:
    """Like ``_take``, charging a line's heading (its day) the first time a line under it is taken.

    ``paid`` holds the headings already paid for (by an earlier call) and gains the new ones.
    """
    chosen, used = [], 0
    for line in lines:
        head = 0 if not line.heading or line.heading in paid else tokenizer.count(f"{line.heading}:") + 1
        if used + line.tokens + head <= room:
            chosen.append(line)
            used += line.tokens + head
            if line.heading and line.heading not in paid:
                paid[line.heading] = head
    return chosen


def _forced_groups(tail: Sequence[Message], grp: Sequence[tuple[int, int]]) -> set[int]:
    """Groups that are always shown: the last one and the one holding the latest user message."""
    forced = {len(grp) - 1} if grp else set()
    lu = last_user_index(tail)
    if lu is not None:
        forced.add(next(g for g, (s, e) in enumerate(grp) if s <= lu < e))
    return forced


def assemble(inp: ContextInput, budget: int, tokenizer: Tokenizer, policy: Policy) -> Assembled:
    """Fit system prompt, summary, pinned spans, quotes and the recent window into ``budget``."""
    tail, toks = inp.tail, inp.tail_tokens
    base = tokenizer.count_messages(())  # reply priming
    grp = groups(tail)
    forced = _forced_groups(tail, grp)
    shown = {i for g in forced for i in range(*grp[g])}
    forced_cost = sum(toks[i] for i in shown)
    others = [m for i, m in enumerate(tail) if i not in shown]
    minimum = base + forced_cost + _cost(_system_text(inp, (), others), tokenizer)
    if budget < minimum:
        raise BudgetTooSmall(budget, minimum)

    # detail lines (hierarchy nodes about the query) share the summary's room, in the order given
    summary_lines = [ln for ln in inp.lines if ln.block in ("summary", "detail")]
    room = budget - base - forced_cost - _cost(inp.system or "", tokenizer)
    # block titles and headings are paid from this reserve
    room -= 24 if (inp.lines or inp.quotes or inp.spare_quotes) else 0
    summary = _take(summary_lines, min(room, int(policy.summary_share * budget)))
    room -= sum(ln.tokens for ln in summary)
    pinned = _take([ln for ln in inp.lines if ln.block == "pinned"], min(room, int(policy.pinned_share * budget)))
    room -= sum(ln.tokens for ln in pinned)
    paid: dict[str, int] = {}  # quote day headings, each paid once
    quotes = _take_quotes(inp.quotes, min(room, int(policy.recall_share * budget)), tokenizer, paid)
    room -= sum(ln.tokens for ln in quotes) + sum(paid.values())

    # the elision note is paid up front and refunded if the whole tail ends up shown
    note = _cost(elision_note(others), tokenizer) if others else 0
    room -= note
    for g in range(len(grp) - 1, -1, -1):  # newest first; stop at the first group that does not fit
        if g in forced:
            continue
        s, e = grp[g]
        cost = sum(toks[s:e])
        if cost > room:
            break
        shown.update(range(s, e))
        room -= cost
    if len(shown) == len(tail):
        room += note
    # what nothing else wants goes to further quotes: the window above already took all it could
    spare = _take_quotes(inp.spare_quotes, room, tokenizer, paid) if inp.spare_quotes else []
    return _fit(inp, summary + pinned + quotes + spare, shown, budget, tokenizer, forced)


def _fit(
    inp: ContextInput, chosen: list[Line], shown: set[int], budget: int, tokenizer: Tokenizer, forced: set[int]
) -> Assembled:
    """Exact count; shed the least important piece until the request fits.

    Window messages cost their cached per-message counts (exact, additive across messages); only
    the system message, whose pieces are joined, is re-counted here.
    """
    tail, toks = inp.tail, inp.tail_tokens
    grp = groups(tail)
    base = tokenizer.count_messages(())
    while True:
        hidden = [m for i, m in enumerate(tail) if i not in shown]
        text = _system_text(inp, chosen, hidden)
        total = base + _cost(text, tokenizer) + sum(toks[i] for i in shown)
        if total <= budget:
            msgs = ([Message(role="system", content=text)] if text else []) + [tail[i] for i in sorted(shown)]
            n_summary = sum(1 for ln in chosen if ln.block == "summary")
            n_total = sum(1 for ln in inp.lines if ln.block == "summary")
            return Assembled(msgs, total, budget, hidden, n_summary, n_total)
        if chosen:  # each block lists its lowest-priority line last; quotes go first, then pinned, then summary
            chosen = chosen[:-1]
            continue
        droppable = [g for g in range(len(grp)) if g not in forced and grp[g][0] in shown]
        if not droppable:  # unreachable: the forced part was checked against the budget exactly
            raise BudgetTooSmall(budget, total)
        shown -= set(range(*grp[droppable[0]]))


def summary_text(state: SummaryState, covered_until: int) -> str:
    """The whole summary as it would appear in a context with unlimited room (for people to read)."""
    lines = render_lines(state, covered_until, len)
    return _system_text(ContextInput(None, (), (), lines, covered_until), lines, ())
