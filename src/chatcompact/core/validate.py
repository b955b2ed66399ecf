"""Is a summarizer's delta fit to land as the fold of its span? Pure. The one definition, for every summarizer.

Whatever a summarizer returns (the extractive one, a model through the LLM summarizers' parser, a
third-party object) passes :func:`screen` before the merge and :func:`check_records` after it, both from
:func:`chatcompact.core.compaction.finish`. A refusal is :class:`~chatcompact.errors.InvalidSummary`: a failed
attempt (an event; an LLM summarizer is asked again within the compaction, a deterministic one is not), never
a commit.

**A valid delta for a span** (:func:`screen`):

1. it is a :class:`SummaryDelta` of known sections holding tuples of :class:`SummaryItem` (else refused);
2. it is within the size bounds (:func:`max_items`, :func:`max_chars`; checked first, in one linear pass, so
   the work is bounded whatever came back; else refused);
3. every text in it is storable: no lone surrogate, which no store, file or wire format can keep (else
   refused; the LLM parser repairs them to U+FFFD first);
4. every item is **supported**: it cites at least one message of the span (citations of other messages are
   removed), and every identifier it carries (an e-mail address, a URL's host, a run of 3+ digits) occurs in
   the span or in the summary it lands on. An unsupported item is dropped, its reason counted (the version's
   ``meta["dropped_items"]``); a delta whose items are all unsupported is refused whole, its narrative too
   (it came with invented items). A narrative carrying such an identifier is dropped the same way.

**Non-empty for its span** (:func:`records_span`, :func:`check_records`): the version it makes records the
span. An item was proposed (added, refreshed as a duplicate, or kept out only by a cap), an open question or
todo was resolved, the narrative was rewritten into a sentence of at least :data:`NARRATIVE_MIN_WORDS` words,
or the work log took in the span (a command digest, an error, the task, a request or plan citing it). Tool
calls and their outputs always give work-log entries, so a tool-only span is never empty whatever the
summarizer returned. Pinned spans and instructions, kept verbatim whatever the summarizer does, do not count.
A span of few distinct words (:func:`span_is_trivial`: "ok", "thanks!") may fold into nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..config import Policy
from ..errors import InvalidSummary
from ..types import SECTIONS, MergeReport, Message, SummaryDelta, SummaryItem, SummaryState
from . import instructions
from .digest import scanned
from .pause import point

__all__ = [
    "NARRATIVE_MIN_WORDS",
    "Grounding",
    "Screened",
    "check_delta",
    "check_records",
    "delta_problems",
    "max_chars",
    "max_items",
    "records_span",
    "screen",
    "span_is_trivial",
    "unstorable",
]

#: A span with fewer distinct words than this ("ok", "thanks!", a line repeated) may fairly yield an empty delta.
TRIVIAL_SPAN_WORDS = 12
#: A rewritten narrative counts as recording the span only with at least this many words (a Han character is one).
NARRATIVE_MIN_WORDS = 3
NARRATIVE_INVENTED = "narrative carries an identifier the span does not hold"
_WORD = re.compile(r"[^\W_]{2,}")
_NARRATIVE_WORD = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]|[^\W\d_]{2,}")
_UNSTORABLE = re.compile("[\ud800-\udfff]")
#: Items a delta may propose per section: this many times the section's cap (and at least MIN_ITEMS).
ITEMS_PER_CAP = 4
MIN_ITEMS = 32
#: Characters a whole delta may hold: this many times the state's own character cap (and at least MIN_CHARS).
CHARS_PER_CAP = 8
MIN_CHARS = 20_000
#: Characters of each message (and of the prior state) the identifier check reads: bounded, linear.
GROUNDING_CHARS = 4_000_000

# identifiers an item must not invent: e-mail addresses, URL hosts, runs of 3+ digits (separators inside a
# number are ignored: "88,231", "+49 30 1234567" and "2024-03-01" read as their digits)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_HOST = re.compile(r"(?i)\b(?:https?|ftp)://([\w.-]+)")
_NUMBER = re.compile(r"\d+(?:[ .,/:-]\d+)*")
_DIGIT_RUN = re.compile(r"\d{3,}")
_NON_DIGIT = re.compile(r"\D")


def max_items(policy: Policy, section: str, span: int = 0) -> int:
    """The most items a delta over ``span`` messages may add to ``section`` (one per message is plausible)."""
    return max(ITEMS_PER_CAP * policy.section_caps.get(section, 1), MIN_ITEMS, span)


def max_chars(policy: Policy) -> int:
    """The most characters (items, resolutions and narrative together) a delta may hold."""
    return max(CHARS_PER_CAP * (policy.summary_max_chars or 0), CHARS_PER_CAP * policy.narrative_max_chars, MIN_CHARS)


def span_is_trivial(messages: Sequence[Message]) -> bool:
    """True when the folded messages hold few distinct words (an empty delta for them is fine)."""
    words: set[str] = set()
    for m in messages:
        for w in _WORD.finditer(m.searchable_text, 0, 4000):  # bounded: a few thousand chars decide it
            words.add(w.group().casefold())
            if len(words) >= TRIVIAL_SPAN_WORDS:
                return False
    return True


def size_problems(delta: SummaryDelta, policy: Policy, span: int = 0) -> list[str]:
    """Problems with the delta's size (linear in the delta, stops at the first bound crossed)."""
    problems: list[str] = []
    limit = max_chars(policy)
    total = len(delta.narrative or "") + sum(len(r.text) for r in delta.resolve)
    for name, items in delta.add.items():
        cap = max_items(policy, name, span)
        if len(items) > cap:
            problems.append(f"{name}: {len(items)} items, more than the bound of {cap}")
        total += sum(len(i.text) + len(i.subject or "") for i in items)
    if len(delta.resolve) > sum(max_items(policy, s, span) for s in ("open_questions", "todos")):
        problems.append(f"resolve: {len(delta.resolve)} resolutions, more than the bound")
    if len(delta.standing) > MAX_STANDING + span:
        problems.append(f"standing: {len(delta.standing)} items, more than the bound of {MAX_STANDING + span}")
    total += sum(len(i.text) for i in delta.standing)
    if total > limit:
        problems.append(f"the delta holds {total} characters, more than the bound of {limit}")
    return problems


