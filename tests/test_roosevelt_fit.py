"""The Roosevelt score fit (``tools/roosevelt_fit.py``): its terms reproduce ``onepass``'s own
score under the base weights, and the fit ranks a positive above negatives it is shown."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import roosevelt_fit as fit  # noqa: E402  (tools/)

import patience  # noqa: E402
from patience.solver import onepass  # noqa: E402
from patience.solver.search import drain  # noqa: E402


def test_the_base_weights_are_onepass_own_score_on_every_position_a_beam_rates() -> None:
    r = patience.rules("roosevelt")
    base = fit.rating(fit.BASE)
    seen: list[tuple[int, int]] = []

    def both(play: onepass._Play, pos: onepass.Position) -> int:
        own = onepass._score(play, pos)
        seen.append((own, base(play, pos) // 1000))
        assert len(fit.features(play, pos[0], pos[1], fit.waste_of(play, pos), pos[3])) \
            == len(fit.FEATURES)
        return own

    drain(onepass.beam(r, r.deal(27), 3_000, 8, 0, 1, None, both))
    assert len(seen) > 100 and all(own == learnt for own, learnt in seen)


def test_the_fit_learns_to_rank_the_positive_first() -> None:
    # Two levels whose positive has fewer waste cards and more cards up than its negatives,
    # but the same or less of every other term: the fitted weights rank it first.
    n = len(fit.FEATURES)
    plus = [30, 2, 1, 3] + [0] * (n - 4)
    minus = [[28, 2, 1, 6] + [0] * (n - 4), [30, 2, 1, 9] + [0] * (n - 4)]
    data = [(plus, minus)] * 2
    w = fit.fit(data, rounds=50)
    assert fit.judge(data, w) == (1.0, 1.0)
