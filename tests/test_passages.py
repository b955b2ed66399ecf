"""Recall that fits agent and assistant messages: passages of long messages, the query's own turn never a hit,
near-duplicate hits merged. Pure parts (core.passages) and the thread on every store."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact import Memory, Policy
from chatcompact.core import engine
from chatcompact.core.engine import embed_chunks, embed_units
from chatcompact.core.lang import detect
from chatcompact.core.passages import (
    LONG_CHARS,
    MAX_VECTOR_PASSAGES,
    TARGET_CHARS,
    VECTOR_LONG_CHARS,
    VECTOR_TARGET_CHARS,
    _pieces,
    _terms_fast,
    best_passage,
    excerpt,
    merge_ranked,
    passage_rows,
    score_passages,
    split,
    terms,
    vector_rows,
    vector_span,
    vector_spans,
    window,
)
from chatcompact.core.query import Query
from chatcompact.core.recall import quote_lines
from chatcompact.errors import InvalidArgument
from chatcompact.protocols import SearchFilter
from chatcompact.testing import HashEmbedder
from chatcompact.types import parse_message

pytestmark = pytest.mark.timeout(120)

NEEDLE = "E   ModuleNotFoundError: No module named 'frobnicate_widgets' (raised in conftest.py line 12)"


def observation(lines: int = 260, needle_at: int = 250) -> str:
    """A pytest run's output, 2,000+ tokens, the one line that matters near the end."""
    out = [f"tests/test_models.py::test_case_{i:03d} PASSED    [{i * 100 // lines:3d}%]" for i in range(lines)]
    out[needle_at] = NEEDLE
    return "\n".join(out) + "\n==== 1 error, 259 passed in 4.12s ====\n"


# ---------------------------------------------------------------- core.passages

text_st = st.text(alphabet=st.sampled_from("ab .\n!?x"), max_size=3000)


@settings(max_examples=60, deadline=None)
@given(text=text_st, target=st.integers(1, 600))
def test_split_covers_the_text_exactly_in_bounded_contiguous_spans(text: str, target: int) -> None:
    spans = split(text, target)
    assert "".join(text[s:e] for s, e in spans) == text
    assert all(s < e <= s + 2 * target for s, e in spans)
    assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))


def _split_line_by_line(text: str, target: int) -> list[tuple[int, int]]:
    """The packing rule written plainly, one line at a time: what split's passage-at-a-time loop must equal."""
    lines, start = [], 0
    for i, ch in enumerate(text):
        if ch == "\n":
            lines.append((start, i + 1))
            start = i + 1
    if start < len(text):
        lines.append((start, len(text)))
    spans: list[tuple[int, int]] = []
    for s, e in (u for a, b in lines for u in _pieces(text, a, b, target)):
        if spans and e - spans[-1][0] <= target:
            spans[-1] = (spans[-1][0], e)
        else:
            spans.append((s, e))
    return spans


@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("ab .\n!?x"), max_size=4000), target=st.integers(1, 700))
def test_split_packs_lines_exactly_as_the_line_by_line_rule(text: str, target: int) -> None:
    assert split(text, target) == _split_line_by_line(text, target)


def test_split_of_a_megabyte_of_short_lines_is_the_same_passages() -> None:
    text = "\n".join(str(i) for i in range(150_000))  # `seq` output: ~1 MB of one-number lines
    assert split(text) == _split_line_by_line(text, TARGET_CHARS)


@pytest.mark.parametrize(
    "text",
    [
        "The refunds for orders 88231 and 88232 were approved on Monday, said Jürgen.",
        "Die Rückerstattungen für die Bestellungen kommen am Montag, sagte Jürgen.",
        "I rimborsi per gli ordini dell'8 maggio arrivano lunedì, ha detto Giulia.",
        "我的订单号是88231，退款什么时候到？王伟说明天。",
    ],
)
def test_passages_are_scored_on_the_content_word_rule_in_each_language(text: str) -> None:
    code = detect(text)
    assert _terms_fast(text, code, {}) == terms(text, code)  # per distinct word, the same terms
    long = (text + "\n") * 40
    spans = split(long, 200)
    scores = score_passages(long, spans, Query.parse("88231 Jürgen Giulia 退款 Montag Monday lunedì"))
    assert len(scores) == len(spans) and all(x > 0 for x in scores)


