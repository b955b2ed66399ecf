"""The embedded default summarizer: extractive, deterministic, no model and no network.

It reads the evicted messages sentence by sentence and fills the structured state with what simple,
explainable patterns can find:

* ``user_facts``: first-person statements of the user ("I'm...", "my X is...", "I prefer...",
  "I live in...", "we're on the Pro plan"), rewritten in the third person ("User is Dupont", "User
  much prefers email"); the ones about a stable attribute carry a ``subject`` ("user:email",
  "user:plan", "user:timezone", "user:preference:seat") so a newer one supersedes;
* ``decisions``: "let's...", "we'll...", "(so,) agreed: ...", "as we agreed on ...: ...", "I've
  decided / I'll go with..."; each needs a content object ("sort it out" is no decision);
* ``todos``: promises of either side ("I'll send the label" -> "Assistant will send the label"),
  unless a later message in the same span already reports it done;
* ``open_questions``: user questions that no later assistant message in the span answers;
* ``identifiers``: order numbers, URLs, e-mails, paths, amounts... as "<value> — <context>";
* ``topics``: the most frequent key phrases; ``narrative``: 1-3 whole sentences, each attributed
  ("User: ..."), those carrying a decision, a fact or an identifier first.

Every item carries a ``weight`` (0..10) that the merge uses to evict the lightest first when a
section is over its cap: identity and contact facts, agreed decisions, order/ticket/tracking numbers,
e-mails and URLs weigh most; passing remarks, suggestions, amounts and versions least.

Earlier open questions and todos of the state are resolved by the keyword-overlap rule of
:func:`chatcompact.summarizers._text.overlap_enough` (see :meth:`_SpanReader.resolutions`).
"""

from __future__ import annotations

import heapq
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from types import MappingProxyType

from chatcompact.core import lang, memo
from chatcompact.core.digest import scanned
from chatcompact.core.instructions import about_one_thing
from chatcompact.core.lang import has_han
from chatcompact.core.pause import point
from chatcompact.core.preserve import IdentifierSpan, identifier_spans, masked_text, sentence_spans
from chatcompact.protocols import SummaryRequest
from chatcompact.types import Message, Resolution, SummaryDelta, SummaryItem, SummaryState

from ._cues import CuedReading
from ._facts import about_user, attribute_ok
from ._patterns import (
    AFFIRM,
    AGREED,
    AGREED_ON,
    ASKED_PREFIX,
    ATTR,
    COMMIT,
    DECIDE,
    DONE,
    FILLER,
    FIRST_PERSON,
    HOW_MUCH,
    LETS,
    NAME,
    NOT_NAMES,
    PLACE,
    PLAN,
    PREF_CUT,
    PREFER,
    PUSHBACK,
    SMALL_TALK,
    SUBJECT_ALIASES,
    TIMEZONE,
    VOCATIVE,
    WILL_PREFIX,
)
from ._text import (
    STOPWORDS,
    clip,
    content_stems,
    content_words,
    decision_what,
    demark,
    flatten_json,
    identifier_text,
    key_phrases,
    meaningful,
    narratable,
    overlap_enough,
    speaker_view,
    stem,
    they_view,
    third_person,
    tidy,
    value_subject,
)

__all__ = ["PER_CALL_CAPS", "ExtractiveSummarizer"]

# At most this many new items per section and call: about half of each section's default cap, so
# one long span refreshes a section without flushing everything older out of it.
PER_CALL_CAPS: Mapping[str, int] = MappingProxyType(
    {"decisions": 8, "user_facts": 10, "todos": 5, "open_questions": 5, "identifiers": 20, "topics": 5}
)
MAX_ITEM_SOURCES = 5
_GIST_WORD = re.compile(r"[^\W_]{2,}")  # what validate.span_is_trivial counts as a word
TOPIC_MESSAGES = 2  # a topic recurs: in at least this many messages of the span

