"""The daily deal: the same for everyone on a date, always a deal the solver has won."""

from __future__ import annotations

import datetime
import doctest
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

import patience
from patience import daily
from patience.bridge import Bridge
from patience.solver.winnable import winnable_key

ROOT = Path(__file__).resolve().parent.parent
SETS: dict[str, list[int]] = json.loads(
    (ROOT / "static" / "data" / "winnable.json").read_text())["sets"]
TODAY = "2026-11-24"


def days_from(start: str, n: int) -> list[str]:
    first = datetime.date.fromisoformat(start)
    return [(first + datetime.timedelta(days=i)).isoformat() for i in range(n)]


def call(text: str) -> Any:
    return json.loads(text)


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(daily).failed == 0


def test_day_numbers_agree_with_the_calendar() -> None:
    epoch = datetime.date(1970, 1, 1)
    for date in [*days_from("2000-01-01", 800), "2024-02-29", "2100-03-01", "9999-12-31"]:
        n = (datetime.date.fromisoformat(date) - epoch).days
        assert daily.day_number(date) == n
        assert daily.date_of(n) == date


@pytest.mark.parametrize("bad", ["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-5",
                                 "26-11-24", "2026/11/24", "", "1999-12-31", "2026-11-24T00",
                                 "２０２６-11-24", "2026-11-32"])
def test_a_date_that_is_not_a_day_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        daily.day_number(bad)
    assert "error" in call(Bridge().daily("klondike", bad, json.dumps(SETS)))


def test_the_same_date_gives_the_same_deal() -> None:
    b = Bridge()
    for game in patience.GAMES:
        first = call(b.daily(game, TODAY, json.dumps(SETS)))
        again = call(Bridge().daily(game, TODAY, json.dumps(dict(reversed(SETS.items())))))
        assert first == again


def test_every_daily_of_the_next_year_is_a_deal_the_solver_has_won() -> None:
    has_daily = 0
    for game in patience.GAMES:
        for date in days_from(TODAY, 365):
            found = daily.daily_deal(game, date, SETS)
            if found is None:
                assert not any(len(v) >= daily.MIN_LIST for k, v in SETS.items()
                               if k.split(":")[0] == game)
                break
            assert found.key == winnable_key(patience.rules(game, found.options))
            assert found.deal in SETS[found.key], (game, date)
        else:
            has_daily += 1
    # Every game with a list long enough (Roosevelt's and Moving Left's are growing).
    assert has_daily == sum(1 for game in patience.GAMES
                            if any(len(v) >= daily.MIN_LIST for k, v in SETS.items()
                                   if k.split(":")[0] == game))
    assert has_daily >= 8


