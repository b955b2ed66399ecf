"""core.lang: per-language data, detection, Unicode words and names, stems, full-text index terms."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.core import lang
from chatcompact.core.fusion import content_words as fusion_words
from chatcompact.core.preserve import sentence_spans
from chatcompact.summarizers._text import content_words as summary_words
from chatcompact.summarizers._text import key_phrases


def test_every_data_file_is_a_language() -> None:
    assert {"en", "de", "it", "zh"} <= set(lang.languages())
    folder = resources.files("chatcompact") / "data" / "lang"
    for entry in folder.iterdir():
        data = json.loads(entry.read_text(encoding="utf-8"))
        if "stop" not in data:
            continue  # another kind of data file (e.g. standing-instruction cues)
        assert data["code"] + ".json" == entry.name
        code = lang.language(data["code"])
        assert code.stop and all(w == w.lower() for w in code.stop)
        for kind in ("name", "prefer", "decision", "question", "first_person"):
            assert code.cue(kind), (entry.name, kind)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Hallo, ich heiße Jürgen und warte auf meine Bestellung.", "de"),
        ("Ciao, mi chiamo Giulia e il pacco è arrivato rotto.", "it"),
        ("你好，我的订单到了吗？", "zh"),
        ("When did Caroline go to the support group?", "en"),
        ("88231", "en"),  # no evidence: the default
        ("Größe", "de"),  # letters alone are evidence
    ],
)
def test_detect(text: str, code: str) -> None:
    assert lang.detect(text) == code


def test_words_are_unicode() -> None:
    assert lang.words("Jürgen Müller, D’Angelo und O'Brien: SUP-40417 v2") == [
        "Jürgen", "Müller", "D'Angelo", "und", "O'Brien", "SUP-40417", "v2",
    ]  # fmt: skip
    assert lang.words("我的订单号是88231") == ["我的订单号是", "88231"]


@pytest.mark.parametrize("word", ["Jürgen", "Müller", "D'Angelo", "O'Brien", "Jean-Luc", "Özil"])
def test_name_words(word: str) -> None:
    assert lang.is_name_word(word)


@pytest.mark.parametrize("word", ["müller", "88231", "SUP-40417", ""])
def test_not_name_words(word: str) -> None:
    assert not lang.is_name_word(word)


def test_one_content_words_rule() -> None:
    # The same rule behind recall's keyword query and the summarizer (which also drops chat filler and short words).
    assert fusion_words("Wann kommt meine Rückerstattung?") == ["kommt", "Rückerstattung"]
    assert summary_words("Wann kommt meine Rückerstattung?") == ["kommt", "rückerstattung"]
    assert summary_words("Il mio ordine è arrivato rotto") == ["ordine", "rotto"]
    # Chinese: the pieces between stop words; single characters ("坏") say too little alone.
    assert summary_words("我的订单号是88231，收到的时候坏了。") == ["订单号", "88231", "收到"]
    assert fusion_words("When did Caroline go to the LGBTQ support group?") == ["Caroline", "LGBTQ", "support", "group"]


def test_german_key_phrases_keep_umlauts_and_are_nouns() -> None:
    phrases = set(key_phrases("Wir haben auch über das Wetter gesprochen, das Wetter ist schön."))
    surfaces = set(key_phrases("Wir haben auch über das Wetter gesprochen.").values())
    assert surfaces == {"wetter"}  # not "das", "wir haben auch" or "ber das wetter"
    assert all(len(p) == 1 for p in phrases)


def test_chinese_key_phrases_are_whole_pieces() -> None:
    assert set(key_phrases("我的订单号是88231，我们决定全额退款到我的信用卡。").values()) == {"订单号", "信用卡"}


def test_stems_per_language() -> None:
    assert lang.stem("rückerstattungen", "de") == lang.stem("rückerstattung", "de")
    assert lang.stem("rimborsi", "it") == lang.stem("rimborso", "it")
    assert lang.stem("订单", "zh") == "订单"


def test_index_terms() -> None:
    assert lang.index_terms("My refund never arrived.") == []  # English: the stores' own stemming
    assert "ruckerstatt" in lang.index_terms("Wo bleibt meine Rückerstattung?")
    terms = lang.index_terms("我的订单号是88231")
    assert {"订单", "单号", "88231"} <= set(terms)


def test_index_terms_stem_words_not_ids() -> None:
    # A log in Italian or German is mostly ids, hashes and numbers: they have no stem and get no extra term
    # (stemming each of a 2 MB output's distinct ids cost ~20 s); its words still get theirs, once each.
    log = "\n".join(f"[{i:06d}] compilazione modulo_{i} completata id=ab{i:05x}f riprovando" for i in range(3000))
    terms = lang.index_terms(log, "it")
    assert all(t.isalpha() for t in terms)
    assert {lang.fold(lang.stem("compilazione", "it")), lang.fold(lang.stem("riprovando", "it"))} <= set(terms)
    assert len(terms) == len(set(terms)) < 10
    assert lang.index_terms("Auftrag ab12f3 wurde erstattet", "de") == lang.index_terms("Auftrag wurde erstattet", "de")


def test_sentences_split_at_chinese_punctuation() -> None:
    text = "你好，我叫王伟。我的订单号是88231！收到的时候坏了？谢谢"
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "你好，我叫王伟。",
        "我的订单号是88231！",
        "收到的时候坏了？",
        "谢谢",
    ]


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80))
def test_text_helpers_never_fail(text: str) -> None:
    code = lang.detect(text)
    assert code in lang.languages()
    words = lang.content_words(text)
    assert all(w == w.lower() for w in words)
    assert all(t == lang.fold(t) or lang.has_han(t) for t in lang.index_terms(text))


_MIXED_WORDS = st.lists(
    st.sampled_from(
        [
            "Order",
            "order",
            "the",
            "und",
            "der",
            "Bestellung",
            "il",
            "pacco",
            "è",
            "arrivato",
            "订单",
            "北京门店周一",
            "ok",
            "great",
            "v2",
            "2024",
            "12",
            "build",
            "passed",
            "Größe",
            "l'ordine",
            "don't",
            "x",
        ]
    ),
    max_size=30,
)


@settings(max_examples=120, deadline=None)
@given(words=_MIXED_WORDS, sep=st.sampled_from([" ", "\n", ", ", "。"]), code=st.sampled_from([None, "en", "de", "zh"]))
def test_content_words_unique_reads_each_word_once(words: list[str], sep: str, code: str | None) -> None:
    """``unique=True`` (what a caller that wants a set asks) gives the same words, each once, in the order of their
    first appearance: the rule is the same, only repeats are not read again."""
    text = sep.join(words)
    for kw in ({"filler": True, "min_len": 3}, {}, {"keep_case": True}):
        full = lang.content_words(text, code, **kw)
        once = lang.content_words(text, code, unique=True, **kw)
        assert set(once) == set(full)
        assert list(dict.fromkeys(once)) == list(dict.fromkeys(full))
