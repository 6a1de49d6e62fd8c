"""The page's module graph the build preloads (``build.page_modules``): the first entry's
whole graph (warm.js's, which paints the board) before what the next entries add."""

from __future__ import annotations

import re
import shutil
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


def test_the_built_page_preloads_only_the_painting_modules_and_pyscript(tmp_path: Path) -> None:
    """The rest of the page (main.js's graph) is loaded by warm.js after its paint: the
    built index.html neither runs main.js nor preloads its modules, and warm.js loads it."""
    site = tmp_path / "site"
    (site / "static" / "js").mkdir(parents=True)
    for name in ("warm.js", "render.js", "main.js", "controller.js"):
        (site / "static" / "js" / name).write_text(
            (ROOT / "static" / "js" / name).read_text(encoding="utf-8"), encoding="utf-8")
    (site / "index.html").write_text((ROOT / "index.html").read_text(encoding="utf-8"),
                                     encoding="utf-8")
    build.write_modulepreloads(site)
    page = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="./static/js/render.js"' in page
    assert "static/js/controller.js" not in page and "static/js/main.js" not in page
    warm = (site / "static" / "js" / "warm.js").read_text(encoding="utf-8")
    assert 'import("./main.js")' in warm and 'import("./chrome.js")' in warm


def test_pyscript_s_core_waits_for_the_paint_but_is_asked_for_at_once(tmp_path: Path) -> None:
    """PyScript's core is evaluated with main.js's graph (after warm.js's paint), not as a
    module script of the page, which ran it before the paint on a slow phone; it is still
    preloaded."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "static" / "js", site / "static" / "js")
    (site / "vendor" / "pyscript").mkdir(parents=True)
    (site / "vendor" / "pyscript" / "core.js").write_text(
        'export * from "./core-X.js";\n', encoding="utf-8")
    (site / "vendor" / "pyscript" / "core-X.js").write_text("export const x = 1;\n",
                                                             encoding="utf-8")
    (site / "index.html").write_text((ROOT / "index.html").read_text(encoding="utf-8"),
                                     encoding="utf-8")
    build.write_modulepreloads(site)
    page = (site / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script type="module"[^>]*src="([^"]+)"', page)
    assert scripts == ["./static/js/warm.js"]
    assert '<link rel="modulepreload" href="./vendor/pyscript/core.js">' in page
    assert '<link rel="modulepreload" href="./vendor/pyscript/core-X.js">' in page
    assert '<link rel="modulepreload" href="./static/js/warm.js">' not in page
    # engine.js brings the core in with main.js's graph, which warm.js loads.
    assert "vendor/pyscript/core.js" in build.page_modules(site, ("static/js/main.js",))
