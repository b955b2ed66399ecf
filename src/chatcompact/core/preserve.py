"""Selective preservation: which spans of evicted messages are kept verbatim (pinned).

A summary paraphrases; some text must not be paraphrased: code, JSON, identifiers (order numbers,
URLs, e-mails, paths, amounts...) and the user's own corrections. Each *rule* is a plain callable
``(Message) -> list[PinnedItem]``; :func:`find_pinned` runs a tuple of them over the messages,
drops spans longer than ``max_chars`` (never truncated silently: they stay in the log, where
recall finds them) and dedupes.

Pure: no I/O. Every regex is compiled once at import and written so that it cannot backtrack
catastrophically (no nested quantifiers over overlapping classes; e-mails are expanded by hand).
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import NamedTuple, Protocol

from chatcompact.types import Message, PinnedItem

from .digest import scanned
from .memo import memo
from .pause import point

__all__ = [
    "DEFAULT_RULES",
    "IdentifierSpan",
    "Rule",
    "code_fences",
    "corrections",
    "extract_identifiers",
    "find_pinned",
    "identifier_spans",
    "identifiers",
    "json_blocks",
    "masked_text",
    "sentence_spans",
    "wordset",
]

PIN_ROLES = frozenset({"user", "assistant", "tool"})
IDENTIFIER_CONTEXT_CHARS = 200  # an identifier's sentence is cut to about this many characters
MIN_EMBEDDED_JSON = 20  # shorter {...}/[...] in prose are citations like [1] or {x}, not data
_MAX_JSON_TRIES = 64  # bound the work on text full of braces


class Rule(Protocol):
    """A preservation rule: the spans of one message to keep verbatim."""

    def __call__(self, message: Message) -> list[PinnedItem]: ...


class IdentifierSpan(NamedTuple):
    """One identifier found in a text: ``text[start:end] == raw``; ``value`` is its canonical form."""

    kind: str
    value: str
    start: int
    end: int
    raw: str


def wordset(words: str) -> frozenset[str]:
    """A frozenset of the whitespace-separated words of ``words`` (keeps long word tables readable)."""
    return frozenset(words.split())


def _words(words: str) -> tuple[str, ...]:
    """The whitespace-separated words of ``words``, in order."""
    return tuple(words.split())


# ------------------------------------------------------------------ sentences

# A sentence ends at . ! or ? followed by whitespace (closing quotes, brackets and markdown emphasis
# markers may come between), or at a newline. A dot inside a token never ends one: "https://www.x.fr",
# "€2,316.40", "app.py" and "e.g." have no whitespace after their inner dots.
# Chinese 。！？ end one as they are (no space after them).
# (The newline branch starts at the newline: a leading [ \t]* would rescan every run of spaces from each
# of its positions, quadratic on a masked code block. _push trims the spaces before it.)
_BOUNDARY = re.compile(r"(?<=[.!?])[\"')\]*_]*[ \t]+|\n\s*|(?<=[。！？])[」』）”\"']*[ \t]*")
_ABBREV = wordset("e.g. i.e. mr. mrs. ms. dr. st. vs. etc. no. approx. inc. ltd. jr. sr. fig. cf. ca. resp.")
_INITIALS = re.compile(r"^(?:[a-z]\.)+$")  # "J." in "J. Smith", "u.s." in "the U.S. market"
_ENUMERATOR = re.compile(r"^(?:\d{1,3}|[a-z])[.)]$")  # "1." of a numbered list line


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence (or line) in ``text``, whitespace trimmed, in order."""
    # Memoised in the operation's scope: the identifier and correction rules and the summarizer split the same
    # (masked) message text.
    return list(memo("preserve.sentences", text, lambda: tuple(_split_sentences(text))))


