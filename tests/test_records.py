"""A player's statistics: what counts as played and won, streaks, bests, the Vegas balance,
the history kept and folded, merging two records, and bad records refused."""

from __future__ import annotations

import itertools
import json
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from patience import records_figures
from patience.bridge import Bridge
from patience.records import HISTORY

B = Bridge()
_ids = itertools.count(1)


def entry(result: str = "won", marks: tuple[str, ...] = (), *, game: str = "klondike",
          options: dict[str, Any] | None = None, seconds: int = 100, moves: int = 90,
          score: int | None = 500, minute: int | None = None, daily: str | None = None,
          deal: int = 7) -> dict[str, Any]:
    """Return an entry as the page builds it; each one ends a minute after the last."""
    n = next(_ids)
    m = n if minute is None else minute
    return {"id": f"g{n}", "game": game, "options": options or {}, "deal": deal,
            "result": result, "marks": list(marks), "seconds": seconds, "moves": moves,
            "score": score, "ended": _when(m), "daily": daily}


def _when(minute: int) -> str:
    """Return the UTC time ``minute`` minutes after the start of 2026, as the page writes it."""
    when = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=minute)
    return when.strftime("%Y-%m-%dT%H:%M:00.000Z")


def ok(answer: str) -> dict[str, Any]:
    data = json.loads(answer)
    assert "error" not in data, data
    assert isinstance(data, dict)
    return data


def add_all(entries: list[dict[str, Any]], text: str = "", writer: str = "me") -> str:
    for e in entries:
        text = json.dumps(ok(B.records_add(text, json.dumps(e), writer))["record"])
    return text


def summary(text: str, game: str = "klondike") -> dict[str, Any]:
    return ok(B.records_summary(text, game))


def total(text: str) -> dict[str, Any]:
    return summary(text)["total"]  # type: ignore[no-any-return]


# What counts ---------------------------------------------------------------------------------


def test_no_record_yet_is_all_zero() -> None:
    t = total("")
    assert t["played"] == 0 and t["winRate"] is None and t["streak"] == 0
    assert t["bestSeconds"] is None and summary("")["history"] == []


def test_no_win_rate_while_only_the_solver_finished_games() -> None:
    t = total(add_all([entry("won", ("solve",))]))
    assert (t["played"], t["solved"], t["lost"]) == (1, 1, 0)
    assert t["winRate"] is None and t["helpRate"] is None      # "–", not "0%" beside "Lost 0"
    t = total(add_all([entry("won", ("solve",)), entry("lost")]))
    assert t["winRate"] == 0 and t["helpRate"] == 0


def test_helped_and_solved_wins_are_shown_apart_never_in_won() -> None:
    text = add_all([entry(), entry("won", ("hint",)), entry("won", ("undo",)),
                    entry("won", ("hint", "solve")), entry("lost")])
    t = total(text)
    assert (t["played"], t["won"], t["helped"], t["solved"], t["lost"]) == (5, 1, 2, 1, 1)
    assert t["winRate"] == pytest.approx(1 / 5)
    assert t["helpRate"] == pytest.approx(3 / 5)
    kinds = [r["kind"] for r in summary(text)["history"]]
    assert kinds == ["lost", "solved", "helped", "helped", "won"]          # newest first


def test_streaks_across_wins_losses_abandoned_games_and_solved_wins() -> None:
    seq = [entry(), entry(), entry("lost"),                 # 2, then a loss (abandoned)
           entry(), entry("won", ("undo",)), entry(),     # helped wins carry the streak: 3
           entry("won", ("solve",)),                      # a Solve ends it
           entry(), entry("lost"), entry("lost")]         # 1, then two losses
    text = ""
    streaks = []
    for e in seq:
        text = add_all([e], text)
        t = total(text)
        streaks.append((t["streak"], t["losing"]))
    assert streaks == [(1, 0), (2, 0), (0, 1), (1, 0), (2, 0), (3, 0), (0, 0), (1, 0),
                       (0, 1), (0, 2)]
    t = total(text)
    assert t["bestStreak"] == 3 and t["bestLosing"] == 2


