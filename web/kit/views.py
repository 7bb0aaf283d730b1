"""The contract between the page's shell and a game's views (web/games/README.md).

`Ctx` is what a view is handed: the seat's view, the legal actions, the words, the options.
`GameViews` is what a game's web module declares (`VIEWS = MyGameViews()`): five hooks every
game has, and the optional ones with their defaults here, so the shell calls each of them on
every game and never asks a module what it has. Pure Python (no browser import).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence

from .guide import Guide
from .seats import style_seats


@dataclass
class Ctx:
    """What a game's views are given, built by the shell for each drawing."""

    info: Any                          # the game's registry entry (GameInfo)
    game: Any                          # the game (live, or a past position in a replay)
    view: dict                         # view(seat) of the seat on screen, or the public view
    seat: Optional[int]                # the seat whose eyes the screen is for (None: public)
    seats: list[dict]                  # page seats: {"name", "type": "human"|"bot", "level", "style"}
    styles: list[dict]                 # kit.seats.style_seats(seats): colour, letter, shape, name
    legal: list[str]                   # action texts the person on screen may take now, else []
    deciding: Optional[int]            # that person's seat while they decide, else None
    words: Any                         # kit.words.Words with the seats' names (has .t, .event)
    prefs: dict = field(default_factory=dict)        # reasons, hints, pace
    reasons: list = field(default_factory=list)      # the bots' reasons: [log index, text or event]
    thinking: Optional[int] = None     # the bot seat thinking now
    draft: dict = field(default_factory=dict)        # the game's scratch for the decision at hand
    memo: dict = field(default_factory=dict)         # the game's scratch for this game on screen
    seen: Optional[dict] = None        # the seat's mark from its last decision (see seen_mark)
    hint: Optional[str] = None         # the action a hint on screen suggests (to highlight it)
    before: Any = None                 # replay: the position before this one (None at the start)
    mode: str = "game"                 # "game" or "replay"

    def t(self, msg_id: str, params: Optional[dict] = None) -> str:
        """Escaped HTML words from the catalogue, names isolated in <bdi>."""
        return self.words.t(msg_id, params)


def make_ctx(info: Any, game: Any, view: dict, seats: Sequence[dict], words: Any, **more) -> Ctx:
    """A `Ctx` with the seats' styles worked out (`more`: the other fields by name)."""
    return Ctx(info=info, game=game, view=view, seat=more.pop("seat", None), seats=list(seats),
               styles=style_seats(seats), legal=more.pop("legal", []),
               deciding=more.pop("deciding", None), words=words, **more)


Frames = list[tuple[float, dict[str, str]]]


