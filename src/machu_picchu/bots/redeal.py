"""The hard bot's re-deal: the rivals' hidden hands dealt as players keep cards, not at random.

`game.determinize` deals every card a seat cannot see uniformly at random. But a rival's hand is
not a random one: at each summit it drew 3 cards and put 2 back under the deck, keeping the cards
worth most to it (gold, and the icons of its Incas and Priests/Virgins). On uniform re-deals the
rivals of days 6-9 held about 2.7 VP and 1.3 gold less each than they really did (games of 4
medium bots, seeds 21-25; tests/bots/test_redeal.py), so the search believed its seat ahead in
the cards' end scoring and in the gold that ranks the conquest's multipliers; on these re-deals
0.9 VP and 0.8 gold less.

`keeping_redeal` starts from the uniform re-deal and replays each rival's choices in short: its
hand (h cards, dealt at random) and 2 more cards for each of its h - 1 summits, taken from the
unseen deck, of which it keeps the h worth most to it now (`keep_values`: its Incas' and
Priests'/Virgins' icons and the card's gold, with noise) and puts the rest back under the deck.
What the seat sees is unchanged (the same public state, its own cards and the deck positions it
knows): only the hidden cards move, so the copy is as fair as `determinize`'s.
"""

from __future__ import annotations

from .. import data as D

ICON = 2.0      # points per icon of a rival's Incas/Priests/Virgins on a card it keeps
GOLD = 1.0      # points per gold on a card it keeps
NOISE = 2.0     # width of the uniform noise on a kept card's value (players differ)
EXTRA = 2       # cards a rival chose among beyond its hand, per card it holds past its first
_CARDS = D.CARDS
_GOLD = D.CARD_GOLD


def keep_values(g, q: int, cards: list, rng, icon: float = ICON, gold: float = GOLD,
                noise: float = NOISE) -> list:
    """The value to rival q of keeping each card (its icons on what it owns, its gold, noise)."""
    incas, owned = g.incas[q], g.owned[q]
    assets = (incas[0], incas[1], incas[2], incas[3], incas[4], owned[0], owned[1], owned[2])
    rand = rng.random
    out = []
    for c in cards:
        a, b = _CARDS[c]
        out.append(icon * (assets[a] + assets[b]) + gold * _GOLD[c] + noise * rand())
    return out


def keeping_redeal(base, seat: int, rng, icon: float = ICON, gold: float = GOLD,
                   noise: float = NOISE):
    """`base.determinize(seat, rng)` with the rivals' hands kept as players keep cards (see the
    module doc)."""
    g = base.determinize(seat, rng)
    if g.over:
        return g
    deck, known, hands = g.deck, g.known, g.hands
    if g.drawn and any(c not in hands[seat] for c in g.drawn):
        return g                   # a rival's draw being put back: as the uniform re-deal made it
    bit = 1 << seat
    unseen = [i for i, c in enumerate(deck) if not known[c] & bit]
    free = [deck[i] for i in unseen]           # in the uniform re-deal's random order
    back = []                                  # cards the rivals put back: under the deck
    n = g.n
    for k in range(1, n):
        q = (seat + k) % n
        hand = hands[q]
        h = len(hand)
        extra = EXTRA * (h - 1)
        if extra > len(free):
            extra = len(free)
        if h == 0 or extra <= 0:
            continue
        cands = hand + free[:extra]
        del free[:extra]
        values = keep_values(g, q, cands, rng, icon, gold, noise)
        order = sorted(range(len(cands)), key=values.__getitem__, reverse=True)
        kept = sorted(cands[i] for i in order[:h])
        hands[q] = kept
        for c in kept:
            known[c] = 1 << q
        for i in order[h:]:
            c = cands[i]
            known[c] = 0
            back.append(c)
    for i, c in zip(unseen, free + back):
        deck[i] = c
    if g.stack[-1][1] != seat:     # a rival's decision at hand: its choices read its cards
        g._legal = g._compute_legal(g.stack[-1])
    return g
