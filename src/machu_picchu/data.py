"""Every component value of The Princes of Machu Picchu, in one place.

Each fact carries its standing, as in the project's reference (`shared/reference/machu-picchu.md`):
CONFIRMED (the rulebook or several sources), DERIVED (the only reading the rulebook's worked examples
allow) or RECONSTRUCTED (no source shows it: the project's choice). A correction found by comparing
with a printed copy is a one-line change here.

Indices are small ints so that the engine's hot paths work on flat lists; the names below are the
stable identifiers used in action texts, views and save files.
"""

from __future__ import annotations

from typing import Final

RULES_VERSION: Final = "1.1"   # 1.1: the limits of a day and of a market visit (ruling below)
# Earlier rules versions whose saves still replay to the same games under these rules. When a
# change of the rules bumps RULES_VERSION, list the old version here if every action list it
# produced still means the same (players keep their saved games); leave it out if not (its saves
# are then refused with a clear message, never replayed into a different game).
# 1.0 is listed: its games replay identically under 1.1 unless a day went past 100 turns or a
# visit past 40 trades (no game of 1.0's tests or bots came near; such a save is refused, naming
# the action).
READABLE_RULES_VERSIONS: Final[frozenset[str]] = frozenset({"1.0", RULES_VERSION})

# --- Goods (CONFIRMED) -------------------------------------------------------------------------
GOODS: Final = ("corn", "llama", "coca", "pottery", "cloth")
CORN, LLAMA, COCA, POTTERY, CLOTH = range(5)
GOOD_INDEX: Final = {g: i for i, g in enumerate(GOODS)}
CORN_PER_UNIT: Final = 3  # 3 corn count as 1 unit of goods wherever goods are counted
START_GOODS: Final = (3, 1, 1, 1, 1)  # each player: 3 corn, 1 llama, 1 coca, 1 pottery, 1 cloth

# --- Districts (CONFIRMED names and kinds) -----------------------------------------------------
# The first five are the production districts, in the order of GOODS, so district i makes good i.
DISTRICTS: Final = (
    "corn", "llama", "coca", "pottery", "cloth",   # production
    "condor", "puma", "sun", "main",               # temples
    "hut", "palace",                               # set up Incas
    "priests", "virgins",                          # acquire priests / virgins
    "plaza", "sunclock",                           # market, Sun Clock
)
DISTRICT_INDEX: Final = {d: i for i, d in enumerate(DISTRICTS)}
D_CORN, D_LLAMA, D_COCA, D_POTTERY, D_CLOTH = range(5)
D_CONDOR, D_PUMA, D_SUN, D_MAIN = 5, 6, 7, 8
D_HUT, D_PALACE, D_PRIESTS, D_VIRGINS, D_PLAZA, D_SUNCLOCK = 9, 10, 11, 12, 13, 14
PRODUCTION: Final = range(5)
TEMPLES: Final = (D_CONDOR, D_PUMA, D_SUN, D_MAIN)
BONUS_DISTRICTS: Final = tuple(range(9))  # act once a day, hold bonus units
MAX_BONUS: Final = 2                      # at most 2 bonus units per district
START_BONUS: Final = 1                    # set-up: 1 unit each (3 corn on the terraces, 1 stone...)

DISTRICT_NAMES: Final = {
    "corn": "Corn Terraces", "llama": "Llama Meadow", "coca": "Coca Plantation",
    "pottery": "Potters' Quarter", "cloth": "Weavers' Quarter",
    "condor": "Condor Temple", "puma": "Puma Temple", "sun": "Temple of the Sun",
    "main": "Main Temple", "hut": "Watchman's Hut", "palace": "Royal Palace",
    "priests": "House of Priests", "virgins": "House of Virgins",
    "plaza": "Central Plaza", "sunclock": "Sun Clock",
}

