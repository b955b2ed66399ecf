"""The extractive summary without noise (issue 21 §5), over the demo chat and the language dev chats.

Topics are content phrases (no function word, verb, adverb or time word as a topic in en/de/it/zh), user facts
are facts about the user (not a feeling, a thought or an act on "it"), and no item is both added and dropped in
one version. Every version is read, not only the last: a noisy item may be evicted later by the caps.
"""

from __future__ import annotations

import importlib.resources
import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact import Memory
from chatcompact.config import Policy
from chatcompact.core.validate import span_is_trivial
from chatcompact.protocols import SummaryRequest
from chatcompact.summarizers import ExtractiveSummarizer
from chatcompact.summarizers._facts import about_user, attribute_ok
from chatcompact.summarizers._text import key_phrases, topic_alone, topic_word
from chatcompact.transcripts import demo_transcript
from chatcompact.types import Message, SummaryState, SummaryVersion

# What the issue and the old summarizer showed as topics of these chats: none may come back.
NOT_TOPICS = {
    "en": {"last", "search", "comes", "change", "first scan", "autumn collection come", "accounts", "payouts"},
    "de": {"nachmittag", "morgen", "gestern", "danke", "bitte"},
    "it": {"richiede", "mano", "pomeriggio", "vostre", "grazie"},
    "zh": {"寄到上海", "提供", "下雨", "放洗碗机", "营业", "糟糕"},
}
# What a reader of each chat's summary must still find among its topics (at some version).
TOPICS = {
    "en": {"garden party", "gift wrapping", "discount codes"},
    "de": {"rabattcodes", "gartenfest"},
    "it": {"codici sconto", "confezioni regalo"},
    "zh": {"优惠码", "秋季系列"},
}
NOISE_FACTS = re.compile(
    r"(?i)head is full|found the payout stuff|rather (?:send|write) (?:it|to her)|🤯|a bit nervous|thought I'd"
)


def _versions(turns: list[dict[str, Any]], budget: int) -> list[SummaryVersion]:
    mem = Memory.open("memory://", policy=Policy(budget=budget), background=False, embedder="none")
    try:
        thread = mem.thread("noise", system="You are a helpful support assistant.")
        for turn in turns:
            thread.add(turn)
        return thread.compactions()
    finally:
        mem.close()


def _dev_chats() -> dict[str, Any]:
    raw = (importlib.resources.files("chatcompact") / "data/languages_dev.json").read_text("utf-8")
    return json.loads(raw)["languages"]  # type: ignore[no-any-return]


@pytest.fixture(scope="module", params=[2000, 1200], ids=["budget2000", "budget1200"])
def demo_versions(request: pytest.FixtureRequest) -> list[SummaryVersion]:
    return _versions(list(demo_transcript().messages), request.param)


@pytest.fixture(scope="module", params=["en", "de", "it", "zh"])
def dev_versions(request: pytest.FixtureRequest) -> tuple[str, list[SummaryVersion]]:
    return request.param, _versions(list(_dev_chats()[request.param]["turns"]), 1200)


def _seen(versions: list[SummaryVersion], section: str) -> set[str]:
    return {i.text for v in versions for i in getattr(v.state, section)}


def test_demo_topics_are_content_phrases(demo_versions: list[SummaryVersion]) -> None:
    topics = _seen(demo_versions, "topics")
    assert topics, "the demo summary has topics"
    assert not topics & NOT_TOPICS["en"], sorted(topics)
    assert {t.lower() for t in topics} & {"payout", "refund", "webhook", "webhooks", "claim"}, sorted(topics)


def test_demo_user_facts_are_about_the_user(demo_versions: list[SummaryVersion]) -> None:
    facts = _seen(demo_versions, "user_facts")
    assert [f for f in facts if NOISE_FACTS.search(f)] == []
    assert any("Claire Dupont" in f for f in facts) and any("email to phone" in f for f in facts), sorted(facts)
    assert any("Pro plan" in f for f in facts), sorted(facts)


def test_no_item_is_both_added_and_dropped_in_one_version(demo_versions: list[SummaryVersion]) -> None:
    assert len(demo_versions) > 3
    for v in demo_versions:
        assert not set(v.report.added) & set(v.report.dropped), v.version


def test_language_dev_chat_topics_are_content_phrases(dev_versions: tuple[str, list[SummaryVersion]]) -> None:
    code, versions = dev_versions
    topics = _seen(versions, "topics")
    assert not topics & NOT_TOPICS[code], sorted(topics)
    assert topics & TOPICS[code], sorted(topics)
    for v in versions:
        assert not set(v.report.added) & set(v.report.dropped), v.version


