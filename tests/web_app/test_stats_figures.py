"""Statistics across finished games (web/shell/stats.py) follow a hand-made set of games exactly."""
import json

from shell import records, stats
from shell.storage import DictBackend


def seat(name, score, won=False, kind="human", level=None):
    return {"name": name, "type": kind, "level": level, "score": score, "won": won}


def game(gid, day, players, *, game="machu-picchu", ending="priests", actions=100, minutes=None):
    return {"kind": records.RESULT_KIND, "version": 1, "id": gid, "game": game,
            "ended": f"2026-11-{day:02d}T10:00:00+00:00", "started": "", "players": players,
            "ending": ending, "rounds": 9, "actions": actions, "minutes": minutes}


GAMES = [
    game("m1", 1, [seat("Ann", 30, True), seat("Bot 2", 20, kind="bot", level="easy")],
         ending="priests", actions=100, minutes=40),
    game("m2", 2, [seat("Ann", 12), seat("Bot 2", 25, True, "bot", "hard"),
                   seat("Bot 3", 11, kind="bot", level="easy")], ending="conquest", actions=200),
    game("m3", 3, [seat("Bea", 40, True), seat("Ann", 18)], ending="cards", actions=150, minutes=60),
    game("m4", 4, [seat("Ann", 33, True), seat("Bot 2", 30, kind="bot", level="hard")],
         ending="priests", actions=120),
    game("i1", 5, [seat("Ann", 50, True), seat("Rand", 3, kind="bot", level="random")],
         game="incan-gold", ending="rounds", actions=30),
    game("m5", 6, [seat("Cy", 5, True), seat("Bot 2", 4, kind="bot", level="easy")]),
]


def kept(items=GAMES):
    store = records.Results(DictBackend())
    for g in items:
        store.add(g)
    return store


def test_the_figures_follow_a_hand_made_set_of_games_exactly():
    s = stats.summary(kept().listing(), "machu-picchu", "Ann")
    assert (s["games"], s["wins"], s["win_rate"]) == (4, 2, 0.5)
    assert s["by_level"] == {
        "easy": {"games": 2, "wins": 1, "win_rate": 0.5},       # m1 won, m2 lost
        "hard": {"games": 2, "wins": 1, "win_rate": 0.5},       # m2 lost, m4 won
        "human": {"games": 1, "wins": 0, "win_rate": 0.0}}      # m3 lost to Bea
    assert s["average_score"] == (30 + 12 + 18 + 33) / 4 and s["best_score"] == 33
    assert s["endings"] == {"priests": {"count": 2, "share": 0.5},
                            "conquest": {"count": 1, "share": 0.25},
                            "cards": {"count": 1, "share": 0.25}}
    assert s["recent"] == [True, False, False, True]             # newest first: m4, m3, m2, m1
    assert [(p["score"], p["won"]) for p in s["scores"]] == [(30, True), (12, False), (18, False), (33, True)]
    assert s["average_actions"] == (100 + 200 + 150 + 120) / 4 and s["average_minutes"] == 50
    ig = stats.summary(kept().listing(), "incan-gold", "Ann")
    assert (ig["games"], ig["wins"], ig["best_score"], list(ig["by_level"])) == (1, 1, 50, ["random"])
    assert ig["endings"] == {"rounds": {"count": 1, "share": 1.0}}


def test_the_names_and_games_offered():
    listing = kept().listing()
    assert stats.names(listing, "machu-picchu") == [("Ann", 4), ("Bea", 1), ("Cy", 1),
                                                     ("Bot 2", 4), ("Bot 3", 1)]
    assert stats.games_played(listing) == {"machu-picchu": 5, "incan-gold": 1}
    none = stats.summary(listing, "incan-gold", "Bea")
    assert (none["games"], none["win_rate"], none["average_score"], none["recent"]) == (0, None, None, [])


def test_a_damaged_record_is_counted_apart_and_changes_no_figure():
    store = kept()
    before = stats.summary(store.listing(), "machu-picchu", "Ann")
    store.backend.set(records.RESULT_PREFIX + "bad", json.dumps(dict(GAMES[0], id="bad", players=[{"name": "Ann"}])))
    store.backend.set(records.RESULT_PREFIX + "torn", '{"kind": "tabletop-fini')
    listing = store.listing()
    assert stats.summary(listing, "machu-picchu", "Ann") == before
    assert sorted(r["id"] for r in stats.damaged(listing)) == ["bad", "torn"]


def test_recent_form_is_the_last_ten_newest_first():
    many = [game(f"g{k}", k + 1, [seat("Ann", k, k % 3 == 0), seat("Bob", 1)]) for k in range(14)]
    s = stats.summary(kept(many).listing(), "machu-picchu", "Ann")
    assert s["recent"] == [k % 3 == 0 for k in range(13, 3, -1)]
    assert s["games"] == 14 and s["wins"] == 5


