"""Quality of the final summary of ``chatcompact demo``: what a reader of the summary must still find.

The bundled support conversation is replayed the way the CLI does it (budget 2000). Compaction may run
on a background thread, so where the spans are cut depends on timing; the same checks also run with
compaction inside ``add()`` (small, regular spans, as the CLI gets on SQLite), so both cuts are covered.
"""

from __future__ import annotations

import re

import pytest

from chatcompact import Memory
from chatcompact.config import Policy
from chatcompact.transcripts import demo_transcript, replay
from chatcompact.types import SummaryItem, SummaryState

BUDGET = 2000
BAD_CONJUGATIONS = ("muches", "forgots", "User need ", "User puts up")
# An identifier item starts with its value: never with punctuation, a list bullet or a markdown marker
# ("/srv/x" and "./x" and "../x" are paths, "~/x" a home path: those may).
BAD_START = re.compile(r"^(?:[-*:;,)\]}>—–•!?#`\"']|\.(?!\.?/))")


@pytest.fixture(scope="module", params=[True, False], ids=["background", "inline"])
def summary(request: pytest.FixtureRequest) -> SummaryState:
    mem = Memory.open("memory://", policy=Policy(budget=BUDGET), background=request.param)
    try:
        replay(mem, "demo", demo_transcript(), BUDGET)
        wait_idle = getattr(mem, "wait_idle", None)
        if wait_idle is not None:
            wait_idle()
        return mem.thread("demo").summary()
    finally:
        mem.close()


def texts(items: tuple[SummaryItem, ...]) -> list[str]:
    return [i.text for i in items]


def has(items: tuple[SummaryItem, ...], pattern: str) -> bool:
    return any(re.search(pattern, i.text, re.IGNORECASE) for i in items)


# ------------------------------------------------------------------ about the user (said in the first 15 messages)


def test_identity_and_contact_facts_survive_the_whole_demo(summary: SummaryState) -> None:
    facts = summary.user_facts
    assert has(facts, r"Claire Dupont"), texts(facts)
    assert has(facts, r"claire@atelier-dupont\.fr"), texts(facts)
    assert has(facts, r"Europe/Paris"), texts(facts)
    assert has(facts, r"prefers? email to phone"), texts(facts)


def test_plan_is_the_corrected_one(summary: SummaryState) -> None:
    plan = [i for i in summary.user_facts if i.subject == "user:plan"]
    assert [i.text for i in plan] == ["User is on the Pro plan"], texts(summary.user_facts)
    assert not has(summary.user_facts, r"on the Basic plan")


def test_user_facts_are_conjugated_correctly(summary: SummaryState) -> None:
    for text in texts(summary.user_facts):
        for bad in BAD_CONJUGATIONS:
            assert bad not in text, text


# ------------------------------------------------------------------ decisions


def test_key_decisions_survive(summary: SummaryState) -> None:
    decisions = summary.decisions
    assert has(decisions, r"refund (?:of )?120 EUR instead of a replacement"), texts(decisions)
    assert has(decisions, r"switch the webhook to v2"), texts(decisions)


def test_no_empty_decisions(summary: SummaryState) -> None:
    for text in texts(summary.decisions):
        assert not re.search(r"(?i)suggested: (?:sort it out|go through the loose ends)", text), text


# ------------------------------------------------------------------ identifiers


def test_order_and_ticket_are_identifiers(summary: SummaryState) -> None:
    assert has(summary.identifiers, r"\b88231\b"), texts(summary.identifiers)
    assert has(summary.identifiers, r"\bSUP-40417\b"), texts(summary.identifiers)


def test_identifier_items_are_clean(summary: SummaryState) -> None:
    assert summary.identifiers
    for text in texts(summary.identifiers):
        assert not BAD_START.match(text), text
        assert "**" not in text and "`" not in text, text
        _, _, context = text.partition(" — ")
        assert not BAD_START.match(context), text  # "order 88447 — ) and they..." was a fragment


# ------------------------------------------------------------------ narrative


def test_narrative_is_a_few_clean_attributed_sentences(summary: SummaryState) -> None:
    narrative = summary.narrative
    assert narrative and "**" not in narrative and "…" not in narrative
    parts = re.split(r"(?:^| )(?=(?:User|Assistant): )", narrative)
    parts = [p for p in parts if p]
    assert 1 <= len(parts) <= 3, narrative
    assert all(p.startswith(("User: ", "Assistant: ")) for p in parts), narrative
