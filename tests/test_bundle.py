"""The export file: checked whole before anything is taken, merged without losing anything."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest

from patience import bundle
from patience.bridge import Bridge


def call(text: str) -> Any:
    return json.loads(text)


def game_record(game: str, deal: int, moves: int = 0) -> dict[str, Any]:
    """Return the page's saved-game record after some of the engine's first legal moves."""
    b = Bridge()
    snap = call(b.new(game, "{}", deal))
    for _ in range(moves):
        snap = call(b.play(snap["moves"][0]["text"], 0))
    painted = {k: v for k, v in snap.items() if k not in ("moves", "taps", "safe", "save")}
    return {"v": 1, "game": game, "save": snap["save"], "snapshot": painted}


# A stand-in for the statistics module: a record is {"v": 1, "entries": [ids]}; a merge is
# the union of the entries.
def fake_check(text: str) -> str | None:
    data = json.loads(text)
    ok = isinstance(data, dict) and data.get("v") == 1 and isinstance(data.get("entries"), list)
    return None if ok else "not a statistics record"


def fake_merge(a: str, b: str) -> dict[str, Any]:
    ea, eb = json.loads(a)["entries"], json.loads(b)["entries"]
    return {"record": {"v": 1, "entries": sorted(set(ea) | set(eb))}}


def export(**parts: Any) -> dict[str, Any]:
    return {"format": "patience-export", "version": 1, "exported": "2026-11-24T09:00:00Z",
            **parts}


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(bundle).failed == 0


def test_a_good_file_is_read() -> None:
    data = export(games={"freecell": game_record("freecell", 3, 4)},
                  parked={"klondike": game_record("klondike", 9, 2)},
                  stats={"yukon": {"v": 1, "entries": ["a"]}},
                  settings={"v": 1, "motion": False}, current="freecell")
    assert bundle.check(json.dumps(data), fake_check)["current"] == "freecell"


def deep(n: int) -> str:
    return '{"format": "patience-export", "version": 1, "settings": ' + "[" * n + "]" * n + "}"


BAD: list[tuple[str, str, str]] = [
    ("empty", "", "empty"),
    ("spaces", "   \n", "empty"),
    ("not json", "{format: patience}", "not JSON"),
    ("truncated", json.dumps(export(games={}))[:-3], "not JSON"),
    ("a list", "[]", "not a file exported by Patience"),
    ("a number", "42", "not a file exported by Patience"),
    ("a save, not an export", game_record("freecell", 1)["save"],
     "not a file exported by Patience"),
    ("another format", json.dumps({"format": "pysol", "version": 1}), "not a file exported"),
    ("a newer version", json.dumps(export(version=2)), "version 2"),
    ("no version", json.dumps({"format": "patience-export"}), "version None"),
    ("NaN", '{"format": "patience-export", "version": 1, "settings": {"x": NaN}}', "not JSON"),
    ("Infinity", '{"format": "patience-export", "version": 1, "x": -Infinity}', "not JSON"),
    ("too deep", deep(200), "nested far deeper"),
    ("very deep", deep(100_000), "nested far deeper"),
    ("too large", json.dumps(export(settings={"x": "y" * 8_000_001})), "characters long"),
    ("games not an object", json.dumps(export(games=[])), '"games" is not a list of games'),
    ("stats not an object", json.dumps(export(stats="x")), '"stats" is not a list'),
    ("an unknown game", json.dumps(export(games={"chess": game_record("freecell", 1)})),
     'does not have ("chess")'),
    ("a game filed under another", json.dumps(export(games={"yukon": game_record("freecell", 1)})),
     "filed under another game"),
    ("another game's save", json.dumps(export(games={"yukon": {
        **game_record("freecell", 1), "game": "yukon"}})), "holds a game of FreeCell"),
    ("a record with no save", json.dumps(export(games={"yukon": {"game": "yukon",
                                                                "snapshot": {}}})),
     "not a saved-game record"),
    ("a record that is a string", json.dumps(export(parked={"yukon": "save"})),
     "not a saved-game record"),
    ("an illegal move", json.dumps(export(games={"freecell": {
        **game_record("freecell", 1), "save": game_record("freecell", 1)["save"].replace(
            '"moves":[]', '"moves":["t1>f1"]')}})), "cannot be resumed"),
    ("a bad statistics record", json.dumps(export(stats={"klondike": {"v": 7}})),
     "statistics of Klondike cannot be read: not a statistics record"),
    ("statistics filed under another game", json.dumps(export(stats={"klondike": {
        "v": 1, "game": "spider", "entries": []}})), "are those of another game"),
    ("settings not an object", json.dumps(export(settings=[1])), "settings are not"),
    ("an unknown current game", json.dumps(export(current="chess")), "last game played"),
]


@pytest.mark.parametrize(("name", "text", "words"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_file_is_refused_with_a_clear_message(name: str, text: str, words: str) -> None:
    with pytest.raises(bundle.BundleError) as caught:
        bundle.check(text, fake_check)
    assert words in str(caught.value)


def test_statistics_are_refused_when_they_cannot_be_checked() -> None:
    text = json.dumps(export(stats={"klondike": {"v": 1, "entries": []}}))
    with pytest.raises(bundle.BundleError, match="cannot read statistics"):
        bundle.check(text, None)


def test_nesting_depth_ignores_brackets_in_strings() -> None:
    assert bundle.nesting_depth('["[[[[", {"a": "\\"{{{"}]') == 2
    assert bundle.nesting_depth("") == 0


def test_merge_never_loses_what_is_here() -> None:
    mine_game = game_record("freecell", 3, 4)
    their_game = game_record("freecell", 8, 6)
    current = export(games={"freecell": mine_game},
                     stats={"klondike": {"v": 1, "entries": ["a", "b"]},
                            "yukon": {"v": 1, "entries": ["y"]}},
                     settings={"v": 1, "motion": False}, current="freecell")
    incoming = export(games={"freecell": their_game, "yukon": game_record("yukon", 2, 1)},
                      parked={"klondike": game_record("klondike", 5, 3)},
                      stats={"klondike": {"v": 1, "entries": ["b", "c"]},
                             "spider": {"v": 1, "entries": ["s"]},
                             "yukon": {"v": 1, "entries": ["y"]}},
                      settings={"v": 1, "motion": True}, current="yukon")
    out = bundle.merge(current, bundle.check(json.dumps(incoming), fake_check),
                       fake_merge, fake_check)
    # Statistics: merged, taken where there were none, left alone where nothing is new.
    assert out.stats == {"klondike": {"v": 1, "entries": ["a", "b", "c"]},
                         "spider": {"v": 1, "entries": ["s"]}}
    # Saved games: the device's own FreeCell game stays; Yukon comes from the file.
    assert "freecell" not in out.games and out.games["yukon"]["game"] == "yukon"
    assert out.parked["klondike"]["game"] == "klondike"
    assert out.settings is None and out.current is None
    words = "\n".join(out.report)
    assert "FreeCell: your game in progress on this device is kept; the file's (deal 8, " \
        "6 moves) was not imported." in words
    assert "Yukon: the file's game in progress (deal 2, 1 move) is restored." in words
    assert "Klondike: statistics and history merged" in words
    assert "Spider: statistics and history taken from the file." in words
    assert "Yukon: statistics already up to date." in words
    assert "This device's settings are kept." in words


def test_merge_into_a_fresh_device_takes_everything() -> None:
    incoming = export(games={"freecell": game_record("freecell", 8, 6),
                             "yukon": game_record("yukon", 4, 0)},
                      stats={"spider": {"v": 1, "entries": ["s"]}},
                      settings={"v": 1, "motion": False}, current="freecell")
    # A fresh device has a deal on the table, not yet played: the file's game takes its place
    # (and a deal not played does not replace another).
    fresh = export(games={"freecell": game_record("freecell", 77, 0),
                          "yukon": game_record("yukon", 5, 0)})
    out = bundle.merge(fresh, bundle.check(json.dumps(incoming), fake_check),
                       fake_merge, fake_check)
    assert out.games == {"freecell": incoming["games"]["freecell"]}
    assert out.stats == incoming["stats"]
    assert out.settings == {"v": 1, "motion": False} and out.current == "freecell"
    assert "Settings taken from the file." in out.report


def test_merge_leaves_an_unreadable_record_of_this_device_alone() -> None:
    current = export(stats={"klondike": {"v": 9}}, games={"yukon": "junk"})
    incoming = export(stats={"klondike": {"v": 1, "entries": ["a"]}},
                      games={"yukon": game_record("yukon", 2)})
    out = bundle.merge(current, bundle.check(json.dumps(incoming), fake_check),
                       fake_merge, fake_check)
    assert out.stats == {} and out.games == {}
    assert any("could not be read" in line for line in out.report)


def test_merging_a_file_twice_changes_nothing_the_second_time() -> None:
    incoming = export(games={"freecell": game_record("freecell", 8, 6)},
                      stats={"spider": {"v": 1, "entries": ["s"]}})
    checked = bundle.check(json.dumps(incoming), fake_check)
    first = bundle.merge(export(), checked, fake_merge, fake_check)
    after = export(games=first.games, stats=first.stats, settings={"v": 1})
    second = bundle.merge(after, checked, fake_merge, fake_check)
    assert second.games == {} and second.stats == {} and second.settings is None


def test_the_bridge_answers_in_json_and_never_raises() -> None:
    b = Bridge()
    good = export(games={"freecell": game_record("freecell", 8, 2)})
    assert call(b.bundle_check(json.dumps(good))) == {"ok": True, "stats": 0, "games": 1,
                                                     "parked": 0}
    merged = call(b.bundle_merge(json.dumps(export()), json.dumps(good)))
    assert merged["write"]["games"]["freecell"]["game"] == "freecell"
    assert merged["report"] == ["FreeCell: the file's game in progress (deal 8, 2 moves) is "
                                "restored."]
    for _, text, words in BAD:
        if "statistics" in words:
            continue
        answer = call(b.bundle_merge(json.dumps(export()), text))
        assert answer["error"]["kind"] == "bad-bundle" and words in answer["error"]["message"]
    assert "error" in call(b.bundle_merge("[]", json.dumps(good)))


def test_the_bridge_checks_and_merges_real_statistics_records() -> None:
    b = Bridge()

    def record(*ids: str) -> Any:
        text = ""
        for i in ids:
            entry = {"id": i, "game": "freecell", "options": {}, "deal": 3, "result": "won",
                     "marks": [], "seconds": 100, "moves": 90, "score": None,
                     "ended": "2026-11-20T10:00:00Z", "daily": None}
            text = json.dumps(call(b.records_add(text, json.dumps(entry)))["record"])
        return json.loads(text)

    mine, theirs = record("a", "b"), record("b", "c")
    answer = call(b.bundle_merge(json.dumps(export(stats={"freecell": mine})),
                                 json.dumps(export(stats={"freecell": theirs}))))
    merged = answer["write"]["stats"]["freecell"]
    assert merged == call(b.records_merge(json.dumps(mine), json.dumps(theirs)))["record"]
    assert answer["report"] == ["FreeCell: statistics and history merged with this device's."]
    bad = call(b.bundle_check(json.dumps(export(stats={"freecell": {"v": 1, "game": "freecell",
                                                                     "variants": 7}}))))
    assert bad["error"]["kind"] == "bad-bundle"
    assert bad["error"]["message"].startswith("the statistics of FreeCell cannot be read")


def test_an_export_leaves_out_a_record_it_cannot_read_and_the_rest_imports() -> None:
    b = Bridge()
    good_stats = call(b.records_add("", json.dumps({
        "id": "a", "game": "yukon", "options": {}, "deal": 3, "result": "won", "marks": [],
        "seconds": 100, "moves": 90, "score": None, "ended": "2026-11-20T10:00:00Z",
        "daily": None})))["record"]
    parts = {"exported": "2026-11-24T09:00:00Z", "current": "freecell",
             "settings": {"v": 1, "motion": False},
             "stats": {"yukon": good_stats, "freecell": {"v": 1, "game": "freecell",
                                                          "variants": 7}},
             "games": {"freecell": game_record("freecell", 3, 4),
                       "klondike": {**game_record("klondike", 9, 2), "save": "{nonsense"}},
             "parked": {"chess": game_record("spider", 1)}}
    made = call(b.bundle_make(json.dumps(parts)))
    file = made["file"]
    assert (file["format"], file["version"]) == (bundle.FORMAT, bundle.VERSION)
    assert set(file["stats"]) == {"yukon"} and set(file["games"]) == {"freecell"}
    assert file["parked"] == {} and file["current"] == "freecell"
    assert len(made["left"]) == 2
    assert made["left"][0].startswith("the FreeCell statistics (")
    assert made["left"][1].startswith("the saved Klondike game (")
    # The file the engine wrote is one it imports whole.
    assert call(b.bundle_check(json.dumps(file))) == {"ok": True, "stats": 1, "games": 1,
                                                     "parked": 0}
    assert call(b.bundle_make("not json"))["file"]["games"] == {}
    assert call(b.bundle_limits()) == {"maxBytes": bundle.MAX_BYTES}
