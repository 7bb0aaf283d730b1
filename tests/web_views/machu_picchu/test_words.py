"""Machu Picchu's words: counts agree with their nouns and verbs everywhere a player reads them
(views, log, bots' reasons), day 9 pays at once, the moon-tile counter says what it counts."""
import json
import random
import re
from html import unescape
from pathlib import Path

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.bots.reasons import explain
from machu_picchu.events import Msg, text, texts
from games.machu_picchu import controls, panels
from games.machu_picchu.words import event_html

ROOT = Path(__file__).resolve().parents[3]
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]     # no digit in a name: it would read as a count
SEATS = [{"name": NAMES[i], "type": "human" if i == 0 else "bot", "level": "medium", "style": i}
         for i in range(5)]

# Nouns a count goes with in the game's words: (singular, plural).
NOUNS = [("llama", "llamas"), ("Inca", "Incas"), ("card", "cards"), ("step", "steps"),
         ("farmer", "farmers"), ("temple stone", "temple stones"), ("icon", "icons"),
         ("point", "points"), ("moon tile", "moon tiles"), ("Priest", "Priests"),
         ("Virgin", "Virgins"), ("turn", "turns"), ("district", "districts"), ("good", "goods")]
ONE_PLURAL = re.compile(r"(?<![\d.,])1 (?:\w+ )?(" + "|".join(p for _s, p in NOUNS) + r")\b")
MANY_SINGULAR = re.compile(r"(?<![\d.,])(?!1\b)\d+ (?:\w+ )?(" + "|".join(s for s, _p in NOUNS)
                           + r")\b(?!s)")
ONE_VERB = re.compile(r"(?<![\d.,])1 (?:\w+ )?(?:" + "|".join(s for s, _p in NOUNS)
                      + r") (make|produce|return|win|sacrifice|advance)\b")
MANY_VERB = re.compile(r"(?<![\d.,])(?!1\b)\d+ (?:\w+ )?(?:" + "|".join(p for _s, p in NOUNS)
                       + r") (makes|produces|returns|wins|sacrifices|advances)\b")


def slips(text: str) -> list[str]:
    """Every count that disagrees with its noun or verb in `text` (HTML tags dropped)."""
    # inline tags join words; any other tag ends a phrase (a panel's label and the next number)
    plain = re.sub(r"</?(?:b|i|bdi|small)\b[^>]*>", " ", text)
    plain = unescape(re.sub(r"<[^>]*>", " | ", plain))
    plain = re.sub(r"\s+", " ", plain)
    found = []
    for pattern in (ONE_PLURAL, MANY_SINGULAR, ONE_VERB, MANY_VERB):
        found += [plain[max(0, m.start() - 30):m.end() + 10] for m in pattern.finditer(plain)]
    return found


def test_the_checker_catches_the_slips_of_the_issue():
    assert slips("Ann's 1 farmer make 3 corn.")
    assert slips("Bob produces 2 llama.")
    assert slips("pay 1 corn, get 1 llamas")
    assert slips("your 2 Virgin of the Sun may sacrifice")
    assert not slips("Ann's 1 farmer makes 3 corn; 2 farmers make 6 corn; 3 corn, 1 llama, 2 llamas.")
    assert not slips('<b>1</b> llama · <span title="x">12</span> steps')


def random_positions(games=8, every=3):
    """Positions of random games (learning variant too), every few decisions, up to the end."""
    rng = random.Random(12)
    for seed in range(games):
        n = 2 + seed % 4
        game = mp.new_game(players=n, seed=seed, learning=seed % 2 == 1, names=NAMES[:n])
        k = 0
        while not game.is_over:
            if k % every == 0:
                yield game
            legal = game.legal_actions()
            active = [a for a in legal if not a.text.endswith((" 0", " nothing", " nobody"))]
            game.apply(rng.choice(active if active and rng.random() < 0.9 else legal))
            k += 1
        yield game


def rendered(game) -> str:
    """Every panel and control a player reads in this position (the deciding seat's view)."""
    n = game.n
    seats = SEATS[:n]
    styles = panels.style_seats(seats)
    seat = game.to_move
    view = game.view(seat)
    parts = [panels.topinfo_html(view),
             panels.status_html(view, seats, styles, viewer=seat, thinking=None),
             panels.players_html(view, seats, styles, viewer=seat, thinking=None)]
    if game.is_over:
        parts.append(panels.end_html(view, seats, styles))
        return "".join(parts)
    parts.append(panels.hand_html(view, seats, seat))
    draft = controls.new_draft(0, view)
    parts.append(controls.controls_html(view, draft))
    if view["prompt"]["kind"] in controls.COUNT_KINDS:      # every count a player can dial
        lo, hi = controls.count_range(view)
        for k in range(lo, hi + 1):
            parts.append(controls.controls_html(view, dict(draft, count=k)))
    return "".join(parts)


