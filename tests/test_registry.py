"""Every game of the registry has everything a game needs; one test lists what one lacks.

A new game is its file in ``py/patience/games/`` (found there: ``games/__init__.py``) and its
tests; everything else is written by a tool from the registry. When something is missing,
:func:`test_every_game_has_everything_a_game_needs` fails with the whole checklist of every
game that lacks something, each line saying what writes the missing piece.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import patience
from patience.game import Game
from patience.rulespage import build, markdown
from patience.solver import winnable_key

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import rules_docs  # noqa: E402

WINNABLE = ROOT / "static" / "data" / "winnable.json"


def checklist(game: Game) -> list[str]:
    """Return what ``game`` lacks, one line each, with how to make it (empty when nothing)."""
    gid = game.id
    out: list[str] = []
    if not (ROOT / "tests" / f"test_{gid}.py").exists():
        out.append(f"its tests: tests/test_{gid}.py (write them)")
    for deal in (1, 2026):
        if not (ROOT / "tests" / "fixtures" / f"{gid}-{deal}.txt").exists():
            out.append(f"pinned deal {deal}: run tools/pin_deals.py {gid}")
    if not game.summary:
        out.append("a summary: Game.summary, the rules page's introduction")
    page = ROOT / "docs" / "rules" / f"{gid}.md"
    if not page.exists():
        out.append(f"its rules page docs/rules/{gid}.md: run tools/rules_docs.py")
    elif page.read_text(encoding="utf-8").split("\n", 1)[1] != "\n" + markdown(build(game)):
        out.append(f"docs/rules/{gid}.md is out of date: run tools/rules_docs.py")
    decisions = ROOT / "docs" / "rules" / "decisions.md"
    if f"]({gid}.md)" not in decisions.read_text(encoding="utf-8"):
        out.append("a line in docs/rules/decisions.md: run tools/rules_docs.py")
    sets = json.loads(WINNABLE.read_text(encoding="utf-8"))["sets"]
    if winnable_key(patience.Rules(game)) not in sets:
        out.append(f"a winnable list: run tools/winnable.py --set {gid} --merge (after the "
                   "study's results)")
    return out


def test_every_game_has_everything_a_game_needs() -> None:
    lacking = {g.id: checklist(g) for g in patience.games()}
    report = "\n".join(f"{gid}:\n" + "\n".join(f"  - {line}" for line in lines)
                       for gid, lines in lacking.items() if lines)
    assert not report, "games lacking something:\n" + report


def test_the_readme_names_every_game_of_the_registry() -> None:
    """The README's opening sentence lists the titles the registry holds, counted in words:
    ``tools/rules_docs.py`` writes it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert rules_docs.readme(text) == text, "run python3 tools/rules_docs.py"
    first = " ".join(text.split("\n\n")[1].split())
    assert all(g.title in first for g in patience.games())
    assert first.startswith(f"{rules_docs.COUNTS[len(patience.GAMES)]} solitaire games — ")


def test_the_page_description_counts_no_games() -> None:
    """The page's description names no number of games that a new game would make false."""
    head = (ROOT / "index.html").read_text(encoding="utf-8").split("</head>")[0]
    description = re.search(r'<meta name="description" content="([^"]*)"', head)
    assert description is not None
    words = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "eleven", "twelve", "thirteen", "fourteen", "fifteen"}
    assert not words & set(description.group(1).lower().split())
