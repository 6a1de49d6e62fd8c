"""A new game is one table: a throwaway game built here, registered for the test only.

The table is Eight Off's shape (8 piles of 6 face up, 8 free cells with 4 dealt full, build
down in suit, one card at a time, Kings to empty piles), written with nothing but the rule
vocabulary of ``patience.vocab``. Registered in ``GAMES`` for the test, it is accepted
without any other file by the page's catalogue and a game in the bridge, the rules page
(in true words), the explanations, the solver (any verdict, sound) and a short soak; and
the registry's checklist names the files a real game would still need.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import patience
from patience.bridge import Bridge
from patience.explain import explain
from patience.game import Game, Move
from patience.games import GAMES
from patience.rulespage import build
from patience.solver import solve
from patience.vocab import IN_SUIT, KING_ONLY, ONE_CARD, Rows, ToCells
from test_registry import checklist
from test_rulespage import measured

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import soak

TRIAL = Game(
    id="trial_eight", title="Trial Eight", decks=1, tableau=8, foundations=4, cells=8,
    deal=(Rows((6,) * 8, up=6), ToCells(4)),
    build=IN_SUIT, lift=ONE_CARD, empty=KING_ONLY,
    summary="A table built in a test: eight open piles, eight cells, building down in suit.",
)


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(GAMES, TRIAL.id, TRIAL)
    yield


def test_the_deal_follows_the_tables_steps() -> None:
    r = patience.rules(TRIAL.id)
    s = r.deal(3)
    assert [len(s.piles[t]) for t in r.T] == [6] * 8 and not any(s.down)
    assert [len(s.piles[c]) for c in r.C] == [1] * 4 + [0] * 4
    assert r.stock < 0 and sorted(c for p in s.piles for c in p) == list(range(52))


def test_the_page_gets_it_in_its_catalogue_and_plays_it() -> None:
    bridge = Bridge()
    games = json.loads(bridge.catalogue())["games"]
    assert games[-1]["id"] == TRIAL.id and games[-1]["title"] == "Trial Eight"
    snap = json.loads(bridge.new(TRIAL.id, "{}", 5))
    assert "error" not in snap
    slots = [slot["pile"] for row in snap["layout"]["rows"] for slot in row["slots"] if slot]
    assert {f"c{i}" for i in range(1, 9)} <= set(slots)
    assert sum(len(snap["piles"][f"c{i}"]) for i in range(1, 9)) == 4
    first = snap["moves"][0]["text"]
    after = json.loads(bridge.play(first, 1.0))
    assert after["moveCount"] == 1 and after["last"] == first


def test_its_rules_page_says_true_things() -> None:
    page = build(TRIAL)
    text = page.text()
    assert "a card goes on the card one rank higher of its own suit" in text
    assert "Only the top card of a pile moves, one card at a time." in text
    assert "Only a King goes into an empty pile." in text
    assert "run headed" not in text and "alternating" not in text
    assert "one card face up in each of 4 of the free cells" in text
    engine = measured(TRIAL.id, "{}")
    for name, value in page.numbers:
        assert value in engine[name], name


def test_refusals_name_the_tables_rules() -> None:
    r = patience.rules(TRIAL.id)
    s = r.deal(5)
    t1, t2 = r.T[0], r.T[1]
    card, top = s.piles[t1][-1], s.piles[t2][-1]
    if card + 4 != top:
        assert "builds down in suit" in explain(r, s, Move("t1", "t2"))
    assert explain(r, s, Move("t1", "t2", 2)).startswith("only one card moves at a time")
    emptied = s._replace(piles=tuple(() if i == t2 else p for i, p in enumerate(s.piles)))
    if s.piles[t1][-1] // 4 != 12:
        assert explain(r, emptied, Move("t1", "t2")) == "only a King fills an empty pile"


def test_the_solver_answers_soundly() -> None:
    r = patience.rules(TRIAL.id)
    verdicts = []
    for deal in (1, 2, 3):
        s = r.deal(deal)
        result = solve(r, s, budget=3_000)
        verdicts.append(result.verdict)
        if result.verdict == "solved":
            for m in result.moves:
                s = r.play(s, m)
            assert r.is_won(s)
    assert set(verdicts) <= {"solved", "unwinnable", "unknown"}


def test_a_short_soak_finds_nothing_wrong() -> None:
    variants = [v for v in soak.variants() if v[0] == TRIAL.id]
    assert variants == [(TRIAL.id, {})]
    for seed in range(1, 9):
        tally = soak.play_game(seed, steps=40, all_variants=variants)
        assert tally.failures == [] and tally.games == 1


def test_the_checklist_names_what_a_real_game_still_needs() -> None:
    lacking = "\n".join(checklist(TRIAL))
    assert "tests/test_trial_eight.py" in lacking
    assert "tools/pin_deals.py trial_eight" in lacking
    assert "tools/rules_docs.py" in lacking
    assert "tools/winnable.py --set trial_eight" in lacking
