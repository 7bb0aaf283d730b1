"""The guided first game and the tips, the shell's side (web/shell/guiding.py, issue 27), over
Incan Gold's guide (web/games/incan_gold/guide.py): which step is due, what counts as seen, what
a guided game's save keeps and a resumed one shows, the tips of an ordinary game, and the guide's
steps against a whole game (each one due somewhere, pointing at something drawn, worded in every
language)."""
from __future__ import annotations

import json
import random
import re

import pytest

from kit.guide import Guide, GuideStep
from shell import games, guiding, storage
from shell.i18n import Words, languages, load_catalogue
from shell.table import Table

PREFS = {"reasons": True, "hints": True, "pace": "instant", "tips": False}
IG = "incan-gold"


def _guided_table(seen=(), guided=True, known=()):
    info = games.find(IG)
    views = games.views(info)
    guide = views.guide()
    seats = guiding.guided_seats(guide, "Ann", lambda i: f"Bot {i + 1}")
    game = info.new_game(players=len(seats), seed=guide.seed, names=[s["name"] for s in seats],
                         **dict(guide.options))
    table = Table(info, views, game, {"id": "g1", "seats": seats}, "now")
    table.guide = guiding.GuideRun(guide, info.catalogue_prefix, guided=guided, seen=seen, known=known)
    return table, Words(load_catalogue(), [s["name"] for s in seats])


def _draw(table, words):
    return table.regions(words, PREFS, unsaved=False, conflict=False)


def _bots_play(table, words, rng):
    """The bots' choices (random, quick) until the person decides or the game ends."""
    g = table.game
    while not g.is_over and table.seats[g.to_move]["type"] == "bot":
        table.apply(rng.choice([a.text for a in g.legal_actions()]), words, PREFS)


def test_a_guided_game_shows_its_intro_first_then_the_steps_due_at_the_persons_decisions():
    table, words = _guided_table()
    run = table.guide
    intro = [s.id for s in run.guide.intro]
    assert intro == ["welcome", "goal", "rounds"]
    shown = []
    for _ in intro:                           # whoever is to move, the intro comes first
        regions, attrs = _draw(table, words)
        shown.append(attrs["data-guide-step"])
        assert f'data-step="{attrs["data-guide-step"]}"' in regions["guide"]
        assert run.holds_bots()
        run.mark(run.shown)
    assert shown == intro and not run.holds_bots()
    _bots_play(table, words, random.Random(1))
    regions, attrs = _draw(table, words)
    # the deal opens on a hazard: the ruling is explained first, pointing at that card
    assert attrs["data-guide-step"] == "first_hazard"
    assert attrs["data-guide-target"] == '#board .ig-path [data-card="0"]'
    assert 'data-card="0"' in regions["board"] and "ig-card-hazard" in regions["board"]
    assert 'data-act="guide-next" data-v="first_hazard"' in regions["guide"]
    assert "[ig.guide" not in regions["guide"] and "[shell.guide" not in regions["guide"]


def test_a_step_on_screen_when_the_person_decides_counts_as_seen_and_is_kept_in_the_save():
    table, words = _guided_table(seen=["welcome", "goal", "rounds"])
    _bots_play(table, words, random.Random(2))
    _regions, attrs = _draw(table, words)
    step = attrs["data-guide-step"]
    assert step == "first_hazard"
    table.apply("torch", words, PREFS)        # decided with it on screen
    assert table.guide.seen[-1] == step and table.guide.shown is None
    assert table.guide.save_field() == {"seen": ["welcome", "goal", "rounds", step]}


def test_a_resumed_guided_game_shows_no_step_twice():
    """Steps seen before a reload are never shown after it (the save keeps them); the one on
    screen, not yet seen, is shown again where it stood."""
    backend = storage.DictBackend()
    store = storage.Store(backend)
    table, words = _guided_table()
    rng = random.Random(3)
    seen_order = []
    for _ in range(6):                        # the intro and a few steps, each "Got it"
        _regions, attrs = _draw(table, words)
        seen_order.append(attrs["data-guide-step"])
        table.guide.mark(attrs["data-guide-step"])
        _bots_play(table, words, rng)
    g = table.game
    rec = storage.make_record("g1", table.seats, g.to_save(), created="c", updated="u",
                              meta=storage.game_meta(g, table.seats), game=IG,
                              guide=table.guide.save_field())
    store.put(rec)
    back = store.get("g1")
    assert back["guide"] == {"seen": seen_order}
    info = games.find(IG)
    again = Table(info, games.views(info), info.load_game(back["save"]), back, "now")
    again.guide = guiding.GuideRun(games.views(info).guide(), "ig.", guided=True,
                                   seen=back["guide"]["seen"])
    shown_after = []
    while not again.game.is_over and len(shown_after) < 40:
        _bots_play(again, words, rng)
        if again.game.is_over:
            break
        _regions, attrs = _draw(again, words)
        if attrs["data-guide-step"]:
            shown_after.append(attrs["data-guide-step"])
            again.guide.mark(attrs["data-guide-step"])
            continue
        again.apply(rng.choice(["torch", "camp"]), words, PREFS)
    assert shown_after and not set(shown_after) & set(seen_order)
    assert len(shown_after) == len(set(shown_after))


