"""Every component value of Incan Gold, in one place (see shared/reference/incan-gold.md).

Cards are numbered 0-34 so that the engine's state is lists of small ints:

    0-14   treasure cards, in the order of TREASURE_GEMS
    15-29  hazard cards, three of each kind in the order of HAZARDS (card 15 + 3*kind + copy)
    30-34  artifact cards; artifact r-1 is shuffled in at the start of round r
"""

from __future__ import annotations

from typing import Final

# Bump when a rule changes; saves record it (see README, "Data and rulings").
RULES_VERSION: Final = "1"
READABLE_RULES_VERSIONS: Final = frozenset({RULES_VERSION})

GAME_ID: Final = "incan-gold"
MIN_PLAYERS: Final = 3   # ruling: the components serve 3-8 (the box says 3-5)
MAX_PLAYERS: Final = 8
ROUNDS: Final = 5

TREASURE_GEMS: Final = (1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17)
HAZARDS: Final = ("spiders", "snakes", "mummies", "fire", "rockfall")
HAZARD_COPIES: Final = 3
ARTIFACTS: Final = 5
# What the n-th artifact carried out of the temple is worth (counted over the whole game).
ARTIFACT_VALUES: Final = (5, 5, 5, 10, 10)
# The gems' values (a display matter only: the bank never runs out).
GEM_VALUES: Final = {"turquoise": 1, "obsidian": 5, "gold": 10}

TREASURE, HAZARD, ARTIFACT = 0, 1, 2
KIND_NAMES: Final = ("treasure", "hazard", "artifact")

FIRST_HAZARD: Final = len(TREASURE_GEMS)
FIRST_ARTIFACT: Final = FIRST_HAZARD + len(HAZARDS) * HAZARD_COPIES
CARDS: Final = FIRST_ARTIFACT + ARTIFACTS          # 35
QUEST_CARDS: Final = tuple(range(FIRST_ARTIFACT))  # the 30 cards every round starts from

# Per card: its kind, its printed gems (0 unless a treasure), its hazard kind (-1 unless a hazard).
CARD_KIND: Final = tuple(
    TREASURE if c < FIRST_HAZARD else HAZARD if c < FIRST_ARTIFACT else ARTIFACT
    for c in range(CARDS))
CARD_GEMS: Final = tuple(TREASURE_GEMS[c] if c < FIRST_HAZARD else 0 for c in range(CARDS))
CARD_HAZARD: Final = tuple(
    (c - FIRST_HAZARD) // HAZARD_COPIES if CARD_KIND[c] == HAZARD else -1 for c in range(CARDS))


def artifact_card(round_number: int) -> int:
    """The artifact card shuffled in at the start of round `round_number` (1-5)."""
    return FIRST_ARTIFACT + round_number - 1


# A game is short by nature: each round turns at most every card, and before each card but the
# first every player still inside chooses once.
MAX_ACTIONS: Final = ROUNDS * CARDS * MAX_PLAYERS
