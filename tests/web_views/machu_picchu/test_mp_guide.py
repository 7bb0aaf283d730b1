"""Machu Picchu's guided first game (web/games/machu_picchu/guide.py, issue 27), on the host.

The guided game is played as the page plays it (mp_guide_play: the guide's seed, options and
bots, a simple person in seat 0); at each of the person's decisions the views draw the regions
and the guide's due step is taken as the shell takes it. Every step comes up, each kind of
decision's step at the first decision of that kind, and every step points at an element the
regions draw. Random ordinary games (tips on) check the same of every step whose time comes.
"""
from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest

import mp_guide_play as play
from kit.guide import GuideStep, target_of
from kit.views import make_ctx
from machu_picchu.kinds import Decision
from shell import games
from shell.i18n import LANGUAGE_NAMES, Words, load_catalogue

INFO = next(g for g in games.available() if g.id == "machu-picchu")
VIEWS = games.views(INFO)
GUIDE = VIEWS.guide()
# A target: a region's id, then at most one element by tag, classes and [data-x="v"] attributes
# (what this test can match without a browser; the browser walk checks what is visible).
TARGET = re.compile(r'^#(?P<region>[\w-]+)(?:\s+(?P<tag>[a-z]*)(?P<classes>(?:\.[\w-]+)*)'
                    r'(?P<attrs>(?:\[[\w-]+="[^"\]]*"\])*))?$')
ATTR = re.compile(r'\[([\w-]+)="([^"\]]*)"\]')
# Steps the learning variant never asks for (its Incas are placed for everyone)
NOT_IN_LEARNING = {"setup"}


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, {k: v or "" for k, v in attrs}))

    handle_startendtag = handle_starttag


def elements(markup: str) -> list[tuple[str, dict]]:
    parser = _Elements()
    parser.feed(markup)
    return parser.found


def matches(selector: str, regions: dict[str, str]) -> bool:
    """Whether `selector` finds an element in the drawn regions."""
    m = TARGET.match(selector)
    assert m, f"a target this test cannot read: {selector!r}"
    markup = regions.get(m["region"], "")
    if m["tag"] is None:
        return bool(markup)
    classes = [c for c in m["classes"].split(".") if c]
    attrs = dict(ATTR.findall(m["attrs"]))
    for tag, have in elements(markup):
        if m["tag"] and tag != m["tag"]:
            continue
        if not set(classes) <= set(have.get("class", "").split()):
            continue
        if all(have.get(k) == v for k, v in attrs.items()):
            return True
    return False


def seats_for(game) -> list[dict]:
    return [{"name": name, "type": "human" if i == 0 else "bot",
             "level": None if i == 0 else "easy", "style": i} for i, name in enumerate(game.names)]


class Screen:
    """The person's screen through one game: the ctx the shell builds, and its regions."""

    def __init__(self, game) -> None:
        self.seats = seats_for(game)
        self.words = Words(load_catalogue(), [s["name"] for s in self.seats])
        self.memo: dict = {}
        self.draft: dict = {}

    def ctx(self, game, seat: int):
        deciding = seat if game.to_move == seat else None
        legal = [a.text for a in game.legal_actions()] if deciding is not None else []
        return make_ctx(INFO, game, game.view(seat), self.seats, self.words, seat=seat,
                        legal=legal, deciding=deciding, memo=self.memo, draft=self.draft, seen=None)

    def regions(self, ctx) -> dict[str, str]:
        return VIEWS.game_regions(ctx)


def texts_of(step: GuideStep, ctx) -> dict[str, tuple[str, str]]:
    """The step's title and text in every language, its placeholders filled from ctx."""
    params = step.params(ctx)
    out = {}
    for lang in LANGUAGE_NAMES:
        words = Words(load_catalogue(lang), ctx.words.names, lang)
        title_id, html_id = f"mp.guide.{step.id}.title", f"mp.guide.{step.id}.html"
        out[lang] = (words.t(title_id, params), words.markup(html_id, params))
    return out


def assert_worded(step: GuideStep, ctx) -> None:
    for lang, (title, text) in texts_of(step, ctx).items():
        for part in (title, text):
            assert part and "[mp." not in part and "{" not in part, (lang, step.id, part)


def guided_walk() -> dict:
    """The guided game: per step, the index of the person's decision it was shown at (the
    first not seen whose time had come, as the shell picks it); the first decision of each
    kind; the decisions where each step's time had come but another was shown."""
    shown: dict[str, int] = {}
    first_kind: dict[str, int] = {}
    pointed: dict[str, int] = {}
    screen = None
    for n, (game, _text) in enumerate(play.play(GUIDE)):
        if screen is None:
            screen = Screen(game)
            intro_ctx = screen.ctx(game, play.PERSON)
            intro_regions = screen.regions(intro_ctx)
            for step in GUIDE.intro:
                assert matches(target_of(step, intro_ctx), intro_regions), step.id
                assert_worded(step, intro_ctx)
        ctx = screen.ctx(game, play.PERSON)
        first_kind.setdefault(str(game.prompt[0]), n)
        due = GUIDE.due(ctx, set(shown))
        waiting = [s for s in GUIDE.steps if s.id not in pointed and s.when(ctx)]
        if due is None and not waiting:
            continue
        regions = screen.regions(ctx)
        for step in waiting:          # wherever its time comes, its target is drawn
            assert matches(target_of(step, ctx), regions), (step.id, n, target_of(step, ctx))
            pointed[step.id] = n
        if due is not None:
            shown[due.id] = n
            assert_worded(due, ctx)
    return {"shown": shown, "first_kind": first_kind, "pointed": pointed, "decisions": n + 1}


