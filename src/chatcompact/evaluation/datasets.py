"""Loading the evaluation datasets: LoCoMo (long conversations with QA) and DialogSum (dialogues with summaries).

Both are read leniently where the data is known to be imperfect (LoCoMo's malformed evidence ids, questions
without evidence) and strictly where a bad file means a wrong path (a clear :class:`DatasetError`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ChatcompactError
from ..transcripts import Transcript, locomo_transcript

__all__ = [
    "CATEGORIES",
    "DatasetError",
    "Dialogue",
    "LocomoConversation",
    "LocomoQuestion",
    "apply_audit",
    "dialogue_messages",
    "load_dialogsum",
    "load_locomo",
    "parse_evidence",
]

# The LoCoMo paper's own labels (category 5, adversarial, has no answer and is left out).
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
_ID_RE = re.compile(r"^D(\d+):(\d+)$")


class DatasetError(ChatcompactError):
    """A dataset file is missing, unreadable or not in the expected shape."""


def _read_json(path: str | Path) -> Any:
    p = Path(path)
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DatasetError(f"cannot read {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{path} is not JSON: line {exc.lineno}: {exc.msg}") from exc


def parse_evidence(raw: object) -> tuple[list[str], int]:
    """Well-formed evidence ids, normalised (``"D30:05"`` -> ``"D30:5"``), and how many parts were malformed.

    Lenient: ``"D8:6; D9:17"`` gives two ids; ``"D"`` and ``"D:11:26"`` are counted as malformed and dropped.
    """
    items = raw if isinstance(raw, list) else [raw] if isinstance(raw, str) else []
    ids: list[str] = []
    bad = 0
    for item in items:
        for part in re.split(r"[;,]", str(item)):
            part = part.strip()
            if not part:
                continue
            m = _ID_RE.match(part)
            if m is None:
                bad += 1
                continue
            norm = f"D{int(m.group(1))}:{int(m.group(2))}"
            if norm not in ids:
                ids.append(norm)
    return ids, bad


@dataclass(frozen=True)
class LocomoQuestion:
    """One QA item of categories 1-4, with its well-formed gold evidence ids (possibly none)."""

    qid: str  # locomo_<sample index>_qa<qa index>, as the audit file names them
    category: int
    question: str
    answer: str
    evidence: tuple[str, ...]
    corrected: bool = False  # answer/evidence replaced by the audit file


@dataclass
class LocomoConversation:
    """A LoCoMo sample: its transcript (one message per turn) and its questions."""

    sample_id: str
    transcript: Transcript
    questions: list[LocomoQuestion]

    @property
    def dia_ids(self) -> list[str]:
        """LoCoMo turn id of each message (index = seq - 1)."""
        return [str(d) for d in self.transcript.meta["dia_ids"]]


@dataclass
class Locomo:
    """The loaded conversations and what lenient parsing counted."""

    conversations: list[LocomoConversation]
    counts: Counter[str] = field(default_factory=Counter)


def _questions(sample: dict[str, Any], index: int, counts: Counter[str]) -> list[LocomoQuestion]:
    out = []
    for qi, qa in enumerate(sample.get("qa") or []):
        cat = qa.get("category")
        if cat not in CATEGORIES:
            counts["category 5 (adversarial, left out)" if cat == 5 else "unknown category (left out)"] += 1
            continue
        if "answer" not in qa or "question" not in qa:
            counts["items without question or answer (left out)"] += 1
            continue
        ids, bad = parse_evidence(qa.get("evidence"))
        counts["malformed evidence ids (dropped)"] += bad
        counts["questions without well-formed evidence"] += not ids
        out.append(LocomoQuestion(f"locomo_{index}_qa{qi}", cat, str(qa["question"]), str(qa["answer"]), tuple(ids)))
    return out


def load_locomo(path: str | Path, *, audit: str | Path | None = None, limit: int | None = None) -> Locomo:
    """Read ``locomo_dev.json`` (first ``limit`` conversations); with ``audit``, apply its corrections."""
    data = _read_json(path)
    if not isinstance(data, list) or not all(isinstance(s, dict) and "conversation" in s for s in data):
        raise DatasetError(f"{path}: expected a list of LoCoMo samples with a 'conversation' each")
    counts: Counter[str] = Counter()
    convs = []
    for i, sample in enumerate(data[:limit] if limit is not None else data):
        try:
            transcript = locomo_transcript(sample)
        except (KeyError, TypeError) as exc:
            raise DatasetError(f"{path}: sample {i} is malformed ({exc!r})") from exc
        convs.append(LocomoConversation(str(sample.get("sample_id", i)), transcript, _questions(sample, i, counts)))
    out = Locomo(convs, counts)
    if audit is not None:
        apply_audit(out, audit)
    counts["questions (categories 1-4)"] = sum(len(c.questions) for c in convs)
    return out


def apply_audit(data: Locomo, path: str | Path) -> int:
    """Replace answer and evidence of the questions the audit file corrects; returns how many changed.

    The audit names items ``locomo_<sample index>_qa<qa index>`` and gives ``correct_answer`` and
    ``correct_evidence``; an item whose question text differs from ours is not applied (counted).
    """
    errors = _read_json(path)
    if not isinstance(errors, list):
        raise DatasetError(f"{path}: expected a list of audit items")
    fixes = {str(e.get("question_id")): e for e in errors if isinstance(e, dict)}
    changed = 0
    for conv in data.conversations:
        for i, q in enumerate(conv.questions):
            fix = fixes.get(q.qid)
            if fix is None:
                continue
            if str(fix.get("question", "")).strip() != q.question.strip():
                data.counts["audit items not matching their question (not applied)"] += 1
                continue
            ids, _ = parse_evidence(fix.get("correct_evidence", q.evidence))
            answer = str(fix.get("correct_answer") or q.answer)
            conv.questions[i] = LocomoQuestion(q.qid, q.category, q.question, answer, tuple(ids), corrected=True)
            changed += 1
    data.counts["audit corrections applied"] = changed
    return changed


# ------------------------------------------------------------------ DialogSum

_TURN = re.compile(r"^\s*(#[^#\s]+#)\s*:\s*(.*)$")


@dataclass(frozen=True)
class Dialogue:
    """A DialogSum item: its id, the dialogue text and the human reference summary."""

    id: str
    dialogue: str
    summary: str


def dialogue_messages(dialogue: str) -> list[dict[str, str]]:
    """``#Person1#: ...`` lines as messages: the first speaker is the user, everyone else the assistant.

    The speaker tag stays in the text (DialogSum's references name people ``#Person1#``). A line
    without a tag continues the previous turn.
    """
    messages: list[dict[str, str]] = []
    first = None
    for line in dialogue.splitlines():
        m = _TURN.match(line)
        if m is None:
            if messages and line.strip():
                messages[-1]["content"] += " " + line.strip()
            continue
        speaker, text = m.groups()
        first = first or speaker
        role = "user" if speaker == first else "assistant"
        messages.append({"role": role, "content": f"{speaker}: {text.strip()}"})
    return messages


def load_dialogsum(path: str | Path, *, limit: int | None = None) -> list[Dialogue]:
    """Read ``dialogsum.dev.jsonl`` (first ``limit`` items); each line needs ``dialogue`` and ``summary``."""
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise DatasetError(f"cannot read {path}: {exc.strerror}") from exc
    out: list[Dialogue] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if limit is not None and len(out) >= limit:
            break
        try:
            item = json.loads(line)
            out.append(Dialogue(str(item.get("fname", n)), str(item["dialogue"]), str(item["summary"])))
        except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
            raise DatasetError(f"{path}: line {n} is not a DialogSum item with 'dialogue' and 'summary'") from exc
    return out
