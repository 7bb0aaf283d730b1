"""The bots' rules of thumb, as pure functions of a step's `Table` (see table.py).

Each returns (leave, reason): `leave` True for camp; `reason` a small tuple (kind, numbers) that
the bot turns into an event only for the decision it plays (play-outs skip that). The random
numbers they take (`u`, in [0, 1)) are the bot's mixing: thresholds drawn anew at each decision,
so that no bot always leaves at the same point.
"""

from __future__ import annotations

from .. import data as D
from .table import Table

# -- easy: a threshold of gems in hand, mixed ------------------------------------------------
EASY_LIMIT = (6, 15)        # the gems-in-hand mark is drawn in this range at each decision
EASY_CROWD = 5              # with this many inside or more, gems come slowly: the mark drops 2


def easy(t: Table, seat: int, u: float, v: float) -> tuple[bool, tuple]:
    """Leave once the gems in hand (and a share of the path) reach a mark drawn at random, when
    three kinds of hazard lie on the path (two, now and then), or, now and then, to grab an
    artifact while others stay."""
    carry = t.carry[seat]
    limit = EASY_LIMIT[0] + int(u * (EASY_LIMIT[1] - EASY_LIMIT[0]))
    if t.inside >= EASY_CROWD:
        limit -= 2
    hand = carry + t.path_gems // t.inside
    if hand >= limit:
        return True, ("enough", hand, limit)
    if carry and (t.kinds >= 3 or (t.kinds == 2 and v < 0.3)):
        return True, ("hazards", t.kinds)
    if t.art_here and t.inside > 1 and v > 0.75:
        return True, ("artifact", t.art_value)
    return False, ("more", hand, limit)


