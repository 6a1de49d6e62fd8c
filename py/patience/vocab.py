"""The rule vocabulary: one declared object per rule value.

How a tableau pile builds, what may be lifted off it, what an empty pile takes, how the
foundations build, where the stock goes and how cards leave the piles (built or removed in
pairs): each value is a small frozen object carrying its
test, its words for the rules page and its reason for a refusal. A game's table
(:class:`patience.game.Game`) names one object of each kind; ``rules.py``, ``movegen.py``,
``explain.py`` and ``rulespage.py`` ask the object and never test which value it is. A new
value is one new class here: every method of its kind is abstract, so leaving one out is a
type error (``mypy --strict``) and an error on use, never a silent default.

The deal is a list of steps (:class:`DealStep`), each saying what it does and, when a
player needs telling, in what words.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING

from .cards import RANK, RANK_NAMES, RED, card_name
from .position import Move, State

if TYPE_CHECKING:
    from .rules import Rules

# A rules page's way of writing a number it states, recording what the number stands for
# (``patience.rulespage.Page.num``): the tests measure every recorded number in play.
Num = Callable[[str, int], str]


# How a tableau pile builds ---------------------------------------------------------------


class Build(ABC):
    """How cards are built on the tableau."""

    # False for a tableau where nothing is ever built (the Pyramid, All in a Row).
    builds = True

    @abstractmethod
    def fits(self, card: int, onto: int) -> bool:
        """Tell whether ``card`` may go on ``onto`` on the tableau."""

    @abstractmethod
    def words(self) -> str:
        """Return the rules page's sentence on building."""

    @abstractmethod
    def rule(self) -> str:
        """Return the rule a refused build breaks (after "cannot go on the ...: ")."""

    @abstractmethod
    def run(self) -> str:
        """Return how a run built this way is ordered ("down in alternating colours")."""


@dataclass(frozen=True)
class DownAlternateColours(Build):
    """Down by one rank, red on black and black on red (Klondike, FreeCell)."""

    def fits(self, card: int, onto: int) -> bool:
        return RANK[card] + 1 == RANK[onto] and RED[card] != RED[onto]

    def words(self) -> str:
        return ("On the piles, a card goes on one a rank higher of the other colour (a red "
                "card on a black one, a black card on a red one).")

    def rule(self) -> str:
        return "the tableau builds down in alternating colours"

    def run(self) -> str:
        return "down in alternating colours"


@dataclass(frozen=True)
class DownInSuit(Build):
    """Down by one rank in the same suit."""

    def fits(self, card: int, onto: int) -> bool:
        return card + 4 == onto

    def words(self) -> str:
        return "On the piles, a card goes on the card one rank higher of its own suit."

    def rule(self) -> str:
        return "the tableau builds down in suit"

    def run(self) -> str:
        return "down in one suit"


@dataclass(frozen=True)
class DownAnySuit(Build):
    """Down by one rank, whatever the suit (Spider, Streets and Alleys)."""

    def fits(self, card: int, onto: int) -> bool:
        return RANK[card] + 1 == RANK[onto]

    def words(self) -> str:
        return "On the piles, a card goes on any card one rank higher, whatever its suit."

    def rule(self) -> str:
        return "the tableau builds down by rank, whatever the suit"

    def run(self) -> str:
        return "down by rank"


@dataclass(frozen=True)
class NoBuilding(Build):
    """Nothing is ever built on the tableau."""

    builds = False

    def fits(self, card: int, onto: int) -> bool:
        return False

    def words(self) -> str:
        return ("Cards are never built on the piles: the top card of a pile goes only to the "
                "foundation.")

    def rule(self) -> str:
        return "nothing is built on the tableau"

    def run(self) -> str:
        return "in no order"


ALTERNATE = DownAlternateColours()
IN_SUIT = DownInSuit()
ANY_SUIT = DownAnySuit()
NO_BUILDING = NoBuilding()


# What may be lifted off a tableau pile ---------------------------------------------------


