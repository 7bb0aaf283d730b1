from shell.attention import first_control, fallback_selector


def test_first_control_looks_only_inside_the_region():
    sel = first_control("#controls")
    assert all(part.startswith("#controls ") for part in sel.split(", "))
    assert "button:not([disabled])" in sel


def test_focus_falls_back_to_the_next_sensible_control_never_the_body():
    game = dict(overlay=False, hidden=False, deciding=False, over=False)
    assert fallback_selector("game", **dict(game, overlay=True))[0].startswith("#overlay ")
    assert fallback_selector("game", **dict(game, hidden=True)) == ['#hide [data-act="reveal"]']
    assert fallback_selector("game", **dict(game, deciding=True))[0].startswith("#controls ")
    assert fallback_selector("game", **dict(game, over=True))[0].startswith("#end ")
    assert fallback_selector("game", **game) == ["#controls", "#turn-status"]   # bots decide
    assert fallback_selector("home", **game)[0].startswith("#home ")
    assert all("body" not in s for s in fallback_selector("replay", **game))
