"""Every legal action of every decision can be composed through the page's controls, and the
controls never produce anything that is not legal."""
import random

import pytest

import machu_picchu as mp
from games.machu_picchu import controls


def compose(view, text):
    """The UI events a player uses for `text`; returns the action the reducer hands back."""
    kind = view["prompt"]["kind"]
    verb, _, arg = text.partition(" ")
    draft = controls.new_draft(0, view)
    events = []
    if kind == "turn":
        if verb == "stay":
            events = [("tile", arg)]
        else:
            events = [("district", arg)] + ([("confirm", "")] if verb == "travel" else [])
    elif kind == "setup":
        events = [("district", controls.PROFESSION_GOOD[arg])]
    elif kind in controls.COUNT_KINDS:
        lo, hi = controls.count_range(view)
        events = [("dec", "")] * (hi - int(arg)) + [("confirm", "")]
    elif kind in controls.TOGGLE_KINDS:
        events = [("toggle", i) for i in sorted(controls.items_of(text))] + [("confirm", "")]
    elif kind in controls.PICK_KINDS:
        events = ([("apply", text)] if text == controls.DECLINE.get(kind)
                  else [("pick", text), ("confirm", "")])
    else:
        events = [("apply", text)]
    action = None
    for act, value in events:
        draft, action, note = controls.reduce(view, draft, act, value)
        assert action is None or action in view["legal"]
        html = controls.controls_html(view, draft)
        assert html.startswith('<div class="decision')
        if action is not None:
            break
    return action


def random_states(games=5, players=3):
    rng = random.Random(7)
    for seed in range(games):
        game = mp.new_game(players=players, seed=seed, learning=seed % 2 == 1)
        while not game.is_over:
            yield game
            legal = game.legal_actions()
            active = [a for a in legal if not a.text.endswith((" 0", " nothing", " nobody"))]
            game.apply(rng.choice(active if active and rng.random() < 0.85 else legal))


def test_every_legal_action_of_every_decision_can_be_composed():
    kinds = set()
    for game in random_states():
        view = game.view(game.to_move)
        kinds.add(view["prompt"]["kind"])
        for text in view["legal"]:
            assert compose(view, text) == text, (view["prompt"], text)
    assert kinds == {"setup", "turn", "produce", "sacrifice", "offer", "hire", "acquire",
                     "market", "sunclock", "take", "return", "claim"}


def test_toggles_only_allow_legal_compositions_and_the_board_targets_are_legal():
    for game in random_states(games=2):
        view = game.view(game.to_move)
        targets, _ = controls.board_targets(view, controls.new_draft(0, view))
        for district, how in targets.items():
            assert f"{how} {district}" in view["legal"] or view["prompt"]["kind"] == "setup"
        if view["prompt"]["kind"] not in controls.TOGGLE_KINDS:
            continue
        legal_sets = set(controls.legal_sets(view))
        draft = controls.new_draft(0, view)
        for item in controls.toggle_options(view):
            draft, _, note = controls.reduce(view, draft, "toggle", item)
            assert any(set(draft["sel"]) <= s for s in legal_sets)


def test_reduce_refuses_what_is_not_legal():
    game = mp.new_game(players=2, seed=1)
    while game.prompt[0] != "turn" or game.view(game.to_move)["prompt"]["first_turn"]:
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_move)
    draft = controls.new_draft(0, view)
    _, action, note = controls.reduce(view, draft, "apply", "buy coca")
    assert action is None and note
    here = view["prompt"]["at"]
    _, action, note = controls.reduce(view, draft, "district", here)
    assert action is None and "stay" in note
    _, action, _ = controls.reduce(view, draft, "confirm")
    assert action is None


def test_travel_needs_a_confirm_that_names_the_llama():
    game = mp.new_game(players=2, seed=3)
    while True:
        view = game.view(game.to_move)
        travels = [t for t in view.get("legal", []) if t.startswith("travel ")]
        if travels:
            break
        game.apply(game.legal_actions()[0])
    draft = controls.new_draft(0, view)
    draft, action, _ = controls.reduce(view, draft, "district", travels[0].split()[1])
    assert action is None
    html = controls.controls_html(view, draft)
    assert "Confirm travel: pay 1 llama" in html
    targets, selected = controls.board_targets(view, draft)
    assert selected == travels[0].split()[1] and targets[selected] == "travel"
    _, action, _ = controls.reduce(view, draft, "confirm")
    assert action == travels[0]


@pytest.mark.parametrize("kind", ["produce", "sacrifice"])
def test_counts_stay_within_the_legal_range(kind):
    for game in random_states(games=3):
        view = game.view(game.to_move)
        if view["prompt"]["kind"] != kind:
            continue
        lo, hi = controls.count_range(view)
        draft = controls.new_draft(0, view)
        assert draft["count"] == hi
        for _ in range(hi + 2):
            draft, _, _ = controls.reduce(view, draft, "dec")
        assert draft["count"] == lo
        for _ in range(hi + 2):
            draft, _, _ = controls.reduce(view, draft, "inc")
        assert draft["count"] == hi
        html = controls.controls_html(view, draft)
        assert ("pay" in html) if hi else True
        return
    pytest.fail(f"no {kind} decision in these games: choose other seeds")


def test_a_move_that_gives_nothing_today_asks_first_and_says_why():
    """A district the engine says gives nothing today (machu_picchu.yields) is a move that asks
    first: the tap drafts it, the confirm takes it, the cancel drops it; useful moves go at once."""
    from machu_picchu.yields import idle_districts
    game = mp.new_game(players=3, seed=1)
    rng = random.Random(1)
    while True:
        game.apply(rng.choice(game.legal_actions()))
        if game.prompt[0] == "turn" and game.prince[game.to_move] >= 0:
            idle = idle_districts(game, game.to_move)
            moves = [a.text.split()[1] for a in game.legal_actions() if a.kind == "move"]
            if any(d in idle for d in moves) and any(d not in idle for d in moves):
                break
    view = game.view(game.to_move)
    view["prompt"]["idle"] = idle
    wasted = next(d for d in moves if d in idle)
    useful = next(d for d in moves if d not in idle)
    draft = controls.new_draft(0, view)
    assert controls.reduce(view, draft, "district", useful)[1] == f"move {useful}"
    draft, action, _ = controls.reduce(view, draft, "district", wasted)
    assert action is None and draft["choice"] == f"move {wasted}"
    html = controls.controls_html(view, draft)
    assert "nothing today" in html and 'data-act="confirm"' in html
    assert controls.idle_words(idle[wasted]) in html
    assert controls.bench_selector(view, draft) == '#controls [data-act="confirm"]'
    assert controls.reduce(view, draft, "confirm")[1] == f"move {wasted}"
    assert controls.reduce(view, draft, "cancel")[0]["choice"] is None
    # the plain turn: the wasted move's chip is marked and says why
    plain = controls.controls_html(view, controls.new_draft(0, view))
    assert f'class="chip move idle" title="Move to the' in plain