class Lift(ABC):
    """How many cards may be lifted together off the top of a tableau pile."""

    # False when only one card ever moves at a time.
    runs = True

    @abstractmethod
    def length(self, on: bytes, pile: tuple[int, ...], up: int) -> int:
        """Return how many of the ``up`` (2 or more) face-up cards on top of ``pile`` may
        be lifted together; ``on[a * 52 + b]`` tells whether card a builds on card b."""

    @abstractmethod
    def words(self) -> str:
        """Return the rules page's sentence on what moves."""

    @abstractmethod
    def refusal(self, build: Build) -> str:
        """Return why cards that are not such a run do not move together."""


@dataclass(frozen=True)
class OneCard(Lift):
    """Only the top card moves."""

    runs = False

    def length(self, on: bytes, pile: tuple[int, ...], up: int) -> int:
        return 1

    def words(self) -> str:
        return "Only the top card of a pile moves, one card at a time."

    def refusal(self, build: Build) -> str:
        return "only one card moves at a time"


@dataclass(frozen=True)
class BuiltRun(Lift):
    """A run built by the tableau's own rule moves as a unit."""

    def length(self, on: bytes, pile: tuple[int, ...], up: int) -> int:
        k = 1
        while k < up and on[pile[-k] * 52 + pile[-k - 1]]:
            k += 1
        return k

    def words(self) -> str:
        return "A run built that way moves as a unit."

    def refusal(self, build: Build) -> str:
        return f"only a run built {build.run()} moves as a unit"


@dataclass(frozen=True)
class SuitRun(Lift):
    """A run of one suit in descending order moves as a unit (Spider)."""

    def length(self, on: bytes, pile: tuple[int, ...], up: int) -> int:
        k = 1
        while k < up and pile[-k] + 4 == pile[-k - 1]:
            k += 1
        return k

    def words(self) -> str:
        return "Only a run of one suit in descending order moves as a unit."

    def refusal(self, build: Build) -> str:
        return "only a run of one suit, in descending order, moves as a unit"


@dataclass(frozen=True)
class AnyFaceUp(Lift):
    """Any face-up card moves with all the cards above it (Yukon)."""

    def length(self, on: bytes, pile: tuple[int, ...], up: int) -> int:
        return up

    def words(self) -> str:
        return ("Any face-up card moves together with all the cards above it, whatever their "
                "order.")

    def refusal(self, build: Build) -> str:
        return "those cards do not move together"


ONE_CARD = OneCard()
BUILT_RUN = BuiltRun()
SUIT_RUN = SuitRun()
ANY_FACE_UP = AnyFaceUp()


# What an empty tableau pile takes --------------------------------------------------------


class Empty(ABC):
    """What an empty tableau pile takes."""

    @abstractmethod
    def accepts(self, card: int, rightmost: bool) -> bool:
        """Tell whether an empty pile (the rightmost one or not) takes ``card``, alone or
        at the bottom of a run."""

    @abstractmethod
    def words(self, lift: Lift) -> str:
        """Return the rules page's sentence, true of what the game lets move."""

    @abstractmethod
    def refusal(self, card: int, rightmost: bool, lift: Lift) -> str | None:
        """Return why the pile refuses ``card``, or ``None`` when this rule takes it."""


@dataclass(frozen=True)
class AnyCard(Empty):
    """An empty pile takes any card (or any run that moves)."""

    def accepts(self, card: int, rightmost: bool) -> bool:
        return True

    def words(self, lift: Lift) -> str:
        return ("Any card, or any run that moves, goes into an empty pile." if lift.runs
                else "Any card goes into an empty pile.")

    def refusal(self, card: int, rightmost: bool, lift: Lift) -> str | None:
        return None


def _king(lift: Lift) -> str:
    return "a King, or a run headed by a King," if lift.runs else "a King"


@dataclass(frozen=True)
class KingOnly(Empty):
    """An empty pile takes only a King (or a run headed by one)."""

    def accepts(self, card: int, rightmost: bool) -> bool:
        return RANK[card] == 13

    def words(self, lift: Lift) -> str:
        return f"Only {_king(lift)} goes into an empty pile."

    def refusal(self, card: int, rightmost: bool, lift: Lift) -> str | None:
        if RANK[card] == 13:
            return None
        return ("only a King, or a run headed by one, fills an empty pile" if lift.runs
                else "only a King fills an empty pile")


