"""Standing instructions and preferences: detection on labelled cases, survival after long chats.

    python benchmarks/instructions.py [--budget 8000] [--seed 7] [--tokens 100000] [--per-stream 16] [--quick]
                                      [--data PATH] [--cue-cases | --unseen | --unseen-9 | --unseen-10 | --unseen-11
                                      | --unseen-12 ... --unseen-15 | --unseen-19 | --unseen-21 ... --unseen-26]
                                      [--turns-only | --streams-only | --placements] [--show-turns]
                                      [--embedder none|local] [--words-only]

``--embedder local``: the threads of the long streams have the bundled MiniLM embedder (recall's vectors, and the
learned reader reads the sentences of the short user turns a compaction folds by their vectors too), and detection
reads each case with its sentences' vectors as a compaction would; ``none`` (the default): the reader of words.
``--words-only``: with the bundled embedder, the vectors not read (the reference for what they add: the same
recall). ``--placements``: the ``WRITTEN_*`` cases found with their whole statement as the long streams place
them (:func:`placements`), and nothing else.

**Detection** (no data needed): ``core.instructions.detect`` on the labelled cases of
``benchmarks/instruction_cases.py``: standing instructions and preferences stated with and without cues ("I'd
rather keep answers short", "metric please", "keep it brief"), in en, de, it and zh, and false-positive cases
(quoted and pasted text, e-mails, logs, dialogues, hypotheticals, reported speech, questions, one-off requests,
chat, an assistant's suggestion, a tool's output, someone else's preference). Recall and precision per language,
false positives by kind, and recall on ``UNSEEN``, ``UNSEEN_LATER``, ``UNSEEN_5``, ``UNSEEN_7``, ``UNSEEN_8``,
``UNSEEN_9`` to ``UNSEEN_16``, ``UNSEEN_19`` and ``UNSEEN_21`` to ``UNSEEN_26``: cases written apart from the rules,
to show how far they carry (the ``WRITTEN_*`` batches were too, until the rules were drawn from them), and of
those found, how many have the whole statement in their items (``_statement``): what survival can keep of a case
as it was written. Then the ``WRITTEN_*`` batches, read for rules, and ``HELD_38`` and ``HELD_39``: the other
halves of batches 38 (terse) and 39 (without cues), written by helpers that saw no rule and no case; no rule is
drawn from their texts and no reader trained on them, but unlike the ``UNSEEN_*`` batches their counts steer.

**Long streams** (the evaluation data): three streams, each chained until it passes ``--tokens``:
``locomo`` (LoCoMo dev conversations, chit-chat), ``agent`` (coding-agent trajectories as function-calling
messages) and ``assistant`` (the same trajectories as a technical user/assistant chat: the task in the user's
words, the agent's reasoning and command as the assistant's answer, the command's output pasted back by the user).
Into each go ``--per-stream`` seeded positives of distinct subjects, drawn from all the labelled cases
(``--cue-cases``: from the cue cases only, the pool of the figures before the ``WRITTEN_*`` batches were written;
``--unseen``: from ``UNSEEN_8``, never read for rules, to show how survival carries to new wording; ``--unseen-9``:
from ``UNSEEN_9``, written later, the same; ``--unseen-10`` to ``--unseen-15``: from ``UNSEEN_10``
to ``UNSEEN_15``, written by helpers that saw no rule, ``--unseen-19`` (a later session's, measured at its
start), ``--unseen-21`` to ``--unseen-26`` (written on 2026-12-07; no rule drawn from them, no reader trained on
them; ``UNSEEN_26``: terse fragments). ``UNSEEN_16``,
rules closed by a generic question, is no pool: its cases end with the question, which no rule holds;
a later one on the same subject supersedes an earlier one by design, and the supersession pairs measure that),
half as a turn of their own, half inside an existing user turn: before or after its text or pasted output, or
after it and before a closing "What do you think?", where only what the speaker says of themselves or a rule spoken
to the assistant may count (a rule there may have been pasted or drafted for others); the
supersession pairs (the earlier one early, the later one after it), and every user-role false-positive case.
What is not in every context is counted by where it was put. Beside the share, the share counting each case's
statement: the case without the questions it opens or closes with (``_statement``: a mixed turn's question asks
something now and is no part of the preference).
Extractive summarizer, compaction inline. At the
end, for 5 seeded probe queries (user turns of the stream) and without a query: the share of the positives present in
``context(budget, query)``, beside plain truncation (the newest whole messages that fit the budget) and the full
transcript; the false-positive cases among the standing instructions (by provenance: an instruction citing an
inserted false-positive turn; target 0); the supersession pairs resolved (the later shown, the earlier not).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import time
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import instruction_cases
from instruction_cases import (
    FALSE_POSITIVES,
    HELD_38,
    HELD_38_NEGATIVES,
    HELD_39,
    HELD_39_NEGATIVES,
    ORDINARY_36,
    SUPERSEDED,
    TECH_ONE_OFF,
    UNSEEN,
    UNSEEN_5,
    UNSEEN_5_NEGATIVES,
    UNSEEN_7,
    UNSEEN_7_NEGATIVES,
    UNSEEN_8,
    UNSEEN_8_NEGATIVES,
    UNSEEN_9,
    UNSEEN_9_NEGATIVES,
    UNSEEN_10,
    UNSEEN_10_NEGATIVES,
    UNSEEN_11,
    UNSEEN_11_NEGATIVES,
    UNSEEN_12,
    UNSEEN_12_NEGATIVES,
    UNSEEN_13,
    UNSEEN_13_NEGATIVES,
    UNSEEN_14,
    UNSEEN_14_NEGATIVES,
    UNSEEN_15,
    UNSEEN_15_NEGATIVES,
    UNSEEN_16,
    UNSEEN_16_NEGATIVES,
    UNSEEN_17,
    UNSEEN_17_NEGATIVES,
    UNSEEN_18,
    UNSEEN_18_NEGATIVES,
    UNSEEN_19,
    UNSEEN_19_NEGATIVES,
    UNSEEN_20,
    UNSEEN_20_NEGATIVES,
    UNSEEN_21,
    UNSEEN_21_NEGATIVES,
    UNSEEN_22,
    UNSEEN_22_NEGATIVES,
    UNSEEN_23,
    UNSEEN_23_NEGATIVES,
    UNSEEN_24,
    UNSEEN_24_NEGATIVES,
    UNSEEN_25,
    UNSEEN_25_NEGATIVES,
    UNSEEN_26,
    UNSEEN_26_NEGATIVES,
    UNSEEN_LATER,
    WRITTEN_11,
    WRITTEN_11_NEGATIVES,
    WRITTEN_12,
    WRITTEN_12_NEGATIVES,
    WRITTEN_13,
    WRITTEN_13_NEGATIVES,
    WRITTEN_14,
    WRITTEN_14_NEGATIVES,
    WRITTEN_15,
    WRITTEN_15_NEGATIVES,
    WRITTEN_16,
    WRITTEN_16_NEGATIVES,
    WRITTEN_17,
    WRITTEN_17_NEGATIVES,
    WRITTEN_18,
    WRITTEN_18_NEGATIVES,
    WRITTEN_19,
    WRITTEN_19_NEGATIVES,
    WRITTEN_20,
    WRITTEN_20_NEGATIVES,
    WRITTEN_21,
    WRITTEN_21_NEGATIVES,
    WRITTEN_22,
    WRITTEN_22_NEGATIVES,
    WRITTEN_23,
    WRITTEN_23_NEGATIVES,
    WRITTEN_24,
    WRITTEN_24_NEGATIVES,
    WRITTEN_25,
    WRITTEN_25_NEGATIVES,
    WRITTEN_26,
    WRITTEN_26_NEGATIVES,
    WRITTEN_27,
    WRITTEN_27_NEGATIVES,
    WRITTEN_28,
    WRITTEN_28_NEGATIVES,
    WRITTEN_29,
    WRITTEN_29_NEGATIVES,
    WRITTEN_30,
    WRITTEN_30_NEGATIVES,
    WRITTEN_31,
    WRITTEN_31_NEGATIVES,
    WRITTEN_32,
    WRITTEN_32_NEGATIVES,
    WRITTEN_33,
    WRITTEN_33_NEGATIVES,
    WRITTEN_34,
    WRITTEN_34_NEGATIVES,
    WRITTEN_35,
    WRITTEN_35_NEGATIVES,
    WRITTEN_37,
    WRITTEN_37_NEGATIVES,
    WRITTEN_38,
    WRITTEN_38_NEGATIVES,
    WRITTEN_39,
    WRITTEN_39_NEGATIVES,
    positives,
)

from chatcompact import Memory
from chatcompact.config import Policy
from chatcompact.core import lang, memo, reader
from chatcompact.core.instructions import detect, read, reader_asks, rule_part, same_subject
from chatcompact.core.validate import screen_standing
from chatcompact.evaluation.agent import load_trajectories
from chatcompact.evaluation.cards import CARDS
from chatcompact.evaluation.datasets import load_dialogsum, load_locomo
from chatcompact.evaluation.long_chat import build as build_long_chats
from chatcompact.types import Message, SummaryItem

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
SOURCES = ("locomo", "agent", "assistant")
QUERIES = 5
OUTPUT_CHARS = 4000  # of a pasted command output in the assistant stream
BLOCK = "Standing instructions"


# ---------------------------------------------------------------- detection on the labelled cases


# Preferences inside long technical messages: (name, [(message, sentence)], negatives, kept apart).
LONG_BATCHES = (
    ("WRITTEN_22", WRITTEN_22, WRITTEN_22_NEGATIVES, False),
    ("UNSEEN_17", UNSEEN_17, UNSEEN_17_NEGATIVES, True),
    ("WRITTEN_23", WRITTEN_23, WRITTEN_23_NEGATIVES, False),
    ("UNSEEN_18", UNSEEN_18, UNSEEN_18_NEGATIVES, True),
    ("WRITTEN_25", WRITTEN_25, WRITTEN_25_NEGATIVES, False),
    ("UNSEEN_20", UNSEEN_20, UNSEEN_20_NEGATIVES, True),
    ("WRITTEN_27", WRITTEN_27, WRITTEN_27_NEGATIVES, False),
    ("WRITTEN_30", WRITTEN_30, WRITTEN_30_NEGATIVES, False),
    ("WRITTEN_33", WRITTEN_33, WRITTEN_33_NEGATIVES, False),
)


class _Hearing:
    """The sentence vectors the learned reader of words and vectors reads (``--embedder local``: the bundled
    embedder, as a thread with it has them computed at compaction); none by default (the reader of words)."""

    def __init__(self) -> None:
        self.embedder: Any = None
        self.vectors: dict[str, Any] = {}

    def prefetch(self, texts: list[str]) -> None:
        """Embed, in batches, the sentences of ``texts`` the reader asks about (before a timed loop)."""
        if self.embedder is None:
            return
        todo = [
            s
            for s in dict.fromkeys(reader_asks(Message("user", t, seq=1) for t in texts if t))
            if s not in self.vectors
        ]
        for i in range(0, len(todo), 256):
            self.vectors.update(zip(todo[i : i + 256], self.embedder.embed(todo[i : i + 256]), strict=True))

    def heard(self, message: Message) -> dict[str, Any] | None:
        if self.embedder is None:
            return None
        asks = reader_asks([message])
        self.prefetch([message.text] if any(s not in self.vectors for s in asks) else [])
        return {s: self.vectors[s] for s in asks} or None


_HEARING = _Hearing()


def _detect(message: Message) -> list[SummaryItem]:
    """``detect``, with the sentences' vectors where the benchmark runs with the bundled embedder."""
    heard = _HEARING.heard(message)
    return detect(message) if heard is None else detect(message, reading=read(message, heard=heard))


