from shell.motion import keyframes, move_seconds


def test_a_slide_starts_from_the_pieces_own_translate_moved_by_the_shift():
    assert keyframes('translate(10 20)', "5 -4") == [
        {"transform": "translate(15.0px, 16.0px)"}, {"transform": "translate(10.0px, 20.0px)"}]
    assert keyframes(None, "3 4")[1] == {"transform": "translate(0.0px, 0.0px)"}
    assert keyframes("translate(1)", "1 1")[0] == {"transform": "translate(2.0px, 1.0px)"}
    assert keyframes(None, "nonsense") is None and keyframes(None, "1") is None


def test_the_pace_sets_the_slide_and_instant_has_none():
    assert move_seconds(0.0) == 0.0
    assert 0 < move_seconds(0.35) < move_seconds(0.8) < move_seconds(1.6) <= 1.0
