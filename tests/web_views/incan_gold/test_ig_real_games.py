"""Incan Gold's views on real games of the engine: secrets stay out of other seats' markup, the
screen does not tell what the previous person chose, the reveal follows what happened, and the
end screen adds up."""
from __future__ import annotations

import random
import re

import pytest

import games.incan_gold as ig_web
from shell.i18n import Words
from games.incan_gold.stats import chart_stats
from ig_fixtures import EVIL, ctx_of

import incan_gold as ig


def _t(catalogue, game):
    return Words(catalogue, [p["name"] for p in game.view(None)["players"]]).t


def _ctx(game, seat, t):
    view = game.view(seat)
    legal = view["legal"] if seat is not None else []
    return ctx_of(t, view, seat=seat, legal=legal, deciding=seat if legal else None,
                  seats=[{"name": p["name"]} for p in view["players"]], game=game)


def _play(game, rng, stop=lambda g: False):
    while not game.is_over and not stop(game):
        game.apply(rng.choice(game.legal_actions()))
    return game


def _deck_total(board: str) -> tuple[int, int]:
    counts = sum(int(c) for c in re.findall(r'data-kind="\w+">.*?<td>(\d+)</td>', board))
    return counts, int(re.search(r'data-total="(\d+)"', board).group(1))


@pytest.mark.parametrize("players", [3, 5, 8])
def test_no_seat_sees_another_seats_tent(catalogue, players):
    rng = random.Random(players)
    game = ig.new_game(players=players, seed=players, names=["Ana", EVIL, "Cleo", "Dan", "Eve", "Fay", "Gil", "Hal"][:players])
    t = _t(catalogue, game)
    checked = 0
    seen_steps = set()
    while not game.is_over:
        public = game.view(None)
        step = (public["round"], public["step"])
        if step in seen_steps:        # every seat's screen once per step (and mid-step for seat 0)
            html = "".join(ig_web.game_regions(_ctx(game, 0, t)).values())
            assert re.findall(r'data-tent="([^"]+)"', html).count("hidden") == players - 1
            game.apply(rng.choice(game.legal_actions()))
            continue
        seen_steps.add(step)
        for seat in range(players):
            html = "".join(ig_web.game_regions(_ctx(game, seat, t)).values())
            tents = dict((int(s), v) for s, v in re.findall(r'data-seat="(\d)"[^>]*>.*?data-tent="([^"]+)"', html))
            assert tents.pop(seat) == str(game.view(seat)["players"][seat]["tent"])
            assert set(tents.values()) == {"hidden"}
            assert EVIL not in html
            checked += 1
        game.apply(rng.choice(game.legal_actions()))
    assert checked > 20


def test_open_tents_show_every_tent(catalogue):
    game = _play(ig.new_game(players=4, seed=3, open_tents=True), random.Random(3),
                 stop=lambda g: g.view(None)["round"] >= 3)
    html = ig_web.game_regions(_ctx(game, None, _t(catalogue, game)))["players"]
    tents = re.findall(r'data-tent="([^"]+)"', html)
    assert tents == [str(p["tent"]) for p in game.view(None)["players"]]
    assert "hidden" not in tents


def test_the_next_person_sees_the_same_screen_whatever_was_chosen(catalogue):
    """Hotseat: after one seat chooses torch or camp, nothing on the next seat's screen differs
    (only the reveal, once all have chosen, shows the choices)."""
    rng = random.Random(11)
    game = ig.new_game(players=5, seed=11)
    t = _t(catalogue, game)
    compared = 0
    while not game.is_over and compared < 30:
        view = game.view(None)
        if len(view["waiting"]) >= 2 and {"torch", "camp"} <= {str(a) for a in game.legal_actions()}:
            a, b = game.clone(), game.clone()
            a.apply("torch")
            b.apply("camp")
            nxt = a.to_move
            assert nxt == b.to_move
            ra = ig_web.game_regions(_ctx(a, nxt, t))
            rb = ig_web.game_regions(_ctx(b, nxt, t))
            for region in ("board", "players", "controls", "announce"):
                assert ra[region] == rb[region], region
            compared += 1
        game.apply(rng.choice(game.legal_actions()))
    assert compared >= 10