def detection() -> None:
    """Print recall and precision of ``detect`` per language, and the false positives by kind."""
    by_lang: dict[str, list[int]] = {}
    missed = []
    for code, text, _ in positives():
        hit = bool(_detect(Message("user", text, seq=1)))
        by_lang.setdefault(code, [0, 0])[0] += hit
        by_lang[code][1] += 1
        if not hit:
            missed.append(text)
    wrong: Counter[str] = Counter()
    kinds: Counter[str] = Counter(kind for _, _, kind in FALSE_POSITIVES)
    for role, text, kind in FALSE_POSITIVES:
        if _detect(Message(role, text, seq=1, tool_call_id="c" if role == "tool" else None)):
            wrong[kind] += 1
    tp = sum(v[0] for v in by_lang.values())
    pos = sum(v[1] for v in by_lang.values())
    fp = sum(wrong.values())
    precision = tp / (tp + fp) if tp + fp else 1.0
    print(
        f"detection  recall {tp}/{pos} = {tp / pos:.1%}, precision {precision:.1%} "
        f"({fp} of {len(FALSE_POSITIVES)} false-positive cases detected; target 0)"
    )
    print("  recall by language: " + ", ".join(f"{c} {h}/{n}" for c, (h, n) in sorted(by_lang.items())))
    print("  false positives by kind: " + ", ".join(f"{k} {wrong[k]}/{n}" for k, n in sorted(kinds.items())))
    for text in missed:
        print(f"  missed: {text!r}")
    for name, cases in (
        ("UNSEEN", UNSEEN),
        ("UNSEEN_LATER", UNSEEN_LATER),
        ("UNSEEN_5", UNSEEN_5),
        ("UNSEEN_7", UNSEEN_7),
        ("UNSEEN_8", UNSEEN_8),
        ("UNSEEN_9", UNSEEN_9),
        ("UNSEEN_10", UNSEEN_10),
        ("UNSEEN_11", UNSEEN_11),
        ("UNSEEN_12", UNSEEN_12),
        ("UNSEEN_13", UNSEEN_13),
        ("UNSEEN_14", UNSEEN_14),
        ("UNSEEN_15", UNSEEN_15),
        ("UNSEEN_16", UNSEEN_16),
        ("UNSEEN_19", UNSEEN_19),
        ("UNSEEN_21", UNSEEN_21),
        ("UNSEEN_22", UNSEEN_22),
        ("UNSEEN_23", UNSEEN_23),
        ("UNSEEN_24", UNSEEN_24),
        ("UNSEEN_25", UNSEEN_25),
        ("UNSEEN_26", UNSEEN_26),
    ):
        texts = [t for per_lang in cases.values() for t in per_lang]
        items = {t: " ".join(i.text for i in _detect(Message("user", t, seq=1))) for t in texts}
        found = [t for t in texts if items[t]]
        whole = sum(_norm(_statement(t)) in _norm(items[t]) for t in found)  # what survival can keep of it
        print(
            f"  cases written apart from the rules (instruction_cases.{name}): recall {len(found)}/{len(texts)}, "
            f"{whole} with the whole statement in the items"
        )
    for name, negatives in (
        ("UNSEEN_5_NEGATIVES", UNSEEN_5_NEGATIVES),
        ("UNSEEN_7_NEGATIVES", UNSEEN_7_NEGATIVES),
        ("UNSEEN_8_NEGATIVES", UNSEEN_8_NEGATIVES),
        ("UNSEEN_9_NEGATIVES", UNSEEN_9_NEGATIVES),
        ("UNSEEN_10_NEGATIVES", UNSEEN_10_NEGATIVES),
        ("UNSEEN_11_NEGATIVES", UNSEEN_11_NEGATIVES),
        ("UNSEEN_12_NEGATIVES", UNSEEN_12_NEGATIVES),
        ("UNSEEN_13_NEGATIVES", UNSEEN_13_NEGATIVES),
        ("UNSEEN_14_NEGATIVES", UNSEEN_14_NEGATIVES),
        ("UNSEEN_15_NEGATIVES", UNSEEN_15_NEGATIVES),
        ("UNSEEN_16_NEGATIVES", UNSEEN_16_NEGATIVES),
        ("UNSEEN_19_NEGATIVES", UNSEEN_19_NEGATIVES),
        ("UNSEEN_21_NEGATIVES", UNSEEN_21_NEGATIVES),
        ("UNSEEN_22_NEGATIVES", UNSEEN_22_NEGATIVES),
        ("UNSEEN_23_NEGATIVES", UNSEEN_23_NEGATIVES),
        ("UNSEEN_24_NEGATIVES", UNSEEN_24_NEGATIVES),
        ("UNSEEN_25_NEGATIVES", UNSEEN_25_NEGATIVES),
        ("UNSEEN_26_NEGATIVES", UNSEEN_26_NEGATIVES),
    ):
        taken = [t for t in negatives if _detect(Message("user", t, seq=1))]
        print(f"  negatives written with them ({name}): {len(taken)}/{len(negatives)} taken")
    for name, cases, negatives in (
        ("WRITTEN_11", WRITTEN_11, WRITTEN_11_NEGATIVES),
        ("WRITTEN_12", WRITTEN_12, WRITTEN_12_NEGATIVES),
        ("WRITTEN_13", WRITTEN_13, WRITTEN_13_NEGATIVES),
        ("WRITTEN_14", WRITTEN_14, WRITTEN_14_NEGATIVES),
        ("WRITTEN_15", WRITTEN_15, WRITTEN_15_NEGATIVES),
        ("WRITTEN_16", WRITTEN_16, WRITTEN_16_NEGATIVES),
        ("WRITTEN_17", WRITTEN_17, WRITTEN_17_NEGATIVES),
        ("WRITTEN_18", WRITTEN_18, WRITTEN_18_NEGATIVES),
        ("WRITTEN_19", WRITTEN_19, WRITTEN_19_NEGATIVES),
        ("WRITTEN_20", WRITTEN_20, WRITTEN_20_NEGATIVES),
        ("WRITTEN_21", WRITTEN_21, WRITTEN_21_NEGATIVES),
        ("WRITTEN_24", WRITTEN_24, WRITTEN_24_NEGATIVES),
        ("WRITTEN_26", WRITTEN_26, WRITTEN_26_NEGATIVES),
        ("WRITTEN_28", WRITTEN_28, WRITTEN_28_NEGATIVES),
        ("WRITTEN_29", WRITTEN_29, WRITTEN_29_NEGATIVES),
        ("WRITTEN_31", WRITTEN_31, WRITTEN_31_NEGATIVES),
        ("WRITTEN_32", WRITTEN_32, WRITTEN_32_NEGATIVES),
        ("WRITTEN_34", WRITTEN_34, WRITTEN_34_NEGATIVES),
        ("WRITTEN_35", WRITTEN_35, WRITTEN_35_NEGATIVES),
        ("WRITTEN_37", WRITTEN_37, WRITTEN_37_NEGATIVES),
        ("WRITTEN_38", WRITTEN_38, WRITTEN_38_NEGATIVES),
        ("WRITTEN_39", WRITTEN_39, WRITTEN_39_NEGATIVES),
        ("HELD_38", HELD_38, HELD_38_NEGATIVES),
        ("HELD_39", HELD_39, HELD_39_NEGATIVES),
    ):
        texts = [t for per_lang in cases.values() for t in per_lang]
        found = [t for t in texts if _detect(Message("user", t, seq=1))]
        taken = [t for t in negatives if _detect(Message("user", t, seq=1))]
        how = "read for rules" if name.startswith("WRITTEN") else "held: no rule drawn from it"
        print(
            f"  written by a helper, {how} (instruction_cases.{name}): recall {len(found)}/{len(texts)}, "
            f"{len(taken)}/{len(negatives)} of its negatives taken"
        )
    taken = [t for t in TECH_ONE_OFF if _detect(Message("user", t, seq=1))]
    print(f"  one-off commands of a technical chat (TECH_ONE_OFF): {len(taken)}/{len(TECH_ONE_OFF)} taken")
    for text in taken:
        print(f"    taken: {text!r}")
    for name, pairs, negatives, kept_apart in LONG_BATCHES:
        long_messages(name, pairs, negatives, kept_apart)
    proposed_everything()


