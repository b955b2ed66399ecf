"""Selective preservation: identifier extraction, code/JSON/correction pinning, size limits."""

from __future__ import annotations

import itertools
import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.core.preserve import (
    DEFAULT_RULES,
    code_fences,
    corrections,
    extract_identifiers,
    find_pinned,
    identifier_spans,
    identifiers,
    json_blocks,
    sentence_spans,
)
from chatcompact.types import Message, PinnedItem, parse_message


def msg(role: str, content: str, seq: int = 1) -> Message:
    raw = {"role": role, "content": content}
    if role == "tool":
        raw["tool_call_id"] = "call_1"
    return parse_message(raw).with_meta(seq, 1_700_000_000.0 + seq)


# ------------------------------------------------------------------ identifiers: positives

POSITIVES = [
    ("order 88231 arrived broken", ("order", "88231")),
    ("see #88231 please", ("order", "88231")),
    ("my ticket ABC-1234 is still open", ("order", "ABC-1234")),
    ("invoice INV-2024-0042 is unpaid", ("order", "INV-2024-0042")),
    ("the order number is 512", ("order", "512")),
    ("Order #: 77120", ("order", "77120")),
    ("read https://example.com/docs/a.html.", ("url", "https://example.com/docs/a.html")),
    ("(see https://en.wikipedia.org/wiki/Foo_(bar))", ("url", "https://en.wikipedia.org/wiki/Foo_(bar)")),
    ("go to www.example.org now", ("url", "www.example.org")),
    ("write to Jane.Doe@Example.co.uk!", ("email", "jane.doe@example.co.uk")),
    ("edit src/app/main.py first", ("path", "src/app/main.py")),
    ("check /etc/nginx/nginx.conf", ("path", "/etc/nginx/nginx.conf")),
    ("open C:\\Users\\x\\a.txt", ("path", "C:\\Users\\x\\a.txt")),
    ("run ./scripts/deploy", ("path", "./scripts/deploy")),
    ("see README.md", ("path", "README.md")),
    ("it costs $120", ("amount", "$120")),
    ("refund of 120 EUR", ("amount", "120 EUR")),
    ("only €49.99 today", ("amount", "€49.99")),
    ("priced 49,99 € each", ("amount", "49,99 €")),
    ("we need 5 GB of disk", ("amount", "5 GB")),
    ("p95 is 30 ms", ("amount", "30 ms")),
    ("the box weighs 2.5 kg", ("amount", "2.5 kg")),
    ("a 15% discount", ("amount", "15%")),
    ("about $1,250.50 total", ("amount", "$1,250.50")),
    ("upgrade to v1.2.3", ("version", "v1.2.3")),
    ("python 3.11.7 is installed", ("version", "3.11.7")),
    ("call +1 555 123 4567", ("phone", "+1 555 123 4567")),
    ("or (555) 123-4567", ("phone", "(555) 123-4567")),
    ("id 123e4567-e89b-12d3-a456-426614174000", ("id", "123e4567-e89b-12d3-a456-426614174000")),
    ("commit a1b2c3d4e5f6 broke it", ("id", "a1b2c3d4e5f6")),
    ("item SKU-88A is out of stock", ("id", "SKU-88A")),
    ("host 192.168.1.10:8080 is down", ("id", "192.168.1.10:8080")),
    ("prix 1.234,56 € TTC", ("amount", "1.234,56 €")),
    ("prix 1\u202f234,56 € TTC", ("amount", "1\u202f234,56 €")),
    ("It's at **https://x.fr/sitemap.xml**.", ("url", "https://x.fr/sitemap.xml")),
    ("return tracking **8R00412391022** was scanned", ("order", "8R00412391022")),
    ("The file is ~/Documents/Atelier Dupont/imports/c.csv", ("path", "~/Documents/Atelier Dupont/imports/c.csv")),
]


@pytest.mark.parametrize(("text", "expected"), POSITIVES)
def test_identifier_positives(text: str, expected: tuple[str, str]) -> None:
    assert expected in extract_identifiers(text)


# ------------------------------------------------------------------ identifiers: negatives

