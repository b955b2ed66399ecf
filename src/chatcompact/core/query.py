"""One query, parsed once: the value every part of recall reads. Pure.

A query ("what exactly did Alice say about order 88231?") is read by the full-text search (its keywords), the
vector search (its text without the speakers it names), the speaker boost (the words a name is matched on), the
passage scorer (stemmed terms, in the language of the text being scored), the hierarchy's detail lines (folded
content words) and the detail test of ``context`` (names, numbers, cue phrases). :class:`Query` computes each of
these once, at the edge (``Thread.assemble``, ``Thread.recall``), from the one content-word rule of
:mod:`chatcompact.core.lang`; nothing downstream splits the text into words again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .lang import LOWER, UPPER, content_words, detect, fold, stem, words

__all__ = ["QUERY_CHARS", "Query", "keys", "runs", "term_of", "terms"]

# Capitalised words that are not sentence-initial: candidate names ("Müller" too, not just ASCII).
_NAME = re.compile(rf"(?<!^)(?<![.?!]\s)\b[{UPPER}][{UPPER}{LOWER}]{{2,}}\b")
_COMMON = frozenset({"What", "When", "Where", "Which", "Who", "How", "Why", "The", "And", "Did", "Can", "Could"})
_RUN = re.compile(r"[^\W_]+")  # letter/digit runs: what a speaker's name is matched on
#: Characters of a query that are parsed: a question is shorter; a pasted log is read for its start.
QUERY_CHARS = 4000


def runs(text: str) -> list[str]:
    """The case-folded letter/digit runs of ``text``: what a speaker's name is matched on (``core.speakers``)."""
    return [w.casefold() for w in _RUN.findall(text)]


def term_of(word: str, lang: str) -> str:
    """The term a lower-cased content word stands for: its stem, folded. A word with a digit in it is an identifier
    ("88231", "v2", "e4f1c2"), kept as written: stemming it would only cost time (and could cut an "s" off it)."""
    if any(ch.isdigit() for ch in word):
        return fold(word)
    return fold(stem(word, lang))


def terms(text: str, lang: str | None = None) -> list[str]:
    """The stemmed, folded content words of ``text`` in ``lang`` (default: its own): what passages are scored on."""
    code = lang or detect(text)
    return [term_of(w, code) for w in content_words(text, code)]


def keys(text: str, lang: str | None = None) -> frozenset[str]:
    """The folded content words of ``text`` (Latin words of 3+ characters, Han chunks): what a summary line and a
    query are matched on (``core.hierarchy``)."""
    return frozenset(fold(w) for w in content_words(text, lang, min_len=3))


@dataclass(frozen=True)
class Query:
    """A query as every part of recall reads it; build it with :meth:`parse` (or :meth:`of`)."""

    text: str
    lang: str
    words: tuple[str, ...]  # as written, in order (core.lang.words)
    content: tuple[str, ...]  # content words as written: the keyword query
    keys: frozenset[str]  # folded content words (core.hierarchy's detail lines)
    said: frozenset[str]  # case-folded letter/digit runs (core.speakers: a name is named when all its words are)
    folded: str  # the case-folded text (a Han name is named when it occurs anywhere in it)
    names: tuple[str, ...]  # capitalised words not opening a sentence, question words left out: candidate names
    _terms: dict[str, frozenset[str]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def parse(cls, text: str) -> Query:
        """Parse ``text`` once (microseconds for a question). A pasted text is read for its first
        :data:`QUERY_CHARS` characters: its first words say what it is about, and every search reads only those."""
        head = text[:QUERY_CHARS]
        code = detect(head)
        return cls(
            text=text,
            lang=code,
            words=tuple(words(head)),
            content=tuple(content_words(head, code, keep_case=True)),
            keys=keys(head, code),
            said=frozenset(runs(head)),
            folded=head.casefold(),
            names=tuple(n for n in _NAME.findall(head) if n not in _COMMON),
        )

    @property
    def head(self) -> str:
        """The part of the text every reader reads (all of a question; the start of a paste)."""
        return self.text[:QUERY_CHARS]

    @classmethod
    def of(cls, query: Query | str) -> Query:
        """``query`` itself, or the text parsed."""
        return query if isinstance(query, Query) else cls.parse(query)

    @property
    def keywords(self) -> str:
        """The content words in their order, for BM25 (stop and question words out; +1.7 points of recall@10 on
        LoCoMo); the text unchanged when nothing would remain ("What is it?")."""
        return " ".join(self.content) if self.content else self.head

    def terms(self, lang: str | None = None) -> frozenset[str]:
        """The stemmed, folded content words, stemmed as ``lang`` stems (the language of the text they are
        scored against; default the query's own). Computed once per language."""
        code = lang or self.lang
        got = self._terms.get(code)
        if got is None:
            got = self._terms[code] = frozenset(terms(self.head, code))
        return got