def test_times_moves_and_scores_come_from_wins_on_your_own() -> None:
    text = add_all([entry(seconds=300, moves=120, score=600),
                    entry(seconds=100, moves=150, score=550),
                    entry("won", ("hint",), seconds=50, moves=80, score=700),   # helped
                    entry("won", ("solve",), seconds=10, moves=70, score=900),  # solver's
                    entry("lost", seconds=20, moves=10, score=800)])
    t = total(text)
    assert t["bestSeconds"] == 100 and t["averageSeconds"] == 200
    assert t["fewestMoves"] == 120
    assert t["bestScore"] == 800          # any game not the solver's, won or lost
    assert t["balance"] is None           # not Vegas


def test_vegas_balance_is_the_sum_of_the_games_of_that_variant() -> None:
    vegas = {"scoring": "vegas"}
    vegas3 = {"scoring": "vegas", "draw": 3}
    text = add_all([entry("lost", options=vegas, score=-52 + 5 * 6),
                    entry("won", options=vegas, score=-52 + 5 * 52),
                    entry("lost", options=vegas, score=-52),
                    entry("lost", options=vegas3, score=-37),
                    entry(options={}, score=600)])
    s = summary(text)
    by = {v["key"]: v for v in s["variants"]}
    one = by["klondike:draw=1,passes=3,scoring=vegas,timed=no,takeback=yes"]
    assert one["vegas"] and one["figures"]["balance"] == -22 + 208 - 52
    three = by["klondike:draw=3,passes=3,scoring=vegas,timed=no,takeback=yes"]
    assert three["figures"]["balance"] == -37
    standard = by["klondike:draw=1,passes=3,scoring=standard,timed=no,takeback=yes"]
    assert not standard["vegas"] and standard["figures"]["balance"] is None


def test_variants_are_named_from_the_option_labels_and_peek_is_not_one() -> None:
    text = add_all([entry(options={"draw": 3, "passes": "unlimited", "takeback": False}),
                    entry(options={"peek": True}), entry(options={})])
    labels = sorted(v["label"] for v in summary(text)["variants"])
    assert labels == ["Draw 1, 3 passes, Scoring: Standard",
                      "Draw 3, Passes: Unlimited, Scoring: Standard, "
                      "Foundation take-back: Not allowed"]
    assert total(text)["played"] == 3
    free = add_all([entry(game="freecell", score=52)])
    assert [v["label"] for v in summary(free, "freecell")["variants"]] == [""]


def test_dailies_say_won_or_lost_per_date_and_a_win_beats_a_loss() -> None:
    text = add_all([entry("lost", daily="2026-11-20"), entry(daily="2026-11-20"),
                    entry("lost", daily="2026-11-21"), entry("won", ("solve",), daily="2026-11-22"),
                    entry()])
    assert summary(text)["dailies"] == {"2026-11-20": "won", "2026-11-21": "lost",
                                        "2026-11-22": "lost"}


def test_the_win_note_tells_the_streak_or_a_new_best() -> None:
    first = ok(B.records_add("", json.dumps(entry(seconds=200)), "me"))
    assert first["note"] == "Your first Klondike win on your own."
    text = json.dumps(first["record"])
    second = ok(B.records_add(text, json.dumps(entry(seconds=150)), "me"))
    assert second["note"] == "A new best time: 2:30. 2 wins in a row (a new best)."
    lost = ok(B.records_add(text, json.dumps(entry("lost")), "me"))
    assert lost["note"] == ""


def test_the_same_entry_is_never_added_twice() -> None:
    e = entry()
    text = add_all([e, e, e])
    assert total(text)["played"] == 1


# The history and its fold --------------------------------------------------------------------


