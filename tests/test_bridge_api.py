"""The bridge's questions for the page: drags, taps, what may be lifted, moves in words.

Every position here is a real deal, so the expected moves are the engine's own.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

import patience
from patience.bridge import Bridge
from patience.cards import card_name
from patience.explain import explain
from patience.game import Move
from patience.intents import for_players
from patience.rules import MAX_DEAL


def call(text: str) -> dict[str, Any]:
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def dealt(game_id: str, deal: int, options: dict[str, object] | None = None) -> Bridge:
    b = Bridge()
    assert "error" not in call(b.new(game_id, json.dumps(options or {}), deal))
    return b


# The catalogue ------------------------------------------------------------------------------


def test_the_catalogue_gives_the_deal_range_the_engine_accepts() -> None:
    data = call(Bridge().catalogue())
    assert data["minDeal"] == 1 and data["maxDeal"] == MAX_DEAL == 2**31 - 1
    b = Bridge()
    assert call(b.new("klondike", "{}", data["maxDeal"]))["deal"] == data["maxDeal"]
    assert "error" in call(b.new("klondike", "{}", data["maxDeal"] + 1))
    assert "error" in call(b.new("klondike", "{}", data["minDeal"] - 1))


# Drags ----------------------------------------------------------------------------------------


def test_a_legal_drag_finds_its_move() -> None:
    # Klondike deal 1: t1 is 8H, t4 ends in the 7S; the 7S goes on the 8H.
    b = dealt("klondike", 1)
    assert call(b.move_for("t4", 3, "t1")) == {"move": "t4>t1", "reason": None}


def test_a_drag_of_several_cards_counts_them_from_the_index() -> None:
    # FreeCell deal 12: the top two cards of t1 (of 7) go onto t5 together.
    b = dealt("freecell", 12)
    assert call(b.move_for("t1", 5, "t5"))["move"] == "t1>t5:2"
    assert call(b.move_for("t1", 6, "t5"))["move"] is None


def test_an_illegal_drag_says_what_explain_says_in_players_words() -> None:
    b = dealt("klondike", 1)
    r = patience.rules("klondike")
    s = r.deal(1)
    got = call(b.move_for("t1", 0, "t2"))
    assert got["move"] is None
    assert got["reason"] == for_players(r, explain(r, s, Move("t1", "t2")))
    assert got["reason"] == ("The 8 of hearts cannot go on the Jack of spades: the tableau "
                             "builds down in alternating colours")
    assert call(b.move_for("t7", 2, "t1"))["reason"] == "That card is face down"
    assert call(b.move_for("t7", 9, "t1"))["reason"] == "There is no card there"


def test_reasons_name_piles_as_the_player_sees_them() -> None:
    b = dealt("freecell", 1)
    reason = call(b.move_for("t1", 5, "c1"))["reason"]
    assert reason == "Only one card moves at a time to or from that pile"
    r = patience.rules("pyramid")
    assert for_players(r, "the 8 of diamonds in t1 is covered") == \
        "The 8 of diamonds in Pile 1 is covered"


def test_a_pyramid_pair_is_found_whichever_card_is_dropped_on_the_other() -> None:
    # Pyramid deal 1: the 7D (t22) and the 6H (t24) are free and add up to 13.
    b = dealt("pyramid", 1)
    assert call(b.move_for("t22", 0, "t24"))["move"] == "t22>t24"
    assert call(b.move_for("t24", 0, "t22"))["move"] == "t22>t24"
    assert call(b.move_for("t25", 0, "t22"))["reason"] == "5 + 7 is 12, not 13"
    assert call(b.move_for("t1", 0, "t22"))["reason"] == "The 8 of diamonds in Pile 1 is covered"


def test_a_pyramid_king_is_dragged_to_the_foundation_and_tapped_away() -> None:
    # Pyramid deal 3: the King of hearts lies free in t27.
    b = dealt("pyramid", 3)
    assert call(b.move_for("t27", 0, "f1"))["move"] == "t27>f1"
    assert call(b.tap("t27", 0)) == {"move": "t27>f1", "select": False, "reason": None}
    assert call(b.move_for("t27", 0, "t28"))["reason"] == "A King is removed alone"


# Taps -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", list(patience.GAMES))
def test_a_tap_plays_what_the_snapshots_taps_list(game_id: str) -> None:
    b = dealt(game_id, 5)
    snap = call(b.snapshot(0))
    assert snap["taps"], "every deal has a tap"
    for key, text in snap["taps"].items():
        pile, n = key.split(":")
        index = len(snap["piles"][pile]) - int(n) if pile != "stock" else 0
        assert call(b.tap(pile, index))["move"] == text


def test_taps_that_do_nothing_say_why() -> None:
    b = dealt("klondike", 1)
    assert call(b.tap("t3", 0))["reason"] == "That card is face down"
    assert call(b.tap("t3", 2))["reason"] == "That card has nowhere to go"
    assert call(b.tap("f1", -1)) == {"move": None, "select": False, "reason": None}
    assert call(b.tap("t3", 7))["reason"] == "There is no card there"


def test_a_tap_on_the_stock_turns_recycles_or_says_it_cannot() -> None:
    b = dealt("klondike", 1, {"passes": 1})
    assert call(b.tap("stock", 17))["move"] == "stock>waste"
    for _ in range(24):
        b.play("stock>waste", 0)
    assert call(b.tap("stock", -1))["reason"] == "No passes left: this game allows 1 pass"
    b = dealt("klondike", 1)
    for _ in range(24):
        b.play("stock>waste", 0)
    assert call(b.tap("stock", -1))["move"] == "waste>stock:24"
    assert call(dealt("spider", 1).tap("stock", 0))["move"] == "stock>tableau:10"
    assert call(dealt("freecell", 1).tap("stock", 0))["reason"].startswith(
        "FreeCell has no pile 'stock' (its piles: Foundation 1, ")


def test_a_pyramid_tap_selects_a_card_that_can_pair() -> None:
    b = dealt("pyramid", 1)
    assert call(b.tap("t22", 0)) == {"move": None, "select": True, "reason": None}
    assert call(b.tap("t28", 0))["select"] is True
    # The 5 of spades has no free partner (no free 8); the 8 of diamonds is covered.
    assert call(b.tap("t25", 0)) == {
        "move": None, "select": False,
        "reason": "The 5 of spades has no partner adding up to 13 now"}
    assert call(b.tap("t1", 0))["reason"] == "That card is covered"


# Lifting --------------------------------------------------------------------------------------


def test_lift_gives_the_lowest_card_of_each_movable_group() -> None:
    snap = call(dealt("klondike", 1).snapshot(0))
    assert snap["lift"] == {f"t{i}": i - 1 for i in range(1, 8)}      # the face-up tops
    assert snap["pairs"] is False
    snap = call(dealt("yukon", 1).snapshot(0))
    assert snap["lift"]["t7"] == 6          # all five face-up cards of 11 lift in Yukon
    b = dealt("klondike", 1, {"draw": 3})
    snap = call(b.play("stock>waste:3", 0))
    assert snap["lift"]["waste"] == 2 and "stock" not in snap["lift"]
    assert "f1" not in snap["lift"]


@pytest.mark.parametrize("game_id", list(patience.GAMES))
def test_every_legal_move_starts_from_a_card_that_lifts(game_id: str) -> None:
    b = dealt(game_id, 9)
    for _ in range(12):
        snap = call(b.snapshot(0))
        for m in snap["moves"]:
            if "stock" in (m["src"], m["dst"]):
                continue
            index = len(snap["piles"][m["src"]]) - m["n"]
            assert index >= snap["lift"][m["src"]], m
            if snap["pairs"]:
                assert index >= snap["lift"][m["dst"]] or m["dst"].startswith("f"), m
        if not snap["moves"]:
            break
        b.play(snap["moves"][-1]["text"], 0)


def test_a_pyramid_lifts_its_free_cards_only() -> None:
    snap = call(dealt("pyramid", 1).snapshot(0))
    assert snap["pairs"] is True
    assert snap["lift"] == {f"t{i}": 0 for i in range(22, 29)}


# Words ----------------------------------------------------------------------------------------


def test_describe_a_move() -> None:
    b = dealt("klondike", 1)
    assert call(b.describe("t4>t1")) == {
        "kind": "move", "text": "t4>t1", "hint": "move the 7 of spades from Pile 4 to Pile 1",
        "brief": "7\u2660 to Pile 1", "done": "7 of spades from Pile 4 to Pile 1",
        "src": "t4", "dst": "t1",
        "cards": [{"pile": "t4", "index": 3}], "target": {"pile": "t1", "index": 0}}
    d = call(dealt("freecell", 12).describe("t1>t5:2"))
    assert d["hint"].endswith(" and 1 more from Pile 1 to Pile 5")
    assert d["brief"].endswith(" and 1 more to Pile 5")
    assert d["cards"] == [{"pile": "t1", "index": 5}, {"pile": "t1", "index": 6}]


def test_describe_the_stock_without_naming_a_face_down_card() -> None:
    b = dealt("klondike", 1)
    d = call(b.describe("stock>waste"))
    assert (d["kind"], d["hint"], d["done"]) == ("turn", "turn the stock", "Turned the stock")
    assert d["brief"] == d["hint"]
    assert d["cards"] == [{"pile": "stock", "index": 23}]
    assert d["target"] == {"pile": "waste", "index": None}
    for _ in range(24):
        b.play("stock>waste", 0)
    d = call(b.describe("waste>stock:24"))
    assert (d["kind"], d["hint"]) == ("recycle", "turn the waste over")
    assert len(d["cards"]) == 24
    d = call(dealt("spider", 1).describe("stock>tableau:10"))
    assert (d["kind"], d["hint"], d["done"], d["target"]) == (
        "deal", "deal a row", "Dealt a row", None)


def test_describe_a_pair_and_a_king() -> None:
    d = call(dealt("pyramid", 1).describe("t22>t24"))
    assert (d["kind"], d["hint"], d["done"]) == (
        "pair", "remove the 7 of diamonds with the 6 of hearts",
        "Removed the 7 of diamonds and the 6 of hearts")
    assert d["brief"] == "remove 7\u2666 with 6\u2665"
    assert d["cards"] == [{"pile": "t22", "index": 0}, {"pile": "t24", "index": 0}]
    assert d["target"] == {"pile": "t24", "index": 0}
    d = call(dealt("pyramid", 3).describe("t27>f1"))
    assert (d["kind"], d["hint"], d["done"]) == (
        "remove", "remove the King of hearts", "Removed the King of hearts")
    assert d["brief"] == "remove K\u2665"
    assert call(dealt("pyramid", 3).describe("nonsense"))["error"]["kind"] == "MoveParseError"


def test_describe_a_pair_already_removed_says_it_without_names() -> None:
    b = dealt("pyramid", 1)
    call(b.play("t22>t24", 0))                     # both cards are gone now
    d = call(b.describe("t22>t24"))
    assert (d["kind"], d["hint"], d["done"]) == ("pair", "remove the cards", "Removed the cards")


def test_last_words_name_the_card_turned_face_up() -> None:
    b = dealt("klondike", 1)
    assert call(b.snapshot(0))["lastWords"] is None
    r = patience.rules("klondike")
    uncovered = card_name(r.deal(1).piles[r.index["t4"]][2])
    snap = call(b.play("t4>t1", 0))
    assert snap["lastWords"] == \
        f"7 of spades from Pile 4 to Pile 1; the {uncovered} is turned face up"
    assert call(b.snapshot(1))["lastWords"] == snap["lastWords"]
    assert call(b.undo(0))["lastWords"] == \
        f"Took back: 7 of spades from Pile 4 to Pile 1; the {uncovered} is turned face down again"
    assert call(b.redo(0))["lastWords"] == f"Replayed: {snap['lastWords']}"
    snap = call(b.play("stock>waste", 0))
    assert snap["lastWords"] == f"Turned the stock: {card_name(r.deal(1).piles[0][-1])}"
    assert call(Bridge().load(snap["save"]))["lastWords"] is None
    assert call(b.restart(0))["lastWords"] is None


def test_last_words_of_a_draw_three_turn_name_every_card_top_last() -> None:
    b = dealt("klondike", 1, {"draw": 3})
    stock = patience.rules("klondike").deal(1).piles[0]
    snap = call(b.play("stock>waste:3", 0))
    names = [card_name(c) for c in stock[:-4:-1]]
    assert snap["lastWords"] == \
        f"Turned the stock: {names[0]}, {names[1]} and {names[2]} on top"


def test_last_words_of_a_pair() -> None:
    snap = call(dealt("pyramid", 1).play("t22>t24", 0))
    assert snap["lastWords"] == "Removed the 7 of diamonds and the 6 of hearts"


def test_the_bridge_answers_its_new_questions_before_a_deal_with_an_error() -> None:
    b = Bridge()
    for answer in (b.move_for("t1", 0, "t2"), b.tap("t1", 0), b.describe("t1>t2")):
        assert call(answer)["error"]["kind"] == "no-game"


def test_boot_publishes_every_public_method_of_the_bridge() -> None:
    """``static/py/boot.py`` lists no methods of its own: it takes the class's public ones."""
    path = Path(__file__).resolve().parent.parent / "static" / "py" / "boot.py"
    tree = ast.parse(path.read_text())
    found: list[ast.stmt] = [n for n in tree.body
                             if isinstance(n, ast.FunctionDef) and n.name == "public_methods"]
    assert len(found) == 1
    space: dict[str, Any] = {}
    exec(compile(ast.Module(body=found, type_ignores=[]), str(path), "exec"), space)
    names = space["public_methods"](Bridge)
    assert {"catalogue", "new", "play", "move_for", "tap", "describe", "rules", "snapshot",
            "undo_to", "winnable_key"} <= set(names)
    assert not any(n.startswith("_") for n in names)
    assert "METHODS" not in path.read_text()