def long_messages(name: str, pairs: list[tuple[str, str]], negatives: list[str], kept_apart: bool) -> None:
    """Preferences inside long technical messages (``(message, the sentence that states it)``): found when an
    item's rule (without the reason kept with it) holds that sentence or lies inside it; items on other sentences
    of those messages, and negatives of the same kind with any item."""
    found = other = 0
    for message, wanted in pairs:
        items = [_norm(rule_part(i.text)) for i in _detect(Message("user", message, seq=1))]
        hit = [i for i in items if _norm(wanted) in i or i.rstrip("…") in _norm(wanted)]
        found += bool(hit)
        other += len(items) - len(hit)
    taken = sum(bool(_detect(Message("user", t, seq=1))) for t in negatives)
    how = "kept apart, written by a helper" if kept_apart else "written by a helper, read for rules"
    print(
        f"  a preference inside a long technical message ({how}: instruction_cases.{name}): found {found}/"
        f"{len(pairs)}, {other} items on other sentences of them, {taken}/{len(negatives)} of its negatives taken"
    )


_SENTENCE_CUT = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])\s*|\n+")  # not inside "1.2 kg"


def proposed_everything() -> None:
    """The core's guard on an LLM summarizer's ``standing`` proposals (``core.validate.screen_standing``, then
    ``read``): a model that proposes every sentence of every false-positive case as the user's standing
    preference. What is kept by kind: of the quoted, pasted, reported, hypothetical, tool and assistant cases
    nothing (what a model may point at is the user's own words only); of a question, only a statement beside it
    ("I'm on a Mac." before "Does that matter?"); chat and one-off requests are the model's judgment to make."""
    kept: Counter[str] = Counter()
    kinds: Counter[str] = Counter(kind for _, _, kind in FALSE_POSITIVES)
    for role, text, kind in FALSE_POSITIVES:
        m = Message(role, text, seq=1, tool_call_id="c" if role == "tool" else None)
        proposals = [SummaryItem(text=p.strip(), sources=(1,)) for p in _SENTENCE_CUT.split(text) if p.strip()]
        screened, _ = screen_standing(proposals, [m])
        reading = read(m, frozenset(i.text for i in screened))
        kept[kind] += bool(detect(m, reading=reading))
    print(
        "  a model proposing every sentence of them as standing: kept "
        + ", ".join(f"{k} {kept[k]}/{n}" for k, n in sorted(kinds.items()))
    )