def test_past_100_games_the_oldest_fold_into_totals_and_nothing_is_lost() -> None:
    rng = random.Random(5)
    seq = [entry(rng.choice(["won", "won", "lost"]), tuple(rng.sample(["hint", "undo"],
                                                                      rng.randint(0, 1))),
                 seconds=rng.randint(30, 900), moves=rng.randint(60, 200),
                 score=rng.randint(0, 900)) for _ in range(250)]
    text = add_all(seq)
    record = json.loads(text)
    part = next(iter(record["variants"].values()))
    assert len(part["entries"]) == HISTORY
    assert part["folds"]["me"]["upto"] == 150
    folded = total(text)
    # The same games summed up with no fold give the same figures.
    unfolded = records_figures.figures([], seq)
    for name in ("played", "won", "helped", "lost", "streak", "bestStreak", "losing",
                 "bestLosing", "bestSeconds", "averageSeconds", "fewestMoves", "bestScore"):
        assert folded[name] == unfolded[name], name
    assert len(summary(text)["history"]) == HISTORY
    assert len(text) < 60_000


# Merging -------------------------------------------------------------------------------------


def merge(a: str, b: str) -> str:
    return json.dumps(ok(B.records_merge(a, b))["record"])


def canon(text: str) -> str:
    return json.dumps(json.loads(text), sort_keys=True)


def test_two_tabs_each_adding_to_what_is_stored_lose_nothing() -> None:
    stored = add_all([entry(), entry("lost")])
    tab_a = add_all([entry()], stored)            # a win in one tab
    tab_b = add_all([entry("lost")], stored)      # a loss in the other, from the same start
    both = merge(tab_a, tab_b)
    t = total(both)
    assert (t["played"], t["won"], t["lost"]) == (4, 2, 2)


@pytest.mark.parametrize("n_a, n_b", [(0, 3), (5, 5), (130, 20), (150, 170), (260, 90)])
def test_merge_is_commutative_idempotent_and_counts_each_game_once(n_a: int, n_b: int) -> None:
    rng = random.Random(n_a * 1000 + n_b)
    shared = [entry(rng.choice(["won", "lost"]), seconds=rng.randint(10, 500))
              for _ in range(rng.randint(0, 120))]
    base = add_all(shared, writer="phone")
    # Two profiles go on from the same start (an export taken to a laptop), one of them
    # also after an import of the other (each one folding its own old games).
    a_games = [entry(rng.choice(["won", "lost"]), seconds=rng.randint(10, 500))
               for _ in range(n_a)]
    b_games = [entry(rng.choice(["won", "lost"]), seconds=rng.randint(10, 500))
               for _ in range(n_b)]
    a = add_all(a_games, base, writer="phone")
    b = add_all(b_games, base, writer="laptop")
    ab, ba = merge(a, b), merge(b, a)
    assert canon(ab) == canon(ba)
    assert canon(merge(ab, ab)) == canon(ab)
    assert canon(merge(ab, a)) == canon(ab) and canon(merge(b, ab)) == canon(ab)
    everything = shared + a_games + b_games
    t = total(ab)
    assert t["played"] == len(everything)
    assert t["won"] == sum(e["result"] == "won" for e in everything)
    expect = records_figures.figures([], everything)
    for name in ("bestSeconds", "averageSeconds", "fewestMoves", "bestScore"):
        assert t[name] == expect[name], name
    # Merging again after both went on still counts each game once.
    later = add_all([entry()], ab, writer="laptop")
    assert total(merge(later, a))["played"] == len(everything) + 1


def test_merge_with_nothing_and_of_two_games() -> None:
    a = add_all([entry()])
    assert canon(merge(a, "")) == canon(merge("", a)) == canon(a)
    assert json.loads(B.records_merge("", ""))["error"]["kind"] == "bad_record"
    free = add_all([entry(game="freecell")])
    assert json.loads(B.records_merge(a, free))["error"]["kind"] == "bad_record"


# Bad records -----------------------------------------------------------------------------------


def _good() -> dict[str, Any]:
    return dict(json.loads(add_all([entry(), entry("lost", ("hint",))])))


def _part(r: dict[str, Any]) -> dict[str, Any]:
    return dict(next(iter(r["variants"].values())))


