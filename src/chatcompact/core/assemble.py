"""``context()`` assembly under a hard token budget. Pure: committed state in, messages out.

Layout of what is sent (stable part first, so a provider's prompt cache reuses it between compactions)::

    system:  <system prompt> + framing + data blocks: standing instructions | task | summary + work log | pinned
    ...      the recent window: whole groups, newest first; a tool result over its share shown trimmed
             (head and tail, the rest one recall away); older groups that do not fit verbatim as one-line
             digests (call kept); only then elided
    user:    per-request note at the end, just before a trailing user turn or a call awaiting results:
             recalled quotes, finer summary nodes, the elision note (as data)

Everything derived from conversation text is inside escaped data blocks (``core.render``).

Guarantee: ``tokenizer.count_messages(result) <= budget`` or :class:`BudgetTooSmall` (with the
minimum) only when the system prompt plus the latest user message cannot fit: tool results and
assistant turns are trimmed to what room is left. Line costs are summed per line for speed; one
exact count of the final request catches BPE effects at the joins, and the lowest-priority pieces
are shed until it fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..config import Policy
from ..errors import BudgetTooSmall
from ..protocols import Tokenizer
from ..types import Message, SummaryState, WorkLog
from . import instructions as _instructions
from .digest import digest_line, fit_message, mentioned, trim_text
from .render import FRAMING, data_block, one_line, quoted_line
from .window import check_sequence, groups, last_user_index

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
    lines += instruction_lines(state.instructions, count)
    lines += worklog_lines(state.worklog, count)
    return lines


def instruction_lines(items, count) -> list[Line]:
    """The standing instructions, newest first in priority, rendered oldest first."""
    out = []
    for i in range(len(items) - 1, -1, -1):
        it = items[i]
        text = quoted_line(it.sources[0] if it.sources else None, "user", it.text)
        out.append(Line("instructions", "", text, count(text) + 1, i))
    return out


def _paragraphs(text: str, seq: int | None, count, order0: int, block: str) -> list[Line]:
    """A user text as lines (one per paragraph, ~600 chars at most), first paragraph first in priority."""
    out, order = [], order0
    for para in (p for p in text.split("\n\n") if p.strip()):
        for k in range(0, len(para), 600):
            line = quoted_line(seq, "user", para[k : k + 600])
            out.append(Line(block, "", line, count(line) + 1, order))
            order += 1
    return out


def worklog_lines(log: WorkLog, count) -> list[Line]:
    """The work log: task lines (block "task") and work lines (block "worklog"), most useful first."""
    if log.is_empty():
        return []
    out = _paragraphs(log.task, log.task_seq, count, 0, "task")
    names = mentioned(log.task, 120)
    if names and len(out) > 1:  # the task's names right after its first paragraph, in case the rest is cut
        for k in range(0, len(names), 30):
            text = "- names in the task: " + ", ".join(names[k : k + 30])
            out.insert(1 + k // 30, Line("task", "", text, count(text) + 1, 990 + k // 30))
    if log.request:
        out += _paragraphs(log.request, log.request_seq, count, 10_000, "task")

    def add(heading: str, text: str, order: int) -> None:
        out.append(Line("worklog", heading, text, count(text) + 1, order))

    if log.plan:
        add("Latest plan", quoted_line(log.plan_seq, "assistant", log.plan), 9000)
    for i in range(len(log.errors) - 1, -1, -1):
        e = log.errors[i]
        add("Latest failures", quoted_line(e.sources[-1] if e.sources else None, "tool", e.text), 8000 + i)
    if log.files_changed:
        add("Files changed", "- " + ", ".join(log.files_changed), 1000)
    if log.files_read:
        add("Files read", "- " + ", ".join(log.files_read), 2000)
    chunks = [log.names[k : k + 12] for k in range(0, len(log.names), 12)]
    order = list(range(len(chunks) - 1, -1, -1))  # newest names first in priority, the newest before commands
    for k in order[:4]:
        add("Names seen (paths, code names)", "- " + ", ".join(chunks[k]), 4000 + k)
    for i in range(len(log.commands) - 1, -1, -1):
        c = log.commands[i]
        add("Commands run (oldest first)", quoted_line(c.sources[-1] if c.sources else None, "tool", c.text), 3000 + i)
    for k in order[4:]:
        add("Names seen (paths, code names)", "- " + ", ".join(chunks[k]), 4000 + k)
    for i in range(len(log.abandoned) - 1, -1, -1):
        a = log.abandoned[i]
        add("Approaches abandoned", quoted_line(a.sources[0] if a.sources else None, "assistant", a.text), 7000 + i)
    return out


def rendered_block(lines: Sequence[Line], title: str) -> str:
    """``lines`` under ``title``, in reading order, each section heading once (plain text: a node's summary
    as a roll-up reads it; the summarizer prompt frames it as data)."""
    out, heading = [title], None
    for line in sorted(lines, key=lambda x: x.order):
        if line.heading and line.heading != heading:
            heading = line.heading
            out.append(f"{heading}:")
        out.append(line.text)
    return "\n".join(out)


def _block(lines: Sequence[Line], title: str) -> str:
    """A data block: ``title`` as its kind, each line made one safe line, each heading once."""
    out, heading = [], None
    for line in sorted(lines, key=lambda x: x.order):
        if line.heading and line.heading != heading:
            heading = line.heading
            out.append(f"{one_line(heading)}:")
        text = one_line(line.text)
        out.append(text if line.block != "summary" or line.heading else f"Summary: {text}")
    return data_block(title, out)


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


_STABLE = ("instructions", "task", "summary", "worklog", "pinned")  # system message blocks, in this order


def _system_text(inp: ContextInput, chosen: Sequence[Line], hidden: Sequence[Message] = ()) -> str:
    """The system message: the prompt, then (framed) the stable data blocks. ``hidden`` is unused here
    (the elision note is in the per-request note) and kept for callers of the old signature."""
    parts = [inp.system] if inp.system else []
    by = {b: [ln for ln in chosen if ln.block == b] for b in _STABLE}
    blocks = []
    if by["instructions"]:
        blocks.append(_block(by["instructions"], "Standing instructions the user gave (in force until changed)"))
    if by["task"]:
        blocks.append(_block(by["task"], "The task as the user gave it (verbatim)"))
    if by["summary"] or by["worklog"]:
        blocks.append(
            _block(
                by["summary"] + by["worklog"], f"Summary of the conversation so far (messages 1-{inp.covered_until})"
            )
        )
    if by["pinned"]:
        blocks.append(_block(by["pinned"], "Kept verbatim from earlier messages"))
    if blocks:
        parts += [FRAMING, *blocks]
    return "\n\n".join(parts)


def _note_text(inp: ContextInput, chosen: Sequence[Line], hidden: Sequence[Message]) -> str:
    """The per-request note (sent last): quotes for this query, finer summary nodes, the elision note."""
    parts = []
    detail = [ln for ln in chosen if ln.block == "detail"]
    quotes = [ln for ln in chosen if ln.block == "quotes"]
    if detail:
        parts.append(_block(detail, "In more detail, from the parts of the conversation about this question"))
    if quotes:
        parts.append(_block(quotes, "Recalled verbatim from the conversation archive"))
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


def _forced_groups(tail: Sequence[Message], grp: Sequence[tuple[int, int]]) -> set[int]:
    """Groups that are always shown: the last one and the one holding the latest user message."""
    forced = {len(grp) - 1} if grp else set()
    lu = last_user_index(tail)
    if lu is not None:
        forced.add(next(g for g, (s, e) in enumerate(grp) if s <= lu < e))
    return forced


# fitted views of oversized messages, by (tokenizer, seq, size, cap): the same message is trimmed the same way
# on every request (a stable prefix), and only once
_FITTED: dict[tuple, tuple[Message, int]] = {}


def _fitted(m: Message, cap: int, tokenizer: Tokenizer) -> tuple[Message, int]:
    key = (getattr(tokenizer, "name", id(tokenizer)), m.seq, m.tool_call_id, len(m.text), hash(m.text[:200]), cap)
    hit = _FITTED.get(key)
    if hit is None:
        out = fit_message(m, cap, tokenizer.count_message)
        hit = (out, tokenizer.count_message(out))
        if len(_FITTED) > 4096:
            _FITTED.clear()
        _FITTED[key] = hit
    return hit


def _view(inp: ContextInput, budget: int, tokenizer: Tokenizer, policy: Policy) -> tuple[list[Message], list[int]]:
    """The tail as shown: a tool result or assistant turn over its share of the budget trimmed (stable)."""
    cap = max(int(policy.tool_result_share * budget), 48)
    view, toks = list(inp.tail), list(inp.tail_tokens)
    for i, m in enumerate(view):
        if toks[i] > cap and m.role in ("tool", "assistant"):
            view[i], toks[i] = _fitted(m, cap, tokenizer)
    return view, toks


def _squeeze(view: list[Message], toks: list[int], idx: Sequence[int], room: int, tokenizer: Tokenizer) -> None:
    """Trim the non-user messages at ``idx`` so that together they fit ``room`` (as far as markers allow)."""
    fixed = sum(toks[i] for i in idx if view[i].role not in ("tool", "assistant"))
    soft = [i for i in idx if view[i].role in ("tool", "assistant")]
    if not soft:
        return
    if fixed + sum(toks[i] for i in soft) <= room:
        return
    each = max((room - fixed) // len(soft), 24)
    for i in soft:
        if toks[i] > each:
            view[i], toks[i] = _fitted(view[i], each, tokenizer)
    if fixed + sum(toks[i] for i in soft) > room:  # uneven densities: fall back to marker-only forms
        for i in soft:
            view[i], toks[i] = _fitted(view[i], 1, tokenizer)


def _digest(group: Sequence[Message]) -> list[Message]:
    """A group as stage 1 shows it: the assistant text clipped, calls kept (long arguments trimmed), each tool
    result replaced by a one-line digest naming its message id."""
    calls = {tc.id: tc for m in group for tc in m.tool_calls}
    out = []
    for m in group:
        if m.role == "tool":
            line = digest_line(calls.get(m.tool_call_id or ""), m)
            out.append(replace(m, content=f"[digest of message #{m.seq}; full output stored, recall it] {line}"))
        elif m.role == "assistant":
            args = tuple(replace(tc, arguments=_short_args(tc.arguments, m.seq)) for tc in m.tool_calls)
            text = m.text
            content = trim_text(text, 300, m.seq, "text") if isinstance(m.content, str) or text else m.content
            out.append(replace(m, content=content if content else m.content, tool_calls=args))
        else:
            out.append(m)
    return out


def _short_args(arguments: str, seq: int | None) -> str:
    from .digest import _trim_args

    return _trim_args(arguments, 400, seq)


def assemble(inp: ContextInput, budget: int, tokenizer: Tokenizer, policy: Policy) -> Assembled:
    """Fit system prompt, data blocks, the recent window and the per-request note into ``budget``."""
    view, toks = _view(inp, budget, tokenizer, policy)
    base = tokenizer.count_messages(())  # reply priming
    grp = groups(view)
    forced = _forced_groups(view, grp)
    shown = {i for g in forced for i in range(*grp[g])}
    system_cost = _cost(inp.system or "", tokenizer)
    others = [m for i, m in enumerate(view) if i not in shown]
    note_min = _cost(elision_note(others), tokenizer, "user") if others else 0
    # tool results and assistant turns of the forced groups give way to the latest user text
    _squeeze(view, toks, sorted(shown), budget - base - system_cost - note_min, tokenizer)
    forced_cost = sum(toks[i] for i in shown)
    if budget < base + system_cost + note_min + forced_cost:
        floor_view, floor_toks = list(view), list(toks)
        _squeeze(floor_view, floor_toks, sorted(shown), 0, tokenizer)  # the marker-only forms: the least it takes
        raise BudgetTooSmall(budget, base + system_cost + note_min + sum(floor_toks[i] for i in shown))
    inp = _with_tail_instructions(inp, tokenizer)
    room = budget - base - forced_cost - system_cost
    room -= 24 if (inp.lines or inp.quotes or inp.spare_quotes) else 0  # block titles and headings
    chosen: list[Line] = []
    for blocks, share in (
        (("instructions",), policy.instructions_share),
        (("task",), policy.task_share),
        (("summary", "detail"), policy.summary_share),
        (("worklog",), policy.worklog_share),
        (("pinned",), policy.pinned_share),
    ):
        took = _take([ln for ln in inp.lines if ln.block in blocks], min(room, int(share * budget)))
        chosen += took
        room -= sum(ln.tokens for ln in took)
    # the stable part counted exactly once (framing, titles, headings, delimiters and BPE joins included)
    room = budget - base - forced_cost - _cost(_system_text(inp, chosen), tokenizer) - 16
    paid: dict[str, int] = {}  # quote day headings, each paid once
    # an agent needs its recent tool results more than recalled turns: its quotes only get what the window leaves
    agent = any(m.role == "tool" for m in view)
    share = int(policy.recall_share * budget)
    quotes = [] if agent else _take_quotes(inp.quotes, min(room, share), tokenizer, paid)
    room -= sum(ln.tokens for ln in quotes) + sum(paid.values())
    note = note_min  # the elision note, paid up front, refunded if nothing ends up hidden
    room -= note
    room = _window(view, toks, grp, forced, shown, room, policy, tokenizer, int(policy.worklog_share * budget))
    if len(shown) == len(view):
        room += note
    if agent:
        quotes = _take_quotes(inp.quotes, min(room, share), tokenizer, paid)
        room -= sum(ln.tokens for ln in quotes) + sum(paid.values())
    # unused room is filled with further quotes for a conversation; an agent's request stays lean (and cacheable)
    spare = _take_quotes(inp.spare_quotes, room, tokenizer, paid) if inp.spare_quotes and not agent else []
    return _fit(inp, view, toks, chosen + quotes + spare, shown, budget, tokenizer, forced)


def _window(
    view, toks, grp, forced, shown: set[int], room: int, policy: Policy, tokenizer: Tokenizer, digest_cap: int | None
) -> int:
    """Add the newest whole groups that fit verbatim, then (stage 1) older ones as digests; returns the room left."""
    g = len(grp) - 1
    while g >= 0:  # newest first; stop at the first group that does not fit
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
    spent, cap = 0, int(policy.worklog_share * policy.budget) if digest_cap is None else digest_cap
    while g >= 0:
        if g not in forced:
            s, e = grp[g]
            digested = _digest(view[s:e])
            costs = [tokenizer.count_message(m) for m in digested]
            if sum(costs) > room or spent + sum(costs) > cap:
                break
            view[s:e], toks[s:e] = digested, costs
            shown.update(range(s, e))
            room -= sum(costs)
            spent += sum(costs)
        g -= 1
    return room


def _with_tail_instructions(inp: ContextInput, tokenizer: Tokenizer) -> ContextInput:
    """Add the standing instructions of the unsummarised user messages to those the summary holds."""
    tail_users = [m for m in inp.tail if m.role == "user"]
    if not tail_users:
        return inp
    held = [ln for ln in inp.lines if ln.block == "instructions"]
    if not any(_instructions.detect(m) for m in tail_users) and not held:
        return inp
    # the summary's instructions (oldest first) as items again, then the tail's on top
    from ..types import SummaryItem

    items = []
    for ln in sorted(held, key=lambda x: x.order):
        seq_text = ln.text.split("] ", 1)
        seq = seq_text[0].lstrip("[#").split(" ")[0]
        items.append(
            SummaryItem(text=seq_text[-1], sources=(int(seq),) if seq.isdigit() else (), subject="instruction")
        )
    merged = _instructions.capture(items, tail_users)
    lines = [ln for ln in inp.lines if ln.block != "instructions"] + instruction_lines(merged, tokenizer.count)
    return replace_input(inp, lines)


def replace_input(inp: ContextInput, lines: Sequence[Line]) -> ContextInput:
    return ContextInput(inp.system, inp.tail, inp.tail_tokens, lines, inp.covered_until, inp.quotes, inp.spare_quotes)


def _fit(
    inp: ContextInput,
    view: list[Message],
    toks: list[int],
    chosen: list[Line],
    shown: set[int],
    budget: int,
    tokenizer: Tokenizer,
    forced: set[int],
) -> Assembled:
    """Exact count; shed the least important piece until the request fits.

    Window messages cost their per-message counts (exact, additive across messages); only the system
    message and the note, whose pieces are joined, are re-counted here.
    """
    grp = groups(view)
    base = tokenizer.count_messages(())
    while True:
        hidden = [inp.tail[i] for i in range(len(view)) if i not in shown]
        text = _system_text(inp, chosen)
        note = _note_text(inp, chosen, hidden)
        total = base + _cost(text, tokenizer) + _cost(note, tokenizer, "user") + sum(toks[i] for i in shown)
        if total <= budget:
            window = [view[i] for i in sorted(shown)]
            msgs = ([Message(role="system", content=text)] if text else []) + _with_note(window, note)
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
    return _system_text(ContextInput(None, (), (), lines, covered_until), lines, ())
