"""Hostile saves: every case a name, what it tests, the text, and what the engine must answer.

Each :class:`Case` is an engine save text as it would sit in a saved-game record under the
key of ``key`` (the game the page asks for). ``expect`` is the error ``kind`` the bridge
must answer with (:mod:`patience.errors`), or ``None`` for a save that must load (edge
cases that are fine: old versions, a long game, strings that look like brackets). The page's
side (records, the painted snapshot, two tabs) is in ``e2e/test_hostile.py`` and
``tests/js/store.test.mjs``; ``issue`` marks the cases of issue 16 (points 2-6).

The module is plain data built by code, so CPython's and Pyodide's test runs share it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

OPTIONS: Final[dict[str, Any]] = {"draw": 1, "passes": 3, "scoring": "standard",
                                  "timed": False, "takeback": True, "peek": False}
LONG_OPTIONS: Final[dict[str, Any]] = {**OPTIONS, "passes": "unlimited"}


@dataclass(frozen=True)
class Case:
    """One hostile save: ``expect`` is the refusal's kind, or ``None`` when it loads."""

    name: str
    what: str
    text: str
    expect: str | None
    key: str = "klondike"
    issue: int | None = None
    moves: int | None = None       # the move count a loading save must show


def base(**change: Any) -> dict[str, Any]:
    """A good version 1 Klondike save (deal 3, two moves), with fields changed or added."""
    data: dict[str, Any] = {"format": "patience", "version": 1, "game": "klondike",
                            "options": dict(OPTIONS), "deal": 3,
                            "moves": ["stock>waste", "stock>waste"], "redo": [], "elapsed": 12.5}
    data.update(change)
    return data


def text(**change: Any) -> str:
    """:func:`base` as JSON text."""
    return json.dumps(base(**change))


def without(*names: str) -> str:
    """:func:`base` without some fields, as JSON text."""
    data = base()
    for n in names:
        data.pop(n)
    return json.dumps(data)


def raw(data_text: str, field: str, value_text: str) -> str:
    """A good save with one field's value written as raw JSON text (NaN, deep, huge)."""
    data = base()
    data.pop(field, None)
    head = json.dumps(data)[:-1]
    return f'{head}, "{field}": {value_text}}}'


def long_line(moves: int, stock: int = 24) -> list[str]:
    """A legal line of Klondike deal 1 (draw 1, unlimited passes): the stock turned and back."""
    line: list[str] = []
    while len(line) < moves:
        line += ["stock>waste"] * stock + [f"waste>stock:{stock}"]
    return line[:moves]


def long_save(moves: int) -> str:
    """A version 1 save of ``moves`` legal moves (the long game of issue 16, point 6)."""
    return json.dumps({"format": "patience", "version": 1, "game": "klondike",
                       "options": dict(LONG_OPTIONS), "deal": 1, "moves": long_line(moves),
                       "redo": [], "elapsed": 600}, separators=(",", ":"))


def _position(game: str = "klondike", deal: int = 3, moves: int = 0) -> str:
    import patience  # noqa: PLC0415 (the corpus is data; the engine makes the position)

    g = patience.new_game(game, deal, **(OPTIONS if game == "klondike" else {}))
    for m in ["stock>waste"] * moves:
        g.play(m)
    return g.position()


