"""Helpers for the rule tests: set up a position from a few piles, the rest filled in."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Generator, Mapping
from typing import TypeVar

import patience
from patience import Move, Rules, Session, State
from patience.cards import card_str, parse_card
from patience.notation import header, parse_position
from patience.solver import Result, restart, solve
from patience.solver.result import Outcome
from patience.solver.search import drain
from patience.vocab import SUIT_UP

# The foundations gave back 4S onto the 5H so that the 3D could leave the 2D; nothing else
# frees the 2D (the 5D and both black 6s lie under it). 5H looks safe by the rule without
# take-backs (both black 4s are up), but putting it up loses the game.
NEEDED_BACK = """klondike draw=1 passes=3 takeback=yes
stock: 5S 5C
waste: -
f1: AC 2C 3C 4C
f2: AS 2S 3S 4S
f3: AH 2H 3H 4H
f4: AD
t1: 6C 6S 5D 2D | 3D
t2: 5H
t3: 4D
t4: KD QD JD TD 9D 8D 7D | 6D
t5: KH QH JH TH 9H 8H 7H | 6H
t6: KC QC JC TC 9C 8C | 7C
t7: KS QS JS TS 9S 8S | 7S
"""


# Two decks: the spade piles stand at 4 and 2. Either 5S may go up on the 4S, and no card in
# play goes on a 5S, yet the one in t1 must wait: the 5S in the waste lies on the 3S that the
# other pile needs, and nothing else takes it (no space, no red 6), the 4S coming next.
# Played first, the waste's 5S, the 3S, the 4S then t1's 5S go up and the spades follow.
TWIN_WAITS = """roosevelt
stock: KH QH KH QH 4S
waste: 3S 5S
f1: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
f2: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
f3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
f4: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
f5: AH 2H 3H 4H 5H 6H 7H 8H 9H
f6: AH 2H 3H 4H 5H 6H 7H 8H 9H
f7: AS 2S 3S 4S
f8: AS 2S
t1: JS 5S
t2: 7S 7S 6S
t3: 8S 8S 6S
t4: KS QS JS TS 9S
t5: KS QS TS 9S
t6: TH JH
t7: TH JH
recycles: 0
"""


def setup(game_id: str, piles: Mapping[str, str], options: Mapping[str, object] | None = None,
          filler: str | None = None, recycles: int = 0, score: int = 0) -> tuple[Rules, State]:
    """Return rules and a position with the given piles (text such as ``"9S | TD"``).

    Cards not given go to the stock if the game has one and it is not given, else onto the
    foundations from the Ace up, else onto the ``filler`` pile (face up, in pack order).
    """
    r = patience.rules(game_id, options)
    lines = {name: text for name, text in piles.items()}
    used = Counter(parse_card(w) for text in piles.values() for w in text.split() if w not in "|-")
    left = Counter(r.pack()) - used
    if r.stock >= 0 and "stock" not in lines:
        lines["stock"] = " ".join(card_str(c) for c in sorted(left.elements()))
        left.clear()
    if r.game.foundation == SUIT_UP:
        free_f = [r.names[f] for f in r.F if r.names[f] not in lines]
        for suit in range(4):
            for _ in range(r.game.decks):
                run: list[int] = []
                while left[suit + 4 * len(run)] > 0 and len(run) < 13:
                    run.append(suit + 4 * len(run))
                    left[run[-1]] -= 1
                if run and free_f:
                    lines[free_f.pop(0)] = " ".join(card_str(c) for c in run)
                else:
                    left.update(run)
        left = +left
    if left:
        if filler is None:
            raise ValueError(f"cards left over: {sorted(card_str(c) for c in left.elements())}")
        extra = " ".join(card_str(c) for c in sorted(left.elements(), reverse=True))
        lines[filler] = (extra + " " + lines.get(filler, "")).strip()
    text = [header(r)] + [f"{n}: {lines.get(n, '-') or '-'}" for n in r.names]
    if r.waste >= 0:
        text.append(f"recycles: {recycles}")
    if r.standard:
        text.append(f"score: {score}")
    rules, state = parse_position("\n".join(text))
    return rules, state


def move(text: str) -> Move:
    """Return a move from its text, without a game (for assertions on lists)."""
    src, _, rest = text.partition(">")
    dst, _, n = rest.partition(":")
    return Move(src, dst, int(n or 1))


def pile(r: Rules, s: State, name: str) -> str:
    """Return a pile as text, face-down cards before a ``|``."""
    i = r.index[name]
    cards = [card_str(c) for c in s.piles[i]]
    if s.down[i] and name != "stock":
        cards.insert(s.down[i], "|")
    return " ".join(cards)


def legal(r: Rules, s: State) -> set[str]:
    """Return the legal moves as texts."""
    return {str(m) for m in r.legal_moves(s)}


# The Jack of spades into a free cell (LOSING[0]) leaves one cell for the two and the three
# of spades that lie on the ace; the two then fills it (LOSING[1]) and nothing moves.
LOSING = ("t8>c1", "t1>c2")


def freecell_ending(*moves: str) -> Session:
    """A FreeCell ending that two empty cells win, with ``moves`` played (see ``LOSING``).

    The ace of spades lies under the three and the two; the other suits are home.
    """
    r, s = setup("freecell", {"c3": "QS", "c4": "KS", "t1": "AS 3S 2S", "t2": "4S", "t3": "5S",
                              "t4": "6S", "t5": "7S", "t6": "8S", "t7": "9S", "t8": "TS JS"})
    session = Session(r, start=s)
    for m in moves:
        session.play(m)
    return session


def replays(r: Rules, s: State, moves: list[Move]) -> bool:
    """Tell whether the moves play through the checked API and win the game."""
    for m in moves:
        s = r.play(s, m)
    return r.is_won(s)


def replay_wins(r: Rules, s: State, result: Result) -> None:
    """Assert that the result is solved and its moves replay through ``Rules.play``."""
    assert result.verdict == "solved", result
    assert replays(r, s, result.moves)


def wins_in_a_session(r: Rules, s: State, result: Result) -> None:
    """Assert that the result is solved and its moves, as text, win a game played from
    ``s`` as the page plays one (``Session.play``)."""
    assert result.verdict == "solved", result
    session = Session(r, start=s)
    for m in result.moves:
        session.play(str(m))
    assert r.is_won(session.state)


def random_moves(rng: random.Random, r: Rules, s: State, least: int, most: int) -> State:
    """Return ``s`` after from ``least`` to ``most`` random legal moves (fewer where none is
    left)."""
    for _ in range(rng.randint(least, most)):
        moves = r.legal_moves(s)
        if not moves:
            break
        s = r.apply(s, rng.choice(moves))
    return s


def restarted(dfs: Callable[..., Generator[int, None, Outcome]], r: Rules, s: State,
              budget: int, unit: int = restart.RESTART_UNIT, seed: int = 0,
              proven: set[int] | None = None) -> Outcome:
    """Run Luby's restarts of the depth-first search ``dfs`` (``castle.dfs``,
    ``klondike.dfs``) sharing ``budget`` (``restart.restarts``), restart k seeded
    ``seed * 1000 + k`` and sharing the positions proven lost in ``proven``, until one
    decides: its verdict and moves, and the positions all of them used."""
    verdict, moves, used = "unknown", list[Move](), 0
    for k, part in restart.restarts(budget, unit=unit):
        verdict, moves, nodes = drain(dfs(r, s, part, seed=seed * 1000 + k, proven=proven))
        used += nodes
        if verdict != "unknown":
            break
    return verdict, moves, used


def suits_up_to(rng: random.Random, r: Rules,
                low: int) -> tuple[list[int], list[tuple[int, ...]], list[int]]:
    """Each suit of a one-deck game up on its foundation to a random rank from ``low`` to
    the Queen: the cards above, shuffled, then the piles (the foundations filled, the rest
    empty) and the face-down counts (none)."""
    tops = [rng.randint(low, 12) for _ in range(4)]
    play = [rank * 4 + suit for suit in range(4) for rank in range(tops[suit], 13)]
    rng.shuffle(play)
    piles: list[tuple[int, ...]] = [() for _ in r.names]
    for suit, top in enumerate(tops):
        piles[r.F[suit]] = tuple(rank * 4 + suit for rank in range(top))
    return play, piles, [0] * len(r.names)


T = TypeVar("T")


def stepped(steps: Generator[int, None, T]) -> tuple[list[int], T]:
    """Run a stepping search to its end: return what it yielded on the way (its pauses) and
    its outcome."""
    pauses: list[int] = []
    while True:
        try:
            pauses.append(next(steps))
        except StopIteration as done:
            outcome: T = done.value
            return pauses, outcome


def plain_search(r: Rules, s: State, limit: int) -> bool | None:
    """Exhaust the positions reachable from ``s`` with no forced moves and no pruning."""
    seen = {r.key(s)}
    stack = [s]
    while stack:
        limit -= 1
        if limit < 0:
            return None
        s = stack.pop()
        if r.is_won(s):
            return True
        for m in r.legal_moves(s):
            c = r.apply(s, m)
            k = r.key(c)
            if k not in seen:
                seen.add(k)
                stack.append(c)
    return False


def near_solutions(r: Rules, deals: tuple[int, ...], seed: int, count: int = 30) -> list[State]:
    """Return ``count`` positions along and near the solver's wins of ``deals``: 25 to 40
    moves into a win, then up to 3 random moves."""
    rng = random.Random(seed)
    solutions = [(d, solve(r, r.deal(d), budget=100_000)) for d in deals]
    out: list[State] = []
    for _ in range(count):
        deal, result = rng.choice(solutions)
        s = r.deal(deal)
        for m in result.moves[:rng.randint(25, 40)]:
            s = r.apply(s, m)
        out.append(random_moves(rng, r, s, 0, 3))
    return out


def small_klondike(rng: random.Random, takeback: bool = False,
                   low: int = 8) -> tuple[Rules, State]:
    """Return a random Klondike position with a few cards left to play, without take-backs
    unless asked: each suit up on its foundation to a random rank from ``low`` to the
    Queen, the cards above it in play; the first pass through the stock under way."""
    options = {"draw": rng.choice([1, 3]), "passes": rng.choice([1, 1, 3, "unlimited"]),
               "takeback": takeback}
    r = patience.rules("klondike", options)
    play, piles, down = suits_up_to(rng, r, low)
    cut = sorted(rng.sample(range(len(play) + 1), 3))
    parts = [play[a:b] for a, b in zip([0, *cut], [*cut, len(play)])]
    piles[r.stock], piles[r.waste] = tuple(parts[0]), tuple(parts[1])
    for t, part in zip(r.T, parts[2:]):
        piles[t] = tuple(part)
        down[t] = max(0, len(part) - 1)
    return r, State(tuple(piles), tuple(down), 0, 0)


def small_two_deck(game: str, rng: random.Random, lowest: int, tab: tuple[int, int],
                   part: int) -> tuple[Rules, State]:
    """Return a random position of ``game`` (two decks, a stock turned to a waste) with a
    few cards of each suit left: both foundation piles of each suit up to a random rank from
    ``lowest``, the cards above in play, from ``tab[0]`` to ``tab[1]`` of them in the
    tableau, up to a ``part``-th of the rest in the stock and the others in the waste."""
    r = patience.rules(game)
    tops = [[rng.randint(lowest, 13) for _ in range(2)] for _ in range(4)]
    play = shuffled_play(rng, tops)
    n_tab = min(len(play), rng.randint(*tab))
    cut = rng.randint(0, (len(play) - n_tab) // part)
    return r, laid_out(rng, r, tops, play, n_tab, cut)


def shuffled_play(rng: random.Random, tops: list[list[int]]) -> list[int]:
    """The cards above each suit's two foundation piles (standing at ``tops``), shuffled."""
    play = [rank * 4 + suit for suit in range(4) for top in tops[suit]
            for rank in range(top, 13)]
    rng.shuffle(play)
    return play


