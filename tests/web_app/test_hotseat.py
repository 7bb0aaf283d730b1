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


def test_a_bot_deciding_between_two_people_shows_the_public_view():
    seats = [H, B, H]
    # the person who just decided does not keep their cards on screen while the bot decides
    assert screen_plan(seats, 1, 2, False) == (None, None)
    assert wanted_viewer(seats, 1, 2, [0, 2, 1]) is None
    assert screen_plan(seats, 1, None, False, [0, 2, 1]) == (None, None)
    # after the bot, even the same person passes the hide screen again
    assert screen_plan(seats, 2, 2, False, veiled=True) == (None, 2)
    assert screen_plan(seats, 2, 2, False, veiled=False) == (2, None)


def test_against_bots_the_one_person_keeps_their_view():
    seats = [B, H, B]
    assert screen_plan(seats, 0, 1, False, veiled=True) == (1, None)
    assert screen_plan(seats, 1, None, False) == (1, None)


def test_all_bots_and_game_over_show_the_public_view():
    assert screen_plan([B, B], 0, None, False) == (None, None)
    assert screen_plan([H, H], None, 1, True) == (None, None)
