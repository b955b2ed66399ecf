"""Checks and helpers shared by every store, so all backends reject the same inputs the same way."""

from __future__ import annotations

import json
import logging
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from ..core.lang import detect, index_terms
from ..core.lang import fold as fold  # one fold for every index (re-exported: the stores import it here)
from ..core.speakers import speaker_in
from ..errors import ConfigError, InvalidArgument, InvalidMessage, StoreError, VersionConflict
from ..protocols import JOB_KINDS
from ..types import Event, Message, SummaryNode, SummaryVersion, parse_message

log = logging.getLogger("chatcompact.stores")

MAX_THREAD_ID = 200
#: 9999-12-31T23:59:59Z: the last second datetime can show. Larger values are milliseconds by mistake, or garbage.
MAX_EPOCH = 253_402_300_799.0
# Letters and digits, as SQLite's unicode61 tokenizer splits words ('_' separates there too).
# Anything else in a query (quotes, colons, '*', '-') is dropped, which is what makes free user
# text safe to hand to FTS5's query syntax.
_WORD_RE = re.compile(r"[^\W_]+")
# Bounds the work a pasted wall of text can cause; the first words are the ones kept.
MAX_QUERY_TERMS = 64
#: The ends of English contractions and possessives ("John's", "don't", "we'll"): an index that splits at the
#: apostrophe keeps each as a word of its own, found in half the messages of a chat ("s" in 41% of a 100k LoCoMo
#: thread). As a query word it finds nothing and costs the most (BM25 counts its rows on every query).
_CLITIC = re.compile(r"(?<=[^\W_])['’](?:s|t|d|m|ll|re|ve)\b", re.IGNORECASE)


def check_thread(thread_id: object, system: object = None) -> str:
    """Return ``thread_id`` if it is a non-empty str of at most 200 characters and ``system`` a str or None.

    Raises ConfigError otherwise.
    """
    if system is not None and not isinstance(system, str):
        raise ConfigError(f"system prompt must be a string or None, got {type(system).__name__}")
    if not isinstance(thread_id, str) or not thread_id:
        raise ConfigError(f"thread id must be a non-empty string, got {thread_id!r}")
    if len(thread_id) > MAX_THREAD_ID:
        raise ConfigError(f"thread id must be at most {MAX_THREAD_ID} characters, got {len(thread_id)}")
    if _UNSTORABLE.search(thread_id) or (system is not None and _UNSTORABLE.search(system)):
        raise ConfigError("thread id and system prompt must be valid UTF-8 text without NUL characters")
    return thread_id


def check_budget(budget: object) -> int | None:
    """Return ``budget`` if it is None or an int >= 64 (a thread's trigger budget); ConfigError otherwise."""
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 64):
        raise ConfigError(f"a thread's budget must be an int >= 64 tokens, got {budget!r}")
    return budget


_UNSTORABLE = re.compile("[\ud800-\udfff\x00]")


def private_file(path: str) -> None:
    """Create ``path`` (and missing parent folders) owner-only (0600 / 0700) unless it exists already.

    SQLite gives its -wal and -shm files the database file's permissions, so they are private too.
    """
    import os
    from pathlib import Path

    if "\x00" in path:
        raise ConfigError(f"a store path cannot hold a NUL character: {path!r}")
    parent = Path(path).parent
    if not parent.exists():
        parent.mkdir(parents=True, mode=0o700, exist_ok=True)
    if path.startswith("file:") or os.path.exists(path):
        return
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))


def check_created_at(value: object) -> float | None:
    """``value`` if None or epoch seconds in (0, year 9999]; InvalidMessage otherwise (milliseconds are a mistake)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise InvalidMessage("created_at", f"must be epoch seconds > 0, got {value!r}")
    if value > MAX_EPOCH:
        hint = " (milliseconds? divide by 1000)" if value / 1000 <= MAX_EPOCH else ""
        raise InvalidMessage("created_at", f"{value!r} is past the year 9999{hint}")
    return float(value)


def readable_time(value: object) -> float:
    """A stored ``created_at`` as something every reader can show: a bad value (from before the add-time
    check) is read as milliseconds when that fits, else clamped, never an error that kills the thread."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value <= 0:
        return 0.0
    if value > MAX_EPOCH:
        return float(value) / 1000 if value / 1000 <= MAX_EPOCH else MAX_EPOCH
    return float(value)


