"""The soak (tools/soak.py), small: 200 random games of every game and option set, every
step checked (cards kept, the save round-trips), undo to the start giving the deal."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

import patience
from patience import Session

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import soak  # noqa: E402


def test_every_game_and_option_set_is_a_variant_the_soak_plays() -> None:
    found = soak.variants()
    assert {g for g, _ in found} == set(patience.GAMES)
    klondike = [o for g, o in found if g == "klondike"]
    assert len(klondike) == 2 * 3 * 2 * 2 * 2 + 2 * 3 * 2 * 2 * 2   # timed only if standard
    assert not any(o["timed"] and o["scoring"] != "standard" for o in klondike)


def test_two_hundred_random_games_keep_every_card_and_round_trip_every_save() -> None:
    tally = soak.play_batch(list(range(1, 201)), steps=40, save_every=1)
    assert tally.failures == []
    assert tally.games == 200 and tally.moves > 4000
    assert tally.saves >= tally.steps          # every step's save was loaded back
    assert sum(tally.outcomes.values()) == 200


def test_the_soak_notices_a_card_lost_and_a_save_that_forgets_a_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real_save = Session.save

    def forgetful(self: Session) -> str:       # a save that drops the last move
        if self.moves:
            last = self.moves.pop()
            try:
                return real_save(self)
            finally:
                self.moves.append(last)
        return real_save(self)

    monkeypatch.setattr(Session, "save", forgetful)
    tally = soak.play_batch([1, 2, 3], steps=5, save_every=1)
    assert len(tally.failures) == 3
    assert all("save" in f["error"].lower() for f in tally.failures)
    monkeypatch.undo()

    game = patience.new_game("freecell", 1)
    pack = Counter(game.rules.pack())
    soak._check(game, pack, True)
    pack[0] += 1                               # one card more than the table holds
    with pytest.raises(soak.SoakError, match="lost"):
        soak._check(game, pack, False)