def test_merge_ranked_keeps_each_message_at_its_better_score_with_its_passage() -> None:
    merged, spans = merge_ranked([(3, 2.0), (5, 1.0)], [(5, 4.0, (10, 20)), (3, 1.0, (0, 9)), (8, 1.0, (1, 2))])
    assert merged == [(5, 4.0), (3, 2.0), (8, 1.0)]
    assert spans == {5: (10, 20), 3: (0, 9), 8: (1, 2)}


def test_window_widens_around_the_passage_within_the_limit() -> None:
    text = "x" * 10_000
    assert window(text, (5000, 5100), 600) == (4750, 5350)
    assert window(text, (0, 100), 600) == (0, 600) and window(text, (9950, 10_000), 600) == (9400, 10_000)
    assert window(text, (100, 2000), 600) == (100, 700)  # a passage longer than the limit: its head
    assert window(text, None, 600) == (0, 600) and window("short", (0, 2), 600) == (0, 5)
    assert len(excerpt(text, None, 600)) == 2400  # no span: a bounded head, for the caller to clip


def test_split_cuts_at_line_ends_when_lines_are_short() -> None:
    text = observation()
    spans = split(text)
    assert len(spans) > 10 and all(text[e - 1] == "\n" for _, e in spans)
    assert max(e - s for s, e in spans) <= TARGET_CHARS


def test_best_passage_is_the_line_that_matters_not_the_head() -> None:
    text = observation()
    span = best_passage(text, "ModuleNotFoundError frobnicate_widgets")
    assert span is not None and NEEDLE in text[span[0] : span[1]]
    assert span[0] > len(text) // 2
    assert best_passage("short text about frobnicate_widgets", "frobnicate_widgets") is None  # short: whole
    assert best_passage(text, "unrelated banana words") is None  # no match: the head is as good as any
    assert len(text) > LONG_CHARS


def test_excerpt_and_quote_show_the_passage_with_offsets_and_elision() -> None:
    text = observation()
    span = best_passage(text, "frobnicate_widgets")
    assert span is not None
    shown = excerpt(text, span, 600)
    assert NEEDLE in shown and shown.startswith("…") and shown.endswith("…") and len(shown) <= 602
    m = parse_message({"role": "tool", "tool_call_id": "c1", "content": text}).with_meta(7, 1_700_000_000.0)
    (line,) = quote_lines([m], len, passages=[span])
    assert f"chars {span[0]}-{span[1]} of {len(text)}" in line.text and "#7 tool" in line.text
    assert "frobnicate_widgets" in line.text
    (plain,) = quote_lines([m], len)  # without a passage: the head, as before
    assert "frobnicate_widgets" not in plain.text and "chars" not in plain.text


# ---------------------------------------------------------------- on a thread, every store


@pytest.fixture(params=["memory://", "sqlite", "postgres"])
def mem(request, tmp_path):
    url = {"memory://": "memory://", "sqlite": str(tmp_path / "p.db")}.get(request.param)
    url = url or request.getfixturevalue("pg_url")
    m = Memory.open(url, embedder=HashEmbedder(128), policy=Policy(budget=2000))
    yield m
    m.close()


def _context_text(t, budget: int, query: str) -> str:
    return "\n".join(str(m.get("content") or "") for m in t.context(budget, query=query))


