"""The daily deal: one deal of each game a day, the same for every player, with no server.

Every player's copy of Patience ships the same list of deals the project's solver has won
(``static/data/winnable.json``, keyed by :func:`patience.solver.winnable_key`), so a date and
that list are all it takes for every device to agree:

1. **The variant.** A game's daily is played with its default options when the list for them
   holds at least :data:`MIN_LIST` deals; otherwise with the option set whose list is the
   longest (the first in the order of the game's choices on a tie), such as one-suit Spider,
   if it holds that many. A game with no list that long (today Moving Left, whose search has
   never found a win) has no daily. Options
   that never change which deals can be won (Klondike's scoring, timed play, peeking) are
   the player's own choice and do not change the deal.
2. **The day.** The date's day number ``d`` counts days from 1970-01-01 (the proleptic
   Gregorian calendar, as ISO 8601 dates are written). With ``n`` deals in the list, sorted,
   the days run through the list in cycles of ``n`` days: cycle ``d // n``, place ``d % n``.
3. **The deal.** Each cycle's order is the list shuffled by the Patience shuffle's generator
   (:class:`patience.deal.SplitMix64`, Fisher-Yates) seeded with the first 8 bytes,
   big-endian, of SHA-256 of ``"patience:daily:<list key>:<cycle>"``. The deal of the day is
   the one at its place in that order. So no deal comes back within a cycle, and two days in
   a row differ but for the rare turn of a cycle.

>>> lists = {"freecell": [5, 9, 17, 23]}
>>> daily_deal("freecell", "2026-11-24", lists) == daily_deal("freecell", "2026-11-24", lists)
True
>>> daily_deal("roosevelt", "2026-11-24", {}) is None
True

A new list (a new version of Patience with a longer list) changes the deals of the days to
come; players running the same version always agree.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .deal import SplitMix64
from .errors import OptionsError
from .game import Game, OptionValue
from .games import find_game
from .options import resolve
from .rules import MAX_DEAL, Rules
from .solver.winnable import winnable_key

#: A list shorter than this gives no daily deal: with fewer deals the same deal would come
#: back within a few weeks (Roosevelt's first list held one deal, the same every day). The
#: default options' list gives way to the longest list that holds this many.
MIN_LIST = 20
#: Years a daily date may name.
FIRST_YEAR, LAST_YEAR = 2000, 9999

_DAYS_IN_MONTH = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


@dataclass(frozen=True)
class Daily:
    """A game's daily deal on a date: the options it is played with, the deal, its list key."""

    game: str
    date: str
    options: dict[str, OptionValue]
    deal: int
    key: str


def day_number(date: str) -> int:
    """Return the days from 1970-01-01 to an ISO date (``"2026-11-24"``); raise if not one.

    >>> day_number("2000-01-01"), day_number("2026-11-24")
    (10957, 20781)
    """
    parts = date.split("-") if isinstance(date, str) else []
    ok = len(parts) == 3 and [len(p) for p in parts] == [4, 2, 2] \
        and all(p.isascii() and p.isdigit() for p in parts)
    if not ok:
        raise ValueError(f"a date is written YYYY-MM-DD, not {date!r}")
    year, month, day = (int(p) for p in parts)
    if not FIRST_YEAR <= year <= LAST_YEAR or not 1 <= month <= 12 \
            or not 1 <= day <= _month_days(year, month):
        raise ValueError(f"{date} is not a day of the calendar from {FIRST_YEAR} to {LAST_YEAR}")
    # Days from civil (Howard Hinnant's algorithm), March-based years.
    y = year - (month <= 2)
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def date_of(days: int) -> str:
    """Return the ISO date of a day number (the inverse of :func:`day_number`).

    >>> date_of(20781)
    '2026-11-24'
    """
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    year = yoe + era * 400 + (month <= 2)
    return f"{year:04d}-{month:02d}-{day:02d}"


def _month_days(year: int, month: int) -> int:
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return 29 if month == 2 and leap else _DAYS_IN_MONTH[month - 1]


def clean_list(deals: object) -> list[int]:
    """Return a list's deal numbers in the engine's range, sorted, each once."""
    if not isinstance(deals, list):
        return []
    return sorted({d for d in deals
                   if isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= MAX_DEAL})


def _play_option_sets(game: Game) -> Iterable[dict[str, OptionValue]]:
    """Yield every choice of the options that change play, in the order of their choices."""
    play = [o for o in game.options if o.play]
    for values in itertools.product(*(o.choices for o in play)):
        yield {o.name: v for o, v in zip(play, values, strict=True)}


