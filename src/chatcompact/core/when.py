"""Relative time phrases in a quoted turn, resolved against the turn's own date. Pure.

A turn recalled from months ago that says "last Friday" or "next month" is misleading out of its
time: the reader (a model) sees it next to today's messages. Quotes therefore carry the absolute
date after each phrase, in brackets so the insertion is visibly not the speaker's words:
``"Last Friday [21 July 2023] at dance class..."``. English phrases here; every other language's
from the ``dates`` table of its data file (:mod:`chatcompact.core.lang`: "letzten Monat", "il mese scorso",
"上个月", "vor drei Tagen", "due settimane fa", "三天前"). Anything vaguer than a day, week, month or year
count ("recently", "a while ago") is left alone. The inserted date is written in English in every language
(it is read by a model, like the rest of the summary's framing).

The other way round, :func:`named_windows` reads the days and months a query names ("on 3 June, 2023", "im Mai
2024", "2023年6月", "yesterday", "last month") as time windows: recall searches within them too and lifts what was
written then (``runtime.archive``).
"""

from __future__ import annotations

import calendar
import itertools
import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from typing import Any

from . import lang

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


def _resolve_parts(d: date, step: int, what: str) -> str:
    """A relative phrase as a step (-1 last, 0 this, +1 next) from ``d`` of a unit or weekday name (English)."""
    if what in _DAYS:
        return _weekday(d, {-1: "last", 0: "this", 1: "next"}[step], what)
    if what == "month":
        return _month(d, step)
    if what == "year":
        return str(d.year + step)
    if what == "day":
        return _day(d + timedelta(days=step))
    monday = d - timedelta(days=d.weekday()) + timedelta(weeks=step)
    if what == "weekend":
        return f"weekend of {_day(monday + timedelta(days=5))}"
    return f"week of {_day(monday)}"


def _alt(words: Any) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@lru_cache(maxsize=16)
def _phrases(code: str) -> re.Pattern[str] | None:
    """The relative-date pattern of a language from its data file's ``dates`` table (None: it has none)."""
    t = lang.language(code).dates
    if not t or code == "en":
        return None
    units, days = _alt(t.get("unit", {})), _alt(t.get("weekdays", ()))
    nums = r"\d+|" + _alt(t.get("numbers", {}))
    if t.get("order") == "zh":
        return re.compile(
            rf"(?P<day>{_alt(t['day'])})|(?P<years>{_alt(t['years'])})"
            rf"|(?P<rel>{_alt(t['rel'])})(?P<what>个月|月|周末|(?:个)?(?:星期|礼拜|周)(?P<wd>[{''.join(t['weekdays'])}])?)"
            rf"|(?P<n>{nums})(?:个)?(?P<unit>天|周|星期|个月|月|年)(?P<dir>前|以前|后|以后)"
        )
    before = _alt([*t.get("ago", {}).get("before", ()), *t.get("later", {}).get("before", ())])
    after = _alt(t.get("ago", {}).get("after", ()))
    rel, what = _alt(t["rel"]), f"{units}|{days}"
    pair = rf"(?P<rel>{rel}) (?P<what>{what})" if t.get("order") == "rel-unit" else rf"(?P<what>{what}) (?P<rel>{rel})"
    if t.get("order") != "rel-unit":  # "questo mese": "this" leads in Italian too
        pair += rf"|(?P<rel2>{_alt(k for k, v in t['rel'].items() if v == 0)}) (?P<what2>{what})"
    count = rf"(?P<pre>{before}) (?P<n>{nums}) (?P<unit>{units})" if before else "(?!x)x"
    if after:
        count += rf"|(?P<n2>{nums}) (?P<unit2>{units}) (?P<post>{after})"
    return re.compile(rf"(?<!\w)(?:(?P<day>{_alt(t['day'])})|{pair}|{count})(?!\w)", re.IGNORECASE)


