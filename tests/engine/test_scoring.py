"""Final scoring (scoring.py): VP by icons, trail bonus, gold, conquest multipliers, tie-break."""

from __future__ import annotations

import pytest

from machu_picchu import data as D
from machu_picchu.events import text
from machu_picchu.scoring import (goods_units, gold_of, icon_counts, multipliers, score,
                                  vp_by_source)

from .support import begin, everyone_at, pass_turn, play, set_goods, set_incas

EXAMPLE_CARDS = ["corn-puma", "coca-puma", "coca-cloth", "cloth-puma"]


def cards(*names):
    return sorted(D.CARD_INDEX[n] for n in names)


def test_rulebook_scoring_example():
    """Cards with 1 corn, 2 coca, 2 cloth, 3 Puma icons; 2 farmers, 1 shepherd, 1 coca planter,
    3 weavers, 2 Puma priests, 1 Virgin, scout on 11: 2 + 2 + 6 + 6 + 1 = 17 VP;
    gold 5 + 5 + 3 + 5 + 1 = 19."""
    hand = cards(*EXAMPLE_CARDS)
    icons = icon_counts(hand)
    assert dict(zip(D.ICONS, icons)) == {"corn": 1, "llama": 0, "coca": 2, "pottery": 0,
                                         "cloth": 2, "condor": 0, "puma": 3, "sun": 0}
    by = vp_by_source(hand, [2, 1, 1, 0, 3], [0, 2, 1], 11)
    assert by == {"corn": 2, "llama": 0, "coca": 2, "pottery": 0, "cloth": 6, "condor": 0,
                  "puma": 6, "sun": 0, "trail": 1, "summits": 0}
    assert sum(by.values()) == 17
    assert sorted(D.CARD_GOLD[c] for c in hand) == [3, 5, 5, 5]
    assert gold_of(hand, 11) == 19


def test_rulebook_scoring_example_in_a_game():
    """The same player in a real game state scores 17 VP and 19 gold."""
    game = begin(4, start=0)
    game.hands[0] = cards(*EXAMPLE_CARDS)
    set_incas(game, 0, farmer=2, shepherd=1, planter=1, weaver=3)
    game.owned[0] = [0, 2, 1]
    game.trail[0] = 11
    seat = score(game, conquest=False)["seats"][0]
    assert (seat["vp"], seat["gold"], seat["multiplier"], seat["final"]) == (17, 19, 1, 17)


def test_conquest_multipliers_dense_ranking():
    """Most gold x3, the next-highest x2, the rest x1; ties share their rank."""
    assert multipliers([18, 12, 17, 17]) == [3, 1, 2, 2]
    assert multipliers([5, 5, 1]) == [3, 3, 2]
    assert multipliers([9, 8, 7, 6, 5]) == [3, 2, 1, 1, 1]
    assert multipliers([4, 4]) == [3, 3]
    assert multipliers([0, 3]) == [2, 3]


def conquest_table_game():
    """The rulebook's conquest table as a real 4-player position, seats Blue, Green, Red,
    Yellow: VP 17/34/18/27, gold 18/12/17/17."""
    game = begin(4, start=0, names=["Blue", "Green", "Red", "Yellow"])
    hands = [
        cards(*EXAMPLE_CARDS),
        cards("corn-llama", "corn-coca", "corn-sun"),
        cards("corn-condor", "llama-condor", "llama-puma"),
        cards("pottery-condor", "pottery-puma", "pottery-sun"),
    ]
    held = {c for h in hands for c in h}
    game.deck[:] = [c for c in range(28) if c not in held]
    game.hands[:] = hands
    set_incas(game, 0, farmer=3, shepherd=1, planter=1, weaver=3)
    set_incas(game, 1, farmer=9)
    set_incas(game, 2, farmer=9)
    set_incas(game, 3, farmer=1, potter=8)
    game.owned[:] = [[0, 2, 0], [0, 0, 6], [2, 3, 0], [1, 0, 0]]
    game.rows_taken[:] = [3, 5, 6]
    game.trail[:] = [0, 9, 15, 15]
    return game


