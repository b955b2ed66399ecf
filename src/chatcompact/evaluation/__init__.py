"""The evaluation harness: what compaction keeps, measured on transcripts, LoCoMo and DialogSum.

``run_transcript`` / ``run_locomo`` / ``run_dialogsum`` return JSON-ready dicts; ``write_report``
writes them as JSON and a self-contained HTML page; ``targets`` checks the project's targets.
The measures themselves are pure functions in :mod:`chatcompact.evaluation.metrics`.
"""

from .datasets import DatasetError, Dialogue, load_dialogsum, load_locomo, parse_evidence
from .judge import Judge
from .report import render_html, targets, write_report
from .runner import EvalConfig, run_dialogsum, run_locomo, run_transcript

__all__ = [
    "DatasetError",
    "Dialogue",
    "EvalConfig",
    "Judge",
    "load_dialogsum",
    "load_locomo",
    "parse_evidence",
    "render_html",
    "run_dialogsum",
    "run_locomo",
    "run_transcript",
    "targets",
    "write_report",
]
