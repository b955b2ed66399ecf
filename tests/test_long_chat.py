"""The long-chat dev set (``chatcompact.evaluation.long_chat``): deterministic, paraphrased, evidence in place."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

import pytest

from chatcompact.evaluation.cards import CARDS, SLOTS
from chatcompact.evaluation.long_chat import CARDS_PER_CHAT, build, overlap

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "agent_dev"


def test_no_question_shares_a_content_word_with_its_statements() -> None:
    assert {c.key: overlap(c) for c in CARDS if overlap(c)} == {}
    assert len({c.key for c in CARDS}) == len(CARDS) >= CARDS_PER_CHAT


def test_every_slot_a_card_names_has_values() -> None:
    named = {s.removesuffix("_old") for c in CARDS for t in (*c.says, c.ask) for s in re.findall(r"\{(\w+)\}", t)}
    assert named <= set(SLOTS)
    assert all(len(set(v)) >= 2 for v in SLOTS.values())  # a revised fact needs an old and a new value


@pytest.fixture(scope="module")
def chats():
    if not DATA.is_dir():
        pytest.skip(f"{DATA} not found (the agent dev trajectories)")
    return build(DATA, chats=2)


def test_the_set_is_deterministic(chats) -> None:
    again = build(DATA, chats=2)
    assert [c.messages for c in again] == [c.messages for c in chats]
    assert [c.questions for c in again] == [c.questions for c in chats]
    assert build(DATA, chats=1, seed=5)[0].messages != chats[0].messages


def test_chats_are_long_and_every_evidence_message_holds_its_statement(chats) -> None:
    by_key = {c.key: c for c in CARDS}
    for chat in chats:
        assert 400 <= len(chat.messages) <= 520
        assert [m["role"] for m in chat.messages[:4]] == ["user", "assistant", "user", "assistant"]
        assert len(chat.questions) == CARDS_PER_CHAT
        for q in chat.questions:
            card = by_key[q.card]
            assert len(q.evidence) == len(card.says)
            for i, said in zip(q.evidence, card.says, strict=True):
                msg = chat.messages[i]
                assert msg["role"] == card.role
                fixed = [p for p in re.split(r"\{\w+\}", said) if len(p) > 3]
                assert all(p in msg["content"] for p in fixed)
    lengths = [len(m["content"]) for c in chats for m in c.messages]
    assert 1000 <= statistics.median(lengths) <= 2600  # long messages, like the held-out chats
