"""A difficulty for every listed deal: the measure, the grading, the file and the bridge."""

from __future__ import annotations

import doctest
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import patience
from patience import difficulty
from patience.bridge import Bridge
from patience.difficulty import fit_cuts, grade, grade_list, read_winnable, search_note

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import difficulty as tool  # noqa: E402
import winnable  # noqa: E402

DATA = json.loads((ROOT / "static" / "data" / "winnable.json").read_text(encoding="utf-8"))


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(difficulty).failed == 0
    assert doctest.testmod(tool).failed == 0        # the table's reading of a row


def test_cuts_split_a_list_in_thirds() -> None:
    nodes = list(range(1, 301))
    cuts = fit_cuts(nodes)
    assert cuts == (100, 200)
    counts = [sum(grade(n, cuts) == g for n in nodes) for g in (1, 2, 3)]
    assert counts == [100, 100, 100]
    assert fit_cuts([]) == (0, 0)
    assert fit_cuts([7]) == (7, 7) and grade(7, (7, 7)) == 1


def test_grades_rise_with_the_effort_and_are_fit_on_odd_deals_only() -> None:
    # The even deals are all very hard: they must not move the cuts.
    nodes = {d: (d if d % 2 else 10_000 + d) for d in range(1, 61)}
    graded, cuts = grade_list(nodes)
    assert cuts == fit_cuts([d for d in range(1, 61, 2)])
    assert all(graded[d] == 3 for d in range(2, 61, 2))
    odd = [graded[d] for d in range(1, 61, 2)]
    assert odd == sorted(odd) and set(odd) == {1, 2, 3}


def test_the_file_is_checked_on_load() -> None:
    assert read_winnable(None) == {}
    assert read_winnable({"version": 3, "sets": {"freecell": [1]}}) == {}
    assert read_winnable({"version": 2, "sets": []}) == {}
    found = read_winnable({
        "version": 2, "sets": {"freecell": [5, 1, 1, "x", 0, True, 3], "yukon": "no"},
        "budgets": {"freecell": 50_000}, "tried": {"freecell": -4},
        "difficulty": {"freecell": {"1": 1, "3": 2, "5": 4, "9": 1, "x": 2}}})
    assert set(found) == {"freecell"}
    assert found["freecell"] == {"deals": [1, 3, 5], "budget": 50_000, "tried": 0,
                                 "grades": {"1": [1], "2": [3], "3": []}}
    # Version 1 (before grades) still reads, with no grades.
    old = read_winnable({"version": 1, "sets": {"freecell": [2]}})
    assert old["freecell"]["deals"] == [2] and not any(old["freecell"]["grades"].values())


def test_the_shipped_file_reads_whole() -> None:
    found = read_winnable(DATA)
    for key, deals in DATA["sets"].items():
        assert found[key]["deals"] == deals
        merged = sorted(d for g in found[key]["grades"].values() for d in g)
        assert merged == deals, key


def test_the_tool_writes_the_grades_from_the_results_files(tmp_path: Path) -> None:
    rows = [{"key": "freecell", "deal": d, "budget": 50, "verdict": "solved", "nodes": n,
             "seconds": 0.1} for d, n in [(1, 10), (2, 99), (3, 20), (4, 1), (5, 30)]]
    file = tmp_path / "freecell.jsonl"
    file.write_text("".join(json.dumps(r) + "\n" for r in rows))
    # Odd deals 10, 20, 30: cuts (10, 20); deal 7 is listed but not in the file: Hard.
    assert winnable.grades(file, "freecell", 50, [1, 2, 3, 4, 5, 7]) == {
        "1": 1, "2": 3, "3": 2, "4": 1, "5": 3, "7": 3}


def test_the_note_is_for_games_whose_search_rarely_wins() -> None:
    assert search_note("FreeCell", 1000, 1000) is None
    assert search_note("Yukon", 0, 0) is None
    some = search_note("Roosevelt", 3, 400)
    assert some is not None and "3 of the first 400" in some
    assert "Winnable deals only gives deals it has won." in some


def call(text: str) -> Any:
    return json.loads(text)


def test_the_bridge_gives_the_lists_with_grades_and_notes() -> None:
    answer = call(Bridge().winnable_lists(json.dumps(DATA)))
    assert answer["grades"] == [{"grade": 1, "label": "Easy"}, {"grade": 2, "label": "Medium"},
                                {"grade": 3, "label": "Hard"}]
    lists = answer["lists"]
    assert lists["freecell"]["note"] is None
    assert all(len(lists["freecell"]["grades"][g]) >= 250 for g in "123")
    for key in ("roosevelt", "moving_left"):
        entry = lists[key]
        game = patience.find_game(key)
        if len(entry["deals"]) < difficulty.RARE * entry["tried"]:
            assert entry["note"].startswith("No win found yet")
            assert game.title in entry["note"]
    assert call(Bridge().winnable_lists("[")).get("error")
    assert call(Bridge().winnable_lists(json.dumps({"version": 9})))["lists"] == {}


def test_the_daily_deal_says_its_difficulty() -> None:
    b = Bridge()
    sets, graded = json.dumps(DATA["sets"]), json.dumps(DATA["difficulty"])
    seen = set()
    for day in range(1, 29):
        d = call(b.daily("freecell", f"2026-02-{day:02d}", sets, "{}", graded))
        assert d["grade"] == DATA["difficulty"]["freecell"][str(d["deal"])]
        assert d["difficulty"] == difficulty.GRADES[d["grade"]]
        seen.add(d["difficulty"])
    assert seen == {"Easy", "Medium", "Hard"}
    # Without grades (an old page's call) the daily is the same deal, ungraded.
    plain = call(b.daily("freecell", "2026-02-01", sets, "{}"))
    assert plain["grade"] is None and plain["difficulty"] is None
    assert plain["deal"] == call(b.daily("freecell", "2026-02-01", sets, "{}", graded))["deal"]


@pytest.mark.parametrize(("deal", "seed", "wins"), [(3, 0, True), (8, 0, True), (1, 0, False),
                                                    (13, 0, False), (13, 1, True)])
def test_the_greedy_player_plays_legal_games(deal: int, seed: int, wins: bool) -> None:
    """Its games replay move by move through the checked Rules.play, and a slip can turn a
    lost game into a won one (FreeCell deal 13)."""
    won, moves = tool.greedy_game("freecell", {}, deal, seed)
    assert won is wins and tool.playout("freecell", {}, deal, seed) is wins
    r = patience.rules("freecell")
    s = r.deal(deal)
    for m in moves:
        s = r.play(s, m)
    assert r.is_won(s) is wins
    if not wins:
        assert len(moves) == tool.MOVE_CAP or all(
            r.key(r.apply(s, m)) in {r.key(x) for x in replayed(r, deal, moves)}
            for m in r.legal_moves(s))


def replayed(r: patience.Rules, deal: int, moves: list[Any]) -> list[Any]:
    """Every position of a game, the deal first."""
    out = [r.deal(deal)]
    for m in moves:
        out.append(r.apply(out[-1], m))
    return out
