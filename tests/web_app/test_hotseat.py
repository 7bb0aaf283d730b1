from shell.hotseat import screen_plan, wanted_viewer

H = {"type": "human"}
B = {"type": "bot"}


def test_single_human_never_hides():
    seats = [H, B, B]
    assert screen_plan(seats, 1, None, False) == (0, None)
    assert screen_plan(seats, 0, None, False) == (0, None)


def test_two_humans_hide_at_every_hand_over():
    seats = [H, H]
    assert screen_plan(seats, 0, None, False) == (None, 0)      # after a reload: hide first
    assert screen_plan(seats, 0, 0, False) == (0, None)
    assert screen_plan(seats, 1, 0, False) == (None, 1)
    assert screen_plan(seats, 1, 1, False) == (1, None)


def test_bot_deciding_keeps_the_holder_view_and_a_reload_hides():
    seats = [H, B, H]
    assert screen_plan(seats, 1, 2, False) == (2, None)
    assert wanted_viewer(seats, 1, None, [0, 2, 1]) == 2
    assert screen_plan(seats, 1, None, False, [0, 2, 1]) == (None, 2)


def test_all_bots_and_game_over_show_the_public_view():
    assert screen_plan([B, B], 0, None, False) == (None, None)
    assert screen_plan([H, H], None, 1, True) == (None, None)
