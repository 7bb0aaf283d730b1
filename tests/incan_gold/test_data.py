"""data.py: the components, as the reference lists them."""

from __future__ import annotations

from collections import Counter

from incan_gold import data as D


def test_the_quest_deck():
    treasures = [D.CARD_GEMS[c] for c in range(D.CARDS) if D.CARD_KIND[c] == D.TREASURE]
    assert sorted(treasures) == [1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17]
    hazards = Counter(D.HAZARDS[D.CARD_HAZARD[c]] for c in range(D.CARDS)
                      if D.CARD_KIND[c] == D.HAZARD)
    assert hazards == {h: 3 for h in ("spiders", "snakes", "mummies", "fire", "rockfall")}
    assert len(D.QUEST_CARDS) == 30


def test_five_artifacts_one_per_round():
    artifacts = [c for c in range(D.CARDS) if D.CARD_KIND[c] == D.ARTIFACT]
    assert artifacts == [D.artifact_card(r) for r in range(1, 6)]
    assert D.CARDS == 35 and D.ROUNDS == 5
    assert D.ARTIFACT_VALUES == (5, 5, 5, 10, 10)


def test_only_treasures_have_gems_and_only_hazards_a_kind():
    for c in range(D.CARDS):
        assert (D.CARD_GEMS[c] > 0) == (D.CARD_KIND[c] == D.TREASURE)
        assert (D.CARD_HAZARD[c] >= 0) == (D.CARD_KIND[c] == D.HAZARD)


def test_players_and_the_bound_on_a_games_length():
    assert (D.MIN_PLAYERS, D.MAX_PLAYERS) == (3, 8)
    assert D.MAX_ACTIONS == 5 * 35 * 8
    assert D.GEM_VALUES == {"turquoise": 1, "obsidian": 5, "gold": 10}
