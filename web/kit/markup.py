"""Markup that is already escaped: the one type the shell's words and every game's views share."""

from __future__ import annotations


class Html(str):
    """Text that is already escaped HTML (what `Words.t` returns): as a parameter of another
    message it is inserted as it is, so messages nest without being escaped twice."""