@dataclass(frozen=True)
class KingRightmost(Empty):
    """Only the rightmost pile is ever filled, and only with a King (Moving Left)."""

    def accepts(self, card: int, rightmost: bool) -> bool:
        return rightmost and RANK[card] == 13

    def words(self, lift: Lift) -> str:
        what = "a King or a run headed by a King" if lift.runs else "a King"
        held = "such a run" if lift.runs else "a King"
        return (f"Only the rightmost pile can be filled, with {what}. A pile that holds only "
                f"{held}, with nothing but empty piles to its right, stays where it is: it "
                "would slide straight back.")

    def refusal(self, card: int, rightmost: bool, lift: Lift) -> str | None:
        if not rightmost:
            return "only the rightmost pile can be filled, and only with a King"
        return KingOnly().refusal(card, rightmost, lift)


@dataclass(frozen=True)
class StaysEmpty(Empty):
    """A pile once empty stays empty (Baker's Dozen)."""

    def accepts(self, card: int, rightmost: bool) -> bool:
        return False

    def words(self, lift: Lift) -> str:
        return "A pile that empties stays empty."

    def refusal(self, card: int, rightmost: bool, lift: Lift) -> str | None:
        return "an emptied pile stays empty"


ANY_CARD = AnyCard()
KING_ONLY = KingOnly()
KING_RIGHTMOST = KingRightmost()
STAYS_EMPTY = StaysEmpty()


# How the foundations build ---------------------------------------------------------------


class Foundation(ABC):
    """How the foundations build."""

    # True when single cards are played onto the foundations (and are keyed by their top).
    takes_cards = True

    @abstractmethod
    def accepts(self, pile: tuple[int, ...], card: int) -> bool:
        """Tell whether a foundation pile takes this card next."""

    @abstractmethod
    def holds(self, pile: tuple[int, ...]) -> bool:
        """Tell whether a pile is one this foundation could have built (a saved position)."""

    @abstractmethod
    def words(self, num: Num, count: int) -> str:
        """Return the rules page's sentence on what the ``count`` foundations take."""

    @abstractmethod
    def play_words(self) -> str | None:
        """Return the rules page's sentence on playing to it, if the layout's is not enough."""

    @abstractmethod
    def refusal(self, pile: tuple[int, ...], card: int, names: Callable[[int], str]) -> str:
        """Return why the pile refuses ``card`` (``names`` names a card)."""

    @abstractmethod
    def counted(self) -> str:
        """Return what the plain score counts ("cards on the foundations")."""


@dataclass(frozen=True)
class SuitUp(Foundation):
    """Ace to King in suit, one pile a suit (a deck)."""

    def accepts(self, pile: tuple[int, ...], card: int) -> bool:
        return pile[-1] + 4 == card if pile else RANK[card] == 1

    def holds(self, pile: tuple[int, ...]) -> bool:
        return not pile or (RANK[pile[0]] == 1 and all(b == a + 4 for a, b in pairwise(pile)))

    def words(self, num: Num, count: int) -> str:
        return f"{num('foundations', count)} foundations build up in suit from Ace to King."

    def play_words(self) -> str | None:
        return None

    def refusal(self, pile: tuple[int, ...], card: int, names: Callable[[int], str]) -> str:
        if not pile:
            return "only an Ace starts a foundation"
        return (f"the {names(card)} cannot go on the {names(pile[-1])}: foundations build up "
                "in suit from the Ace")

    def counted(self) -> str:
        return "cards on the foundations"


