"""Relative time phrases in quoted turns get the absolute date they meant, and the dates a query names are read
as time windows (core.when)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.core import when
from chatcompact.core.recall import quote_lines
from chatcompact.core.when import date_relative, named_windows
from chatcompact.types import Message

SUNDAY = datetime(2023, 7, 23, 18, 46, tzinfo=UTC).timestamp()  # a Sunday


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Last Friday at dance class", "Last Friday [21 July 2023] at dance class"),
        ("see you next Sunday", "see you next Sunday [30 July 2023]"),
        ("yesterday was fun", "yesterday [22 July 2023] was fun"),
        ("Last month I got hurt", "Last month [June 2023] I got hurt"),
        ("next month we move", "next month [August 2023] we move"),
        ("I started 3 days ago", "I started 3 days ago [20 July 2023]"),
        ("two months ago", "two months ago [May 2023]"),
        ("a year ago", "a year ago [2022]"),
        ("last week", "last week [week of 10 July 2023]"),
        ("this weekend", "this weekend [weekend of 22 July 2023]"),
        ("recently, a while ago, some day", "recently, a while ago, some day"),  # too vague: left alone
        ("the last weekday", "the last weekday"),  # whole words only
    ],
)
def test_relative_phrases_resolved_against_the_turn_date(text, expected):
    assert date_relative(text, SUNDAY) == expected


def test_month_arithmetic_crosses_years():
    jan = datetime(2024, 1, 10, tzinfo=UTC).timestamp()
    assert date_relative("last month", jan) == "last month [December 2023]"
    assert date_relative("13 months ago", jan) == "13 months ago [December 2022]"


def test_no_date_no_change():
    assert date_relative("last Friday", None) == "last Friday"


def test_quotes_carry_resolved_dates():
    m = Message(role="user", content="I adopted a cat last month.", seq=4, created_at=SUNDAY)
    (line,) = quote_lines([m], len)
    assert line.text.endswith("I adopted a cat last month [June 2023].")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ich habe letzten Monat bestellt.", "Ich habe letzten Monat [June 2023] bestellt."),
        ("Das Paket kam vor drei Tagen.", "Das Paket kam vor drei Tagen [20 July 2023]."),
        ("Ich war letzten Freitag im Laden.", "Ich war letzten Freitag [21 July 2023] im Laden."),
        ("Nächste Woche bin ich weg.", "Nächste Woche [week of 24 July 2023] bin ich weg."),
        ("Guten Morgen, wie geht es?", "Guten Morgen, wie geht es?"),  # a greeting, not "tomorrow"
        ("Ho ordinato il mese scorso.", "Ho ordinato il mese scorso [June 2023]."),
        ("Il pacco è arrivato due settimane fa.", "Il pacco è arrivato due settimane fa [week of 3 July 2023]."),
        ("Ci vediamo venerdì prossimo.", "Ci vediamo venerdì prossimo [28 July 2023]."),
        ("Questo mese sono in viaggio.", "Questo mese [July 2023] sono in viaggio."),
        ("我上个月下的订单。", "我上个月 [June 2023]下的订单。"),
        ("三天前收到的。", "三天前 [20 July 2023]收到的。"),
        ("下周五再联系，去年也买过。", "下周五 [28 July 2023]再联系，去年 [2022]也买过。"),
        ("昨天到的。", "昨天 [22 July 2023]到的。"),
    ],
)
def test_relative_phrases_in_other_languages(text, expected):
    assert date_relative(text, SUNDAY) == expected


# ---------------------------------------------------------------- the days and months a query names


def _days(windows):
    return [
        (datetime.fromtimestamp(a, UTC).strftime("%Y-%m-%d"), datetime.fromtimestamp(b, UTC).strftime("%Y-%m-%d"))
        for a, b in windows
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What did Maria start, as mentioned on 3 June, 2023?", [("2023-06-02", "2023-06-05")]),
        ("what happened on October 13th, 2023", [("2023-10-12", "2023-10-15")]),
        ("the 21st of July 2023", [("2023-07-20", "2023-07-23")]),
        ("2023-06-03 deploy", [("2023-06-02", "2023-06-05")]),
        ("the forest picture shared on December 1,2023", [("2023-11-30", "2023-12-03")]),
        ("June 3 2023 and June 32023", [("2023-06-02", "2023-06-05")]),
        ("in May 2023", [("2023-04-30", "2023-06-08")]),  # a month: its news is often told early the next
        ("December 2023", [("2023-11-30", "2024-01-08")]),
        ("Was war am 3. Juni 2023?", [("2023-06-02", "2023-06-05")]),
        ("im März 2024", [("2024-02-29", "2024-04-08")]),
        ("cosa è successo il 3 giugno 2023?", [("2023-06-02", "2023-06-05")]),
        ("我们在2023年6月3日说了什么", [("2023-06-02", "2023-06-05")]),
        ("2023年6月的会议", [("2023-05-31", "2023-07-08")]),
        ("May 2023 and again may 2023", [("2023-04-30", "2023-06-08")]),  # each window once
        ("on June 3", []),  # no year: which year is a guess
        ("June 31, 2023", []),  # no such day
        ("in 2023, 42 June tickets, version 3.2023", []),
    ],
)
def test_named_windows_of_absolute_dates(text, expected):
    assert _days(named_windows(text)) == expected


def test_named_windows_of_relative_phrases_need_a_now():
    assert named_windows("what did we decide yesterday?") == ()
    got = _days(named_windows("what did we decide yesterday?", SUNDAY))
    assert got == [("2023-07-21", "2023-07-24")]  # Saturday the 22nd, a day either side
    assert _days(named_windows("last week", SUNDAY)) == [("2023-07-09", "2023-07-18")]
    assert _days(named_windows("last month", SUNDAY)) == [("2023-05-31", "2023-07-08")]
    assert _days(named_windows("Was haben wir letzte Woche besprochen?", SUNDAY)) == [("2023-07-09", "2023-07-18")]
    assert _days(named_windows("上个月我们讨论了什么", SUNDAY)) == [("2023-05-31", "2023-07-08")]


def test_a_month_without_its_year_is_the_latest_one_by_the_anchor():
    october = datetime(2023, 10, 20, tzinfo=UTC).timestamp()
    june = ("When did we go camping in June?", "Was war im Juni?", "cosa è successo a giugno?", "我们在6月做了什么")
    for text in june:
        assert _days(named_windows(text, SUNDAY, anchor=october)) == [("2023-05-31", "2023-07-08")], text
    # a month after the anchor's is last year's; without an anchor, now's
    assert _days(named_windows("in December", SUNDAY, anchor=october)) == [("2022-11-30", "2023-01-08")]
    assert _days(named_windows("in June", SUNDAY)) == [("2023-05-31", "2023-07-08")]
    for text in ("it may rain in may", "等了6个月", "on June 3", "in June 2023 only", "junior developers in"):
        assert len(named_windows(text, SUNDAY, anchor=october)) <= 1, text
    assert named_windows("it may rain in may", SUNDAY) == ()  # the verb, not the month
    assert named_windows("等了6个月", SUNDAY) == ()  # six months: no month named
    assert named_windows("on June 3", SUNDAY) == ()  # a day without its year: which year is a guess
    assert _days(named_windows("in June 2023 only", SUNDAY)) == [("2023-05-31", "2023-07-08")]  # read once


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.floats(min_value=0, max_value=4e9))
def test_named_windows_never_raise_and_are_ordered(text, now):
    for since, until in named_windows(text, now):
        assert since < until


def test_a_long_query_is_read_for_dates_near_its_years_and_for_relative_phrases_near_its_start():
    pad = "the failing test prints a long traceback " * 80
    assert len(named_windows(pad + " on 3 June 2023", SUNDAY)) == 1  # an absolute date anywhere
    assert named_windows(pad + " since yesterday", SUNDAY) == ()  # a relative phrase deep in a paste: not read
    assert len(named_windows("since yesterday " + pad, SUNDAY)) == 1


def _all_dates(text):
    """The plain reading (every match of the whole text, each once): the oracle of the reading around each year."""
    found = (when.match_window(m) for m in when._named_dates().finditer(text))
    return tuple(dict.fromkeys(w for w in found if w is not None))


_PIECES = [
    "3 June 2023",
    "June 2023",
    "June 3rd, 2024",
    "2023-06-03",
    "2023年6月",
    "3. Juni 2023",
    " ",
    "x",
    "on ",
    "12",
    "2024",
    ", ",
    "31 June 2023",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=24))
def test_dates_read_around_each_year_are_the_dates_of_the_whole_text(pieces):
    text = "".join(pieces)
    if len(when._YEAR.findall(text)) <= when.MAX_YEARS:
        assert named_windows(text) == _all_dates(text)


# The stores take any time up to the last second of year 9999 (stores._common.check_created_at); a phrase resolved
# against one near either end of the calendar must name no date rather than raise.
LAST_STORABLE = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC).timestamp()
_EDGE_PHRASES = [
    "in December",
    "im Dezember",
    "a dicembre",
    "12月",
    "in January",
    "tomorrow",
    "yesterday",
    "next month",
    "last month",
    "next year",
    "in 3 days",
    "3000 years ago",
    "in 3000 years",
    "nächsten Monat",
    "il mese prossimo",
    "下个月",
    "明天",
    "vor 3 Tagen",
    "3 giorni fa",
    "31 December 9999",
    "9999年12月",
    "1 January 0001",
    "June 2023",
    " ",
    "x",
]
_EPOCHS = st.one_of(
    st.sampled_from([1.0, 86_400.0, 32 * 86_400.0, LAST_STORABLE, LAST_STORABLE - 86_400.0]),
    st.floats(min_value=1.0, max_value=LAST_STORABLE),
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_EDGE_PHRASES), min_size=1, max_size=6),
    _EPOCHS,
    _EPOCHS,
    st.sampled_from([None, "en", "de", "it", "zh"]),
)
def test_phrases_at_the_ends_of_the_calendar_never_raise(pieces, now, anchor, code):
    text = " ".join(pieces)
    for since, until in named_windows(text, now, code, anchor=anchor):
        assert since < until
    quoted = date_relative(text, anchor)
    assert re.sub(r" \[[^\]]*\]", "", quoted) == text  # dates inserted, never a word changed


def test_a_thread_at_the_last_storable_second_recalls_and_quotes(tmp_path):
    from chatcompact import Memory, Policy

    with Memory.open(tmp_path / "m.db", background=False, policy=Policy(budget=400), embedder="none") as mem:
        t = mem.thread("far")
        for i in range(30):
            text = f"note {i}: we ship the December launch tomorrow, next month at last"
            t.add({"role": "user", "content": text}, created_at=LAST_STORABLE)
        assert t.recall("what did we ship in December?", k=3)  # a month without its year, as of year 9999
        sent = "\n".join(m["content"] for m in t.context(query="note 3: what ships tomorrow, next month?"))
        # compacted, and the old note quoted: its phrases name days past the calendar, so they stay as written
        assert "Recalled verbatim" in sent and "note 3: we ship the December launch tomorrow, next month" in sent
