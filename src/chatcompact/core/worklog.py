"""An agent's work log, extracted from its tool calls and results without a model. Pure.

At every compaction :func:`carry` folds the evicted messages into ``SummaryState.worklog`` and
``SummaryState.instructions``, whichever summarizer produced the rest of the state (so an LLM summarizer
cannot lose them): the task as given (verbatim), files read and changed, one digest line per command with its
outcome (stage 1 of compaction: the call kept, the output one line, the whole output one ``recall`` away), the
latest failing outputs, approaches the agent abandoned and why, and its latest plan. Every list is capped here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any, TypeVar

from ..types import Message, SummaryDelta, SummaryItem, SummaryState, ToolCall, WorkLog
from . import instructions
from .digest import command_of, digest_line, mentioned, outcome
from .pause import point

T = TypeVar("T")

__all__ = ["CAPS", "carry", "update"]

CAPS = {"commands": 40, "files_read": 40, "files_changed": 30, "errors": 3, "abandoned": 6, "names": 300}
NAMES_PER_OUTPUT = 16
TASK_MAX_CHARS = 20_000  # the task verbatim up to this (assembly shows what fits its share)
PLAN_MAX_CHARS = 400
_PATHISH = re.compile(r"(?<![\w/.-])(?:\.{0,2}/)?(?:[\w.-]+/)+[\w.-]*\w|(?<![\w/.-])[\w-]+\.[A-Za-z]{1,5}\b")
_REDIRECT = re.compile(r">{1,2}\s*([^\s;&|>]+)")
_WRITE_OPEN = re.compile(r"open\(\s*['\"]([^'\"]+)['\"]\s*,\s*['\"][wa]")
_EDITS = re.compile(r"\bsed\s+-i|\bpatch\b|\bgit\s+apply\b|\btee\b|\bperl\s+-pi|\bmv\b|\bcp\b|\brm\b|\btouch\b")
_NOT_FILES = frozenset({"/dev/null", "2>&1", "&1"})


@lru_cache(maxsize=1)
def _abandon_cues() -> re.Pattern[str]:
    raw = json.loads(resources.files("chatcompact").joinpath("data", "lang", "worklog.json").read_text("utf-8"))
    phrases = [p for lang, v in raw.items() if not lang.startswith("_") for p in v]
    return re.compile("|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True)), re.IGNORECASE)


def _files(call: ToolCall) -> tuple[list[str], list[str]]:
    """``(read, changed)`` paths a call touched, from its command line (or a file-editing tool's arguments)."""
    try:
        args = json.loads(call.arguments or "{}")
    except json.JSONDecodeError:
        args = {}
    if isinstance(args, dict) and isinstance(args.get("path"), str) and "command" in args:
        sub = str(args.get("command"))
        return ([args["path"]], []) if sub in ("view", "read") else ([], [args["path"]])
    cmd = command_of(call)
    written = set(_REDIRECT.findall(cmd)) | set(_WRITE_OPEN.findall(cmd))
    paths = [p for p in dict.fromkeys(_PATHISH.findall(cmd)) if p not in _NOT_FILES and not p.startswith("-")]
    edits = bool(_EDITS.search(cmd))
    changed = [p for p in paths if p in written or edits]
    read = [p for p in paths if p not in changed]
    return read, changed + [p for p in written if p not in paths and p not in _NOT_FILES and "&" not in p]


def _keep(items: Sequence[T], cap: int) -> tuple[T, ...]:
    return tuple(items[-cap:]) if cap else ()


def _add_unique(old: Sequence[str], new: Sequence[str], cap: int) -> tuple[str, ...]:
    """``old`` + ``new``, a path seen again moves to the newest end."""
    out = [p for p in old if p not in new] + list(dict.fromkeys(new))
    return _keep(out, cap)


def _names(m: Message) -> list[str]:
    """The paths and code names a message brings up: all of a user's, or of an agent step's reasoning and
    commands (an agent reuses the names it reasoned about), the first few of an output."""
    if m.role == "tool":
        return mentioned(m.text[:20_000], NAMES_PER_OUTPUT)
    text = m.text if m.role == "user" else " ".join([m.text, *(command_of(tc) for tc in m.tool_calls)])
    return mentioned(text[:20_000], 200)


def _failed(output: str) -> bool:
    o = outcome(output)
    return bool(re.search(r"exit [1-9]|\d+ failed|FAILED", o)) or "Traceback (most recent call last)" in output


def update(log: WorkLog, messages: Sequence[Message]) -> WorkLog:
    """``log`` after the agent's ``messages`` (oldest first): what they read, ran, changed, failed and planned."""
    if not log.commands and not any(m.role == "tool" for m in messages):
        return log  # a conversation, not an agent loop: the summary sections cover it
    calls: dict[str, tuple[ToolCall, Message]] = {}
    fields: dict[str, Any] = log.model_dump()
    commands, errors, abandoned = list(log.commands), list(log.errors), list(log.abandoned)
    read, changed = list(log.files_read), list(log.files_changed)
    names: Sequence[str] = list(log.names)
    for m in messages:
        point()
        seq = m.seq or 0
        names = _add_unique(names, _names(m), 10_000)
        if m.role == "user" and m.text.strip():
            if not fields["task"]:
                fields["task"], fields["task_seq"] = m.text[:TASK_MAX_CHARS], seq
            else:
                fields["request"], fields["request_seq"] = m.text[: TASK_MAX_CHARS // 2], seq
        elif m.role == "assistant":
            for tc in m.tool_calls:
                calls[tc.id] = (tc, m)
            thought = " ".join(m.text.split())
            if thought:
                fields["plan"], fields["plan_seq"] = thought[:PLAN_MAX_CHARS], seq
                if _abandon_cues().search(thought):
                    abandoned.append(SummaryItem(text=thought[:240], sources=(seq,)))
        elif m.role == "tool":
            call, asked = calls.get(m.tool_call_id or "", (None, None))
            sources = tuple(s for s in ((asked.seq if asked else None), seq) if s)
            commands.append(SummaryItem(text=digest_line(call, m), sources=sources))
            if call is not None:
                r, c = _files(call)
                read, changed = list(_add_unique(read, r, 10_000)), list(_add_unique(changed, c, 10_000))
            if _failed(m.text):
                tail = " ".join(m.text[-600:].split())
                errors.append(SummaryItem(text=f"{command_of(call)[:80]} -> {tail[-300:]}", sources=(seq,)))
    read = [p for p in read if p not in changed]
    fields.update(
        commands=_keep(commands, CAPS["commands"]),
        errors=_keep(errors, CAPS["errors"]),
        abandoned=_keep(abandoned, CAPS["abandoned"]),
        files_read=_keep(read, CAPS["files_read"]),
        files_changed=_keep(changed, CAPS["files_changed"]),
        names=_keep(names, CAPS["names"]),
    )
    return WorkLog(**fields)


def _llm_view(log: WorkLog, delta: SummaryDelta) -> WorkLog:
    """Take a model's plan and abandoned approaches (when its delta has them) over the extracted ones."""
    theirs = delta.worklog
    if theirs is None:
        return log
    plan = theirs.plan or log.plan
    abandoned = _keep(list(log.abandoned) + list(theirs.abandoned), CAPS["abandoned"])
    return log.model_copy(update={"plan": plan[:PLAN_MAX_CHARS], "abandoned": abandoned})


def carry(
    parent: SummaryState,
    merged: SummaryState,
    evicted: Sequence[Message],
    delta: SummaryDelta,
    heard: instructions.Heard | None = None,
) -> SummaryState:
    """``merged`` (the summarizer's merge) with the parent's instructions and work log carried and updated
    by the ``evicted`` messages. The cue rules read the messages the same whatever summarizer produced ``merged``;
    what it read as standing preferences (``delta.standing``, screened: whole sentences of the user's own words)
    counts where they found nothing. ``heard``: the vectors of the user's sentences, for the learned reader
    (:func:`chatcompact.core.instructions.reader_asks`)."""
    log = _llm_view(update(parent.worklog, evicted), delta)
    proposed: dict[int, set[str]] = {}
    for item in delta.standing:
        for seq in item.sources:
            proposed.setdefault(seq, set()).add(item.text)

    def reading(m: Message) -> instructions.Reading:
        return instructions.read(m, frozenset(proposed.get(m.seq or 0, ())), heard)

    if proposed or heard:
        rules = instructions.capture(parent.instructions, evicted, reading)
    else:
        rules = instructions.capture(parent.instructions, evicted)
    return merged.model_copy(update={"worklog": log, "instructions": rules})
