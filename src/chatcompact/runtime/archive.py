"""The verbatim archive: embedding the log in the background, hybrid recall, recall as a tool.

Every message stays in the store forever; this module finds them again. Full-text search sees a
message as soon as ``add`` returns; vectors are computed in batches off the critical path and may
lag a little. ``recall`` fuses both rankings (``core.fusion``) and can attach neighbouring turns.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Collection, Sequence
from typing import Any

import numpy as np

from ..config import DEFAULT_SPEAKER_BOOST
from ..core.engine import EMBED_BATCH  # the engine's embedding flow batches this many (re-exported)
from ..core.fusion import hybrid, keyword_query
from ..core.mmr import diversify
from ..core.passages import best_passage, merge_hits
from ..core.speakers import named_speakers, speaker_of, without_names
from ..errors import InvalidArgument, InvalidMessage
from ..protocols import Embedder, SearchFilter, Store, TextHit, VectorStore
from ..types import ArchiveHit, Message, SummaryVersion

# The background embeds a thread's new messages once it has been quiet this long (seconds), so the model
# runs in the pause while the app awaits its LLM, not against the next add/context; under a steady stream
# it still runs at least every EMBED_MAX_LAG seconds. Full-text search never waits; recall catches up.
EMBED_QUIET = 0.03
EMBED_MAX_LAG = 1.0
SPEAKER_WINDOW = 64  # recall reads the speakers of this many latest messages to spot names in a query
TOOL_NAME = "recall"
TOOL_DESCRIPTION = (
    "Search the full verbatim history of this conversation (including turns no longer in view or only "
    "summarised) and return the matching messages word for word with their ids and dates. Use it when "
    "the user refers to something said earlier and the exact wording, numbers or names matter."
)
_PARAMS = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "description": "What to look for, in a few words."},
        "k": {"type": "integer", "description": "How many messages to return (1-20).", "minimum": 1, "maximum": 20},
        "role": {"type": "string", "enum": ["user", "assistant", "tool", "any"], "description": "Whose messages."},
    },
    "required": ["query"],
}


class CachingEmbedder:
    """Wraps an embedder with a content-hash LRU cache: the same text is embedded once per process.

    Chats repeat themselves ("ok", "thanks!", pasted logs); a hit costs a dict lookup, not a model run.
    """

    def __init__(self, inner: Embedder, maxsize: int = 20_000) -> None:
        self.inner = inner
        self.name = inner.name
        self.dimensions = inner.dimensions
        self.maxsize = maxsize
        self.hits = 0
        self._cache: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        keys = [hashlib.blake2b(t.encode("utf-8", "surrogatepass"), digest_size=16).digest() for t in texts]
        with self._lock:
            known = {k: self._cache[k] for k in keys if k in self._cache}
        todo = list(dict.fromkeys(k for k in keys if k not in known))  # unique, in order
        if todo:
            first = {k: t for k, t in zip(keys, texts, strict=True)}
            fresh = self.inner.embed([first[k] for k in todo])
            known.update(zip(todo, fresh, strict=True))
        with self._lock:
            self.hits += len(keys) - len(todo)
            for k in keys:
                self._cache[k] = known[k]
                self._cache.move_to_end(k)
            while len(self._cache) > self.maxsize:
                self._cache.popitem(last=False)
        out = np.empty((len(texts), self.dimensions), dtype=np.float32)
        for i, k in enumerate(keys):
            out[i] = known[k]
        return out


def embed_pending(
    store: VectorStore, embedder: Embedder, thread_id: str, limit: int = EMBED_BATCH
) -> list[tuple[int, Any]]:
    """Embed the oldest messages that have no vector yet; returns (seq, vector) pairs stored."""
    pending = store.missing_vectors(thread_id, embedder.name, limit)
    if not pending:
        return []
    vectors = embedder.embed([m.searchable_text or m.role for m in pending])
    seqs = [m.seq or 0 for m in pending]
    store.put_vectors(thread_id, embedder.name, seqs, vectors)
    return list(zip(seqs, vectors, strict=True))


def recall(
    store: VectorStore,
    embedder: Embedder | None,
    thread_id: str,
    query: str,
    k: int = 5,
    where: SearchFilter | None = None,
    neighbors: int = 0,
    mode: str = "hybrid",
    speaker_weight: float = DEFAULT_SPEAKER_BOOST,
    *,
    exclude: Collection[int] = (),
    mmr: float = 1.0,
) -> list[ArchiveHit]:
    """The ``k`` messages best matching ``query``: full-text, vector or both fused.

    Messages whose seq is in ``exclude`` are never returned (the query's own message), near-identical texts
    collapse to the best-ranked one, and ``mmr < 1`` reorders the rest by maximal marginal relevance
    (``core.mmr``; 1 keeps the fused order). A long hit carries the span of its passage best matching the query
    (``ArchiveHit.passage``, ``core.passages``).

    Speaker-aware in hybrid mode (``core.speakers``): when the query names some but not all of the speakers
    of the thread's latest messages (``name`` field or a leading ``"Name:"`` label), both searches run without
    those names and their turns gain ``speaker_weight`` times the best fused score (0 turns this off). A
    speaker seen only among the hits gets the lift, not the name-free searches.
    """
    if k < 1:
        raise InvalidArgument(f"k must be >= 1, got {k}")
    if mode not in ("hybrid", "text", "vector"):
        raise InvalidArgument(f"mode must be 'hybrid', 'text' or 'vector', got {mode!r}")
    if not (speaker_weight >= 0):  # also rejects NaN
        raise InvalidArgument(f"speaker_weight must be >= 0, got {speaker_weight}")
    if not query.strip():
        return []
    fetch = max(k * 4, 100)  # fusion normalises scores and boosts neighbours: it needs depth
    speakers = mode == "hybrid" and speaker_weight > 0
    # Participants of the latest turns that the query names: their names leave both queries up front.
    recent = recent_speakers(store, thread_id, SPEAKER_WINDOW) if speakers else set()
    named = named_speakers(query, recent)
    vec: list[TextHit] = []
    if mode != "text" and embedder is not None:
        q = embedder.embed([without_names(query, named)])[0]
        vec = store.search_vectors(thread_id, embedder.name, np.asarray(q), fetch, where)
    words = without_names(keyword_query(query), named)  # keywords: +1.7 points of recall@10 on LoCoMo
    text: list[TextHit] = store.search_text(thread_id, words, fetch, where) if mode != "vector" else []
    spans: dict[int, tuple[int, int]] = {}
    if mode != "vector" and (passages := getattr(store, "search_passages", None)) is not None:
        text, spans = merge_hits(text, passages(thread_id, words, fetch, where))  # long messages, by passage
    if exclude:  # before fusion: an excluded turn must not lift its neighbours either
        text, vec = [h for h in text if h.message.seq not in exclude], [h for h in vec if h.message.seq not in exclude]
    if speakers and not named:  # someone who has not spoken lately: the hits tell; their turns are lifted only
        named = named_speakers(query, recent | {s for h in (*vec, *text) if (s := speaker_of(h.message))})
    depth = 3 * k + len(exclude)  # room for the excluded and the near-duplicates dropped below
    if mode == "hybrid":
        ranked = hybrid(text, vec, depth, speakers=named, speaker_weight=speaker_weight)
    else:
        ranked = (text or vec)[:depth]
    ranked = _distinct(ranked, k, exclude, mmr)
    # the index's passage, else the best one for the query (long messages stored before passages were indexed)
    shown: dict[int, tuple[int, int] | None] = {
        h.message.seq or 0: spans.get(h.message.seq or 0) or best_passage(h.message.searchable_text, query)
        for h in ranked
    }
    return [_hit(store, thread_id, h, text, vec, neighbors, shown[h.message.seq or 0]) for h in ranked]


def _distinct(ranked: Sequence[TextHit], k: int, exclude: Collection[int], lam: float) -> list[TextHit]:
    """The ``k`` best of ``ranked`` without the excluded seqs and near-duplicates (``core.mmr.diversify``)."""
    skip = set(exclude)
    by_seq = {h.message.seq or 0: h for h in ranked}
    items = [(seq, h.score, h.message.searchable_text) for seq, h in by_seq.items() if seq not in skip]
    return [by_seq[seq] for seq, _ in diversify(items, k, lam)]


def recent_speakers(store: Store, thread_id: str, window: int = SPEAKER_WINDOW) -> set[str]:
    """The speakers (``core.speakers.speaker_of``) of the thread's last ``window`` messages: one bounded read."""
    last = store.thread_info(thread_id).last_seq
    return {s for m in store.messages(thread_id, max(last - window, 0), last) if (s := speaker_of(m))}


def _hit(
    store: Store,
    thread_id: str,
    hit: TextHit,
    text: Sequence[TextHit],
    vec: Sequence[TextHit],
    radius: int,
    span: tuple[int, int] | None = None,
) -> ArchiveHit:
    seq = hit.message.seq or 0
    via = tuple(name for name, hits in (("text", text), ("vector", vec)) if any(h.message.seq == seq for h in hits))
    around: tuple[Message, ...] = ()
    if radius:
        around = tuple(m for m in store.messages(thread_id, max(seq - radius - 1, 0), seq + radius) if m.seq != seq)
    return ArchiveHit(message=hit.message, score=hit.score, matched=via, neighbors=around, passage=span)


def _schemas(name: str, description: str, params: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        "openai": {"type": "function", "function": {"name": name, "description": description, "parameters": params}},
        "anthropic": {"name": name, "description": description, "input_schema": params},
    }


def tool_schemas() -> dict[str, dict[str, Any]]:
    """The recall tool in OpenAI (``tools=[...]`` entry) and Anthropic (``tools=[...]`` entry) form."""
    return _schemas(TOOL_NAME, TOOL_DESCRIPTION, _PARAMS)


def _split_call(call: dict[str, Any]) -> tuple[str, str, Any, object]:
    """(id, format, arguments, tool name) of an OpenAI tool call or an Anthropic tool_use block."""
    if call.get("type") == "tool_use":
        cid, name, args, fmt = call.get("id"), call.get("name"), call.get("input"), "anthropic"
    else:
        fn = call.get("function") or {}
        cid, name, fmt = call.get("id"), fn.get("name"), "openai"
        try:
            args = json.loads(fn.get("arguments") or "{}")
        except json.JSONDecodeError as exc:
            raise InvalidMessage("function.arguments", f"not JSON: {exc.msg}") from None
    if name not in (TOOL_NAME, COMPACT_TOOL):
        raise InvalidMessage(
            "name", f"this thread only runs the {TOOL_NAME!r} tool and the {COMPACT_TOOL!r} tool, not {name!r}"
        )
    if not isinstance(cid, str) or not cid:
        raise InvalidMessage("id", "a tool call needs its id")
    return cid, fmt, args, name


def parse_tool_call(call: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """(id, format, arguments) of an OpenAI tool call or an Anthropic tool_use block naming ``recall``."""
    cid, fmt, args, name = _split_call(call)
    if name != TOOL_NAME:
        raise InvalidMessage("name", f"expected the {TOOL_NAME!r} tool, got {name!r}")
    if not isinstance(args, dict) or not isinstance(args.get("query"), str):
        raise InvalidMessage("arguments.query", "a string query is required")
    return cid, fmt, args


def _answer(cid: str, fmt: str, body: str) -> dict[str, Any]:
    """A tool's answer: an OpenAI tool message or an Anthropic tool_result block."""
    if fmt == "anthropic":
        return {"type": "tool_result", "tool_use_id": cid, "content": body}
    return {"role": "tool", "tool_call_id": cid, "content": body}


def tool_result(cid: str, fmt: str, hits: Sequence[ArchiveHit]) -> dict[str, Any]:
    """The recall tool's answer: an OpenAI tool message or an Anthropic tool_result block."""
    return _answer(cid, fmt, json.dumps([h.as_dict() for h in hits], ensure_ascii=False))


COMPACT_TOOL = "compact"
COMPACT_DESCRIPTION = (
    "Fold the older part of this conversation into its running summary now, at a clean boundary (a finished "
    "subtask, before starting a new one), instead of waiting for the automatic trigger. Every message stays "
    "findable with recall. Optionally name what the summary must keep."
)
_COMPACT_PARAMS = {
    "type": "object",
    "properties": {
        "focus": {"type": "string", "description": "What the summary must keep, e.g. 'the migration plan'."},
    },
    "required": [],
}


def compact_tool_schemas() -> dict[str, dict[str, Any]]:
    """The compact tool in OpenAI and Anthropic form (beside :func:`tool_schemas`' recall)."""
    return _schemas(COMPACT_TOOL, COMPACT_DESCRIPTION, _COMPACT_PARAMS)


def parse_any_tool_call(call: dict[str, Any]) -> tuple[str, str, str, dict[str, Any]]:
    """(id, format, name, arguments) of a ``recall`` or ``compact`` call; InvalidMessage names what is wrong."""
    cid, fmt, args, name = _split_call(call)
    if name == TOOL_NAME:
        return (*parse_tool_call(call)[:2], TOOL_NAME, args)
    if not isinstance(args, dict) or not isinstance(args.get("focus", ""), str):
        raise InvalidMessage("arguments.focus", "focus must be a string")
    return cid, fmt, COMPACT_TOOL, args


def compact_result(cid: str, fmt: str, version: SummaryVersion | None, stats: dict[str, int]) -> dict[str, Any]:
    """The compact tool's answer: what was folded (nothing when there was nothing to fold) and what is left."""
    body: dict[str, Any] = {"compacted": version is not None}
    if version is not None:
        body.update(summary_version=version.version, folded=[version.covered_from, version.covered_until])
    body.update(tail_messages=stats["tail_messages"], tail_tokens=stats["tail_tokens"])
    return _answer(cid, fmt, json.dumps(body))
