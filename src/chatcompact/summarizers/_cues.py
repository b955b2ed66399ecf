"""What the extractive summarizer finds in a sentence that is not English: cue phrases from the language data.

English keeps its own, richer patterns (``_patterns.py``: pronoun rewriting, attributes, plans). Every other
language is read through the cue phrases of its data file (``chatcompact/data/lang/<code>.json``, see
:mod:`chatcompact.core.lang`): a name after a name cue ("ich heiße", "mi chiamo", "我叫"), a preference
after a prefer cue, a decision after a decision cue, a first-person statement as a fact. Items keep the
speaker's own wording, attributed ("User: Ich bevorzuge E-Mail"), since rewriting a clause into the third
person needs a grammar this table-driven reader does not have.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from chatcompact.core import lang
from chatcompact.core.preserve import identifier_spans

from ._text import content_words, meaningful, stem_in

__all__ = ["Cue", "CuedReading", "clause_at", "find_cue", "name_after", "starts_first_person"]

# Where a clause ends, in any script: sentence and clause punctuation, dashes.
_CLAUSE_END = re.compile(r"[.!?;:。！？；：\n]|[,，、](?=\s*(?:aber|ma|però|但|但是|不过|und dann|e poi)\b)|\s[—–-]\s")
_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔"
    "钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
# A name cue that also introduces non-names ("ich bin Kunde", "sono contento", "我是学生") needs a full name.
_WEAK_NAME_CUES = frozenset({"ich bin", "sono", "i'm", "i am", "this is", "hier ist", "qui è", "我是"})
_NAME_WORD = re.compile(rf"[{lang.UPPER}][{lang.LOWER}]*(?:['’-][{lang.UPPER}]?[{lang.LOWER}]+)*")


class Cue(NamedTuple):
    """A cue phrase found in a sentence: which one, and where it starts and ends."""

    phrase: str
    start: int
    end: int


def find_cue(sentence: str, code: str, kind: str) -> Cue | None:
    """The first cue phrase of ``kind`` in ``sentence`` (whole words for alphabetic scripts, case-insensitive)."""
    low = sentence.lower().replace("’", "'")
    han = lang.language(code).script == "han"
    best: Cue | None = None
    for phrase in lang.language(code).cue(kind):
        pattern = re.escape(phrase) if han else rf"(?<!\w){re.escape(phrase)}(?!\w)"
        m = re.search(pattern, low)
        if m and (best is None or m.start() < best.start):
            best = Cue(phrase, m.start(), m.end())
    return best


def clause_at(sentence: str, start: int) -> str:
    """The text from ``start`` to the end of its clause, trimmed of punctuation."""
    rest = sentence[start:].lstrip(" ,，:：")
    cut = _CLAUSE_END.search(rest)
    return (rest[: cut.start()] if cut else rest).strip(" ,，、\"'“”")


def name_after(sentence: str, code: str) -> str | None:
    """The name a name cue introduces: "Ich heiße Jürgen Müller" -> "Jürgen Müller", "我叫王伟" -> "王伟"."""
    cue = find_cue(sentence, code, "name")
    if cue is None:
        return None
    rest = sentence[cue.end :].lstrip(" ,:")
    if lang.language(code).script == "han":
        m = re.match(rf"[{lang.HAN}]{{2,3}}", rest)
        if not m:
            return None
        name = m.group()
        name = name[:2] if len(name) == 3 and name[2] in "，。的在是" else name
        weak = cue.phrase in _WEAK_NAME_CUES or cue.phrase == "我姓"
        return name if name[0] in _SURNAMES or not weak else None
    words: list[str] = []
    for token in rest.split()[:3]:
        word = token.strip(",.!?;:()\"'“”")
        if not _NAME_WORD.fullmatch(word) or word.lower() in lang.stop_words(code, filler=True):
            break
        words.append(word)
        if token != word:
            break  # punctuation ends the name
    if not words or (cue.phrase in _WEAK_NAME_CUES and len(words) < 2):
        return None
    return " ".join(words)


def starts_first_person(clause: str, code: str) -> bool:
    """The clause speaks of its speaker: it starts with a first-person word ("Ich", "Mio", "我")."""
    head = clause.lstrip(" ,\"'“”").lower()
    if lang.language(code).script == "han":
        return any(head.startswith(w) for w in lang.language(code).cue("first_person"))
    first = head.split(maxsplit=1)[0] if head.split() else ""
    return first.strip(",.!?") in lang.language(code).cue("first_person")


class CuedReading:
    """The cue-phrase reading of a sentence not in English, mixed into the extractive summarizer's span reader
    (which provides ``add``, ``questions``, ``_agreed``, ``_decision``, ``names`` and the weights below)."""

    NAME_WEIGHT = 9.0
    PREF_WEIGHT = 6.0
    DECISION_WEIGHT = 6.0

    def cued(self, turn: Any, si: int, sent: str) -> None:
        """A sentence not in English, read through its language's cue phrases."""
        reader: Any = self
        if sent.rstrip().endswith(("?", "？")):
            if turn.role == "user":
                reader.questions(turn, si, sent)
            return
        if turn.role == "user":
            self._cued_fact(turn, si, sent)
        cue = find_cue(sent, turn.lang, "agree")
        if cue is not None:
            reader._agreed(turn, si, clause_at(sent, cue.end))
            return
        cue = find_cue(sent, turn.lang, "decision")
        if cue is not None and meaningful(what := clause_at(sent, cue.end), 1):
            who = f"{turn.who} decided: " if turn.role == "user" else f"{turn.who}: "
            reader._decision(who, what, turn, si, self.DECISION_WEIGHT)

    def _cued_fact(self, turn: Any, si: int, sent: str) -> None:
        reader: Any = self
        name = name_after(sent, turn.lang)
        if name is not None:
            text = f"User is {name}" if turn.who == "User" else f"{turn.who}'s name is {name}"
            reader.names.update(stem_in(w.lower(), turn.lang) for w in name.split())
            reader.add("user_facts", text, turn, si, self.NAME_WEIGHT, subject="user:name")
            return
        cue = find_cue(sent, turn.lang, "prefer")
        if cue is not None:
            head = content_words(sent[cue.end :])
            subject = f"user:preference:{stem_in(head[0], turn.lang)}" if head else None
            reader.add("user_facts", f"{turn.who} (preference): {sent}", turn, si, self.PREF_WEIGHT, subject=subject)
            return
        # Without a grammar to tell a lasting fact from a passing remark, a first-person statement is a fact only
        # when it carries an identifier ("Meine Bestellung 88231 ist kaputt"); the rest is for topics and narrative.
        decides = find_cue(sent, turn.lang, "decision") or find_cue(sent, turn.lang, "agree")
        if starts_first_person(sent, turn.lang) and decides is None and identifier_spans(sent):
            score = 1.8 + 0.2 * min(len(content_words(sent)), 6)
            reader.add("user_facts", f"{turn.who}: {sent}", turn, si, score)