def check_append(messages: Sequence[Message], tokens: Sequence[int], created_at: object = None) -> None:
    """Reject an append whose token list does not match its messages one to one, or with a bad ``created_at``."""
    check_created_at(created_at)
    if isinstance(messages, str | bytes) or not isinstance(messages, Sequence):
        raise InvalidMessage("messages", f"expected a list of Message, got {type(messages).__name__}")
    if len(messages) != len(tokens):
        raise InvalidArgument(f"append got {len(messages)} messages but {len(tokens)} token counts")
    for i, t in enumerate(tokens):
        if isinstance(t, bool) or not isinstance(t, int) or t < 0:
            raise InvalidArgument(f"tokens[{i}] must be a non-negative int, got {t!r}")


def encode_message(message: Message, index: int) -> str:
    """The JSON body a store keeps for ``message`` (OpenAI dict and ``meta``); InvalidMessage if it cannot be stored.

    The message is validated again here (a Message built by hand may hold anything, e.g. role "bogus"):
    what a store accepts, every later read must be able to parse, or the thread could never open again.
    """
    return _stored_json(message, index).decode()


def _stored_json(message: Message, index: int) -> bytes:
    """:func:`encode_message`'s body as UTF-8 bytes (what :func:`encode_body` compresses without a decode)."""
    if not isinstance(message, Message):
        raise InvalidMessage("message", f"expected a Message (see parse_message), got {type(message).__name__}", index)
    try:
        parse_message(message, max_chars=1 << 62)  # the size limit is the caller's policy; the shape is ours
        return dumps_bytes(message.to_stored())
    except InvalidMessage as exc:
        raise InvalidMessage(exc.field, exc.problem, index) from None
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidMessage("message", f"cannot be stored as JSON: {exc}", index) from exc


#: A message body of at least this many bytes of JSON is kept compressed by the SQLite store (:func:`encode_body`).
PACK_BYTES = 32_768
#: Every zstd frame starts with these four bytes; a JSON body starts with "{".
_ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"


def encode_body(message: Message, index: int) -> str | bytes:
    """What the SQLite store keeps for ``message``: its JSON body (:func:`encode_message`), or, from
    :data:`PACK_BYTES` on (a tool output, a paste), that JSON compressed by zstd (level 1) as a BLOB.

    A 2 MB build log's row then writes ~30 KB to the WAL, the file and its checkpoint instead of 2 MB (source
    code ~0.5 MB): the store's files grow by 3.4 instead of 5.4 MB per such output, the rest being its full-text
    passages, and ``add`` is a little faster (``benchmarks/body_packing.py``). zstd compresses a 2 MB text in
    ~1-4 ms (the GIL released meanwhile) and reads it back in ~1 ms; the JSON is never decoded to ``str`` on the
    way. :func:`body_json` reads both forms."""
    raw = _stored_json(message, index)
    if len(raw) < PACK_BYTES:
        return raw.decode()
    import zstandard  # a core dependency, imported where it is first needed (the import costs the cold start)

    return zstandard.ZstdCompressor(level=1).compress(raw)


def body_json(body: str | bytes) -> str | bytes:
    """A stored body as JSON text (``str``, or UTF-8 ``bytes``: ``json.loads`` reads both): a compressed BLOB
    (:func:`encode_body`) decompressed; StoreError for a value that is neither, or a frame that does not decompress."""
    if isinstance(body, str):
        return body
    if not isinstance(body, bytes | bytearray | memoryview):
        raise StoreError(f"a stored body is text or a BLOB, not {type(body).__name__}")
    data = bytes(body)
    if data[:4] != _ZSTD_MAGIC:
        return data  # a BLOB of plain JSON (written by another tool): read as it is
    import zstandard

    try:
        return zstandard.ZstdDecompressor().decompress(data)
    except zstandard.ZstdError as exc:
        raise StoreError(f"a compressed body does not decompress: {exc}") from exc


def dumps_bytes(data: Any) -> bytes:
    """``data`` (plain JSON, as :func:`parse_message` checked it) as compact UTF-8 JSON. orjson writes a 2 MB
    tool output in 0.3 ms where ``json.dumps`` took 4 ms; what it refuses (an int past 64 bits, a str or dict
    subclass it cannot read) goes to ``json.dumps``, whose errors (NaN, a non-str key) are the caller's to report.
    Bodies are read back with ``json.loads`` (orjson would read an int past 64 bits as a float)."""
    try:
        return orjson.dumps(data)
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def decode_message(body: str | bytes, seq: int, created_at: float, thread_id: str) -> Message:
    """Rebuild a stored message (a JSON body, or one :func:`encode_body` compressed); a row that no longer parses
    is quarantined, never an error.

    Reads tolerate anything already stored: one bad row (written by an older version or by hand) must not
    make the whole thread unreadable. It is logged and read as a placeholder assistant turn saying so (the
    seq stays contiguous, the row itself stays in the file untouched); a bad ``created_at`` is read leniently.
    """
    try:
        return parse_message(json.loads(body_json(body)), max_chars=1 << 62).with_meta(seq, readable_time(created_at))
    except (ValueError, TypeError, RecursionError, StoreError) as exc:  # InvalidMessage, JSONDecodeError: ValueErrors
        log.warning("quarantined stored message %s of thread %r: unreadable (%s)", seq, thread_id, exc)
        return quarantined(seq, readable_time(created_at))


