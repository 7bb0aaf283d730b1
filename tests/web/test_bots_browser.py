"""Bots in the browser: one person against three hard bots, a 4-seat game started from the home
screen with clicks and played to the end screen in the page, with the app's real bot time budget.

The page is instrumented before it loads (bench_bots.WATCH_BOTS): every bot decision (from
body[data-thinking] set to a seat to the next render with it empty) with how many times the main
thread was free meanwhile, every main-thread long task and every change of #hand. The test asserts
behaviour, never how long anything takes: on a busy machine a slice of thinking takes longer, but
the bot still yields between slices. The goal of no task of 200 ms or more while a bot thinks is
measured and reported by `python3 build.py bench --bots` (tests/web/bench_bots.py). The fixtures
fail the test on any Python error, console error or request that leaves 127.0.0.1.
"""
from __future__ import annotations

import random

from bench_bots import (HARD_BOTS, HUMAN, SLICED_YIELDS, WATCH_BOTS, bot_decisions,
                        long_tasks_while_thinking, play_to_end, saved_record)
from gameplay import Player, mp, new_game_from_home, open_home
from playwright.sync_api import expect

from machu_picchu.bots import make_bot
from machu_picchu.bots.heuristics import decide

SEED = 7
ONLY_CHOICE = "the only possible choice"    # the reason of a decision taken without thinking


def caption(card: str) -> str:
    """How #hand names a card: 'a + b · N gold' (figcaptions may add ' · new')."""
    a, _, b = card.partition("-")
    return f"{a} + {b}"


def hands_after_each_action(record: dict) -> list[dict[int, set[str]]]:
    """For 0..n actions of the saved game: each seat's cards (as captions) at that point."""
    save = record["save"]
    game = mp.load_game({**save, "actions": []})

    def hands():
        return {s: {caption(c) for c in game.view(s)["players"][s]["hand"]} for s in range(game.n)}

    out = [hands()]
    for action in save["actions"]:
        game.apply(action)
        out.append(hands())
    return out