@pytest.mark.parametrize("damaged", [{"seen": "welcome"}, {"seen": [1, 2]}, {"seen": ["x" * 41]},
                                     ["welcome"], {"seen": ["s"] * 65}])
def test_a_saved_games_damaged_guide_mark_is_refused_whole(damaged):
    info = games.find(IG)
    seats = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate("ABC")]
    g = info.new_game(players=3, seed=1, names=list("ABC"))
    rec = storage.make_record("g1", seats, g.to_save(), created="c", updated="u",
                              meta={}, game=IG, guide=damaged)
    with pytest.raises(storage.RecordError, match="guide"):
        storage.validate_record(json.loads(json.dumps(rec)))


def test_an_ordinary_game_has_no_guide_mark_and_the_tips_seen_are_kept_per_game():
    info = games.find(IG)
    seats = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate("ABC")]
    g = info.new_game(players=3, seed=1, names=list("ABC"))
    rec = storage.validate_record(storage.make_record("g1", seats, g.to_save(), created="c",
                                                      updated="u", meta={}, game=IG))
    assert "guide" not in rec
    store = storage.Store(storage.DictBackend())
    assert store.tips_seen(IG) == []
    store.set_tips_seen(IG, ["choice", "share"])
    store.set_tips_seen("machu-picchu", ["goal"])
    assert store.tips_seen(IG) == ["choice", "share"] and store.tips_seen("machu-picchu") == ["goal"]
    store.backend.set(storage.TIPS_KEY, '{"incan-gold": [1, {"x": 2}], "nope": 3')   # damaged
    assert store.tips_seen(IG) == []
    store.set_tips_seen(IG, ["odds"])               # written anew over a damaged list
    assert store.tips_seen(IG) == ["odds"]


def test_tips_in_an_ordinary_game_skip_the_intro_and_every_step_seen_before():
    table, words = _guided_table(guided=False, known=["first_hazard", "share"])
    run = table.guide
    assert run.intro_step() is None and not run.holds_bots()
    _bots_play(table, words, random.Random(4))
    regions, attrs = _draw(table, words)
    assert attrs["data-guide-step"] == "carry"          # the first due one not known yet
    assert 'data-act="guide-tips-off"' in regions["guide"]
    assert run.save_field() is None
    run.mark("carry")
    assert run.known == ["first_hazard", "share", "carry"]


def test_no_step_while_others_decide_nor_once_the_game_is_over():
    table, words = _guided_table(seen=["welcome", "goal", "rounds"])
    g = table.game
    assert table.seats[g.to_move]["type"] == "bot"      # the guide's deal: a bot chooses first
    _regions, attrs = _draw(table, words)
    assert attrs["data-guide-step"] == ""
    rng = random.Random(5)
    while not g.is_over:
        _bots_play(table, words, rng)
        if not g.is_over:
            table.apply("torch", words, PREFS)
    regions, attrs = _draw(table, words)
    assert attrs["data-guide-step"] == "" and regions["guide"] == ""


def test_a_step_whose_test_or_target_fails_shows_nothing_rather_than_breaking_the_screen():
    def broken(ctx):
        raise KeyError("x")
    guide = Guide(seed=1, bots=("random", "random"), steps=(
        GuideStep("bad", when=broken), GuideStep("odd", target=broken, params=broken)))
    run = guiding.GuideRun(guide, "ig.", guided=False)
    assert run.step(None, deciding=True) is None
    step = guide.steps[1]
    assert guiding.step_target(step, None) == "" and guiding.step_params(step, None) == {}
    assert not run.mark("unknown") and run.mark("odd") and not run.mark("odd")


