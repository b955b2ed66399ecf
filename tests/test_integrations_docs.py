"""Every Python example in the quick start and the integration pages runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
NEEDS = {"langchain.md": "langchain.agents", "openai-agents.md": "agents", "pydantic-ai.md": "pydantic_ai"}
PAGES = [DOCS / "quickstart.md", *sorted((DOCS / "integrations").glob("*.md"))]


def _examples() -> list[tuple[Path, int, str]]:
    out = []
    for page in PAGES:
        blocks = re.findall(r"^```python\n(.*?)^```", page.read_text(), flags=re.S | re.M)
        out += [(page, i, code) for i, code in enumerate(blocks)]
    return out


@pytest.mark.parametrize(("page", "index", "code"), _examples(), ids=lambda v: v.name if isinstance(v, Path) else "")
def test_example_runs(page: Path, index: int, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if page.name in NEEDS:
        pytest.importorskip(NEEDS[page.name])
    monkeypatch.chdir(tmp_path)  # examples may create chat.db in the working directory
    exec(compile(code, f"{page.name}[{index}]", "exec"), {"__name__": "__main__"})


def test_every_integration_page_has_an_example() -> None:
    pages = {p.name for p, _, _ in _examples()}
    assert set(NEEDS) <= pages
