"""The shared bot framework (`tabletop.bots`), under the import path Machu Picchu's bots use."""

from __future__ import annotations

from tabletop.bots import Bot, Decision, Thinker, Work, merge_roots, set_clock, view_key

__all__ = ["Decision", "Bot", "Thinker", "Work", "merge_roots", "set_clock", "view_key"]
