"""The evaluation's outputs: a JSON file and a self-contained HTML report (inline SVG, no scripts)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from typing import Any

from .svg import bar_chart, line_chart

__all__ = ["render_html", "targets", "write_report"]

STYLE = """body{font-family:system-ui,sans-serif;max-width:1180px;margin:24px auto;padding:0 16px;color:#111}
table{border-collapse:collapse;margin:8px 0 20px}td,th{border:1px solid #d1d5db;padding:3px 8px;text-align:right}
th{background:#f3f4f6}td:first-child,th:first-child{text-align:left}.ok{color:#15803d}.miss{color:#b91c1c}
.charts{display:flex;flex-wrap:wrap;gap:12px}code{background:#f3f4f6;padding:1px 4px}"""


def targets(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The issue's targets, checked on a transcript or LoCoMo result: name, target, value, met."""
    t = result["totals"] if result["kind"] == "locomo" else {**result["tokens"], **_transcript_extra(result)}
    rows = [
        (
            "every request <= budget",
            f"<= {result['config']['budget']}",
            t["max_request_tokens"],
            t["all_within_budget"],
        ),
        (
            "tokens sent / full history",
            "<= 15%",
            f"{t['share_of_full_history']:.1%}",
            t["share_of_full_history"] <= 0.15,
        ),
        ("tokens billed / full history", "(incl. summarizer)", f"{t['billed_share_of_full_history']:.1%}", None),
    ]
    if "identifiers_reachable_share" in t:
        rows.append(
            (
                "identifiers reachable (context(query))",
                "100%",
                f"{t['identifiers_reachable_share']:.1%}",
                t["identifiers_reachable_share"] >= 1.0,
            )
        )
        rows.append(("identifiers in final context (no query)", "-", f"{t['identifiers_in_context_share']:.1%}", None))
    rows.append(
        ("summary size flat after warm-up", "growth <= 1.25x", f"{t['max_summary_growth']:.2f}x", t["summary_flat"])
    )
    if result["kind"] == "locomo":
        o = result["questions"]["overall"]
        rows.append(
            (
                "answer containment / transcript ceiling",
                ">= 90%",
                f"{o['relative_to_ceiling']:.1%}",
                o["relative_to_ceiling"] >= 0.9,
            )
        )
        if "J" in o:
            rows.append(("LLM-judged accuracy J", "-", f"{o['J']:.1%}", None))
    return [{"name": n, "target": tg, "value": v, "met": m} for n, tg, v, m in rows]


def _transcript_extra(result: Mapping[str, Any]) -> dict[str, Any]:
    ids = result.get("identifiers")
    extra = {"summary_flat": result["drift"]["flat"], "max_summary_growth": result["drift"]["growth"]}
    if ids:
        extra["identifiers_reachable_share"] = ids["reachable_share"]
        extra["identifiers_in_context_share"] = ids["in_context_share"]
    return extra


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_cell(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _cell(value: Any) -> str:
    if value is True:
        return '<span class="ok">met</span>'
    if value is False:
        return '<span class="miss">missed</span>'
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3f}"
    return escape(str(value))


def _targets_html(result: Mapping[str, Any]) -> str:
    return "<h2>Targets</h2>" + _table(
        ["measure", "target", "value", ""], [[r["name"], r["target"], r["value"], r["met"]] for r in targets(result)]
    )


def _token_charts(runs: Sequence[tuple[str, Mapping[str, Any]]], budget: int) -> str:
    charts = []
    for label, run in runs:
        curve = run["curve"]
        series = {
            "full history": [(s, f) for s, _, f in curve],
            "chatcompact context": [(s, c) for s, c, _ in curve],
        }
        charts.append(line_chart(f"Tokens per request: {label}", series, "message", "tokens", (budget, "budget")))
    sizes = {label: [(i + 1, r["summary_tokens"]) for i, r in enumerate(run["compactions"])] for label, run in runs}
    charts.append(line_chart("Summary size over compactions", sizes, "compaction", "summary tokens"))
    return '<h2>Tokens and summary size</h2><div class="charts">' + "\n".join(charts) + "</div>"


def _run_tables(runs: Sequence[tuple[str, Mapping[str, Any]]]) -> str:
    rows = []
    for label, r in runs:
        t, s, ids = r["tokens"], r["summarizer"], r.get("identifiers") or {}
        rows.append(
            [
                label,
                r["messages"],
                t["requests"],
                t["max_request_tokens"],
                t["tokens_sent"],
                t["tokens_full_history"],
                f"{t['share_of_full_history']:.1%}",
                t["compaction_ratio"],
                s["calls"],
                s["input_tokens"] + s["output_tokens"],
                f"{r['drift']['growth']:.2f}x",
                f"{r['drift']['late_slope']:+.1%}",
                f"{ids.get('reachable_share', 0):.1%}" if ids else "-",
            ]
        )
    header = [
        "transcript",
        "messages",
        "requests",
        "max request",
        "tokens sent",
        "full history",
        "share",
        "ratio",
        "summarizer calls",
        "summarizer tokens",
        "summary growth",
        "late growth / compaction",
        "identifiers reachable",
    ]
    comp: list[Any] = []
    for label, r in runs:
        comp.extend(
            [
                label,
                c["version"],
                f"{c['covered'][0]}-{c['covered'][1]}",
                c["trigger"],
                c["tokens_folded"],
                c["summary_tokens"],
                c["ratio"],
            ]
            for c in r["compactions"]
        )
    comp_header = [
        "transcript",
        "version",
        "messages",
        "trigger",
        "tokens folded",
        "summary tokens",
        "ratio (history/summary)",
    ]
    return (
        "<h2>Per transcript</h2>"
        + _table(header, rows)
        + "<details><summary>Every compaction (ratio = tokens of the history covered / tokens of the summary, "
        "the lesson's compaction_ratio)</summary>" + _table(comp_header, comp) + "</details>"
    )


DEFINITIONS = """<details><summary>Definitions</summary><ul>
<li><b>in context</b>: the gold answer, lowercased with punctuation removed, occurs as a phrase in
<code>context(budget, query=question)</code>; a multi-part answer (split at , ; / and or) counts only if every
part does. <b>ceiling</b>: the same rule on the raw transcript. <b>answer token recall</b>: share of the answer's
content words found in the context (softer, secondary).</li>
<li><b>archive quoted</b>: the query changed the context (recall quoted archive turns into it).</li>
<li><b>recall@k</b>: share of all gold evidence turns among the first k of <code>thread.recall(question)</code>.</li>
<li><b>identifiers reachable</b>: present in <code>context(budget, query="What do you know about X?")</code>;
<b>in final context</b>: present in <code>context(budget)</code> at the end, without a query.</li>
<li><b>summary growth</b>: last summary size over the largest of the first 3 compactions (flat: none after them
above 1.25x); <b>late growth</b>: least-squares growth per compaction over the second half.</li></ul></details>"""


def _locomo_html(result: Mapping[str, Any]) -> str:
    q = result["questions"]
    ks = result["ks"]
    cats = [c for c in q if c != "overall"]
    rows = [
        [
            name,
            r["questions"],
            f"{r['ceiling']:.1%}",
            f"{r['containment']:.1%}",
            f"{r['relative_to_ceiling']:.1%}",
            f"{r['token_recall']:.2f}",
            round(r["context_tokens"]),
            f"{r['recalled']:.1%}",
            f"{r['containment_when_recalled']:.1%}",
            *(f"{r['recall_at_k'][str(k)]:.1%}" for k in ks),
            *([f"{r['J']:.1%}", r["answer_tokens_per_question"]] if "J" in r else []),
        ]
        for name, r in q.items()
    ]
    header = [
        "category",
        "questions",
        "in transcript (ceiling)",
        "in context",
        "context / ceiling",
        "answer token recall",
        "context tokens",
        "archive quoted",
        "in context when quoted",
        *(f"recall@{k}" for k in ks),
    ]
    if "J" in q["overall"]:
        header += ["J", "answer tokens / question"]
    contain = bar_chart(
        "Answer containment per category",
        {
            c: {"raw transcript (ceiling)": q[c]["ceiling"], "context(budget, query)": q[c]["containment"]}
            for c in [*cats, "overall"]
        },
        "share of questions",
        1.0,
    )
    recall = line_chart(
        "Evidence recall@k of thread.recall",
        {c: [(k, q[c]["recall_at_k"][str(k)]) for k in ks] for c in [*cats, "overall"]},
        "k",
        "share of gold evidence turns",
    )
    counts = _table(["what lenient parsing counted", "n"], sorted(result["counts"].items()))
    runs = [(c["sample_id"], c) for c in result["conversations"]]
    return (
        _targets_html(result)
        + DEFINITIONS
        + "<h2>LoCoMo questions (categories 1-4)</h2>"
        + _table(header, rows)
        + f'<div class="charts">{contain}{recall}</div>'
        + counts
        + _run_tables(runs)
        + _token_charts(runs, result["config"]["budget"])
    )


def _dialogsum_html(result: Mapping[str, Any]) -> str:
    r = result["rouge"]
    head = _table(
        ["dialogues", "failures", "ROUGE-1", "ROUGE-2", "ROUGE-L", "summary words", "reference words"],
        [
            [
                result["dialogues"],
                result["failures"],
                r["rouge1"],
                r["rouge2"],
                r["rougeL"],
                result["mean_summary_words"],
                result["mean_reference_words"],
            ]
        ],
    )
    examples = _table(
        ["id", "summary (rendered state)", "reference", "ROUGE-L"],
        [[i["id"], i["summary"], i["reference"], i["rougeL"]] for i in result["items"][:8]],
    )
    return "<h2>DialogSum ROUGE (F1, no stemming)</h2>" + head + "<h3>Examples</h3>" + examples


def render_html(result: Mapping[str, Any]) -> str:
    """The whole report as one HTML page (inline CSS and SVG)."""
    kind = result["kind"]
    cfg = result["config"]
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    if kind == "locomo":
        body = _locomo_html(result)
    elif kind == "dialogsum":
        body = _dialogsum_html(result)
    else:
        body = (
            _targets_html(result)
            + _run_tables([("transcript", result)])
            + _token_charts([("transcript", result)], cfg["budget"])
        )
    setup = ", ".join(f"{k}: {escape(str(v))}" for k, v in cfg.items())
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>chatcompact eval: {kind}</title>"
        f"<style>{STYLE}</style></head><body><h1>chatcompact eval: {kind}</h1><p>{setup}. Generated {when}.</p>"
        f"{body}</body></html>"
    )


def write_report(result: Mapping[str, Any], out_dir: str | Path) -> tuple[Path, Path]:
    """Write ``<kind>.json`` and ``<kind>.html`` into ``out_dir`` (created); returns both paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    kind = result["kind"]
    jpath, hpath = out / f"{kind}.json", out / f"{kind}.html"
    jpath.write_text(json.dumps(result, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    hpath.write_text(render_html(result), encoding="utf-8")
    return jpath, hpath
