"""No input breaks a thread or the machine (issue 13 §2): Hypothesis over the public entry points.

Sized for 2 cores; ``benchmarks/fuzz.py`` runs the long version and prints the counts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import fuzz_cases as fc

pytestmark = pytest.mark.timeout(300)
_FAST = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)


@_FAST
@given(raw=fc.message, created_at=st.one_of(st.none(), fc._scalars, st.sampled_from(fc.EDGE_TIMES)))
def test_add_never_raises_raw_nor_breaks_the_thread(tmp_path_factory, raw, created_at):
    path = str(tmp_path_factory.mktemp("f") / "m.db")
    assert fc.add_case(path, raw, created_at) in (fc.OK, fc.CLEAN)


@_FAST
@given(raw=st.one_of(fc._json_like, st.lists(fc.message, max_size=3)))
def test_add_many_never_raises_raw(tmp_path_factory, raw):
    path = str(tmp_path_factory.mktemp("f") / "m.db")
    assert fc.add_case(path, raw, many=True) in (fc.OK, fc.CLEAN)


@pytest.mark.parametrize("raw", fc.SPECIAL_MESSAGES, ids=range(len(fc.SPECIAL_MESSAGES)))
def test_known_killers_are_clean_errors(tmp_path: Path, raw):
    assert fc.add_case(str(tmp_path / "m.db"), raw) == fc.CLEAN
    assert fc.add_case(str(tmp_path / "n.db"), None, many=True) == fc.CLEAN
    assert fc.add_case(str(tmp_path / "o.db"), {"role": "user", "content": "x"}, created_at=1.7e12) == fc.CLEAN


@pytest.mark.parametrize("when", fc.EDGE_TIMES)
def test_a_message_at_either_end_of_storable_time_keeps_the_thread_alive(tmp_path: Path, when):
    expected = fc.CLEAN if when > 253402300799.0 else fc.OK  # past year 9999: refused, nothing stored
    assert fc.add_case(str(tmp_path / "m.db"), {"role": "user", "content": "see you tomorrow"}, when) == expected


@_FAST
@given(kwargs=fc.policy_kwargs)
def test_policy_refuses_cleanly(kwargs):
    assert fc.api_case("policy", kwargs, "") in (fc.OK, fc.CLEAN)


@_FAST
@given(arg=fc.open_args)
def test_memory_open_refuses_cleanly(tmp_path_factory, arg):
    import os

    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("open"))
    try:
        assert fc.api_case("open", arg, "") in (fc.OK, fc.CLEAN)
    finally:
        os.chdir(here)


@_FAST
@given(query=st.one_of(st.text(max_size=60), fc._json_like), args=fc.recall_args)
def test_context_and_recall_refuse_cleanly(tmp_path_factory, query, args):
    path = str(tmp_path_factory.mktemp("r") / "m.db")
    fc.add_case(path, {"role": "user", "content": "my order 88231 arrived broken"})
    assert fc.api_case("context", query, path) in (fc.OK, fc.CLEAN)
    assert fc.api_case("recall", args, path) in (fc.OK, fc.CLEAN)


_CALLS = settings(_FAST, max_examples=30)  # each example runs several calls, each reopening the store


@_CALLS
@given(args=fc.call_args)
def test_context_recall_compact_options_refuse_cleanly(tmp_path_factory, args):
    path = str(tmp_path_factory.mktemp("c") / "m.db")
    for kind in ("context", "recall", "compact"):
        assert fc.call_case(kind, args, path) in (fc.OK, fc.CLEAN)


@_CALLS
@given(value=fc.message_value, name=fc.thread_names)
def test_message_values_and_thread_names_refuse_cleanly(tmp_path_factory, value, name):
    path = str(tmp_path_factory.mktemp("v") / "m.db")
    assert fc.call_case("add", {"message": value}, path) in (fc.OK, fc.CLEAN)
    assert fc.call_case("thread", {"name": name}, path) in (fc.OK, fc.CLEAN)


@pytest.mark.parametrize("kind, args", fc.SPECIAL_CALLS, ids=[f"{k}-{i}" for i, (k, _) in enumerate(fc.SPECIAL_CALLS)])
def test_issue_20_reproductions_are_clean_errors(tmp_path: Path, kind, args):
    assert fc.call_case(kind, args, str(tmp_path / "m.db")) == fc.CLEAN


@pytest.mark.parametrize("name", list(fc.CLI_FILES))
@pytest.mark.parametrize("command", fc.CLI_COMMANDS, ids=[c[0] for c in fc.CLI_COMMANDS])
def test_cli_never_prints_a_traceback(command, name):
    assert fc.cli_case(command, fc.CLI_FILES[name]) in (fc.OK, fc.CLEAN)


# ---------------------------------------------------------------- the service (issue 20 §8): never a 500
@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from .server_support import running

    with running(tmp_path_factory.mktemp("fuzz-serve"), budget=400) as r:
        yield r.url


@_FAST
@given(route=st.sampled_from(fc.PROXY_ROUTES), body=fc.proxy_bodies)
def test_proxy_never_answers_500(served, route, body):
    assert fc.http_case(served, route, body) in (fc.OK, fc.CLEAN)
