"""core.query: one query parsed once, read by recall, speakers, the hierarchy and the context's quote planner."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact import Policy
from chatcompact.core import hierarchy as h
from chatcompact.core.assemble import Line
from chatcompact.core.fusion import content_words, keyword_query
from chatcompact.core.lang import content_words as lang_content_words
from chatcompact.core.query import QUERY_CHARS, Query, keys, terms
from chatcompact.core.recall import QuotePlan, own_turn, plan_quotes, quotes, wants_detail
from chatcompact.core.speakers import named_speakers
from chatcompact.testing import CountingTokenizer
from chatcompact.types import ArchiveHit, Message, SummaryItem, SummaryNode, SummaryState

pytestmark = pytest.mark.timeout(60)
CHARS = CountingTokenizer()

# one question about a refund in each language the library ships (DESIGN rule 13)
FOUR = {
    "en": ("What exactly did Jürgen say about the refund for order 88231?", {"refund", "order", "88231", "jurgen"}),
    "de": ("Was hat Jürgen genau über die Rückerstattung gesagt?", {"jurgen", "ruckerstattung", "gesagt"}),
    "it": ("Cosa ha detto Giulia del rimborso per il pacco 88231?", {"giulia", "rimborso", "pacco", "88231"}),
    # Han text has no spaces: its pieces between stop words are its words ("退款订单" stays one piece here)
    "zh": ("王伟说的退款订单88231什么时候到？", {"退款订单", "88231"}),
}


@pytest.mark.parametrize("code", sorted(FOUR))
def test_a_query_is_parsed_once_into_what_every_reader_needs(code: str) -> None:
    text, wanted = FOUR[code]
    q = Query.parse(text)
    assert q.lang == code
    assert tuple(content_words(text)) == q.content  # the keyword query's words, as written
    assert q.keywords == keyword_query(text)
    assert wanted <= q.keys  # folded content words: no English stop list, any of the four languages
    assert not (q.keys & {"what", "was", "cosa", "什么"})  # question words are stop words in their language
    assert q.terms() == frozenset(terms(text))  # stemmed, in the query's own language by default
    assert Query.of(q) is q and Query.of(text) == q


def test_terms_follow_the_language_of_the_text_they_are_scored_against() -> None:
    q = Query.parse("Rückerstattungen bestellt")
    assert q.terms("de") == frozenset(terms("Rückerstattungen bestellt", "de"))
    assert q.terms("en") == frozenset(terms("Rückerstattungen bestellt", "en"))
    assert q.terms("de") != q.terms("en")  # German stems differ from English ones


def test_identifiers_are_terms_as_written_not_stemmed() -> None:
    assert terms("orders 88231s v2 e4f1c2", "en") == ["order", "88231s", "v2", "e4f1c2"]


def test_names_and_speakers_read_the_same_value() -> None:
    q = Query.parse("Did Melanie and Caroline meet Müller?")
    assert q.names == ("Melanie", "Caroline", "Müller")
    assert named_speakers(q, ["Melanie", "Bob"]) == named_speakers(q.text, ["Melanie", "Bob"]) == {"Melanie"}
    assert "melanie" in q.said and named_speakers(Query.parse("王伟说了什么？"), ["王伟", "李娜"]) == {"王伟"}


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=80))
def test_keys_are_the_library_content_words_folded(text: str) -> None:
    q = Query.parse(text)
    assert q.keys == keys(text) == frozenset(w.lower() for w in q.keys)
    assert len(q.content) == len(lang_content_words(text, q.lang))


# ---------------------------------------------------------------- the hierarchy reads the query's keys


@pytest.mark.parametrize(
    ("line", "query"),
    [
        ("Die Rückerstattung von 120 EUR wurde vereinbart", "Was ist mit der Rückerstattung?"),
        ("Il rimborso di 120 EUR è stato concordato", "Cosa succede con il rimborso?"),
        ("退款120欧元已经同意", "退款怎么样了？"),
        ("Refund of 120 EUR agreed", "what about the refund?"),
    ],
)
def test_detail_lines_match_in_each_language(line: str, query: str) -> None:
    state = SummaryState(topics=(SummaryItem(text=line, sources=(1,)),))
    node = SummaryNode(id="0.1-9.v1", level=0, seq_from=1, seq_until=9, state=state, basis=1)
    other = SummaryNode(
        id="0.10-19.v2",
        level=0,
        seq_from=10,
        seq_until=19,
        state=SummaryState(topics=(SummaryItem(text="Webhook switched to v2", sources=(10,)),)),
        basis=2,
    )
    ix = [h.Indexed.of(n, CHARS.count) for n in (node, other)]
    got = h.detail_lines(ix, Query.parse(query), [], 500)
    assert [ln.heading for ln in got] == ["Messages 1-9"]
    assert h.detail_lines(ix, query, [], 500) == got  # a string is parsed the same way


# ---------------------------------------------------------------- the quote planner (core.recall)


def _summary(*texts: str) -> list[Line]:
    return [Line("summary", None, t, CHARS.count(t), i) for i, t in enumerate(texts)]


def test_plan_quotes_follows_the_policy() -> None:
    q = Query.parse("what exactly did Claire say about the vase?")
    assert plan_quotes(q, Policy(recall_quotes="off"), [], 1000) is None
    assert plan_quotes(Query.parse("how are you?"), Policy(), [], 1000) is None  # no content word
    plan = plan_quotes(q, Policy(recall_k=3, recall_fill_k=5), [], 1000)
    assert plan == QuotePlan(8, 3, ())
    detail = Policy(recall_quotes="detail")
    assert plan_quotes(Query.parse("how is the weather"), detail, _summary("- Claire runs a shop"), 1000) is None
    assert plan_quotes(Query.parse("what did Claire buy"), detail, _summary("- Claire runs a shop"), 1000) is None
    assert plan_quotes(Query.parse("what did Bob buy"), detail, _summary("- Claire runs a shop"), 1000) is not None


def test_an_agent_at_work_gets_no_quote_plan() -> None:
    q = Query.parse("what exactly did Claire say about the vase?")
    policy = Policy(recall_k=3, recall_fill_k=5)
    assert plan_quotes(q, policy, [], 1000, agent=True) == QuotePlan(3, 3, ())  # tool results: no spares
    assert plan_quotes(q, policy, [], 1000, agent=True, working=True) is None  # assemble would drop them


def test_plan_quotes_reads_only_the_summary_lines_the_context_will_show() -> None:
    # the summary's share of 100 tokens is 15: the second line is not shown, so a name only there is recalled
    lines = _summary("- " + "x" * 10, "- Claire runs a ceramics shop in Lyon")
    q = Query.parse("what did Claire say")
    assert plan_quotes(q, Policy(recall_quotes="detail"), lines, 100) is not None
    assert plan_quotes(q, Policy(recall_quotes="detail"), lines, 100_000) is None
    assert wants_detail(q, "Claire") is False and wants_detail(q.text, "") is True


def test_the_query_own_turn_is_excluded_and_a_huge_last_message_is_not_compared() -> None:
    q = Query.parse("where is my parcel?")
    own = Message(role="user", content="  where is my parcel?\n").with_meta(7, 1.0)
    assert own_turn(q, own) == (7,)
    assert own_turn(q, Message(role="user", content="something else").with_meta(8, 1.0)) == ()
    assert own_turn(q, Message(role="tool", content="x" * 1_000_000, tool_call_id="c").with_meta(9, 1.0)) == ()
    assert own_turn(q, None) == ()


def test_quotes_split_the_hits_into_kept_and_spare_lines() -> None:
    hits = [ArchiveHit(Message(role="user", content=f"turn {i}").with_meta(i, 86_400.0 * i), 1.0) for i in (1, 2, 3)]
    kept, spare = quotes(QuotePlan(3, 2), hits, CHARS.count)
    assert [ln.order for ln in kept] == [1, 2] and [ln.order for ln in spare] == [3]


def test_a_pasted_query_is_read_for_its_start_only() -> None:
    paste = "refund order 88231 " + "lorem ipsum dolor " * 10_000 + " zebra"
    q = Query.parse(paste)
    assert q.text == paste and len(q.head) == QUERY_CHARS
    assert {"refund", "88231"} <= q.keys and "zebra" not in q.keys and "zebra" not in q.keywords


def test_an_agent_context_recalls_no_spares() -> None:
    q = Query.parse("what did the test run print about the migration?")
    assert plan_quotes(q, Policy(recall_k=3, recall_fill_k=5), [], 1000, agent=True) == QuotePlan(3, 3, ())
