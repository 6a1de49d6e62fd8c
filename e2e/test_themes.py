"""Table themes: chosen in Settings, kept with the settings, on the page before its first
paint on a warm start, carried by the export file and restored by an import."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from .conftest import _BOOT_WATCH, wait_for_engine
from .play import open_game, storage, wait_ready

#: A phone: the Settings button is in the More menu.
PHONE: ViewportSize = {"width": 360, "height": 640}
#: Records <html data-theme> when the parser makes <body> (before any of the page's content
#: exists, so before anything can be painted, and before any module has run), and when the
#: first card is drawn (the warm start's saved board, before Python has started).
FIRST_FRAME = """
(() => {
  const seen = window.__themeSeen = {};
  new MutationObserver((_, observer) => {
    if (document.body && !("body" in seen)) {
      seen.body = document.documentElement.dataset.theme ?? null;
    }
    if (document.querySelector(".card")) {
      seen.card = document.documentElement.dataset.theme ?? null;
      seen.engine = window.patienceBridge !== undefined;
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})();
"""


def settings(page: Page) -> dict[str, object]:
    """Return the stored settings."""
    return json.loads(storage(page)["patience:v1:settings"])  # type: ignore[no-any-return]


def theme_colour(page: Page) -> str:
    """Return the content of <meta name="theme-color">."""
    return str(page.get_attribute('meta[name="theme-color"]', "content"))


def test_a_theme_chosen_in_settings_is_kept_and_on_the_page_before_its_first_paint(
        page: Page, site_url: str) -> None:
    page.set_viewport_size(PHONE)
    open_game(page, site_url, "klondike", 4)
    assert page.evaluate("document.documentElement.dataset.theme") == "felt"
    assert theme_colour(page) == "#1d5c3a"
    felt = page.evaluate("getComputedStyle(document.body).backgroundImage")
    page.click("#btn-more")
    page.click("#btn-settings")
    expect(page.locator("#set-theme")).to_have_value("felt")
    page.select_option("#set-theme", "night")
    assert page.evaluate("document.documentElement.dataset.theme") == "night"
    assert theme_colour(page) == "#12161b"
    assert page.evaluate("getComputedStyle(document.body).backgroundImage") != felt
    assert settings(page)["theme"] == "night"
    page.click('#dlg-settings button[value="close"]')
    # A warm start: the saved board is painted in the saved theme, and nothing before it.
    page.add_init_script(FIRST_FRAME)
    page.reload()
    wait_ready(page)
    seen = page.evaluate("window.__themeSeen")
    assert seen["body"] == "night"
    assert seen["card"] == "night" and seen["engine"] is False      # painted before Python
    assert theme_colour(page) == "#12161b"
    page.click("#btn-more")
    page.click("#btn-settings")
    expect(page.locator("#set-theme")).to_have_value("night")


def test_an_unknown_theme_in_storage_shows_felt(page: Page, site_url: str) -> None:
    page.add_init_script("localStorage.setItem('patience:v1:settings', "
                         "JSON.stringify({v: 1, theme: 'neon', motion: false}));")
    page.set_viewport_size(PHONE)
    open_game(page, site_url, "freecell", 2)
    assert page.evaluate("document.documentElement.dataset.theme") == "felt"
    assert theme_colour(page) == "#1d5c3a"
    page.click("#btn-more")
    page.click("#btn-settings")
    expect(page.locator("#set-theme")).to_have_value("felt")


def test_the_export_file_carries_the_theme_and_an_import_restores_it(
        page: Page, site_url: str, browser: Browser, tmp_path: Path) -> None:
    page.set_viewport_size(PHONE)
    open_game(page, site_url, "spider", 3)
    page.click("#btn-more")
    page.click("#btn-settings")
    page.select_option("#set-theme", "contrast")
    with page.expect_download() as caught:
        page.click("#btn-export")
    file = tmp_path / "export.json"
    caught.value.save_as(file)
    assert json.loads(file.read_text())["settings"]["theme"] == "contrast"

    # A browser with no settings of its own takes the file's (bundle.merge).
    fresh_context = browser.new_context(viewport=PHONE)
    fresh_context.add_init_script(_BOOT_WATCH)
    try:
        fresh = fresh_context.new_page()
        fresh.goto(site_url)
        wait_for_engine(fresh)
        wait_ready(fresh)
        assert fresh.evaluate("document.documentElement.dataset.theme") == "felt"
        fresh.click("#btn-more")
        fresh.click("#btn-settings")
        fresh.set_input_files("#import-file", str(file))
        expect(fresh.locator("#notice-title")).to_have_text("Imported")
        expect(fresh.locator("#notice-text")).to_contain_text("Settings taken from the file.")
        assert fresh.evaluate("document.documentElement.dataset.theme") == "contrast"
        assert theme_colour(fresh) == "#000000"
        assert settings(fresh)["theme"] == "contrast"
    finally:
        fresh_context.close()
