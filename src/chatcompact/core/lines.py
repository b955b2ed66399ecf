"""The summary, pinned spans, instructions and work log as budgeted lines, and lines as data blocks. Pure.

Every piece of committed state that ``context()`` may show becomes a :class:`Line` with its token cost and
priority; :mod:`chatcompact.core.assemble` takes lines by priority under each share of the budget and renders
the chosen ones, in reading order, as escaped data blocks (:func:`data_block_of`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..types import SummaryItem, SummaryState, WorkLog
from . import lang
from .digest import mentioned
from .render import data_block, one_line, quoted_line

Count = Callable[[str], int]

__all__ = ["Line", "data_block_of", "instruction_lines", "render_lines", "rendered_block", "worklog_lines"]

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


def render_lines(state: SummaryState, covered_until: int, count: Count) -> list[Line]:
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


def instruction_lines(items: Sequence[SummaryItem], count: Count) -> list[Line]:
    """The standing instructions, newest first in priority, rendered oldest first. Items of one message next to
    each other share its line, as the user wrote them ("[#7 user] Keep replies short. I read these on my phone."):
    two rules of one statement read as one, and the message's id is written once."""
    groups: list[list[SummaryItem]] = []
    for it in items:
        if groups and it.sources and groups[-1][-1].sources[:1] == it.sources[:1]:
            groups[-1].append(it)
        else:
            groups.append([it])
    out: list[Line] = []
    for i in range(len(groups) - 1, -1, -1):
        group = groups[i]
        said = group[0].text
        for it in group[1:]:
            said += f"{lang.glue(said)}{it.text}"
        text = quoted_line(group[0].sources[0] if group[0].sources else None, "user", said)
        out.append(Line("instructions", "", text, count(text) + 1, i))
    return out


def _paragraphs(text: str, seq: int | None, count: Count, order0: int, block: str) -> list[Line]:
    """A user text as lines (one per paragraph, ~600 chars at most), first paragraph first in priority."""
    out: list[Line] = []
    order = order0
    for para in (p for p in text.split("\n\n") if p.strip()):
        for k in range(0, len(para), 600):
            line = quoted_line(seq, "user", para[k : k + 600])
            out.append(Line(block, "", line, count(line) + 1, order))
            order += 1
    return out


def worklog_lines(log: WorkLog, count: Count) -> list[Line]:
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
    # every name before the commands, newest first: a name costs a few tokens, a command line many, and the
    # names are what a later step reuses (measured on the agent replay, both halves, both budgets)
    chunks = [log.names[k : k + 12] for k in range(0, len(log.names), 12)]
    for k in range(len(chunks) - 1, -1, -1):
        add("Names seen (paths, code names)", "- " + ", ".join(chunks[k]), 4000 + k)
    for i in range(len(log.commands) - 1, -1, -1):
        c = log.commands[i]
        add("Commands run (oldest first)", quoted_line(c.sources[-1] if c.sources else None, "tool", c.text), 3000 + i)
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


def data_block_of(lines: Sequence[Line], title: str) -> str:
    """A data block: ``title`` as its kind, each line made one safe line, each heading once."""
    out, heading = [], None
    for line in sorted(lines, key=lambda x: x.order):
        if line.heading and line.heading != heading:
            heading = line.heading
            out.append(f"{one_line(heading)}:")
        text = one_line(line.text)
        out.append(text if line.block != "summary" or line.heading else f"Summary: {text}")
    return data_block(title, out)
