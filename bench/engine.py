"""Engine speed: legal-move generations and random playouts per second, for every game.

    python3 bench/engine.py            # CPython
    python3 bench/engine.py --pyodide  # the same code inside Pyodide under Node.js

Positions come from seeded random play, so every run measures the same work. Playouts play
uniformly random legal moves from a deal until the game is won or stuck, or 300 moves.
"""

from __future__ import annotations

import argparse
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import patience  # noqa: E402
from patience import Rules, State  # noqa: E402

PLAYOUT_CAP = 300


def sample_positions(r: Rules, count: int, seed: int) -> list[State]:
    """Return ``count`` positions met in seeded random play, from several deals."""
    rng = random.Random(seed)
    out: list[State] = []
    deal = 1
    while len(out) < count:
        s = r.deal(deal)
        for _ in range(60):
            out.append(s)
            moves = r.legal_moves(s)
            if not moves or len(out) >= count:
                break
            s = r.apply(s, rng.choice(moves))
        deal += 1
    return out


def generations_per_second(r: Rules, positions: list[State], seconds: float) -> float:
    """Return how many legal-move lists are generated a second over the positions."""
    done, start = 0, time.perf_counter()
    while True:
        for s in positions:
            r.legal_moves(s)
        done += len(positions)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def playouts_per_second(r: Rules, seconds: float, seed: int) -> tuple[float, float]:
    """Return random playouts a second, and moves a second within them."""
    rng = random.Random(seed)
    games = moves = 0
    start = time.perf_counter()
    while True:
        s = r.deal(games + 1)
        for _ in range(PLAYOUT_CAP):
            legal = r.legal_moves(s)
            if not legal or r.is_won(s):
                break
            s = r.apply(s, rng.choice(legal))
            moves += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, moves / elapsed


def run(seconds: float) -> str:
    """Measure every game and return the table as Markdown."""
    impl = f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})"
    lines = [f"Engine on {impl}, {seconds:g} s a measure", "",
             "| game | legal-move lists/s | playouts/s | moves/s in playouts |",
             "|---|---:|---:|---:|"]
    for game in patience.games():
        r = Rules(game)
        positions = sample_positions(r, 300, seed=1)
        gens = generations_per_second(r, positions, seconds)
        playouts, moves = playouts_per_second(r, seconds, seed=2)
        lines.append(f"| {game.id} | {gens:,.0f} | {playouts:,.1f} | {moves:,.0f} |")
    return "\n".join(lines)


def main() -> None:
    """Run the bench here, or inside Pyodide with ``--pyodide``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measure")
    parser.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node")
    args = parser.parse_args()
    if args.pyodide:
        cmd = [sys.executable, str(ROOT / "tools" / "pyodide_tests.py"), "--script",
               "bench/engine.py", "--seconds", str(args.seconds)]
        raise SystemExit(subprocess.call(cmd, cwd=ROOT))
    print(run(args.seconds))


if __name__ == "__main__":
    main()
