"""The embedded extractive summarizer: what it extracts, provenance, subjects, resolutions, determinism."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.config import Policy
from chatcompact.core.merge import apply_delta
from chatcompact.protocols import Summarizer, SummaryRequest
from chatcompact.summarizers import ExtractiveSummarizer
from chatcompact.summarizers._text import speaker_view, stem, third_person
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


def by_value(delta: SummaryDelta, value: str) -> SummaryItem:
    """The identifier item of ``value`` (by subject: another item's context may quote it)."""
    hits = [i for i in section(delta, "identifiers") if i.subject == f"id:{value}"]
    assert hits, f"{value!r} not in identifiers: {texts(delta, 'identifiers')}"
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
    assert texts(d, "user_facts") == ["User lives in Paris and their kids go to school there"]


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
    agreed = find(d, "decisions", "Agreed: do the refund")
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


def test_agreed_after_a_lead_in_is_a_weighty_decision() -> None:
    d = run(
        conv(
            ("user", "I'd refund everything. Is that possible?"),
            ("assistant", "Yes, you can refund any amount. So, agreed: we refund 120 EUR instead of a replacement."),
        )
    )
    item = find(d, "decisions", "Agreed: refund 120 EUR instead of a replacement")
    assert item.sources == (2,) and item.weight >= 7.0


def test_agreed_on_a_date_is_a_decision_without_markdown() -> None:
    text = "As we agreed on 11 March: full refund of **120 EUR** instead of a replacement, to Martine's card."
    d = run(conv(("assistant", text)))
    assert texts(d, "decisions") == ["Agreed: full refund of 120 EUR instead of a replacement, to Martine's card"]


def test_users_lets_is_their_decision_and_agreed_once_taken_up() -> None:
    alone = run(conv(("user", "Let's switch the webhook to v2 then. Better now than in June.")))
    assert texts(alone, "decisions") == ["User decided: switch the webhook to v2"]
    taken_up = run(
        conv(
            ("user", "Let's switch the webhook to v2 then. Better now than in June."),
            ("assistant", "Good call. To avoid any gap, add a second route first."),
        )
    )
    item = find(taken_up, "decisions", "Agreed: switch the webhook to v2")
    assert item.sources == (1, 2) and item.weight > find(alone, "decisions", "decided").weight


@pytest.mark.parametrize(
    "text", ["Let's sort it out.", "Let's go through the loose ends.", "Let's do it.", "Let's take a look."]
)
def test_decisions_need_a_content_object(text: str) -> None:
    assert section(run(conv(("assistant", text), ("user", "Hmm, not now."))), "decisions") == []


def test_decision_text_stops_at_its_own_clause() -> None:
    d = run(conv(("user", "Let's do the discount code first, I still have to dig out the payout reference.")))
    assert texts(d, "decisions") == ["User decided: do the discount code first"]


def test_suggestions_weigh_less_than_decisions() -> None:
    d = run(conv(("assistant", "Let's rebuild the product import file."), ("user", "What about the photos?")))
    assert find(d, "decisions", "Assistant suggested: rebuild the product import file").weight < 6.0


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


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        (("user", "A client ordered 24 plates (order 88447) and they want an invoice with their company name."),
         "order 88447 — they want an invoice with their company"),
        (("user", "My address is claire@atelier-dupont.fr."), "claire@atelier-dupont.fr — User's address"),
        (("assistant", "- **Ticket SUP-40417**: still unassigned in our queue."),
         "Ticket SUP-40417 — still unassigned in our queue"),
        (("assistant", "1. **Refund the difference**: 15% of €135.00 is €20.25."), "€135.00"),  # whole, not "00"
        (("assistant", "It's generated at **https://x.fr/sitemap.xml**. Resubmit it."),
         "https://x.fr/sitemap.xml — It's generated"),
    ],
)  # fmt: skip
def test_identifier_items_read_value_then_clean_context(turn: tuple[str, str], expected: str) -> None:
    value = expected.split(" — ")[0].split()[-1]
    assert by_value(run(conv(turn)), value).text == expected


def test_tool_identifiers_take_their_sibling_title_or_field_name() -> None:
    results = {"results": [{"title": "Migrating webhooks from v1 to v2", "url": "https://docs.x.com/m"}]}
    d = run(conv(("tool", json.dumps(results)), ("tool", json.dumps({"return": {"tracking": "8R00412391022"}}))))
    assert by_value(d, "https://docs.x.com/m").text == "https://docs.x.com/m — Migrating webhooks from v1 to v2"
    assert by_value(d, "8R00412391022").text == "8R00412391022 — return tracking"


