"""Responses input items (the OpenAI Agents SDK's history) as chat messages and back, losing nothing.

Pure conversion, no SDK import. A run of items becomes OpenAI chat dicts a thread can store:

- a ``message`` item (user, system, developer, assistant) gives its text, image and refusal parts;
- the items of one model output (assistant messages, ``function_call`` items, reasoning and every other item
  kind: hosted-tool calls such as ``web_search_call``, ``file_search_call``, ``computer_call``,
  ``code_interpreter_call``, MCP items...) become ONE assistant message: text parts, then ``tool_calls``;
- each ``function_call_output`` becomes a tool message answering its call.

Whatever the chat form cannot hold (provider ids, statuses, annotations, reasoning items, hosted-tool items,
file parts) is kept in the message's ``meta["agents"]``: a skeleton of each item, its text filled back from the
message. :func:`restore` rebuilds the items exactly (``history()``, ``get_items(limit)``, ``pop_item``).

What a model is sent (:func:`view_items`, the compacted view) is model-neutral: text, tool calls and results
without provider ids; a hosted-tool item is shown as one line of text (``[web_search_call] {...}``, counted in
the budget); a reasoning item is not re-sent (it is opaque and bound to the model and response that made it);
a user's file or image part is sent as it came.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import InvalidMessage
from ..types import Message

NS = "agents"  # the meta key this adapter owns
_TEXT_PARTS = frozenset({"input_text", "output_text", "text"})
_VOLATILE = ("id", "status")  # fields that differ between the SDK's run input and what it saves
_RENDER_CHARS = 400  # the most characters of one hosted-tool item shown to the model as text
_SILENT = frozenset({"reasoning", "compaction", "item_reference"})  # kept, never shown to a model

__all__ = ["item_key", "items_to_messages", "messages_to_items", "restore", "to_item", "view_items"]


def to_item(raw: Any) -> dict[str, Any]:
    """A Responses input item as a plain dict (the SDK hands dicts or its pydantic output items)."""
    if isinstance(raw, Mapping):
        return dict(raw)
    dump = getattr(raw, "model_dump", None)
    if dump is None:
        raise InvalidMessage("item", f"expected a Responses input item (dict), got {type(raw).__name__}")
    out: dict[str, Any] = dump(exclude_unset=True, mode="json")
    return out


def item_key(raw: Any) -> str:
    """A canonical text for one item, its volatile fields aside (how the Mirror recognises an item)."""
    from ._mirror import short

    item = to_item(raw)
    return json.dumps(short({k: v for k, v in item.items() if k not in _VOLATILE}), sort_keys=True, default=str)


def _render(item: Mapping[str, Any]) -> str:
    body = {k: v for k, v in item.items() if k not in ("type", "id", "status", "encrypted_content")}
    text = json.dumps(body, ensure_ascii=False, default=str)
    if len(text) > _RENDER_CHARS:
        text = text[: _RENDER_CHARS - 1] + "…"
    return f"[{item.get('type')}] {text}"


# ---------------------------------------------------------------- items -> messages


def _part_in(part: Mapping[str, Any], role: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """One content part as a chat part, and its skeleton (what restores it from that chat part)."""
    kind = part.get("type")
    if kind in _TEXT_PARTS and isinstance(part.get("text"), str):
        return {"type": "text", "text": part["text"]}, {k: v for k, v in part.items() if k != "text"}
    if kind == "refusal" and isinstance(part.get("refusal"), str) and role == "assistant":
        return {"type": "refusal", "refusal": part["refusal"]}, {k: v for k, v in part.items() if k != "refusal"}
    if kind == "input_image" and isinstance(part.get("image_url"), str) and role in ("user", "system"):
        url = {"url": part["image_url"], **({"detail": part["detail"]} if part.get("detail") else {})}
        return {"type": "image_url", "image_url": url}, {"type": kind, "whole": False, **_rest(part)}
    # a file, audio, an image by file id...: shown as a line of text, kept whole in the skeleton
    name = part.get("filename") or part.get("file_id") or part.get("image_url") or ""
    return {"type": "text", "text": f"[{kind}] {name}".strip()}, {"whole": dict(part)}


def _rest(part: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in part.items() if k not in ("type", "image_url", "detail")} | (
        {"detail": part["detail"]} if "detail" in part else {}
    )


def _parts_in(content: Any, role: str) -> tuple[list[dict[str, Any]], Any]:
    """Chat parts of an item's content, and the content's skeleton (``"s"``: it was a plain string)."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}], "s"
    parts, skel = [], []
    for p in content or ():
        if not isinstance(p, Mapping):
            raise InvalidMessage("content", f"expected a dict content part, got {type(p).__name__}")
        chat, sk = _part_in(p, role)
        parts.append(chat)
        skel.append(sk)
    return parts, skel