# --- Board adjacency (RECONSTRUCTED: no source shows the board's edges) -------------------------
# Meets the known constraints: neither house borders a temple or a production district; the
# Central Plaza lies in the middle. 26 edges, symmetric.
ADJACENCY_NAMES: Final = {
    "corn": ("hut", "llama", "sun"),
    "hut": ("corn", "llama", "virgins", "palace"),
    "llama": ("corn", "hut", "plaza", "condor"),
    "sun": ("corn", "palace", "main"),
    "palace": ("hut", "sun", "virgins", "plaza"),
    "virgins": ("hut", "palace", "plaza"),
    "plaza": ("llama", "palace", "virgins", "priests", "sunclock", "pottery", "cloth", "condor"),
    "priests": ("plaza", "sunclock"),
    "sunclock": ("priests", "plaza", "main", "puma"),
    "main": ("sun", "sunclock", "puma"),
    "puma": ("main", "sunclock", "coca"),
    "coca": ("puma", "cloth"),
    "cloth": ("coca", "plaza", "pottery"),
    "pottery": ("cloth", "plaza", "condor"),
    "condor": ("pottery", "plaza", "llama"),
}
ADJACENT: Final = tuple(
    frozenset(DISTRICT_INDEX[n] for n in ADJACENCY_NAMES[d]) for d in DISTRICTS
)

# --- Professions: one per production district (CONFIRMED) --------------------------------------
PROFESSIONS: Final = ("farmer", "shepherd", "planter", "potter", "weaver")
PROFESSION_INDEX: Final = {p: i for i, p in enumerate(PROFESSIONS)}
PROFESSION_NAMES: Final = ("Farmer", "Shepherd", "Coca Planter", "Potter", "Weaver")
FARMER_CORN: Final = 3      # a farmer makes 3 corn, free (ruling: always)
PRODUCE_COST_CORN: Final = 1  # every other Inca pays 1 corn for its 1 good

# Where each profession is set up, and what it costs there (CONFIRMED), as (good, count) pairs.
SETUP_DISTRICT: Final = (D_HUT, D_HUT, D_PALACE, D_PALACE, D_PALACE)
SETUP_COST: Final = (
    ((LLAMA, 1), (POTTERY, 1)),   # farmer
    ((CORN, 3), (COCA, 1)),       # shepherd
    ((POTTERY, 1), (CLOTH, 1)),   # coca planter
    ((COCA, 1), (CLOTH, 1)),      # potter
    ((COCA, 1), (POTTERY, 1)),    # weaver
)

# Incas per player and the time marker's first day, by player count (CONFIRMED).
INCAS_PER_PLAYER: Final = {2: 12, 3: 10, 4: 9, 5: 8}
START_DAY: Final = {2: 1, 3: 2, 4: 3, 5: 3}
LEARNING_DAY_SHIFT: Final = 2  # learning variant (French rules): the marker starts 2 days later
LAST_DAY: Final = 9
MIN_PLAYERS, MAX_PLAYERS = 2, 5

# --- Priests and Virgins ------------------------------------------------------------------------
# Rows, each acquired left to right. `base` is the step value with no card of the row taken
# (DERIVED rule "lowest visible number"; base values RECONSTRUCTED to fit the examples: 3 Virgins
# taken -> 7, Puma 6 -> 5 when one more is taken).
ROWS: Final = ("condor", "puma", "virgin")
ROW_INDEX: Final = {r: i for i, r in enumerate(ROWS)}
R_CONDOR, R_PUMA, R_VIRGIN = range(3)
ROW_NAMES: Final = ("Condor Priest", "Puma Priest", "Virgin of the Sun")
ROW_TEMPLE: Final = (D_CONDOR, D_PUMA, D_SUN)
ROW_HOUSE: Final = (D_PRIESTS, D_PRIESTS, D_VIRGINS)
ROW_BASE_STEPS: Final = (8, 9, 10)  # RECONSTRUCTED
# Cost printed on each card, left to right, as goods tuples (corn, llama, coca, pottery, cloth).
# CONFIRMED for one Puma card (2 cloth + 1 pottery + 1 coca); RECONSTRUCTED for the rest.
_PUMA_COST = (0, 0, 1, 1, 2)
_CONDOR_COST = (0, 0, 1, 2, 1)
_VIRGIN_COST = (0, 0, 2, 1, 1)
ROW_CARD_COSTS: Final = (
    (_CONDOR_COST,) * 4,  # 4 Condor priests (count CONFIRMED)
    (_PUMA_COST,) * 5,    # 5 Puma priests (count CONFIRMED)
    (_VIRGIN_COST,) * 6,  # 6 Virgins (count CONFIRMED)
)
ROW_SIZES: Final = tuple(len(c) for c in ROW_CARD_COSTS)
TOTAL_PRIEST_CARDS: Final = sum(ROW_SIZES)  # 15

