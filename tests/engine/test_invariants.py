"""Invariants after every action of many seeded random games, 2-5 players, three policies.

The goods ledger: every change of a player's goods in one `apply` must be explained by the
rules, computed here from the state before the action and the action itself: what the decision
costs or pays, travel, the bonus taken on entering, farmers, moon tiles, the time track's corn.
What is left over must be Incatrail rewards (3 corn per Granary, 1 llama per Stable). Those are
checked cumulatively: at the start of every turn and at the end, each player must have been paid
exactly 3 corn per Granary and 1 llama per Stable its scout reached, counted from its laps
(summits: cards drawn or summit VP) and its position. Market columns and bonus spaces are
followed the same way; the bank never runs out, so nothing else holds goods.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest

import machu_picchu as mp
from machu_picchu import data as D

from .support import POLICIES

ALL_TILES = (1 << len(D.MOON_TILES)) - 1
PRICES = D.MARKET_PRICES


def snapshot(g: mp.Game) -> SimpleNamespace:
    """The parts of the state the ledger compares before and after an action (copies)."""
    return SimpleNamespace(
        day=g.day, bonus=g.bonus[:], market=g.market[:], rows_taken=g.rows_taken[:],
        goods=[x[:] for x in g.goods], incas=[x[:] for x in g.incas], supply=g.supply[:],
        trail=g.trail[:], held_tiles=g.held_tiles[:], board_tiles=g.board_tiles,
        prince=g.prince[:], last_used=g.last_used[:], summit_vp=g.summit_vp[:],
        hand_sizes=[len(h) for h in g.hands], time_corn=g.time_corn, current=g.current,
        prompt=g.prompt, tiles_today=g.tiles_today,
    )


def bits(mask: int) -> int:
    return bin(mask).count("1")


def buy_price(units: int) -> int:
    return PRICES[units - 1] if units else D.BANK_BUY_PRICE


def sell_price(units: int) -> int:
    return PRICES[units] if units < len(PRICES) else D.BANK_SELL_PRICE


class Ledger:
    """Follows one game action by action and checks every invariant."""

    def __init__(self, game: mp.Game):
        self.n = n = game.n
        self.incas = D.INCAS_PER_PLAYER[n]
        self.paid_corn = [0] * n     # Incatrail rewards received so far
        self.paid_llama = [0] * n
        self.laps = [0] * n          # summits reached so far
        self.check_state(game)

    # -- invariants of a single state ----------------------------------------------------
    def check_state(self, game: mp.Game) -> None:
        n = self.n
        for s in range(n):
            assert min(game.goods[s]) >= 0, ("negative goods", s, game.goods[s])
            assert min(game.incas[s]) >= 0 and game.supply[s] >= 0 and game.sunclock[s] >= 0
            assert game.supply[s] + sum(game.incas[s]) + game.sunclock[s] == self.incas
            assert 0 <= game.trail[s] < D.TRAIL_SUMMIT
            assert game.pending_corn[s] >= 0 and game.pending_llama[s] >= 0
            assert game.prince[s] == game.last_used[s]
        cards = sorted(game.deck + [c for h in game.hands for c in h])
        assert cards == list(range(D.DECK_SIZE)), "28 sacrifice cards: hands + deck"
        for row in range(3):
            taken = game.rows_taken[row]
            assert sum(game.owned[s][row] for s in range(n)) == taken <= D.ROW_SIZES[row]
        assert game.start_day <= game.day <= D.LAST_DAY
        assert all(0 <= game.market[g] <= 4 for g in D.MARKET_GOODS)
        assert all(0 <= b <= D.MAX_BONUS for b in game.bonus)
        held = 0
        for s in range(n):
            assert not held & game.held_tiles[s]
            held |= game.held_tiles[s]
        assert not held & game.board_tiles and (held | game.board_tiles) == ALL_TILES
        assert bits(game.board_tiles) + sum(bits(t) for t in game.held_tiles) == 7
        if game.is_over:
            assert game.end_reason in ("priests", "cards", "conquest")
            if game.end_reason == "priests":
                assert sum(game.rows_taken) == D.TOTAL_PRIEST_CARDS
            elif game.end_reason == "cards":
                assert not game.deck, "rescued by cards with cards left in the deck"
            else:
                assert game.day == D.LAST_DAY and sum(game.rows_taken) < D.TOTAL_PRIEST_CARDS
        if game.is_over or game.prompt[0] == "turn":
            self.check_rewards(game)
        if not game.is_over and game.prompt[0] == "turn":
            assert game.prompt[1] == game.current

    def check_rewards(self, game: mp.Game) -> None:
        """Between turns: every reward is paid, exactly 3 corn per Granary, 1 llama per Stable."""
        for s in range(self.n):
            assert game.pending_corn[s] == game.pending_llama[s] == 0
            granaries = self.laps[s] + (game.trail[s] >= D.GRANARY)
            stables = self.laps[s] + (game.trail[s] >= D.STABLE)
            assert self.paid_corn[s] == D.GRANARY_CORN * granaries, ("granary", s)
            assert self.paid_llama[s] == stables, ("stable", s)

    # -- what one action changed ---------------------------------------------------------
    def step(self, game: mp.Game, action: mp.Action) -> None:
        pre = snapshot(game)
        game.apply(action)
        self.check_change(pre, action, game)
        self.check_state(game)

    def check_change(self, pre, action, game) -> None:
        n = self.n
        kind, arg = action.kind, action.arg
        task = pre.prompt
        seat = task[1]
        assert game.day in (pre.day, pre.day + 1)
        night = game.day == pre.day + 1
        explained = [[0] * 5 for _ in range(n)]
        mine = explained[seat]
        market = pre.market[:]
        bonus = pre.bonus[:]

        if kind in ("move", "travel"):
            d = arg
            if pre.prince[seat] >= 0:            # never the same district twice in a row
                assert d != pre.last_used[seat] and d != pre.prince[seat]
                assert (d in D.ADJACENT[pre.prince[seat]]) == (kind == "move")
            else:
                assert kind == "move"
            if kind == "travel":
                mine[D.LLAMA] -= 1
            if d < len(bonus):
                units = pre.bonus[d]
                bonus[d] = 0
                if d < 5 and units:
                    mine[d] += units * (D.FARMER_CORN if d == D.D_CORN else 1)
                    if d == D.D_CORN:
                        for s in range(n):
                            explained[s][D.CORN] += D.FARMER_CORN * pre.incas[s][D.D_CORN]
        else:
            assert game.prince[seat] == pre.prince[seat]
        if kind == "stay":                       # a tile from the board, to this player
            assert pre.board_tiles >> arg & 1    # (or back on the board if the night began)
            assert (game.held_tiles[seat] >> arg & 1) != (game.board_tiles >> arg & 1)
            if pre.day == D.LAST_DAY and arg == D.MOON_INDEX["corn"]:
                mine[D.CORN] += 3
        elif kind == "produce":
            mine[D.CORN] -= arg
            mine[task[2]] += arg
        elif kind == "sacrifice":
            mine[D.LLAMA] -= arg
        elif kind == "offer":
            for g in range(5):
                if arg >> g & 1:
                    mine[g] -= 3 if g == D.CORN else 1
        elif kind == "hire":
            for prof in range(5):
                if arg >> prof & 1:
                    assert D.SETUP_DISTRICT[prof] == task[2]
                    for g, k in D.SETUP_COST[prof]:
                        mine[g] -= k
            for prof in range(5):
                assert game.incas[seat][prof] == pre.incas[seat][prof] + (arg >> prof & 1)
        elif kind == "acquire" and arg >= 0:
            cost = D.ROW_CARD_COSTS[arg][pre.rows_taken[arg]]
            for g in range(5):
                mine[g] -= cost[g]
            assert game.rows_taken[arg] == pre.rows_taken[arg] + 1
        elif kind == "adjust":
            good, delta = arg
            market[good] += delta
        elif kind == "buy":
            mine[D.CORN] -= buy_price(pre.market[arg])
            mine[arg] += 1
            market[arg] = max(market[arg] - 1, 0)
        elif kind == "sell":
            mine[D.CORN] += sell_price(pre.market[arg])
            mine[arg] -= 1
            market[arg] = min(market[arg] + 1, 4)
        elif kind == "take":
            for g in range(5):
                if arg >> g & 1:
                    mine[g] += 3 if g == D.CORN else 1
        elif kind == "claim":
            for g in range(5):
                if arg >> g & 1:
                    mine[D.CORN] -= 1
                    mine[g] += 1
        if kind != "acquire" or arg < 0:
            assert game.rows_taken == pre.rows_taken

        # moon tiles returned at night: the 3-corn tile pays 3 corn
        corn_bit = 1 << D.MOON_INDEX["corn"]
        for s in range(n):
            had = pre.held_tiles[s]
            if kind == "stay" and s == seat:
                had |= 1 << arg
            if had & corn_bit and not game.held_tiles[s] & corn_bit:
                explained[s][D.CORN] += 3
        # the time track's corn goes to the player whose turn ended the day
        assert game.time_corn & ~pre.time_corn == 0
        explained[pre.current][D.CORN] += bits(pre.time_corn & ~game.time_corn)

        # what is left must be Incatrail rewards
        for s in range(n):
            rest = [game.goods[s][g] - pre.goods[s][g] - explained[s][g] for g in range(5)]
            assert rest[2:] == [0, 0, 0], (s, action.text, rest)
            assert rest[D.CORN] >= 0 and rest[D.CORN] % D.GRANARY_CORN == 0, (s, action.text, rest)
            assert rest[D.LLAMA] >= 0, (s, action.text, rest)
            self.paid_corn[s] += rest[D.CORN]
            self.paid_llama[s] += rest[D.LLAMA]

        # market columns and bonus spaces
        assert game.market == market, (action.text, pre.market, game.market)
        if night:
            bonus = [min(b + 1, D.MAX_BONUS) for b in bonus]
        assert game.bonus == bonus, (action.text, pre.bonus, game.bonus)

        # summits: at most one draw per seat per action (a draw of 2-3 cards waits for a
        # decision); after the deck ran out, 3 VP each
        for s in range(n):
            returned = len(arg) if kind == "return" and s == seat else 0
            drawn = len(game.hands[s]) - pre.hand_sizes[s] + returned
            assert 0 <= drawn <= D.SUMMIT_DRAW
            vp = game.summit_vp[s] - pre.summit_vp[s]
            assert vp >= 0 and vp % D.SUMMIT_VP_WHEN_DECK_EMPTY == 0
            if vp:
                assert not game.deck
            self.laps[s] += (drawn > 0) + vp // D.SUMMIT_VP_WHEN_DECK_EMPTY


def replay_checked(key, history) -> mp.Game:
    policy, players, seed, learning = key
    game = mp.new_game(players, seed, learning=learning)
    ledger = Ledger(game)
    for text in history:
        ledger.step(game, mp.parse_action(text))
    return game


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_invariants_after_every_action(sample_games, policy, players):
    """Goods conserved, nothing negative, 28 cards and 15 priests accounted for, Incas per
    player constant, no district twice in a row, day <= 9, rewards exact, every game ends."""
    keys = [k for k in sample_games if k[0] == policy and k[1] == players]
    assert len(keys) >= 2
    for key in keys:
        game = replay_checked(key, sample_games[key].history)
        assert game.is_over and game.end_reason == sample_games[key].reason


def test_invariants_in_the_learning_variant(sample_games):
    """The same checks hold in learning-variant games."""
    keys = [k for k in sample_games if k[3]]
    assert keys
    for key in keys:
        assert replay_checked(key, sample_games[key].history).is_over


def test_all_three_endings_occur(sample_games):
    """Across the seeds, games end by priests, by cards and by conquest; uniform play always
    ends by conquest, the other policies reach the rescues."""
    reasons = Counter(g.reason for g in sample_games.values())
    assert set(reasons) == {"priests", "cards", "conquest"}
    assert {g.reason for k, g in sample_games.items() if k[0] == "uniform"} == {"conquest"}
    assert reasons["priests"] >= 3 and reasons["cards"] >= 3


def test_games_are_long_enough_to_mean_something(sample_games):
    """Every sample game reaches later days and plenty of decisions."""
    for key, g in sample_games.items():
        assert len(g.history) >= 60, key
