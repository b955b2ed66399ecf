"""What every LLM-backed summarizer shares, whatever the provider and whether sync or async.

:class:`LLMSummarizer` builds the prompt, owns the JSON schema of the delta, parses (and repairs)
the model's answer, keeps only provenance the request can vouch for, maps provider errors onto
:class:`~chatcompact.errors.SummarizerError` and accounts usage. A provider subclass only moves
bytes: ``_call(payload)`` and ``async _acall(payload)`` return ``(output, usage)``.

Summarizers never retry: the driver (:class:`chatcompact.runtime.background.Retry`) retries errors marked
``retryable`` with backoff, so a provider SDK must be built with its own retries disabled; a delta the core
refuses is asked for again by the engine (these summarizers are not ``deterministic``).

``timeout`` bounds the **whole** call, from the request to the last byte of the reply (an SDK's timeout only
bounds each read, so a server dripping a byte every few seconds would hold a call for minutes), and so does
the compaction's deadline (``SummaryRequest.deadline``): a call still running then is abandoned (its
connection closed) and fails as a retryable timeout.

What this module decides about a reply is only its shape: JSON, the delta's keys and types (a wrong type is a
refused reply, never read as "nothing"), text a store can keep (a lone surrogate becomes U+FFFD, counted as a
repair). Which items are supported (they cite folded messages, invent no identifier) and whether the delta is
empty is decided once for every summarizer, in :mod:`chatcompact.core.validate`.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import json_repair
from pydantic import ValidationError

from chatcompact.errors import InvalidArgument, InvalidSummary, SummarizerError
from chatcompact.protocols import SummaryRequest
from chatcompact.types import SECTIONS, Resolution, SummaryDelta, SummaryItem, Usage

from .prompts import DEFAULT_PROMPTS, Prompts

__all__ = [
    "DEFAULT_TIMEOUT",
    "DELTA_SCHEMA",
    "RETRYABLE_STATUS",
    "LLMSummarizer",
    "Payload",
    "parse_json",
    "repair_json",
]

T = TypeVar("T")

#: Seconds one provider call may take in all by default (request to last byte). Retry's 60 s deadline bounds
#: a compaction's attempts, pauses and calls in flight together: a hung provider fails a compaction within 60 s.
DEFAULT_TIMEOUT = 30.0
#: Characters of model output parsed at most; a longer reply is refused whole (its size is the problem).
MAX_OUTPUT_CHARS = 2_000_000

_ITEM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "text": {"type": "string"},
        "sources": {"type": "array", "items": {"type": "integer"}},
        "subject": {"type": "string"},
    },
    "required": ["text", "sources", "subject"],
    "additionalProperties": False,
}
_RESOLVE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"section": {"type": "string", "enum": ["open_questions", "todos"]}, "text": {"type": "string"}},
    "required": ["section", "text"],
    "additionalProperties": False,
}
# Strict-mode compatible (OpenAI structured outputs): every property required, no extra keys,
# no defaults or optional fields. Anthropic takes the same schema as a tool's input_schema.
DELTA_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        **{name: {"type": "array", "items": _ITEM_SCHEMA} for name in SECTIONS},
        "resolve": {"type": "array", "items": _RESOLVE_SCHEMA},
        "narrative": {"type": "string"},
        "standing": {"type": "array", "items": _ITEM_SCHEMA},
    },
    "required": [*SECTIONS, "resolve", "narrative", "standing"],
    "additionalProperties": False,
}

# HTTP statuses worth retrying: timeout, conflict/lock, rate limit; every 5xx (Anthropic's 529 included).
RETRYABLE_STATUS = frozenset({408, 409, 429})
# Transport failures named by class so this module needs no SDK import (openai, anthropic, httpx all use these).
_TRANSIENT_NAMES = frozenset(
    {"APITimeoutError", "APIConnectionError", "TimeoutException", "NetworkError", "TransportError", "ProtocolError"}
)


@dataclass(frozen=True)
class Payload:
    """One provider-neutral summarizer call: prompts, schema, caps and the ids the model may cite."""

    system: str
    user: str
    schema: Mapping[str, Any]
    max_output_tokens: int
    timeout: float
    allowed_ids: frozenset[int]


class _Unparseable(ValueError):
    """The model's output is not a JSON object, even after repair."""


