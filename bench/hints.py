"""Hint in seconds (issue 17, point 3): how long a player waits for Hint's first answer, in
headless Chromium, on the opening position of deals 1-20 of every variant.

    .venv/bin/python bench/hints.py                    # every set of tools/winnable.py
    .venv/bin/python bench/hints.py --deals 1-10 --cap 30 --set roosevelt --set freecell

Builds the site and serves it as ``bench/web.py`` does (its helpers), then, for each set of
``tools/winnable.py`` (the twelve variants and Baker's Dozen, each with its options), opens
deal 1 through a link with automatic moves off, waits until the solver's worker has started
and said it is ready (its boot is not measured: the line reads "Thinking…", no longer
"Thinking (starting the solver)…"), then for each deal:

* opens the deal in the same page (the "Deal #" form, so the worker stays up) and, as soon as
  the table shows it, presses Hint, as a new player would (the indicator's own search has
  just started; the hint's deeper search takes its place);
* *first answer*: from the press (a capturing click listener) to the first time ``#tip``
  shows a move (``data-kind`` "win", or "guess": the labelled rule of thumb), the DOM updated;
* *final answer*: to the win, the loss, or "no win within the search limit"; a search that
  has not answered after ``--cap`` seconds is counted "still searching" (not waited for).

The table: per set, the median and worst first answer, how many deals the indicator had
already decided when Hint was pressed (it answers at once then), the share of deals whose
first or final answer was a win, and the aim (median <= 3 s and worst <= 10 s, met or not). Times
are seconds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from playwright.sync_api import Page, sync_playwright

ROOT: Final[Path] = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402  (build.py lives at the repository root)
import web  # noqa: E402  (bench/web.py: its settings, timeout and poll)
from browser import CHROMIUM_ARGS, chromium_path  # noqa: E402  (tools/)
from web import MANUAL, poll  # noqa: E402

import patience  # noqa: E402
from patience.links import make_query  # noqa: E402
from patience.solver import winnable_key  # noqa: E402

AIM_MEDIAN_S: Final[float] = 3.0
AIM_WORST_S: Final[float] = 10.0

#: Runs in the page before its scripts: __hintArm() watches one press of Hint.
WATCH: Final[str] = """
(() => {
  window.__hintArm = () => {
    const m = window.__hint = {t0: null, first: null, firstKind: null, final: null,
                               finalText: null, finalKind: null};
    const tip = document.getElementById("tip");
    window.addEventListener("click", (e) => {
      if (m.t0 === null && e.target.closest?.("#btn-hint")) m.t0 = performance.now();
    }, {capture: true});
    const look = () => {
      if (m.t0 === null || tip.hidden) return;
      const kind = tip.dataset.kind;
      const text = tip.textContent;
      if (kind !== "win" && kind !== "guess") return;
      const now = performance.now() - m.t0;
      if (m.first === null) {
        m.first = now;
        m.firstKind = kind;
      }
      if (kind === "win" || !text.includes("Still looking")) {
        m.final = now;
        m.finalKind = kind;
        m.finalText = text;
        mo.disconnect();
      }
    };
    const mo = new MutationObserver(look);
    mo.observe(tip, {childList: true, subtree: true, characterData: true, attributes: true});
  };
})();
"""


@dataclass
class Deal:
    """One deal's hint: seconds to the first and the final answer, and what they were."""

    deal: int
    first: float | None
    first_kind: str
    final: float | None
    final_kind: str
    known: bool         # the indicator had answered before the press (a win or a loss)


@dataclass
class SetResult:
    """The deals of one set."""

    key: str
    deals: list[Deal] = field(default_factory=list)


def _final_kind(kind: str | None, text: str | None) -> str:
    if kind == "win":
        return "win"
    if text is None:
        return "still searching"
    if text.startswith("This game can no longer be won"):
        return "lost"
    if text.startswith("No win was found"):
        return "no win in limit"
    return "other"


def _open_deal(page: Page, deal: int) -> None:
    """Open ``deal`` of the game on the table in the same page (the Deal # form)."""
    page.evaluate("""(n) => {
        document.getElementById("btn-deal").click();
        document.getElementById("deal-number").value = String(n);
        document.getElementById("deal-form").requestSubmit();
    }""", deal)
    poll(page, f"""(async () => {{
        const s = JSON.parse(await patienceBridge.snapshot(0));
        return s.deal === {deal} && s.moveCount === 0
            && document.querySelector("#table.ready .card") !== null
            && !document.getElementById("btn-hint").disabled;
    }})()""")