def type_problems(delta: object) -> list[str]:
    """Problems with the delta's shape (a third-party summarizer may return anything)."""
    if not isinstance(delta, SummaryDelta):
        return [f"expected a SummaryDelta, got {type(delta).__name__}"]
    problems = [f"unknown section {name!r}" for name in delta.add if name not in SECTIONS]
    for name, items in {**delta.add, "standing": delta.standing}.items():
        if not isinstance(items, tuple) or not all(isinstance(i, SummaryItem) for i in items):
            problems.append(f"{name}: expected a tuple of SummaryItem")
    return problems


def unstorable(text: str) -> int | None:
    """The position of the first character no store can keep (a lone surrogate), or None."""
    bad = _UNSTORABLE.search(text)
    return bad.start() if bad else None


def text_problems(delta: SummaryDelta) -> list[str]:
    """Texts of the delta that no store could keep."""
    texts: list[tuple[str, str]] = [("narrative", delta.narrative or "")]
    texts += [(f"resolve[{n}]", r.text) for n, r in enumerate(delta.resolve)]
    for name, items in {**delta.add, "standing": delta.standing}.items():
        for n, i in enumerate(items):
            texts += [(f"{name}[{n}]", i.text), (f"{name}[{n}].subject", i.subject or "")]
    return [f"{where} holds a lone surrogate at {at}" for where, t in texts if (at := unstorable(t)) is not None]


# ---------------------------------------------------------------------- provenance: every item supported


@dataclass(frozen=True)
class Grounding:
    """What an item's identifiers may come from: the span's messages and the summary the delta lands on."""

    digits: str  # every digit run of the sources, separated by "|" (a substring test finds "231" in "88231")
    emails: frozenset[str]
    hosts: frozenset[str]

    @classmethod
    def of(cls, messages: Iterable[Message], state: SummaryState | None = None) -> Grounding:
        # A tool output is read at its head and tail (``digest.scanned``): all any summarizer is shown of it (the
        # extractive one reads that much, a model's prompt 1,500 characters), and a 2 MB log cost ~50 ms here on
        # every compaction that folded it.
        read = [scanned(m.searchable_text) if m.role == "tool" else m.searchable_text for m in messages]
        texts = [t[:GROUNDING_CHARS] for t in read]
        if state is not None:
            texts.append(_state_text(state)[:GROUNDING_CHARS])
        digits: list[str] = []
        emails: set[str] = set()
        hosts: set[str] = set()
        for t in texts:
            point()
            for num in _NUMBER.findall(t):
                digits.append(num)
                if not num.isdigit():  # "88 231" grounds "88231" too (a bare run is in already)
                    digits.append(_NON_DIGIT.sub("", num))
            emails.update(e.casefold() for e in _EMAIL.findall(t))
            hosts.update(h.casefold().rstrip(".") for h in _HOST.findall(t))
        hosts |= {e.rpartition("@")[2] for e in emails}
        return cls("|".join(digits), frozenset(emails), frozenset(hosts))

    def invented(self, text: str) -> str | None:
        """The first identifier of ``text`` the sources do not hold, or None."""
        for e in _EMAIL.findall(text):
            if e.casefold() not in self.emails:
                return str(e)
        for h in _HOST.findall(text):
            if h.casefold().rstrip(".") not in self.hosts:
                return str(h)
        for num in _NUMBER.findall(text):
            for run in _DIGIT_RUN.findall(num):
                if run not in self.digits:
                    return str(num)
        return None


