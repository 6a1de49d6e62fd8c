"""Answers that belong to the position they answer (issue 13, point 4).

A player who deals again or switches game while the solver is still starting (or while it
searches) must never see the old position's answer: the verdict line, Hint and Solve always
speak of the position on the table. Each test switches quickly, in an order and with pauses
drawn at random (the seed is printed, ``PATIENCE_RACE_SEED`` replays one), then checks:

- the verdict line is the one the solver gives for the position on screen (the same search
  run here in CPython: same code, same budget, same answer);
- Hint's marked move is one of the snapshot's legal moves, and every card its words name is
  face up on the table;
- Solve plays at least one move, the one Hint marked, or says why there is nothing to play.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from patience import worker

from .conftest import BOOT_TIMEOUT_MS
from .play import choose_game, manual_play, open_game, until

SOLVER_TIMEOUT_MS = BOOT_TIMEOUT_MS
INDICATOR_BUDGET = 60_000      # static/js/assist.js: BUDGETS.indicator
SETTLED = re.compile(r"^(winnable|lost|unknown|failed)$")
# Games whose random deals the solver decides quickly, for the checks; Pyramid and Spider
# are passed through on the way (their searches are the slow ones).
CHECKED = ("klondike", "freecell")


def rng() -> random.Random:
    seed = int(os.environ.get("PATIENCE_RACE_SEED", "0")) or random.randrange(1, 10**9)
    print(f"race seed {seed} (PATIENCE_RACE_SEED={seed} replays it)")
    return random.Random(seed)


def confirm_if_asked(page: Page) -> None:
    """Answer "go ahead" if the page asks before replacing a game in progress."""
    page.evaluate("""() => {
        const box = document.getElementById("notice");
        const title = document.getElementById("notice-title").textContent;
        if (box.hidden || !/^(Start a new deal|Play deal)/.test(title)) return;
        const go = [...box.querySelectorAll("#notice-buttons button")]
            .find((b) => b.textContent !== "Keep playing");
        go?.click();
    }""")


def new_deal(page: Page) -> None:
    page.click("#btn-new")
    confirm_if_asked(page)


def switch(page: Page, game: str) -> None:
    choose_game(page, game).locator("button.accent").click()
    confirm_if_asked(page)


def state(page: Page) -> dict[str, Any]:
    """The verdict line, the tip, the marks and the engine's snapshot, read in one go."""
    data: dict[str, Any] = page.evaluate("""async () => {
        const snap = JSON.parse(await patienceBridge.snapshot(0));
        const v = document.getElementById("verdict");
        const tip = document.getElementById("tip");
        const hinted = {};
        for (const c of document.querySelectorAll(".card.hint")) {
            const p = c.dataset.pile, i = Number(c.dataset.index);
            hinted[p] = Math.min(hinted[p] ?? i, i);
        }
        const targets = [...document.querySelectorAll(".hint-target")]
            .map((p) => p.dataset.pile);
        return {verdict: v.dataset.state, verdictText: v.textContent,
                tip: tip.hidden ? "" : tip.textContent, tipKind: tip.dataset.kind,
                hinted, targets, solve: document.getElementById("btn-solve").textContent, snap};
    }""")
    return data


def wait_verdict(page: Page) -> None:
    expect(page.locator("#verdict")).to_have_attribute("data-state", SETTLED,
                                                       timeout=SOLVER_TIMEOUT_MS)


def expected_verdict(save: str) -> str:
    """The indicator's answer for a save, from the worker's own code run here."""
    answer = worker.run(json.dumps({"kind": "solve", "save": save, "budget": INDICATOR_BUDGET}))
    return {"solved": "winnable", "unwinnable": "lost", "unknown": "unknown"}[answer["verdict"]]


def marked_move(s: dict[str, Any]) -> dict[str, Any]:
    """Return the legal move the hint marks (failing if the marks are not one)."""
    snapshot = s["snap"]
    piles = set(s["hinted"]) | set(s["targets"])
    assert piles, f"the hint marks nothing: {s['tip']!r}"
    fits: list[dict[str, Any]] = []
    for m in snapshot["moves"]:
        if {m["src"], m["dst"]} != piles:
            continue
        # The cards marked are the ones that go (the stock turns fewer when it has fewer).
        first = s["hinted"].get(m["src"])
        height = len(snapshot["piles"][m["src"]])
        if first is not None and m["src"] not in ("stock", "waste") and height - first != m["n"]:
            continue
        fits.append(m)
    assert fits, (f"the hint marks {s['hinted']} -> {s['targets']}, no legal move of "
                  f"{snapshot['game']} deal {snapshot['deal']}: {s['tip']!r}")
    return fits[0]