NEGATIVES = [
    "I'll be there in 2 days",
    "back in 2019 we moved",
    "I placed the order 2024 style",  # a bare year after a keyword is not an order id
    "in case 12 people come",
    "my 2nd order",
    "the order arrived at 3pm",
    "and/or he/she 24/7 1/2",
    "on 12/05/2024 we met",
    "on 12.05.2024 we met",
    "I have 3 kids and 2 dogs",
    "the 90s were great",
    "I 100% agree",
    "Node.js is fine",
    "an MP3 and a B2B deal",
    "decade facade defaced",  # hex letters only, no digit: words, not hashes
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_identifier_negatives(text: str) -> None:
    assert extract_identifiers(text) == []


def test_identifiers_dedupe_and_keep_first_appearance_order() -> None:
    text = "Order 88231: see https://x.io/a and #88231 again, mail a@b.io, then https://x.io/a."
    assert extract_identifiers(text) == [("order", "88231"), ("url", "https://x.io/a"), ("email", "a@b.io")]


def test_url_wins_over_path_and_email_inside_it() -> None:
    spans = identifier_spans("fetch https://user@host.io/src/main.py now")
    assert [(s.kind, s.value) for s in spans] == [("url", "https://user@host.io/src/main.py")]


def test_spans_point_into_the_text() -> None:
    text = "Hi, order 88231 costs $49.99 — see www.shop.com."
    for span in identifier_spans(text):
        assert text[span.start : span.end] == span.raw


@settings(deadline=None, max_examples=50)
@given(st.text(max_size=300))
def test_identifier_spans_never_crash_and_never_overlap(text: str) -> None:
    spans = identifier_spans(text)
    for a, b in itertools.pairwise(spans):
        assert a.end <= b.start
    for s in spans:
        assert text[s.start : s.end] == s.raw


@pytest.mark.parametrize(
    "text", ["a" * 20000 + "@", "a." * 10000 + "@x", "/" + "a/" * 5000, "{" * 5000, "[" * 3000 + "1", "9" * 20000]
)
def test_adversarial_inputs_stay_fast(text: str) -> None:
    start = time.perf_counter()
    identifier_spans(text)
    find_pinned([msg("user", text)])
    # Catastrophic backtracking on 20,000 characters takes minutes; a linear scan milliseconds. The bound is
    # loose so that a loaded machine never fails it (tests do not time; this one only catches the blow-up).
    assert time.perf_counter() - start < 10.0


# ------------------------------------------------------------------ sentences


def test_sentence_spans_respect_abbreviations_and_newlines() -> None:
    text = "Use e.g. pytest. It works!\nNext line? Yes"
    assert [text[s:e] for s, e in sentence_spans(text)] == ["Use e.g. pytest.", "It works!", "Next line?", "Yes"]


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("I submitted https://www.atelier-dupont.fr/sitemap.xml in Search Console. It fails.",
         "I submitted https://www.atelier-dupont.fr/sitemap.xml in Search Console."),
        ("Write to claire@atelier-dupont.fr today. Thanks.", "Write to claire@atelier-dupont.fr today."),
        ("It's in /srv/atelier-hooks/app.py now. Done.", "It's in /srv/atelier-hooks/app.py now."),
        ("Sales were €2,316.40 and 1.234,56 € in total. Great.", "Sales were €2,316.40 and 1.234,56 € in total."),
        ("Ask the U.S. team first. Then us.", "Ask the U.S. team first."),
        ("1. **Refund the difference**: 15% of €135.00 is €20.25. It's simple.",
         "1. **Refund the difference**: 15% of €135.00 is €20.25."),
        ("The webhook is **fixed.** Next step.", "The webhook is **fixed."),  # bold closes after the stop
    ],
)  # fmt: skip
def test_sentences_do_not_split_inside_tokens_but_after_markdown(text: str, first: str) -> None:
    spans = sentence_spans(text)
    assert len(spans) == 2 and text[spans[0][0] : spans[0][1]] == first


def test_amounts_are_whole_numbers_never_fragments() -> None:
    spans = identifier_spans("1. **Refund the difference**: 15% of €135.00 is €20.25. €1,284.60 (po_1) went")
    assert [s.raw for s in spans if s.kind == "amount"] == ["15%", "€135.00", "€20.25", "€1,284.60"]


# ------------------------------------------------------------------ rules


def test_code_fences_pinned_verbatim() -> None:
    text = "Try this:\n```python\ndef f():\n    return {'a': 1}\n```\nand tell me."
    items = code_fences(msg("assistant", text, seq=7))
    assert items == [PinnedItem(seq=7, kind="code", text="```python\ndef f():\n    return {'a': 1}\n```")]