def test_days_mostly_differ() -> None:
    for game in ("klondike", "freecell", "spider", "pyramid"):
        deals = [d.deal for d in (daily.daily_deal(game, date, SETS)
                                  for date in days_from(TODAY, 365)) if d]
        repeats_next_day = sum(a == b for a, b in itertools.pairwise(deals))
        assert repeats_next_day <= 3
        # Within one cycle of the list no deal comes back.
        n = len(daily.daily_variant(game, SETS)[2])  # type: ignore[index]
        start = (daily.day_number(TODAY) // n + 1) * n
        cycle = [daily.daily_deal(game, daily.date_of(d), SETS) for d in range(start, start + n)]
        assert len({d.deal for d in cycle if d}) == n


def test_the_variant_is_the_default_when_its_list_is_long_enough_else_the_longest() -> None:
    options, key, _ = daily.daily_variant("klondike", SETS) or ({}, "", [])
    assert key == "klondike:draw=1,passes=3,takeback=yes"
    assert options == patience.find_game("klondike").default_options()
    short = {**SETS, "klondike:draw=1,passes=3,takeback=yes": [1, 2, 3]}
    options, key, _ = daily.daily_variant("klondike", short) or ({}, "", [])
    assert key == "klondike:draw=3,passes=3,takeback=yes" and options["draw"] == 3
    two = list(range(4, 4 + daily.MIN_LIST * 2))
    spider = {"spider:suits=1": [], "spider:suits=2": two, "spider:suits=4": two[:-1]}
    options, key, deals = daily.daily_variant("spider", spider) or ({}, "", [])
    assert (options, key, deals) == ({"suits": 2}, "spider:suits=2", two)


def test_a_list_too_short_for_a_new_deal_each_day_gives_no_daily() -> None:
    """One won deal would be the same daily deal every day: under MIN_LIST there is none,
    and the words say how many were won."""
    short = {**SETS, "roosevelt": [27]}
    assert daily.daily_deal("roosevelt", TODAY, short) is None
    answer = call(Bridge().daily("roosevelt", TODAY, json.dumps(short)))
    assert "won only 1 Roosevelt deal so far" in answer["none"]
    enough = {**SETS, "roosevelt": list(range(1, daily.MIN_LIST + 1))}
    found = daily.daily_deal("roosevelt", TODAY, enough)
    assert found is not None and found.deal in enough["roosevelt"]
    spider = {"spider:suits=1": [], "spider:suits=2": [4, 8], "spider:suits=4": [9]}
    assert daily.daily_variant("spider", spider) is None


def test_a_game_with_no_won_deal_has_no_daily_and_says_why_in_words() -> None:
    none_won = {k: [] if k.split(":")[0] in ("roosevelt", "moving_left") else v
                for k, v in SETS.items()}
    for game in ("roosevelt", "moving_left"):
        answer = call(Bridge().daily(game, TODAY, json.dumps(none_won)))
        assert set(answer) == {"none"}
        assert "has no daily deal" in answer["none"] and "solver" in answer["none"]
    assert "none" in call(Bridge().daily("freecell", TODAY, "{}"))


def test_the_players_own_scoring_is_kept_but_not_their_play_options() -> None:
    answer = call(Bridge().daily("klondike", TODAY, json.dumps(SETS),
                                 json.dumps({"draw": 3, "scoring": "vegas"})))
    plain = call(Bridge().daily("klondike", TODAY, json.dumps(SETS)))
    assert answer["deal"] == plain["deal"]
    assert answer["options"]["scoring"] == "vegas" and answer["options"]["draw"] == 1
    assert set(answer) == {"game", "options", "deal", "date", "key", "words", "grade",
                           "difficulty"}
    assert answer["words"] == "Draw 1, 3 passes"
    # Options it cannot take are dropped, not fatal.
    odd = call(Bridge().daily("klondike", TODAY, json.dumps(SETS), '{"draw": 7}'))
    assert odd["deal"] == plain["deal"]


def test_bad_lists_are_read_safely() -> None:
    junk = {"freecell": [0, -3, True, "7", 2**40, 12, 12, 30, 1.5, *range(100, 120)]}
    found = daily.daily_deal("freecell", TODAY, junk)
    assert found is not None and found.deal in [12, 30, *range(100, 120)]
    for text in ("[]", "not json", '{"freecell": 5}'):
        answer = call(Bridge().daily("freecell", TODAY, text))
        assert "error" in answer or "none" in answer
    assert "error" in call(Bridge().daily("chess", TODAY, "{}"))


def test_the_daily_streak_counts_days_in_a_row() -> None:
    assert daily.daily_streak([], TODAY) == (0, 0)
    assert daily.daily_streak([TODAY], TODAY) == (1, 1)
    # Today not yet won: the streak still runs from yesterday.
    assert daily.daily_streak(["2026-11-22", "2026-11-23"], TODAY) == (2, 2)
    # A day missed ends it.
    assert daily.daily_streak(["2026-11-21", "2026-11-22"], TODAY) == (0, 2)
    # Across a month and a leap day.
    run = days_from("2028-02-27", 5)
    assert daily.daily_streak(run, "2028-03-02") == (5, 5)


def test_daily_record_gathers_each_day_and_counts_a_day_won_by_any_game() -> None:
    results = {"klondike": {"2026-11-23": "won", "2026-11-24": "lost"},
               "freecell": {"2026-11-24": "won", "2026-11-22": "won"},
               "chess": {"2026-11-21": "won"}, "spider": {"2026-11-20": "drawn"}}
    answer = call(Bridge().daily_record(json.dumps(results), TODAY))
    assert answer["streak"] == 3 and answer["best"] == 3
    assert answer["days"]["2026-11-24"] == {"won": ["freecell"], "lost": ["klondike"]}
    assert "2026-11-21" not in answer["days"] and "2026-11-20" not in answer["days"]
    assert "error" in call(Bridge().daily_record('{"klondike": {"yesterday": "won"}}', TODAY))
    assert "error" in call(Bridge().daily_record("[1]", TODAY))
