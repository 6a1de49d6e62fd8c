"""Links to a deal: made and read by the engine, with clear words for a bad link."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience
from patience import links
from patience.bridge import Bridge


def call(text: str) -> Any:
    return json.loads(text)


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(links).failed == 0


def test_a_link_names_the_options_that_differ_from_the_defaults() -> None:
    b = Bridge()
    opts = {"draw": 3, "passes": "unlimited", "scoring": "standard", "timed": False,
            "takeback": True, "peek": False}
    assert call(b.link_make("klondike", json.dumps(opts), 617)) == {
        "query": "?game=klondike&deal=617&draw=3&passes=unlimited"}
    assert call(b.link_make("freecell", "{}", 1)) == {"query": "?game=freecell&deal=1"}
    assert call(b.link_make("klondike", '{"takeback": false, "scoring": "vegas"}', 5)) == {
        "query": "?game=klondike&deal=5&scoring=vegas&takeback=no"}
    assert call(b.link_make("klondike", "{}", 7.0))["query"] == "?game=klondike&deal=7"


@pytest.mark.parametrize("game", list(patience.GAMES))
def test_every_option_set_round_trips(game: str) -> None:
    g = patience.find_game(game)
    sets: list[dict[str, object]] = [{}]
    for o in g.options:
        sets = [{**s, o.name: c} for s in sets for c in o.choices]
    b = Bridge()
    for options in sets:
        made = call(b.link_make(game, json.dumps(options), 2026))
        if "error" in made:          # a combination the game refuses (timed Vegas)
            continue
        back = call(b.link_parse(made["query"]))
        assert back["game"] == game and back["deal"] == 2026
        assert back["options"] == patience.options.resolve(g, options)


@pytest.mark.parametrize(("query", "words"), [
    ("?game=chess&deal=4", 'names a game Patience does not have ("chess")'),
    ("?deal=4", "does not say which game"),
    ("?game=klondike&deal=0", "numbered from 1 to"),
    ("?game=klondike&deal=2147483648", "asks for deal 2147483648"),
    ("?game=klondike&deal=-5", 'whole number, and this link gives "-5"'),
    ("?game=klondike&deal=12abc", "whole number"),
    ("?game=klondike&deal=1e3", "whole number"),
    ("?game=klondike&draw=5", 'option "draw" is one of 1, 3; this link gives "5"'),
    ("?game=klondike&suits=2", 'Klondike has no option "suits" (its options are draw'),
    ("?game=freecell&draw=3", 'FreeCell has no option "draw" (it has no options)'),
    ("?game=klondike&deal=1&deal=2", 'gives "deal" twice'),
    ("?game=klondike&timed=yes&scoring=vegas", "do not go together"),
    ("?game=" + "x" * 3000, "too long"),
    ("?game=%3Cscript%3E", 'does not have ("<script>")'),
])
def test_a_bad_link_gets_a_clear_message(query: str, words: str) -> None:
    answer = call(Bridge().link_parse(query))
    assert answer["error"]["kind"] == "bad-link"
    assert words in answer["error"]["message"]


def test_links_read_leniently_where_nothing_is_in_doubt() -> None:
    b = Bridge()
    assert call(b.link_parse("")) == {"none": True}
    assert call(b.link_parse("?")) == {"none": True}
    got = call(b.link_parse("game=Klondike&deal=%36%31%37&passes=Unlimited&&draw=3"))
    assert (got["game"], got["deal"], got["options"]["passes"]) == ("klondike", 617, "unlimited")
    assert got["named"] == ["draw", "passes"]
    assert call(b.link_parse("?game=yukon")) == {"game": "yukon", "options": {}, "named": [],
                                                  "deal": None}
    # An option given at its default is the same link; the same value twice is fine.
    assert call(b.link_parse("?game=spider&deal=3&suits=1&suits=1"))["options"] == {"suits": 1}


def test_parameters_patience_never_writes_are_left_out() -> None:
    b = Bridge()
    got = call(b.link_parse("?game=klondike&deal=4&draw=3&fbclid=x1&utm_source=news"))
    assert (got["game"], got["deal"], got["options"]["draw"]) == ("klondike", 4, 3)
    # A visit from a tagged link with no game in it is a plain visit, not a bad link.
    assert call(b.link_parse("?utm_source=news&fbclid=abc")) == {"none": True}


def test_a_bad_link_to_make_is_an_error() -> None:
    b = Bridge()
    for args in (("chess", "{}", 1), ("klondike", "{}", 0), ("klondike", '{"draw": 2}', 1),
                 ("klondike", "[]", 1), ("klondike", "{}", True), ("klondike", "{}", 1.5)):
        assert "error" in call(b.link_make(*args))


@given(st.text(max_size=200))
def test_any_query_gives_an_answer_never_an_exception(query: str) -> None:
    answer = call(Bridge().link_parse(query))
    assert isinstance(answer, dict)
    assert set(answer) in ({"error"}, {"none"}, {"game", "options", "named", "deal"})


def test_options_a_link_leaves_out_are_the_defaults_for_play_and_the_players_own_for_scoring(
        ) -> None:
    b = Bridge()
    own = json.dumps({"klondike": {"scoring": "vegas", "draw": 3, "peek": True}})
    got = call(b.link_parse("?game=klondike&deal=1", own))["options"]
    # draw is a rule of play: the link (made with draw 1 left out) means draw 1.
    assert (got["draw"], got["scoring"], got["peek"]) == (1, "vegas", True)
    # What the link names wins; the player's own that do not go with it are dropped.
    got = call(b.link_parse("?game=klondike&deal=1&timed=yes", own))["options"]
    assert (got["timed"], got["scoring"]) == (True, "standard")
    got = call(b.link_parse("?game=klondike&deal=1&scoring=none", own))["options"]
    assert got["scoring"] == "none"
    # Unreadable options of the player's are ignored.
    for junk in ("junk", "[]", '{"klondike": 5}', '{"klondike": {"scoring": "dollars"}}'):
        got = call(b.link_parse("?game=klondike&deal=1", junk))["options"]
        assert got == patience.find_game("klondike").default_options()
