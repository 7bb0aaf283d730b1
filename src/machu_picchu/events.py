"""The log's events: what happened as a message id and its parameters, never as sentences.

The engine records `(seat, id, params)`: seat None for everyone, else seen by that seat only (a
card drawn, a card put back). Every id has words in the game's catalogue
(web/games/machu_picchu/locales/<lang>/log.json); the page says them in the player's language, and
`text()` says them in plain text from a catalogue handed in (`use_catalogue`, once, or `cat=`:
this package reads no page files; `tabletop.catalogues` loads one) for tests and tools.

Parameters hold numbers, seat numbers (keys ending in "seat" / "seats") and ids; `word_params`
turns the ids into catalogue words, the one rule both renderings use:
  district, good, prof, row, tile   one id          -> "mp.<key>.<id>"
  profs, goods, cards               a list of ids   -> their words, joined ("3 corn" for corn goods)
  gains                             [[good, n], ..] -> "2 llamas and 1 coca"
  steps, llamas, points, stones   a count          -> "3 steps", "1 llama", "40 points", ...
The plural of a template is chosen by "n" (tabletop.events.plural_form).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Optional

from tabletop.events import keyed, render


class Msg:
    """The log's message ids (plain strings: the engine writes them on its hot path)."""

    GAME_START = "mp.ev.game_start"          # n (players), day, start_seat
    SETUP = "mp.ev.setup"                    # seat, prof
    PLACE = "mp.ev.place"                    # seat, district (a Prince's first district)
    MOVE = "mp.ev.move"                      # seat, district
    TRAVEL = "mp.ev.travel"                  # seat, district
    PRODUCE = "mp.ev.produce"                # seat, n (corn paid), gains
    PRODUCE_NONE = "mp.ev.produce_none"      # seat
    SACRIFICE = "mp.ev.sacrifice"            # seat, n, llamas, steps
    SACRIFICE_NONE = "mp.ev.sacrifice_none"  # seat
    OFFER = "mp.ev.offer"                    # seat, goods, steps
    OFFER_NONE = "mp.ev.offer_none"          # seat
    HIRE = "mp.ev.hire"                      # seat, profs
    HIRE_NONE = "mp.ev.hire_none"            # seat
    ACQUIRE = "mp.ev.acquire"                # seat, row, steps (per llama, now)
    ACQUIRE_NONE = "mp.ev.acquire_none"      # seat
    PRIESTS_OUT = "mp.ev.priests_out"        # -
    MARKET_DONE = "mp.ev.market_done"        # seat
    ADJUST_ADD = "mp.ev.adjust_add"          # seat, good
    ADJUST_REMOVE = "mp.ev.adjust_remove"    # seat, good
    BUY = "mp.ev.buy"                        # seat, good, price
    SELL = "mp.ev.sell"                      # seat, good, price
    SUNCLOCK = "mp.ev.sunclock"              # seat, prof
    SUNCLOCK_NONE = "mp.ev.sunclock_none"    # seat
    TAKE = "mp.ev.take"                      # seat, goods
    RETURN = "mp.ev.return"                  # seat, n (cards put back), held (cards now in hand)
    YOU_RETURN = "mp.ev.you_return"          # cards (private)
    CLAIM = "mp.ev.claim"                    # seat, n (corn paid), gains
    CLAIM_DECLINED = "mp.ev.claim_declined"  # seat, goods
    NO_BONUS = "mp.ev.no_bonus"              # -
    BONUS = "mp.ev.bonus"                    # seat, gains
    FARMERS = "mp.ev.farmers"                # seat, n (farmers), corn
    NO_STONE = "mp.ev.no_stone"              # -
    STONES = "mp.ev.stones"                  # seat, n, steps
    MOON_TILE = "mp.ev.moon_tile"            # seat, tile
    SUN_TILE = "mp.ev.sun_tile"              # seat
    TILE_CORN = "mp.ev.tile_corn"            # seat, n (corn)
    TILE_STEPS = "mp.ev.tile_steps"          # seat, steps
    SUMMIT_EMPTY = "mp.ev.summit_empty"      # seat, n (victory points)
    SUMMIT = "mp.ev.summit"                  # seat, n (cards drawn)
    YOU_DRAW = "mp.ev.you_draw"              # cards (private)
    DECK_OUT = "mp.ev.deck_out"              # -
    TRAIL_REWARDS = "mp.ev.trail_rewards"    # seat, gains
    TIME_CORN = "mp.ev.time_corn"            # seat
    NIGHT = "mp.ev.night"                    # day
    SUNCLOCK_RETURN = "mp.ev.sunclock_return"  # seat, n (Incas)
    NEW_DAY = "mp.ev.new_day"                # day, seat
    END_PRIESTS = "mp.ev.end_priests"        # -
    END_CARDS = "mp.ev.end_cards"            # -
    END_CONQUEST = "mp.ev.end_conquest"      # -
    WINNERS = "mp.ev.winners"                # winner_seats, n (winners), points


