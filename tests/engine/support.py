"""Helpers shared by the engine tests: building positions, random policies, state snapshots.

Positions are built the way the brief asks: `mp.new_game`, the real set-up decisions through
`game.apply`, then state fields set directly, then the real decisions of the example through
`game.apply`. After setting fields, `refresh(game)` drops the cached legal actions.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, Optional

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.actions import Action

COLOURS = ("Blue", "Yellow", "Red", "Green", "Black")
GOOD = D.GOOD_INDEX          # "corn" -> 0 ...
DIST = D.DISTRICT_INDEX      # "coca" -> 2 ...
PROF = D.PROFESSION_INDEX    # "farmer" -> 0 ...
ROW = D.ROW_INDEX            # "condor" -> 0 ...
TILE = D.MOON_INDEX          # "corn" -> 0 ... "trail3" -> 6


# --- building positions ------------------------------------------------------------------
def seed_with_start(players: int, start: int, learning: bool = False) -> int:
    """The smallest seed whose start player is `start`."""
    for seed in range(10_000):
        if mp.new_game(players, seed, learning=learning).start_player == start:
            return seed
    raise AssertionError("no seed found")


def begin(players: int = 3, start: int = 0, place: str = "farmer", names=None,
          learning: bool = False) -> mp.Game:
    """A game past set-up (every seat placed `place`): the start player's first turn."""
    if names is None:
        names = list(COLOURS[:players])
    game = mp.new_game(players, seed_with_start(players, start, learning), names=names,
                       learning=learning)
    while game.prompt[0] == "setup":
        game.apply(f"place {place}")
    assert game.prompt == ("turn", start)
    return game


def refresh(game: mp.Game) -> mp.Game:
    """Drop the cached legal actions after state fields were set directly."""
    game._legal = None
    return game


def set_goods(game: mp.Game, seat: int, corn=0, llama=0, coca=0, pottery=0, cloth=0) -> None:
    game.goods[seat] = [corn, llama, coca, pottery, cloth]
    refresh(game)


def goods(game: mp.Game, seat: int) -> dict[str, int]:
    return dict(zip(D.GOODS, game.goods[seat]))


def set_incas(game: mp.Game, seat: int, farmer=0, shepherd=0, planter=0, potter=0, weaver=0,
              sunclock=0) -> None:
    """Put a seat's Incas in the districts (and at the Sun Clock); the rest go to its supply."""
    game.incas[seat] = [farmer, shepherd, planter, potter, weaver]
    game.sunclock[seat] = sunclock
    game.supply[seat] = D.INCAS_PER_PLAYER[game.n] - sum(game.incas[seat]) - sunclock
    assert game.supply[seat] >= 0
    refresh(game)


def put_prince(game: mp.Game, seat: int, district: str) -> None:
    """The seat's Prince stands on (and last used) `district`: its next turn is not a first turn."""
    game.prince[seat] = game.last_used[seat] = DIST[district]
    refresh(game)


def set_owned(game: mp.Game, seat: int, condor=0, puma=0, virgin=0) -> None:
    """Give a seat priest / virgin cards (the rows' taken counts are set separately)."""
    game.owned[seat] = [condor, puma, virgin]
    refresh(game)


def set_deck_size(game: mp.Game, size: int, dump_seat: int) -> None:
    """Leave `size` cards in the deck; the rest go to `dump_seat`'s hand (all 28 stay in play)."""
    extra = game.deck[size:]
    del game.deck[size:]
    game.hands[dump_seat] = sorted(game.hands[dump_seat] + extra)
    for c in extra:
        game.known[c] = 1 << dump_seat
    refresh(game)


def everyone_at(game: mp.Game, district: str = "plaza") -> None:
    """Every Prince stands on `district` (so that any later turn may stay there)."""
    for seat in range(game.n):
        put_prince(game, seat, district)


def pass_turn(game: mp.Game) -> None:
    """The player to move goes between the Plaza and the House of Priests and declines whatever
    it is offered there: a turn without a moon tile in which nothing changes hands."""
    seat = game.to_move
    game.apply("move priests" if game.prince[seat] == DIST["plaza"] else "move plaza")
    while game.prompt is not None and game.prompt[0] in ("market", "acquire") \
            and game.to_move == seat:
        game.apply("done" if game.prompt[0] == "market" else "acquire nothing")


def texts(actions: Iterable[Action]) -> list[str]:
    return [a.text for a in actions]


def legal(game: mp.Game) -> list[str]:
    return texts(game.legal_actions())


def play(game: mp.Game, *actions: str) -> mp.Game:
    for a in actions:
        game.apply(a)
    return game


def decline_all(game: mp.Game, until: Callable[[mp.Game], bool]) -> None:
    """Answer every decision with its first legal action until `until(game)` holds."""
    for _ in range(10_000):
        if game.is_over or until(game):
            return
        game.apply(game.legal_actions()[0])
    raise AssertionError("did not reach the wanted position")


# --- random policies ---------------------------------------------------------------------
Policy = Callable[[mp.Game, random.Random], Action]