def _bad_shapes() -> list[tuple[str, Any]]:
    def change(fn: Any) -> str:
        r = _good()
        fn(r)
        return json.dumps(r)

    def first(r: dict[str, Any]) -> dict[str, Any]:
        return dict(_part(r)["entries"][0])

    def set_entry(field: str, value: Any) -> Any:
        def fn(r: dict[str, Any]) -> None:
            _part(r)["entries"][0][field] = value
        return fn

    folded = json.loads(add_all([entry() for _ in range(HISTORY + 3)]))

    def fold_change(field: str, value: Any) -> str:
        r = json.loads(json.dumps(folded))
        next(iter(r["variants"].values()))["folds"]["me"][field] = value
        return json.dumps(r)

    return [
        ("not JSON", "{not json"),
        ("a list", "[]"),
        ("a number", "42"),
        ("no version", change(lambda r: r.pop("v"))),
        ("a later version", change(lambda r: r.update(v=2))),
        ("unknown game", change(lambda r: r.update(game="poker"))),
        ("extra field", change(lambda r: r.update(extra=1))),
        ("variants a list", change(lambda r: r.update(variants=[]))),
        ("variant not a key", change(lambda r: r.update(variants={"klondike:draw=9": _part(r)}))),
        ("variant of another option set", change(lambda r: r.update(variants={
            "klondike:draw=3,passes=3,scoring=standard,timed=no,takeback=yes": _part(r)}))),
        ("entry not an object", change(lambda r: _part(r)["entries"].append(3))),
        ("entry without writer", change(lambda r: _part(r)["entries"][0].pop("w"))),
        ("entry with extra field", change(set_entry("cheat", True))),
        ("bad result", change(set_entry("result", "draw"))),
        ("bad mark", change(set_entry("marks", ["peek"]))),
        ("repeated mark", change(set_entry("marks", ["hint", "hint"]))),
        ("deal zero", change(set_entry("deal", 0))),
        ("deal as text", change(set_entry("deal", "7"))),
        ("negative time", change(set_entry("seconds", -1))),
        ("true as moves", change(set_entry("moves", True))),
        ("fractional score", change(set_entry("score", 2.5))),
        ("bad end time", change(set_entry("ended", "yesterday"))),
        ("end time not in the record's form", change(set_entry("ended", "2026-01-01T00:00:00Z"))),
        ("bad daily", change(set_entry("daily", "2026-02-30"))),
        ("bad option", change(set_entry("options", {"draw": 2}))),
        ("entry of another game", change(set_entry("game", "spider"))),
        ("bad id", change(set_entry("id", "<script>"))),
        ("same game twice", change(lambda r: _part(r)["entries"].append(first(r)))),
        ("fold not adding up", fold_change("won", 99)),
        ("fold with a negative count", fold_change("lost", -1)),
        ("fold missing a field", fold_change("dailies", None)),
        ("too deep", "[" * 50 + "]" * 50),
        ("too long", json.dumps({"v": 1, "pad": "x" * 2_100_000})),
    ]


@pytest.mark.parametrize("why, text", _bad_shapes(), ids=[w for w, _ in _bad_shapes()])
def test_bad_records_are_refused_everywhere(why: str, text: str) -> None:
    for answer in (B.records_check(text), B.records_summary(text, "klondike"),
                   B.records_add(text, json.dumps(entry()), "me"),
                   B.records_merge(text, add_all([entry()]))):
        data = json.loads(answer)
        assert data["error"]["kind"] == "bad_record", (why, data)
        assert data["error"]["message"]


def test_a_good_record_passes_the_check_and_empty_text_is_no_record() -> None:
    assert json.loads(B.records_check(json.dumps(_good()))) == {"ok": True}
    assert json.loads(B.records_check("")) == {"ok": True}


@pytest.mark.parametrize("change", [
    {"result": "tie"}, {"game": "chess"}, {"seconds": "long"}, {"ended": "2026-13-01T00:00:00Z"},
    {"options": {"suits": 2}}, {"id": ""}, {"marks": "hint"}, {"extra": 1}])
def test_a_bad_entry_is_refused_and_the_record_is_unchanged(change: dict[str, Any]) -> None:
    data = json.loads(B.records_add(add_all([entry()]), json.dumps({**entry(), **change}), "me"))
    assert data["error"]["kind"] == "bad_entry"
