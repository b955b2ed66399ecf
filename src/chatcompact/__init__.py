"""chatcompact: keep any LLM conversation inside a fixed context budget, forever.

Older turns fold into a running structured summary; every turn stays verbatim in the store;
``context(budget=...)`` always fits the budget. Start with :meth:`Memory.open`.

Names are loaded on first use (module ``__getattr__``), so ``import chatcompact`` and the CLI's ``--help``
cost next to nothing; ``from chatcompact import Memory`` imports what a memory needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .errors import (
    BudgetTooSmall,
    ChatcompactError,
    ConfigError,
    InvalidArgument,
    InvalidBudget,
    InvalidMessage,
    InvalidSequence,
    InvalidSummary,
    InvalidType,
    MissingDependency,
    NodeNotFound,
    StoreError,
    SummarizerError,
    SummarizerUnavailable,
    ThreadNotFound,
    VersionConflict,
    VersionNotFound,
)

__version__ = "0.1.0"  # the one version source (pyproject.toml reads it: [tool.hatch.version])

# public name -> the module that defines it (imported on first access)
_LAZY: dict[str, str] = {
    **dict.fromkeys(["AsyncMemory", "AsyncThread"], ".runtime.async_memory"),
    **dict.fromkeys(["Policy", "Settings"], ".config"),
    "Memory": ".runtime.memory",
    "Thread": ".runtime.thread",
    **dict.fromkeys(["compact", "compaction_ratio"], ".runtime.oneshot"),
    **dict.fromkeys(
        [
            "DeferredIndexing",
            "Embedder",
            "ForgetStore",
            "FullStore",
            "JobLease",
            "JobStore",
            "NodeStore",
            "PassageStore",
            "PassageVectorStore",
            "RankedSearch",
            "SearchFilter",
            "Store",
            "Summarizer",
            "SummaryRequest",
            "TextHit",
            "Tokenizer",
            "VectorStore",
        ],
        ".protocols",
    ),
    **dict.fromkeys(
        [
            "ArchiveHit",
            "CompactionRatio",
            "Event",
            "MergeReport",
            "Message",
            "PinnedItem",
            "Resolution",
            "SummaryDelta",
            "SummaryItem",
            "SummaryNode",
            "SummaryState",
            "SummaryVersion",
            "ThreadInfo",
            "ToolCall",
            "Usage",
            "WorkLog",
        ],
        ".types",
    ),
    "Assembled": ".core.assemble",
    **dict.fromkeys(["CompactionEvent", "ContextUsage"], ".core.engine"),
    "Rule": ".core.preserve",
    **dict.fromkeys(["JobScheduler", "Retry"], ".runtime.background"),
    "TurnContext": ".runtime.turns",
    "Worker": ".runtime.worker",
    **dict.fromkeys(["InMemoryStore", "SQLiteStore"], ".stores"),
    "PostgresStore": ".stores.postgres",  # psycopg is only needed to construct one (chatcompact[postgres])
}

if TYPE_CHECKING:
    from .config import Policy, Settings
    from .core.assemble import Assembled
    from .core.engine import CompactionEvent, ContextUsage
    from .core.preserve import Rule
    from .protocols import (
        DeferredIndexing,
        Embedder,
        ForgetStore,
        FullStore,
        JobLease,
        JobStore,
        NodeStore,
        PassageStore,
        PassageVectorStore,
        RankedSearch,
        SearchFilter,
        Store,
        Summarizer,
        SummaryRequest,
        TextHit,
        Tokenizer,
        VectorStore,
    )
    from .runtime.async_memory import AsyncMemory, AsyncThread
    from .runtime.background import JobScheduler, Retry
    from .runtime.memory import Memory
    from .runtime.oneshot import compact, compaction_ratio
    from .runtime.thread import Thread
    from .runtime.turns import TurnContext
    from .runtime.worker import Worker
    from .stores import InMemoryStore, SQLiteStore
    from .stores.postgres import PostgresStore
    from .types import (
        ArchiveHit,
        CompactionRatio,
        Event,
        MergeReport,
        Message,
        PinnedItem,
        Resolution,
        SummaryDelta,
        SummaryItem,
        SummaryNode,
        SummaryState,
        SummaryVersion,
        ThreadInfo,
        ToolCall,
        Usage,
        WorkLog,
    )


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'chatcompact' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "ArchiveHit",
    "Assembled",
    "AsyncMemory",
    "AsyncThread",
    "BudgetTooSmall",
    "ChatcompactError",
    "CompactionEvent",
    "CompactionRatio",
    "ConfigError",
    "ContextUsage",
    "DeferredIndexing",
    "Embedder",
    "Event",
    "ForgetStore",
    "FullStore",
    "InMemoryStore",
    "InvalidArgument",
    "InvalidBudget",
    "InvalidMessage",
    "InvalidSequence",
    "InvalidSummary",
    "InvalidType",
    "JobLease",
    "JobScheduler",
    "JobStore",
    "Memory",
    "MergeReport",
    "Message",
    "MissingDependency",
    "NodeNotFound",
    "NodeStore",
    "PassageStore",
    "PassageVectorStore",
    "PinnedItem",
    "Policy",
    "PostgresStore",
    "RankedSearch",
    "Resolution",
    "Retry",
    "Rule",
    "SQLiteStore",
    "SearchFilter",
    "Settings",
    "Store",
    "StoreError",
    "Summarizer",
    "SummarizerError",
    "SummarizerUnavailable",
    "SummaryDelta",
    "SummaryItem",
    "SummaryNode",
    "SummaryRequest",
    "SummaryState",
    "SummaryVersion",
    "TextHit",
    "Thread",
    "ThreadInfo",
    "ThreadNotFound",
    "Tokenizer",
    "ToolCall",
    "TurnContext",
    "Usage",
    "VectorStore",
    "VersionConflict",
    "VersionNotFound",
    "WorkLog",
    "Worker",
    "compact",
    "compaction_ratio",
]
