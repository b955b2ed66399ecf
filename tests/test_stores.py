"""Store contract suite (every Store implementation runs through it) plus SQLite-only behaviour."""

from __future__ import annotations

import itertools
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chatcompact.errors import (
    ConfigError,
    InvalidArgument,
    InvalidMessage,
    StoreError,
    ThreadNotFound,
    VersionConflict,
)
from chatcompact.protocols import SearchFilter, Store
from chatcompact.runtime.forget import tombstone
from chatcompact.stores import InMemoryStore, SQLiteStore, open_store
from chatcompact.stores._vectors import VectorIndex, hnswlib_module
from chatcompact.stores.sqlite import MIGRATIONS
from chatcompact.testing import HashEmbedder
from chatcompact.types import Message, SummaryItem, SummaryNode, SummaryState, SummaryVersion, parse_message

pytestmark = pytest.mark.timeout(30)

RAW_MESSAGES = [
    {"role": "user", "content": "Hi, I'm Dupont, order 88231 arrived broken."},
    {
        "role": "user",
        "content": [
            {"type": "text", "text": "Here is a photo"},
            {"type": "image_url", "image_url": {"url": "https://example.com/x.png", "detail": "low"}},
        ],
        "name": "dupont_1",
    },
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "lookup_order", "arguments": '{"id": 88231}'}},
            {"id": "call_2", "type": "function", "function": {"name": "refund_policy", "arguments": "{}"}},
        ],
    },
    {"role": "tool", "tool_call_id": "call_1", "content": '{"status": "delivered", "damaged": true}'},
    {"role": "tool", "tool_call_id": "call_2", "content": "Refunds within 30 days."},
    {"role": "assistant", "content": "Désolé 😢 — 退款 will be processed. Ünïcödé “quotes” ✓", "refusal": None},
]


def msgs(*raws: dict) -> list[Message]:
    return [parse_message(r) for r in raws]


def user(text: str) -> Message:
    return parse_message({"role": "user", "content": text})


def version(n: int, parent: int | None, until: int = 3, note: str = "") -> SummaryVersion:
    state = SummaryState(topics=(SummaryItem(text=note or f"topic {n}", sources=(1,)),), narrative=f"v{n}")
    return SummaryVersion(version=n, parent=parent, state=state, covered_from=1, covered_until=until)