# --- Temples ------------------------------------------------------------------------------------
STEPS_PER_STONE: Final = 3       # CONFIRMED
MAIN_TEMPLE_STEPS: Final = 2     # per different good sacrificed (CONFIRMED)

# --- Market at the Central Plaza (DERIVED) ------------------------------------------------------
MARKET_GOODS: Final = (LLAMA, COCA, POTTERY, CLOTH)  # one column each
MARKET_PRICES: Final = (6, 5, 4, 3)  # field prices from the top
MARKET_START_UNITS: Final = 2        # on the two top fields of every column
BANK_BUY_PRICE: Final = 6            # an empty column sells from the bank at 6
BANK_SELL_PRICE: Final = 3           # a full column buys at 3

# --- Moon tiles (DERIVED) -----------------------------------------------------------------------
# (id, corn paid out, good paid out or None, trail steps); a goods tile costs 1 corn to claim.
MOON_TILES: Final = (
    ("corn", 3, None, 0),
    ("llama", 0, LLAMA, 0),
    ("coca", 0, COCA, 0),
    ("pottery", 0, POTTERY, 0),
    ("cloth", 0, CLOTH, 0),
    ("trail2", 0, None, 2),
    ("trail3", 0, None, 3),
)
MOON_IDS: Final = tuple(t[0] for t in MOON_TILES)
MOON_INDEX: Final = {t: i for i, t in enumerate(MOON_IDS)}
MOON_NAMES: Final = ("3-corn", "llama", "coca", "pottery", "cloth", "2-step", "3-step")  # "the 3-corn moon tile"
MOON_CLAIM_COST_CORN: Final = 1
MOON_TILES_TO_END_DAY: Final = 3     # the 3rd tile of the day ends it (CONFIRMED)
TIME_TRACK_CORN_DAYS: Final = range(1, 9)  # one moon with 1 corn after each of days 1-8 (DERIVED)

# --- Sun Clock (CONFIRMED) ----------------------------------------------------------------------
SUNCLOCK_GOODS: Final = 3   # different goods per returning Inca (3 corn = 1 good)
SUNCLOCK_STEPS: Final = 3

# --- Incatrail (CONFIRMED) ----------------------------------------------------------------------
TRAIL_SUMMIT: Final = 20
GRANARY: Final = 7          # reaching or passing pays 3 corn at the end of the turn
GRANARY_CORN: Final = 3
STABLE: Final = 13          # reaching or passing pays 1 llama at the end of the turn
SUMMIT_DRAW: Final = 3
SUMMIT_RETURN: Final = 2
SUMMIT_VP_WHEN_DECK_EMPTY: Final = 3

