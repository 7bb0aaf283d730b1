"""Hostile input on the public API only (issue 10): whatever a player types, a page passes or a
file holds is refused with the package's own exception, a short message, and the game exactly as
it was; nothing else escapes (no IndexError, TypeError, RecursionError).

The rule itself is written in `tabletop/errors.py`. Each check here asserts the exact exception
type, a message of at most MAX_MESSAGE characters, and that everything observable (the save, the
public view, every seat's view, the legal actions) is unchanged.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.actions import ALL_ACTIONS   # the table of every action (read only)
from tabletop import errors

MAX_MESSAGE = errors.MAX_MESSAGE
PROMPT_KINDS = ("setup", "turn", "produce", "sacrifice", "offer", "hire", "acquire", "market",
                "sunclock", "take", "return", "claim")
# Every action kind, with the decision kind it answers.
ACTION_KINDS = {
    "place": "setup", "move": "turn", "travel": "turn", "stay": "turn", "produce": "produce",
    "sacrifice": "sacrifice", "offer": "offer", "hire": "hire", "acquire": "acquire",
    "adjust": "market", "buy": "market", "sell": "market", "done": "market",
    "sunclock": "sunclock", "take": "take", "return": "return", "claim": "claim",
}
LIST_KINDS = {"offer": D.GOODS, "hire": D.PROFESSIONS, "take": D.GOODS, "claim": D.GOODS}


def observed(game: mp.Game) -> str:
    """Everything anyone can observe of the game, as text."""
    return json.dumps([game.to_save(), game.view(None), [game.view(s) for s in range(game.n)],
                       [a.text for a in game.legal_actions()], game.to_move], sort_keys=True)


def refused(call, exc_type: type[Exception], game: mp.Game | None = None) -> str:
    """`call()` raises exactly `exc_type` with a short, non-empty message; `game` is unchanged."""
    before = observed(game) if game is not None else None
    with pytest.raises(Exception) as info:
        call()
    assert type(info.value) is exc_type, f"{type(info.value).__name__}: {info.value}"
    message = str(info.value)
    assert 0 < len(message) <= MAX_MESSAGE, len(message)
    if game is not None:
        assert observed(game) == before
    return message


@pytest.fixture(scope="module")
def positions() -> dict[str, mp.Game]:
    """A position (mid-game, with history) for each kind of decision, from seeded random games."""
    found: dict[str, mp.Game] = {}
    for seed in range(40):
        rng = random.Random(seed)
        game = mp.new_game(2 + seed % 4, seed)
        while not game.is_over:
            kind = game.prompt[0]
            if kind not in found and len(game.history) > 3:
                found[kind] = game.clone()
            game.apply(rng.choice(game.legal_actions()))
        if len(found) == len(PROMPT_KINDS):
            break
    found["setup"] = mp.new_game(3, 1)
    assert sorted(found) == sorted(PROMPT_KINDS)
    return found


# --- garbage in place of an action -----------------------------------------------------------
def garbage_texts() -> list:
    rng = random.Random(10)
    texts: list = []
    for _ in range(150):
        raw = rng.randbytes(rng.randrange(1, 40))
        texts.append(raw.decode("latin-1"))
        texts.append(raw.decode("utf-8", errors="replace"))
    for _ in range(100):
        texts.append("".join(chr(rng.randrange(0x80, 0x10FFFF)) for _ in range(rng.randrange(1, 12))))
    texts += [
        "", " ", "\x00", "move", "move  ", "move plaza plaza", "move\u00a0plaza", "ｍｏｖｅ ｐｌａｚａ",
        "move pla\u200bza", "move plaza\n\n", "\u202emove plaza", "movè plaza", "move Plaza!",
        "stay trail9", "produce 99", "produce -1", "produce 1.0", "sacrifice 7", "take corn",
        "take corn+coca", "take corn+coca+cloth+llama", "hire farmer+", "hire +farmer", "hire +",
        "offer corn++coca", "return", "return corn-corn", "return nothing", "claim corn",
        "adjust +corn", "adjust corn", "buy corn", "sell corn", "done done", "acquire priests",
        "sunclock everybody", "place nobody", "{\"kind\": \"move\"}", "[" * 10_000,
        "a" * 1_000_000, "move plaza" + " " * 1_000_000, "move " + "plaza+" * 200_000,
    ]
    texts += [None, 0, 5, -1, 1.5, float("nan"), True, [], ["move plaza"], ("move", 13),
              {"kind": "move"}, b"move plaza", bytearray(b"move plaza"), object(), 10**100]
    return texts


GARBAGE = garbage_texts()


def test_garbage_is_no_action(positions):
    """Garbage given to parse_action or apply raises InvalidAction at every kind of decision."""
    for text in GARBAGE:
        refused(lambda: mp.parse_action(text), mp.InvalidAction)
    for kind in ("turn", "market", "offer", "return"):
        game = positions[kind]
        for text in GARBAGE:
            refused(lambda: game.apply(text), mp.InvalidAction, game)


def test_messages_quote_only_a_short_prefix():
    """A megabyte of input is quoted by a few dozen characters at most."""
    message = refused(lambda: mp.parse_action("x" * 1_000_000), mp.InvalidAction)
    assert message.count("x") <= errors.QUOTE_LIMIT
    assert "x" * (errors.QUOTE_LIMIT + 1) not in message


def test_every_alias_still_works(positions):
    """The documented aliases (case, ASCII spacing, list and card order) remain actions."""
    assert mp.parse_action("  MOVE \t Plaza ") is mp.parse_action("move plaza")
    assert mp.parse_action("hire weaver+planter") is mp.parse_action("hire planter+weaver")
    assert mp.parse_action("take cloth+corn+coca") is mp.parse_action("take corn+coca+cloth")
    assert (mp.parse_action("return puma-corn condor-corn")
            is mp.parse_action("return corn-condor corn-puma"))


# --- duplicated items in '+' lists -----------------------------------------------------------
def duplicated_texts() -> list[str]:
    texts = []
    for kind, names in LIST_KINDS.items():
        for name in names:
            texts.append(f"{kind} {name}+{name}")
            texts.append(f"{kind} {name}+{name}+{name}")
    texts += ["take corn+coca+corn", "take corn+corn+coca+cloth", "claim llama+cloth+llama",
              "offer corn+llama+coca+pottery+cloth+corn", "hire farmer+shepherd+farmer"]
    texts += [f"return {c} {c}" for c in D.CARD_NAMES[:6]]
    return texts


@pytest.mark.parametrize("text", duplicated_texts())
def test_an_item_named_twice_is_no_action(text):
    """'hire shepherd+shepherd' is not 'hire shepherd': no action names an item twice."""
    refused(lambda: mp.parse_action(text), mp.InvalidAction)


def test_an_item_named_twice_is_refused_where_the_single_one_is_legal(positions):
    """At a decision where 'offer corn' (say) is legal, 'offer corn+corn' is still refused."""
    tried = 0
    for kind in ("offer", "hire", "take", "claim", "return"):
        game = positions[kind]
        for action in game.legal_actions():
            _verb, _, rest = action.text.partition(" ")
            if kind == "return":
                first = rest.split(" ")[0]
                texts = [f"return {first} {rest}"]
            elif rest in ("nothing", "nobody"):
                continue
            else:
                first = rest.split("+")[0]
                texts = [f"{action.text}+{first}", f"{kind} {first}+{rest}"]
            for text in texts:
                refused(lambda: game.apply(text), mp.InvalidAction, game)
                tried += 1
    assert tried >= 10


# --- forged Action objects -------------------------------------------------------------------
BAD_ARGS = [99, -1, -99, 15, 10**30, 2.0, 1.5, "x", "1", None, True, (99,), (0, 99), (0, 1, 2),
            [0], (0.0, 1.0), object()]


def test_forged_actions_of_every_kind_are_refused(positions):
    """An Action that copies a legal action's kind and text but not its argument (or any other
    look-alike) raises InvalidAction, never IndexError, and changes nothing."""
    tried = set()
    for kind, prompt_kind in ACTION_KINDS.items():
        game = positions[prompt_kind]
        legal = [a for a in game.legal_actions() if a.kind == kind]
        texts = [a.text for a in legal] or [next(a.text for a in ALL_ACTIONS if a.kind == kind)]
        for text in texts[:3]:
            real = mp.parse_action(text)
            for arg in BAD_ARGS:
                if type(arg) is type(real.arg) and arg == real.arg:
                    continue
                forged = mp.Action(kind, arg, text)
                refused(lambda: game.apply(forged), mp.InvalidAction, game)
                refused(lambda: mp.parse_action(forged), mp.InvalidAction)
            for forged in (mp.Action(kind, real.arg, "x"), mp.Action(kind, real.arg, text + " "),
                           mp.Action("move" if kind != "move" else "stay", real.arg, text),
                           mp.Action(kind, real.arg, text.upper())):
                refused(lambda: game.apply(forged), mp.InvalidAction, game)
            tried.add(kind)
    assert tried == set(ACTION_KINDS)


def test_an_equal_twin_of_a_legal_action_is_applied(positions):
    """An Action with the same kind, argument and text as a legal one is that action."""
    game = positions["turn"].clone()
    real = game.legal_actions()[0]
    twin = mp.Action(real.kind, real.arg, real.text)
    assert twin == real and twin is not real
    game.apply(twin)
    assert game.history[-1] == real.text


def test_the_issue_s_forged_move_leaves_the_game_playable(positions):
    """45 forged moves (issue 10) used to raise IndexError and break the game: now each is
    refused and the game plays on to its end."""
    game = positions["turn"].clone()
    for k in range(45):
        forged = mp.Action("move", 99 + k, game.legal_actions()[0].text)
        refused(lambda: game.apply(forged), mp.InvalidAction, game)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert game.result()["winners"]


# --- seats and counts ------------------------------------------------------------------------
BAD_SEATS = [99, -1, True, False, "0", "1", 0.0, 1.5, [0], (0,), object(), 10**100]


def test_bad_seats_are_value_errors(positions):
    """view, determinize and undoable refuse what is no seat alike, with ValueError."""
    game = positions["market"]
    for seat in BAD_SEATS + [game.n]:
        refused(lambda: game.view(seat), ValueError, game)
        refused(lambda: game.determinize(seat, random.Random(1)), ValueError, game)
        refused(lambda: game.undoable(seat), ValueError, game)
    for seat in (None,):
        refused(lambda: game.determinize(seat, random.Random(1)), ValueError, game)
        refused(lambda: game.undoable(seat), ValueError, game)
    for rng in (None, 5, "rng", random):
        refused(lambda: game.determinize(0, rng), ValueError, game)


def test_bad_undo_counts_are_illegal_actions(positions):
    """undo takes a whole number from 0 to the number of actions; anything else is IllegalAction."""
    game = positions["market"]
    taken = len(game.to_save()["actions"])
    for count in (1.5, 1.0, "1", None, [1], True, False, -1, taken + 1, 10**30, object()):
        refused(lambda: game.undo(count), mp.IllegalAction, game)
    assert game.undo(0).to_save() == game.to_save()
    assert game.undo(taken).to_save()["actions"] == []


def test_bad_set_up_is_a_value_error():
    """new_game and Options refuse bad counts, seeds, flags and names with ValueError."""
    bad = [dict(players=p) for p in (0, 1, 6, True, "4", 4.0, None, [4])]
    bad += [dict(players=2, seed=s) for s in (-1, 2**63, True, "5", 5.0, [5])]
    bad += [dict(players=2, learning=v) for v in ("no", 1, None, [])]
    bad += [dict(players=2, names=n) for n in ("ab", ["a"], ["a", "b", "c"], [1, 2], ["a", ""],
                                                ["a" * 41, "b"], (n for n in "ab"), {"a": 1, "b": 2})]
    for kwargs in bad:
        refused(lambda: mp.new_game(**kwargs), ValueError)
        if "seed" not in kwargs:
            refused(lambda: mp.Options(kwargs["players"], kwargs.get("learning", False),
                                       kwargs.get("names")), ValueError)


# --- saves -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def real_save(positions) -> dict:
    return positions["return"].to_save()


def test_mutated_saves_load_or_raise_save_error(real_save):
    """A few hundred seeded mutations of a real save, as dicts and as JSON text: each loads or
    raises SaveError with a short message; the input is never changed."""
    rng = random.Random(2024)
    text = json.dumps(real_save)
    values = [None, True, 0, -1, 2**64, 1.5, "", "x" * 300, [], {}, ["move plaza"], {"a": [1]},
              "move plaza", 1e308]
    outcomes = {"loaded": 0, "refused": 0}
    for i in range(400):
        if i % 2:
            save = copy.deepcopy(real_save)
            op = rng.randrange(5)
            if op == 0:
                key = rng.choice(sorted(save))
                save[key] = rng.choice(values)
            elif op == 1:
                del save[rng.choice(sorted(save))]
            elif op == 2:
                save["options"][rng.choice(("players", "learning", "names"))] = rng.choice(values)
            elif op == 3:
                acts = save["actions"]
                acts[rng.randrange(len(acts))] = rng.choice(values + [a for a in acts[:20]])
            else:
                acts = save["actions"]
                j = rng.randrange(len(acts))
                acts.insert(j, acts[rng.randrange(len(acts))])
            frozen = json.dumps(save, sort_keys=True)
            subject = save
        else:
            j = rng.randrange(len(text))
            subject = rng.choice([
                text[:j],
                text[:j] + chr(rng.randrange(32, 0x3000)) + text[j + 1:],
                text[:j] + text[j + 1:],
                text[:j] + "[" * rng.randrange(1, 50) + text[j:],
            ])
            frozen = subject
        try:
            game = mp.load_game(subject)
        except mp.SaveError as exc:
            assert type(exc) is mp.SaveError and 0 < len(str(exc)) <= MAX_MESSAGE
            outcomes["refused"] += 1
        else:
            assert isinstance(game, mp.Game)
            outcomes["loaded"] += 1
        if isinstance(subject, dict):
            assert json.dumps(subject, sort_keys=True) == frozen
    assert outcomes["refused"] > 200


def test_huge_saves_get_short_messages(real_save):
    """A 50 MB string, a 1 MB action text, 10,000 nested brackets: short SaveError each."""
    big = json.dumps(real_save)[:-2] + ', "x": "' + "y" * 50_000_000 + '"}'
    refused(lambda: mp.load_game(big), mp.SaveError)
    refused(lambda: mp.load_game(big.encode()), mp.SaveError)
    save = copy.deepcopy(real_save)
    save["actions"][2] = "move " + "z" * 1_000_000
    message = refused(lambda: mp.load_game(save), mp.SaveError)
    assert "action 3" in message
    refused(lambda: mp.load_game(json.dumps(save)), mp.SaveError)
    refused(lambda: mp.load_game("[" * 10_000 + "]" * 10_000), mp.SaveError)
    save = copy.deepcopy(real_save)
    save["rules_version"] = "9" * 1_000_000
    refused(lambda: mp.load_game(save), mp.SaveError)
    refused(lambda: mp.load_game(12), mp.SaveError)
    refused(lambda: mp.load_game(None), mp.SaveError)


def test_a_numeric_rules_version_is_named_plainly(real_save):
    """rules_version 1.0 (a number) says what the save has and what the game plays."""
    save = dict(real_save, rules_version=1.0)
    message = refused(lambda: mp.load_game(save), mp.SaveError)
    assert message == (f"the save's rules version is 1.0 (a number), not a version name; "
                       f"this game plays rules version \"{mp.RULES_VERSION}\"")


# A save written by the code of commit 07f8251 (before saves named their game), with what that
# code showed after loading it: to_move 0, prompt ("market", 0), day 2.
OLD_SAVE = {
    "format": "machu-picchu-save", "format_version": 1, "rules_version": "1.0", "seed": 1234,
    "options": {"players": 2, "learning": False, "names": ["Ana", "Bo"]},
    "actions": ["place weaver", "place planter", "move priests", "move condor", "stay trail3",
                "stay coca", "move plaza", "adjust +cloth", "sell coca", "sell cloth", "buy llama",
                "buy pottery", "done", "travel priests", "stay llama", "move sunclock",
                "sunclock planter", "claim nothing", "take coca+pottery+cloth", "move sunclock",
                "sunclock nobody", "move plaza", "adjust +pottery", "sell pottery"],
}


def test_a_save_without_a_game_id_still_loads():
    """Saves made before the "game" field load, and are saved again with it."""
    game = mp.load_game(json.dumps(OLD_SAVE))
    assert (game.to_move, game.prompt, game.day) == (0, ("market", 0), 2)
    save = game.to_save()
    assert save["game"] == "machu-picchu" and save["actions"] == OLD_SAVE["actions"]
    assert mp.load_game(save).to_save() == save
    other = dict(OLD_SAVE, game="incan-gold")
    refused(lambda: mp.load_game(other), mp.SaveError)