def make_store(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    """A fresh, empty store of ``kind`` ("sqlite", "memory" or "postgres": a real server, a fresh schema)."""
    if kind == "sqlite":
        return SQLiteStore(str(tmp_path / "db" / "store.db"))
    if kind == "postgres":
        return open_store(request.getfixturevalue("pg_url"))
    return InMemoryStore()


@pytest.fixture(params=["sqlite", "memory", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    s = make_store(request.param, request, tmp_path)
    yield s
    s.close()


@pytest.fixture
def thread(store: Store) -> str:
    store.ensure_thread("t1", "You are helpful.")
    return "t1"


# ---------------------------------------------------------------- contract


def test_is_a_store_with_flags(store: Store) -> None:
    assert isinstance(store, Store)
    assert store.supports_text_search is True
    assert store.supports_vectors is True


def test_append_assigns_consecutive_seqs_and_round_trips(store: Store, thread: str) -> None:
    originals = msgs(*RAW_MESSAGES)
    returned = store.append(thread, originals[:2], [5, 7])
    returned += store.append(thread, originals[2:], [1, 2, 3, 4])
    assert [m.seq for m in returned] == [1, 2, 3, 4, 5, 6]
    assert all(m.created_at and m.created_at > 0 for m in returned)
    stored = store.messages(thread)
    assert stored == returned
    for original, back in zip(originals, stored, strict=True):
        assert back.to_openai() == original.to_openai()
    assert [m.to_openai() for m in stored] == [parse_message(r).to_openai() for r in RAW_MESSAGES]
    assert store.thread_info(thread).last_seq == 6


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)  # past 64 bits too: orjson refuses those
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None)
@given(meta=st.dictionaries(st.text(min_size=1, max_size=8), _json_values, max_size=4), text=st.text(max_size=40))
def test_a_body_reads_back_as_it_was_written(meta: dict[str, Any], text: str) -> None:
    """The JSON written for a message (orjson, else json for what orjson refuses) reads back to the same values:
    an int past 64 bits stays an int, every float and string round-trips."""
    from chatcompact.stores._common import decode_message, encode_message

    try:
        m = parse_message({"role": "user", "content": text or "x", "meta": meta})
    except InvalidMessage:  # a value the store must refuse (a NUL, a lone surrogate): not this test's subject
        return
    body = encode_message(m, 0)
    assert decode_message(body, 1, 1.0, "t").to_stored() == json.loads(json.dumps(m.to_stored()))


def test_append_overrides_incoming_meta_and_checks_lengths(store: Store, thread: str) -> None:
    stale = user("hello").with_meta(99, 1.0)
    assert store.append(thread, [stale], [1])[0].seq == 1
    with pytest.raises(ValueError):
        store.append(thread, [user("a"), user("b")], [1])
    with pytest.raises(ValueError):
        store.append(thread, [user("a")], [-1])
    with pytest.raises(InvalidMessage):
        store.append(thread, [{"role": "user", "content": "raw dict"}], [1])  # type: ignore[list-item]
    assert store.thread_info(thread).last_seq == 1  # failed appends wrote nothing
    assert store.append(thread, [], []) == []


def test_windows_and_tokens(store: Store, thread: str) -> None:
    store.append(thread, [user(f"m{i}") for i in range(1, 8)], [10, 20, 30, 40, 50, 60, 70])
    assert [m.seq for m in store.messages(thread, after=2)] == [3, 4, 5, 6, 7]
    assert [m.seq for m in store.messages(thread, after=2, until=4)] == [3, 4]
    assert [m.text for m in store.messages(thread, until=2)] == ["m1", "m2"]
    assert store.messages(thread, after=7) == []
    assert store.messages(thread, after=3, until=3) == []
    assert store.message_tokens(thread) == [10, 20, 30, 40, 50, 60, 70]
    assert store.message_tokens(thread, after=5) == [60, 70]
    assert store.message_tokens(thread, after=7) == []


def test_ensure_thread_idempotent_and_updates_system(store: Store) -> None:
    first = store.ensure_thread("t", "one")
    again = store.ensure_thread("t", "one")
    assert first == again
    assert (first.id, first.system, first.last_seq, first.last_version) == ("t", "one", 0, 0)
    assert store.ensure_thread("t", None).system == "one"  # None keeps the prompt
    assert store.ensure_thread("t", "two").system == "two"
    assert store.thread_info("t").created_at == first.created_at
    store.append("t", [user("x")], [1])
    store.commit_version("t", version(1, None, until=1))
    info = store.ensure_thread("t", None)
    assert (info.last_seq, info.last_version) == (1, 1)
    assert store.ensure_thread("nosys", None).system is None
    assert [t.id for t in store.list_threads()] == ["t", "nosys"]


@pytest.mark.parametrize("bad", ["", "x" * 201, None, 42])
def test_thread_id_validation(store: Store, bad: object) -> None:
    with pytest.raises(ConfigError):
        store.ensure_thread(bad, None)  # type: ignore[arg-type]
    store.ensure_thread("x" * 200, None)


def test_thread_not_found(store: Store) -> None:
    for call in (
        lambda: store.thread_info("nope"),
        lambda: store.append("nope", [user("x")], [1]),
        lambda: store.messages("nope"),
        lambda: store.message_tokens("nope"),
        lambda: store.latest_version("nope"),
        lambda: store.versions("nope"),
        lambda: store.commit_version("nope", version(1, None)),
        lambda: store.search_text("nope", "anything"),
        lambda: store.search_text("nope", "anything", where=SearchFilter(roles=frozenset({"user"}))),
        lambda: store.put_vectors("nope", "m", [1], np.ones((1, 4), dtype=np.float32)),
        lambda: store.missing_vectors("nope", "m"),
        lambda: store.search_vectors("nope", "m", np.ones(4, dtype=np.float32)),
        lambda: store.delete_thread("nope"),
        lambda: store.log_event("nope", "k", {}),
        lambda: store.events("nope"),
        lambda: store.events("nope", kind="k"),
        lambda: store.events("nope", limit=0),
    ):
        with pytest.raises(ThreadNotFound):
            call()
    assert store.list_threads() == []


def test_commit_version_happy_path_and_order(store: Store, thread: str) -> None:
    store.append(thread, [user(f"m{i}") for i in range(6)], [1] * 6)
    assert store.latest_version(thread) is None
    assert store.versions(thread) == []
    v1 = store.commit_version(thread, version(1, None, until=3))
    v2 = store.commit_version(thread, version(2, 1, until=5, note="second"))
    assert v1.created_at > 0  # stamped at commit
    assert store.versions(thread) == [v1, v2]
    assert store.latest_version(thread) == v2
    assert store.latest_version(thread).state.topics[0].text == "second"  # type: ignore[union-attr]
    assert store.thread_info(thread).last_version == 2


def test_commit_version_conflict_writes_nothing(store: Store, thread: str) -> None:
    v1 = store.commit_version(thread, version(1, None))
    with pytest.raises(VersionConflict):
        store.commit_version(thread, version(2, None))  # stale parent: someone committed v1 first
    with pytest.raises(VersionConflict):
        store.commit_version(thread, version(2, 0))  # parent 0 means "none" as well
    with pytest.raises(VersionConflict):
        store.commit_version(thread, version(3, 1))  # right parent, wrong number
    with pytest.raises(VersionConflict):
        store.commit_version(thread, version(1, 1))
    assert store.versions(thread) == [v1]
    assert store.thread_info(thread).last_version == 1


def node(node_id: str, level: int, first: int, last: int, children: tuple[str, ...] = ()) -> SummaryNode:
    state = SummaryState(topics=(SummaryItem(text=f"about {node_id}", sources=(first,)),))
    return SummaryNode(
        id=node_id, level=level, seq_from=first, seq_until=last, state=state, children=children, tokens=5
    )


def test_nodes_round_trip_ordered_and_filtered(store: Store, thread: str) -> None:
    store.append(thread, [user(f"m{i}") for i in range(10)], [1] * 10)
    assert store.nodes(thread) == []
    b, a, up = node("0.6-10.v2", 0, 6, 10), node("0.1-5.v1", 0, 1, 5), node("1.1-10.x", 1, 1, 10, ("0.1-5.v1", "x"))
    for n in (up, b, a):
        assert store.put_node(thread, n) == n
    assert store.nodes(thread) == [a, b, up]  # by level, then seq_from
    assert store.nodes(thread, level=0) == [a, b] and store.nodes(thread, level=1) == [up]
    assert store.nodes(thread, level=5) == []
    store.ensure_thread("other", None)
    assert store.nodes("other") == []


def test_put_node_is_idempotent_per_id(store: Store, thread: str) -> None:
    store.append(thread, [user(f"m{i}") for i in range(3)], [1] * 3)
    first = node("0.1-3.v1", 0, 1, 3)
    store.put_node(thread, first)
    again = first.model_copy(update={"tokens": 99})
    assert store.put_node(thread, again) == first  # the first write stays (append-only)
    assert store.nodes(thread) == [first]


def test_put_node_rejects_bad_input_and_writes_nothing(store: Store, thread: str) -> None:
    store.append(thread, [user("only")], [1])
    with pytest.raises(StoreError, match=r"covers messages up to 2.*last message is 1"):
        store.put_node(thread, node("0.1-2.v1", 0, 1, 2))
    with pytest.raises(StoreError, match="expects a SummaryNode"):
        store.put_node(thread, {"id": "x"})  # type: ignore[arg-type]
    with pytest.raises(ThreadNotFound):
        store.put_node("nope", node("0.1-1.v1", 0, 1, 1))
    with pytest.raises(ThreadNotFound):
        store.nodes("nope")
    for bad in (-1, "0", True):
        with pytest.raises(ValueError, match="level"):
            store.nodes(thread, level=bad)  # type: ignore[arg-type]
    assert store.nodes(thread) == []


def test_node_type_validates_its_range() -> None:
    with pytest.raises(ValueError, match="before seq_from"):
        node("x", 0, 5, 4)
    with pytest.raises(ValueError, match="children"):
        node("x", 1, 1, 4)


def test_delete_thread_removes_nodes(store: Store, thread: str) -> None:
    store.append(thread, [user("m")], [1])
    store.put_node(thread, node("0.1-1.v1", 0, 1, 1))
    store.delete_thread(thread)
    store.ensure_thread(thread, None)
    assert store.nodes(thread) == []


def test_search_ranks_matching_message_first(store: Store, thread: str) -> None:
    store.append(
        thread,
        msgs(
            {"role": "user", "content": "The weather is nice today."},
            {"role": "user", "content": "My refund for order 88231 never arrived."},
            {"role": "assistant", "content": "Let me check the weather forecast."},
            {"role": "user", "content": "Ich heiße Müller, meine Bestellung ist kaputt."},
        ),
        [1, 1, 1, 1],
    )
    hits = store.search_text(thread, "what about my refund for 88231?", k=3)
    assert hits and hits[0].message.seq == 2
    assert all(a.score >= b.score for a, b in itertools.pairwise(hits))
    assert store.search_text(thread, "MULLER")[0].message.seq == 4  # case and diacritics folded
    assert store.search_text(thread, "weather", k=1)[0].message.seq in (1, 3)
    assert len(store.search_text(thread, "weather", k=1)) == 1
    assert store.search_text(thread, "zebra") == []


LANGUAGE_TURNS = (
    {"role": "user", "content": "Das Wetter ist heute schön."},
    {"role": "user", "content": "Ich warte seit Wochen auf die Rückerstattung für meine Bestellungen."},
    {"role": "user", "content": "Vorrei il rimborso: il pacco è arrivato rotto."},
    {"role": "user", "content": "你好，我的订单号是88231，收到的时候已经坏了。"},
    {"role": "assistant", "content": "我们明天给您安排退款和新的快递。"},
    {"role": "user", "content": "Perché la consegna è così lenta?"},
)


@pytest.mark.parametrize(
    ("query", "seq"),
    [
        ("Wann kommt meine Rückerstattung?", 2),  # German stems: Rückerstattung finds its turn
        ("die Bestellung", 2),  # singular finds the plural
        ("RUCKERSTATTUNG", 2),  # diacritics folded
        ("ho chiesto i rimborsi", 3),  # Italian stems: plural finds singular
        ("perche la consegna", 6),  # accent-free query finds "Perché"
        ("订单", 4),  # any two-character Chinese word
        ("订单号", 4),  # or three
        ("88231", 4),  # digits glued to Chinese text
        ("什么时候退款？", 5),
        ("快递", 5),
    ],
)
def test_search_per_language(store: Store, thread: str, query: str, seq: int) -> None:
    store.append(thread, msgs(*LANGUAGE_TURNS), [1] * len(LANGUAGE_TURNS))
    hits = store.search_text(thread, query, k=3)
    assert hits and hits[0].message.seq == seq, [(h.message.seq, h.score) for h in hits]


def test_search_chinese_misses_what_is_not_there(store: Store, thread: str) -> None:
    store.append(thread, msgs(*LANGUAGE_TURNS), [1] * len(LANGUAGE_TURNS))
    assert store.search_text(thread, "天气预报") == []


@pytest.mark.parametrize(
    "query",
    ['"', '"refund', "refund:", "-refund", "refund*", "* OR AND NOT NEAR(", "col:refund", "(((", "^refund", "'; DROP"],
)
def test_search_survives_punctuation(store: Store, thread: str, query: str) -> None:
    store.append(thread, [user("please refund me"), user("nothing here")], [1, 1])
    hits = store.search_text(thread, query)
    if "refund" in query:
        assert hits[0].message.seq == 1


@pytest.mark.parametrize("query", ["", "   ", "!!! ??? ---", "😀"])
def test_search_blank_query_is_empty(store: Store, thread: str, query: str) -> None:
    store.append(thread, [user("hello")], [1])
    assert store.search_text(thread, query) == []


def test_search_finds_tool_calls_and_stays_in_thread(store: Store, thread: str) -> None:
    store.ensure_thread("other", None)
    store.append("other", [user("lookup_order is mentioned elsewhere")], [1])
    store.append(thread, msgs(*RAW_MESSAGES[2:4]), [1, 1])
    hits = store.search_text(thread, "lookup_order")
    assert hits[0].message.seq == 1  # (SQLite also finds seq 2, the call's result, through its context)
    assert hits[0].message.tool_calls[0].name == "lookup_order"
    assert all(h.message.text != "lookup_order is mentioned elsewhere" for h in hits)


@pytest.mark.parametrize("other", ["t", "t1 ", "T1", "t10", "x" * 200, "日本語 🙂", "a\"b' OR c:d"])
def test_text_search_never_crosses_threads(store: Store, other: str) -> None:
    for tid in ("t1", other):
        if tid != "t1":
            store.ensure_thread(tid, None)
    store.ensure_thread("t1", None)
    store.append("t1", [user("alpha beta")], [1])
    store.append(other, [user("alpha gamma"), user("beta beta")], [1, 1])
    assert [h.message.text for h in store.search_text("t1", "alpha beta gamma")] == ["alpha beta"]
    assert sorted(h.message.text for h in store.search_text(other, "alpha beta gamma")) == ["alpha gamma", "beta beta"]


def test_delete_thread(store: Store, thread: str) -> None:
    store.ensure_thread("keep", None)
    store.append(thread, [user("secret words")], [1])
    store.append("keep", [user("secret kept")], [1])
    store.commit_version(thread, version(1, None, until=1))
    store.delete_thread(thread)
    with pytest.raises(ThreadNotFound):
        store.thread_info(thread)
    assert [t.id for t in store.list_threads()] == ["keep"]
    assert [h.message.text for h in store.search_text("keep", "secret")] == ["secret kept"]
    # A re-created thread starts from scratch, and the old words are gone from the index.
    store.ensure_thread(thread, None)
    assert (store.thread_info(thread).last_seq, store.versions(thread)) == (0, [])
    assert store.search_text(thread, "secret") == []


EVENT_DATA = {
    "span": [3, 9],
    "error": "rate limited — réessayez 😢",
    "at_version": None,
    "ok": False,
    "ratio": 0.25,
    "nested": {"attempts": [{"n": 1, "s": 0.5}], "empty": {}},
}


def test_events_round_trip(store: Store, thread: str) -> None:
    before = time.time()
    logged = store.log_event(thread, "compaction_failed", EVENT_DATA)
    assert (logged.thread_id, logged.kind, logged.data) == (thread, "compaction_failed", EVENT_DATA)
    assert logged.id > 0
    assert before <= logged.created_at <= time.time()
    second = store.log_event(thread, "note", {"tuple": (1, "a")})
    assert second.id > logged.id
    assert second.data == {"tuple": [1, "a"]}  # what comes back is the stored JSON, in both stores
    assert store.events(thread) == [logged, second]
    assert store.events(thread, kind="compaction_failed") == [logged]
    # Reads hand out fresh dicts: mutating one cannot change the stored event.
    store.events(thread)[0].data["error"] = "changed"  # type: ignore[index]
    assert store.events(thread)[0].data == EVENT_DATA
    # Events are not messages and do not move the thread's head.
    info = store.thread_info(thread)
    assert (info.last_seq, info.last_version) == (0, 0)


def test_events_kind_filter_and_thread_isolation(store: Store, thread: str) -> None:
    store.ensure_thread("other", None)
    for i in range(6):
        store.log_event(thread, "a" if i % 2 == 0 else "b", {"i": i})
    store.log_event("other", "a", {"i": 99})
    assert [e.data["i"] for e in store.events(thread)] == [0, 1, 2, 3, 4, 5]
    assert [e.data["i"] for e in store.events(thread, kind="a")] == [0, 2, 4]
    assert [e.data["i"] for e in store.events(thread, kind="b")] == [1, 3, 5]
    assert store.events(thread, kind="zebra") == []
    assert [(e.thread_id, e.data["i"]) for e in store.events("other")] == [("other", 99)]


def test_events_limit_keeps_newest_oldest_first(store: Store, thread: str) -> None:
    for i in range(10):
        store.log_event(thread, "odd" if i % 2 else "even", {"i": i})
    assert [e.data["i"] for e in store.events(thread, limit=3)] == [7, 8, 9]
    assert [e.data["i"] for e in store.events(thread, kind="even", limit=2)] == [6, 8]
    assert [e.data["i"] for e in store.events(thread, limit=50)] == list(range(10))
    assert [e.data["i"] for e in store.events(thread, limit=1)] == [9]
    assert store.events(thread, limit=0) == []
    assert store.events(thread, limit=-1) == []  # not SQLite's "LIMIT -1 = everything"
    ids = [e.id for e in store.events(thread)]
    assert ids == sorted(ids)
    with pytest.raises(ValueError):
        store.events(thread, limit="3")  # type: ignore[arg-type]


def test_events_default_limit_is_100(store: Store, thread: str) -> None:
    for i in range(105):
        store.log_event(thread, "tick", {"i": i})
    assert [e.data["i"] for e in store.events(thread)] == list(range(5, 105))


def test_delete_thread_removes_events(store: Store, thread: str) -> None:
    store.ensure_thread("keep", None)
    store.log_event(thread, "compaction_failed", {"error": "boom"})
    kept = store.log_event("keep", "compaction_failed", {"error": "kept"})
    store.delete_thread(thread)
    with pytest.raises(ThreadNotFound):
        store.events(thread)
    assert store.events("keep") == [kept]
    store.ensure_thread(thread, None)  # a re-created thread does not inherit the old events
    assert store.events(thread) == []
    assert store.events(thread, kind="compaction_failed") == []


class _Opaque:
    pass


def _cyclic() -> dict:
    d: dict = {}
    d["self"] = d
    return d


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ({"when": _Opaque()}, "not JSON-serialisable.*_Opaque"),
        ({"x": {1, 2}}, "not JSON-serialisable.*set"),
        ({"x": float("nan")}, "not JSON-serialisable"),
        ({"x": [float("inf")]}, "not JSON-serialisable"),
        ({"x": b"bytes"}, "not JSON-serialisable.*bytes"),
        (_cyclic(), "not JSON-serialisable.*[Cc]ircular"),
        ({1: "int key"}, "int key 1"),
        ({"outer": [{"ok": 1}, {None: "x"}]}, r"data\['outer'\]\[1\] has a NoneType key"),
        (["not", "a", "dict"], "must be a dict"),
        (None, "must be a dict"),
    ],
)
def test_bad_event_data_rejected_nothing_written(store: Store, thread: str, data: object, match: str) -> None:
    store.log_event(thread, "first", {"ok": True})
    with pytest.raises(StoreError, match=match):
        store.log_event(thread, "bad", data)  # type: ignore[arg-type]
    assert [e.kind for e in store.events(thread)] == ["first"]
    assert store.events(thread, kind="bad") == []
    assert store.log_event(thread, "after", {}).kind == "after"  # the store still works


