"""What every player inside the temple knows at a step, in numbers, for the bots' policies.

`read(g)` takes a game the bot may look at in full: a copy from `game.determinize(seat, rng)`
(deck order re-dealt, others' unrevealed choices re-drawn) or a play-out copy made from one. It
reads only what a careful player knows: the cards left in the deck (their make-up, never their
order: every card drawn was seen), the path and the gems on it, who is inside, the gems each
carries this round, and each seat's tent (every gem goes into a tent in plain sight) and
artifacts. It never reads a choice.
"""

from __future__ import annotations

from .. import data as D

_KIND, _GEMS, _HAZARD = D.CARD_KIND, D.CARD_GEMS, D.CARD_HAZARD
# Per card: its hazard's bit (0 for treasures and artifacts).
HAZARD_BIT = tuple((1 << _HAZARD[c]) if _KIND[c] == D.HAZARD else 0 for c in range(D.CARDS))
IS_ARTIFACT = tuple(_KIND[c] == D.ARTIFACT for c in range(D.CARDS))
ART_VALUES = D.ARTIFACT_VALUES


def artifacts_worth(out: int, count: int) -> int:
    """What `count` artifacts carried out together are worth when `out` have left before."""
    return sum(ART_VALUES[i] for i in range(out, min(out + count, D.ARTIFACTS)))


class Table:
    """The step's public numbers (see the module docstring)."""

    __slots__ = ("n", "round", "deck_size", "danger", "p_bust", "treasures", "art_in_deck",
                 "path_gems", "path_cards", "kinds", "art_here", "art_value", "next_art",
                 "inside", "carry", "banked", "in_temple", "_gain")

    def gain(self, m: int) -> tuple[float, float]:
        """(the expected share of the next card for each of `m` players going on, the expected
        gems it leaves on the path), over every card left (hazards and artifacts give 0)."""
        cached = self._gain.get(m)
        if cached is None:
            share = rest = 0
            for gems in self.treasures:
                q, r = divmod(gems, m)
                share += q
                rest += r
            d = self.deck_size
            cached = self._gain[m] = (share / d, rest / d)
        return cached


def read(g) -> Table:
    """The Table of game copy `g` at its current step."""
    t = Table()
    t.n = g.n
    t.round = g.round
    deck = g.deck
    seen = g.hazards_seen
    danger = arts = 0
    treasures = []
    for c in deck:
        if HAZARD_BIT[c] & seen:
            danger += 1
        elif IS_ARTIFACT[c]:
            arts += 1
        elif _GEMS[c]:
            treasures.append(_GEMS[c])
    t.deck_size = d = len(deck) or 1
    t.danger = danger
    t.p_bust = danger / d
    t.treasures = treasures
    t.art_in_deck = arts
    t.path_gems = sum(g.left)
    t.path_cards = len(g.path)
    t.kinds = bin(seen).count("1")
    t.art_here = len(g.artifacts_here)
    t.art_value = artifacts_worth(g.artifacts_out, t.art_here)
    t.next_art = ART_VALUES[g.artifacts_out + t.art_here] if g.artifacts_out + t.art_here < D.ARTIFACTS else 0
    t.inside = g.inside
    t.carry = g.round_gems
    t.in_temple = g.in_temple
    t.banked = [g.tent[s] + sum(g.artifacts[s]) for s in range(g.n)]
    t._gain = {}
    return t
