"""Game facts live in the game tables: generic code never asks which game it is running."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import patience
from patience.game import Game, Option
from patience.games import find_game
from patience.games.layouts import overlap, pyramid_cover, row, standard_layout
from patience.guide_api import table_layout
from patience.rules import Rules
from patience.rulespage import HOOK_WORDS, build
from patience.solver import winnable_key
from patience.vocab import (
    ALTERNATE,
    ANY_CARD,
    ANY_SUIT,
    ONE_CARD,
    STAYS_EMPTY,
    TO_WASTE,
    DealStep,
    Dealt,
    KingsToBottom,
    Num,
    Rows,
    ToCells,
)

from helpers import setup

PACKAGE = Path(patience.__file__).resolve().parent


def generic_modules() -> list[Path]:
    """Return the engine's modules outside ``games/`` (where each game's table lives)."""
    return sorted(p for p in PACKAGE.rglob("*.py") if "games" not in p.relative_to(PACKAGE).parts)


@pytest.mark.parametrize("path", generic_modules(), ids=lambda p: p.name)
def test_no_generic_module_names_a_game(path: Path) -> None:
    """No string in the code (docstrings aside) is a game id or a game's title."""
    words = set(patience.GAMES) | {g.title for g in patience.GAMES.values()}
    tree = ast.parse(path.read_text())
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and node.body and isinstance(node.body[0], ast.Expr)}
    named = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
             and isinstance(node.value, str) and id(node) not in docs and node.value in words]
    assert named == []


def layout(game_id: str, **options: object) -> dict[str, Any]:
    r = patience.rules(game_id, options)
    return (r.game.layout or standard_layout)(r)