def test_last_words_say_when_moving_left_closes_up() -> None:
    # Moving Left deal 1: the lone 6H of t1 goes onto t6; t2's face-up card slides into the
    # gap and the card under it is turned face up.
    r = patience.rules("moving_left")
    s = r.deal(1)
    after = r.apply(s, Move("t1", "t6"))
    t2 = r.index["t2"]
    turned = card_name(after.piles[t2][-1])
    snap = call(dealt("moving_left", 1).play("t1>t6", 0))
    assert snap["lastWords"] == ("6 of hearts from Pile 1 to Pile 6; the piles to its right "
                                 f"slide left to close the gap; the {turned} is turned face up")
    assert "slide" not in call(dealt("klondike", 1).play("t4>t1", 0))["lastWords"]


# The line played, for the page's solver cache ------------------------------------------------


def test_the_snapshot_names_the_line_played_as_the_save_holds_it() -> None:
    b = dealt("freecell", 5)
    first = call(b.snapshot(0))["line"]
    assert first["moves"] == [] and first["redo"] == []
    move = call(b.snapshot(0))["moves"][0]["text"]
    after = call(b.play(move, 1))
    save = json.loads(after["save"])
    assert after["line"] == {"key": first["key"], "moves": save["moves"], "redo": []}
    undone = call(b.undo(2))["line"]
    assert undone == {"key": first["key"], "moves": [], "redo": save["moves"]}
    # The same line after a reload; another deal, other options or another game is another.
    loaded = Bridge()
    assert call(loaded.load(after["save"], "freecell"))["line"] == after["line"]
    others = [call(dealt("freecell", 6).snapshot(0))["line"]["key"],
              call(dealt("klondike", 5, {"draw": 3}).snapshot(0))["line"]["key"],
              call(dealt("klondike", 5).snapshot(0))["line"]["key"]]
    assert len({first["key"], *others}) == 4     # klondike draw 3 and draw 1 differ too


