"""Why an undo is refused (issue: a refused undo said a generic sentence): each game says the
rule that refuses it (ExplainsUndo.undo_refused) at every position of random games, for every
seat, under both rules the table uses (between people: `undoable`; one person against bots:
`takeback`), and the page words every reason in en, fr and de."""
from __future__ import annotations

import random

import pytest

import incan_gold
import machu_picchu
from shell import i18n
from shell.refusals import NO_UNDO, worded
from tabletop.protocol import ExplainsUndo

REASONS = {
    "machu-picchu": {"mp.refusal.undo_none", "mp.refusal.undo_drawn", "mp.refusal.undo_passed",
                     "mp.refusal.undo_other"},
    "incan-gold": {"ig.refusal.undo_none", "ig.refusal.undo_revealed", "ig.refusal.undo_other"},
}


def _positions(new_game, seed: int, players: int):
    """Every position of one random game, the first and the last included."""
    rng = random.Random(seed)
    game = new_game(players=players, seed=seed, names=[f"P{i}" for i in range(players)])
    yield game
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        yield game


def _met(game_id: str, new_game, seeds) -> dict[str, list]:
    """Each reason met: id -> [its parameters...]; checks on the way that a reason is given
    exactly when nothing can be taken back, and says the rule that refuses."""
    met: dict[str, list] = {}
    for seed in seeds:
        for game in _positions(new_game, seed, 3):
            assert isinstance(game, ExplainsUndo)
            for seat in range(game.n):
                for replies in ((False, True) if hasattr(game, "takeback") else (False,)):
                    may = game.takeback(seat) if replies else game.undoable(seat)
                    reason = game.undo_refused(seat, replies)
                    if game.is_over:
                        assert reason[0].endswith(".over")
                        continue
                    assert (reason is None) == (may > 0), (seed, seat, replies, reason)
                    if reason is None:
                        continue
                    msg_id, params = reason
                    assert msg_id in REASONS[game_id], reason
                    met.setdefault(msg_id, []).append(params)
                    history = game.history
                    if msg_id.endswith("undo_none"):
                        assert game_id == "incan-gold" and not history or seat not in game.deciders
                    elif msg_id.endswith(("undo_drawn", "undo_revealed")):
                        assert len(history) <= game.reveal_mark or replies or game_id == "incan-gold"
                    elif msg_id == "mp.refusal.undo_other":
                        assert params == {"name": game.names[game.deciders[-1]]} and game.deciders[-1] != seat
                    elif msg_id == "mp.refusal.undo_passed":
                        assert params == {"name": game.names[game.to_move]} and game.to_move != seat
                    elif msg_id == "ig.refusal.undo_other":
                        assert params["name"] in game.names
    return met


@pytest.mark.parametrize("game_id, new_game", [("machu-picchu", machu_picchu.new_game),
                                               ("incan-gold", incan_gold.new_game)])
def test_a_refused_undo_says_the_games_rule_in_every_language(game_id, new_game):
    met = _met(game_id, new_game, range(2))
    assert set(met) == REASONS[game_id], sorted(met)
    try:
        for lang in ("en", "fr", "de"):
            words = i18n.use_language(lang)
            generic = str(words.t(NO_UNDO))
            for msg_id, params in met.items():
                said = str(worded(msg_id, params[0], NO_UNDO))
                assert said != generic and "[" not in said and "{" not in said, (lang, msg_id, said)
                if "name" in params[0]:
                    assert params[0]["name"] in said
    finally:
        i18n.use_language("en")


def test_a_seat_not_in_the_game_is_refused():
    with pytest.raises(ValueError):
        machu_picchu.new_game(players=2, seed=1).undo_refused(5)
    with pytest.raises(ValueError):
        incan_gold.new_game(players=3, seed=1).undo_refused(-1)
