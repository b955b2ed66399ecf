"""Rank fusion for archive search: pure functions over ranked message seqs, no I/O.

- :func:`rrf`: reciprocal rank fusion of any number of rankings.
- :func:`combine`: convex combination of min-max normalised scores (full-text and vector).
- :func:`fuse`: what ``recall`` runs: full-text + vector rankings of seqs -> the k best, fused;
  :func:`hybrid`: the same over hits.
- :func:`keyword_trust`: how far one query's full-text arm is trusted (adaptive fusion), from :func:`support`;
  :func:`vector_share`: the vector arm's share where it is trusted whole, from the arms' agreement;
  :func:`singled_out`: the one keyword hit a rare term singles out, lifted alone.
- :func:`unvectored`: a vector ranking with the text hits not embedded yet placed by their words.
- :func:`neighbour_boost`: lift hits that sit next to other strong hits.
- :func:`with_neighbours`: expand hits with the turns around them, within a fixed number of slots.
- :func:`spread`: the head of a ranking drawn from different parts of the conversation.
- :func:`keyword_query`: a question rewritten for BM25 (stop words and question words removed).

Ties are broken the same way everywhere: higher score first, then the better single-list rank, then the
smaller seq (the older message), so every function here is deterministic.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence

from ..config import DEFAULT_SPEAKER_BOOST
from ..errors import InvalidArgument
from ..protocols import TextHit
from ..types import Message
from .lang import content_words as _content_words
from .lang import stop_words
from .query import Query
from .speakers import lift, speaker_boost, speaker_of

#: RRF's damping constant (Cormack et al. 2009); larger values flatten the head of each ranking.
RRF_K = 60

# English function words and question words: they match most turns and carry no topic (the English data file's
# "stop" list, tuned on LoCoMo: words that often carry the answer's type, "first", "last", "new", stay). Other
# languages' lists come from their data files (``core.lang``).
STOP_WORDS = stop_words("en")


def _order_key(score: float, best_rank: int, seq: int) -> tuple[float, int, int]:
    return (-score, best_rank, seq)


def rrf(
    rankings: Sequence[Sequence[int]], k: int = RRF_K, weights: Sequence[float] | None = None
) -> list[tuple[int, float]]:
    """Reciprocal rank fusion: ``score(seq) = sum_i weights[i] / (k + rank_i(seq))``, ranks counted from 1.

    A seq missing from a ranking adds nothing for it; a seq repeated within one ranking counts once, at its
    best rank. Returns every seq of every ranking exactly once as ``(seq, score)``, best first.
    """
    if k < 0:
        raise InvalidArgument(f"k must be >= 0, got {k}")
    w = [1.0] * len(rankings) if weights is None else [float(x) for x in weights]
    if len(w) != len(rankings):
        raise InvalidArgument(f"got {len(rankings)} rankings but {len(w)} weights")
    scores: dict[int, float] = {}
    best: dict[int, int] = {}
    for ranking, weight in zip(rankings, w, strict=True):
        for rank, seq in enumerate(dict.fromkeys(ranking), start=1):
            scores[seq] = scores.get(seq, 0.0) + weight / (k + rank)
            best[seq] = min(best.get(seq, rank), rank)
    return sorted(scores.items(), key=lambda item: _order_key(item[1], best[item[0]], item[0]))


def _minmax(hits: Sequence[tuple[int, float]]) -> dict[int, float]:
    """Scores mapped to [0, 1] within the list (all equal -> all 1); the first occurrence of a seq wins."""
    first: dict[int, float] = {}
    for seq, score in hits:
        if seq not in first and math.isfinite(score):
            first[seq] = score
    if not first:
        return {}
    lo, hi = min(first.values()), max(first.values())
    if hi == lo:
        return dict.fromkeys(first, 1.0)
    return {seq: (score - lo) / (hi - lo) for seq, score in first.items()}


def combine(
    text_hits: Sequence[tuple[int, float]], vector_hits: Sequence[tuple[int, float]], alpha: float = 0.5
) -> list[tuple[int, float]]:
    """Convex combination ``alpha * vector + (1 - alpha) * text`` of min-max normalised scores, best first.

    Each list is ``(seq, score)`` with higher scores better (any scale: BM25, cosine). A seq absent from
    one list scores 0 there. Returns every seq of both lists exactly once.
    """
    if not 0.0 <= alpha <= 1.0:
        raise InvalidArgument(f"alpha must be between 0 and 1, got {alpha}")
    text, vec = _minmax(text_hits), _minmax(vector_hits)
    rank: dict[int, int] = {}
    for hits in (text_hits, vector_hits):
        for r, (seq, _) in enumerate(hits, start=1):
            rank[seq] = min(rank.get(seq, r), r)
    fused = {seq: (1.0 - alpha) * text.get(seq, 0.0) + alpha * vec.get(seq, 0.0) for seq in rank}
    return sorted(fused.items(), key=lambda item: _order_key(item[1], rank[item[0]], item[0]))


def unvectored(
    text_hits: Sequence[tuple[int, float]], vector_hits: Sequence[tuple[int, float]]
) -> list[tuple[int, float]]:
    """``vector_hits`` with each seq of ``text_hits`` it lacks put in, scored where its full-text score puts it.

    For a vector ranking that holds every vector in reach (it came back shorter than asked): a seq it lacks has
    no vector yet (the background lane embeds a message a moment after ``add``) and is placed by its words, the
    same share of the vector scores' range as its full-text score has of theirs, not scored 0 as the worst match.
    """
    have = {seq for seq, _ in vector_hits}
    lacking = [(seq, score) for seq, score in text_hits if seq not in have]
    scores = [score for _, score in vector_hits if math.isfinite(score)]
    if not lacking or not scores:
        return list(vector_hits)
    lo, hi = min(scores), max(scores)
    share = _minmax(text_hits)
    placed = [(seq, min(hi, lo + share.get(seq, 0.0) * (hi - lo))) for seq, _ in lacking]
    return sorted([*vector_hits, *placed], key=lambda item: -item[1])


def neighbour_boost(
    ranked: Sequence[tuple[int, float]], weights: Sequence[float] = (0.4, 0.3, 0.2)
) -> list[tuple[int, float]]:
    """Raise each hit by its best-scoring neighbour: ``score + max_d weights[d-1] * max(score(seq-d), score(seq+d))``.

    Evidence in a conversation clusters (a question, its answer, the follow-up), so a turn next to a strong hit
    is likelier to matter than its own score says. Only seqs already in ``ranked`` move; scores should be >= 0
    (as :func:`combine` gives). Returns every seq once, best first.
    """
    base: dict[int, float] = {}
    rank: dict[int, int] = {}
    for r, (seq, score) in enumerate(ranked, start=1):
        if seq not in base:
            base[seq], rank[seq] = score, r
    boosted = {}
    for seq, score in base.items():
        lift = 0.0
        for d, w in enumerate(weights, start=1):
            near = max(base.get(seq - d, 0.0), base.get(seq + d, 0.0))
            lift = max(lift, w * near)
        boosted[seq] = score + lift
    return sorted(boosted.items(), key=lambda item: _order_key(item[1], rank[item[0]], item[0]))


# The head of recall's ranking (issue 21): chosen on the two dev sets (benchmarks/locomo_recall.py, long_chat.py), so
# optimistic there. LoCoMo dev, archive.recall(k=10): an evidence session among the first 5 hits 92.4 -> 93.8, turn
# recall@5 58.2 -> 56.3 (the cost: an answer's second turn next to its first leaves the head), @10 unchanged; long
# chat recall@5 50.4 -> 52.8. A head shorter than 5 moved nothing (the turn it displaced came back at place 5); a
# head drawn from deeper than 2 x 5 places cost LoCoMo turn recall@10 (evidence clusters); window 2-5 and penalty
# 0.7-0.8 land within 0.5 of each other.
SPREAD_HEAD = 5  # places of the ranking's head that spread() picks, from the first 2 x SPREAD_HEAD
SPREAD_WINDOW = 3  # a hit within this many seqs of one already in the head is "the same part" of the conversation
SPREAD_PENALTY = 0.75  # such a hit competes for the head with this share of its score
# Hits written within this many seconds of each other are one sitting (spread's ``times``): LoCoMo dev session
# recall@5 93.8 -> 94.4 (turn recall@5 57.6 -> 57.2; any gap from minutes to hours is the same there: its
# sessions are days apart and their turns seconds).
SPREAD_GAP = 3600.0


def spread(
    ranked: Sequence[tuple[int, float]],
    head: int = SPREAD_HEAD,
    window: int = SPREAD_WINDOW,
    penalty: float = SPREAD_PENALTY,
    *,
    times: Mapping[int, float] | None = None,
    gap: float = SPREAD_GAP,
) -> list[tuple[int, float]]:
    """``ranked`` (``(seq, score)``, best first) with its first ``head`` places drawn from different parts of the
    conversation: each place goes to the best of the first ``2 * head`` hits, one within ``window`` seqs of a hit
    already placed competing with ``penalty`` times its score (``score - (1 - penalty) * |score|``, so negative
    scores fall too). The rest follow in their order, so the first ``2 * head`` places hold the same hits as before
    (recall@10 of a head of 5 cannot change); every seq once, scores unchanged (the list may not be sorted by score).

    The neighbour boost (:func:`neighbour_boost`) lifts the turns around a strong hit, which is what finds a
    clustered answer's other turns; but five turns of one exchange at the top leave no room for the other places
    a question may be answered (or the one it is answered in, when the strong hit is a near miss). ``penalty`` 1
    or ``head`` 0 keep the ranking as it is.

    ``times`` (seq -> ``created_at``) widens "the same part" to the same sitting: written within ``gap`` seconds
    of each other. Only when the first ``2 * head`` hits come from more than one sitting (they span more than
    ``gap``): in a conversation held in one go, the seq window alone tells its parts apart.
    """
    if not 0.0 <= penalty <= 1.0:
        raise InvalidArgument(f"penalty must be between 0 and 1, got {penalty}")
    if window < 0:
        raise InvalidArgument(f"window must be >= 0, got {window}")
    first: dict[int, float] = {}
    for seq, score in ranked:
        first.setdefault(seq, score)  # each seq once, at its first place
    items = list(first.items())
    rest, tail = items[: 2 * max(head, 0)], items[2 * max(head, 0) :]
    chosen: list[tuple[int, float]] = []
    cut = 1.0 - penalty
    at = {s: times[s] for s, _ in rest if s in times} if times else {}
    if at and max(at.values()) - min(at.values()) <= gap:
        at = {}  # one sitting: the seq window alone

    def same(a: int, b: int) -> bool:
        return abs(a - b) <= window or (a in at and b in at and abs(at[a] - at[b]) <= gap)

    while rest and len(chosen) < head and cut > 0.0:

        def competes(i: int) -> tuple[float, int]:
            seq, score = rest[i]
            near = any(same(seq, placed) for placed, _ in chosen)
            return (score - cut * abs(score) if near else score, -i)  # ties: the earlier place

        chosen.append(rest.pop(max(range(len(rest)), key=competes)))
    return chosen + rest + tail


def with_neighbours(seqs: Sequence[int], radius: int, max_seq: int, limit: int | None = None) -> list[int]:
    """Each hit followed by the turns within ``radius`` of it (nearest first, earlier before later).

    Seqs outside ``1..max_seq`` are skipped, every seq appears once (at its first place), and the list is cut
    at ``limit`` entries when given, so neighbours take slots of the k rather than adding to them.
    """
    if radius < 0:
        raise InvalidArgument(f"radius must be >= 0, got {radius}")
    out: dict[int, None] = {}
    cap = math.inf if limit is None else limit
    for seq in seqs:
        for s in _around(seq, radius):
            if len(out) >= cap:
                return list(out)
            if 1 <= s <= max_seq:
                out.setdefault(s, None)
    return list(out)[: None if limit is None else limit]


def _around(seq: int, radius: int) -> Iterable[int]:
    yield seq
    for d in range(1, radius + 1):
        yield seq - d
        yield seq + d


def keyword_query(question: str | Query) -> str:
    """The content words of ``question`` (stop words and question words removed), in their order.

    Returns the question unchanged when nothing would remain (e.g. "What is it?"), so a search never goes
    empty just because of the rewrite (:attr:`~chatcompact.core.query.Query.keywords`).
    """
    return Query.of(question).keywords


def content_words(text: str) -> list[str]:
    """The words of ``text`` that are not stop words or question words of its language, as written, in their order
    (:func:`chatcompact.core.lang.content_words`, the one rule of the library)."""
    return _content_words(text, keep_case=True)


# Adaptive fusion (issue 21): how far the full-text arm is trusted for one query (:func:`keyword_trust`). Chosen on
# the two dev sets (``benchmarks/locomo_recall.py``, ``benchmarks/long_chat.py``): see docs/concepts.md.
LONG_SHARE = 0.25  # keyword hits that are long messages (passage-indexed), share of the top LONG_TOP, for "long"
LONG_TOP = 20
SUPPORT_TOP = 5  # keyword hits whose closeness in meaning is averaged
SUPPORT_RAMP = (0.7, 1.0)  # support below the first: no trust from it; at the second (all agree): full trust
PEAK_RAMP = (1.8, 2.5)  # best keyword score / second best: one message singled out (a rare identifier)
SINGLE_WINDOW = 10  # the ranks a singled-out message's lift spans (1: first; the ramp's foot: the 10th)
_NO_BOOST = 0.01
AGREE_TOP = 10  # the hits of each arm whose overlap says how far the two agree (:func:`vector_share`)
AGREE_FULL = 0.4  # a shared share of them from which the tuned alpha holds
ALPHA_APART = 0.5  # the vector share when the two arms' first hits have none in common


def _ramp(x: float, lo: float, hi: float) -> float:
    return min(1.0, max(0.0, (x - lo) / (hi - lo)))


def _lead(ranking: Sequence[tuple[int, float]]) -> float:
    """How far the best score leads: best / second best (scores > 0, as BM25's are); a lone hit leads by all."""
    if not ranking:
        return 1.0
    first = ranking[0][1]
    second = ranking[1][1] if len(ranking) > 1 else 0.0
    return first / second if second > 0 else (math.inf if first > 0 else 1.0)


def support(text: Sequence[tuple[int, float]], vec: Sequence[tuple[int, float]], top: int = SUPPORT_TOP) -> float:
    """How close in meaning the best keyword hits are, on the vector arm's own scale: the mean cosine of the
    ``top`` best full-text hits (one the vector arm did not return counts as its last hit's), mapped so that the
    vector arm's last hit is 0 and its first is 1. 1 when there is nothing to compare."""
    if not text or len(vec) < 2 or vec[0][1] <= vec[-1][1]:
        return 1.0
    cosine = dict(reversed(vec))  # the first occurrence of a seq wins
    floor, best = vec[-1][1], vec[0][1]
    mean = sum(cosine.get(s, floor) for s, _ in text[:top]) / len(text[:top])
    return min(1.0, max(0.0, (mean - floor) / (best - floor)))


def _among_long(text: Sequence[tuple[int, float]], long: Collection[int]) -> bool:
    """Are at least :data:`LONG_SHARE` of the top :data:`LONG_TOP` keyword hits long (passage-indexed) messages?"""
    head = [s for s, _ in text[:LONG_TOP]]
    return sum(s in long for s in head) >= LONG_SHARE * len(head)


def keyword_trust(
    text: Sequence[tuple[int, float]], vec: Sequence[tuple[int, float]], long: Collection[int] = ()
) -> float:
    """How far to trust the full-text arm for one query, 0..1 (:func:`fuse`'s ``trust``).

    Among short turns (fewer than :data:`LONG_SHARE` of the top :data:`LONG_TOP` keyword hits are in ``long``, the
    seqs of passage-indexed long messages) it is 1: there, words shared with the question are the best evidence
    there is (LoCoMo: full text 65, vectors 41). Among long messages a keyword hit is often incidental (a long
    answer uses many words) and a question that paraphrases its evidence shares none with it, so the full-text
    arm is trusted only as far as its best hits are also close in meaning (:func:`support`); otherwise the vector
    ranking leads alone. A best hit that stands far above the next (a rare identifier) earns trust for itself
    only, not for the arm: :func:`singled_out`.
    """
    if not vec:
        return 1.0
    if not text:
        return 0.0  # no keyword hit: the vector ranking alone, not lifted by the neighbour boost of keyword hits
    if not _among_long(text, long):
        return 1.0
    return _ramp(support(text, vec), *SUPPORT_RAMP)


def singled_out(
    text: Sequence[tuple[int, float]], vec: Sequence[tuple[int, float]], long: Collection[int] = ()
) -> tuple[int, float] | None:
    """The keyword hit that one query's full-text arm singles out among long messages, and how far (0..1]:
    ``(seq, lift)`` for :func:`fuse`'s ``single``, or None.

    A best score far above the next (:data:`PEAK_RAMP`, best / second best; a lone hit leads by all) marks the
    one message that carries a rare term of the query: an identifier, an error's module name. That is evidence
    for that message, not for the keyword hits around it or below it: a common word found in only a few messages
    leads as far ("where do I live?" matching "lives on Bitbucket"), and trusting the whole arm for it let the
    hit's neighbours and the arm's incidental hits push the vector arm's evidence out of the top 10. So the lead
    lifts its one message and costs the vector ranking one slot at most. None among short turns (there the arm
    is trusted whole, :func:`keyword_trust`), without vectors or without a lead.
    """
    if not vec or not text or not _among_long(text, long):
        return None
    lift = _ramp(_lead(text), *PEAK_RAMP)
    return (text[0][0], lift) if lift > 0 else None


def _lift(ranked: Sequence[tuple[int, float]], single: tuple[int, float]) -> list[tuple[int, float]]:
    """``ranked`` with the seq of ``single`` moved up by rank: a ``lift`` of 1 puts it first, less puts it
    ``(1 - lift)`` of the way down the top :data:`SINGLE_WINDOW` (scored as the hit it goes before), never lower
    than it was (a seq the fused ranking lacks is not added). By rank, not by score: vector cosines crowd near the
    best, so a share of the best score moved a hit nowhere. The order of the rest is kept."""
    seq, lift = single
    now = next((i for i, (s, _) in enumerate(ranked) if s == seq), None)
    if now is None or not 0.0 < lift <= 1.0:
        return list(ranked)
    rest = [r for r in ranked if r[0] != seq]
    at = min(round((1.0 - lift) * (SINGLE_WINDOW - 1)), now)
    score = rest[at][1] if at < len(rest) else ranked[now][1]
    return [*rest[:at], (seq, score), *rest[at:]]


#: What a message written within a day or month the query names gains (``fuse``'s ``dated``), times the best
#: score. Tuned on the LoCoMo dev questions that name a date (120), at 0 / 0.1 / 0.2 / 0.3 / 0.5 / 1.0: turn
#: recall@5 64.7 / 71.3 / 75.7 / 77.9 / 79.4 / 74.3, @10 82.4 / 86.0 / 89.0 / 89.0 / 89.7 / 89.0, session recall@5
#: 95.8 / 97.5 / 98.3 / 97.5 / 96.7 / 95.8 (without the dated searches: 66.9, 81.6, 97.5).
DATE_WEIGHT = 0.3


#: Methods :func:`hybrid` knows.
METHODS = ("combine", "rrf")
# Defaults of :func:`hybrid`, tuned on the LoCoMo dev set (``benchmarks/locomo_recall.py``), so optimistic there;
# the landscape is flat: alpha 0.2-0.4 with any boost of 0.3-0.5 at distance 1 lands within a point of the best.
DEFAULT_METHOD = "combine"
DEFAULT_ALPHA = 0.3  # vector share for combine (text 0.7)
DEFAULT_WEIGHTS = (1.5, 1.0)  # (text, vector) for rrf
DEFAULT_RRF_K = 10
DEFAULT_BOOST = (0.4, 0.3, 0.2)  # neighbour_boost weights at distance 1, 2, 3; () turns it off


def vector_share(
    text: Sequence[tuple[int, float]], vec: Sequence[tuple[int, float]], alpha: float = DEFAULT_ALPHA
) -> float:
    """The vector arm's share (:func:`fuse`'s ``alpha``) for one query whose keyword arm is trusted whole, from the
    agreement of the arms: ``alpha`` when at least :data:`AGREE_FULL` of their first :data:`AGREE_TOP` hits are
    the same messages, rising to :data:`ALPHA_APART` as they share none.

    When the two arms find the same turns, words shared with the question are the sharper evidence (LoCoMo: full
    text 60, vectors 44 recall@10). When they find different turns, the question's words are often the common
    ones ("what do Jon and Gina have in common?") and the keyword arm's lead means less. On the LoCoMo dev set
    (ramp foot 0.2-0.4, top 5-20, apart 0.4-0.6: session recall@5 94.4-94.9 against 94.4 fixed): session recall@5
    94.4 -> 94.8, turn recall@10 69.2 -> 69.6.
    """
    if not text or not vec:
        return alpha
    shared = len({s for s, _ in text[:AGREE_TOP]} & {s for s, _ in vec[:AGREE_TOP]}) / AGREE_TOP
    return ALPHA_APART - (ALPHA_APART - alpha) * min(1.0, shared / AGREE_FULL)


def hybrid(
    text_hits: Sequence[TextHit],
    vector_hits: Sequence[TextHit],
    k: int,
    method: str = DEFAULT_METHOD,
    *,
    alpha: float = DEFAULT_ALPHA,
    rrf_k: int = DEFAULT_RRF_K,
    weights: Sequence[float] = DEFAULT_WEIGHTS,
    boost: Sequence[float] = DEFAULT_BOOST,
    speakers: Collection[str] = (),
    speaker_weight: float = DEFAULT_SPEAKER_BOOST,
) -> list[TextHit]:
    """Fuse the full-text and vector hits of one query into the ``k`` best, as new hits scored by the fusion.

    :func:`fuse` over the hits' seqs and scores (see there), the speaker of each hit read from its message
    (:func:`~chatcompact.core.speakers.speaker_of`). Either list may be empty. The message of each hit is taken
    from whichever list had it.
    """
    messages: dict[int, Message] = {}
    for hit in (*vector_hits, *text_hits):
        messages.setdefault(hit.message.seq or 0, hit.message)
    fused = fuse(
        [(h.message.seq or 0, h.score) for h in text_hits],
        [(h.message.seq or 0, h.score) for h in vector_hits],
        k,
        method,
        alpha=alpha,
        rrf_k=rrf_k,
        weights=weights,
        boost=boost,
        speakers=speakers,
        speaker_weight=speaker_weight,
        speaker_by_seq={seq: speaker_of(m) for seq, m in messages.items()} if speakers and speaker_weight else {},
    )
    return [TextHit(message=messages[seq], score=score) for seq, score in fused]


def fuse(
    text: Sequence[tuple[int, float]],
    vec: Sequence[tuple[int, float]],
    k: int,
    method: str = DEFAULT_METHOD,
    *,
    alpha: float = DEFAULT_ALPHA,
    rrf_k: int = DEFAULT_RRF_K,
    weights: Sequence[float] = DEFAULT_WEIGHTS,
    boost: Sequence[float] = DEFAULT_BOOST,
    speakers: Collection[str] = (),
    speaker_weight: float = DEFAULT_SPEAKER_BOOST,
    speaker_by_seq: Mapping[int, str | None] | None = None,
    trust: float = 1.0,
    single: tuple[int, float] | None = None,
    dated: Collection[int] = (),
    date_weight: float = DATE_WEIGHT,
) -> list[tuple[int, float]]:
    """Fuse the full-text and vector rankings (``(seq, score)``, best first) of one query into the ``k`` best.

    ``method="combine"`` (default): :func:`combine` of min-max normalised scores, ``alpha`` the vector share;
    ``method="rrf"``: :func:`rrf` with ``weights`` = (text, vector). Then :func:`neighbour_boost` with ``boost``,
    and last the seqs whose speaker (``speaker_by_seq``, names as :func:`~chatcompact.core.speakers.speaker_of`
    reads them) is one of ``speakers`` (e.g. from :func:`~chatcompact.core.speakers.named_speakers`) gain
    ``speaker_weight`` times the best score (:func:`~chatcompact.core.speakers.speaker_boost`).
    ``trust`` (0..1, :func:`keyword_trust`) scales the full-text arm's weight and the neighbour boost: 1 is the
    tuned fusion above, 0 the vector ranking alone (with the speaker lift). ``single`` (``(seq, lift)``,
    :func:`singled_out`) moves that one seq up by rank (``lift`` 1: first), after the neighbour boost (its
    neighbours are not lifted with it) and before the speaker lift. Last, the seqs in ``dated`` (the messages
    written within a day or month the query names, ``runtime.archive``) gain ``date_weight`` times the best score
    (:func:`~chatcompact.core.speakers.lift`).
    Pass each list deep (100+ hits): min-max normalisation and the neighbour boost see only what they are given.
    """
    if method not in METHODS:
        raise InvalidArgument(f"method must be one of {METHODS}, got {method!r}")
    if not 0.0 <= trust <= 1.0:
        raise InvalidArgument(f"trust must be between 0 and 1, got {trust}")
    if k <= 0:
        return []
    if trust < 1.0 and vec:
        # the text arm's share shrinks with the trust in it (alpha 0.3 -> 1 as trust 1 -> 0), and so does the lift
        # of neighbours: keyword hits next to each other are what makes it pay (evidence in short turns clusters)
        alpha = alpha / (alpha + (1.0 - alpha) * trust) if trust > 0 else 1.0
        weights = (weights[0] * trust, *weights[1:])
        boost = tuple(w * trust for w in boost) if trust > _NO_BOOST else ()
    if method == "rrf":
        fused = rrf([[s for s, _ in text], [s for s, _ in vec]], k=rrf_k, weights=weights)
    else:
        fused = combine(text, vec, alpha=alpha)
    if boost:
        fused = neighbour_boost(fused, boost)
    if single is not None:
        fused = _lift(fused, single)
    if speakers and speaker_weight:
        # After the neighbour boost, so a lifted turn does not lift the other speakers' turns around it in turn
        # (the other order: -1.2 points of recall@10 on LoCoMo).
        fused = speaker_boost(fused, speaker_by_seq or {}, speakers, speaker_weight)
    if dated:
        fused = lift(fused, dated, date_weight)
    return fused[:k]


__all__ = [
    "DATE_WEIGHT",
    "DEFAULT_ALPHA",
    "DEFAULT_BOOST",
    "DEFAULT_METHOD",
    "METHODS",
    "RRF_K",
    "STOP_WORDS",
    "combine",
    "fuse",
    "hybrid",
    "keyword_query",
    "keyword_trust",
    "lift",
    "neighbour_boost",
    "rrf",
    "singled_out",
    "spread",
    "support",
    "vector_share",
    "with_neighbours",
]