def _agent_turns(t, steps: int = 30) -> None:
    t.add({"role": "user", "content": "Fix the failing test suite of the models package."})
    for i in range(steps):
        call = {"id": f"c{i}", "type": "function", "function": {"name": "bash", "arguments": json.dumps({"cmd": "ls"})}}
        t.add({"role": "assistant", "content": f"Step {i}: let me look at the tree.", "tool_calls": [call]})
        other = " ".join(f"src/pkg/module_{i}_{j}.py" for j in range(12))
        body = observation() if i == 2 else f"{other} step{i}.log"
        t.add({"role": "tool", "tool_call_id": f"c{i}", "content": body})


def test_a_long_observation_is_found_by_its_line_and_quoted_there(mem) -> None:
    t = mem.thread("agent")
    _agent_turns(t)
    assert mem.wait_idle(30)
    hit = t.recall("No module named frobnicate_widgets", k=3)[0]
    assert hit.message.role == "tool" and hit.passage is not None
    text = hit.message.searchable_text
    assert NEEDLE in text[hit.passage[0] : hit.passage[1]] and hit.as_dict()["passage"] == list(hit.passage)
    t.add({"role": "user", "content": "Why did the run fail: what about frobnicate_widgets?"})
    # an agent thread's quotes get the room its window leaves (core.assemble): ask for more than the tail needs
    sent = _context_text(t, 4000, "Why did the run fail: what about frobnicate_widgets?")
    assert "frobnicate_widgets' (raised in conftest.py" in sent
    assert f"chars {hit.passage[0]}-{hit.passage[1]}" in sent


def test_the_query_own_message_is_never_a_hit(mem) -> None:
    t = mem.thread("own")
    t.add({"role": "user", "content": "My parcel tracking number is ZX-4411."})
    t.add({"role": "assistant", "content": "Noted, I will check the parcel."})
    for i in range(80):  # enough that the first turns are out of the recent window at budget 800
        t.add({"role": "user" if i % 2 else "assistant", "content": f"Chat {i} about the weather and the lunch menu."})
    question = "What was my parcel tracking number again, the ZX one?"
    latest = t.add({"role": "user", "content": question})
    assert mem.wait_idle(30)
    assert latest.seq in [h.seq for h in t.recall(question, k=3)]  # plain recall still sees it ...
    assert latest.seq not in [h.seq for h in t.recall(question, k=3, exclude=[latest.seq])]  # ... unless excluded
    quoted = [ln for ln in _context_text(t, 800, question).splitlines() if ln.startswith("[#")]
    assert quoted and quoted[0].startswith("[#1 ") and not any(ln.startswith(f"[#{latest.seq} ") for ln in quoted)


def test_ten_copies_of_a_boilerplate_reply_are_quoted_once(mem) -> None:
    t = mem.thread("dup")
    boiler = "I re-ran the deploy script for the staging cluster and it finished without errors again."
    for i in range(10):
        t.add({"role": "user", "content": f"Please retry the staging deploy, attempt {i}."})
        t.add({"role": "assistant", "content": boiler})
    t.add({"role": "user", "content": "The staging deploy failed on the database migration step."})
    assert mem.wait_idle(30)
    hits = t.recall("staging deploy script errors", k=8)
    assert [h.message.text for h in hits].count(boiler) == 1
    assert len(hits) == 8  # the slots go to other turns, not copies


# ---------------------------------------------------------------- the stores' passage index


@pytest.fixture(params=["sqlite", "memory", "postgres"])
def store(request, tmp_path):
    from tests.test_stores import make_store

    s = make_store(request.param, request, tmp_path)
    yield s
    s.close()


def _put(store, thread: str, *raws: dict) -> None:
    ms = [parse_message(r) for r in raws]
    store.append(thread, ms, [10] * len(ms), created_at=1000.0)


