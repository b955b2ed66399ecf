"""Relative time phrases in a quoted turn, resolved against the turn's own date. Pure.

A turn recalled from months ago that says "last Friday" or "next month" is misleading out of its
time: the reader (a model) sees it next to today's messages. Quotes therefore carry the absolute
date after each phrase, in brackets so the insertion is visibly not the speaker's words:
``"Last Friday [21 July 2023] at dance class..."``. English phrases only; anything vaguer than a
day, week, month or year count ("recently", "a while ago") is left alone.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NUMS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "couple of": 2}
_UNIT = r"(?P<unit>day|week|month|year)s?"
_PHRASE = re.compile(
    r"\b(?:"
    r"(?P<single>yesterday|today|tonight|tomorrow|last night)"
    r"|(?P<rel>last|this|next|past) (?P<what>week(?:end)?|month|year|" + "|".join(_DAYS) + r")"
    r"|(?P<n>\d+|a|an|one|two|three|four|five|six|couple of) " + _UNIT + r" (?P<dir>ago|later|from now)"
    r")\b",
    re.IGNORECASE,
)


def _day(d: date) -> str:
    return f"{d.day} {d:%B %Y}"


def _month(d: date, delta: int) -> str:
    m = d.month - 1 + delta
    return f"{date(d.year + m // 12, m % 12 + 1, 1):%B %Y}"


def _weekday(d: date, rel: str, name: str) -> str:
    target = _DAYS.index(name)
    if rel == "next":
        return _day(d + timedelta(days=(target - d.weekday() - 1) % 7 + 1))
    if rel == "this":  # "this Friday": the one in the current week
        return _day(d + timedelta(days=target - d.weekday()))
    return _day(d - timedelta(days=(d.weekday() - target - 1) % 7 + 1))  # last/past: strictly before


def _resolve(m: re.Match[str], d: date) -> str | None:
    if single := m.group("single"):
        s = single.lower()
        return _day(d + timedelta(days={"yesterday": -1, "tomorrow": 1}.get(s, 0)))
    if rel := m.group("rel"):
        rel, what = rel.lower(), m.group("what").lower()
        step = {"last": -1, "past": -1, "this": 0, "next": 1}[rel]
        if what in _DAYS:
            return _weekday(d, rel, what)
        if what == "month":
            return _month(d, step)
        if what == "year":
            return str(d.year + step)
        monday = d - timedelta(days=d.weekday()) + timedelta(weeks=step)
        if what == "weekend":
            return f"weekend of {_day(monday + timedelta(days=5))}"
        return f"week of {_day(monday)}"
    raw = m.group("n").lower()
    n = int(raw) if raw.isdigit() else _NUMS[raw]
    unit = m.group("unit").lower()
    sign = -1 if m.group("dir").lower() == "ago" else 1
    if unit == "day":
        return _day(d + timedelta(days=sign * n))
    if unit == "week":
        return f"week of {_day(d + timedelta(weeks=sign * n) - timedelta(days=d.weekday()))}"
    if unit == "month":
        return _month(d, sign * n)
    return str(d.year + sign * n)


def date_relative(text: str, epoch: float | None) -> str:
    """``text`` with ``[absolute date]`` after each relative time phrase, as of ``epoch`` (UTC)."""
    if not epoch:
        return text
    d = datetime.fromtimestamp(epoch, UTC).date()

    def sub(m: re.Match[str]) -> str:
        when = _resolve(m, d)
        return f"{m.group(0)} [{when}]" if when else m.group(0)

    return _PHRASE.sub(sub, text)
