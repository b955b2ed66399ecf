"""core.mmr: near-duplicate merging and maximal marginal relevance over ranked hits (pure)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.core.mmr import (
    DUPLICATE_THRESHOLD,
    SKETCH_CHARS,
    SKETCH_SIZE,
    _windows,
    diversify,
    jaccard,
    shingles,
    similarity,
    sketch,
    sketch_many,
)
from chatcompact.errors import InvalidArgument

pytestmark = pytest.mark.timeout(60)

BOILER = "I have run the tests again and all of them pass now, nothing else changed in the repository."
TEXTS = [BOILER, "The vase arrived cracked along the handle.", "Use the raw body for the HMAC check.", "ok", "ok!"]
texts_st = st.lists(st.sampled_from(TEXTS) | st.text(max_size=40), min_size=0, max_size=20)


def ranked(texts: list[str]) -> list[tuple[int, float, str]]:
    return [(i + 1, float(len(texts) - i), t) for i, t in enumerate(texts)]


def test_ten_copies_of_one_reply_collapse_to_the_best_ranked_one() -> None:
    items = [(1, 9.0, "The vase arrived cracked.")] + [(i, 8.0 - i / 10, BOILER) for i in range(2, 12)]
    items.append((20, 1.0, "Use the raw body for the HMAC check."))
    assert [key for key, _ in diversify(items, 5)] == [1, 2, 20]


def test_a_near_copy_with_one_word_changed_merges_a_different_text_does_not() -> None:
    near = BOILER.replace("repository", "repository today")
    assert jaccard(shingles(BOILER), shingles(near)) >= DUPLICATE_THRESHOLD
    assert [k for k, _ in diversify([(1, 2.0, BOILER), (2, 1.0, near)], 5)] == [1]
    assert [k for k, _ in diversify([(1, 2.0, BOILER), (2, 1.0, TEXTS[1])], 5)] == [1, 2]


def test_lower_lambda_prefers_variety_over_a_similar_second_hit() -> None:
    a = "pytest tests/test_db.py failed with three errors in the migration step of the database"
    b = "pytest tests/test_db.py failed with three errors in the migration step of the schema"
    c = "the user wants the dark theme by default"
    items = [(1, 1.0, a), (2, 0.9, b), (3, 0.5, c)]
    assert [k for k, _ in diversify(items, 2, lam=1.0)] == [1, 2]
    assert [k for k, _ in diversify(items, 2, lam=0.3)] == [1, 3]


def test_bad_arguments_are_named() -> None:
    with pytest.raises(InvalidArgument, match="lam"):
        diversify([(1, 1.0, "x")], 1, lam=1.5)
    with pytest.raises(InvalidArgument, match="threshold"):
        diversify([(1, 1.0, "x")], 1, threshold=0)
    assert diversify([], 3) == [] and diversify([(1, 1.0, "x")], 0) == []


@settings(max_examples=60, deadline=None)
@given(texts=texts_st, k=st.integers(1, 12), lam=st.sampled_from([1.0, 0.7, 0.3, 0.0]))
def test_never_duplicates_keeps_the_top_hit_and_is_stable(texts: list[str], k: int, lam: float) -> None:
    items = ranked(texts)
    out = diversify(items, k, lam=lam)
    keys = [key for key, _ in out]
    text_of = {key: t for key, _, t in items}
    assert len(keys) == len(set(keys)) <= k
    if items:
        assert keys[0] == 1  # the top hit always survives, first
    for i, a in enumerate(keys):  # no two returned texts are near-duplicates
        for b in keys[i + 1 :]:
            assert jaccard(shingles(text_of[a]), shingles(text_of[b])) < DUPLICATE_THRESHOLD
    if lam == 1.0:  # order stable: a subsequence of the input order, and every dropped item had a kept twin
        assert keys == sorted(keys)
        for key, _, t in items[: max(keys, default=0)]:
            if key not in keys:
                assert any(jaccard(shingles(t), shingles(text_of[o])) >= DUPLICATE_THRESHOLD for o in keys if o < key)
    assert diversify(items, k, lam=lam) == out  # deterministic


# ---------------------------------------------------------------- sketches: per-message, bounded, exact when small


@settings(max_examples=120, deadline=None)
@given(a=texts_st.map(" ".join), b=texts_st.map(" ".join))
def test_a_sketch_of_a_short_text_gives_the_exact_jaccard(a: str, b: str) -> None:
    assert sketch(a).complete and sketch(b).complete
    assert similarity(sketch(a), sketch(b)) == pytest.approx(jaccard(shingles(a), shingles(b)))
    assert diversify([(1, 2.0, a), (2, 1.0, b)], 5) == diversify([(1, 2.0, sketch(a)), (2, 1.0, sketch(b))], 5)


def _log(seed: int, lines: int) -> str:
    rng = random.Random(seed)
    words = ("connection", "timeout", "retry", "commit", "rollback", "shard", "replica", "snapshot", "upload")
    return "\n".join(
        f"2025-03-01T10:{i % 60:02d}:00Z INFO {' '.join(rng.choice(words) for _ in range(6))} "
        f"id={rng.randint(1, 10**6)}"
        for i in range(lines)
    )


def test_a_megabyte_output_is_sketched_from_a_bounded_sample_and_still_told_apart() -> None:
    big = _log(1, 14_000)  # ~1 MB
    assert len(big) > 900_000 and sum(len(w) for w in _windows(big)) <= SKETCH_CHARS
    again = big.replace("INFO", "WARN", 20)  # the same run printed again, a few lines differ
    other = _log(2, 14_000)
    sk = sketch(big)
    assert not sk.complete and len(sk.hashes) == SKETCH_SIZE
    assert similarity(sk, sketch(again)) >= DUPLICATE_THRESHOLD > similarity(sk, sketch(other))
    assert [k for k, _ in diversify([(1, 3.0, sk), (2, 2.0, sketch(again)), (3, 1.0, sketch(other))], 3)] == [1, 3]
    assert sketch(big) == sk  # stable: the same text, the same sketch (no per-process hash seed)


def test_texts_of_very_different_sizes_are_never_near_duplicates() -> None:
    short, long = sketch(BOILER), sketch(" ".join([BOILER] * 3 + ["and then some more words here"]))
    assert similarity(short, long) < DUPLICATE_THRESHOLD
    assert [k for k, _ in diversify([(1, 2.0, short), (2, 1.0, long)], 5)] == [1, 2]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="ab cdé_Ü1\n", max_size=60), max_size=12))
def test_sketching_in_one_batch_gives_each_texts_own_sketch(texts) -> None:
    """sketch_many hashes the short texts together; every sketch is the one sketch() gives the text alone, for
    empty and one-word texts, texts shorter than a shingle, and with long ones (numpy, windows) mixed in."""
    cut = " ".join(f"v{i}" for i in range(300))  # short (<= 512 tokens) with more shingles than a sketch keeps
    batch = [*texts, cut, " ".join(f"w{i}" for i in range(600)), "x " * (SKETCH_CHARS // 2 + 10), *texts[:2]]
    assert sketch_many(batch) == [sketch(t) for t in batch]
    assert sketch(cut).count > SKETCH_SIZE == len(sketch_many([cut])[0].hashes)
    assert sketch_many([]) == []
