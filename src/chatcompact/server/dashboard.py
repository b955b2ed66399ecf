"""The dashboard page (static HTML + inline JS/SVG; it reads the REST API). Loaded from dashboard.html."""

from __future__ import annotations

from functools import cache
from importlib.resources import files


@cache
def page() -> str:
    return files(__package__).joinpath("dashboard.html").read_text(encoding="utf-8")
