"""The page's log panel, replay lines and "since your last turn" summary word the engine's events
from the catalogue; the bots' reasons are shown in the hints' player words (old saves' texts as
they are); the viewer's own lines in the summary say "You"."""
import json
import random
import re

import pytest
from pathlib import Path
from types import SimpleNamespace

import machu_picchu as mp
import games.machu_picchu as mpweb
from games.machu_picchu import follow, panels
from kit.seats import style_seats
from machu_picchu.bots import STYLES, make_bot
from machu_picchu.events import PRIVATE_IDS, texts
from shell.i18n import Words, load_catalogue

NAMES = ["Ann", "Bob", "Cy"]
OLD = Path(__file__).resolve().parents[2] / "engine" / "data" / "prose_log_game.json"


def plain(html: str) -> str:
    return re.sub(r"<[^>]*>", "", html).replace("&#x27;", "'").replace("&amp;", "&")


def played(seed=3, actions=80):
    game = mp.new_game(players=3, seed=seed, names=NAMES)
    rng = random.Random(seed)
    while not game.is_over and len(game.history) < actions:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_log_panel_words_every_event_from_the_catalogue_and_marks_private_lines():
    game = played()
    seat = next(s for s in range(3) if any(e[0] in PRIVATE_IDS for e in game.log_for(s)))
    events = game.view(seat)["log"]
    html = panels.log_html(panels.merge_reasons(events, game.log, [], False), NAMES)
    items = re.findall(r"<li([^>]*)>(.*?)</li>", html)
    assert [plain(body) for _attrs, body in items] == texts(events, NAMES)
    assert "<bdi>Ann</bdi>" in html and "[mp." not in html
    private = [attrs for attrs, _b in items if 'class="private"' in attrs]
    assert len(private) == sum(e[0] in PRIVATE_IDS for e in events)
    assert all('data-ev="mp.ev.you_' in a for a in private)


def test_a_bots_reason_is_shown_in_player_words_and_an_old_text_as_it_was():
    game = mp.new_game(players=3, seed=4, names=NAMES)
    for _ in range(8):                                   # past the set-up, into the first turns
        seat = game.to_move
        decision = make_bot("medium", seed=1).choose(game, seat)
        if game.prompt[0] == "turn":
            break
        game.apply(decision.action)
    before = len(game.log)
    reason = mpweb.bot_reason(game, seat, decision.action, decision.reason, {"level": "medium"})
    assert isinstance(reason, list) and len(json.dumps(reason[1])) <= mpweb.MAX_REASON_JSON
    assert "look-ahead" in decision.reason                   # the bot's developer words ...
    game.apply(decision.action)
    html = panels.log_html(panels.merge_reasons(game.log, game.log, [[before, reason],
                                                                     [0, "old <b>text</b>"]], True),
                           NAMES)
    reasons = re.findall(r'<li class="reason">(.*?)</li>', html)
    assert len(reasons) == 2
    assert "old &lt;b&gt;text&lt;/b&gt;" in reasons[0]           # a saved text stays text
    assert "look-ahead" not in reasons[1] and "[mp." not in reasons[1]   # ... never shown
    assert re.search(r"why: [A-Z]", plain(reasons[1]))
    # a random bot keeps its own words
    assert mpweb.bot_reason(game, game.to_move, game.legal_actions()[0], "picks x",
                            {"level": "random"}) == "picks x"


@pytest.mark.parametrize("style", list(STYLES))
def test_a_strategists_reason_is_shown_in_player_words_too(style):
    """A strategist seat (a style offered on the form) explains itself in English developer words
    ("builder: works on: plaza"): the log keeps the structured reason of its move instead, which
    every language words, never the English text."""
    game = mp.new_game(players=3, seed=4, names=NAMES)
    bot = make_bot(style, seed=1)
    while game.prompt[0] != "turn" or len(game.legal_actions()) < 2:
        game.apply(bot.choose(game, game.to_move).action)
    seat = game.to_move
    decision = bot.choose(game, seat)
    assert decision.reason.startswith(style + ":")           # the style's own English words
    before = len(game.log)
    reason = mpweb.bot_reason(game, seat, decision.action, decision.reason, {"level": style})
    assert isinstance(reason, list) and reason[0] != "other", reason
    game.apply(decision.action)
    for lang in ("en", "fr"):
        words = Words(load_catalogue(lang)).with_names(NAMES)
        with mpweb.speaking(words):
            html = panels.log_html(panels.merge_reasons(game.log, game.log, [[before, reason]], True),
                                   NAMES)
        shown = plain(re.findall(r'<li class="reason">(.*?)</li>', html)[0])
        assert style + ":" not in shown and "[mp." not in shown, (lang, shown)


def test_reasons_saved_by_index_still_fall_after_their_line_in_an_old_game():
    old = json.loads(OLD.read_text(encoding="utf-8"))
    game = mp.load_game(old["save"])
    k = 40
    html = panels.log_html(panels.merge_reasons(game.log, game.log, [[k, "kept"]], True), game.names)
    lines = [plain(x) for x in re.findall(r"<li[^>]*>(.*?)</li>", html)]
    at = lines.index("↳ why: kept")
    assert lines[at - 1] == texts([game.log[k]], game.names)[0]
    assert lines[at - 1].split()[:3] == old["public"][k].split()[:3]


