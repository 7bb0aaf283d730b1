"""Outside strategists for the tournament's gauntlet: rules written from a published idea alone,
beside the fixed threshold rules players publish (bots.STYLES: cards5, hazards2, gems10).

They share no code with the bots' own evaluation (bots/policy.py, bots/table.py): what they know
they read from `game.view(seat)` (the path, the deck's counts, who is inside, the gems in hand)
and the component list (data.TREASURE_GEMS), so a flaw in the bots' arithmetic cannot hide in
their yardstick.

**ev** (the one-step expected-value rule): go on while the expected gain of the next card is
larger than the expected loss of what one holds; else go back to camp.

- Loss: the odds that the next card is the second of a hazard kind already on the path (hazards
  of those kinds left in the deck over the cards left), times what one holds: the gems in hand,
  and when alone in the temple also every gem on the path and the artifacts lying there (a lone
  leaver takes them all; a bust loses them).
- Gain: each treasure left in the deck, split among those inside (rounded down), averaged over
  the cards left; alone, the whole treasure, and an artifact drawn is the lone explorer's too
  (worth what the next artifact out is worth).
- With others inside nobody knows who else leaves, so the path and the artifacts count for
  nothing either way: the rule weighs only one's own gems against one's share of the next card.

Several copies at one table decide as one: with the same gems in hand they see the same numbers,
so they go home together (splitting the path) and leave the rest of the round to whoever stays.
Against four of them medium won 91.6% of 1000 five-player games and hard 92% of 100
(`python -m incan_gold tournament`).
"""

from __future__ import annotations

from tabletop.bots import Bot, Decision

from . import data as D
from .actions import CAMP, TORCH
from .bots.reasons import reason

STRATEGISTS = {
    "ev": "one-step expected value: on while the next card's expected gain beats the expected "
          "loss of what one holds (alone: the path's gems and artifacts too)",
}


def next_card(view: dict, seat: int) -> tuple[float, float, float]:
    """(odds that the next card busts, expected gain of the next card for `seat`, what `seat`
    stands to lose), from `seat`'s view alone."""
    deck = view["deck"]
    size = view["deck_size"] or 1
    path = view["path"]
    seen = {c["hazard"] for c in path if c["kind"] == "hazard"}
    bust = sum(deck[h] for h in seen) / size
    inside = sum(1 for p in view["players"] if p["in_temple"]) or 1
    # The treasures left: every treasure but those on this round's path (the path goes back into
    # the deck at each round's end, and treasures never leave the game).
    left = list(D.TREASURE_GEMS)
    for c in path:
        if c["kind"] == "treasure":
            left.remove(c["gems"])
    gain = sum(g // inside for g in left) / size
    hand = view["players"][seat]["round_gems"]
    at_risk = float(hand)
    if inside == 1:
        lying = [c for c in path if c["kind"] == "artifact" and c.get("artifact")]
        out = view["artifacts_out"]
        values = D.ARTIFACT_VALUES
        at_risk += sum(c["left"] for c in path)
        at_risk += sum(values[i] for i in range(out, min(out + len(lying), D.ARTIFACTS)))
        after = out + len(lying)
        if after < D.ARTIFACTS:
            gain += deck["artifact"] / size * values[after]
    return bust, gain, at_risk


class ExpectedValueBot(Bot):
    """The one-step expected-value rule (see the module docstring)."""

    level = "ev"

    def _think(self, game, seat, rng, thinker):
        bust, gain, at_risk = next_card(game.view(seat), seat)
        loss = bust * at_risk
        action = TORCH if gain > loss else CAMP
        return Decision(action, reason("ig.reason_rule_ev", choice=action.text,
                                       odds=int(round(100 * bust)), gain=round(gain, 1),
                                       loss=round(loss, 1)))
        yield
