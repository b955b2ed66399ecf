"""The user's own words to the assistant, and the cue phrases that tell them apart. Pure.

A standing instruction or preference may only come from what the user says to the assistant themselves
(:mod:`chatcompact.core.instructions`). :func:`own_words` blanks everything else of a user message: text in
quotation marks, code, block quotes, pasted logs, e-mails (header lines), dialogues (speaker lines) and lines
under a paste label ("Output: ..."); what follows a lead-in to someone else's words ("Here is what I got:", "the
email says"); text written for others (a paragraph that opens with a greeting to others, what a lead-in naming
a draft leads: "Hi all, ...", "Draft tweet: ..."); what comes before a question about it ("... Is this legit?",
"What do you think?": the message before it, where after the generic one a first-person preference or a rule
spoken to the assistant may still be the user's own, :func:`doubtful_words`); and a hypothetical ("what if I told
you to never ...") to its paragraph's end.

The cue phrases are data (``data/lang/instructions.json``, per language: en, de, it, zh), matched
case-insensitively on word boundaries (Han text: on characters), every language's phrases together, since a
chat mixes languages. Nothing here caches conversation text: only the phrase tables are built once.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from itertools import pairwise

from ..errors import InvalidArgument
from .lang import UPPER
from .memo import memo

__all__ = [
    "SENTENCE",
    "blanked",
    "cues",
    "doubtful_words",
    "found",
    "glued_questions",
    "has",
    "kinds_in",
    "may_hold",
    "own_words",
    "starts",
    "unwrapped",
    "word_list",
]

#: A sentence of a message: up to its end mark; a colon or semicolon also starts one ("Note: always ..."), a line
#: break too. A mark before a non-blank is inside a token ("Python 3.8", "10:30", "e.g.x"); Han marks always end.
#: An abbreviation's dot ends none: a title before a name ("Address me as Dr. Patel"), "e.g." or "z.B." before a
#: word in lower case or a digit ("short names, e.g. i or j").
SENTENCE = re.compile(
    r"(?:(?<!\w)(?:Dr|Mr|Mrs|Ms|Prof|Dott|Sig|Hr|Fr)\.[ \t]+(?=[A-Z])"
    r"|(?<!\w)(?:e\.g|i\.e|z\.B|d\.h|u\.a|bzw|ca|vs|approx|etc|es)\.[ \t]+(?=[a-z0-9])"
    r"|\((?=[^()\n]{0,80}\))(?:[^()\n.!?。！？]|[.!?](?!\s))*\)"  # an aside in brackets, whole ("(feat:, fix: usw.)")
    r"|[^.!?。！？:;：；\n]|[.!?:;](?=\S))+[.!?。！？]*"
)
# A line break inside wrapped prose (a letter, digit or comma before it, a lower-case letter after it).
_WRAPPED = re.compile(r"(?<=[\w,])\n(?=[^\W\d_A-Z])")
_CJK = re.compile(r"[\u3400-\u9fff]")
# Kinds matched at the start of a sentence (one position tried: fast); the others anywhere in it.
ANCHORED = frozenset(
    {
        "start",
        "hypothetical",
        "request",
        "style_start",
        "style_general",
        "count",
        "statement_start",
        "not_rule",
        "directive",
        "directive_to_me",
        "negative_lead",
        "not_negative",
        "other_subject",
        "condition",
        "possessive",
        "maintain",
        "condition_then",
        "assume",
        "asks_opinion",
        "cease",
        "topic_lead",
        "fragment_adjective",
        "lead_in",
        "rather_start",
        "when_lead",
        "alert",
        "lead_with",
        "answer_with",
        "greeting",
        "persona",
        "reason",
        "not_reason",
        "about_lead",
        "self_condition",
        "uses",
    }
)

# Quoted and pasted text, as (pattern, what it spans). Quotation marks pair within a bounded length; ASCII
# apostrophes only where they cannot be a contraction ("don't", "users' rights").
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
# "Alice: ...", "Kunde: ...", "客服：...": a line label (a speaker, a section of the user's text, or a paste label).
_LABEL_LINE = re.compile(rf"^[ \t]*([{UPPER}][\w .'-]{{0,30}}|[\u3400-\u9fff]{{1,6}})[ \t]*[:：][ \t]+\S.*$", re.M)
PARAGRAPH_END = re.compile(r"\n[ \t]*\n")
_NOT_NEWLINE = re.compile(r"[^\n]")


@lru_cache(maxsize=1)
def cues() -> dict[str, dict[str, tuple[str, ...]]]:
    """The cue phrases per language: ``{"en": {"start": (...), "prefer": (...), "frame": (...), ...}}``."""
    raw = json.loads(resources.files("chatcompact").joinpath("data", "lang", "instructions.json").read_text("utf-8"))
    out = {lang: {k: tuple(v) for k, v in d.items()} for lang, d in raw.items() if not lang.startswith("_")}
    out["en"] = {k: tuple(dict.fromkeys(x for p in v for x in (p, _unapostrophed(p)))) for k, v in out["en"].items()}
    return out


_CONTRACTION = re.compile(r"n't\b|\bi'(?=[mdv])|\byou're\b")


def _unapostrophed(phrase: str) -> str:
    """An English phrase as it is typed without apostrophes: "i dont want", "pls dont", "id rather", "im on" (a
    contraction that stays no other word: not "we're", "i'll", "it's"; "im", "id" only inside a longer phrase)."""
    if " " not in phrase and phrase.startswith("i'"):
        return phrase
    return _CONTRACTION.sub(lambda m: m.group().replace("'", ""), phrase)


@lru_cache(maxsize=256)
def word_list(kind: str, code: str | None = None) -> frozenset[str]:
    """The phrases of ``kind`` lower-cased, for whole-word look-ups: of every language, or with ``code`` of that
    language and English only (short words of one language are common words of another: Italian "no")."""
    chosen = cues().values() if code is None else [cues().get(code, {}), cues().get("en", {})]
    return frozenset(p.lower() for lang in chosen for p in lang.get(kind, ()))


@lru_cache(maxsize=64)
def _phrases(kind: str) -> tuple[tuple[str, bool], ...]:
    """``(phrase lower-cased, needs word boundaries)`` of ``kind`` in every language, longest first."""
    out = {(p.lower(), not _CJK.search(p)) for lang in cues().values() for p in lang.get(kind, ())}
    return tuple(sorted(out, key=lambda x: (-len(x[0]), x[0])))


@lru_cache(maxsize=64)
def _pattern(kind: str) -> re.Pattern[str]:
    body = _alternation(kind)
    return re.compile(rf"^\s*(?:{body})" if kind in ANCHORED else body, re.IGNORECASE)


def _alternation(kind: str) -> str:
    """``kind``'s phrases as one regex alternation, on word boundaries but in Han text."""
    words: list[str] = []
    cjk: list[str] = []
    for phrase, bounded in _phrases(kind):
        (words if bounded else cjk).append(re.escape(phrase))
    alts = [rf"(?<!\w){w}(?!\w)" for w in words] + cjk
    return "|".join(alts) or r"(?!x)x"


