"""The views' shared kit (web/kit): seat styles for 8 seats, SVG helpers."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from kit import seats as K
from kit.svg import curved_arrow, esc, fit_text, isolate, num, plural


def test_eight_seats_differ_by_shape_letter_and_colour_each():
    styles = K.SEAT_STYLES
    assert len(styles) == K.MAX_SEATS == 8
    for key in ("shape", "letter", "colour", "name"):
        assert len({s[key] for s in styles}) == 8, key


def test_every_badge_is_valid_svg_with_its_letter_and_name():
    seats = K.style_seats([{"name": f"P<{i}>", "style": i} for i in range(8)])
    for i in range(8):
        svg = K.seat_badge(seats, i, 20)
        root = ET.fromstring(svg)
        assert root.get("aria-label") == isolate(f"P<{i}>")  # escaped in, read back as text, isolated
        assert "".join(root.itertext()).endswith(K.SEAT_STYLES[i]["letter"])
        for shape in K.SHAPES:
            ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{K.shape_svg(shape, 9, "#123456")}</svg>')


def test_seat_style_replaces_unsafe_values():
    st = K.seat_style([{"colour": "red;x", "letter": "  ", "shape": "blob", "name": ""}], 0, "Ann")
    assert st == K.SeatStyle("Ann", K.SEAT_STYLES[0]["colour"], "A", "circle", st.ink)
    assert K.seat_style(None, 9).letter == K.SEAT_STYLES[1]["letter"]    # wraps around
    dark, light = K.seat_style(None, 6), K.seat_style(None, 2)           # grey, yellow
    assert dark.ink == "#ffffff" and light.ink == "#1b1b1b"


def test_svg_helpers():
    assert esc('<a href="x">') == "&lt;a href=&quot;x&quot;&gt;"
    assert num(3.0) == "3" and num(2.46) == "2.5"
    assert plural(1, "gem") == "1 gem" and plural(2, "gem") == "2 gems"
    assert "textLength" in fit_text("a very long name indeed", 0, 0, 20, "c")
    assert "textLength" not in fit_text("ok", 0, 0, 200, "c")
    path, head, (mx, my) = curved_arrow((0, 0), (100, 0), 20)
    assert path.startswith("M26 0Q50 20 ") and len(head.split()) == 3 and my > 0