def settled_state(page: Page) -> dict[str, Any]:
    """The state once the verdict line is settled and stays so while the engine's snapshot is
    read, with no transition on its way to the engine's worker (``window.patienceBusy``,
    main.js): a game switch or deal of the scramble may still be on its way when the line
    settles on the position before it (it was, on a loaded machine: the hint that followed
    found another game on the table)."""
    deadline = time.monotonic() + SOLVER_TIMEOUT_MS / 1000
    while True:
        wait_verdict(page)
        until(page, "() => !window.patienceBusy()", SOLVER_TIMEOUT_MS)
        before = page.locator("#verdict").get_attribute("data-state")
        s = state(page)
        if s["verdict"] == before and SETTLED.match(s["verdict"]) \
                and not page.evaluate("window.patienceBusy()"):
            return s
        assert time.monotonic() < deadline, f"the verdict line never settled: {s['verdictText']!r}"


def check_position(page: Page, names: dict[str, str], label: str) -> None:
    """The verdict, Hint and Solve all speak of the position on the table."""
    s = settled_state(page)
    assert s["verdict"] != "failed", s["verdictText"]
    save = s["snap"]["save"]
    assert s["verdict"] == expected_verdict(save), (
        f"{label}: the line says {s['verdictText']!r} for {s['snap']['game']} deal "
        f"{s['snap']['deal']}, the solver says {expected_verdict(save)}")

    page.click("#btn-hint")
    expect(page.locator("#tip")).to_be_visible(timeout=SOLVER_TIMEOUT_MS)
    expect(page.locator("#tip")).not_to_have_text(re.compile("^Looking for a win"),
                                                  timeout=SOLVER_TIMEOUT_MS)
    s = hinted = state(page)
    assert s["snap"]["save"] == save, "nothing moved while the hint was asked"
    move = marked_move(s)
    on_table = {names[c] for p in s["snap"]["piles"].values() for c in p if c}
    named = [n for n in names.values() if re.search(rf"\b{re.escape(n)}\b", s["tip"])]
    assert named or re.search(r"stock|waste|deal a row", s["tip"]), \
        f"{label}: the tip names no card: {s['tip']!r}"
    assert set(named) <= on_table, f"{label}: the tip names cards not on the table: {s['tip']!r}"
    if s["tipKind"] == "win":
        assert s["verdict"] != "lost", f"{label}: a winning hint on a lost game: {s['tip']!r}"

    page.click("#btn-solve")
    deadline = time.monotonic() + SOLVER_TIMEOUT_MS / 1000
    while True:
        s = state(page)
        if s["snap"]["moveCount"] > 0 or "nothing to play" in s["tip"]:
            break
        assert time.monotonic() < deadline, f"{label}: Solve neither played nor said why not"
        page.wait_for_timeout(50)
    if s["solve"] == "Stop":
        page.click("#btn-solve")
    if s["snap"]["moveCount"] > 0:
        first = json.loads(s["snap"]["save"])["moves"][0]
        # Solve must play the move Hint marked if Hint promised a win when it was read; a
        # rule-of-thumb hint, shown while the search went on (and perhaps found a win by
        # the time Solve played), promises nothing.
        if hinted["tipKind"] == "win" or hinted["verdict"] == "winnable":
            assert first == move["text"], \
                f"{label}: Solve played {first}, Hint marked {move['text']}"
    else:
        assert s["tipKind"] == "guess", s["tip"]


def catalogue_names(page: Page) -> dict[str, str]:
    names: dict[str, str] = json.loads(page.evaluate("patienceBridge.catalogue()"))["cards"]
    return names


def scramble(page: Page, r: random.Random, end: str, steps: int, pause_ms: int) -> None:
    """Deal and switch game ``steps`` times with random pauses, ending on game ``end``."""
    for _ in range(steps):
        action = r.choice(["deal", "deal", "klondike", "freecell", "pyramid"])
        if action == "deal":
            new_deal(page)
        else:
            switch(page, action)
        page.wait_for_timeout(r.randrange(pause_ms + 1))
    switch(page, end)
    if r.random() < 0.5:
        new_deal(page)


def forget_snapshots(page: Page) -> None:
    """Delete the memory snapshots of Python that an earlier round's solver stored, so that
    the next start is as slow as the first (booted from one, the solver may answer before
    the page is ready, and there is no start left to race)."""
    page.evaluate("""async () => {
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
                if (request.url.includes("/__snapshot/")) await cache.delete(request);
            }
        }
    }""")


