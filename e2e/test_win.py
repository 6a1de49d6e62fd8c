"""A win in Chromium: the bouncing cascade over the table (ended by a tap, a key, a new deal
or by itself; never with motion off or reduced), the win notice, and the optional sounds
(a Settings switch, kept; an audio context only after a gesture with sound on, never when off)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .play import open_game, pile, resume_record, snap, until, wait_ready
from .test_records import play_line, record_and_tail

# Counts the audio contexts the page makes and the notes it plays.
AUDIO_WATCH = """
window.__audio = { made: 0, tones: 0 };
if (window.AudioContext) {
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.__audio.made += 1; }
    createOscillator() { window.__audio.tones += 1; return super.createOscillator(); }
  };
}
"""

CASCADE = "canvas.cascade"
# How many cards have left their piles (hidden while their pictures fly).
LEFT = ("[...document.querySelectorAll('#table .card')]"
        ".filter((c) => c.style.visibility === 'hidden').length")


def win(page: Page, site_url: str, settings: dict[str, object] | None = None) -> None:
    """Open a FreeCell game one move short of a win and win it by dragging that move."""
    record, tail = record_and_tail(1)
    resume_record(page, site_url, "freecell", record, settings)
    play_line(page, tail)
    expect(page.locator("#notice-title")).to_have_text("You won!")


def audio(page: Page) -> dict[str, int]:
    data: dict[str, int] = page.evaluate("window.__audio")
    return data


@pytest.mark.parametrize("ending", ["tap", "key", "new deal", "by itself"])
def test_a_win_sets_the_cards_bouncing_until_a_tap_a_key_a_new_deal_or_its_end(
        page: Page, site_url: str, ending: str) -> None:
    page.add_init_script(AUDIO_WATCH)
    win(page, site_url)
    # The notice is a win's, with New deal to hand, over the cards leaving their piles.
    expect(page.locator("#notice")).to_have_class("notice won")
    expect(page.locator("#notice-buttons button").first).to_be_focused()
    expect(page.locator("#notice-buttons button").first).to_have_text("New deal")
    expect(page.locator(CASCADE)).to_have_count(1)
    page.wait_for_function(f"{LEFT} >= 3")
    canvas = page.locator(CASCADE).bounding_box()
    table = page.locator("#table").bounding_box()
    assert canvas is not None and table is not None
    assert (canvas["x"], canvas["y"], canvas["width"], canvas["height"]) == \
        (table["x"], table["y"], table["width"], table["height"])
    # The canvas has drawn cards: some of its pixels are not clear.
    assert page.evaluate("""() => {
        const c = document.querySelector('canvas.cascade');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        for (let i = 3; i < d.length; i += 4) if (d[i] > 0) return true;
        return false;
    }""")
    if ending == "tap":
        page.mouse.click(table["x"] + 5, table["y"] + table["height"] - 5)
    elif ending == "key":
        page.keyboard.press("ArrowRight")
    elif ending == "new deal":
        page.locator("#notice-buttons").get_by_role("button", name="New deal").click()
        until(page, "async () => (await __snap()).moveCount === 0")
    expect(page.locator(CASCADE)).to_have_count(0, timeout=15_000)
    assert page.evaluate(LEFT) == 0
    if ending != "new deal":
        # The cascade ended; the win and its notice stay.
        expect(page.locator("#notice")).to_be_visible()
        assert snap(page)["status"] == "won"
    # Sound is off by default: no audio context at all, whatever was tapped or played.
    assert audio(page)["made"] == 0


@pytest.mark.parametrize("how", ["reduced motion", "motion setting off"])
def test_no_cascade_without_motion(page: Page, site_url: str, how: str) -> None:
    if how == "reduced motion":
        page.emulate_media(reduced_motion="reduce")
        win(page, site_url)
    else:
        win(page, site_url, {"motion": False})
    # The cascade would have started with the drawing of the won table, before the notice.
    expect(page.locator("#notice")).to_have_class("notice won")
    assert page.locator(CASCADE).count() == 0
    assert page.evaluate(LEFT) == 0


def test_sound_on_makes_its_audio_context_after_a_gesture_and_plays(page: Page,
                                                                    site_url: str) -> None:
    page.add_init_script(AUDIO_WATCH)
    record, tail = record_and_tail(2)
    resume_record(page, site_url, "freecell", record, {"sound": True})
    assert audio(page) == {"made": 0, "tones": 0}       # no gesture yet, no context
    play_line(page, tail[:1])                          # a drag: a gesture, then a card put down
    page.wait_for_function("window.__audio.tones >= 1")
    assert audio(page)["made"] == 1
    before = audio(page)["tones"]
    play_line(page, tail[1:])                          # the win: a chord of notes
    expect(page.locator("#notice-title")).to_have_text("You won!")
    page.wait_for_function(f"window.__audio.tones >= {before + 4}")
    assert audio(page)["made"] == 1                    # one context for the page


def test_the_sound_switch_is_kept_and_off_means_no_audio_at_all(page: Page, site_url: str) -> None:
    page.add_init_script(AUDIO_WATCH)
    open_game(page, site_url, "freecell", 1)
    page.click("#btn-settings")
    box = page.locator("#set-sound")
    expect(box).not_to_be_checked()                    # off by default
    box.check()                                        # turned on: heard at once
    page.wait_for_function("window.__audio.made === 1 && window.__audio.tones >= 1")
    stored = json.loads(page.evaluate("localStorage.getItem('patience:v1:settings')"))
    assert stored["sound"] is True
    page.reload()
    wait_ready(page)
    assert audio(page)["made"] == 0
    page.click("#btn-settings")
    expect(page.locator("#set-sound")).to_be_checked()
    page.locator("#set-sound").uncheck()
    page.keyboard.press("Escape")
    page.reload()
    wait_ready(page)
    page.click("#btn-settings")
    expect(page.locator("#set-sound")).not_to_be_checked()
    page.keyboard.press("Escape")
    box_of = pile(page, "t1").bounding_box()
    assert box_of is not None
    page.mouse.click(box_of["x"] + 10, box_of["y"] + 10)   # gestures with sound off
    page.keyboard.press("ArrowRight")
    stored = json.loads(page.evaluate("localStorage.getItem('patience:v1:settings')"))
    assert stored["sound"] is False
    assert audio(page)["made"] == 0
