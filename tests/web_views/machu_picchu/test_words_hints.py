"""Hints in a player's words, with what they suggest marked on the board and in the controls."""
import random
import re

import machu_picchu as mp
from machu_picchu.bots import make_bot
from machu_picchu.bots.reasons import why
import games.machu_picchu as web_mp
from games.machu_picchu import board, controls
from games.machu_picchu.days import time_svg
from games.machu_picchu.rows import rows_svg
from games.machu_picchu.words import hint_text

# Words of the code, never of a player: action texts, the bot's internals, missing catalogue ids.
DEVELOPER = re.compile(r"adjust [+-]|[+-](?:llama|coca|pottery|cloth)\b|look-ahead|best of \d+ by|"
                       r"\bplan:|simulated futures|\[mp\.|\{\w+\}|Action\(|\bNone\b|\bTrue\b|"
                       r"\b(?:trail2|trail3|sunclock)\b|\w+-\w+ and|_")


def plain(html: str) -> str:
    """The hint's text without its closing full stop."""
    return re.sub(r"&#x27;", "'", re.sub(r"<[^>]*>", "", str(html))).removesuffix(".")


def test_typical_reasons_read_as_advice_to_the_player():
    assert plain(hint_text(["sell", {"good": "llama", "price": 5}])) == "Sell 1 llama first: it pays 5 corn"
    assert plain(hint_text(["sell", {"good": "llama", "price": 5, "target": "puma"}])) == (
        "Sell 1 llama first: it pays 5 corn (toward a Puma Priest)")
    assert plain(hint_text(["adjust_remove", {"good": "llama"}])) == (
        "First remove 1 llama from the market: your llamas then sell for more")
    go = ["go", {"district": "corn", "parts": [["bonus", {"n": 6, "good": "corn"}],
                                               ["farmers", {"n": 1, "corn": 3}]]}]
    assert plain(hint_text(go)) == "Go to the Corn Terraces: take the bonus (6 corn); your farmer makes 3 corn"
    plaza = ["go", {"district": "plaza", "parts": [["trades", {
        "parts": [["trade_adjust_remove", {"good": "cloth", "n": 1}], ["trade_sell", {"good": "cloth", "n": 2}],
                  ["trade_buy", {"good": "coca", "n": 1}]], "for_row": "virgin"}]]}]
    assert plain(hint_text(plaza)) == ("Go to the Central Plaza: remove 1 cloth from the market, "
                                       "sell 2 cloth and buy 1 coca, for a Virgin of the Sun")
    stay = ["stay", {"tile": "trail2", "ends_day": True, "last_day": False}]
    assert plain(hint_text(stay)).startswith("Stay and take the 2-step moon tile")
    assert "Sun tile" in plain(hint_text(stay))
    sun = ["sunclock", {"prof": "farmer", "last_day": True, "scores_nothing": False}]
    assert "at once" in plain(hint_text(sun)) and "tonight" not in plain(hint_text(sun))
    assert plain(hint_text(["return", {"cards": ["coca-puma", "corn-sun"], "n": 2, "vp": 21}])).startswith(
        "Put back coca + puma and corn + sun:")
    assert plain(hint_text(["acquire", {"row": "puma", "why": ["icons", {"icon": "puma", "n": 1}]}])) == (
        "Acquire a Puma Priest: your cards show 1 puma icon")


def test_a_hint_that_ends_the_game_says_so_in_player_words():
    acquire = ["acquire", {"row": "virgin", "why": ["icons", {"icon": "sun", "n": 4}]}]
    win = plain(hint_text(["ending", {"end": "priests", "win": True, "why": acquire}]))
    assert win == ("Acquire a Virgin of the Sun: your cards show 4 sun icons; it is the last "
                   "Priest or Virgin: it ends the game, and you should win")
    for end in ("cards", "conquest"):
        lose = plain(hint_text(["ending", {"end": end, "win": False, "why": acquire}]))
        assert "ends the game" in lose and "you should win" not in lose
        assert not DEVELOPER.search(lose), lose


def test_hints_of_random_positions_speak_no_developer_words():
    rng = random.Random(5)
    seen = set()
    you = []               # hints that address the player (their words about a bot must not)
    for seed in range(3):
        game = mp.new_game(players=3, seed=seed)
        while not game.is_over:
            seat = game.to_move
            if rng.random() < 0.3:
                g = game.determinize(seat, random.Random(seed))
                for action in g.legal_actions()[:10]:
                    text = plain(hint_text(why(g, seat, action)))
                    assert text and text[0].isupper(), text
                    assert not DEVELOPER.search(text), text
                    seen.add(text.split(":")[0].split(" ")[0])
                    about_bot = plain(hint_text(why(g, seat, action), who="bot"))
                    assert not re.search(r"\b(?:you|your)\b", about_bot, re.I), about_bot
                    assert not DEVELOPER.search(about_bot), about_bot
                    you.append(re.search(r"\b(?:you|your)\b", text, re.I) is not None)
            legal = game.legal_actions()
            active = [a for a in legal if not a.text.endswith((" 0", " nothing", " nobody"))]
            game.apply(rng.choice(active if active and rng.random() < 0.9 else legal))
    assert {"Go", "Stay", "Sell", "Buy", "Produce", "Leave"} <= seen, seen
    assert sum(you) > 20, sum(you)


