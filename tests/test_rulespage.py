"""The rules pages say what the engine plays: every number on a page is measured in play.

The scoring the project decided (``docs/rules/decisions.md``) is pinned here too, so changing
a scoring constant in ``movegen.py`` alone fails: the engine would no longer play the
decided game, even though the generated page would follow it.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from functools import cache

import pytest

import patience
from patience import Rules, State
from patience.bridge import Bridge
from patience.cards import parse_card
from patience.errors import OptionsError
from patience.rulespage import build, html, markdown

# The decided Standard and Vegas scoring (docs/rules/decisions.md, Klondike).
DECIDED = {"foundation points": 10, "turn up points": 5, "takeback points": -15,
           "recycle points draw 1": -100, "recycle points draw 3": -20, "time penalty": 2,
           "time period": 10, "vegas start": -52, "vegas card": 5, "floor": 0}


def option_sets(game_id: str) -> list[dict[str, object]]:
    """Return every valid combination of a game's options."""
    g = patience.find_game(game_id)
    out: list[dict[str, object]] = []
    for combo in itertools.product(*[o.choices for o in g.options]):
        options: dict[str, object] = dict(zip([o.name for o in g.options], combo))
        try:
            patience.rules(game_id, options)
        except OptionsError:
            continue
        out.append(options)
    return out


ALL = [(g, o) for g in patience.GAMES for o in option_sets(g)]


def stock_moves(r: Rules, s: State) -> list[patience.Move]:
    return [m for m in r.legal_moves(s) if "stock" in (m.src, m.dst)]


@cache
def scoring(draw: int) -> dict[str, int]:
    """Measure standard scoring by random play of Klondike deals, watching the score."""
    r = patience.rules("klondike", draw=draw, passes="unlimited", scoring="standard")
    deltas: dict[str, set[int]] = {}
    rng = random.Random(7)
    for deal in range(1, 40):
        s = r.deal(deal)._replace(score=10_000)
        for _ in range(200):
            moves = r.legal_moves(s)
            if not moves:
                break
            m = rng.choice(moves)
            after = r.apply(s, m)
            turned = sum(after.down) < sum(s.down)
            src, dst = r.index[m.src], r.index.get(m.dst, -1)
            kind = ("recycle" if m.dst == "stock" else "turn" if m.src == "stock"
                    else "to f" if dst in r.F else "from f" if src in r.F else "tableau")
            deltas.setdefault(f"{kind}{' turned' if turned else ''}", set()).add(
                after.score - s.score)
            s = after

    def one(kind: str) -> int:
        assert len(deltas[kind]) == 1, (kind, deltas[kind])
        return next(iter(deltas[kind]))

    out = {"foundation points": one("to f"), "turn up points": one("tableau turned"),
           "takeback points": one("from f"), "recycle points": one("recycle")}
    timed = patience.rules("klondike", timed=True)
    s = timed.deal(1)._replace(score=500)
    period = next(t for t in range(1, 100) if timed.score(s, t) != 500)
    out["time period"] = period
    out["time penalty"] = 500 - (timed.score(s, period) or 0)
    out["floor"] = timed.score(s._replace(score=1), 10_000) or 0
    vegas = patience.rules("klondike", scoring="vegas")
    s = vegas.deal(1)
    out["vegas start"] = vegas.score(s) or 0
    f1 = vegas.index["f1"]
    up = s._replace(piles=(*s.piles[:f1], (parse_card("AC"),), *s.piles[f1 + 1:]))
    out["vegas card"] = (vegas.score(up) or 0) - out["vegas start"]
    return out