# Item weights (0..10): when a section is over its cap, the merge evicts the lightest item first.
# Identity facts outlive passing remarks; agreed decisions outlive suggestions; order, ticket and
# tracking numbers, e-mails and URLs outlive amounts and versions.
_FACT_WEIGHT = {
    "user:name": 9.0, "user:email": 8.0, "user:phone": 8.0, "user:plan": 7.0, "user:timezone": 7.0,
    "user:location": 7.0, "user:address": 6.5, "user:origin": 6.0,
}  # fmt: skip
PREFERENCE_WEIGHT, ATTRIBUTE_WEIGHT = 6.0, 4.0
AGREED_WEIGHT, DECIDED_WEIGHT, WE_WILL_WEIGHT, SUGGESTED_WEIGHT = 7.0, 6.0, 5.0, 3.0
_KIND_WEIGHT = {
    "order": 9.0, "email": 8.5, "phone": 8.0, "url": 7.0, "path": 7.0, "id": 6.0, "version": 2.5, "amount": 2.0,
}  # fmt: skip
# SUP-40417, CLM-2025-01983: a reference number, with or without a keyword (not HMAC-SHA256, SAL-BLEU-28).
_REF_CODE = re.compile(r"^[A-Z]{2,}(?:[-_][A-Z0-9]+)*?[-_]\d{4,}(?:[-_][A-Z0-9]+)*$")
_PLAN_WORDS = (" plan", " tier", "ubscription", " package", " edition", " Plan", " Tier")
_DECIDE_WORDS = ("decid", "go with", "choose", "chose", "take", "decision")
# What a sentence that yielded an item adds to its weight as a narrative candidate.
_NARRATIVE_BONUS = {"decisions": 3.0, "user_facts": 1.5, "todos": 1.0}


# A message of more sentences than this (a pasted table, a log) is read for statements, questions, topics and
# the narrative in its first HEAD_SENTENCES and last TAIL_SENTENCES only; its identifiers are read in full. So
# one summarize call costs O(characters) for the identifier scan plus a bounded amount for everything else.
HEAD_SENTENCES, TAIL_SENTENCES = 300, 100


@dataclass
class _Turn:
    index: int
    seq: int | None
    role: str
    who: str
    text: str  # prose only (code and JSON blanked), apostrophes normalised
    sentences: tuple[str, ...]  # the sentences read (see HEAD_SENTENCES); markdown emphasis and list markers removed
    bounds: tuple[tuple[int, int], ...] = ()  # every sentence's (start, end) in ``text``
    stems: frozenset[str] = frozenset()
    lang: str = "en"  # the message's language (core.lang.detect; the span's own where it gives no evidence)
    prose: str = ""  # ``text`` itself, or for a very long message the sentences read, one per line

    @property
    def sources(self) -> tuple[int, ...]:
        return (self.seq,) if self.seq is not None else ()


@dataclass
class _Cand:
    section: str
    text: str
    sources: tuple[int, ...]
    order: tuple[int, int]  # (turn index, sentence index): chronological output order
    score: float = 0.0
    subject: str | None = None
    stems: frozenset[str] = field(default_factory=frozenset)


def _prepare(messages: Sequence[Message]) -> list[_Turn]:
    turns: list[_Turn] = []
    for m in messages:
        point()
        if m.role not in ("user", "assistant", "tool"):
            continue  # system/developer prompts are kept by assemble, not summarised
        # A tool output is read at its head and tail (``digest.scanned``), like its digest: a 2 MB log's middle is
        # thousands of lines no summary keeps (it cost seconds a megabyte on every compaction); recall finds them.
        raw = scanned(m.text) if m.role == "tool" else m.text
        text = flatten_json(raw) if m.role == "tool" else None
        if text is None:
            text = masked_text(m.searchable_text if m.role == "assistant" else raw)
        text = text.replace("\u2019", "'")
        who = m.name or {"user": "User", "assistant": "Assistant"}.get(m.role, "Tool")
        bounds = tuple(sentence_spans(text))
        read = (
            bounds
            if len(bounds) <= HEAD_SENTENCES + TAIL_SENTENCES
            else bounds[:HEAD_SENTENCES] + bounds[-TAIL_SENTENCES:]
        )
        sents = tuple(demark(text[s:e]) for s, e in read)
        prose = text if read is bounds else "\n".join(text[s:e] for s, e in read)
        stems = frozenset(content_stems(prose))
        turns.append(_Turn(len(turns), m.seq, m.role, who, text, sents, bounds, stems, prose=prose))
    return _with_languages(turns)


def _with_languages(turns: list[_Turn]) -> list[_Turn]:
    """Each turn's language; one without evidence ("Ok!", "88231") takes the span's most common one."""
    found = [lang.detect(t.prose, default="") for t in turns]
    common = Counter(c for c in found if c).most_common(1)
    fallback = common[0][0] if common else lang.DEFAULT
    for t, code in zip(turns, found, strict=True):
        t.lang = code or fallback
    return turns


def _subject(np: str) -> str:
    words = [w for w in np.lower().split() if w not in ("the", "a", "an", "new", "old", "current")]
    key = " ".join(words)
    return SUBJECT_ALIASES.get(key, key.replace(" ", "-"))


