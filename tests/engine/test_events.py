"""The log as events (machu_picchu.events): every id the engine emits has words in the catalogue
(web/games/machu_picchu/locales/en/*.json, handed in by tests/conftest.py), each template uses only the parameters its events carry, plural
entries are chosen by "n", private events stay with their seat, and an old save's log says
what its English prose said."""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

import pytest

import machu_picchu as mp
from machu_picchu.events import ALL_MESSAGE_IDS, PRIVATE_IDS, catalogue, text, texts

from .support import begin, everyone_at, pass_turn, play, set_deck_size
from .test_game_end import last_card_position

DATA = Path(__file__).resolve().parent / "data"


def fields(template) -> set[str]:
    texts_ = template.values() if isinstance(template, dict) else [template]
    return {name for t in texts_ for _, name, _, _ in string.Formatter().parse(t) if name}


def random_games(count=16):
    for seed in range(count):
        n = 2 + seed % 4
        game = mp.new_game(players=n, seed=seed, learning=seed % 3 == 0)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            active = [a for a in legal if not a.text.endswith((" 0", " nothing", " nobody"))]
            game.apply(rng.choice(active if active and rng.random() < 0.9 else legal))
        yield game


def rare_ends():
    """The ends random games seldom reach: the last Priest, the deck out (with a summit after)."""
    game = last_card_position()
    play(game, "move virgins", "acquire virgin")
    yield game
    game = begin(2, start=0)
    everyone_at(game)
    set_deck_size(game, 1, dump_seat=1)
    game.trail[:] = [18, 19]
    play(game, "stay trail3", "stay trail2", "stay corn")
    pass_turn(game)
    yield game


@pytest.fixture(scope="module")
def emitted() -> dict[str, set[str]]:
    """Every event id seen (public and private), with the parameters it carried."""
    seen: dict[str, set[str]] = {}
    for game in [*random_games(), *rare_ends()]:
        for seat in range(game.n):
            for eid, params in game.log_for(seat):
                seen.setdefault(eid, set()).update(params)
    return seen


def test_every_event_id_is_emitted_and_has_words(emitted):
    assert set(emitted) == ALL_MESSAGE_IDS
    assert ALL_MESSAGE_IDS <= set(catalogue())


def test_every_template_uses_only_its_events_parameters(emitted):
    cat = catalogue()
    for eid in ALL_MESSAGE_IDS:
        assert fields(cat[eid]) <= emitted[eid], eid


def test_plural_entries_are_chosen_by_n_and_say_the_count(emitted):
    cat = catalogue()
    plural = [eid for eid in ALL_MESSAGE_IDS if isinstance(cat[eid], dict)]
    assert len(plural) >= 5
    for eid in plural:
        assert set(cat[eid]) == {"one", "other"} and "n" in emitted[eid], eid
    names = ["Ann", "Bob"]
    assert text(["mp.ev.summit", {"seat": 0, "n": 1}], names) == "Ann reaches the summit and draws 1 card."
    assert text(["mp.ev.summit", {"seat": 1, "n": 3}], names) == "Bob reaches the summit and draws 3 cards."
    assert text(["mp.ev.winners", {"winner_seats": [0, 1], "n": 2, "points": 40}], names) == \
        "Ann and Bob win with 40 points."
    assert text(["mp.ev.sacrifice", {"seat": 0, "n": 1, "llamas": 1, "steps": 1}], names) == \
        "Ann sacrifices 1 llama and advances 1 step."
    # a list of goods brings its own "and": the line says the rest without another
    assert text(["mp.ev.offer", {"seat": 0, "goods": ["corn", "coca", "pottery"], "steps": 6}],
                names) == "Ann offers 3 corn, coca and pottery, advancing 6 steps."


def test_a_whole_log_reads_as_words():
    game = next(random_games(1))
    lines = texts(game.log_for(0), ["Ann", "Bob"])
    assert lines and not [line for line in lines if re.search(r"[\[\]{}]|mp\.", line)]


