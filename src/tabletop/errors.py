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

A refusal a person may read (a save's, above all: a file imported) also carries a catalogue id
and its parameters (`Worded`), so that the page says it in its own language; the message stays
English, for the command line and the logs. One without an id is worded by its kind.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

MAX_MESSAGE = 300   # characters: a refusal is read by a person, never an echo of the input
QUOTE_LIMIT = 40    # characters of the input a message may repeat


class Worded:
    """An error with, beside its English message, a catalogue id and parameters (plain values:
    numbers, short texts) that the page words in its language; `msg_id` None: not worded."""

    def __init__(self, message: str = "", msg_id: Optional[str] = None,
                 params: Optional[Mapping[str, Any]] = None) -> None:
        super().__init__(message)
        self.msg_id = msg_id
        self.params = dict(params or {})

    def same(self, message: str) -> "Worded":
        """This error's kind, id and parameters with another message (a shortened one)."""
        return type(self)(message, self.msg_id, self.params)


class IllegalAction(Worded, ValueError):
    """An action that the rules do not allow now; its message names the rule."""


class InvalidAction(IllegalAction):
    """Input that is no action of the game at all (wrong type, unknown text)."""


class SaveError(Worded, ValueError):
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