def run_set(page: Page, url: str, game: str, options: dict[str, Any], deals: list[int],
            cap_s: float) -> SetResult:
    """Time Hint on the opening position of each deal of one set."""
    r = patience.rules(game, options)
    res = SetResult(winnable_key(r))
    # The Deal # form deals the options the player chose (the settings), not a link's: make
    # the set's options the chosen ones before the page's own scripts read them, on every load
    # from now on (the page writes its settings back as it goes; a later set of the same game
    # adds a script that runs after this one).
    page.add_init_script(f"""(() => {{
        const key = "patience:v1:settings";
        let s = {{}};
        try {{ s = JSON.parse(localStorage.getItem(key) ?? "{{}}") ?? {{}}; }} catch {{ s = {{}}; }}
        s.v = 1;
        s.options = {{...(s.options ?? {{}}), {json.dumps(game)}: {json.dumps(dict(r.options))}}};
        localStorage.setItem(key, JSON.stringify(s));
    }})();""")
    page.goto(url + make_query(game, dict(r.options), deals[0]))
    page.wait_for_selector("#table.ready .pile", timeout=web.TIMEOUT_S * 1000)
    # The worker started and ready: its boot is not part of the hint's time.
    poll(page, """(() => {
        const v = document.getElementById("verdict");
        return v && !v.textContent.includes("starting the solver")
            && document.documentElement.dataset.solverBoot !== undefined;
    })()""")
    snap = json.loads(page.evaluate("patienceBridge.snapshot(0)"))
    if snap["options"] != dict(r.options):
        raise RuntimeError(f"{res.key}: the page opened {snap['options']}, not {r.options}")
    for deal in deals:
        _open_deal(page, deal)
        opened = json.loads(page.evaluate("patienceBridge.snapshot(0)"))["options"]
        if opened != dict(r.options):
            raise RuntimeError(f"{res.key} deal {deal}: Deal # opened {opened}, not {r.options}")
        page.evaluate("window.__hintArm()")
        known = page.evaluate("['winnable', 'lost'].includes("
                              "document.getElementById('verdict').dataset.state)")
        page.click("#btn-hint")
        deadline = time.monotonic() + cap_s
        m: dict[str, Any] = {}
        while time.monotonic() < deadline:
            m = page.evaluate("window.__hint")
            if m["final"] is not None:
                break
            page.wait_for_timeout(50)
        first = m["first"] / 1000 if m.get("first") is not None else None
        final = m["final"] / 1000 if m.get("final") is not None else None
        d = Deal(deal, first, m.get("firstKind") or "none", final,
                 _final_kind(m.get("finalKind"), m.get("finalText")), bool(known))
        res.deals.append(d)
        print(f"hints bench: {res.key} deal {deal}: first {_fmt(first)} ({d.first_kind}), "
              f"final {_fmt(final)} ({d.final_kind})", file=sys.stderr, flush=True)
    return res


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def report(results: list[SetResult], deals: list[int], cap_s: float) -> str:
    """The table: first answer median and worst, wins, the aim."""
    lines = [f"Hint's first answer, opening positions of deals {deals[0]}-{deals[-1]} "
             f"(seconds from the press; the solver's worker started and ready before; "
             f"final answers waited for up to {cap_s:g} s)", "",
             "| variant | first: median | first: worst | known before | first was a win "
             "| final a win "
             "| final lost | no win in limit | still searching | aim (median <= 3 s, "
             "worst <= 10 s) |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for res in results:
        firsts = [d.first if d.first is not None else float("inf") for d in res.deals]
        n = len(res.deals)
        med = statistics.median(firsts)
        worst = max(firsts)
        count = {k: sum(1 for d in res.deals if d.final_kind == k)
                 for k in ("win", "lost", "no win in limit", "still searching")}
        first_win = sum(1 for d in res.deals if d.first_kind == "win")
        met = med <= AIM_MEDIAN_S and worst <= AIM_WORST_S
        known = sum(1 for d in res.deals if d.known)
        lines.append(f"| {res.key} | {med:.2f} | {worst:.2f} | {known}/{n} | {first_win}/{n} "
                     f"| {count['win']}/{n} | {count['lost']}/{n} "
                     f"| {count['no win in limit']}/{n} | {count['still searching']}/{n} "
                     f"| {'met' if met else 'NOT met'} |")
    return "\n".join(lines)


def _deal_range(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def main(argv: list[str] | None = None) -> int:
    """Build, serve, press Hint on every deal of every set, print the table."""
    import winnable  # noqa: PLC0415  (tools/winnable.py: its sets, read when run)

    parser = argparse.ArgumentParser(description="Time Hint's first answer in Chromium.")
    parser.add_argument("--deals", default="1-20", help="deals to open (default 1-20)")
    parser.add_argument("--cap", type=float, default=30.0,
                        help="seconds to wait for the final answer (default 30)")
    parser.add_argument("--set", action="append", default=[],
                        help="a game id or winnable key (repeatable; default every set)")
    opts = parser.parse_args(argv)
    deals = _deal_range(opts.deals)
    chosen = [c for c in winnable.SETS if not opts.set or c.game in opts.set
              or winnable_key(patience.rules(c.game, c.options)) in opts.set]
    results: list[SetResult] = []
    with tempfile.TemporaryDirectory(prefix="bench-hints-") as tmp:
        site = build.build(Path(tmp) / "site")
        server, url = build.serve(site)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium_path(),
                                             args=list(CHROMIUM_ARGS))
                try:
                    for c in chosen:
                        context = browser.new_context(viewport={"width": 1366, "height": 768})
                        context.add_init_script(MANUAL)
                        context.add_init_script(WATCH)
                        page = context.new_page()
                        try:
                            results.append(run_set(page, url, c.game, c.options, deals,
                                                   opts.cap))
                        finally:
                            context.close()
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()
    print(report(results, deals, opts.cap))
    return 0


if __name__ == "__main__":
    sys.exit(main())
