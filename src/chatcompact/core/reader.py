"""A learned reader of standing preferences: a logistic model over a sentence's words, word pairs and cue kinds.
Pure.

The cue rules of :mod:`chatcompact.core.instructions` are precise on the wording they were drawn from and miss
much fresh wording ("Heads up that this is a locked-down laptop, so whatever you suggest needs to work from my
user account"). This model reads the same sentences by their words, word pairs, first words, end mark, length and
the cue kinds of ``data/lang/instructions.json`` found in them (:func:`chatcompact.core.own_words.kinds_in`), so a
phrase the lexicon knows counts in wording no rule was written for. It only proposes: a sentence is asked about
when the rules found nothing in it, and only where the rules' own guards let a summarizer's proposal through (the
user's own words, no question, no one-off, nobody else's preference: ``instructions.open_to_reader``); where it
proposes no sentence of a short turn, the sentences it may read are scored joined, as one statement, at a higher
threshold (``instructions._learned_together``). It is
trained on all four languages and asked in English anywhere, but in de / it / zh only in a short turn and at a
stricter threshold: there are no real chats in those languages to check it on (ordinary turns a helper wrote in
them, ``ORDINARY_36``, are trained on as negatives and held out by fold), and in long messages it took their
narration for rules.

The weights are data (``data/lang/reader.json``): trained by ``benchmarks/train_reader.py`` on the labelled cases
of ``benchmarks/instruction_cases.py`` and on real turns nobody wrote as rules; that script prints how it carries
to batches it was not trained on. Nothing here reads conversation text at import time.

A second model (``data/lang/reader_vectors.json``, ``train_reader.py --vectors``) reads the same features plus the
sentence's vector by one embedder (its ``embedder``: the bundled MiniLM). It is used for a sentence whose vector
is given, which a compaction computes with the thread's embedder when it is that one
(:func:`chatcompact.core.engine.summarize`): a vector carries some of what a sentence means past the words it was
written in.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import pairwise

from . import lang
from .own_words import kinds_in, straight

__all__ = ["Model", "disabled", "features", "hears", "model", "proposes", "score", "threshold", "vector_model"]

MAX_TOKENS = 60  # of a sentence: a preference says what it wants early
# Words (an English contraction as one: "i'd"), numbers, each Han character, and the marks that shape a sentence.
_TOKEN = re.compile(r"[^\W\d_\u3400-\u9fff]+(?:'[^\W\d_]+)?|\d+|[\u3400-\u9fff]|[?!:()]")
_END_MARKS = "?!.。？！"
_OFF: ContextVar[bool] = ContextVar("chatcompact_reader_off", default=False)


def features(sentence: str) -> frozenset[str]:
    """What the model reads of ``sentence``: its words (``w:``), word pairs (``b:``), first word and pair
    (``f:``, ``fb:``), end mark (``end:``), a length bucket (``len:``), and the cue kinds found anywhere in it
    (``k:``) or at its start (``s:``)."""
    low = straight(sentence.lower())
    tokens = _TOKEN.findall(low)[:MAX_TOKENS]
    out = {f"w:{t}" for t in tokens}
    out.update(f"b:{a} {b}" for a, b in pairwise(tokens))
    if tokens:
        out.add(f"f:{tokens[0]}")
    if len(tokens) > 1:
        out.add(f"fb:{tokens[0]} {tokens[1]}")
    end = sentence.rstrip()[-1:]
    out.add(f"end:{end if end and end in _END_MARKS else 'x'}")
    n = len(tokens)
    out.add(f"len:{1 if n < 5 else 2 if n < 10 else 3 if n < 20 else 4}")
    anywhere, at_start = kinds_in(sentence)
    out.update(f"k:{k}" for k in anywhere)
    out.update(f"s:{k}" for k in at_start)
    return frozenset(out)


@dataclass(frozen=True)
class Model:
    """The weights: ``bias`` plus one weight per feature present (features are present or not), and the score
    from which a sentence is proposed, per language (``{"en": 0.93}``: a language without one is not asked), and
    in a short turn where one is given (``"en:short"``). A model that also reads the sentence's vector by the
    ``embedder`` so named has one weight per dimension (``vector``)."""

    bias: float
    weights: dict[str, float]
    thresholds: dict[str, float]
    vector: tuple[float, ...] = ()
    embedder: str = ""

    def threshold(self, sentence: str, short: bool = False) -> float | None:
        """The score ``sentence`` must reach, by its language (of a ``short`` turn: its language's ``":short"``
        threshold where there is one); None where the model is not used."""
        code = lang.detect(sentence)
        if short and f"{code}:short" in self.thresholds:
            return self.thresholds[f"{code}:short"]
        return self.thresholds.get(code)


def _load(name: str) -> Model:
    raw = json.loads(resources.files("chatcompact").joinpath("data", "lang", name).read_text("utf-8"))
    weights = {k: float(v) for k, v in raw["weights"].items()}
    thresholds = {k: float(v) for k, v in raw["thresholds"].items()}
    vector = tuple(float(v) for v in raw.get("vector", ()))
    return Model(float(raw["bias"]), weights, thresholds, vector, str(raw.get("embedder", "")))


@lru_cache(maxsize=1)
def model() -> Model:
    """The bundled model of words (``data/lang/reader.json``)."""
    return _load("reader.json")


@lru_cache(maxsize=1)
def vector_model() -> Model:
    """The bundled model of words and a sentence's vector (``data/lang/reader_vectors.json``)."""
    return _load("reader_vectors.json")


def hears(embedder: str) -> bool:
    """Whether the bundled model of words and vectors reads vectors by the embedder named ``embedder``."""
    return bool(embedder) and embedder == vector_model().embedder


def score(sentence: str, m: Model | None = None, vector: Sequence[float] | None = None) -> float:
    """The probability that ``sentence`` states a standing preference or instruction of the speaker, by ``m``
    (by default the bundled model of words, or of words and vectors when ``vector``, the sentence's vector by that
    model's embedder, is given)."""
    m = (model() if vector is None else vector_model()) if m is None else m
    z = m.bias + sum(m.weights.get(f, 0.0) for f in features(sentence))
    if vector is not None and m.vector:
        z += math.fsum(w * float(v) for w, v in zip(m.vector, vector, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def threshold(sentence: str, short: bool = False, vector: bool = False) -> float | None:
    """The score from which the bundled model (of words and vectors: ``vector``) proposes ``sentence`` (of a
    ``short`` turn, see :meth:`Model.threshold`), by its language; None where it is not asked (a language it has
    no threshold for, or inside :func:`disabled`)."""
    return None if _OFF.get() else (vector_model() if vector else model()).threshold(sentence, short)


def proposes(sentence: str, short: bool = False, vector: Sequence[float] | None = None) -> bool:
    """Whether the bundled model proposes ``sentence`` (of a ``short`` turn; with its ``vector``, by the model of
    words and vectors): its score reaches :func:`threshold`."""
    t = threshold(sentence, short, vector is not None)
    return t is not None and score(sentence, vector=vector) >= t


@contextmanager
def disabled() -> Iterator[None]:
    """The rules alone within the block (in this thread or task): what the cues read without the model, as
    ``benchmarks/train_reader.py`` compares them."""
    token = _OFF.set(True)
    try:
        yield
    finally:
        _OFF.reset(token)