def _resolve_lang(m: re.Match[str], d: date, t: dict[str, Any]) -> str | None:
    g = m.groupdict()
    units = {k.lower(): v for k, v in t.get("unit", {}).items()}
    units.update({"天": "day", "周": "week", "星期": "week", "个月": "month", "月": "month", "年": "year"})
    if g.get("day"):
        return _day(d + timedelta(days=t["day"][g["day"].lower()]))
    if g.get("years"):
        return str(d.year + t["years"][g["years"]])
    rel, what = g.get("rel") or g.get("rel2"), g.get("what") or g.get("what2")
    if rel and what:
        step = t["rel"].get(rel.lower(), 0)
        if g.get("wd"):
            return _resolve_parts(d, step, _DAYS[t["weekdays"].index(g["wd"])])
        if t.get("order") == "zh":
            what = "weekend" if "末" in what else "month" if "月" in what else "week"
        else:
            low = what.lower()
            what = _DAYS[t["weekdays"].index(low)] if low in t["weekdays"] else units.get(low, "")
        return _resolve_parts(d, step, what) if what else None
    raw, unit = g.get("n") or g.get("n2"), (g.get("unit") or g.get("unit2") or "").lower()
    if not raw or unit not in units:
        return None
    n = int(raw) if raw.isdigit() else t["numbers"].get(raw.lower(), 0)
    ago = (
        g.get("post")
        or (g.get("pre") or "").lower() in t.get("ago", {}).get("before", ())
        or g.get("dir") in ("前", "以前")
    )
    sign = -1 if ago else 1
    kind = units[unit]
    if kind == "day":
        return _day(d + timedelta(days=sign * n))
    if kind == "week":
        return f"week of {_day(d + timedelta(weeks=sign * n) - timedelta(days=d.weekday()))}"
    if kind == "month":
        return _month(d, sign * n)
    return str(d.year + sign * n) if kind == "year" else None


def _day_of(epoch: float) -> date | None:
    """The UTC day of ``epoch``; None where no date is (before year 1, after 9999)."""
    try:
        return datetime.fromtimestamp(epoch, UTC).date()
    except (ValueError, OverflowError, OSError):
        return None


def _total(resolve: Callable[..., str | None], *args: Any) -> str | None:
    """``resolve(*args)``, or None where the phrase leaves the calendar ("tomorrow" on 31 December 9999): a stored
    time may be any day up to then (``stores._common.check_created_at``), and no phrase may break a quote or a
    query."""
    try:
        return resolve(*args)
    except (ValueError, OverflowError):
        return None


def date_relative(text: str, epoch: float | None) -> str:
    """``text`` with ``[absolute date]`` after each relative time phrase, as of ``epoch`` (UTC).

    English phrases always; the phrases of the text's language too (:func:`chatcompact.core.lang.detect`).
    """
    d = _day_of(epoch) if epoch else None
    if d is None:
        return text

    def sub(m: re.Match[str]) -> str:
        when = _total(_resolve, m, d)
        return f"{m.group(0)} [{when}]" if when else m.group(0)

    out = _PHRASE.sub(sub, text)
    code = lang.detect(text)
    pattern = _phrases(code)
    if pattern is None:
        return out
    table = lang.language(code).dates

    def sub_lang(m: re.Match[str]) -> str:
        when = _total(_resolve_lang, m, d, table)
        return f"{m.group(0)} [{when}]" if when else m.group(0)

    return pattern.sub(sub_lang, out)


# ---------------------------------------------------------------- absolute dates a query names

#: How far around a named day recall looks (seconds before its start, after its end): a day is named in a
#: question as the day something was said, and a chat's clock and the speaker's day may differ by a time zone.
DAY_MARGIN = (86_400.0, 86_400.0)
#: The same for a named month: a month's news is often told in the first days of the next.
MONTH_MARGIN = (86_400.0, 7 * 86_400.0)


#: What a date must not touch on either side: Latin letters and digits only ("在2023年6月3日": a Han character).
_EDGE = r"0-9A-Za-z\u00c0-\u024f"


@lru_cache(maxsize=1)
def _month_numbers() -> dict[str, int]:
    """Every language's month names (its data file's ``dates.months``), lower-cased, to 1..12."""
    return {m: i for code in lang.languages() for i, m in enumerate(lang.language(code).dates.get("months", ()), 1)}