def test_no_count_disagrees_with_its_noun_or_verb_in_views_logs_and_reasons():
    bad = []
    reasons = 0
    rng = random.Random(3)
    for game in random_positions():
        bad += slips(rendered(game))
        if not game.is_over and rng.random() < 0.15:   # the bots' reasons for a few choices
            seat = game.to_move
            g = game.determinize(seat, random.Random(1))
            for action in g.legal_actions()[:6]:
                bad += slips(str(explain(g, seat, action)))
                reasons += 1
        if game.is_over:
            bad += slips(" ".join(texts(game.log_for(0), game.names)))
    assert reasons > 20
    assert not bad, bad[:10]


def test_the_log_says_one_farmer_makes_and_two_llamas():
    names = ["Ann", "Bob"]
    farmers = [Msg.FARMERS, {"seat": 0, "n": 1, "corn": 3}]
    assert text(farmers, names) == "Ann's 1 farmer makes 3 corn."
    assert text([Msg.FARMERS, {"seat": 1, "n": 2, "corn": 6}], names) == "Bob's 2 farmers make 6 corn."
    assert text([Msg.PRODUCE, {"seat": 0, "n": 2, "gains": [["llama", 2]]}], names) == \
        "Ann pays 2 corn and produces 2 llamas."
    assert text([Msg.BONUS, {"seat": 0, "gains": [["cloth", 2]]}], names) == "Ann takes the bonus: 2 cloth."
    assert text([Msg.SUNCLOCK_RETURN, {"seat": 1, "n": 1}], names) == "Bob's 1 Inca returns from the Sun Clock."
    # the page words the same event from the same catalogue (names isolated)
    assert event_html(farmers, names) == "<bdi>Ann</bdi>&#x27;s 1 farmer makes 3 corn."


def day9_turn():
    """A game on day 9 at a turn where the player may stay (take a moon tile)."""
    rng = random.Random(1)
    game = mp.new_game(players=2, seed=4)
    while not (game.day == D.LAST_DAY and game.prompt and game.prompt[0] == "turn"
               and any(a.kind == "stay" for a in game.legal_actions())):
        legal = game.legal_actions()
        stays = [a for a in legal if a.kind == "stay"]
        game.apply(stays[0] if stays else rng.choice(legal))
    return game


def test_day_9_moon_tiles_and_sun_clock_say_they_pay_at_once():
    game = day9_turn()
    view = game.view(game.to_move)
    html = controls.controls_html(view, controls.new_draft(0, view))
    titles = re.findall(r'data-act="tile"[^>]*title="([^"]*)"', html)
    assert titles and all("at once" in x and "night" in x and "tonight" not in x for x in titles)
    # the Sun Clock's question and summary, and the Sun Clock goods
    sun = dict(view, prompt={"kind": "sunclock", "seat": game.to_move, "district": "sunclock"},
               legal=["sunclock farmer", "sunclock nobody"])
    me = sun["players"][game.to_move]
    me["incas"]["farmer"] = max(1, me["incas"]["farmer"])
    html = controls.controls_html(sun, dict(controls.new_draft(0, sun), choice="sunclock farmer"))
    assert "at once" in html and "tonight" not in html
    take = dict(view, prompt={"kind": "take", "seat": game.to_move},
                legal=["take corn+llama+coca"])
    assert "pays at once" in controls.controls_html(take, controls.new_draft(0, take))
    players = panels.players_html(view, SEATS[:2], panels.style_seats(SEATS[:2]), viewer=0,
                                  thinking=None)
    assert "tonight" not in players


def test_before_day_9_moon_tiles_and_sun_clock_pay_tonight():
    game = mp.new_game(players=2, seed=4)
    while not (game.prompt[0] == "turn" and any(a.kind == "stay" for a in game.legal_actions())):
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_move)
    html = controls.controls_html(view, controls.new_draft(0, view))
    titles = re.findall(r'data-act="tile"[^>]*title="([^"]*)"', html)
    assert titles and all("tonight" in x and "at once" not in x for x in titles)
    assert any("1 llama for 1 corn" in x for x in titles) or not any("llama" in x for x in titles)