def test_unclosed_fence_runs_to_the_end() -> None:
    items = code_fences(msg("user", "here:\n```\nSELECT 1;\nSELECT 2;"))
    assert items[0].text == "```\nSELECT 1;\nSELECT 2;"


def test_whole_message_json_is_pinned_once() -> None:
    body = json.dumps({"order_id": "88231", "status": "shipped", "items": [1, 2]})
    items = json_blocks(msg("tool", body, seq=3))
    assert items == [PinnedItem(seq=3, kind="json", text=body)]
    assert identifiers(msg("tool", body)) == []  # the JSON is the pin; no sentence pins inside it


def test_embedded_json_pinned_but_short_brackets_are_not() -> None:
    text = 'The API returned {"error": "quota", "retry_after": 30} and see [1].'
    items = json_blocks(msg("assistant", text))
    assert [i.text for i in items] == ['{"error": "quota", "retry_after": 30}']


def test_json_inside_code_fence_is_code_only() -> None:
    text = '```json\n{"a": 1, "bbbbbbbbbbbbbbbbbbbb": 2}\n```'
    pins = find_pinned([msg("user", text)])
    assert [p.kind for p in pins] == ["code"]


def test_identifier_rule_pins_the_sentence_with_context() -> None:
    m = msg("user", "Hello there. My order 88231 arrived broken. Thanks!", seq=4)
    assert identifiers(m) == [PinnedItem(seq=4, kind="identifier", text="My order 88231 arrived broken.")]


def test_identifier_sentence_is_cut_around_the_identifier() -> None:
    long = "word " * 80 + "ticket ABC-1234 is blocking " + "more " * 80
    (item,) = identifiers(msg("user", long.strip() + "."))
    assert "ticket ABC-1234" in item.text
    assert len(item.text) <= 260
    assert item.text.startswith("…") and item.text.endswith("…")


@pytest.mark.parametrize(
    "text",
    [
        "Actually, my name is Dupond, with a d.",
        "No, I meant the blue one.",
        "Correction: the meeting is on Tuesday.",
        "Sorry, I meant order 88213.",
        "Wait, no, it's the other account.",
        "The address is actually 12 Rue Verte.",
        "That's not right, it was 40 euros.",
    ],
)
def test_corrections_are_pinned(text: str) -> None:
    items = corrections(msg("user", "Thanks for the help. " + text, seq=9))
    assert [i.text for i in items] == [text]
    assert items[0].kind == "correction" and items[0].seq == 9


def test_correction_alone_takes_the_next_sentence() -> None:
    items = corrections(msg("user", "Correction: The code is 4411. Thanks."))
    assert items[0].text == "Correction: The code is 4411."


@pytest.mark.parametrize("text", ["I meet my friend on Tuesday.", "No problem at all.", "That's right."])
def test_non_corrections_are_not_pinned(text: str) -> None:
    assert corrections(msg("user", text)) == []


def test_corrections_only_from_the_user() -> None:
    assert corrections(msg("assistant", "Actually, the refund is processed.")) == []


# ------------------------------------------------------------------ find_pinned


def test_find_pinned_skips_oversized_spans_instead_of_cutting_them() -> None:
    big = json.dumps({"rows": [{"id": i, "name": f"item {i}"} for i in range(200)]})
    small = json.dumps({"order": "88231", "status": "ok"})
    pins = find_pinned([msg("tool", big, 1), msg("tool", small, 2)], max_chars=1200)
    assert [p.text for p in pins] == [small]
    assert find_pinned([msg("tool", big, 1)], max_chars=len(big))[0].text == big


def test_find_pinned_dedupes_orders_and_filters_roles() -> None:
    messages = [
        msg("system", "Order 11111 is a system note.", 1),
        msg("user", "Order 88231 arrived broken.", 2),
        msg("assistant", "```\nls\n```", 3),
        msg("user", "order 88231  arrived broken.", 4),  # same text modulo case and spaces
        msg("user", "Actually, the order is 88213.", 5),
    ]
    pins = find_pinned(messages)
    assert [(p.seq, p.kind) for p in pins] == [(2, "identifier"), (3, "code"), (5, "correction")]
    assert [p.seq for p in pins] == sorted(p.seq for p in pins)