@dataclass(frozen=True)
class Wrap(Foundation):
    """One pile taking any card first, then a rank up or down, King and Ace adjacent."""

    def accepts(self, pile: tuple[int, ...], card: int) -> bool:
        return not pile or (RANK[pile[-1]] - RANK[card]) % 13 in (1, 12)

    def holds(self, pile: tuple[int, ...]) -> bool:
        return all((RANK[a] - RANK[b]) % 13 in (1, 12) for a, b in pairwise(pile))

    def words(self, num: Num, count: int) -> str:
        return "One foundation takes every card."

    def play_words(self) -> str | None:
        return ("Any card starts the foundation. After that each card goes on one a rank above "
                "or below the top card, whatever the suit; King and Ace count as neighbours.")

    def refusal(self, pile: tuple[int, ...], card: int, names: Callable[[int], str]) -> str:
        return f"the {names(card)} is not one rank above or below the {names(pile[-1])}"

    def counted(self) -> str:
        return "cards on the foundations"


class TakesNoCard(Foundation):
    """Foundations that no single card is played onto (cards reach them otherwise, or
    leave the table another way), so the rules page has no sentence on playing to them."""

    takes_cards = False

    def accepts(self, pile: tuple[int, ...], card: int) -> bool:
        return False

    def play_words(self) -> str | None:
        return None


@dataclass(frozen=True)
class Discard(TakesNoCard):
    """One pile taking the cards a game of pairs removes (the Pyramid)."""

    def holds(self, pile: tuple[int, ...]) -> bool:
        return True

    def words(self, num: Num, count: int) -> str:
        return "Removed cards go to a discard pile."

    def refusal(self, pile: tuple[int, ...], card: int, names: Callable[[int], str]) -> str:
        return "cards reach the discard pile only as pairs removed together"

    def counted(self) -> str:
        return "cards removed"


@dataclass(frozen=True)
class WholeRuns(TakesNoCard):
    """Each pile takes one finished King-to-Ace run of a suit (Spider)."""

    def holds(self, pile: tuple[int, ...]) -> bool:
        return not pile or (len(pile) == 13 and RANK[pile[0]] == 13
                            and all(b + 4 == a for a, b in pairwise(pile)))

    def words(self, num: Num, count: int) -> str:
        return f"{num('foundations', count)} foundations take the finished runs."

    def refusal(self, pile: tuple[int, ...], card: int, names: Callable[[int], str]) -> str:
        return "cards reach the foundations only as whole runs from King to Ace"

    def counted(self) -> str:
        return "cards that have left the table"


@dataclass(frozen=True)
class NoFoundation(TakesNoCard):
    """No foundation: cards leave the table onto the waste (TriPeaks, Golf)."""

    def holds(self, pile: tuple[int, ...]) -> bool:
        return not pile

    def words(self, num: Num, count: int) -> str:
        return "There are no foundations: cards leave the table onto the waste."

    def refusal(self, pile: tuple[int, ...], card: int, names: Callable[[int], str]) -> str:
        return "there are no foundations in this game"

    def counted(self) -> str:
        return "cards taken off the table"


SUIT_UP = SuitUp()
WRAP = Wrap()
DISCARD = Discard()
WHOLE_RUNS = WholeRuns()
NO_FOUNDATION = NoFoundation()


# Where the stock goes --------------------------------------------------------------------


class Stock(ABC):
    """Where the stock's cards go, and the piles that takes."""

    # The piles the stock brings to the table, in layout order.
    piles: tuple[str, ...] = ()
    # True when the stock deals one card onto each tableau pile (so the piles differ).
    to_piles = False

    @abstractmethod
    def words(self, num: Num, draw: int, recycles: int | None, piles: int, cards: int
              ) -> list[str]:
        """Return the rules page's sentences on the stock: turned ``draw`` at a time with
        ``recycles`` (``None``: no limit) turns of the waste, or dealt to ``piles`` piles
        from ``cards`` cards."""


@dataclass(frozen=True)
class NoStock(Stock):
    """Every card is dealt at the start."""

    def words(self, num: Num, draw: int, recycles: int | None, piles: int, cards: int
              ) -> list[str]:
        return []


