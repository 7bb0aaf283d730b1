"""tabletop.jsonbound: size and nesting refused before the parser runs."""

from __future__ import annotations

import json
import sys

import pytest

from tabletop import jsonbound


def test_ordinary_json_parses():
    text = json.dumps({"a": [1, 2, {"b": "c"}], "d": None})
    assert jsonbound.loads(text) == json.loads(text)
    assert jsonbound.loads(text.encode()) == json.loads(text)


@pytest.mark.parametrize("depth", [33, 1_000, 10_000, 100_000])
def test_deep_nesting_is_refused_without_recursion(depth):
    """Ten thousand brackets (the import that killed Python in the page) are refused by a linear
    scan: JSONTooComplex, never RecursionError, whatever the recursion limit."""
    for text in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(200)          # a parser that recursed would fail here
        try:
            with pytest.raises(jsonbound.JSONTooComplex, match=f"{depth} levels"):
                jsonbound.loads(text)
        finally:
            sys.setrecursionlimit(limit)


def test_the_depth_limit_is_exact():
    assert jsonbound.loads("[" * 32 + "]" * 32, max_depth=32)
    with pytest.raises(jsonbound.JSONTooComplex):
        jsonbound.loads("[" * 33 + "]" * 33, max_depth=32)


def test_brackets_inside_strings_are_not_counted():
    """Names like '[[[[' are text: they add no nesting (escaped quotes included)."""
    name = "[{" * 5_000 + '\\"[[' + "}]" * 10
    text = json.dumps({"names": [name, "]]]]", '\\"{{{'], "x": [[1]]})
    assert jsonbound.nesting_depth(text) == 3
    assert jsonbound.loads(text, max_depth=3)["names"][0] == name


def test_size_is_refused_before_parsing():
    big = '"' + "a" * 100 + '"'
    with pytest.raises(jsonbound.JSONTooComplex, match="too large"):
        jsonbound.loads(big, max_bytes=50)
    with pytest.raises(jsonbound.JSONTooComplex, match="too large"):
        jsonbound.loads(big.encode(), max_bytes=50)
    assert jsonbound.JSONTooComplex.__mro__[1] is ValueError


@pytest.mark.parametrize("bad", ["{", "[1,]", "nul", b"\xff\xfe", "", "]" * 50 + "[" * 50])
def test_bad_json_raises_value_error(bad):
    with pytest.raises(ValueError):
        jsonbound.loads(bad)


def test_only_text_is_json():
    with pytest.raises(ValueError, match="text"):
        jsonbound.loads(12)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [
    json.dumps({"a": [1, "[[", {"b": '\\"{"'}], "c": "\\\\"}),
    '"unterminated [[[', '["a\\', '["a\\"]]]', '[["\\\\"]]', '"\\\\\\"" [[', "]][[", "",
    '{"x": "\u00e9[\\n{", "y": [[[]]]}', '"a"b"[c"[', "[" * 50 + '"' + "]" * 50,
])
def test_the_quick_depth_scan_agrees_with_the_scan_of_every_character(text):
    assert jsonbound.nesting_depth(text) == jsonbound.nesting_depth_by_characters(text)


def test_the_quick_depth_scan_agrees_on_random_texts():
    import random
    rng = random.Random(7)
    for _ in range(500):
        text = "".join(rng.choice('[]{}"\\ab\n') for _ in range(rng.randint(0, 60)))
        assert jsonbound.nesting_depth(text) == jsonbound.nesting_depth_by_characters(text), text