# ---------------------------------------------------------------- real turns nobody wrote as rules

_LABEL = re.compile(r"^(?:\[[^\]]{1,40}\]\s*)?[^\W\d_][\w .'-]{0,30}:\s+")
_PERSON = re.compile(r"^#Person\d+#:\s*", re.MULTILINE)


def real_turns(data: Path, show: bool) -> None:
    """Turns of real conversations read as standing rules, each as a user turn of its own: LoCoMo dev (friends
    chatting) and DialogSum dev (everyday dialogues: shops, doctors, hotels, friends; answers like "Two yuan,
    please." and advice like "Don't drink alcohol with this medication." are the one-off requests a service
    assistant hears). Nobody set a rule for an assistant there; a few turns do state a lasting preference of the
    speaker ("I prefer going by train, even though it costs more"). DialogSum is printed in two halves: rules were
    drawn from the first (dialogues dev_0 to dev_249) and never from the second (both were listed once, before the
    split). And the coding agent's reasoning of the agent dev trajectories, as if a user wrote it: first-person
    technical narration ("I should add a test", "2075 is 50 years in the future"); "I can't run MySQL here" is a
    constraint a user may well state. And the user turns of the ``assistant`` stream below: a task, or a command's
    output pasted back. And the user turns of the long-chat dev set (:func:`_long_chat_turns`): how many of those
    that state a preference are read, and how many of the others. Last, ``ORDINARY_36``: ordinary turns a helper
    wrote in de, it, zh and en (there are no real chats in the first three), which the learned reader is trained on
    as negatives (``benchmarks/train_reader.py`` prints them held out by fold)."""
    locomo = [
        _LABEL.sub("", m["content"])
        for conv in load_locomo(data / "locomo_dev.json").conversations
        for m in conv.transcript.messages
    ]
    dialogues = load_dialogsum(data / "dialogsum.dev.jsonl")
    half = len(dialogues) // 2
    parts = [
        (f"DialogSum dev {a}-{b - 1} ({name})", dialogues[a:b])
        for name, a, b in (("rules drawn from it", 0, half), ("held apart", half, len(dialogues)))
    ]
    rows = [("LoCoMo dev", locomo)] + [
        (name, [u.strip() for d in part for u in _PERSON.sub("", d.dialogue).splitlines() if u.strip()])
        for name, part in parts
    ]
    thoughts = [
        str(m["content"]).removeprefix("THOUGHT:").strip()
        for traj in load_trajectories(data / "agent_dev")
        for m in traj.messages
        if m["role"] == "assistant" and m.get("content")
    ]
    rows.append(("agent dev reasoning (technical narration; a few are constraints a user may state)", thoughts))
    pasted = [str(m["content"]) for m in _assistant(100_000, data) if m["role"] == "user"]
    rows.append(("the assistant stream's user turns (a task, or a command's output pasted back)", pasted))
    stated, others = _long_chat_turns(data)
    rows.append(("the long-chat dev set's user turns with no preference in them (facts, updates among them)", others))
    rows += [
        (f"ordinary {code} turns a helper wrote (ORDINARY_36; the reader is trained on them)", turns)
        for code, turns in ORDINARY_36.items()
    ]
    read_stated = [t for t in stated if _detect(Message("user", t, seq=1))]
    print(f"  the long-chat dev set's user turns that state a preference: {len(read_stated)} of {len(stated)} read")
    for name, turns in rows:
        _HEARING.prefetch(turns)  # vectors (with --embedder local) as a compaction has them: not timed here
        hits, took = [], 0.0
        for t in turns:
            start = time.perf_counter()
            with memo.scope():  # as the drivers read a message: in an operation's memo scope
                found = _detect(Message("user", t, seq=1))
            took += time.perf_counter() - start
            hits += [t] if found else []
        print(f"  {name}: {len(hits)} of {len(turns):,} turns read as rules, {1e6 * took / len(turns):.0f} us a turn")
        for t in hits if show else []:
            print(f"    {t[:160]!r}")