def laid_out(rng: random.Random, r: Rules, tops: list[list[int]], play: list[int],
             n_tab: int, cut: int) -> State:
    """The position with each suit's two foundation piles at ``tops``, the first ``n_tab``
    cards of ``play`` in the tableau (one a pile, then on piles at random), the next ``cut``
    in the stock and the rest in the waste."""
    piles: list[tuple[int, ...]] = [() for _ in r.names]
    for suit in range(4):
        for k in range(2):
            piles[r.F[2 * suit + k]] = tuple(rank * 4 + suit for rank in range(tops[suit][k]))
    deck = play[n_tab:]
    piles[r.stock], piles[r.waste] = tuple(deck[:cut]), tuple(deck[cut:])
    for i, c in enumerate(play[:n_tab]):
        t = r.T[i if i < len(r.T) else rng.randrange(len(r.T))]
        piles[t] += (c,)
    return State(tuple(piles), tuple(0 for _ in r.names), 0, 0)


def played_out(game: str, rng: random.Random, left: int) -> tuple[Rules, State]:
    """Return a position of a random deal of ``game`` (one with a stock turned to a waste)
    played at random until ``left`` cards are left in the stock (cards that may go up go
    up; else a random move or a turn)."""
    r = patience.rules(game)
    s = r.deal(rng.randint(1, 10**6))
    while len(s.piles[r.stock]) > left:
        moves = [m for m in r.legal_moves(s) if m.src != "stock"]
        up = [m for m in moves if r.index[m.dst] in r.F]
        if up:
            s = r.apply(s, up[0])
        elif moves and rng.random() < 0.5:
            s = r.apply(s, rng.choice(moves))
        else:
            s = r.apply(s, Move("stock", "waste"))
    return r, s