@pytest.mark.parametrize("kind", ["", None, 3, b"k"])
def test_bad_event_kind_rejected(store: Store, thread: str, kind: object) -> None:
    with pytest.raises(StoreError, match="kind must be a non-empty string"):
        store.log_event(thread, kind, {})  # type: ignore[arg-type]
    assert store.events(thread) == []
    if kind is not None:  # None is "any kind" when reading
        with pytest.raises(StoreError, match="kind must be a non-empty string"):
            store.events(thread, kind=kind)  # type: ignore[arg-type]


def test_concurrent_appends_from_threads(store: Store, thread: str) -> None:
    def worker(n: int) -> None:
        for i in range(25):
            store.append(thread, [user(f"w{n} {i}")], [1])

    workers = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    log = store.messages(thread)
    assert [m.seq for m in log] == list(range(1, 101))
    for n in range(4):  # each writer's messages stay in its own order
        assert [m.text for m in log if m.text.startswith(f"w{n} ")] == [f"w{n} {i}" for i in range(25)]


def test_close_is_idempotent(store: Store, thread: str) -> None:
    store.close()
    store.close()
    with pytest.raises(StoreError):
        store.thread_info(thread)


# ---------------------------------------------------------------- vectors (contract)

EMB = HashEmbedder(64)
MODEL = EMB.name
VEC_TEXTS = [
    "the invoice for order 88231 is wrong",
    "my cat likes the sunny window",
    "please send the invoice again",
    "the weather in Lyon is rainy",
    "what a lovely cat photo",
    "refund the order please",
]


def fill(store: Store, thread: str, texts: list[str] = VEC_TEXTS, embed: bool = True) -> list[Message]:
    roles = ["user", "assistant"]
    written = store.append(
        thread, [parse_message({"role": roles[i % 2], "content": t}) for i, t in enumerate(texts)], [1] * len(texts)
    )
    if embed:
        store.put_vectors(thread, MODEL, [m.seq for m in written], EMB.embed(texts))
    return written


def vseqs(hits: list) -> list[int]:
    return [h.message.seq for h in hits]


def test_vectors_round_trip(store: Store, thread: str) -> None:
    written = fill(store, thread)
    hits = store.search_vectors(thread, MODEL, EMB.embed(["the invoice for order 88231 is wrong"])[0], k=3)
    assert len(hits) == 3
    assert hits[0].message == written[0]  # the stored message, verbatim, with seq and created_at
    assert hits[0].score == pytest.approx(1.0, abs=1e-5)  # cosine similarity
    assert all(a.score >= b.score for a, b in itertools.pairwise(hits))
    assert sorted(vseqs(store.search_vectors(thread, MODEL, EMB.embed(["cat"])[0], k=2))) == [2, 5]
    assert len(store.search_vectors(thread, MODEL, EMB.embed(["cat"])[0], k=100)) == len(VEC_TEXTS)
    assert store.search_vectors(thread, MODEL, EMB.embed(["cat"])[0], k=0) == []
    # Another model name has no vectors: nothing to search, and everything is missing for it.
    assert store.search_vectors(thread, "other-model", EMB.embed(["cat"])[0]) == []
    assert [m.seq for m in store.missing_vectors(thread, "other-model")] == [1, 2, 3, 4, 5, 6]


def test_vectors_are_normalised_and_query_shape_is_flexible(store: Store, thread: str) -> None:
    fill(store, thread, embed=False)
    vecs = EMB.embed(VEC_TEXTS) * 7.0  # not unit length
    store.put_vectors(thread, MODEL, range(1, 7), vecs)
    q = EMB.embed(["refund the order please"]) * 3.0  # shape (1, dim), not unit length
    hit = store.search_vectors(thread, MODEL, q, k=1)[0]
    assert (hit.message.seq, hit.score) == (6, pytest.approx(1.0, abs=1e-5))


def test_vector_search_stays_in_thread(store: Store, thread: str) -> None:
    store.ensure_thread("other", None)
    fill(store, "other", ["the invoice for order 88231 is wrong"])
    fill(store, thread, ["something else entirely"])
    hits = store.search_vectors(thread, MODEL, EMB.embed(["invoice order 88231"])[0])
    assert [h.message.text for h in hits] == ["something else entirely"]


def test_put_vectors_is_idempotent_and_replaces(store: Store, thread: str) -> None:
    fill(store, thread)
    q = EMB.embed(["cat"])[0]
    before = store.search_vectors(thread, MODEL, q, k=6)
    store.put_vectors(thread, MODEL, [1, 2, 3, 4, 5, 6], EMB.embed(VEC_TEXTS))  # the same again
    assert store.search_vectors(thread, MODEL, q, k=6) == before
    assert store.missing_vectors(thread, MODEL) == []
    # A new vector for seq 4 replaces the old one (no second row for the seq).
    store.put_vectors(thread, MODEL, [4], EMB.embed(["cat cat cat"]))
    hits = store.search_vectors(thread, MODEL, q, k=10)
    assert vseqs(hits)[0] == 4 and sorted(vseqs(hits)) == [1, 2, 3, 4, 5, 6]
    # Within one batch the last vector for a seq wins.
    store.put_vectors(thread, MODEL, [3, 3], EMB.embed(["cat", "weather rainy Lyon"]))
    assert vseqs(store.search_vectors(thread, MODEL, EMB.embed(["weather rainy Lyon"])[0], k=1)) in ([3], [4])
    assert len(store.search_vectors(thread, MODEL, q, k=10)) == 6


def test_vector_dimension_and_input_errors(store: Store, thread: str) -> None:
    fill(store, thread)  # 64 dimensions
    with pytest.raises(StoreError, match="dimensions"):
        store.put_vectors(thread, MODEL, [1], np.ones((1, 32), dtype=np.float32))
    with pytest.raises(StoreError, match="dimensions"):
        store.search_vectors(thread, MODEL, np.ones(32, dtype=np.float32))
    # Another model may have another dimension in the same thread.
    store.put_vectors(thread, "small", [1, 2], np.eye(2, 8, dtype=np.float32))
    assert vseqs(store.search_vectors(thread, "small", np.eye(1, 8, 1, dtype=np.float32)[0], k=1)) == [2]
    with pytest.raises(StoreError, match="no message 7"):
        store.put_vectors(thread, "small", [2, 7], np.ones((2, 8), dtype=np.float32))
    with pytest.raises(ValueError):
        store.put_vectors(thread, "small", [1, 2], np.ones((1, 8), dtype=np.float32))  # one vector, two seqs
    with pytest.raises(ValueError):
        store.put_vectors(thread, "small", [0], np.ones((1, 8), dtype=np.float32))
    with pytest.raises(ValueError):
        store.put_vectors(thread, "small", [1], np.full((1, 8), np.nan, dtype=np.float32))
    with pytest.raises(StoreError):
        store.put_vectors(thread, "", [1], np.ones((1, 8), dtype=np.float32))
    # Nothing of the failed puts was written: seq 3 still has no "small" vector, 1 and 2 are unchanged.
    assert [m.seq for m in store.missing_vectors(thread, "small")] == [3, 4, 5, 6]
    assert vseqs(store.search_vectors(thread, "small", np.eye(1, 8, 0, dtype=np.float32)[0], k=1)) == [1]
    store.put_vectors(thread, "small", [], np.zeros((0, 8), dtype=np.float32))  # an empty put is fine


def test_missing_vectors_oldest_first(store: Store, thread: str) -> None:
    fill(store, thread, embed=False)
    assert [m.seq for m in store.missing_vectors(thread, MODEL)] == [1, 2, 3, 4, 5, 6]
    assert [m.seq for m in store.missing_vectors(thread, MODEL, limit=2)] == [1, 2]
    assert store.missing_vectors(thread, MODEL, limit=0) == []
    missing = store.missing_vectors(thread, MODEL, limit=3)
    assert [m.text for m in missing] == VEC_TEXTS[:3]  # whole messages, ready to embed
    store.put_vectors(thread, MODEL, [1, 2, 4], EMB.embed([VEC_TEXTS[0], VEC_TEXTS[1], VEC_TEXTS[3]]))
    assert [m.seq for m in store.missing_vectors(thread, MODEL)] == [3, 5, 6]  # the gap first
    store.put_vectors(thread, MODEL, [3], EMB.embed([VEC_TEXTS[2]]))
    assert [m.seq for m in store.missing_vectors(thread, MODEL)] == [5, 6]
    store.put_vectors(thread, MODEL, [6, 5], EMB.embed([VEC_TEXTS[5], VEC_TEXTS[4]]))
    assert store.missing_vectors(thread, MODEL) == []
    fill(store, thread, ["a new turn"], embed=False)
    assert [m.seq for m in store.missing_vectors(thread, MODEL)] == [7]
    with pytest.raises(ValueError):
        store.missing_vectors(thread, MODEL, limit="3")  # type: ignore[arg-type]


def test_vectors_added_after_a_search_are_found(store: Store, thread: str) -> None:
    fill(store, thread)
    q = EMB.embed(["a completely new subject about volcanoes"])[0]
    first = store.search_vectors(thread, MODEL, q, k=1)  # loads the index
    assert first and first[0].message.seq != 7
    fill(store, thread, ["a completely new subject about volcanoes"])  # seq 7, appended and embedded
    hit = store.search_vectors(thread, MODEL, q, k=1)[0]
    assert (hit.message.seq, hit.score) == (7, pytest.approx(1.0, abs=1e-5))
    assert len(store.search_vectors(thread, MODEL, q, k=50)) == 7
    store.put_vectors(thread, MODEL, [7], EMB.embed(["cat"]))  # replaced after the index was loaded
    assert store.search_vectors(thread, MODEL, q, k=1)[0].message.seq != 7


def test_delete_thread_forgets_vectors(store: Store, thread: str) -> None:
    fill(store, thread)
    q = EMB.embed(["cat"])[0]
    assert store.search_vectors(thread, MODEL, q)
    store.delete_thread(thread)
    store.ensure_thread(thread, None)
    assert store.search_vectors(thread, MODEL, q) == []
    fill(store, thread, ["fresh start"], embed=False)
    assert [m.seq for m in store.missing_vectors(thread, MODEL)] == [1]
    store.put_vectors(thread, MODEL, [1], EMB.embed(["fresh start"]))
    assert [h.message.text for h in store.search_vectors(thread, MODEL, q, k=10)] == ["fresh start"]