@pytest.mark.plain_boot              # the solver's start is slow only without a snapshot
def test_switches_while_the_solver_starts_never_show_the_old_answer(page: Page,
                                                                     site_url: str) -> None:
    r = rng()
    manual_play(page)
    page.set_viewport_size({"width": 360, "height": 640})
    for round_ in range(2):
        if round_:
            forget_snapshots(page)
        open_game(page, site_url, r.choice(CHECKED))
        names = catalogue_names(page)
        starting = state(page)["verdictText"]
        scramble(page, r, r.choice(CHECKED), steps=r.randrange(2, 5), pause_ms=300)
        assert "starting the solver" in starting, f"the solver had started already: {starting!r}"
        check_position(page, names, f"start race {round_ + 1}")
    page.screenshot(path="/tmp/patience-e2e-race.png")


def watch_verdict(page: Page) -> None:
    """From now on, note every state the verdict line shows, with the position on the table
    then (a MutationObserver's callback runs before the page is painted again, so these are
    all the states a player could have seen)."""
    page.evaluate("""() => {
        const v = document.getElementById("verdict");
        window.__verdicts = [];
        window.__verdictWatch?.disconnect();
        window.__verdictWatch = new MutationObserver(() => {
            // the engine answers in the order it is asked: the pushes keep the changes' order
            const seen = {state: v.dataset.state, text: v.textContent};
            const entry = {};
            window.__verdicts.push(entry);
            patienceBridge.snapshot(0).then((text) => {
                const snap = JSON.parse(text);
                Object.assign(entry, seen, {game: snap.game, line: snap.line, save: snap.save});
            });
        });
        window.__verdictWatch.observe(v, {attributes: true, childList: true,
                                          characterData: true, subtree: true});
    }""")


def check_verdicts_seen(page: Page, game: str, label: str) -> None:
    """Since watch_verdict: once the table showed a new ``game`` line, the verdict line
    first said it was thinking (never an earlier position's answer), and every answer it
    showed on a dealt position is the solver's for that very position."""
    page.evaluate("window.__verdictWatch.disconnect()")
    # Each change is told with the engine's snapshot of the moment, which its worker answers
    # asynchronously: read them once every one has come.
    deadline = time.monotonic() + SOLVER_TIMEOUT_MS / 1000
    while not page.evaluate("window.__verdicts.every((v) => 'game' in v)"):
        assert time.monotonic() < deadline, "the engine never told the verdicts' positions"
        page.wait_for_timeout(20)
    seen: list[dict[str, Any]] = page.evaluate("window.__verdicts")
    shown = [v for v in seen if v["game"] == game]
    assert shown, f"{label}: the verdict line never changed on {game}: {seen!r}"
    assert shown[0]["state"] == "thinking", \
        f"{label}: the first verdict on {game} was {shown[0]['text']!r}, not a search"
    expected: dict[str, str] = {}
    for v in shown:
        if not SETTLED.match(v["state"]) or v["state"] == "failed" or v["line"]["moves"]:
            continue        # positions Solve reached: the line's win, checked by check_position
        save = v["save"]
        if save not in expected:
            expected[save] = expected_verdict(save)
        assert v["state"] == expected[save], (
            f"{label}: the line said {v['text']!r} on {game} {v['line']['key']}, "
            f"the solver says {expected[save]}")


def test_switches_while_a_search_runs_never_show_the_old_answer(page: Page,
                                                                site_url: str) -> None:
    r = rng()
    manual_play(page)
    open_game(page, site_url, "freecell")
    names = catalogue_names(page)
    wait_verdict(page)                                   # the solver has started
    for round_ in range(3):
        # Switch to Spider, ask Hint or Solve while its search may still run, switch away.
        # Its one-suit deals are now won in some 2,000 positions, so the answer may come
        # before any look: every state the verdict line took is checked, not a moment.
        watch_verdict(page)
        switch(page, "spider")
        page.wait_for_timeout(r.randrange(800))
        page.click(r.choice(["#btn-hint", "#btn-solve"]))
        page.wait_for_timeout(r.randrange(300))
        check_verdicts_seen(page, "spider", f"search race {round_ + 1}")
        scramble(page, r, r.choice(CHECKED), steps=r.randrange(1, 4), pause_ms=200)
        page.wait_for_timeout(400)
        s = state(page)
        assert s["snap"]["moveCount"] == 0 and s["solve"] == "Solve", \
            "Solve went on in another game"
        check_position(page, names, f"search race {round_ + 1}")
