"""A sacrifice card's face: its two icons, its gold, and what it scores."""

from __future__ import annotations

from functools import lru_cache
from html import unescape

from machu_picchu import data as D

from kit.svg import esc as _e

from .icons import icon_at
from .words import t

def card_svg(card_name: str, *, small: bool = False) -> str:
    """A sacrifice card's face: its two icons and its gold, with a tooltip on what it scores."""
    idx = D.CARD_INDEX.get(card_name)
    if idx is None:
        raise ValueError(f"no sacrifice card {card_name!r}")
    a, b = (D.ICONS[i] for i in D.CARDS[idx])
    tip = unescape(t("mp.cardtip.text", a=t("mp.icon." + a), b=t("mp.icon." + b),
                     first=t("mp.cardtip." + a), second=t("mp.cardtip." + b), gold=D.CARD_GOLD[idx]))
    return _card_svg(card_name, small, tip)


@lru_cache(maxsize=256)
def _card_svg(card_name: str, small: bool, tip: str) -> str:
    idx = D.CARD_INDEX[card_name]
    a, b = (D.ICONS[i] for i in D.CARDS[idx])
    gold = D.CARD_GOLD[idx]
    w, h = (44, 62) if small else (64, 90)
    return (f'<svg class="mp-card{" mp-card-small" if small else ""}" '
            f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 64 90" '
            f'role="img" aria-label="{_e(tip)}" data-card="{_e(card_name)}"><title>{_e(tip)}</title>'
            '<rect class="mp-card-face" x="1.5" y="1.5" width="61" height="87" rx="7"/>'
            '<rect class="mp-card-inner" x="6" y="22" width="52" height="62" rx="4"/>'
            f'{icon_at("gold", 33, 3, 16)}<text class="mp-card-gold" x="50" y="16">{gold}</text>'
            f'{icon_at(a, 18, 25, 28)}{icon_at(b, 18, 54, 28)}</svg>')