def test_the_layouts_the_page_draws() -> None:
    t = [f"t{i}" for i in range(1, 29)]
    assert layout("pyramid") == {"columns": 7, "rows": [
        row(["stock", "waste", None, None, None, None, "f1"], {"waste": "none"}),
        overlap([(t[r * (r + 1) // 2 + p], 6 - r + 2 * p, r) for r in range(7)
                 for p in range(r + 1)])]}
    assert layout("all_in_a_row") == {"columns": 7, "rows": [
        row([None, None, None, "f1"], {"f1": "stack"}), row(t[:7], fan="down"),
        row(t[7:13], fan="down")]}
    assert layout("roosevelt") == {"columns": 7, "plan": 11, "aside": True, "rows": [
        row(["stock", "waste", None, "f1", "f2", "f3", "f4"]),
        row([None, None, None, "f5", "f6", "f7", "f8"]), row(t[:7], fan="down")]}
    assert layout("klondike", draw=3) == {"columns": 7, "rows": [
        row(["stock", "waste", None, "f1", "f2", "f3", "f4"], {"waste": "right"}),
        row(t[:7], fan="down")]}
    assert layout("freecell")["rows"][0] == row(["c1", "c2", "c3", "c4", "f1", "f2", "f3",
                                                 "f4"], fan="none")
    assert layout("yukon")["rows"][0] == row([None, "f1", "f2", "f3", "f4", None, None])


def test_the_pyramids_cover_is_its_rows() -> None:
    cover = pyramid_cover(tuple(range(28)))
    assert cover[0] == (1, 2) and cover[1] == (3, 4) and cover[20] == (26, 27)
    assert len(cover) == 21 and 21 not in cover


def test_a_covered_card_is_free_once_every_pile_covering_it_is_empty() -> None:
    r, s = setup("pyramid", {"t1": "KH", "t2": "-", "t3": "5C"})
    assert not r.free(s, r.index["t1"])
    r, s = setup("pyramid", {"t1": "KH", "t2": "-", "t3": "-"})
    assert r.free(s, r.index["t1"])


def test_option_roles_are_named_in_the_table() -> None:
    k = patience.find_game("klondike")
    assert (k.peek, k.timed) == ("peek", "timed")
    assert [o.name for o in k.options if not o.play] == ["scoring", "timed", "peek"]
    assert patience.rules("klondike", peek=True).peek
    assert not patience.rules("klondike").peek and not patience.rules("freecell").peek
    assert winnable_key(patience.rules("klondike", peek=True, scoring="vegas")) == \
        "klondike:draw=1,passes=3,takeback=yes"


def test_a_table_checks_its_option_roles() -> None:
    base: dict[str, Any] = {"id": "x", "title": "X", "decks": 1, "tableau": 1,
                            "foundations": 4, "deal": (Rows((52,)),),
                            "build": ALTERNATE, "lift": ONE_CARD, "empty": ANY_CARD}
    with pytest.raises(ValueError, match="unknown option 'peek'"):
        Game(**base, peek="peek")
    with pytest.raises(ValueError, match="timed scoring needs a scoring option"):
        Game(**base, timed="t", options=(Option("t", "T", (False, True), False),))


@dataclass(frozen=True)
class Flip(DealStep):
    """A deal step of the test's own: swap the two piles as dealt."""

    def apply(self, dealt: Dealt) -> None:
        dealt.tableau.reverse()
        dealt.down.reverse()

    def words(self, num: Num) -> str | None:
        return "The two piles swap places."


def test_a_deal_is_its_steps_in_order() -> None:
    """``Game.deal`` lists steps that deal and rearrange the pack in turn; ``Rules.deal``
    plays what they leave, and the rules page says what each step did."""
    base: dict[str, Any] = {"id": "x", "title": "X", "decks": 1, "tableau": 2,
                            "foundations": 4, "build": ANY_SUIT, "lift": ONE_CARD,
                            "empty": STAYS_EMPTY}
    plain_game = Game(**base, deal=(Rows((26, 26), up=(1, 26)),))
    plain = patience.Rules(plain_game).deal(5)
    flipped = Game(**base, deal=(Rows((26, 26), up=(1, 26)), Flip()))
    arranged = patience.Rules(flipped).deal(5)
    assert arranged.piles[-2:] == plain.piles[-1:-3:-1]
    assert arranged.down[-2:] == (0, 25)
    assert "The two piles swap places." in build(flipped).text()
    dealt = Dealt([], [[51, 4, 50, 48, 9], [], [3]], [0, 0, 0], [])
    KingsToBottom().apply(dealt)  # KS 2C KH KC 3D: Kings first, in dealt order
    assert dealt.tableau == [[51, 50, 48, 4, 9], [], [3]]


def test_a_deal_may_fill_free_cells_and_leave_a_stock() -> None:
    base: dict[str, Any] = {"id": "x", "title": "X", "decks": 1, "tableau": 2,
                            "foundations": 4, "cells": 3, "build": ANY_SUIT,
                            "lift": ONE_CARD, "empty": ANY_CARD, "stock": TO_WASTE}
    r = patience.Rules(Game(**base, deal=(Rows((3, 4), up=1), ToCells(2))))
    s = r.deal(7)
    assert [len(s.piles[t]) for t in r.T] == [3, 4] and [s.down[t] for t in r.T] == [2, 3]
    assert [len(s.piles[c]) for c in r.C] == [1, 1, 0]
    assert len(s.piles[r.stock]) == 52 - 9
    assert sorted(c for p in s.piles for c in p) == list(range(52))


def test_every_hook_a_game_uses_has_its_words_on_the_rules_page() -> None:
    for g in patience.GAMES.values():
        if g.after_move is not None:
            assert HOOK_WORDS[g.after_move] in build(g).text(), g.id
        for step in g.deal:
            said = step.words(lambda _, n: str(n))
            if said is not None:
                assert said in build(g).text(), g.id


def test_a_table_layout_is_worked_out_once_for_its_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every snapshot sends the layout, and Roosevelt's and Golf's deal the game to plan their
    piles: dealing once per Rules, not once per pile and per move, keeps a tap cheap."""
    dealt: list[int] = []
    real = Rules.deal

    def counted(self: Rules, number: int) -> Any:
        dealt.append(number)
        return real(self, number)

    monkeypatch.setattr(Rules, "deal", counted)
    for game in ("roosevelt", "golf"):
        r = Rules(find_game(game))
        dealt.clear()
        first = table_layout(r)
        assert len(dealt) == 1, game
        assert [table_layout(r) for _ in range(3)] == [first] * 3
        assert len(dealt) == 1, game
