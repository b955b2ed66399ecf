"""Pure pieces of recall: topic-shift detection and when a query asks for verbatim detail."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.core.recall import quote_lines, wants_detail
from chatcompact.core.topic import find_shifts, gap_similarities
from chatcompact.types import parse_message


def _cluster(rng, centre, n, noise=0.15):
    v = centre + noise * rng.standard_normal((n, centre.shape[0]))
    return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)


def test_shift_found_between_two_topics():
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal(32), rng.standard_normal(32)
    vecs = np.vstack([_cluster(rng, a, 12), _cluster(rng, b, 10)])
    shifts = find_shifts(vecs)
    assert len(shifts) == 1 and abs(shifts[0] - 12) <= 1


def test_no_shift_inside_one_topic():
    rng = np.random.default_rng(1)
    vecs = _cluster(rng, rng.standard_normal(32), 40)
    assert find_shifts(vecs) == []


@settings(deadline=None, max_examples=40)
@given(st.integers(0, 40), st.integers(1, 64))
def test_similarities_are_bounded(n, d):
    rng = np.random.default_rng(n * 100 + d)
    v = rng.standard_normal((n, d)).astype(np.float32)
    v /= np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-9)
    sims = gap_similarities(v)
    assert sims.shape == (n,) and np.all(sims <= 1.0001) and np.all(sims >= -1.0001)
    assert all(4 <= i <= n - 4 for i in find_shifts(v))


@pytest.mark.parametrize(
    "query, summary, expected",
    [
        ("what exactly did I say about the refund?", "", True),
        ("Earlier you said something about shipping", "", True),
        ("can you quote my message about pricing", "", True),
        ("what was the tracking number again", "", True),
        ("is order 88231 refunded?", "", True),
        ("did Martine answer?", "Martine asked for a refund", False),
        ("did Martine answer?", "a customer asked for a refund", True),
        ("did Caro answer?", "Caroline asked for a refund", True),  # a name is matched as a whole word
        ("how are you today?", "", False),
        ("", "", False),
    ],
)
def test_wants_detail(query, summary, expected):
    assert wants_detail(query, summary) is expected


def test_quote_lines_carry_seq_role_and_date():
    m = parse_message({"role": "user", "content": "I said the vase was blue"}).with_meta(7, 1_700_000_000.0)
    (line,) = quote_lines([m], len)
    assert line.block == "quotes" and line.text.startswith("[#7 user, 14 November 2023, 22:13 UTC] I said")
    assert line.tokens == len(line.text) + 1
