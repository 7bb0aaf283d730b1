"""What the App's helpers (the saves, the events, "Your data", the Statistics screen, the replay,
the bots' turns) may ask of the page's controller: the screen on show and one render per
change (`Page`). Everything else a helper needs (the store, the finished games, the games, the
search pool, the other helpers' methods it calls) is handed to it when page.py makes it, so
that what it depends on is read at its constructor, not found through the App."""

from __future__ import annotations

from typing import Any, Optional, Protocol


class Page(Protocol):
    """The App as its helpers see it (web/shell/app.py)."""

    screen: str                       # "home", "game", "replay", "stats"
    overlay: Optional[tuple]          # ("help",) ("menu",) ("dialog", html); None: none open
    toast: Optional[tuple[str, str]]  # (kind, text): the passing message of the next render
    gen: int                          # raised by every change: a thinking bot or a reveal stops
    form: dict                        # the home's new-game form
    prefs: dict                       # the player's options (reasons, hints, pace, tips)
    table: Any                        # the game on screen (shell.table.Table), or None
    held_attention: Optional[dict]    # the first screen's focus and scroll held (App.start)
    last_attr: dict                   # the body's attributes as last set
    whole_board: bool                 # a phone's "Whole board" switch is on

    def render(self, keep: tuple[str, ...] = ()) -> None:
        """Redraw every region whose markup changed (but those in `keep`)."""

    def drop_info(self) -> None:
        """Forget a passing message (warnings stay until dismissed)."""

    def overlay_to(self, overlay: Optional[tuple]) -> None:
        """Open (or close: None) the overlay, and render."""

    def install(self, info: Any, rec: dict, game: Any, **more: Any) -> None:
        """Put a fully loaded game on screen."""

    def after_change(self, frames: list = ()) -> None:
        """The game on screen changed: saved, its reveal played or the page redrawn, the bots on."""

    def deciding_human(self) -> Optional[int]:
        """The human seat whose controls are on screen now, if any."""

    def apply_action(self, text: str, reason: Any = None) -> None:
        """Apply the action `text` of the seat to move, with the bot's reason if any."""
