"""``tools/pystrip.py``: the engine's sources without comments and docstrings, as
``patience.zip`` holds them, line for line and the same code."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

if sys.platform == "emscripten":      # a build tool: CPython only
    pytest.skip("a build tool: CPython only", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import pystrip  # noqa: E402  (lives in tools/, which is not a package)

SOURCE = '''"""A module's docstring,
over two lines."""

from __future__ import annotations

# A comment on its own line.
X = "# not a comment"  # a comment after code
Y = """a string, kept: # kept"""


class Pile:
    """A class's docstring."""

    def cards(self) -> list[int]:
        """A method's docstring:

        several lines, with "quotes" and a # sign.
        """
        return [1]  # trailing


async def later() -> None:
    "One line, single quotes, é."
    x = 1; "an expression, kept"
'''


def test_comments_and_docstrings_go_and_every_line_stays() -> None:
    out = pystrip.strip_prose(SOURCE)
    assert len(out.splitlines()) == len(SOURCE.splitlines())
    assert "#" not in out.replace('"# not a comment"', "").replace("# kept", "")
    assert "docstring" not in out and "One line" not in out
    assert '"# not a comment"' in out and "# kept" in out and "an expression" in out
    # The code after each cut is where it was: a traceback's lines are the source's.
    for number, line in enumerate(SOURCE.splitlines()):
        if line.strip().startswith(("X =", "Y =", "return", "x = 1", "def ", "class ")):
            assert out.splitlines()[number] == line.split("  #")[0].rstrip(), number
    space: dict[str, object] = {}
    exec(compile(out, "stripped.py", "exec"), space)
    pile = space["Pile"]
    assert isinstance(pile, type) and pile().cards() == [1] and pile.__doc__ == ""


def test_the_engine_s_sources_strip_to_the_same_code() -> None:
    for path in sorted((ROOT / "py" / "patience").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        out = pystrip.strip_prose(source)      # raises if the tree changed beyond the docstrings
        assert len(out) < len(source) or not source.strip(), path
        assert len(out.splitlines()) == len(source.splitlines()), path


def test_a_change_to_the_code_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The self-check sees a cut that went wrong (here: tokenize told to cut a string too)."""
    import tokenize  # noqa: PLC0415

    monkeypatch.setattr(tokenize, "COMMENT", tokenize.STRING)
    with pytest.raises(ValueError, match="changed the code"):
        pystrip.strip_prose('f("a")\n')
    with pytest.raises(ValueError, match="changed the code"):
        pystrip.strip_prose('X = "a"\n')     # cut to code that does not parse