def test_verbs_adverbs_and_time_words_are_no_topic_words() -> None:
    for word in ("comes", "really", "yesterday", "taught", "thought", "afternoon"):
        assert not topic_word(word, "en"), word
    # as often a verb as a noun: part of a phrase ("search console"), never a topic alone
    assert not topic_alone(["search"], "en") and topic_alone(["search", "console"], "en")
    assert not topic_alone(["renovating"], "en") and topic_alone(["shipping"], "en")
    for word, code in (("nachmittag", "de"), ("richiede", "it"), ("pomeriggio", "it"), ("parlando", "it")):
        assert not topic_word(word, code), (word, code)
    for word, code in (("webhook", "en"), ("family", "en"), ("rabattcodes", "de"), ("mercato", "it")):
        assert topic_word(word, code), (word, code)


def test_key_phrases_keep_the_content_and_leave_the_verbs() -> None:
    phrases = set(key_phrases("I'll search for the refund, it comes with the return label last week.").values())
    assert {"refund", "return label"} <= phrases, phrases
    assert not phrases & {"search", "comes", "last", "week"}, phrases
    zh = set(key_phrases("我们提供礼品包装，明天寄到上海。").values())
    assert "提供" not in zh and "寄到上海" not in zh, zh


@pytest.mark.parametrize(
    ("text", "content", "noise"),
    [
        (
            "Gestern habe ich die Rechnung bestellt. Schicken Sie bitte die Rechnung. Könnten Sie das prüfen? "
            "Eigentlich wollte ich nur wissen, wann das Paket kommt.",
            {"rechnung", "paket"},
            {"schicken", "könnten", "gestern", "eigentlich"},
        ),
        (
            "Ieri ho ordinato la teiera. Purtroppo non è arrivata. Potreste controllare? Vorrei sapere quando "
            "arriva il pacco. Ovviamente pagherò la spedizione.",
            {"teiera", "pacco", "spedizione"},
            {"ordinato", "purtroppo", "potreste", "pagherò", "ovviamente"},
        ),
        (
            "我昨天订了茶壶。可惜还没到。你们能查一下吗？我当然会等。我想知道包裹什么时候到。其实我只是想问问。",
            {"茶壶", "包裹"},
            {"可惜", "没到", "能查", "会等", "想问问"},
        ),
    ],
    ids=["de", "it", "zh"],
)
def test_key_phrases_leave_verbs_and_adverbs_in_every_language(text: str, content: set[str], noise: set[str]) -> None:
    phrases = set(key_phrases(text).values())
    assert content <= phrases, phrases
    assert not phrases & noise, phrases


def test_a_first_person_clause_is_a_fact_only_when_it_is_about_the_user() -> None:
    for clause in (
        "I'm on the road most of the week",
        "I have 48 new pieces in a spreadsheet",
        "I opened ticket SUP-40417 on Saturday",
        "I need to stay on Python 3.8",
    ):
        assert about_user(clause), clause
    for clause in (
        "I found the payout stuff",
        "I fixed it by hand",
        "I checked ten times",
        "I thought I'd deleted them",
        "I might offer a gift",
        "I'm a bit nervous about tomorrow",
        "I still have to dig out the reference",
    ):
        assert not about_user(clause), clause


def test_my_x_is_y_is_an_attribute_unless_it_is_a_mood() -> None:
    assert attribute_ok("email", "claire@atelier-dupont.fr")
    assert attribute_ok("shop", "in Dieulefit")
    assert not attribute_ok("head", "full of canonicals and IBANs 🤯")
    assert not attribute_ok("day", "long")


_NOISE_WORDS = ["fact", "thing", "stuff", "really", "yesterday", "comes", "search", "okay", "w0", "r1", "x9"]
_CODES = st.from_regex(r"[a-z]{1,5}[0-9]{1,6}", fullmatch=True)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_NOISE_WORDS), _CODES), min_size=14, max_size=40), st.integers(1, 4))
def test_what_the_noise_filters_leave_out_never_empties_the_delta(words: list[str], parts: int) -> None:
    # the topic and fact filters may find nothing in a span of codes and filler; the span still records itself
    step = max(1, len(words) // parts)
    texts = [" ".join(words[i : i + step]) for i in range(0, len(words), step)]
    messages = [Message("user" if i % 2 == 0 else "assistant", t, seq=i + 1) for i, t in enumerate(texts)]
    if span_is_trivial(messages):
        return
    delta = ExtractiveSummarizer().summarize(SummaryRequest(state=SummaryState(), messages=messages))
    assert delta.add or delta.resolve or delta.narrative, texts


def test_a_thread_of_codes_compacts() -> None:
    turns = [
        {
            "role": "user" if (r + k) % 2 == 0 else "assistant",
            "content": f"w{k} r{r} " + " ".join(f"fact{k}{r}{x}" for x in range(12)),
        }
        for r in range(6)
        for k in range(4)
    ]
    versions = _versions(turns, 300)
    assert versions and all(v.state.narrative or v.state.topics for v in versions)
