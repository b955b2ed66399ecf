"""Apply a summarizer's delta to the structured state. Pure and deterministic.

Whatever a summarizer (or a model) writes, this code decides what lands, so the state cannot
drift or grow without bound:

* **dedup**: an item whose normalised text is already in its section only refreshes that item
  (sources merged, moved to the most-recent end);
* **supersede**: an item with the same ``subject`` as an older one replaces it (a newer fact on
  the same subject wins);
* **resolve**: answered questions and finished todos leave their section;
* **caps**: each section holds at most ``policy.section_caps[section]`` items; the lightest item
  goes first (``weight``, raised each time an item is mentioned again), the least recently touched
  among equals, so an identity fact from turn 3 outlives chit-chat from turn 300; items and the
  narrative are cut to their character caps; pinned spans are capped in count and size.
  Everything dropped is reported (and is still in the log). The report is a truthful diff against the
  parent: ``added`` items are in the new state, ``dropped``/``superseded`` ones were in the parent; an item
  the delta proposed that the caps (or a later item of the same delta) kept out is ``not_kept``, neither.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..config import Policy
from ..types import SECTIONS, MergeReport, PinnedItem, SummaryDelta, SummaryItem, SummaryState
from .memo import memo, scope

_PUNCT = re.compile(r"[^\w\s]+")
_WS = re.compile(r"\s+")
MAX_SOURCES = 12  # per item: enough provenance to find it again, bounded over thousands of merges
REMENTION_BONUS = 0.5  # an item said again is worth keeping a little longer


def normalise(text: str) -> str:
    """Case-, space- and punctuation-insensitive key for dedup; memoised within the operation's scope
    (:mod:`chatcompact.core.memo`: a merge keys each item of the state it merges into several times)."""
    return memo("normalise", text, lambda: _WS.sub(" ", _PUNCT.sub(" ", text.lower())).strip())


def clip(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters at a word boundary, marking the cut with an ellipsis."""
    text = _WS.sub(" ", text).strip()
    if len(text) <= limit:
        return text
    head = text[: max(limit - 1, 1)]
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head).rstrip() + "…"


def clip_sentences(text: str, limit: int) -> str:
    """Keep the whole leading sentences of ``text`` that fit in ``limit`` characters."""
    text = _WS.sub(" ", text).strip()
    if len(text) <= limit:
        return text
    sentences = re.split(r"(?<=[.!?])\s+", text)
    out = ""
    for s in sentences:
        if len(out) + len(s) + 1 > limit:
            break
        out = f"{out} {s}".strip()
    return out or clip(text, limit)


def validate_delta(delta: SummaryDelta, allowed_sources: Iterable[int]) -> list[str]:
    """Problems that make a delta unusable: unknown sections, sources outside the folded span."""
    allowed = set(allowed_sources)
    problems = [f"unknown section {name!r}" for name in delta.add if name not in SECTIONS]
    for name, items in delta.add.items():
        for item in items:
            bad = [s for s in item.sources if s not in allowed]
            if bad:
                problems.append(f"{name}: item {item.text[:40]!r} cites messages {bad} outside the folded span")
    return problems


class _Section:
    """One section's items keyed by normalised text, least recently touched first, with a subject index.

    Every operation is O(1) (dicts keep insertion order), so a merge is linear in the items it sees
    and the caps cost one sort: whatever a summarizer returns, a merge is O(n log n).
    """

    def __init__(self, items: Sequence[SummaryItem]) -> None:
        self.items: dict[str, SummaryItem] = {}
        self.subjects: dict[str, dict[str, None]] = {}  # subject -> keys holding it, in item order
        for n, item in enumerate(items):
            key = normalise(item.text)
            self._put(key if key and key not in self.items else f"\0{n}", item)  # keep odd stored items as they are

    def _put(self, key: str, item: SummaryItem) -> None:
        self.items[key] = item
        if item.subject:
            self.subjects.setdefault(item.subject, {})[key] = None

    def pop(self, key: str) -> SummaryItem:
        item = self.items.pop(key)
        if item.subject:
            group = self.subjects[item.subject]
            del group[key]
            if not group:
                del self.subjects[item.subject]
        return item

    def first_with_subject(self, subject: str) -> str | None:
        group = self.subjects.get(subject)
        return next(iter(group)) if group else None

    def append(self, key: str, item: SummaryItem) -> None:
        """Add ``item`` (or move it) to the most recent end."""
        if key in self.items:
            self.pop(key)
        self._put(key, item)