def _split_sentences(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    for b in _BOUNDARY.finditer(text):
        if "\n" not in b.group() and not _ends_sentence(text, start, b.start()):
            continue  # "e.g. this", "J. Smith", "1. First item": a newline always ends one
        _push(spans, text, start, b.start())
        start = b.end()
    _push(spans, text, start, len(text))
    return spans


def _ends_sentence(text: str, start: int, end: int) -> bool:
    # Only the last words matter: looking at a bounded tail keeps a long run of "e.g." linear.
    cut = max(start, end - 80)
    words = text[cut:end].split()
    if not words:
        return False
    if cut > start:
        words.insert(0, "…")  # more words came before
    last = words[-1].lower().strip("*_\"'(")
    if last in _ABBREV or _INITIALS.match(last):
        return False
    return not (len(words) == 1 and _ENUMERATOR.match(last))


def _push(spans: list[tuple[int, int]], text: str, start: int, end: int) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append((start, end))


# ------------------------------------------------------------------ code and JSON structure

_FENCE_OPEN = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})[^\n`]*$", re.M)
_INLINE_FENCE = re.compile(r"(?<!`)```[^`\n]+```(?!`)")


class _Structure(NamedTuple):
    fences: tuple[tuple[int, int], ...]
    json: tuple[tuple[int, int], ...]
    whole_json: bool


def _fence_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    pos = 0
    while (m := _FENCE_OPEN.search(text, pos)) is not None:
        fence = m.group(1)
        close = re.compile(rf"^[ \t]{{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", re.M)
        c = close.search(text, m.end() + 1)
        end = c.end() if c else len(text)  # an unclosed fence runs to the end (CommonMark)
        spans.append((m.start(), end))
        pos = end + 1
    taken = _Intervals(spans)
    for m in _INLINE_FENCE.finditer(text):
        if not taken.overlaps(m.start(), m.end()):
            taken.add(m.start(), m.end())
    return list(zip(taken.starts, taken.ends, strict=True))