def _wordish(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


_TOKEN = re.compile(r"\w+")


@lru_cache(maxsize=64)
def _index(
    kinds: tuple[str, ...],
) -> tuple[dict[str, tuple[tuple[str, bool], ...]], tuple[tuple[str, bool], ...], frozenset[str]]:
    """The phrases of ``kinds`` by their first word (Han: first character), those without one, and the first words
    as a set (a sentence's words meet it set to set: over a dict, ``intersection`` walked every key, 8x slower)."""
    by: dict[str, list[tuple[str, bool]]] = {}
    other: list[tuple[str, bool]] = []
    for phrase, bounded in dict.fromkeys(p for kind in kinds for p in _phrases(kind)):
        head = phrase[:1] if not bounded else (m.group() if (m := _TOKEN.match(phrase)) else "")
        (by.setdefault(head, []) if head else other).append((phrase, bounded))
    return {k: tuple(v) for k, v in by.items()}, tuple(other), frozenset(by)


def found(kind: str, text: str, first: bool = False) -> list[tuple[int, int]]:
    """Where ``kind``'s phrases occur in ``text`` (case-insensitive, on word boundaries but in Han text), in
    order. Only the phrases whose first word occurs in the text are looked for, each with ``str.find``: linear
    in the text, in C (an alternation of a hundred phrases tried at every position is some 100x slower)."""
    low, heads = _lowered(text)
    if heads is None:  # a rare character whose lower case is longer: offsets would drift
        return [m.span() for m in _pattern(kind).finditer(straight(text))]
    return _found((kind,), low, heads, first)


def straight(text: str) -> str:
    """``text`` with the apostrophe phones type ("don’t") as the straight one: one character for one."""
    return text.replace("’", "'") if "’" in text else text


def _lowered(text: str) -> tuple[str, frozenset[str] | None]:
    """``text`` lower-cased and its words (the heads :func:`_found` looks up), or None for the words when lower
    case changes its length. Memoised in the operation's scope: one sentence is asked about a dozen kinds."""

    def compute() -> tuple[str, frozenset[str] | None]:
        low = straight(text.lower())  # "don’t" as typed on phones: one character for one
        return low, _heads(low) if len(low) == len(text) else None

    return memo("own_words.heads", text, compute)


def _heads(low: str) -> frozenset[str]:
    heads = set(_TOKEN.findall(low))
    if _CJK.search(low):
        heads.update(_CJK.findall(low))
    return frozenset(heads)


def _found(kinds: tuple[str, ...], low: str, heads: frozenset[str], first: bool) -> list[tuple[int, int]]:
    by, other, keys = _index(kinds)
    candidates = [p for h in heads & keys for p in by[h]] + list(other)
    out: list[tuple[int, int]] = []
    for phrase, bounded in candidates:
        at = low.find(phrase)
        while at >= 0:
            end = at + len(phrase)
            if not bounded or _bounded(low, at, end):
                out.append((at, end))
                if first:
                    return out
            at = low.find(phrase, at + 1)
    return sorted(out)


@lru_cache(maxsize=16)
def _at_starts(kinds: tuple[str, ...]) -> re.Pattern[str]:
    """The phrases of ``kinds`` at the start of a line or after a sentence mark, polite lead-ins ('request':
    "could you", "also,") allowed before them: tried only there (fast)."""

    def alternation(kinds: tuple[str, ...]) -> str:
        words: list[str] = []
        cjk: list[str] = []
        for kind in kinds:
            for phrase, bounded in _phrases(kind):
                (words if bounded else cjk).append(re.escape(phrase))
        alts = [rf"{w}(?!\w)" for w in sorted(set(words), key=len, reverse=True)]
        return "|".join(alts + sorted(set(cjk), key=len, reverse=True)) or "(?!x)x"

    lead = rf"(?:(?:{alternation(('request',))})[ \t,，]*){{0,3}}"
    return re.compile(rf"(?:^|(?<=[.!?:;,。！？：；，]))[ \t]*{lead}(?:{alternation(kinds)})", re.IGNORECASE | re.M)


def may_hold(text: str, anywhere: tuple[str, ...], at_start: tuple[str, ...]) -> bool:
    """A quick test before the real reading: whether a phrase of ``anywhere`` occurs in ``text`` outside code,
    or one of ``at_start`` at the start of a line or clause. False means that none can be found there."""
    prose = memo("own_words.prose", text, lambda: _CODE.sub(" ", text)) if "`" in text else text
    low, heads = _lowered(prose)
    if heads is None:
        return True  # offsets would drift: let the real reading decide
    if _found(anywhere, low, heads, True):  # the phrases of all these kinds in one pass
        return True
    if not at_start or not heads & _index(at_start)[2]:
        return False
    return _at_starts(at_start).search(low) is not None


_Table = dict[str, dict[tuple[str, bool], frozenset[str]]]


@lru_cache(maxsize=1)
def _kind_table() -> _Table:
    """Every phrase of every kind with the kinds it belongs to, by its first two words (Han: its first character),
    for :func:`kinds_in`."""
    table: dict[str, dict[tuple[str, bool], set[str]]] = {}
    for kind in sorted({kind for lang in cues().values() for kind in lang}):
        for phrase, bounded in _phrases(kind):
            key = " ".join(_TOKEN.findall(phrase)[:2]) if bounded else phrase[:1]
            table.setdefault(key, {}).setdefault((phrase, bounded), set()).add(kind)
    return {k: {p: frozenset(v) for p, v in d.items()} for k, d in table.items()}


def _bounded(low: str, at: int, end: int) -> bool:
    return (at == 0 or not _wordish(low[at - 1])) and (end == len(low) or not _wordish(low[end]))


def kinds_in(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The kinds with a phrase anywhere in ``text``, and the anchored kinds (:data:`ANCHORED`) with one at its
    start: what :func:`has` and :func:`starts` would say of every kind, the first in one pass (a learned reader's
    features, :mod:`chatcompact.core.reader`). Phrases are looked up by the text's words and word pairs, then
    found with ``str.find``."""
    table = _kind_table()
    low = straight(text.lower())
    words = _TOKEN.findall(low)
    keys = {*words, *(f"{a} {b}" for a, b in pairwise(words)), *_CJK.findall(low)}
    found_kinds: set[str] = set()
    for key in keys & table.keys():
        for (phrase, bounded), kinds in table[key].items():
            if kinds <= found_kinds:
                continue
            at = low.find(phrase)
            while at >= 0 and bounded and not _bounded(low, at, at + len(phrase)):
                at = low.find(phrase, at + 1)
            if at >= 0:
                found_kinds |= kinds
    return frozenset(found_kinds), frozenset(kind for kind in ANCHORED if starts(kind, text))


def has(kind: str, text: str) -> bool:
    """True if a phrase of ``kind`` occurs in ``text``."""
    return bool(found(kind, text, first=True))


def starts(kind: str, text: str) -> int:
    """The end of the longest phrase of ``kind`` that ``text`` starts with (after blanks), or 0 for none."""
    if kind not in ANCHORED:
        raise InvalidArgument(f"kind={kind!r} is not matched at the start of a sentence (one of {sorted(ANCHORED)})")
    low, heads = _lowered(text)
    if heads is None:  # a rare character whose lower case is longer: offsets would drift
        m = _pattern(kind).match(straight(text))
        return m.end() if m is not None else 0
    head = low.lstrip()
    lead = len(low) - len(head)
    first = _TOKEN.match(head)
    table = _starts_table(kind)
    for key in (first.group() if first else "", head[:1]):
        for phrase, bounded in table.get(key, ()):  # longest first
            if head.startswith(phrase) and (not bounded or _bounded(head, 0, len(phrase))):
                return lead + len(phrase)
    return 0


@lru_cache(maxsize=64)
def _starts_table(kind: str) -> dict[str, tuple[tuple[str, bool], ...]]:
    """``kind``'s phrases by their first word (Han: first character), longest first: :func:`starts` tries only
    those of the text's first word (an alternation of hundreds of phrases tried at its start was the reading's
    main cost on long messages)."""
    out: dict[str, list[tuple[str, bool]]] = {}
    for phrase, bounded in _phrases(kind):
        first = _TOKEN.match(phrase) if bounded else None
        out.setdefault(first.group() if first else phrase[:1], []).append((phrase, bounded))
    return {k: tuple(v) for k, v in out.items()}


def blanked(text: str, spans: list[tuple[int, int]]) -> str:
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

    Quoted, coded, block-quoted and pasted text goes first (log, e-mail, dialogue and paste-labelled lines);
    then, read on what is left, the rest of a paragraph after a lead-in to someone else's words ("Here is what
    I got:"; the rest of the message when the lead-in ends its line with a colon) or from a hypothetical on
    ("What if I said ..."), text written for others (:func:`_for_others`), and everything before a question about
    it ("Is this legit?", "What do you think?").
    """
    return blanked(text, _spans(text, near=True))


def unwrapped(text: str) -> str:
    """``text`` with the line breaks of wrapped prose made spaces (offsets kept), so a wrapped line that starts
    with "format renders ..." is not read as a sentence of its own."""
    return _WRAPPED.sub(" ", text)


def doubtful_words(text: str) -> tuple[str, str]:
    """``(lenient, strict)``: ``text`` blanked as :func:`own_words` does but for what a generic question ("What
    do you think?", as often after the user's own proposal as after a paste) blanks, and :func:`own_words`
    itself. Words in the first but not the second may be the user's or pasted: they can state the user's own
    preference ("I'd rather ...") but no rule."""
    spans = _spans(text, near=False)
    lenient = blanked(text, spans)
    return lenient, blanked(text, spans + _near(lenient))


def _spans(text: str, near: bool) -> list[tuple[int, int]]:
    spans = [m.span() for rx in (_CODE, _QUOTES, _QUOTE_LINE, _LOG_LINE) for m in rx.finditer(text)]
    header = _HEADER_LINE.search(text)
    if header:
        spans.append((header.start(), len(text)))  # a pasted e-mail runs to the end
    spans += _labelled(text) + _code_blocks(text)
    left = blanked(text, spans)
    for _, end in found("frame", left):
        line_end = left.find("\n", end)
        block = left[end : line_end if line_end >= 0 else len(left)].strip() in (":", "：")
        para = PARAGRAPH_END.search(left, end)
        fence = _FENCED.match(text, line_end) if block and line_end >= 0 else None
        if fence:  # "Here's the traceback:\n```...```\n" and the user's own words after it
            spans.append((end, fence.end()))
            continue
        spans.append((end, len(text) if block or para is None else para.start()))
    spans += _for_others(left)
    for m in SENTENCE.finditer(left):  # "Imagine I said: never ..." holds no rule to its paragraph's end
        if starts("hypothetical", m.group(0)):
            para = PARAGRAPH_END.search(left, m.start())
            spans.append((m.start(), len(text) if para is None else para.start()))
    backrefs = found("backref", left)
    if backrefs:
        spans.append((0, _sentence_start(left, backrefs[-1][0])))
    return spans + _near(left) if near else spans


@lru_cache(maxsize=1)
def _greeting_lines() -> re.Pattern[str]:
    """A line that opens with a 'greeting' to others (one pass over a message, not one look per line)."""
    return re.compile(rf"^[ \t]*(?:{_alternation('greeting')})", re.M | re.I)


# A lead-in at a line's start, up to its colon ("Draft tweet:", "System prompt for our HR bot:").
_LEAD_LINE = re.compile(r"^[ \t]*([^\n:：]{1,60})[:：]", re.M)


def _for_others(text: str) -> list[tuple[int, int]]:
    """The spans of text written for others: a paragraph that opens with a 'greeting' to others ("Hi all, from now
    on please ...", "Hallo zusammen"), and what a lead-in at a line's start that names a 'draft' or a text for
    others leads ("Draft tweet: ...", "From our style guide: ...", "System prompt for our HR bot:"; not one that
    opens with an 'about_lead' word: "Zum Entwurf der Retry-Queue:", about its design): to the end of its paragraph,
    or of the message when the colon ends its line."""
    out = []
    if has("greeting", text):
        for line in _greeting_lines().finditer(text):
            para = PARAGRAPH_END.search(text, line.start())
            out.append((line.start(), len(text) if para is None else para.start()))
    if (":" in text or "：" in text) and has("draft", text):
        for m in _LEAD_LINE.finditer(text):
            if has("draft", m.group(1)) and not starts("about_lead", m.group(1)):  # not "Zum Entwurf der Queue:"
                line_end = text.find("\n", m.end())
                rest = text[m.end() : line_end if line_end >= 0 else len(text)].strip()
                para = PARAGRAPH_END.search(text, m.end())
                out.append((m.end(), len(text) if not rest or para is None else para.start()))
    return out


# A line of code pasted without a fence: it ends with a brace or a semicolon, or is a brace alone.
# A fenced block right after a lead-in's line: what was pasted, to the end of its closing fence.
_FENCED = re.compile(r"\s*```.*?(?:```|\Z)", re.S)
_CODE_LINE = re.compile(r"^.*[;{}]\s*$|^\s*[{}\[\]()]+\s*$")
_PARAGRAPH = re.compile(r"(?:[^\n]+\n?)+")


def _code_blocks(text: str) -> list[tuple[int, int]]:
    """The spans of paragraphs pasted as code without a fence (a config, a snippet): three lines or more, at least
    half of them and two ending with a brace or a semicolon; its comments ("# always redirect to https") are the
    code's, not the user's words."""
    if "{" not in text and ";" not in text:
        return []
    out = []
    for m in _PARAGRAPH.finditer(text):
        lines = [line for line in m.group(0).splitlines() if line.strip()]
        coded = sum(bool(_CODE_LINE.match(line)) for line in lines)
        if len(lines) >= 3 and coded >= 2 and 2 * coded >= len(lines):
            out.append(m.span())
    return out


_ASKED_ABOUT = re.compile(r"\s*(?:(?:about|of|on)\s+(?:it|this|that|these|those|them)\b)?\s*(?:[?.!？。]|\n|$)", re.I)


def _near(left: str) -> list[tuple[int, int]]:
    """What a generic question about what came before blanks: the message before it. The question must open its
    sentence (:func:`_opens`) and end there ("What do you think?", "What do you think of it?", "Sound good?");
    "What do you think about the retry logic?" asks about something new."""
    near = [(a, b) for a, b in found("backref_near", left) if _ASKED_ABOUT.match(left, b) and _opens(left, a)]
    return [(0, _sentence_start(left, near[-1][0]))] if near else []


def glued_questions(text: str) -> str:
    """``text`` with a line break for the blank before a generic question glued to the words before it with no mark
    between ("I prefer pandas method chaining over reassigning df What do you think?"): typed so, the question
    still opens a sentence of its own, as after a full stop. One character for one: offsets hold."""
    if not may_hold(text, ("backref_near",), ()):
        return text
    out: list[str] | None = None
    for a, b in found("backref_near", text):
        if not (text[a : a + 1].isupper() and _ASKED_ABOUT.match(text, b)):
            continue  # "What do you think?" as typed after a sentence; not "... what you think"
        j = a
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        if j < a and j > 0 and (text[j - 1].isalnum() or text[j - 1] in ")]`'\""):
            out = out or list(text)
            out[a - 1] = "\n"
    return text if out is None else "".join(out)


def _opens(text: str, at: int) -> bool:
    """Whether position ``at`` opens its sentence, two words at most before it ("So, what do you think?", "Ok,
    does that make sense?"; not "Those are my thoughts.")."""
    return len(text[_sentence_start(text, at) : at].split()) <= 2


def _labelled(text: str) -> list[tuple[int, int]]:
    """The spans of pasted label lines: a paste label's ("Output: ..."), and a dialogue's (two or more speakers
    that are not sections of the user's own text such as "Note:" or "Requirements:", each named like a person or
    a role: :func:`_named_like`)."""
    sections, pasted = word_list("label"), word_list("paste_label")
    speakers: dict[str, list[tuple[int, int]]] = {}
    out = []
    for m in _LABEL_LINE.finditer(text):
        label = " ".join(m.group(1).lower().split())
        if label in pasted:
            out.append(m.span())
        elif label not in sections and _named_like(m.group(1)):
            speakers.setdefault(label, []).append(m.span())
    if len(speakers) >= 2:
        out += [span for spans in speakers.values() for span in spans]
    return out


def _named_like(label: str) -> bool:
    """Whether a line label reads as a speaker's name or role ("Caroline", "Dr. Smith", "Customer", "Person A",
    客服): every word capitalised; not a lead-in of the user's own ("Side note", "Quick one", "Pet peeve of mine")."""
    words = label.split()
    if starts("lead_in", label):
        return False  # "For SQL: ..."
    return all(w[:1].isupper() or not w[:1].isalpha() for w in words) or bool(_CJK.search(label))


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding position ``at`` starts."""
    start = 0
    for m in SENTENCE.finditer(text, 0, at + 1):
        if m.start() <= at:
            start = m.start()
    return start
