"""Incan Gold's exceptions: subclasses of the shared ones (see tabletop/errors.py for the rule
on messages), so the page catches either game's refusal with one `except`."""

from __future__ import annotations

import tabletop.errors as _shared


class IllegalAction(_shared.IllegalAction):
    """An action the rules do not allow now; the message names the rule."""


class InvalidAction(IllegalAction, _shared.InvalidAction):
    """Input that is no action of Incan Gold at all (wrong type, unknown text, a forged object)."""


class SaveError(_shared.SaveError):
    """A save that cannot be loaded; the message says why in a few words."""