def _pref_head(obj: str) -> str | None:
    words = obj.lower().split()
    if words and words[0] == "to":
        words = words[1:]
    cut = PREF_CUT.search(" ".join(words))
    head_part = " ".join(words)[: cut.start()] if cut else " ".join(words)
    heads = [w for w in content_words(head_part) if w not in STOPWORDS] or content_words(obj)
    return heads[-1] if heads else None


class _Later:
    """Sentences of a span by turn, asked "does one after turn ``after`` share enough keywords with these stems?"
    (:func:`overlap_enough`) without reading every later sentence for each question or todo, which made a long span
    quadratic: 4,000 chat turns took 8 s.

    The rule needs one shared stem when the query has one, else two; so the index keeps, for each stem and each
    pair of stems a sentence holds, the last turn holding them. A sentence of more than ``PAIRS_UP_TO`` stems
    (rare in chat; its pairs would be many) is kept whole and compared directly, as before.
    """

    PAIRS_UP_TO = 32

    def __init__(self, sentences: Iterable[tuple[int, str]]) -> None:
        self.one: dict[str, int] = {}
        self.two: dict[tuple[str, str], int] = {}
        self.long: list[tuple[int, frozenset[str]]] = []
        for ti, sent in sentences:  # in turn order: the last write is the latest turn
            point()
            stems = content_stems(sent)
            for a in stems:
                self.one[a] = ti
            if len(stems) > self.PAIRS_UP_TO:
                self.long.append((ti, stems))
                continue
            ordered = sorted(stems)
            for i, a in enumerate(ordered):
                for b in ordered[i + 1 :]:
                    self.two[a, b] = ti

    def shares(self, after: int, stems: Set[str]) -> bool:
        """``overlap_enough(stems, content_stems(s))`` for some sentence ``s`` of a turn after ``after``."""
        if not stems:
            return False
        ordered = sorted(stems)
        if len(ordered) == 1:
            return self.one.get(ordered[0], -1) > after
        two = self.two
        if any(two.get((a, b), -1) > after for i, a in enumerate(ordered) for b in ordered[i + 1 :]):
            return True
        return any(ti > after and overlap_enough(stems, s) for ti, s in self.long)