@dataclass(frozen=True)
class ToWaste(Stock):
    """The stock turns cards onto a waste pile, whose top card plays."""

    piles = ("stock", "waste")

    def words(self, num: Num, draw: int, recycles: int | None, piles: int, cards: int
              ) -> list[str]:
        out = [f"Turn the stock {num('draw', draw)} {'card' if draw == 1 else 'cards'} at a "
               "time onto the waste; only the top card of the waste plays."]
        if recycles is None:
            out.append("When the stock is empty, turn the waste over to go through it again, "
                       "as often as you like.")
        elif recycles == 0:
            out.append("There is no second pass through the stock.")
        else:
            out.append("When the stock is empty, turn the waste over to go through it again: "
                       f"{num('passes', recycles + 1)} passes in all.")
        return out


@dataclass(frozen=True)
class OntoPlayPile(ToWaste):
    """The stock turns cards onto the waste, the pile the table's cards go onto (TriPeaks,
    Golf): each turned card is the new one to play on."""

    def words(self, num: Num, draw: int, recycles: int | None, piles: int, cards: int
              ) -> list[str]:
        out = [f"Turn the stock {num('draw', draw)} {'card' if draw == 1 else 'cards'} at a "
               "time onto the waste: the card turned is the new one to play on."]
        return out + ToWaste.words(self, num, draw, recycles, piles, cards)[1:]


@dataclass(frozen=True)
class ToEveryPile(Stock):
    """A deal from the stock puts one card on each tableau pile (Spider)."""

    piles = ("stock",)
    to_piles = True

    def words(self, num: Num, draw: int, recycles: int | None, piles: int, cards: int
              ) -> list[str]:
        return [f"A deal from the stock puts one card face up on each of the "
                f"{num('piles', piles)} piles ({num('deals', cards // piles)} deals in all), "
                "and is allowed only when no pile is empty."]


NO_STOCK = NoStock()
TO_WASTE = ToWaste()
TO_EVERY_PILE = ToEveryPile()
ONTO_PLAY_PILE = OntoPlayPile()


# The deal --------------------------------------------------------------------------------


@dataclass
class Dealt:
    """A deal being made: the shuffled cards not yet dealt (next first), the tableau piles
    (bottom first) with their face-down counts, the free cells and the waste."""

    cards: list[int]
    tableau: list[list[int]]
    down: list[int]
    cells: list[list[int]]
    taken: int = field(default=0)
    waste: list[int] = field(default_factory=list)

    def take(self) -> int:
        """Return the next card of the pack."""
        card = self.cards[self.taken]
        self.taken += 1
        return card

    def left(self) -> list[int]:
        """Return the cards not dealt (they become the stock, the last on top)."""
        return self.cards[self.taken:]

    def turn(self) -> None:
        """Turn the top card of what will be the stock onto the waste."""
        self.waste.append(self.cards.pop())


class DealStep(ABC):
    """One step of a deal, in the order the game's table lists them."""

    @abstractmethod
    def apply(self, dealt: Dealt) -> None:
        """Deal (or rearrange) cards."""

    @abstractmethod
    def words(self, num: Num) -> str | None:
        """Return what the rules page says of this step, beyond the layout it leaves."""


@dataclass(frozen=True)
class Rows(DealStep):
    """Go round the tableau row by row, skipping full piles: pile ``i`` gets ``sizes[i]``
    cards, of which the top ``up[i]`` (or ``up``) are face up."""

    sizes: tuple[int, ...]
    up: tuple[int, ...] | int = 1

    def apply(self, dealt: Dealt) -> None:
        ups = self.up if isinstance(self.up, tuple) else (self.up,) * len(self.sizes)
        for row in range(max(self.sizes)):
            for i, size in enumerate(self.sizes):
                if size > row:
                    dealt.tableau[i].append(dealt.take())
        for i, (size, u) in enumerate(zip(self.sizes, ups)):
            dealt.down[i] += max(0, size - u)

    def words(self, num: Num) -> str | None:
        return None


@dataclass(frozen=True)
class ToCells(DealStep):
    """Deal one card face up into each of the first ``count`` free cells."""

    count: int

    def apply(self, dealt: Dealt) -> None:
        for cell in dealt.cells[:self.count]:
            cell.append(dealt.take())

    def words(self, num: Num) -> str | None:
        n = num("cells dealt", self.count)
        return f"The deal puts one card face up in each of {n} of the free cells."


