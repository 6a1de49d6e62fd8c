"""The keyboard's direct pile keys come from the engine, in the layout the page draws."""

from __future__ import annotations

import doctest
import json

import patience
from patience import pilekeys
from patience.bridge import Bridge
from patience.cards import rank
from patience.movegen import generate
from patience.pilekeys import closed_piles, empty_marks, pile_keys, pile_kinds


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(pilekeys).failed == 0


def test_every_game_has_keys_for_its_columns_stock_waste_cells_and_foundations() -> None:
    for game_id in patience.GAMES:
        r = patience.rules(game_id)
        keys = pile_keys(r)
        assert list(keys) == [p for p in r.index if p in keys]          # the table's order
        columns = [p for p in r.index if p.startswith("t")]
        for n, p in enumerate(columns[:20], start=1):
            assert keys[p] == ("shift+" if n > 10 else "") + str(n % 10), (game_id, p)
        assert all(p not in keys for p in columns[20:])
        for p in r.index:
            if p in ("stock", "waste") or (p[0] in "fc" and p[1:].isdigit()):
                assert keys[p] == p[0]
        # One key, one pile, but for the groups (foundations, free cells).
        singles = [k for k in keys.values() if k not in ("f", "c")]
        assert len(singles) == len(set(singles)), game_id


def test_the_snapshot_carries_the_keys_in_its_layout() -> None:
    snap = json.loads(Bridge().new("klondike", "{}", 1))
    keys = snap["layout"]["keys"]
    assert (keys["stock"], keys["waste"], keys["t7"], keys["f1"]) == ("s", "w", "7", "f")


def test_every_pile_has_the_kind_the_rules_give_it() -> None:
    for game_id in patience.GAMES:
        r = patience.rules(game_id)
        kinds = pile_kinds(r)
        assert list(kinds) == list(r.names), game_id
        by_kind = {k: [r.index[p] for p in kinds if kinds[p] == k]
                   for k in ("stock", "waste", "foundation", "cell", "tableau")}
        assert by_kind["stock"] == ([r.stock] if r.stock >= 0 else []), game_id
        assert by_kind["waste"] == ([r.waste] if r.waste >= 0 else []), game_id
        assert tuple(by_kind["foundation"]) == r.F, game_id
        assert tuple(by_kind["cell"]) == r.C, game_id
        assert tuple(by_kind["tableau"]) == r.T, game_id


def test_the_snapshot_carries_the_kinds_in_its_layout() -> None:
    kinds = json.loads(Bridge().new("freecell", "{}", 1))["layout"]["kinds"]
    assert (kinds["f1"], kinds["c1"], kinds["t8"]) == ("foundation", "cell", "tableau")
    assert "stock" not in kinds


def test_a_closed_pile_takes_no_card_once_empty_and_an_open_one_takes_some() -> None:
    for game_id in patience.GAMES:
        r = patience.rules(game_id)
        closed = closed_piles(r)
        assert set(closed) <= {r.names[t] for t in r.T}, game_id
        # The last pile of the tableau emptied by hand, deal after deal: its moves in.
        last = r.T[-1]
        into = 0
        for deal in range(1, 21):
            s = r.deal(deal)
            bare = s._replace(piles=tuple(() if i == last else p for i, p in enumerate(s.piles)),
                              down=tuple(0 if i == last else d for i, d in enumerate(s.down)))
            into += sum(m.dst == r.names[last] for m in generate(r, bare))
        assert (into == 0) == (r.names[last] in closed), (game_id, into)
    assert closed_piles(patience.rules("golf")) == [f"t{k}" for k in range(1, 8)]


def test_the_snapshot_carries_the_closed_piles_in_its_layout() -> None:
    golf = json.loads(Bridge().new("golf", "{}", 1))["layout"]
    assert golf["closed"] == [f"t{k}" for k in range(1, 8)]
    assert json.loads(Bridge().new("klondike", "{}", 1))["layout"]["closed"] == []


def test_an_empty_pile_shows_the_one_rank_that_may_start_it() -> None:
    """From the rule sheets: Klondike's foundations start with an Ace and only a King fills
    an empty column; FreeCell's cells and columns take any card; Spider's foundations take
    whole suits, never a card played alone; Golf's emptied columns take no card."""
    klondike = empty_marks(patience.rules("klondike"))
    assert {klondike[f"f{i}"] for i in range(1, 5)} == {"A"}
    assert {klondike[f"t{i}"] for i in range(1, 8)} == {"K"}
    freecell = empty_marks(patience.rules("freecell"))
    assert sorted(freecell) == ["f1", "f2", "f3", "f4"] and set(freecell.values()) == {"A"}
    assert empty_marks(patience.rules("spider")) == {}
    assert empty_marks(patience.rules("golf")) == {}


def test_every_marked_rank_is_what_the_legal_moves_put_into_that_empty_pile() -> None:
    """The page's mark and the engine's moves agree, found from the moves themselves: in
    every game, each marked pile emptied by hand, deal after deal, is entered only by runs
    whose first card has the marked rank, and by some such run."""
    ranks = "A23456789TJQK"
    for game_id in patience.GAMES:
        r = patience.rules(game_id)
        for name, mark in empty_marks(r).items():
            i = r.index[name]
            seen: set[str] = set()
            for deal in range(1, 41):
                s = r.deal(deal)
                bare = s._replace(
                    piles=tuple(() if k == i else p for k, p in enumerate(s.piles)),
                    down=tuple(0 if k == i else d for k, d in enumerate(s.down)))
                for m in generate(r, bare):
                    if m.dst == name and m.src in r.index:
                        src = bare.piles[r.index[m.src]]
                        seen.add(ranks[rank(src[-m.n]) - 1])
            assert seen == {"T" if mark == "10" else mark}, (game_id, name, seen)


def test_the_snapshot_carries_the_marks_in_its_layout() -> None:
    snap = json.loads(Bridge().new("klondike", "{}", 1))
    assert snap["layout"]["empty"]["f1"] == "A" and snap["layout"]["empty"]["t1"] == "K"