ALL_MESSAGE_IDS = frozenset(v for k, v in vars(Msg).items() if k.isupper())
PRIVATE_IDS = frozenset({Msg.YOU_DRAW, Msg.YOU_RETURN})          # said to one seat: "You ..."
DAY_IDS = frozenset({Msg.GAME_START, Msg.NIGHT, Msg.NEW_DAY})    # where a day begins or ends
ONE_ID = ("district", "good", "prof", "row", "tile")
COUNTED = {"steps": "step", "llamas": "llama", "points": "point",
           "stones": "stone"}

Say = Callable[[str, Mapping[str, Any]], str]


def word_params(params: Mapping[str, Any], say: Say, join: Callable[[list], str]) -> dict:
    """`params` with every id and count in words: `say(msg_id, params)` gives a catalogue
    message (escaped HTML in the page, text here), `join` a list of them ("a, b and c")."""
    out: dict[str, Any] = dict(params)
    for key, value in params.items():
        if key in ONE_ID and isinstance(value, str):
            out[key] = keyed(say(f"mp.{key}.{value}", {}), value)   # its forms: Counted
        elif key in COUNTED and isinstance(value, int):
            out[key] = say("mp.n." + COUNTED[key], {"n": value})
        elif key in ("profs", "goods", "cards") and isinstance(value, list):
            out[key] = join([_one(key, x, say) for x in value])
        elif key == "gains" and isinstance(value, list):
            out[key] = join([say("mp.n." + str(g), {"n": k}) for g, k in value])
    return out


def _one(key: str, value: Any, say: Say) -> str:
    if key == "profs":
        return say("mp.prof." + str(value), {})
    if key == "goods":
        return say("mp.tile.corn_goods" if value == "corn" else "mp.good." + str(value), {})
    a, _, b = str(value).partition("-")
    return say("mp.card", {"a": a, "b": b})


# --- plain text, for tests and tools ------------------------------------------------------------
_catalogue: Optional[Mapping[str, Any]] = None


def use_catalogue(cat: Mapping[str, Any]) -> None:
    """The catalogue `text` and `texts` word events with when given none (e.g.
    `tabletop.catalogues.game_catalogue(mp.GAME, "web")` from the repository's root)."""
    global _catalogue
    _catalogue = cat


def catalogue() -> Mapping[str, Any]:
    """The catalogue handed to `use_catalogue`; LookupError if none was."""
    if _catalogue is None:
        raise LookupError("machu_picchu.events has no catalogue: hand one to use_catalogue() "
                          "(tabletop.catalogues.game_catalogue(GAME, <the page's root>))")
    return _catalogue


def join_words(parts: Iterable[str], cat: Mapping[str, Any]) -> str:
    parts = list(parts)
    word = f" {cat.get('mp.list.and', 'and')} "
    return word.join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + word + parts[-1]


def text(event: Any, names: Optional[list[str]] = None, cat: Optional[Mapping] = None) -> str:
    """An event ([id, params]) in plain words from the catalogue, seats named by `names`."""
    cat = catalogue() if cat is None else cat
    eid, params = event[0], event[1]

    def say(msg_id: str, p: Mapping[str, Any]) -> str:
        return render([msg_id, p], cat)

    return render([eid, word_params(params, say, lambda parts: join_words(parts, cat))], cat, names)


def texts(events: Iterable[Any], names: Optional[list[str]] = None,
          cat: Optional[Mapping] = None) -> list[str]:
    """A log in plain words (see `text`)."""
    return [text(e, names, cat) for e in events]
