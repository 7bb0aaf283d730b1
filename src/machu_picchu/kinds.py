"""The kinds of task on the game's stack, named once.

`Decision`: what a seat decides (the first item of `game.prompt` and of `view["prompt"]["kind"]`);
`Step`: what the engine does by itself. Both are `StrEnum`s, so a kind equals its text
("produce" == Decision.PRODUCE) and a save or a view shows the plain word. The game finds the
handler of each kind in two tables: `decisions.DECISION_HANDLERS` and `steps.STEP_HANDLERS`.
"""

from __future__ import annotations

from enum import StrEnum


class Decision(StrEnum):
    """A decision a seat takes (the prompt's kind)."""

    SETUP = "setup"          # place the first Inca
    TURN = "turn"            # move, travel or stay
    PRODUCE = "produce"      # how many Incas produce here
    SACRIFICE = "sacrifice"  # how many llamas the priests/virgins here sacrifice
    OFFER = "offer"          # goods given at the Main Temple
    HIRE = "hire"            # Incas set up at the Hut / Palace
    ACQUIRE = "acquire"      # a Priest or Virgin card
    MARKET = "market"        # adjust, buy, sell or done
    SUNCLOCK = "sunclock"    # an Inca sent to the Sun Clock
    TAKE = "take"            # the 3 goods the Sun Clock pays
    RETURN = "return"        # cards put back after a summit draw
    CLAIM = "claim"          # goods moon tiles paid for with corn


class Step(StrEnum):
    """A task the engine runs by itself."""

    ADVANCE = "advance"                  # a Scout climbs the Incatrail
    SUMMIT = "summit"                    # a Scout reached the summit: draw cards
    END_TURN = "end_turn"
    NIGHT_MOON = "night_moon"            # moon tiles pay
    NIGHT_SUNCLOCK = "night_sunclock"    # the Sun Clock pays
    NIGHT_REWARDS = "night_rewards"
    NIGHT_BONUS = "night_bonus"
    NEW_DAY = "new_day"


class Prompt(tuple):
    """The decision at hand: `kind` (a Decision), `seat` (who decides) and `at` (what it
    concerns: a district for produce/hire/acquire, a row for sacrifice, the cards put back for
    return, the goods tiles for claim; None for the others).

    A tuple underneath, equal to the engine's task `(kind, seat[, at])`, so `prompt[0]` and
    comparisons with plain tuples keep working."""

    __slots__ = ()

    @property
    def kind(self) -> Decision:
        return self[0]

    @property
    def seat(self) -> int:
        return self[1]

    @property
    def at(self) -> object:
        return self[2] if len(self) > 2 else None

    def __repr__(self) -> str:
        extra = f", at={self[2]!r}" if len(self) > 2 else ""
        return f"Prompt(kind={self[0].value if isinstance(self[0], Decision) else self[0]!r}, seat={self[1]}{extra})"
