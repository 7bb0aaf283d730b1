"""kinds.py: every task on the stack is a named Decision or Step, each found in a handler table."""
from __future__ import annotations

import json
import random

import machu_picchu as mp
from machu_picchu import game as G


def test_every_kind_has_exactly_one_handler():
    assert set(G.DECISION_HANDLERS) == set(mp.Decision)
    assert set(G.STEP_HANDLERS) == set(mp.Step)
    assert not set(mp.Decision) & set(mp.Step)
    assert G.DECISIONS == frozenset(mp.Decision)


def test_random_games_only_ever_stack_named_kinds_and_views_show_plain_words():
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        game = mp.new_game(players=2 + seed % 4, seed=seed)
        while not game.is_over:
            for task in game.stack:
                assert isinstance(task[0], (mp.Decision, mp.Step)), task
            kind = game.prompt[0]
            assert isinstance(kind, mp.Decision)
            seen.add(kind)
            view_kind = game.view(game.to_move)["prompt"]["kind"]
            assert type(view_kind) is str and view_kind == kind.value
            game.apply(rng.choice(game.legal_actions()))
        json.dumps(game.view(None))
    assert {mp.Decision.TURN, mp.Decision.PRODUCE, mp.Decision.MARKET} <= seen


def test_the_prompt_is_a_named_value_equal_to_its_task():
    game = mp.new_game(players=3, seed=4)
    prompt = game.prompt
    assert isinstance(prompt, mp.Prompt) and prompt.kind is mp.Decision.SETUP
    assert prompt == (mp.Decision.SETUP, prompt.seat) == ("setup", game.to_move)
    assert prompt.at is None and "Prompt(kind='setup'" in repr(prompt)
    rng = random.Random(1)
    while game.prompt.kind != mp.Decision.PRODUCE:
        game.apply(rng.choice(game.legal_actions()))
    assert game.prompt.at == game.prompt[2] and game.prompt.seat == game.to_move
