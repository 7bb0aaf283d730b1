"""The exceptions every game's public API raises, and the rule for their messages.

The rule (both games, every public function that takes outside input: action texts and objects,
seats, counts, saves, options):

* refuse what is not valid with the package's own exception: `IllegalAction` (or its subclass
  `InvalidAction` for input that is no action at all: a wrong type, an unknown text, an `Action`
  object that is not one of the game's), `SaveError` for saves, `ValueError` for set-up options
  and seats (`view`, `determinize`, `undoable`); a count of actions to take back (`undo`) that is
  not a whole number in range is an `IllegalAction`;
* accept an action only if it is one of `legal_actions()` (the same object, or equal kind,
  argument and text; a forged argument is never applied), and a text only if it is the text of
  one or a documented alias of it;
* keep the message short (at most a few hundred characters): quote at most a short prefix of the
  input, through `quote()`;
* leave the game exactly as it was.

Each game subclasses these (`machu_picchu.IllegalAction` is a `tabletop.IllegalAction`), so the
page can catch any game's refusal with one `except`.
"""

from __future__ import annotations

MAX_MESSAGE = 300   # characters: a refusal is read by a person, never an echo of the input
QUOTE_LIMIT = 40    # characters of the input a message may repeat


class IllegalAction(ValueError):
    """An action that the rules do not allow now; its message names the rule."""


class InvalidAction(IllegalAction):
    """Input that is no action of the game at all (wrong type, unknown text)."""


class SaveError(ValueError):
    """A save that cannot be loaded: corrupt, tampered with, too large, or of an unknown version."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A short, printable quotation of `value` for a message: its repr cut to `limit` characters.

    Never calls a user-defined __repr__/__str__ on arbitrary objects (that could be long or raise):
    only text, bytes, numbers, None and booleans are quoted; anything else is named by its type."""
    if isinstance(value, (str, bytes)):
        head = value[:limit]
        text = repr(head)
        return text + ("…" if len(value) > limit else "")
    if isinstance(value, int) and value.bit_length() > 4 * limit:
        # more digits than a message shows (and past 4,300 digits repr() itself refuses)
        return "a very large number"
    if value is None or isinstance(value, (bool, int, float)):
        text = repr(value)
        return text if len(text) <= limit else text[:limit] + "…"
    return f"a {type(value).__name__}"


def short(message: str, limit: int = MAX_MESSAGE) -> str:
    """`message` cut to `limit` characters (a last guard; messages are built short)."""
    return message if len(message) <= limit else message[: limit - 1] + "…"
