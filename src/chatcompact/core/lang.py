"""Language-aware text handling for the whole library: words, names, stop words, stems, cues. Pure.

Every language is one data file, ``chatcompact/data/lang/<code>.json`` (read once, on first use): its stop
words (``stop``: function words; ``filler``: words that carry no topic in chat, which the summarizer also
ignores), its cue phrases (``cues``: name, prefer, decision, correction, question, first_person, done), its
relative-date vocabulary (``dates``, read by :mod:`chatcompact.core.when`), its word lists (``lexicon``: what is
no topic, verbs, vague words, feelings... read by the extractive summarizer), its Snowball ``stemmer`` name
(or null), its ``script`` ("latin" or "han") and ``capitalised_nouns`` (true for German: topics are then
capitalised words). Adding a language is dropping such a file in that folder
(see ``docs/languages.md``); nothing in the code lists the languages.

Words are Unicode-correct: "Jürgen", "perché", "D'Angelo" are one word each, and a run of Chinese characters
is cut at its stop words into chunks ("我的订单号是88231" -> "订单号", "88231"); chunks longer than four
characters become overlapping bigrams, which is also how the full-text index sees Han text
(:func:`index_terms`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from .memo import memo

__all__ = [
    "DEFAULT",
    "HAN",
    "LOWER",
    "UPPER",
    "Language",
    "bigrams",
    "content_words",
    "detect",
    "fold",
    "han_chunks",
    "has_han",
    "index_terms",
    "is_name_word",
    "language",
    "languages",
    "stem",
    "stop_words",
    "words",
]

#: The language assumed when a text gives no evidence (no stop word, no letter of another script).
DEFAULT = "en"

# Character classes for regexes that mean words: every upper/lower-case letter of the Latin, Greek and
# Cyrillic blocks (Python's ``re`` has no \p{Lu}); "[A-Z]" would cut "Ö" out of "Özil".
UPPER = "".join(re.escape(chr(c)) for c in range(0x41, 0x530) if chr(c).isupper())
LOWER = "".join(re.escape(chr(c)) for c in range(0x61, 0x530) if chr(c).islower())

#: The Han (Chinese) character ranges, as a regex class body.
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_HAN_RE = re.compile(f"[{HAN}]")
_HAN_RUN = re.compile(f"[{HAN}]+")
# A word: letters and digits (any script but Han) with inner apostrophes or hyphens ("D'Angelo", "e-mail",
# "SUP-40417", "v2"), or a run of Han characters (cut further by _han_chunks).
_WORD = re.compile(rf"[{HAN}]+|[^\W_{HAN}]+(?:['’-][^\W_{HAN}]+)*")
_APOSTROPHE = str.maketrans({"’": "'", "‘": "'", "`": "'"})


@dataclass(frozen=True)
class Language:
    """One language's data, as read from its data file."""

    code: str
    name: str
    script: str = "latin"
    stemmer: str | None = None
    stop: frozenset[str] = frozenset()
    filler: frozenset[str] = frozenset()
    cues: dict[str, tuple[str, ...]] = field(default_factory=dict)
    dates: dict[str, Any] = field(default_factory=dict)
    capitalised_nouns: bool = False  # German: a noun is written capitalised, whatever its place
    lexicon: dict[str, frozenset[str]] = field(default_factory=dict)

    def cue(self, kind: str) -> tuple[str, ...]:
        """The cue phrases of ``kind`` (lower case), longest first so the most specific matches first."""
        return self.cues.get(kind, ())

    def words(self, kind: str) -> frozenset[str]:
        """The lexicon's words of ``kind`` (lower case): "not_topic", "verb", "feeling"... (``docs/languages.md``)."""
        return self.lexicon.get(kind, frozenset())