class LLMSummarizer:
    """Base of the LLM summarizers: all logic but the transport (see the module docstring).

    ``timeout`` (seconds) and ``max_output_tokens`` cap every call. Subclasses set ``name`` and
    implement ``_call`` / ``_acall``.
    """

    name = "llm"
    deterministic = False  # a refused delta is asked for again within the compaction (the engine's ``retries``)

    def __init__(
        self,
        model: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        max_output_tokens: int = 800,
        prompts: Prompts = DEFAULT_PROMPTS,
    ) -> None:
        if not model:
            raise InvalidArgument("a model name is required")
        if timeout <= 0 or max_output_tokens <= 0:
            raise InvalidArgument("timeout and max_output_tokens must be positive")
        self.model = model
        self.timeout = float(timeout)
        self.max_output_tokens = int(max_output_tokens)
        self.prompts = prompts
        self._client_lock = threading.Lock()
        self._sync: Any = None
        self._async: tuple[asyncio.AbstractEventLoop, Any] | None = None

    # ---------------------------------------------------------------- SDK clients (lazy, shared logic)
    def _make_client(self, asynchronous: bool) -> Any:
        """The provider SDK's sync or async client; subclasses that use an SDK implement it."""
        raise NotImplementedError

    def _client(self) -> Any:
        with self._client_lock:
            if self._sync is None:
                self._sync = self._make_client(False)
            return self._sync

    def _aclient(self) -> Any:
        loop = asyncio.get_running_loop()
        with self._client_lock:
            # An async HTTP pool belongs to the loop that opened it; asyncio.run() makes a new loop each time.
            if self._async is None or self._async[0] is not loop:
                self._async = (loop, self._make_client(True))
            return self._async[1]

    def close(self) -> None:
        """Close the sync HTTP client (a new one is made if the summarizer is used again)."""
        self._drop_client()

    def _drop_client(self) -> None:
        """Close the sync HTTP client, and only it (a subclass's ``close`` may own more, e.g. a local server)."""
        with self._client_lock:
            client, self._sync = self._sync, None
        if client is not None:
            client.close()

    # ---------------------------------------------------------------- the Summarizer protocol
    def summarize(self, request: SummaryRequest) -> SummaryDelta:
        """Ask the model for a delta over ``request.messages``; raises SummarizerError on any failure."""
        if not request.messages:
            return SummaryDelta()
        payload = self.build_payload(request)
        limit = self._limit(request)
        start = time.perf_counter()
        try:
            output, usage = self._bounded(lambda: self._call(payload), limit)
        except SummarizerError:
            raise
        except Exception as exc:  # converted, never swallowed: the driver decides from `retryable`
            raise self.classify(exc) from exc
        return self.to_delta(output, payload, usage, time.perf_counter() - start)

    async def asummarize(self, request: SummaryRequest) -> SummaryDelta:
        """Async form of :meth:`summarize` (same prompt, parsing, bound and error mapping)."""
        if not request.messages:
            return SummaryDelta()
        payload = self.build_payload(request)
        limit = self._limit(request)
        start = time.perf_counter()
        try:
            async with asyncio.timeout(limit):  # cancels the request in flight: its connection is closed
                output, usage = await self._acall(payload)
        except TimeoutError as exc:
            raise self._late(limit) from exc
        except SummarizerError:
            raise
        except Exception as exc:  # converted, never swallowed: the driver decides from `retryable`
            raise self.classify(exc) from exc
        return self.to_delta(output, payload, usage, time.perf_counter() - start)

    # ---------------------------------------------------------------- the total bound of one call
    def _limit(self, request: SummaryRequest) -> float:
        """Seconds this call may take: ``timeout``, or less when the compaction's deadline comes sooner."""
        deadline = getattr(request, "deadline", None)
        limit = self.timeout if deadline is None else min(self.timeout, deadline - time.monotonic())
        if limit <= 0:
            raise SummarizerError(f"{self.name}: timeout: the compaction's deadline has passed", retryable=False)
        return limit

    def _late(self, limit: float) -> SummarizerError:
        return SummarizerError(
            f"{self.name}: timeout: no complete reply within {limit:.1f}s (the whole call is bounded)", retryable=True
        )

    def _bounded(self, call: Callable[[], T], limit: float) -> T:
        """``call()`` on a worker thread, waited for at most ``limit`` seconds. Past it the call is abandoned:
        the sync client is closed (a new one is made for the next call), which ends the stuck request at its
        next read, and a retryable timeout is raised. Other calls sharing that client fail as connection
        errors (retryable) and are asked again."""
        box: dict[str, Any] = {}
        done = threading.Event()

        def run() -> None:
            try:
                box["value"] = call()
            except BaseException as exc:  # handed to the caller's thread below
                box["error"] = exc
            finally:
                done.set()

        threading.Thread(target=run, name="chatcompact-summarizer-call", daemon=True).start()
        if not done.wait(limit):
            self._drop_client()
            raise self._late(limit)
        if "error" in box:
            raise box["error"]
        return cast(T, box["value"])

    # ---------------------------------------------------------------- transport (subclasses)
    def _call(self, payload: Payload) -> tuple[str | Mapping[str, Any], Usage]:
        """Send ``payload``; return the model's output (JSON text or an already-decoded object) and usage."""
        raise NotImplementedError

    async def _acall(self, payload: Payload) -> tuple[str | Mapping[str, Any], Usage]:
        """Async form of :meth:`_call`."""
        raise NotImplementedError

    # ---------------------------------------------------------------- shared logic
    def build_payload(self, request: SummaryRequest) -> Payload:
        """The prompts and caps for one call over ``request``."""
        return Payload(
            system=self.prompts.system + focus_instruction(getattr(request, "focus", None)),
            user=self.prompts.user_message(request.state, request.messages, request.kind),
            schema=DELTA_SCHEMA,
            max_output_tokens=self.max_output_tokens,
            timeout=self.timeout,
            allowed_ids=frozenset(m.seq for m in request.messages if m.seq is not None),
        )

    def to_delta(self, output: str | Mapping[str, Any], payload: Payload, usage: Usage, latency: float) -> SummaryDelta:
        """Parse the model's output into a delta with usage attached; SummarizerError(retryable) if unusable."""
        reading = _Reading()
        try:
            data, repaired = (output, False) if isinstance(output, Mapping) else parse_json(output)
            delta = reading.delta(data)
        except (_Unparseable, _BadShape, ValidationError, RecursionError) as exc:
            shown = output[:200] if isinstance(output, str) else repr(dict(output))[:200]
            raise InvalidSummary(f"{self.name}: unusable output ({exc}): {_safe(shown)!r}", (str(exc),)) from exc
        notes = [usage.mode or "text"]
        if repaired:
            notes.append("repaired")  # Usage has no field for these; they ride in `mode` so `inspect` shows them
        if reading.surrogates:
            notes.append(f"repaired_text={reading.surrogates}")
        usage = usage.model_copy(update={"model": self.model, "latency_s": round(latency, 4), "mode": ";".join(notes)})
        return delta.model_copy(update={"usage": usage})

    def classify(self, exc: BaseException) -> SummarizerError:
        """Map a provider/transport exception onto SummarizerError: rate limits, 5xx, timeouts and
        connection errors are retryable; 400/401/403/404 and other client errors are not."""
        if isinstance(exc, SummarizerError):
            return exc
        status = _status_of(exc)
        if status is not None:
            retryable = status in RETRYABLE_STATUS or status >= 500
            return SummarizerError(f"{self.name}: HTTP {status}: {_message_of(exc)}", retryable=retryable)
        names = {cls.__name__ for cls in type(exc).__mro__}
        if isinstance(exc, TimeoutError | ConnectionError) or names & _TRANSIENT_NAMES:
            kind = "timeout" if any("Timeout" in n for n in names) else "connection error"
            return SummarizerError(f"{self.name}: {kind}: {_message_of(exc)}", retryable=True)
        return SummarizerError(f"{self.name}: {type(exc).__name__}: {_message_of(exc)}", retryable=False)