@lru_cache(maxsize=1)
def _named_dates() -> re.Pattern[str]:
    """Absolute days and months in every language's data file: "3 June, 2023", "June 3rd, 2023", "June 2023",
    "3. Juni 2023", "3 giugno 2023", "2023年6月3日", "2023-06-03". A day or month without its year is not
    matched: which year it means is a guess."""
    month = "|".join(re.escape(n) for n in sorted(_month_numbers(), key=len, reverse=True))
    year = r"(?P<{}>(?:19|20)\d\d)"
    edge, sep = _EDGE, r"(?:,\s*|\s+)"  # "June 3, 2023", "June 3,2023", "June 3 2023"
    return re.compile(
        rf"(?<![{edge}])(?:(?P<d1>[0-3]?\d)(?:st|nd|rd|th|\.)? (?:of )?(?P<m1>{month}){sep}{year.format('y1')}"
        rf"|(?P<m2>{month}) (?P<d2>[0-3]?\d)(?:st|nd|rd|th)?{sep}{year.format('y2')}"
        rf"|(?P<m3>{month}){sep}{year.format('y3')}"
        rf"|{year.format('y4')}-(?P<n4>[01]\d)-(?P<d4>[0-3]\d)"
        rf"|{year.format('y5')}年(?P<n5>1[0-2]|0?[1-9])月(?:(?P<d5>[0-3]?\d)[日号])?)(?![{edge}])",
        re.IGNORECASE,
    )


@lru_cache(maxsize=1)
def _bare_months() -> re.Pattern[str]:
    """A month named without its year after a word that dates something ("in June", "im Juni", "a giugno", each
    language's ``dates.month_cues``), or "6月" in Chinese without a year or day: which year is
    :func:`named_windows`' ``anchor``'s."""
    cues = {c for code in lang.languages() for c in lang.language(code).dates.get("month_cues", ())}
    cue = "|".join(re.escape(c) for c in sorted(cues, key=len, reverse=True))
    month = "|".join(re.escape(n) for n in sorted(_month_numbers(), key=len, reverse=True))
    return re.compile(
        rf"(?<![{_EDGE}])(?:{cue})\s+(?P<m>{month})(?![{_EDGE}])(?!,?\s*(?:[0-3]?\d\b|(?:19|20)\d\d))"
        rf"|(?<![年\d])(?P<n>1[0-2]|[1-9])月(?![\d日号])",
        re.IGNORECASE,
    )


def _names_a_month(text: str, low: str) -> bool:
    """Whether ``text`` (``low``: case-folded) holds a month's name: a cheap test before :func:`_bare_months`'
    scan (~15 us against ~130 for 1,000 characters). English "may" counts only as "May"."""
    return "May" in text or "月" in text or any(n in low for n in _month_numbers() if n != "may")


def _span(start: date, days: int, margin: tuple[float, float]) -> tuple[float, float]:
    """``days`` days from ``start`` (UTC) as epoch seconds, widened by ``margin`` (before, after)."""
    t = datetime(start.year, start.month, start.day, tzinfo=UTC).timestamp()
    return t - margin[0], t + days * 86_400.0 + margin[1]


def _month_span(year: int, month: int) -> tuple[float, float]:
    return _span(date(year, month, 1), calendar.monthrange(year, month)[1], MONTH_MARGIN)


def _window(year: int, month: int, day: int | None) -> tuple[float, float] | None:
    try:
        return _span(date(year, month, day), 1, DAY_MARGIN) if day is not None else _month_span(year, month)
    except ValueError:  # "31 June"
        return None


def match_window(m: re.Match[str]) -> tuple[float, float] | None:
    """The window of one match of :func:`_named_dates` (None for a day no month has: "31 June")."""
    g = m.groupdict()
    n = next(i for i in range(1, 6) if g[f"y{i}"])
    month = _month_numbers()[g[f"m{n}"].lower()] if n <= 3 else int(g[f"n{n}"])
    day = g.get(f"d{n}")
    return _window(int(g[f"y{n}"]), month, int(day) if day else None)


def _resolved_window(when: str) -> tuple[float, float] | None:
    """The window of what :func:`_resolve` / :func:`_resolve_lang` wrote: "21 July 2023", "week of 17 July 2023",
    "weekend of 22 July 2023", "July 2023" or "2023"."""
    kind, _, rest = when.partition(" of ") if " of " in when else ("day", "", when)
    for fmt, days in (("%d %B %Y", {"day": 1, "week": 7, "weekend": 2}.get(kind, 1)), ("%B %Y", 0), ("%Y", -1)):
        try:
            d = datetime.strptime(rest, fmt).date()
        except ValueError:
            continue
        if days > 0:
            return _span(d, days, DAY_MARGIN)
        return _month_span(d.year, d.month) if days == 0 else _span(d, 365 + calendar.isleap(d.year), (0, 0))
    return None


