"""The evaluation's pure measures, against hand-computed values."""

from __future__ import annotations

import pytest

from chatcompact.evaluation import metrics as m
from chatcompact.evaluation.datasets import dialogue_messages, parse_evidence

# ------------------------------------------------------------------ containment


def test_normalise_lowercases_and_strips_punctuation():
    assert m.normalise("  The Sunday before 25 May, 2023!  ") == "the sunday before 25 may 2023"
    assert m.normalise("Charlotte's Web") == "charlotte s web"
    assert m.normalise(2022) == "2022"


@pytest.mark.parametrize(
    "answer, text, expected",
    [
        ("7 May 2023", "[1:56 pm on 7 May, 2023] Caroline: hi", True),  # punctuation ignored
        ("Sweden", "she moved from sweden.", True),  # case ignored
        ("2022", "in 20223 we", False),  # whole words only
        ("art", "a party", False),
        ("pottery, camping, painting", "Painting and camping; pottery too", True),  # every part, any order
        ("pottery, camping, painting", "painting and camping", False),  # a part is missing
        ("beach and mountains", "the mountains ... the beach", True),
        ("Likely no", "no", False),  # one part: the whole phrase must occur
        ("", "anything", False),
    ],
)
def test_contains_answer(answer, text, expected):
    assert m.contains_answer(answer, text) is expected


def test_answer_parts_drop_stop_word_parts():
    assert m.answer_parts("Pottery, camping and painting") == ["pottery", "camping", "painting"]
    assert m.answer_parts("7 May 2023") == ["7 may 2023"]
    assert m.answer_parts("a, the, dogs") == ["dogs"]


def test_token_recall_counts_content_words():
    assert m.token_recall("the pride parade", "we went to a parade") == pytest.approx(0.5)
    assert m.token_recall("Sweden", "nothing here") == 0.0


# ------------------------------------------------------------------ ROUGE (hand-computed)


def test_rouge_hand_computed():
    cand = "the cat sat on the mat"
    ref = "the cat lay on the mat"
    # unigrams: 5 of 6 match on each side -> P = R = 5/6
    assert m.rouge_n(cand, ref, 1) == pytest.approx(5 / 6)
    # bigrams: cand {the cat, cat sat, sat on, on the, the mat}, ref {the cat, cat lay, lay on, on the, the mat}
    # overlap 3 of 5 each -> F1 = 0.6
    assert m.rouge_n(cand, ref, 2) == pytest.approx(0.6)
    # LCS: the cat on the mat = 5 -> P = R = 5/6
    assert m.rouge_l(cand, ref) == pytest.approx(5 / 6)


def test_rouge_clips_repeated_ngrams_and_handles_lengths():
    # candidate "the the the" vs reference "the cat": clipped overlap 1; P = 1/3, R = 1/2 -> F1 = 0.4
    assert m.rouge_n("the the the", "the cat", 1) == pytest.approx(0.4)
    # LCS of "a b c d" and "b d": 2 -> P = 2/4, R = 2/2 -> F1 = 2/3
    assert m.rouge_l("a b c d", "b d") == pytest.approx(2 / 3)
    assert m.rouge("", "anything") == {"rouge1": 0.0, "rouge2": 0.0, "rougeL": 0.0}
    assert m.rouge("Same words.", "same words")["rougeL"] == pytest.approx(1.0)


def test_lcs_length():
    assert m.lcs_length(list("ABCBDAB"), list("BDCABA")) == 4
    assert m.lcs_length([], ["a"]) == 0


# ------------------------------------------------------------------ identifiers


def test_mentioned_identifiers_kinds():
    texts = [
        "Caroline: Hey Mel! My order ORD-88231 shipped on 8 May, 2023 to dupont@example.com.",
        "Melanie: Thanks, Caroline. I ran 5 km with Ed Sheeran's song playing. See https://example.com/a.",
    ]
    found = dict((v, k) for k, v in m.mentioned_identifiers(texts))
    assert found["ORD-88231"] == "order"
    assert found["dupont@example.com"] == "email"
    assert found["https://example.com/a"] == "url"
    assert found["8 May, 2023"] == "date"
    assert found["5"] == "number"
    for name in ("Mel", "Caroline", "Ed", "Sheeran"):
        assert found[name] == "name"
    # speaker prefixes, sentence starts, greetings and pronouns are not names
    for word in ("Melanie", "Hey", "My", "Thanks", "I", "See"):
        assert word not in found


def test_mentioned_identifiers_dedupe_case_insensitively():
    ids = m.mentioned_identifiers(["We met Bob. Then Bob left", "later with BOB"])
    assert [v for _, v in ids].count("Bob") == 1


def test_words_also_written_in_lower_case_are_not_names():
    ids = dict((v, k) for k, v in m.mentioned_identifiers(["I love it \U0001f60a She said yes", "she left with Anna"]))
    assert "She" not in ids and ids["Anna"] == "name"


def test_identifier_present_respects_boundaries():
    assert m.identifier_present("88231", "order 88231 is late")
    assert not m.identifier_present("8823", "order 88231 is late")
    assert not m.identifier_present("2.5", "version 2.50")
    assert m.identifier_present("caroline", "Hi Caroline!")
    assert not m.identifier_present("Caro", "Hi Caroline!")


# ------------------------------------------------------------------ recall, drift, ratio


def test_recall_at_k():
    assert m.recall_at_k(["D1:2", "D3:4"], ["D1:1", "D3:4", "D1:2"], (1, 2, 3)) == {1: 0, 2: 1, 3: 2}


def test_summary_drift():
    flat = m.summary_drift([200, 400, 600, 650, 700, 690])
    assert flat.flat and flat.growth == pytest.approx(690 / 600)
    growing = m.summary_drift([200, 400, 600, 800, 1000])
    assert not growing.flat and growing.growth == pytest.approx(1000 / 600)
    assert m.summary_drift([100, 900]).flat  # too few compactions to judge
    # second half 600, 650, 700: slope 50 per compaction over a mean of 650
    assert m.summary_drift([100, 200, 600, 650, 700]).late_slope == pytest.approx(50 / 650)
    assert m.summary_drift([500, 500, 500, 500]).late_slope == 0.0


def test_compaction_ratio_is_the_lessons_metric():
    from chatcompact import compaction_ratio
    from chatcompact.testing import CountingTokenizer

    before = [{"role": "user", "content": "x" * 100}, {"role": "assistant", "content": "y" * 100}]
    after = [{"role": "system", "content": "z" * 20}]
    r = compaction_ratio(before, after, tokenizer=CountingTokenizer())
    assert r.tokens_before > r.tokens_after and r.ratio == pytest.approx(r.tokens_before / r.tokens_after)


# ------------------------------------------------------------------ parsing helpers


def test_parse_evidence_is_lenient():
    assert parse_evidence(["D8:6; D9:17", "D30:05", "D", "D:11:26"]) == (["D8:6", "D9:17", "D30:5"], 2)
    assert parse_evidence(None) == ([], 0)
    assert parse_evidence("D1:3") == (["D1:3"], 0)


def test_dialogue_messages():
    msgs = dialogue_messages("#Person1#: Hi.\n#Person2#: Hello.\ncontinued\n#Person1#: Bye.")
    assert [x["role"] for x in msgs] == ["user", "assistant", "user"]
    assert msgs[1]["content"] == "#Person2#: Hello. continued"
