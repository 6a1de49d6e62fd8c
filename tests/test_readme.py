"""The README's example runs as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import patience
import patience.cards
import patience.solver
import patience.solver.winnable

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 10 and result.failed == 0


def test_package_docstrings_run() -> None:
    for module in (patience, patience.cards, patience.solver, patience.solver.winnable):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0
