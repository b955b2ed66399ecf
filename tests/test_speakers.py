"""core.speakers: who wrote a turn, which speakers a query names, and the boost of their turns (pure)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chatcompact import Memory
from chatcompact.core.fusion import hybrid
from chatcompact.core.speakers import named_speakers, names_said, speaker_boost, speaker_of, without_names
from chatcompact.protocols import TextHit
from chatcompact.runtime import archive
from chatcompact.testing import HashEmbedder
from chatcompact.types import parse_message

pytestmark = pytest.mark.timeout(60)


def msg(text: str, name: str | None = None):
    raw = {"role": "user", "content": text}
    if name:
        raw["name"] = name
    return parse_message(raw)


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ("Alice: I baked bread.", "Alice"),
        ("[1:56 pm on 8 May, 2023] Caroline: Hey Mel!", "Caroline"),
        ("  Mary Ann: hello", "Mary Ann"),
        ("Dr. Smith: take two", "Dr. Smith"),
        ("Zoë: ça va", "Zoë"),
        ("note: lower case is not a label", None),
        ("The answer is: five", None),  # 'is' is not capitalised
        ("See https://example.org/x for it", None),
        ("Alice:no space after the colon", None),
        ("12: a number", None),
        ("One Two Three Four: too long for a name", None),
        ("", None),
    ],
)
def test_speaker_of_reads_a_leading_label(text, speaker) -> None:
    assert speaker_of(msg(text)) == speaker


def test_speaker_of_prefers_the_name_field() -> None:
    assert speaker_of(msg("Alice: hi", name="bob_k")) == "bob_k"
    call = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    assert speaker_of(parse_message({"role": "assistant", "content": None, "tool_calls": [call]})) is None


def test_named_speakers() -> None:
    seen = ["Melanie", "Caroline", None, "Melanie"]
    assert named_speakers("What did Melanie paint?", seen) == {"Melanie"}
    assert named_speakers("what did melanie's kids like?", seen) == {"Melanie"}  # case and possessive
    assert named_speakers("What did Mel paint?", seen) == frozenset()  # whole words only
    assert named_speakers("Did Melanie and Caroline meet?", seen) == frozenset()  # all named: no preference
    assert named_speakers("What did Melanie paint?", [None]) == frozenset()
    assert named_speakers("Where does Mary Ann live?", ["Mary Ann", "Bob"]) == {"Mary Ann"}
    assert named_speakers("Where does Mary live?", ["Mary Ann", "Bob"]) == frozenset()  # the full name
    assert named_speakers("what did bob k say", ["bob_k", "alice"]) == {"bob_k"}
    # the names to search without: every one named, all of them too
    assert names_said("Did Melanie and Caroline meet?", seen) == {"Melanie", "Caroline"}
    assert names_said("What did Melanie paint?", seen) == {"Melanie"}
    assert names_said("What did Mel paint?", seen) == frozenset()


def test_without_names() -> None:
    assert without_names("Melanie's kids Melanie paint", {"Melanie"}) == "kids paint"
    assert without_names("Mary Ann garden", {"Mary Ann"}) == "garden"
    assert without_names("Melanie", {"Melanie"}) == "Melanie"  # nothing would remain: unchanged
    assert without_names("Melanie paint", set()) == "Melanie paint"


def test_speaker_boost_lifts_the_named_speakers_turns() -> None:
    ranked = [(1, 1.0), (2, 0.9), (3, 0.5), (4, 0.1), (1, 0.05)]
    who = {1: "Bob", 2: "Bob", 3: "Alice", 4: "Alice"}
    out = speaker_boost(ranked, who, {"Alice"}, 0.6)  # + 0.6 x the best score (1.0)
    assert out == [(3, pytest.approx(1.1)), (1, 1.0), (2, 0.9), (4, pytest.approx(0.7))]
    assert speaker_boost(ranked, who, {"Alice"}, 0.0) == [(1, 1.0), (2, 0.9), (3, 0.5), (4, 0.1)]
    assert speaker_boost(ranked, who, set(), 0.4) == [(1, 1.0), (2, 0.9), (3, 0.5), (4, 0.1)]
    assert speaker_boost([], who, {"Alice"}, 0.4) == []
    with pytest.raises(ValueError, match="speaker boost"):
        speaker_boost(ranked, who, {"Alice"}, -0.1)


@given(
    st.lists(st.tuples(st.integers(1, 30), st.floats(0, 10, allow_nan=False)), max_size=20),
    st.floats(0, 2, allow_nan=False),
)
def test_speaker_boost_keeps_each_seq_once_and_the_order_within_a_speaker(ranked, boost) -> None:
    ranked = sorted(ranked, key=lambda x: -x[1])
    who = {s: "A" if s % 2 else "B" for s in range(1, 31)}
    out = speaker_boost(ranked, who, {"A"}, boost)
    assert sorted(s for s, _ in out) == sorted(set(s for s, _ in ranked))
    scores = [sc for _, sc in out]
    assert scores == sorted(scores, reverse=True)
    first = list(dict.fromkeys(s for s, _ in ranked))
    for name in ("A", "B"):
        assert [s for s, _ in out if who[s] == name] == [s for s in first if who[s] == name]


def test_hybrid_boosts_the_named_speaker() -> None:
    def hit(seq, text, score):
        return TextHit(message=msg(text).with_meta(seq, 100.0 + seq), score=score)

    text = [hit(1, "Bob: my garden has roses", 9.0), hit(5, "Alice: the garden roses", 7.0), hit(9, "Bob: x", 1.0)]
    assert [h.message.seq for h in hybrid(text, [], 2, boost=())] == [1, 5]
    assert [h.message.seq for h in hybrid(text, [], 2, boost=(), speakers={"Alice"})] == [5, 1]
    assert [h.message.seq for h in hybrid(text, [], 2, boost=(), speakers={"Alice"}, speaker_weight=0)] == [1, 5]


TALK = [
    "Alice: I adopted a cat last week.",
    "Bob: Nice! My cat sleeps in the garden.",
    "Alice: Mine sleeps on the sofa all day long, a very lazy cat.",
    "Bob: Pixel loves boxes.",
] + [f"{'Alice' if i % 2 else 'Bob'}: small talk {i} about the weather" for i in range(30)]


@pytest.mark.parametrize("embedder", [None, HashEmbedder(128)])
def test_recall_prefers_the_turns_of_the_speaker_the_query_names(tmp_path, embedder) -> None:
    with Memory.open(str(tmp_path / "s.db"), embedder=embedder) as mem:
        t = mem.thread("s")
        for i, text in enumerate(TALK):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": text})
        assert mem.wait_idle(30)
        alice, bob = "Where does Alice's cat sleep?", "Where does Bob's cat sleep?"
        assert t.recall(alice, k=1)[0].seq == 3  # Alice's answer, though Bob's turn is shorter
        assert t.recall(bob, k=1)[0].seq == 2
        assert {h.seq for h in t.recall(alice, k=2, speaker_weight=1.0)} == {1, 3}  # both of Alice's cat turns
        if embedder is None:  # full text alone: a name that labels half the turns tells nothing without the boost
            assert t.recall(alice, k=1, speaker_weight=0)[0].seq == t.recall(bob, k=1, speaker_weight=0)[0].seq == 2
        with pytest.raises(ValueError, match="speaker_weight"):
            t.recall(alice, speaker_weight=-1)


class RecordingEmbedder(HashEmbedder):
    """HashEmbedder that remembers every text it was asked to embed."""

    def __init__(self) -> None:
        super().__init__(64)
        self.seen: list[str] = []

    def embed(self, texts):
        self.seen.extend(texts)
        return super().embed(texts)


def test_recall_embeds_and_searches_the_query_without_the_named_speaker() -> None:
    emb = RecordingEmbedder()
    with Memory.open("memory://", embedder=emb) as mem:
        t = mem.thread("s")
        for text in TALK[:4]:
            t.add({"role": "user", "content": text})
        assert mem.wait_idle(30)
        emb.seen.clear()
        t.recall("Where does Alice's cat sleep?", k=2)
        assert emb.seen == ["Where does cat sleep?"]
        emb.seen.clear()
        t.recall("Where does Alice's cat sleep?", k=2, speaker_weight=0)
        assert emb.seen == ["Where does Alice's cat sleep?"]  # off: the query as typed
        emb.seen.clear()
        t.recall("Where does Alice's cat nap?", k=2, mode="vector")  # plain modes search as typed
        assert emb.seen == ["Where does Alice's cat nap?"]  # (a query embedded once is cached by Memory)
        emb.seen.clear()
        t.recall("Where do Alice and Bob let their cats sleep?", k=2)  # both named: no lift, no names searched
        assert emb.seen == ["Where do and let their cats sleep?"]


def test_recent_speakers_reads_only_the_latest_window(monkeypatch) -> None:
    with Memory.open("memory://") as mem:
        t = mem.thread("w")
        t.add({"role": "user", "content": "Carol: I moved to Lisbon in May."})
        t.add({"role": "assistant", "content": "Noted.", "name": "helper"})
        for i in range(10):
            t.add({"role": "user", "content": f"{'Alice' if i % 2 else 'Bob'}: turn {i} about lunch"})
        assert archive.recent_speakers(mem.store, "w") == {"Alice", "Bob", "Carol", "helper"}
        assert archive.recent_speakers(mem.store, "w", window=4) == {"Alice", "Bob"}
        monkeypatch.setattr(archive, "SPEAKER_WINDOW", 4)
        # Carol is out of the window, so her name stays in the query; her turn is a hit, so it is still lifted.
        on = {h.seq: h.score for h in t.recall("Where did Carol move to?", k=3)}
        off = {h.seq: h.score for h in t.recall("Where did Carol move to?", k=3, speaker_weight=0)}
        assert next(iter(on)) == next(iter(off)) == 1
        assert on[1] > off[1]


def test_hybrid_lifts_speakers_after_the_neighbour_boost() -> None:
    def hit(seq, text, score):
        return TextHit(message=msg(text).with_meta(seq, 100.0 + seq), score=score)

    text = [hit(5, "Alice: roses", 9.0), hit(6, "Bob: tulips", 5.0), hit(20, "Bob: x", 1.0)]
    plain = {h.message.seq: h.score for h in hybrid(text, [], 3)}
    lifted = {h.message.seq: h.score for h in hybrid(text, [], 3, speakers={"Alice"})}
    assert lifted[6] == pytest.approx(plain[6])  # Bob's neighbour gains nothing from Alice's lift
    assert lifted[5] == pytest.approx(plain[5] * 1.4)  # + 0.4 x the best score, which is Alice's own


def test_policy_sets_the_default_speaker_weight(tmp_path) -> None:
    from chatcompact import ConfigError, Policy

    with Memory.open(str(tmp_path / "p.db"), embedder="none", policy=Policy(recall_speaker_weight=0)) as mem:
        t = mem.thread("p")
        for i, text in enumerate(TALK):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": text})
        alice = "Where does Alice's cat sleep?"
        assert t.recall(alice, k=1)[0].seq == 2  # off by policy: Bob's turn, as with speaker_weight=0
        assert t.recall(alice, k=1, speaker_weight=0.4)[0].seq == 3  # an explicit weight wins
    for bad in (-0.1, float("nan"), float("inf")):
        with pytest.raises(ConfigError, match="recall_speaker_weight"):
            Policy(recall_speaker_weight=bad)


def test_speakers_in_other_scripts() -> None:
    from chatcompact.core.speakers import named_speakers, speaker_of
    from chatcompact.types import Message

    assert speaker_of(Message(role="user", content="王伟: 我的订单到了吗？")) == "王伟"
    assert speaker_of(Message(role="user", content="Jürgen Müller: Hallo")) == "Jürgen Müller"
    assert named_speakers("王伟说了什么？", ["王伟", "李娜"]) == {"王伟"}
    assert named_speakers("Was hat Jürgen gesagt?", ["Jürgen", "Anna"]) == {"Jürgen"}


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgres"])
def test_stores_read_each_speaker_and_time_as_the_message_has_them(kind, tmp_path, request) -> None:
    """``speakers_at`` (the rows' fields, no message built) agrees with ``speaker_of`` over ``messages_at``, for
    name fields, labels, list contents, tool calls and results, and seqs the thread does not have."""
    from chatcompact.stores import InMemoryStore, SQLiteStore, open_store

    if kind == "memory":
        store = InMemoryStore()
    elif kind == "sqlite":
        store = SQLiteStore(tmp_path / "s.db")
    else:
        store = open_store(request.getfixturevalue("pg_url"))
    raw = [
        {"role": "user", "content": "Alice: I baked bread."},
        {"role": "user", "content": "Bob: hi", "name": "carol_k"},
        {"role": "user", "content": [{"type": "text", "text": "Dave: in a part"}]},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "Eve: a tool printed this"},
        {"role": "assistant", "content": "[1:56 pm on 8 May, 2023] Caroline: Hey Mel!" + " x" * 60_000},
        {"role": "user", "content": "note: not a label"},
    ]
    try:
        store.ensure_thread("t", None)
        msgs = [parse_message(r) for r in raw]
        store.append("t", msgs, [5] * len(msgs))
        seqs = [7, 1, 3, 99, 2, 5, 4, 6, 1]
        expected = {m.seq: speaker_of(m) for m in store.messages_at("t", seqs)}
        got = store.speakers_at("t", seqs)
        assert got == expected
        assert got[1] == "Alice" and got[2] == "carol_k" and got[6] == "Caroline" and got[5] == "Eve"
        assert got[3] is None and got[4] is None and 99 not in got
        # the times (recall's head spread reads them) the same way: each seq's created_at, none for a missing seq
        store.append("t", [parse_message({"role": "user", "content": "later"})], [1], created_at=1_700_000_000.0)
        times = store.times_at("t", [*seqs, 8])
        assert times == {m.seq: m.created_at for m in store.messages_at("t", [*seqs, 8])}
        assert times[8] == 1_700_000_000.0 and 99 not in times
    finally:
        store.close()


def test_the_speakers_of_candidates_are_read_without_building_their_messages(tmp_path, monkeypatch) -> None:
    from chatcompact.runtime.derived import Derived
    from chatcompact.stores import SQLiteStore

    store = SQLiteStore(tmp_path / "d.db")
    try:
        store.ensure_thread("t", None)
        msgs = [parse_message({"role": "user", "content": f"{n}: turn {i}"}) for i, n in enumerate(["Ann", "Ben"] * 5)]
        store.append("t", msgs, [5] * len(msgs))
        monkeypatch.setattr(SQLiteStore, "messages_at", lambda *a: pytest.fail("a message was built"))
        derived = Derived()
        assert derived.speakers(store, "t", [1, 2, 10, 11]) == {1: "Ann", 2: "Ben", 10: "Ben"}
        monkeypatch.setattr(SQLiteStore, "speakers_at", lambda *a: pytest.fail("read again"))
        assert derived.speakers(store, "t", [2, 1]) == {2: "Ben", 1: "Ann"}  # kept
    finally:
        store.close()