@pytest.fixture
def clocked(store: Store, thread: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """Six messages at created_at 1000, 1000, 2000, 2000, 3000, 3000 (user, assistant alternating), embedded."""
    now = [1000.0]
    monkeypatch.setattr(time, "time", lambda: now[0])
    for i in range(0, 6, 2):
        fill(store, thread, VEC_TEXTS[i : i + 2], embed=False)
        now[0] += 1000.0
    store.put_vectors(thread, MODEL, range(1, 7), EMB.embed(VEC_TEXTS))
    monkeypatch.undo()
    return thread


FILTERS = [
    (SearchFilter(), [1, 2, 3, 4, 5, 6]),
    (SearchFilter(roles=frozenset({"user"})), [1, 3, 5]),
    (SearchFilter(roles=frozenset({"assistant"})), [2, 4, 6]),
    (SearchFilter(roles=frozenset({"user", "assistant"})), [1, 2, 3, 4, 5, 6]),
    (SearchFilter(roles=frozenset({"tool"})), []),
    (SearchFilter(roles=frozenset()), []),
    (SearchFilter(since=2000.0), [3, 4, 5, 6]),
    (SearchFilter(until=2000.0), [1, 2, 3, 4]),
    (SearchFilter(since=1500.0, until=2500.0), [3, 4]),
    (SearchFilter(since=2000.0, until=2000.0), [3, 4]),
    (SearchFilter(since=3000.5), []),
    (SearchFilter(since=2500.0, until=1500.0), []),
    (SearchFilter(roles=frozenset({"assistant"}), since=2000.0), [4, 6]),
]


@pytest.mark.parametrize(("where", "expected"), FILTERS)
def test_vector_search_filters(store: Store, clocked: str, where: SearchFilter, expected: list[int]) -> None:
    hits = store.search_vectors(clocked, MODEL, EMB.embed(["the invoice order cat weather refund"])[0], 10, where)
    assert sorted(vseqs(hits)) == expected
    assert all(a.score >= b.score for a, b in itertools.pairwise(hits))
    assert len(store.search_vectors(clocked, MODEL, EMB.embed(["cat"])[0], 1, where)) == min(1, len(expected))


@pytest.mark.parametrize(("where", "expected"), FILTERS)
def test_text_search_filters(store: Store, clocked: str, where: SearchFilter, expected: list[int]) -> None:
    # Every one of the six texts shares a word with this query.
    hits = store.search_text(clocked, "the invoice cat weather refund", 10, where)
    assert sorted(vseqs(hits)) == expected
    assert all(a.score >= b.score for a, b in itertools.pairwise(hits))
    if expected:
        assert store.search_text(clocked, "cat", 10, where) == [
            h for h in store.search_text(clocked, "cat", 10) if h.message.seq in expected
        ]


def test_vectors_export(store: Store, thread: str) -> None:
    assert store.vector_models(thread) == []
    fill(store, thread)
    store.put_vectors(thread, "small", [3, 1], np.eye(2, 8, dtype=np.float32) * 2)
    assert store.vector_models(thread) == sorted([MODEL, "small"])
    seqs, matrix = store.get_vectors(thread, MODEL)
    assert seqs == [1, 2, 3, 4, 5, 6]
    np.testing.assert_allclose(matrix, EMB.embed(VEC_TEXTS), atol=1e-6)
    seqs, matrix = store.get_vectors(thread, "small")
    assert seqs == [1, 3]
    np.testing.assert_allclose(matrix, np.eye(2, 8, dtype=np.float32)[[1, 0]], atol=1e-6)  # unit length, by seq
    assert store.get_vectors(thread, "none")[0] == []
    with pytest.raises(ThreadNotFound):
        store.get_vectors("nope", MODEL)


# ---------------------------------------------------------------- vectors by part (long messages by passage)


def _parts_fill(store: Store, thread: str) -> np.ndarray:
    """Six messages; 2 has three parts (0 its head, 1 and 2 passages), 5 two; the others one. Returns the unit
    basis the vectors were made of: message 2's part 2 is axis 7, which nothing else points at."""
    fill(store, thread, embed=False)
    eye = np.eye(8, dtype=np.float32)
    seqs = [1, 2, 2, 2, 3, 4, 5, 5, 6]
    parts = [0, 0, 1, 2, 0, 0, 1, 2, 0]
    rows = eye[[0, 1, 2, 7, 3, 4, 5, 2, 6]]
    store.put_vectors(thread, "p", seqs, rows, parts)  # type: ignore[call-arg]
    return eye


def test_a_message_is_found_once_by_its_best_part(store: Store, thread: str) -> None:
    eye = _parts_fill(store, thread)
    hits = store.search_vectors(thread, "p", eye[7], k=3)
    assert vseqs(hits)[0] == 2 and hits[0].score == pytest.approx(1.0, abs=1e-5)  # its third part matched
    # axis 2 is a part of 2 and of 5: each message once, and k counts messages, not parts
    hits = store.search_vectors(thread, "p", eye[2] + 0.01 * eye[1], k=2)
    assert sorted(vseqs(hits)) == [2, 5]
    ranked = store.rank_vectors(thread, "p", eye[2], k=100)  # type: ignore[attr-defined]
    assert sorted(s for s, _ in ranked) == [1, 2, 3, 4, 5, 6]  # six messages, nine vectors
    assert [s for s, _ in ranked][:2] == [2, 5]  # tied at 1.0: the older message first
    assert store.missing_vectors(thread, "p") == []  # every message embedded, whatever its parts
    seqs, parts, matrix = store.get_vector_parts(thread, "p")  # type: ignore[attr-defined]
    assert (seqs, parts) == ([1, 2, 2, 2, 3, 4, 5, 5, 6], [0, 0, 1, 2, 0, 0, 1, 2, 0])
    np.testing.assert_allclose(matrix[3], eye[7], atol=1e-6)
    assert store.get_vectors(thread, "p")[0] == seqs  # one row per part
    # by role: the user's messages are 1, 3, 5
    users = store.search_vectors(thread, "p", eye[7], k=2, where=SearchFilter(roles=frozenset({"user"})))
    assert len(users) == 2 and 2 not in vseqs(users)


def test_a_put_replaces_every_part_of_the_seqs_it_names(store: Store, thread: str) -> None:
    eye = _parts_fill(store, thread)
    store.put_vectors(thread, "p", [2], eye[[4]])  # type: ignore[call-arg]  # message 2 whole again: its parts go
    assert store.get_vector_parts(thread, "p")[0].count(2) == 1  # type: ignore[attr-defined]
    assert store.search_vectors(thread, "p", eye[7], k=1)[0].score < 0.5
    store.put_vectors(thread, "p", [5, 5, 5], eye[[7, 7, 3]], [1, 1, 4])  # type: ignore[call-arg]  # last wins
    seqs, parts, _matrix = store.get_vector_parts(thread, "p")  # type: ignore[attr-defined]
    assert [p for s, p in zip(seqs, parts, strict=True) if s == 5] == [1, 4]
    assert vseqs(store.search_vectors(thread, "p", eye[3], k=2)) == [3, 5]
    assert vseqs(store.search_vectors(thread, "p", eye[7], k=1)) == [5]


def test_vector_parts_are_checked(store: Store, thread: str) -> None:
    fill(store, thread, embed=False)
    vec = np.ones((2, 8), dtype=np.float32)
    for bad in ([0], [0, -1], [0, 1.5], [True, 0], ["1", 0]):
        with pytest.raises(InvalidArgument, match="parts"):
            store.put_vectors(thread, "p", [1, 1], vec, bad)  # type: ignore[call-arg, arg-type]
    assert store.vector_models(thread) == []  # nothing written


def test_forget_removes_every_part(store: Store, thread: str) -> None:
    eye = _parts_fill(store, thread)
    assert vseqs(store.search_vectors(thread, "p", eye[7], k=1)) == [2]  # loads an in-process index
    (two,) = store.messages(thread, 1, 2)
    store.forget_messages(thread, [tombstone(two)], [], [], [], {"forgotten": [2]})  # type: ignore[attr-defined]
    assert 2 not in vseqs(store.search_vectors(thread, "p", eye[7], k=10))
    assert 2 not in vseqs(store.search_vectors(thread, "p", eye[2], k=10))
    assert 2 not in store.get_vector_parts(thread, "p")[0]  # type: ignore[attr-defined]
    assert len(store.get_vectors(thread, "p")[0]) == 6


PART_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("put"), st.lists(st.tuples(st.integers(1, 6), st.integers(0, 4)), min_size=1, max_size=8)),
        st.tuples(st.just("forget"), st.lists(st.integers(1, 6), min_size=1, max_size=2)),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=PART_OPS, seed=st.integers(0, 2**16), k=st.integers(1, 7))
def test_vector_search_by_parts_matches_a_model(
    store: Store, ops: list[tuple[str, list[Any]]], seed: int, k: int
) -> None:
    """Random puts of parts and forgets: a search returns each message once at its best part's score, never a
    forgotten one, the same as a brute-force model over the parts held."""
    run = next(_EXAMPLE)
    t = f"v{run}"
    store.ensure_thread(t, None)
    fill(store, t, embed=False)
    rng = np.random.default_rng(seed)
    held: dict[int, dict[int, np.ndarray]] = {}
    gone: set[int] = set()
    for op, arg in ops:
        if op == "put":
            rows = [(s, p) for s, p in arg if s not in gone]
            if not rows:
                continue
            vecs = rng.integers(-2, 3, size=(len(rows), 5)).astype(np.float32) + 0.1
            store.put_vectors(t, "p", [s for s, _ in rows], vecs, [p for _, p in rows])  # type: ignore[call-arg]
            for s in {s for s, _ in rows}:
                held[s] = {}
            for (s, p), v in zip(rows, vecs, strict=True):
                held[s][p] = v / np.linalg.norm(v)
        else:
            victims = [m for m in store.messages(t) if m.seq in set(arg) and m.seq not in gone]
            if victims:
                report = {"forgotten": [m.seq for m in victims]}
                store.forget_messages(t, [tombstone(m) for m in victims], [], [], [], report)  # type: ignore[attr-defined]
                gone |= {m.seq or 0 for m in victims}
                for m in victims:
                    held.pop(m.seq or 0, None)
        q = rng.standard_normal(5).astype(np.float32)
        got = store.rank_vectors(t, "p", q, k=k) if held or store.vector_models(t) else []  # type: ignore[attr-defined]
        seqs = [s for s, _ in got]
        assert len(seqs) == len(set(seqs)) and not set(seqs) & gone
        qn = q / np.linalg.norm(q)
        best = {s: max(float(v @ qn) for v in parts.values()) for s, parts in held.items()}
        assert len(got) == min(k, len(best))
        for s, score in got:
            assert score == pytest.approx(best[s], abs=1e-4)
        # the k best by their best part (ties may swap which of two equal scores comes first)
        cut = sorted(best.values(), reverse=True)[len(got) - 1] if got else 0.0
        assert all(best[s] >= cut - 1e-4 for s in seqs)
        assert all(a[1] >= b[1] - 1e-6 for a, b in itertools.pairwise(got))


def test_created_at_can_be_given(store: Store) -> None:
    info = store.ensure_thread("old", "s", created_at=1000.0)
    assert info.created_at == 1000.0
    assert store.ensure_thread("old", None, created_at=5.0).created_at == 1000.0  # only for a new thread
    written = store.append("old", [user("a"), user("b")], [1, 1], created_at=1234.5)
    assert [m.created_at for m in written] == [1234.5, 1234.5]
    assert [m.created_at for m in store.messages("old")] == [1234.5, 1234.5]
    assert store.log_event("old", "k", {}, created_at=1500.0).created_at == 1500.0
    assert store.events("old")[0].created_at == 1500.0


# ---------------------------------------------------------------- job queue (contract)


def test_jobs_claim_lease_finish(store: Store, thread: str) -> None:
    assert store.supports_jobs is True
    store.ensure_thread("t2", None)
    assert store.claim_job(["compact"], 30) is None
    store.enqueue_job(thread, "compact")
    store.enqueue_job(thread, "compact")  # not duplicated
    store.enqueue_job("t2", "embed")
    assert store.pending_jobs() == 2
    first = store.claim_job(["compact"], 30)
    assert first is not None and (first.thread_id, first.kind) == (thread, "compact")
    assert store.claim_job(["compact"], 30) is None  # leased: nobody else gets it
    other = store.claim_job(["compact", "embed"], 30)
    assert other is not None and (other.thread_id, other.kind) == ("t2", "embed")
    assert store.finish_job(first) is True
    assert store.finish_job(other) is True
    assert store.pending_jobs() == 0
    assert store.finish_job(first) is False  # already finished


def test_jobs_requested_while_running_run_again(store: Store, thread: str) -> None:
    store.enqueue_job(thread, "compact")
    lease = store.claim_job(["compact"], 30)
    assert lease is not None
    store.enqueue_job(thread, "compact")  # new messages arrived while the job ran
    assert store.finish_job(lease) is True
    again = store.claim_job(["compact"], 30)
    assert again is not None and again.thread_id == thread and again.token != lease.token
    assert store.finish_job(again, again=True, delay=60) is True  # more to do, but later
    assert store.claim_job(["compact"], 30) is None
    assert store.pending_jobs() == 1