def test_find_pinned_takes_custom_rules() -> None:
    def shouting(m: Message) -> list[PinnedItem]:
        return [PinnedItem(seq=m.seq or 0, kind="shout", text=m.text)] if m.text.isupper() else []

    pins = find_pinned([msg("user", "HELLO", 1), msg("user", "hello", 2)], rules=(*DEFAULT_RULES, shouting))
    assert [(p.seq, p.kind) for p in pins] == [(1, "shout")]


def test_scanning_is_linear_on_pastes_full_of_identifiers(monkeypatch):
    """An 8,000-line paste of order numbers and amounts, and a fence full of brackets: every identifier is
    found, and no step compares each span with every other (the pairwise overlap test is never used)."""
    from chatcompact.core import preserve as pv

    def pairwise(*args):
        raise AssertionError("quadratic overlap test used")

    monkeypatch.setattr(pv, "_overlaps", pairwise)
    paste = "\n".join(f"order {10000 + i} costs ${i % 900 + 1}.50" for i in range(8000))
    pins = pv.find_pinned([Message(role="user", content=paste, seq=1)], max_chars=10**6)
    assert len(pins) == 8000 and pins[0].text == "order 10000 costs $1.50"
    spans = pv.identifier_spans(paste)
    assert len(spans) == 16000 and all(a.end <= b.start for a, b in itertools.pairwise(spans))
    fenced = "```\n" + "[x] " * 20000 + "\n```" + " `a`" * 3000 + " tail {not json}"
    assert len(pv.code_fences(Message(role="user", content=fenced, seq=2))) == 1
    assert pv.sentence_spans(" " * 200_000 + "end.") == [(200_000, 200_004)]


def test_a_huge_tool_output_is_pinned_from_its_head_and_tail_only():
    """Identifiers of a 2 MB build log's middle are not pinned (thousands no summary keeps; recall has them)."""
    from chatcompact.core.digest import SCAN_CHARS
    from chatcompact.core.preserve import find_pinned

    lines = [f"order ORD-{i:07d} shipped to /srv/out/{i}.csv" for i in range(60_000)]
    out = Message("tool", "\n".join(lines), tool_call_id="c", seq=3)
    assert len(out.text) > 20 * SCAN_CHARS
    pinned = find_pinned([out])
    texts = " ".join(p.text for p in pinned)
    assert "ORD-0000000" in texts and "ORD-0059999" in texts and "ORD-0030000" not in texts
    small = Message("tool", "\n".join(lines[:50]), tool_call_id="c", seq=4)
    assert "ORD-0000049" in " ".join(p.text for p in find_pinned([small]))  # a short output is read whole


def test_the_order_keyword_alternation_matches_what_the_plain_one_does() -> None:
    """The order keywords are grouped by first character for speed; at every position of texts holding each
    keyword in every case, and the characters ``(?i)`` also folds (dotted/dotless i, Kelvin sign, long s),
    the grouped alternation matches exactly what ``order|ticket|...`` matches."""
    import re

    from chatcompact.core import preserve as pv

    plain = re.compile("(?i)(?:" + "|".join(map(re.escape, pv._ORDER_LABELS)) + ")")
    grouped = re.compile("(?i)(?:" + pv._keyword_alternation(pv._ORDER_LABELS) + ")")
    words = [*pv._ORDER_LABELS, *(w.upper() for w in pv._ORDER_LABELS), *(w.title() for w in pv._ORDER_LABELS)]
    words += ["\u0130nvoice", "\u0131nv", "\u212aundennummer", "\u017fhipment", "ordinel", "invoic", "refx", "订"]
    text = " ".join(words) + " " + "".join(words)
    for i in range(len(text)):
        a, b = plain.match(text, i), grouped.match(text, i)
        assert (a and a.group()) == (b and b.group()), (i, text[i : i + 20])
    assert grouped.match("invoice").group() == "invoice" and grouped.match("inv 22").group() == "inv"
    assert [s.value for s in identifier_spans("\u017fhipment: 88123 and \u0130nvoice #4471")] == ["88123", "4471"]


