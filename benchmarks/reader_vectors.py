"""Do sentence vectors make the learned reader carry further? An offline comparison at equal real-turn rates.

    python benchmarks/reader_vectors.py [--data PATH] [--scale 3.0]

``chatcompact.core.reader`` reads a sentence by its words, word pairs and cue kinds. This script trains two
logistic models the way ``benchmarks/train_reader.py`` does (same positives, labelled negatives and real turns,
same weights): one on those features, one on those features plus the sentence's vector from the bundled MiniLM
embedder (times ``--scale``). Each model's threshold is set where it takes 4 (then 8) of the English real turns,
scored by models not trained on them (5 folds). At that threshold it prints how many English cases of the
kept-apart batches (``UNSEEN*`` dicts: never trained on, never read for rules) it adds to what the rules alone find,
and how many of the kept-apart negatives it adds. Embedding costs are printed too. The model shipped for threads
with the bundled embedder (``core.reader.vector_model``) is trained by ``benchmarks/train_reader.py --vectors``;
what it costs a thread is printed by ``benchmarks/reader_cost.py``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

import instruction_cases as cases
import numpy as np
import train_reader as tr
from scipy import sparse
from sklearn.feature_extraction import DictVectorizer
from sklearn.linear_model import LogisticRegression

from chatcompact.core import lang, reader
from chatcompact.core.instructions import detect, reader_sentences
from chatcompact.embedders.local import LocalEmbedder
from chatcompact.types import Message

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
FOLDS = 5


def _english(text: str) -> bool:
    return lang.detect(text[:300]) == "en"


class _Model:
    def __init__(self, units: list[tuple[list[str], int, float]], vec: dict[str, np.ndarray], scale: float) -> None:
        self.vectors, self.scale = vec, scale
        rows = [(s, y, w / len(a) if y else w) for a, y, w in units for s in a]
        self.dv = DictVectorizer()
        x = self._x([s for s, _, _ in rows], fit=True)
        self.lr = LogisticRegression(C=0.5, max_iter=3000, class_weight="balanced")
        self.lr.fit(x, [y for _, y, _ in rows], sample_weight=[w for _, _, w in rows])

    def _x(self, sentences: list[str], fit: bool = False) -> sparse.csr_matrix:
        feats = [dict.fromkeys(reader.features(s), 1) for s in sentences]
        words = self.dv.fit_transform(feats) if fit else self.dv.transform(feats)
        if not self.scale:
            return words
        vectors = sparse.csr_matrix(np.stack([self.vectors[s] for s in sentences]) * self.scale)
        return sparse.hstack([words, vectors]).tocsr()

    def best(self, sentences: list[str]) -> float:
        return float(self.lr.predict_proba(self._x(sentences))[:, 1].max()) if sentences else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--scale", type=float, default=3.0)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    pos = tr.positives()
    neg, real = tr.negatives(args.data)
    apart_cases = [
        t
        for n in dir(cases)
        if n.startswith("UNSEEN") and not n.endswith("_NEGATIVES") and isinstance(getattr(cases, n), dict)
        for ts in getattr(cases, n).values()
        for t in ts
        if _english(t)
    ]
    apart_negatives = [
        t for n in dir(cases) if n.startswith("UNSEEN") and n.endswith("_NEGATIVES") for t in getattr(cases, n)
    ]
    asked = {t: reader_sentences(t) for t in apart_cases + apart_negatives}
    sentences = sorted({s for _, a, _ in pos + neg + real for s in a} | {s for a in asked.values() for s in a})
    embedder = LocalEmbedder()
    started = time.perf_counter()
    vectors = dict(zip(sentences, embedder.embed(sentences), strict=True))
    took = time.perf_counter() - started
    print(f"{len(sentences):,} sentences embedded in {took:.0f} s ({1000 * took / len(sentences):.1f} ms a sentence)")
    with reader.disabled():
        ruled = {t: bool(detect(Message("user", t, seq=1))) for t in asked}
    units = [(a, 1, 1.0) for _, a, _ in pos] + [(a, 0, 1.0) for _, a, _ in neg]
    rng = random.Random(7)
    fold = [rng.randrange(FOLDS) for _ in real]
    found = sum(ruled[t] for t in apart_cases)
    print(f"kept-apart English cases: {len(apart_cases)}, found by the rules alone {found}")
    for name, scale in (("words (as bundled)", 0.0), (f"words + MiniLM vector x{args.scale:g}", args.scale)):
        held: list[float] = []
        for k in range(FOLDS):
            train = units + [(a, 0, tr.REAL_WEIGHT) for (_, a, _), f in zip(real, fold, strict=True) if f != k]
            m = _Model(train, vectors, scale)
            held += [m.best(a) for (_, a, t), f in zip(real, fold, strict=True) if f == k and _english(t)]
        model = _Model(units + [(a, 0, tr.REAL_WEIGHT) for _, a, _ in real], vectors, scale)
        scores = {t: model.best(a) for t, a in asked.items() if not ruled[t]}
        for taken in (4, 8):
            at = sorted(held, reverse=True)[taken]
            added = sum(scores.get(t, 0.0) > at for t in apart_cases)
            wrong = sum(scores.get(t, 0.0) > at for t in apart_negatives)
            print(
                f"  {name:<32} {taken} of {len(held):,} real turns taken (threshold {at:.3f}): adds {added} "
                f"kept-apart cases, {wrong}/{len(apart_negatives)} kept-apart negatives"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
