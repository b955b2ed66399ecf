"""Frozen value types shared by every layer.

One wire format: OpenAI chat message dicts come in (:func:`parse_message` validates them)
and go out (:meth:`Message.to_openai`); the Anthropic shape is produced by ``core.assemble``.
Messages are plain frozen dataclasses (cheap on the hot path); the summary state is a
pydantic model because summarizers exchange it as JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .errors import InvalidArgument, InvalidMessage

Role = Literal["system", "developer", "user", "assistant", "tool"]
ROLES: frozenset[str] = frozenset({"system", "developer", "user", "assistant", "tool"})
SECTIONS: tuple[str, ...] = ("decisions", "user_facts", "todos", "open_questions", "identifiers", "topics")

_NAME_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_PART_TYPES = frozenset({"text", "image_url", "input_audio", "file", "refusal"})
# Optional OpenAI fields we accept and pass through untouched.
_PASSTHROUGH = frozenset({"refusal", "annotations", "audio"})
_KNOWN = frozenset({"role", "content", "name", "tool_calls", "tool_call_id", "meta"}) | _PASSTHROUGH
#: The largest USER message parse_message accepts by default, in characters (Policy.max_message_chars overrides
#: it). Tool results, assistant turns and an app's system notes have no size limit: an agent loop must never stop
#: because a tool printed a lot (they are stored in full and shown trimmed, ``core.fitting``).
MAX_MESSAGE_CHARS = 1_000_000
_LIMITED_ROLES = frozenset({"user"})  # the roles max_chars applies to: text a person typed
MAX_JSON_DEPTH = 32  # nesting of content parts and passthrough fields (a deeper structure is an attack, not data)
MAX_ID_CHARS = 512  # tool call ids
# A lone surrogate cannot be encoded as UTF-8: no store (no file, no wire format) could keep it.
_UNSTORABLE = re.compile("[\\ud800-\\udfff]")


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One function call requested by an assistant message."""

    id: str
    name: str
    arguments: str = "{}"

    def to_openai(self) -> dict[str, Any]:
        return {"id": self.id, "type": "function", "function": {"name": self.name, "arguments": self.arguments}}


@dataclass(frozen=True, slots=True)
class Message:
    """A chat message. ``seq`` (1-based position in its thread) and ``created_at`` are set once stored."""

    role: str
    content: str | tuple[Mapping[str, Any], ...] | None = None
    name: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    seq: int | None = None
    created_at: float | None = None
    # Opaque data an adapter keeps with the message (a framework's ids, metadata, provider items): plain JSON,
    # stored with the message and read back by history(), never sent to a model and never counted as tokens.
    meta: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The message's readable text: string content, or its text parts joined."""
        c = self.content
        if c is None:
            return ""
        if isinstance(c, str):
            return c
        return "\n".join(str(p.get("text", "")) for p in c if p.get("type") in ("text", "refusal"))

    @property
    def searchable_text(self) -> str:
        """Text plus tool-call names and arguments: what full-text search and summaries look at."""
        calls = " ".join(f"{tc.name}({tc.arguments})" for tc in self.tool_calls)
        return f"{self.text} {calls}".strip() if calls else self.text

    def to_openai(self) -> dict[str, Any]:
        """The message as an OpenAI chat dict (store metadata left out)."""
        out: dict[str, Any] = {"role": self.role}
        c = self.content
        out["content"] = [dict(p) for p in c] if isinstance(c, tuple) else c
        if self.name is not None:
            out["name"] = self.name
        if self.tool_calls:
            out["tool_calls"] = [tc.to_openai() for tc in self.tool_calls]
        if self.tool_call_id is not None:
            out["tool_call_id"] = self.tool_call_id
        out.update(self.extra)
        return out

    def to_stored(self) -> dict[str, Any]:
        """The OpenAI dict plus ``meta`` when there is any: the body a store keeps (``parse_message`` reads it)."""
        out = self.to_openai()
        if self.meta:
            out["meta"] = dict(self.meta)
        return out

    def to_record(self) -> dict[str, Any]:
        """The stored dict plus ``seq`` and ``created_at`` (what ``history`` and the CLI print)."""
        return {**self.to_stored(), "seq": self.seq, "created_at": self.created_at}

    def with_meta(self, seq: int, created_at: float) -> Message:
        return replace(self, seq=seq, created_at=created_at)