def test_a_folded_line_starts_from_its_position_like_the_save() -> None:
    b = dealt("klondike", 2, {"passes": "unlimited"})
    key = call(b.snapshot(0))["line"]["key"]
    turns = 0
    while True:
        snap = call(b.snapshot(0))
        turn = next(m["text"] for m in snap["moves"] if "stock" in (m["src"], m["dst"]))
        snap = call(b.play(turn, 0))
        turns += 1
        if snap["folded"]:
            break
    save = json.loads(snap["save"])
    assert "deal" not in save and snap["line"]["moves"] == save["moves"]
    assert snap["line"]["key"] != key and save["position"] in json.loads(snap["line"]["key"])
    assert turns > len(save["moves"])


def test_the_snapshot_says_how_often_a_time_penalty_falls_only_when_timed() -> None:
    assert call(dealt("klondike", 1, {"timed": True}).snapshot(0))["penaltyEvery"] == 10
    assert call(dealt("klondike", 1).snapshot(0))["penaltyEvery"] is None
    assert call(dealt("freecell", 1).snapshot(0))["penaltyEvery"] is None


# Pictures of the games ------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", list(patience.GAMES))
def test_a_preview_is_the_opening_of_a_fixed_deal_as_the_table_draws_it(game_id: str) -> None:
    b = Bridge()
    picture = call(b.preview(game_id, "{}"))
    opening = call(dealt(game_id, picture["deal"]).snapshot(0))
    for field in ("game", "title", "options", "deal", "layout", "piles", "free", "labels"):
        assert picture[field] == opening[field], field
    assert picture["taps"] == {}
    assert b.session is None                     # a picture deals nothing on the table
    assert call(b.preview(game_id, "{}")) == picture