def stored_speaker(body: str | bytes) -> str | None:
    """The speaker (``core.speakers.speaker_of``) of a stored message from its body's ``name`` and ``content``
    alone, without parsing it into a :class:`Message` (a tenth of the cost); None for a body that is not JSON."""
    try:
        raw = json.loads(body_json(body))
    except (ValueError, RecursionError, StoreError):
        return None
    return speaker_in(raw.get("name"), raw.get("content")) if isinstance(raw, dict) else None


def quarantined(seq: int, created_at: float) -> Message:
    """The placeholder read in place of stored message ``seq`` when its row cannot be parsed."""
    return Message(role="assistant", content=f"[stored message {seq} is unreadable and was quarantined]").with_meta(
        seq, created_at
    )


def check_version(thread_id: str, current: int, version: SummaryVersion) -> None:
    """Optimistic-concurrency rule: commit only on top of the version the caller started from."""
    expected = version.parent or 0
    if current != expected:
        raise VersionConflict(
            f"thread {thread_id!r}: version {version.version} was built on version {expected}, "
            f"but the latest committed version is {current}"
        )
    if version.version != current + 1:
        raise VersionConflict(f"thread {thread_id!r}: the next version must be {current + 1}, got {version.version}")


def check_node(thread_id: str, last_seq: int, node: object) -> SummaryNode:
    """Reject what is not a SummaryNode, or one covering messages the thread does not have."""
    if not isinstance(node, SummaryNode):
        raise StoreError(f"put_node expects a SummaryNode, got {type(node).__name__}")
    if node.seq_until > last_seq:
        raise StoreError(
            f"thread {thread_id!r}: node {node.id!r} covers messages up to {node.seq_until}, "
            f"but the thread's last message is {last_seq}"
        )
    return node


def load_node(body: str, thread_id: str) -> SummaryNode:
    """A hierarchy node from its stored JSON; StoreError if unreadable."""
    try:
        return SummaryNode.model_validate_json(body)
    except ValueError as exc:
        raise StoreError(f"a stored hierarchy node of thread {thread_id!r} is unreadable: {exc}") from exc


def check_level(level: object) -> int | None:
    """Return ``level`` if it is None or an int >= 0; ValueError otherwise."""
    if level is not None and (isinstance(level, bool) or not isinstance(level, int) or level < 0):
        raise InvalidArgument(f"level must be None or an int >= 0, got {level!r}")
    return level


