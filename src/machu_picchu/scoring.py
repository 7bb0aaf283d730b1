"""Final scoring: victory points by source, gold, the conquest multiplier and the tie-break."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from . import data as D

if TYPE_CHECKING:
    from .game import Game


def icon_counts(cards: list[int]) -> list[int]:
    """How many of each of the 8 icons the cards show."""
    icons = [0] * len(D.ICONS)
    for c in cards:
        a, b = D.CARDS[c]
        icons[a] += 1
        icons[b] += 1
    return icons


def vp_by_source(cards: list[int], incas: list[int], owned: list[int], trail: int,
                 summit_vp: int = 0) -> dict[str, int]:
    """VP per icon (icons x Incas in that district, or x cards of that row), trail and summits."""
    icons = icon_counts(cards)
    out = {D.ICONS[g]: icons[g] * incas[g] for g in range(5)}
    for row in range(3):
        out[D.ICONS[5 + row]] = icons[5 + row] * owned[row]
    out["trail"] = D.trail_bonus(trail)
    out["summits"] = summit_vp
    return out


def gold_of(cards: list[int], trail: int) -> int:
    """Gold on the cards plus the trail bonus."""
    return sum(D.CARD_GOLD[c] for c in cards) + D.trail_bonus(trail)


def multipliers(golds: list[int]) -> list[int]:
    """Conquest multipliers by dense ranking: most gold x3, next-highest x2, the rest x1."""
    ranked = sorted(set(golds), reverse=True)
    factor = {g: m for g, m in zip(ranked, D.CONQUEST_MULTIPLIERS)}
    return [factor.get(g, 1) for g in golds]


def goods_units(goods: list[int]) -> int:
    """Remaining goods for the tie-break: corn / 3 rounded down plus every other good."""
    return goods[D.CORN] // D.CORN_PER_UNIT + sum(goods[1:])


def seat_score(game: "Game", s: int) -> dict[str, Any]:
    """Seat s's line of the score sheet as things stand: VP by source, VP, gold, tie-break."""
    by = vp_by_source(game.hands[s], game.incas[s], game.owned[s], game.trail[s],
                      game.summit_vp[s])
    return {"vp_by_source": by, "vp": sum(by.values()),
            "gold": gold_of(game.hands[s], game.trail[s]),
            "tiebreak": goods_units(game.goods[s])}


ENDINGS = ("priests", "cards", "conquest")   # the end reasons; only a conquest multiplies


def rank(seats: list[dict[str, Any]]) -> list[int]:
    """The winners of a score sheet's seats: highest final score, then the most goods left."""
    best = max(x["final"] for x in seats)
    top = [s for s, x in enumerate(seats) if x["final"] == best]
    best_tb = max(seats[s]["tiebreak"] for s in top)
    return [s for s in top if seats[s]["tiebreak"] == best_tb]


def score(game: "Game", conquest: Optional[bool] = None) -> dict[str, Any]:
    """The score sheet; multipliers apply on a Spanish conquest (by default: if the game so ended)."""
    if conquest is None:
        conquest = game.end_reason == "conquest"
    seats = [seat_score(game, s) for s in range(game.n)]
    mults = multipliers([x["gold"] for x in seats]) if conquest else [1] * game.n
    for x, m in zip(seats, mults):
        x["multiplier"] = m
        x["final"] = x["vp"] * m
    return {"reason": game.end_reason, "winners": rank(seats), "seats": seats}


def score_if_ended(game: "Game", reason: str) -> dict[str, Any]:
    """The score sheet if the game ended now by `reason` ("priests" or "cards": VP only;
    "conquest": VP times the gold multiplier), tie-break included. Trail rewards still owed this
    turn (Granary corn, Stable llamas) count in the tie-break, as they are paid before any end.
    On a finished game with its own reason this is `game.result()`."""
    if reason not in ENDINGS:
        raise ValueError(f"an ending is one of {', '.join(ENDINGS)}, not {reason!r}")
    sheet = score(game, conquest=reason == "conquest")
    for s, x in enumerate(sheet["seats"]):
        owed = [game.pending_corn[s], game.pending_llama[s], 0, 0, 0]
        if any(owed):
            x["tiebreak"] = goods_units([a + b for a, b in zip(game.goods[s], owed)])
    sheet["reason"] = reason
    sheet["winners"] = rank(sheet["seats"])
    return sheet


def winners_if_ended(game: "Game", reason: str) -> list[int]:
    """Who would win if the game ended now by `reason` (see `score_if_ended`)."""
    return score_if_ended(game, reason)["winners"]