def test_store_search_passages_finds_the_passage_of_a_long_message(store) -> None:
    store.ensure_thread("t", None)
    text = observation()
    _put(
        store,
        "t",
        {"role": "user", "content": "Run the tests, the frobnicate step looks odd."},
        {"role": "tool", "tool_call_id": "c1", "content": text},
        {"role": "assistant", "content": "Short answer about widgets."},
    )
    (hit, (start, end)), *rest = store.search_passages("t", "frobnicate_widgets ModuleNotFoundError", 5)
    assert hit.message.seq == 2 and hit.message.role == "tool" and hit.score > 0 and not rest  # only long ones
    assert NEEDLE in text[start:end] and 0 < start < end <= len(text)
    roles_only = store.search_passages("t", "frobnicate_widgets", 5, SearchFilter(frozenset({"user"}), None, None))
    assert roles_only == []  # the filter applies to passages too
    assert store.search_passages("t", "", 5) == [] and store.search_passages("t", "banana", 5) == []
    store.ensure_thread("other", None)
    assert store.search_passages("other", "frobnicate_widgets", 5) == []  # threads stay apart
    store.delete_thread("t")
    store.ensure_thread("t", None)
    assert store.search_passages("t", "frobnicate_widgets", 5) == []  # gone with the thread


# ---------------------------------------------------------------- passages embedded one by one (vectors)


