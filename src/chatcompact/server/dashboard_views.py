"""What the dashboard's routes answer, shaped from library values (pure: no I/O, no clock).

A transcript row (``message_row``), the request the model saw at a turn (``turn_json``, from
``chatcompact.TurnContext``: the assembler's own lines and messages, never the text of a system message
parsed back), a summary version as a timeline row and its diff grouped by section (``version_row``,
``version_diff``), and an agent's work log (``worklog_json``). Every text is sent as data; the page
renders it escaped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..core.digest import digest_line
from ..core.merge import clip as clip_span
from ..runtime.turns import TurnContext
from ..types import SECTIONS, Message, SummaryItem, SummaryState, SummaryVersion, ToolCall, WorkLog

CLIP = 3000  # characters of a message a transcript row carries; the rest is one click away
ARG_CLIP = 600
DIGEST_SCAN = 100_000  # a digest reads at most this much of each end of a huge output
PIN_CLIP = 60  # how long the merge report's pinned spans are (core.merge clips them so)

#: section -> the title the page shows (the summary's sections, then the deterministic ones)
TITLES = {
    "decisions": "Decisions",
    "user_facts": "About the user",
    "todos": "To do",
    "open_questions": "Open questions",
    "identifiers": "Identifiers",
    "topics": "Topics",
    "instructions": "Standing instructions",
    "pinned": "Pinned verbatim",
    "cut": "New in this span, cut by the section caps in the same merge",
    "other": "Other",
}
KINDS = ("added", "superseded", "resolved", "dropped", "removed")
_SEQ = re.compile(r"^\[#(\d+)[ \]]")
Count = Callable[[str], int]


def clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[:n]


# ---------------------------------------------------------------- transcript
def message_row(m: Message, calls: Mapping[str, ToolCall], tokens: int | None = None) -> dict[str, Any]:
    """One transcript row: text clipped to CLIP characters (``chars`` is the full size), tool calls with their
    arguments clipped, and for a tool output its one-line digest (``core.digest.digest_line``)."""
    text = m.text
    row: dict[str, Any] = {
        "seq": m.seq,
        "role": m.role,
        "name": m.name,
        "time": m.created_at,
        "text": clip(text, CLIP),
        "chars": len(text),
        "tokens": tokens,
    }
    if m.tool_calls:
        row["tool_calls"] = [
            {"id": tc.id, "name": tc.name, "arguments": clip(tc.arguments, ARG_CLIP), "chars": len(tc.arguments)}
            for tc in m.tool_calls
        ]
    if m.tool_call_id is not None:
        row["tool_call_id"] = m.tool_call_id
    if m.role == "tool":
        row["digest"] = digest_line(calls.get(m.tool_call_id or ""), _scannable(m))
    return row


def _scannable(m: Message) -> Message:
    """``m`` as a digest reads it: a huge output's head and tail (the command's outcome is at its end)."""
    text = m.text
    if len(text) <= 2 * DIGEST_SCAN:
        return m
    return Message(role=m.role, content=text[:DIGEST_SCAN] + "\n…\n" + text[-DIGEST_SCAN:], seq=m.seq)


def tool_calls(messages: Iterable[Message]) -> dict[str, ToolCall]:
    return {tc.id: tc for m in messages for tc in m.tool_calls}


# ---------------------------------------------------------------- the request at a turn
def _sources(state: SummaryState | None) -> dict[str, tuple[int, ...]]:
    """Summary line text (``- item``) -> the item's source messages, for every section."""
    if state is None:
        return {}
    return {f"- {it.text}": it.sources for s in SECTIONS for it in getattr(state, s)}


def turn_json(tc: TurnContext, count_message: Callable[[Message], int]) -> dict[str, Any]:
    """The request as the model received it after message ``tc.seq``: the data blocks (lines by block and
    heading, each with the messages it cites), the recent window (each message verbatim, trimmed or digested,
    with what was cut), what was elided, and the request's messages in order with their token counts."""
    a, v = tc.assembled, tc.version
    cites = _sources(v.state if v else None)
    blocks: dict[str, list[dict[str, Any]]] = {}
    for line in sorted(a.lines, key=lambda ln: (ln.block, ln.order)):
        if line.block == "quotes":
            seqs: tuple[int, ...] = (line.order,)
        else:
            hit = _SEQ.match(line.text)
            seqs = cites.get(line.text, ()) if hit is None else (int(hit.group(1)),)
        blocks.setdefault(line.block, []).append(
            {"heading": line.heading, "text": line.text, "tokens": line.tokens, "seqs": list(seqs)}
        )
    originals = {m.seq: m for m in tc.tail}
    window, outline = [], []
    for m in a.messages:
        outline.append({"role": m.role, "seq": m.seq, "tokens": count_message(m)})
        if m.seq is None:
            outline[-1]["kind"] = "system" if m.role == "system" else "data"
            continue
        outline[-1]["kind"] = "window"
        window.append(_window_row(m, originals.get(m.seq)))
    return {
        "seq": tc.seq,
        "query": tc.query,
        "imported": tc.imported,
        "version": _version_ref(v),
        "budget": a.budget,
        "tokens": a.tokens,
        "blocks": blocks,
        "window": window,
        "hidden": [m.seq for m in a.hidden],
        "summary_lines": a.summary_lines,
        "summary_lines_total": a.summary_lines_total,
        "pinned": sorted({p.seq for p in v.state.pinned}) if v else [],
        "messages": outline,
        "worklog": worklog_json(v.state.worklog) if v else None,
    }