def test_identifier_weights_follow_their_kind() -> None:
    d = run(
        conv(
            ("assistant", "Order 88231 is €120.00, 15% off, webhook v2, see https://x.io/a and mail a@b.fr."),
            ("assistant", "I've added the refund to SUP-40417 and checked HMAC-SHA256."),
        )
    )
    values = ("88231", "€120.00", "15%", "v2", "https://x.io/a", "a@b.fr", "SUP-40417", "HMAC-SHA256")
    w = {value: by_value(d, value).weight for value in values}
    assert w["88231"] > w["a@b.fr"] > w["https://x.io/a"] > w["v2"] > w["€120.00"] > w["15%"]
    assert w["SUP-40417"] > w["https://x.io/a"] > w["HMAC-SHA256"]  # a reference number without its keyword


def test_narrative_is_clean_attributed_whole_sentences() -> None:
    d = run(
        conv(
            ("user", "Can I warn people about the market dates? I'll be away from 8 to 11 May."),
            ("assistant", '**Settings → Checkout → "Order processing notice"**: a message shown on product pages, '
                          'e.g. "Atelier au marché de Dieulefit du 8 au 11 mai : les commandes ' + "très " * 30 + '"'),
            ("assistant", "So, agreed: we schedule the **order processing notice** for the market weekend."),
            ("user", "Perfect, thanks a lot."),
            ("user", "My shop ships pottery orders from Montreuil every single morning."),
            ("assistant", "Noted, the shipping schedule stays the same for the pottery orders."),
            ("user", "Great."),
        )
    )  # fmt: skip
    narrative = d.narrative or ""
    parts = [p for p in re.split(r"(?:^| )(?=(?:User|Assistant): )", narrative) if p]
    assert 1 <= len(parts) <= 3 and all(p.startswith(("User: ", "Assistant: ")) for p in parts), narrative
    assert "**" not in narrative and "…" not in narrative and "Atelier au marché" not in narrative
    assert "Assistant: So, agreed: we schedule the order processing notice for the market weekend." in narrative


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


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("I much prefer email to phone", "User much prefers email to phone"),  # not "muches"
        ("I completely forgot yesterday", "User completely forgot yesterday"),  # not "forgots"
        ("I need to fix the spreadsheet", "User needs to fix the spreadsheet"),  # "need" is no past form
        ("I put up the teaser banner yesterday", "User put up the teaser banner yesterday"),
        ("I got an email yesterday", "User got an email yesterday"),
        ("I had a call and I was late", "User had a call and they were late"),
        ("I will call back", "User will call back"),
        ("I might offer a gift", "User might offer a gift"),
        ("I can't answer the phone", "User can't answer the phone"),
        ("I really don't like it", "User really doesn't like it"),
        ("I reply fast", "User replies fast"),  # "-ly" but a verb, not an adverb
        ("I run a shop and I sell bowls", "User runs a shop and they sell bowls"),  # only the first verb
        ("I opened a ticket but haven't heard back", "User opened a ticket but hasn't heard back"),
    ],
)
def test_only_the_verb_after_i_is_conjugated(clause: str, expected: str) -> None:
    assert third_person(clause, "User") == expected


def test_assistant_clauses_read_from_outside() -> None:
    assert speaker_view("ask now so it is ready when you need it") == "ask now so it is ready when the user needs it"
    assert speaker_view("email you the label") == "email the user the label"
    assert speaker_view("check it on my side") == "check it on their side"


def test_a_url_does_not_end_a_fact() -> None:
    d = run(conv(("user", "I submitted https://www.atelier-dupont.fr/sitemap.xml in Search Console. It fails.")))
    assert find(d, "user_facts", "User submitted https://www.atelier-dupont.fr/sitemap.xml in Search Console")


def test_contact_and_account_facts_get_telling_subjects_and_heavy_weights() -> None:
    d = run(
        conv(
            ("user", "I'm Claire Dupont, my email is c@x.fr. Also I run a small shop with lots of pottery."),
            ("user", "My address is claire@atelier-dupont.fr. My account is set to Europe/Paris by the way."),
        )
    )
    assert {i.text for i in section(d, "user_facts") if i.subject == "user:name"} == {"User is Claire Dupont"}
    email = find(d, "user_facts", "claire@atelier-dupont.fr")
    tz = find(d, "user_facts", "Europe/Paris")
    assert (email.subject, tz.subject, tz.text) == (
        "user:email",
        "user:timezone",
        "User's account is set to Europe/Paris",
    )
    name = find(d, "user_facts", "Claire Dupont")
    generic = find(d, "user_facts", "small shop")
    assert name.weight > email.weight > tz.weight > generic.weight


