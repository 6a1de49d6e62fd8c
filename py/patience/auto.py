"""What can be played without asking: safe moves to the foundations, the finish, and "stuck"."""

from __future__ import annotations

from typing import Literal

from .cards import RANK, RED, SUIT
from .game import Move, State
from .rules import Rules
from .vocab import KING_RIGHTMOST

Status = Literal["won", "stuck", "playing"]


def safe_moves(r: Rules, s: State) -> list[Move]:
    """Return the moves to the foundations that can never make the game worse.

    A card is safe when no card still in play could ever need it as a place to build on:
    every card one rank lower of the opposite colour (of any suit, where the tableau builds
    regardless of suit) is already on the foundations. Aces and twos are always safe. In the
    Pyramid, removing a King is always safe. Moves that would change what the stock offers
    (the waste in draw 3) or rearrange the tableau (emptying a pile in Moving Left) are left
    to the player.

    Where cards may come back from the foundations (Klondike's take-back), a card taken back
    can want a place too, so from the 3 up every card two ranks lower must be up as well.
    Why that is enough: take a win from before the card ``x`` (rank k) went up. Among the
    cards of rank k - 1 or lower that it takes back, the lowest ``z`` never has a card put on
    it (such a card is lower still and was up, so it would have been taken back too), so the
    win without ``z``'s trip is a win. Repeating, some win takes none of them back; then no
    card is ever put on ``x`` (all that may go on it were up), and the same win with ``x``
    up from the start, less ``x``'s own moves, is a win. Without the rule, 5H on 4H with both
    black 4s up went up although the only way to free a 2D under the 3D was 4S taken back
    onto the 5H, with 5D still buried (``tests/test_auto.py``).

    With two decks a card's twin (same suit and rank) needs a place on the foundations too:
    the card goes up safely only when every pile of its suit stands at the rank below it or
    higher. Then the twin, while it is not up, always finds a pile to go on, so a win that
    put the twin up first is still a win with the card up now. Without the rule a 5S went
    up on the one spade pile at 4 while the other 5S lay in the waste on the 3S the other
    pile needed, and nothing could take it (``tests/test_auto.py``, Roosevelt). With
    take-backs, the trips the argument above removes from a win are those of cards of
    rank k - 1 or lower (a win may take back higher cards too; their trips stay), and
    every pile stands at k - 2 or higher, so the twins of those cards find a place as well.
    """
    safety = r.game.safety
    if safety == "none":
        return []
    piles = s.piles
    if safety == "kings":
        return [m for m in r.legal_moves(s) if m.dst == r.names[r.F[0]]]
    sources = [c for c in r.C if piles[c]]
    if r.waste >= 0 and piles[r.waste] and r.draw == 1:
        sources.append(r.waste)
    for t in r.T:
        if len(piles[t]) > s.down[t] and not (r.game.empty == KING_RIGHTMOST
                                              and len(piles[t]) == 1):
            sources.append(t)
    # Lowest rank on the foundations for each suit, counting a suit's piles across decks.
    counts = [0, 0, 0, 0]
    lowest = [14, 14, 14, 14]
    for f in r.F:
        if piles[f]:
            top = piles[f][-1]
            counts[SUIT[top]] += 1
            lowest[SUIT[top]] = min(lowest[SUIT[top]], RANK[top])
    floor = [low if n == r.game.decks else 0 for low, n in zip(lowest, counts)]
    out: list[Move] = []
    for src in sources:
        card = piles[src][-1]
        need = RANK[card] - 1
        if need > 1 and any(floor[x] < need for x in range(4)
                            if safety == "any" or _red_suit(x) != RED[card]):
            continue
        if r.game.decks > 1 and need > 0 and floor[SUIT[card]] < need:
            continue
        if r.takeback and need > 1 and any(low < need - 1 for low in floor):
            continue
        for f in r.F:
            if r.foundation_accepts(piles[f], card):
                out.append(Move(r.names[src], r.names[f]))
                break
    return out


def _red_suit(suit: int) -> bool:
    """Tell whether a suit index (CDHS) is red."""
    return suit in (1, 2)


def finish_moves(r: Rules, s: State) -> list[Move] | None:
    """Return moves to the foundations alone that win from ``s``, or ``None`` if there are none.

    This is what auto-finish plays: it is offered only when it certainly wins.
    """
    moves: list[Move] = []
    while not r.is_won(s):
        step = next((m for m in r.legal_moves(s)
                     if m.dst in _foundation_names(r) and m.src not in _foundation_names(r)
                     and m.src != "stock"), None)
        if step is None:
            return None
        moves.append(step)
        s = r.apply(s, step)
    return moves


def _foundation_names(r: Rules) -> set[str]:
    return {r.names[f] for f in r.F}


def status(r: Rules, s: State, moves: list[Move] | None = None) -> Status:
    """Tell whether the game is won, stuck or still playing.

    Stuck: no legal move; or the only moves left turn the stock and the waste, and no card
    in them can be played anywhere, so going through them changes nothing. ``moves`` may
    pass the position's legal moves when the caller has them already.
    """
    if r.is_won(s):
        return "won"
    if moves is None:
        moves = r.legal_moves(s)
    if not moves:
        return "stuck"
    if r.waste < 0 or any(m.src != "stock" and m.dst != "stock" for m in moves):
        return "playing"
    cards = set(s.piles[r.stock]) | set(s.piles[r.waste])
    return "playing" if any(_playable(r, s, c) for c in cards) else "stuck"


def _playable(r: Rules, s: State, card: int) -> bool:
    """Tell whether a card from the waste could go anywhere in the present position."""
    return r.game.play.playable(r, s, card)
