"""Pure helpers for the proxy: canonical messages, what is new in a request, wire-format conversions.

No I/O here. Clients of chat APIs resend their whole history with every request; the proxy stores
only what the thread does not hold yet, matched by a content hash of each message against the
stored tail (so a client retry, or a client that sends only the newest turns, stores nothing twice).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import InvalidMessage
from ..types import SECTIONS, SummaryState

TAIL_WINDOW = 16  # stored messages compared against the request to find where the new ones start
SYSTEM_ROLES = ("system", "developer")


# ---------------------------------------------------------------- canonical chat messages
def _text_parts(content: Any) -> Any:
    """Content as stored: a string, or a list of parts with the fields the library accepts."""
    if isinstance(content, list):
        return [dict(p) for p in content if isinstance(p, Mapping)]
    return content


def canonical(raw: Mapping[str, Any]) -> dict[str, Any]:
    """An OpenAI chat message reduced to the fields chatcompact stores (SDK extras such as
    ``refusal: null`` or ``function_call: null`` dropped), so the same turn always hashes the same."""
    if not isinstance(raw, Mapping):
        raise InvalidMessage("message", f"expected an object, got {type(raw).__name__}")
    out: dict[str, Any] = {"role": raw.get("role")}
    content = _text_parts(raw.get("content"))
    calls = raw.get("tool_calls") or []
    if content is not None or not calls:
        out["content"] = content if content is not None else ""
    if calls:
        out["tool_calls"] = [_canonical_call(c) for c in calls]
    for key in ("name", "tool_call_id"):
        if raw.get(key) is not None:
            out[key] = raw[key]
    return out


def _canonical_call(call: Any) -> dict[str, Any]:
    if not isinstance(call, Mapping):
        return {"id": "", "type": "function", "function": {"name": "", "arguments": "{}"}}
    fn = call.get("function")
    if not isinstance(fn, Mapping):
        fn = {}
    args = fn.get("arguments", "{}")
    if isinstance(args, Mapping):
        args = json.dumps(args, ensure_ascii=False)
    return {"id": call.get("id"), "type": "function", "function": {"name": fn.get("name"), "arguments": args}}


def message_hash(message: Mapping[str, Any]) -> str:
    """Content hash of a canonical message (role, text, tool calls, ids)."""
    body = dict(message)
    if body.get("content") in (None, "") and body.get("tool_calls"):
        body.pop("content", None)  # null and "" mean the same on a tool-call turn
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def split_system(messages: Sequence[Mapping[str, Any]]) -> tuple[str | None, list[dict[str, Any]]]:
    """The leading system/developer messages joined as the thread's system prompt, and the rest."""
    system: list[str] = []
    i = 0
    while i < len(messages) and isinstance(messages[i], Mapping) and messages[i].get("role") in SYSTEM_ROLES:
        system.append(_plain_text(messages[i].get("content")))
        i += 1
    return ("\n\n".join(system) if system else None), [canonical(m) for m in messages[i:]]


def new_messages(stored_tail: Sequence[Mapping[str, Any]], incoming: Sequence[Mapping[str, Any]]) -> list[dict]:
    """The suffix of ``incoming`` that is not yet stored.

    Finds the last position ``p`` in ``incoming`` whose preceding messages equal the stored tail's
    last messages (as many as both have, up to :data:`TAIL_WINDOW`); ``incoming[p:]`` is new. No
    overlap at all means every incoming message is new (a client that sends only the newest turn).
    """
    tail = [message_hash(m) for m in stored_tail[-TAIL_WINDOW:]]
    got = [message_hash(m) for m in incoming]
    if tail:
        for p in range(len(got), 0, -1):
            n = min(p, len(tail))
            if got[p - n : p] == tail[len(tail) - n :]:
                return [dict(m) for m in incoming[p:]]
    return [dict(m) for m in incoming]


def latest_user_text(messages: Sequence[Mapping[str, Any]]) -> str | None:
    """The text of the last user message (the recall query), or None."""
    for m in reversed(messages):
        if m.get("role") == "user":
            return _plain_text(m.get("content")) or None
    return None


def _plain_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping) and "text" in p)
    return ""


