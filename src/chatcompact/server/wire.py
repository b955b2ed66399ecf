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
FORGOTTEN = "forgotten:"  # a stored tail entry for a forgotten turn: matches any message of its role
SYSTEM_ROLES = ("system", "developer")


# ---------------------------------------------------------------- canonical chat messages
def _text_parts(content: Any) -> Any:
    """Content as stored: a string, or a list of parts (objects)."""
    if isinstance(content, list):
        for i, part in enumerate(content):
            if not isinstance(part, Mapping):
                raise InvalidMessage(f"content[{i}]", f"expected a content part object, got {type(part).__name__}")
        return [dict(p) for p in content]
    return content


def canonical(raw: Any) -> dict[str, Any]:
    """An OpenAI chat message reduced to the fields chatcompact stores (SDK extras such as
    ``refusal: null`` or ``function_call: null`` dropped), so the same turn always hashes the same."""
    if not isinstance(raw, Mapping):
        raise InvalidMessage("message", f"expected an object, got {type(raw).__name__}")
    out: dict[str, Any] = {"role": raw.get("role")}
    content = _text_parts(raw.get("content"))
    calls = raw.get("tool_calls") or []
    if not isinstance(calls, list):
        raise InvalidMessage("tool_calls", f"expected a list of tool calls, got {type(calls).__name__}")
    if content is not None or not calls:
        out["content"] = content if content is not None else ""
    if calls:
        out["tool_calls"] = [_canonical_call(c, i) for i, c in enumerate(calls)]
    for key in ("name", "tool_call_id"):
        if raw.get(key) is not None:
            out[key] = raw[key]
    return out


def _canonical_call(call: Any, index: int) -> dict[str, Any]:
    if not isinstance(call, Mapping):
        raise InvalidMessage(f"tool_calls[{index}]", f"expected an object, got {type(call).__name__}")
    fn = call.get("function")
    if not isinstance(fn, Mapping):
        raise InvalidMessage(f"tool_calls[{index}].function", "expected an object with name and arguments")
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


def split_system(messages: Sequence[Any]) -> tuple[str | None, list[Any]]:
    """The leading system/developer messages joined as the thread's system prompt, and the rest (as sent:
    only the messages the diff looks at are made canonical, see :func:`new_messages`)."""
    system: list[str] = []
    i = 0
    while i < len(messages) and isinstance(messages[i], Mapping) and messages[i].get("role") in SYSTEM_ROLES:
        content = messages[i].get("content")
        if content is not None and not isinstance(content, str | list):
            raise InvalidMessage("content", "a system message's content must be a string or a list of parts", i)
        system.append(plain_text(content))
        i += 1
    return ("\n\n".join(system) if system else None), list(messages[i:])


def tail_entry(message: Mapping[str, Any]) -> str:
    """What the stored tail keeps of a canonical message: ``role:hash``."""
    return f"{message.get('role')}:{message_hash(message)}"


class Diff:
    """A request's messages against the stored tail (canonical messages or their :func:`tail_entry` values, or
    ``FORGOTTEN + role`` for a turn erased by ``forget``, which matches whatever the client still sends in its
    place, so a client resending its full history never writes forgotten text back).

    Messages are compared from the end and made canonical and hashed on first use, so a client resending a
    long history costs about :data:`TAIL_WINDOW` hashes, not one per message it sent.
    """

    def __init__(self, stored_tail: Sequence[Mapping[str, Any] | str], incoming: Sequence[Any]) -> None:
        self.tail = [m if isinstance(m, str) else tail_entry(m) for m in stored_tail[-TAIL_WINDOW:]]
        self.incoming = incoming
        self._canon: dict[int, dict[str, Any]] = {}
        self._entry: dict[int, str] = {}

    def canonical(self, i: int) -> dict[str, Any]:
        if i not in self._canon:
            try:
                self._canon[i] = canonical(self.incoming[i])
            except InvalidMessage as exc:
                raise InvalidMessage(exc.field, exc.problem, index=i) from None
        return self._canon[i]

    def _same(self, i: int, entry: str) -> bool:
        if entry.startswith(FORGOTTEN):
            return self.canonical(i).get("role") == entry[len(FORGOTTEN) :]
        if i not in self._entry:
            self._entry[i] = tail_entry(self.canonical(i))
        return self._entry[i] == entry

    def _ends_like(self, p: int, tail: Sequence[str]) -> bool:
        """``incoming[:p]`` ends with the last messages of ``tail`` (as many as both have)."""
        return all(self._same(p - 1 - j, tail[-1 - j]) for j in range(min(p, len(tail))))

    def fresh(self) -> list[dict[str, Any]]:
        """The suffix of the request not yet stored: after the last position ``p`` whose preceding messages
        equal the stored tail's last ones; no overlap at all means all of it (a client sending only its newest
        turn)."""
        start = 0
        if self.tail:
            start = next((p for p in range(len(self.incoming), 0, -1) if self._ends_like(p, self.tail)), 0)
        return [self.canonical(i) for i in range(start, len(self.incoming))]

    def answered(self) -> bool:
        """The request is the one the stored tail's last message (an assistant turn) already answers: a retry."""
        if len(self.tail) < 2 or not self.incoming or not self.tail[-1].startswith("assistant:"):
            return False
        return self._ends_like(len(self.incoming), self.tail[:-1])


def new_messages(stored_tail: Sequence[Mapping[str, Any] | str], incoming: Sequence[Any]) -> list[dict[str, Any]]:
    """The suffix of ``incoming`` that is not yet stored, canonical (see :class:`Diff`)."""
    return Diff(stored_tail, incoming).fresh()


def latest_user_text(messages: Sequence[Any]) -> str | None:
    """The text of the last user message (the recall query), or None."""
    for m in reversed(messages):
        if isinstance(m, Mapping) and m.get("role") == "user":
            return plain_text(m.get("content")) or None
    return None


def plain_text(content: Any) -> str:
    """The text of a message's content: a string, or the ``text`` of its parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping) and "text" in p)
    return ""


def auto_thread_id(system: str | None, messages: Sequence[Any]) -> str:
    """A thread id for a client that names none: the hash of its system prompt and first user turn
    (a client resending its whole history sends the same first turn every time)."""
    first = next((m for m in messages if isinstance(m, Mapping) and m.get("role") == "user"), None)
    if first is None and messages:
        first = messages[0]
    seed = json.dumps([system or "", message_hash(canonical(first)) if first is not None else ""])
    return "auto-" + hashlib.sha256(seed.encode()).hexdigest()[:20]


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
