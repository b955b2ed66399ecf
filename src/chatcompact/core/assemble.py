"""``context()`` assembly under a hard token budget. Pure: committed state in, messages out.

Layout of what is sent (stable part first, so a provider's prompt cache reuses it between compactions)::

    system:  <the app's system prompt> + chatcompact's fixed framing (no conversation text, ever)
    user:    the data message: standing instructions | task | summary + work log | pinned spans, as escaped
             data blocks; the same bytes from one compaction to the next
    ...      the recent window: whole groups, newest first; a tool result over its share shown trimmed
             (head and tail, the rest one recall away), a user turn larger than the budget too; older groups
             that do not fit verbatim as one-line digests (call kept); only then elided
    user:    per-request note at the end, just before a trailing user turn or a call awaiting results:
             recalled quotes, finer summary nodes, the elision note (as data)

Whatever users, tools or models wrote reaches the request only in the data message, the note or the window
(``core.render`` escapes it); the system role carries the app's prompt and our framing only. OpenAI accepts
consecutive user messages; ``core.formats.to_anthropic`` merges them into one user turn (data block first).

Guarantee: ``tokenizer.count_messages(result) <= budget``, or :class:`BudgetTooSmall` (with the exact
minimum) only when the system prompt plus the least form of the forced part (marker-only trims of the latest
user message and the last group, ``core.fitting``) cannot fit. Line costs are summed per line for speed; one
exact count of the final request catches BPE effects at the joins, and the lowest-priority pieces are shed
until it fits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..config import Policy
from ..errors import BudgetTooSmall
from ..protocols import Tokenizer
from ..types import Message, SummaryItem, SummaryState
from . import instructions as _instructions
from .digest import ViewCache
from .fitting import digest_group, fit_forced, forced_groups, shown_tail
from .lines import Line, data_block_of, instruction_lines, render_lines, rendered_block, worklog_lines
from .render import FRAMING
from .window import agent_at_work, check_sequence, groups

__all__ = [
    "Assembled",
    "ContextInput",
    "Line",
    "ViewCache",
    "assemble",
    "elision_note",
    "instruction_lines",
    "render_lines",
    "rendered_block",
    "summary_text",
    "worklog_lines",
]


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
    lines: list[Line] = field(default_factory=list)  # the data-block lines sent (summary, quotes, ...), by block


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
    # the thread's own cache of trimmed and digested views (the driver keeps one per thread); None: a fresh one
    views: ViewCache | None = None


_STABLE = ("instructions", "task", "summary", "worklog", "pinned")  # data message blocks, in this order


def _data_text(inp: ContextInput, chosen: Sequence[Line]) -> str:
    """The data message: the stable data blocks (conversation-derived, escaped), or "" when there are none."""
    by = {b: [ln for ln in chosen if ln.block == b] for b in _STABLE}
    blocks = []
    if by["instructions"]:
        blocks.append(data_block_of(by["instructions"], "Standing instructions the user gave (in force until changed)"))
    if by["task"]:
        blocks.append(data_block_of(by["task"], "The task as the user gave it (verbatim)"))
    if by["summary"] or by["worklog"]:
        title = f"Summary of the conversation so far (messages 1-{inp.covered_until})"
        blocks.append(data_block_of(by["summary"] + by["worklog"], title))
    if by["pinned"]:
        blocks.append(data_block_of(by["pinned"], "Kept verbatim from earlier messages"))
    return "\n\n".join(blocks)


def _stable(
    inp: ContextInput, chosen: Sequence[Line], tokenizer: Tokenizer, views: ViewCache
) -> tuple[str, int, str, int]:
    """The system message and the data message with their exact costs: ``(system, cost, data, cost)``. The same
    on every context until the summary, the budget's choice of lines or the prompt changes, so it is rendered
    and counted once per change (kept in the thread's ``views``), not twice per context."""
    key = (inp.system, inp.covered_until, tuple(ln for ln in chosen if ln.block in _STABLE))

    def compute() -> tuple[str, int, str, int]:
        data = _data_text(inp, chosen)
        text = _system_text(inp.system, bool(data))
        return text, _cost(text, tokenizer), data, _cost(data, tokenizer, "user")

    return views.latest("stable prefix", key, compute)


def _system_text(system: str | None, framed: bool) -> str:
    """The system message: the app's prompt, then our fixed framing when the request carries a data message
    (once: a prompt that already ends with it, e.g. ``compact()`` run again on its own output, keeps one)."""
    if framed and system and system.endswith(FRAMING):
        return system
    return "\n\n".join(p for p in (system, FRAMING if framed else "") if p)


def _note_text(inp: ContextInput, chosen: Sequence[Line], hidden: Sequence[Message], framed: bool) -> str:
    """The per-request note (sent last): quotes for this query, finer summary nodes, the elision note. It opens
    with the framing itself when the system message does not carry it (no data message yet), so the system
    message stays the same bytes whether or not this request has quotes."""
    parts = []
    detail = [ln for ln in chosen if ln.block == "detail"]
    quotes = [ln for ln in chosen if ln.block == "quotes"]
    if detail:
        parts.append(data_block_of(detail, "In more detail, from the parts of the conversation about this question"))
    if quotes:
        parts.append(data_block_of(quotes, "Recalled verbatim from the conversation archive"))
    if parts and not framed:
        parts.insert(0, FRAMING)
    if hidden:
        parts.append(elision_note(hidden))
    return "\n\n".join(parts)


def _cost(text: str, tokenizer: Tokenizer, role: str = "system") -> int:
    return tokenizer.count_message(Message(role=role, content=text)) if text else 0


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


def assemble(inp: ContextInput, budget: int, tokenizer: Tokenizer, policy: Policy) -> Assembled:
    """Fit system prompt, data message, the recent window and the per-request note into ``budget``."""
    views = inp.views if inp.views is not None else ViewCache()
    count = tokenizer.count_message
    base = tokenizer.count_messages(())  # reply priming
    system_cost = _cost(inp.system or "", tokenizer)
    view, toks = shown_tail(inp.tail, inp.tail_tokens, budget, budget - base - system_cost, policy, count, views)
    grp = groups(view)
    forced = forced_groups(view, grp)
    shown = {i for g in forced for i in range(*grp[g])}
    others = [m for i, m in enumerate(view) if i not in shown]
    note_min = _cost(elision_note(others), tokenizer, "user") if others else 0
    # tool results and assistant turns of the forced groups give way to the latest user text (trimmed only if it
    # alone cannot fit); every trim is made from the stored message, so the minimum below is exact
    room = budget - base - system_cost - note_min
    least = fit_forced(inp.tail, inp.tail_tokens, view, toks, sorted(shown), room, count, views)
    forced_cost = sum(toks[i] for i in shown)
    if forced_cost > room:
        raise BudgetTooSmall(budget, base + system_cost + note_min + least)
    # the same tail and summary instructions ask the same question on every context: answered once per tail
    # (per thread); only the instruction lines are kept, the rest of the summary is this call's own
    held = tuple(ln for ln in inp.lines if ln.block == "instructions")
    standing = _tail_instruction_lines(inp, held, tokenizer, views)
    if standing != list(held):
        inp = replace(inp, lines=[ln for ln in inp.lines if ln.block != "instructions"] + standing)
    agent = agent_at_work(view)
    room = budget - base - forced_cost - system_cost
    room -= 24 if (inp.lines or inp.quotes or inp.spare_quotes) else 0  # block titles and headings
    chosen = _data_lines(inp.lines, room, budget, policy, agent)
    # the stable part counted exactly once (framing, titles, headings, delimiters and BPE joins included)
    _, system_text_cost, _, data_cost = _stable(inp, chosen, tokenizer, views)
    stable = system_text_cost + data_cost
    room = budget - base - forced_cost - stable - 16
    paid: dict[str, int] = {}  # quote day headings, each paid once
    # an agent loop gets no recalled quotes: it has the recall tool for an old output, and the note they need
    # would sit before its newest result, where the cached prefix would then end
    # A quote of a message the window will show is left out. Of the tail that is known only once the window is
    # filled: a quote of a tail message is taken like any other, and dropped (its room going to the spares) if the
    # window shows the message after all. So a best hit among the tail's oldest messages, which the window may
    # have no room for, is never lost between the two ("what do you know about Paris?").
    forced_seqs = {inp.tail[i].seq for i in shown}
    asked = [q for q in inp.quotes if q.order not in forced_seqs]
    quotes = [] if agent else _take_quotes(asked, min(room, int(policy.recall_share * budget)), tokenizer, paid)
    room -= sum(ln.tokens for ln in quotes) + sum(paid.values())
    note = note_min  # the elision note, paid up front, refunded if nothing ends up hidden
    room -= note
    lean = int(policy.agent_window_share * budget) if agent and policy.agent_window_share < 1 else None
    cap = int(policy.worklog_share * budget)
    room = _window(inp.tail, view, toks, grp, forced, shown, room, policy, count, views, cap, lean)
    if len(shown) == len(view):
        room += note
    in_window = {inp.tail[i].seq for i in shown}
    room += sum(ln.tokens for ln in quotes if ln.order in in_window)
    quotes = [ln for ln in quotes if ln.order not in in_window]
    # unused room is filled with further quotes for a conversation; an agent's request stays lean (and cacheable)
    spares = [q for q in inp.spare_quotes if q.order not in in_window]
    spare = _take_quotes(spares, room, tokenizer, paid) if spares and not agent else []
    return _fit(inp, view, toks, chosen + quotes + spare, shown, budget, tokenizer, forced, views)


def _data_lines(lines: Sequence[Line], room: int, budget: int, policy: Policy, agent: bool) -> list[Line]:
    """The data blocks' lines, block by block in priority order, each block within its share of the budget.

    In an agent loop the work log (the task's record: commands, outcomes, files, names) comes before the prose
    summary, and the summary and the pinned spans together take at most ``agent_summary_share``: measured on the
    agent replay, they add next to nothing the work log and the window lack, at several points of tokens."""

    def pick(*blocks: str) -> list[Line]:
        return [ln for ln in lines if ln.block in blocks]

    plan: tuple[tuple[list[Line], float], ...]
    if agent:
        plan = (
            (pick("instructions"), policy.instructions_share),
            (pick("task"), policy.task_share),
            (pick("worklog"), policy.worklog_share),
            (pick("summary", "detail") + pick("pinned"), policy.agent_summary_share),
        )
    else:
        plan = (
            (pick("instructions"), policy.instructions_share),
            (pick("task"), policy.task_share),
            (pick("summary", "detail"), policy.summary_share),
            (pick("worklog"), policy.worklog_share),
            (pick("pinned"), policy.pinned_share),
        )
    chosen: list[Line] = []
    for candidates, share in plan:
        took = _take(candidates, min(room, int(share * budget)))
        chosen += took
        room -= sum(ln.tokens for ln in took)
    return chosen


def agent_window_start(grp: Sequence[tuple[int, int]], toks: Sequence[int], cap: int) -> int:
    """The first group an agent's verbatim window may show: the window (every group from there on) costs at most
    ``cap``, and it starts at an *anchor*, a group where the tail's running cost first passed a multiple of
    ``cap / 3``. Anchors depend only on the tail before them, so between compactions the start moves forward a
    third of the window at a time: the groups before it (shown as digests) stay the same bytes request after
    request, and a provider's prefix cache keeps them. The window holds between 2/3 and all of ``cap`` (less only
    when one group alone is larger); when no anchor is close enough, the newest groups that fit."""
    chunk = max(cap // 3, 1)
    costs = [sum(toks[s:e]) for s, e in grp]
    suffix = [0] * (len(grp) + 1)
    for g in range(len(grp) - 1, -1, -1):
        suffix[g] = suffix[g + 1] + costs[g]
    mark, run = 0, 0
    for g, cost in enumerate(costs):
        if run >= mark:  # an anchor
            if suffix[g] <= cap:
                return g
            mark = (run // chunk + 1) * chunk
        run += cost
    g = len(grp)
    while g > 0 and suffix[g - 1] <= cap:
        g -= 1
    return g


def _window(
    tail: Sequence[Message],
    view: list[Message],
    toks: list[int],
    grp: Sequence[tuple[int, int]],
    forced: set[int],
    shown: set[int],
    room: int,
    policy: Policy,
    count: Callable[[Message], int],
    views: ViewCache,
    digest_cap: int,
    lean: int | None = None,
) -> int:
    """Add the newest whole groups that fit verbatim, then (stage 1) older ones as digests; returns the room left.
    ``lean``: an agent's verbatim window cap (:func:`agent_window_start`); the older groups go to digests. A
    digest is made from the stored messages (``tail``), not from their trimmed view: it lists the names of all
    that it cuts, a long script's middle included."""
    g = len(grp) - 1
    start = agent_window_start(grp, toks, lean) if lean is not None else 0
    while g >= start:  # newest first; stop at the first group that does not fit
        if g not in forced:
            s, e = grp[g]
            cost = sum(toks[s:e])
            if cost > room:
                break
            shown.update(range(s, e))
            room -= cost
        g -= 1
    if not policy.tool_digests:
        return room
    # digests take at most the work log's share: they are the unfolded part of the same record
    spent = 0
    while g >= 0:
        if g not in forced:
            s, e = grp[g]
            digested, costs = views.digested(tuple(tail[s:e]), digest_group, count)
            if sum(costs) > room or spent + sum(costs) > digest_cap:
                break
            view[s:e], toks[s:e] = digested, costs
            shown.update(range(s, e))
            room -= sum(costs)
            spent += sum(costs)
        g -= 1
    return room


def _tail_instruction_lines(
    inp: ContextInput, held: tuple[Line, ...], tokenizer: Tokenizer, views: ViewCache
) -> list[Line]:
    """The instruction lines once the tail's user messages are read (those the summary holds if none).

    The summary's instructions (oldest first) as items again, then each user message of the tail folded in by
    :func:`~chatcompact.core.instructions.capture`; the fold is kept per thread (``views``) and extended by the
    messages appended since the last request, so the tail is not read again on every context."""
    users = [m for m in inp.tail if m.role == "user"]
    if not users:
        return list(held)

    def read(m: Message) -> _instructions.Reading:
        return views.of("instruction reading", m, lambda: _instructions.read(m))

    merged = views.folded(
        "tail instructions",
        held,
        users,
        lambda: _held_items(held),
        lambda items, more: _instructions.capture(items, more, read),
    )
    if not merged and not held:
        return []
    return views.latest("instruction lines", merged, lambda: instruction_lines(merged, tokenizer.count))


def _held_items(held: Sequence[Line]) -> tuple[SummaryItem, ...]:
    """The summary's instruction lines as items again (oldest first)."""
    items = []
    for ln in sorted(held, key=lambda x: x.order):
        seq_text = ln.text.split("] ", 1)
        seq = seq_text[0].lstrip("[#").split(" ")[0]
        items.append(
            SummaryItem(text=seq_text[-1], sources=(int(seq),) if seq.isdigit() else (), subject="instruction")
        )
    return tuple(items)


def _fit(
    inp: ContextInput,
    view: list[Message],
    toks: list[int],
    chosen: list[Line],
    shown: set[int],
    budget: int,
    tokenizer: Tokenizer,
    forced: set[int],
    views: ViewCache,
) -> Assembled:
    """Exact count; shed the least important piece until the request fits.

    Window messages cost their per-message counts (exact, additive across messages); only the system
    message, the data message and the note, whose pieces are joined, are re-counted here.
    """
    grp = groups(view)
    base = tokenizer.count_messages(())
    while True:
        hidden = [inp.tail[i] for i in range(len(view)) if i not in shown]
        text, text_cost, data, data_cost = _stable(inp, chosen, tokenizer, views)
        note = _note_text(inp, chosen, hidden, bool(data))
        total = base + sum(toks[i] for i in shown)
        total += text_cost + data_cost + _cost(note, tokenizer, "user")
        if total <= budget:
            window = [view[i] for i in sorted(shown)]
            msgs = [Message(role="system", content=text)] if text else []
            msgs += [Message(role="user", content=data)] if data else []
            msgs += _with_note(window, note)
            n_summary = sum(1 for ln in chosen if ln.block == "summary")
            n_total = sum(1 for ln in inp.lines if ln.block == "summary")
            return Assembled(msgs, total, budget, hidden, n_summary, n_total, list(chosen))
        if chosen:  # each block lists its lowest-priority line last; spare quotes go first, instructions last
            chosen = chosen[:-1]
            continue
        droppable = [g for g in range(len(grp)) if g not in forced and grp[g][0] in shown]
        if not droppable:  # unreachable: the forced part was checked against the budget exactly
            raise BudgetTooSmall(budget, total)
        shown -= set(range(*grp[droppable[0]]))


def _with_note(window: list[Message], note: str) -> list[Message]:
    """The window with the per-request note at its end, but never after what the model must answer: before a
    trailing user turn (a chat: the person's message stays the last one, as every client and proxy expects)
    and before a trailing tool call with its results (an agent's model reads the newest result last), answered
    or still awaiting results. Everything before the note is the stable prefix."""
    if not note:
        return window
    msg = Message(role="user", content=note)
    grp = groups(window)
    if grp and (window[-1].role == "tool" or check_sequence(window)):  # the note goes before that call
        s = grp[-1][0]
        return [*window[:s], msg, *window[s:]]
    if window and window[-1].role == "user":
        return [*window[:-1], msg, window[-1]]
    return [*window, msg]


def summary_text(state: SummaryState, covered_until: int) -> str:
    """The whole summary as it would appear in a context with unlimited room (for people to read)."""
    lines = render_lines(state, covered_until, len)
    return _data_text(ContextInput(None, (), (), lines, covered_until), lines)
