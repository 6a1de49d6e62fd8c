"""Options: checking a player's choices against a game's table, and reading them from text."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .errors import OptionsError
from .game import Game, Option, OptionValue

TRUE_WORDS = ("yes", "on", "true", "1")
FALSE_WORDS = ("no", "off", "false", "0")


def option_text(value: OptionValue) -> str:
    """Print an option value the way ``parse_value`` reads it back."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def parse_value(option: Option, text: str) -> OptionValue:
    """Read an option's value from text (``"3"``, ``"unlimited"``, ``"yes"``)."""
    word = text.strip().lower()
    for choice in option.choices:
        if option_text(choice) == word:
            return choice
        if isinstance(choice, bool) and word in (TRUE_WORDS if choice else FALSE_WORDS):
            return choice
    allowed = ", ".join(option_text(c) for c in option.choices)
    raise OptionsError(f"option {option.name} takes {allowed}, not {text!r}")


def parse_words(words: Iterable[str]) -> dict[str, object]:
    """Read options written ``name=value`` on a command line into a mapping for ``resolve``
    (which checks the names and reads the values)."""
    options: dict[str, object] = {}
    for word in words:
        name, eq, value = word.partition("=")
        if not eq or not name:
            raise OptionsError(f"an option is written name=value, not {word!r}")
        options[name] = value
    return options


def resolve(game: Game, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
    """Return the full options of a game: the defaults, overridden by ``given``.

    Values may be given typed (``3``, ``True``) or as text (``"3"``, ``"yes"``).
    """
    if given is not None and not isinstance(given, Mapping):
        raise OptionsError(f"options are given as names and values, not {given!r}")
    out = game.default_options()
    known = {o.name: o for o in game.options}
    for name, value in (given or {}).items():
        option = known.get(name)
        if option is None:
            names = ", ".join(known) or "none"
            raise OptionsError(f"{game.title} has no option {name!r} (its options: {names})")
        if isinstance(value, str):
            out[name] = parse_value(option, value)
        elif isinstance(value, (bool, int)) and _typed_choice(option, value):
            out[name] = value
        else:
            raise OptionsError(f"option {name} takes "
                               + ", ".join(option_text(c) for c in option.choices)
                               + f", not {value!r}")
    if game.timed and out[game.timed] is True and game.scoring \
            and out[game.scoring] != "standard":
        raise OptionsError("timed scoring applies to standard scoring only")
    return out


def _typed_choice(option: Option, value: bool | int) -> bool:
    """Tell whether a typed value is one of the choices, not confusing True with 1."""
    return any(type(c) is type(value) and c == value for c in option.choices)