class _Builder:
    """Groups items into chat dicts (one per user/system message, model output, tool result)."""

    def __init__(self) -> None:
        self.out: list[dict[str, Any]] = []
        self.counts: list[int] = []  # items per message
        self.pending: set[str] = set()  # calls of the open assistant message not answered yet
        self.group = False  # the last message is a model output still taking items

    def _open(self) -> dict[str, Any]:
        if not self.group:
            self.out.append({"role": "assistant", "parts": [], "tool_calls": [], "skel": []})
            self.counts.append(0)
            self.group = True
        return self.out[-1]

    def add(self, item: dict[str, Any]) -> None:
        kind = item.get("type", "message")
        role = item.get("role")
        if kind == "message" and role in ("user", "system", "developer"):
            parts, skel = _parts_in(item.get("content"), "user" if role == "user" else "system")
            rest = {k: v for k, v in item.items() if k != "content"}
            self._close("system" if role == "developer" else str(role), parts, [{"t": "msg", "i": rest, "c": skel}])
        elif kind == "message" and role == "assistant" and not (self.pending and not self.group):
            parts, skel = _parts_in(item.get("content"), "assistant")
            g = self._open()
            g["parts"] += parts
            g["skel"].append({"t": "msg", "i": {k: v for k, v in item.items() if k != "content"}, "c": skel})
            self.counts[-1] += 1
        elif kind == "function_call" and not (self.pending and not self.group):
            g = self._open()
            args = item.get("arguments")
            call = {"id": item["call_id"], "type": "function", "function": {"name": item["name"], "arguments": args}}
            g["tool_calls"].append(call)
            skel = {k: v for k, v in item.items() if k not in ("call_id", "name", "arguments")}
            g["skel"].append({"t": "call", "i": skel})
            self.pending.add(item["call_id"])
            self.counts[-1] += 1
        elif kind == "function_call_output":
            self._output(item)
        elif self.pending and not self.group:  # an item between the results of one output's calls
            self.out[-1]["skel"].append({"t": "opaque", "i": item, "n": 0})
            self.counts[-1] += 1
        else:  # reasoning, hosted-tool calls, MCP items, local outputs of other tool kinds...
            g = self._open()
            shown = kind not in _SILENT
            if shown:
                g["parts"].append({"type": "text", "text": _render(item)})
            g["skel"].append({"t": "opaque", "i": item, "n": int(shown)})
            self.counts[-1] += 1

    def _output(self, item: dict[str, Any]) -> None:
        output = item.get("output")
        if isinstance(output, str):
            content: Any = output
            skel: Any = "s"
        elif isinstance(output, list):
            parts, skel = _parts_in(output, "tool")
            content = parts
        else:  # legacy: a JSON value
            content, skel = json.dumps(output, ensure_ascii=False), "j"
        rest = {k: v for k, v in item.items() if k not in ("call_id", "output")}
        self.group = False
        self.pending.discard(item["call_id"])
        self.out.append(
            {
                "role": "tool",
                "tool_call_id": item["call_id"],
                "content": content,
                "skel": [{"t": "out", "i": rest, "c": skel}],
            }
        )
        self.counts.append(1)

    def _close(self, role: str, parts: list[dict[str, Any]], skel: list[dict[str, Any]]) -> None:
        self.group = False
        self.pending.clear()
        self.out.append({"role": role, "parts": parts, "skel": skel})
        self.counts.append(1)

    def finish(self) -> list[tuple[dict[str, Any], int]]:
        done = []
        for m, n in zip(self.out, self.counts, strict=True):
            skel = m.pop("skel")
            if "parts" in m:
                parts = m.pop("parts")
                m["content"] = parts[0]["text"] if len(parts) == 1 and parts[0]["type"] == "text" else parts
                calls = m.pop("tool_calls", None)
                if calls:
                    m["tool_calls"] = calls
                    if m["content"] == []:
                        m["content"] = None
            if not _is_plain(m, skel):
                m["meta"] = {NS: skel}
            done.append((m, n))
        return done