def test_rulebook_conquest_table():
    """Blue 17 VP / 18 gold x3 = 51; Green 34 / 12 x1 = 34; Red 18 / 17 x2 = 36;
    Yellow 27 / 17 x2 = 54: Yellow wins."""
    result = score(conquest_table_game(), conquest=True)
    rows = [(s["vp"], s["gold"], s["multiplier"], s["final"]) for s in result["seats"]]
    assert rows == [(17, 18, 3, 51), (34, 12, 1, 34), (18, 17, 2, 36), (27, 17, 2, 54)]
    assert result["winners"] == [3]


def test_rulebook_conquest_table_played_out():
    """The same position on day 9, played to the Spanish conquest through real turns."""
    game = conquest_table_game()
    everyone_at(game)
    game.day = 9
    for seat in range(4):
        set_goods(game, seat)                    # no corn: goods tiles cannot be claimed
    play(game, "stay llama", "stay coca", "stay pottery")
    for _ in range(3):
        pass_turn(game)
    assert game.is_over and game.end_reason == "conquest"
    result = game.result()
    assert [s["final"] for s in result["seats"]] == [51, 34, 36, 54]
    assert result["winners"] == [3]
    assert text(game.log[-1], game.names) == "Yellow wins with 54 points."


def test_no_multipliers_on_a_rescue():
    """On a rescue (priests or cards) the VP count once."""
    result = score(conquest_table_game(), conquest=False)
    assert [s["final"] for s in result["seats"]] == [17, 34, 18, 27]
    assert result["winners"] == [1]


def test_tie_break_by_remaining_goods():
    """Equal scores: more goods units win, 3 corn counting as one (rounded down)."""
    game = begin(3, start=0)
    for seat in range(3):
        game.hands[seat] = cards("corn-llama")
        set_incas(game, seat, farmer=2)
        game.trail[seat] = 0
    set_goods(game, 0, corn=8, llama=1)          # 2 + 1 = 3 units
    set_goods(game, 1, corn=9, llama=1)          # 3 + 1 = 4 units
    set_goods(game, 2, corn=2, cloth=3)          # 0 + 3 = 3 units
    result = score(game, conquest=False)
    assert [s["final"] for s in result["seats"]] == [2, 2, 2]
    assert [s["tiebreak"] for s in result["seats"]] == [3, 4, 3]
    assert result["winners"] == [1]
    set_goods(game, 1, corn=8, llama=1)
    assert score(game, conquest=False)["winners"] == [0, 1, 2]


def test_tie_break_applies_after_multipliers():
    """After the multipliers, the tie-break is again the goods."""
    game = begin(2, start=0)
    game.hands[:] = [cards("corn-puma"), cards("corn-llama", "corn-coca")]
    set_incas(game, 0, farmer=2)
    set_incas(game, 1, farmer=1)
    game.trail[:] = [0, 0]
    set_goods(game, 0, corn=0)
    set_goods(game, 1, corn=3)
    result = score(game, conquest=True)           # 2 VP each; gold 5 (x2) and 6 (x3)
    assert [s["gold"] for s in result["seats"]] == [5, 6]
    assert [s["final"] for s in result["seats"]] == [2 * 2, 2 * 3]
    game.hands[1] = cards("corn-llama")
    set_incas(game, 1, farmer=2)
    game.trail[1] = 7                             # now 3 VP, 4 gold: 6 points each
    result = score(game, conquest=True)
    assert [s["final"] for s in result["seats"]] == [2 * 3, 3 * 2]
    assert result["winners"] == [1]


def test_goods_units():
    """corn // 3 + every other good."""
    assert goods_units([0, 0, 0, 0, 0]) == 0
    assert goods_units([2, 0, 0, 0, 0]) == 0
    assert goods_units([7, 1, 2, 3, 4]) == 2 + 10


@pytest.mark.parametrize("row, icon", [(0, "condor"), (1, "puma"), (2, "sun")])
def test_priest_icons_count_cards_of_their_row(row, icon):
    """A Condor/Puma/Sun icon scores 1 per card of that row owned."""
    owned = [0, 0, 0]
    owned[row] = 3
    hand = cards(f"corn-{icon}")
    assert vp_by_source(hand, [0] * 5, owned, 0)[icon] == 3
    assert vp_by_source(hand, [4, 0, 0, 0, 0], [0, 0, 0], 0)["corn"] == 4