def _text(value: str, where: str) -> str:
    """``value`` if every store can keep it; InvalidMessage naming the bad character otherwise."""
    if value.isascii():
        return value  # the common case, and a 2 MB tool output's: no regex pass over it (16 ms a megabyte)
    try:
        value.encode("utf-8")  # C speed; only a lone surrogate fails it
        return value
    except UnicodeEncodeError:
        pass
    bad = _UNSTORABLE.search(value)
    if bad:
        raise InvalidMessage(
            where, f"holds a lone surrogate {bad.group()!r} at position {bad.start()} (not UTF-8 text)"
        )
    return value


def _plain_json(value: Any, where: str, depth: int = 0) -> int:
    """Check ``value`` is plain JSON (str keys, finite numbers, no sets, bounded depth); return its characters."""
    if depth > MAX_JSON_DEPTH:
        raise InvalidMessage(where, f"is nested more than {MAX_JSON_DEPTH} levels deep")
    if isinstance(value, str):
        return len(_text(value, where))
    if value is None or isinstance(value, bool | int):
        return 8
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise InvalidMessage(where, f"holds {value!r}, which JSON cannot carry")
        return 8
    if isinstance(value, Mapping):
        size = 0
        for k, v in value.items():
            if not isinstance(k, str):
                raise InvalidMessage(where, f"has a {type(k).__name__} key {k!r}; keys must be strings")
            size += len(_text(k, where)) + _plain_json(v, f"{where}.{k}", depth + 1)
        return size
    if isinstance(value, list | tuple):
        return sum(_plain_json(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    raise InvalidMessage(where, f"holds a {type(value).__name__}, which is not JSON (use lists, dicts, str, numbers)")


def _content(value: Any, role: str) -> str | tuple[Mapping[str, Any], ...] | None:
    if value is None:
        return value
    if isinstance(value, str):
        return _text(value, "content")
    if not isinstance(value, list):
        raise InvalidMessage("content", f"expected a string, a list of parts or null, got {type(value).__name__}")
    parts = []
    for i, part in enumerate(value):
        where = f"content[{i}]"
        if not isinstance(part, Mapping):
            raise InvalidMessage(where, f"expected a dict part, got {type(part).__name__}")
        ptype = part.get("type")
        if ptype not in _PART_TYPES:
            raise InvalidMessage(f"{where}.type", f"unknown part type {ptype!r}; expected one of {sorted(_PART_TYPES)}")
        if ptype in ("text", "refusal") and not isinstance(part.get(ptype), str):
            raise InvalidMessage(f"{where}.{ptype}", "a text part needs a string")
        if role == "tool" and ptype != "text":
            raise InvalidMessage(f"{where}.type", "tool results may only hold text parts")
        _plain_json(part, where, 1)
        parts.append(dict(part))
    return tuple(parts)


def _tool_calls(value: Any) -> tuple[ToolCall, ...]:
    if not isinstance(value, list):
        raise InvalidMessage("tool_calls", f"expected a list, got {type(value).__name__}")
    calls, seen = [], set()
    for i, raw in enumerate(value):
        where = f"tool_calls[{i}]"
        if not isinstance(raw, Mapping):
            raise InvalidMessage(where, f"expected a dict, got {type(raw).__name__}")
        cid = raw.get("id")
        if not isinstance(cid, str) or not cid or len(cid) > MAX_ID_CHARS:
            raise InvalidMessage(f"{where}.id", f"a non-empty string of at most {MAX_ID_CHARS} characters is required")
        _text(cid, f"{where}.id")
        if cid in seen:  # str: hashable
            raise InvalidMessage(f"{where}.id", f"duplicate tool call id {cid!r}")
        seen.add(cid)
        if raw.get("type", "function") != "function":
            raise InvalidMessage(f"{where}.type", f"only 'function' is supported, got {raw.get('type')!r}")
        fn = raw.get("function")
        if not isinstance(fn, Mapping):
            raise InvalidMessage(f"{where}.function", "a dict with 'name' and 'arguments' is required")
        name = fn.get("name")
        if not isinstance(name, str) or not name or len(name) > MAX_ID_CHARS:
            raise InvalidMessage(f"{where}.function.name", f"a non-empty string of at most {MAX_ID_CHARS} characters")
        _text(name, f"{where}.function.name")
        args = fn.get("arguments", "{}")
        if isinstance(args, Mapping):  # lenient: SDK users sometimes pass a dict
            _plain_json(args, f"{where}.function.arguments", 1)
            args = json.dumps(args, ensure_ascii=False)
        if not isinstance(args, str):
            raise InvalidMessage(f"{where}.function.arguments", f"expected a JSON string, got {type(args).__name__}")
        _text(args, f"{where}.function.arguments")
        calls.append(ToolCall(id=cid, name=name, arguments=args))
    return tuple(calls)


def _message_dict(m: Message) -> dict[str, Any]:
    """A :class:`Message` value as the dict :func:`parse_message` validates, without trusting its fields' types
    (``Message("assistant", tool_calls=({"id": "a"},))`` is a bad message, not an AttributeError)."""
    out: dict[str, Any] = {"role": m.role, "content": list(m.content) if isinstance(m.content, tuple) else m.content}
    if m.name is not None:
        out["name"] = m.name
    if m.tool_calls:
        if not isinstance(m.tool_calls, tuple | list):
            raise InvalidMessage("tool_calls", f"expected a tuple of ToolCall, got {type(m.tool_calls).__name__}")
        calls = []
        for i, tc in enumerate(m.tool_calls):
            if isinstance(tc, ToolCall):
                calls.append(tc.to_openai())
            elif isinstance(tc, Mapping):  # an OpenAI dict where a ToolCall belongs: validated as one
                calls.append(dict(tc))
            else:
                raise InvalidMessage(f"tool_calls[{i}]", f"expected a ToolCall, got {type(tc).__name__}")
        out["tool_calls"] = calls
    if m.tool_call_id is not None:
        out["tool_call_id"] = m.tool_call_id
    if not isinstance(m.extra, Mapping):
        raise InvalidMessage("extra", f"expected a mapping of OpenAI fields, got {type(m.extra).__name__}")
    for k, v in m.extra.items():
        if k not in _PASSTHROUGH:
            raise InvalidMessage(f"extra.{k}", f"not a pass-through field (known: {', '.join(sorted(_PASSTHROUGH))})")
        out[k] = v
    if m.meta:
        out["meta"] = m.meta  # checked by parse_message like a dict's
    return out


def parse_message(raw: Any, max_chars: int = MAX_MESSAGE_CHARS) -> Message:
    """Validate an OpenAI-format message dict and return a :class:`Message`.

    Raises :class:`~chatcompact.errors.InvalidMessage` naming the field and the problem: anything no
    store could keep (lone surrogates, NUL, sets, NaN, non-string keys, nesting deeper than 32) and a
    user message over ``max_chars`` characters (a person did not type a megabyte; an app that takes pastes
    raises the limit). Tool results, assistant turns and system notes are accepted at any size. A
    :class:`Message` is validated the same way (its metadata cleared, so it is stored afresh).
    """
    if isinstance(raw, Message):
        raw = _message_dict(raw)
    if not isinstance(raw, Mapping):
        raise InvalidMessage("message", f"expected a dict, got {type(raw).__name__}")
    unknown = sorted(str(k) for k in raw if not isinstance(k, str) or k not in _KNOWN)
    if unknown:
        raise InvalidMessage(unknown[0], f"unknown field (known: {', '.join(sorted(_KNOWN))})")
    role = raw.get("role")
    if not isinstance(role, str) or role not in ROLES:  # an unhashable role (a list) is a bad role too
        raise InvalidMessage("role", f"expected one of {sorted(ROLES)}, got {role!r}")
    if "content" not in raw and not (role == "assistant" and raw.get("tool_calls")):
        raise InvalidMessage("content", "is required")
    content = _content(raw.get("content"), role)
    calls: tuple[ToolCall, ...] = ()
    if raw.get("tool_calls") is not None:
        if role != "assistant":
            raise InvalidMessage("tool_calls", f"only assistant messages may carry tool calls, not {role}")
        calls = _tool_calls(raw["tool_calls"])
    if content is None and not calls:
        raise InvalidMessage("content", "may be null only on an assistant message with tool_calls")
    call_id = raw.get("tool_call_id")
    if role == "tool":
        if not isinstance(call_id, str) or not call_id:
            raise InvalidMessage("tool_call_id", "a tool message needs the id of the call it answers")
    elif call_id is not None:
        raise InvalidMessage("tool_call_id", f"only tool messages carry a tool_call_id, not {role}")
    name = raw.get("name")
    if name is not None and (not isinstance(name, str) or not _NAME_RE.match(name)):
        raise InvalidMessage("name", "must be 1-64 characters of letters, digits, '_' or '-'")
    if call_id is not None:
        if len(call_id) > MAX_ID_CHARS:
            raise InvalidMessage("tool_call_id", f"must be at most {MAX_ID_CHARS} characters")
        _text(call_id, "tool_call_id")
    extra = {k: raw[k] for k in _PASSTHROUGH if k in raw}
    size = _plain_json(extra, "message") if extra else 0
    meta = raw.get("meta") or {}
    if not isinstance(meta, Mapping):
        raise InvalidMessage("meta", f"expected a dict of plain JSON, got {type(meta).__name__}")
    size += _plain_json(meta, "meta") if meta else 0
    message = Message(
        role=role, content=content, name=name, tool_calls=calls, tool_call_id=call_id, extra=extra, meta=dict(meta)
    )
    if role in _LIMITED_ROLES:
        size += len(message.text)
        if size > max_chars:
            raise InvalidMessage(
                "content",
                f"the user message holds {size:,} characters, more than the limit of {max_chars:,} for user text "
                "(Policy.max_message_chars; tool results have no limit)",
            )
    return message


def parse_messages(raw: Any, max_chars: int = MAX_MESSAGE_CHARS) -> list[Message]:
    """:func:`parse_message` over an iterable of messages; InvalidMessage names the index of a bad one."""
    if raw is None or isinstance(raw, str | bytes | Mapping | Message) or not hasattr(raw, "__iter__"):
        raise InvalidMessage("messages", f"expected a list of messages, got {type(raw).__name__}")
    parsed = []
    for i, one in enumerate(raw):
        try:
            parsed.append(parse_message(one, max_chars))
        except InvalidMessage as exc:
            raise InvalidMessage(exc.field, exc.problem, index=i) from None
    return parsed


# ---------------------------------------------------------------- summary state


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SummaryItem(_Frozen):
    """One fact, decision, question... with the ``seq`` ids of the messages it came from."""

    text: str = Field(min_length=1)
    sources: tuple[int, ...] = ()
    subject: str | None = None  # items sharing a subject supersede each other
    weight: float = Field(default=1.0, ge=0.0, le=10.0)  # importance; caps evict the lowest first


class PinnedItem(_Frozen):
    """A span kept verbatim (code, JSON, identifiers, corrections) because a preservation rule matched."""

    seq: int
    kind: str
    text: str


class WorkLog(_Frozen):
    """An agent's working state, extracted from its tool calls and results (``core.worklog``), capped there.

    ``task`` is the first user request folded (verbatim), ``request`` the latest one after it; ``commands``
    holds one digest line per tool call (``bash: pytest -> exit 1, 2 failed: ...``) citing the call and its
    result; ``errors`` the latest failing outputs; ``abandoned`` approaches the agent gave up (and why);
    ``plan`` its latest stated plan / next step.
    """

    task: str = ""
    task_seq: int | None = None
    request: str = ""
    request_seq: int | None = None
    files_read: tuple[str, ...] = ()
    files_changed: tuple[str, ...] = ()
    commands: tuple[SummaryItem, ...] = ()
    errors: tuple[SummaryItem, ...] = ()
    abandoned: tuple[SummaryItem, ...] = ()
    plan: str = ""
    plan_seq: int | None = None
    names: tuple[str, ...] = ()  # paths and code names seen in the task, commands and outputs (newest last)

    def is_empty(self) -> bool:
        return not (
            self.task
            or self.request
            or self.files_read
            or self.files_changed
            or self.commands
            or self.errors
            or self.abandoned
            or self.plan
        )


class SummaryState(_Frozen):
    """The running structured summary. Sections are capped by ``core.merge``, never by trust.

    ``instructions`` (the user's standing rules and preferences, ``core.instructions``) and ``worklog``
    (an agent's working state, ``core.worklog``) are captured deterministically at every compaction,
    whichever summarizer runs; caps never evict instructions (only a later contradicting one supersedes).
    """

    decisions: tuple[SummaryItem, ...] = ()
    user_facts: tuple[SummaryItem, ...] = ()
    todos: tuple[SummaryItem, ...] = ()
    open_questions: tuple[SummaryItem, ...] = ()
    identifiers: tuple[SummaryItem, ...] = ()
    topics: tuple[SummaryItem, ...] = ()
    narrative: str = ""
    pinned: tuple[PinnedItem, ...] = ()
    instructions: tuple[SummaryItem, ...] = ()
    worklog: WorkLog = WorkLog()

    def is_empty(self) -> bool:
        return not (
            self.narrative
            or self.pinned
            or self.instructions
            or not self.worklog.is_empty()
            or any(getattr(self, s) for s in SECTIONS)
        )

    def items(self) -> int:
        return sum(len(getattr(self, s)) for s in SECTIONS)


class Resolution(_Frozen):
    """Marks an open question or todo as answered/done (matched by subject or text)."""

    section: Literal["open_questions", "todos"]
    text: str
    sources: tuple[int, ...] = ()


class Usage(_Frozen):
    """What one summarizer call cost (model calls only; the extractive summarizer reports none)."""

    model: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    latency_s: float = 0.0
    attempts: int = 1
    mode: str = ""  # how structured output was obtained: json_schema, tool, json_object, repair


class SummaryDelta(_Frozen):
    """What a summarizer proposes; ``core.merge.apply_delta`` decides what actually lands."""

    add: dict[str, tuple[SummaryItem, ...]] = Field(default_factory=dict)
    resolve: tuple[Resolution, ...] = ()
    narrative: str | None = None
    usage: Usage | None = None  # accounting only; never part of the state
    worklog: WorkLog | None = None  # an LLM summarizer's view of the agent's plan/abandoned approaches
    # what an LLM summarizer read as the user's standing preferences: each a sentence of a user message of the span
    # copied verbatim, citing it. The core keeps only whole sentences of the user's own words
    # (``core.validate.screen_standing``) and reads them after its cue rules (``core.instructions.read``).
    standing: tuple[SummaryItem, ...] = ()


class MergeReport(_Frozen):
    """What one version changed against its parent: the diff ``inspect`` and ``compactions()`` show.

    A compaction's report comes from the merge (which knows *why* an item left: superseded,
    resolved, dropped by a cap); a revert's comes from comparing the two states (``removed``).
    """

    added: tuple[str, ...] = ()
    superseded: tuple[str, ...] = ()
    resolved: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()  # items of the parent pushed out by a section cap (still in the log)
    # proposed by this delta but kept out by the caps, or replaced by a later item of the same delta: never in
    # either state, so neither added nor dropped
    not_kept: tuple[str, ...] = ()
    duplicates: int = 0
    pinned: tuple[str, ...] = ()  # spans newly kept verbatim (clipped for display)
    removed: tuple[str, ...] = ()  # items that left for another reason (a revert)
    narrative_changed: bool = False


class SummaryVersion(_Frozen):
    """One committed summary: the state, the message span it folded in, and its parent version."""

    version: int
    parent: int | None
    state: SummaryState
    covered_from: int  # first seq of the span this version summarised
    covered_until: int  # every message with seq <= this is in the summary, but those in ``kept``
    # the latest user message when the fold passed it (an agent's tool loop after one request): its seq is inside
    # the span, yet it is not folded; it stays in the recent window (loaded ahead of the messages after
    # covered_until), verbatim, until a later fold takes it
    kept: tuple[int, ...] = ()
    trigger: str = "manual"
    summarizer: str = ""
    report: MergeReport = MergeReport()
    created_at: float = 0.0
    meta: dict[str, Any] = Field(default_factory=dict)


class SummaryNode(_Frozen):
    """A node of the summary hierarchy: the summary of messages ``seq_from``-``seq_until``.

    Level 0 summarises one compaction's span (``basis`` is that summary version); level k >= 1 is
    built from the level k-1 nodes listed in ``children``. ``tokens`` is its rendered size.
    """

    id: str = Field(min_length=1, max_length=200)
    level: int = Field(ge=0)
    seq_from: int = Field(ge=0)
    seq_until: int = Field(ge=0)
    state: SummaryState
    children: tuple[str, ...] = ()
    basis: int = 0
    tokens: int = Field(default=0, ge=0)
    summarizer: str = ""
    created_at: float = 0.0
    meta: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _range(self) -> SummaryNode:
        if self.seq_until < self.seq_from:
            raise InvalidArgument(f"seq_until ({self.seq_until}) is before seq_from ({self.seq_from})")
        if self.level > 0 and not self.children:
            raise InvalidArgument(f"a level-{self.level} node needs the ids of its children")
        return self


@dataclass(frozen=True, slots=True)
class ArchiveHit:
    """A recalled message, verbatim, with its score, which searches found it, and neighbouring turns."""

    message: Message
    score: float
    matched: tuple[str, ...] = ()  # "text", "vector"
    neighbors: tuple[Message, ...] = ()
    # (start, end) character offsets in the message's text of the passage that matched best, for a long message
    # (``core.passages``); None: the message as a whole
    passage: tuple[int, int] | None = None

    @property
    def seq(self) -> int:
        return self.message.seq or 0

    def as_dict(self, *, text: bool = True) -> dict[str, Any]:
        """The hit as JSON-ready values; ``text=False`` leaves the texts out (a caller that shows excerpts)."""

        def one(m: Message) -> dict[str, Any]:
            when = datetime.fromtimestamp(m.created_at or 0, UTC).isoformat(timespec="seconds")
            return {"id": m.seq, "role": m.role, "time": when, **({"text": m.searchable_text} if text else {})}

        return {
            **one(self.message),
            "score": round(self.score, 4),
            "matched": list(self.matched),
            "neighbors": [one(m) for m in self.neighbors],
            **({"passage": list(self.passage)} if self.passage else {}),
        }


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened to a thread besides messages and summaries (e.g. a failed compaction)."""

    thread_id: str
    kind: str
    data: Mapping[str, Any]
    created_at: float
    id: int = 0


@dataclass(frozen=True, slots=True)
class ThreadInfo:
    """A thread's identity and head, as the store knows it."""

    id: str
    system: str | None
    created_at: float
    last_seq: int = 0
    last_version: int = 0
    budget: int | None = None  # the thread's trigger budget (None: the Memory's Policy.budget)


@dataclass(frozen=True, slots=True)
class CompactionRatio:
    """Tokens and messages before and after a compaction (the lesson's ``compaction_ratio``)."""

    tokens_before: int
    tokens_after: int
    messages_before: int
    messages_after: int

    @property
    def reduction(self) -> float:
        """Share of tokens saved, 0..1."""
        return 1.0 - self.tokens_after / self.tokens_before if self.tokens_before else 0.0

    @property
    def ratio(self) -> float:
        """How many times smaller the compacted list is."""
        return self.tokens_before / self.tokens_after if self.tokens_after else float("inf")

    def as_dict(self) -> dict[str, float | int]:
        return {
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
            "messages_before": self.messages_before,
            "messages_after": self.messages_after,
            "reduction": round(self.reduction, 4),
            "ratio": round(self.ratio, 3),
        }
