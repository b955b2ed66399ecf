"""Standing instructions: rules and preferences the user sets for the rest of the conversation. Pure.

"Always answer in German", "never use tabs", "from now on cite the file", "I prefer short answers", "do not
modify tests": sentences like these must hold in every context, long after the turn that said them was folded.
:func:`detect` finds them in user messages with per-language cue phrases (``data/lang/instructions.json``:
en, de, it, zh); :func:`merge` adds them to the state's ``instructions`` section, where no cap evicts them and
only a later instruction on the same subject supersedes an earlier one (its sources keep the earlier ids:
provenance). Capture runs at every compaction (``core.worklog.carry``) and assembly also scans the
unsummarised tail, so it does not depend on which summarizer runs.

Instructions come only from **the user's own words to the assistant** (:func:`own_words`). Never from a
tool's or the assistant's text (only user messages are read), and never from what a user message quotes,
pastes or reports: text in quotation marks, code, block quotes, pasted logs, e-mails (header lines) and
dialogues (speaker lines); what follows a lead-in to someone else's words ("Here is what I got:", "the email
says"); what comes before a question about it ("... Is this legit?", "Please look at it."); a sentence of
reported speech ("my boss said to always ..."), a hypothetical ("what if I told you to never ...") or a
question ("should I always ...?", but "could you always ...?" is a request). Precision first: a quoted rule
lost is a rule the user can state again; a quoted rule obeyed is an injection.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from importlib import resources

from ..types import Message, SummaryItem

__all__ = ["MAX_INSTRUCTIONS", "capture", "cues", "detect", "is_instruction", "merge", "own_sentences", "own_words"]

MAX_INSTRUCTIONS = 100  # a safety bound against a flood; far above what people set (oldest beyond it go)
MAX_CHARS = 300
READ_CHARS = 20_000  # of a message: a paste is not a rule book
_SENTENCE = re.compile(r"[^.!?。！？:;：；\n]+[.!?。！？]*")  # a colon or semicolon also starts a rule
_WORD = re.compile(r"\w+")
_CJK = re.compile(r"[\u3400-\u9fff]")
_SIMILAR = 0.5  # content-word overlap at which a newer instruction replaces an older one
_KINDS = ("start", "anywhere", "override", "frame", "backref", "reporting", "self_report", "hypothetical", "request")
_ANCHORED = ("start", "hypothetical", "request")  # matched at the start of a sentence

# Quoted and pasted text (see own_words), as (pattern, what it spans). Quotation marks pair within a bounded
# length; ASCII apostrophes only where they cannot be a contraction ("don't", "users' rights").
_QUOTES = re.compile(
    r'"[^"]{1,2000}"|“[^”]{1,2000}”|„[^“”]{1,2000}[“”]|«[^»]{1,2000}»|»[^«]{1,2000}«|「[^」]{1,2000}」|『[^』]{1,2000}』'
    r"|‘[^’]{1,2000}’|(?<![\w'])'[^'\n]{1,300}'(?![\w'])"
)
_CODE = re.compile(r"```.*?(?:```|\Z)|`[^`\n]+`", re.S)
_QUOTE_LINE = re.compile(r"^[ \t]*>.*$", re.M)
_LOG_LINE = re.compile(
    r"^[ \t]*(?:\[?(?:ERROR|WARN|WARNING|INFO|DEBUG|TRACE|FATAL|CRITICAL)\b|\[?\d{4}-\d{2}-\d{2}[ T]\d|\d\d:\d\d:\d\d"
    r"|Traceback \(|File \"|at [\w.$<>]+\(|\$ |>>> |#include|(?:def|class|import|return) \w).*$",
    re.M,
)
_HEADER_LINE = re.compile(
    r"^[ \t]*(?:From|To|Cc|Bcc|Subject|Date|Sent|Reply-To|Von|An|Betreff|Datum|Gesendet|Da|A|Oggetto|Data|Inviato"
    r"|发件人|收件人|主题|日期|发送时间)[ \t]*[:：][ \t]*\S",
    re.M,
)
_SPEAKER_LINE = re.compile(r"^[ \t]*([A-Z][\w .'-]{0,30}|[\u3400-\u9fff]{1,6})[ \t]*[:：][ \t]+\S.*$", re.M)
_PARAGRAPH_END = re.compile(r"\n[ \t]*\n")


@lru_cache(maxsize=1)
def cues() -> dict[str, dict[str, tuple[str, ...]]]:
    """The cue phrases per language: ``{"en": {"start": (...), "anywhere": (...), "frame": (...), ...}}``."""
    raw = json.loads(resources.files("chatcompact").joinpath("data", "lang", "instructions.json").read_text("utf-8"))
    return {lang: {k: tuple(v) for k, v in d.items()} for lang, d in raw.items() if not lang.startswith("_")}


def _compiled(kind: str) -> re.Pattern[str]:
    """The anchored kinds as a regex (tried at one position: fast)."""
    return _patterns()[kind]


@lru_cache(maxsize=16)
def _phrases(kind: str) -> tuple[tuple[str, bool], ...]:
    """``(phrase lower-cased, needs word boundaries)`` of ``kind`` in every language, longest first."""
    out = {(p.lower(), not _CJK.search(p)) for lang in cues().values() for p in lang.get(kind, ())}
    return tuple(sorted(out, key=lambda x: (-len(x[0]), x[0])))


def _wordish(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _found(kind: str, text: str, first: bool = False) -> list[tuple[int, int]]:
    """Where ``kind``'s phrases occur in ``text`` (case-insensitive, on word boundaries but in Han text), in
    order. ``str.find`` per phrase: linear in the text times the phrases, in C (an alternation of a hundred
    phrases tried at every position is some 100x slower)."""
    low = text.lower()
    if len(low) != len(text):  # a rare character whose lower case is longer: offsets would drift
        return [m.span() for m in _patterns()[kind].finditer(text)]
    out: list[tuple[int, int]] = []
    for phrase, bounded in _phrases(kind):
        at = low.find(phrase)
        while at >= 0:
            end = at + len(phrase)
            if not bounded or ((at == 0 or not _wordish(low[at - 1])) and (end == len(low) or not _wordish(low[end]))):
                out.append((at, end))
                if first:
                    return out
            at = low.find(phrase, at + 1)
    return sorted(out)


def _has(kind: str, text: str) -> bool:
    return bool(_found(kind, text, first=True))


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    out = {}
    for kind in _KINDS:
        words: list[str] = []
        cjk: list[str] = []
        for lang in cues().values():
            for phrase in lang.get(kind, ()):
                (cjk if _CJK.search(phrase) else words).append(re.escape(phrase))
        alts = [rf"(?<!\w){w}(?!\w)" for w in sorted(words, key=len, reverse=True)] + cjk
        body = "|".join(alts) or r"(?!x)x"
        out[kind] = re.compile(rf"^\s*(?:{body})" if kind in _ANCHORED else body, re.IGNORECASE)
    return out


_NOT_NEWLINE = re.compile(r"[^\n]")


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the characters of ``spans`` but newlines turned into spaces (linear; offsets kept)."""
    if not spans:
        return text
    out, at = [], 0
    for start, end in sorted(spans):
        start = max(start, at)
        if end <= start:
            continue
        out += [text[at:start], _NOT_NEWLINE.sub(" ", text[start:end])]
        at = end
    out.append(text[at:])
    return "".join(out)


