"""Standing instructions: rules and preferences the user sets for the rest of the conversation. Pure.

"Always answer in German", "never use tabs", "from now on cite the file", "I prefer short answers", "do not
modify tests": sentences like these must hold in every context, long after the turn that said them was folded.
:func:`detect` finds them in user messages with per-language cue phrases (``data/lang/instructions.json``:
en, de, it, zh); :func:`merge` adds them to the state's ``instructions`` section, where no cap evicts them and
only a later instruction on the same subject supersedes an earlier one (its sources keep the earlier ids:
provenance). Capture runs at every compaction (``core.worklog.carry``) and assembly also scans the
unsummarised tail, so it does not depend on which summarizer runs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from importlib import resources

from ..types import Message, SummaryItem

__all__ = ["MAX_INSTRUCTIONS", "capture", "cues", "detect", "merge"]

MAX_INSTRUCTIONS = 100  # a safety bound against a flood; far above what people set (oldest beyond it go)
MAX_CHARS = 300
_SENTENCE = re.compile(r"[^.!?。！？:;：；\n]+[.!?。！？]*")  # a colon or semicolon also starts a rule
_WORD = re.compile(r"\w+")
_CJK = re.compile(r"[\u3400-\u9fff]")
_SIMILAR = 0.5  # content-word overlap at which a newer instruction replaces an older one


@lru_cache(maxsize=1)
def cues() -> dict[str, dict[str, tuple[str, ...]]]:
    """The cue phrases per language: ``{"en": {"start": (...), "anywhere": (...), "override": (...)}}``."""
    raw = json.loads(resources.files("chatcompact").joinpath("data", "lang", "instructions.json").read_text("utf-8"))
    return {lang: {k: tuple(v) for k, v in d.items()} for lang, d in raw.items() if not lang.startswith("_")}


def _compiled(kind: str) -> re.Pattern[str]:
    return _patterns()[kind]


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    out = {}
    for kind in ("start", "anywhere", "override"):
        words: list[str] = []
        cjk: list[str] = []
        for lang in cues().values():
            for phrase in lang.get(kind, ()):
                (cjk if _CJK.search(phrase) else words).append(re.escape(phrase))
        alts = [rf"(?<!\w){w}(?!\w)" for w in sorted(words, key=len, reverse=True)] + cjk
        body = "|".join(alts)
        out[kind] = re.compile(rf"^\s*(?:{body})" if kind == "start" else body, re.IGNORECASE)
    return out


def _content(text: str) -> set[str]:
    words = {w.lower() for w in _WORD.findall(text) if len(w) > 2}
    words |= set(_CJK.findall(text))
    return words


@lru_cache(maxsize=1)
def _cue_words() -> frozenset[str]:
    stop: set[str] = set()
    for lang in cues().values():
        for kind in ("start", "anywhere", "override"):
            for phrase in lang.get(kind, ()):
                stop |= _content(phrase)
    return frozenset(stop)


@lru_cache(maxsize=4096)
def _subject(text: str) -> frozenset[str]:
    """What an instruction is about: its content words without the cue and polarity words."""
    return frozenset(_content(text) - _cue_words())


def is_instruction(sentence: str) -> bool:
    """True if ``sentence`` reads as a standing rule or preference."""
    s = sentence.strip()
    if len(s) < 6:
        return False
    return bool(_compiled("start").search(s) or _compiled("anywhere").search(s))


def _revises(sentence: str, existing: Sequence[SummaryItem]) -> bool:
    """A sentence with an override cue ("instead", "no longer") about the subject of an instruction in force."""
    if not existing or not _compiled("override").search(sentence):
        return False
    subj = _subject(sentence)
    return any(_overlap(subj, _subject(old.text)) >= 0.34 for old in existing)


def detect(message: Message, existing: Sequence[SummaryItem] = ()) -> list[SummaryItem]:
    """The standing instructions in one user message, one item per sentence, citing the message.

    A sentence that revises an instruction in ``existing`` ("actually, use spaces instead") counts too.
    """
    if message.role != "user" or not message.text:
        return []
    if not existing:
        return list(_detect_cached(message.text, message.seq or 0))
    return _detect(message, existing)


@lru_cache(maxsize=4096)
def _detect_cached(text: str, seq: int) -> tuple[SummaryItem, ...]:
    return tuple(_detect(Message(role="user", content=text, seq=seq), ()))


def _detect(message: Message, existing: Sequence[SummaryItem]) -> list[SummaryItem]:
    out = []
    for m in _SENTENCE.finditer(message.text[:20_000]):  # bounded: a paste is not a rule book
        sentence = " ".join(m.group(0).split())
        if is_instruction(sentence) or _revises(sentence, existing):
            text = sentence if len(sentence) <= MAX_CHARS else sentence[: MAX_CHARS - 1] + "…"
            out.append(SummaryItem(text=text, sources=(message.seq or 0,), subject="instruction", weight=10.0))
    return out


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


def merge(existing: Sequence[SummaryItem], new: Iterable[SummaryItem]) -> tuple[SummaryItem, ...]:
    """``existing`` plus ``new`` (in order): repeats refresh, a newer one on the same subject supersedes."""
    items = list(existing)
    for item in new:
        key = " ".join(item.text.lower().split())
        subj = _subject(item.text)
        overriding = bool(_compiled("override").search(item.text))
        kept: list[SummaryItem] = []
        earlier: list[int] = []
        for old in items:
            same = " ".join(old.text.lower().split()) == key
            if same or (_overlap(subj, _subject(old.text)) >= (0.34 if overriding else _SIMILAR)):
                earlier.extend(old.sources)
            else:
                kept.append(old)
        sources = tuple(dict.fromkeys((*item.sources, *earlier)))[:12]
        items = [*kept, item.model_copy(update={"sources": sources})]
    return tuple(items[-MAX_INSTRUCTIONS:])


def capture(existing: Sequence[SummaryItem], messages: Iterable[Message]) -> tuple[SummaryItem, ...]:
    """``existing`` instructions updated with those the user ``messages`` set, oldest first."""
    items = tuple(existing)
    for m in messages:
        found = detect(m, items)
        if found:
            items = merge(items, found)
    return items