def test_a_preview_takes_options_and_says_what_is_wrong_with_them() -> None:
    b = Bridge()
    assert call(b.preview("spider", '{"suits": 1}'))["options"]["suits"] == 1
    assert "error" in call(b.preview("spider", '{"suits": 3}'))
    assert "error" in call(b.preview("no_such_game", "{}"))


def _run_boot(monkeypatch: pytest.MonkeyPatch, boot_path: object = None,
              timers: list[tuple[Any, float]] | None = None) -> dict[str, Any]:
    """Run ``static/py/boot.py`` as the engine's worker does, with a stand-in ``js`` (whose
    ``setTimeout``, if ``timers`` is given, appends its callback and delay there)."""
    import runpy  # noqa: PLC0415
    import sys  # noqa: PLC0415
    import types  # noqa: PLC0415

    fake_js = types.ModuleType("js")
    if boot_path is not None:
        fake_js.patienceBootPath = boot_path  # type: ignore[attr-defined]
    if timers is not None:
        fake_js.setTimeout = lambda fn, ms: timers.append((fn, ms))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", fake_js)
    path = Path(__file__).resolve().parent.parent / "static" / "py" / "boot.py"
    return runpy.run_path(str(path))


def test_the_worker_boot_answers_the_pages_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the engine's worker, ``call`` takes a method and a JSON list of arguments and gives
    the bridge's JSON answer; ``started`` names every public method and how Python booted."""
    boot = _run_boot(monkeypatch, types_namespace(path="snapshot", fallback=None))
    assert boot["__export__"] == ["call", "started"]
    started = json.loads(boot["started"]())
    assert started["error"] is None and started["boot"] == "snapshot"
    assert started["fallback"] is None
    assert started["methods"] == boot["public_methods"](Bridge)
    snap = call(boot["call"]("new", json.dumps(["klondike", "{}", 7])))
    assert (snap["game"], snap["deal"], snap["moveCount"]) == ("klondike", 7, 0)
    move = snap["moves"][0]["text"]
    played = call(boot["call"]("play", json.dumps([move, 2.5, False])))
    assert played["moveCount"] == 1
    assert call(boot["call"]("play", json.dumps(["t1>t1", 3])))["error"]
    with pytest.raises(ValueError, match="no method '_start'"):
        boot["call"]("_start", "[]")