@dataclass(frozen=True)
class TurnOne(DealStep):
    """Once the table is dealt, turn the stock's top card onto the waste (TriPeaks, Golf)."""

    def apply(self, dealt: Dealt) -> None:
        dealt.turn()

    def words(self, num: Num) -> str | None:
        return "One more card, turned face up, starts the waste."


@dataclass(frozen=True)
class KingsToBottom(DealStep):
    """Move every King of each dealt pile to the bottom of its pile. Several Kings in one
    pile keep the order they were dealt in, and so do the other cards above them; the
    face-down counts stay as they were (Baker's Dozen)."""

    def apply(self, dealt: Dealt) -> None:
        for pile in dealt.tableau:
            pile[:] = [c for c in pile if RANK[c] == 13] + [c for c in pile if RANK[c] != 13]

    def words(self, num: Num) -> str | None:
        return ("Once the cards are dealt, every King is moved to the bottom of its pile, "
                "under the other cards. The other cards keep their order, and so do two or "
                "more Kings in the same pile.")


# How cards leave the piles -----------------------------------------------------------------


class Play(ABC):
    """How cards leave the piles: moved from pile to pile by the building rules above, or
    removed in pairs ("select, then pair": the Pyramid). The table chooses one; the move
    generator, ``apply``, the explanations, the rules page, the stuck test and the view ask
    it, never which one it is."""

    # True when the player picks a card and then its partner (the page's snapshot says so).
    pairs = False
    # The total a pair's ranks add up to (0 when cards are not removed in pairs).
    total = 0
    # True when cards are played onto the waste, so its top card decides the table's moves
    # and nothing is ever taken off it: with one pass through the stock only that card
    # matters (``Rules.key``), and the search cannot fold the stock into plays from the
    # waste (``solver/fold.py``).
    onto_waste = False

    @abstractmethod
    def moves(self, r: Rules, s: State, only: int) -> list[Move]:
        """Return the moves off the table's piles (the stock's own are added after), only
        those from pile ``only`` when it is 0 or more (more may come: ``Rules.play`` checks
        membership)."""

    @abstractmethod
    def lands(self, r: Rules, piles: list[tuple[int, ...]], dst: int,
              moving: tuple[int, ...]) -> None:
        """Put the cards taken off a pile where a move onto pile ``dst`` sends them."""

    @abstractmethod
    def refusal(self, r: Rules, s: State, m: Move, src: int, dst: int) -> str:
        """Return why ``m`` (between two piles, its source not empty) is not legal."""

    @abstractmethod
    def words(self, num: Num, r: Rules) -> list[str]:
        """Return the rules page's sentences on how cards move on the table."""

    @abstractmethod
    def playable(self, r: Rules, s: State, card: int) -> bool:
        """Tell whether a card from the stock or the waste could be played anywhere now."""

    @abstractmethod
    def removable(self, r: Rules, s: State) -> list[str] | None:
        """Return the piles whose top card may be picked now, or ``None`` when the page
        needs no such list (cards are lifted by the lift rule)."""


@dataclass(frozen=True)
class Building(Play):
    """Cards move from pile to pile as the build, lift and empty-pile rules say."""

    def moves(self, r: Rules, s: State, only: int) -> list[Move]:
        return r.built_moves(s, only)

    def lands(self, r: Rules, piles: list[tuple[int, ...]], dst: int,
              moving: tuple[int, ...]) -> None:
        piles[dst] = piles[dst] + moving

    def refusal(self, r: Rules, s: State, m: Move, src: int, dst: int) -> str:
        return r.built_refusal(s, m, src, dst)

    def words(self, num: Num, r: Rules) -> list[str]:
        g = r.game
        items = [g.build.words()]
        if g.build.builds:
            items.append(g.lift.words())
        if g.supermove:
            items.append(f"A run moves only as far as it could card by card through the free "
                         f"cells and empty piles: at most {num('supermove', 1)} more than the "
                         f"empty free cells, doubled for each empty pile, and half that into "
                         f"an empty pile.")
        items.append(g.empty.words(g.lift))
        play = g.foundation.play_words()
        if play is not None:
            items.append(play)
        return items

    def playable(self, r: Rules, s: State, card: int) -> bool:
        piles = s.piles
        if any(r.foundation_accepts(piles[f], card) for f in r.F):
            return True
        if not r.game.build.builds:
            return False
        return any(r.on[card * 52 + piles[t][-1]] if piles[t] else r.empty_accepts(t, card)
                   for t in r.T)

    def removable(self, r: Rules, s: State) -> list[str] | None:
        return None