def convert(items: Iterable[Any]) -> list[tuple[dict[str, Any], int]]:
    """Items as ``(chat dict, how many items it stands for)`` pairs, in order."""
    b = _Builder()
    for raw in items:
        b.add(to_item(raw))
    return b.finish()


def items_to_messages(items: Iterable[Any]) -> list[dict[str, Any]]:
    """Responses input items as OpenAI chat dicts (see the module docstring); :func:`restore` inverts it."""
    return [m for m, _ in convert(items)]


# ---------------------------------------------------------------- messages -> items


def _derive(m: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The items a chat dict stands for when nothing was kept in its meta (the plain, model-neutral form)."""
    role, content = m["role"], m.get("content")
    if role == "tool":
        output: Any = content
        if not isinstance(content, str):
            output = [{"type": "input_text", "text": p.get("text", "")} for p in content or ()]
        return [{"type": "function_call_output", "call_id": m["tool_call_id"], "output": output}]
    out: list[dict[str, Any]] = []
    if content not in (None, "", []) or not m.get("tool_calls"):
        out.append({"role": role, "content": _content_items(content, role)})
    for c in m.get("tool_calls") or ():
        fn = c["function"]
        out.append({"type": "function_call", "call_id": c["id"], "name": fn["name"], "arguments": fn["arguments"]})
    return out


def _content_items(content: Any, role: str) -> Any:
    if isinstance(content, str) or content is None:
        return content or ""
    kind = "output_text" if role == "assistant" else "input_text"
    parts = []
    for p in content:
        if p["type"] == "text":
            parts.append({"type": kind, "text": p["text"]})
        elif p["type"] == "refusal":
            parts.append({"type": "refusal", "refusal": p["refusal"]})
        elif p["type"] == "image_url":
            url = p["image_url"]
            parts.append({"type": "input_image", "image_url": url["url"], "detail": url.get("detail", "auto")})
    return parts


def _is_plain(m: Mapping[str, Any], skel: list[dict[str, Any]]) -> bool:
    return _derive(m) == _restore_entries(m, skel)


def _fill_part(chat: Mapping[str, Any], sk: Mapping[str, Any]) -> dict[str, Any] | None:
    if "whole" in sk and isinstance(sk["whole"], Mapping):
        return dict(sk["whole"])
    if chat.get("type") == "text" and "text" not in sk and sk.get("type") in _TEXT_PARTS:
        return {**sk, "text": chat["text"]}
    if chat.get("type") == "refusal" and sk.get("type") == "refusal":
        return {**sk, "refusal": chat["refusal"]}
    if chat.get("type") == "image_url" and sk.get("type") == "input_image":
        url = chat["image_url"]
        out = {k: v for k, v in sk.items() if k not in ("whole", "detail")} | {"image_url": url["url"]}
        return out | ({"detail": sk["detail"]} if "detail" in sk else {})
    return None


def _fill_content(skel: Any, parts: list[dict[str, Any]], at: int) -> tuple[Any, int] | None:
    if skel == "s":
        p = parts[at] if at < len(parts) else None
        return (p["text"], at + 1) if p is not None and p.get("type") == "text" else None
    out = []
    for sk in skel:
        if at >= len(parts):
            return None
        filled = _fill_part(parts[at], sk)
        if filled is None:
            return None
        out.append(filled)
        at += 1
    return out, at


def _restore_entries(m: Mapping[str, Any], skel: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The items ``skel`` describes, filled from ``m``; ``[]`` when ``m`` no longer lines up with it."""
    content = m.get("content")
    parts = [{"type": "text", "text": content}] if isinstance(content, str) else list(content or ())
    calls = list(m.get("tool_calls") or ())
    at = ci = 0
    out: list[dict[str, Any]] = []
    for e in skel:
        t, item = e.get("t"), dict(e.get("i") or {})
        if t == "opaque":
            n = int(e.get("n", 0))
            at += n
            out.append(item)
        elif t == "call":
            if ci >= len(calls):
                return []
            fn = calls[ci]["function"]
            out.append({**item, "call_id": calls[ci]["id"], "name": fn["name"], "arguments": fn["arguments"]})
            ci += 1
        elif t == "out":
            out.append(_restore_output(m, e, item))
        elif t == "msg":
            filled = _fill_content(e.get("c"), parts, at)
            if filled is None:
                return []
            item["content"], at = filled
            out.append(item)
    if ci != len(calls) or (m["role"] != "tool" and at != len(parts)):
        return []  # shown shortened (a digest, a trimmed output): the skeleton no longer fits
    return out


def _restore_output(m: Mapping[str, Any], e: Mapping[str, Any], item: dict[str, Any]) -> dict[str, Any]:
    content, skel = m.get("content"), e.get("c")
    output: Any = content
    if skel == "j" and isinstance(content, str):
        output = json.loads(content)
    elif isinstance(skel, list) and isinstance(content, list):
        filled = _fill_content(skel, list(content), 0)
        output = filled[0] if filled is not None else content
    elif isinstance(skel, list):  # shown shortened as a string (a digest): keep the string
        output = content
    return {**item, "call_id": m["tool_call_id"], "output": output}


def restore(message: Message | Mapping[str, Any]) -> list[dict[str, Any]]:
    """The items a stored message stands for, exactly as they were given (its meta), or derived."""
    m = message.to_stored() if isinstance(message, Message) else message
    skel = (m.get("meta") or {}).get(NS)
    if skel:
        items = _restore_entries(m, skel)
        if items:
            return items
    return _derive(m)


def messages_to_items(messages: Iterable[Mapping[str, Any] | Message]) -> list[dict[str, Any]]:
    """OpenAI chat dicts (or stored messages) as Responses input items: the inverse of :func:`items_to_messages`."""
    out: list[dict[str, Any]] = []
    for m in messages:
        out += restore(m)
    return out


def view_items(messages: Iterable[Mapping[str, Any] | Message]) -> list[dict[str, Any]]:
    """What a model is sent for ``messages`` (an assembled context): model-neutral items (the module docstring);
    a user's or system message's file and image parts as they came, when the message is shown unshortened."""
    out: list[dict[str, Any]] = []
    for raw in messages:
        m = raw.to_stored() if isinstance(raw, Message) else raw
        skel = (m.get("meta") or {}).get(NS)
        if skel and m["role"] in ("user", "system") and any(_whole(e) for e in skel):
            items = _restore_entries(m, skel)
            if items:
                out += [{k: v for k, v in i.items() if k != "id"} for i in items]
                continue
        if m["role"] == "assistant" and not m.get("tool_calls") and m.get("content") in (None, "", []):
            continue  # a model output of reasoning only: nothing to re-send
        out += _derive(m)
    return out


def _whole(e: Mapping[str, Any]) -> bool:
    c = e.get("c")
    return isinstance(c, list) and any(isinstance(p, Mapping) and "whole" in p for p in c)
