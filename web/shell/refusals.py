"""A refusal in the page's words: an engine's (an action the rules do not allow, a save that
cannot be read) or the page's own (a saved game or a file it cannot use). Errors that carry a
catalogue id (tabletop.errors.Worded: the saves' envelope and replay, the page's records) are
worded by it; any other by its kind, so that a French or German sentence never holds the
English message of an exception."""

from __future__ import annotations

from typing import Any, Mapping

from kit.markup import Html

from .i18n import page_words

DAMAGED = "shell.save.damaged"       # a save or record refused with no id of its own
NOT_NOW = "shell.refusal.not_now"    # an action refused: the rules do not allow it now
NO_UNDO = "shell.refusal.no_undo"    # nothing to take back


def refusal_text(exc: BaseException, fallback: str = DAMAGED) -> Html:
    """`exc` as a clause of the page's language (escaped HTML): its own catalogue entry with its
    parameters, else `fallback`'s."""
    return worded(getattr(exc, "msg_id", None), getattr(exc, "params", None), fallback)


def worded(msg_id: Any, params: Any, fallback: str = DAMAGED) -> Html:
    """A refusal kept as its id and parameters (a saved game listed as damaged), in words."""
    words = page_words()
    if isinstance(msg_id, str) and msg_id in words.catalogue:
        return words.t(msg_id, params if isinstance(params, Mapping) else {})
    return words.t(fallback)

