"""Rules: a game's table bound to options; deals, lists and plays moves.

``legal_moves`` is the one source of truth. ``play`` checks a move against it and says why an
illegal move is illegal; ``apply`` is the unchecked fast path for search.
"""

from __future__ import annotations

from collections.abc import Mapping

from .deal import microsoft_freecell, shuffle
from .errors import IllegalMoveError, OptionsError
from .explain import explain, refusal
from .game import Game, Move, OptionValue, State
from .movegen import TIME_PENALTY, TIME_PERIOD, VEGAS_CARD, VEGAS_START, apply, built, generate
from .options import resolve
from .vocab import Dealt

MAX_DEAL = 2**31 - 1


class Rules:
    """A game bound to a choice of options: everything that decides a position's moves."""

    def __init__(self, game: Game, options: Mapping[str, object] | None = None) -> None:
        self.game = game
        self.options: dict[str, OptionValue] = resolve(game, options)
        names: list[str] = list(game.stock.piles)
        names += [f"f{i + 1}" for i in range(game.foundations)]
        names += [f"c{i + 1}" for i in range(game.cells)]
        names += [f"t{i + 1}" for i in range(game.tableau)]
        self.names: tuple[str, ...] = tuple(names)
        self.index: dict[str, int] = {n: i for i, n in enumerate(names)}
        self.stock = self.index.get("stock", -1)
        self.waste = self.index.get("waste", -1)
        first_f = self.index.get("f1", 0)
        self.F = tuple(range(first_f, first_f + game.foundations))
        self.C = tuple(range(first_f + game.foundations, first_f + game.foundations + game.cells))
        self.T = tuple(range(len(names) - game.tableau, len(names)))
        self.draw = int(self._opt(game.draw))
        passes = self._opt(game.passes) if game.passes is not None else 1
        self.max_recycles: int | None = None if passes == "unlimited" else int(passes) - 1
        self.takeback = bool(self._opt(game.takeback))
        self.scoring = str(self.options[game.scoring]) if game.scoring else "foundation"
        self.standard = self.scoring == "standard"
        # The options that show the stock's top card and take points for time, if any.
        self.peek = bool(self._opt(game.peek)) if game.peek else False
        self.timed = bool(self._opt(game.timed)) if game.timed else False
        # A game of pairs: cards are picked two at a time (see ``Game.play``).
        self.pair_total = game.play.total
        self.pairs = game.play.pairs
        # on[a * 52 + b]: card a may be built on card b in the tableau.
        fits = game.build.fits
        self.on = bytes(1 if fits(a, b) else 0 for a in range(52) for b in range(52))
        # Covered piles (the Pyramid's): a card is free when the piles covering it are empty.
        self.below: dict[int, tuple[int, ...]] = game.cover(self.T) if game.cover else {}
        # Piles that hold one card at most: the free cells, and the piles of a covering layout.
        self.single = self.C + (self.T if game.cover else ())
        # Only the waste's top card plays, and the waste is never turned over again.
        self.top_only = game.play.onto_waste and self.max_recycles == 0
        # The tableau's cards at the deal (``cleared``; counted when first asked).
        self._table = -1

    def _opt(self, ref: int | str | bool) -> OptionValue:
        """Return a table value, looking it up among the options when it names one."""
        if isinstance(ref, str) and ref in self.options:
            return self.options[ref]
        return ref

    def __repr__(self) -> str:
        return f"Rules({self.game.id!r}, {self.options!r})"

    # Deals -------------------------------------------------------------------------------

    def pack(self) -> list[int]:
        """Return the cards the game is played with, in a fixed order."""
        if self.game.pack is not None:
            return self.game.pack(self.options)
        return [c for _ in range(self.game.decks) for c in range(52)]

    def deal(self, number: int) -> State:
        """Return the opening position of deal ``number`` (1 to 2**31 - 1)."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_DEAL:
            raise OptionsError(f"a deal number is a whole number from 1 to {MAX_DEAL}, "
                               f"not {number!r}")
        if self.game.shuffle == "microsoft":
            order = microsoft_freecell(number)
        else:
            order = shuffle(self.pack(), self.game.id, number)
        dealt = Dealt(order, [[] for _ in self.T], [0] * len(self.T), [[] for _ in self.C])
        for step in self.game.deal:
            step.apply(dealt)
        stock = dealt.left()
        piles: list[tuple[int, ...]] = [() for _ in self.names]
        downs = [0] * len(self.names)
        if self.stock >= 0:
            piles[self.stock] = tuple(stock)
        elif stock:
            raise AssertionError(f"{self.game.id}: the deal left {len(stock)} cards over")
        if dealt.waste:
            if self.waste < 0:
                raise AssertionError(f"{self.game.id}: the deal turns cards but has no waste")
            piles[self.waste] = tuple(dealt.waste)
        for t, cards, d in zip(self.T, dealt.tableau, dealt.down):
            piles[t] = tuple(cards)
            downs[t] = d
        for c, cards in zip(self.C, dealt.cells):
            piles[c] = tuple(cards)
        return State(tuple(piles), tuple(downs), 0, 0)

    # Predicates --------------------------------------------------------------------------

    def free(self, s: State, i: int) -> bool:
        """Tell whether the top card of pile ``i`` may be taken (the Pyramid's covering)."""
        below = self.below.get(i)
        if below is None:
            return True
        piles = s.piles
        for j in below:  # noqa: SIM110 (a loop is about twice as fast as all() here)
            if piles[j]:
                return False
        return True

    def removes_alone(self, m: Move) -> bool:
        """Tell whether a move of a game of pairs removes one card alone (the Pyramid's King)."""
        return self.index.get(m.dst, -1) in self.F

    def foundation_accepts(self, pile: tuple[int, ...], card: int) -> bool:
        """Tell whether a foundation pile takes this card next."""
        return self.game.foundation.accepts(pile, card)

    def empty_accepts(self, t: int, card: int) -> bool:
        """Tell whether empty tableau pile ``t`` takes a run whose bottom card is ``card``."""
        return self.game.empty.accepts(card, t == self.T[-1])

    def run_length(self, pile: tuple[int, ...], down: int) -> int:
        """Return how many cards may be lifted together off the top of a tableau pile."""
        up = len(pile) - down
        if up <= 1:
            return up
        return self.game.lift.length(self.on, pile, up)

    def move_limit(self, s: State, to_empty: bool) -> int:
        """Return how many cards one move may carry (FreeCell's supermove; else no limit)."""
        if not self.game.supermove:
            return 1 << 30
        cells = sum(1 for c in self.C if not s.piles[c])
        empties = sum(1 for t in self.T if not s.piles[t]) - (1 if to_empty else 0)
        return (1 + cells) << max(0, empties)

    # Moves -------------------------------------------------------------------------------

    def legal_moves(self, s: State) -> list[Move]:
        """Return every legal move of the position, in a stable order."""
        return generate(self, s)

    def built_moves(self, s: State, only: int = -1) -> list[Move]:
        """Return the moves between piles of a game that builds (see ``vocab.Building``)."""
        return built(self, s, only)

    def built_refusal(self, s: State, m: Move, src: int, dst: int) -> str:
        """Return why a move between piles breaks the building rules (``vocab.Building``)."""
        return refusal(self, s, m, src, dst)

    def play(self, s: State, move: Move) -> State:
        """Return the position after a legal move; raise ``IllegalMoveError`` saying why not."""
        if move not in generate(self, s, self.index.get(move.src, -2)):
            raise IllegalMoveError(f"{move}: {explain(self, s, move)}")
        return self.apply(s, move)

    def apply(self, s: State, move: Move) -> State:
        """Return the position after a move, without checking it (the fast path for search)."""
        return apply(self, s, move)

    # Outcome -----------------------------------------------------------------------------

    def is_won(self, s: State) -> bool:
        """Tell whether the game is won."""
        if self.game.goal == "tableau":
            return not any(s.piles[t] for t in self.T)
        return sum(len(s.piles[f]) for f in self.F) == self.game.cards

    def score(self, s: State, elapsed: float = 0, since: float = 0) -> int | None:
        """Return the score under the chosen scoring (``None`` for Klondike's "none").

        Standard: the running score, never below 0; timed, less 2 points for each 10
        seconds that ended between ``since`` (when ``s`` was reached, its score charged up to
        then) and ``elapsed``: the penalty stops at 0 as it happens, with no debt kept.
        Vegas: -52 and +5 a card on the foundations. Games without a scoring option count
        the cards on the foundations.
        """
        if self.scoring == "none":
            return None
        if self.standard:
            ticks = int(elapsed // TIME_PERIOD) - int(since // TIME_PERIOD)
            penalty = TIME_PENALTY * max(0, ticks) if self.timed else 0
            return max(0, s.score - penalty)
        cards = sum(len(s.piles[f]) for f in self.F) if self.F else self.cleared(s)
        return VEGAS_START + cards * VEGAS_CARD if self.scoring == "vegas" else cards

    def cleared(self, s: State) -> int:
        """Return how many cards have left the tableau since the deal."""
        if self._table < 0:
            first = self.deal(1)
            self._table = sum(len(first.piles[t]) for t in self.T)
        return self._table - sum(len(s.piles[t]) for t in self.T)

    def key(self, s: State) -> tuple[object, ...]:
        """Return a hashable canonical key: equal for positions that play the same.

        Interchangeable piles are sorted (foundations, free cells, and the tableau when the
        game's piles are alike); the score is left out, and so is the waste under its top
        card where nothing comes back off it (``Play.onto_waste``, one pass). Piles a
        stock still deals to one by one (Spider) are not alike until the stock is empty:
        each gets a different card.
        """
        piles, down = s.piles, s.down
        f = tuple(sorted(piles[i][-1] if piles[i] else -1 for i in self.F)) \
            if self.game.foundation.takes_cards else ()
        c = tuple(sorted(piles[i][0] if piles[i] else -1 for i in self.C))
        if self.game.symmetric and not (self.game.stock.to_piles and piles[self.stock]):
            t: tuple[object, ...] = tuple(sorted((piles[i], down[i]) for i in self.T))
        else:
            t = tuple((piles[i], down[i]) for i in self.T)
        waste = piles[self.waste] if self.waste >= 0 else ()
        if self.top_only:
            waste = waste[-1:]
        extra = (piles[self.stock] if self.stock >= 0 else (), waste,
                 s.recycles if self.max_recycles is not None else 0)
        return (f, c, t, extra)
