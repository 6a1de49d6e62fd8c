"""The solver's answer: a verdict, the winning moves when there are some, and the work done."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Literal

from ..game import Move

Verdict = Literal["solved", "unwinnable", "unknown"]

# What a search loop returns before it becomes a ``Result``: the verdict, the winning moves
# (empty unless solved) and the positions expanded. Every search imports it from here.
Outcome = tuple[str, list[Move], int]


@dataclass(frozen=True)
class Result:
    """What a search found.

    ``verdict``: ``solved`` (``moves`` replay through ``Rules.play`` to a win),
    ``unwinnable`` (every reachable position was explored and none is won) or ``unknown``
    (the node budget ran out first). ``nodes`` counts the positions expanded.
    ``used_hidden`` is true when the search saw cards a player cannot: face-down tableau
    cards or the order of the stock.
    """

    verdict: Verdict
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    used_hidden: bool = False

    def notation(self) -> str:
        """Return the moves in the engine's notation, separated by spaces."""
        return " ".join(str(m) for m in self.moves)

    def to_dict(self) -> dict[str, object]:
        """Return the result as plain data (moves as text)."""
        return {"verdict": self.verdict, "moves": [str(m) for m in self.moves],
                "nodes": self.nodes, "used_hidden": self.used_hidden}

    def to_json(self) -> str:
        """Return the result as one JSON object."""
        return json.dumps(self.to_dict(), separators=(",", ":"))
