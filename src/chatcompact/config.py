"""Frozen :class:`Policy` (what compaction does) and :class:`Settings` (where things live).

Token thresholds are fractions of the thread's budget, so one Policy serves a 2k and a 128k
model alike: compaction starts when the unsummarised tail passes ``high_water * budget`` and
folds the oldest turns until the tail is under ``low_water * budget`` (batches, not every turn).
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType

from .errors import ConfigError, InvalidBudget

#: How much a named speaker's turns are lifted in recall (``core.speakers.speaker_boost``), as a share of the
#: best fused score; chosen on the LoCoMo dev set (``benchmarks/locomo_recall.py``), where 0.4-0.6 land within
#: half a point of each other.
DEFAULT_SPEAKER_BOOST = 0.4

DEFAULT_CAPS: Mapping[str, int] = MappingProxyType(
    {"decisions": 15, "user_facts": 20, "todos": 10, "open_questions": 10, "identifiers": 40, "topics": 12}
)


def check_budget(budget: object, name: str = "budget") -> int:
    """``budget`` itself if it is a token budget (an int >= 1, not a bool); InvalidBudget naming it otherwise.

    Every public entry point that takes a budget calls this, so ``0``, ``-5``, ``True``, ``1500.0`` and ``"1500"``
    fail the same clear way everywhere instead of meaning something (``budget or default`` made 0 the default).
    """
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise InvalidBudget(f"{name} must be an int number of tokens, got {type(budget).__name__} {budget!r}")
    if budget < 1:
        raise InvalidBudget(f"{name} must be >= 1 token, got {budget}")
    return budget


@dataclass(frozen=True)
class Policy:
    """How a thread is compacted and how its context is assembled."""

    budget: int = 4000  # default context budget and trigger budget of a thread opened without its own
    auto: bool = True  # False: no automatic compaction (thread.compact() and the compact tool still work)
    # Measured on a 600-turn LoCoMo replay at budget 2000 (benchmarks/background.py): 0.8/0.1 folds
    # ~40 turns per summarizer call (2.5 calls per 100 turns) and sends ~9% of the full history.
    high_water: float = 0.8  # compact when the unsummarised tail exceeds this share of the budget
    low_water: float = 0.1  # ... down to this share (the recent window kept verbatim)
    max_tail_messages: int = 80  # message-count trigger (0 disables)
    min_recent_messages: int = 2  # never fold the last N messages, whatever their size
    summary_share: float = 0.15  # share of the budget the rendered summary may use (a cap, not a target)
    pinned_share: float = 0.05  # share for verbatim pinned spans (code, JSON, identifiers)
    section_caps: Mapping[str, int] = field(default_factory=lambda: DEFAULT_CAPS)
    item_max_chars: int = 240
    # All items together, in characters; the lightest go first past it (still in the log). None: about twice
    # what the context shows of the summary at this budget (8 chars x summary_share x budget), so the state
    # stops growing once it holds more than can be sent.
    summary_max_chars: int | None = None
    narrative_max_chars: int = 600
    max_pinned: int = 24
    pinned_max_chars: int = 1200
    topic_shift: bool = False  # also compact when the user starts a new topic (needs an embedder)
    # context(query=...) quotes recalled turns verbatim: "query" for every query, "detail" only when the query
    # asks for exact wording or names what the shown summary lacks, "off" never
    recall_quotes: str = "query"
    recall_k: int = 8  # at most this many recalled turns quoted (fewer when the recall share is full)
    recall_share: float = 0.3  # share of the budget those quotes may use
    # with a query, the room the recent window and the rest leave unused is filled with up to this many
    # further recalled turns (next best after the first recall_k); 0: never fill. Takes nothing from the window.
    recall_fill_k: int = 24
    # Hierarchical summaries (off by default: the running summary alone serves most threads). On: every
    # compaction also stores a level-0 node of its span, roll-ups build one node per ~100 and ~1,000 messages
    # in the background, and context(query=...) gives part of the summary's room to the nodes about the query.
    hierarchy: bool = False
    rollup_messages: tuple[int, ...] = (100, 1000)  # messages under one node of level 1, 2, ...
    rollup_input_tokens: int = 3000  # the most tokens of rendered children one roll-up call reads
    detail_share: float = 0.4  # share of the summary's room for the query's finer nodes (when any match)
    # Thread.recall's default lift for the turns of a participant the query names (0: off; see archive.recall)
    recall_speaker_weight: float = DEFAULT_SPEAKER_BOOST
    # The largest USER message add() accepts, in characters (InvalidMessage past it): a person did not type 1M
    # characters (~250k tokens, more than any model's window); an app that takes pasted files raises it. Tool
    # results, assistant turns and system notes have no limit: an agent loop never stops on a tool's output. They
    # are stored in full and shown head + tail (core.fitting); a user turn larger than the budget is shown so too.
    max_message_chars: int = 1_000_000
    # Agent loops (core.worklog, core.digest, core.instructions): shares of the budget for the user's standing
    # instructions (shown first), the task as given (verbatim) and the work log; the most one tool result may
    # take before it is shown trimmed (head and tail, the rest one recall away); tool_digests: show old tool
    # results that do not fit verbatim as one-line digests (call kept) before eliding any
    instructions_share: float = 0.1
    task_share: float = 0.2
    worklog_share: float = 0.3
    tool_result_share: float = 0.25
    tool_digests: bool = True
    # While an agent loop works on a task (core.window.agent_at_work): its newest tool-call groups shown verbatim
    # take at most agent_window_share of the budget, older ones are shown as digests (the call kept, the names of
    # what was cut listed) beside the work log, so a request need not fill the budget with old raw output (fewer
    # tokens, lower latency and cost; 1.0: verbatim as far as the budget goes); the prose summary and the pinned
    # spans together take at most agent_summary_share (the work log is the loop's record)
    agent_window_share: float = 0.2
    agent_summary_share: float = 0.05
    # Recall's maximal-marginal-relevance trade-off (core.mmr): 1.0 keeps the fused order (near-identical texts
    # still collapse to one); lower values trade relevance for variety among the quoted turns
    recall_mmr: float = 1.0
    # How recall fuses full text and vectors: "adaptive" trusts the full-text arm per query (among long messages,
    # only as far as its hits are also close in meaning: core.fusion.keyword_trust; a hit far ahead of the rest is
    # lifted alone: core.fusion.singled_out); "fixed" always fuses alike
    recall_fusion: str = "adaptive"

    def __post_init__(self) -> None:
        _check_types(self)
        if self.budget < 64:
            raise ConfigError(f"Policy.budget must be >= 64 tokens, got {self.budget}")
        if not 0 < self.low_water < self.high_water <= 1:
            raise ConfigError(
                f"Policy needs 0 < low_water < high_water <= 1, got low_water={self.low_water}, "
                f"high_water={self.high_water}"
            )
        for name in (
            "summary_share",
            "pinned_share",
            "recall_share",
            "instructions_share",
            "task_share",
            "worklog_share",
            "agent_summary_share",
        ):
            v = getattr(self, name)
            if not 0 <= v < 1:
                raise ConfigError(f"Policy.{name} must be in [0, 1), got {v}")
        if self.summary_share + self.pinned_share + self.low_water > 1:
            raise ConfigError("Policy: summary_share + pinned_share + low_water must not exceed 1")
        for name in ("max_tail_messages", "min_recent_messages", "max_pinned", "recall_k", "recall_fill_k"):
            if getattr(self, name) < 0:
                raise ConfigError(f"Policy.{name} must be >= 0, got {getattr(self, name)}")
        if self.recall_quotes not in ("query", "detail", "off"):
            raise ConfigError(f"Policy.recall_quotes must be 'query', 'detail' or 'off', got {self.recall_quotes!r}")
        sizes = tuple(self.rollup_messages)
        if (
            not sizes
            or any(isinstance(n, bool) or not isinstance(n, int) or n < 2 for n in sizes)
            or list(sizes) != sorted(set(sizes))
        ):
            raise ConfigError(f"Policy.rollup_messages must be increasing ints >= 2, got {self.rollup_messages!r}")
        object.__setattr__(self, "rollup_messages", sizes)
        if self.rollup_input_tokens < 200:
            raise ConfigError(f"Policy.rollup_input_tokens must be >= 200, got {self.rollup_input_tokens}")
        if not 0 < self.agent_window_share <= 1:
            raise ConfigError(f"Policy.agent_window_share must be in (0, 1], got {self.agent_window_share}")
        if not 0 < self.tool_result_share <= 1:
            raise ConfigError(f"Policy.tool_result_share must be in (0, 1], got {self.tool_result_share}")
        if self.recall_fusion not in ("adaptive", "fixed"):
            raise ConfigError(f"Policy.recall_fusion must be 'adaptive' or 'fixed', got {self.recall_fusion!r}")
        if not 0 <= self.recall_mmr <= 1:
            raise ConfigError(f"Policy.recall_mmr must be in [0, 1], got {self.recall_mmr}")
        if not 0 <= self.detail_share < 1:
            raise ConfigError(f"Policy.detail_share must be in [0, 1), got {self.detail_share}")
        if not (0 <= self.recall_speaker_weight < math.inf):  # also rejects NaN
            raise ConfigError(
                f"Policy.recall_speaker_weight must be a finite number >= 0, got {self.recall_speaker_weight}"
            )
        if self.summary_max_chars is None:
            object.__setattr__(self, "summary_max_chars", max(int(8 * self.summary_share * self.budget), 1))
        for name in ("item_max_chars", "narrative_max_chars", "pinned_max_chars", "max_message_chars"):
            if getattr(self, name) < 1:
                raise ConfigError(f"Policy.{name} must be a positive int, got {getattr(self, name)!r}")
        if not isinstance(self.summary_max_chars, int) or self.summary_max_chars < 1:
            raise ConfigError(f"Policy.summary_max_chars must be a positive int, got {self.summary_max_chars!r}")
        bad = {k: v for k, v in self.section_caps.items() if isinstance(v, bool) or not isinstance(v, int) or v < 1}
        if bad:
            raise ConfigError(f"Policy.section_caps values must be positive ints, got {bad}")
        object.__setattr__(self, "section_caps", MappingProxyType({**DEFAULT_CAPS, **self.section_caps}))


_INTS = (
    "budget",
    "max_tail_messages",
    "min_recent_messages",
    "item_max_chars",
    "narrative_max_chars",
    "max_pinned",
    "pinned_max_chars",
    "recall_k",
    "recall_fill_k",
    "rollup_input_tokens",
    "max_message_chars",
)
_FLOATS = (
    "high_water",
    "low_water",
    "summary_share",
    "pinned_share",
    "recall_share",
    "detail_share",
    "recall_speaker_weight",
    "recall_mmr",
    "agent_window_share",
    "agent_summary_share",
)


def _check_types(policy: Policy) -> None:
    """Every Policy field has the type it says (1.5 messages, "80" or True tokens are mistakes), numbers finite."""
    for name in _INTS:
        v = getattr(policy, name)
        if isinstance(v, bool) or not isinstance(v, int):
            raise ConfigError(f"Policy.{name} must be an int, got {v!r}")
    for name in _FLOATS:
        v = getattr(policy, name)
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
            raise ConfigError(f"Policy.{name} must be a finite number, got {v!r}")
    for name in ("topic_shift", "hierarchy"):
        if not isinstance(getattr(policy, name), bool):
            raise ConfigError(f"Policy.{name} must be True or False, got {getattr(policy, name)!r}")
    if isinstance(policy.summary_max_chars, bool):
        raise ConfigError(f"Policy.summary_max_chars must be an int or None, got {policy.summary_max_chars!r}")
    if not isinstance(policy.section_caps, Mapping):
        raise ConfigError(f"Policy.section_caps must be a mapping of section to int, got {policy.section_caps!r}")
    unknown = sorted(str(k) for k in policy.section_caps if k not in DEFAULT_CAPS)
    if unknown:
        raise ConfigError(f"Policy.section_caps has unknown sections {unknown}; known: {sorted(DEFAULT_CAPS)}")
    if isinstance(policy.rollup_messages, str | bytes) or not isinstance(policy.rollup_messages, tuple | list):
        raise ConfigError(f"Policy.rollup_messages must be a tuple of ints, got {policy.rollup_messages!r}")
    if not isinstance(policy.recall_quotes, str):
        raise ConfigError(f"Policy.recall_quotes must be a string, got {policy.recall_quotes!r}")


@dataclass(frozen=True)
class Settings:
    """Where things live and which backends to use; read from ``CHATCOMPACT_*`` environment variables."""

    store: str = "sqlite:///.chatcompact/memory.db"
    summarizer: str = "extractive"
    embedder: str = "local"  # bundled sentence-embedding model; "none" for full-text recall only
    model: str = "gpt-4o"  # picks the tokenizer
    synchronous: str = "FULL"  # SQLite durability: FULL survives power loss, NORMAL only process crashes

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        values = {
            f.name: env[f"CHATCOMPACT_{f.name.upper()}"] for f in fields(cls) if f"CHATCOMPACT_{f.name.upper()}" in env
        }
        return cls(**values)
