"""Actions: small immutable values with a stable text form.

Every possible action exists once, built at import time, so the engine hands out shared instances
and compares them by identity in its hot paths. `str(action)` is the text form used in logs, save
files and tests; `parse_action(text)` inverts it.

Text forms (goods and professions joined with "+", in canonical order):

    place farmer            set-up: the first Inca goes to a production district
    move plaza              go to an adjacent district (or, on a first turn, anywhere), free
    travel plaza            pay 1 llama and go to any other district
    stay trail3             stay where you are and take that moon tile
    produce 2               how many of your Incas here produce
    sacrifice 1             how many llamas your priests / virgins sacrifice here
    offer corn+llama        different goods given at the Main Temple ("offer nothing")
    hire potter+weaver      Incas set up at the Hut / Palace ("hire nobody")
    acquire puma            take the next card of a row: condor, puma, virgin ("acquire nothing")
    adjust -coca            before trading: remove (-) or add (+) one market unit
    buy coca / sell coca    one unit with the market
    done                    leave the market
    sunclock potter         send one of your Incas to the Sun Clock ("sunclock nobody")
    take corn+coca+cloth    the 3 different goods the Sun Clock pays
    return corn-puma sun-coca   sacrifice cards put back under the deck after a summit draw
    claim llama+cloth       goods moon tiles paid for with 1 corn each ("claim nothing")

A text is accepted only if it is the text form of an action, up to these documented aliases:
letters in any case, any run of ASCII spaces/tabs between words (and around them), the items of a
"+" list and the cards of "return" in any order, and a card named with its icons either way round
("puma-corn" for "corn-puma"). Nothing else: an item named twice ("hire shepherd+shepherd") is no
action, a text over MAX_TEXT characters or with characters outside ASCII is refused unread.

An `Action` object is accepted only if it is one of the objects made here (the interned
instances) or has the same kind, argument and text as one of them; a look-alike with another
argument (Action("move", 99, "move plaza")) is refused, never applied.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, Union

from tabletop import errors

from . import data as D

MAX_TEXT = 200   # characters: the longest action text is under 60; spacing aliases allow more


class IllegalAction(errors.IllegalAction):
    """An action that the rules do not allow now; its message names the rule."""


class InvalidAction(IllegalAction, errors.InvalidAction):
    """Input that is no action at all (wrong type, unknown text, a forged Action)."""


Arg = Union[int, tuple[int, ...], None]


class Action:
    """One decision. Immutable and interned: use the tables below or `parse_action`."""

    __slots__ = ("kind", "arg", "text", "_hash")
    kind: str
    arg: Arg
    text: str

    def __init__(self, kind: str, arg: Arg, text: str) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "arg", arg)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "_hash", hash(text))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return _same(self, other)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_action, (self.text,))


_BY_TEXT: dict[str, Action] = {}


def _make(kind: str, arg: Arg, text: str) -> Action:
    action = Action(kind, arg, text)
    _BY_TEXT[text] = action
    return action


def _join(names: tuple[str, ...], mask: int, empty: str) -> str:
    parts = [n for i, n in enumerate(names) if mask >> i & 1]
    return "+".join(parts) if parts else empty


def mask_items(mask: int) -> list[int]:
    """Indices of the bits set in `mask`, lowest first."""
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


MAX_PRODUCE: Final = max(D.INCAS_PER_PLAYER.values())
MAX_SACRIFICE: Final = max(D.ROW_SIZES)
GOODS_TILES_MASK: Final = sum(1 << g for g in (D.LLAMA, D.COCA, D.POTTERY, D.CLOTH))

PLACE: Final = tuple(_make("place", p, f"place {n}") for p, n in enumerate(D.PROFESSIONS))
MOVE: Final = tuple(_make("move", d, f"move {n}") for d, n in enumerate(D.DISTRICTS))
TRAVEL: Final = tuple(_make("travel", d, f"travel {n}") for d, n in enumerate(D.DISTRICTS))
STAY: Final = tuple(_make("stay", t, f"stay {n}") for t, n in enumerate(D.MOON_IDS))
PRODUCE: Final = tuple(_make("produce", k, f"produce {k}") for k in range(MAX_PRODUCE + 1))
SACRIFICE: Final = tuple(_make("sacrifice", k, f"sacrifice {k}") for k in range(MAX_SACRIFICE + 1))
OFFER: Final = tuple(_make("offer", m, "offer " + _join(D.GOODS, m, "nothing")) for m in range(32))
HIRE: Final = tuple(_make("hire", m, "hire " + _join(D.PROFESSIONS, m, "nobody")) for m in range(32))
# ACQUIRE[row + 1]; ACQUIRE[0] declines.
ACQUIRE: Final = (_make("acquire", -1, "acquire nothing"),) + tuple(
    _make("acquire", r, f"acquire {n}") for r, n in enumerate(D.ROWS)
)
ADJUST_ADD: Final = {g: _make("adjust", (g, 1), f"adjust +{D.GOODS[g]}") for g in D.MARKET_GOODS}
ADJUST_REMOVE: Final = {g: _make("adjust", (g, -1), f"adjust -{D.GOODS[g]}") for g in D.MARKET_GOODS}
BUY: Final = {g: _make("buy", g, f"buy {D.GOODS[g]}") for g in D.MARKET_GOODS}
SELL: Final = {g: _make("sell", g, f"sell {D.GOODS[g]}") for g in D.MARKET_GOODS}
DONE: Final = _make("done", None, "done")
# SUNCLOCK[profession + 1]; SUNCLOCK[0] declines.
SUNCLOCK: Final = (_make("sunclock", -1, "sunclock nobody"),) + tuple(
    _make("sunclock", p, f"sunclock {n}") for p, n in enumerate(D.PROFESSIONS)
)
TAKE_MASKS: Final = tuple(
    sum(1 << g for g in combo) for combo in combinations(range(5), D.SUNCLOCK_GOODS)
)
TAKE: Final = {m: _make("take", m, "take " + _join(D.GOODS, m, "")) for m in TAKE_MASKS}
CLAIM: Final = {
    m: _make("claim", m, "claim " + _join(D.GOODS, m, "nothing"))
    for m in range(32) if m & ~GOODS_TILES_MASK == 0
}
RETURN: Final = {
    cards: _make("return", cards, "return " + " ".join(D.CARD_NAMES[c] for c in cards))
    for k in (1, 2) for cards in combinations(range(D.DECK_SIZE), k)
}

ALL_ACTIONS: Final = tuple(_BY_TEXT.values())


def _same(a: Action, b: Action) -> bool:
    """Equal kind, argument (of the same types) and text; never runs code of a forged object."""
    if type(a.kind) is not str or type(b.kind) is not str or type(a.text) is not str \
            or type(b.text) is not str or a.kind != b.kind or a.text != b.text:
        return False
    return _same_arg(a.arg, b.arg)


def _same_arg(x: object, y: object) -> bool:
    if x is None or y is None:
        return x is y
    if type(x) is int and type(y) is int:
        return x == y
    if type(x) is tuple and type(y) is tuple and len(x) == len(y):
        return all(type(i) is int and type(j) is int and i == j for i, j in zip(x, y))
    return False


_SPACES = " \t"


def _canonical(text: str) -> str:
    """Normalise case, spacing and the order of '+' lists and returned cards (the aliases)."""
    words = text.strip(_SPACES).lower().replace("\t", " ").split(" ")
    words = [w for w in words if w]
    if not words:
        return ""
    if words[0] == "return":
        cards = []
        for name in words[1:]:
            if name not in D.CARD_INDEX:
                a, sep, b = name.partition("-")
                name = f"{b}-{a}" if sep else name
            cards.append(name)
        known = [c for c in cards if c in D.CARD_INDEX]
        if len(known) == len(cards):
            cards = sorted(cards, key=D.CARD_INDEX.__getitem__)
        return " ".join(["return", *cards])
    if len(words) == 2 and "+" in words[1] and words[0] in ("offer", "hire", "take", "claim"):
        order = D.PROFESSION_INDEX if words[0] == "hire" else D.GOOD_INDEX
        items = words[1].split("+")
        if all(i in order for i in items):   # duplicates stay: no action names an item twice
            items = sorted(items, key=order.__getitem__)
        return f"{words[0]} {'+'.join(items)}"
    return " ".join(words)


def parse_action(text: Union[str, Action]) -> Action:
    """The interned action whose text form is `text` (up to the aliases above), or the interned
    twin of an `Action` object; anything else raises InvalidAction."""
    if isinstance(text, Action):
        action = _BY_TEXT.get(text.text) if type(text.text) is str else None
        if action is None or not (action is text or _same(action, text)):
            raise InvalidAction("this Action object is not one of the game's actions "
                                "(its kind, argument and text do not match any)")
        return action
    if not isinstance(text, str):
        raise InvalidAction(f"an action is given as text, not as {errors.quote(text)}")
    action = _BY_TEXT.get(text)   # the canonical text itself (saves, replays): no work
    if action is None and len(text) <= MAX_TEXT and text.isascii():
        action = _BY_TEXT.get(_canonical(text))
    if action is None:
        raise InvalidAction(f"{errors.quote(text)} is not an action of this game")
    return action
