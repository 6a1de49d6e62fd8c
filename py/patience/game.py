"""A game is a table: a frozen description of its piles and rules, plus a few named hooks.

The vocabulary (how the tableau builds, what may be lifted, what an empty pile accepts, how
the foundations build, where the stock goes, the steps of the deal) is the objects of
``patience.vocab``; ``patience.rules.Rules`` turns a table and a choice of options into the
move generator.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .rules import Rules

from .plan import GENERAL, Plan

# Moves and positions live in ``position.py``; the tables name them for every module that
# imports them from here (an explicit re-export).
from .position import Move as Move  # noqa: PLC0414
from .position import Piles as Piles  # noqa: PLC0414
from .position import State as State  # noqa: PLC0414
from .vocab import (
    BUILDING,
    NO_STOCK,
    SUIT_UP,
    WRAP,
    Build,
    DealStep,
    Empty,
    Foundation,
    Lift,
    Play,
    Stock,
)

OptionValue = int | str | bool

# Which cards may go to the foundations automatically without ever making the game worse.
Safety = Literal["alt", "any", "kings", "none"]
# When the game is won: every card on the ``foundations``, or the ``tableau`` cleared (the
# Pyramid, whose stock and waste may keep cards).
Goal = Literal["foundations", "tableau"]


@dataclass(frozen=True)
class Option:
    """A choice a player makes before a deal."""

    name: str
    label: str
    choices: tuple[OptionValue, ...]
    default: OptionValue
    help: str = ""
    labels: tuple[str, ...] = ()
    # False for an option that changes only the score or what is shown, never which deals
    # can be won (the winnable-deal lists leave it out of their keys).
    play: bool = True

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} is not a choice")
        if self.labels and len(self.labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice")


@dataclass(frozen=True)
class Published:
    """What has been published of how many deals of a variant of the game can be won: the
    share ``share`` (``"90.48%"``) by ``source``, for the game played with ``options`` (the
    others at their defaults). ``share`` is ``None`` when, as far as we know, no share had
    been published for that variant. The winnability study (``patience.study``) sets its
    own figures beside these."""

    options: tuple[tuple[str, OptionValue], ...] = ()
    share: str | None = None
    source: str = ""


PackHook = Callable[[dict[str, OptionValue]], list[int]]
# An after-move hook rearranges the piles in place after every move (Spider's run removal,
# Moving Left's close-up).
AfterMove = Callable[["Rules", list[tuple[int, ...]], list[int]], None]
# A layout hook says where the page draws the piles (see ``patience.games.layouts``).
LayoutHook = Callable[["Rules"], dict[str, Any]]
# A cover hook gets the tableau's pile indexes and returns, for each pile that can be
# covered, the piles covering it: its card is free only when they are all empty.
CoverHook = Callable[[tuple[int, ...]], dict[int, tuple[int, ...]]]


@dataclass(frozen=True)
class Game:
    """The table of one game. ``patience.rules.Rules`` binds it to options.

    Layout order of the piles: ``stock``, ``waste``, ``f1..``, ``c1..``, ``t1..`` (those the
    game has). ``deal`` lists the steps that deal the shuffled pack (rows onto the tableau,
    cards into the free cells, Kings to the bottom...); the cards they leave become the stock.
    """

    id: str
    title: str
    decks: int
    tableau: int
    foundations: int
    deal: tuple[DealStep, ...]
    build: Build
    lift: Lift
    empty: Empty
    foundation: Foundation = SUIT_UP
    cells: int = 0
    stock: Stock = NO_STOCK
    draw: int | str = 1
    passes: int | str | None = None
    takeback: bool | str = False
    symmetric: bool = True
    supermove: bool = False
    safety: Safety = "none"
    options: tuple[Option, ...] = ()
    pack: PackHook | None = None
    after_move: AfterMove | None = None
    scoring: str | None = None
    shuffle: Literal["patience", "microsoft"] = "patience"
    summary: str = ""
    # How cards leave the piles: built from pile to pile, or removed in pairs (the Pyramid's
    # ``Pairs(13)``).
    play: Play = BUILDING
    # Tableau piles covered by others (the Pyramid's rows); each such pile holds one card.
    cover: CoverHook | None = None
    goal: Goal = "foundations"
    # How the page lays the table out; ``None`` for the usual layout (see ``layouts``).
    layout: LayoutHook | None = None
    # The options (by name) that show the stock's top card, and that take points for time.
    peek: str | None = None
    timed: str | None = None
    # Published winnable shares of the game's variants (see ``Published``).
    published: tuple[Published, ...] = ()
    # What the game settles where the published descriptions differ, one sentence each, in
    # the project's words: ``tools/rules_docs.py`` writes them into ``decisions.md``.
    decisions: tuple[str, ...] = ()
    # The game's place in the catalogue: the registry (``patience.games``) lists the games
    # it finds in ``games/`` by place, then id; one with no place of its own comes last.
    place: int = 1_000
    # The search the solver runs for the game and its passes (``patience.plan``); with
    # none, the general schedule its rules call for.
    solver: Plan = GENERAL

    def __post_init__(self) -> None:
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.id}: option names repeat")
        for ref in (self.draw, self.passes, self.takeback, self.scoring, self.peek,
                    self.timed):
            if isinstance(ref, str) and ref not in names and ref != "unlimited":
                raise ValueError(f"{self.id}: refers to unknown option {ref!r}")
        if not self.stock.piles and (self.passes is not None):
            raise ValueError(f"{self.id}: passes without a stock")
        if self.foundation == WRAP and self.foundations != 1:
            raise ValueError(f"{self.id}: a wrapping foundation is a single pile")
        if self.timed is not None and self.scoring is None:
            raise ValueError(f"{self.id}: timed scoring needs a scoring option")

    @property
    def cards(self) -> int:
        """Return how many cards the game is played with."""
        return 52 * self.decks

    def default_options(self) -> dict[str, OptionValue]:
        """Return the options with their default values."""
        return {o.name: o.default for o in self.options}