@dataclass(frozen=True)
class Pairs(Play):
    """Free cards are removed two at a time when their ranks add up to ``total``, a card of
    that rank alone, all onto the one discard pile; the waste's top card is free, and a
    covered pile's card is free once the piles covering it are empty (the Pyramid)."""

    total: int = 13
    pairs = True

    def _free(self, r: Rules, s: State) -> list[int]:
        piles = s.piles
        free = [r.waste] if r.waste >= 0 and piles[r.waste] else []
        below = r.below
        for t in r.T:
            if piles[t]:
                for j in below.get(t, ()):
                    if piles[j]:
                        break
                else:
                    free.append(t)
        return free

    def moves(self, r: Rules, s: State, only: int) -> list[Move]:
        piles, names, total = s.piles, r.names, self.total
        out: list[Move] = []
        free = self._free(r, s)
        found = names[r.F[0]]
        for a_pos, a in enumerate(free):
            ra = RANK[piles[a][-1]]
            if ra == total:
                out.append(Move(names[a], found))
                continue
            for b in free[a_pos + 1:]:
                if ra + RANK[piles[b][-1]] == total:
                    out.append(Move(names[a], names[b]))
        return out

    def lands(self, r: Rules, piles: list[tuple[int, ...]], dst: int,
              moving: tuple[int, ...]) -> None:
        if dst in r.F:
            piles[dst] = piles[dst] + moving
            return
        f = r.F[0]
        piles[f] = piles[f] + moving + piles[dst][-1:]
        piles[dst] = piles[dst][:-1]

    def refusal(self, r: Rules, s: State, m: Move, src: int, dst: int) -> str:
        if m.n != 1:
            return "cards are removed one or two at a time"
        for i, name in ((src, m.src), (dst, m.dst)):
            if i in r.F:
                continue
            if not s.piles[i]:
                return f"{name} is empty"
            if not r.free(s, i):
                return f"the {card_name(s.piles[i][-1])} in {name} is covered"
        a = s.piles[src][-1]
        total = self.total
        alone = RANK_NAMES[total - 1]
        if dst in r.F:
            return f"only a {alone} is removed alone" if RANK[a] != total else \
                "that card is not free"
        b = s.piles[dst][-1]
        if RANK[a] == total or RANK[b] == total:
            return f"a {alone} is removed alone"
        if RANK[a] + RANK[b] != total:
            return f"{RANK[a]} + {RANK[b]} is {RANK[a] + RANK[b]}, not {total}"
        return "write a pair with the waste first, or the higher pile second"

    def words(self, num: Num, r: Rules) -> list[str]:
        total = self.total
        return [
            "A card is free when no card of the row below overlaps it; the top card of the "
            "waste is free too.",
            f"Remove two free cards whose ranks add up to {num('pair total', total)} (Ace "
            f"{num('ace', 1)}, Jack {num('jack', 11)}, Queen {num('queen', 12)}): pick one "
            "and then the other, or drag one onto the other.",
            f"A {RANK_NAMES[total - 1]} ({num('alone', total)}) is removed on its own.",
        ]

    def playable(self, r: Rules, s: State, card: int) -> bool:
        piles, total = s.piles, self.total
        free = [piles[t][-1] for t in r.T if piles[t] and r.free(s, t)]
        return RANK[card] == total or any(RANK[card] + RANK[c] == total for c in free)

    def removable(self, r: Rules, s: State) -> list[str] | None:
        # The cards that may be removed: uncovered piles and the waste's top.
        free = [r.names[t] for t in r.T if s.piles[t] and r.free(s, t)]
        if r.waste >= 0 and s.piles[r.waste]:
            free.append(r.names[r.waste])
        return free