def test_the_screen_shows_the_figures_both_charts_and_escapes_names():
    from shell import stats_screen
    from shell.i18n import use_language
    use_language("en")
    hostile = game("h1", 7, [seat("<img src=x onerror=alert(1)>", 9, True), seat("Ann", 1)])
    listing = kept(GAMES + [hostile]).listing()
    names = {"machu-picchu": "The Princes of Machu Picchu", "incan-gold": "Incan Gold"}
    html = stats_screen.stats_html(listing, names, "machu-picchu", "Ann")
    assert 'data-stats-name="Ann" data-stats-games="5"' in html
    assert "<svg" in html and 'class="stats-chart"' in html           # the score per game
    assert html.count('data-ending="') == 3 and "Spanish conquest" in html
    assert "<img" not in html and "&lt;img" in html
    assert "[shell." not in html                                        # every word in the catalogue
    for lang in ("fr", "de"):
        use_language(lang)
        assert "[shell." not in stats_screen.stats_html(listing, names, "machu-picchu", None)
    use_language("en")
    empty = stats_screen.stats_html([], names, "incan-gold", None)
    assert "stats-none" in empty and "<svg" not in empty


def test_the_warm_up_runs_the_screens_code_over_made_up_games(monkeypatch):
    from shell import games, statistics, stats_screen
    from shell.i18n import use_language
    use_language("en")
    drawn = []
    real = stats_screen.stats_html
    monkeypatch.setattr(stats_screen, "stats_html", lambda *a, **k: drawn.append(a) or real(*a, **k))

    class Window:
        class performance:
            now = staticmethod(lambda: 0.0)

    infos = games.available()
    screen = statistics.StatsScreen(None, Window(), results=None, infos=infos, download=print)
    screen.warm(count=10)
    assert len(drawn) == len(infos) and sum(len(a[0]) for a in drawn[:1]) == 10
    screen.warm()                   # once only
    assert len(drawn) == len(infos)


def test_guided_games_are_kept_but_left_out_of_the_figures_and_the_screen_says_so():
    """Two guided first games (a tutorial at a fixed seed, Ann winning both) change none of
    Ann's figures, nor the names and games offered; the Statistics screen says "2 guided
    games (Learn to play) not counted" for that game (in each language), lists them nowhere
    among the last games, and can still forget them."""
    from shell import i18n, stats_screen
    tutorial = [game(f"t{k}", 7 + k, [seat("Ann", 60, True), seat("Bot 2", 1, kind="bot", level="easy")])
                for k in range(2)]
    for t in tutorial:
        t["guided"] = True
    plain, both = kept().listing(), kept(GAMES + tutorial).listing()
    assert len(both) == len(plain) + 2 and sum(r.get("guided", False) for r in both) == 2
    assert stats.summary(both, "machu-picchu", "Ann") == stats.summary(plain, "machu-picchu", "Ann")
    assert stats.names(both, "machu-picchu") == stats.names(plain, "machu-picchu")
    assert stats.games_played(both) == stats.games_played(plain)
    assert (stats.guided(both, "machu-picchu"), stats.guided(both, "incan-gold")) == (2, 0)
    names = {"machu-picchu": "The Princes of Machu Picchu", "incan-gold": "Incan Gold"}
    try:
        for lang, words in (("en", "2 guided games (Learn to play) not counted"),
                            ("fr", "2 parties guidées (Apprendre à jouer) non comptées"),
                            ("de", "2 geführte Partien (Spielen lernen) nicht gezählt")):
            i18n.use_language(lang)
            html = stats_screen.stats_html(both, names, "machu-picchu", "Ann")
            assert words in html and 'data-guided="2"' in html, lang
            assert 'data-id="t0"' not in html and 'data-id="m4"' in html
            assert 'data-stats-games="4"' in html
            assert "data-guided" not in stats_screen.stats_html(both, names, "incan-gold", "Ann")
        # only guided games: no figures, one sentence that says both (not the note above the
        # sentence "no finished game yet"), and the game can be forgotten
        only = kept(tutorial).listing()
        for lang, words in (("en", "No game of this game is counted yet: the 2 guided games"),
                            ("fr", "Aucune partie de ce jeu n’est encore comptée\u00a0: les 2 parties guidées"),
                            ("de", "Noch keine Partie dieses Spiels wird gezählt: Die 2 geführten Partien")):
            i18n.use_language(lang)
            html = stats_screen.stats_html(only, names, "machu-picchu", None)
            assert html.count('class="muted stats-') == 1 and words in html, (lang, html)
            assert 'class="muted stats-none stats-guided" data-guided="2"' in html
            assert str(i18n.t("shell.stats.none")) not in html
            assert str(i18n.t("shell.stats.guided_n", {"n": 2})) not in html
            assert 'data-act="stats-delete-game"' in html
    finally:
        i18n.use_language("en")