def test_the_summary_says_you_for_the_viewer_and_names_the_others():
    game = mp.new_game(players=3, seed=5, names=NAMES)
    rng = random.Random(5)
    while not (game.day >= 3 and game.prompt[0] == "turn"):
        game.apply(rng.choice(game.legal_actions()))
    seats = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(NAMES)]
    words = Words(load_catalogue()).with_names(NAMES)
    for viewer in range(3):
        ctx = SimpleNamespace(game=game, seat=viewer, memo={}, styles=style_seats(seats),
                              t=lambda msg_id, params=None: words.t(msg_id, params))
        steps = follow.steps_since(ctx, 3)
        html = follow.summary_html(steps, ctx.t, ctx.styles, viewer=viewer)
        who = re.findall(r'<li data-seat="(\d)">.*?<b>(.*?)</b>', html)
        assert who and "[mp." not in html
        for seat, name in who:
            assert name == ("You" if int(seat) == viewer else f"<bdi>{NAMES[int(seat)]}</bdi>")
        assert f"<bdi>{NAMES[viewer]}</bdi>" not in html


def test_a_game_with_the_bots_reasons_saves_and_loads_within_the_records_bounds():
    """Reasons nest (a move's reason holds the reasons of what follows it): packed, every one
    fits the saved record's nesting and size bounds, so the game reopens, and unpacked it is
    the bots' structured reason again."""
    from machu_picchu.bots.reasons import why
    from shell import storage
    game = mp.new_game(players=3, seed=2, names=NAMES)
    bots = [make_bot("medium", seed=s) for s in range(3)]
    reasons = []
    nested = 0
    while not game.is_over and len(game.history) < 140:
        seat = game.to_move
        decision = bots[seat].choose(game, seat)
        reason = mpweb.bot_reason(game, seat, decision.action, decision.reason, {"level": "medium"})
        if len(game.legal_actions()) > 1:
            assert isinstance(reason, list), reason
            g = game.determinize(seat, random.Random(len(game.history)))
            action = next(a for a in g.legal_actions() if a.text == decision.action.text)
            assert mpweb.unpack_reason(reason) == why(g, seat, action)
            nested += "parts" in json.dumps(reason)
        reasons.append([len(game.log), reason])
        game.apply(decision.action)
    assert nested > 10
    seats = [{"name": n, "type": "bot", "level": "medium", "style": i} for i, n in enumerate(NAMES)]
    rec = storage.make_record("r1", seats, game.to_save(), created="", updated="",
                              meta=storage.game_meta(game, seats, "Day 3"), reasons=reasons,
                              game="machu-picchu")
    back = storage.validate_record(storage.read_json(json.dumps(rec), "the saved game"))
    assert back["reasons"] == reasons
    html = panels.log_html(panels.merge_reasons(game.log, game.log, back["reasons"], True), NAMES)
    assert html.count('class="reason"') == len(reasons) and "[mp." not in html


def test_the_hard_bots_reason_gives_its_search_figures_in_player_words_about_the_bot():
    """The hard bot's figures (Decision.figures) are kept as data beside its structured reason
    (the page's test of thinking ahead reads "ahead" there) and worded for players; the reason
    speaks of the bot ("its ..."), the hint of the same reason to the player ("your ...")."""
    from games.machu_picchu.words import hint_text
    game = played(seed=6, actions=60)
    while game.prompt[0] != "turn" or len(game.legal_actions()) < 3:
        game.apply(random.Random(len(game.history)).choice(game.legal_actions()))
    seat = game.to_move
    decision = make_bot("hard", seed=1, iterations=40).choose(game, seat)
    assert decision.figures["games"] == 40 and "simulated futures" in decision.reason
    figures = dict(decision.figures, ahead=12)
    reason = mpweb.bot_reason(game, seat, decision.action, decision.reason, {"level": "hard"},
                              figures=figures)
    assert reason[1]["search"] == {"games": 40, "ahead": 12, "rate": figures["rate"]}
    assert len(json.dumps(reason[1])) <= mpweb.MAX_REASON_JSON
    line = plain(panels.reason_html(reason, NAMES))
    assert line.endswith(f"Thought ahead over 40 possible games (12 of them while the others "
                         f"decided): this move won {round(100 * figures['rate'])}% of its games.")
    assert "simulated" not in line and "search:" not in line and "[mp." not in line
    # one parameter picks the person: the same reason about the bot or to the player
    about = [str(hint_text(["icons", {"icon": "llama", "n": 2}], who=w)) for w in ("bot", "you")]
    assert about == ["Its cards show 2 llama icons.", "Your cards show 2 llama icons."]
    # figures alone when the reason itself is too big to save; a text from an old save as it is
    alone = plain(panels.reason_html(["searched", {"search": {"games": 1, "rate": 1.0}}]))
    assert alone == "Thought ahead over 1 possible game: this move won 100% of its games."
    assert plain(panels.reason_html("x (search: 9 simulated futures (3 thought ahead))")) == \
        "x (search: 9 simulated futures (3 thought ahead))"