def test_the_worker_imports_the_later_modules_after_the_first_move_while_idle(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After the first ``play``, the worker imports ``LATER`` one module a timer, each once the
    page has made no call for ``IDLE_MS`` (a call meanwhile puts it off), and then stops."""
    import sys  # noqa: PLC0415

    from patience.bridge import LATER  # noqa: PLC0415

    for name in [m for m in sys.modules if m in LATER]:
        monkeypatch.delitem(sys.modules, name)
    timers: list[tuple[Any, float]] = []
    boot = _run_boot(monkeypatch, timers=timers)
    clock = [100.0]
    monkeypatch.setattr(boot["time"], "monotonic", lambda: clock[0])
    snap = call(boot["call"]("new", json.dumps(["klondike", "{}", 7])))
    assert timers == []                          # nothing before the first move
    call(boot["call"]("play", json.dumps([snap["moves"][0]["text"], 1.0, False])))
    assert [ms for _, ms in timers] == [boot["IDLE_MS"]]
    assert not any(name in sys.modules for name in LATER)
    clock[0] += 0.4                               # a call 0.4 s later puts the import off
    boot["call"]("snapshot", "[1.0]")
    clock[0] += 0.7
    timers.pop(0)[0]()
    assert not any(name in sys.modules for name in LATER)
    assert [round(ms) for _, ms in timers] == [300]
    imported = []
    while timers:
        clock[0] += 1.0
        timers.pop(0)[0]()
        imported.append(sum(name in sys.modules for name in LATER))
        assert len(imported) <= len(LATER)
    assert imported[-1] == len(LATER) and imported == sorted(imported)
    assert len(imported) == len(LATER)           # one a timer, and none once all are in
    call(boot["call"]("play", json.dumps(["t1>t1", 3])))
    assert timers == []                          # once only


def test_the_worker_boot_says_why_the_engine_did_not_start(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that cannot be imported is said by ``started``, not raised while starting."""
    import patience.bridge  # noqa: PLC0415

    monkeypatch.setitem(__import__("sys").modules, "patience.bridge", None)
    boot = _run_boot(monkeypatch)
    started = json.loads(boot["started"]())
    assert started["error"].startswith("ModuleNotFoundError") and started["methods"] == []
    assert started["boot"] is None
    with pytest.raises(ValueError, match="the engine did not start: ModuleNotFoundError"):
        boot["call"]("catalogue", "[]")
    assert patience.bridge.Bridge is Bridge


def types_namespace(**fields: object) -> object:
    """A plain object with these attributes (as a JavaScript object reads in Pyodide)."""
    import types  # noqa: PLC0415

    return types.SimpleNamespace(**fields)
