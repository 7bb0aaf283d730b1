"""The names the engine, the page and the bots share, each written once: the kinds of decision,
the prompt value, the message ids of the log and the ways a round ends.

Every message id has an English template in the game's catalogue
(web/games/incan_gold/locales/en/log.json); every id starts with "ig.", the game's prefix."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class Decision(str, Enum):
    """The kinds of decision a seat takes (Incan Gold has one)."""

    CHOOSE = "choose"    # torch or camp, secretly, one seat at a time; revealed together


class Prompt(NamedTuple):
    """The decision at hand: its kind and the seat that takes it."""

    kind: Decision
    seat: int


class RoundEnd(str, Enum):
    """How a round ended."""

    ALL_LEFT = "all_left"    # every player went back to camp
    BUST = "bust"            # a second hazard of a kind scared the rest away


class Msg:
    """The log's message ids (plain strings: the engine writes them on its hot path).
    Parameters named *seat / *seats hold seat numbers."""

    GAME_START = "ig.game_start"           # n (players), start_seat, diamant
    ROUND_START = "ig.round_start"         # round, start_seat
    ARTIFACT_SHUFFLED = "ig.artifact_shuffled"  # round
    CARD_TREASURE = "ig.card_treasure"     # gems, share, n (explorers), left
    CARD_ARTIFACT = "ig.card_artifact"     # (none)
    CARD_HAZARD = "ig.card_hazard"         # hazard (the first of its kind this round)
    CHOSE = "ig.chose"                     # seat: that seat has chosen (not what)
    YOU_CHOSE = "ig.you_chose"             # choice: private to the seat that chose
    REVEAL = "ig.reveal"                   # torch_seats, camp_seats
    CAMP_SPLIT = "ig.camp_split"           # camp_seats, n (leavers), share, left
    BANKED = "ig.banked"                   # seat, gems (carried home: hand + path), hand (this
    #                                        round's gems, beside the tent), path (the share
    #                                        picked up), n (= gems, for the plural); never the
    #                                        tent's total
    ARTIFACT_TAKEN = "ig.artifact_taken"   # seat, value, n (artifacts carried out so far)
    BUST = "ig.bust"                       # hazard, lost_seats, n (gems lost in all)
    ARTIFACTS_LOST = "ig.artifacts_lost"   # n
    ALL_LEFT = "ig.all_left"               # round
    GAME_END = "ig.game_end"               # winner_seats, n (how many winners), score, artifacts
    FINAL_SCORE = "ig.final_score"         # seat, gems, artifacts (points), n (artifact count), total


# Texts the page also needs from the catalogue (not log entries): prompts and action labels.
PROMPT_IDS = {Decision.CHOOSE: "ig.prompt_choose"}


ALL_MESSAGE_IDS = frozenset(v for k, v in vars(Msg).items() if k.isupper())
