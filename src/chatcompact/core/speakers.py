"""Speaker-aware recall: pure functions, no I/O.

A chat archive often holds turns of named participants, either in the message's ``name`` field or as a
label at the start of the text, as chat logs and transcripts write them: ``"Alice: ..."``, optionally after a
bracketed timestamp (``"[10:14 am on 2 May, 2023] Alice: ..."``). A query that names one of them ("What did
Alice bake?") is about that participant's own turns far more often than not, and the name itself is a weak
search term: it labels every one of their turns. So recall

- finds which speakers of the thread's latest turns the query names (:func:`named_speakers`),
- runs the full-text and the vector search without those names (:func:`without_names`), and
- lifts that speaker's turns in the fused ranking (:func:`speaker_boost`).

A query that names every speaker seen (or none) changes nothing: the names then tell no turn apart.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence

from ..errors import InvalidArgument
from ..types import Message
from .lang import has_han
from .query import Query, runs

#: A leading speaker label: optional ``[...]`` timestamp, then one to three capitalised words and a colon
#: followed by a space. Lower-case starts ("note: ...") and long phrases are not labels.
_LABEL_RE = re.compile(r"^\s*(?:\[[^\]\n]{1,80}\]\s*)?([^\W\d_][\w'’.-]{0,30}(?: [^\W\d_][\w'’.-]{0,30}){0,2}):\s")
_POSSESSIVE_RE = re.compile(r"['’]s$", re.IGNORECASE)


_words = runs  # the words a name is matched on, case-folded (one rule with the query's)


def speaker_of(message: Message) -> str | None:
    """Who wrote ``message``: its ``name`` field if set, else the leading ``"Name:"`` label of its text, else None."""
    return speaker_in(message.name, message.content)


def speaker_in(name: object, content: object) -> str | None:
    """:func:`speaker_of` from a message's ``name`` and ``content`` fields alone (a stored row's, not parsed)."""
    if name:
        return name if isinstance(name, str) else None
    if not isinstance(content, str):
        return None
    m = _LABEL_RE.match(content[:200])
    if m is None or not all(word[0].isupper() or has_han(word) for word in m.group(1).split()):
        return None
    return m.group(1)


def named_speakers(query: str | Query, speakers: Iterable[str | None]) -> frozenset[str]:
    """The speakers (out of ``speakers``, e.g. those of the latest turns) that ``query`` names, to be lifted.

    :func:`names_said`, but empty when the query names every distinct speaker given: that would favour no turn
    over another.
    """
    distinct = {s for s in speakers if s}
    named = names_said(query, distinct)
    return frozenset() if named == distinct else named


def names_said(query: str | Query, speakers: Iterable[str | None]) -> frozenset[str]:
    """Every speaker (out of ``speakers``) that ``query`` names: all the words of its name occur in the query,
    case-insensitively ("alice's" names Alice; ``name`` fields split at ``_`` and ``-``). These names leave
    both searches' queries (:func:`without_names`): a name labels every turn of its speaker, so as a search term
    it only adds noise, the more so when the query names every speaker ("what have Jon and Gina both tried?":
    LoCoMo dev turn recall@10 +0.4)."""
    distinct = {s for s in speakers if s}
    if not distinct:
        return frozenset()
    q = Query.of(query)
    said, folded = q.said, q.folded
    # Chinese writes no spaces: a Han name is named when it occurs anywhere in the query ("王伟说了什么").
    return frozenset(
        s for s in distinct if (parts := _words(s)) and all(p in said or (has_han(p) and p in folded) for p in parts)
    )


def without_names(query: str, names: Collection[str]) -> str:
    """``query`` without the words of ``names`` (possessives included); the query unchanged if nothing would remain."""
    drop = {w for name in names for w in _words(name)}
    if not drop:
        return query
    kept = [w for w in query.split() if not set(_words(_POSSESSIVE_RE.sub("", w))) <= drop]
    return " ".join(kept) if kept else query


def speaker_boost(
    ranked: Sequence[tuple[int, float]], speaker_by_seq: Mapping[int, str | None], named: Collection[str], boost: float
) -> list[tuple[int, float]]:
    """Add ``boost`` times the best score to every hit whose speaker is in ``named``; best first, each seq once.

    Ties keep their order in ``ranked`` (stable sort). ``boost`` must be >= 0; 0 or no names returns the
    ranking as given (deduplicated).
    """
    if boost < 0:
        raise InvalidArgument(f"speaker boost must be >= 0, got {boost}")
    seen: dict[int, float] = {}
    for seq, score in ranked:
        seen.setdefault(seq, score)
    if not named:
        return list(seen.items())
    return lift(list(seen.items()), {seq for seq in seen if speaker_by_seq.get(seq) in named}, boost)


def lift(ranked: Sequence[tuple[int, float]], seqs: Collection[int], weight: float) -> list[tuple[int, float]]:
    """``ranked`` with ``weight`` times its best score (``weight`` itself when no score is positive) added to the
    seqs in ``seqs``, best first, ties in their order: the lift of a speaker's turns (:func:`speaker_boost`) and
    of the messages written when a query says (``core.fusion.fuse``'s ``dated``). Unchanged without seqs or
    weight."""
    if not seqs or not weight or not ranked:
        return list(ranked)
    gain = weight * max(max(score for _, score in ranked), 0.0) or weight
    return sorted(((s, score + gain if s in seqs else score) for s, score in ranked), key=lambda r: -r[1])


__all__ = ["lift", "named_speakers", "names_said", "speaker_boost", "speaker_of", "without_names"]
