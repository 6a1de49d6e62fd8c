"""Soak the engine: random games of every game and option set, checked at every step.

    .venv/bin/python tools/soak.py                     # 100,000 games on every core
    .venv/bin/python tools/soak.py --games 2000 --seed 7 --workers 2
    .venv/bin/python tools/soak.py --ray               # the same on a Ray cluster (pip
                                                       # install '.[soak]')

Each game is a random variant (a game, then a random choice of each of its options, a
combination the game refuses drawn again), a random deal number, and up to ``--steps``
random steps through the public API (:func:`patience.new_game` and the ``Session`` it
returns): mostly a legal move chosen at random, sometimes an undo or a redo, with the clock
moving on a random few seconds each step. After every step it checks that:

- no card is gained or lost: the cards on the table are the game's pack, exactly;
- the save round-trips: :func:`patience.load` of ``save()`` gives the same position, the
  same moves to undo and redo, and the same score;
- the score is a whole number (never below 0 in standard scoring), the status one of the
  three.

At the end of each game every move is undone and the position must be the deal again
(:meth:`Rules.deal`), then redone to where it was. A failure is recorded with its seed, so
``--only SEED`` replays that game alone. The games are shared among worker processes
(``concurrent.futures``); the figures (games, steps, moves played, failures, seconds) are
printed at the end, and ``--json`` prints them as JSON.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import patience  # the engine, from py/
from patience import OptionsError, Session

#: The most random steps a game takes (a random player rarely wins or gets stuck).
STEPS = 200
#: How often a step is an undo, or a redo when there is one.
UNDO_RATE = 0.06
REDO_RATE = 0.04


@dataclass
class Tally:
    """What a batch of games did, and what went wrong."""

    games: int = 0
    steps: int = 0
    moves: int = 0
    undos: int = 0
    redos: int = 0
    saves: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    failures: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.steps += other.steps
        self.moves += other.moves
        self.undos += other.undos
        self.redos += other.redos
        self.saves += other.saves
        self.outcomes.update(other.outcomes)
        self.failures.extend(other.failures)


def variants() -> list[tuple[str, dict[str, Any]]]:
    """Return every game with every combination of its options that the game accepts."""
    out: list[tuple[str, dict[str, Any]]] = []
    for game in patience.games():
        names = [o.name for o in game.options]
        for values in itertools.product(*(o.choices for o in game.options)):
            options = dict(zip(names, values))
            try:
                patience.rules(game.id, options)
            except OptionsError:
                continue
            out.append((game.id, options))
    return out


def pick_variant(rng: random.Random, all_variants: list[tuple[str, dict[str, Any]]]
                 ) -> tuple[str, dict[str, Any]]:
    """A game chosen evenly among the games that have variants in ``all_variants`` (in the
    registry's order), then one of its option sets evenly."""
    present = {g for g, _ in all_variants}
    game = rng.choice([g.id for g in patience.games() if g.id in present])
    return rng.choice([v for v in all_variants if v[0] == game])


class SoakError(AssertionError):
    """A check failed."""


def _check(game: Session, pack: Counter[int], check_save: bool) -> None:
    """Check the present step: the cards, the score and status, and the save."""
    s = game.state
    on_table = Counter(c for pile in s.piles for c in pile)
    if on_table != pack:
        gained = sorted((on_table - pack).elements())
        lost = sorted((pack - on_table).elements())
        raise SoakError(f"cards gained {gained} and lost {lost}")
    if any(not 0 <= d <= len(p) for d, p in zip(s.down, s.piles)):
        raise SoakError("more face-down cards than cards in a pile")
    score = game.score()
    if score is not None and (not isinstance(score, int)
                              or (game.rules.standard and score < 0)):
        raise SoakError(f"score {score!r}")
    if game.status() not in ("playing", "won", "stuck"):
        raise SoakError(f"status {game.status()!r}")
    if check_save:
        again = patience.load(game.save())
        if again.state != s:
            raise SoakError("the save does not load to the same position")
        if again.moves != game.moves or again.redo_stack != game.redo_stack:
            raise SoakError("the save does not keep the moves to undo and redo")
        if again.move_count != game.move_count or again.score() != score:
            raise SoakError("the save does not keep the move count or the score")


def play_game(seed: int, steps: int = STEPS, save_every: int = 1,
              all_variants: list[tuple[str, dict[str, Any]]] | None = None) -> Tally:
    """Play one random game from ``seed``, checking every step; return its tally."""
    rng = random.Random(seed)
    game_id, options = pick_variant(rng, all_variants or variants())
    deal = rng.randint(1, 1_000_000)
    tally = Tally(games=1)
    try:
        game = patience.new_game(game_id, deal, **options)
        r = game.rules
        pack = Counter(r.pack())
        _check(game, pack, True)
        for step in range(1, steps + 1):
            game.elapsed += rng.uniform(0, 12)
            roll = rng.random()
            if roll < UNDO_RATE and game.moves:
                game.undo()
                tally.undos += 1
            elif roll < UNDO_RATE + REDO_RATE and game.redo_stack:
                game.redo()
                tally.redos += 1
            else:
                moves = game.legal_moves()
                if not moves:
                    break
                game.play(rng.choice(moves))
                tally.moves += 1
            tally.steps += 1
            check_save = step % save_every == 0
            tally.saves += check_save
            _check(game, pack, check_save)
            if game.status() != "playing":
                break
        tally.outcomes[game.status()] += 1
        _check(game, pack, True)
        tally.saves += 1
        # Undo to the start returns the deal; redo goes back to where the game was.
        was, kept = game.state, len(game.moves)
        game.restart()
        if game.offset == 0 and game.state != r.deal(deal):
            raise SoakError("undo to the start does not return the deal")
        for _ in range(kept):
            game.redo()
        if game.state[:3] != was[:3]:       # the score may differ: timed play goes on
            raise SoakError("redo after undo to the start does not return the position")
    except Exception as e:  # any failure is recorded with its seed
        tally.failures.append({"seed": seed, "game": game_id, "options": options, "deal": deal,
                               "error": f"{type(e).__name__}: {e}"})
    return tally


def play_batch(seeds: list[int], steps: int, save_every: int) -> Tally:
    """Play the games of these seeds; return their tally (a worker's job)."""
    all_variants = variants()
    total = Tally()
    for seed in seeds:
        total.add(play_game(seed, steps, save_every, all_variants))
    return total


def batches(seeds: list[int], size: int) -> Iterator[list[int]]:
    for i in range(0, len(seeds), size):
        yield seeds[i:i + size]


def run_pool(seeds: list[int], steps: int, save_every: int, workers: int,
             batch: int) -> Tally:
    """Share the games among worker processes."""
    total = Tally()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        jobs = [pool.submit(play_batch, b, steps, save_every) for b in batches(seeds, batch)]
        for job in jobs:
            total.add(job.result())
    return total


def run_ray(seeds: list[int], steps: int, save_every: int, batch: int) -> Tally:
    """Share the games among Ray workers (``ray.init()`` joins a cluster or starts one)."""
    try:
        import ray  # type: ignore[import-not-found,unused-ignore]  # noqa: PLC0415  (optional extra)
    except ImportError:
        raise SystemExit("--ray needs Ray: pip install '.[soak]'") from None
    ray.init()
    remote = ray.remote(play_batch)
    total = Tally()
    for part in ray.get([remote.remote(b, steps, save_every) for b in batches(seeds, batch)]):
        total.add(part)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--steps", type=int, default=STEPS, help="most steps a game")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--save-every", type=int, default=1,
                        help="check the save round-trip every N steps (and at each end)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--batch", type=int, default=50, help="games a job")
    parser.add_argument("--ray", action="store_true", help="run on Ray instead of a pool")
    parser.add_argument("--only", type=int, help="replay the game of one seed alone")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    seeds = [args.only] if args.only is not None else \
        list(range(args.seed, args.seed + args.games))
    start = time.perf_counter()
    if args.ray:
        total = run_ray(seeds, args.steps, args.save_every, args.batch)
    elif args.workers <= 1 or len(seeds) <= args.batch:
        total = play_batch(seeds, args.steps, args.save_every)
    else:
        total = run_pool(seeds, args.steps, args.save_every, args.workers, args.batch)
    seconds = time.perf_counter() - start
    figures = {"games": total.games, "steps": total.steps, "moves": total.moves,
               "undos": total.undos, "redos": total.redos, "saves_checked": total.saves,
               "outcomes": dict(total.outcomes), "failures": len(total.failures),
               "seconds": round(seconds, 1), "seeds": [seeds[0], seeds[-1]]}
    if args.json:
        print(json.dumps({**figures, "failed": total.failures[:20]}, indent=1))
    else:
        print(f"{total.games:,} games, {total.steps:,} steps ({total.moves:,} moves, "
              f"{total.undos:,} undos, {total.redos:,} redos), {total.saves:,} saves "
              f"round-tripped, in {seconds:,.1f} s; outcomes {dict(total.outcomes)}")
        for f in total.failures[:20]:
            print(f"FAILED seed {f['seed']}: {f['game']} {f['options']} deal {f['deal']}: "
                  f"{f['error']}")
        print(f"{len(total.failures)} failures")
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
