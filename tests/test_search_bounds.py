"""Bounded full-text search (issue 18 §2): past a size, the SQL stores generate candidates with bounded work (rare
words over the whole history, common ones among the newest matches). These tests shrink the bounds so a thread of
a few hundred messages takes that path, and check what it must still find."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from chatcompact.protocols import SearchFilter, Store
from chatcompact.stores import _search
from chatcompact.stores._common import query_terms
from chatcompact.types import parse_message

from .test_stores import make_store

pytestmark = pytest.mark.timeout(60)

COMMON = "We walked along the river and talked about the weather and the garden."


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setattr(_search, "RARE_HITS", 10)  # a word counts in 3 rows: its own, and as context of the next two
    monkeypatch.setattr(_search, "RARE_TOTAL", 20)
    monkeypatch.setattr(_search, "RECENT_HITS", 8)
    s = make_store(request.param, request, tmp_path)
    yield s
    s.close()


def _fill(store: Store, thread: str, n: int, special: dict[int, str]) -> None:
    store.ensure_thread(thread, None)
    msgs = []
    for i in range(1, n + 1):
        role = "user" if i % 2 else "assistant"
        msgs.append(parse_message({"role": role, "content": special.get(i, f"{COMMON} (note {i})")}))
    for start in range(0, n, 100):
        store.append(thread, msgs[start : start + 100], [10] * len(msgs[start : start + 100]))
    if hasattr(store, "_lexeme_stats"):  # Postgres tells common words from its statistics: keep them current
        with store._tx() as conn:  # type: ignore[attr-defined]
            conn.execute("ANALYZE messages")
            conn.execute("ANALYZE passages")
        store._stats.clear()  # type: ignore[attr-defined]


def _seqs(hits: list) -> list[int]:
    return [h.message.seq for h in hits]


def test_a_rare_word_deep_in_history_is_found_beside_common_ones(store: Store) -> None:
    special = {7: f"Zebulon said: {COMMON}", 1500: f"Zebulon again. {COMMON}"}
    _fill(store, "t", 2400, special)
    hits = store.search_text("t", "Zebulon river weather", k=5)
    assert sorted(_seqs(hits)[:2]) == [7, 1500]  # the rare word's matches, from the whole history, ranked first
    common = store.search_text("t", "river garden", k=5)
    assert len(common) == 5 and all(h.message.seq > 2400 - 8 - 2 for h in common)  # only the newest matches


def test_the_ends_of_contractions_are_not_query_words() -> None:
    # "s" of "John's" is in half the rows of a chat; as a query word it only costs (BM25 counts its rows)
    assert query_terms("Why did John's teammates sign it? I don't know, we'll see; it\u2019s Ann\u2019s") == [
        "why", "did", "john", "teammates", "sign", "it", "i", "don", "know", "we", "see", "ann",
    ]  # fmt: skip
    kept = ["plan", "b", "vitamin", "c", "o", "brien", "l", "acqua"]  # a lone letter, a name, an elision stay
    assert query_terms("plan B, vitamin C, O'Brien, l'acqua") == kept


def test_a_possessive_query_finds_its_message_among_contractions(store: Store) -> None:
    noisy = {i: f"It's what she's said: that's the plan (note {i})." for i in range(1, 2401, 3)}
    _fill(store, "t", 2400, {**noisy, 9: "Caroline's garden plan needs a fence.", 2000: "Caroline's note."})
    hits = store.search_text("t", "Caroline's garden fence", k=3)
    assert _seqs(hits)[0] == 9


def test_words_found_only_rarely_search_exactly(store: Store) -> None:
    special = {3: "Quagga sighting near the dam.", 1200: "Another quagga, and a zorilla.", 2299: "zorilla"}
    _fill(store, "t", 2300, special)
    hits = store.search_text("t", "quagga zorilla", k=10)
    own = {3, 1200, 2299}  # and each as the context of the two messages after it
    assert own <= set(_seqs(hits)) <= {s + d for s in own for d in (0, 1, 2)}  # every match, however old
    assert _seqs(hits)[0] == 1200  # both words


def test_bounded_search_keeps_filters_and_threads_apart(store: Store) -> None:
    _fill(store, "t", 2300, {10: "Zebulon asked about the garden.", 11: "Zebulon answered."})
    _fill(store, "other", 50, {1: "Zebulon from another thread."})
    users = store.search_text("t", "Zebulon", k=5, where=SearchFilter(roles=frozenset({"user"})))
    assert _seqs(users) == [11, 13]  # user turns (odd seqs): 11 says it, 13 has it as context
    assert _seqs(store.search_text("other", "Zebulon", k=5)) == [1, 2, 3]  # its own, and as context
    assert all(h.message.seq <= 50 for h in store.search_text("other", "garden weather", k=20))


def test_a_thread_among_many_is_searched_within_itself(store: Store) -> None:
    """Many threads in one file: the thread's own postings are read (not every thread's matches)."""
    for j in range(3):
        _fill(store, f"bulk{j}", 2100, {})
    _fill(store, "t", 2100, {5: "Zebulon met the ranger."})
    assert _seqs(store.search_text("t", "Zebulon ranger river", k=3))[0] == 5
    assert store.search_text("bulk1", "Zebulon", k=3) == []


def test_passages_of_long_messages_take_the_bounded_path_too(store: Store) -> None:
    lines = "\n".join(f"step {i}: compiled module ok" for i in range(200))
    special = {4: f"{lines}\nerror: Zanzibar token leaked", 2390: f"{lines}\nall fine"}
    _fill(store, "t", 2400, special)
    found = store.search_passages("t", "Zanzibar module", k=3)  # type: ignore[attr-defined]
    assert found and found[0][0].message.seq == 4
    start, end = found[0][1]
    assert "Zanzibar" in found[0][0].message.text[start:end]


def test_a_short_thread_of_long_messages_counts_its_passages_first(store: Store) -> None:
    """A thread of a few messages can hold thousands of passages (one 2 MB tool output): its passages take the
    bounded path whatever the thread's length, so a common word is ranked among the newest passages only."""
    lines = "\n".join(f"step {i}: compiled module ok" for i in range(1500))
    store.ensure_thread("t", None)
    msgs = [f"{lines}\nerror: Zanzibar token leaked", "a short note", f"{lines}\nall fine", "done"]
    store.append("t", [parse_message({"role": "user", "content": m}) for m in msgs], [10] * len(msgs))
    _fill(store, "t", 0, {})  # Postgres: statistics of what was just written
    found = store.search_passages("t", "Zanzibar module", k=3)  # type: ignore[attr-defined]
    assert found[0][0].message.seq == 1  # the rare word, from the oldest message
    common = store.search_passages("t", "compiled module", k=3)  # type: ignore[attr-defined]
    assert [h.message.seq for h, _ in common] == [3]  # only the newest matching passages were ranked