@dataclass(frozen=True)
class OntoWaste(Play):
    """Free cards of the table go one at a time onto the waste, each one rank above or below
    its top card whatever the suit ("select, then move onto the waste": TriPeaks, Golf). A
    card is free when it is face up on top of its pile and the piles covering it are empty.

    ``wrap`` is the option (or a fixed answer) making King and Ace neighbours; without it,
    ``king_stops`` means nothing at all goes on a King (Golf's usual rule)."""

    wrap: str | bool = False
    king_stops: bool = False
    onto_waste = True

    def wraps(self, r: Rules) -> bool:
        """Tell whether King and Ace are neighbours under the options of ``r``."""
        return bool(r.options[self.wrap]) if isinstance(self.wrap, str) else self.wrap

    def fits(self, r: Rules, card: int, top: int) -> bool:
        """Tell whether ``card`` may go onto the waste whose top card is ``top``."""
        if self.wraps(r):
            return (RANK[card] - RANK[top]) % 13 in (1, 12)
        if self.king_stops and RANK[top] == 13:
            return False
        return abs(RANK[card] - RANK[top]) == 1

    def _free(self, r: Rules, s: State, t: int) -> bool:
        return len(s.piles[t]) > s.down[t] and r.free(s, t)

    def moves(self, r: Rules, s: State, only: int) -> list[Move]:
        piles, names = s.piles, r.names
        waste = piles[r.waste]
        if not waste:
            return []
        top = waste[-1]
        return [Move(names[t], names[r.waste]) for t in r.T
                if (only < 0 or t == only) and self._free(r, s, t)
                and self.fits(r, piles[t][-1], top)]

    def lands(self, r: Rules, piles: list[tuple[int, ...]], dst: int,
              moving: tuple[int, ...]) -> None:
        piles[dst] = piles[dst] + moving

    def refusal(self, r: Rules, s: State, m: Move, src: int, dst: int) -> str:
        if src not in r.T:
            return "cards go from the table to the waste, never back"
        if dst != r.waste:
            return "cards go only onto the waste"
        if m.n != 1:
            return "only one card moves at a time"
        if not self._free(r, s, src):
            return f"the card in {m.src} is covered"
        waste = s.piles[dst]
        if not waste:
            return "turn a card from the stock onto the waste first"
        card, top = s.piles[src][-1], waste[-1]
        if self.king_stops and not self.wraps(r) and RANK[top] == 13:
            return "nothing goes on a King"
        return f"the {card_name(card)} is not one rank above or below the {card_name(top)}"

    def words(self, num: Num, r: Rules) -> list[str]:
        if r.below:
            free = "Only the face-up cards are free."
        else:
            free = "Only the top card of each pile is free."
        if self.wraps(r):
            ends = "King and Ace count as neighbours: an Ace goes on a King, a King on an Ace."
        elif self.king_stops:
            ends = ("Nothing goes on a King, and a King goes only on a Queen: Ace and King are "
                    "not neighbours.")
        else:
            ends = "Ace and King are not neighbours."
        return [free,
                "Move a free card onto the waste when it is one rank above or below the "
                "waste's top card, whatever the suit: tap it, or drag it there.",
                ends,
                "Cards are never built on the table, and an emptied place stays empty."]

    def playable(self, r: Rules, s: State, card: int) -> bool:
        piles = s.piles
        return any(self._free(r, s, t) and self.fits(r, piles[t][-1], card) for t in r.T)

    def removable(self, r: Rules, s: State) -> list[str] | None:
        # The piles whose top card is free: the page shows the cards under them, and the
        # cards of the piles still covered, as not in play.
        return [r.names[t] for t in r.T if self._free(r, s, t)]


BUILDING = Building()
