"""A long technical user-assistant chat dev set with paraphrased probing questions (``benchmarks/long_chat.py``).

How it is made (deterministic: the same data and seed give the same chats, byte for byte):

- **Filler**: the real coding-agent trajectories of ``../shared/data/agent_dev`` (django tasks, MIT) are rewritten
  as a project chat between a developer and an assistant. Each task opens with the user posting its issue text;
  the assistant answers with 1-3 of the agent's steps merged into one reply (its reasoning as prose, the shell
  command as a fenced block, the source it read quoted as a fenced excerpt, the next steps as a bullet list); the
  user replies by pasting what the last command printed, with a short follow-up. Tasks are appended until a chat
  holds about 400 messages.
- **Evidence**: statements written for this set (:data:`CARDS`: facts about the project, the team and the user,
  preferences, decisions that are later revised, the assistant's own advice) are filled with per-chat values and
  placed, one paragraph each, into messages spread over the chat (a revised decision: the old statement in the
  first half, the new one in the second; both are evidence).
- **Questions**: each statement has a question written to paraphrase it, sharing no content word with it
  (stemmed; :func:`overlap` measures it, the benchmark prints the share), so a keyword search has little to go on.

How it differs from the held-out set it imitates (long LLM-written project chats with probing questions): the
filler is one domain (a django code base) and was written by an agent for a machine, not for a person; the
evidence is a sentence dropped into an unrelated message rather than the topic of a message; the statements
repeat across chats with other values; questions are one per statement, written by one person.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..core.query import terms
from .cards import CARDS, SLOTS, Card

__all__ = ["CARDS", "Chat", "LongChatQuestion", "build", "load_steps", "overlap"]

#: Messages a chat grows to (whole tasks are appended until it has at least this many).
TARGET_MESSAGES = 400
#: Statements placed per chat (drawn from :data:`CARDS` without repeats).
CARDS_PER_CHAT = 32
#: Chats in the set (``benchmarks/long_chat.py --quick`` takes fewer).
DEFAULT_CHATS = 10
_PROJECTS = ("Ledgerly", "Parcelhub", "Tutorloop", "Greenroute", "Clinicly", "Stockpile", "Fleetwise", "Menuboard")
_FOLLOW_UPS = (
    "Here's what I got.",
    "Ran it, output below.",
    "Hmm, is this what you expected?",
    "OK, done. What's next?",
    "This is the output on my machine.",
    "Pasting the result so you can have a look.",
    "Not sure how to read this one.",
    "Does that look right to you?",
    "Got this back.",
    "Alright, here it is.",
    "Tried it just now.",
    "That was quick. Output:",
)
_OPENERS = (
    "Next item on the list for {project}.",
    "New ticket came in for {project}, can you help me with it?",
    "Switching to another issue in the {project} code base.",
    "Let's pick up the next task for {project}.",
)


@dataclass(frozen=True)
class Step:
    """One agent step: its reasoning (may hold fenced code), the command, and what the command printed."""

    thought: str
    command: str
    output: str


@dataclass(frozen=True)
class Task:
    name: str
    issue: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class LongChatQuestion:
    """A probing question, the card it asks about, and the 0-based indexes of its evidence messages."""

    text: str
    card: str
    kind: str
    evidence: tuple[int, ...]


@dataclass
class Chat:
    """One chat: OpenAI-style messages and its questions."""

    name: str
    messages: list[dict[str, str]] = field(default_factory=list)
    questions: list[LongChatQuestion] = field(default_factory=list)


# ---------------------------------------------------------------- reading the trajectories

_TAG = re.compile(r"</?(returncode|output|output_head|output_tail|elided_chars|warning)>")
_BASH = re.compile(r"```bash\s*\n(.*?)```", re.S)


def _clean_output(text: str) -> str:
    """An observation without the harness's tags and return code line, long-output warning dropped."""
    text = re.sub(r"<warning>.*?</warning>", "", text, flags=re.S)
    text = re.sub(r"<returncode>\d+</returncode>", "", text)
    return _TAG.sub("", text).strip()


