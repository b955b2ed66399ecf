"""Agent-loop replay on the dev trajectories: next-step support, tokens, largest request, raising steps and
prefix-cache share for chatcompact (with and without a query) beside plain truncation and the full history.

    .venv/bin/python benchmarks/agent_replay.py [--quick | --limit N] [--half A|B] [--budgets 8000,4000] [--stages]
        [--json]

Beside truncation and the full history, the baselines of ``chatcompact.evaluation.agent_baselines``: observation
masking (every thought and command kept, tool outputs older than the last 10 replaced by a one-line placeholder,
then truncation; Lindenbauer et al. 2025), the Agents SDK's ToolOutputTrimmer (its defaults, then truncation) and
LangChain's SummarizationMiddleware (its own hook over the growing state; its summary model a fake answering one
fixed sentence, so the row measures its trigger/keep policy). ``--baselines`` picks them. The rows
"masking@equal" and "truncation@equal" run those two at the budget where their tokens equal chatcompact's (support
at equal tokens). ``--half A`` replays the even-numbered trajectories (path order), ``--half B`` the odd ones: the
rules were tuned on A; B is the check that they were not fitted to it.

Targets (issues 11, 19): support >= 95% at <= 35% of the full-history tokens, at least 7 points above observation
masking at equal tokens, 0 raising steps, prefix share >= truncation's, at both budgets. ``--stages`` adds the
variants "stage1" (digests, no summarization) and "stage2" (summarization, no digests).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from chatcompact.evaluation.agent import AgentConfig, load_trajectories, run_agent

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "agent_dev"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(DATA))
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--budgets", default="8000,4000")
    ap.add_argument("--stages", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--baselines", default="masking,trimmer,summarization")
    ap.add_argument("--quick", action="store_true", help="the first 6 trajectories")
    ap.add_argument("--half", choices=("A", "B"), help="A: the even-numbered trajectories, B: the odd ones")
    ap.add_argument("--no-noquery", action="store_true", help="skip the requests without a query")
    args = ap.parse_args()
    if not Path(args.data).is_dir():
        print(f"no trajectories at {args.data}; skipped")
        return 0
    trajs = load_trajectories(args.data)
    if args.half:
        trajs = trajs[0::2] if args.half == "A" else trajs[1::2]
    trajs = trajs[: 6 if args.quick and not args.limit else args.limit]
    variants = ("chatcompact", "stage1", "stage2") if args.stages else ("chatcompact",)
    baselines = tuple(b for b in args.baselines.split(",") if b)
    config = AgentConfig(
        budgets=tuple(int(b) for b in args.budgets.split(",")),
        variants=variants,
        baselines=baselines,
        noquery=not args.no_noquery,
    )
    t0 = time.perf_counter()
    result = run_agent(trajs, config)
    result["seconds"] = round(time.perf_counter() - t0, 1)
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        print()
        return 0
    print(
        f"{result['trajectories']} trajectories, {result['steps']} assistant steps, {result['seconds']} s, "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    for budget, rows in result["budgets"].items():
        print(f"\nbudget {budget}")
        print(f"{'request':<22}{'support':>9}{'tokens':>9}{'largest':>9}{'raised':>8}{'prefix':>8}")
        for name, r in rows.items():
            at = f"  (at budget {r['budget']:,})" if "budget" in r else ""
            print(
                f"{name:<22}{r['support']:>9.1%}{r['tokens_share']:>9.1%}{r['largest_request']:>9}"
                f"{r['raised']:>8}{r['prefix_share']:>8.1%}{at}"
            )
        for other in ("masking", "masking@equal"):
            if other in rows and "chatcompact" in rows:
                gap = rows["chatcompact"]["support"] - rows[other]["support"]
                share = rows["chatcompact"]["tokens_share"] - rows[other]["tokens_share"]
                print(f"chatcompact - {other}: {gap:+.1%} support at {share:+.1%} of the full history's tokens")
    print(
        "\ntargets: support >= 95% at tokens <= 35%, >= 7 points above masking at equal tokens, raised 0, prefix >= "
        "truncation"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
