"""The solver: solutions replay to a win, proofs of unwinnability, budgets, the command."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

import patience
from patience import Rules, State, knownline
from patience.cards import RANKS, SUITS
from patience.solve import main
from patience.solver import solve, solve_steps, winnable_key
from patience.solver.fold import make_legal
from patience.solver.heuristic import make_heuristic
from patience.solver.narrow import make_narrow
from patience.solver.search import best_first, drain

from helpers import near_solutions, plain_search, replay_wins, setup, small_klondike, stepped

SPADES = " ".join(f"{r}S" for r in "KQJT98765432A")


def chain(skip: set[str]) -> str:
    """Return a wrapping foundation of every card but ``skip``: clubs A-K, diamonds, ..."""
    cards = [r + s for s in SUITS for r in RANKS]
    return " ".join(c for c in cards if c not in skip)


# Deals ------------------------------------------------------------------------------------

@pytest.mark.parametrize("deal", [1, 2, 3, 5, 6])
def test_freecell_deals_solve(deal: int) -> None:
    r = patience.rules("freecell")
    s = r.deal(deal)
    result = solve(r, s, budget=20_000)
    replay_wins(r, s, result)
    assert not result.used_hidden
    assert 0 < result.nodes <= 20_000


@pytest.mark.parametrize(("game", "options", "deal"), [
    ("klondike", {"draw": 1}, 1), ("klondike", {"draw": 1}, 20), ("klondike", {"draw": 1}, 27),
    ("pyramid", {}, 1), ("pyramid", {}, 9), ("pyramid", {}, 22),
    ("spider", {"suits": 1}, 1), ("spider", {"suits": 1}, 16),
    ("yukon", {}, 1), ("yukon", {}, 14), ("streets_and_alleys", {}, 9),
    ("streets_and_alleys", {}, 21), ("all_in_a_row", {}, 13), ("all_in_a_row", {}, 27),
])
def test_easy_deals_solve(game: str, options: dict[str, object], deal: int) -> None:
    r = patience.rules(game, options)
    s = r.deal(deal)
    result = solve(r, s, budget=5_000)
    replay_wins(r, s, result)
    assert result.used_hidden == (r.stock >= 0 or any(s.down))


@pytest.mark.parametrize(("game", "options", "deal"), [
    ("streets_and_alleys", {}, 2), ("streets_and_alleys", {}, 19),
    ("streets_and_alleys", {}, 28), ("streets_and_alleys", {}, 7),
    ("all_in_a_row", {}, 24), ("klondike", {"draw": 3}, 7),
])
def test_unwinnable_deals_agree_with_a_plain_search(
        game: str, options: dict[str, object], deal: int) -> None:
    r = patience.rules(game, options)
    s = r.deal(deal)
    result = solve(r, s, budget=5_000)
    assert result.verdict == "unwinnable"
    assert result.moves == []
    assert plain_search(r, s, 20_000) is False


def test_all_in_a_row_verdicts_agree_with_a_plain_search() -> None:
    """Positions along and near solutions: the pruned search and the plain one agree."""
    r = patience.rules("all_in_a_row")
    verdicts = set()
    for s in near_solutions(r, (5, 13, 27), seed=7):
        verdict = solve(r, s, budget=100_000).verdict
        assert plain_search(r, s, 100_000) is (verdict == "solved")
        verdicts.add(verdict)
    assert verdicts == {"solved", "unwinnable"}


# Constructed positions -----------------------------------------------------------------------

def near_won() -> list[tuple[Rules, State]]:
    """Return a position a few moves from a win in every game."""
    out = [
        setup("freecell", {"t1": "QH KS"}, filler="t2"),
        setup("klondike", {"stock": "-", "waste": "-", "t1": "QH | KS"}, filler="t2"),
        setup("klondike", {"stock": "KS", "waste": "-", "t1": "QH"}, {"draw": 3}, filler="t2"),
        setup("yukon", {"t1": "QH | KS"}, filler="t2"),
        setup("streets_and_alleys", {"t1": "QH KS"}, filler="t2"),
        setup("roosevelt", {"stock": "-", "waste": "QH", "t1": "KS"}, filler="t2"),
        setup("moving_left", {"stock": "-", "waste": "-", "t1": "QH KS"}, filler="t2"),
        setup("pyramid", {"stock": "-", "waste": "-", "t1": "KC", "t2": "6S", "t3": "7H"},
              filler="f1"),
        setup("pyramid", {"stock": "6D", "waste": "-", "t27": "7H"}, {"passes": 1},
              filler="f1"),
        setup("all_in_a_row", {"f1": chain({"JS", "QS", "KS"}), "t1": "KS QS JS"}),
    ]
    run = {"f" + str(i): SPADES for i in range(1, 8)}
    out.append(setup("spider", {**run, "stock": "-", "t1": SPADES[:-3], "t2": "AS"}))
    return out


@pytest.mark.parametrize("position", near_won(), ids=lambda p: p[0].game.id)
def test_near_won_positions_solve(position: tuple[Rules, State]) -> None:
    r, s = position
    result = solve(r, s, budget=2_000)
    replay_wins(r, s, result)
    assert result.nodes <= 2_000


def stuck() -> list[tuple[Rules, State]]:
    """Return small positions that cannot be won."""
    return [
        # The Jack of spades is under the King: nothing else can follow the ten.
        setup("all_in_a_row", {"f1": chain({"JS", "QS", "KS"}), "t1": "JS KS QS"}),
        # The ace of spades under its two, one free cell, no space and nothing to build.
        setup("freecell", {"c1": "JS", "c2": "QS", "c3": "KS", "t1": "AS 3S 2S", "t2": "4S",
                           "t3": "5S", "t4": "6S", "t5": "7S", "t6": "8S", "t7": "9S",
                           "t8": "TS"}),
        # Klondike: the ace under its two and no black three to move the two onto.
        setup("klondike", {"stock": "-", "waste": "-", "t1": "AS 2S",
                           "t2": "3S 4S 5S 6S 7S 8S 9S TS JS QS KS"}, {"takeback": False}),
        # Pyramid: the seven's only partner left is the six it covers.
        setup("pyramid", {"stock": "AS", "waste": "-", "t1": "6S", "t2": "7H", "t3": "QC"},
              filler="f1"),
    ]


@pytest.mark.parametrize("position", stuck(), ids=lambda p: p[0].game.id)
def test_stuck_positions_are_proven_unwinnable(position: tuple[Rules, State]) -> None:
    r, s = position
    result = solve(r, s, budget=10_000)
    assert result.verdict == "unwinnable"
    assert result.moves == []
    assert plain_search(r, s, 10_000) is False


def test_a_narrowed_pass_proves_nothing() -> None:
    r, s = stuck()[2]
    narrow = make_narrow(r)
    assert narrow is not None
    assert drain(best_first(r, s, 1_000, make_heuristic(r), narrow))[0] == "unknown"
    assert drain(best_first(r, s, 1_000, make_heuristic(r)))[0] == "unwinnable"


def test_a_won_position_needs_no_moves() -> None:
    r, s = setup("freecell", {})
    result = solve(r, s, budget=0)
    assert (result.verdict, result.moves, result.nodes) == ("solved", [], 0)


# Budgets and results -------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["freecell", "all_in_a_row", "klondike"])
@pytest.mark.parametrize("budget", [0, 1, 10, 50])
def test_budget_is_respected(game: str, budget: int) -> None:
    r = patience.rules(game)
    result = solve(r, r.deal(4), budget=budget)
    assert result.verdict == "unknown"
    assert result.moves == []
    assert result.nodes <= budget


def test_bad_budget_is_refused() -> None:
    r = patience.rules("freecell")
    with pytest.raises(ValueError, match="budget"):
        solve(r, r.deal(1), budget=-1)


def test_used_hidden() -> None:
    r = patience.rules("klondike")
    assert solve(r, r.deal(1), budget=1).used_hidden
    r2, s2 = setup("klondike", {"stock": "-", "waste": "-", "t1": "QH KS"}, filler="t2")
    assert not solve(r2, s2, budget=100).used_hidden


def test_result_to_json() -> None:
    r = patience.rules("freecell")
    result = solve(r, r.deal(1), budget=20_000)
    data = json.loads(result.to_json())
    assert data["verdict"] == "solved"
    assert data["moves"] == [str(m) for m in result.moves]
    assert data["nodes"] == result.nodes
    assert data["used_hidden"] is False
    assert result.notation().split() == data["moves"]


# The command ---------------------------------------------------------------------------------

def test_cli_solves_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["freecell", "--deal", "1", "--budget", "20000"]) == 0
    out = capsys.readouterr().out
    assert "FreeCell: solved" in out
    moves = out.split("\n")[1].split(": ", 1)[1].split()
    r = patience.rules("freecell")
    s = r.deal(1)
    for text in moves:
        s = r.play(s, patience.parse_move(r, text))
    assert r.is_won(s)
    assert " nodes in " in out


def test_cli_json_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["klondike", "--deal", "1", "--option", "draw=1", "--option", "passes=3",
                 "--budget", "5000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "solved"
    assert data["options"]["draw"] == 1
    assert data["used_hidden"] is True
    assert data["nodes"] <= 5000
    assert isinstance(data["seconds"], float)


def test_cli_unknown_on_a_tiny_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["freecell", "--deal", "4", "--budget", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["verdict"], data["moves"]) == ("unknown", [])
    assert data["nodes"] <= 5


def test_cli_reads_a_position(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    r, s = stuck()[0]
    text = patience.format_position(r, s)
    path = tmp_path / "pos.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["--position", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "unwinnable"
    r2, s2 = near_won()[0]
    monkeypatch.setattr("sys.stdin", io.StringIO(patience.format_position(r2, s2)))
    assert main(["freecell", "--position", "-"]) == 0
    assert "FreeCell: solved" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "message"), [
    (["nogame", "--deal", "1"], "no game 'nogame'"),
    (["klondike", "--deal", "1", "--option", "draw=5"], "option draw takes 1, 3"),
    (["klondike", "--deal", "1", "--option", "colour=red"], "no option 'colour'"),
    (["klondike", "--deal", "1", "--option", "draw"], "name=value"),
    (["klondike", "--deal", "0"], "deal number"),
    (["klondike"], "--deal"),
    ([], "name a game"),
    (["klondike", "--deal", "1", "--budget", "-3"], "--budget"),
    (["--position", "/nonexistent/position.txt"], "cannot read"),
    (["klondike", "--position", "-", "--deal", "3"], "--position"),
])
def test_cli_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.startswith("error: ")


def test_cli_bad_position_text(capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("freecell\nt1: AS AS\n"))
    assert main(["--position", "-"]) == 2
    assert capsys.readouterr().err.startswith("error: ")
    monkeypatch.setattr("sys.stdin", io.StringIO(patience.format_position(*near_won()[0])))
    assert main(["klondike", "--position", "-"]) == 2
    assert "freecell position" in capsys.readouterr().err


def test_cli_bad_deal_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["freecell", "--deal", "one"]) == 2
    assert "invalid int value" in capsys.readouterr().err


@pytest.mark.parametrize(("game", "deal"), [("freecell", 10), ("all_in_a_row", 5)])
def test_a_stepped_search_pauses_and_agrees(game: str, deal: int) -> None:
    # Deals whose search passes a few pauses (FreeCell's deal 5 takes under 100 positions).
    r = patience.rules(game)
    s = r.deal(deal)
    whole = solve(r, s, budget=50_000)
    steps = solve_steps(r, s, budget=50_000, every=100)
    pauses, got = stepped(steps)
    assert got == whole
    assert whole.nodes >= 200
    assert pauses == sorted(set(pauses))
    assert pauses[0] == 100
    assert pauses[-1] <= whole.nodes


def test_a_stepped_search_can_be_dropped() -> None:
    r = patience.rules("klondike")
    steps = solve_steps(r, r.deal(5), budget=10_000, every=50)
    assert next(steps) == 50
    steps.close()
    with pytest.raises(StopIteration):
        next(steps)


# Folding the stock into the moves -------------------------------------------------------------

def recycle_needed(options: dict[str, object]) -> tuple[Rules, State]:
    """Return a Klondike ending: the ten of spades is the third card of the stock, the Jack
    and Queen come before it, so they go up only on the next pass."""
    return setup("klondike", {"stock": "TS QS JS", "waste": "-", "t1": "KS"},
                 {"takeback": False, **options})


def test_folding_turns_the_stock_and_recycles() -> None:
    r, s = recycle_needed({"draw": 1, "passes": 3})
    result = solve(r, s, budget=100)
    replay_wins(r, s, result)
    assert [str(m) for m in result.moves[:4]] == [
        "stock>waste", "stock>waste", "stock>waste", "waste>f4"]
    assert "waste>stock:2" in [str(m) for m in result.moves]


@pytest.mark.parametrize("options", [{"draw": 1, "passes": 1}, {"draw": 3, "passes": 3},
                                     {"draw": 3, "passes": "unlimited"}])
def test_folding_still_proves_unwinnable(options: dict[str, object]) -> None:
    r, s = recycle_needed(options)
    result = solve(r, s, budget=1_000)
    assert result.verdict == "unwinnable"
    assert plain_search(r, s, 10_000) is False


def test_folded_verdicts_agree_with_a_plain_search() -> None:
    """Random small endings: the folded search and the plain one (every stock move, no
    forced moves) agree on every verdict. (In Klondike ``solve`` ends with the depth-first
    search of ``klondike.py``: an "unwinnable" here comes from it or the dead-end test.)"""
    rng = random.Random(11)
    verdicts = []
    for _ in range(80):
        r, s = small_klondike(rng)
        truth = plain_search(r, s, 20_000)
        if truth is None:
            continue
        result = solve(r, s, budget=50_000)
        assert result.verdict == ("solved" if truth else "unwinnable"), \
            patience.format_position(r, s)
        verdicts.append(result.verdict)
    assert len(verdicts) >= 70
    assert 10 <= verdicts.count("unwinnable") <= len(verdicts) - 10


# The winnable-deal list ------------------------------------------------------------------------

WINNABLE = Path(__file__).resolve().parent.parent / "static" / "data" / "winnable.json"


@pytest.mark.parametrize(("game", "options", "key"), [
    ("klondike", {}, "klondike:draw=1,passes=3,takeback=yes"),
    ("klondike", {"draw": 3, "scoring": "vegas", "peek": True},
     "klondike:draw=3,passes=3,takeback=yes"),
    ("klondike", {"passes": "unlimited", "takeback": False, "scoring": "standard",
                  "timed": True}, "klondike:draw=1,passes=unlimited,takeback=no"),
    ("spider", {"suits": 2}, "spider:suits=2"),
    ("pyramid", {"passes": 1}, "pyramid:passes=1"),
    ("freecell", {}, "freecell"),
    ("all_in_a_row", {}, "all_in_a_row"),
])
def test_winnable_key(game: str, options: dict[str, object], key: str) -> None:
    assert winnable_key(patience.rules(game, options)) == key


def test_winnable_list_covers_every_game() -> None:
    data = json.loads(WINNABLE.read_text(encoding="utf-8"))
    assert data["version"] == 2
    assert data["command"].startswith("python tools/winnable.py")
    keys = set(data["sets"])
    for game in patience.games():
        assert winnable_key(patience.rules(game.id)) in keys
    for suits in (1, 2, 4):
        assert f"spider:suits={suits}" in keys
    assert "klondike:draw=3,passes=3,takeback=yes" in keys
    assert set(data["budgets"]) == keys
    for key, deals in data["sets"].items():
        assert deals == sorted(set(deals))
        assert all(1 <= d <= data["tried"][key] for d in deals)


def test_every_listed_deal_has_a_grade() -> None:
    """winnable.json's "difficulty" grades every listed deal of every set 1, 2 or 3, and
    nothing else; each grade of a list of 30 or more deals is a fifth to a half of it."""
    data = json.loads(WINNABLE.read_text(encoding="utf-8"))
    assert set(data["difficulty"]) == set(data["sets"])
    for key, deals in data["sets"].items():
        graded = data["difficulty"][key]
        assert set(graded) == {str(d) for d in deals}, key
        assert set(graded.values()) <= {1, 2, 3}, key
        if len(deals) >= 30:
            for g in (1, 2, 3):
                assert len(deals) / 5 <= list(graded.values()).count(g) <= len(deals) / 2, key


def winnable_sample() -> list[tuple[str, int, int]]:
    """Return (key, deal, budget) for the first two deals and the last of every set in the
    list."""
    if not WINNABLE.exists():
        return []  # test_winnable_list_covers_every_game fails instead
    data = json.loads(WINNABLE.read_text(encoding="utf-8"))
    return [(key, deal, data["budgets"][key]) for key, deals in data["sets"].items()
            for deal in sorted(set(deals[:2] + deals[-1:]))]


def rules_of_key(key: str) -> Rules:
    """Return the rules a winnable-list key names (the inverse of ``winnable_key``)."""
    game, _, text = key.partition(":")
    options = dict(word.split("=") for word in text.split(",")) if text else {}
    return patience.rules(game, options)


@pytest.mark.parametrize(("key", "deal", "budget"), winnable_sample())
def test_winnable_list_deals_solve(key: str, deal: int, budget: int) -> None:
    """Today's solver wins a listed deal again; or, where the list keeps the winning line an
    earlier search found (Roosevelt's searches differ in which deals they win, and the list
    keeps every deal ever won), that line replays to a win through ``Rules.play``."""
    r = rules_of_key(key)
    assert winnable_key(r) == key
    s = r.deal(deal)
    result = solve(r, s, budget=budget)
    if result.verdict != "solved":
        line = known_lines(key).get(deal)
        assert line is not None, f"{key} deal {deal}: {result.verdict}, and no known line"
        assert r.is_won(knownline.replay(r, s, knownline.split(line))[-1])
        return
    replay_wins(r, s, result)


def known_lines(key: str) -> dict[int, str]:
    """Return the winning lines the site keeps for a set (none if it keeps no file)."""
    name = json.loads(WINNABLE.read_text(encoding="utf-8"))["lines"].get(key)
    if name is None:
        return {}
    path = WINNABLE.parent / name
    return knownline.read_lines(json.loads(path.read_text(encoding="utf-8"))).lines


@pytest.mark.parametrize("game", [g.id for g in patience.games()])
def test_dropped_moves_lead_where_kept_ones_do(game: str) -> None:
    """The moves the search drops as duplicates reach only positions the kept ones reach."""
    r = patience.rules(game)
    legal = make_legal(r)
    rng = random.Random(5)
    dropped = 0
    for deal in range(1, 4):
        s = r.deal(deal)
        for _ in range(80):
            moves = r.legal_moves(s)
            if not moves:
                break
            kept = legal(s)
            assert set(kept) <= set(moves)
            keys = {r.key(r.apply(s, m)) for m in kept} | {r.key(s)}
            assert {r.key(r.apply(s, m)) for m in moves} <= keys
            dropped += len(moves) - len(kept)
            s = r.apply(s, rng.choice(moves))
    if game in ("freecell", "klondike"):
        assert dropped
