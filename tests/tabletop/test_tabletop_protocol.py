"""tabletop.protocol: every registered game keeps the typed engine contract: its `new_game` and
`load_game` take what the protocol says, and the game they return has every member the page,
the conformance suite and tabletop's helpers call, each of the right kind (a method, a property
or data), with parameters that accept the protocol's calls."""

from __future__ import annotations

import inspect
import json
import random

import pytest

from tabletop import protocol, registry

GAMES = registry.games()
IDS = [info.id for info in GAMES]


def members(proto: type) -> dict[str, object]:
    """The protocol's own members: name -> its declaration (function, property or annotation)."""
    out: dict[str, object] = {name: None for name in getattr(proto, "__annotations__", {})}
    for name, value in vars(proto).items():
        if not name.startswith("_") and (callable(value) or isinstance(value, property)):
            out[name] = value
    return out


def game_of(info, **kw):
    game = info.new_game(players=info.default_players, seed=3, **kw)
    rng = random.Random(3)
    for _ in range(12):
        game.apply(rng.choice(game.legal_actions()))
    return game


def accepts(method, declared) -> None:
    """`method` (bound) takes every call the protocol's `declared` function allows: each of its
    parameters by name, the required ones given."""
    proto = inspect.signature(declared)
    params = [p for p in proto.parameters.values() if p.name != "self"]
    args = {p.name: object() for p in params if p.kind is not p.VAR_KEYWORD}
    inspect.signature(method).bind(**args)
    required = {p.name: object() for p in params
                if p.default is p.empty and p.kind is not p.VAR_KEYWORD}
    inspect.signature(method).bind(**required)


def check(obj, proto: type) -> None:
    assert isinstance(obj, proto)
    for name, declared in members(proto).items():
        kind = inspect.getattr_static(type(obj), name, None)
        if isinstance(declared, property):
            assert isinstance(kind, property), f"{name}: a property"
            getattr(obj, name)
        elif callable(declared):
            assert callable(getattr(obj, name)) and not isinstance(kind, property), name
            accepts(getattr(obj, name), declared)
        else:                                               # data
            assert hasattr(obj, name) and not callable(getattr(obj, name)), name


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_a_new_game_and_a_loaded_one_keep_the_engine_protocol(info):
    game = game_of(info)
    check(game, protocol.Game)
    for action in game.legal_actions():
        assert isinstance(action, protocol.Action) and isinstance(action.text, str)
    loaded = info.load_game(json.dumps(game.to_save()))
    check(loaded, protocol.Game)
    check(game.clone(), protocol.Game)
    check(game.determinize(game.to_move, random.Random(1)), protocol.Game)
    check(game.undo(1), protocol.Game)
    assert isinstance(game.seed, int) and len(game.names) == len(game.view(None)["players"])
    assert game.history == [str(a) for a in game.history] and len(game.history) == 12


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_the_optional_parts_when_a_game_has_them(info):
    game = game_of(info)
    if isinstance(game, protocol.TakesBack):
        check(game, protocol.TakesBack)
        assert 0 <= game.takeback(0) <= len(game.history)
    if isinstance(game, protocol.KeepsDeciders):
        check(game, protocol.KeepsDeciders)
        assert len(game.deciders) == len(game.history)
        assert all(0 <= s < len(game.names) for s in game.deciders)


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_new_game_and_load_game_take_the_protocols_calls(info):
    accepts(info.new_game, protocol.NewGame.__call__)
    params = inspect.signature(info.new_game).parameters
    for option in info.options:
        assert option.key in params and params[option.key].kind is params[option.key].KEYWORD_ONLY
    accepts(info.load_game, protocol.LoadGame.__call__)
    with_options = {o.key: not o.default for o in info.options}
    check(game_of(info, names=[f"N{i}" for i in range(info.default_players)], **with_options),
          protocol.Game)


def test_the_protocol_checks_refuse_a_game_that_lacks_a_member():
    """The checks above can fail: a game without `undo`, or with `to_move` as a method."""
    info = GAMES[0]
    game = game_of(info)

    class NoUndo(type(game)):
        __slots__ = ()
        undo = None

    class MethodToMove(type(game)):
        __slots__ = ()

        def to_move(self):
            return 0

    class NarrowApply(type(game)):
        __slots__ = ()

        def apply(self):
            return None

    for cls in (NoUndo, MethodToMove, NarrowApply):
        odd = game.clone()
        odd.__class__ = cls
        with pytest.raises((AssertionError, TypeError)):
            check(odd, protocol.Game)