def _load(data: dict[str, Any]) -> Language:
    cues = {k: tuple(sorted({c.lower() for c in v}, key=len, reverse=True)) for k, v in data.get("cues", {}).items()}
    return Language(
        code=data["code"],
        name=data.get("name", data["code"]),
        script=data.get("script", "latin"),
        stemmer=data.get("stemmer"),
        stop=frozenset(w.lower().translate(_APOSTROPHE) for w in data.get("stop", ())),
        filler=frozenset(w.lower().translate(_APOSTROPHE) for w in data.get("filler", ())),
        cues=cues,
        dates=data.get("dates", {}),
        capitalised_nouns=bool(data.get("capitalised_nouns", False)),
        lexicon={k: frozenset(w.lower().translate(_APOSTROPHE) for w in v) for k, v in data.get("lexicon", {}).items()},
    )


@lru_cache(maxsize=1)
def _registry() -> dict[str, Language]:
    out: dict[str, Language] = {}
    folder = resources.files("chatcompact") / "data" / "lang"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        data = json.loads(entry.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "code" in data and "stop" in data:  # other files there are not languages
            out[data["code"]] = _load(data)
    return out


def languages() -> tuple[str, ...]:
    """The codes of every language with a data file, sorted."""
    return tuple(sorted(_registry()))


def language(code: str) -> Language:
    """The :class:`Language` of ``code``; the default language for a code without a data file."""
    reg = _registry()
    return reg.get(code) or reg[DEFAULT]


def stop_words(code: str = DEFAULT, *, filler: bool = False) -> frozenset[str]:
    """The stop words of ``code`` (lower case); with ``filler`` also its chat filler words."""
    lang = language(code)
    return lang.stop | lang.filler if filler else lang.stop


# Runs of characters that may decompose or be combining marks: everything but ASCII and the unified Han
# ideographs (which have no decomposition). Folding touches only these, so a megabyte of ASCII log costs a
# ``lower()``, not a Python loop over every character; NFD works per character, so the result is the same.
_FOLDABLE = re.compile("[^\x00-\x7f\u3400-\u4dbf\u4e00-\u9fff]+")


def _fold_run(match: re.Match[str]) -> str:
    decomposed = unicodedata.normalize("NFD", match.group())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """Lower-case with diacritics removed, like FTS5's ``unicode61 remove_diacritics 2``."""
    low = text.lower()
    return low if low.isascii() else _FOLDABLE.sub(_fold_run, low)


FULL_WIDTH = frozenset("。！？；：，、")  # marks no space follows


def glue(before: str, mark: str = "") -> str:
    """What joins a sentence ``before`` to the next one: ``mark`` (a clause mark, or "" after a sentence end) and a
    space, no space after a full-width mark ("金额统一用人民币；保留两位小数。财务那边对格式很敏感。")."""
    return mark if (mark or before[-1:]) in FULL_WIDTH else f"{mark} "


def has_han(text: str) -> bool:
    """True if ``text`` holds a Han (Chinese) character."""
    return _HAN_RE.search(text) is not None


# ------------------------------------------------------------------ detection

_ACCENTS = {"de": frozenset("äöüß"), "it": frozenset("àèéìòù")}


#: Characters of a text that :func:`detect` reads (a long tool output is no likelier to say more).
DETECT_CHARS = 1000


def detect(text: str, default: str = DEFAULT) -> str:
    """The language of ``text``: Han script decides Chinese; otherwise the language whose stop words (and
    letters: "ß", "ü" for German, "è", "à" for Italian) occur most; ``default`` without any evidence.
    Reads the first :data:`DETECT_CHARS` characters."""
    head = text[:DETECT_CHARS]
    return memo("lang.detect", (head, default), lambda: _detect(head, default))


def _detect(text: str, default: str) -> str:
    reg = _registry()
    han = len(_HAN_RE.findall(text))
    if han and han * 3 >= sum(1 for ch in text if ch.isalpha()):
        return next((c for c, lang in reg.items() if lang.script == "han"), default)
    low = text.lower()
    # one pass over the words, then C-level counting per language: this runs on every stored message
    # ("\n" never occurs in a word; of the apostrophes _APOSTROPHE maps, only "’" can occur in one)
    found = _WORD.findall(text)
    tokens = "\n".join(found).lower().replace("’", "'").split("\n") if found else []
    if han:
        tokens = [w for w in tokens if not _HAN_RE.match(w)]
    if not tokens:
        return default
    scores: dict[str, float] = {}
    accents = not low.isascii()  # (an ASCII text has none of the letters: no need to count them)
    for code, lang in reg.items():
        if lang.script == "han":
            continue
        score = float(sum(map(lang.stop.__contains__, tokens)))
        if accents:
            score += 0.5 * sum(low.count(ch) for ch in _ACCENTS.get(code, ()))
        scores[code] = score
    best = max(scores.items(), key=lambda kv: (kv[1], kv[0] == default), default=(default, 0.0))
    return best[0] if best[1] > 0 else default


# ------------------------------------------------------------------ words


def _han_pieces(run: str, stop: frozenset[str]) -> list[str]:
    """A Han run cut at its stop words (longest match first), the stop words left out."""
    out: list[str] = []
    buf = ""
    i = 0
    while i < len(run):
        n = next((n for n in (4, 3, 2, 1) if run[i : i + n] in stop), 0)
        if n:
            out.append(buf)
            buf = ""
            i += n
        else:
            buf += run[i]
            i += 1
    out.append(buf)
    return [p for p in out if p]


def _han_chunks(run: str, stop: frozenset[str]) -> list[str]:
    """The pieces of a Han run: those of 2-4 characters whole, longer ones as overlapping bigrams, single
    characters dropped."""
    out: list[str] = []
    for p in _han_pieces(run, stop):
        if len(p) >= 2:
            out.extend([p] if len(p) <= 4 else bigrams(p))
    return out


def han_chunks(run: str, *, whole: bool = False) -> list[str]:
    """The chunks of a Han run between its stop words and filler (see :func:`content_words`); ``whole``
    keeps only the pieces of 2-4 characters (the likely words), not the bigrams of longer ones."""
    stop = stop_words(_han_code(), filler=True)
    if whole:
        return [p for p in _han_pieces(run, stop) if 2 <= len(p) <= 4]
    return _han_chunks(run, stop)


def bigrams(word: str) -> list[str]:
    """A Han word's overlapping bigrams (itself when it has two characters or fewer)."""
    return [word] if len(word) <= 2 else [word[i : i + 2] for i in range(len(word) - 1)]


def words(text: str) -> list[str]:
    """The words of ``text`` in order, as written (Han runs whole): letters, inner apostrophes/hyphens, numbers."""
    return _WORD.findall(text.translate(_APOSTROPHE))


def content_words(
    text: str,
    lang: str | None = None,
    *,
    filler: bool = False,
    min_len: int = 1,
    keep_case: bool = False,
    unique: bool = False,
) -> list[str]:
    """The lower-cased words of ``text`` that are not stop words, in order: THE content-word rule of the library.

    ``lang`` defaults to the detected language; a text not in English also drops English stop words (chat
    mixes them in). ``filler`` also drops the language's chat filler ("great", "super", "bello"), as the
    summarizer wants; ``min_len`` drops shorter Latin words (numbers need 2+ digits then); ``keep_case`` returns
    the words as written. Han text yields its chunks (see :func:`words`). ``unique``: each distinct word of the
    text is read once, in the order of first appearance (for a caller that wants the set of them: a build log
    repeats most of its words hundreds of times).
    """
    code = lang or detect(text)
    stop = _content_stop(code, filler)
    han = has_han(text)
    han_stop = stop_words(_han_code(), filler=filler) if han else frozenset()
    out: list[str] = []
    found = words(text)
    for w in dict.fromkeys(found) if unique else found:
        if han and _HAN_RE.match(w):  # (a text without Han has no Han word)
            out.extend(c for c in _han_chunks(w, han_stop) if c not in han_stop)
            continue
        low = w.lower()
        if low in stop:
            continue
        if min_len > 1 and (len(low) < min_len or (low.isdigit() and len(low) < 2)):
            continue
        out.append(w if keep_case else low)
    return out


@lru_cache(maxsize=32)
def _content_stop(code: str, filler: bool) -> frozenset[str]:
    """The words :func:`content_words` drops for ``code``: its stop words (and filler), and English's too."""
    stop = stop_words(code, filler=filler)
    return stop | stop_words(DEFAULT, filler=filler) if code != DEFAULT else stop


@lru_cache(maxsize=1)
def _han_code() -> str:
    return next((c for c, lang in _registry().items() if lang.script == "han"), DEFAULT)


@lru_cache(maxsize=16)
def _stemmer(name: str) -> Any:
    import snowballstemmer  # pure Python; imported on first use (cold start)

    return snowballstemmer.stemmer(name)


@lru_cache(maxsize=32768)
def stem(word: str, lang: str) -> str:
    """The Snowball stem of a lower-cased ``word`` in ``lang`` (the word itself where there is no stemmer)."""
    name = language(lang).stemmer
    if not name or _HAN_RE.match(word):
        return word
    return str(_stemmer(name).stemWord(word))


def is_name_word(word: str) -> bool:
    """A word that may be (part of) a name: starts upper-case, the rest letters, apostrophes or hyphens
    ("Müller", "D'Angelo", "O'Brien", "Jean-Luc")."""
    return bool(word) and word[0].isupper() and all(ch.isalpha() or ch in "'’-" for ch in word)


# ------------------------------------------------------------------ full-text index


@lru_cache(maxsize=65536)
def _index_word(low: str, code: str) -> str | None:
    """The folded stem of a lower-cased word when it differs from the folded word (what the index adds)."""
    s = fold(stem(low, code))
    return s if s != fold(low) and len(s) > 1 else None


def index_terms(text: str, lang: str | None = None) -> list[str]:
    """Extra terms that make ``text`` findable in its language by a word-based full-text index.

    English text gets none (the stores' own stemming handles it). Text in another Latin-script language gets
    the Snowball stem of each word whose stem differs from it ("Rückerstattungen" -> "ruckerstatt"), folded.
    Han text gets every bigram of each Han run, and the letters or digits glued to a run
    ("订单号是88231" -> "订单", "单号", "号是", "88231"), so any 2-3 character word finds its turn.
    Used identically on stored text and on queries, by every store.
    """
    code = lang or detect(text)
    han = has_han(text)
    if code == DEFAULT and not han:
        return []  # the common case, kept cheap: it runs on every stored message
    stems = code != DEFAULT and language(code).script != "han"
    out: dict[str, None] = {}
    if not han:  # a Latin-script text: the stems of its distinct words (a 2 MB log repeats most of them)
        for w in dict.fromkeys(words(text)):
            # numbers, ids and hashes ("ab12f3", "v2") have no stem: a tool output is mostly these
            if w.isalpha() and (term := _index_word(w.lower(), code)) is not None:
                out.setdefault(term, None)
        return list(out)
    han_stop = stop_words(_han_code())
    for w in words(text):
        if _HAN_RE.search(w):
            for run in _HAN_RUN.findall(w):
                grams = [run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)]
                for g in grams:
                    if g not in han_stop:  # "时候", "什么": they would match half the thread
                        out.setdefault(g, None)
            continue
        if stems and w.isalpha() and (term := _index_word(w.lower(), code)) is not None:
            out.setdefault(term, None)
    # Letters and digits glued to Han characters ("88231" in "订单号是88231") are words of their own.
    for glued in re.findall(rf"(?<=[{HAN}])[^\W_{HAN}]+|[^\W_{HAN}]+(?=[{HAN}])", text):
        out.setdefault(fold(glued), None)
    return list(out)