class _Report:
    """What a merge did, kept by item identity so the diff is truthful: an item proposed and then pushed out by
    a cap (or replaced by a later item of the same delta) in the same merge is neither added nor dropped: it was
    ``not_kept``. ``dropped`` and ``superseded`` only ever name items of the parent state."""

    def __init__(self) -> None:
        self.fresh: dict[int, SummaryItem] = {}  # id -> item proposed in this merge and stored (newest form)
        self.superseded: list[str] = []
        self.resolved: list[str] = []
        self.dropped: list[str] = []
        self.not_kept: list[str] = []
        self.duplicates = 0

    def added(self, item: SummaryItem) -> None:
        self.fresh[id(item)] = item

    def renewed(self, old: SummaryItem, new: SummaryItem) -> None:
        """``old`` (stored) was refreshed into ``new``: a fresh item stays fresh."""
        if self.fresh.pop(id(old), None) is not None:
            self.fresh[id(new)] = new

    def gone(self, item: SummaryItem, why: list[str]) -> None:
        """``item`` left the state: parent items are reported in ``why``, this merge's own as not kept."""
        (self.not_kept if self.fresh.pop(id(item), None) is not None else why).append(item.text)


def _merge_section(
    items: list[SummaryItem], new: Sequence[SummaryItem], cap: int, max_chars: int, report: _Report
) -> list[SummaryItem]:
    section = _Section(items)
    for raw in new:
        # clip() is linear, but need not walk a megabyte to keep max_chars of it
        item = raw.model_copy(update={"text": clip(raw.text[: 8 * max_chars + 64], max_chars)})
        key = normalise(item.text)
        if not key:
            continue
        old = section.items.get(key)
        if old is not None:
            sources = tuple(sorted(set(old.sources) | set(item.sources)))[-MAX_SOURCES:]
            weight = min(max(old.weight, item.weight) + REMENTION_BONUS, 10.0)
            update = {"sources": sources, "subject": item.subject or old.subject, "weight": weight}
            renewed = old.model_copy(update=update)
            section.append(key, renewed)
            report.renewed(old, renewed)
            report.duplicates += 1
            continue
        if item.subject:
            prior = section.first_with_subject(item.subject)
            if prior is not None:
                report.gone(section.pop(prior), report.superseded)
        stored = item.model_copy(update={"sources": tuple(sorted(set(item.sources)))[-MAX_SOURCES:]})
        section.append(key, stored)
        report.added(stored)
    kept = list(section.items.values())
    if len(kept) > cap:
        # the lightest go first, the least recently touched among equals
        order = sorted(range(len(kept)), key=lambda i: (kept[i].weight, i))
        gone = set(order[: len(kept) - cap])
        for i in order[: len(kept) - cap]:
            report.gone(kept[i], report.dropped)
        kept = [item for i, item in enumerate(kept) if i not in gone]
    return kept


def _cap_total(sections: dict[str, list[SummaryItem]], max_chars: int, report: _Report) -> None:
    """Drop the lightest item of any section (the oldest on a tie) until all items fit ``max_chars``."""
    total = sum(len(i.text) for items in sections.values() for i in items)
    if total <= max_chars:
        return
    # One stable sort gives the order the drops come in (ties keep section, then item, order).
    order = sorted(
        ((n, k) for n, items in sections.items() for k in range(len(items))),
        key=lambda p: (sections[p[0]][p[1]].weight, min(sections[p[0]][p[1]].sources, default=0)),
    )
    gone: set[tuple[str, int]] = set()
    for name, at in order:
        if total <= max_chars:
            break
        item = sections[name][at]
        gone.add((name, at))
        total -= len(item.text)
        report.gone(item, report.dropped)
    for name in sections:
        sections[name] = [item for k, item in enumerate(sections[name]) if (name, k) not in gone]


def _resolves(item: SummaryItem, text: str) -> bool:
    key = normalise(text)
    return item.subject == text or normalise(item.text) == key or (len(key) > 8 and key in normalise(item.text))