def test_jobs_expired_lease_is_taken_over(store: Store, thread: str) -> None:
    store.enqueue_job(thread, "embed")
    dead = store.claim_job(["embed"], 0.05)  # a worker that dies holding the job
    assert dead is not None
    time.sleep(0.2)  # the lease is past (store clock), not a timing assertion
    taken = store.claim_job(["embed"], 30)
    assert taken is not None and taken.token != dead.token
    assert store.finish_job(dead) is False  # the dead claim can change nothing any more
    assert store.pending_jobs() == 1
    assert store.finish_job(taken) is True
    assert store.pending_jobs() == 0


def test_jobs_bad_input_and_deleted_threads(store: Store, thread: str) -> None:
    with pytest.raises(ValueError, match="job kind must be one of"):
        store.enqueue_job(thread, "dance")
    with pytest.raises(ValueError, match="job kind"):
        store.claim_job(["dance"], 30)
    with pytest.raises(ValueError, match="lease_s"):
        store.claim_job(["compact"], 0)
    with pytest.raises(ThreadNotFound):
        store.enqueue_job("nope", "compact")
    store.enqueue_job(thread, "compact")
    store.delete_thread(thread)
    assert store.pending_jobs() == 0
    assert store.claim_job(["compact"], 30) is None


JOB_OPS = st.lists(
    st.tuples(st.sampled_from(["enqueue", "claim", "finish", "finish_again"]), st.integers(0, 2), st.booleans()),
    max_size=25,
)


_EXAMPLE = itertools.count()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=JOB_OPS)
def test_job_queue_matches_a_model(store: Store, ops: list[tuple[str, int, bool]]) -> None:
    """Random enqueue/claim/finish sequences: one lease per job at a time, no job lost, none invented."""
    run = next(_EXAMPLE)
    threads = [f"q{run}-{i}" for i in range(3)]  # fresh threads per example
    for t in threads:
        store.ensure_thread(t, None)
    while (stale := store.claim_job(["compact", "embed"], 60)) is not None:  # earlier examples' queued jobs
        store.finish_job(stale)
    base = store.pending_jobs()  # earlier examples' leased jobs: held for 60 s, nobody can claim them
    wanted: dict[tuple[str, str], int] = {}  # key -> requests not yet served by a finished run
    leases: dict[tuple[str, str], object] = {}
    for op, i, embed in ops:
        key = (threads[i], "embed" if embed else "compact")
        if op == "enqueue":
            store.enqueue_job(*key)
            wanted[key] = wanted.get(key, 0) + 1
        elif op == "claim":
            lease = store.claim_job([key[1]], 60)
            free = {k for k in wanted if k[1] == key[1] and k not in leases}
            assert (lease is None) == (not free)
            if lease is not None:
                got = (lease.thread_id, lease.kind)
                assert got in free  # only a queued job nobody holds
                leases[got] = lease
        elif key in leases:
            lease = leases.pop(key)
            again = op == "finish_again"
            assert store.finish_job(lease, again=again) is True  # type: ignore[arg-type]
            if not again and wanted[key] == lease.requested:  # type: ignore[attr-defined]
                del wanted[key]
        assert store.pending_jobs() == base + len(wanted)


# ---------------------------------------------------------------- the vector index itself


