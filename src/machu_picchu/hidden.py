"""A seat's re-dealt copy of the game (`Game.determinize`): everything hidden from the seat dealt
anew, so that a bot searches worlds it cannot tell from the real one."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tabletop.errors import quote

if TYPE_CHECKING:
    from .game import Game


def determinize(game: "Game", seat: int, rng: random.Random) -> "Game":
    """A copy in which everything hidden from `seat` is re-dealt at random, consistently with
    what `seat` has seen: its own cards and the deck positions of the cards it put back stay;
    the other players' cards and the unknown deck positions are dealt anew.

    Fair by construction: the copy carries nothing `seat` could not know. The re-deal depends
    only on what `seat` sees and on `rng` (the hidden cards are sorted before they are
    shuffled); the game's seed (which would reproduce the real shuffle) is replaced by a fresh
    one drawn from `rng`; the log keeps only the public lines and `seat`'s own (the other
    seats' "You draw ..." lines are gone); the action history is dropped (the copy cannot be
    saved: the other seats' past choices no longer match their cards). So two games that
    differ only in what `seat` cannot see give the very same copy, and `view(seat)` is
    unchanged, log included.
    """
    game._check_seat(seat)
    if not isinstance(rng, random.Random):
        raise ValueError(f"determinize needs a random.Random, not {quote(rng)}")
    log, history, deciders, starts = game._log, game.history, game.deciders, game.starts
    game._log = game.history = game.deciders = game.starts = None
    try:
        g = game.clone()
    finally:
        game._log, game.history, game.deciders, game.starts = log, history, deciders, starts
    if log is not None:
        g._log = [entry for entry in log if entry[0] is None or entry[0] == seat]
    g.seed = rng.randrange(2**31)
    if game.over:  # every hand is revealed at the end: nothing is hidden any more
        return g
    bit = 1 << seat
    slots: list[tuple[list[int], int]] = []
    for q in range(game.n):
        if q != seat:
            slots += [(g.hands[q], i) for i in range(len(g.hands[q]))]
    slots += [(g.deck, i) for i, c in enumerate(g.deck) if not g.known[c] & bit]
    cards = [where[i] for where, i in slots]
    dealt = sorted(cards)
    rng.shuffle(dealt)
    mapping = dict(zip(cards, dealt))
    for (where, i), card in zip(slots, dealt):
        where[i] = card
    for q in range(game.n):
        if q != seat:
            g.hands[q].sort()
            for c in g.hands[q]:
                g.known[c] = 1 << q
    for c in g.deck:
        if not g.known[c] & bit:
            g.known[c] = 0
    g.drawn = [mapping.get(c, c) for c in g.drawn]
    g._legal = None
    if not g.over:
        g._legal = g._compute_legal(g.stack[-1])
    return g