def _window_row(shown: Message, original: Message | None) -> dict[str, Any]:
    """A window message: ``verbatim``, ``trimmed`` (head and tail kept, the middle cut) or ``digest`` (a tool
    output replaced by its one-line digest), with the text the model got."""
    full = original.text if original else shown.text
    full_args = sum(len(tc.arguments) for tc in (original.tool_calls if original else ()))
    shown_args = sum(len(tc.arguments) for tc in shown.tool_calls)
    form = "verbatim"
    if shown.text != full or shown_args != full_args:
        form = "digest" if shown.role == "tool" and shown.text.startswith("[digest of message #") else "trimmed"
    return {
        "seq": shown.seq,
        "role": shown.role,
        "form": form,
        "chars": len(full) + full_args,
        "shown_chars": len(shown.text) + shown_args,
        "text": clip(shown.text, CLIP) if form != "verbatim" else "",
    }


def _version_ref(v: SummaryVersion | None) -> dict[str, Any] | None:
    if v is None:
        return None
    return {
        "version": v.version,
        "trigger": v.trigger,
        "covered_from": v.covered_from,
        "covered_until": v.covered_until,
        "created_at": v.created_at,
    }


def _items(items: Sequence[SummaryItem]) -> list[dict[str, Any]]:
    return [{"text": it.text, "seqs": list(it.sources)} for it in items]


def worklog_json(log: WorkLog) -> dict[str, Any] | None:
    """An agent's work log, each entry with the messages it cites (None when there is none)."""
    if log.is_empty():
        return None
    return {
        "task": {"text": log.task, "seq": log.task_seq},
        "request": {"text": log.request, "seq": log.request_seq},
        "plan": {"text": log.plan, "seq": log.plan_seq},
        "files_changed": list(log.files_changed),
        "files_read": list(log.files_read),
        "commands": _items(log.commands),
        "failures": _items(log.errors),
        "abandoned": _items(log.abandoned),
        "names": list(log.names[-40:]),
    }


# ---------------------------------------------------------------- the compaction timeline
def _where(state: SummaryState | None) -> dict[str, tuple[str, tuple[int, ...]]]:
    """Item text -> (section, sources) for every item of ``state`` (standing instructions included)."""
    if state is None:
        return {}
    out: dict[str, tuple[str, tuple[int, ...]]] = {}
    for s in (*SECTIONS, "instructions"):
        for it in getattr(state, s):
            out.setdefault(it.text, (s, it.sources))
    for p in state.pinned:  # the report names pinned spans clipped, as the merge clips them
        out.setdefault(clip_span(p.text, PIN_CLIP), ("pinned", (p.seq,)))
    return out


def diff_items(v: SummaryVersion, parent: SummaryVersion | None) -> list[dict[str, Any]]:
    """``v.report`` as one entry per item: its section (looked up in the state it is in), the messages it
    cites, and ONE kind. An item the report lists both as added and as leaving (added, then cut by a cap in the
    same merge) is listed once, as what it ended as: in the new state, added; otherwise the way it left."""
    new, old = _where(v.state), _where(parent.state if parent else None)
    seen: dict[str, dict[str, Any]] = {}
    for kind in KINDS:
        for text in getattr(v.report, kind):
            entry = seen.get(text)
            if entry is not None:  # listed twice: keep what the state says it became
                if entry["kind"] == "added" and text not in new:
                    entry.update(kind=kind, also_added=True, section=old[text][0] if text in old else "cut")
                continue
            section, seqs = (new if kind == "added" else old).get(text) or new.get(text) or old.get(text) or ("", ())
            seen[text] = {"kind": kind, "section": section or "other", "text": text, "seqs": list(seqs)}
    for text in v.report.pinned:
        cites = list(new.get(text, ("", ()))[1])
        seen.setdefault(f"pin:{text}", {"kind": "added", "section": "pinned", "text": text, "seqs": cites})
    return list(seen.values())


def version_row(
    v: SummaryVersion, parent: SummaryVersion | None, summary_tokens: Callable[[SummaryVersion | None], int]
) -> dict[str, Any]:
    """A timeline row: when, trigger, span folded, tokens before (the old summary plus the folded messages)
    and after (the new summary), and per section how many items were added / superseded / resolved / dropped."""
    counts: dict[str, dict[str, int]] = {}
    for item in diff_items(v, parent):
        per = counts.setdefault(item["section"], dict.fromkeys(KINDS, 0))
        per[item["kind"]] += 1
    folded = int(v.meta.get("tokens_folded", 0) or 0)
    return {
        **(_version_ref(v) or {}),
        "parent": v.parent,
        "summarizer": v.summarizer,
        "messages": int(v.meta.get("messages", 0) or 0),
        "tokens_before": summary_tokens(parent) + folded,
        "tokens_after": summary_tokens(v),
        "counts": counts,
        "totals": {k: sum(c[k] for c in counts.values()) for k in KINDS},
        "narrative_changed": v.report.narrative_changed,
        "note": v.meta.get("note"),
        "reverted_to": v.meta.get("reverted_to"),
    }


def version_diff(v: SummaryVersion, parent: SummaryVersion | None) -> list[dict[str, Any]]:
    """The diff grouped by section (in the summary's order), each item once with its provenance."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for item in diff_items(v, parent):
        groups.setdefault(item["section"], []).append(item)
    order = [*SECTIONS, "instructions", "pinned", "cut", "other"]
    return [
        {"section": s, "title": TITLES.get(s, s), "items": groups[s]}
        for s in sorted(groups, key=lambda s: order.index(s) if s in order else len(order))
    ]
