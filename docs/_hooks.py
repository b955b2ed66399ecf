"""mkdocs hook: the docstrings' Sphinx roles (``:meth:`Memory.open```) render as code, not as literal text.

mkdocstrings reads the docstrings' fields (``:param x:``) but leaves inline roles as written; the API reference
page showed ``:meth:`` before the code span. This turns ``:role:`~a.b.C``` into ``C`` and ``:role:`a.b``` into
``a.b``, both as code, on every page.
"""

from __future__ import annotations

import re
from typing import Any

_ROLE = re.compile(r":(?:meth|class|func|mod|data|attr|exc|obj):<code>(~?)([^<]*)</code>")


def _code(m: re.Match[str]) -> str:
    name = m.group(2)
    return f"<code>{name.rsplit('.', 1)[-1] if m.group(1) else name}</code>"


def on_page_content(html: str, **_: Any) -> str:
    return _ROLE.sub(_code, html)