# ---------------------------------------------------------------- errors


def _status_of(exc: BaseException) -> int | None:
    status = getattr(exc, "status_code", None)
    if status is None:
        status = getattr(getattr(exc, "response", None), "status_code", None)
    return status if isinstance(status, int) else None


def _message_of(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 300 else text[:299] + "…"


# ---------------------------------------------------------------- parse and repair

_FENCE = re.compile(r"```[a-zA-Z]*\s*\n?(.*?)(?:```|$)", re.S)


def parse_json(text: str) -> tuple[dict[str, Any], bool]:
    """The JSON object in ``text``, and whether it needed repair; raises ValueError if there is none."""
    if len(text) > MAX_OUTPUT_CHARS:
        raise _Unparseable(f"the reply holds {len(text)} characters, more than the bound of {MAX_OUTPUT_CHARS}")
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        value = repair_json(text)
        if not isinstance(value, dict):
            raise _Unparseable("no JSON object found") from None
        return value, True
    if not isinstance(value, dict):
        raise _Unparseable(f"expected a JSON object, got {type(value).__name__}")
    return value, False


def repair_json(text: str) -> Any:
    """Best effort at the JSON object in a model's reply, or None.

    Handles markdown fences, prose around the object, trailing commas and the like (the ``json-repair``
    library). Output cut off by the token cap keeps only whole items: it is cut back to the last point
    outside any item (an object inside an array) and outside any string, then closed, so a half-written
    item ("Agr") or a half-written narrative never lands as if the model had said it.
    """
    fence = _FENCE.search(text)
    if fence:
        text = fence.group(1)
    start = text.find("{")
    if start < 0:
        return None
    end, safe = _scan(text, start)
    body = text[start:end] if end is not None else text[start:safe]
    try:
        value = json_repair.loads(body, skip_json_loads=False)
    except Exception:  # the library may raise anything on garbage; garbage is simply "no object"
        return None
    return value if isinstance(value, dict) and value else None


def _scan(text: str, start: int) -> tuple[int | None, int]:
    """One linear pass from the ``{`` at ``start``: the index just past its closing brace (None if it never
    closes: the reply was cut off) and the last index where a cut leaves only whole items and strings."""
    stack: list[str] = []  # open brackets; an object directly inside an array is an item
    items = 0  # open items
    in_str = esc = False
    safe = start + 1
    for i in range(start, len(text)):
        ch = text[i]
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "{[":
            if ch == "{" and stack and stack[-1] == "[":
                items += 1
            stack.append(ch)
            if not items:
                safe = i + 1
        elif ch in "}]":
            if not stack:
                return i, safe
            opened = stack.pop()
            if opened == "{" and stack and stack[-1] == "[":
                items -= 1
            if not stack:
                return i + 1, safe
            if not items:
                safe = i + 1
        elif ch == "," and not items:
            safe = i
    return None, safe


# ---------------------------------------------------------------- from JSON to a delta

_ID = re.compile(r"^#?\s*(\d+)$")
_SURROGATE = re.compile("[\ud800-\udfff]")
_KEYS = frozenset({*SECTIONS, "resolve", "narrative", "add", "standing"})


def _safe(text: str) -> str:
    """``text`` with lone surrogates escaped (for error messages)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


class _BadShape(ValueError):
    """The model's JSON does not have the delta's shape (wrong types, no known key)."""


class _Reading:
    """The model's JSON read into a SummaryDelta: shape and types only (provenance is the core's to judge).

    A value of the wrong type (a number as an item, a list as its text, ``"sources": "none"``) makes the whole
    reply a _BadShape: read leniently it would land as a fact nobody stated, or as an item with no sources.
    Lone surrogates (a JSON ``\\ud800`` escape) become U+FFFD, counted in ``surrogates``.
    """

    def __init__(self) -> None:
        self.surrogates = 0

    def text(self, value: str) -> str:
        fixed, n = _SURROGATE.subn("\ufffd", value)
        self.surrogates += n
        return fixed.strip()

    def delta(self, data: Mapping[str, Any]) -> SummaryDelta:
        if not _KEYS & set(data):
            raise _BadShape(f"no delta key in the reply (got {_safe(repr(sorted(map(str, data))[:5]))})")
        nested = data.get("add")
        sections: Mapping[str, Any] = nested if isinstance(nested, dict) else data  # nested form, if a model uses it
        add: dict[str, tuple[SummaryItem, ...]] = {}
        for name in SECTIONS:
            raw_items = sections.get(name) or []
            if not isinstance(raw_items, list):
                raise _BadShape(f"{name}: expected a list of items, got {type(raw_items).__name__}")
            kept = [item for n, raw in enumerate(raw_items) if (item := self.item(raw, f"{name}[{n}]")) is not None]
            if kept:
                add[name] = tuple(kept)
        narrative = data.get("narrative")
        if narrative is not None and not isinstance(narrative, str):
            raise _BadShape(f"narrative: expected a string, got {type(narrative).__name__}")
        resolve = self.resolutions(data.get("resolve"))
        raw_standing = data.get("standing", sections.get("standing")) or []
        if not isinstance(raw_standing, list):
            raise _BadShape(f"standing: expected a list of items, got {type(raw_standing).__name__}")
        standing = tuple(
            item for n, raw in enumerate(raw_standing) if (item := self.item(raw, f"standing[{n}]")) is not None
        )
        return SummaryDelta(add=add, resolve=resolve, narrative=self.text(narrative or "") or None, standing=standing)

    def item(self, raw: Any, where: str) -> SummaryItem | None:
        """One item (None if its text is empty), its sources as cited (the core keeps only the span's)."""
        if isinstance(raw, str):
            raw = {"text": raw}
        if not isinstance(raw, dict):
            raise _BadShape(f"{where}: expected an item object, got {type(raw).__name__}")
        text, subject = raw.get("text"), raw.get("subject")
        for key, value in (("text", text), ("subject", subject)):
            if value is not None and not isinstance(value, str):
                raise _BadShape(f"{where}.{key}: expected a string, got {type(value).__name__}")
        text = self.text(text or "")
        if not text:
            return None
        sources = tuple(dict.fromkeys(_ids(raw.get("sources"), where)))
        return SummaryItem(text=text, sources=sources, subject=self.text(subject or "") or None)

    def resolutions(self, raw: Any) -> tuple[Resolution, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            raise _BadShape(f"resolve: expected a list, got {type(raw).__name__}")
        out = []
        for n, one in enumerate(raw):
            if not isinstance(one, dict):
                raise _BadShape(f"resolve[{n}]: expected an object, got {type(one).__name__}")
            if one.get("section") not in ("open_questions", "todos"):
                continue  # a resolution of a section that has none resolves nothing
            text = one.get("text")
            if not isinstance(text, str):
                raise _BadShape(f"resolve[{n}].text: expected a string, got {type(text).__name__}")
            if self.text(text):
                out.append(Resolution(section=one["section"], text=self.text(text)))
        return tuple(out)


def _ids(raw: Any, where: str = "item") -> list[int]:
    """Sources as ints; lenient about the forms non-strict modes send ("#12", "12", 12.0, a bare int), strict
    about the type: anything else ("none", an object, 1.5) is a _BadShape, never read as "no sources"."""
    if raw is None:
        return []
    values = raw if isinstance(raw, list) else [raw]
    out = []
    for v in values:
        if isinstance(v, int) and not isinstance(v, bool):
            out.append(v)
        elif isinstance(v, float) and v.is_integer():
            out.append(int(v))
        elif isinstance(v, str) and (m := _ID.match(v.strip())):
            out.append(int(m.group(1)))
        else:
            raise _BadShape(f"{where}.sources: expected message ids (integers), got {_safe(repr(v))[:40]}")
    return out


FOCUS_MAX_CHARS = 300


def focus_instruction(focus: str | None) -> str:
    """The application's focus (``thread.compact(focus=...)``) as a line of the system prompt: an instruction
    from the app, never conversation text (which only ever reaches the model inside the data block). One line,
    clipped, so it cannot restructure the prompt."""
    if not focus or not focus.strip():
        return ""
    line = " ".join(focus.split())[:FOCUS_MAX_CHARS]
    return f"\n\nThe application asks this summary to keep, above everything else: {line}"