def test_plan_is_a_subject_so_a_correction_supersedes_it() -> None:
    first = run(conv(("user", "Oh, and in case it matters, we're on the Basic plan, so tell me if it costs extra.")))
    fact = find(first, "user_facts", "User is on the Basic plan")
    assert fact.subject == "user:plan"
    later = run(conv(("user", "OK, actually my shop runs on the Pro plan, not Basic."), start=40))
    assert find(later, "user_facts", "User is on the Pro plan").subject == "user:plan"
    state, _ = apply_delta(SummaryState(), first, Policy())
    state, report = apply_delta(state, later, Policy())
    assert [i.text for i in state.user_facts] == ["User is on the Pro plan"]
    assert report.superseded == ("User is on the Basic plan",)


def test_preference_with_an_adverb_is_conjugated_and_weighted() -> None:
    d = run(conv(("user", "By the way I much prefer email to phone.")))
    pref = find(d, "user_facts", "User much prefers email to phone")
    assert (pref.subject, pref.weight) == ("user:preference:email", 6.0)


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


# ---------------------------------------------------------------- other languages (core.lang + _cues)

_CHATS = {
    "de": [
        (
            "user",
            "Hallo, ich heiße Jürgen Müller. Meine Bestellung 88231 ist mit einem gesprungenen Deckel angekommen.",
        ),
        ("assistant", "Das tut mir leid. Ich sehe die Bestellung 88231: eine blaue Teekanne."),
        ("user", "Ich bevorzuge E-Mail statt Telefon."),
        ("assistant", "Möchten Sie eine neue Teekanne oder eine Rückerstattung?"),
        ("user", "Wir haben uns entschieden: volle Rückerstattung auf meine Kreditkarte."),
        ("assistant", "Einverstanden, die Rückerstattung kommt nach dem Scan der Rücksendung."),
        ("user", "Wir haben auch über das Wetter gesprochen. Das Wetter ist heute schön."),
        ("assistant", "Das Wetter ist heute schön."),
        ("user", "Das Wetter ist heute schön."),
    ],
    "it": [
        ("user", "Ciao, mi chiamo Giulia D'Angelo. Il mio ordine 88231 è arrivato con il coperchio crepato."),
        ("assistant", "Mi dispiace. Vedo l'ordine 88231: una teiera blu."),
        ("user", "Preferisco l'email al telefono."),
        ("assistant", "Preferisce una teiera nuova o un rimborso?"),
        ("user", "Abbiamo deciso: rimborso completo sulla mia carta di credito."),
        ("assistant", "D'accordo, il rimborso arriva dopo la scansione del reso."),
        ("user", "Abbiamo parlato del tempo. Il tempo è bello oggi."),
    ],
    "zh": [
        ("user", "你好，我叫王伟。我的订单号是88231，收到的时候茶壶盖子裂了。"),
        ("assistant", "很抱歉。我看到订单88231：一个蓝色茶壶。"),
        ("user", "我更喜欢用邮件联系，不要打电话。"),
        ("assistant", "您想要换一个新茶壶还是退款？"),
        ("user", "我们决定全额退款到我的信用卡。"),
        ("assistant", "同意，退货扫描后全额退款会退到您的信用卡。"),
        ("user", "今天天气很好。"),
    ],
}
_EXPECT = {
    "de": ("Jürgen Müller", "E-Mail", "Rückerstattung"),
    "it": ("Giulia D'Angelo", "email", "rimborso"),
    "zh": ("王伟", "邮件", "退款"),
}


def _delta(code: str) -> SummaryDelta:
    msgs = [parse_message({"role": r, "content": c}).with_meta(i, 0.0) for i, (r, c) in enumerate(_CHATS[code], 1)]
    return ExtractiveSummarizer().summarize(SummaryRequest(messages=tuple(msgs), state=SummaryState()))