def cases() -> list[Case]:
    """Return the corpus."""
    out: list[Case] = []

    def add(name: str, what: str, body: str, expect: str | None, **kw: Any) -> None:
        out.append(Case(name, what, body, expect, **kw))

    # --- not JSON, or not a JSON object --------------------------------------------------
    add("empty", "an empty text", "", "not-json")
    add("spaces", "only white space", "   \n\t ", "not-json")
    add("brace", "an opening brace and words", "{not json", "not-json")
    add("truncated", "a good save cut in half", text()[: len(text()) // 2], "not-json")
    add("null", "JSON null", "null", "not-json")
    add("array", "a JSON array", "[1, 2]", "not-json")
    add("string", "a JSON string", '"klondike"', "not-json")
    add("number", "a JSON number", "42", "not-json")
    add("true", "JSON true", "true", "not-json")
    add("bom", "a byte-order mark before the save", "\ufeff" + text(), "not-json")
    add("nul", "a NUL character inside the save", text()[:10] + "\x00" + text()[10:], "not-json")
    add("single-quotes", "JavaScript's single quotes", text().replace('"', "'"), "not-json")
    add("trailing", "good JSON then more text", text() + " {}", "not-json")
    add("comment", "a comment inside", text().replace("{", "{/* hi */", 1), "not-json")
    add("unterminated", "a string never closed", '{"format": "patience', "not-json")
    add("closers", "closing brackets only", "]]]]}}}}", "not-json")
    add("two-objects", "two saves one after the other", text() + text(), "not-json")

    # --- numbers: NaN, Infinity, too large, of the wrong kind (issue point 4) ---------------
    add("elapsed-infinity", "elapsed: Infinity (point 4)", raw(text(), "elapsed", "Infinity"),
        "not-json", issue=4)
    add("elapsed-minus-infinity", "elapsed: -Infinity", raw(text(), "elapsed", "-Infinity"),
        "not-json", issue=4)
    add("elapsed-nan", "elapsed: NaN", raw(text(), "elapsed", "NaN"), "not-json", issue=4)
    add("elapsed-1e400", "elapsed: 1e400, a float past the largest",
        raw(text(), "elapsed", "1e400"), "not-json", issue=4)
    timed = base(options={**OPTIONS, "timed": True})
    add("timed-infinity", "timed scoring with elapsed Infinity (point 4: OverflowError)",
        raw(json.dumps(timed), "elapsed", "Infinity"), "not-json", issue=4)
    add("elapsed-digits", "elapsed: a 5,000-digit whole number",
        raw(text(), "elapsed", "9" * 5000), "not-json", issue=4)
    add("elapsed-huge-int", "elapsed: 10^14 seconds, read as a number, too long for play",
        text(elapsed=10**14), "game")
    add("elapsed-over", "elapsed: 2e8 seconds (more than 3 years)", text(elapsed=2e8), "game")
    add("elapsed-negative", "elapsed below zero", text(elapsed=-5), "game")
    add("elapsed-text", "elapsed as text", text(elapsed="10"), "game")
    add("elapsed-bool", "elapsed true", text(elapsed=True), "game")
    add("elapsed-null", "elapsed null", text(elapsed=None), "game")
    add("elapsed-list", "elapsed a list", text(elapsed=[1]), "game")
    add("deal-zero", "deal 0", text(deal=0), "game")
    add("deal-negative", "deal -1", text(deal=-1), "game")
    add("deal-over", "deal 2^31, past the largest", text(deal=2**31), "game")
    add("deal-float", "deal 3.5", text(deal=3.5), "game")
    add("deal-bool", "deal true", text(deal=True), "game")
    add("deal-text", "deal as text", text(deal="7"), "game")
    add("deal-1e400", "deal 1e400", raw(text(), "deal", "1e400"), "not-json")
    add("deal-digits", "deal with 4,000 digits", raw(text(), "deal", "7" * 4000), "not-json")
    add("deal-missing", "no deal and no position", without("deal"), "game")

    # --- nesting and size (issue point 3) ----------------------------------------------------
    add("deep-7000", "7,000 nested arrays inside the save (point 3)",
        raw(text(), "x", "[" * 7000 + "]" * 7000), "too-large", issue=3)
    add("deep-100000", "100,000 nested arrays", raw(text(), "x", "[" * 100_000 + "]" * 100_000),
        "too-large", issue=3)
    add("deep-objects", "7,000 nested objects", raw(text(), "x", '{"a":' * 7000 + "1" + "}" * 7000),
        "too-large", issue=3)
    add("deep-unclosed", "100,000 opening brackets, never closed", raw(text(), "x", "[" * 100_000),
        "not-json", issue=3)
    add("deep-options", "the options nested 5,000 deep",
        raw(without("options"), "options", '{"a":' * 5000 + "1" + "}" * 5000), "too-large", issue=3)
    add("deep-17", "nested 17 deep, one more than read", raw(text(), "x", "[" * 16 + "]" * 16),
        "too-large")
    add("deep-15", "nested 15 deep in a field the engine ignores: fine",
        raw(text(), "x", "[" * 14 + "]" * 14), None, moves=2)
    add("brackets-in-strings", "100,000 brackets inside a string: not nesting, fine",
        text(note="[{" * 50_000), None, moves=2)
    add("escaped-quotes", 'escaped quotes and brackets in a string: fine',
        text(note='\\"[[[\\"' * 100), None, moves=2)
    add("too-long", "a text of 2,000,000 characters", "x" * 2_000_000, "too-large")
    add("too-long-json", "a good save padded to 1,000,001 characters",
        text(note="y" * 1_000_000), "too-large")
    add("many-moves", "60,000 moves", text(moves=["stock>waste"] * 60_000), "too-large")

    # --- format and version -------------------------------------------------------------------
    add("no-format", "no format field", without("format"), "version")
    add("format-other", "another program's save", text(format="solitaire"), "version")
    add("hello", "an object of something else", json.dumps({"hello": 1}), "version")
    add("version-9", "a version from the future", text(version=9), "version")
    add("version-0", "version 0", text(version=0), "version")
    add("version-text", 'version "1"', text(version="1"), "version")
    add("version-null", "version null", text(version=None), "version")
    add("version-bool", "version true (equal to 1 in Python)", text(version=True), "version")
    add("version-huge", "version 10^14", text(version=10**14), "version")

    # --- game and options (issue point 2) -------------------------------------------------
    add("other-game", "a FreeCell save under Klondike's key (point 2)",
        json.dumps({"format": "patience", "version": 2, "game": "freecell", "options": {},
                    "deal": 617, "moves": ["t1>c1"], "redo": [], "elapsed": 3}),
        "game", issue=2)
    add("other-game-v1", "a Spider save (version 1) under Klondike's key (point 2)",
        json.dumps({"format": "patience", "version": 1, "game": "spider", "options": {},
                    "deal": 5, "moves": [], "redo": [], "elapsed": 0}), "game", issue=2)
    add("unknown-game", "a game this version does not have", text(game="canfield"), "game")
    add("unknown-game-key", "an unknown game under an unknown game's key",
        text(game="canfield"), "game", key="canfield")
    add("game-number", "the game as a number", text(game=7), "game")
    add("game-null", "the game null", text(game=None), "game")
    add("game-script", "a script tag as the game", text(game="<script>alert(1)</script>"), "game")
    add("game-long", "a game name of 500,000 characters", text(game="k" * 500_000), "game")
    add("options-list", "options as a list", text(options=[1, 2]), "game")
    add("options-null", "options null", text(options=None), "game")
    add("option-unknown", "an option Klondike does not have", text(options={"jokers": True}),
        "game")
    add("option-value", "draw 5", text(options={"draw": 5}), "game")
    add("option-object", "an option's value an object", text(options={"draw": {"a": 1}}), "game")
    add("option-nan", "an option's value NaN", raw(without("options"), "options", '{"draw": NaN}'),
        "not-json", issue=4)

    # --- moves ------------------------------------------------------------------------------
    add("moves-text", "moves as one text", text(moves="t1>f1"), "move")
    add("moves-number", "a number among the moves", text(moves=["stock>waste", 3]), "move")
    add("moves-null", "moves null", text(moves=None), "move")
    add("move-illegal", "a move that is not legal", text(moves=["t1>t1"]), "move")
    add("move-garbage", "a move that is not a move", text(moves=["hello"]), "move")
    add("move-long", "a move text of 100,000 characters", text(moves=["t" * 100_000]), "move")
    add("move-script", "a script tag as a move", text(moves=["<img src=x onerror=alert(1)>"]),
        "move")
    add("move-no-pile", "a pile Klondike does not have", text(moves=["t9>f1"]), "move")
    add("move-later-illegal", "move 3 of 3 illegal",
        text(moves=["stock>waste", "stock>waste", "t1>f4:13"]), "move")
    add("redo-text", "redo as one text", text(redo="stock>waste"), "move")
    add("redo-illegal", "an illegal move to redo", text(redo=["t1>t1"]), "move")
    add("redo-good", "moves and a move to redo: fine", text(redo=["stock>waste"]), None, moves=2)

    # --- positions and the capped history (version 2) ----------------------------------------
    position = _position()
    add("position-fine", "a game set up from a position: fine", json.dumps({
        **base(), "deal": None, "position": position, "moves": []}).replace('"deal": null, ', ""),
        None, moves=0)
    add("position-number", "a position that is a number", text(position=7), "cards")
    add("position-other-game", "a FreeCell position in a Klondike save",
        text(position=_position("freecell", 1)), "game")
    add("position-missing-card", "a position without the ace of spades",
        text(position=position.replace(" AS", "")), "cards")
    add("position-extra-line", "a pile given twice",
        text(position=position + position.splitlines()[1] + "\n"), "cards")
    add("position-recycles-digits", "recycles with 5,000 digits",
        text(position=position.replace("recycles: 0", "recycles: " + "9" * 5000)), "cards")
    add("position-recycles-unicode", "recycles written with a superscript digit",
        text(position=position.replace("recycles: 0", "recycles: \u00b2")), "cards")
    add("position-score-minus", "a negative score line", text(position=position.replace(
        "score: 0", "score: -5")), "cards")
    folded = {**base(version=2), "position": _position(moves=2), "offset": 2, "dealt": 3,
              "moves": ["stock>waste"]}
    folded.pop("deal")
    add("folded-fine", "a version 2 save with moves folded into its position: fine",
        json.dumps(folded), None, moves=3)
    add("folded-negative", "offset below zero", json.dumps({**folded, "offset": -1}), "game")
    add("folded-huge", "offset 10^12", json.dumps({**folded, "offset": 10**12}), "game")
    add("folded-float", "offset 2.5", json.dumps({**folded, "offset": 2.5}), "game")
    add("folded-dealt-zero", "dealt 0", json.dumps({**folded, "dealt": 0}), "game")
    add("folded-no-position", "offset without a position", text(version=2, offset=5), "game")
    add("folded-in-v1", "offset in a version 1 save is not read: fine",
        text(offset=5), None, moves=2)

    # --- good saves that must load ------------------------------------------------------------
    add("v1-fresh", "a version 1 save of a new deal", text(moves=[]), None, moves=0)
    add("v1-moves", "a version 1 save with moves", text(), None, moves=2)
    add("v2", "a version 2 save", text(version=2), None, moves=2)
    add("v3", "a version 3 save, no automatic move", text(version=3, auto=[]), None, moves=2)
    add("v3-auto", "a version 3 save whose second move the table made: one move counted",
        text(version=3, auto=[1]), None, moves=1)
    add("v3-auto-redo", "an automatic move waiting to be redone: not counted until redone",
        text(version=3, redo=["stock>waste"], auto=[0, 2]), None, moves=1)
    add("v3-no-auto", "a version 3 save without auto: every move the player's",
        text(version=3), None, moves=2)
    add("auto-in-v2", "auto in a version 2 save is not read: fine",
        text(version=2, auto=[0, 1]), None, moves=2)
    add("auto-text", "auto as one text", text(version=3, auto="0"), "game")
    add("auto-past", "auto naming a move the save does not hold", text(version=3, auto=[2]),
        "game")
    add("auto-negative", "auto naming place -1", text(version=3, auto=[-1]), "game")
    add("auto-twice", "auto naming a move twice", text(version=3, auto=[1, 1]), "game")
    add("auto-backwards", "auto out of order", text(version=3, auto=[1, 0]), "game")
    add("auto-bool", "auto holding true (equal to 1 in Python)", text(version=3, auto=[True]),
        "game")
    add("auto-float", "auto holding 0.5", text(version=3, auto=[0.5]), "game")
    add("auto-many", "auto longer than the moves", text(version=3, auto=list(range(5000))),
        "game")
    add("auto-digits", "auto holding a 40-digit number",
        raw(text(version=3), "auto", "[" + "9" * 40 + "]"), "not-json")
    add("auto-folded-fine", "a version 3 folded save, one of its 2 folded moves automatic",
        json.dumps({**folded, "version": 3, "autoFolded": 1, "auto": [0]}), None, moves=1)
    add("auto-folded-over", "autoFolded above offset",
        json.dumps({**folded, "version": 3, "autoFolded": 3}), "game")
    add("auto-folded-text", "autoFolded as text",
        json.dumps({**folded, "version": 3, "autoFolded": "1"}), "game")
    add("elapsed-max", "elapsed at the largest read (10^8 s), timed scoring",
        json.dumps({**timed, "elapsed": 1e8}), None, moves=2)
    add("extra-fields", "fields this version does not know", text(future={"x": [1, 2]}), None,
        moves=2)
    add("long-game", "a legal 49,990-move save (point 6): loads, history capped",
        long_save(49_990), None, issue=6, moves=49_990)
    return out