def test_the_page_asks_the_reason_from_the_seat_s_side_and_words_it():
    game = mp.new_game(players=3, seed=4)
    while game.prompt[0] != "turn" or game.prince[game.to_move] < 0:
        game.apply(game.legal_actions()[0])
    seat = game.to_move
    decision = make_bot("medium", seed=1).choose(game, seat)
    html = web_mp.hint_words(game, seat, decision.action)
    assert plain(html)[:1].isupper() and not DEVELOPER.search(plain(html)), html
    assert "look-ahead" not in html and "plan:" not in html


def hinted(html):
    return re.findall(r'data-act="([^"]+)"(?: data-v="([^"]*)")? data-hinted', html)


def test_the_hinted_district_and_controls_are_marked():
    game = mp.new_game(players=3, seed=4)
    while game.prompt[0] != "turn" or game.prince[game.to_move] < 0:
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_move)
    draft = controls.new_draft(0, view)
    move = next(t for t in view["legal"] if t.startswith("move "))
    district = move.split()[1]
    assert controls.hint_district(view, move) == district
    assert hinted(controls.controls_html(view, draft, hint=move)) == [("district", district)]
    svg = board.board_svg(view, None, *controls.board_targets(view, draft), hinted=district)
    assert svg.count("mp-ring-hint") == 1
    assert re.search(r'class="[^"]*mp-hinted[^"]*" data-district="' + district, svg)
    stay = next((t for t in view["legal"] if t.startswith("stay ")), None)
    if stay:
        assert hinted(controls.controls_html(view, draft, hint=stay)) == [("tile", stay.split()[1])]
        assert controls.hint_district(view, stay) is None
    assert "data-hinted" not in controls.controls_html(view, draft, hint="move nowhere")
    # a count: the button that leads there, then the confirm
    produce = dict(view, prompt={"kind": "produce", "seat": game.to_move, "district": "llama", "incas": 2},
                   legal=["produce 0", "produce 1", "produce 2"])
    d = controls.new_draft(0, produce)
    assert hinted(controls.controls_html(produce, d, hint="produce 1")) == [("dec", "")]
    assert hinted(controls.controls_html(produce, dict(d, count=1), hint="produce 1")) == [("confirm", "")]
    # a market trade
    market = dict(view, prompt={"kind": "market", "seat": game.to_move}, legal=["sell llama", "done"])
    assert ("apply", "sell llama") in hinted(controls.controls_html(market, d, hint="sell llama"))
    # ... and a market adjustment (its "−"/"+" buttons are named for speech: aria-label)
    market = dict(market, legal=["adjust -llama", "adjust +coca", "sell llama", "done"])
    for adjust in ("adjust -llama", "adjust +coca"):
        assert hinted(controls.controls_html(market, d, hint=adjust)) == [("apply", adjust)]


def test_the_hinted_priest_or_virgin_and_moon_tile_are_marked_on_the_board():
    """An acquire decision: the rows one may pick are buttons (named, with their state, the
    hint's said and ringed); a stay: the hinted moon tile is ringed and says so."""
    for seed in range(40):                 # the first acquire with two cards to choose from
        game, rng = mp.new_game(players=3, seed=seed), random.Random(seed)
        while not game.is_over and (game.prompt[0] != "acquire" or len(game.legal_actions()) < 3):
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            break
    view = game.view(game.to_move)
    picks = [t for t in view["legal"] if t != "acquire nothing"]
    hint = picks[-1]
    row = hint.split()[1]
    rows = controls.board_rows(view, {"choice": picks[0]}, hint)
    assert rows == {"picks": [t.split()[1] for t in picks], "picked": picks[0].split()[1],
                    "hinted": row}
    svg = rows_svg(view, **rows)
    buttons = re.findall(r'<g class="([^"]*)" data-row="(\w+)"[^>]*><g aria-hidden="true">.*?'
                         r'<g class="mp-row-btn" role="button" tabindex="0" '
                         r'data-pick="acquire (\w+)" aria-pressed="(\w+)" aria-label="([^"]*)"', svg)
    assert [b[1] for b in buttons] == rows["picks"] and all(b[1] == b[2] for b in buttons)
    for cls, name, _, pressed, label in buttons:
        assert label.startswith("Acquire a ") and "pay " in label
        assert (pressed == "true") == (name == rows["picked"]) == ("; chosen" in label)
        assert ("mp-hinted" in cls) == (name == row) == ("the hint suggests it" in label)
    assert svg.count("mp-ring-hint") == 1
    assert len(re.findall(r'role="img"', svg)) == 3 - len(buttons)      # the others: pictures
    assert controls.board_rows(view, {}, "acquire nothing")["hinted"] is None
    assert rows_svg(view).count('role="button"') == 0              # nobody deciding
    # a stay's moon tile
    tile = view["moon_tiles"][0]
    time = time_svg(view, None, [tile], hinted=tile)
    assert re.search(r'mp-stay mp-hinted" data-tile="' + tile + r'" tabindex="0" role="button" '
                     r'aria-label="Stay and take this tile\. [^"]*The hint suggests it\."', time)
    assert time.count("mp-ring-hint") == 1
    assert time_svg(view, None, [], hinted=tile).count("mp-ring-hint") == 0
    assert controls.hint_tile(dict(view, legal=[f"stay {tile}"]), f"stay {tile}") == tile
    assert controls.hint_tile(view, "move plaza") is None