def auto_thread_id(system: str | None, messages: Sequence[Mapping[str, Any]]) -> str:
    """A thread id for a client that names none: the hash of its system prompt and first user turn
    (a client resending its whole history sends the same first turn every time)."""
    first = next((m for m in messages if m.get("role") == "user"), messages[0] if messages else {})
    seed = json.dumps([system or "", message_hash(first) if first else ""])
    return "auto-" + hashlib.sha256(seed.encode()).hexdigest()[:20]


# ---------------------------------------------------------------- chat completions replies
def reply_message(completion: Mapping[str, Any]) -> dict[str, Any] | None:
    """The assistant message of a chat.completion body (first choice), canonical; None if absent."""
    choices = completion.get("choices") or []
    if not choices or not isinstance(choices[0], Mapping) or not isinstance(choices[0].get("message"), Mapping):
        return None
    msg = dict(choices[0]["message"])
    msg["role"] = "assistant"
    return canonical(msg)


class ChatStream:
    """Accumulates chat.completion.chunk SSE deltas into the final assistant message."""

    def __init__(self) -> None:
        self._buffer = b""
        self.text: list[str] = []
        self.calls: dict[int, dict[str, Any]] = {}
        self.done = False

    def feed(self, data: bytes) -> None:
        """Take raw bytes as they arrive (events may be split anywhere)."""
        self._buffer += data
        while b"\n" in self._buffer:
            line, self._buffer = self._buffer.split(b"\n", 1)
            self._line(line.strip())

    def _line(self, line: bytes) -> None:
        if not line.startswith(b"data:"):
            return
        payload = line[5:].strip()
        if payload == b"[DONE]":
            self.done = True
            return
        try:
            chunk = json.loads(payload)
        except ValueError:
            return
        for choice in chunk.get("choices") or []:
            if choice.get("index", 0) == 0:
                self._delta(choice.get("delta") or {})

    def _delta(self, delta: Mapping[str, Any]) -> None:
        if isinstance(delta.get("content"), str):
            self.text.append(delta["content"])
        for tc in delta.get("tool_calls") or []:
            slot = self.calls.setdefault(int(tc.get("index", 0)), {"id": "", "name": "", "arguments": ""})
            fn = tc.get("function") or {}
            slot["id"] = tc.get("id") or slot["id"]
            slot["name"] += fn.get("name") or ""
            slot["arguments"] += fn.get("arguments") or ""

    def message(self) -> dict[str, Any] | None:
        """The accumulated assistant message, canonical; None if the stream carried nothing."""
        if not self.text and not self.calls:
            return None
        raw: dict[str, Any] = {"role": "assistant", "content": "".join(self.text) or None}
        if self.calls:
            raw["tool_calls"] = [
                {
                    "id": c["id"],
                    "type": "function",
                    "function": {"name": c["name"], "arguments": c["arguments"] or "{}"},
                }
                for _, c in sorted(self.calls.items())
            ]
        return canonical(raw)


def sse_events(data: bytes) -> list[tuple[str, dict[str, Any]]]:
    """Parse a complete SSE body into ``(event, json data)`` pairs (non-JSON data skipped)."""
    out: list[tuple[str, dict[str, Any]]] = []
    for block in data.replace(b"\r\n", b"\n").split(b"\n\n"):
        event, payload = "", b""
        for line in block.split(b"\n"):
            if line.startswith(b"event:"):
                event = line[6:].strip().decode()
            elif line.startswith(b"data:"):
                payload += line[5:].strip()
        try:
            out.append((event, json.loads(payload)))
        except ValueError:
            continue
    return out


def summary_text(state: SummaryState) -> str:
    """The structured summary as plain readable text (what our compaction blocks/tokens carry)."""
    lines = []
    for section in SECTIONS:
        items = getattr(state, section)
        if items:
            lines.append(section.replace("_", " ").capitalize() + ":")
            lines.extend(f"- {i.text} [msgs {','.join(map(str, i.sources))}]" for i in items)
    if state.narrative:
        lines.append("Narrative: " + state.narrative)
    return "\n".join(lines) or "(nothing summarised yet)"