def _json_spans(text: str, skip: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    decoder = json.JSONDecoder()
    spans: list[tuple[int, int]] = []
    fenced = _Intervals(skip)
    tries, pos = 0, 0
    brackets = _Brackets(text)
    while tries < _MAX_JSON_TRIES:
        i = brackets.next(pos)
        if i < 0:
            break
        inside = fenced.covering(i)
        if inside is not None:
            pos = inside  # jump over the whole fence: its brackets are code, not data
            continue
        tries += 1
        try:
            value, end = decoder.raw_decode(text, i)
        except (ValueError, RecursionError):
            pos = i + 1
            continue
        if isinstance(value, dict | list) and end - i >= MIN_EMBEDDED_JSON:
            spans.append((i, end))
            pos = end
        else:
            pos = i + 1
    return spans


class _Brackets:
    """The next ``{`` or ``[`` at or after a position; each kind is searched again only once passed, so a
    text with ten thousand ``{`` and no ``[`` is not rescanned to its end for every ``{``."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.found = {"{": -2, "[": -2}  # -2: not searched yet

    def next(self, pos: int) -> int:
        best = -1
        for ch, at in self.found.items():
            if at != -1 and at < pos:
                at = self.found[ch] = self.text.find(ch, pos)
            if at >= 0 and (best < 0 or at < best):
                best = at
        return best


def _structure(text: str) -> _Structure:
    # Memoised in the operation's scope: several rules (and the summarizer) ask about the same message text.
    return memo("preserve.structure", text, lambda: _read_structure(text))


def _read_structure(text: str) -> _Structure:
    stripped = text.strip()
    if stripped[:1] in ("{", "[") and stripped[-1:] in ("}", "]"):
        try:
            value = json.loads(stripped)
        except (ValueError, RecursionError):
            value = None
        if isinstance(value, dict | list) and value:
            return _Structure((), ((0, len(text)),), True)
    fences = _fence_spans(text) if ("```" in text or "~~~" in text) else []
    embedded = _json_spans(text, fences) if ("{" in text or "[" in text) else []
    return _Structure(tuple(fences), tuple(embedded), False)


def _overlaps(spans: Iterable[tuple[int, int]], start: int, end: int) -> bool:
    return any(s < end and start < e for s, e in spans)


class _Intervals:
    """Non-overlapping ``[start, end)`` spans kept sorted: an overlap test is a binary search, so scanning
    a paste with thousands of identifiers stays O(n log n) instead of comparing every pair."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for s, e in sorted(spans):
            self.add(s, e)

    def overlaps(self, start: int, end: int) -> bool:
        i = bisect.bisect_left(self.starts, end)  # spans starting before `end`; the last of them reaches furthest
        return i > 0 and self.ends[i - 1] > start

    def covering(self, pos: int) -> int | None:
        """The end of the span holding ``pos``, if one does."""
        i = bisect.bisect_right(self.starts, pos)
        return self.ends[i - 1] if i > 0 and self.ends[i - 1] > pos else None

    def add(self, start: int, end: int) -> None:
        i = bisect.bisect_left(self.starts, start)
        self.starts.insert(i, start)
        self.ends.insert(i, end)


def masked_text(text: str) -> str:
    """``text`` with code fences and JSON replaced by spaces (offsets unchanged): the prose part."""
    st = _structure(text)
    if not st.fences and not st.json:
        return text
    chars = list(text)
    for s, e in (*st.fences, *st.json):
        chars[s:e] = " " * (e - s)
    return "".join(chars)


# ------------------------------------------------------------------ identifiers

_TRAIL = ".,;:!?)]}'\"`>*"
_URL = re.compile(r"(?i)\b(?:https?|ftp)://[^\s<>\"'`]+|\bwww\.[^\s<>\"'`]+")
_EMAIL_LOCAL = re.compile(r"[A-Za-z0-9._%+-]{1,64}$")
_EMAIL_DOMAIN = re.compile(r"(?:[A-Za-z0-9-]{1,63}\.)+[A-Za-z]{2,24}\b")
_WIN_PATH = re.compile(r"\b[A-Za-z]:\\[^\s<>\"'|?*]+")
# A directory name may hold one space before a capitalised word: "~/Documents/Atelier Dupont/x.csv".
_ABS_PATH = re.compile(r"(?<![\w/.:~-])(?:~|\.{1,2})?/(?:[\w.@+-]+(?: [A-Z][\w.@+-]*)?/)*[\w.@+-]+/?")
_REL_PATH = re.compile(r"(?<![\w/.:@~-])[\w.-]+(?:/[\w.@+-]+)+/?")
_FILE_EXT = (
    "py|pyi|ipynb|js|mjs|cjs|ts|tsx|jsx|json|jsonl|yaml|yml|toml|ini|cfg|conf|env|md|rst|txt|csv|tsv|log|"
    "html|htm|css|scss|xml|sql|sh|bash|zsh|ps1|bat|go|rs|java|kt|c|h|cc|cpp|hpp|cs|rb|php|swift|lock|"
    "pdf|doc|docx|xls|xlsx|ppt|pptx|odt|png|jpe?g|gif|svg|webp|mp3|mp4|wav|zip|tar|gz|tgz|7z|rar|db|sqlite|parquet"
)
_FILE = re.compile(rf"(?<![\w/.@-])[\w-]+(?:\.[\w-]+)*\.(?i:{_FILE_EXT})(?!\w|\.\w)")
_JS_FRAMEWORK = re.compile(r"(?i)^(?:node|vue|next|nuxt|three|d3|chart|ember|backbone|express|alpine|p5)\.js$")
_EXT_TAIL = re.compile(r"\.[A-Za-z0-9]{1,8}$")
# Patterns that would start with a lookbehind (or \b) take their first character first and look behind it after
# (``(?<!X)a`` is ``a(?<!Xa)``, ``\ba`` for a word character ``a`` is ``a(?<!\wa)``): the regex engine then skips
# to the characters that can start a match instead of testing the lookbehind at every position, 1.4-3x faster
# over a build log or an agent's observations. Each matches exactly what its plain form did (tests/test_preserve.py
# holds the plain forms and compares them on generated text).
_UUID = re.compile(
    r"[0-9a-fA-F](?<!\w[0-9a-fA-F])[0-9a-fA-F]{7}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
)
_ORDER_LABELS = _words(
    "order ticket case invoice inv po rma booking reservation confirmation tracking shipment claim account acct "
    "reference ref incident transaction txn receipt parcel package subscription contract "
    # German, Italian, Chinese (the language data files hold words, this one pattern the order keywords)
    "bestellnummer bestellung auftragsnummer auftrag rechnungsnummer rechnung sendungsnummer sendung kundennummer "
    "vorgangsnummer vorgang ordine fattura spedizione pratica "
    "订单号 订单编号 订单 运单号 快递单号 工单号 工单 发票号 单号"
)
# What a case-insensitive ASCII letter also matches in ``re`` (the dotted and dotless i, the Kelvin sign, long s).
_CASE_FOLDS = {"i": "Ii\u0130\u0131", "k": "Kk\u212a", "s": "Ss\u017f"}


def _keyword_alternation(words: Sequence[str]) -> str:
    """``word1|word2|...`` for a ``(?i)`` pattern, rewritten so that ``re`` tries it fast and matches the same.

    The words are grouped by first character, each group in the given order (the same word wins as in the plain
    alternation: words of different first characters never match at one position), and each group opens with its
    first character as a case-sensitive class of every character ``(?i)`` would match there. ``re`` skips a branch
    whose opening class fails at once; tried word by word, the 49 order keywords cost a third of scanning a paste.
    """
    groups: dict[str, list[str]] = {}
    for w in words:
        groups.setdefault(w[0].lower(), []).append(re.escape(w[1:]))
    out = []
    for first, rests in groups.items():
        chars = _CASE_FOLDS.get(first, first + first.upper() if first.isascii() and first.isalpha() else first)
        head = f"(?-i:[{chars}])" if len(chars) > 1 else re.escape(first)
        tail = "|".join(rests)
        out.append(head + (f"(?:{tail})" if tail else ""))
    return "|".join(out)


_ORDER_KW = re.compile(
    rf"(?i)(?:\b|(?=[订运快工发单]))(?P<label>{_keyword_alternation(_ORDER_LABELS)})"
    r"(?:\s+(?P<marker>number|no\.?|num|nr\.?|id|code|nummer|numero|n\.))?"
    r"\s*(?P<punct>#?\s*[:：]|#|is\b|was\b|ist\b|lautet\b|è\b|是|为)?\s*(?:\*\*|`)?(?P<hash>#)?"
    r"(?P<value>[A-Za-z0-9][A-Za-z0-9_-]{1,39})(?![\w-])"
)
_HASH_NUM = re.compile(r"#(?<![\w&#]#)(?P<value>\d{3,})\b")
_CAPS_CODE = re.compile(r"[A-Z](?<!\w[A-Z])(?:[A-Z0-9]*(?:[-_][A-Z0-9]+)+\b|[A-Z]+\d[A-Z0-9]*\b)")
_ORDER_PREFIXES = wordset("INV PO ORD ORDER RMA TKT TICKET CASE REF BK INC REQ SR CS RES CONF TX TXN")
_PHONE = re.compile(
    r"(?:\+(?<![\w+]\+)\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]\d{2,4}){1,4}"
    r"|\((?<![\w+]\()\d{3}\)[ .-]?\d{3}[.-]\d{4}|\d(?<![\w+]\d)\d{2}[.-]\d{3}[.-]\d{4})(?![\w-])"
)
_IP = re.compile(r"\d(?<![\w.]\d)\d{0,2}\.(?:\d{1,3}\.){2}\d{1,3}(?::\d{2,5})?(?![\w.]|\.\d)")
_VERSION = re.compile(
    r"[vV](?<![\w.][vV])\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.]+)?\b"
    r"|\d(?<![\w.]\d)\d*\.\d+\.\d+(?:[-+][0-9A-Za-z.]+)?(?![\w.]|\.\d)"
)
# Whole numbers only: "1,234.56", "1.234,56", "1 234,56" (no-break spaces), "12,50", "135.00", never a
# fragment of a bigger number (the patterns using it refuse a digit, dot or comma just before).
_NUM = (
    r"(?:\d{1,3}(?:\.\d{3})+,\d{1,2}(?![\d,.])|\d{1,3}(?:[\u00a0\u202f]\d{3})+(?:,\d{1,2})?(?![\d,.])"
    r"|\d+,\d{1,2}(?![\d,])|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
)
# _NUM with its first digit taken (by ``\d(?<![\w.,]\d)`` before it): ``\d{1,3}`` is ``\d`` + ``\d{0,2}``, ``\d+`` is
# ``\d`` + ``\d*``, the alternatives in the same order.
_NUM_REST = (
    r"(?:\d{0,2}(?:\.\d{3})+,\d{1,2}(?![\d,.])|\d{0,2}(?:[\u00a0\u202f]\d{3})+(?:,\d{1,2})?(?![\d,.])"
    r"|\d*,\d{1,2}(?![\d,])|\d{0,2}(?:,\d{3})+(?:\.\d+)?|\d*(?:\.\d+)?)"
)
_MONEY_PREFIX = re.compile(
    rf"(?:US\$|CA\$|A\$|[$€£¥₹])\s?{_NUM}(?:\s?(?:[kKmM]|bn|million|billion|thousand)\b)?(?![\d,.]\d)"
)
_MONEY_SUFFIX = re.compile(
    rf"\d(?<![\w.,]\d){_NUM_REST}\s?(?:(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|CNY|INR|SEK|NOK|DKK|PLN|dollars?|euros?|pounds?|"
    r"yen|bucks|cents?)\b|[€£¥])"
)
# Calendar durations ("in 2 days", "3 years") are left out on purpose: they are everyday phrasing,
# not values someone will ask to have repeated exactly. Units are case-sensitive (GB vs g).
_UNIT = re.compile(
    rf"\d(?<![\w.,]\d){_NUM_REST}\s?(?:%(?!\s+(?:agree|sure|certain|right|true|behind|with you))|percent\b|"
    r"(?:[KMGTP]i?B|[kmgt]b|Gb|Mb|bytes?|ms|µs|ns|secs?|kg|mg|g|lbs?|oz|km/h|km|cm|"
    r"mm|m|mi|miles?|ft|inch(?:es)?|ml|mL|l|L|°[CF]|kWh|kW|W|V|mAh|[kMG]?Hz|px|dpi|fps|rpm|mph|tokens?|"
    r"cores?|vCPUs?)(?![\w/]))"
)
_DIGIT = re.compile(r"\d")
_CURRENCY_SIGN = re.compile(r"[$€£¥₹]")
_HEX = re.compile(r"[0-9a-f](?<!\w[0-9a-f])[0-9a-f]{6,63}\b")
_ORDINAL_OR_UNIT = re.compile(r"(?i)^\d+(?:st|nd|rd|th|am|pm|h|k|m|x|s|min|kg|gb|mb|ms|px|d)$")
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_DATE_LIKE = re.compile(r"^\d{1,2}\.\d{1,2}\.\d{2,4}$")


def _strip_trail(raw: str) -> str:
    while raw and raw[-1] in _TRAIL:
        if raw[-1] == ")" and raw.count("(") >= raw.count(")"):
            break  # balanced parentheses belong to the URL (wikipedia-style)
        raw = raw[:-1]
    return raw


def _urls(text: str) -> Iterator[IdentifierSpan]:
    for m in _URL.finditer(text):
        raw = _strip_trail(m.group())
        if len(raw) > 4:
            yield IdentifierSpan("url", raw, m.start(), m.start() + len(raw), raw)


def _emails(text: str) -> Iterator[IdentifierSpan]:
    # Expanded by hand around each "@": a regex with a leading [..]+ rescans long words quadratically.
    at = text.find("@")
    while at >= 0:
        local = _EMAIL_LOCAL.search(text, max(0, at - 64), at)
        domain = _EMAIL_DOMAIN.match(text, at + 1)
        if local and domain:
            start = local.start()
            while start < at and text[start] in "._%+-":
                start += 1
            if start < at:
                raw = text[start : domain.end()]
                yield IdentifierSpan("email", raw.lower(), start, domain.end(), raw)
        at = text.find("@", at + 1)


def _paths(text: str) -> Iterator[IdentifierSpan]:
    if ":\\" in text:
        for m in _WIN_PATH.finditer(text):
            raw = _strip_trail(m.group())
            yield IdentifierSpan("path", raw, m.start(), m.start() + len(raw), raw)
    if "/" in text:
        for rx, relative in ((_ABS_PATH, False), (_REL_PATH, True)):
            for m in rx.finditer(text):
                raw = _strip_trail(m.group())
                if _path_ok(raw, relative):
                    yield IdentifierSpan("path", raw, m.start(), m.start() + len(raw), raw)
    if "." in text:
        for m in _FILE.finditer(text):
            if not _JS_FRAMEWORK.match(m.group()):
                yield IdentifierSpan("path", m.group(), m.start(), m.end(), m.group())


def _path_ok(raw: str, relative: bool) -> bool:
    segments = [s for s in raw.strip("/").split("/") if s and s not in (".", "..", "~")]
    if not segments or all(s.replace(".", "").replace("-", "").isdigit() for s in segments):
        return False  # dates and fractions: 12/05/2024, 1/2
    has_ext = bool(_EXT_TAIL.search(segments[-1])) and not segments[-1][0].isdigit()
    if not relative:
        return has_ext or len(segments) >= 2
    if raw.startswith(("./", "../")) or has_ext:
        return True
    # "and/or/not" is prose; a 3-segment path needs one segment that looks like a file-system name.
    return len(segments) >= 3 and any(len(s) >= 4 or not s.isalpha() for s in segments)


def _orders(text: str) -> Iterator[IdentifierSpan]:
    pos = 0
    while (m := _ORDER_KW.search(text, pos)) is not None:
        value = m.group("value").rstrip("-_")
        explicit = bool(m.group("marker") or m.group("hash") or (m.group("punct") or "")[-1:] in (":", "#"))
        if _order_value_ok(value, explicit):
            end = m.start("value") + len(value)
            yield IdentifierSpan("order", value, m.start(), end, text[m.start() : end])
            pos = end
        else:
            pos = m.start() + 1  # a rejected value may hide a real one ("order ticket 12345")
    for m in _HASH_NUM.finditer(text) if "#" in text else ():
        yield IdentifierSpan("order", m.group("value"), m.start(), m.end(), m.group())
    for m in _CAPS_CODE.finditer(text):
        raw = m.group()
        if sum(map(str.isdigit, raw)) >= 2:
            prefix = re.split(r"[-_\d]", raw, maxsplit=1)[0]
            yield IdentifierSpan("order" if prefix in _ORDER_PREFIXES else "id", raw, m.start(), m.end(), raw)


def _order_value_ok(value: str, explicit: bool) -> bool:
    digits = sum(map(str.isdigit, value))
    if digits == 0 or len(value) < 3 or _ORDINAL_OR_UNIT.match(value):
        return False
    if value.isdigit():
        # "order 2024" or "case 12" are prose; "order #12" or "order number: 512" are ids.
        return len(value) >= 3 if explicit else len(value) >= 4 and not _YEAR.match(value)
    return digits >= 2


def _numbers(text: str) -> Iterator[IdentifierSpan]:
    for m in _UUID.finditer(text):
        yield IdentifierSpan("id", m.group().lower(), m.start(), m.end(), m.group())
    yield from _orders(text)
    for m in _PHONE.finditer(text):
        if 8 <= sum(map(str.isdigit, m.group())) <= 15:
            yield IdentifierSpan("phone", m.group(), m.start(), m.end(), m.group())
    for m in _IP.finditer(text):
        if all(int(p) <= 255 for p in m.group().split(":")[0].split(".")):
            yield IdentifierSpan("id", m.group(), m.start(), m.end(), m.group())
    for m in _VERSION.finditer(text):
        if not _DATE_LIKE.match(m.group()):
            yield IdentifierSpan("version", m.group(), m.start(), m.end(), m.group())
    # (a currency sign is the one thing every prefixed amount holds: a paste without any skips that scan)
    for rx in (_MONEY_PREFIX, _MONEY_SUFFIX, _UNIT) if _CURRENCY_SIGN.search(text) else (_MONEY_SUFFIX, _UNIT):
        for m in rx.finditer(text):
            yield IdentifierSpan("amount", m.group(), m.start(), m.end(), m.group())
    for m in _HEX.finditer(text):
        raw = m.group()
        if any(c.isdigit() for c in raw) and any(c.isalpha() for c in raw):
            yield IdentifierSpan("id", raw, m.start(), m.end(), raw)


def identifier_spans(text: str) -> list[IdentifierSpan]:
    """Every identifier occurrence in ``text``, non-overlapping, ordered by position.

    Kinds are tried in priority order (URL before path, order number before amount...); a later
    match that overlaps an earlier one is dropped, so ``https://x.io/a.py`` is one URL, not a path.
    """
    return list(_identifier_spans(text))


def _identifier_spans(text: str) -> tuple[IdentifierSpan, ...]:
    # Memoised in the operation's scope: the pinning rules and the summarizer scan the same message and sentences.
    return memo("preserve.identifiers", text, lambda: _find_identifier_spans(text))


def _find_identifier_spans(text: str) -> tuple[IdentifierSpan, ...]:
    found: list[IdentifierSpan] = []
    sources: list[Callable[[str], Iterator[IdentifierSpan]]] = []
    if "://" in text or "www." in text:
        sources.append(_urls)
    if "@" in text:
        sources.append(_emails)
    if "/" in text or "\\" in text or "." in text:
        sources.append(_paths)
    if _DIGIT.search(text):
        sources.append(_numbers)
    # One byte per character, set where a kept span lies: testing and marking a span costs its length, so a paste
    # of thousands of identifiers stays linear (sorted intervals shifted a list for every one kept out of order).
    taken = bytearray(len(text))
    for source in sources:
        for span in source(text):
            if span.end > span.start and taken.find(1, span.start, span.end) < 0:
                taken[span.start : span.end] = b"\x01" * (span.end - span.start)
                found.append(span)
    found.sort(key=lambda s: s.start)
    return tuple(found)


def extract_identifiers(text: str) -> list[tuple[str, str]]:
    """``(kind, value)`` of each distinct identifier in ``text``, by first appearance.

    Kinds: order, url, email, path, amount, version, phone, id. Values are deduped case-insensitively.
    """
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    for span in identifier_spans(text):
        key = span.value.casefold()
        if key not in seen:
            seen.add(key)
            out.append((span.kind, span.value))
    return out


# ------------------------------------------------------------------ rules


def code_fences(message: Message) -> list[PinnedItem]:
    """Each fenced code block (```...``` or ~~~...~~~), verbatim with its fences."""
    text = message.text
    return [PinnedItem(seq=message.seq or 0, kind="code", text=text[s:e]) for s, e in _structure(text).fences]


def json_blocks(message: Message) -> list[PinnedItem]:
    """A message that is a JSON object/array, or each embedded JSON span of >= 20 chars outside code."""
    text = message.text
    st = _structure(text)
    return [PinnedItem(seq=message.seq or 0, kind="json", text=text[s:e].strip()) for s, e in st.json]


def identifiers(message: Message) -> list[PinnedItem]:
    """The sentence around each identifier (cut to ~200 chars around it), outside code and JSON."""
    if _structure(message.text).whole_json:
        return []  # the JSON rule pins it whole, or it is too big and recall will fetch it
    text = masked_text(message.text)
    spans = identifier_spans(text)
    if not spans:
        return []
    items: list[PinnedItem] = []
    at = 0  # spans and sentences are both in text order: one pass over each
    for s, e in sentence_spans(text):
        point()
        covered = -1
        while at < len(spans) and spans[at].start < s:
            at += 1
        for span in spans[at : bisect.bisect_left(spans, e, lo=at, key=lambda x: x.start)]:
            if span.start >= covered:
                lo, hi = _window(text, s, e, span)
                items.append(PinnedItem(seq=message.seq or 0, kind="identifier", text=_ellipsis(text, lo, hi, s, e)))
                covered = hi
    return items


def _window(text: str, s: int, e: int, span: IdentifierSpan) -> tuple[int, int]:
    if e - s <= IDENTIFIER_CONTEXT_CHARS:
        return s, e
    lo = max(s, min(span.start - 60, span.end - IDENTIFIER_CONTEXT_CHARS))
    hi = min(e, max(lo + IDENTIFIER_CONTEXT_CHARS, span.end))
    # Snap to word boundaries so no word is cut in half.
    while lo > s and not text[lo - 1].isspace() and lo < span.start:
        lo -= 1
    while hi < e and not text[hi].isspace():
        hi += 1
    return lo, hi


def _ellipsis(text: str, lo: int, hi: int, s: int, e: int) -> str:
    return ("…" if lo > s else "") + text[lo:hi].strip() + ("…" if hi < e else "")


_CORRECTION = re.compile(
    r"(?i)^\W*(?:actually\b|correction\b|scratch that\b|oops\b|my (?:bad|mistake)\b|i misspoke\b|to clarify\b|"
    r"let me correct\b|i meant\b|wait,? (?:no|i meant|it'?s|that)\b|"
    r"sorry,? (?:i meant|i mean|i was wrong|i misspoke|typo|wrong|that should|it should|it'?s)\b|"
    r"no,? (?:i meant|i mean|it'?s|it is|that'?s not|not)\b)"
    r"|\b(?:i meant to say|what i meant (?:was|is)|that'?s (?:not (?:right|correct|what i)|wrong|incorrect)|"
    r"i made a (?:typo|mistake)|(?:is|was|are|'s) actually)\b"
)


def corrections(message: Message) -> list[PinnedItem]:
    """The user's correcting sentences ("actually, ...", "no, I meant ...", "correction: ...")."""
    if message.role != "user":
        return []
    text = masked_text(message.text).replace("\u2019", "'")
    spans = sentence_spans(text)
    items = []
    for i, (s, e) in enumerate(spans):
        if _CORRECTION.search(text[s:e]):  # a slice, not search(pos): "^" must anchor at the sentence
            if e - s < 25 and i + 1 < len(spans):
                e = spans[i + 1][1]  # "Correction:" alone: the fix is the next sentence
            items.append(PinnedItem(seq=message.seq or 0, kind="correction", text=message.text[s:e]))
    return items


DEFAULT_RULES: tuple[Rule, ...] = (code_fences, json_blocks, corrections, identifiers)


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def find_pinned(
    messages: Iterable[Message], rules: Sequence[Rule] = DEFAULT_RULES, max_chars: int = 1200
) -> list[PinnedItem]:
    """Run ``rules`` over the user/assistant/tool messages; pinned items in seq order.

    A span longer than ``max_chars`` is skipped, never cut: it stays in the log for recall.
    Items are deduped by (kind, normalised text); the same text pinned by two rules is kept once,
    under the earlier rule's kind (a correction that holds an order number is one pin, not two).
    """
    seen_kind: set[tuple[str, str]] = set()
    seen_text: set[str] = set()
    out: list[PinnedItem] = []
    for message in messages:
        point()
        if message.role not in PIN_ROLES:
            continue
        if message.role == "tool" and isinstance(message.content, str):
            # A tool output is read at its head and tail (``digest.scanned``), like its digest: a 2 MB build log's
            # middle is thousands of ids that no summary keeps (it took seconds a megabyte); recall finds them.
            view = scanned(message.content)
            message = message if view is message.content else replace(message, content=view)
        for rule in rules:
            for item in rule(message):
                key = _norm(item.text)
                if not key or len(item.text) > max_chars or (item.kind, key) in seen_kind or key in seen_text:
                    continue
                seen_kind.add((item.kind, key))
                seen_text.add(key)
                out.append(item)
    out.sort(key=lambda p: p.seq)  # stable: within a message, rule order then position
    return out