class _SpanReader(CuedReading):
    """One pass of extraction over a prepared span; collects candidates per section (sentences not in
    English: :class:`~chatcompact.summarizers._cues.CuedReading`)."""

    NAME_WEIGHT, PREF_WEIGHT, DECISION_WEIGHT = _FACT_WEIGHT["user:name"], PREFERENCE_WEIGHT, DECIDED_WEIGHT

    def __init__(self, turns: list[_Turn], state: SummaryState) -> None:
        self.turns = turns
        self.state = state
        self.cands: list[_Cand] = []
        self.marked: dict[tuple[int, int], float] = {}  # sentences that yielded a fact/decision/todo
        self.freq: Counter[str] = Counter(s for t in turns if t.role != "tool" for s in t.stems)
        self.names = {stem(w.lower()) for t in turns for w in t.who.split()} - {"user", "assistant", "tool"}
        self.names.update(stem((m.group(1) or m.group(2)).lower()) for t in turns for m in VOCATIVE.finditer(t.prose))
        self._answers: _Later | None = None  # assistant statements, indexed on the first question
        self._reports: _Later | None = None  # sentences reporting something done, indexed on the first todo

    def add(self, section: str, text: str, turn: _Turn, si: int, score: float, **kw: object) -> None:
        text = clip(tidy(text), 240)
        if len(text) < 3:
            return
        sources = kw.pop("sources", turn.sources)
        self.cands.append(_Cand(section, text, sources, (turn.index, si), score, **kw))  # type: ignore[arg-type]
        key = (turn.index, si)
        self.marked[key] = max(self.marked.get(key, 0.0), _NARRATIVE_BONUS.get(section, 0.0))

    # ---------------------------------------------------------------- user facts

    def facts(self, turn: _Turn, si: int, sent: str) -> None:
        if sent.rstrip().endswith("?"):
            return
        specific = False
        m = NAME.search(sent)
        if m and m.group("name").split()[0] not in NOT_NAMES:
            name = m.group("name")
            text = f"User is {name}" if turn.who == "User" else f"{turn.who}'s name is {name}"
            self.names.update(stem(w.lower()) for w in name.split())
            self.add("user_facts", text, turn, si, _FACT_WEIGHT["user:name"], subject="user:name")
            specific = True
        for m in PLACE.finditer(sent):
            subject = "user:location" if m.group("loc") else "user:origin"
            self._fact(turn, si, third_person(sent[m.start() :], turn.who), subject)
            specific = True
        for m in PREFER.finditer(sent):
            if about_one_thing(m.group("obj"), turn.lang):
                continue  # "I'd rather write to her first": a choice about one thing now, not a preference
            head = _pref_head(m.group("obj"))
            subject = f"user:preference:{stem(head)}" if head else None  # type: ignore[assignment]
            text = third_person(sent[m.start() :], turn.who)
            self.add("user_facts", text, turn, si, PREFERENCE_WEIGHT, subject=subject)
            specific = True
        plan = False
        if any(k in sent for k in _PLAN_WORDS):
            for m in PLAN.finditer(sent):
                self._fact(turn, si, f"{turn.who} is on the {m.group('plan')} plan", "user:plan")
                plan = True
        # "my shop is on the Pro plan" is the plan, not an attribute "shop".
        specific = (not plan and self._attributes(turn, si, sent)) or specific or plan
        if not specific:
            self._generic_fact(turn, si, sent)

    def _attributes(self, turn: _Turn, si: int, sent: str) -> bool:
        """ "my X is Y" facts; the subject follows the value when it is telling (an e-mail, a time zone)."""
        found = False
        for m in ATTR.finditer(sent):
            if m.group("np").lower() in ("name", "name's") or not attribute_ok(m.group("np"), m.group("val")):
                continue  # "my head is full of canonicals": a mood, not an attribute
            subject = value_subject(m.group("val")) or f"user:{_subject(m.group('np'))}"
            self._fact(turn, si, third_person(sent[m.start() : m.end()], turn.who), subject)
            found = True
        return found

    def _fact(self, turn: _Turn, si: int, text: str, subject: str) -> None:
        self.add("user_facts", text, turn, si, _FACT_WEIGHT.get(subject, ATTRIBUTE_WEIGHT), subject=subject)

    def _generic_fact(self, turn: _Turn, si: int, sent: str) -> None:
        for m in FIRST_PERSON.finditer(sent):
            clause = m.group("clause").strip()
            if FILLER.match(clause) or len(content_words(clause)) < 2 or not about_user(clause):
                continue  # "I think ...", "I found the payout stuff", "I'm a bit nervous": nothing about the user
            text = third_person(clause, turn.who)
            if TIMEZONE.search(clause):
                self._fact(turn, si, text, "user:timezone")
                return
            score = 1.0 + 0.2 * min(len(content_words(clause)), 6) + (0.8 if identifier_spans(clause) else 0.0)
            self.add("user_facts", text, turn, si, score)
            return  # one generic fact per sentence: the rest of it is in the clause already

    # ---------------------------------------------------------------- decisions and commitments

    def commitments(self, turn: _Turn, si: int, sent: str) -> None:
        if sent.rstrip().endswith("?"):
            return
        low = sent.lower()  # cheap keyword checks first: most sentences decide nothing
        m = DECIDE.search(sent) if any(k in low for k in _DECIDE_WORDS) else None
        if m and meaningful(what := decision_what(m.group("what"))):
            self._decision(f"{turn.who} decided: ", what, turn, si, DECIDED_WEIGHT)
            return
        m = AGREED.match(sent) or (AGREED_ON.search(sent) if "agreed" in low else None)
        if m:
            self._agreed(turn, si, decision_what(m.group("what")))
            return
        m = LETS.search(sent) if "let" in low else None
        if m and meaningful(what := decision_what(m.group("what")), 1):
            self._proposal(turn, si, what)
            return
        if "ll " not in low and "will" not in low and "going to" not in low and "gonna" not in low:
            return
        for m in COMMIT.finditer(sent):
            what = m.group("what").strip()
            if not content_words(what):
                continue
            if m.group("subj").lower().startswith("we"):
                if meaningful(what := decision_what(what)):
                    self._decision(f"{turn.who}: we will ", what, turn, si, WE_WILL_WEIGHT)
            else:
                stems = frozenset(content_stems(what))
                self.add("todos", f"{turn.who} will {self._view(turn)(what)}", turn, si, 2.0, stems=stems)

    def _proposal(self, turn: _Turn, si: int, what: str) -> None:
        """ "Let's X": agreed when the other side affirms it (one content word is then enough: "do the
        refund"); else the user's own call unless pushed back on; else a suggestion."""
        nxt = self._next_other(turn)
        reply = nxt.sentences[0] if nxt is not None and nxt.sentences else ""
        if reply and AFFIRM.match(reply):
            self._decision("Agreed: ", what, turn, si, AGREED_WEIGHT, sources=turn.sources + nxt.sources)  # type: ignore[union-attr]
        elif not meaningful(what):
            return
        elif turn.role == "user" and not (PUSHBACK.match(reply) or reply.rstrip().endswith("?")):
            self._decision(f"{turn.who} decided: ", what, turn, si, DECIDED_WEIGHT)
        else:
            self._decision(f"{turn.who} suggested: ", what, turn, si, SUGGESTED_WEIGHT)

    def _agreed(self, turn: _Turn, si: int, what: str) -> None:
        if meaningful(what):
            self._decision("Agreed: ", what, turn, si, AGREED_WEIGHT)
            return
        prev = self._prev_other(turn)
        statements = [s for s in prev.sentences if not s.rstrip().endswith("?")] if prev is not None else []
        if prev is not None and statements and meaningful(what := decision_what(statements[-1])):
            sources = prev.sources + turn.sources
            self._decision("Agreed: ", what, turn, si, AGREED_WEIGHT, speaker=prev, sources=sources)

    def _decision(
        self, prefix: str, what: str, turn: _Turn, si: int, weight: float, speaker: _Turn | None = None, **kw: object
    ) -> None:
        weight += 1.0 if identifier_spans(what) else 0.0  # "refund 120 EUR" is more than "refund her"
        self.add("decisions", f"{prefix}{self._view(speaker or turn)(what)}", turn, si, weight, **kw)

    @staticmethod
    def _view(turn: _Turn) -> Callable[[str], str]:
        # Who "I"/"you" are stops being obvious once a sentence leaves its message.
        if turn.lang != "en":
            return str  # the English pronoun rewriting would misread "me" in "per me"
        return they_view if turn.role == "user" else speaker_view

    def _next_other(self, turn: _Turn) -> _Turn | None:
        return next((t for t in self.turns[turn.index + 1 :] if t.role in ("user", "assistant")), None)

    def _prev_other(self, turn: _Turn) -> _Turn | None:
        return next((t for t in reversed(self.turns[: turn.index]) if t.role != turn.role and t.role != "tool"), None)

    def _done_later(self, after: int, stems: frozenset[str]) -> bool:
        """A later sentence reports it done ("I've sent the label") and shares its keywords."""
        if self._reports is None:
            self._reports = _Later((t.index, s) for t in self.turns for s in t.sentences if DONE.search(s))
        return self._reports.shares(after, stems)

    # ---------------------------------------------------------------- questions

    def questions(self, turn: _Turn, si: int, sent: str) -> None:
        q = sent.strip().rstrip("\"')]} ")
        if not q.endswith(("?", "？")) or SMALL_TALK.match(q):
            return
        stems = content_stems(HOW_MUCH.sub(" ", q))
        if not stems or self._answered(turn.index, stems):
            return
        self.add("open_questions", f"{turn.who} asked: {q}", turn, si, 1.0 + 0.2 * len(stems))

    def _answered(self, after: int, stems: Set[str]) -> bool:
        """Answered = a later assistant statement (not a counter-question) shares enough keywords."""
        if self._answers is None:
            self._answers = _Later(
                (t.index, s)
                for t in self.turns
                if t.role == "assistant"
                for s in t.sentences
                if not s.rstrip().endswith(("?", "？"))
            )
        return self._answers.shares(after, stems)

    # ---------------------------------------------------------------- resolutions of the prior state

    def resolutions(self) -> tuple[Resolution, ...]:
        """Earlier open questions answered, and todos done, by a message of this span.

        The rule (kept simple so it can be explained): take the item's content-word stems (after its
        "X asked:" / "X will" prefix); a question is answered by an assistant sentence that is not
        itself a question, a todo is done by a sentence with a completion cue ("I've...", "sent",
        "done"...); either must share at least min(2, #stems) stems with the item.
        """
        out: list[Resolution] = []
        for item in self.state.open_questions:
            stems = content_stems(HOW_MUCH.sub(" ", ASKED_PREFIX.sub("", item.text)))
            hit = self._first_turn(stems, lambda t, s: t.role == "assistant" and not s.rstrip().endswith("?"))
            if hit is not None:
                out.append(Resolution(section="open_questions", text=item.text, sources=hit.sources))
        for item in self.state.todos:
            stems = content_stems(WILL_PREFIX.sub("", item.text))
            hit = self._first_turn(stems, lambda t, s: t.role != "tool" and bool(DONE.search(s)))
            if hit is not None:
                out.append(Resolution(section="todos", text=item.text, sources=hit.sources))
        return tuple(out)

    def _first_turn(self, stems: Set[str], ok: Callable[[_Turn, str], bool]) -> _Turn | None:
        for t in self.turns:
            if not overlap_enough(stems, t.stems):
                continue  # cheap whole-message filter before looking at sentences
            if any(ok(t, s) and overlap_enough(stems, content_stems(s)) for s in t.sentences):
                return t
        return None

    # ---------------------------------------------------------------- identifiers

    def identifiers(self, limit: int, focus: bool = False) -> None:
        """One candidate per distinct identifier (first mention, sources, weight); the context phrase (the costly
        part) is written only for the ``limit`` best, so a paste of thousands of identifiers costs one scan."""
        found: dict[str, _Found] = {}
        for turn in self.turns:
            point()
            for span in identifier_spans(turn.text):
                key = span.value.casefold()
                f = found.get(key)
                if f is None:
                    f = found[key] = _Found(turn, span, len(found))
                elif turn.role != "tool" and len(f.later) < MAX_LATER_MENTIONS:
                    f.later.append((turn, span))  # a later mention may say more about it
                f.roles.add(turn.role)
                f.score = max(f.score, _identifier_weight(span))  # once called "ticket SUP-40417", a ticket
                if turn.seq is not None and turn.seq not in f.sources and len(f.sources) < MAX_ITEM_SOURCES:
                    f.sources = (*f.sources, turn.seq)
        for f in found.values():
            # Said by the user: theirs. Only ever in tool output: background. Mentioned again: it matters.
            f.score += (0.5 if "user" in f.roles else 0.0) - (1.0 if f.roles == {"tool"} else 0.0)
            f.score = min(f.score + 0.25 * (len(f.sources) - 1), 10.0)
        # the order _sections keeps them in (best score, newest turn, first seen); with a focus, the context
        # phrase may raise one, so more get theirs
        chosen = heapq.nsmallest(limit * (10 if focus else 2), found.values(), key=_Found.rank)
        for f in sorted(chosen, key=lambda f: f.seen):
            self.cands.append(
                _Cand("identifiers", f.text(), f.sources, (f.turn.index, 0), f.score, f"id:{f.span.value}")
            )

    # ---------------------------------------------------------------- topics

    def topics(self, limit: int) -> None:
        """Key phrases: runs of content words counted by how many messages use them (stems merge
        "refund"/"refunds"), longer phrases weighted up; identifiers are masked out first."""
        df: Counter[tuple[str, ...]] = Counter()
        surface: dict[tuple[str, ...], str] = {}
        where: dict[tuple[str, ...], list[int]] = {}
        for turn in self.turns:
            point()
            if turn.role == "tool":
                continue
            text = turn.prose
            for span in identifier_spans(text):
                # "example" of an e-mail domain is no topic, nor "CLM" of "claim CLM-2025-01983"; "claim" is
                start = span.start + max(span.raw.rfind(span.value), 0) if span.kind == "order" else span.start
                text = text[:start] + "," * (span.end - start) + text[span.end :]
            for key, words in key_phrases(text).items():
                if self.names.intersection(key):
                    continue  # who is talking (or being addressed) is not what the talk is about
                df[key] += 1
                surface.setdefault(key, words)
                where.setdefault(key, []).append(turn.index)
        # a phrase that recurs speaks for its words: "qonto account" rather than "account"
        phrased = {s for key, n in df.items() if len(key) > 1 and n >= 2 for s in key}
        scored = []
        for key, n in df.items():
            word_freq = sum(self.freq[s] for s in key) / len(key)
            if n < TOPIC_MESSAGES or (len(key) == 1 and key[0] in phrased):
                continue  # said by one message: not yet a topic
            scored.append((-(n * (1 + 0.5 * (len(key) - 1)) + 0.5 * word_freq), where[key][0], key))
        chosen: list[tuple[str, ...]] = []
        used: set[str] = set()
        for _, _, key in sorted(scored):
            if used.intersection(key):
                continue  # "return label" and "label" are one topic
            chosen.append(key)
            used.update(key)
            if len(chosen) >= limit:
                break
        for key in chosen:
            idx = where[key][:MAX_ITEM_SOURCES]
            sources = tuple(s for i in idx for s in self.turns[i].sources)
            text = surface[key]
            weight = 1.0 + 0.5 * min(df[key] - 1, 4)  # what recurs outlives a passing remark under the caps
            self.cands.append(_Cand("topics", text, sources, (idx[0], 0), weight, f"topic:{text}"))