def test_private_events_stay_with_their_seat():
    game = next(g for g in random_games() if any(e[0] == "mp.ev.you_draw" for e in g.log_for(0)))
    public = game.log
    assert not [e for e in public if e[0] in PRIVATE_IDS]
    for seat in range(game.n):
        own = [e for e in game.view(seat)["log"] if e[0] in PRIVATE_IDS]
        assert [who for who, eid, _p in game._log if eid in PRIVATE_IDS and who == seat]
        assert len(own) == sum(1 for who, eid, _p in game._log if who == seat)
        copy = game.determinize(seat, random.Random(1))
        assert copy.view(seat)["log"] == game.view(seat)["log"]


def test_the_log_is_a_copy():
    game = next(random_games(1))
    game.log[1][1]["seat"] = 99
    game.log_for(0)[-1][1].clear()
    assert game.log == mp.load_game(game.to_save()).log


def joined(line: str) -> str:
    """A line with its lists' joins made alike ("a, b and c", "a, b, c", "a and b") and cards
    named alike ("corn + llama", the page's way, and "corn-llama")."""
    return re.sub(r",? and |, ", " ; ", re.sub(r"(\w+) \+ (\w+)", r"\1-\2", line))


# Wordings changed on purpose since the prose, back to the prose's words for the comparison:
# "offers 3 corn, coca and pottery and advances 6 steps" had two "and"s.
REWORDED = ((re.compile(r"^(\S+ offers .*), advancing (\d+ steps?\.)$"), r"\1 and advances \2"),)


def reworded(line: str) -> str:
    for pattern, prose in REWORDED:
        line = pattern.sub(prose, line)
    return line


def test_an_old_save_loads_and_its_events_say_what_its_prose_said():
    """Saves hold the seed and the actions, never the log: an old save replays to the same
    game, whose events (one for each old line, so the bots' reasons and the marks of what each
    person saw, kept by index, still fall on the right line) say what the English prose said."""
    old = json.loads((DATA / "prose_log_game.json").read_text(encoding="utf-8"))
    game = mp.load_game(old["save"])
    assert len(game.log) == len(old["public"]) and len(game.log_for(0)) == len(old["log_seat0"])
    assert [joined(reworded(x)) for x in texts(game.log_for(0), game.names)] == \
        [joined(x) for x in old["log_seat0"]]


def test_the_bots_own_reasons_count_with_the_catalogues_words():
    """The bots' own reasons (tools, tournaments) say "2 llamas" with the words of the
    catalogue's "mp.n.*" entries, as the page does (the package keeps its own English copy:
    it reads no page files)."""
    from machu_picchu import data as D
    from machu_picchu.bots.reasons import BOT_COUNTS, bot_words, count
    assert set(BOT_COUNTS) == set(D.GOODS)
    for good in D.GOODS:
        for n in (1, 2, 3):
            assert count(n, good) == text(["mp.n." + good, {"n": n}]), (good, n)
    assert [count(1, "llama"), count(2, "llama"), count(2, "cloth"), count(3, "corn")] == \
        ["1 llama", "2 llamas", "2 cloth", "3 corn"]
    trades = ["trades", {"parts": [["trade_sell", {"good": "llama", "n": 2}],
                                   ["trade_buy", {"good": "coca", "n": 1}]], "for_llamas": True}]
    assert bot_words(trades) == "trades (sell 2 llamas, buy 1 coca) for llamas for my priests' sacrifices"
    assert bot_words(["sacrifice", {"n": 1, "steps": 3, "to_card": 5}]) == \
        "sacrifices 1 llama: 3 steps on the Incatrail (5 to the next card)"


def test_the_package_reads_no_page_files():
    """Words come from a catalogue handed in: without one, `text` says so instead of guessing
    where the page's files lie."""
    from machu_picchu import events
    kept = events.catalogue()
    events.use_catalogue(None)
    try:
        with pytest.raises(LookupError):
            text(["mp.ev.night", {"day": 1}])
        assert text(["mp.ev.night", {"day": 1}], cat={"mp.ev.night": "Night {day}"}) == "Night 1"
    finally:
        events.use_catalogue(kept)