def _key_problem(value: Any, where: str) -> str | None:
    """Where ``value`` holds a dict key that is not a string (json would silently stringify it), else None."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{where} has a {type(key).__name__} key {key!r}; keys must be strings"
            problem = _key_problem(item, f"{where}[{key!r}]")
            if problem:
                return problem
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            problem = _key_problem(item, f"{where}[{i}]")
            if problem:
                return problem
    return None


def check_kind(kind: object) -> str:
    """Return ``kind`` if it is a non-empty string; StoreError otherwise."""
    if not isinstance(kind, str) or not kind:
        raise StoreError(f"event kind must be a non-empty string, got {kind!r}")
    return kind


def encode_event(kind: object, data: object) -> str:
    """The JSON body a store keeps for an event's ``data``; StoreError naming the problem if it cannot be stored.

    ``data`` must be a dict of plain JSON values (str keys, no NaN/infinity); tuples are stored as lists.
    """
    check_kind(kind)
    if not isinstance(data, Mapping):
        raise StoreError(f"event data must be a dict, got {type(data).__name__}")
    data = dict(data)
    try:
        body = json.dumps(data, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StoreError(f"event data of kind {kind!r} is not JSON-serialisable: {exc}") from exc
    problem = _key_problem(data, "data")  # only after dumps succeeded: no cycles left to walk into
    if problem:
        raise StoreError(f"event data of kind {kind!r} is not JSON-serialisable as given: {problem}")
    return body


def decode_event(thread_id: str, kind: str, body: str, created_at: float, event_id: int) -> Event:
    """Rebuild a stored event; a body that no longer parses to a dict is a StoreError (the store is damaged)."""
    try:
        data = json.loads(body)
    except ValueError as exc:
        raise StoreError(f"stored event {event_id} of thread {thread_id!r} is unreadable: {exc}") from exc
    if not isinstance(data, dict):
        raise StoreError(f"stored event {event_id} of thread {thread_id!r} is not a JSON object")
    return Event(thread_id=thread_id, kind=kind, data=data, created_at=created_at, id=event_id)


def check_job_kind(kind: object) -> str:
    """Return ``kind`` if it is one of JOB_KINDS; ValueError naming the accepted kinds otherwise."""
    if kind not in JOB_KINDS:
        raise InvalidArgument(f"job kind must be one of {list(JOB_KINDS)}, got {kind!r}")
    return kind


def check_limit(limit: object) -> int:
    """Return ``limit`` if it is an int (values <= 0 mean 'no events'); ValueError otherwise."""
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise InvalidArgument(f"limit must be an int, got {limit!r}")
    return limit


def indexed_text(text: str, lang: str | None = None) -> str:
    """What every store's full-text index reads for a message: its text, then the language terms of
    :func:`chatcompact.core.lang.index_terms` (stems of a non-English text, bigrams of Chinese) on a
    line of their own. English text is returned unchanged. ``lang``: the text's language when the caller knows
    it (a passage of a long message: :func:`passage_lang`)."""
    extra = index_terms(text, lang)
    return f"{text}\n{' '.join(extra)}" if extra else text


#: A message's own full-text row indexes at most this many characters of its text: a longer message is a long one,
#: and its passages (``core.passages``) index all of it, so a 2 MB tool output is not tokenised twice whole.
ROW_CHARS = 100_000
#: Of each of the two messages before a message, its full-text row indexes the last this many characters as its
#: context (the words just before it: the question it answers, the end of the output a step reacts to). A 2 MB
#: output was tokenised again, whole, as the context of each of the next two messages.
CONTEXT_CHARS = 2_000


def row_text(text: str) -> str:
    """What the SQLite store keeps in a message's ``text`` column, which only its full-text rows read: the
    :func:`indexed_text` of a text up to ``ROW_CHARS`` long; of a longer one (its passages index all of it), that of
    its first ``ROW_CHARS`` characters, then a line with its last ``CONTEXT_CHARS`` (the next messages' context).
    A 2 MB output is then neither scanned for its language terms nor written twice whole."""
    if len(text) <= ROW_CHARS:
        return indexed_text(text)
    return f"{indexed_text(text[:ROW_CHARS])[:ROW_CHARS]}\n{text[-CONTEXT_CHARS:]}"


PASSAGE_LANG_CHARS = 8_000  # a message this long (a tool output, a paste) is indexed in one language


def passage_lang(text: str) -> str | None:
    """The language every passage of ``text`` is indexed in: the message's own when it is long (detected once,
    not once per passage: a 2 MB output has thousands), else None (each passage's own: a short chat message
    mixing languages keeps each passage's)."""
    return detect(text) if len(text) >= PASSAGE_LANG_CHARS else None


def passage_texts(text: str, spans: Sequence[tuple[int, int, int]]) -> list[str]:
    """What a full-text index keeps of each of ``spans`` (``(chunk, start, end)`` of ``text``, ``core.passages``):
    every passage in :func:`passage_lang`'s language. The SQLite store computes it before taking its write lock."""
    if not spans:
        return []
    code = passage_lang(text)
    return [indexed_text(text[start:end], code) for _, start, end in spans]


def term_counts(text: str) -> Counter[str]:
    """How often each folded word occurs in ``text`` (the in-memory store's index); ``text`` as
    :func:`indexed_text` gives it."""
    return Counter(_WORD_RE.findall(fold(text)))


def query_terms(query: str) -> list[str]:
    """Distinct folded word tokens of ``query``, then its language terms (:func:`~chatcompact.core.lang.index_terms`:
    the same stems and bigrams the stored text was indexed with), in first-seen order (at most 64). The ends of
    contractions and possessives (:data:`_CLITIC`) are not query words."""
    seen: dict[str, None] = {}
    for word in [*_WORD_RE.findall(fold(_CLITIC.sub("", query))), *index_terms(query)]:
        seen.setdefault(word, None)
        if len(seen) >= MAX_QUERY_TERMS:
            break
    return list(seen)