def _identifier_weight(span: IdentifierSpan) -> float:
    if span.kind == "id" and _REF_CODE.match(span.value):
        return _KIND_WEIGHT["order"] - 0.5
    if span.kind == "amount" and not any(c in span.value for c in "$€£¥₹") and not span.value[-1:].isalpha():
        return _KIND_WEIGHT["amount"] - 0.5  # a bare percentage
    return _KIND_WEIGHT.get(span.kind, 3.0)


MAX_LATER_MENTIONS = 8  # later mentions of an identifier looked at for a context phrase its first one lacks


@dataclass
class _Found:
    """An identifier of the span: its first mention, and what the later ones add."""

    turn: _Turn
    span: IdentifierSpan
    seen: int  # order of first appearance in the span
    later: list[tuple[_Turn, IdentifierSpan]] = field(default_factory=list)
    roles: set[str] = field(default_factory=set)
    sources: tuple[int, ...] = ()
    score: float = 0.0

    def __post_init__(self) -> None:
        self.sources = self.turn.sources

    def rank(self) -> tuple[float, int, int]:
        return (-self.score, -self.turn.index, self.seen)

    def text(self) -> str:
        """ "<value> — <context>", from the first mention that has context (a tool's mention only if first)."""
        t, sp = self.turn, self.span
        text = identifier_text(t.text, t.bounds, sp, t.role, t.who)
        for t, sp in self.later:
            if " — " in text:
                break
            text = identifier_text(t.text, t.bounds, sp, t.role, t.who)
        return text