@pytest.fixture(scope="module")
def guided() -> dict:
    return guided_walk()


def test_the_guide_is_the_views_and_its_table_can_be_set(guided):
    assert GUIDE is not None and VIEWS.guide() is GUIDE
    assert set(GUIDE.bots) <= set(INFO.bot_levels) and len(GUIDE.bots) + 1 <= INFO.max_players
    assert GUIDE.options == {"learning": True}
    game = play.new_guided_game(GUIDE)
    assert game.view(None)["start_day"] > 1 and not game.is_over
    ids = [s.id for s in GUIDE.intro + GUIDE.steps]
    assert len(ids) == len(set(ids)) and [s.id for s in GUIDE.intro] == ["welcome", "goal", "endings"]


def test_every_step_comes_up_in_the_guided_game(guided):
    steps = {s.id for s in GUIDE.steps} - NOT_IN_LEARNING
    assert set(guided["shown"]) == steps, sorted(steps - set(guided["shown"]))


def test_every_kind_of_decision_comes_early_and_is_explained_when_it_first_comes(guided):
    kinds = {str(k) for k in Decision} - NOT_IN_LEARNING
    first = guided["first_kind"]
    assert set(first) == kinds
    assert max(first.values()) <= 45, first          # of about 100 decisions of the person
    kind_steps = {"turn": "first_turn"}
    for kind, n in first.items():
        assert guided["shown"][kind_steps.get(kind, kind)] == n, kind
    # the second turn explains moving on
    assert guided["shown"]["turn"] > first["turn"]


def test_each_ending_is_explained_when_it_comes_in_sight(guided):
    shown = guided["shown"]
    assert shown["end_conquest"] > shown["night"]
    assert {"end_priests", "end_deck", "end_conquest"} <= set(shown)


def _random_ordinary_game(players: int, seed: int):
    """A random game (no learning variant) with seat 0 a person who mostly acts."""
    import machu_picchu as mp
    rng = random.Random(seed)
    game = mp.new_game(players=players, seed=seed)
    while not game.is_over:
        legal = game.legal_actions()
        acting = [a for a in legal if not a.text.endswith(play.DECLINE) and a.kind != "stay"]
        action = rng.choice(acting if acting and rng.random() < 0.85 else legal)
        if game.to_move == 0:
            yield game
        game.apply(action)


@pytest.mark.parametrize("players,seed", [(2, 5), (4, 11)])
def test_in_ordinary_games_every_step_whose_time_comes_points_at_what_is_drawn(players, seed):
    """With tips on, the steps come in any game: each points at a drawn element, whatever the
    position (the first three times its time comes in each game)."""
    counted: dict[str, int] = {}
    screen = None
    for game in _random_ordinary_game(players, seed):
        screen = screen or Screen(game)
        ctx = screen.ctx(game, 0)
        waiting = [s for s in GUIDE.steps if counted.get(s.id, 0) < 3 and s.when(ctx)]
        if not waiting:
            continue
        regions = screen.regions(ctx)
        for step in waiting:
            counted[step.id] = counted.get(step.id, 0) + 1
            assert matches(target_of(step, ctx), regions), (step.id, target_of(step, ctx))
            assert_worded(step, ctx)
    assert "setup" in counted and "turn" in counted and "market" in counted


def test_no_step_is_due_while_someone_else_decides():
    game = play.new_guided_game(GUIDE)
    bots = play.bots_of(GUIDE, game)
    screen = Screen(game)
    checked = 0
    while checked < 40 and not game.is_over:
        seat = game.to_move
        if seat != play.PERSON:
            ctx = screen.ctx(game, play.PERSON)
            assert GUIDE.due(ctx, set()) is None
            checked += 1
            game.apply(bots[seat].choose(game, seat).action)
        else:
            game.apply(game.legal_actions()[0])
    assert checked == 40


def test_the_catalogues_hold_the_guide_and_nothing_more():
    for lang in LANGUAGE_NAMES:
        catalogue = load_catalogue(lang)
        ids = {k for k in catalogue if k.startswith("mp.guide.")}
        wanted = {f"mp.guide.{s.id}.{part}" for s in GUIDE.intro + GUIDE.steps
                  for part in ("title", "html")}
        assert wanted <= ids, (lang, sorted(wanted - ids))
        extra = {k for k in ids - wanted if not k.startswith("mp.guide.incas.")}
        assert extra == set(), (lang, sorted(extra))
