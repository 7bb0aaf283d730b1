"""The decision controls' shared pieces: the vocabulary of decisions (the kinds that count,
toggle or pick, their declines), names in the catalogue's words, and the HTML of a button, a row
of buttons and a decision's box. Each kind of decision draws its controls in a module of its own
(controls_turn, controls_counts, controls_toggles, controls_picks, controls_market)."""

from __future__ import annotations

from html import escape
from typing import Any, Optional

from machu_picchu import data as D

from kit.markup import Html

from .icons import goods_icon
from .words import count, good_name, t

NONE_WORDS = ("nothing", "nobody")
COUNT_KINDS = ("produce", "sacrifice")
TOGGLE_KINDS = ("offer", "hire", "take", "claim", "return")
PICK_KINDS = ("acquire", "sunclock")
DECLINE = {
    "produce": "produce 0", "sacrifice": "sacrifice 0", "offer": "offer nothing",
    "hire": "hire nobody", "acquire": "acquire nothing", "sunclock": "sunclock nobody",
    "claim": "claim nothing",
}
PROFESSION_GOOD = {p: D.GOODS[i] for i, p in enumerate(D.PROFESSIONS)}
PROFESSION_LABEL = dict(zip(D.PROFESSIONS, D.PROFESSION_NAMES))
ROW_LABEL = dict(zip(D.ROWS, D.ROW_NAMES))
MOON_LABEL = dict(zip(D.MOON_IDS, D.MOON_NAMES))


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def district_name(d: str) -> str:
    """A district's name in the page's language (escaped)."""
    return t("mp.district." + d) if d in D.DISTRICT_NAMES else esc(d)


def split(text: str) -> tuple[str, str]:
    kind, _, arg = text.partition(" ")
    return kind, arg


def items_of(text: str) -> frozenset:
    """The items a composed action stands for: 'hire potter+weaver' -> {potter, weaver}."""
    kind, arg = split(text)
    if kind == "return":
        return frozenset(arg.split())
    if not arg or arg in NONE_WORDS:
        return frozenset()
    return frozenset(arg.split("+"))


def plural(n: int, word: str, many: Optional[str] = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def last_day(view: dict) -> bool:
    """Day 9: no night follows, so moon tiles and the Sun Clock pay at once."""
    return view.get("day") == view.get("last_day")


def tile_name(tile: str) -> str:
    """A moon tile's name ("3 corn", "llama", "2 steps"), escaped."""
    return t("mp.tile." + tile)


def tile_gives(tile: str) -> str:
    """What a moon tile pays, in words (escaped)."""
    _tid, corn, good, steps = D.MOON_TILES[D.MOON_INDEX[tile]]
    if corn:
        return t("mp.tile.gives.corn")
    if good is not None:
        return t("mp.tile.gives.good", good=t("mp.good." + D.GOODS[good]))
    return t("mp.tile.gives.steps", n=steps)


def stay_title(view: dict, tile: str) -> str:
    """The tooltip of a moon tile one may take: what it pays, and when (day 9: at once)."""
    if last_day(view):
        return t("mp.stay.title_last", tile=tile_name(tile),
                  gives=tile_gives(tile), day=view["day"])
    return t("mp.stay.title", tile=tile_name(tile), gives=tile_gives(tile))


def goods_words(counts: dict[str, int]) -> str:
    """{'corn': 3, 'cloth': 1} -> '3 corn, 1 cloth' (in the goods' order; escaped)."""
    parts = [count(counts[g], g) for g in D.GOODS if counts.get(g)]
    return Html(", ".join(parts)) if parts else t("mp.nothing")



def button(label: str, act: str, value: Optional[str] = None, *, cls: str = "", title: str = "",
         disabled: bool = False, pressed: Optional[bool] = None, title_html: str = "",
         name_html: str = "") -> str:
    """A button; `title` is plain text, `title_html` already escaped (catalogue words);
    `name_html` (escaped) its accessible name when its face is a symbol or a picture."""
    attrs = [f'type="button"', f'data-act="{esc(act)}"']
    if value is not None:       # right after data-act: a hint finds the pair (_mark)
        attrs.append(f'data-v="{esc(value)}"')
    if name_html:
        attrs.append(f'aria-label="{name_html}"')
    if cls:
        attrs.append(f'class="{esc(cls)}"')
    if title or title_html:
        attrs.append(f'title="{title_html or esc(title)}"')
    if disabled:
        attrs.append("disabled")
    if pressed is not None:
        attrs.append(f'aria-pressed="{"true" if pressed else "false"}"')
    return f"<button {' '.join(attrs)}>{label}</button>"


def icon(good: str, size: int = 18) -> str:
    return goods_icon(good, size)


def wrap(kind: str, question: str, body: str) -> str:
    return (f'<div class="decision decision-{esc(kind)}" data-kind="{esc(kind)}">'
            f'<p class="question">{question}</p>{body}</div>')


def button_row(*parts: str) -> str:
    return '<div class="buttons">' + "".join(p for p in parts if p) + "</div>"


def district_words(d: str) -> str:
    return t("mp.district." + d) if d in D.DISTRICT_NAMES else esc(d)


def card_caption(name: str) -> str:
    """'coca + puma · 5 gold' (escaped)."""
    idx = D.CARD_INDEX.get(name)
    gold = D.CARD_GOLD[idx] if idx is not None else "?"
    a, _, b = name.partition("-")
    return t("mp.card.caption", a=a, b=b, gold=gold)


def unit_words(good: str, bare: bool = False) -> str:
    """One unit of a good as given or taken: '3 corn' (corn goes by threes), '1 llama' (bare:
    'llama')."""
    if good == "corn":
        return count(3, "corn")
    return good_name(good) if bare else count(1, good)


def idle_targets(view: dict) -> dict[str, str]:
    """District -> why it gives the deciding player nothing today (the engine's reason code,
    machu_picchu.yields), for the districts the turn could go to; empty for other decisions."""
    prompt = view.get("prompt") or {}
    idle = prompt.get("idle") if prompt.get("kind") == "turn" else None
    return dict(idle) if isinstance(idle, dict) else {}


def idle_words(reason: str) -> str:
    """Why a district gives nothing today, in words (escaped HTML)."""
    return t("mp.idle." + reason)
