"""Home shows the new-game form as it was last started, after a reload too (stored apart from
the games); a damaged stored form falls back to the defaults, field by field where it can."""
import json

from shell import games, storage


def infos():
    return games.available()


def test_a_started_form_comes_back_whole():
    store = storage.Store(storage.DictBackend())
    assert store.form() is None
    form = games.new_form(games.find("machu-picchu"))
    form["seats"] = [{"name": "Ann", "type": "human", "level": None, "style": 3},
                     {"name": "Robo", "type": "bot", "level": "easy", "style": 0},
                     {"name": "Cy", "type": "bot", "level": "hard", "style": 1}]
    form["options"]["learning"] = True
    form["seed"] = "5"
    store.set_form(form)
    back = games.restore_form(store.form(), infos())
    assert back["seats"] == form["seats"] and back["options"]["learning"] is True
    assert back["seed"] == "5" and back["game"] == "machu-picchu" and back["error"] is None


def test_a_damaged_stored_form_falls_back_to_the_defaults():
    default = games.new_form(infos()[0])
    for raw in (None, "not json", json.dumps([1, 2]), json.dumps({"game": "chess"}),
                json.dumps({"game": "machu-picchu", "seats": [{"name": "<b>", "type": "alien"}]})):
        backend = storage.DictBackend()
        if raw is not None:
            backend.set(storage.FORM_KEY, raw)
        form = games.restore_form(storage.Store(backend).form(), infos())
        assert form["seats"] == games.new_form(games.find(form["game"]))["seats"]
        assert form["seed"] == ""
    backend = storage.DictBackend()
    backend.set(storage.FORM_KEY, json.dumps({
        "game": "machu-picchu", "seed": "12; drop", "options": {"learning": "yes"},
        "seats": [{"name": "Ann", "type": "human", "level": None, "style": 0},
                  {"name": "Bo", "type": "bot", "level": "easy", "style": 1}]}))
    form = games.restore_form(storage.Store(backend).form(), infos())
    assert [s["name"] for s in form["seats"]] == ["Ann", "Bo"]
    assert form["seed"] == "" and form["options"]["learning"] is False
    assert default["game"] in [g.id for g in infos()]
