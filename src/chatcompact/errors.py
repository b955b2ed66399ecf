"""The one error tree of chatcompact.

Every error the library raises on purpose derives from :class:`ChatcompactError`,
so callers (and the CLI and HTTP layers) can catch one base::

    ChatcompactError
    ├── InvalidArgument       a bad argument to a public function (``k=0``, ``mode="x"``); also a ValueError
    │   ├── InvalidBudget     a budget that is not an int >= 1 (0, negative, bool, float, ``"1500"``)
    │   └── InvalidType       an argument of the wrong type; also a TypeError
    ├── InvalidMessage        a message given to ``add``/``compact`` is malformed (names the field)
    ├── InvalidSequence       a well-formed message that cannot follow the thread's last one
    ├── BudgetTooSmall        even the system prompt plus the latest user turn exceed the budget
    ├── ConfigError           a bad Policy value, store URL or backend spec; also a ValueError
    │   └── SummarizerUnavailable  the summarizer cannot work (no API key, unreachable URL), found at open
    ├── MissingDependency     an optional extra is not installed (carries the install hint); also an ImportError
    ├── StoreError            the store failed or holds something unexpected
    │   ├── ThreadNotFound    a read of a thread that does not exist
    │   ├── VersionNotFound   a summary version the thread does not have (e.g. ``revert(99)``)
    │   ├── NodeNotFound      a hierarchy node id the thread does not have (``expand``)
    │   └── VersionConflict   an optimistic commit lost the race (someone committed first)
    └── SummarizerError       a summarizer failed or returned an invalid delta; state is unchanged
        └── InvalidSummary    the delta failed validation (schema, provenance, size bounds); nothing committed

The mixins (``ValueError``, ``TypeError``, ``KeyError``, ``ImportError``) keep ``except ValueError`` code working;
catch :class:`ChatcompactError` to handle every deliberate failure in one place.
"""

from __future__ import annotations


class ChatcompactError(Exception):
    """Base of every error raised on purpose by chatcompact."""


class InvalidArgument(ChatcompactError, ValueError):
    """A public function got an argument it cannot use; the message names the argument and the value."""


class InvalidBudget(InvalidArgument):
    """A token budget that is not a positive int (see :func:`chatcompact.config.check_budget`)."""


class InvalidType(InvalidArgument, TypeError):
    """An argument of the wrong type (e.g. ``embed("text")`` instead of ``embed(["text"])``)."""


class InvalidMessage(ChatcompactError, ValueError):
    """A message is malformed; ``field`` names the offending field (dotted path)."""

    def __init__(self, field: str, problem: str, index: int | None = None) -> None:
        self.field = field
        self.problem = problem
        self.index = index
        where = f"message[{index}]." if index is not None else "message."
        super().__init__(f"{where}{field}: {problem}")


class InvalidSequence(ChatcompactError, ValueError):
    """A valid message that cannot follow what the thread already holds (e.g. an orphan tool result)."""


class BudgetTooSmall(ChatcompactError, ValueError):
    """The budget cannot hold the system prompt and the latest user turn; ``minimum`` is what it would take."""

    def __init__(self, budget: int, minimum: int) -> None:
        self.budget = budget
        self.minimum = minimum
        super().__init__(
            f"budget of {budget} tokens is too small: the system prompt and the latest "
            f"user turn alone need {minimum} tokens"
        )


class ConfigError(ChatcompactError, ValueError):
    """A configuration value (Policy field, store URL, backend spec) is invalid."""


class SummarizerUnavailable(ConfigError):
    """The configured summarizer cannot work here (no API key, a base URL that does not parse or answer).

    Raised when the memory is opened, before any message is taken, instead of failing every compaction later.
    """


class MissingDependency(ChatcompactError, ImportError):
    """An optional dependency is missing; the message says which extra to install."""

    def __init__(self, package: str, extra: str) -> None:
        self.package = package
        self.extra = extra
        super().__init__(f"{package} is not installed: pip install 'chatcompact[{extra}]'")


class StoreError(ChatcompactError):
    """The store failed or returned data that does not fit the schema."""


class ThreadNotFound(StoreError, KeyError):
    """The thread id does not exist in the store."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "thread not found"


class VersionNotFound(StoreError, KeyError):
    """The thread has no summary version with this number."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "summary version not found"


class NodeNotFound(StoreError, KeyError):
    """The thread's hierarchy has no node with this id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "hierarchy node not found"


class VersionConflict(StoreError):
    """An optimistic summary commit found a different parent version than it expected."""


class SummarizerError(ChatcompactError):
    """A summarizer failed or produced an unusable delta; the committed summary is unchanged.

    ``retryable`` marks transient failures (rate limits, 5xx, timeouts, unparseable output).
    """

    def __init__(self, message: str, *, retryable: bool = False) -> None:
        self.retryable = retryable
        super().__init__(message)


class InvalidSummary(SummarizerError):
    """A summarizer's delta failed validation against the schema or the span it folds (nothing was committed).

    ``problems`` lists what was wrong. Retryable: a model asked again usually answers well.
    """

    def __init__(self, message: str, problems: tuple[str, ...] = (), *, retryable: bool = True) -> None:
        self.problems = tuple(problems)
        super().__init__(message, retryable=retryable)
