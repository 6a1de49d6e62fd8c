"""The engine's sources as the page downloads them: comments and docstrings taken out.

``patience.zip`` (``build.zip_engine``) is on every first visit's critical path, beside
Pyodide's WebAssembly at 10 Mbit/s on the phone profile; its prose (comments, docstrings) is
about 40 % of it gzip-compressed, and nothing the page or the solver's worker runs reads it
(no ``__doc__``, no ``inspect``). :func:`strip_prose` keeps every line where it was, so a
traceback's line numbers are the repository's: a docstring becomes ``""`` followed by the
blank lines it spanned, a comment goes and its line stays. :func:`strip_prose` checks its own
work: the code it returns parses to the same tree as the source with each docstring made
``""``, or it raises :class:`ValueError`.
"""

from __future__ import annotations

import ast
import io
import tokenize

_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstrings(tree: ast.Module) -> list[ast.Expr]:
    """The docstring statements of a module's tree: a plain string first in a body."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, _DOCUMENTED) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                found.append(first)
    return found


def _blanked(tree: ast.Module) -> str:
    """The tree's dump with every docstring made ``""`` (no positions)."""
    for doc in _docstrings(tree):
        assert isinstance(doc.value, ast.Constant)
        doc.value.value = ""
    return ast.dump(tree)


def strip_prose(source: str) -> str:
    """Return ``source`` without its comments and docstrings, line for line."""
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def at(row: int, col: int) -> int:
        """The offset in ``source`` of a (1-based row, UTF-8 byte column) position (ast's)."""
        return starts[row - 1] + len(lines[row - 1].encode()[:col].decode())

    cuts: list[tuple[int, int, str]] = []
    for doc in _docstrings(ast.parse(source)):
        assert doc.end_lineno is not None and doc.end_col_offset is not None
        cuts.append((at(doc.lineno, doc.col_offset), at(doc.end_lineno, doc.end_col_offset), '""'))
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            (row, col), (_, end) = tok.start, tok.end      # columns in characters
            cuts.append((starts[row - 1] + col, starts[row - 1] + end, ""))
    out = source
    for begin, end, put in sorted(cuts, reverse=True):
        out = out[:begin] + put + "\n" * out.count("\n", begin, end) + out[end:]
    out = "".join(line.rstrip() + "\n" for line in out.splitlines())
    try:
        same = (len(out.splitlines()) == len(lines)
                and ast.dump(ast.parse(out)) == _blanked(ast.parse(source)))
    except SyntaxError:
        same = False
    if not same:
        raise ValueError("stripping comments and docstrings changed the code")
    return out