def single_legal_action_position(players: int = 4) -> mp.Game:
    """A game (from seeded random play) whose next decision has exactly one legal action."""
    for seed in range(100):
        rng = random.Random(seed)
        game = mp.new_game(players=players, seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            if len(legal) == 1:
                return game
            game.apply(rng.choice(legal))
    raise AssertionError("random play never met a single legal action")


def test_single_legal_action_is_decided_without_search():
    """The hard bot answers a decision with one legal action at once: no search starts."""
    game = single_legal_action_position()
    thinker = make_bot("hard", seed=1).start(game, game.to_move)
    assert thinker.done and thinker.steps == 0
    assert thinker.result.action == game.legal_actions()[0]
    assert thinker.result.reason == ONLY_CHOICE


def test_person_against_three_hard_bots_to_the_end_screen(app, shot):
    """The bots think in slices (the main thread is free between slices of every searched turn
    decision), decide every single-legal-action decision without a search, never show their cards in #hand, and the end
    screen names the winner with a score breakdown for all four players."""
    app.page.add_init_script(WATCH_BOTS)
    page = open_home(app)
    new_game_from_home(page, [HUMAN, *HARD_BOTS], seed=SEED, pace="instant")
    play_to_end(page)

    record = saved_record(page)
    watched = page.evaluate("window.__mpBots")
    game = mp.load_game(record["save"])
    assert game.is_over
    names = [seat["name"] for seat in record["seats"]]
    assert names == [HUMAN[0]] + [name for name, _kind in HARD_BOTS]

    # every bot decision was measured; one with a single legal action was not searched
    decisions = bot_decisions(record, watched["decisions"])
    assert len(decisions) > 50
    for d in decisions:
        if d["legal"] == 1:
            assert d["reason"] == ONLY_CHOICE, d
        else:
            assert d["reason"] != ONLY_CHOICE, d
    # each searched turn decision let the page run between slices of thinking (counted, not
    # timed: on a loaded machine slices are slower, but there are still several per decision)
    turns = [d for d in decisions if d["kind"] == "turn" and d["legal"] > 1]
    assert len(turns) > 20
    unsliced = [d for d in turns if d["yields"] < SLICED_YIELDS]
    assert len(unsliced) <= len(turns) // 10, unsliced[:5]
    tasks = long_tasks_while_thinking(decisions, watched["longTasks"])

    # #hand only ever held the person's own cards, until the end removed it
    hands = hands_after_each_action(record)
    person = 0
    snapshots = [h for h in watched["hands"] if h["actions"] >= 0]
    changes = sum(a[person] != b[person] for a, b in zip(hands[:-1], hands[1:-1]))
    assert len(snapshots) >= 1 + changes + 1, "#hand not redrawn at each change (start, end)"
    for snap in snapshots:
        held = hands[snap["actions"]]
        shown = {text.split(" · ")[0] for text in snap["cards"]}
        bot_cards = set().union(*(held[s] for s in held if s != person))
        assert not shown & bot_cards, f"a bot's cards in #hand after {snap['actions']} actions"
        if snap["actions"] < len(hands) - 1:           # before the end: the person's hand
            assert f"Sacrifice cards of {HUMAN[0]}" in snap["title"], snap
            assert shown == held[person], snap
    assert page.inner_text("#hand").strip() == ""

    # the end screen: the winner, and the score sheet of all four players
    result = game.result()
    winners = " and ".join(names[w] for w in result["winners"])
    verb = "wins" if len(result["winners"]) == 1 else "share the victory"
    best = result["seats"][result["winners"][0]]["final"]
    end = page.locator("#end")
    expect(end.locator("h2")).to_contain_text(f"{winners} {verb} with {best} points")
    expect(end.locator("table.score thead th")).to_have_count(5)
    for name in names:
        expect(end.locator("table.score thead")).to_contain_text(name)
    expect(end.locator("table.score thead")).to_contain_text("★ winner")
    rows = end.locator("table.score tbody tr")
    expect(rows).to_have_count(15)
    for i in range(rows.count()):
        expect(rows.nth(i).locator("td")).to_have_count(4)
    finals = end.locator("table.score tbody tr.final td").all_inner_texts()
    assert finals == [str(row["final"]) for row in result["seats"]]
    expect(end.locator(".end-hand")).to_have_count(4)
    shot(page, "hard-bots-end-screen")

    searched = sorted(d["ms"] for d in decisions if d["legal"] > 1)
    print(f"\n{len(decisions)} bot decisions ({len(decisions) - len(searched)} with one legal "
          f"action); searched median {searched[len(searched) // 2]:.0f} ms, max {searched[-1]:.0f} "
          f"ms; longest task while thinking {max((t['ms'] for t in tasks), default=0)} ms; "
          f"main thread free {sorted(d['yields'] for d in turns)[len(turns) // 2]} times in the "
          f"median searched turn decision")


AHEAD = 30          # re-deals the next bot thinks ahead before the person decides (a marker)
PERSON_DECISIONS = 12


def test_the_next_hard_bot_thinks_ahead_while_the_person_decides(app):
    """While the person decides, the next hard bot thinks ahead in slices (body[data-ahead]
    counts its re-deals while the page still takes the person's taps); when the person plays as
    the bots' policy would, that bot's turn starts from what it thought ahead (the search
    figures of its saved reason count them)."""
    page = open_home(app)
    seats = [HUMAN, HARD_BOTS[0], ("Rand B", "bot:random"), ("Rand C", "bot:random")]
    new_game_from_home(page, seats, seed=SEED, pace="instant")
    me = Player(page)
    ahead = []
    for _ in range(PERSON_DECISIONS):  # noqa: B007
        page.wait_for_selector('body[data-over], body[data-decision][data-viewer="0"]',
                               state="attached", timeout=120_000)
        assert not page.get_attribute("body", "data-over")
        game = mp.load_game(saved_record(page)["save"])
        page.wait_for_function(f"Number(document.body.dataset.ahead || 0) >= {AHEAD}")
        me.take(game.prompt[0], decide(game).text)
        ahead = [reason for _line, reason in saved_record(page)["reasons"]
                 if isinstance(reason, list) and reason[1].get("search", {}).get("ahead")]
        if ahead:
            break
    print(f"\n{len(ahead)} bot decisions thought ahead after {_ + 1} person decisions")
    assert ahead, "no bot turn started from what it thought ahead"
