"""Project habits: one version number, and the solver's console script."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import patience
from patience import solve

ROOT = Path(__file__).resolve().parent.parent


def pyproject() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def test_the_version_is_written_once() -> None:
    data = pyproject()
    project = data["project"]
    assert isinstance(project, dict)
    assert "version" not in project and "version" in project["dynamic"]
    tool = data["tool"]
    assert isinstance(tool, dict)
    assert tool["setuptools"]["dynamic"]["version"] == {"attr": "patience.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", patience.__version__)
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert f"## {patience.__version__}" in changelog


def test_patience_solve_runs_the_solver_command() -> None:
    project = pyproject()["project"]
    assert isinstance(project, dict)
    assert project["scripts"] == {"patience-solve": "patience.solve:main"}
    assert solve.main(["freecell", "--deal", "1", "--budget", "20000", "--json"]) == 0
    assert solve.main(["canasta", "--deal", "1"]) == 2