def merge_pinned(
    old: Sequence[PinnedItem], new: Sequence[PinnedItem], policy: Policy
) -> tuple[list[PinnedItem], list[str], list[str]]:
    """Pinned spans: dedup by text, refuse oversize ones, keep the most recent ``max_pinned``.

    Returns the spans kept, the parent's spans that left (dropped) and the new ones never kept (not kept)."""
    seen = {normalise(p.text) for p in old}
    out, fresh, not_kept = list(old), set(), []
    for p in new:
        key = normalise(p.text)
        if key in seen:
            continue
        seen.add(key)
        if len(p.text) > policy.pinned_max_chars:
            not_kept.append(clip(p.text, 60))
            continue
        out.append(p)
        fresh.add(id(p))
    dropped: list[str] = []
    while len(out) > policy.max_pinned:
        gone = out.pop(0)
        (not_kept if id(gone) in fresh else dropped).append(clip(gone.text, 60))
    return out, dropped, not_kept


def apply_delta(
    state: SummaryState, delta: SummaryDelta, policy: Policy, pinned: Sequence[PinnedItem] = ()
) -> tuple[SummaryState, MergeReport]:
    """The new state after ``delta`` (and newly ``pinned`` spans), and what changed."""
    with scope():  # the enclosing flow's memo scope, or one for this merge
        return _apply_delta(state, delta, policy, pinned)


def _apply_delta(
    state: SummaryState, delta: SummaryDelta, policy: Policy, pinned: Sequence[PinnedItem]
) -> tuple[SummaryState, MergeReport]:
    report = _Report()
    sections = {name: list(getattr(state, name)) for name in SECTIONS}
    for res in delta.resolve:
        kept = [i for i in sections[res.section] if not _resolves(i, res.text)]
        report.resolved += [i.text for i in sections[res.section] if _resolves(i, res.text)]
        sections[res.section] = kept
    for name in SECTIONS:
        new = delta.add.get(name, ())
        cap = policy.section_caps[name]
        if new or len(sections[name]) > cap:
            sections[name] = _merge_section(sections[name], new, cap, policy.item_max_chars, report)
    _cap_total(sections, policy.summary_max_chars or 0, report)
    narrative = (
        state.narrative if delta.narrative is None else clip_sentences(delta.narrative, policy.narrative_max_chars)
    )
    pins, dropped_pins, unpinned = merge_pinned(state.pinned, pinned, policy)
    old_pins = {normalise(p.text) for p in state.pinned}
    fields: dict[str, Any] = {name: tuple(items) for name, items in sections.items()}
    new_state = SummaryState(**fields, narrative=narrative, pinned=tuple(pins))
    summary = MergeReport(
        added=tuple(i.text for items in sections.values() for i in items if id(i) in report.fresh),
        superseded=tuple(report.superseded),
        resolved=tuple(report.resolved),
        dropped=tuple(report.dropped) + tuple(dropped_pins),
        not_kept=tuple(report.not_kept) + tuple(unpinned),
        duplicates=report.duplicates,
        pinned=tuple(clip(p.text, 60) for p in pins if normalise(p.text) not in old_pins),
        narrative_changed=narrative != state.narrative,
    )
    return new_state, summary


def diff_states(old: SummaryState, new: SummaryState) -> MergeReport:
    """What differs between two states, as a report: items (and pinned spans) only in ``new`` are
    ``added``/``pinned``, items only in ``old`` are ``removed``. Used where no merge ran (a revert)."""
    added: list[str] = []
    removed: list[str] = []
    for name in SECTIONS:
        before = {normalise(i.text): i.text for i in getattr(old, name)}
        after = {normalise(i.text): i.text for i in getattr(new, name)}
        added += [text for key, text in after.items() if key not in before]
        removed += [text for key, text in before.items() if key not in after]
    old_pins = {normalise(p.text) for p in old.pinned}
    new_pins = {normalise(p.text) for p in new.pinned}
    removed += [clip(p.text, 60) for p in old.pinned if normalise(p.text) not in new_pins]
    return MergeReport(
        added=tuple(added),
        removed=tuple(removed),
        pinned=tuple(clip(p.text, 60) for p in new.pinned if normalise(p.text) not in old_pins),
        narrative_changed=old.narrative != new.narrative,
    )