# The identifier patterns in their plain form, as they were written before they took their first character ahead
# of the lookbehind (core.preserve's comment): the reference the faster forms must match exactly.
_PLAIN_NUM = (
    r"(?:\d{1,3}(?:\.\d{3})+,\d{1,2}(?![\d,.])|\d{1,3}(?:[\u00a0\u202f]\d{3})+(?:,\d{1,2})?(?![\d,.])"
    r"|\d+,\d{1,2}(?![\d,])|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
)
_PLAIN = {
    "_UUID": r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b",
    "_HASH_NUM": r"(?<![\w&#])#(?P<value>\d{3,})\b",
    "_CAPS_CODE": r"\b[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)+\b|\b[A-Z]{2,}\d[A-Z0-9]*\b",
    "_PHONE": r"(?<![\w+])(?:\+\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]\d{2,4}){1,4}"
    r"|\(\d{3}\)[ .-]?\d{3}[.-]\d{4}|\d{3}[.-]\d{3}[.-]\d{4})(?![\w-])",
    "_IP": r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?::\d{2,5})?(?![\w.]|\.\d)",
    "_VERSION": r"(?<![\w.])[vV]\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.]+)?\b"
    r"|(?<![\w.])\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.]+)?(?![\w.]|\.\d)",
    "_MONEY_SUFFIX": rf"(?<![\w.,]){_PLAIN_NUM}\s?(?:(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|CNY|INR|SEK|NOK|DKK|PLN|"
    r"dollars?|euros?|pounds?|yen|bucks|cents?)\b|[€£¥])",
    "_UNIT": rf"(?<![\w.,]){_PLAIN_NUM}\s?(?:%(?!\s+(?:agree|sure|certain|right|true|behind|with you))|percent\b|"
    r"(?:[KMGTP]i?B|[kmgt]b|Gb|Mb|bytes?|ms|µs|ns|secs?|kg|mg|g|lbs?|oz|km/h|km|cm|"
    r"mm|m|mi|miles?|ft|inch(?:es)?|ml|mL|l|L|°[CF]|kWh|kW|W|V|mAh|[kMG]?Hz|px|dpi|fps|rpm|mph|tokens?|"
    r"cores?|vCPUs?)(?![\w/]))",
    "_HEX": r"\b[0-9a-f]{7,64}\b",
}
_PIECES = [
    "0",
    "1",
    "12",
    "123",
    "1234",
    "2024",
    "v",
    "V",
    "a",
    "f",
    "F",
    "x",
    "Z",
    "ab12cd",
    "deadbeef0",
    ".",
    ",",
    "-",
    "+",
    "#",
    "&",
    "(",
    ")",
    ":",
    "/",
    "_",
    "%",
    " ",
    "  ",
    "\n",
    "\u00a0",
    "\u202f",
    "$",
    "€",
    "£",
    "¥",
    "é",
    "日",
    "USD",
    "dollars",
    "euro",
    "cents",
    "GB",
    "KiB",
    "ms",
    "km",
    "m",
    "g",
    "L",
    "Hz",
    "percent",
    "agree",
    "ORD",
    "INV-",
    "A1",
    "v2.1.3",
    "10.0.0.1",
    "555-123-4567",
    "+1 555 123 4567",
    "(555) 123-4567",
    "1.234,56",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=24))
def test_identifier_patterns_match_exactly_what_their_plain_forms_did(parts: list[str]) -> None:
    import re

    from chatcompact.core import preserve

    text = "".join(parts)
    for name, plain in _PLAIN.items():
        want = [(m.span(), m.group()) for m in re.finditer(plain, text)]
        assert [(m.span(), m.group()) for m in getattr(preserve, name).finditer(text)] == want, (name, text)


def test_identifier_patterns_match_their_plain_forms_on_real_text() -> None:
    """The same on the agent trajectories and LoCoMo (skipped where ../shared/data is absent)."""
    import json
    import re
    from pathlib import Path

    from chatcompact.core import preserve

    data = Path(__file__).resolve().parents[2] / "shared" / "data"
    if not (data / "agent_dev").is_dir():
        pytest.skip("../shared/data/agent_dev is absent")
    texts: list[str] = []
    for f in sorted((data / "agent_dev").glob("*.traj.json"))[:20]:
        for m in json.loads(f.read_text()).get("messages", []):
            if isinstance(m.get("content"), str):
                texts.append(m["content"])
    for sample in json.loads((data / "locomo_dev.json").read_text())[:2]:
        for key, turns in sample["conversation"].items():
            if key.startswith("session_") and isinstance(turns, list):
                texts += [t["text"] for t in turns]
    assert len(texts) > 1000
    for name, plain in _PLAIN.items():
        rx, fast = re.compile(plain), getattr(preserve, name)
        for text in texts:
            assert [m.span() for m in fast.finditer(text)] == [m.span() for m in rx.finditer(text)], name
