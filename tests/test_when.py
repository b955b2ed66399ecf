"""Relative time phrases in quoted turns get the absolute date they meant (core.when)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chatcompact.core.recall import quote_lines
from chatcompact.core.when import date_relative
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
