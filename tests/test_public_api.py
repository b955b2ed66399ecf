"""The curated public API: every public name importable, listed in a sorted ``__all__``, documented; every
public class of the public modules either exported or deliberately internal (httpx's test_exported_members)."""

from __future__ import annotations

import importlib
import inspect

import pytest

import chatcompact

# the modules a user imports from; their public classes are exported from `chatcompact` or listed below
PUBLIC_MODULES = [
    "chatcompact.errors",
    "chatcompact.config",
    "chatcompact.types",
    "chatcompact.protocols",
    "chatcompact.runtime.memory",
    "chatcompact.runtime.thread",
    "chatcompact.runtime.async_memory",
    "chatcompact.runtime.oneshot",
    "chatcompact.runtime.worker",
    "chatcompact.runtime.background",
    "chatcompact.stores",
    "chatcompact.stores.sqlite",
    "chatcompact.stores.memory",
    "chatcompact.stores.postgres",
    "chatcompact.core.assemble",
    "chatcompact.core.preserve",
]
# public-looking classes that are deliberately not exported from `chatcompact` (reachable from their module)
INTERNAL = {
    "chatcompact.runtime.memory.Failure",  # a failed compaction's record inside a Thread
    "chatcompact.runtime.background.Scheduler",  # the drivers' plumbing: Memory builds them from `background=`
    "chatcompact.runtime.background.Lanes",
    "chatcompact.runtime.background.StoreQueue",
    "chatcompact.runtime.background.AsyncScheduler",
    "chatcompact.runtime.background.Foreground",  # Memory.foreground: the hot calls background flows give way to
    "chatcompact.runtime.background.Debounce",  # the schedulers' due times (pure, written once for both)
    "chatcompact.runtime.thread.Host",  # what a Thread needs of its Memory (a protocol the Memory meets)
    "chatcompact.stores.memory.JobTable",  # InMemoryStore's job queue
    "chatcompact.core.assemble.Line",  # one rendered summary line inside assembly
    "chatcompact.core.assemble.ContextInput",
    "chatcompact.core.preserve.IdentifierSpan",  # what a Rule finds; Rule itself is exported
}


def test_all_is_sorted_importable_and_documented():
    assert chatcompact.__all__ == sorted(chatcompact.__all__)
    assert len(set(chatcompact.__all__)) == len(chatcompact.__all__)
    for name in chatcompact.__all__:
        assert getattr(chatcompact, name).__doc__, f"{name} has no docstring"
    ns: dict[str, object] = {}
    exec("from chatcompact import *", ns)
    assert set(chatcompact.__all__) <= set(ns)


def test_unknown_names_are_attribute_errors():
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        chatcompact.Nope  # noqa: B018
    assert set(chatcompact.__all__) <= set(dir(chatcompact))


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_exported_members(module_name):
    module = importlib.import_module(module_name)
    exported = {getattr(chatcompact, n) for n in chatcompact.__all__}
    for name, member in vars(module).items():
        if name.startswith("_") or not inspect.isclass(member) or member.__module__ != module.__name__:
            continue
        qualified = f"{module_name}.{name}"
        assert member in exported or qualified in INTERNAL, f"{qualified}: export it or make it private"
        assert not (member in exported and qualified in INTERNAL), f"{qualified} is exported and internal"


@pytest.mark.parametrize(
    "name",
    ["Retry", "Assembled", "Rule", "SearchFilter", "Worker", "InvalidSummary", "ContextUsage", "CompactionEvent"],
)
def test_decided_names_are_exported(name):
    assert name in chatcompact.__all__


def test_stores_are_exported_and_satisfy_their_capabilities(tmp_path):
    from chatcompact import FullStore, InMemoryStore, JobStore, NodeStore, SQLiteStore, Store, VectorStore

    for store in (InMemoryStore(), SQLiteStore(str(tmp_path / "s.db"))):
        try:
            for proto in (Store, NodeStore, VectorStore, JobStore, FullStore):
                assert isinstance(store, proto), (store, proto)
        finally:
            store.close()
    assert not isinstance(object(), Store)


def test_py_typed_ships_and_the_version_has_one_source():
    import importlib.metadata
    from pathlib import Path

    assert (Path(chatcompact.__file__).parent / "py.typed").is_file()
    assert importlib.metadata.version("chatcompact") == chatcompact.__version__


def test_usage_and_hook_events_are_the_exported_types():
    seen = []
    with chatcompact.Memory.open("memory://", background=False, on_compaction=seen.append) as mem:
        t = mem.thread("t", budget=200)
        for i in range(30):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} about the Lyon trip " * 3})
        usage = t.usage()
        assert isinstance(usage, chatcompact.ContextUsage) and usage.budget == 200
        assert chatcompact.ContextUsage is not chatcompact.Usage  # that one is a summarizer call's token usage
    assert seen and all(isinstance(ev, chatcompact.CompactionEvent) for ev in seen)
    assert {ev.stage for ev in seen} == {"before", "after"}
    assert issubclass(chatcompact.InvalidSummary, chatcompact.SummarizerError)