class ExtractiveSummarizer:
    """Deterministic extractive summarizer (the embedded default): no model, no network.

    ``caps`` bounds how many items one call adds per section (the merge enforces the state's own caps).
    """

    name = "extractive"
    deterministic = True  # the same request gets the same delta: a refused one is never asked for again

    def __init__(
        self, *, caps: Mapping[str, int] = PER_CALL_CAPS, item_max_chars: int = 240, narrative_max_chars: int = 600
    ) -> None:
        self.caps = MappingProxyType({**PER_CALL_CAPS, **caps})
        self.item_max_chars = item_max_chars
        self.narrative_max_chars = narrative_max_chars

    def summarize(self, request: SummaryRequest) -> SummaryDelta:
        """Extract a delta from ``request.messages``; every item cites only those messages' seqs.

        A roll-up (``request.kind == "rollup"``) gets an empty delta: extracting from rendered summaries
        would restate them badly, and the merge of the children's items (the request's state, which
        the core keeps) is already the extractive roll-up.
        """
        if request.kind == "rollup":
            return SummaryDelta()
        with memo.scope():  # sentences recur across the rules: memoised for this call (or the driver's flow)
            return self._extract(request)

    def _extract(self, request: SummaryRequest) -> SummaryDelta:
        turns = _prepare(request.messages)
        if not turns:
            return SummaryDelta()
        reader = _SpanReader(turns, request.state)
        for turn in turns:
            if turn.role == "tool":
                continue  # tool output feeds identifiers only: it is not anyone's statement
            for si, sent in enumerate(turn.sentences):
                point()
                if turn.lang != "en":
                    reader.cued(turn, si, sent)
                    continue
                if turn.role == "user":
                    reader.facts(turn, si, sent)
                    reader.questions(turn, si, sent)
                reader.commitments(turn, si, sent)
        reader.identifiers(self.caps["identifiers"], focus=bool(request.focus))
        reader.topics(self.caps["topics"])
        if request.focus:
            favour_focus(reader.cands, request.focus)
        add = self._sections(reader)
        narrative = self._narrative(reader, request.state.narrative)
        resolve = reader.resolutions()
        if not add and not resolve and not narrative:
            narrative = self._gist(reader)
        return SummaryDelta(add=add, resolve=resolve, narrative=narrative)

    def _gist(self, reader: _SpanReader) -> str | None:
        """The span's wordiest sentence, attributed and clipped: the narrative of a span the patterns found
        nothing in (long sentences, questions), so a deterministic summarizer never returns an empty delta for
        real content (the core would refuse it, and asking again would give the same answer)."""
        best: tuple[int, int, int, str] | None = None
        for turn in reader.turns:
            if turn.role == "tool":
                continue
            for si, sent in enumerate(turn.sentences):
                # content words first; then any words ("fact0001 fact0002": codes, ids, no topic word at all)
                n, words = len(content_words(sent)), len(set(_GIST_WORD.findall(sent)))
                if (n >= 2 or words >= 2) and (best is None or (n, words) > best[:2]):
                    best = (n, words, -si, f"{turn.who}: {sent}")
        return clip(best[3], min(self.narrative_max_chars, 300)) if best else None

    async def asummarize(self, request: SummaryRequest) -> SummaryDelta:
        """Async form of :meth:`summarize` (pure CPU work, so it simply calls it)."""
        return self.summarize(request)

    def _sections(self, reader: _SpanReader) -> dict[str, tuple[SummaryItem, ...]]:
        by_section: dict[str, dict[str, _Cand]] = {}
        for c in reader.cands:
            if c.section == "todos" and reader._done_later(c.order[0], c.stems):
                continue  # promised and delivered within the span: nothing left to do
            bucket = by_section.setdefault(c.section, {})
            if c.subject and c.section != "identifiers":
                # Within one span the later statement on a subject wins, as it will in the merge.
                for k in [k for k, old in bucket.items() if old.subject == c.subject]:
                    del bucket[k]
            key = " ".join(c.text.lower().split())
            if key in bucket:
                old = bucket[key]
                old.sources = tuple(dict.fromkeys((*old.sources, *c.sources)))[:MAX_ITEM_SOURCES]
            else:
                bucket[key] = c
        out: dict[str, tuple[SummaryItem, ...]] = {}
        for section, bucket in by_section.items():
            # Best first to apply the cap (later wins ties: newer is more current), then chronological.
            kept = sorted(bucket.values(), key=lambda c: (-c.score, -c.order[0], -c.order[1]))[: self.caps[section]]
            kept.sort(key=lambda c: c.order)
            out[section] = tuple(
                SummaryItem(
                    text=clip(c.text, self.item_max_chars),
                    sources=c.sources,
                    subject=c.subject,
                    weight=max(0.0, min(c.score, 10.0)),
                )
                for c in kept
            )
        return out

    def _narrative(self, reader: _SpanReader, previous: str) -> str | None:
        """1-3 whole, attributed sentences ("User: ...", "Assistant: ..."): the most salient ones, those
        that carry a decision, a fact or an identifier first; the previous narrative's last one leads when
        there is room, so the retelling reads on from one span to the next."""
        scored = self._narrative_candidates(reader)
        if not scored:
            return None
        k = 1 if len(reader.turns) <= 2 else 2 if len(reader.turns) <= 6 else 3
        best, used, said = [], set(), set()
        for entry in sorted(scored):
            key = " ".join(entry[3].lower().split())
            if entry[1] not in used and key not in said:  # one sentence per message, each sentence once
                best.append(entry)
                used.add(entry[1])
                said.add(key)
            if len(best) == k:
                break
        while len(best) > 1 and sum(len(e[3]) + 1 for e in best) > self.narrative_max_chars:
            best.remove(max(best))  # the least salient goes first
        best.sort(key=lambda e: (e[1], e[2]))
        text = clip(" ".join(e[3] for e in best), self.narrative_max_chars)
        prev_spans = sentence_spans(previous) if previous and len(best) < 3 else []
        if prev_spans:
            last = previous[prev_spans[-1][0] : prev_spans[-1][1]]
            if len(last) + 1 + len(text) <= self.narrative_max_chars and last not in text:
                text = f"{last} {text}"
        return text

    @staticmethod
    def _narrative_candidates(reader: _SpanReader) -> list[tuple[float, int, int, str]]:
        raw = []
        for turn in reader.turns:
            if turn.role == "tool":
                continue
            for si, sent in enumerate(turn.sentences):
                point()
                stems = content_stems(sent)
                if len(stems) < 3 or not narratable(sent):
                    continue  # greetings, acknowledgements, fragments and cut quotes retell nothing
                salience = sum(reader.freq[s] for s in stems) / math.sqrt(len(stems) + 1)
                kinds = {sp.kind for sp in identifier_spans(sent)}
                bonus = reader.marked.get((turn.index, si), 0.0) + (1.5 if kinds - {"amount"} else 0.5 if kinds else 0)
                bonus += (0.5 if turn.index == 0 else 0.0) - (1.5 if "→" in sent else 0.0)
                end = ("。" if has_han(sent) else ".") if sent[-1].isalnum() else ""
                raw.append((salience, bonus, turn.index, si, f"{turn.who}: {sent}{end}"))
        top = max((r[0] for r in raw), default=0.0) or 1.0
        # Salience is scaled to 0..3 so that what a sentence carries weighs as much as its wording.
        return [(-(3.0 * sal / top + bonus), ti, si, text) for sal, bonus, ti, si, text in raw]


FOCUS_BOOST = 3.0  # weight an item gains per content stem it shares with the app's focus (at most 2 counted)


def favour_focus(cands: Sequence[_Cand], focus: str) -> None:
    """``compact(focus=...)``: candidates sharing content words with the focus weigh more, so caps keep them."""
    wanted = content_stems(focus)
    for c in cands:
        shared = len(wanted & content_stems(c.text))
        if shared:
            c.score += FOCUS_BOOST * min(shared, 2)
