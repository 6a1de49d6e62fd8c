"""The keyboard's direct pile keys come from the engine, in the layout the page draws."""

from __future__ import annotations

import doctest
import json

import patience
from patience import pilekeys
from patience.bridge import Bridge
from patience.pilekeys import pile_keys


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
