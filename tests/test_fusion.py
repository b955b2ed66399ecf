"""core.fusion: rank fusion, score combination, neighbour expansion, keyword queries (pure functions)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.core.fusion import (
    DEFAULT_ALPHA,
    combine,
    fuse,
    hybrid,
    keyword_query,
    keyword_trust,
    lift,
    neighbour_boost,
    rrf,
    singled_out,
    spread,
    support,
    unvectored,
    vector_share,
    with_neighbours,
)
from chatcompact.errors import InvalidArgument
from chatcompact.protocols import TextHit
from chatcompact.types import parse_message

pytestmark = pytest.mark.timeout(60)

seq_lists = st.lists(st.integers(1, 40), max_size=25)
rankings_st = st.lists(seq_lists, min_size=1, max_size=4)
scored_st = st.lists(
    st.tuples(st.integers(1, 40), st.floats(-50, 50, allow_nan=False, allow_infinity=False)), max_size=25
).map(lambda items: sorted(dict(items).items(), key=lambda x: -x[1]))


def hit(seq: int, score: float = 1.0, text: str = "x") -> TextHit:
    return TextHit(message=parse_message({"role": "user", "content": text}).with_meta(seq, 100.0 + seq), score=score)


# ---------------------------------------------------------------- rrf


def test_rrf_scores_by_reciprocal_rank() -> None:
    fused = dict(rrf([[1, 2, 3], [3, 1]], k=60))
    assert fused[1] == pytest.approx(1 / 61 + 1 / 62)
    assert fused[2] == pytest.approx(1 / 62)
    assert fused[3] == pytest.approx(1 / 63 + 1 / 61)
    assert [s for s, _ in rrf([[1, 2, 3], [3, 1]])] == [1, 3, 2]


def test_rrf_weights_and_k() -> None:
    assert [s for s, _ in rrf([[1, 2], [2, 1]], weights=[2.0, 1.0])] == [1, 2]
    assert [s for s, _ in rrf([[1, 2], [2, 1]], weights=[1.0, 2.0])] == [2, 1]
    assert dict(rrf([[5]], k=0))[5] == 1.0
    with pytest.raises(ValueError):
        rrf([[1]], weights=[1.0, 2.0])
    with pytest.raises(ValueError):
        rrf([[1]], k=-1)
    assert rrf([]) == [] and rrf([[], []]) == []


def test_rrf_ties_go_to_the_better_single_rank_then_the_older_seq() -> None:
    # 7 is first in list B, 3 first in list A: equal scores, equal best rank -> smaller seq first.
    assert [s for s, _ in rrf([[3, 9], [7, 9]])] == [9, 3, 7]
    # 4 (ranks 1 and 3) vs 5 (rank 2 twice): 1/61 + 1/63 > 2/62, so 4 leads on score alone.
    assert [s for s, _ in rrf([[4, 5], [6, 5, 4]])][:2] == [4, 5]


@given(rankings_st, st.integers(0, 100))
def test_rrf_every_seq_once_and_scores_descend(rankings: list[list[int]], k: int) -> None:
    fused = rrf(rankings, k=k)
    seqs = [s for s, _ in fused]
    assert sorted(seqs) == sorted({s for r in rankings for s in r})
    assert all(a[1] >= b[1] for a, b in itertools.pairwise(fused))
    assert fused == rrf(rankings, k=k)  # deterministic


@given(seq_lists, st.integers(1, 4), st.integers(0, 100))
def test_rrf_of_identical_rankings_keeps_the_order(ranking: list[int], copies: int, k: int) -> None:
    unique = list(dict.fromkeys(ranking))
    assert [s for s, _ in rrf([ranking] * copies, k=k)] == unique


@given(rankings_st)
def test_rrf_does_not_depend_on_list_order_with_equal_weights(rankings: list[list[int]]) -> None:
    forward, backward = dict(rrf(rankings)), dict(rrf(list(reversed(rankings))))
    assert forward.keys() == backward.keys()
    assert all(forward[s] == pytest.approx(backward[s]) for s in forward)


# ---------------------------------------------------------------- combine


def test_combine_normalises_each_list() -> None:
    text = [(1, 30.0), (2, 20.0), (3, 10.0)]  # BM25-like scale
    vec = [(3, 0.9), (4, 0.5), (1, 0.1)]  # cosine scale
    fused = dict(combine(text, vec, alpha=0.5))
    assert fused[1] == pytest.approx(0.5 * 1.0 + 0.5 * 0.0)
    assert fused[2] == pytest.approx(0.5 * 0.5)
    assert fused[3] == pytest.approx(0.5 * 0.0 + 0.5 * 1.0)
    assert fused[4] == pytest.approx(0.5 * 0.5)
    assert [s for s, _ in combine(text, vec, alpha=0.0)][:3] == [1, 2, 3]
    assert [s for s, _ in combine(text, vec, alpha=1.0)][:1] == [3]
    assert combine([(8, 2.0)], [], alpha=0.3) == [(8, pytest.approx(0.7))]  # a single score normalises to 1
    with pytest.raises(ValueError):
        combine(text, vec, alpha=1.5)


@given(scored_st, scored_st, st.floats(0, 1))
def test_combine_every_seq_once_scores_in_range(text, vec, alpha) -> None:
    fused = combine(text, vec, alpha)
    assert sorted(s for s, _ in fused) == sorted({s for s, _ in text} | {s for s, _ in vec})
    assert all(-1e-9 <= score <= 1 + 1e-9 for _, score in fused)
    assert all(a[1] >= b[1] for a, b in itertools.pairwise(fused))
    assert fused == combine(text, vec, alpha)


@given(scored_st)
def test_combine_of_one_list_keeps_its_order(text) -> None:
    assert [s for s, _ in combine(text, text, 0.5)] == [s for s, _ in combine(text, [], 0.0)]
    scores = [sc for _, sc in text]
    if len(set(scores)) == len(scores):  # no ties: exactly the input order
        assert [s for s, _ in combine(text, [], 0.0)] == [s for s, _ in text]


# ---------------------------------------------------------------- with_neighbours


def test_with_neighbours_interleaves_within_the_limit() -> None:
    assert with_neighbours([10, 3], 1, max_seq=20) == [10, 9, 11, 3, 2, 4]
    assert with_neighbours([10, 3], 1, max_seq=20, limit=4) == [10, 9, 11, 3]
    assert with_neighbours([1, 2], 1, max_seq=2) == [1, 2]  # clipped to 1..max_seq, no duplicates
    assert with_neighbours([5], 2, max_seq=9) == [5, 4, 6, 3, 7]
    assert with_neighbours([5, 6], 0, max_seq=9) == [5, 6]
    assert with_neighbours([], 3, max_seq=9) == []
    with pytest.raises(ValueError):
        with_neighbours([1], -1, 5)


@given(seq_lists, st.integers(0, 3), st.integers(1, 45), st.none() | st.integers(0, 30))
def test_with_neighbours_properties(seqs, radius, max_seq, limit) -> None:
    out = with_neighbours(seqs, radius, max_seq, limit)
    assert len(out) == len(set(out))
    assert all(1 <= s <= max_seq for s in out)
    if limit is not None:
        assert len(out) <= limit
    # Every kept seq is a hit or within radius of one; hits come before the neighbours of later hits.
    assert all(any(abs(s - h) <= radius for h in seqs) for s in out)
    in_range = [s for s in dict.fromkeys(seqs) if 1 <= s <= max_seq]
    if in_range and (limit is None or limit > 0):
        assert out
    if limit is None:
        assert set(in_range) <= set(out)


# ---------------------------------------------------------------- hybrid


def test_hybrid_fuses_hits_and_keeps_messages() -> None:
    text = [hit(1, 9.0, "one"), hit(2, 5.0, "two")]
    vec = [hit(2, 0.9, "two"), hit(30, 0.8, "thirty")]
    plain_rrf = hybrid(text, vec, k=10, method="rrf", rrf_k=60, weights=(1, 1), boost=())
    assert [h.message.seq for h in plain_rrf] == [2, 1, 30]
    assert [h.message.text for h in plain_rrf] == ["two", "one", "thirty"]
    assert all(a.score >= b.score for a, b in itertools.pairwise(plain_rrf))
    fused = hybrid(text, vec, k=10)  # the defaults: min-max combination, then the neighbour boost
    assert {h.message.seq for h in fused} == {1, 2, 30}
    assert all(a.score >= b.score for a, b in itertools.pairwise(fused))
    assert len(hybrid(text, vec, k=1)) == 1
    assert hybrid(text, vec, k=0) == []
    assert [h.message.seq for h in hybrid(text, [], k=5, boost=())] == [1, 2]
    assert [h.message.seq for h in hybrid([], vec, k=5, boost=())] == [2, 30]
    assert hybrid([], [], k=5) == []
    assert [h.message.seq for h in hybrid(text, vec, 10, method="combine", alpha=0.0, boost=())][:2] == [1, 2]
    assert [h.message.seq for h in hybrid(text, vec, 10, method="rrf", weights=(0.0, 1.0), boost=())][:2] == [2, 30]
    with pytest.raises(ValueError):
        hybrid(text, vec, 3, method="magic")


def test_hybrid_boost_lifts_a_hit_next_to_strong_hits() -> None:
    text = [hit(10, 9.0), hit(40, 5.0), hit(11, 4.0), hit(70, 0.5)]
    unboosted = [h.message.seq for h in hybrid(text, [], 4, boost=())]
    boosted = [h.message.seq for h in hybrid(text, [], 4, boost=(0.5,))]
    assert unboosted == [10, 40, 11, 70]
    assert boosted.index(11) < unboosted.index(11)


# ---------------------------------------------------------------- neighbour_boost


def test_neighbour_boost() -> None:
    ranked = [(10, 1.0), (20, 0.9), (11, 0.1), (13, 0.1)]
    out = dict(neighbour_boost(ranked, (0.5, 0.2)))
    assert out[10] == pytest.approx(1.0 + 0.5 * 0.1)  # its best neighbour (11) at distance 1
    assert out[11] == pytest.approx(0.1 + 0.5 * 1.0)
    assert out[13] == pytest.approx(0.1 + 0.2 * 0.1)  # 11 at distance 2; 12 and 14 are absent
    assert out[20] == pytest.approx(0.9)
    assert [s for s, _ in neighbour_boost(ranked, ())] == [10, 20, 11, 13]  # no weights: order unchanged
    assert neighbour_boost([], (0.5,)) == []


@given(scored_st, st.lists(st.floats(0, 1), max_size=3))
def test_neighbour_boost_properties(ranked, weights) -> None:
    nonneg = [(s, abs(v)) for s, v in ranked]
    out = neighbour_boost(nonneg, weights)
    assert sorted(s for s, _ in out) == sorted({s for s, _ in nonneg})
    before = dict(nonneg)
    assert all(score >= before[s] - 1e-12 for s, score in out)  # a boost never lowers a score
    assert all(a[1] >= b[1] for a, b in itertools.pairwise(out))
    assert out == neighbour_boost(nonneg, weights)


# ---------------------------------------------------------------- spread


def test_spread_draws_the_head_from_different_parts_of_the_conversation() -> None:
    # one exchange (10-12) holds the three best hits; a turn elsewhere (30) is only a little weaker
    ranked = [(10, 1.0), (11, 0.9), (12, 0.85), (30, 0.8), (31, 0.5), (50, 0.4), (70, 0.1)]
    assert [s for s, _ in spread(ranked, head=5, window=3, penalty=0.75)] == [10, 30, 11, 12, 50, 31, 70]
    assert dict(spread(ranked)) == dict(ranked)  # scores unchanged, every seq kept
    assert spread(ranked, penalty=1.0) == ranked  # no penalty, no head: the ranking as it is
    assert spread(ranked, head=0) == ranked
    assert [s for s, _ in spread(ranked, window=0)] == [s for s, _ in ranked]  # no two hits share a seq
    # a weak turn far away does not take a place from a strong near one: the penalty is a share of the score
    assert [s for s, _ in spread([(10, 1.0), (11, 0.9), (40, 0.2)], head=2)] == [10, 11, 40]
    assert spread([], head=5) == []
    with pytest.raises(InvalidArgument):
        spread(ranked, penalty=1.5)
    with pytest.raises(InvalidArgument):
        spread(ranked, window=-1)


def test_spread_lowers_negative_scores_near_a_placed_hit() -> None:
    # cosines can be negative: a near hit at -0.1 must fall behind a far one at -0.12 (0.75 x -0.1 would rise)
    ranked = [(5, 0.3), (6, -0.1), (20, -0.12)]
    assert [s for s, _ in spread(ranked, head=2, window=1, penalty=0.75)] == [5, 20, 6]


def test_spread_by_sitting_when_the_first_hits_come_from_several() -> None:
    # one sitting (seqs 1-9, written a minute apart) holds the four best hits, each more than 3 turns from the
    # next; a sitting a day later (40) holds a weaker one: by seq alone the first sitting fills the head
    ranked = [(1, 1.0), (5, 0.95), (9, 0.9), (40, 0.8), (60, 0.1)]
    times = {s: 1_000_000.0 + 60 * s for s in (1, 5, 9)} | {40: 1_090_000.0, 60: 1_200_000.0}
    assert [s for s, _ in spread(ranked, head=2, window=3)] == [1, 5, 9, 40, 60]
    assert [s for s, _ in spread(ranked, head=2, window=3, times=times)] == [1, 40, 5, 9, 60]
    # all in one sitting (an agent's run, an import in one go): the seq window alone, as without times
    one = {s: 1_000_000.0 + s for s, _ in ranked}
    assert spread(ranked, head=2, window=3, times=one) == spread(ranked, head=2, window=3)
    # a hit with no time (not in ``times``) is near by seq only
    assert [s for s, _ in spread(ranked, head=2, window=3, times={1: 0.0, 40: 90_000.0})] == [1, 5, 9, 40, 60]


@given(
    scored_st,
    st.integers(0, 6),
    st.integers(0, 5),
    st.floats(0, 1),
    st.dictionaries(st.integers(0, 60), st.floats(0, 1e6), max_size=40),
)
def test_spread_properties(ranked, head, window, penalty, times) -> None:
    out = spread(ranked, head, window, penalty, times=times)
    first = list(dict.fromkeys(s for s, _ in ranked))
    assert [s for s, _ in out[2 * head :]] == first[2 * head :]  # past the head's pool nothing moves
    assert sorted(s for s, _ in out[: 2 * head]) == sorted(first[: 2 * head])  # the pool: the same hits, reordered
    assert len(out) == len(first) and out == spread(ranked, head, window, penalty, times=times)


@settings(max_examples=50)
@given(seq_lists, seq_lists, st.integers(1, 30), st.sampled_from(["rrf", "combine"]))
def test_hybrid_properties(text_seqs, vec_seqs, k, method) -> None:
    text = [hit(s, 10.0 - i) for i, s in enumerate(dict.fromkeys(text_seqs))]
    vec = [hit(s, 1.0 - i / 100) for i, s in enumerate(dict.fromkeys(vec_seqs))]
    fused = hybrid(text, vec, k, method)
    seqs = [h.message.seq for h in fused]
    assert len(seqs) == len(set(seqs)) == min(k, len(set(text_seqs) | set(vec_seqs)))
    assert fused == hybrid(text, vec, k, method)


# ---------------------------------------------------------------- keyword_query


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("When did Caroline go to the LGBTQ support group?", "Caroline LGBTQ support group"),
        ("What is Melanie's favourite book?", "Melanie's favourite book"),
        ("How many dogs does Andrew have?", "many dogs Andrew"),
        ("What is it?", "What is it?"),  # nothing would remain: unchanged
        ("", ""),
        ("Où est la Bibliothèque?", "Où est Bibliothèque"),  # no French data file: read as Italian ("la")
        ("Wann kommt meine Rückerstattung?", "kommt Rückerstattung"),  # German stop words
        ("Quando arriva il mio rimborso?", "arriva rimborso"),
        ("我的订单什么时候到？", "订单"),  # Chinese chunks between stop words
    ],
)
def test_keyword_query(question: str, expected: str) -> None:
    assert keyword_query(question) == expected


# ---------------------------------------------------------------- adaptive fusion (issue 21)


def _ranked(seqs, top=10.0, step=0.5):
    return [(s, top - i * step) for i, s in enumerate(seqs)]


def test_support_measures_how_close_in_meaning_the_keyword_hits_are() -> None:
    vec = _ranked(range(1, 101), 0.9, 0.005)  # cosines 0.9 .. 0.405
    assert support(_ranked([1, 2, 3, 4, 5]), vec) == pytest.approx(1.0, abs=0.03)  # the vector arm's best
    none = support(_ranked([500, 501, 502, 503, 504]), vec)  # none of them close in meaning
    assert none == pytest.approx(0.0, abs=1e-9)
    assert support(_ranked([40, 50, 60, 501, 502]), vec) == pytest.approx((0.606 + 0.505 + 0.404) / 5, abs=0.01)
    assert support([], vec) == support(_ranked([1]), []) == 1.0  # nothing to compare


def test_keyword_trust_is_full_among_short_turns_and_earned_among_long_messages() -> None:
    vec = _ranked(range(1, 101), 0.6, 0.004)
    stray = _ranked(range(500, 530))  # keyword hits that the vector arm does not know at all
    assert keyword_trust(stray, vec, long=()) == 1.0  # short turns: words shared with the question count
    assert keyword_trust(stray, vec, long=range(500, 530)) == 0.0  # long messages: incidental words
    assert keyword_trust(_ranked(range(1, 31)), vec, long=range(1, 31)) > 0.9  # also close in meaning
    rare = [(500, 14.0), *_ranked(range(501, 530), 5.0, 0.01)]  # one message singled out: an identifier
    assert keyword_trust(rare, vec, long=range(500, 530)) == 0.0  # earns trust for itself only (singled_out)
    assert keyword_trust(stray[:0], vec, long=()) == 0.0  # no keyword hit at all: the vector ranking alone
    assert keyword_trust(stray, [], long=range(500, 530)) == 1.0  # no vectors: full text is all there is


def test_a_lead_singles_out_its_one_message_among_long_messages_only() -> None:
    vec = _ranked(range(1, 101), 0.6, 0.004)
    long = range(500, 530)
    rare = [(500, 14.0), *_ranked(range(501, 530), 5.0, 0.01)]  # best / second best = 2.8: past the ramp
    assert singled_out(rare, vec, long) == (500, 1.0)
    assert singled_out([(500, 3.0)], vec, long=[500]) == (500, 1.0)  # the only message with the words
    half = [(500, 10.0 * 2.15), *_ranked(range(501, 530), 10.0, 0.01)]  # lead 2.15: half way up the ramp
    got = singled_out(half, vec, long)
    assert got is not None and got[0] == 500 and got[1] == pytest.approx(0.5, abs=1e-6)
    assert singled_out(_ranked(range(500, 530)), vec, long) is None  # no lead
    assert singled_out(rare, vec, long=()) is None  # short turns: the arm is trusted whole instead
    assert singled_out(rare, [], long) is None and singled_out([], vec, long) is None


def test_a_singled_out_hit_costs_the_vector_ranking_one_slot_not_its_evidence() -> None:
    # Long messages (the long-chat dev set's "Where do I live?"): the question's one content word is in three
    # adjacent messages, one far ahead ("lives on Bitbucket"), none close in meaning; the vector arm has the
    # evidence at rank 5 and the lead's neighbours at its bottom. Trusting the whole keyword arm for the lead (as
    # before) lifted those neighbours (and the arm's other hits) over the evidence; lifting the one message does not.
    order = [327, 211, 173, 231, 357, 367, 213, 307, 223, 334, *range(600, 1000, 4), 148, 149, 150, 152, 154]
    vec = [(327, 0.18), *_ranked(order[1:], 0.13, 0.0008)]  # cosines: a steep head, as short questions give
    text = [(151, 7.0), (153, 2.09), (152, 1.95)]
    long = {151, 152, 153}
    trust, single = keyword_trust(text, vec, long), singled_out(text, vec, long)
    assert trust == 0.0 and single == (151, 1.0)
    got = [s for s, _ in fuse(text, vec, 10, trust=trust, single=single)]
    assert got == [151, 327, 211, 173, 231, 357, 367, 213, 307, 223]  # the vector arm's top 9, in its order
    before = [s for s, _ in fuse(text, vec, 10, trust=1.0)]  # the arm trusted whole
    assert 357 not in before and {149, 150, 152, 153} <= set(before)


def test_fuse_lifts_the_single_seq_after_the_neighbour_boost_only() -> None:
    text = _ranked([50, 51, 52])
    vec = _ranked([7, 3, 9, 1, 40], 0.8, 0.05)
    plain = fuse(text, vec, 9, trust=0.0)
    assert fuse(text, vec, 9, trust=0.0, single=(40, 0.0)) == plain  # no lift: unchanged
    half = [s for s, _ in fuse(text, vec, 9, trust=0.0, single=(40, 0.5))]
    assert half.index(40) < [s for s, _ in plain].index(40) and half[0] == 7  # raised, not first
    full = [s for s, _ in fuse(text, vec, 9, trust=0.0, single=(40, 1.0))]
    assert full[0] == 40 and full[1:5] == [7, 3, 9, 1]  # first; the rest in their order, its neighbours not lifted
    assert fuse(text, vec, 9, trust=0.0, single=(999, 1.0)) == plain  # a seq no arm found: nothing to lift


def test_a_partial_lift_moves_by_rank_where_cosines_crowd() -> None:
    """A 2 MB log's rare shard id (benchmarks/big_outputs.py): the keyword arm has it 2.2x ahead, the vectors never
    ranked it; cosines sit within a few hundredths of the best, so a share of the best score moved it nowhere."""
    vec = _ranked(range(1, 40), 0.41, 0.001)
    text = [(81, 15.4), (5, 7.1), (7, 7.1)]
    single = singled_out(text, vec, long={81, 5, 7})
    assert single is not None and 0.3 < single[1] < 0.7
    got = [s for s, _ in fuse(text, vec, 30, trust=keyword_trust(text, vec, {81, 5, 7}), single=single)]
    assert 2 <= got.index(81) <= 7  # within the top 10, below the vector arm's first hits
    assert [s for s in got if s != 81][:9] == list(range(1, 10))  # the vector arm's order kept


def test_fuse_without_trust_is_the_vector_ranking_and_with_full_trust_unchanged() -> None:
    text = _ranked([50, 51, 52, 53])
    vec = _ranked([7, 3, 9, 1, 51], 0.8, 0.05)
    assert [s for s, _ in fuse(text, vec, 4, trust=0.0)] == [7, 3, 9, 1]  # no boost, no keyword share
    assert fuse(text, vec, 9, trust=1.0) == fuse(text, vec, 9)
    order = {t: [s for s, _ in fuse(text, vec, 9, trust=t)] for t in (0.2, 0.5, 1.0)}
    assert [order[t].index(7) for t in (0.2, 0.5, 1.0)] == sorted(order[t].index(7) for t in (0.2, 0.5, 1.0))
    assert order[0.2].index(7) < order[1.0].index(7)  # less trust in the keywords: the vector arm's best rises
    with pytest.raises(InvalidArgument):
        fuse(text, vec, 5, trust=1.5)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 60), max_size=30, unique=True),
    st.lists(st.integers(1, 60), min_size=2, max_size=30, unique=True),
    st.sets(st.integers(1, 60)),
)
def test_keyword_trust_is_a_share_and_fuse_keeps_every_seq_once(text_seqs, vec_seqs, long) -> None:
    text, vec = _ranked(text_seqs), _ranked(vec_seqs, 0.9, 0.01)
    trust = keyword_trust(text, vec, long)
    assert 0.0 <= trust <= 1.0
    fused = [s for s, _ in fuse(text, vec, 100, trust=trust)]
    assert sorted(fused) == sorted(set(text_seqs) | set(vec_seqs))


def test_lift_adds_a_share_of_the_best_score_to_the_named_seqs():
    ranked = [(1, 2.0), (2, 1.5), (3, 1.0)]
    assert lift(ranked, {3}, 0.3) == [(1, 2.0), (3, 1.6), (2, 1.5)]
    assert lift(ranked, {2, 3}, 1.0) == [(2, 3.5), (3, 3.0), (1, 2.0)]
    assert lift(ranked, set(), 0.3) == ranked and lift(ranked, {3}, 0.0) == ranked
    assert lift([(1, 0.0), (2, 0.0)], {2}, 0.3) == [(2, 0.3), (1, 0.0)]  # no positive score: the weight itself
    assert lift([], {1}, 0.3) == []


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 50), st.floats(-5, 5)), unique_by=lambda r: r[0], max_size=30),
    st.sets(st.integers(1, 50)),
    st.floats(0, 2),
)
def test_lift_keeps_every_hit_and_the_order_within_each_side(ranked, seqs, weight):
    ranked = sorted(ranked, key=lambda r: -r[1])
    out = lift(ranked, seqs, weight)
    assert sorted(s for s, _ in out) == sorted(s for s, _ in ranked)
    for side in (True, False):
        assert [s for s, _ in out if (s in seqs) is side] == [s for s, _ in ranked if (s in seqs) is side]


def test_vector_share_rises_as_the_arms_disagree() -> None:
    same = [(s, 1.0 - s / 100) for s in range(1, 11)]
    other = [(s, 1.0 - s / 100) for s in range(21, 31)]
    assert vector_share(same, same) == pytest.approx(DEFAULT_ALPHA)  # they agree: the tuned share
    assert vector_share(same, other) == pytest.approx(0.5)  # nothing in common: the vector arm weighs more
    half = same[:2] + other[:8]  # 2 of 10 shared: half way up the ramp to the agreement that keeps alpha
    assert vector_share(same, half) == pytest.approx(0.5 - 0.2 * 0.5)
    assert vector_share([], same) == vector_share(same, []) == DEFAULT_ALPHA
    assert vector_share(same, other, alpha=0.2) == pytest.approx(0.5)


@given(seq_lists, seq_lists)
def test_vector_share_stays_between_the_tuned_alpha_and_its_ceiling(a, b) -> None:
    text = [(s, 1.0) for s in dict.fromkeys(a)]
    vec = [(s, 1.0) for s in dict.fromkeys(b)]
    assert DEFAULT_ALPHA - 1e-12 <= vector_share(text, vec) <= 0.5 + 1e-12


def test_unvectored_places_a_text_hit_without_a_vector_by_its_words() -> None:
    vec = [(1, 0.9), (2, 0.5), (3, 0.1)]
    text = [(7, 12.0), (3, 6.0), (9, 0.0)]
    out = unvectored(text, vec)
    assert out == [(1, 0.9), (7, 0.9), (2, 0.5), (3, 0.1), (9, 0.1)]  # ties: the vector hit first
    assert unvectored([], vec) == vec and unvectored(text, []) == []


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.integers(0, 40), st.floats(-1, 1), max_size=15),
    st.dictionaries(st.integers(0, 40), st.floats(0, 30), max_size=15),
)
def test_unvectored_keeps_every_vector_score_and_adds_each_missing_seq_within_their_range(vd, td) -> None:
    vec = sorted(vd.items(), key=lambda x: -x[1])
    text = sorted(td.items(), key=lambda x: -x[1])
    out = unvectored(text, vec)
    got = dict(out)
    assert len(out) == len(got)  # each seq once
    assert all(got[s] == v for s, v in vec)  # the vector scores as they were
    if vec:
        assert set(got) == set(vd) | set(td)
        lo, hi = min(vd.values()), max(vd.values())
        assert all(lo <= got[s] <= hi for s in td.keys() - vd.keys())
    assert [v for _, v in out] == sorted((v for _, v in out), reverse=True)
