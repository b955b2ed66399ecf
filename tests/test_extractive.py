"""The embedded extractive summarizer: what it extracts, provenance, subjects, resolutions, determinism."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.protocols import Summarizer, SummaryRequest
from chatcompact.summarizers import ExtractiveSummarizer
from chatcompact.summarizers._text import stem, third_person
from chatcompact.types import Message, SummaryDelta, SummaryItem, SummaryState, parse_message

LOCOMO = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo_dev.json"
SUMMARIZER = ExtractiveSummarizer()


def conv(*turns: tuple[str, str], start: int = 1, name: str | None = None) -> list[Message]:
    """Messages from (role, text) pairs, numbered from ``start`` as a store would."""
    out = []
    for i, (role, text) in enumerate(turns):
        raw: dict = {"role": role, "content": text}
        if role == "tool":
            raw["tool_call_id"] = "call_1"
        if name and role == "user":
            raw["name"] = name
        out.append(parse_message(raw).with_meta(start + i, 1_700_000_000.0 + i))
    return out


def run(messages: list[Message], state: SummaryState | None = None) -> SummaryDelta:
    return SUMMARIZER.summarize(SummaryRequest(state=state or SummaryState(), messages=messages))


def section(delta: SummaryDelta, name: str) -> list[SummaryItem]:
    return list(delta.add.get(name, ()))


def texts(delta: SummaryDelta, name: str) -> list[str]:
    return [i.text for i in section(delta, name)]


def find(delta: SummaryDelta, name: str, needle: str) -> SummaryItem:
    hits = [i for i in section(delta, name) if needle in i.text]
    assert hits, f"{needle!r} not in {name}: {texts(delta, name)}"
    return hits[0]


SUPPORT = conv(
    ("user", "Hi, I'm Dupont, order 88231 arrived broken. The screen is cracked."),
    ("assistant", "I'm sorry to hear that. I'll email you a return label today. Could you confirm your email?"),
    ("user", "My email is j.dupont@example.fr. I'd rather get a refund than a replacement."),
    ("user", "Also, does the warranty cover the charger?"),
    ("assistant", "Let's do the refund then."),
    ("user", "Sounds good."),
)


# ------------------------------------------------------------------ protocol


def test_implements_the_summarizer_protocol() -> None:
    assert isinstance(SUMMARIZER, Summarizer)
    assert SUMMARIZER.name == "extractive"
    request = SummaryRequest(state=SummaryState(), messages=SUPPORT)
    assert asyncio.run(SUMMARIZER.asummarize(request)) == SUMMARIZER.summarize(request)


def test_empty_and_system_only_spans_give_an_empty_delta() -> None:
    assert run([]) == SummaryDelta()
    assert run(conv(("system", "You are helpful. I'm the system."))) == SummaryDelta()


# ------------------------------------------------------------------ user facts


def test_support_conversation_facts_with_sources_and_subjects() -> None:
    d = run(SUPPORT)
    name = find(d, "user_facts", "User is Dupont")
    assert (name.sources, name.subject) == ((1,), "user:name")
    email = find(d, "user_facts", "User's email is j.dupont@example.fr")
    assert (email.sources, email.subject) == ((3,), "user:email")
    pref = find(d, "user_facts", "User would rather get a refund")
    assert (pref.sources, pref.subject) == ((3,), "user:preference:refund")


def test_same_attribute_gets_the_same_subject_across_calls() -> None:
    old = find(run(conv(("user", "my email is old@x.com"))), "user_facts", "old@x.com")
    new = find(run(conv(("user", "My e-mail address is new@x.com."), start=9)), "user_facts", "new@x.com")
    assert old.subject == new.subject == "user:email"
    assert new.sources == (9,)


def test_within_one_span_the_later_statement_on_a_subject_wins() -> None:
    d = run(conv(("user", "My email is old@x.com."), ("assistant", "Noted."), ("user", "My email is new@x.com.")))
    facts = [i for i in section(d, "user_facts") if i.subject == "user:email"]
    assert [(f.text, f.sources) for f in facts] == [("User's email is new@x.com", (3,))]


@pytest.mark.parametrize(
    ("first", "second", "subject"),
    [
        ("I prefer an aisle seat.", "I'd prefer a window seat.", "user:preference:seat"),
        ("I live in Lyon.", "I'm based in Berlin now.", "user:location"),
        ("My name is Ana Lima.", "Call me Ana.", "user:name"),
        ("My phone number is 555-123-4567.", "My mobile is 555-987-6543.", "user:phone"),
    ],
)
def test_subjects_line_up_for_superseding(first: str, second: str, subject: str) -> None:
    a = [i.subject for i in section(run(conv(("user", first))), "user_facts")]
    b = [i.subject for i in section(run(conv(("user", second))), "user_facts")]
    assert subject in a and subject in b


def test_facts_are_in_the_third_person() -> None:
    d = run(conv(("user", "I live in Paris and my kids go to school there.")))
    assert texts(d, "user_facts") == ["User lives in Paris and their kids go to school there."]


def test_named_user_is_named_in_facts() -> None:
    d = run(conv(("user", "I went to a support group yesterday and it was powerful."), name="Caroline"))
    assert find(d, "user_facts", "Caroline went to a support group").sources == (1,)


def test_filler_is_not_a_fact() -> None:
    d = run(conv(("user", "I'm so happy for you! I think so too. I'm sorry.")))
    assert section(d, "user_facts") == []


def test_tool_output_gives_identifiers_not_user_facts() -> None:
    tool = json.dumps({"order_id": "88231", "email": "tool@x.com", "note": "my email is other@x.com"})
    d = run(conv(("tool", tool), ("tool", "I'm Robot, my name is Robot.")))
    assert section(d, "user_facts") == []
    assert find(d, "identifiers", "88231").sources == (1,)
    assert find(d, "identifiers", "tool@x.com").subject == "id:tool@x.com"


# ------------------------------------------------------------------ decisions and todos


def test_affirmed_proposal_is_agreed_with_both_sources() -> None:
    d = run(SUPPORT)
    agreed = find(d, "decisions", "Agreed: do the refund then")
    assert agreed.sources == (5, 6)


def test_unanswered_proposal_is_a_suggestion_by_its_speaker() -> None:
    d = run(conv(("user", "Let's use Postgres for the archive."), ("assistant", "What about SQLite?")))
    assert texts(d, "decisions") == ["User suggested: use Postgres for the archive"]


def test_decisions_name_who_made_them() -> None:
    d = run(
        conv(
            ("user", "I've decided to cancel the subscription."),
            ("assistant", "We'll ship a replacement tomorrow."),
        )
    )
    assert find(d, "decisions", "User decided: cancel the subscription").sources == (1,)
    assert find(d, "decisions", "Assistant: we will ship a replacement tomorrow").sources == (2,)


def test_promises_become_todos_attributed_to_the_speaker() -> None:
    d = run(SUPPORT)
    todo = find(d, "todos", "Assistant will email the user a return label today")
    assert todo.sources == (2,)


def test_promise_kept_in_the_same_span_is_not_a_todo() -> None:
    d = run(
        conv(
            ("assistant", "I'll send you the return label."),
            ("user", "Thanks."),
            ("assistant", "I've sent the label to your inbox."),
        )
    )
    assert section(d, "todos") == []


# ------------------------------------------------------------------ questions


def test_unanswered_user_question_is_open() -> None:
    d = run(SUPPORT)
    q = find(d, "open_questions", "does the warranty cover the charger?")
    assert q.sources == (4,)
    assert q.text.startswith("User asked:")


def test_answered_question_is_not_open_but_a_counter_question_is_no_answer() -> None:
    answered = run(conv(("user", "Where is my refund?"), ("assistant", "Your refund was issued yesterday.")))
    assert section(answered, "open_questions") == []
    dodged = run(conv(("user", "Where is my refund?"), ("assistant", "Which refund do you mean?")))
    assert texts(dodged, "open_questions") == ["User asked: Where is my refund?"]


def test_small_talk_questions_are_ignored() -> None:
    d = run(conv(("user", "Hey! How are you? What's up?")))
    assert section(d, "open_questions") == []


# ------------------------------------------------------------------ resolutions of the prior state


STATE = SummaryState(
    open_questions=(SummaryItem(text="User asked: Does the warranty cover the charger?", sources=(4,)),),
    todos=(SummaryItem(text="Assistant will send the return label", sources=(2,)),),
)


def test_earlier_question_and_todo_are_resolved_by_this_span() -> None:
    d = run(
        conv(
            ("assistant", "Yes, the warranty covers the charger for two years."),
            ("assistant", "I've sent the return label to your email."),
            start=10,
        ),
        STATE,
    )
    got = {(r.section, r.text, r.sources) for r in d.resolve}
    assert got == {
        ("open_questions", "User asked: Does the warranty cover the charger?", (10,)),
        ("todos", "Assistant will send the return label", (11,)),
    }


def test_unrelated_span_resolves_nothing() -> None:
    d = run(conv(("assistant", "The weather is nice today."), ("user", "Can you send it?"), start=10), STATE)
    assert d.resolve == ()


def test_mentioning_a_todo_without_completing_it_does_not_resolve_it() -> None:
    d = run(conv(("assistant", "About the return label: I will send it tomorrow."), start=10), STATE)
    assert [r.section for r in d.resolve] == []


# ------------------------------------------------------------------ identifiers, topics, narrative


def test_identifiers_carry_context_subject_and_every_source() -> None:
    d = run(conv(("user", "Order 88231 arrived broken."), ("assistant", "I see order 88231 in our system.")))
    item = find(d, "identifiers", "88231")
    assert item.text == "Order 88231 — arrived broken"
    assert item.subject == "id:88231"
    assert item.sources == (1, 2)


def test_topics_are_repeated_key_phrases_without_speaker_names() -> None:
    d = run(SUPPORT)
    topics = texts(d, "topics")
    assert "refund" in topics
    assert "dupont" not in topics
    assert len(topics) <= 5


def test_narrative_is_salient_short_and_continues_the_previous_one() -> None:
    d = run(SUPPORT)
    assert d.narrative and "88231" in d.narrative and len(d.narrative) <= 600
    prev = SummaryState(narrative="Earlier stuff happened. The user called about a parcel.")
    d2 = run(SUPPORT, prev)
    assert d2.narrative is not None and d2.narrative.startswith("The user called about a parcel. ")
    too_long = SummaryState(narrative="x " * 400 + "end.")
    assert not run(SUPPORT, too_long).narrative.startswith("x")  # type: ignore[union-attr]


def test_items_are_capped_in_length() -> None:
    d = run(conv(("user", "My favourite thing is " + "really long stuff " * 40 + ".")))
    assert all(len(i.text) <= 240 for items in d.add.values() for i in items)


def test_third_person_rewriting() -> None:
    assert third_person("I'm Dupont", "User") == "User is Dupont"
    assert third_person("my order 88231 arrived broken", "User") == "User's order 88231 arrived broken"
    assert third_person("I don't eat meat and I'm vegan", "User") == "User doesn't eat meat and they're vegan"
    assert third_person("I study law", "Ana") == "Ana studies law"
    assert stem("shipped") == stem("ship") and stem("refunds") == stem("refund") and stem("sent") == "send"


# ------------------------------------------------------------------ determinism and provenance


def test_deterministic() -> None:
    first = run(SUPPORT, STATE)
    again = ExtractiveSummarizer().summarize(SummaryRequest(state=STATE, messages=list(SUPPORT)))
    assert first == again
    assert first.model_dump_json() == again.model_dump_json()


PHRASES = [
    "I'm Ana.",
    "my email is a@b.io",
    "I'll send the label.",
    "Let's ship it.",
    "Agreed.",
    "Sounds good.",
    "Where is order 88231?",
    "I've sent it.",
    "I prefer tea over coffee.",
    "I live in Rome.",
    "We'll refund you $20.",
    "See https://x.io/a.py and src/app.py",
    '{"order_id": "77120", "status": "late"}',
    "```\ncode here\n```",
    "Actually, I meant 88213.",
    "hello",
    "?",
    "",
]
MESSAGE = st.tuples(
    st.sampled_from(["user", "assistant", "tool", "system"]),
    st.lists(st.sampled_from(PHRASES) | st.text(max_size=40), min_size=1, max_size=4).map(" ".join),
)


@settings(deadline=None, max_examples=50)
@given(
    st.lists(MESSAGE, min_size=0, max_size=12),
    st.lists(st.integers(1, 5), min_size=12, max_size=12),
    st.integers(1, 1000),
)
def test_sources_only_cite_messages_of_the_request(specs, gaps, start) -> None:
    messages, seq = [], start
    for (role, text), gap in zip(specs, gaps, strict=False):
        raw: dict = {"role": role, "content": text}
        if role == "tool":
            raw["tool_call_id"] = "c"
        messages.append(parse_message(raw).with_meta(seq, float(seq)))
        seq += gap  # seqs need not be contiguous: only those in the request may be cited
    allowed = {m.seq for m in messages}
    state = SummaryState(
        open_questions=(SummaryItem(text="User asked: where is order 88231?", sources=(1,)),),
        todos=(SummaryItem(text="Assistant will send the label", sources=(1,)),),
        narrative="Before. Earlier.",
    )
    delta = run(messages, state)
    for name, items in delta.add.items():
        for item in items:
            assert set(item.sources) <= allowed, (name, item)
            assert 0 < len(item.text) <= 240
    for res in delta.resolve:
        assert set(res.sources) <= allowed
    assert delta.narrative is None or len(delta.narrative) <= 600
    assert run(messages, state) == delta


# ------------------------------------------------------------------ real data smoke


def _locomo_messages() -> list[Message]:
    if not LOCOMO.exists():
        pytest.skip(f"LoCoMo data not found at {LOCOMO}")
    sample = json.loads(LOCOMO.read_text())[0]["conversation"]
    roles = {sample["speaker_a"]: "user", sample["speaker_b"]: "assistant"}
    keys = sorted((k for k in sample if k.startswith("session_") and k[8:].isdigit()), key=lambda k: int(k[8:]))
    raws = [{"role": roles[t["speaker"]], "content": t["text"], "name": t["speaker"]} for k in keys for t in sample[k]]
    return [parse_message(r).with_meta(i + 1, float(i)) for i, r in enumerate(raws)]


def test_locomo_first_conversation_smoke() -> None:
    messages = _locomo_messages()
    counts: dict[str, int] = {}
    narratives = 0
    for i in range(0, len(messages), 20):
        chunk = messages[i : i + 20]
        delta = run(chunk)
        allowed = {m.seq for m in chunk}
        for name, items in delta.add.items():
            counts[name] = counts.get(name, 0) + len(items)
            assert all(set(item.sources) <= allowed for item in items)
        narratives += bool(delta.narrative)
    # Casual chat without order numbers or amounts: no identifiers are expected here (nor invented).
    for name in ("user_facts", "decisions", "todos", "open_questions", "topics"):
        assert counts.get(name, 0) > 0, f"no {name} over the whole conversation: {counts}"
    assert narratives == (len(messages) + 19) // 20