# --- Sacrifice cards ----------------------------------------------------------------------------
# The 28 cards are the 28 pairs of 2 different icons out of 8 (DERIVED). Gold RECONSTRUCTED (fits
# all known cards): 3 on two goods icons, 5 on a goods icon with a priest/virgin icon, 4 on two
# priest/virgin icons.
ICONS: Final = ("corn", "llama", "coca", "pottery", "cloth", "condor", "puma", "sun")
GOODS_ICONS: Final = frozenset(range(5))
GOLD_TWO_GOODS, GOLD_MIXED, GOLD_TWO_PRIESTS = 3, 5, 4  # RECONSTRUCTED
CARDS: Final = tuple((a, b) for a in range(8) for b in range(a + 1, 8))
CARD_NAMES: Final = tuple(f"{ICONS[a]}-{ICONS[b]}" for a, b in CARDS)
CARD_INDEX: Final = {n: i for i, n in enumerate(CARD_NAMES)}


def _card_gold(a: int, b: int) -> int:
    goods = (a in GOODS_ICONS) + (b in GOODS_ICONS)
    return (GOLD_TWO_PRIESTS, GOLD_MIXED, GOLD_TWO_GOODS)[goods]


CARD_GOLD: Final = tuple(_card_gold(a, b) for a, b in CARDS)
DECK_SIZE: Final = len(CARDS)  # 28

# Trail bonus at the end, both as VP and as gold (CONFIRMED): 7-12 -> 1, 13-19 -> 2.
def trail_bonus(position: int) -> int:
    """VP (and gold) a scout's final position is worth."""
    if position >= STABLE:
        return 2
    if position >= GRANARY:
        return 1
    return 0


# --- Spanish conquest (ruling: dense ranking of gold) -------------------------------------------
CONQUEST_MULTIPLIERS: Final = (3, 2)  # most gold x3, next-highest x2, the rest x1


# --- How long a day and a market visit can last (PROJECT RULING, rules version 1.1) -------------
# The printed rules end a day only when its third moon tile is taken by staying, and let a market
# visit trade while goods and corn last. Players who never stay would play one day for ever, and
# the game could grow past anything a save holds (a market visit with no end reaches 100,050 legal
# actions, and a save that long would not load). So, as a ruling of this project:
#   * after MAX_TURNS_PER_DAY turns in one day (every player's turns together), a turn can only
#     stay and take a moon tile; the day then ends within a few turns, as usual;
#   * after MAX_TRADES_PER_VISIT purchases and sales in one visit to the Central Plaza, the only
#     choice left is to leave the market ("done").
# Measured in seeded games of 2-5 players: the most turns in one day were 28 in 2,000 random games
# (`python -m machu_picchu simulate` prints both figures), 26 with easy bots, 31 with medium bots,
# 18 with hard bots; the most trades in one visit 14 (random), 10 (easy), 8 (hard). Both limits are
# about three times what play produced, so no real game meets them.
MAX_TURNS_PER_DAY: Final = 100
MAX_TRADES_PER_VISIT: Final = 40


def max_game_actions(players: int) -> int:
    """An upper bound on the actions of any game for `players` under these rules (set-up
    placements, turns and what each turn asks, nights, summit returns)."""
    days = LAST_DAY - START_DAY[players] + 1
    # Before the limit at most 2 tiles are taken (a 3rd ends the day); after it, at most 3 stays
    # reach the Sun tile, then every other player has one last turn.
    turns = days * (MAX_TURNS_PER_DAY + MOON_TILES_TO_END_DAY + players - 1)
    # A turn decides once, then what its district asks: every seat produces or sacrifices (one
    # decision each), or one market visit (an adjustment, the trades, done), or hire / acquire /
    # the Sun Clock with its goods on the last day, or a last-day moon tile's claim.
    per_turn = 1 + max(players, 1 + MAX_TRADES_PER_VISIT + 1, 2)
    # Each night: a claim per seat for goods moon tiles, a choice of goods per Inca back from the
    # Sun Clock.
    nights = (days - 1) * players * (1 + INCAS_PER_PLAYER[players])
    # Each summit draw that asks for cards back shrinks the deck by one: at most DECK_SIZE of them.
    return players + turns * per_turn + nights + DECK_SIZE


# The longest game these rules allow, for any number of players (saves hold at most this many).
MAX_GAME_ACTIONS: Final = max(max_game_actions(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