def uniform(game: mp.Game, rng: random.Random) -> Action:
    """Uniform over the legal actions: stays are common, so days end fast (Spanish conquest)."""
    legal = game.legal_actions()
    return legal[rng.randrange(len(legal))]


def _can_pay(have: list[int], need) -> bool:
    return all(h >= n for h, n in zip(have, need))


def _affordable_hire(game: mp.Game, seat: int, district: int) -> bool:
    if not game.supply[seat]:
        return False
    have = game.goods[seat]
    for prof in range(5):
        if D.SETUP_DISTRICT[prof] == district:
            need = [0] * 5
            for g, k in D.SETUP_COST[prof]:
                need[g] += k
            if _can_pay(have, need):
                return True
    return False


def purposeful(game: mp.Game, rng: random.Random, *, stay: float, clock: float,
               card_cap: int) -> Action:
    """A seeded policy that prefers moves over stays and goes where something can be done:
    bonuses, affordable cards (up to `card_cap` cards taken in all), set-ups, the Sun Clock
    (weight `clock`). It keeps days long so that games reach the rescue endings."""
    legal = game.legal_actions()
    kind, seat = game.prompt[0], game.prompt[1]
    have = game.goods[seat]
    if kind == "turn":
        stays = [a for a in legal if a.kind == "stay"]
        if stays and rng.random() < stay:
            return rng.choice(stays)
        best, best_score = legal[0], float("-inf")
        for a in legal:
            if a.kind == "stay":
                continue
            d = a.arg
            s = rng.random() * 2 - (2.5 if a.kind == "travel" else 0)
            if d < 5 and game.bonus[d]:
                s += 2 + game.incas[seat][d] + game.bonus[d]
            elif d in (D.D_CONDOR, D.D_PUMA, D.D_SUN) and game.bonus[d]:
                row = D.ROW_TEMPLE.index(d)
                s += 2 + 3 * min(game.owned[seat][row], have[D.LLAMA]) + game.bonus[d]
            elif d == D.D_MAIN and game.bonus[d]:
                s += 3
            elif d in (D.D_PRIESTS, D.D_VIRGINS):
                if sum(game.rows_taken) < card_cap and any(
                        D.ROW_HOUSE[r] == d and game.next_card_cost(r) is not None
                        and _can_pay(have, game.next_card_cost(r)) for r in range(3)):
                    s += 8
            elif d in (D.D_HUT, D.D_PALACE):
                if _affordable_hire(game, seat, d):
                    s += 3 + clock
            elif d == D.D_PLAZA:
                s += 1 + 4 * (have[D.CORN] >= 10)
            elif d == D.D_SUNCLOCK and clock and sum(game.incas[seat]):
                s += 1.5 * clock
            if s > best_score:
                best, best_score = a, s
        return best
    if kind in ("produce", "sacrifice"):
        return legal[-1]
    if kind == "hire":
        return max(legal, key=lambda a: bin(a.arg).count("1"))
    if kind == "offer":
        return rng.choice([a for a in legal if a.arg in (0, 1)] or legal)
    if kind == "acquire":
        return legal[0] if sum(game.rows_taken) >= card_cap else legal[-1]
    if kind == "market":
        if sum(game.rows_taken) < card_cap:
            for row in rng.sample(range(3), 3):
                cost = game.next_card_cost(row)
                if cost is None:
                    continue
                for g in range(1, 5):
                    if have[g] < cost[g]:
                        buy = mp.parse_action("buy " + D.GOODS[g])
                        if buy in legal:
                            return buy
        if rng.random() < 0.7:
            return mp.parse_action("done")
        return rng.choice(legal)
    if kind == "sunclock":
        if clock:
            return legal[-1]
        return legal[0] if rng.random() < 0.8 else rng.choice(legal)
    return legal[rng.randrange(len(legal))]


def builder(game: mp.Game, rng: random.Random) -> Action:
    """Buys every card it can: games mostly end when the 15th Priest/Virgin is taken."""
    return purposeful(game, rng, stay=0.02, clock=4, card_cap=15)


def pilgrim(game: mp.Game, rng: random.Random) -> Action:
    """Stops buying cards at 12 and climbs the Incatrail: games mostly end on an empty deck."""
    return purposeful(game, rng, stay=0.02, clock=4, card_cap=12)


POLICIES: dict[str, Policy] = {"uniform": uniform, "builder": builder, "pilgrim": pilgrim}
MAX_DECISIONS = 20_000


def random_game(players: int, seed: int, policy: Policy = uniform, learning: bool = False,
                on_step: Optional[Callable[[mp.Game, Action], None]] = None) -> mp.Game:
    """Play a seeded game to its end; `on_step(game, action)` runs before every decision."""
    game = mp.new_game(players, seed, learning=learning)
    rng = random.Random(seed * 1_000_003 + players)
    for _ in range(MAX_DECISIONS):
        if game.is_over:
            return game
        action = policy(game, rng)
        if on_step is not None:
            on_step(game, action)
        game.apply(action)
    raise AssertionError(f"{players}-player game {seed} did not end within {MAX_DECISIONS} decisions")


def all_views(game: mp.Game) -> list[dict]:
    """The public view and every seat's view."""
    return [game.view(None)] + [game.view(s) for s in range(game.n)]