def _reference(vecs: np.ndarray, roles: list[str], times: list[float], q: np.ndarray, k: int, where):
    scores = vecs @ (q / np.linalg.norm(q))
    rows = [
        i
        for i in range(len(vecs))
        if (where.roles is None or roles[i] in where.roles)
        and (where.since is None or times[i] >= where.since)
        and (where.until is None or times[i] <= where.until)
    ]
    rows.sort(key=lambda i: (-scores[i], i))
    return [i + 1 for i in rows[:k]]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(1, 60),
    k=st.integers(1, 12),
    roles=st.none() | st.frozensets(st.sampled_from(["user", "assistant", "tool"])),
    since=st.none() | st.integers(0, 9),
    until=st.none() | st.integers(0, 9),
    seed=st.integers(0, 2**16),
    batches=st.integers(1, 4),
)
def test_index_matches_brute_force_reference(n, k, roles, since, until, seed, batches) -> None:
    rng = np.random.default_rng(seed)
    # Few distinct vectors, so ties are common and the seq tie-break is exercised.
    vecs = rng.integers(-2, 3, size=(n, 6)).astype(np.float32) + 0.5 * np.eye(1, 6, dtype=np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    role_list = [["user", "assistant", "tool"][i % 3] for i in range(n)]
    times = [float(i % 10) for i in range(n)]
    index = VectorIndex(6, ann_threshold=None)
    for part in np.array_split(np.arange(n), batches):  # incremental adds
        if len(part):
            index.add((part + 1).tolist(), vecs[part], [role_list[i] for i in part], [times[i] for i in part])
    q = rng.standard_normal(6).astype(np.float32)
    where = SearchFilter(roles=roles, since=since, until=until)
    got = index.search(q, k, where)
    assert [s for s, _ in got] == _reference(vecs, role_list, times, q, k, where)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(1, 30),
    k=st.integers(1, 12),
    seed=st.integers(0, 2**16),
    graph=st.booleans(),
    roles=st.none() | st.frozensets(st.sampled_from(["user", "assistant"])),
)
def test_index_with_parts_ranks_each_seq_once_by_its_best_part(n, k, seed, graph, roles) -> None:
    rng = np.random.default_rng(seed)
    counts = rng.integers(1, 6, n)  # parts per message
    seqs = [s + 1 for s in range(n) for _ in range(counts[s])]
    parts = [p for s in range(n) for p in range(counts[s])]
    vecs = rng.integers(-2, 3, size=(len(seqs), 6)).astype(np.float32) + 0.5 * np.eye(1, 6, dtype=np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    role_of = {s: ["user", "assistant"][s % 2] for s in range(1, n + 1)}
    index = VectorIndex(6, ann_threshold=10 if graph else None, background=False)
    index.add(seqs, vecs, [role_of[s] for s in seqs], [0.0] * len(seqs), parts)
    forgotten = set(rng.choice(np.arange(1, n + 1), size=n // 4, replace=False).tolist())
    index.remove(sorted(forgotten))
    q = rng.standard_normal(6).astype(np.float32)
    got = index.search(q, k, SearchFilter(roles=roles))
    scores = vecs @ (q / np.linalg.norm(q))
    best: dict[int, float] = {}
    for i, s in enumerate(seqs):
        if s not in forgotten and (roles is None or role_of[s] in roles):
            best[s] = max(best.get(s, -2.0), float(scores[i]))
    assert len({s for s, _ in got}) == len(got) and not {s for s, _ in got} & forgotten
    if graph:  # approximate: each seq once, at its best part's exact score when it is found
        assert all(score == pytest.approx(best[s], abs=1e-5) for s, score in got)
        return
    want = sorted(best, key=lambda s: (-best[s], s))[:k]
    assert [s for s, _ in got] == want
    assert [score for _, score in got] == pytest.approx([best[s] for s in want], abs=1e-5)
    assert len(index) == sum(counts[s - 1] for s in range(1, n + 1) if s not in forgotten)


@pytest.mark.skipif(hnswlib_module() is None, reason="hnswlib is not installed")
def test_index_with_hnsw_graph_agrees_with_exact() -> None:
    rng = np.random.default_rng(5)
    n, dim = 600, 16
    centers = rng.standard_normal((12, dim)).astype(np.float32)
    vecs = centers[rng.integers(0, 12, n)] + 0.3 * rng.standard_normal((n, dim)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    roles = ["user" if i % 10 else "tool" for i in range(n)]
    times = [float(i) for i in range(n)]
    exact = VectorIndex(dim, ann_threshold=None)
    graph = VectorIndex(dim, ann_threshold=300, background=False)
    for idx in (exact, graph):
        idx.add(list(range(1, 401)), vecs[:400], roles[:400], times[:400])
    assert graph.ann_ready and not exact.ann_ready
    # Rows added and replaced after the graph was built go into it too.
    for idx in (exact, graph):
        idx.add(list(range(401, n + 1)), vecs[400:], roles[400:], times[400:])
        idx.add([7], vecs[100:101], roles[6:7], times[6:7])
    assert graph.wait_for_graph(1)
    agree = 0
    for q in centers[:8]:
        for where in (None, SearchFilter(roles=frozenset({"tool"})), SearchFilter(since=100.0, until=450.0)):
            a = [s for s, _ in exact.search(q, 10, where)]
            b = [s for s, _ in graph.search(q, 10, where)]
            assert len(a) == len(b) == 10
            agree += len(set(a) & set(b))
    assert agree / (8 * 3 * 10) >= 0.9


# ---------------------------------------------------------------- SQLite only


def test_wal_mode_and_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "dirs" / "a.db"
    with SQLiteStore(str(path)) as s:
        assert path.exists()
        assert s._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert s._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert s._conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert s._conn.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
    with SQLiteStore(str(path), synchronous="normal") as s:
        assert s._conn.execute("PRAGMA synchronous").fetchone()[0] == 1
    with pytest.raises(ConfigError):
        SQLiteStore(str(path), synchronous="sometimes")


def test_reopen_sees_everything(tmp_path: Path) -> None:
    path = str(tmp_path / "a.db")
    with SQLiteStore(path) as s:
        s.ensure_thread("t", "sys")
        written = s.append("t", msgs(*RAW_MESSAGES), [1, 2, 3, 4, 5, 6])
        v1 = s.commit_version("t", version(1, None))
    with SQLiteStore(path) as s:
        assert s.thread_info("t").system == "sys"
        assert s.messages("t") == written
        assert s.message_tokens("t") == [1, 2, 3, 4, 5, 6]
        assert s.versions("t") == [v1]
        assert s.search_text("t", "Dupont")[0].message.seq == 1


def test_migrations_apply_once(tmp_path: Path) -> None:
    path = str(tmp_path / "a.db")
    SQLiteStore(path).close()
    with sqlite3.connect(path) as raw:
        first = raw.execute("SELECT version, applied_at FROM schema_migrations ORDER BY version").fetchall()
    assert [v for v, _ in first] == list(range(1, len(MIGRATIONS) + 1))
    SQLiteStore(path).close()
    with sqlite3.connect(path) as raw:
        again = raw.execute("SELECT version, applied_at FROM schema_migrations ORDER BY version").fetchall()
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert again == first  # nothing re-applied
    assert {"threads", "messages", "messages_fts", "summary_versions", "events", "schema_migrations"} <= tables
    assert {"vectors", "vector_models", "summary_nodes"} <= tables


def test_version_1_database_is_upgraded(tmp_path: Path) -> None:
    """A file written by the release that only knew migration 1 opens, gains the events table, loses nothing."""
    path = str(tmp_path / "old.db")
    body = json.dumps(RAW_MESSAGES[0], ensure_ascii=False)
    with sqlite3.connect(path, isolation_level=None) as raw:
        raw.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at REAL)")
        MIGRATIONS[0](raw)  # what the first release's migration created
        raw.execute("INSERT INTO schema_migrations VALUES (1, 123.0)")
        raw.execute("INSERT INTO threads (id, system, created_at) VALUES ('t', 'old system', 1.0)")
        raw.execute(
            "INSERT INTO messages (thread_id, seq, role, body, text, tokens, created_at) VALUES (?,?,?,?,?,?,?)",
            ("t", 1, "user", body, RAW_MESSAGES[0]["content"], 12, 2.0),
        )
        raw.execute(
            "INSERT INTO summary_versions VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                "t",
                1,
                None,
                1,
                1,
                version(1, None, until=1).model_copy(update={"created_at": 3.0}).model_dump_json(),
                3.0,
            ),
        )
        assert "events" not in {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
    raw.close()

    with SQLiteStore(path) as s:
        info = s.thread_info("t")
        assert (info.system, info.created_at, info.last_seq, info.last_version) == ("old system", 1.0, 1, 1)
        (old,) = s.messages("t")
        assert (old.seq, old.created_at, old.to_openai()) == (1, 2.0, parse_message(RAW_MESSAGES[0]).to_openai())
        assert s.message_tokens("t") == [12]
        assert s.latest_version("t").created_at == 3.0  # type: ignore[union-attr]
        assert s.search_text("t", "Dupont")[0].message.seq == 1  # the FTS index came through too
        assert s.events("t") == []
        logged = s.log_event("t", "compaction_failed", {"error": "x"})
        s.append("t", [user("new")], [1])
    with sqlite3.connect(path) as raw:
        migrations = raw.execute("SELECT version, applied_at FROM schema_migrations ORDER BY version").fetchall()
        indexes = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        index_cols = [r[2] for r in raw.execute("PRAGMA index_info(events_thread_kind)")]
    raw.close()
    # v1 not re-applied; every later migration applied once
    assert [v for v, _ in migrations] == list(range(1, len(MIGRATIONS) + 1)) and migrations[0] == (1, 123.0)
    assert "events_thread_kind" in indexes and index_cols == ["thread_id", "kind", "id"]
    assert "vectors_gen" in indexes
    with SQLiteStore(path) as s:  # and the upgraded file reopens as an ordinary current store
        assert s.events("t") == [logged]
        assert [m.seq for m in s.messages("t")] == [1, 2]


def _version_10_file(raw: sqlite3.Connection, texts: list[str]) -> None:
    """A file as migrations 1-10 left it (vectors whole, full-text context whole), thread 't' holding ``texts``."""
    raw.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at REAL)")
    for n, step in enumerate(MIGRATIONS[:10], start=1):
        step(raw)
        raw.execute("INSERT INTO schema_migrations VALUES (?, 0)", (n,))
    raw.execute("INSERT INTO threads (id, system, created_at) VALUES ('t', NULL, 1.0)")
    for seq, text in enumerate(texts, start=1):
        raw.execute(
            "INSERT INTO messages (thread_id, seq, role, body, text, tokens, created_at) VALUES (?,?,?,?,?,?,?)",
            ("t", seq, "user", json.dumps({"role": "user", "content": text}), text, 1, 2.0),
        )


def test_version_10_vectors_become_whole_message_parts(tmp_path: Path) -> None:
    """A file from before vector parts (migration 10) keeps its vectors, as part 0 of each message: searchable,
    nothing re-embedded, and a long message can then be given its passages."""
    path = str(tmp_path / "v10.db")
    vecs = np.eye(3, 8, dtype=np.float32)
    with sqlite3.connect(path, isolation_level=None) as raw:
        _version_10_file(raw, [f"old {seq}" for seq in (1, 2, 3)])
        for seq in (1, 2):
            blob = vecs[seq - 1].astype("<f4").tobytes()
            raw.execute("INSERT INTO vectors VALUES ('t', 'm', ?, 8, 1, ?)", (seq, blob))
        raw.execute("INSERT INTO vector_models (thread_id, model, dim, gen, upto) VALUES ('t', 'm', 8, 1, 2)")
    raw.close()
    with SQLiteStore(path) as s:
        assert s.get_vector_parts("t", "m")[:2] == ([1, 2], [0, 0])
        assert [h.message.seq for h in s.search_vectors("t", "m", vecs[1], k=1)] == [2]
        assert [m.seq for m in s.missing_vectors("t", "m")] == [3]
        s.put_vectors("t", "m", [3, 3], np.eye(2, 8, 5, dtype=np.float32), [1, 2])
        assert s.missing_vectors("t", "m") == []
        assert s.search_vectors("t", "m", np.eye(1, 8, 6)[0], k=3)[0].message.seq == 3
    with sqlite3.connect(path) as raw:
        cols = [r[1] for r in raw.execute("PRAGMA table_info(vectors)")]
        indexes = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    raw.close()
    assert "part" in cols and "vectors_gen" in indexes


def _fts_count(s: SQLiteStore, word: str) -> int:
    return int(s._conn.execute("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH ?", (word,)).fetchone()[0])


def test_a_full_text_row_reads_a_bounded_text_and_context(tmp_path: Path) -> None:
    """A message's row indexes the first ROW_CHARS of its text and the last CONTEXT_CHARS of each of the two
    messages before it; its passages index all of it (a 2 MB output was tokenised four times)."""
    from chatcompact.stores._common import CONTEXT_CHARS, ROW_CHARS

    filler = "lorem ipsum dolor " * (ROW_CHARS // 9)
    long = f"headword {filler} middleword {filler} tailword"
    assert len(long) > 2 * ROW_CHARS
    with SQLiteStore(str(tmp_path / "a.db")) as s:
        s.ensure_thread("t", None)
        s.append("t", [user(long), user("ok"), user("fine"), user("done")], [1] * 4)
        assert _fts_count(s, "headword") == 1  # its own row only: the next rows' context is its end
        assert _fts_count(s, "middleword") == 0 and _fts_count(s, "tailword") == 2  # seqs 2 and 3: context
        assert s.search_text("t", "middleword") == []  # not by its row, but by its passage:
        assert s.wait_indexed(60)  # (written in the background: the message is over DEFER_CHARS)
        assert [h.message.seq for h, _ in s.search_passages("t", "middleword")] == [1]
        assert len(filler) > CONTEXT_CHARS
        s.delete_thread("t")  # deleted with the values it was indexed with: nothing left behind
        assert [_fts_count(s, w) for w in ("headword", "tailword", "fine")] == [0, 0, 0]
        s._conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')")


def test_a_huge_message_passages_are_written_in_the_background_durably(tmp_path: Path) -> None:
    """Over DEFER_CHARS, an append writes the message and a backlog row; the store's writer writes the passages
    afterwards. A close leaves the backlog to the next open, which resumes it; a deleted thread's is dropped."""
    from chatcompact.stores._sqlite_passages import CHUNK, DEFER_CHARS

    path = str(tmp_path / "a.db")
    huge = "start " + "".join(f"line {i} of the build log ok\n" for i in range(DEFER_CHARS // 20)) + "needleword end"
    s = SQLiteStore(path)
    s._backlog.close()  # no writer: what the append leaves stays in the backlog
    s.ensure_thread("t", None)
    s.ensure_thread("u", None)
    s.append("t", [user("before"), parse_message({"role": "tool", "tool_call_id": "c", "content": huge})], [1, 1])
    s.append("u", [user(huge)], [1])
    backlog = lambda: s._conn.execute("SELECT thread_id, seq FROM passage_backlog ORDER BY rowid").fetchall()  # noqa: E731
    assert backlog() == [("t", 2), ("u", 1)]
    assert s.search_passages("t", "needleword") == [] and s.search_text("t", "start")[0].message.seq == 2
    s.delete_thread("u")
    assert backlog() == [("t", 2)]
    s.close()

    with SQLiteStore(path) as s:  # resumed on open
        assert s.wait_indexed(60)
        assert s._conn.execute("SELECT count(*) FROM passage_backlog").fetchone()[0] == 0
        ((hit, span),) = s.search_passages("t", "needleword")
        assert hit.message.seq == 2 and "needleword" in hit.message.text[span[0] : span[1]]
        chunks = s._conn.execute("SELECT count(*), max(chunk) FROM passages WHERE seq = 2").fetchone()
        assert chunks[0] == chunks[1] + 1 > CHUNK  # every passage once, written in several transactions
        s._conn.execute("INSERT INTO passages_fts(passages_fts) VALUES ('integrity-check')")


def test_a_huge_message_forgotten_before_its_passages_are_written_leaves_none(tmp_path: Path) -> None:
    from chatcompact import Memory
    from chatcompact.stores._sqlite_passages import DEFER_CHARS

    huge = "".join(f"row {i} secretword value\n" for i in range(DEFER_CHARS // 15))
    with Memory.open(f"sqlite:///{tmp_path / 'm.db'}", background=False) as mem:
        mem.store._backlog.close()  # type: ignore[attr-defined]
        t = mem.thread("t")
        t.add({"role": "user", "content": "run it"})
        t.add(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": "c", "type": "function", "function": {"name": "bash", "arguments": "{}"}}],
            }
        )
        t.add({"role": "tool", "tool_call_id": "c", "content": huge})
        t.forget([3])
        st = mem.store
        assert st._conn.execute("SELECT count(*) FROM passage_backlog").fetchone()[0] == 0  # type: ignore[attr-defined]
        assert st._conn.execute("SELECT count(*) FROM passages").fetchone()[0] == 0  # type: ignore[attr-defined]
        assert st.search_passages("t", "secretword") == [] and st.search_text("t", "secretword") == []


def test_full_text_segments_are_merged_by_the_writer_not_inside_appends(tmp_path: Path) -> None:
    """A file store turns FTS5's automerge off (a merge inside an append cost it 10-20 ms every 64 transactions)
    and its writer merges in the background: without the writer the segments pile up, with it they merge."""
    segments = lambda s: s._conn.execute("SELECT count(DISTINCT segid) FROM messages_fts_idx").fetchone()[0]  # noqa: E731
    path = str(tmp_path / "a.db")
    with SQLiteStore(path) as s:
        s._backlog.close()  # no writer
        s.ensure_thread("t", None)
        for i in range(12):  # one segment each (FTS5's crisis merge takes over at 16 a level)
            s.append("t", [user(f"message {i} about order {1000 + i} word{i}")], [1])
        config = s._conn.execute("SELECT v FROM messages_fts_config WHERE k = 'automerge'").fetchone()
        assert config is not None and int(config[0]) == 0
        piled = segments(s)
    with SQLiteStore(path) as s:
        s._backlog.merge_soon()
        assert s.wait_indexed(60)
        merged = segments(s)
        assert s.search_text("t", "word7")[0].message.seq == 8
        s._conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')")
    assert piled >= 12 and merged <= 3, (piled, merged)


def test_the_passage_writer_gives_way_to_a_running_hot_call(tmp_path: Path) -> None:
    """A Memory makes its SQLite store's passage writer wait (at most ``foreground.max_wait`` per chunk) while an
    add, context or recall runs: no chunk is written inside a hot call that lasts, and all of them after it."""
    from chatcompact import Memory
    from chatcompact.stores._sqlite_passages import DEFER_CHARS

    huge = "".join(f"row {i} value ok\n" for i in range(DEFER_CHARS // 10)) + "zqxfrob\n"
    with Memory.open(f"sqlite:///{tmp_path / 'm.db'}") as mem:
        mem.foreground.max_wait = 30.0
        written = lambda: mem.store._conn.execute("SELECT count(*) FROM passages").fetchone()[0]  # type: ignore[attr-defined]  # noqa: E731
        t = mem.thread("t")
        t.add({"role": "user", "content": "run it"})
        with mem.foreground:  # a hot call that has not returned yet
            mem.store.append("t", [parse_message({"role": "user", "content": huge})], [1])
            assert not mem.store.wait_indexed(0.5)  # type: ignore[attr-defined]
            assert written() == 0
        assert mem.store.wait_indexed(60)  # type: ignore[attr-defined]
        assert written() > 0 and [h.message.seq for h in t.recall("zqxfrob", k=1)] == [2]


def test_wait_idle_waits_for_the_deferred_passages(tmp_path: Path) -> None:
    from chatcompact import Memory
    from chatcompact.stores._sqlite_passages import DEFER_CHARS

    huge = "".join(f"row {i} value ok\n" for i in range(DEFER_CHARS // 10)) + "ModuleNotFoundError: zqxfrob\n"
    with Memory.open(f"sqlite:///{tmp_path / 'm.db'}") as mem:
        t = mem.thread("t")
        t.add({"role": "user", "content": "run it"})
        t.add(
            {
                "role": "assistant",
                "content": "running",
                "tool_calls": [{"id": "c", "type": "function", "function": {"name": "bash", "arguments": "{}"}}],
            }
        )
        t.add({"role": "tool", "tool_call_id": "c", "content": huge})
        assert mem.wait_idle(60)
        (hit,) = t.recall("zqxfrob", k=1)
        assert hit.message.seq == 3 and hit.passage is not None
        assert "zqxfrob" in hit.message.text[hit.passage[0] : hit.passage[1]]


def test_an_older_file_is_reindexed_where_its_rows_change(tmp_path: Path) -> None:
    """Migration 11 on a file indexed the old way (whole neighbours as context): the rows next to a long message
    leave the contentless index with their old values and come back bounded; forget and delete stay sound."""
    path = str(tmp_path / "old.db")
    long = "firstword " + "alpha beta gamma " * 500 + " lastword"
    with sqlite3.connect(path, isolation_level=None) as raw:
        _version_10_file(raw, [long, "short reply", "another", "last one"])
        old = raw.execute("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'firstword'").fetchone()[0]
        assert old == 3  # its row and, as whole-text context, the next two
    raw.close()
    with SQLiteStore(path) as s:
        assert _fts_count(s, "firstword") == 1 and _fts_count(s, "lastword") == 3
        assert sorted(h.message.seq for h in s.search_text("t", "short reply")) == [2, 3, 4]
        s.delete_thread("t")
        assert [_fts_count(s, w) for w in ("firstword", "lastword", "alpha", "reply")] == [0, 0, 0, 0]
        s._conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')")


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "a.db")
    SQLiteStore(path).close()
    with sqlite3.connect(path) as raw:
        raw.execute("INSERT INTO schema_migrations VALUES (?, 0)", (len(MIGRATIONS) + 1,))
    with pytest.raises(StoreError, match="newer"):
        SQLiteStore(path)


def test_full_text_search_stems_english(tmp_path: Path) -> None:
    with SQLiteStore(str(tmp_path / "a.db")) as s:
        s.ensure_thread("t", None)
        s.append("t", [user("I painted a sunrise last weekend"), user("the dogs are running")], [1, 1])
        assert s.search_text("t", "painting")[0].message.seq == 1
        assert [h.message.seq for h in s.search_text("t", "dog run")] == [2]


def test_full_text_search_sees_the_previous_messages_as_context(tmp_path: Path) -> None:
    with SQLiteStore(str(tmp_path / "a.db")) as s:
        s.ensure_thread("t", None)
        s.ensure_thread("u", None)
        s.append("t", [user("Which plan costs 42 euros?"), user("The blue one."), user("ok"), user("fine")], [1] * 4)
        s.append("u", [user("plan euros")], [1])  # another thread's first message has no context from "t"
        hits = s.search_text("t", "plan euros")
        # The question itself first, then the answer and the next turn through their context (two back).
        assert [h.message.seq for h in hits] == [1, 2, 3]
        assert hits[0].score > hits[1].score > hits[2].score > 0
        assert [h.message.text for h in s.search_text("u", "blue")] == []
        # delete_thread removes the entries with the values they were indexed with: the index stays sound.
        s.delete_thread("t")
        assert s.search_text("u", "plan euros")[0].message.text == "plan euros"
        s.ensure_thread("t", None)
        s.append("t", [user("nothing")], [1])
        assert s.search_text("t", "plan euros blue") == []
        s._conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')")


def test_log_is_append_only_in_the_file(tmp_path: Path) -> None:
    path = str(tmp_path / "a.db")
    with SQLiteStore(path) as s:
        s.ensure_thread("t", None)
        s.append("t", [user("original")], [1])
    with sqlite3.connect(path) as raw, pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("UPDATE messages SET body = 'x'")


def test_open_store_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with open_store("sqlite:///rel/dir/a.db") as s:  # type: ignore[attr-defined]
        assert isinstance(s, SQLiteStore)
        assert Path(s.path) == Path("rel/dir/a.db")
    assert (tmp_path / "rel" / "dir" / "a.db").exists()
    absolute = tmp_path / "abs" / "b.db"
    with open_store(f"sqlite:///{absolute}", synchronous="NORMAL") as s:  # "sqlite:////" + path without its "/"
        assert Path(s.path) == absolute
    assert absolute.exists()
    with open_store("plain/c.db") as s:
        assert isinstance(s, SQLiteStore)
    assert (tmp_path / "plain" / "c.db").exists()
    for url in ("sqlite://", ":memory:", "sqlite:///:memory:"):
        with open_store(url) as s:
            assert isinstance(s, SQLiteStore)
            assert s.path == ":memory:"
    with open_store("memory://") as s:
        assert isinstance(s, InMemoryStore)


@pytest.mark.parametrize(
    ("url", "match"),
    [
        ("redis://localhost", "unknown store scheme 'redis'.*sqlite:///"),
        ("ftp://user:hunter2@x", "^(?!.*hunter2)"),
        ("", "non-empty"),
        ("sqlite://host/x.db", "needs a path"),
    ],
)
def test_open_store_errors(url: str, match: str) -> None:
    with pytest.raises(ConfigError, match=match):
        open_store(url)


@pytest.mark.parametrize(
    "url", ["postgresql://user:secret@127.0.0.1:1/db", "postgresql+psycopg://u:secret@127.0.0.1:1/d"]
)
def test_unreachable_postgres_is_a_store_error_without_the_password(url: str) -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError, match="cannot open the Postgres store") as info:
        open_store(url)
    assert "secret" not in str(info.value)


def test_two_store_objects_on_one_file(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    with SQLiteStore(path) as a, SQLiteStore(path) as b:
        a.ensure_thread("t", "sys")
        a.append("t", [user("from a")], [1])
        assert [m.text for m in b.messages("t")] == ["from a"]
        b.append("t", [user("from b")], [1])
        assert [m.seq for m in a.messages("t")] == [1, 2]
        # Both compactors read "no version yet" and race; the second commit must lose cleanly.
        assert a.latest_version("t") is None and b.latest_version("t") is None
        a.commit_version("t", version(1, None, note="a won"))
        with pytest.raises(VersionConflict):
            b.commit_version("t", version(1, None, note="b lost"))
        assert [v.state.topics[0].text for v in b.versions("t")] == ["a won"]


def test_two_store_objects_append_concurrently(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    stores = [SQLiteStore(path) for _ in range(3)]
    stores[0].ensure_thread("t", None)

    def worker(n: int) -> None:
        for i in range(20):
            stores[n].append("t", [user(f"s{n} {i}")], [1])

    workers = [threading.Thread(target=worker, args=(n,)) for n in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert [m.seq for m in stores[1].messages("t")] == list(range(1, 61))
    for s in stores:
        s.close()


def test_sqlite_errors_are_wrapped(tmp_path: Path) -> None:
    with SQLiteStore(str(tmp_path / "a.db")) as s:
        s.ensure_thread("t", None)
        s._conn.execute("DROP TABLE summary_versions")  # simulate a damaged file
        with pytest.raises(StoreError) as info:
            s.versions("t")
        assert isinstance(info.value.__cause__, sqlite3.Error)
        with pytest.raises(StoreError):
            s.commit_version("t", version(1, None))
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(StoreError):
        SQLiteStore(str(blocker / "a.db"))


def test_vectors_survive_reopen_and_other_writers(tmp_path: Path) -> None:
    path = str(tmp_path / "v.db")
    with SQLiteStore(path) as a, SQLiteStore(path) as b:
        a.ensure_thread("t", None)
        fill(a, "t", VEC_TEXTS[:3])
        q = EMB.embed(["cat"])[0]
        assert vseqs(b.search_vectors("t", MODEL, q, k=1)) == [2]  # b loads the index from the file
        fill(a, "t", ["cat", "dog"])  # a writes more after b loaded
        assert vseqs(b.search_vectors("t", MODEL, q, k=1)) == [4]  # b catches up with a's writes
        assert b.missing_vectors("t", MODEL) == []
        b.delete_thread("t")  # and a notices a re-created thread
        b.ensure_thread("t", None)
        fill(b, "t", ["fresh"])
        assert [h.message.text for h in a.search_vectors("t", MODEL, q, k=10)] == ["fresh"]
    with SQLiteStore(path) as c:
        assert [h.message.text for h in c.search_vectors("t", MODEL, q, k=10)] == ["fresh"]
        (row,) = c._conn.execute("SELECT dim, length(vec) FROM vectors").fetchall()
        assert row == (64, 64 * 4)  # float32 blobs


def test_vector_index_cache_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("chatcompact.stores.sqlite.MAX_CACHED_VECTORS", 10)
    with SQLiteStore(str(tmp_path / "v.db")) as s:
        for t in ("a", "b", "c"):
            s.ensure_thread(t, None)
            fill(s, t, VEC_TEXTS)  # 6 vectors each
        q = EMB.embed(["cat"])[0]
        for t in ("a", "b", "c"):
            assert sorted(vseqs(s.search_vectors(t, MODEL, q, k=2))) == [2, 5]
        assert [key[0] for key in s._indexes] == ["c"]  # 12 > 10: only the most recent stays
        assert sorted(vseqs(s.search_vectors("a", MODEL, q, k=2))) == [2, 5]  # an evicted one is rebuilt
        assert [key[0] for key in s._indexes] == ["a"]


# ---------------------------------------------------------------- job lease renewal (contract)


def test_jobs_renewed_lease_outlives_its_first_term(store: Store, thread: str) -> None:
    import time

    store.enqueue_job(thread, "compact")
    lease = store.claim_job(["compact"], 0.3)
    assert lease is not None
    for _ in range(4):  # renewed well past the first 0.3 s: nobody else may claim it meanwhile
        time.sleep(0.15)
        assert store.renew_job(lease, 0.3) is True
        assert store.claim_job(["compact"], 30) is None
    with pytest.raises(ValueError, match="lease_s"):
        store.renew_job(lease, 0)
    time.sleep(0.4)  # not renewed any more: it expires and another claim takes it over
    taken = store.claim_job(["compact"], 30)
    assert taken is not None and taken.token != lease.token
    assert store.renew_job(lease, 30) is False  # the lost claim cannot win the job back
    assert store.claim_job(["compact"], 30) is None
    assert store.finish_job(taken) is True
    assert store.renew_job(taken, 30) is False  # a finished job has no lease to renew
    assert store.pending_jobs() == 0


def test_the_passage_writer_retries_a_chunk_that_failed_on_a_store_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A store error in a background chunk (another process holding the file past the busy timeout, a full disk)
    rolls the chunk back and tries it again, logged; the passages are then all written, each once."""
    from chatcompact.stores import _sqlite_passages
    from chatcompact.stores._sqlite_passages import DEFER_CHARS

    monkeypatch.setattr(_sqlite_passages, "RETRY_DELAYS", (0.01, 0.01, 0.01))
    real, failures = _sqlite_passages.insert_passages, []

    def flaky(conn: sqlite3.Connection, *args: Any) -> None:
        real(conn, *args)  # written, then the transaction fails: the rollback must undo it
        if len(failures) < 2:
            failures.append(1)
            raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(_sqlite_passages, "insert_passages", flaky)
    huge = "".join(f"line {i} of the log ok\n" for i in range(DEFER_CHARS // 15)) + "needleword end"
    with caplog.at_level("WARNING", logger="chatcompact.stores"), SQLiteStore(str(tmp_path / "r.db")) as s:
        s.ensure_thread("t", None)
        s.append("t", [parse_message({"role": "tool", "tool_call_id": "c", "content": huge})], [1])
        assert s.wait_indexed(60)
        assert len(failures) == 2 and "try 2 again" in caplog.text
        ((hit, span),) = s.search_passages("t", "needleword")
        assert "needleword" in hit.message.text[span[0] : span[1]]
        count, top = s._conn.execute("SELECT count(*), max(chunk) FROM passages").fetchone()
        assert count == top + 1  # every passage once: the failed chunks left nothing behind
        assert s._conn.execute("SELECT count(*) FROM passage_backlog").fetchone()[0] == 0


def test_wal_checkpoints_run_on_the_checkpointer_thread_between_hot_calls(tmp_path: Path) -> None:
    """A file store's connections checkpoint inside a commit only past SAFETY_PAGES (the in-commit checkpoint of a
    2 MB output's WAL cost that add 12-17 ms); the checkpointer thread copies the WAL back once ~WAKE_PAGES were
    written, after the Memory's hot calls, and every commit stays readable from a fresh open."""
    from chatcompact import Memory
    from chatcompact.stores._sqlite_checkpoint import PAGE, SAFETY_PAGES, WAKE_PAGES

    path = tmp_path / "m.db"
    big = "".join(f"line {i} of a build log\n" for i in range(2 * WAKE_PAGES * PAGE // 24))
    with Memory.open(f"sqlite:///{path}") as mem:
        mem.foreground.max_wait = 30.0
        store = mem.store
        assert store._conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == SAFETY_PAGES  # type: ignore[attr-defined]
        checkpoints = store._checkpoints  # type: ignore[attr-defined]
        t = mem.thread("t")
        with mem.foreground:  # a hot call that has not returned yet: the checkpointer waits
            t.add({"role": "user", "content": big[:200_000]})
            t.add({"role": "user", "content": big[200_000:400_000]})
            time.sleep(0.5)
            assert checkpoints.runs == 0
        deadline = time.monotonic() + 30
        while checkpoints.runs == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert checkpoints.runs >= 1
        # The background jobs (passages, compaction) write on after the adds and wake the checkpointer again:
        # SQLite answers a second, concurrent checkpoint with busy, and a writer's new frames are not copied yet.
        assert mem.wait_idle(30)
        with checkpoints.exclusive():
            busy, frames, done = store._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()  # type: ignore[attr-defined]
        assert busy == 0 and done == frames
    with SQLiteStore(str(path)) as again:
        assert [len(m.text) for m in again.messages("t", 0, 10)] == [200_000, 200_000]


def test_the_checkpointer_stops_with_the_store_and_a_failed_checkpoint_is_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from chatcompact.stores._sqlite_checkpoint import WAKE_PAGES, Checkpointer

    calls: list[str] = []

    class Broken:
        def execute(self, sql: str) -> Any:
            calls.append(sql)
            raise sqlite3.OperationalError("disk I/O error")

        def close(self) -> None:
            calls.append("close")

    cp = Checkpointer(lambda: Broken())  # type: ignore[arg-type, return-value]
    with caplog.at_level("WARNING", logger="chatcompact.stores"):
        cp.wrote(WAKE_PAGES - 1)
        time.sleep(0.05)
        assert calls == []  # below the threshold: no thread, no checkpoint
        cp.wrote(1)
        deadline = time.monotonic() + 10
        while not calls and time.monotonic() < deadline:
            time.sleep(0.01)
        cp.close()
    assert calls[0] == "PRAGMA wal_checkpoint(PASSIVE)" and calls[-1] == "close"
    assert cp.runs == 0 and "background WAL checkpoint failed" in caplog.text
    cp.wrote(10 * WAKE_PAGES)  # after close: nothing starts again
    assert cp._thread is not None and not cp._thread.is_alive()


def test_scrub_empties_the_wal_while_the_checkpointer_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite answers a truncating checkpoint with busy while another checkpoint runs: scrub holds the store's
    background checkpoints off, so a forget never leaves erased text in the WAL because the checkpointer was busy
    (before, about one scrub in three in this loop reported the WAL pending and CI found the forgotten bytes)."""
    import chatcompact.stores._sqlite_checkpoint as checkpoint

    monkeypatch.setattr(checkpoint, "WAKE_PAGES", 1)  # a background checkpoint after every append
    path = tmp_path / "m.db"
    with SQLiteStore(str(path)) as store:
        store.ensure_thread("t", "sys")
        for i in range(150):
            store.append("t", [Message(role="user", content=f"turn {i} " + "x" * 6000)], [1500])
            assert store.scrub() == []
            assert (tmp_path / "m.db-wal").stat().st_size == 0
        assert store._checkpoints.runs > 0  # type: ignore[attr-defined]


class _LockedAtFirst:
    """A connection whose ``PRAGMA journal_mode = WAL`` fails ``times`` times with ``error`` (then answers 'wal')."""

    def __init__(self, times: int, error: str = "database is locked") -> None:
        self.times, self.error, self.tries = times, error, 0

    def execute(self, sql: str) -> Any:
        self.tries += 1
        if self.tries <= self.times:
            raise sqlite3.OperationalError(self.error)
        return self

    def fetchone(self) -> tuple[str]:
        return ("wal",)


def test_switching_to_wal_is_tried_again_while_another_process_holds_the_file(monkeypatch):
    """Two ``serve`` processes opening one new store together: the WAL switch may answer "database is locked" at
    once (no busy wait); it is tried again, within the busy timeout, and other errors are not retried."""
    from chatcompact.stores import sqlite as module

    conn = _LockedAtFirst(3)
    assert SQLiteStore._wal(conn) == "wal" and conn.tries == 4  # type: ignore[arg-type]
    broken = _LockedAtFirst(1, "disk I/O error")
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        SQLiteStore._wal(broken)  # type: ignore[arg-type]
    assert broken.tries == 1
    monkeypatch.setattr(module, "_BUSY_TIMEOUT_MS", 50)
    forever = _LockedAtFirst(10**9)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        SQLiteStore._wal(forever)  # type: ignore[arg-type]
    assert 2 <= forever.tries < 100


def test_stores_opened_at_once_by_many_threads_on_a_new_file_all_open_in_wal(tmp_path):
    path = str(tmp_path / "new.db")
    results: list[object] = []
    start = threading.Barrier(6)

    def open_one() -> None:
        start.wait()
        try:
            store = SQLiteStore(path)
            results.append(store.journal_mode)
            store.close()
        except Exception as exc:  # recorded: the assertion below names it
            results.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert results == ["wal"] * 6, results


# ---------------------------------------------------------------- compressed bodies (SQLite)


def _long_messages() -> list[Message]:
    line = "src/pkg/mod_{}.py:{}: check_{} passed in 0.{:03d}s\n"
    log_lines = "".join(line.format(i % 97, i, i % 13, i % 1000) for i in range(4000))
    paste = "Über-Größe 😢 — 退款 “quotes” ✓ " * 2000  # non-ASCII, ~66 KB
    return msgs(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "bash", "arguments": '{"n": 1}'}}],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "$ make test\n" + log_lines},
        {"role": "user", "content": paste, "name": "Dupont"},
        {"role": "assistant", "content": "short reply"},
    )


def test_sqlite_keeps_long_bodies_compressed_and_reads_them_back(tmp_path: Path) -> None:
    """A body from ``PACK_BYTES`` on is a zstd BLOB in the file, a shorter one plain JSON text; both read back
    exactly, through every read (history, by seq, speakers, search) and in a new store object on the file."""
    from chatcompact.stores._common import PACK_BYTES

    path = tmp_path / "c.db"
    written = _long_messages()
    with SQLiteStore(str(path)) as s:
        s.ensure_thread("t", None)
        s.append("t", written, [5, 30_000, 20_000, 3])
        s.wait_indexed(30)
    with SQLiteStore(str(path)) as s:
        back = s.messages("t")
        assert [m.to_stored() for m in back] == [m.to_stored() for m in written]
        assert [m.to_stored() for m in s.messages_at("t", [2, 3])] == [m.to_stored() for m in written[1:3]]
        from chatcompact.core.speakers import speaker_of

        assert s.speakers_at("t", [2, 3]) == {2: speaker_of(written[1]), 3: speaker_of(written[2])}
        assert s.speakers_at("t", [3])[3] is not None  # the user's name, read from a compressed body
        assert s.search_text("t", "mod_42", k=3)[0].message.seq == 2
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT seq, typeof(body), length(body) FROM messages ORDER BY seq").fetchall()
    conn.close()
    kinds = {seq: kind for seq, kind, _ in rows}
    assert kinds == {1: "text", 2: "blob", 3: "blob", 4: "text"}
    size = {seq: n for seq, _, n in rows}
    assert size[2] < len(written[1].text) / 5  # a build log compresses well (this one ~9x)
    assert size[3] < PACK_BYTES < len(json.dumps(written[2].to_stored(), ensure_ascii=False).encode())


@settings(max_examples=25, deadline=None)
@given(text=st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), min_size=1, max_size=60))
def test_a_compressed_body_reads_back_as_it_was_written(text: str) -> None:
    """Any long text (repeated past ``PACK_BYTES``) is packed and reads back to the same message."""
    from chatcompact.stores._common import PACK_BYTES, decode_message, encode_body

    m = parse_message({"role": "tool", "tool_call_id": "c", "content": text * (PACK_BYTES // len(text) + 1)})
    body = encode_body(m, 0)
    assert isinstance(body, bytes)
    assert decode_message(body, 1, 1.0, "t").to_stored() == m.to_stored()


def test_a_damaged_compressed_body_is_quarantined_not_raised(tmp_path: Path) -> None:
    """A BLOB that is no zstd frame, or a frame cut short, reads as the quarantine placeholder; a BLOB of plain
    JSON (written by another tool) reads as the message it holds; the thread stays readable."""
    from chatcompact.stores._common import body_json, encode_body

    packed = encode_body(_long_messages()[1], 0)
    assert isinstance(packed, bytes)
    with pytest.raises(StoreError, match="does not decompress"):
        body_json(packed[: len(packed) // 2])
    path = tmp_path / "q.db"
    with SQLiteStore(str(path)) as s:
        s.ensure_thread("t", None)
        s.append("t", msgs(*({"role": "user", "content": f"m{i}"} for i in range(3))), [1, 1, 1])
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER messages_append_only")  # damage the file by hand, as a bad tool would
    conn.execute("UPDATE messages SET body = ? WHERE seq = 1", (packed[:-40],))
    conn.execute("UPDATE messages SET body = ? WHERE seq = 2", (b'{"role": "user", "content": "as bytes"}',))
    conn.commit()
    conn.close()
    with SQLiteStore(str(path)) as s:
        got = s.messages("t")
    assert "quarantined" in got[0].text
    assert [m.text for m in got[1:]] == ["as bytes", "m2"]


def test_compressed_bodies_are_a_schema_version_older_code_refuses(tmp_path: Path) -> None:
    """The version that introduced compressed bodies is recorded in the file: a chatcompact that knows fewer
    migrations refuses it with an upgrade hint instead of quarantining the BLOBs it cannot read."""
    path = tmp_path / "v.db"
    SQLiteStore(str(path)).close()

    class Older(SQLiteStore):
        MIGRATIONS = MIGRATIONS[:-1]

    with pytest.raises(StoreError, match="upgrade chatcompact"):
        Older(str(path))