def _state_text(state: SummaryState) -> str:
    parts = [i.text for name in SECTIONS for i in getattr(state, name)]
    parts += [i.text for i in state.instructions] + [p.text for p in state.pinned]
    parts += [state.narrative, state.worklog.task, state.worklog.request]
    return "\n".join(parts)


@dataclass(frozen=True)
class Screened:
    """A delta with its unsupported items dropped, and how many went for each reason."""

    delta: SummaryDelta
    dropped: dict[str, int] = field(default_factory=dict)  # reason -> items


def item_problem(item: SummaryItem, span: frozenset[int], grounding: Grounding | None) -> tuple[str, SummaryItem]:
    """``("", item)`` with foreign citations removed if ``item`` is supported, else ``(reason, item)``."""
    cited = tuple(s for s in item.sources if s in span)
    if not item.sources:
        return "cites no message", item
    if not cited:
        return "cites only messages outside the folded span", item
    invented = grounding.invented(item.text) if grounding is not None else None
    if invented is not None:
        return "carries an identifier the span does not hold", item
    return "", item if cited == item.sources else item.model_copy(update={"sources": cited})


def screen(delta: SummaryDelta, span: Iterable[int], grounding: Grounding | None) -> Screened:
    """Drop the unsupported items of a (type-checked) delta; InvalidSummary when every item was unsupported."""
    allowed = frozenset(span)
    add: dict[str, tuple[SummaryItem, ...]] = {}
    dropped: dict[str, int] = {}
    examples: list[str] = []
    proposed = 0
    changed = False
    for name, items in delta.add.items():
        kept = []
        for item in items:
            proposed += 1
            reason, fixed = item_problem(item, allowed, grounding)
            if reason:
                dropped[reason] = dropped.get(reason, 0) + 1
                if len(examples) < 3:
                    cited = f" (cites {list(item.sources[:5])})" if item.sources else ""
                    examples.append(f"{name}: item {item.text[:40]!r} {reason}{cited}")
            else:
                kept.append(fixed)
                changed = changed or fixed is not item
        if kept:
            add[name] = tuple(kept)
    if proposed and not add:
        raise InvalidSummary(
            f"every item of the delta is unsupported ({_counts(dropped)}): " + "; ".join(examples), tuple(examples)
        )
    narrative = delta.narrative
    if narrative and grounding is not None and grounding.invented(narrative) is not None:
        narrative = None
        dropped[NARRATIVE_INVENTED] = 1
    if not dropped and not changed:
        return Screened(delta)
    return Screened(delta.model_copy(update={"add": add, "narrative": narrative}), dropped)


def _counts(dropped: dict[str, int]) -> str:
    return ", ".join(f"{n} {reason}" for reason, n in dropped.items())


def delta_problems(delta: object, messages: Sequence[Message], policy: Policy) -> list[str]:
    """Every reason ``delta`` must be refused outright as the fold of ``messages`` (empty: screen it)."""
    problems = type_problems(delta)
    if problems:
        return problems
    assert isinstance(delta, SummaryDelta)
    return size_problems(delta, policy, len(messages)) or text_problems(delta)  # bounds before any other work