def _selector_drawn(selector: str, html: str) -> bool:
    """A guide's selector ("#region .class [data-x=\"v\"]") against the regions' HTML: each of
    its classes and attributes is drawn (the browser walk checks the real layout)."""
    for cls in re.findall(r"\.([\w-]+)", selector):
        if not re.search(rf'class="[^"]*\b{re.escape(cls)}\b', html):
            return False
    for name, value in re.findall(r'\[([\w-]+)="([^"]*)"\]', selector):
        if f'{name}="{value}"' not in html:
            return False
    return True


def test_every_step_of_incan_golds_guide_comes_due_in_its_guided_game_and_points_at_something_drawn():
    """The guided deal played to its end (the person goes on to the fifth card, then home; the
    bots random, seeded): every step is shown, each pointing at what the regions drew."""
    table, words = _guided_table()
    rng = random.Random(7)
    g = table.game
    shown = []
    while not g.is_over:
        _bots_play(table, words, rng)
        if g.is_over:
            break
        regions, attrs = _draw(table, words)
        step = attrs["data-guide-step"]
        if step:
            html = "".join(regions.values())
            assert _selector_drawn(attrs["data-guide-target"], html), (step, attrs["data-guide-target"])
            shown.append(step)
            table.guide.mark(step)
            continue
        path = table.view(0).get("path") or ()
        table.apply("torch" if len(path) < 5 else "camp", words, PREFS)
    every = [s.id for s in table.guide.guide.intro + table.guide.guide.steps]
    assert sorted(shown) == sorted(every) and len(shown) == len(set(shown))


def test_every_step_is_worded_in_every_language():
    guide = games.views(games.find(IG)).guide()
    for lang in languages():
        catalogue = load_catalogue(lang)
        for step in guide.intro + guide.steps:
            for part in ("title", "html"):
                assert f"ig.guide.{step.id}.{part}" in catalogue, (lang, step.id, part)
        for msg in ("learn", "learn_title", "kicker", "tip", "next", "got_it", "tips_off"):
            assert f"shell.guide.{msg}" in catalogue, (lang, msg)


def test_the_home_card_offers_learn_to_play_for_a_game_with_a_guide():
    from shell import screens
    cards = [games.card(info) for info in games.available()]
    ig = next(c for c in cards if c["id"] == IG)
    assert ig["learn"] is True
    html = screens.game_cards_html(cards, IG)
    assert 'data-act="learn" data-v="incan-gold"' in html
    assert html.count('data-act="choose-game"') == len(cards)


def test_where_the_guide_stands_counts_no_step_that_may_never_come():
    """The panel's "where it stands" never promises a total the game may not reach: a step due
    only in some games (here one never due) would make "step 4 of 16" a lie. The intro says its
    place among the intro's steps (each one shows), then each step its number, no total."""
    from dataclasses import replace
    table, words = _guided_table()
    run = table.guide
    run.guide = replace(run.guide, steps=run.guide.steps + (GuideStep("never", when=lambda _ctx: False),))
    kickers = []
    for _ in run.guide.intro:
        regions, _attrs = _draw(table, words)
        kickers.append(re.search(r'class="guide-kicker">([^<]*)<', regions["guide"]).group(1))
        run.mark(run.shown)
    _bots_play(table, words, random.Random(1))
    regions, attrs = _draw(table, words)
    assert attrs["data-guide-step"] == "first_hazard"
    kickers.append(re.search(r'class="guide-kicker">([^<]*)<', regions["guide"]).group(1))
    assert kickers == ["Learn to play · introduction 1 of 3", "Learn to play · introduction 2 of 3",
                       "Learn to play · introduction 3 of 3", "Learn to play · step 4"], kickers


@pytest.mark.parametrize("person", ["Bot 2", " bot 3 ", "Ann"])
def test_a_guided_game_never_gives_a_bot_the_persons_name(person):
    """"Learn to play" names the person as the form does: a person named "Bot 2" (a bot's default
    name, in any case) keeps it and that bot takes the next free default name; the seats pass
    the form's own check that no two players share a name."""
    guided = [info for info in games.available() if games.has_guide(info)]
    assert len(guided) == 2, "both games have a guided first game"
    for info in guided:
        guide = games.views(info).guide()
        seats = guiding.guided_seats(guide, person.strip(), lambda i: f"Bot {i + 1}")
        names = [s["name"].casefold() for s in seats]
        assert len(set(names)) == len(names), (info.id, names)
        assert seats[0]["name"] == person.strip()
        assert storage.validate_seats(seats, info=info, distinct=True) == seats
        defaults = [f"Bot {i + 1}" for i in range(1, len(seats))]
        if person == "Ann":       # nothing to move: the bots keep their seat's default name
            assert [s["name"] for s in seats[1:]] == defaults