def _long_chat_turns(data: Path) -> tuple[list[str], list[str]]:
    """The user turns of ``benchmarks/long_chat.py``'s ten chats (``chatcompact.evaluation.long_chat``): those
    holding a statement of kind "preference", and the others (tasks, pasted outputs, follow-ups, and statements of
    facts, updates and events: "Heads-up: the staging box only has 8 GB of RAM, so anything memory hungry is out"
    is a constraint a reader may well count as one)."""
    kinds = {card.key: card.kind for card in CARDS}
    stated: list[str] = []
    others: list[str] = []
    for chat in build_long_chats(data / "agent_dev", chats=10):
        preference = {e for q in chat.questions if kinds[q.card] == "preference" for e in q.evidence}
        for i, m in enumerate(chat.messages):
            if m.get("role") == "user" and isinstance(m.get("content"), str):
                (stated if i in preference else others).append(m["content"])
    return stated, others


# ---------------------------------------------------------------- the streams


def _locomo(tokens: int, data: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    total = 0
    for conv in load_locomo(data / "locomo_dev.json").conversations:
        for m in conv.transcript.messages:
            out.append({"role": m["role"], "content": m["content"]})
            total += len(m["content"]) // 4
        if total >= tokens:
            break
    return out


def _agent(tokens: int, data: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    total = 0
    for i, traj in enumerate(load_trajectories(data / "agent_dev")):
        for m in traj.messages[1:]:
            m = dict(m)
            if m.get("tool_calls"):  # ids unique across chained trajectories
                m["tool_calls"] = [{**c, "id": f"t{i}_{c['id']}"} for c in m["tool_calls"]]
            if m["role"] == "tool":
                m["tool_call_id"] = f"t{i}_{m['tool_call_id']}"
            out.append(m)
            total += len(m.get("content") or "") // 4
        if total >= tokens:
            break
    return out


_PR = re.compile(r"<pr_description>\s*(?:Consider the following PR description:)?(.*?)</pr_description>", re.S)
_OUTPUT = re.compile(r"<(?:output|output_head)>\n?(.*?)</(?:output|output_head)>", re.S)


def _assistant(tokens: int, data: Path) -> list[dict[str, Any]]:
    """The trajectories as a user/assistant chat about code (see the module docstring)."""
    out: list[dict[str, Any]] = []
    total = 0
    for path in sorted((data / "agent_dev").glob("*.traj.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))["messages"]
        task = _PR.search(raw[1]["content"])
        turns = [f"I'm working on this Django issue:\n\n{(task.group(1) if task else raw[1]['content']).strip()}"]
        for m in raw[2:]:
            if m["role"] == "assistant":
                turns.append(m["content"].replace("THOUGHT: ", "", 1))
            else:
                got = _OUTPUT.search(m["content"])
                body = (got.group(1) if got else m["content"]).strip()[:OUTPUT_CHARS]
                turns.append(f"I ran it and got:\n\n```\n{body}\n```" if body else "I ran it; it printed nothing.")
        for i, text in enumerate(turns):
            out.append({"role": "user" if i % 2 == 0 else "assistant", "content": text})
            total += len(text) // 4
        if out[-1]["role"] == "user":
            out.pop()
        if total >= tokens:
            break
    return out


def stream(source: str, tokens: int, data: Path) -> list[dict[str, Any]]:
    """The messages of ``source`` (see :data:`SOURCES`), about ``tokens`` long."""
    return {"locomo": _locomo, "agent": _agent, "assistant": _assistant}[source](tokens, data)


# ---------------------------------------------------------------- one long-stream run


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).replace("⏎", " ").split())


def _text(messages: list[dict[str, Any]]) -> str:
    return _norm("\n".join(str(m.get("content") or "") for m in messages))


def _truncation(msgs: list[dict[str, Any]], budget: int, count: Any) -> str:
    """Plain truncation: the newest whole messages that fit ``budget`` (4 tokens of framing each)."""
    kept, room = [], budget - 20
    for m in reversed(msgs):
        cost = count(str(m.get("content") or "")) + 4
        if cost > room:
            break
        kept.append(m)
        room -= cost
    return _text(kept)


def _pool(name: str) -> list[tuple[str, str, str]]:
    """The positives a stream's cases are drawn from: "all", "cue" (the cue cases, the pool before the ``WRITTEN_*``
    batches) or "unseen" (``UNSEEN_8``, never read for rules: how survival carries to new wording)."""
    if name.startswith("unseen"):
        batches = {
            "unseen9": UNSEEN_9,
            "unseen10": UNSEEN_10,
            "unseen11": UNSEEN_11,
            "unseen12": UNSEEN_12,
            "unseen13": UNSEEN_13,
            "unseen14": UNSEEN_14,
            "unseen15": UNSEEN_15,
            "unseen19": UNSEEN_19,
            "unseen21": UNSEEN_21,
            "unseen22": UNSEEN_22,
            "unseen23": UNSEEN_23,
            "unseen24": UNSEEN_24,
            "unseen25": UNSEEN_25,
            "unseen26": UNSEEN_26,
        }
        batch = batches.get(name, UNSEEN_8)
        return [(code, t, "preference") for code, texts in batch.items() for t in texts]
    return positives(later=name == "all")


def _plan(
    msgs: list[dict[str, Any]], per_stream: int, rng: random.Random, pool: str = "all"
) -> dict[int, list[tuple[str, str]]]:
    """Where each inserted case goes: message index -> [(how, text)], how = "own" | "inside"."""
    cases = _pool(pool)
    chosen: list[tuple[str, str, str]] = []
    pairs = [t for pair in SUPERSEDED for t in pair]
    for i in rng.sample(range(len(cases)), len(cases)):  # distinct subjects: "Metrisch bitte" after "Please use
        text = cases[i][1]  # metric units" supersedes it, as it should (the SUPERSEDED pairs measure that)
        others = [c[1] for c in chosen] + pairs
        if len(chosen) < per_stream and not any(same_subject(text, o) or same_subject(o, text) for o in others):
            chosen.append(cases[i])
    chosen.sort(key=cases.index)
    negatives = [text for role, text, _ in FALSE_POSITIVES if role == "user"]
    users = [i for i, m in enumerate(msgs) if m["role"] == "user" and isinstance(m.get("content"), str)]
    slots = [i for i, m in enumerate(msgs) if m["role"] != "tool"][: len(msgs) * 9 // 10]
    plan: dict[int, list[tuple[str, str]]] = {}
    for k, (_, text, _) in enumerate(chosen):
        inside = k % 2 == 1 and users
        at = rng.choice(users[: len(users) * 9 // 10] or users) if inside else rng.choice(slots)
        plan.setdefault(at, []).append(("inside" if inside else "own", text))
    for text in negatives:
        plan.setdefault(rng.choice(slots), []).append(("own", text))
    for early, late in SUPERSEDED:  # the earlier one in the first half, the later one in the second
        plan.setdefault(rng.choice(slots[: len(slots) // 2]), []).append(("own", early))
        plan.setdefault(rng.choice(slots[len(slots) // 2 :]), []).append(("own", late))
    return plan


PLACES = ("inside, before", "inside, after", "before a question")  # of _inside's k % 3


def _statement(case: str) -> str:
    """What of ``case`` must be in the context for it to count as kept: the case without the questions it opens or
    closes with ("I live in the terminal, GUI steps are no use to me. How do I resolve a merge conflict ...?": the
    question asks something now and is no part of the preference). A question between two statements, or a case
    that would be left with fewer than :data:`STATEMENT_WORDS` words (a Han character counts as one), keeps the
    whole case ("Thanks! Could you keep using tables for this? Way easier to scan.")."""
    spans, at = [], 0
    for m in _SENTENCE_CUT.finditer(case):
        if m.start() > at and case[at : m.start()].strip():
            spans.append((at, m.start()))
        at = max(at, m.end())
    if case[at:].strip():
        spans.append((at, len(case)))
    stated = [i for i, (a, b) in enumerate(spans) if not case[a:b].rstrip().endswith(("?", "？"))]
    if not stated or len(stated) == len(spans) or stated[-1] - stated[0] + 1 != len(stated):
        return case
    kept = case[spans[stated[0]][0] : spans[stated[-1]][1]].strip()
    words = len(kept.split()) + sum(lang.has_han(ch) for ch in kept)  # a Han character counts as a word
    return kept if words >= STATEMENT_WORDS else case


STATEMENT_WORDS = 5


def _inside(content: str, text: str, k: int) -> str:
    """A user turn with ``text`` in it: before it, after it, or after it and before "What do you think?" (where
    only a first-person preference or a rule spoken to the assistant counts: a rule there may have been pasted)."""
    return (f"{text}\n\n{content}", f"{content}\n\n{text}", f"{content}\n\n{text} What do you think?")[k % 3]


def run(
    source: str,
    budget: int,
    seed: int,
    tokens: int,
    per_stream: int,
    data: Path,
    pool: str = "all",
    embedder: str = "none",
) -> dict[str, Any]:
    """The figures of one stream (see the module docstring)."""
    rng = random.Random(seed)
    msgs = stream(source, tokens, data)
    plan = _plan(msgs, per_stream, rng, pool)
    probes = [
        str(msgs[i]["content"])[:300]
        for i in rng.sample([i for i, m in enumerate(msgs) if m["role"] == "user"], QUERIES)
    ]
    with Memory.open("memory://", policy=Policy(budget=budget), background=False, embedder=embedder) as mem:
        t = mem.thread(source, system="You are a helpful assistant.")
        sent: list[dict[str, Any]] = []
        negative_seqs: set[int] = set()
        negatives = {text for role, text, _ in FALSE_POSITIVES if role == "user"}
        placed: dict[str, str] = {}
        for i, m in enumerate(msgs):
            for how, text in plan.get(i, []):
                if how == "own":
                    own = {"role": "user", "content": text if text in negatives else f"By the way: {text}"}
                    msg = t.add(own)
                    sent.append(own)
                    placed[text] = "own turn"
                    if text in negatives:
                        negative_seqs.add(msg.seq or -1)
                else:
                    m = {**m, "content": _inside(str(m["content"]), text, len(sent))}
                    placed[text] = PLACES[len(sent) % 3]
            t.add(m)
            sent.append(m)
        wanted = [text for how_text in plan.values() for how, text in how_text if text not in negatives]
        wanted = [w for w in wanted if w not in {early for early, _ in SUPERSEDED}]
        contexts = [_text(t.context(budget=budget))] + [_text(t.context(budget=budget, query=q)) for q in probes]
        share = sum(sum(_norm(w) in c for w in wanted) for c in contexts) / (len(wanted) * len(contexts))
        stated = [_norm(_statement(w)) for w in wanted]
        kept = sum(sum(x in c for x in stated) for c in contexts)
        lost = Counter(placed[w] for w in wanted if not all(_norm(w) in c for c in contexts))
        block = "\n".join(c.split(BLOCK, 1)[1].split("⟦/data⟧", 1)[0] for c in contexts[:1] if BLOCK in c)
        held = t.summary().instructions
        return {
            "history": t.stats()["history_tokens"],
            "items": len(wanted),
            "ours": share,
            "statement": kept / (len(wanted) * len(contexts)),
            "truncation": sum(_norm(w) in _truncation(sent, budget, mem.tokenizer.count) for w in wanted) / len(wanted),
            "full": sum(_norm(w) in _text(sent) for w in wanted) / len(wanted),
            "false": sum(1 for item in held if negative_seqs.intersection(item.sources[:1])),
            "negatives": len(negatives),
            "lost": lost,
            "superseded": sum(_norm(late) in block and _norm(early) not in block for early, late in SUPERSEDED),
        }


def placements(data: Path) -> None:
    """The ``WRITTEN_*`` cases with their whole statement in the items (or some of it, or none) alone, in a turn of
    their own as the streams place them ("By the way: ..."), and inside one of the streams' user turns as
    :func:`_inside` places them (before it, after it, before "What do you think?"), each case beside another
    stream's turn in turn. The reader was trained on these cases, so the figure to read is the gap to the case
    alone: what its placement costs it."""
    cases = [
        t
        for name in dir(instruction_cases)
        if name.startswith("WRITTEN_")
        and not name.endswith("NEGATIVES")
        and name not in ("WRITTEN_37", "WRITTEN_38")  # the terse batches, measured on their own by detection()
        and isinstance(batch := getattr(instruction_cases, name), dict)
        for texts in batch.values()
        for t in texts
    ]
    rng = random.Random(5)
    turns = []
    for source in SOURCES:
        msgs = stream(source, 100_000, data)
        users = [m["content"] for m in msgs if m["role"] == "user" and isinstance(m.get("content"), str)]
        turns += rng.sample(users, min(40, len(users)))
    tally: Counter[tuple[str, str]] = Counter()
    for k, case in enumerate(cases):
        stated, turn = _norm(_statement(case)), turns[k % len(turns)]
        placed = [("alone", case), ("own turn", f"By the way: {case}")]
        placed += [(place, _inside(turn, case, i)) for i, place in enumerate(PLACES)]
        for place, text in placed:
            items = _detect(Message("user", text, seq=1))
            tally[
                place, "whole" if stated in _norm(" ".join(i.text for i in items)) else "some" if items else "none"
            ] += 1
    print(f"the WRITTEN_* cases as the streams place them ({len(cases):,}): with the whole statement / some / none")
    for place in ("alone", "own turn", *PLACES):
        print(f"  {place:18} {tally[place, 'whole']:5,} / {tally[place, 'some']:4,} / {tally[place, 'none']:4,}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=int, default=8000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--tokens", type=int, default=100_000)
    ap.add_argument("--per-stream", type=int, default=16, help="positives inserted into each stream")
    ap.add_argument("--quick", action="store_true", help="30k-token streams")
    ap.add_argument("--data", type=Path, default=DATA, help="the evaluation data folder")
    ap.add_argument(
        "--cue-cases",
        action="store_const",
        const="cue",
        dest="pool",
        default="all",
        help="draw the positives from the cue cases only (the pool before 2026-12-06)",
    )
    ap.add_argument(
        "--unseen",
        action="store_const",
        const="unseen",
        dest="pool",
        help="draw the positives from UNSEEN_8, cases never read for rules",
    )
    ap.add_argument(
        "--unseen-9",
        action="store_const",
        const="unseen9",
        dest="pool",
        help="draw the positives from UNSEEN_9, cases never read for rules (written later)",
    )
    ap.add_argument(
        "--unseen-10",
        action="store_const",
        const="unseen10",
        dest="pool",
        help="draw the positives from UNSEEN_10, written by a helper that saw no rule",
    )
    ap.add_argument(
        "--unseen-11",
        action="store_const",
        const="unseen11",
        dest="pool",
        help="draw the positives from UNSEEN_11, written by a helper that saw no rule (later)",
    )
    ap.add_argument(
        "--unseen-12",
        action="store_const",
        const="unseen12",
        dest="pool",
        help="draw the positives from UNSEEN_12, written by a helper that saw no rule (later still)",
    )
    for n in (13, 14, 15, 19, 21, 22, 23, 24, 25, 26):
        ap.add_argument(
            f"--unseen-{n}",
            action="store_const",
            const=f"unseen{n}",
            dest="pool",
            help=f"draw the positives from UNSEEN_{n}, written by a helper that saw no rule (a later session)",
        )
    ap.add_argument("--turns-only", action="store_true", help="detection and real turns, no long streams")
    ap.add_argument("--streams-only", action="store_true", help="the long streams, no detection nor real turns")
    ap.add_argument("--placements", action="store_true", help="the WRITTEN_* cases as the streams place them")
    ap.add_argument("--words-only", action="store_true", help="with --embedder local, the sentence vectors not read")
    ap.add_argument(
        "--embedder",
        default="none",
        choices=("none", "local"),
        help="the threads' embedder: none (the reader of words), local (the bundled MiniLM: recall's vectors, and the "
        "reader of words and vectors reads the user's sentences at compaction)",
    )
    ap.add_argument("--show-turns", action="store_true", help="list the real turns read as rules")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; embedder {args.embedder}")
    if args.words_only:  # the threads' compactions embed no sentence for the reader (core.engine.hear)
        reader.hears = lambda name: False  # type: ignore[assignment]
    elif args.embedder == "local":
        from chatcompact.embedders.local import LocalEmbedder

        _HEARING.embedder = LocalEmbedder()
    if args.placements:
        placements(args.data)
        return 0
    if not args.streams_only:
        detection()
    if not args.data.is_dir():
        print(f"no evaluation data at {args.data}; the real-turn and long-stream figures are skipped")
        return 0
    if not args.streams_only:
        print("real turns nobody wrote as rules for an assistant:")
        real_turns(args.data, args.show_turns)
    if args.turns_only:
        return 0
    tokens = 30_000 if args.quick else args.tokens
    print(f"long streams: budget {args.budget}, {args.per_stream} positives each, {QUERIES} probe queries + none")
    for source in SOURCES:
        r = run(source, args.budget, args.seed, tokens, args.per_stream, args.data, args.pool, args.embedder)
        print(
            f"{source:<9} {r['ours']:.1%} of {r['items']} in context(budget, query) after {r['history']:,} tokens "
            f"(plain truncation {r['truncation']:.1%}, full transcript {r['full']:.1%}); "
            f"{r['false']} of {r['negatives']} false-positive turns among the instructions (target 0); "
            f"{r['superseded']}/{len(SUPERSEDED)} superseded; {r['statement']:.1%} counting each case's statement "
            f"(its sentences but the questions it asks now)"
        )
        if r["lost"]:
            print(
                "          not in every context, by where it was put: "
                + ", ".join(f"{k} {n}" for k, n in r["lost"].items())
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
