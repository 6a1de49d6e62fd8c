"""The solver bench's sampling and its won-share line (issue 27's before and after): a
declared sample of every K-th deal, and the cost of a win in CPU seconds."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import solver as bench  # noqa: E402  (bench/)

ISSUE17 = next(c for c in bench.CONFIGS if c.label == "roosevelt-issue17")


def test_every_tenth_deal_is_a_declared_sample_of_the_range() -> None:
    job = bench.Job(ISSUE17, 1, 400, 100_000, 10)
    assert list(job.deals) == list(range(1, 400, 10)) and len(job.deals) == 40
    assert job.name == "1-400 every 10th"
    assert bench.Job(ISSUE17, 1, 400, 100_000).name == "1-400"


def test_the_won_share_counts_the_deals_run_and_their_cpu_seconds() -> None:
    job = bench.Job(ISSUE17, 1, 400, 100_000, 10)
    got = [bench.Deal("unknown", 100_000, 9.0, 3.0)] * 38 + [
        bench.Deal("solved", 30_000, 2.0, 1.0)] * 2
    assert bench.won_text(job, got) == (
        "roosevelt-issue17 deals 1-400 every 10th at 100,000: 2 of 40 won (5.0%,"
        " 58 CPU-s a win)")
    none = [bench.Deal("unknown", 100_000, 9.0, 3.0)] * 40
    assert bench.won_text(job, none).endswith("0 of 40 won (0.0%, 120 CPU-s)")
    assert bench.row(job, got).startswith("| roosevelt-issue17 | 1-400 every 10th | 100,000 | 2 |")