@cache
def measured(game_id: str, options_json: str) -> dict[str, set[int]]:
    """Measure, by dealing and playing, every kind of number a rules page may state."""
    r = patience.rules(game_id, json.loads(options_json))
    s = r.deal(1)
    sizes = [len(s.piles[t]) for t in r.T]
    out: dict[str, set[int]] = {
        "cards": {len(r.pack())}, "decks": {len(r.pack()) // 52},
        "piles": {len(r.T), *(sizes.count(n) for n in sizes)}, "pile size": set(sizes),
        "tableau cards": {sum(sizes)}, "cells": {len(r.C)}, "foundations": {len(r.F)},
        "cells dealt": {sum(1 for c in r.C if s.piles[c])},
        "face up": {n - s.down[t] for n, t in zip(sizes, r.T)},
        "rows": {sum(1 for t in r.T if r.free(s, t))},
        "ace": {patience.cards.rank(parse_card("AS"))},
        "jack": {patience.cards.rank(parse_card("JS"))},
        "queen": {patience.cards.rank(parse_card("QS"))},
    }
    for o in r.game.options:
        out[f"option {o.name}"] = {c for c in o.choices if isinstance(c, int)}
    if r.stock >= 0:
        out["stock"] = {len(s.piles[r.stock])}
        turns: list[int] = []
        recycles = deals = 0
        x = s
        while recycles < 10 and (stock := stock_moves(r, x)):
            before = len(x.piles[r.waste]) if r.waste >= 0 else 0
            x = r.apply(x, stock[0])
            if stock[0].dst == "stock":
                recycles += 1
            elif r.waste >= 0:
                turns.append(len(x.piles[r.waste]) - before)
            else:
                deals += 1
        out["draw"] = {max(turns)} if turns else set()
        out["passes"] = {recycles + 1} if recycles < 10 else set()
        out["deals"] = {deals}
    if r.pairs:
        sums, alone = set(), set()
        for deal in range(1, 30):
            x = r.deal(deal)
            for m in r.legal_moves(x):
                if "stock" in (m.src, m.dst):
                    continue
                a = patience.cards.rank(x.piles[r.index[m.src]][-1])
                if m.dst.startswith("f"):
                    alone.add(a)
                else:
                    sums.add(a + patience.cards.rank(x.piles[r.index[m.dst]][-1]))
        out["pair total"], out["alone"] = sums, alone
    if r.game.supermove:
        out["supermove"] = {r.move_limit(s, False) - sum(1 for c in r.C if not s.piles[c])}
    if r.standard or r.scoring == "vegas":
        points = scoring(r.draw)
        for name, value in points.items():
            out[name] = {value}
    return out


@pytest.mark.parametrize(("game_id", "options"), ALL,
                         ids=[f"{g}-{json.dumps(o, sort_keys=True)}" for g, o in ALL])
def test_every_number_on_a_rules_page_is_the_one_the_engine_plays(
        game_id: str, options: dict[str, object]) -> None:
    page = build(patience.find_game(game_id), options)
    engine = measured(game_id, json.dumps(options))
    for name, value in page.numbers:
        assert name in engine, f"no measure for {name!r}"
        assert value in engine[name], f"{name}: the page says {value}, the engine {engine[name]}"
    stated = {abs(v) for _, v in page.numbers}
    for number in re.findall(r"\d+", page.text()):
        assert int(number) in stated, f"{number} on the page is not a measured number"


@pytest.mark.parametrize("draw", [1, 3])
def test_the_engine_scores_as_decided(draw: int) -> None:
    got = scoring(draw)
    want = {k: v for k, v in DECIDED.items() if not k.startswith("recycle")}
    want["recycle points"] = DECIDED[f"recycle points draw {draw}"]
    assert got == want


def test_a_rules_page_follows_the_options() -> None:
    three = build(patience.find_game("klondike"), {"draw": 3, "passes": 1}).text()
    assert "Turn the stock 3 cards at a time" in three
    assert "There is no second pass through the stock." in three
    assert "minus 20 points" in three and "minus 100" not in three
    vegas = build(patience.find_game("klondike"), {"scoring": "vegas"}).text()
    assert "you start at minus 52 and earn 5" in vegas
    assert "No score is kept." in build(patience.find_game("klondike"),
                                       {"scoring": "none"}).text()


def test_the_bridge_serves_rules_pages_as_escaped_html() -> None:
    data = json.loads(Bridge().rules("pyramid", '{"passes": 1}'))
    assert data["title"] == "Pyramid"
    assert data["html"].startswith("<p>Clear the pyramid")
    assert "<h3>Moves</h3>" in data["html"] and "There is no second pass" in data["html"]
    tags = set(re.findall(r"</?([a-z0-9]+)", data["html"]))
    assert tags <= {"h3", "p", "ul", "li"}
    assert json.loads(Bridge().rules("canasta", "{}"))["error"]["kind"] == "OptionsError"


def test_html_and_markdown_escape_the_text() -> None:
    page = build(patience.find_game("freecell"))
    page.p("<b>&</b>")
    assert "<p>&lt;b&gt;&amp;&lt;/b&gt;</p>" in html(page)
    assert markdown(page).startswith("# FreeCell\n")
