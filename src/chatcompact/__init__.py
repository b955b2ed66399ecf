"""chatcompact: keep any LLM conversation inside a fixed context budget, forever.

Older turns fold into a running structured summary; every turn stays verbatim in the store;
``context(budget=...)`` always fits the budget. Start with :meth:`Memory.open`.
"""

from .async_memory import AsyncMemory, AsyncThread
from .config import Policy, Settings
from .errors import (
    BudgetTooSmall,
    ChatcompactError,
    ConfigError,
    InvalidMessage,
    InvalidSequence,
    MissingDependency,
    NodeNotFound,
    StoreError,
    SummarizerError,
    ThreadNotFound,
    VersionConflict,
    VersionNotFound,
)
from .memory import Memory, Thread
from .oneshot import compact, compaction_ratio
from .protocols import Embedder, Store, Summarizer, SummaryRequest, Tokenizer
from .types import (
    ArchiveHit,
    CompactionRatio,
    MergeReport,
    Message,
    PinnedItem,
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

__version__ = "0.1.0"

__all__ = [
    "ArchiveHit",
    "AsyncMemory",
    "AsyncThread",
    "BudgetTooSmall",
    "ChatcompactError",
    "CompactionRatio",
    "ConfigError",
    "Embedder",
    "InvalidMessage",
    "InvalidSequence",
    "Memory",
    "MergeReport",
    "Message",
    "MissingDependency",
    "NodeNotFound",
    "PinnedItem",
    "Policy",
    "Settings",
    "Store",
    "StoreError",
    "Summarizer",
    "SummarizerError",
    "SummaryDelta",
    "SummaryItem",
    "SummaryNode",
    "SummaryRequest",
    "SummaryState",
    "SummaryVersion",
    "Thread",
    "ThreadInfo",
    "ThreadNotFound",
    "Tokenizer",
    "ToolCall",
    "Usage",
    "VersionConflict",
    "VersionNotFound",
    "WorkLog",
    "compact",
    "compaction_ratio",
]
