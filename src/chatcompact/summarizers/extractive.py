"""The embedded default summarizer: extractive, deterministic, no model and no network.

It reads the evicted messages sentence by sentence and fills the structured state with what simple,
explainable patterns can find:

* ``user_facts``: first-person statements of the user ("I'm...", "my X is...", "I prefer...",
  "I live in..."), rewritten in the third person ("User is Dupont"); the ones about a stable
  attribute carry a ``subject`` ("user:email", "user:preference:seat") so a newer one supersedes;
* ``decisions``: "let's...", "we'll...", "agreed...", "I've decided / I'll go with...";
* ``todos``: promises of either side ("I'll send the label" -> "Assistant will send the label"),
  unless a later message in the same span already reports it done;
* ``open_questions``: user questions that no later assistant message in the span answers;
* ``identifiers``: order numbers, URLs, e-mails, paths, amounts... with a few words of context;
* ``topics``: the most frequent key phrases; ``narrative``: the most salient sentences.

Earlier open questions and todos of the state are resolved by the keyword-overlap rule of
:func:`chatcompact.summarizers._text.overlap_enough` (see :meth:`_SpanReader.resolutions`).
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from chatcompact.core.preserve import IdentifierSpan, identifier_spans, masked_text, sentence_spans
from chatcompact.protocols import SummaryRequest
from chatcompact.types import Message, Resolution, SummaryDelta, SummaryItem, SummaryState

from ._patterns import (
    AFFIRM,
    AGREED,
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
    NOT_TOPIC,
    PLACE,
    PREF_CUT,
    PREFER,
    SMALL_TALK,
    SUBJECT_ALIASES,
    VOCATIVE,
    WILL_PREFIX,
)
from ._text import (
    STOPWORDS,
    clip,
    content_stems,
    content_words,
    overlap_enough,
    speaker_view,
    stem,
    they_view,
    third_person,
)

__all__ = ["PER_CALL_CAPS", "ExtractiveSummarizer"]

# At most this many new items per section and call: about half of each section's default cap, so
# one long span refreshes a section without flushing everything older out of it.
PER_CALL_CAPS: Mapping[str, int] = MappingProxyType(
    {"decisions": 8, "user_facts": 10, "todos": 5, "open_questions": 5, "identifiers": 20, "topics": 5}
)
MAX_ITEM_SOURCES = 5
_KIND_RANK = {"order": 0, "email": 1, "phone": 2, "url": 3, "path": 4, "id": 5, "version": 6, "amount": 7}


@dataclass
class _Turn:
    index: int
    seq: int | None
    role: str
    who: str
    text: str  # prose only (code and JSON blanked), apostrophes normalised
    sentences: tuple[str, ...]
    stems: frozenset[str] = frozenset()

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
    turns = []
    for m in messages:
        if m.role not in ("user", "assistant", "tool"):
            continue  # system/developer prompts are kept by assemble, not summarised
        text = _flatten_json(m.text) if m.role == "tool" else None
        if text is None:
            text = masked_text(m.searchable_text if m.role == "assistant" else m.text)
        text = text.replace("\u2019", "'")
        who = m.name or {"user": "User", "assistant": "Assistant"}.get(m.role, "Tool")
        sents = tuple(text[s:e] for s, e in sentence_spans(text))
        turns.append(_Turn(len(turns), m.seq, m.role, who, text, sents, frozenset(content_stems(text))))
    return turns


def _flatten_json(text: str) -> str | None:
    """A JSON tool result as "key: value" lines, so identifiers keep their field name as context."""
    stripped = text.strip()
    if stripped[:1] not in ("{", "["):
        return None
    try:
        value = json.loads(stripped)
    except (ValueError, RecursionError):
        return None
    lines: list[str] = []

    def walk(node: object, path: str, depth: int) -> None:
        if len(lines) >= 200 or depth > 6:
            return
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, f"{path} {str(k).replace('_', ' ')}".strip(), depth + 1)
        elif isinstance(node, list):
            for v in node:
                walk(v, path, depth + 1)
        elif node is not None:
            lines.append(f"{path}: {node}" if path else str(node))

    walk(value, "", 0)
    return "\n".join(lines)


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


class _SpanReader:
    """One pass of extraction over a prepared span; collects candidates per section."""

    def __init__(self, turns: list[_Turn], state: SummaryState) -> None:
        self.turns = turns
        self.state = state
        self.cands: list[_Cand] = []
        self.marked: set[tuple[int, int]] = set()  # sentences that yielded a fact/decision/todo
        self.freq: Counter[str] = Counter(s for t in turns if t.role != "tool" for s in content_stems(t.text))
        self.names = {stem(w.lower()) for t in turns for w in t.who.split()} - {"user", "assistant", "tool"}
        self.names.update(stem((m.group(1) or m.group(2)).lower()) for t in turns for m in VOCATIVE.finditer(t.text))

    def add(self, section: str, text: str, turn: _Turn, si: int, score: float, **kw: object) -> None:
        text = clip(text, 240)
        if len(text) < 3:
            return
        sources = kw.pop("sources", turn.sources)
        self.cands.append(_Cand(section, text, sources, (turn.index, si), score, **kw))  # type: ignore[arg-type]
        self.marked.add((turn.index, si))

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
            self.add("user_facts", text, turn, si, 5.0, subject="user:name")
            specific = True
        for m in PLACE.finditer(sent):
            subject = "user:location" if m.group("loc") else "user:origin"
            self.add("user_facts", third_person(sent[m.start() :], turn.who), turn, si, 4.0, subject=subject)
            specific = True
        for m in PREFER.finditer(sent):
            head = _pref_head(m.group("obj"))
            subject = f"user:preference:{stem(head)}" if head else None
            self.add("user_facts", third_person(sent[m.start() :], turn.who), turn, si, 4.0, subject=subject)
            specific = True
        for m in ATTR.finditer(sent):
            if m.group("np").lower() in ("name", "name's"):
                continue
            subject = f"user:{_subject(m.group('np'))}"
            self.add("user_facts", third_person(sent[m.start() : m.end()], turn.who), turn, si, 3.0, subject=subject)
            specific = True
        if not specific:
            self._generic_fact(turn, si, sent)

    def _generic_fact(self, turn: _Turn, si: int, sent: str) -> None:
        for m in FIRST_PERSON.finditer(sent):
            clause = m.group("clause").strip()
            if FILLER.match(clause) or len(content_words(clause)) < 2:
                continue
            score = 1.0 + 0.2 * min(len(content_words(clause)), 6) + (0.8 if identifier_spans(clause) else 0.0)
            self.add("user_facts", third_person(clause, turn.who), turn, si, score)
            return  # one generic fact per sentence: the rest of it is in the clause already

    # ---------------------------------------------------------------- decisions and commitments

    def commitments(self, turn: _Turn, si: int, sent: str) -> None:
        if sent.rstrip().endswith("?"):
            return
        view = self._view(turn)
        m = DECIDE.search(sent)
        if m and content_words(m.group("what")):
            self.add("decisions", f"{turn.who} decided: {view(m.group('what'))}", turn, si, 3.0)
            return
        m = AGREED.match(sent)
        if m:
            self._agreed(turn, si, m.group("what"))
            return
        m = LETS.search(sent)
        if m and content_words(m.group("what")):
            nxt = self._next_other(turn)
            if nxt is not None and nxt.sentences and AFFIRM.match(nxt.sentences[0]):
                sources = turn.sources + nxt.sources
                self.add("decisions", f"Agreed: {view(m.group('what'))}", turn, si, 3.5, sources=sources)
            else:
                self.add("decisions", f"{turn.who} suggested: {view(m.group('what'))}", turn, si, 2.0)
            return
        for m in COMMIT.finditer(sent):
            what = m.group("what").strip()
            if not content_words(what):
                continue
            if m.group("subj").lower().startswith("we"):
                self.add("decisions", f"{turn.who}: we will {view(what)}", turn, si, 2.5)
            else:
                stems = frozenset(content_stems(what))
                self.add("todos", f"{turn.who} will {view(what)}", turn, si, 2.0, stems=stems)

    def _agreed(self, turn: _Turn, si: int, what: str) -> None:
        prev = self._prev_other(turn)
        if content_words(what):
            self.add("decisions", f"Agreed: {self._view(turn)(what)}", turn, si, 3.0)
        elif prev is not None:
            statements = [s for s in prev.sentences if not s.rstrip().endswith("?")]
            if statements:
                text = f"Agreed: {self._view(prev)(statements[-1])}"
                self.add("decisions", text, turn, si, 3.0, sources=prev.sources + turn.sources)

    @staticmethod
    def _view(turn: _Turn) -> Callable[[str], str]:
        # Who "I"/"you" are stops being obvious once a sentence leaves its message.
        return they_view if turn.role == "user" else speaker_view

    def _next_other(self, turn: _Turn) -> _Turn | None:
        return next((t for t in self.turns[turn.index + 1 :] if t.role in ("user", "assistant")), None)

    def _prev_other(self, turn: _Turn) -> _Turn | None:
        return next((t for t in reversed(self.turns[: turn.index]) if t.role != turn.role and t.role != "tool"), None)

    def _done_later(self, after: int, stems: frozenset[str]) -> bool:
        """A later sentence reports it done ("I've sent the label") and shares its keywords."""
        for t in self.turns[after + 1 :]:
            for s in t.sentences:
                if DONE.search(s) and overlap_enough(stems, content_stems(s)):
                    return True
        return False

    # ---------------------------------------------------------------- questions

    def questions(self, turn: _Turn, si: int, sent: str) -> None:
        q = sent.strip().rstrip("\"')]} ")
        if not q.endswith("?") or SMALL_TALK.match(q):
            return
        stems = content_stems(HOW_MUCH.sub(" ", q))
        if not stems or self._answered(turn.index, stems):
            return
        self.add("open_questions", f"{turn.who} asked: {q}", turn, si, 1.0 + 0.2 * len(stems))

    def _answered(self, after: int, stems: set[str]) -> bool:
        """Answered = a later assistant statement (not a counter-question) shares enough keywords."""
        for t in self.turns[after + 1 :]:
            if t.role == "assistant":
                for s in t.sentences:
                    if not s.rstrip().endswith("?") and overlap_enough(stems, content_stems(s)):
                        return True
        return False

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

    def _first_turn(self, stems: set[str], ok: Callable[[_Turn, str], bool]) -> _Turn | None:
        for t in self.turns:
            if not overlap_enough(stems, t.stems):
                continue  # cheap whole-message filter before looking at sentences
            if any(ok(t, s) and overlap_enough(stems, content_stems(s)) for s in t.sentences):
                return t
        return None

    # ---------------------------------------------------------------- identifiers

    def identifiers(self) -> None:
        seen: dict[str, _Cand] = {}
        for turn in self.turns:
            for span in identifier_spans(turn.text):
                key = span.value.casefold()
                if key in seen:
                    c = seen[key]
                    if turn.seq is not None and turn.seq not in c.sources and len(c.sources) < MAX_ITEM_SOURCES:
                        c.sources = (*c.sources, turn.seq)
                    continue
                text = _identifier_text(turn, span)
                score = 10.0 - _KIND_RANK.get(span.kind, 8)
                c = _Cand("identifiers", clip(text, 240), turn.sources, (turn.index, 0), score, f"id:{span.value}")
                seen[key] = c
                self.cands.append(c)

    # ---------------------------------------------------------------- topics

    def topics(self, limit: int) -> None:
        """Key phrases: runs of content words counted by how many messages use them (stems merge
        "refund"/"refunds"), longer phrases weighted up; identifiers are masked out first."""
        df: Counter[tuple[str, ...]] = Counter()
        surface: dict[tuple[str, ...], str] = {}
        where: dict[tuple[str, ...], list[int]] = {}
        for turn in self.turns:
            if turn.role == "tool":
                continue
            text = turn.text
            for span in identifier_spans(text):
                if span.kind != "order":  # "example" of an e-mail domain is no topic; "order" is
                    text = text[: span.start] + "," * (span.end - span.start) + text[span.end :]
            for key, words in _phrases(text).items():
                if self.names.intersection(key):
                    continue  # who is talking (or being addressed) is not what the talk is about
                df[key] += 1
                surface.setdefault(key, words)
                where.setdefault(key, []).append(turn.index)
        scored = []
        for key, n in df.items():
            word_freq = sum(self.freq[s] for s in key) / len(key)
            if n < 2 and word_freq < 2:
                continue  # said once, by one message: not yet a topic
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
            self.cands.append(_Cand("topics", text, sources, (idx[0], 0), 1.0, f"topic:{text}"))


_TOKEN = re.compile(r"[a-z][a-z'-]*|[^\sa-z]+")


@lru_cache(maxsize=16384)
def _topic_word(word: str) -> bool:
    return len(word) > 2 and word.isalpha() and word not in STOPWORDS and word not in NOT_TOPIC and word[-2:] != "ly"


def _phrases(text: str) -> dict[tuple[str, ...], str]:
    """Runs of content words (split at stop-words and punctuation) as 1- to 3-grams: stems -> first wording."""
    out: dict[tuple[str, ...], str] = {}
    run: list[str] = []
    for tok in [*_TOKEN.findall(text.lower()), "."]:
        tok = tok.strip("'-")
        if _topic_word(tok):
            run.append(tok)
            continue
        if run:
            stems = [stem(w) for w in run]
            for n in (1, 2, 3):
                for i in range(len(run) - n + 1):
                    out.setdefault(tuple(stems[i : i + n]), " ".join(run[i : i + n]))
            run = []
    return out


def _identifier_text(turn: _Turn, span: IdentifierSpan) -> str:
    """The identifier with a few words of context: "order 88231 — arrived broken", "User's email is a@b.c"."""
    shown = span.raw if span.kind == "order" else span.value
    text = turn.text
    after = re.split(r"[,.;!?\n(]", text[span.end : span.end + 120], maxsplit=1)[0].strip(" :-—")
    after = " ".join(after.split()[:8])
    before_text = re.split(r"[,.;!?\n)]", text[max(0, span.start - 80) : span.start])[-1].strip()
    before = " ".join(before_text.split()[-6:])
    if turn.role == "user" and re.match(r"(?:I|[Mm]y)\b", before):
        before = third_person(before, turn.who)
    # Prefer what follows ("order 88231 — arrived broken"), else what leads in ("User's email is a@b.c").
    if content_words(after) and (len(after.split()) >= 2 or not content_words(before)):
        return f"{shown} — {after}"
    if before:
        return f"{before} {shown}"
    label = "" if shown != span.value else f"{span.kind} "  # "order id: 88231" already names itself
    return f"{label}{shown}" + (f" — {after}" if after else "")


class ExtractiveSummarizer:
    """Deterministic extractive summarizer (the embedded default): no model, no network.

    ``caps`` bounds how many items one call adds per section (the merge enforces the state's own caps).
    """

    name = "extractive"

    def __init__(
        self, *, caps: Mapping[str, int] = PER_CALL_CAPS, item_max_chars: int = 240, narrative_max_chars: int = 600
    ) -> None:
        self.caps = MappingProxyType({**PER_CALL_CAPS, **caps})
        self.item_max_chars = item_max_chars
        self.narrative_max_chars = narrative_max_chars

    def summarize(self, request: SummaryRequest) -> SummaryDelta:
        """Extract a delta from ``request.messages``; every item cites only those messages' seqs."""
        turns = _prepare(request.messages)
        if not turns:
            return SummaryDelta()
        reader = _SpanReader(turns, request.state)
        for turn in turns:
            if turn.role == "tool":
                continue  # tool output feeds identifiers only: it is not anyone's statement
            for si, sent in enumerate(turn.sentences):
                if turn.role == "user":
                    reader.facts(turn, si, sent)
                    reader.questions(turn, si, sent)
                reader.commitments(turn, si, sent)
        reader.identifiers()
        reader.topics(self.caps["topics"])
        add = self._sections(reader)
        narrative = self._narrative(reader, request.state.narrative)
        return SummaryDelta(add=add, resolve=reader.resolutions(), narrative=narrative)

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
        scored = []
        for turn in reader.turns:
            if turn.role == "tool":
                continue
            for si, sent in enumerate(turn.sentences):
                stems = content_stems(sent)
                if len(stems) < 3:
                    continue  # greetings and acknowledgements carry nothing to retell
                salience = sum(reader.freq[s] for s in stems) / math.sqrt(len(stems) + 1)
                bonus = (1.5 if identifier_spans(sent) else 0.0) + (1.0 if (turn.index, si) in reader.marked else 0.0)
                bonus += 0.5 if turn.index == 0 else 0.0
                scored.append((-(salience + bonus), turn.index, si, turn.who, clip(sent, 200)))
        if not scored:
            return None
        k = 1 if len(reader.turns) <= 2 else 2 if len(reader.turns) <= 6 else 3
        best, used = [], set()
        for entry in sorted(scored):
            if entry[1] not in used:  # one sentence per message: the retelling should cover the span
                best.append(entry)
                used.add(entry[1])
            if len(best) == k:
                break
        best.sort(key=lambda x: (x[1], x[2]))
        parts = [s if i and best[i - 1][3] == who else f"{who}: {s}" for i, (_, _, _, who, s) in enumerate(best)]
        while len(parts) > 1 and len(" ".join(parts)) > self.narrative_max_chars:
            parts.pop()
        text = clip(" ".join(parts), self.narrative_max_chars)
        prev_spans = sentence_spans(previous) if previous else []
        if prev_spans:
            last = previous[prev_spans[-1][0] : prev_spans[-1][1]]
            if len(last) + 1 + len(text) <= self.narrative_max_chars:
                text = f"{last} {text}"
        return text
