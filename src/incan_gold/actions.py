"""The two actions: "torch" (go on into the temple) and "camp" (go back to camp).

Both exist once, built at import time; the engine compares them by identity. `str(action)` is
the text form used in saves and tests; `parse_action(text)` inverts it. Only these two objects
are actions: anything else (another object, even one made with `Action.__new__`) is refused.
"""

from __future__ import annotations

from typing import Final

from tabletop.errors import quote

from .errors import InvalidAction


class Action:
    """One choice. Immutable and interned: use TORCH, CAMP or `parse_action`."""

    __slots__ = ("text", "index")
    text: str
    index: int     # 0 torch, 1 camp: the engine's code for the choice

    def __init__(self, text: str, index: int) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "index", index)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Action is immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_action, (self.text,))

    # Identity is equality: there are exactly two actions.
    __hash__ = object.__hash__

    def __copy__(self) -> "Action":
        return self

    def __deepcopy__(self, memo: object) -> "Action":
        return self


TORCH: Final = Action("torch", 0)
CAMP: Final = Action("camp", 1)
ALL_ACTIONS: Final = (TORCH, CAMP)
_BY_TEXT: Final = {a.text: a for a in ALL_ACTIONS}
_LONGEST = max(len(t) for t in _BY_TEXT)


def parse_action(value: object) -> Action:
    """The action `value` names: TORCH or CAMP themselves, or their text (case and surrounding
    spaces forgiven). Anything else raises InvalidAction with a short message."""
    if value is TORCH or value is CAMP:
        return value
    if isinstance(value, Action):
        raise InvalidAction("a forged action object: use incan_gold's TORCH, CAMP or their text")
    if not isinstance(value, str):
        raise InvalidAction(f"an action is given as text, not as {quote(value)}")
    # str.* so that a str subclass cannot change how the text is read; long texts are no action.
    if len(value) <= _LONGEST + 8:
        action = _BY_TEXT.get(str.__str__(value).strip().lower())
        if action is not None:
            return action
    raise InvalidAction(f"{quote(value)} is not an action of Incan Gold (torch or camp)")