#: Relative phrases are read in the first this many characters of a query (its question; a paste's start).
RELATIVE_CHARS = 1000
#: At most this many years of a query are read as dates (each with the characters around it).
MAX_YEARS = 16
_YEAR = re.compile(r"(?:19|20)\d\d")
_WORD_END = re.compile(rf"[^{_EDGE}]")


@lru_cache(maxsize=16)
def _cues(code: str) -> tuple[str, ...]:
    """Substrings one of which every relative phrase of language ``code`` holds (case-folded): a query without
    any is not scanned for them."""
    if code == "en":
        return ("day", "night", "week", "month", "year")  # "today", "monday", "last night", "two weeks ago", ...
    t = lang.language(code).dates
    if not t:
        return ()
    words = [*t.get("day", {}), *t.get("unit", {}), *t.get("weekdays", ()), *t.get("years", {})]
    return tuple({w.casefold() for w in words} | ({"天", "年"} if t.get("order") == "zh" else set()))


def named_windows(
    text: str, now: float | None = None, code: str | None = None, anchor: float | None = None
) -> tuple[tuple[float, float], ...]:
    """The time windows (epoch seconds, UTC, inclusive) of the days and months ``text`` names, each widened by
    :data:`DAY_MARGIN` / :data:`MONTH_MARGIN`, in order and without repeats: what recall prefers when a question
    says when ("what did Maria say on 3 June, 2023?"). Absolute dates in the four languages; with ``now``, the
    relative phrases :func:`date_relative` knows too ("yesterday", "last week", "vor drei Tagen", "上个月"),
    in English and in ``code`` (default: detected), resolved against it. A month without its year ("in June",
    "im Juni", "6月") is the latest one that began by ``anchor`` (default ``now``; recall passes the thread's latest
    message's time: the latest June the conversation has reached). Empty when it names none.

    Cheap on the hot path (every ``context(query)``): dates are read only around a year (at most
    :data:`MAX_YEARS`), relative phrases only in the first :data:`RELATIVE_CHARS` characters and only when one of
    their words is there: ~20-40 us for a 4,000-character query that names none."""
    out: list[tuple[float, float]] = []
    pattern, done = _named_dates(), 0
    for y in itertools.islice(_YEAR.finditer(text), MAX_YEARS):
        # the slice ends where a word does, so that its end is no false edge for the pattern's last lookahead
        end = _WORD_END.search(text, y.end() + 12)
        for m in pattern.finditer(text, max(y.start() - 32, done), end.start() if end else len(text)):
            done = m.end()  # a date read is not read again from inside (" June 2023" of "3 June 2023")
            got = match_window(m)
            if got is not None and got not in out:
                out.append(got)
    if now:
        head = text[:RELATIVE_CHARS]
        low = head.casefold()
        upto = _day_of(anchor or now)
        for m in _bare_months().finditer(head) if _names_a_month(head, low) else ():
            if m.group("m") == "may" or upto is None:  # "may": the English verb (the month is written "May")
                continue
            month = _month_numbers()[m.group("m").lower()] if m.group("m") else int(m.group("n"))
            year = upto.year if month <= upto.month else upto.year - 1
            got = _month_span(year, month) if year >= 1 else None  # December before January of year 1: none
            if got is not None and got not in out:
                out.append(got)
        d = _day_of(now)
        english = d is not None and any(c in low for c in _cues("en"))
        said = [_total(_resolve, m, d) for m in _PHRASE.finditer(head)] if english else []
        code = code or lang.detect(head)
        phrases = _phrases(code)
        if d is not None and phrases is not None and any(c in low for c in _cues(code)):
            said += [_total(_resolve_lang, m, d, lang.language(code).dates) for m in phrases.finditer(head)]
        for when in said:
            got = _resolved_window(when) if when else None
            if got is not None and got not in out:
                out.append(got)
    return tuple(out)
