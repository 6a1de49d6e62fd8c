"""The page's module graph the build preloads (``build.page_modules``): the first entry's
whole graph (warm.js's, which paints the board) before what the next entries add."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

if sys.platform == "emscripten":      # a build tool: CPython only
    pytest.skip("a build tool: CPython only", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (build.py lives at the repository root)


def _module(site: Path, name: str, *imports: str) -> None:
    lines = [f'import {{ x{i} }} from "./{m}";' for i, m in enumerate(imports)]
    (site / name).write_text("\n".join([*lines, "export const x = 1;", ""]), encoding="utf-8")


def test_the_first_entry_s_whole_graph_comes_first(tmp_path: Path) -> None:
    _module(tmp_path, "warm.js", "render.js")
    _module(tmp_path, "render.js", "cards.js")
    _module(tmp_path, "cards.js")
    _module(tmp_path, "main.js", "boot.js", "render.js")
    _module(tmp_path, "boot.js", "warm.js", "engine.js")
    _module(tmp_path, "engine.js")
    # Level by level over both entries, cards.js (warm.js's grandchild) would come after
    # main.js's children.
    assert build.page_modules(tmp_path, ("warm.js", "main.js")) == [
        "warm.js", "render.js", "cards.js", "main.js", "boot.js", "engine.js"]


def test_the_site_s_modules_start_with_warm_js_graph() -> None:
    found = build.page_modules(ROOT, build.PAGE_MODULES)
    warm = build.page_modules(ROOT, ("static/js/warm.js",))
    assert found[:len(warm)] == warm
    assert "static/js/render.js" in warm and "static/js/controller.js" not in warm