@pytest.mark.parametrize("code", sorted(_CHATS))
def test_other_languages_give_facts_decisions_identifiers_topics_and_a_narrative(code: str) -> None:
    from chatcompact.core import lang

    delta = _delta(code)
    name, preference, decision = _EXPECT[code]
    facts = [i.text for i in delta.add["user_facts"]]
    assert f"User is {name}" in facts
    assert any(preference in f for f in facts), facts
    assert any(decision in d.text for d in delta.add["decisions"]), delta.add.get("decisions")
    assert any(
        i.text.startswith(("Bestellung 88231", "ordine 88231", "订单号 88231")) for i in delta.add["identifiers"]
    )
    topics = [t.text for t in delta.add["topics"]]
    assert topics
    stop = lang.stop_words(code, filler=True) | lang.stop_words("en", filler=True)
    text = " ".join(c for _, c in _CHATS[code]).lower()
    for topic in topics:
        assert topic not in stop and topic in text, topic
        if code != "zh":
            assert all(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text) for w in topic.split()), topic
    assert delta.narrative


def test_german_topics_are_whole_nouns() -> None:
    topics = [t.text for t in _delta("de").add["topics"]]
    assert "das" not in topics and "wir haben auch" not in topics
    assert not any(t.startswith("ber ") for t in topics)  # the "ü" of "über" is a letter


def test_narrative_never_repeats_a_sentence() -> None:
    narrative = _delta("de").narrative or ""
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", narrative) if s.strip()]
    bodies = [s.split(": ", 1)[-1] for s in sentences]
    assert len(bodies) == len(set(bodies)), narrative


def test_a_chinese_support_chat_compacts() -> None:
    from chatcompact import Memory

    mem = Memory.open("memory://", policy=Policy(budget=400), background=False, embedder="none")
    try:
        thread = mem.thread("zh")
        for _ in range(4):
            for role, content in _CHATS["zh"]:
                thread.add({"role": role, "content": content})
        summary = thread.summary()
        assert summary.decisions and summary.user_facts and summary.topics and summary.narrative
        assert not [e for e in mem.store.events("zh") if "empty summary" in str(e.data)]
        assert "88231" in " ".join(i.text for i in summary.identifiers)
    finally:
        mem.close()


_WORDS = ["refund", "label", "charger", "warranty", "invoice", "parcel", "battery", "screen", "courier", "voucher"]


@settings(max_examples=150, deadline=None)
@given(
    sentences=st.lists(
        st.tuples(st.integers(0, 3), st.lists(st.sampled_from(_WORDS), min_size=0, max_size=6)), max_size=12
    ),
    query=st.lists(st.sampled_from(_WORDS), max_size=4),
    after=st.integers(-1, 30),
)
def test_the_later_sentence_index_answers_as_reading_every_later_sentence(sentences, query, after) -> None:
    """_Later (the index behind "answered later" and "done later") says what comparing the query with every
    sentence of a later turn says, for one-stem and many-stem queries and for a sentence too long to pair up."""
    from chatcompact.summarizers import extractive as ex
    from chatcompact.summarizers._text import content_stems, overlap_enough

    ti, rows = 0, []
    for step, words in sentences:
        ti += step
        rows.append((ti, " ".join(words)))
    long_sentence = " ".join(f"{w}{c}" for w in ("alpha", "omega") for c in "bcdfghjklmnpqrstvwxz") + " refund label"
    rows.append((ti + 1, long_sentence))
    index = ex._Later(rows)
    assert len(content_stems(long_sentence)) > ex._Later.PAIRS_UP_TO and index.long
    stems = content_stems(" ".join(query))
    expected = any(t > after and overlap_enough(stems, content_stems(s)) for t, s in rows)
    assert index.shares(after, stems) is expected


def test_open_questions_and_done_todos_cost_work_linear_in_the_span(monkeypatch) -> None:
    """Every user turn asks something no later turn answers and promises something never reported done: the
    sentences' keywords are looked up a number of times that grows with the span, not with its square (each
    question used to read every later assistant sentence again: 4,000 chat turns took 8 s)."""
    from chatcompact.summarizers import _text
    from chatcompact.summarizers import extractive as ex

    calls = 0
    real = _text.content_stems

    def counted(text):
        nonlocal calls
        calls += 1
        return real(text)

    monkeypatch.setattr(ex, "content_stems", counted)

    def span(n: int) -> list[Message]:
        turns = []
        for i in range(n):
            turns.append(("user", f"Does the warranty {i} cover the charger{i} battery? I'll send the label{i} form."))
            turns.append(("assistant", f"Let me look at the courier{i} schedule and the voucher{i} policy."))
        return conv(*turns)

    counts = []
    for n in (100, 400):
        calls = 0
        d = run(span(n))
        assert len(section(d, "open_questions")) >= 3 and section(d, "todos")  # unanswered, not done
        counts.append(calls)
    assert 0 < counts[1] <= 5 * counts[0], counts  # 4x the turns; reading every later sentence made it 16x
