"""core.memo: values derived from conversation text are memoised within one operation's scope, never beyond it."""

from __future__ import annotations

import threading

from chatcompact.core import lang, memo, preserve


def _counter():
    calls: list[str] = []

    def compute(text: str):
        def run() -> int:
            calls.append(text)
            return len(text)

        return run

    return calls, compute


def test_outside_a_scope_nothing_is_kept():
    calls, compute = _counter()
    assert memo.memo("k", "secret text", compute("secret text")) == 11
    assert memo.memo("k", "secret text", compute("secret text")) == 11
    assert calls == ["secret text", "secret text"]


def test_a_scope_computes_once_nested_scopes_share_and_nothing_outlives_it():
    calls, compute = _counter()
    with memo.scope():
        memo.memo("k", "a", compute("a"))
        with memo.scope():  # the enclosing table
            memo.memo("k", "a", compute("a"))
        memo.memo("other kind", "a", compute("a"))  # kinds never collide
    assert calls == ["a", "a"]
    with memo.scope():  # a new operation starts empty
        memo.memo("k", "a", compute("a"))
    assert calls == ["a", "a", "a"]


def test_a_scope_is_not_seen_by_another_thread():
    calls, compute = _counter()
    with memo.scope():
        memo.memo("k", "x", compute("x"))
        t = threading.Thread(target=lambda: memo.memo("k", "x", compute("x")))
        t.start()
        t.join()
    assert calls == ["x", "x"]


def test_text_derived_helpers_hold_no_module_level_cache():
    """The language detector and the identifier scanner keep no text once the call returns (no lru_cache)."""
    text = "Bitte schick die Rechnung INV-20931 an jana@example.org"
    assert lang.detect(text) == "de" and lang.detect(text) == "de"
    found = preserve.identifier_spans(text)
    assert "INV-20931" in [s.value for s in found] and found == preserve.identifier_spans(text)
    for fn in (lang.detect, preserve._identifier_spans, preserve._structure):
        assert not hasattr(fn, "cache_info"), fn


def test_the_summarizers_sentence_stems_are_memoised_per_operation_only():
    from chatcompact.summarizers import _text

    assert not hasattr(_text.content_stems, "cache_info")
    stems = _text.content_stems("the refund for order 4471 was approved")
    assert "refund" in stems and stems == _text.content_stems("the refund for order 4471 was approved")


def test_one_compaction_scans_and_splits_a_pasted_message_once(monkeypatch):
    """compact() of a paste: the pinning rules, the summarizer and its topics read the same masked text, and the
    identifier scan and the sentence split of it each run once in the operation (not once per reader)."""
    from chatcompact import compact

    paste = "Here are my orders:\n" + "\n".join(f"ORD-{100000 + i} | 2 x oak shelf | {i}.50 EUR" for i in range(300))
    scans: list[int] = []
    splits: list[int] = []
    find, split = preserve._find_identifier_spans, preserve._split_sentences
    monkeypatch.setattr(preserve, "_find_identifier_spans", lambda t: scans.append(len(t)) or find(t))
    monkeypatch.setattr(preserve, "_split_sentences", lambda t: splits.append(len(t)) or split(t))
    messages = [
        {"role": "user", "content": paste},
        {"role": "assistant", "content": "I will check them now."},
        {"role": "user", "content": "Which shipped to Lyon?"},
        {"role": "assistant", "content": "Let me look."},
    ]
    compact(messages, keep_recent=2)
    assert scans.count(len(paste)) == 1 and splits.count(len(paste)) == 1
    scans.clear()
    compact(messages, keep_recent=2)  # a new operation computes again: nothing was kept between calls
    assert scans.count(len(paste)) == 1
