"""The evaluation's measures, as pure functions: no I/O, no model, no store.

* answer containment: is a gold answer present in a text (normalised; multi-part answers need every part);
* ROUGE-1/2/L F1 (no stemming, no stop-word removal: the plain definition of Lin, 2004);
* identifiers mentioned in a conversation (the preservation rules' identifiers plus numbers, dates and
  proper names) and whether each is present in a text;
* evidence recall@k; summary drift (does the summary's size stay flat over compactions).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.preserve import extract_identifiers, wordset

__all__ = [
    "Drift",
    "answer_parts",
    "contains_answer",
    "identifier_present",
    "lcs_length",
    "mentioned_identifiers",
    "normalise",
    "recall_at_k",
    "rouge",
    "rouge_l",
    "rouge_n",
    "summary_drift",
    "token_recall",
    "tokens",
]

# ------------------------------------------------------------------ normalisation and containment

_NON_WORD = re.compile(r"[^\w]+")
# Where a multi-part gold answer splits ("pottery, camping, painting"; "beach and mountains").
_PART_SPLIT = re.compile(r"\s*(?:[,;/]|\band\b|\bor\b|&)\s*", re.IGNORECASE)
STOPWORDS = wordset(
    "a an the of to in on at for by with from and or but is are was were be been it its this that these those "
    "she he they her his their them i me my we our you your as about into than then so also just likely yes no"
)


def normalise(text: object) -> str:
    """Lowercase, punctuation (anything not a letter, digit or ``_``) to spaces, whitespace collapsed."""
    return " ".join(_NON_WORD.sub(" ", str(text).lower()).split())


def tokens(text: object) -> list[str]:
    """The words of ``normalise(text)``."""
    return normalise(text).split()


def _has_phrase(phrase: str, haystack: str) -> bool:
    """``phrase`` occurs in ``haystack`` on word boundaries (both already normalised)."""
    return bool(phrase) and f" {phrase} " in f" {haystack} "


def answer_parts(answer: object) -> list[str]:
    """The normalised parts of a multi-part answer; parts made only of stop words are dropped.

    ``"Pottery, camping and painting"`` -> ``["pottery", "camping", "painting"]``. A single answer
    gives one part (``"7 May 2023"`` -> ``["7 may 2023"]``).
    """
    parts = [normalise(p) for p in _PART_SPLIT.split(str(answer))]
    return [p for p in parts if p and not all(w in STOPWORDS for w in p.split())]


def contains_answer(answer: object, text: str, *, normalised: bool = False) -> bool:
    """Whether ``answer`` is present in ``text``: the whole normalised answer occurs as a phrase, or,
    for a multi-part answer, every part does (in any order). ``normalised``: ``text`` already is."""
    hay = text if normalised else normalise(text)
    whole = normalise(answer)
    if not whole:
        return False
    if _has_phrase(whole, hay):
        return True
    parts = answer_parts(answer)
    return len(parts) > 1 and all(_has_phrase(p, hay) for p in parts)


def token_recall(answer: object, text: str, *, normalised: bool = False) -> float:
    """Share of the answer's content words (stop words out) present in ``text``: a softer, secondary measure."""
    words = [w for w in tokens(answer) if w not in STOPWORDS] or tokens(answer)
    if not words:
        return 0.0
    have = set((text if normalised else normalise(text)).split())
    return sum(w in have for w in words) / len(words)


# ------------------------------------------------------------------ ROUGE


def _ngrams(words: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(words[i : i + n]) for i in range(len(words) - n + 1))


def _f1(overlap: float, n_candidate: int, n_reference: int) -> float:
    if not overlap or not n_candidate or not n_reference:
        return 0.0
    p, r = overlap / n_candidate, overlap / n_reference
    return 2 * p * r / (p + r)


