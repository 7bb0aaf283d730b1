"""Shared by every test: the page's root (web/), and Machu Picchu's catalogue handed to its
events module, which words logs in plain text for the tests (the rules packages read no page
files: tabletop.catalogues loads them for whoever needs words)."""
from __future__ import annotations

from pathlib import Path

from machu_picchu import GAME as MACHU_PICCHU
from machu_picchu import events
from tabletop import catalogues

WEB = Path(__file__).resolve().parent.parent / "web"

events.use_catalogue(catalogues.game_catalogue(MACHU_PICCHU, WEB))