def test_the_moon_tile_counter_counts_every_tile_taken_today():
    game = mp.new_game(players=4, seed=2)
    view = game.view(None)
    assert re.search(r"Moon tiles today <b>0</b>/3", panels.topinfo_html(view))
    view = dict(view, tiles_today=2)
    assert re.search(r"Moon tiles today <b>2</b>/3", panels.topinfo_html(view))
    view = dict(view, tiles_today=4, final_turns=2)    # the 3rd ended the day; one more was taken
    html = panels.topinfo_html(view)
    assert "<b>4</b>" in html and "/3" not in html.split("Moon tiles")[1].split("</span>")[0]
    assert "4 moon tiles taken today; the 3rd ended the day" in html
    assert "2 turns left today" in html
    # the last turns stand beside the day, before the facts the one-row bar may cut
    facts = re.findall(r"<span[^>]*>([^<]+)", html)
    assert facts[:2] == ["Day ", "Last turns: "], facts


def test_the_catalogue_is_one_entry_per_id_and_every_mp_id_used_exists():
    folder = ROOT / "web" / "games" / "machu_picchu" / "locales" / "en"
    ids = {}
    for path in sorted(folder.glob("*.json")):
        for key in json.loads(path.read_text(encoding="utf-8")):
            assert key not in ids, f"{key} in {path.name} and {ids[key]}"
            ids[key] = path.name
    used = set()
    for path in (ROOT / "web" / "games" / "machu_picchu").glob("*.py"):
        used |= set(re.findall(r'"(mp\.[a-z0-9_.]+)"', path.read_text(encoding="utf-8")))
    missing = {u for u in used if u not in ids and not u.endswith(".")}
    assert not missing, sorted(missing)


def test_player_panel_tooltips_tell_facts_not_icon_names():
    game = mp.new_game(players=2, seed=3, names=NAMES[:2])
    while game.prompt[0] == "setup":
        game.apply("place farmer")
    view = game.view(0)
    html = panels.players_html(view, SEATS[:2], panels.style_seats(SEATS[:2]), viewer=0, thinking=None)
    first = html.split("</article>")[0]
    corn = view["players"][0]["goods"]["corn"]
    assert f'title="corn: {corn}"' in first
    assert 'title="Farmers in the Corn Terraces: 1"' in first
    assert 'title="Shepherds in the Llama Meadow: 0"' in first or "Shepherds in the" in first
    # the icons inside a fact carry no tooltip of their own (it would hide the fact's)
    for span in re.findall(r'<span class="(?:good|inca)"[^>]*>.*?</span>', first):
        assert "<title>" not in span
    # the priests say which is which, in words
    assert "Priests: condor <b>0</b>, puma <b>0</b>" in first
    assert 'title="Condor Priests: 0; Puma Priests: 0"' in first
    assert "0</b>+<b>" not in first
    assert 'title="2 sacrifice cards held' in first or 'title="1 sacrifice card held' in first


def test_the_catalogue_names_every_district_row_profession_good_and_tile():
    from games.machu_picchu.words import words
    cat = words().catalogue
    families = {"mp.district.": D.DISTRICTS, "mp.row.": D.ROWS, "mp.prof.": D.PROFESSIONS,
                "mp.profs.": D.PROFESSIONS, "mp.good.": D.GOODS, "mp.goods.": D.GOODS,
                "mp.n.": D.GOODS + D.ROWS, "mp.tile.": D.MOON_IDS, "mp.icon.": D.ICONS,
                "mp.level.": ("random", "easy", "medium", "hard")}
    missing = [prefix + x for prefix, ids in families.items() for x in ids if prefix + x not in cat]
    assert not missing, missing
    used = set()
    for path in (ROOT / "web" / "games" / "machu_picchu").glob("*.py"):
        used |= set(re.findall(r'"mp\.hint\.([a-z_]+)"', path.read_text(encoding="utf-8")))
    from machu_picchu.bots.reasons import BOT_WORDS
    # every kind of reason the bots give has the player's words for a hint, and the bot's own
    assert not [k for k in BOT_WORDS if "mp.hint." + k not in cat]


def test_the_sun_clock_on_the_board_pays_at_once_on_day_9():
    from games.machu_picchu import board
    game = day9_turn()
    svg = board.board_svg(game.view(None))
    sun = re.search(r'data-district="sunclock"[^>]*>\s*<title>([^<]*)</title>', svg).group(1)
    assert "at once" in sun and "at night" not in sun
    early = board.board_svg(mp.new_game(players=2, seed=4).view(None))
    sun = re.search(r'data-district="sunclock"[^>]*>\s*<title>([^<]*)</title>', early).group(1)
    assert "at night" in sun