def check_delta(
    delta: object, messages: Sequence[Message], policy: Policy, summarizer: str, state: SummaryState | None = None
) -> Screened:
    """``delta`` screened for the fold of ``messages`` on top of ``state``; InvalidSummary naming why if refused."""
    problems = delta_problems(delta, messages, policy)
    if problems:
        raise InvalidSummary(f"{summarizer} returned an invalid delta: " + "; ".join(problems[:5]), tuple(problems))
    assert isinstance(delta, SummaryDelta)
    span = [m.seq for m in messages if m.seq is not None]
    grounding = Grounding.of(messages, state) if any(delta.add.values()) or delta.narrative else None
    try:
        screened = screen(delta, span, grounding)
    except InvalidSummary as exc:
        raise InvalidSummary(f"{summarizer} returned an invalid delta: {exc}", exc.problems) from None
    if not delta.standing:
        return screened
    standing, refused = screen_standing(delta.standing, messages)
    dropped = {**screened.dropped, **({NOT_OWN_SENTENCE: refused} if refused else {})}
    return Screened(screened.delta.model_copy(update={"standing": standing}), dropped)


#: Why a proposed standing preference is dropped (the version's ``meta["dropped_items"]``).
NOT_OWN_SENTENCE = "is not a sentence of the user's own words in the span"
MAX_STANDING = 20  # standing proposals a delta may hold, plus one per folded message


def screen_standing(
    proposed: Sequence[SummaryItem], messages: Sequence[Message]
) -> tuple[tuple[SummaryItem, ...], int]:
    """The proposed standing preferences that are a whole sentence of the user's own words in a folded message
    they cite (as :func:`~chatcompact.core.instructions.own_sentences` reads them: no hypothetical or reported
    speech, nothing before "What do you think?"; and :func:`~chatcompact.core.instructions.pointable`: nothing
    quoted or pasted inside, no question, not about someone else), each as written there, citing that message;
    and how many were dropped. A summarizer may only point at what the user said: a paraphrase, an
    assistant's words or a pasted rule it quotes is no preference of the user's."""
    users = {m.seq: m for m in messages if m.role == "user" and m.seq is not None and m.text}
    sentences: dict[int, dict[str, str]] = {}
    kept: list[SummaryItem] = []
    for item in proposed:
        want = _sentence_key(item.text)
        found = None
        for seq in item.sources:
            if seq not in users:
                continue
            if seq not in sentences:
                own = [(w, s) for w, s in instructions.own_sentences(users[seq].text) if instructions.pointable(w, s)]
                sentences[seq] = {_sentence_key(written): written for written, _ in own}
            if want and want in sentences[seq]:
                found = SummaryItem(text=sentences[seq][want], sources=(seq,), subject=instructions.PREFERENCE)
                break
        if found is not None:
            kept.append(found)
    return tuple(kept), len(proposed) - len(kept)


def _sentence_key(text: str) -> str:
    """A sentence compared as a model may copy it: case, spacing and the final punctuation aside."""
    return " ".join(text.split()).rstrip(" .!。！").casefold()


# ---------------------------------------------------------------------- non-empty: the version records the span


def _cites(items: Iterable[SummaryItem], span: frozenset[int]) -> bool:
    return any(not span.isdisjoint(i.sources) for i in items)


def records_span(parent: SummaryState, new: SummaryState, report: MergeReport, messages: Sequence[Message]) -> bool:
    """True when the version whose state is ``new`` (merged with ``report``) records the folded ``messages``:
    the summarizer's delta changed the sections or the narrative, or the work log took in the span.

    Pinned spans and instructions do not count: they keep fragments of the span verbatim (identifiers, rules),
    not what it was about, so a model's ``{}`` for a chat span with an order number is still empty.
    """
    if report.added or report.not_kept or report.duplicates or report.resolved:
        return True
    if new.narrative != parent.narrative and len(_NARRATIVE_WORD.findall(new.narrative)) >= NARRATIVE_MIN_WORDS:
        return True
    span = frozenset(m.seq for m in messages if m.seq is not None)
    log = new.worklog
    if log == parent.worklog:
        return False
    marks = {log.task_seq, log.request_seq, log.plan_seq}
    return bool(marks & span) or _cites((*log.commands, *log.errors, *log.abandoned), span)


def check_records(
    parent: SummaryState, new: SummaryState, report: MergeReport, messages: Sequence[Message], summarizer: str
) -> None:
    """InvalidSummary unless the new version records ``messages`` (or they are trivial): an empty delta."""
    if records_span(parent, new, report, messages) or span_is_trivial(messages):
        return
    seqs = [m.seq or 0 for m in messages]
    first, last = (min(seqs), max(seqs)) if seqs else (0, 0)
    problem = f"an empty delta for messages {first}-{last}, which hold real content"
    raise InvalidSummary(f"{summarizer} returned an invalid delta: {problem}", (problem,))