def daily_variant(game_id: str, lists: Mapping[str, object],
                  own: Mapping[str, object] | None = None) -> tuple[dict[str, OptionValue], str,
                                                                    list[int]] | None:
    """Return the options, list key and won deals a game's daily uses, or None if it has none.

    ``own`` are the player's options: those that never change play (scoring, timed play)
    are kept; the ones that do are the daily's.
    """
    game = find_game(game_id)
    try:
        base = resolve(game, own or {})
    except OptionsError:
        base = game.default_options()
    base = {**base, **{o.name: o.default for o in game.options if o.play}}
    default_key = winnable_key(Rules(game, base))
    default_deals = clean_list(lists.get(default_key))
    if len(default_deals) >= MIN_LIST:
        return base, default_key, default_deals
    best: tuple[dict[str, OptionValue], str, list[int]] | None = None
    for choice in _play_option_sets(game):
        options = {**base, **choice}
        try:
            key = winnable_key(Rules(game, options))
        except OptionsError:
            continue
        deals = clean_list(lists.get(key))
        if len(deals) >= MIN_LIST and (best is None or len(deals) > len(best[2])):
            best = (options, key, deals)
    return best


def longest_list(game_id: str, lists: Mapping[str, object]) -> int:
    """Return how many deals the longest of a game's lists holds (0 when it has none)."""
    game = find_game(game_id)
    longest = 0
    for choice in _play_option_sets(game):
        try:
            key = winnable_key(Rules(game, {**game.default_options(), **choice}))
        except OptionsError:
            continue
        longest = max(longest, len(clean_list(lists.get(key))))
    return longest


def variant_words(game_id: str, options: Mapping[str, OptionValue]) -> str:
    """Say the options that change play in words, from the game's own labels.

    A yes-or-no option at its default is left out.

    >>> variant_words("klondike", {"draw": 3, "passes": "unlimited", "takeback": True})
    'Draw 3, Unlimited'
    >>> variant_words("klondike", {"draw": 1, "passes": 3, "takeback": False})
    'Draw 1, 3 passes, Foundation take-back: Not allowed'
    """
    words = []
    for o in find_game(game_id).options:
        if not o.play or o.name not in options:
            continue
        value = options[o.name]
        if value not in o.choices or not o.labels:
            continue
        label = o.labels[o.choices.index(value)]
        if isinstance(value, bool):
            if value != o.default:
                words.append(f"{o.label}: {label}")
        else:
            words.append(label)
    return ", ".join(words)


def cycle_order(key: str, cycle: int, deals: list[int]) -> list[int]:
    """Return the order of a list's deals in one cycle of days (see the module's text)."""
    digest = hashlib.sha256(f"patience:daily:{key}:{cycle}".encode()).digest()
    return SplitMix64(int.from_bytes(digest[:8], "big")).shuffled(deals)


def daily_deal(game_id: str, date: str, lists: Mapping[str, object],
               own: Mapping[str, object] | None = None) -> Daily | None:
    """Return a game's daily deal on an ISO date, or None when the game has no won deal listed.

    ``lists`` maps list keys to deal numbers (the ``sets`` of ``winnable.json``); ``own`` are
    the player's options, of which only those that never change play are kept.
    """
    day = day_number(date)
    chosen = daily_variant(game_id, lists, own)
    if chosen is None:
        return None
    options, key, deals = chosen
    cycle, place = divmod(day, len(deals))
    return Daily(game_id, date, options, cycle_order(key, cycle, deals)[place], key)


def daily_streak(won_days: Iterable[str], today: str) -> tuple[int, int]:
    """Return the daily streak ``(current, best)``: days in a row with a won daily.

    A day counts when any game's daily of that day was won. The current streak runs back
    from today, or from yesterday while today's daily may still be won; a day with no won
    daily ends it.

    >>> daily_streak(["2026-11-22", "2026-11-23"], "2026-11-24")
    (2, 2)
    >>> daily_streak(["2026-11-20", "2026-11-21", "2026-11-23"], "2026-11-24")
    (1, 2)
    """
    days = {day_number(d) for d in won_days}
    now = day_number(today)
    start = now if now in days else now - 1
    current = 0
    while start - current in days:
        current += 1
    best, run, last = 0, 0, None
    for d in sorted(days):
        run = run + 1 if last is not None and d == last + 1 else 1
        best = max(best, run)
        last = d
    return current, best
