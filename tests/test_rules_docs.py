"""``docs/rules/`` is the project's specification: it must be what the generator writes now."""

from __future__ import annotations

import sys
from pathlib import Path

import patience

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import rules_docs  # noqa: E402


def test_the_committed_rules_docs_match_the_generator() -> None:
    """Run ``python3 tools/rules_docs.py`` after changing a game table or a constant."""
    pages = rules_docs.pages()
    assert set(pages) == {f"{g}.md" for g in patience.GAMES} | {"decisions.md"}
    for name, text in pages.items():
        path = ROOT / "docs" / "rules" / name
        assert path.exists(), f"docs/rules/{name} is missing"
        assert path.read_text() == text, f"docs/rules/{name} is out of date"
    assert sorted(p.name for p in (ROOT / "docs" / "rules").glob("*.md")) == sorted(pages)


def test_the_decisions_state_the_engines_scoring() -> None:
    text = " ".join(rules_docs.decisions().split())
    assert "10 points for a card put on a foundation" in text
    assert "-100 when drawing one" in text
    assert "takes 2 points every 10 seconds" in text
    assert "Vegas starts at -52 and adds 5 for each card" in text