def rouge_n(candidate: str, reference: str, n: int) -> float:
    """ROUGE-N F1: clipped n-gram overlap between candidate and reference words."""
    c, r = _ngrams(tokens(candidate), n), _ngrams(tokens(reference), n)
    return _f1(sum((c & r).values()), sum(c.values()), sum(r.values()))


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence (O(len(a) * len(b)) time, O(len(b)) memory)."""
    if not a or not b:
        return 0
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def rouge_l(candidate: str, reference: str) -> float:
    """ROUGE-L F1 over the whole word sequences (longest common subsequence)."""
    c, r = tokens(candidate), tokens(reference)
    return _f1(lcs_length(c, r), len(c), len(r))


def rouge(candidate: str, reference: str) -> dict[str, float]:
    """``{"rouge1", "rouge2", "rougeL"}`` F1 scores in 0..1."""
    return {
        "rouge1": rouge_n(candidate, reference, 1),
        "rouge2": rouge_n(candidate, reference, 2),
        "rougeL": rouge_l(candidate, reference),
    }


# ------------------------------------------------------------------ identifiers

_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,:/-]\d+)*(?![\w])")
_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December|"
    "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"
)
_DATE = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)? (?:{_MONTHS}),? \d{{4}}\b|\b(?:{_MONTHS}) \d{{1,2}}(?:st|nd|rd|th)?,? \d{{4}}\b"
)
# A capitalised word that does not start a sentence, a line or a "Speaker:" turn: a proper name.
_NAME = re.compile(r"(?<![.!?:\]\n\"'(\u2014-]\s)(?<!^)(?<![.!?:\]\n\[\"'(])\b[A-Z][a-zA-Z'-]*[a-zA-Z]\b")
NOT_NAMES = wordset(
    "I I'm I've I'll I'd OK Ok Oh Wow Hey Hi Yes Yeah No Thanks Thank Mr Mrs Ms Dr The A An It This That "
    "It's That's Here's There's What's Let's Sounds Congrats Mon Tue Wed Thu Fri Sat Sun "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday "
    "January February March April May June July August September October November December"
)


_LOWER_WORD = re.compile(r"\b[a-z][a-z'-]*[a-z]\b")


def mentioned_identifiers(texts: Iterable[str]) -> list[tuple[str, str]]:
    """``(kind, value)`` of each distinct identifier in ``texts``, by first appearance.

    Kinds: those of :func:`chatcompact.core.preserve.extract_identifiers` (order, url, email, path,
    amount, version, phone, id), plus ``date`` ("8 May, 2023"), ``number`` (any other run of digits,
    years included) and ``name`` (a capitalised word of 2+ letters that does not start a sentence,
    line or speaker turn, is not a pronoun, greeting, weekday or month, and is never written in lower case
    in ``texts``). Values dedupe case-insensitively.
    """
    seen: set[str] = set()
    out: list[tuple[str, str]] = []

    def add(kind: str, value: str) -> None:
        key = value.lower()
        if key not in seen:
            seen.add(key)
            out.append((kind, value))

    texts = list(texts)
    # "She", "Under", "Chicken" after an emoji or a quote look like names; a real name is not also
    # written in lower case elsewhere in the conversation.
    lower_words = {w for t in texts for w in _LOWER_WORD.findall(t)}
    for text in texts:
        for kind, value in extract_identifiers(text):
            add(kind, value)
        for m in _DATE.finditer(text):
            add("date", m.group())
        for m in _NUMBER.finditer(text):
            add("number", m.group())
        for m in _NAME.finditer(text):
            name = m.group().removesuffix("'s")  # "Toby's" names Toby
            if name not in NOT_NAMES and name.lower() not in lower_words:
                add("name", name)
    return out


def identifier_present(value: str, text: str) -> bool:
    """``value`` occurs in ``text`` (case-insensitive) and is not part of a longer word or number."""
    pattern = rf"(?<![\w]){re.escape(value)}(?![\w]|[.,]\d)"
    return re.search(pattern, text, re.IGNORECASE) is not None


# ------------------------------------------------------------------ recall and drift


def recall_at_k(gold: Iterable[str], retrieved: Sequence[str], ks: Sequence[int]) -> dict[int, int]:
    """How many of the ``gold`` ids are among the first k ``retrieved``, for each k."""
    want = set(gold)
    return {k: len(want & set(retrieved[:k])) for k in ks}


@dataclass(frozen=True)
class Drift:
    """Summary size over successive compactions and whether it stayed flat."""

    sizes: tuple[int, ...]
    warmup: int  # compactions ignored (the summary fills its sections first)
    growth: float  # last size / the largest size at the end of the warm-up (1.0 = no growth)
    flat: bool
    late_slope: float  # least-squares growth per compaction over the second half, as a share of its mean size

    def as_dict(self) -> dict[str, object]:
        return {
            "sizes": list(self.sizes),
            "warmup": self.warmup,
            "growth": round(self.growth, 3),
            "flat": self.flat,
            "late_slope": round(self.late_slope, 4),
        }


def summary_drift(sizes: Sequence[int], warmup: int = 3, tolerance: float = 1.25) -> Drift:
    """Flat means: after the first ``warmup`` compactions no summary is more than ``tolerance`` times
    the largest seen during the warm-up. ``growth`` is the final size relative to that reference.

    With ``warmup`` or fewer compactions nothing can be said: flat is True, growth 1.0. ``late_slope``
    says whether the size still creeps up at the end (0.01 = +1% of the size per compaction).
    """
    slope = _late_slope(sizes)
    if len(sizes) <= warmup or warmup < 1:
        return Drift(tuple(sizes), warmup, 1.0, True, slope)
    ref = max(sizes[:warmup]) or 1
    later = sizes[warmup:]
    return Drift(tuple(sizes), warmup, sizes[-1] / ref, max(later) <= tolerance * ref, slope)


def _late_slope(sizes: Sequence[int]) -> float:
    half = list(sizes[len(sizes) // 2 :])
    n = len(half)
    if n < 2:
        return 0.0
    mx, my = (n - 1) / 2, sum(half) / n
    num = sum((i - mx) * (y - my) for i, y in enumerate(half))
    den = sum((i - mx) ** 2 for i in range(n))
    return num / den / my if my else 0.0
