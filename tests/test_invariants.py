"""Invariants over every game and every option set, with Hypothesis driving random play.

At every step of a random game: the cards are conserved; every listed move plays, the moves
from each pile alone are the list's moves from it, and moves outside the list are refused
with the position left as it was; the position text and the save round-trip; the player's
view hides exactly the face-down cards; the safe automatic moves are legal. At the end,
undoing back to the start gives the deal again.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import patience
from patience import (
    GAMES,
    IllegalMoveError,
    Move,
    OptionsError,
    Rules,
    Session,
    State,
    format_position,
    parse_position,
    safe_moves,
    view,
)
from patience.movegen import generate


def option_sets(game_id: str) -> list[dict[str, object]]:
    """Return every valid combination of a game's options."""
    game = GAMES[game_id]
    out: list[dict[str, object]] = []
    for values in itertools.product(*(o.choices for o in game.options)):
        chosen: dict[str, object] = {o.name: v for o, v in zip(game.options, values)}
        try:
            patience.rules(game_id, chosen)
        except OptionsError:
            continue
        out.append(chosen)
    return out


VARIANTS = [(g, o) for g in GAMES for o in option_sets(g)]


def test_option_sets_cover_every_named_option() -> None:
    assert len([v for v in VARIANTS if v[0] == "klondike"]) == 96   # timed only with standard
    assert len([v for v in VARIANTS if v[0] == "spider"]) == 3
    assert len([v for v in VARIANTS if v[0] == "pyramid"]) == 3


def check_position(r: Rules, s: State) -> None:
    """Assert every per-position invariant."""
    assert Counter(c for p in s.piles for c in p) == Counter(r.pack())
    moves = r.legal_moves(s)
    assert len(set(moves)) == len(moves)
    for m in moves:
        assert r.play(s, m) == r.apply(s, m)
    for i, name in enumerate(r.names):   # the moves from one pile, as Rules.play checks them
        got = generate(r, s, i)
        assert set(got) <= set(moves)
        assert [m for m in got if m.src == name] == [m for m in moves if m.src == name]
    assert set(safe_moves(r, s)) <= set(moves)
    text = format_position(r, s)
    r2, s2 = parse_position(text)
    assert s2 == s and r2.options == r.options and r2.game is r.game
    assert format_position(r2, s2) == text
    hidden = sum(1 for p in view(r, s)["piles"].values() for c in p if c is None)
    stock = len(s.piles[r.stock]) if r.stock >= 0 else 0
    peeked = 1 if stock and r.options.get("peek") else 0
    assert hidden == sum(s.down) + stock - peeked


def outside_moves(r: Rules, s: State, moves: list[Move], pick: int) -> list[Move]:
    """Return a spread of moves that are not legal: every pile pair, 1 and 2 cards."""
    names = [*r.names, "tableau"]
    candidates = [Move(a, b, n) for a in names for b in names for n in (1, 2, 13)]
    outside = [m for m in candidates if m not in moves]
    return outside[pick % 7::7]


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=12)
@given(data=st.data())
def test_random_play_keeps_every_invariant(game_id: str, data: st.DataObject) -> None:
    options = data.draw(st.sampled_from(option_sets(game_id)), label="options")
    deal = data.draw(st.integers(1, 2**31 - 1), label="deal")
    game = patience.new_game(game_id, deal, options)
    r = game.rules
    for step in range(data.draw(st.integers(0, 40), label="steps")):
        s = game.state
        check_position(r, s)
        moves = game.legal_moves()
        for bad in outside_moves(r, s, moves, step):
            with pytest.raises(IllegalMoveError):
                game.play(bad)
            assert game.state == s and len(game.moves) == step
        loaded = Session.load(game.save())
        assert loaded.state == s and loaded.moves == game.moves
        if not moves:
            break
        game.play(moves[data.draw(st.integers(0, len(moves) - 1), label="move")])
    played = list(game.moves)
    game.restart()
    assert game.state == r.deal(deal)
    for m in played:
        assert game.redo() == m
    assert game.moves == played
