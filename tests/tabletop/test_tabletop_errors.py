"""tabletop.errors: the exceptions and the short-message rule."""

from __future__ import annotations

import pytest

from tabletop import errors


class Loud:
    """An object whose repr is huge and whose str raises: quote must call neither."""

    def __repr__(self) -> str:
        return "x" * 10_000_000

    def __str__(self) -> str:
        raise RuntimeError("str called")


@pytest.mark.parametrize("value, expected", [
    ("move plaza", "'move plaza'"),
    ("", "''"),
    (b"ab", "b'ab'"),
    (None, "None"),
    (True, "True"),
    (12, "12"),
    (1.5, "1.5"),
    ([1, 2], "a list"),
    ({"a": 1}, "a dict"),
    (Loud(), "a Loud"),
])
def test_quote_shows_scalars_and_names_other_things_by_type(value, expected):
    assert errors.quote(value) == expected


def test_quote_cuts_long_input_to_a_short_prefix():
    text = "é" * 1_000_000
    quoted = errors.quote(text)
    assert quoted == repr("é" * errors.QUOTE_LIMIT) + "…"
    assert len(errors.quote(text, 5)) == len("'ééééé'…")
    assert errors.quote(10 ** 5000) == "a very large number"     # repr() itself would refuse
    assert errors.quote(-(10 ** 60)) == "a very large number"
    long = 10 ** (errors.QUOTE_LIMIT + 3)
    assert len(errors.quote(long)) == errors.QUOTE_LIMIT + 1 and errors.quote(long).endswith("…")
    assert errors.quote(b"\xff" * 100, 3) == "b'\\xff\\xff\\xff'…"


def test_quote_escapes_control_and_bidi_characters():
    """A quotation is a repr: a newline or a right-to-left override cannot reach the screen raw."""
    assert "\n" not in errors.quote("a\nb") and "\\n" in errors.quote("a\nb")
    assert "\u202e" not in errors.quote("\u202eabc")


def test_short_is_a_last_guard():
    assert errors.short("abc") == "abc"
    cut = errors.short("y" * 1000)
    assert len(cut) == errors.MAX_MESSAGE and cut.endswith("…")


def test_the_exceptions_form_one_family():
    """A page catches any game's refusal with one except: every one is a ValueError."""
    assert issubclass(errors.InvalidAction, errors.IllegalAction)
    assert issubclass(errors.IllegalAction, ValueError) and issubclass(errors.SaveError, ValueError)
    assert not issubclass(errors.SaveError, errors.IllegalAction)


def test_machu_picchu_errors_are_the_shared_ones():
    """Each game subclasses the shared exceptions, keeping its own names and import paths."""
    import machu_picchu as mp
    from machu_picchu import actions, save
    assert issubclass(mp.IllegalAction, errors.IllegalAction)
    assert issubclass(mp.InvalidAction, errors.InvalidAction)
    assert issubclass(mp.InvalidAction, mp.IllegalAction)
    assert issubclass(mp.SaveError, errors.SaveError)
    assert actions.IllegalAction is mp.IllegalAction and save.SaveError is mp.SaveError
