"""Long fuzz run over the public entry points: prints cases / clean errors / raw exceptions / broken threads.

    python benchmarks/fuzz.py [--examples 400]

Targets: 0 raw exceptions, 0 broken threads (a thread that cannot be reopened, assembled or searched after
the case). The cases are tests/fuzz_cases.py, which tests/test_fuzz.py runs in CI with fewer examples.

The service (``chatcompact serve``, real HTTP on loopback): the malformed-request corpus, generated bodies on
every proxy route, and schemathesis over the REST routes of the OpenAPI document (erasure routes included).
There ``raw`` is an HTTP 5xx other than a 502 for a bad upstream: target 0. ``--no-server`` skips it.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests import fuzz_cases as fc

COUNTS: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
FIRST_RAW: dict[str, str] = {}


def record(area: str, outcome: str, detail: object = "") -> None:
    COUNTS[area][outcome] += 1
    if outcome in (fc.RAW, fc.BROKEN) and area not in FIRST_RAW:
        try:
            FIRST_RAW[area] = repr(detail)[:200]
        except RecursionError:
            FIRST_RAW[area] = "(too deep to show)"


def run(examples: int) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="chatcompact-fuzz-"))
    n = iter(range(10**9))
    cfg = settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))

    @cfg
    @given(raw=fc.message, created_at=st.one_of(st.none(), fc._scalars))
    def add(raw, created_at):
        record("add", fc.add_case(str(tmp / f"a{next(n)}.db"), raw, created_at), raw)

    @cfg
    @given(raw=st.one_of(fc._json_like, st.lists(fc.message, max_size=3)))
    def add_many(raw):
        record("add_many", fc.add_case(str(tmp / f"m{next(n)}.db"), raw, many=True), raw)

    @cfg
    @given(kwargs=fc.policy_kwargs, arg=fc.open_args)
    def api(kwargs, arg):
        record("Policy", fc.api_case("policy", kwargs, ""), kwargs)
        record("Memory.open", fc.api_case("open", arg if not isinstance(arg, str) else str(tmp / "o" / arg[-20:]), ""))

    @cfg
    @given(query=st.one_of(st.text(max_size=60), fc._json_like), args=fc.recall_args)
    def reads(query, args):
        path = str(tmp / f"r{next(n)}.db")
        fc.add_case(path, {"role": "user", "content": "my order 88231 arrived broken"})
        record("context", fc.api_case("context", query, path), query)
        record("recall", fc.api_case("recall", args, path), args)

    @cfg
    @given(args=fc.call_args, value=fc.message_value, name=fc.thread_names)
    def options(args, value, name):  # the optional arguments, Message values and thread names (issue 20 §13-14)
        path = str(tmp / f"c{next(n)}.db")
        for kind in ("context", "recall", "compact"):
            record(kind, fc.call_case(kind, args, path), args)
        record("add", fc.call_case("add", {"message": value}, path), value)
        record("thread", fc.call_case("thread", {"name": name}, path), name)

    for raw in fc.SPECIAL_MESSAGES:
        record("add", fc.add_case(str(tmp / f"s{next(n)}.db"), raw), raw)
    for kind, args in fc.SPECIAL_CALLS:
        record(kind, fc.call_case(kind, args, str(tmp / f"s{next(n)}.db")), args)
    for fn in (add, add_many, api, reads, options):
        fn()
    for command in fc.CLI_COMMANDS:
        for content in fc.CLI_FILES.values():
            record("cli", fc.cli_case(command, content), " ".join(command))


def run_server(examples: int) -> None:
    """The HTTP side: corpus, generated proxy bodies, schemathesis (5xx = raw)."""
    import schemathesis
    from tests.server_support import running

    from chatcompact.server.openapi import document

    with running(Path(tempfile.mkdtemp(prefix="chatcompact-fuzz-serve-")), budget=400) as r:
        import httpx

        httpx.post(f"{r.v1}/threads/fz/messages", json={"messages": [{"role": "user", "content": "hello"}]})
        for name, method, path, body, headers in fc.MALFORMED_REQUESTS:
            status = fc.send_malformed(r.url, method, path, body, headers).status_code
            record("http corpus", fc.RAW if status >= 500 else fc.CLEAN if status >= 400 else fc.OK, name)
        cfg = settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))

        @cfg
        @given(route=st.sampled_from(fc.PROXY_ROUTES), body=fc.proxy_bodies)
        def proxy(route, body):
            record("http proxy", fc.http_case(r.url, route, body), (route, body))

        proxy()
        doc = document()
        doc["paths"] = {p: v for p, v in doc["paths"].items() if not any(op.get("x-proxy") for op in v.values())}
        for op in schemathesis.openapi.from_dict(doc).get_all_operations():
            operation = op.ok()

            @settings(
                max_examples=max(5, examples // 20),
                deadline=None,
                database=None,
                suppress_health_check=list(HealthCheck),
            )
            @given(case=operation.as_strategy())
            def rest(case):
                status = case.call(base_url=r.url, timeout=30).status_code
                record(
                    "http rest", fc.RAW if status >= 500 else fc.CLEAN if status >= 400 else fc.OK, case.formatted_path
                )

            rest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=400, help="Hypothesis examples per entry-point group")
    parser.add_argument("--no-server", action="store_true", help="Skip the HTTP service's cases.")
    parser.add_argument("--only-server", action="store_true", help="Only the HTTP service's cases.")
    args = parser.parse_args()
    start = time.perf_counter()
    if not args.only_server:
        run(args.examples)
    if not args.no_server:
        run_server(args.examples)
    print(f"{'entry point':14} {'cases':>7} {'accepted':>9} {'clean':>7} {'raw':>5} {'broken':>7}")
    total = collections.Counter()
    for area, c in COUNTS.items():
        total.update(c)
        cases = sum(c.values())
        print(f"{area:14} {cases:7} {c[fc.OK]:9} {c[fc.CLEAN]:7} {c[fc.RAW]:5} {c[fc.BROKEN]:7}")
    print(
        f"{'total':14} {sum(total.values()):7} {total[fc.OK]:9} {total[fc.CLEAN]:7} {total[fc.RAW]:5} "
        f"{total[fc.BROKEN]:7}   (targets: 0 raw, 0 broken; {time.perf_counter() - start:.0f} s)"
    )
    for area, detail in FIRST_RAW.items():
        print(f"first finding in {area}: {detail}")


if __name__ == "__main__":
    main()