def test_controls_offer_exactly_the_legal_actions(catalogue):
    rng = random.Random(5)
    game = ig.new_game(players=4, seed=5)
    t = _t(catalogue, game)
    while not game.is_over:
        seat = game.to_move
        ctx = _ctx(game, seat, t)
        html = ig_web.game_regions(ctx)["controls"]
        legal = sorted(str(a) for a in game.legal_actions())
        assert sorted(re.findall(r'data-act="(\w+)"', html)) == legal
        for act in ("torch", "camp", "home", "apply"):
            got = ig_web.action_for(act, "", ctx)
            assert got == (act if act in legal else None)
        other = (seat + 1) % 4
        assert "data-act" not in ig_web.game_regions(_ctx(game, other, t))["controls"]
        game.apply(rng.choice(game.legal_actions()))


def _resolutions(game, rng, limit):
    """(before view of the last chooser, the game after the reveal) for the steps of a game."""
    found = []
    while not game.is_over and len(found) < limit:
        view = game.view(None)
        seat = game.to_move
        if len(view["waiting"]) == 1:
            before = game.view(seat)
            game.apply(rng.choice(game.legal_actions()))
            found.append((before, seat, game.clone()))
        else:
            game.apply(rng.choice(game.legal_actions()))
    return found


@pytest.mark.parametrize("players", [3, 6])
def test_reveal_frames_follow_each_step(catalogue, players):
    kinds = set()
    for seed in range(40, 46):            # games until a bust and a plain step were both seen
        if {"bust", "step"} <= kinds:
            break
        _check_reveals(catalogue, players, seed, kinds)
    assert {"bust", "step"} <= kinds


def _check_reveals(catalogue, players, seed, kinds):
    rng = random.Random(seed)
    game = ig.new_game(players=players, seed=seed)
    t = _t(catalogue, game)
    for before, chooser, after_game in _resolutions(game, rng, 200):
        viewer = (chooser + 1) % players          # the next person on the tablet
        after = after_game.view(viewer)
        frames = ig_web.reveal_frames(lambda: before, after, _ctx(after_game, viewer, t))
        assert frames and all(sec > 0 for sec, _ in frames)
        flip = frames[0][1]["players"]
        revealed = dict((int(s), c) for s, c in re.findall(r'data-seat="(\d)"[^>]*>(?:(?!</li>).)*?data-revealed="(\w+)"', flip))
        reveal_ev = [ev[1] for ev in after["log"] if ev[0] == "ig.reveal"][-1]
        assert revealed == {**{s: "torch" for s in reveal_ev["torch_seats"]},
                            **{s: "camp" for s in reveal_ev["camp_seats"]}}
        for _, regions in frames:
            counted, total = _deck_total(regions["board"])
            assert counted == total
            tents = re.findall(r'data-seat="(\d)"[^>]*>(?:(?!</li>).)*?data-tent="([^"]+)"', regions["players"])
            for s, v in tents:       # the tents the viewer may see, never the chooser's (in `before`)
                shown = after["players"][int(s)]["tent"]
                assert v == ("hidden" if shown is None else str(shown))
            assert len(tents) == players
            assert "<button" not in regions["controls"]
            # the log stops where the step began: its end would give the reveal away
            assert regions["log"].count("<li") == [i for i, ev in enumerate(after["log"]) if ev[0] == "ig.reveal"][-1]
        texts = " ".join(r["announce"] for _, r in frames)
        ended = after["round"] != before["round"] or after["over"]
        finished = after["rounds_done"][len(before["rounds_done"]):]
        if len(finished) > 1:
            kinds.add("instant bust")       # a round that busted before anyone chose
        if ended and any(r["end"] == "bust" for r in finished):
            kinds.add("bust")
            assert "bust!" in texts
            assert any(">BUST<" in r["board"] for _, r in frames)
        elif not ended:
            kinds.add("step")
            assert "The next card" in texts
            assert frames[-1][1]["board"].count("ig-fresh") == 1
        else:
            kinds.add("all home")


