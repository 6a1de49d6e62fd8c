"""``docs/rules/`` is the project's specification: it must be what the generator writes now."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

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


def test_a_tables_own_decisions_get_a_section_of_their_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game settles its own open points in its table (``Game.decisions``); the tool writes
    them under the game's title, so a new game needs no edit of the tool."""
    game = replace(patience.find_game("yukon"), id="trial", title="Trial Game",
                   decisions=("A pile takes any card when it is empty, as most programs do "
                              "and as the oldest sheets leave open.", "Second point."))
    monkeypatch.setitem(patience.GAMES, "trial", game)
    text = rules_docs.decisions()
    assert text.endswith("\n## Trial Game\n\n- A pile takes any card when it is empty, as "
                         "most programs do and as the oldest sheets leave\n  open.\n"
                         "- Second point.\n")
    monkeypatch.delitem(patience.GAMES, "trial")
    assert "Trial Game" not in rules_docs.decisions()