# -- medium: bust odds against what there is to gain ----------------------------------------
class MediumStep:
    """The medium policy at one step: what all seats inside share is worked out once (the bust
    odds, the gains, a guess of who leaves, the standings), then `decide(seat, u)` is a few sums.

    It compares what leaving now banks (gems in hand, a share of the path, the artifacts if
    alone) with going on for one, two or three more cards and then leaving: the bust odds from
    the cards left against the gems in hand and the path, the expected share of each treasure
    among those who go on, and the artifacts (lying or to come) that a later lone leaver takes.
    Who else leaves now is guessed from the gems each carries. A drive drawn at random (`u`),
    raised when behind in the standings (the more so late in the game), weighs what the cards
    bring. In the last round it never banks a sure loss, and banks a sure win."""

    __slots__ = ("t", "q", "expected", "none", "one_sum", "top", "top_out", "rounds_after")

    # The premium on what the card after next may bring (0 is the one-step look-ahead, which
    # alone would be right for a player on their own), drawn in this range at each decision.
    DRIVE = (-0.5, 1.5)
    # How much the others are assumed to weigh a card's gain over its risk.
    OTHERS_PATIENCE = 1.5
    # A deficit of a + b * (rounds after this one) points adds 1 to the drive (a lead takes off).
    STANDING_SCALE = (15.0, 25.0)
    STANDING_LIMITS = (-0.3, 0.6)
    # Going on is weighed as going on for 1, 2, ... LOOK more cards and then leaving.
    LOOK = 3

    def __init__(self, t: Table) -> None:
        self.t = t
        p = t.p_bust
        share, _ = t.gain(t.inside)
        # A guess of each seat's odds of leaving now, from its gems in hand and the path.
        gain = (1.0 - p) * share * self.OTHERS_PATIENCE + 0.5
        lure = t.path_gems * 0.3 / t.inside + (0.3 * t.art_value if t.art_here else 0.0)
        carry, in_temple, banked = t.carry, t.in_temple, t.banked
        q = [0.0] * t.n
        expected, none, one_sum = 0.0, 1.0, 0.0
        totals, outs = [], []
        for s in range(t.n):
            total = banked[s] + carry[s]
            totals.append((total, s))
            if in_temple[s]:
                pull = p * carry[s] + lure
                q[s] = x = min(0.98, pull / (pull + gain))
                expected += x
                none *= 1.0 - x
                one_sum += x / (1.0 - x)
            else:
                outs.append((total, s))
        self.q, self.expected, self.none, self.one_sum = q, expected, none, one_sum
        totals.sort(reverse=True)
        outs.sort(reverse=True)
        self.top = totals[:2]
        self.top_out = outs[:2]
        self.rounds_after = D.ROUNDS - t.round

    def decide(self, seat: int, u: float) -> tuple[bool, tuple]:
        t = self.t
        p = t.p_bust
        carry = t.carry[seat]
        m = t.inside
        path = t.path_gems
        # The others: this seat's own guess taken out.
        x = self.q[seat]
        expected = self.expected - x
        none = self.none / (1.0 - x)
        one = min(1.0, none * (self.one_sum - x / (1.0 - x)))
        mine = t.banked[seat] + carry
        best_other = next((v for v, s in self.top if s != seat), 0)
        keep = path / (1.0 + expected) + none * t.art_value
        if self.rounds_after == 0:
            best_out = next((v for v, s in self.top_out if s != seat), -1)
            final = t.banked[seat] + carry + keep
            if final < best_out:
                return False, ("behind", int(best_out - final + 0.999))
            if m == 1 and final > best_out:
                return True, ("win", carry + path)
        if m == 1:
            return self.alone(seat)
        lo, hi = self.DRIVE
        drive = lo + u * (hi - lo)
        a, b = self.STANDING_SCALE
        shift = (best_other - mine) / (a + b * self.rounds_after)
        lo, hi = self.STANDING_LIMITS
        drive += lo if shift < lo else hi if shift > hi else shift
        share, rest = t.gain(max(1, int(m - expected + 0.5)))
        # Going on for `h` more cards, then leaving: what each card brings (a share, the
        # remainder left on the path for the leavers, an artifact that a lone leaver may take
        # later), weighed up by the drive; the path as it is now stays to be split later unless
        # others leave now; all of it lost with a bust, like the gems in hand.
        new = share + rest / (1.0 + expected) + none * t.next_art * t.art_in_deck / t.deck_size
        kept = none * path / (1.0 + expected) + t.art_value * (1.0 - one) * none
        gain = (1.0 + drive) * new
        now = carry + keep
        safe = 1.0 - p
        survive = 1.0
        for h in range(1, self.LOOK + 1):
            survive *= safe
            if survive * (carry + h * gain + kept) >= now:
                return False, ("stay", p, carry, path, m)
        if t.art_here and none * t.art_value >= path / (1.0 + expected):
            return True, ("artifact", p, t.art_value)
        return True, ("leave", p, carry, path, m)


    def alone(self, seat: int) -> tuple[bool, tuple]:
        """Alone in the temple nobody else's choice matters and all the next card brings is this
        seat's (the whole treasure; an artifact, to carry out later), as is all that a bust
        would take (the gems in hand, the path's gems, the artifacts lying there): go on while
        the next card's expected gain beats its expected loss (the one-step rule; the drive,
        there to keep a table of mediums from leaving all at once, has no one to work on here)."""
        t = self.t
        held = t.carry[seat] + t.path_gems + t.art_value
        gain = t.gain(1)[0] + t.next_art * t.art_in_deck / t.deck_size
        loss = t.p_bust * held
        return gain <= loss, ("alone", t.p_bust, held, gain, loss)


def medium(t: Table, seat: int, u: float) -> tuple[bool, tuple]:
    """The medium policy for one seat (see MediumStep)."""
    return MediumStep(t).decide(seat, u)


# -- the fixed rules players publish (no mixing: that is the point of them) -----------------
def after_cards(t: Table, seat: int, limit: int = 5) -> tuple[bool, tuple]:
    """Leave once `limit` cards lie on the path."""
    return t.path_cards >= limit, ("cards", t.path_cards, limit)


def after_hazard_kinds(t: Table, seat: int, limit: int = 2) -> tuple[bool, tuple]:
    """Leave once `limit` different kinds of hazard lie on the path."""
    return t.kinds >= limit, ("hazards", t.kinds, limit)


def with_gems(t: Table, seat: int, limit: int = 10) -> tuple[bool, tuple]:
    """Leave once `limit` gems are in hand."""
    return t.carry[seat] >= limit, ("gems", t.carry[seat], limit)