def test_end_screen_adds_up_and_charts_end_at_the_final_wealth(catalogue):
    game = _play(ig.new_game(players=5, seed=9), random.Random(9))
    t = _t(catalogue, game)
    ctx = _ctx(game, None, t)
    html = ig_web.end_html(ctx)
    result = game.result()
    totals = [int(v) for v in re.findall(r"<td><b>(\d+)</b></td>", html)]
    assert totals == [row["final"] for row in result["seats"]]
    stats = chart_stats(ig.game_stats(game))
    assert [r["round"] for r in stats["rounds"]] == [1, 2, 3, 4, 5]
    assert stats["standings"][-1]["wealth"] == [row["final"] for row in result["seats"]]
    assert sum(sum(r["banked"]) for r in stats["rounds"]) == sum(row["gems"] for row in result["seats"])
    assert html.count('data-measure="wealth"') == 1 and html.count('data-measure="banked"') == 1
    winners = result["winners"]
    assert (" wins with " if len(winners) == 1 else " share the victory with ") in html


def test_the_log_marks_what_happened_since_the_viewers_last_choice(catalogue):
    rng = random.Random(2)
    game = ig.new_game(players=4, seed=2)
    t = _t(catalogue, game)
    seat = game.to_move
    mark = ig_web.seen_mark(game, seat)
    game.apply("torch")
    while game.to_move != seat:
        game.apply(rng.choice(game.legal_actions()))
    ctx = _ctx(game, seat, t)
    ctx.seen = mark
    html = ig_web.game_regions(ctx)["log"]
    lines = re.findall(r"<li( class=\"new\")?>", html)
    assert len(lines) == len(game.log_for(seat))
    assert [bool(c) for c in lines] == [i >= mark["log"] for i in range(len(lines))]
    assert any(lines) and not all(lines)


