"""Tool output in the view: trimmed when too big, digested to one line when old. Pure.

Nothing here touches the store: the full output stays verbatim in the log, and every trimmed or
digested view names the message id it came from so ``recall`` / ``history`` can show it whole.

* :func:`fit_message` shows a message (a tool result, an assistant turn with huge text or arguments, a pasted
  user turn) within a token cap: its head and tail with an elision marker giving the size and the message id;
  the message keeps its role, ``tool_call_id`` and tool calls, so call/result pairing is intact.
* :class:`ViewCache` keeps those views for one thread (the driver owns one per thread and passes it in), so the
  same message is trimmed the same way on every request (a stable prefix) and only once.
* :func:`digest_line` is stage 1 of compaction: ``bash: pytest tests/test_x.py -> exit 1, 3 failed:
  test_a, test_b, test_c``: what the command was and how it ended, without a model call.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import islice
from typing import TypeVar

from ..types import Message, ToolCall
from .memo import memo

T = TypeVar("T")
S = TypeVar("S")

__all__ = ["ViewCache", "clip_names", "command_of", "digest_line", "fit_message", "outcome", "trim_text"]

_RC = re.compile(r"<returncode>\s*(-?\d+)\s*</returncode>|\b(?:exit(?: code| status)?|returncode)[ =:]+(-?\d+)", re.I)
_FAILED = re.compile(
    r"^(?:FAILED|ERROR|FAIL)[: ]+\s*([\w./:\[\]-]+(?: \([\w.]+\))?)|^([\w./-]+::[\w\[\]-]+) (?:FAILED|ERROR)", re.M
)
_COUNTS = re.compile(r"\b(\d+) (failed|passed|errors?|skipped)\b|\bRan (\d+) tests?\b|\b(OK|FAILED) \(", re.I)
_ERROR = re.compile(r"^.*\b(?:\w+Error|\w+Exception|Traceback|error:|fatal:|No such file|not found)\b.*$", re.M)
_ERROR_HINT = re.compile(r"Error|Exception|Traceback|error:|fatal:|No such file|not found")  # 15x cheaper to rule out
_NAME = re.compile(  # a path keeps its leading "/" (an absolute path without it is another path)
    r"(?:(?<![\w/.-])/)?(?:[\w.-]+/)+[\w.-]+|\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\b|\b[A-Za-z]\w*_\w{2,}\b"
    r"|\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b|\b[a-z]+(?:[A-Z][a-z0-9]*)+\b"
)
_RUN = re.compile(r"[\w./-]+")  # what a name (any _NAME match) lies within
_TAGS = re.compile(r"</?(?:returncode|output|output_head|output_tail|elided_chars|warning)>")
MARKER = "[… {n:,} characters of message #{seq} elided here ({what}); it is stored verbatim: recall it …]"
_WHAT = {"tool": "tool output", "user": "user message", "system": "system message", "developer": "system message"}


def trim_text(text: str, max_chars: int, seq: int | None, what: str = "tool output", names: bool = False) -> str:
    """``text`` cut to about ``max_chars``: its head (2/3) and tail (1/3) around an elision marker. ``names``: the
    marker also lists the paths and code names of the cut part that head and tail do not show (an agent step's
    script and reasoning: what its next steps reuse), in at most a third of the room."""
    if len(text) <= max_chars:
        return text
    room = max(max_chars - 110, 0)
    listed = _cut_names(text, room - room // 3, room // 3) if names else ""  # of the widest cut it can make
    keep = room - len(listed)
    head, tail = keep * 2 // 3, keep - keep * 2 // 3
    marker = MARKER.format(n=len(text) - head - tail, seq=seq if seq is not None else "?", what=what + listed)
    return f"{text[:head]}\n{marker}\n{text[len(text) - tail :] if tail else ''}".rstrip()


def _cut_names(text: str, room: int, limit: int) -> str:
    """``; names in it: a, b``: the names of the middle that a head + tail of ``room`` characters cut, within
    ``limit`` characters ("" when none fit)."""
    head, tail = room * 2 // 3, room - room * 2 // 3
    middle = text[head : len(text) - tail]
    kept = text[:head] + "\n" + text[len(text) - tail :]
    out = ""
    for name in mentioned(middle, 200):
        if name in kept:
            continue
        more = f"{out}, {name}" if out else f"; names in it: {name}"
        if len(more) > limit:
            break
        out = more
    return out


def _trim_args(arguments: str, max_chars: int, seq: int | None) -> str:
    """Tool-call arguments cut to about ``max_chars``, still a JSON object (providers parse it)."""
    if len(arguments) <= max_chars:
        return arguments
    try:
        value = json.loads(arguments)
    except json.JSONDecodeError:
        value = None
    if not isinstance(value, dict):
        value = {"_raw_arguments": arguments}
    share = max(max_chars // max(len(value), 1), 40)
    out = {
        k: trim_text(v, share, seq, "tool arguments", names=True) if isinstance(v, str) else v for k, v in value.items()
    }
    return json.dumps(out, ensure_ascii=False)


def _shrunk(m: Message, chars: int) -> Message:
    if m.role == "tool":
        return replace(m, content=trim_text(m.text, chars, m.seq))
    what = _WHAT.get(m.role, "text")
    step = bool(m.tool_calls)  # an agent step: its cut reasoning's names are listed too
    text_chars = chars // 2 if step else chars  # text and call arguments share the room
    calls = tuple(replace(tc, arguments=_trim_args(tc.arguments, chars // 2, m.seq)) for tc in m.tool_calls)
    content = m.content if not isinstance(m.content, str) else trim_text(m.content, text_chars, m.seq, what, step)
    if not isinstance(m.content, str | None):  # parts: keep their text only, trimmed
        content = trim_text(m.text, text_chars, m.seq, what, step)
    return replace(m, content=content, tool_calls=calls)


def fit_message(m: Message, max_tokens: int, count: Callable[[Message], int], cost: int | None = None) -> Message:
    """``m`` shown within ``max_tokens`` (as far as a marker-only form allows); the message itself if it fits.

    Any role may be trimmed; the caller decides which (assembly trims the user's words last). ``cost``: ``m``'s
    count when the caller knows it (a 2 MB output is not counted again)."""
    cost = count(m) if cost is None else cost
    if cost <= max_tokens:
        return m
    size = len(m.text) + sum(len(tc.arguments) for tc in m.tool_calls)
    chars = int(size * max_tokens / cost)
    for _ in range(6):  # a few shrinking passes: token density differs between head, tail and marker
        out = _shrunk(m, max(chars, 0))
        cost = count(out)
        if cost <= max_tokens or chars == 0:
            return out
        chars = int(chars * max_tokens / cost * 0.9) if cost else 0
    return _shrunk(m, 0)


class ViewCache:
    """Trimmed and digested views of ONE thread's messages, owned by that thread's driver view.

    Conversation text never lives in a module-level cache: a cache shared by threads once showed one thread
    (one tenant) another's output when two messages shared seq, size and first characters. Here a hit is also
    checked against the whole message it was made from (equality, which no hash collision can fool), and the
    cache is bounded: past :attr:`MAX` entries the oldest half is dropped (entries are kept in the order they were
    last written, and the tail's oldest messages are the next to be folded); the driver drops it with the view.
    A tail message holds about two entries (its fitted and digested forms; a user message also its instruction
    reading), each no larger than its budget share. Emptying the cache whole at a bound of 1,024 made the next
    context read and trim a whole tail again: 40-130 ms spikes in ``benchmarks/critical_path.py``, whose tail
    of ~950 turns between two compactions held ~2,100 entries."""

    MAX = 4096

    def __init__(self) -> None:
        self._views: dict[tuple[object, ...], tuple[object, object, object]] = {}

    def __len__(self) -> int:
        return len(self._views)

    def _get(self, key: tuple[object, ...], source: object) -> tuple[object, object] | None:
        hit = self._views.get(key)
        if hit is None or not (hit[0] is source or hit[0] == source):
            return None
        return hit[1], hit[2]

    def _put(self, key: tuple[object, ...], source: object, value: object, tokens: object) -> None:
        views = self._views
        if views.pop(key, None) is None and len(views) >= self.MAX:
            for old in list(islice(views, len(views) - self.MAX // 2)):
                del views[old]
        views[key] = (source, value, tokens)

    def latest(self, kind: str, key: object, compute: Callable[[], T]) -> T:
        """``compute()`` for ``key``, kept until ``key`` changes: one value per ``kind`` (e.g. what the tail's user
        messages say as standing instructions, asked again by every context until the tail moves)."""
        hit = self._get(("latest", kind), key)
        if hit is not None:
            value: T = hit[0]  # type: ignore[assignment]
            return value
        value = compute()
        self._put(("latest", kind), key, value, None)
        return value

    def of(self, kind: str, m: Message, compute: Callable[[], T]) -> T:
        """``compute()`` of message ``m``, kept per (kind, message): made once per message (checked against the
        whole message, as every view here)."""
        key = (kind, m.seq, m.role, len(m.text))
        hit = self._get(key, m)
        if hit is not None:
            value: T = hit[0]  # type: ignore[assignment]
            return value
        value = compute()
        self._put(key, m, value, None)
        return value

    def folded(
        self,
        kind: str,
        base: object,
        items: Sequence[S],
        start: Callable[[], T],
        step: Callable[[T, Sequence[S]], T],
    ) -> T:
        """``step(start(), items)``, kept per ``kind``: while ``base`` stays the same and ``items`` only grows at its
        end (the tail's user messages as turns are appended), only the new items are folded into the last value,
        so a request costs what its new messages cost, not what the whole tail does. ``step`` must be a left fold
        (``step(step(v, a), b) == step(v, a + b)``)."""
        hit = self._get(("folded", kind), base)
        if hit is not None:
            done: Sequence[S] = hit[1]  # type: ignore[assignment]
            n = len(done)
            if n <= len(items) and all(a is b or a == b for a, b in zip(done, items, strict=False)):
                value: T = hit[0]  # type: ignore[assignment]
                if n < len(items):
                    value = step(value, items[n:])
                    self._put(("folded", kind), base, value, tuple(items))
                return value
        value = step(start(), items)
        self._put(("folded", kind), base, value, tuple(items))
        return value

    def fitted(
        self, m: Message, cap: int, count: Callable[[Message], int], cost: int | None = None
    ) -> tuple[Message, int]:
        """:func:`fit_message` of ``m`` at ``cap`` and its token count, made once per (message, cap)."""
        key = ("fit", m.seq, m.role, m.tool_call_id, cap)
        hit = self._get(key, m)
        if hit is not None:
            return hit  # type: ignore[return-value]
        out = fit_message(m, cap, count, cost)
        tokens = count(out) if out is not m or cost is None else cost
        self._put(key, m, out, tokens)
        return out, tokens

    def floor(self, m: Message, count: Callable[[Message], int], cost: int) -> int:
        """The fewest tokens ``m`` can be shown in: its marker-only form, or itself when that is smaller."""
        return min(cost, self.fitted(m, 1, count, cost)[1])

    def digested(
        self,
        group: tuple[Message, ...],
        make: Callable[[tuple[Message, ...]], list[Message]],
        count: Callable[[Message], int],
    ) -> tuple[list[Message], list[int]]:
        """``make(group)`` (a group's digest form) and its counts, made once per group."""
        key = ("digest", *(m.seq for m in group))
        hit = self._get(key, group)
        if hit is not None:
            return list(hit[0]), list(hit[1])  # type: ignore[call-overload]
        out = make(group)
        costs = [count(m) for m in out]
        self._put(key, group, tuple(out), tuple(costs))
        return out, costs

    def keep_after(self, seq: int) -> None:
        """Drop the views of messages at or before ``seq`` (folded into the summary: never shown again)."""
        self._views = {k: v for k, v in self._views.items() if not isinstance(k[1], int) or k[1] > seq}


def command_of(call: ToolCall | None) -> str:
    """The command a tool call ran: its ``command``/``cmd`` argument, else the arguments themselves."""
    if call is None:
        return ""
    try:
        value = json.loads(call.arguments or "{}")
    except json.JSONDecodeError:
        return call.arguments
    if isinstance(value, dict):
        for key in ("command", "cmd", "code", "query", "path"):
            if isinstance(value.get(key), str):
                return str(value[key])
        return json.dumps(value, ensure_ascii=False)
    return str(value)


#: Of a long text, a digest reads this many characters of its head and as many of its tail: how a command ended
#: (exit code, test counts, failures, the last error) and the names it brings up are there, while the middle of a
#: build log repeats itself. A 2 MB output then costs what a 16 KB one does (it took ~300 ms a megabyte), and the
#: full output stays one ``recall`` away. The pinning rules, the summarizer and the grounding check read this view
#: of every tool output a compaction folds: at 8,000 (16,000 before) a megabyte-sized output costs a compaction
#: half as much, and ``benchmarks/agent_replay.py``'s support did not move.
SCAN_CHARS = 8_000


def scanned(text: str, chars: int = SCAN_CHARS) -> str:
    """``text`` itself when it is at most ``2 * chars`` long, else its head and tail of ``chars`` each, cut at line
    ends where one is near (so no line is read half), joined by a newline."""
    if len(text) <= 2 * chars:
        return text
    head, tail = text[:chars], text[len(text) - chars :]
    end = head.rfind("\n")
    start = tail.find("\n")
    head = head[:end] if end > chars // 2 else head
    tail = tail[start + 1 :] if 0 <= start < chars // 2 else tail
    return f"{head}\n{tail}"


def outcome(output: str) -> str:
    """How a command ended, from its output (its head and tail, :func:`scanned`): exit code, test counts and
    failures, or the last error line; then how many lines it has. Memoised in the operation's scope
    (:mod:`chatcompact.core.memo`): a compaction asks it of each output for the command's digest line and again for
    the failure check."""
    return memo("digest.outcome", output, lambda: _outcome(output))


_NON_SPACE = re.compile(r"\S")


def _line_count(text: str) -> int:
    """``text.strip().count("\n") + 1`` without the copy ``strip`` makes of a 2 MB output."""
    first = _NON_SPACE.search(text)
    if first is None:
        return 1
    end = len(text)
    while text[end - 1].isspace():  # stops at the last non-space character (there is one)
        end -= 1
        if len(text) - end > 4096:  # a long run of trailing blanks: let C find where it starts
            end = len(text.rstrip())
            break
    return text.count("\n", first.start(), end) + 1


def _outcome(output: str) -> str:
    parts = []
    view = scanned(output)
    rc = _RC.search(view)
    if rc:
        parts.append(f"exit {rc.group(1) or rc.group(2)}")
    body = _TAGS.sub("\n", view).strip()
    failed = list(dict.fromkeys(a or b for a, b in _FAILED.findall(body)))
    counts = [m.group(0) for m in _COUNTS.finditer(body)][-3:]
    if counts:
        parts.append(", ".join(dict.fromkeys(counts)))
    if failed:
        parts.append(f"{len(failed)} failed: " + ", ".join(failed[:3]) + (" …" if len(failed) > 3 else ""))
    else:
        err = _ERROR.findall(body) if _ERROR_HINT.search(body) else []
        if err:
            parts.append(err[-1].strip()[:160])
    # a long output's lines are counted without rewriting all of it (its tags are in the view, if anywhere)
    lines = (body.count("\n") + 1 if body else 0) if view is output else _line_count(output)
    parts.append(f"{lines} lines" if lines != 1 else (body[:100] or "no output"))
    return ", ".join(parts)


#: A tool output's digest names what it finds in this many characters of the output's head and of its tail (the
#: name regex costs ~0.4 ms a kilobyte, and an output's first names are in its head).
NAME_SCAN_CHARS = 8_000


def mentioned(output: str, limit: int = 8, chars: int | None = None) -> list[str]:
    """Paths and code names a text mentions (first seen first): what a later command may use. ``chars``: read only
    that many characters of a longer text's head and of its tail (:func:`scanned`); None reads it whole."""
    seen: dict[str, None] = {}
    tried: set[str] = set()
    # Every name is a run of word characters, dots, slashes and dashes, so the name pattern is run over each
    # distinct run once (same names, same order): a build log repeats its paths and symbols on every line, and
    # running the pattern over the text retried each alternative at every character (~0.4 ms a kilobyte).
    for run in _RUN.findall(_TAGS.sub(" ", output if chars is None else scanned(output, chars))):
        if run in tried or len(run) < 5:
            continue
        tried.add(run)
        if "/" not in run and "." not in run and "_" not in run and run.lower() == run:
            continue  # a plain word: no alternative of _NAME matches it (each needs one of these or a capital)
        for m in _NAME.finditer(run):
            name = m.group(0).strip(".")
            if len(name) >= 5 and name not in seen:
                seen[name] = None
                if len(seen) >= limit:
                    return list(seen)
    return list(seen)


def clip_names(text: str, max_chars: int, names: int = 40) -> tuple[str, list[str]]:
    """``text`` on one line cut to its first ``max_chars`` (at a word end), and the paths and code names of the cut
    part that the kept head does not show: what a later step may use again (a heredoc script's names)."""
    flat = " ".join(text.split())
    if len(flat) <= max_chars:
        return flat, []
    cut = flat.rfind(" ", 0, max_chars + 1)
    head = flat[: cut if cut > max_chars // 2 else max_chars]
    return head, [n for n in mentioned(flat[len(head) :], names) if n not in head]


def digest_line(call: ToolCall | None, result: Message, max_chars: int = 600) -> str:
    """One line for an old tool result: ``name: command -> outcome; mentions: a.py, foo_bar``."""
    full = " ".join(command_of(call).split())
    cmd = full if len(full) <= 160 else full[:120] + " … " + full[-30:]
    # names of a long command (a heredoc script) survive its clipping, then the output's first few
    names = [n for n in mentioned(full, 40) if n not in cmd] if cmd != full else []
    names += [n for n in mentioned(result.text, chars=NAME_SCAN_CHARS) if n not in cmd and n not in names]
    line = f"{call.name if call else 'tool'}: {cmd} -> {outcome(result.text)}"
    if names:
        line += "; mentions: " + ", ".join(names)
    return line[:max_chars]
