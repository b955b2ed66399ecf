"""The verbatim archive: embedding the log in the background, hybrid recall, recall as a tool.

Every message stays in the store forever; this module finds them again. Full-text search sees a
message as soon as ``add`` returns; vectors are computed in batches off the critical path and may
lag a little. ``recall`` fuses both rankings (``core.fusion``) and can attach neighbouring turns.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

from ..config import DEFAULT_SPEAKER_BOOST
from ..core.engine import EMBED_BATCH as EMBED_BATCH  # the engine's embedding flow batches this many (re-exported)
from ..core.engine import EMBED_CHARS as EMBED_CHARS  # a whole-text vector reads this many characters (re-exported)
from ..core.engine import embed_units
from ..core.fusion import (
    DATE_WEIGHT,
    DEFAULT_ALPHA,
    SPREAD_HEAD,
    fuse,
    keyword_trust,
    lift,
    singled_out,
    spread,
    unvectored,
    vector_share,
)
from ..core.mmr import diversify
from ..core.passages import best_passage, merge_ranked, window
from ..core.query import Query
from ..core.speakers import named_speakers, names_said, speaker_of, without_names
from ..core.when import named_windows
from ..errors import InvalidArgument, InvalidMessage
from ..protocols import (
    Embedder,
    PassageVectorStore,
    Ranked,
    RankedSearch,
    RankedSpan,
    SearchFilter,
    Store,
    TextHit,
    VectorStore,
)
from ..types import ArchiveHit, Message, SummaryVersion
from .derived import Derived

# The background embeds a thread's new messages once it has been quiet this long (seconds), so the model
# runs in the pause while the app awaits its LLM, not against the next add/context; under a steady stream
# it still runs at least every EMBED_MAX_LAG seconds. Full-text search never waits; recall catches up.
EMBED_QUIET = 0.03
EMBED_MAX_LAG = 1.0
SPEAKER_WINDOW = 64  # recall reads the speakers of this many latest messages to spot names in a query
#: The recall tool's answer holds at most this many tokens unless told otherwise (``Thread.run_tool`` gives it
#: ``Policy.recall_share`` of the thread's budget).
TOOL_TOKENS = 2000
TOOL_NAME = "recall"
TOOL_DESCRIPTION = (
    "Search the full verbatim history of this conversation (including turns no longer in view or only "
    "summarised) and return the matching messages word for word with their ids and dates. Use it when "
    "the user refers to something said earlier and the exact wording, numbers or names matter."
)
_PARAMS = {
    "type": "object",
    "properties": {
        "query": {
            "type": "string",
            "description": "What to look for, in a few words. Naming a day or month ('on 3 June 2023', 'last "
            "week') prefers what was said then.",
        },
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

    @staticmethod
    def _key(text: str) -> bytes:
        return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()

    def known(self, text: str) -> np.ndarray | None:
        """The vector of ``text`` if it is cached (a copy), else None; the cache is left as it was."""
        with self._lock:
            hit = self._cache.get(self._key(text))
        return None if hit is None else hit.copy()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        keys = [self._key(t) for t in texts]
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


class _Beside:
    """A few worker threads for work that runs beside a full-text search: a query's embedding, whose model (like
    SQLite's search) releases the GIL, so the two overlap instead of adding up. Made on first use, and again in a
    forked child (a pool's threads do not survive a fork; its copy would wait for them forever)."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        os.register_at_fork(after_in_child=self._forget)

    def _forget(self) -> None:
        self._pool, self._lock = None, threading.Lock()

    def start(self, fn: Callable[[Sequence[str]], np.ndarray], texts: Sequence[str]) -> Callable[[], np.ndarray]:
        """Start ``fn(texts)`` on a worker; returns what waits for its result (and raises what it raised)."""
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(4, thread_name_prefix="chatcompact-query")
            return self._pool.submit(fn, texts).result


_BESIDE = _Beside()


def query_vector(embedder: Embedder, text: str, overlap: bool) -> Callable[[], np.ndarray]:
    """What returns the vector of the query ``text``: already known (a cached embedder's hit), computed on a
    worker thread while the caller runs its full-text search (``overlap``), or computed when asked."""
    hit = embedder.known(text) if isinstance(embedder, CachingEmbedder) else None
    if hit is not None:
        return lambda: hit
    if overlap:
        result = _BESIDE.start(embedder.embed, [text])
        return lambda: np.asarray(result()[0])
    return lambda: np.asarray(embedder.embed([text])[0])


#: Recall shows the best passage of a long hit that no passage index covered (a store without one) only for a text
#: up to this long: scoring every passage of a larger one would read it whole on every query.
FALLBACK_CHARS = 200_000


def embed_pending(
    store: VectorStore, embedder: Embedder, thread_id: str, limit: int = EMBED_BATCH, *, passages: bool | None = None
) -> list[tuple[int, Any]]:
    """Embed the oldest messages that have no vector yet (the background job's rule, ``core.engine.embed_units``:
    a long message passage by passage when the store is a :class:`~chatcompact.protocols.PassageVectorStore`,
    unless ``passages`` is False); returns the (seq, vector) pairs of the messages' whole texts."""
    pending = store.missing_vectors(thread_id, embedder.name, limit)
    if not pending:
        return []
    passages = isinstance(store, PassageVectorStore) and passages is not False
    units = embed_units(pending, passages)
    vectors = embedder.embed(list(units.texts))
    if passages and any(units.parts):
        cast(PassageVectorStore, store).put_vectors(thread_id, embedder.name, units.seqs, vectors, units.parts)
    else:
        store.put_vectors(thread_id, embedder.name, units.seqs, vectors)
    return list(units.whole(vectors).items())


#: How recall fuses its two rankings (``Policy.recall_fusion``).
FUSIONS = ("adaptive", "fixed")


@dataclass(frozen=True)
class RecallOptions:
    """How :func:`search` recalls (see :func:`recall` for each field); checked when built."""

    k: int = 5
    where: SearchFilter | None = None
    neighbors: int = 0
    mode: str = "hybrid"
    speaker_weight: float = DEFAULT_SPEAKER_BOOST
    exclude: frozenset[int] = frozenset()
    mmr: float = 1.0
    fusion: str = "adaptive"  # Policy.recall_fusion: "adaptive" (core.fusion.keyword_trust) or "fixed"

    def __post_init__(self) -> None:
        if self.k < 1:
            raise InvalidArgument(f"k must be >= 1, got {self.k}")
        if self.fusion not in FUSIONS:
            raise InvalidArgument(f"fusion must be one of {FUSIONS}, got {self.fusion!r}")
        if self.mode not in ("hybrid", "text", "vector"):
            raise InvalidArgument(f"mode must be 'hybrid', 'text' or 'vector', got {self.mode!r}")
        if not (self.speaker_weight >= 0):  # also rejects NaN
            raise InvalidArgument(f"speaker_weight must be >= 0, got {self.speaker_weight}")


def recall(
    store: VectorStore,
    embedder: Embedder | None,
    thread_id: str,
    query: str | Query,
    k: int = 5,
    where: SearchFilter | None = None,
    neighbors: int = 0,
    mode: str = "hybrid",
    speaker_weight: float = DEFAULT_SPEAKER_BOOST,
    *,
    exclude: Collection[int] = (),
    mmr: float = 1.0,
    derived: Derived | None = None,
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

    Date-aware in every mode (``core.when.named_windows``): a query that names a day or month ("on 3 June, 2023",
    "last week") searches within it too and lifts the messages written then (``created_at``).

    ``derived``: the thread's per-message cache (a Thread passes its own); without one, a fresh one serves this call.
    """
    opts = RecallOptions(k, where, neighbors, mode, speaker_weight, frozenset(exclude), mmr)
    return search(store, embedder, thread_id, Query.of(query), opts, derived)


def search(
    store: VectorStore,
    embedder: Embedder | None,
    thread_id: str,
    query: Query,
    opts: RecallOptions,
    derived: Derived | None = None,
) -> list[ArchiveHit]:
    """:func:`recall` with the query parsed and the options in one value.

    Cheap by construction: the searches rank seqs (a store's ``rank_*``, no message read), fusion and the speaker
    lift read each candidate's speaker, deduplication its sketch (both per message, once, from ``derived``), and
    only the ``k`` hits returned read their messages (``derived`` again: usually already there since ``add``).
    """
    if not query.text.strip():
        return []
    return _Recall(store, embedder, thread_id, query, opts, derived if derived is not None else Derived()).run()


@dataclass
class _Recall:
    """One recall: the store and the thread it reads, the query and the options (see :func:`search`)."""

    store: VectorStore
    embedder: Embedder | None
    thread_id: str
    query: Query
    opts: RecallOptions
    derived: Derived
    parts: dict[int, int] = field(default_factory=dict)  # seq -> the part (> 0: a passage) vector search found
    vector: Callable[[], np.ndarray] | None = None  # the query's vector, once asked for

    @property
    def fetch(self) -> int:
        """How deep each arm is searched: fusion normalises scores and boosts neighbours, it needs depth."""
        return max(self.opts.k * 4, 100)

    def run(self) -> list[ArchiveHit]:
        opts, derived, store, tid = self.opts, self.derived, self.store, self.thread_id
        speakers = opts.mode == "hybrid" and opts.speaker_weight > 0
        # Participants of the latest turns that the query names: their names leave both queries up front (all of
        # them, core.speakers.names_said); their turns are lifted unless it names them all (named_speakers).
        recent = recent_speakers(store, tid, SPEAKER_WINDOW, derived) if speakers else set()
        said = names_said(self.query, recent)
        named = frozenset() if said == recent else said
        text, vec, spans = self.rankings(said, opts.where)
        every_vector = 0 < len(vec) < self.fetch  # all in reach: a text hit it lacks has no vector yet
        text, vec, dated = self.dated(said, text, vec, spans)
        if opts.exclude:  # before fusion: an excluded turn must not lift its neighbours either
            text = [r for r in text if r[0] not in opts.exclude]
            vec = [r for r in vec if r[0] not in opts.exclude]
        if speakers and not named:  # someone who has not spoken lately: the hits tell; their turns are lifted only
            seen = derived.speakers(store, tid, [s for s, _ in (*vec, *text)])
            named = named_speakers(self.query, recent | {s for s in seen.values() if s})
        depth = 3 * opts.k + len(opts.exclude)  # room for the excluded and the near-duplicates dropped below
        found_by_vectors = vec
        if opts.mode == "hybrid":
            by_seq = derived.speakers(store, tid, [s for s, _ in (*vec, *text)]) if named else {}
            if every_vector:
                vec = unvectored(text, vec)
            adaptive = opts.fusion == "adaptive"
            trust = keyword_trust(text, vec, spans.keys()) if adaptive else 1.0
            ranked = fuse(
                text,
                vec,
                depth,
                alpha=vector_share(text, vec) if adaptive and trust >= 1.0 else DEFAULT_ALPHA,
                speakers=named,
                speaker_weight=opts.speaker_weight,
                speaker_by_seq=by_seq,
                trust=trust,
                single=singled_out(text, vec, spans.keys()) if adaptive else None,
                dated=dated,
                date_weight=DATE_WEIGHT,
            )
        else:
            ranked = lift((text or vec), dated, DATE_WEIGHT)[:depth]
        # the first places from different parts of the conversation (core.fusion.spread), in every mode; "different"
        # by seq and, when the first hits come from several sittings, by time
        times = derived.times(store, tid, [s for s, _ in ranked[: 2 * SPREAD_HEAD]])
        return self.hits(self.distinct(spread(ranked, times=times)), text, found_by_vectors, spans)

    def rankings(
        self, names: Collection[str], where: SearchFilter | None
    ) -> tuple[list[Ranked], list[Ranked], dict[int, tuple[int, int]]]:
        """The full-text ranking (whole messages and passages merged), the vector ranking, the passages' spans,
        of the messages ``where`` admits, both searched without the speakers' ``names``. The query's vector is
        computed once per recall."""
        opts, tid, fetch = self.opts, self.thread_id, self.fetch
        ranks = self.store if isinstance(self.store, RankedSearch) else _Ranks(self.store, self.derived)
        embedder = self.embedder if opts.mode != "text" else None
        hybrid = opts.mode == "hybrid"  # then the query's embedding runs beside the full-text search
        if embedder is not None and self.vector is None:
            self.vector = query_vector(embedder, without_names(self.query.head, names), hybrid)
        text: list[Ranked] = []
        spans: dict[int, tuple[int, int]] = {}
        if opts.mode != "vector":
            words = without_names(self.query.keywords, names)  # keywords: +1.7 points of recall@10 on LoCoMo
            text = ranks.rank_text(tid, words, fetch, where)
            text, spans = merge_ranked(text, ranks.rank_passages(tid, words, fetch, where))  # long messages
        vec: list[Ranked] = []
        if embedder is not None and self.vector is not None:
            q = self.vector()
            if isinstance(self.store, PassageVectorStore):  # the passage each long message was found by
                found = self.store.rank_vector_parts(tid, embedder.name, q, fetch, where)
                vec = [(seq, score) for seq, score, _ in found]
                self.parts.update({seq: part for seq, _, part in found if part > 0})
            else:
                vec = ranks.rank_vectors(tid, embedder.name, q, fetch, where)
        return text, vec, spans

    def dated(
        self, names: Collection[str], text: list[Ranked], vec: list[Ranked], spans: dict[int, tuple[int, int]]
    ) -> tuple[list[Ranked], list[Ranked], set[int]]:
        """When the query names a day or month (``core.when.named_windows``: absolute, relative to now, or a month
        without its year, the latest one the thread has reached): both rankings again within each named window,
        merged into the whole thread's (a score is the same whichever way it was found, so the lists stay
        comparable), and the seqs found within a window: the messages :func:`core.fusion.fuse` lifts (LoCoMo dev:
        ``benchmarks/locomo_recall.py`` prints the questions that name a date apart).

        Windows are read on ``created_at``. A window that holds the whole thread (it began after the window's
        start: "today" in an agent's run) is skipped: it would lift every message alike."""
        inside: set[int] = set()
        now, head, code = time.time(), self.query.head, self.query.lang
        windows = named_windows(head, now, code)
        begun = 0.0
        if windows:  # read again as of the thread's latest message: a month without its year is its latest one
            info = self.store.thread_info(self.thread_id)
            begun = info.created_at
            latest = self.derived.times(self.store, self.thread_id, [info.last_seq]).get(info.last_seq)
            windows = named_windows(head, now, code, anchor=latest)
        for since, until in windows:
            where = within(self.opts.where, since, until)
            if where is None or (since <= begun and until >= now):
                continue
            t, v, sp = self.rankings(names, where)
            inside.update(s for s, _ in (*t, *v))
            text, vec = _merged(text, t), _merged(vec, v)
            for seq, span in sp.items():
                spans.setdefault(seq, span)
        return text, vec, inside

    def distinct(self, ranked: Sequence[Ranked]) -> list[Ranked]:
        """The ``k`` best of ``ranked`` without the excluded seqs and near-duplicates (``core.mmr.diversify``),
        each compared by its sketch. In the fused order (``mmr == 1``) only a prefix is sketched unless needed."""
        k, lam = self.opts.k, self.opts.mmr
        items = [r for r in dict(ranked).items() if r[0] not in self.opts.exclude]
        n = len(items) if lam < 1 else min(len(items), 2 * k)
        while True:
            sketches = self.derived.sketches(self.store, self.thread_id, [seq for seq, _ in items[:n]])
            out = diversify([(s, sc, sketches[s]) for s, sc in items[:n] if s in sketches], k, lam)
            if len(out) >= k or n >= len(items):
                return out
            n = len(items)

    def hits(
        self, kept: Sequence[Ranked], text: Sequence[Ranked], vec: Sequence[Ranked], spans: dict[int, tuple[int, int]]
    ) -> list[ArchiveHit]:
        """The kept seqs as hits: their messages (the only ones read), passages, searches and neighbours."""
        store, tid = self.store, self.thread_id
        messages = self.derived.messages(store, tid, [seq for seq, _ in kept])
        fallback = not isinstance(store, RankedSearch) and getattr(store, "search_passages", None) is None
        found = {"text": {s for s, _ in text}, "vector": {s for s, _ in vec}}
        out = []
        for seq, score in kept:
            m = messages.get(seq)
            if m is None:  # erased since it was ranked
                continue
            span = spans.get(seq) or self.part_span(m)
            if span is None and fallback and len(m.searchable_text) <= FALLBACK_CHARS:
                span = best_passage(m.searchable_text, self.query)  # a store without a passage index: scored here
            via = tuple(name for name in ("text", "vector") if seq in found[name])
            around = _around(store, tid, seq, self.opts.neighbors, self.derived)
            out.append(ArchiveHit(message=m, score=score, matched=via, neighbors=around, passage=span))
        return out

    def part_span(self, m: Message) -> tuple[int, int] | None:
        """The span of the unit a long message was found by in the vector search (``Derived.unit_span``);
        None when its best vector was its whole text or it was not found by vectors."""
        part = self.parts.get(m.seq or 0)
        return self.derived.unit_span(m, part) if part else None


class _Ranks:
    """The ranked searches of a store that only has the ``search_*`` ones: their messages go to ``derived`` (so
    nothing is read twice), their rankings on."""

    def __init__(self, store: VectorStore, derived: Derived) -> None:
        self.store, self.derived = store, derived

    def _keep(self, hits: Sequence[TextHit]) -> list[Ranked]:
        self.derived.put(h.message for h in hits)
        return [(h.message.seq or 0, h.score) for h in hits]

    def rank_text(self, thread_id: str, query: str, k: int, where: SearchFilter | None) -> list[Ranked]:
        return self._keep(self.store.search_text(thread_id, query, k, where))

    def rank_vectors(
        self, thread_id: str, model: str, query: np.ndarray, k: int, where: SearchFilter | None
    ) -> list[Ranked]:
        return self._keep(self.store.search_vectors(thread_id, model, query, k, where))

    def rank_passages(self, thread_id: str, query: str, k: int, where: SearchFilter | None) -> list[RankedSpan]:
        passages = getattr(self.store, "search_passages", None)
        if passages is None:
            return []
        found = passages(thread_id, query, k, where)
        self.derived.put(h.message for h, _ in found)
        return [(h.message.seq or 0, h.score, span) for h, span in found]


def within(where: SearchFilter | None, since: float, until: float) -> SearchFilter | None:
    """``where`` narrowed to ``since..until`` (its roles kept); None when the two ranges do not meet."""
    lo = since if where is None or where.since is None else max(since, where.since)
    hi = until if where is None or where.until is None else min(until, where.until)
    return None if lo > hi else SearchFilter(roles=None if where is None else where.roles, since=lo, until=hi)


def _merged(ranking: Sequence[Ranked], more: Sequence[Ranked]) -> list[Ranked]:
    """Two rankings of one search under different filters as one, best first, each seq once."""
    seen = dict(ranking)
    for seq, score in more:
        seen.setdefault(seq, score)
    return sorted(seen.items(), key=lambda r: -r[1])


def recent_speakers(
    store: Store, thread_id: str, window: int = SPEAKER_WINDOW, derived: Derived | None = None
) -> set[str]:
    """The speakers (``core.speakers.speaker_of``) of the thread's last ``window`` messages: one bounded read
    (none when ``derived`` holds them already)."""
    last = store.thread_info(thread_id).last_seq
    seqs = range(max(last - window, 0) + 1, last + 1)
    if derived is None:
        return {s for m in store.messages(thread_id, max(last - window, 0), last) if (s := speaker_of(m))}
    return {s for s in derived.speakers(store, thread_id, seqs).values() if s}


def _around(store: Store, thread_id: str, seq: int, radius: int, derived: Derived) -> tuple[Message, ...]:
    """The messages within ``radius`` of ``seq`` (not itself), in order."""
    if not radius:
        return ()
    got = derived.messages(store, thread_id, [s for s in range(seq - radius, seq + radius + 1) if s > 0 and s != seq])
    return tuple(got[s] for s in sorted(got))


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


def tool_result(
    cid: str,
    fmt: str,
    hits: Sequence[ArchiveHit],
    *,
    max_tokens: int = TOOL_TOKENS,
    count: Callable[[str], int] | None = None,
) -> dict[str, Any]:
    """The recall tool's answer: an OpenAI tool message or an Anthropic tool_result block, its content the hits
    as JSON within ``max_tokens`` (counted with ``count``, default ~4 characters a token): see :func:`bounded`."""
    return _answer(cid, fmt, bounded(hits, max_tokens, count or _approx_tokens))


def _approx_tokens(text: str) -> int:
    return len(text) // 4 + 1


def bounded(hits: Sequence[ArchiveHit], max_tokens: int, count: Callable[[str], int]) -> str:
    """``hits`` as a JSON list (``ArchiveHit.as_dict``) of at most ``max_tokens`` tokens.

    A text that does not fit its share (the tokens left by the JSON around the texts, split evenly between the
    hits and their neighbours) is shown as an excerpt around its best passage (``ArchiveHit.passage``; the head
    without one), opened by a marker that names the message and the characters shown:
    ``[excerpt of message #17: characters 8,120-8,712 of 1,000,000] ...``; the full text stays in the archive.
    Shares shrink until the whole fits; hits are dropped from the end only when even short excerpts do not.
    """
    if not hits:
        return "[]"
    chars = max(max_tokens, 1) * 4 // max(sum(1 + len(h.neighbors) for h in hits), 1)
    for _ in range(6):
        body = json.dumps([_shown(h, chars) for h in hits], ensure_ascii=False)
        used = count(body)
        if used <= max_tokens:
            return body
        chars = int(chars * max_tokens / used * 0.9)
        if chars < _MIN_EXCERPT:
            break
    while len(hits) > 1:  # even short excerpts do not fit: fewer hits, the best first
        hits = hits[:-1]
        body = json.dumps([_shown(h, _MIN_EXCERPT) for h in hits], ensure_ascii=False)
        if count(body) <= max_tokens:
            return body
    return json.dumps([_shown(hits[0], 0)], ensure_ascii=False)


_MIN_EXCERPT = 80  # characters: shorter excerpts say nothing; below this, hits go instead


def _shown(hit: ArchiveHit, chars: int) -> dict[str, Any]:
    out = hit.as_dict(text=False)
    out["text"] = _excerpt(hit.message, hit.passage, chars)
    out["neighbors"] = [
        {**n, "text": _excerpt(m, None, chars)} for n, m in zip(out["neighbors"], hit.neighbors, strict=True)
    ]
    return out


def _excerpt(m: Message, span: tuple[int, int] | None, chars: int) -> str:
    text = m.searchable_text
    if len(text) <= chars:
        return text
    start, end = window(text, span, chars)
    return f"[excerpt of message #{m.seq}: characters {start:,}-{end:,} of {len(text):,}] {text[start:end]}"


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
