"""The learned reader of words and sentence vectors (``core.reader.vector_model``): a compaction has the thread's
embedder (the bundled MiniLM) compute the folded user sentences' vectors, and the reader reads them beside the
words. Real model, real Memory: nothing here is faked but the embedder that fails."""

from __future__ import annotations

import asyncio
import json
import math
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from chatcompact import AsyncMemory, Memory
from chatcompact.config import Policy
from chatcompact.core import reader
from chatcompact.core.instructions import PREFERENCE, detect, read, reader_asks
from chatcompact.testing import HashEmbedder
from chatcompact.types import Message

pytest.importorskip("onnxruntime")
from chatcompact.embedders.local import LocalEmbedder

# From WRITTEN_37 (benchmarks/instruction_cases.py), which neither model was trained on: the rules find nothing,
# the words alone score below the threshold, the words and the sentence's vector above it (read as English: too
# short a text to tell its language).
FRESH = "Windows, comandi PowerShell."


@pytest.fixture(scope="module")
def embedder() -> LocalEmbedder:
    return LocalEmbedder()


def _heard(embedder: LocalEmbedder, m: Message) -> dict[str, np.ndarray]:
    asks = reader_asks([m])
    return dict(zip(asks, embedder.embed(asks), strict=True))


def test_the_bundled_vector_weights_load_and_name_the_embedder_they_were_trained_with() -> None:
    raw = json.loads(resources.files("chatcompact").joinpath("data", "lang", "reader_vectors.json").read_text("utf-8"))
    m = reader.vector_model()
    assert m.embedder == raw["embedder"] == LocalEmbedder.name and len(m.vector) == 384
    assert all(math.isfinite(w) for w in m.vector) and any(w != 0 for w in m.vector)
    assert set(m.thresholds) == {"en", "en:short"} and all(0.5 < t < 1.0 for t in m.thresholds.values())
    assert reader.hears(LocalEmbedder.name) and not reader.hears(HashEmbedder().name) and not reader.hears("")
    assert reader.model().vector == ()  # the words' model reads no vector


def test_a_sentence_the_words_miss_is_read_with_its_vector(embedder: LocalEmbedder) -> None:
    m = Message("user", FRESH, seq=4)
    heard = _heard(embedder, m)
    assert list(heard) == [FRESH]
    assert detect(m) == [] and reader.score(FRESH) < reader.model().threshold(FRESH, True)  # type: ignore[operator]
    found = detect(m, reading=read(m, heard=heard))
    assert [(i.text, i.subject, i.sources) for i in found] == [(FRESH, PREFERENCE, (4,))]
    with reader.disabled():  # the rules alone: no model, with or without vectors
        assert detect(m, reading=read(m, heard=heard)) == []


def test_the_vector_reader_stays_behind_the_rules_guards(embedder: LocalEmbedder) -> None:
    """The vector is of the sentence alone: quoted, asked, for this turn only, or not the user's, it is never
    asked about, so no vector can make it a preference."""
    vector = embedder.embed([FRESH])[0]
    for m in (
        Message("user", f'My colleague wrote: "{FRESH}" Is that right?', seq=1),
        Message("user", f"> {FRESH}\n\nThis is from the wiki.", seq=1),
        Message("user", "Windows, comandi PowerShell, just for this one answer.", seq=1),
        Message("assistant", FRESH, seq=1),
    ):
        assert FRESH not in reader_asks([m])
        assert detect(m, reading=read(m, heard={FRESH: vector})) == []


def _turns(*statements: str) -> list[dict[str, Any]]:
    out = []
    for statement in statements:
        out += [{"role": "user", "content": statement}, {"role": "assistant", "content": "Noted."}]
    for i in range(6):
        out.append({"role": "user", "content": f"What is the weather like in city number {i} in spring?"})
        out.append({"role": "assistant", "content": f"City {i} is mild in spring, around 15 degrees, with some rain."})
    return out


def _thread_items(embedder: object, *statements: str) -> tuple[list[str], Memory]:
    mem = Memory.open("memory://", policy=Policy(budget=4000), background=False, embedder=embedder)  # type: ignore[arg-type]
    t = mem.thread("v")
    for m in _turns(*statements):
        t.add(m)
    t.compact(keep_tokens=60)
    return [i.text for i in t.summary().instructions], mem


def test_a_compaction_with_the_bundled_embedder_keeps_what_only_the_vectors_read() -> None:
    with_vectors, mem = _thread_items("local", FRESH)
    with mem:
        assert FRESH in with_vectors and not mem.store.events("v", "reader_vectors_failed")
    without, mem = _thread_items("none", FRESH)
    mem.close()
    assert FRESH not in without
    other, mem = _thread_items(HashEmbedder(), FRESH)  # another embedder's vectors mean nothing to the model
    mem.close()
    assert FRESH not in other


class _Down(LocalEmbedder):
    """The bundled embedder, failing when asked for the reader's sentence (recall's whole messages embed)."""

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if FRESH in texts:
            raise RuntimeError("model file unreadable")
        return super().embed(texts)


def test_an_embedder_that_fails_costs_the_reader_its_vectors_not_the_compaction() -> None:
    found, mem = _thread_items(_Down(), "Always answer in English.", f"Thanks for the help earlier. {FRESH}")
    with mem:
        assert found == ["Always answer in English."]  # the rules' reading landed; the vectors' did not
        failed = mem.store.events("v", "reader_vectors_failed")
        assert failed and "model file unreadable" in failed[0].data["error"]
        assert not mem.store.events("v", "compaction_failed")


def test_the_async_driver_and_a_sqlite_thread_read_the_vectors_the_same(tmp_path: Path) -> None:
    async def main() -> list[str]:
        mem = await AsyncMemory.open(tmp_path / "a.db", policy=Policy(budget=4000), embedder="local")
        async with mem:
            t = await mem.thread("v")
            for m in _turns(FRESH):
                await t.add(m)
            await t.compact(keep_tokens=60)
            return [i.text for i in (await t.summary()).instructions]

    assert FRESH in asyncio.run(main())


def test_the_vectors_only_add_to_what_the_words_read(embedder: LocalEmbedder) -> None:
    """Every item read without vectors is read with them (the vectors are asked only where the rules and the words
    found nothing in a short turn), over a batch of fresh turns and its negatives (``WRITTEN_35``: en, de, it, zh;
    one-off requests, someone else's preference, drafts, pastes)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import instruction_cases as cases

    texts = [t for ts in cases.WRITTEN_35.values() for t in ts] + list(cases.WRITTEN_35_NEGATIVES)
    messages = [Message("user", t, seq=1) for t in texts]
    asks = reader_asks(messages)
    vectors = dict(zip(asks, embedder.embed(asks), strict=True))
    added = 0
    for m in messages:
        heard = {s: vectors[s] for s in reader_asks([m])}
        words = {i.text for i in detect(m)}
        both = {i.text for i in detect(m, reading=read(m, heard=heard))}
        assert words <= both, m.text
        added += len(both - words)
    assert added >= 1  # and they do add


class _Wrong(LocalEmbedder):
    """An embedder named like the bundled one whose vectors are of another size."""

    dimensions = 8

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.ones((len(texts), 8), dtype=np.float32)


def test_vectors_of_another_size_cost_the_reader_its_vectors_not_the_compaction() -> None:
    found, mem = _thread_items(_Wrong(), "Always answer in English.", FRESH)
    with mem:
        assert found == ["Always answer in English."]
        failed = mem.store.events("v", "reader_vectors_failed")
        assert failed and "shape" in failed[0].data["error"]
        assert not mem.store.events("v", "compaction_failed")
