"""A refusal in the page's words: an engine's (an action the rules do not allow, a save that
cannot be read) or the page's own (a saved game or a file it cannot use). Errors that carry a
catalogue id (tabletop.errors.Worded: the saves' envelope and replay, the page's records) are
worded by it; any other by its kind, so that a French or German sentence never holds the
English message of an exception."""

from __future__ import annotations

from typing import Any, Mapping

from kit.markup import Html
from kit.svg import isolate

from .i18n import page_words

DAMAGED = "shell.save.damaged"       # a save or record refused with no id of its own
NOT_NOW = "shell.refusal.not_now"    # an action refused: the rules do not allow it now
NO_UNDO = "shell.refusal.no_undo"    # nothing to take back
ILLEGAL_MOVE = "shell.save.illegal_action"          # a save's move the rules refuse ...
ILLEGAL_MOVE_WHY = "shell.save.illegal_action_why"  # ... and the rule's reason when known


# The parameters that hold a player's name or a save's own text: isolated (U+2068..U+2069), so that
# a right-to-left mark typed in a name stays inside it in a toast, a dialog or a button's title.
TYPED_PARAMS = ("who", "name", "action")


STORAGE_FULL = "shell.storage.full"          # the browser's storage has no room left
STORAGE_REFUSED = "shell.storage.refused"    # the browser refused to store (any other reason)


def is_quota_error(exc: BaseException) -> bool:
    """Whether the browser refused a write for want of room (QuotaExceededError, by its name
    or its message: Firefox and older Safari word it differently)."""
    text = f"{getattr(exc, 'name', '')} {exc}".lower()
    return "quota" in text or "full" in text


def storage_text(exc: BaseException) -> Html:
    """Why the browser did not store something, by its kind, in the page's words (never the
    browser's English message)."""
    return page_words().t(STORAGE_FULL if is_quota_error(exc) else STORAGE_REFUSED)


def refusal_text(exc: BaseException, fallback: str = DAMAGED) -> Html:
    """`exc` as a clause of the page's language (escaped HTML): its own catalogue entry with its
    parameters, else `fallback`'s."""
    return worded(getattr(exc, "msg_id", None), getattr(exc, "params", None), fallback)


def worded(msg_id: Any, params: Any, fallback: str = DAMAGED) -> Html:
    """A refusal kept as its id and parameters (a saved game listed as damaged), in words."""
    words = page_words()
    params = isolated_params(params)
    why = params.pop("why", None)
    if not (isinstance(msg_id, str) and msg_id in words.catalogue):
        return words.t(fallback)
    if msg_id == ILLEGAL_MOVE and _is_refusal(why, words.catalogue):
        # the move of a save that the rules refused, and the rule's reason (mp.refusal.*)
        params["why"] = words.t(why[0], isolated_params(why[1]))
        return words.t(ILLEGAL_MOVE_WHY, params)
    return words.t(msg_id, params)


def isolated_params(params: Any) -> dict:
    """`params` (any mapping, else none) with the typed texts isolated."""
    if not isinstance(params, Mapping):
        return {}
    return {k: isolate(v) if k in TYPED_PARAMS and isinstance(v, str) else v for k, v in params.items()}


def _is_refusal(why: Any, catalogue: Mapping[str, Any]) -> bool:
    """Whether `why` is a refusal kept as [catalogue id, parameters] that the catalogue words."""
    return (isinstance(why, (list, tuple)) and len(why) == 2 and isinstance(why[0], str)
            and why[0] in catalogue and isinstance(why[1], Mapping))

