"""The registry is found, not written: every table of a module in ``patience/games/``, in
the places the tables declare, from a folder or from the engine's zip alike."""

from __future__ import annotations

import importlib
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import patience
from patience.game import Game
from patience.vocab import IN_SUIT, KING_ONLY, ONE_CARD, Rows

ENGINE = Path(patience.__file__).resolve().parent
# The package (``patience.games`` is also the name of the function listing the games).
games = importlib.import_module("patience.games")

# A game's file as a contributor writes it: its table, nothing else.
DROPPED = '''"""A game dropped into the package by a test."""

from ..game import Game
from ..vocab import ANY_CARD, IN_SUIT, ONE_CARD, Rows

DROPPED = Game(
    id="trial_drop", title="Trial Drop", decks=1, tableau=8, foundations=4,
    deal=(Rows((7, 7, 7, 7, 6, 6, 6, 6), up=7),),
    build=IN_SUIT, lift=ONE_CARD, empty=ANY_CARD,
    summary="A table written to a file by a test.",
    place=35,
)
'''


def _forget(prefix: str) -> None:
    for name in [n for n in sys.modules if n == prefix or n.startswith(prefix + ".")]:
        del sys.modules[name]


@pytest.fixture
def dropped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Game]]:
    """The registry found again with a game's file in a folder of the package."""
    (tmp_path / "trial_drop.py").write_text(DROPPED, encoding="utf-8")
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    importlib.invalidate_caches()
    try:
        yield games.discover()
    finally:
        _forget("patience.games.trial_drop")


def test_the_registry_is_every_table_of_the_package_by_place() -> None:
    assert games.discover() == patience.GAMES
    places = [g.place for g in patience.games()]
    assert places == sorted(places)
    assert len(set(places)) == len(places), "two games share a place"
    files = {p.stem for p in (ENGINE / "games").glob("*.py")} - {"__init__", "layouts"}
    assert set(patience.GAMES) == files


def test_a_file_dropped_into_the_package_is_a_game_in_its_place(
        dropped: dict[str, Game], monkeypatch: pytest.MonkeyPatch) -> None:
    ids = list(dropped)
    assert ids[ids.index("freecell") + 1] == "trial_drop"      # place 35: after FreeCell's 30
    assert ids.index("trial_drop") + 1 == ids.index("pyramid")
    assert [i for i in ids if i != "trial_drop"] == list(patience.GAMES)
    monkeypatch.setitem(patience.GAMES, "trial_drop", dropped["trial_drop"])
    r = patience.rules("trial_drop")
    assert r.game.build == IN_SUIT and not r.is_won(r.deal(1))


def test_tables_sort_by_place_then_id_and_refuse_a_twice_used_id() -> None:
    base: dict[str, Any] = {"decks": 1, "tableau": 2, "foundations": 4,
                            "deal": (Rows((26, 26), up=26),), "build": IN_SUIT,
                            "lift": ONE_CARD, "empty": KING_ONLY}
    b, a, c = (Game(id=i, title=i, place=p, **base) for i, p in (("b", 5), ("a", 5), ("c", 1)))
    module = ModuleType("trial_tables")
    module.__dict__.update(b=b, a=a, c=c, again=a)
    assert [g.id for g in games.tables([module])] == ["c", "a", "b"]
    module.__dict__["twin"] = Game(id="a", title="A again", **base)
    with pytest.raises(ValueError, match="share the id a"):
        games.tables([module])


def test_the_engine_imported_from_its_zip_finds_the_same_games(tmp_path: Path) -> None:
    """The page unpacks the engine's zip, and a zip on ``sys.path`` is imported as it is:
    ``pkgutil`` lists a zipped package's modules too."""
    zipped = tmp_path / "engine.zip"
    with zipfile.ZipFile(zipped, "w") as zf:
        for path in sorted(ENGINE.rglob("*.py")):
            zf.write(path, "zpatience/" + path.relative_to(ENGINE).as_posix())
    sys.path.insert(0, str(zipped))
    try:
        copy = importlib.import_module("zpatience")
        package = sys.modules["zpatience.games"]
        assert package.__spec__ is not None
        assert type(package.__spec__.loader).__name__ == "zipimporter"
        assert list(copy.GAMES) == list(patience.GAMES)
        assert [g.place for g in copy.games()] == [g.place for g in patience.games()]
    finally:
        sys.path.remove(str(zipped))
        _forget("zpatience")