def test_replay_hooks(catalogue):
    game = _play(ig.new_game(players=3, seed=8), random.Random(8))
    t = _t(catalogue, game)
    positions = ig.positions(game)
    turns = ig_web.replay_turns(positions)
    assert turns[0] == 0 and turns[-1] == len(positions) - 1
    for k in turns[:-1]:
        assert positions[k].view(None)["chosen"] == []
    ctx = _ctx(game, None, t)
    lines = [line for k in range(1, len(positions))
             for line in ig_web.replay_lines(positions[k - 1], positions[k], ctx)]
    assert len(lines) == len(game.log) - len(positions[0].log)
    assert not any(line.startswith("[") for line in lines)        # every event id is in the catalogue
    assert ig_web.stage_text(positions[len(positions) // 2])[0] == "ig.stage.round"
    assert ig_web.stage_text(game) == ["ig.stage.over", {}]


class _NoView:
    """A game whose view() and log are refused: what stage_text may not build."""

    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        if name in ("view", "log", "log_for"):
            raise AssertionError(f"stage_text asked for {name}")
        return getattr(self._game, name)


def test_stage_text_is_read_from_the_games_glance_not_a_view():
    """The saved games' line is asked at every autosave: it says what the public view says of
    the round and the end, at every position of a game, without building a view."""
    rng = random.Random(8)
    game = ig.new_game(players=5, seed=8)
    seen = set()
    while True:
        view = game.view(None)
        want = (["ig.stage.over", {}] if view["over"]
                else ["ig.stage.round", {"round": view["round"], "of": 5}])
        assert ig_web.stage_text(_NoView(game)) == want
        seen.add(want[0])
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert seen == {"ig.stage.round", "ig.stage.over"}


def test_bench_selector_names_a_legal_button(catalogue):
    game = ig.new_game(players=3, seed=1)
    ctx = _ctx(game, game.to_move, _t(catalogue, game))
    html = ig_web.game_regions(ctx)["controls"]
    act = re.search(r'data-act="(\w+)"', ig_web.bench_selector(ctx)).group(1)
    assert f'data-act="{act}"' in html


def test_replay_regions_show_the_public_view_without_controls(catalogue):
    game = _play(ig.new_game(players=4, seed=6), random.Random(6), stop=lambda g: g.view(None)["round"] >= 2)
    t = _t(catalogue, game)
    ctx = _ctx(game, None, t)
    regions = ig_web.replay_regions(ctx)
    assert regions["controls"] == ""
    assert re.findall(r'data-tent="([^"]+)"', regions["players"]) == ["hidden"] * 4
    assert "ig-you" not in regions["players"]
    assert regions["board"] == ig_web.game_regions(ctx)["board"]


@pytest.mark.parametrize("viewer", [None, 1])
def test_frames_play_only_when_the_last_choice_of_a_step_is_in(catalogue, viewer):
    """The shell asks for frames after every action, with both views of one viewer (the public
    view in hotseat): a choice others still wait on reveals nothing."""
    rng = random.Random(21)
    game = ig.new_game(players=4, seed=21)
    t = _t(catalogue, game)
    played = reveals = 0
    while not game.is_over:
        last = len(game.view(None)["waiting"]) == 1
        before, asked = game.view(viewer), []
        game.apply(rng.choice(game.legal_actions()))
        frames = ig_web.reveal_frames(lambda: asked.append(1) or before, game.view(viewer), _ctx(game, viewer, t))
        assert bool(frames) == last == bool(asked)
        played += 1
        reveals += last
    assert played > reveals > 5


def test_bots_reasons_wait_for_the_reveal_of_their_choice(catalogue):
    """A bot's reason tells what it chose ("back to camp"): the log shows it only once the
    choices of its step are revealed, after the line of that bot's choice."""
    game = ig.new_game(players=4, seed=13)
    bots = {s: ig.GAME.make_bot("medium", seed=s) for s in (1, 2, 3)}
    t = _t(catalogue, game)
    reasons = []
    shown_after_reveal = 0
    while not game.is_over and game.view(None)["round"] < 3:
        seat = game.to_move
        if seat == 0:
            ctx = _ctx(game, 0, t)
            ctx.reasons = reasons
            html = ig_web.game_regions(ctx)["log"]
            public = game.log
            reveals = [i for i, ev in enumerate(public) if ev[0] == "ig.reveal"]
            pending = [i for i, _ in reasons if not reveals or i > reveals[-1]]
            shown = html.count('class="reason"')
            assert shown == len(reasons) - len(pending)       # the unrevealed ones are held back
            shown_after_reveal = max(shown_after_reveal, shown)
            game.apply("torch")
            continue
        decision = bots[seat].choose(game, seat)
        reasons.append([len(game.log), decision.reason])
        game.apply(decision.action)
    assert shown_after_reveal > 3


def test_the_log_says_who_went_home_with_what_never_a_closed_tents_total(catalogue):
    """What the table sees of a leaver: the gems picked up beside the tent and from the path and
    carried home. In a closed-tents game no line of another seat's log view carries a tent's
    running total (a number above what went in at once), and the words say where the gems came
    from, not that a tent holds them (the panels say "Tent: closed")."""
    rng = random.Random(11)
    game = ig.new_game(players=5, seed=11, names=["Ana", "Bo", "Cy", "Di", "Ed"])
    t = _t(catalogue, game)
    _play(game, rng, stop=lambda g: g.round == 5 and g.step >= 3)
    assert not game.is_over
    viewer = 0
    html = ig_web.game_regions(_ctx(game, viewer, t))["log"]
    lines = [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li[^>]*>(.*?)</li>", html, re.S)]
    events = game.log_for(viewer)
    assert len(lines) == len(events)
    tents = [0] * 5
    later_bankings = 0
    for (msg, params), line in zip(events, lines):
        numbers = {int(x) for x in re.findall(r"\d+", line)}
        if msg != "ig.banked":
            continue
        seat, gems, hand, share = params["seat"], params["gems"], params["hand"], params["path"]
        assert set(params) == {"seat", "gems", "hand", "path", "n"} and gems == hand + share
        tents[seat] += gems
        assert (f"goes home with {gems} gem" in line and f"{hand} from beside the tent" in line
                and f"{share} from the path" in line or gems == 0 and "goes home empty-handed" in line)
        assert max(numbers, default=0) <= gems          # nothing of what the tent held before
        if seat != viewer and tents[seat] > gems:
            later_bankings += 1
            assert tents[seat] not in numbers
    assert tents == game.tent
    assert later_bankings >= 3
    assert all(p["tent"] is None for s, p in enumerate(game.view(viewer)["players"]) if s != viewer)
