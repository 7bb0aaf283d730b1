"""The hard bot: play-outs over re-dealt decks, torch against camp.

Each iteration re-deals what the seat cannot see (`determinize`: the order of the cards left, and
the choices the others have made in this step, which it then replaces by what the medium policy
would have chosen in their place), then plays the round to its end from the same re-deal and the
same random drives: once after camp, and after torch once for each of OWN_DRIVES, the seat's own
later choices following the medium rule with that fixed drive, every other seat the medium
policy with its drawn drive (one number per seat and step, so that the others meet the same
drives in every play-out of the re-deal, whatever the seat does). All answers meet the same deck
and the same others, so their differences are measured with far less noise than separate
samples. Each play-out is scored by the chance to win from there (playout.reward: the standings
against the rounds left; the win itself in the last round); torch is worth the best of its
drives' means, and the choice with the higher value is played.

Why the best drive: valued by medium's own later play with a drive drawn at random, bold and
careful alike, going on looked worse than it is whenever one more card and then home is right (in
the last round of seed 530, tests/incan_gold/test_hard_bot.py, camp won 77% and torch followed by
careful play 84%, yet the search camped). Against four mediums at 0.4 s of CPU per decision it won
42.5% [35.9, 49.4] of 200 games before and 56.7% [50.1, 63.0] of 225 after (seats rotating;
`tournament --seats hard,medium,medium,medium,medium --time-budget 0.4 --clock cpu --processes 1`,
seeds 1, 26, 51, 101, 126, 201, 226, 301, 326, 25 games each). Played over two rounds instead of
one (HORIZON = 2), play-outs cost more and won less (at 100 iterations against four mediums: 38%
against 51%, 100 games each; the intervals overlap).

Alone in the temple before the last round, it plays the one-step rule (policy.MediumStep.alone)
without searching: nobody else's choice matters, and the rule weighs the next card exactly. In
the last round the search, scored by the win itself, decides alone too.

Thinking stops at the time budget or the iteration cap, whichever comes first (the cap alone
gives exactly repeatable decisions); it yields after each iteration so that a `Thinker` can
slice it.
"""

from __future__ import annotations

import random

from tabletop.bots import Bot, Decision

from .. import data as D
from ..actions import CAMP, TORCH
from .playout import play_out, reward
from .policy import MediumStep, medium
from .reasons import explain, percent, reason
from .table import read

DEFAULT_BUDGET = 1.0        # seconds of thinking per decision
DEFAULT_ITERATIONS = 3000   # a cap (each iteration is 1 + len(OWN_DRIVES) play-outs)
# The seat's own later choices in a play-out after torch: medium's rule with each of these drives
# (as `u`: 0 the most careful, 1 the boldest), the best of them counting as torch's value.
OWN_DRIVES = (0.0, 0.25, 0.5, 0.75, 1.0)
HORIZON = 1                 # rounds played out (this one included) before the standings are scored


class HardBot(Bot):
    level = "hard"

    def _think(self, game, seat, rng, thinker):
        budget = self.time_budget
        cap = self.iterations
        if cap is None:
            cap = DEFAULT_ITERATIONS
            if budget is None:
                budget = DEFAULT_BUDGET
        base = game.determinize(seat, rng).fast_clone()
        t = read(base)
        if t.inside == 1 and t.round < D.ROUNDS:
            # Alone before the last round: the round's outcome hangs on this seat's luck alone,
            # and the one-step rule weighs it exactly (a search scored by the standings'
            # estimate left 34 gems with a 7% risk for a 3-gem gain against 2.5 lost).
            leave, why = MediumStep(t).alone(seat)
            return Decision(CAMP if leave else TORCH, explain("medium", leave, why))
        last_round = min(D.ROUNDS, base.round + HORIZON - 1)
        camp = 0.0
        torch = [0.0] * len(OWN_DRIVES)     # torch, then each drive of the seat's own later play
        n = 0
        while n < cap and (budget is None or n == 0 or thinker.elapsed() < budget):
            d = base.determinize(seat, rng)
            earlier = [o for o in d.order[:d.pos] if o != seat]
            if earlier:
                t = read(d)
                for o in earlier:
                    d.assume_choice(o, CAMP if medium(t, o, rng.random())[0] else TORCH)
            drives = rng.getrandbits(32)
            g = d.clone()
            g.apply_unchecked(CAMP)
            play_out(g, random.Random(drives).random, last_round)
            camp += reward(g, seat, last_round)
            for i, own in enumerate(OWN_DRIVES):
                g = d.clone()
                g.apply_unchecked(TORCH)
                play_out(g, random.Random(drives).random, last_round, seat, own)
                torch[i] += reward(g, seat, last_round)
            n += 1
            yield
        wins = [max(torch), camp]
        leave = wins[1] > wins[0]
        action = CAMP if leave else TORCH
        return Decision(action, reason("ig.reason_hard", choice=action.text, n=n,
                                       torch=percent(wins[0] / n), camp=percent(wins[1] / n)))