class GameViews:
    """A game's views as the shell sees them. Subclass it, set the settings, give the five
    required hooks and override the optional ones the game needs (each default says what the
    shell does without it). Views are pure: a `Ctx` (or game) in, escaped markup out."""

    # --- settings -----------------------------------------------------------------------------
    game_id: str = ""                  # the registry id (checked when the shell imports it)
    css: str = ""                      # a stylesheet next to the module, linked by index.html
    click_attrs: Mapping[str, str] = {}   # board attribute -> act, for taps without data-act
    whole_board: bool = False          # a phone's top bar offers the shell's "Whole board" switch
    blurb: str = ""                    # catalogue id: one line on the home screen's card
    option_labels: Mapping[str, tuple[str, str]] = {}   # option key -> (label id, note id or "")
    bot_note: str = ""                 # catalogue id: what its bot levels do
    bot_time_budget: float = 1.0       # seconds a searching bot may think per decision
    helped_levels: tuple[str, ...] = ()   # bot levels whose search Web Workers share
    hints: bool = True                 # offer "Hint?"
    hint_level: str = "medium"         # the bot level that answers a hint
    hint_time_budget: Optional[float] = None   # its time budget (None: the level's own)

    # --- required -----------------------------------------------------------------------------
    def game_regions(self, ctx: Ctx) -> dict[str, str]:
        """HTML per region of the live game, as `ctx.seat` sees it."""
        raise NotImplementedError

    def action_for(self, act: str, value: str, ctx: Ctx) -> Optional[str]:
        """A tap (data-act, data-v) -> an action text (applied only if in `ctx.legal`)."""
        raise NotImplementedError

    def end_html(self, ctx: Ctx) -> str:
        """The end screen (the shell's buttons go where it holds <!--end-buttons-->)."""
        raise NotImplementedError

    def help_html(self, words: Any) -> str:
        """The rules in the project's own words, in `words` (the page's: a `Words`)."""
        raise NotImplementedError

    def replay_regions(self, ctx: Ctx) -> dict[str, str]:
        """A past position (`ctx.game`, its public `ctx.view`, `ctx.before`)."""
        raise NotImplementedError

    # --- optional, with the shell's defaults --------------------------------------------------
    def on_act(self, ctx: Ctx, act: str, value: str) -> tuple[Optional[str], Optional[str]]:
        """A tap -> (action or None, a passing note or None); default: `action_for`, no note."""
        return self.action_for(act, value, ctx), None

    def reveal_frames(self, before_view: Callable[[], dict], after_view: dict, ctx: Ctx) -> Frames:
        """(seconds, regions) frames of a paced reveal after a change; default none.
        `before_view()`: the view before the change (of the same viewer), built when first
        asked: call it only once something is to be revealed."""
        return []

    @property
    def reveals(self) -> bool:
        """Whether the game paces reveals (the shell then keeps the game before each change)."""
        return type(self).reveal_frames is not GameViews.reveal_frames

    def choosing_together(self, game: Any) -> list[int]:
        """The seats still to choose in a secret choice revealed together; default none."""
        return []

    def hint_words(self, game: Any, seat: int, action: Any, words: Any) -> Optional[str]:
        """A hint's explanation as escaped HTML in `words`; None: the hint bot's own reason."""
        return None

    def bot_reason(self, game: Any, seat: int, action: Any, reason: Any, seat_record: dict,
                   figures: Optional[dict] = None) -> Any:
        """What the log keeps of a bot's reason; default the bot's own."""
        return reason

    def hide_reason(self, ctx: Ctx, pass_to: int) -> Optional[str]:
        """Plain text on the pass screen; None: the shell's "It is X's turn"."""
        return None

    def stage_text(self, game: Any) -> Any:
        """Where a game stands, for the saved games and the replay bar: a message [id, params]
        of the game's catalogue (["mp.stage.day", {"day": 3}]: "Day 3"), worded on screen."""
        return ""

    def seen_mark(self, game: Any, seat: int) -> dict:
        """What to remember of a person's screen at their decision (given back as `ctx.seen`)."""
        return {"log": len(game.log_for(seat))}

    def keeps_mark(self, game: Any, seat: int) -> bool:
        """True when this decision is out of the person's turn (their mark stays)."""
        return False

    def replay_lines(self, before: Any, after: Any, ctx: Ctx) -> list[str]:
        """What everyone saw happen in one step, escaped HTML lines; default none."""
        return []

    def replay_positions(self, game: Any) -> Optional[Sequence]:
        """The game's positions for the replay; None: the shared ones (`game.undo`, `clone`)."""
        return None

    def replay_turns(self, positions: Sequence) -> Optional[list[int]]:
        """The positions where a turn begins; None: every step."""
        return None

    def bench_selector(self, ctx: Ctx) -> str:
        """A CSS selector whose click moves the game on (`build.py bench`); "" none."""
        return ""

    def preview_html(self, players: int, styles: list, words: Any) -> str:
        """The board of a new game behind the home's form, in `words`; "" none."""
        return ""

    def loading_board_html(self, words: Any) -> str:
        """The board the loading page shows, in `words`, where a game of it resumes at start
        and the first screen's board is another game's (the build draws it, hidden until
        then; the game's stylesheet shows it on html[data-boot-game]): a new game's board,
        as tall as the game's, so that nothing moves when the game comes. "" none: the
        shell's empty frame."""
        return ""

    def guide(self) -> Optional["Guide"]:
        """The guided first game ("Learn to play", `kit.guide`); None: the game offers none."""
        return None

    # --- benchmark hooks (`build.py bench --search`) ------------------------------------------
    def search_bench(self, budget: float, hint_budget: float) -> Optional[dict]:
        """The searching bot's speed in the page and each level's time to answer a hint."""
        return None

    def bench_positions(self) -> list:
        """Positions at which the helped search is timed (with `helped_levels`)."""
        return []


def checked(views: Any, game_id: str) -> GameViews:
    """A module's `VIEWS`, refused unless it is a `GameViews` of the game `game_id`."""
    if not isinstance(views, GameViews) or views.game_id != game_id:
        raise TypeError(f"{game_id}: its web module's VIEWS is not its GameViews")
    return views


__all__ = ["Ctx", "GameViews", "Frames", "make_ctx", "checked"]
