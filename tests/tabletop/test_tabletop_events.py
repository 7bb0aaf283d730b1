"""tabletop.events: events rendered in words from a catalogue."""

from __future__ import annotations

from tabletop.events import Event, render

CATALOGUE = {
    "round_start": "Round {round} begins.",
    "takes": {"one": "{seat} takes {n} gem.", "other": "{seat} takes {n} gems."},
    "share": "{seats} share the loot.",
    "odd": "{missing} stays as it is.",
}
NAMES = ["Ana", "Bo", "Cy"]


def test_render_fills_the_template():
    assert render(Event("round_start", {"round": 2}), CATALOGUE) == "Round 2 begins."
    assert render(["round_start", {"round": 3}], CATALOGUE) == "Round 3 begins."


def test_plural_forms_follow_n():
    assert render(Event("takes", {"seat": 1, "n": 1}), CATALOGUE, NAMES) == "Bo takes 1 gem."
    assert render(Event("takes", {"seat": 2, "n": 4}), CATALOGUE, NAMES) == "Cy takes 4 gems."


def test_an_empty_list_of_seats_reads_nobody():
    assert render(Event("share", {"seats": []}), CATALOGUE, NAMES) == "nobody share the loot."


def test_seats_are_named():
    assert render(Event("share", {"seats": [0, 2]}), CATALOGUE, NAMES) == "Ana and Cy share the loot."
    assert render(Event("takes", {"seat": 0, "n": 2}), CATALOGUE) == "0 takes 2 gems."


def test_unknown_ids_and_missing_parameters_show_plainly():
    assert render(Event("nope", {}), CATALOGUE) == "[nope]"
    assert render(Event("odd", {}), CATALOGUE) == "{missing} stays as it is."


def test_a_seat_out_of_range_is_shown_as_a_number():
    """A bad seat (a tampered record) never raises: it is shown as its number."""
    assert render(Event("takes", {"seat": 7, "n": 2}), CATALOGUE, NAMES) == "seat 7 takes 2 gems."


def test_events_are_json():
    event = Event("takes", {"seat": 1, "n": 3}, seat=1)
    assert event.to_json() == ["takes", {"seat": 1, "n": 3}]