def _issue(text: str) -> str:
    m = re.search(r"<pr_description>(.*?)</pr_description>", text, re.S)
    body = m.group(1) if m else text[:2000]
    return body.replace("Consider the following PR description:", "").strip()


def load_steps(folder: Path) -> list[Task]:
    """Every trajectory of ``folder`` as a task: its issue and its well-formed steps (format errors, the final
    submission and steps without a command left out), in file-name order."""
    tasks = []
    for path in sorted(folder.glob("*.traj.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        msgs = data["messages"]
        steps = []
        for a, o in zip(msgs[2::2], msgs[3::2], strict=False):
            if a.get("role") != "assistant" or o.get("role") != "user":
                continue
            found = _BASH.findall(a["content"])
            if len(found) != 1 or "COMPLETE_TASK" in found[0] or "<output" not in o["content"]:
                continue
            thought = _BASH.sub("", a["content"]).replace("THOUGHT:", "").strip()
            steps.append(Step(thought, found[0].strip(), _clean_output(o["content"])))
        if steps:
            tasks.append(Task(path.name.split(".")[0], _issue(msgs[1]["content"]), tuple(steps)))
    return tasks


# ---------------------------------------------------------------- rendering


def _clip(text: str, rng: random.Random, median: float, cap: int) -> str:
    """The head of ``text``, cut at a line end near a log-normal length (median ``median``, at most ``cap``)."""
    n = min(cap, int(rng.lognormvariate(0.0, 0.9) * median))
    if len(text) <= n:
        return text
    cut = text.rfind("\n", 0, n)
    return text[: cut if cut > n // 2 else n].rstrip() + "\n..."


def _sentences(text: str) -> list[str]:
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", prose) if 25 <= len(s.strip()) <= 220]


def _answer(steps: Sequence[Step], ahead: Sequence[Step], rng: random.Random) -> list[str]:
    """An assistant reply (as paragraphs) made of ``steps``; ``ahead`` (the next steps) feeds its plan list."""
    blocks: list[str] = []
    for i, step in enumerate(steps):
        if len(steps) > 1:
            blocks.append(f"**Step {i + 1}.** {step.thought}")
        else:
            blocks.append(step.thought)
        blocks.append(f"```bash\n{step.command}\n```")
        if i < len(steps) - 1 and step.output:  # what the earlier commands showed, quoted for the user
            blocks.append("That gives us:\n\n```\n" + _clip(step.output, rng, 800, 2500) + "\n```")
    plan = [s for st in ahead for s in _sentences(st.thought)][: rng.randint(2, 4)]
    if plan:
        blocks.append("Plan from here:\n" + "\n".join(f"- {s}" for s in plan))
    return blocks


def _user_paste(steps: Sequence[Step], ahead: Sequence[Step], rng: random.Random) -> list[str]:
    """The user's reply to ``steps``: a follow-up line, what the last command printed, often a thought of their own
    (the agent's next reasoning, as the user's), and, while that is short, earlier outputs for reference."""
    blocks = [rng.choice(_FOLLOW_UPS)]
    want = min(5000, int(rng.lognormvariate(0.0, 0.7) * 1700))
    if steps[-1].output:
        blocks.append("```\n" + _clip(steps[-1].output, rng, 900, 4000) + "\n```")
    own = [s for st in ahead for s in _sentences(st.thought)]
    if own and rng.random() < 0.7:
        blocks.append(" ".join(own[: rng.randint(1, 4)]))
    for earlier in sorted(steps[:-1], key=lambda st: -len(st.output)):
        have = sum(len(b) for b in blocks)
        if have >= want or not earlier.output:
            break
        excerpt = _clip(earlier.output, rng, want - have, 4000)
        blocks.append(f"For reference, `{earlier.command[:60]}` printed:\n\n```\n{excerpt}\n```")
    return blocks


def _exchanges(tasks: Sequence[Task], project: str, rng: random.Random) -> Iterator[tuple[list[str], list[str]]]:
    """(user paragraphs, assistant paragraphs) pairs, task by task."""
    for task in tasks:
        user = [rng.choice(_OPENERS).format(project=project), task.issue]
        i, steps = 0, task.steps
        while i < len(steps):
            n = rng.choices((1, 2, 3, 4), weights=(0.2, 0.35, 0.3, 0.15))[0]
            chunk, ahead = steps[i : i + n], steps[i + n : i + n + 2]
            yield user, _answer(chunk, ahead, rng)
            user = _user_paste(steps[max(0, i + n - 6) : i + n], ahead, rng)
            i += n


# ---------------------------------------------------------------- evidence


def _values(rng: random.Random) -> dict[str, str]:
    """One value per slot for one chat (a pair slot ``x`` also gets ``x_old``, a different value)."""
    out = {}
    for slot, options in SLOTS.items():
        picked = rng.sample(options, 2)
        out[slot], out[slot + "_old"] = picked[0], picked[1]
    return out


def _place(card: Card, n: int, rng: random.Random, taken: set[int]) -> list[int]:
    """Exchange indexes for the card's statements: anywhere, or old in the first half and new in the second."""
    spans = [(0, n)] if len(card.says) == 1 else [(2, n // 2), (n // 2, n - 2)]
    out = []
    for lo, hi in spans:
        free = [i for i in range(lo, hi) if i not in taken] or list(range(lo, hi))
        pick = rng.choice(free)
        taken.add(pick)
        out.append(pick)
    return out


def _insert(blocks: list[str], text: str, rng: random.Random) -> None:
    """Put ``text`` in as a paragraph of its own: first, last, or between two paragraphs."""
    where = rng.choice((0, len(blocks), rng.randint(0, len(blocks))))
    blocks.insert(where, text)


def build(folder: Path, *, chats: int = DEFAULT_CHATS, seed: int = 21) -> list[Chat]:
    """The dev set: ``chats`` chats of about :data:`TARGET_MESSAGES` messages from the trajectories in ``folder``,
    each with :data:`CARDS_PER_CHAT` statements and their questions. A chat's tasks are drawn without repeats
    (another chat may draw the same task; its steps are then cut and quoted differently)."""
    rng = random.Random(seed)
    tasks = load_steps(folder)
    out: list[Chat] = []
    for n in range(chats):
        name = _PROJECTS[n % len(_PROJECTS)]
        pool = rng.sample(tasks, len(tasks))
        pairs: list[tuple[list[str], list[str]]] = []
        while pool and 2 * len(pairs) < TARGET_MESSAGES:
            pairs.extend(_exchanges([pool.pop()], name, rng))
        out.append(_chat(f"{name.lower()}-{n + 1}", pairs, rng))
    return out


def _chat(name: str, pairs: list[tuple[list[str], list[str]]], rng: random.Random) -> Chat:
    values = _values(rng)
    taken: set[int] = set()
    placed: list[tuple[Card, list[int]]] = []
    for card in rng.sample(CARDS, CARDS_PER_CHAT):
        at = _place(card, len(pairs), rng, taken)
        for text, i in zip(card.says, at, strict=True):
            _insert(pairs[i][0 if card.role == "user" else 1], text.format_map(values), rng)
        placed.append((card, at))
    chat = Chat(name)
    for user, assistant in pairs:
        chat.messages.append({"role": "user", "content": "\n\n".join(user)})
        chat.messages.append({"role": "assistant", "content": "\n\n".join(assistant)})
    for card, at in placed:
        evidence = tuple(2 * i + (0 if card.role == "user" else 1) for i in at)
        chat.questions.append(LongChatQuestion(card.ask.format_map(values), card.key, card.kind, evidence))
    return chat


def overlap(card: Card) -> set[str]:
    """The stemmed content words a card's question shares with its statements (the set aims at none)."""
    said = set()
    for text in card.says:
        said |= set(terms(re.sub(r"\{[a-z0-9_]+\}", " ", text), "en"))
    return said & set(terms(re.sub(r"\{[a-z0-9_]+\}", " ", card.ask), "en"))