@settings(max_examples=60, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("ab .\nxy"), max_size=40_000), cap=st.integers(1, 30))
def test_vector_rows_are_bounded_ordered_passages_with_head_and_end(text: str, cap: int) -> None:
    rows = vector_rows(text, cap=cap)
    if len(text) <= VECTOR_LONG_CHARS:
        assert rows == []  # fits the window: one vector of the whole
        return
    every = [(i, s, e) for i, (s, e) in enumerate(vector_spans(text))]
    assert 1 <= len(rows) == min(cap, len(every))
    assert all(row in every for row in rows)  # the units of a few sentences, with their chunk numbers
    assert all(vector_span(text, 1 + c) == (s, e) for c, s, e in rows)  # a part maps back to its unit
    assert [c for c, _, _ in rows] == sorted({c for c, _, _ in rows})  # each once, in order
    if len(every) > cap:
        assert [c for c, _, _ in rows[: cap // 2]] == list(range(cap // 2))  # the head
        assert rows[-1] == every[-1] or cap == 1  # and the end


def test_a_statement_inside_a_long_message_gets_a_vector_of_its_own_few_sentences() -> None:
    """The vector units are smaller than the full-text passages: the one sentence that matters is most of the
    unit it is embedded in, not a fifth of a 480-character passage (long-chat vector recall@10 38.8 -> 49.5)."""
    filler = (
        "The migration renames the legacy column, backfills the rows in batches of a thousand and then drops the "
        "old index once the replicas caught up. "
    )
    statement = "Heads-up: the staging box only has 8 GB of RAM, so anything memory hungry is out."
    paragraphs = [filler * 2, filler * 2, statement, filler * 2, filler]
    text = "\n\n".join(paragraphs)
    at = text.index(statement)
    rows = vector_rows(text)
    assert len(text) > VECTOR_LONG_CHARS and len(rows) == len(vector_spans(text)) <= MAX_VECTOR_PASSAGES
    assert [(s, e) for _, s, e in rows] == vector_spans(text)  # a message of up to the cap's units: every one
    (unit,) = [(s, e) for _, s, e in rows if s <= at < e]
    assert unit[1] >= at + len(statement) and unit[1] - unit[0] <= 2 * VECTOR_TARGET_CHARS
    assert len(statement) / (unit[1] - unit[0]) > 0.4  # the full-text passage around it: ~0.2
    assert all(e - s <= 2 * VECTOR_TARGET_CHARS for _, s, e in rows)
    assert vector_span(text, 0) is None and vector_span(text, len(rows) + 1) is None


def test_a_message_of_a_few_hundred_characters_is_embedded_by_units_too() -> None:
    """Below the embedder's window (~1,000 characters) one vector still dilutes a statement: a message over
    VECTOR_LONG_CHARS (four units) gets its units; one that is at most that stays whole."""
    sentence = "We moved the nightly export to the new bucket last week. "
    assert VECTOR_LONG_CHARS == 4 * VECTOR_TARGET_CHARS < 1_000
    medium = sentence * (VECTOR_LONG_CHARS // len(sentence) + 1)
    assert VECTOR_LONG_CHARS < len(medium) < 1_000
    rows = vector_rows(medium)
    assert len(rows) >= 4 and [(s, e) for _, s, e in rows] == vector_spans(medium)
    assert vector_rows(medium[:VECTOR_LONG_CHARS]) == []


def test_vector_rows_of_a_two_megabyte_output_are_capped() -> None:
    text = "\n".join(f"line {i}: ok" for i in range(150_000))
    rows = vector_rows(text)
    assert len(rows) == MAX_VECTOR_PASSAGES
    assert rows[-1][2] == len(text) and rows[-1][0] == len(vector_spans(text)) - 1
    with pytest.raises(InvalidArgument):
        vector_rows(text, cap=0)


def test_embed_units_give_long_messages_their_passages_and_chunks_keep_them_together(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    short = parse_message({"role": "user", "content": "a short question"}).with_meta(1, 1.0)
    long = parse_message({"role": "assistant", "content": observation()}).with_meta(2, 1.0)
    empty = parse_message({"role": "assistant", "content": ""}).with_meta(3, 1.0)
    units = embed_units([short, long, empty])
    rows = vector_rows(long.searchable_text)
    assert units.seqs == (1, *[2] * len(rows), 3)
    assert units.parts == (0, *[1 + c for c, _, _ in rows], 0)  # the long one by its passages only
    assert units.texts[0] == "a short question" and units.texts[-1] == "assistant"  # no text: its role
    text = long.searchable_text
    assert units.texts[1:-1] == tuple(text[s:e] for _, s, e in rows)
    monkeypatch.setattr(engine, "EMBED_WHOLE_TOO", True)
    both = embed_units([long])
    assert both.parts == (0, *[1 + c for c, _, _ in rows]) and both.texts[0] == text[: engine.EMBED_CHARS]
    monkeypatch.undo()
    assert embed_units([short, long], passages=False).parts == (0, 0)
    chunks = embed_chunks([short, long, empty] * 3, size=4)
    assert all(len(set(c.seqs)) >= 1 for c in chunks)
    # a message's parts are never split between two runs, and the runs cover every text in order
    assert [s for c in chunks for s in c.seqs] == [s for _ in range(3) for s in units.seqs]
    for c in chunks:
        assert len(c.texts) <= 4 or len(set(c.seqs)) == 1
    whole = units.whole(np.eye(len(units.texts), 4, dtype=np.float32))
    assert sorted(whole) == [1, 2, 3]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(["word ", "line\n", "end. ", "x" * 700, "\n\n", "長い文。"]), min_size=0, max_size=400),
    st.integers(min_value=1, max_value=40),
    st.integers(min_value=0, max_value=3),
)
def test_the_background_writer_takes_the_same_passages_a_chunk_at_a_time(parts, n, back):
    """The SQLite passage writer cuts a huge message's passages as it takes them (``_Pending.take``): taken in
    chunks of any size, from any point already reached again (another writer of the file wrote a chunk), they are
    exactly ``passage_rows``, and only the final chunk says it is the last."""
    from chatcompact.stores._sqlite_passages import _Pending

    text = "".join(parts)
    pend = _Pending(("t", 1), parse_message({"role": "tool", "tool_call_id": "c", "content": text or "."}))
    want = passage_rows(pend.text)
    got: list[tuple[int, int, int]] = []
    done, last = 0, False
    while not last:
        part, last = pend.take(done, n)
        assert part == want[done : done + n]
        got += part
        done += len(part)
        if back and done and not last:  # read again from a point already reached
            at = max(done - back, 0)
            again, again_last = pend.take(at, n)
            assert again == want[at : at + n] and again_last == (at + n >= len(want))
    assert got == want