def own_words(text: str) -> str:
    """``text`` with everything that is not the user's own words to the assistant blanked (offsets kept).

    Quoted, coded, block-quoted and pasted text goes first (log, e-mail and dialogue lines); then, read on
    what is left, the rest of a paragraph after a lead-in to someone else's words ("Here is what I got:"; the
    rest of the message when the lead-in ends its line with a colon) or from a hypothetical on ("What if I
    said ..."), and everything before a question about it ("Is this legit?").
    """
    spans = [m.span() for rx in (_CODE, _QUOTES, _QUOTE_LINE, _LOG_LINE) for m in rx.finditer(text)]
    header = _HEADER_LINE.search(text)
    if header:
        spans.append((header.start(), len(text)))  # a pasted e-mail runs to the end
    speakers = list(_SPEAKER_LINE.finditer(text))
    if len({m.group(1).strip() for m in speakers}) >= 2:  # a pasted dialogue
        spans += [m.span() for m in speakers]
    left = _blanked(text, spans)
    for _, end in _found("frame", left):
        line_end = left.find("\n", end)
        block = left[end : line_end if line_end >= 0 else len(left)].strip() in (":", "：")
        para = _PARAGRAPH_END.search(left, end)
        spans.append((end, len(text) if block or para is None else para.start()))
    for m in _SENTENCE.finditer(left):  # "Imagine I said: never ..." holds no rule to its paragraph's end
        if _compiled("hypothetical").match(m.group(0)):
            para = _PARAGRAPH_END.search(left, m.start())
            spans.append((m.start(), len(text) if para is None else para.start()))
    backrefs = _found("backref", left)
    if backrefs:
        spans.append((0, _sentence_start(left, backrefs[-1][0])))
    return _blanked(text, spans)


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding position ``at`` starts."""
    start = 0
    for m in _SENTENCE.finditer(text, 0, at + 1):
        if m.start() <= at:
            start = m.start()
    return start


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
    """True if ``sentence`` reads as a standing rule or preference (its wording only; :func:`own_sentences`
    decides whether it is the user's own)."""
    s = sentence.strip()
    if len(s) < 6:
        return False
    if _compiled("start").search(s) or _has("anywhere", s):
        return True
    core = _without_request(s)
    return core is not s and len(core) >= 6 and bool(_compiled("start").search(core))


def _without_request(sentence: str) -> str:
    """``sentence`` without its polite lead-ins ("Also, could you ..." -> "..."); the same object if none."""
    core = sentence
    for _ in range(3):
        m = _compiled("request").match(core)
        if m is None or m.end() == 0:
            break
        core = core[m.end() :].lstrip(" ,;:-—–、，")
    return core


def _reported(sentence: str) -> bool:
    """Reported speech: a reporting phrase no self-report ("as I said") covers."""
    own = _found("self_report", sentence)
    return any(not any(a <= start and end <= b for a, b in own) for start, end in _found("reporting", sentence))


def own_sentences(text: str) -> list[tuple[str, str]]:
    """``(sentence as written, the same with quoted parts blanked)`` for each sentence of ``text`` that may set
    a rule: the user's own words, no hypothetical, no reported speech, no question but a request."""
    text = text[:READ_CHARS]
    own = own_words(text)
    out = []
    for m in _SENTENCE.finditer(own):
        spoken = " ".join(m.group(0).split())
        if len(spoken) < 6 or _reported(spoken):
            continue
        if spoken.endswith(("?", "？")) and _without_request(spoken) is spoken:
            continue  # "Should I always use tabs?" asks; "Could you always use tabs?" asks for a rule
        out.append((" ".join(text[m.start() : m.end()].split()), spoken))
    return out


def _revises(sentence: str, existing: Sequence[SummaryItem]) -> bool:
    """A sentence with an override cue ("instead", "no longer") about the subject of an instruction in force."""
    if not existing or not _has("override", sentence):
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
    for sentence, spoken in own_sentences(message.text):
        if is_instruction(spoken) or _revises(spoken, existing):
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
        overriding = _has("override", item.text)
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
