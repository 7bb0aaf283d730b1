"""French sentences that name a district agree with it (issue 26): "au Temple du Soleil", "à la
Place Centrale", "aux Terrasses à Maïs", "du Palais Royal", "de la Maison des Prêtres", from
each district's forms in the catalogue (mp.district.<id>.to and .of), not "dans le quartier
Temple du Soleil"; in the log, the status line, the controls' titles and the hints alike."""
from __future__ import annotations

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.events import text
from shell import i18n
from tabletop import catalogues

from games.machu_picchu import panels, words

# (id, how a French sentence says "to it" and "of it")
EXPECTED = {"sun": ("au Temple du Soleil", "du Temple du Soleil"),
            "plaza": ("à la Place Centrale", "de la Place Centrale"),
            "corn": ("aux Terrasses à Maïs", "des Terrasses à Maïs"),
            "hut": ("à la Hutte des Gardiens", "de la Hutte des Gardiens"),
            "palace": ("au Palais Royal", "du Palais Royal")}


def test_french_sentences_take_each_districts_article():
    fr = i18n.use_language("fr")
    try:
        for d, (to, of) in EXPECTED.items():
            assert (fr.t(f"mp.district.{d}.to"), fr.t(f"mp.district.{d}.of")) == (to, of)
            # the log, as the page words it and as the command line does
            logged = str(words.event_html(["mp.ev.move", {"seat": 0, "district": d}], ["Ann"]))
            assert logged.endswith(f"se rend {to}.") and "quartier" not in logged, logged
            plain = text(["mp.ev.travel", {"seat": 0, "district": d}], ["Ann"], i18n.load_catalogue("fr"))
            assert plain == f"Ann paie un lama et voyage jusqu’{to}.", plain
            # a view's words: the controls' titles, a hint, a player's Incas
            assert str(words.t("mp.turn.move_title", district=words.t(f"mp.district.{d}"))) == f"Aller {to}"
            assert str(words.t("mp.player.incas_title", profs="Fermiers", district=words.t(f"mp.district.{d}"), n=2)) \
                == f"Fermiers {of}\u00a0: 2"   # a no-break space before the colon
        hint = str(words.hint_text(["go", {"district": "plaza", "parts": []}]))
        assert "à la Place Centrale" in hint, hint
        # every district has both forms in every language, and no French sentence says
        # "quartier {district}" where a form agrees
        for lang in ("en", "fr", "de"):
            catalogue = i18n.load_catalogue(lang)
            assert all(f"mp.district.{d}.{form}" in catalogue for d in D.DISTRICTS for form in ("to", "of"))
        french = i18n.load_catalogue("fr")
        glued = [k for k, v in french.items() if isinstance(v, str)
                 and ("dans le quartier {district}" in v or "jusqu’au quartier {district}" in v
                      or " du quartier {district}" in v)]
        assert glued == []
    finally:
        i18n.use_language("en")


# (id, how a German sentence says "to it" and "at it")
GERMAN = {"sun": ("zum Tempel der Sonne", "im Tempel der Sonne"),
          "plaza": ("zum Marktplatz", "auf dem Marktplatz"),
          "corn": ("zu den Maisterrassen", "auf den Maisterrassen"),
          "hut": ("zur Hütte des Wächters", "in der Hütte des Wächters"),
          "sunclock": ("zur Sonnenuhr", "an der Sonnenuhr")}


def _templates(catalogue):
    for k, v in catalogue.items():
        yield from ((k, s) for s in (v.values() if isinstance(v, dict) else [v]) if isinstance(s, str))


def test_german_and_the_rest_of_french_take_each_districts_form():
    """German says "zieht zum Tempel der Sonne", "Dein Prinz steht auf dem Marktplatz", never
    "auf das Feld Tempel der Sonne" (each district's .to and .at forms); the French sentences
    that began with the district or said "depuis le quartier" agree too."""
    de = i18n.use_language("de")
    try:
        for d, (to, at) in GERMAN.items():
            assert (de.t(f"mp.district.{d}.to"), de.t(f"mp.district.{d}.at")) == (to, at)
            logged = str(words.event_html(["mp.ev.move", {"seat": 0, "district": d}], ["Ann"]))
            assert logged.endswith(f"zieht {to}.") and "Feld" not in logged, logged
            plain = text(["mp.ev.travel", {"seat": 0, "district": d}], ["Ann"], i18n.load_catalogue("de"))
            assert plain == f"Ann zahlt ein Lama und reist {to}.", plain
            name = words.t(f"mp.district.{d}")
            assert str(words.t("mp.player.incas_title", profs="Bauern", district=name, n=2)) == f"Bauern {at}: 2"
            assert str(words.t("mp.acquire.question", district=name)).startswith(f"Du darfst {at} eine Karte")
        hint = str(words.hint_text(["go", {"district": "plaza", "parts": []}]))
        assert "Zum Marktplatz ziehen" in hint, hint
        german = i18n.load_catalogue("de")
        glued = [k for k, s in _templates(german) if "Feld {district}" in s or "Feld {a}" in s or "Feld {b}" in s]
        assert glued == []
        i18n.use_language("fr")
        name = words.t("mp.district.hut")
        assert str(words.t("mp.hire.question", district=name, incas=2)).startswith(
            "Mettez en place de nouveaux Incas à la Hutte des Gardiens")
        assert str(words.t("mp.board.moved", name="Ann", a=words.t("mp.district.sun"), b=name, when="")).startswith(
            "Ann est passé du Temple du Soleil à la Hutte des Gardiens")
        french = i18n.load_catalogue("fr")
        glued = [k for k, s in _templates(french) if "quartier {" in s]
        assert glued == []
        for lang in ("en", "fr", "de"):
            catalogue = i18n.load_catalogue(lang)
            assert all(f"mp.district.{d}.at" in catalogue for d in D.DISTRICTS)
    finally:
        i18n.use_language("en")
