"""A sacrifice card's face: its two icons, its gold, and what it scores."""

from __future__ import annotations

from functools import lru_cache

from machu_picchu import data as D

from kit.svg import esc as _e

from .icons import icon_at

ICON_MEANING = {
    "corn": "Farmer (Inca in the Corn Terraces)",
    "llama": "Shepherd (Inca in the Llama Meadow)",
    "coca": "Coca Planter (Inca in the Coca Plantation)",
    "pottery": "Potter (Inca in the Potters' Quarter)",
    "cloth": "Weaver (Inca in the Weavers' Quarter)",
    "condor": "Condor priest",
    "puma": "Puma priest",
    "sun": "Virgin of the Sun",
}


@lru_cache(maxsize=None)
def card_svg(card_name: str, *, small: bool = False) -> str:
    """A sacrifice card's face: its two icons and its gold, with a tooltip on what it scores."""
    idx = D.CARD_INDEX.get(card_name)
    if idx is None:
        raise ValueError(f"no sacrifice card {card_name!r}")
    a, b = (D.ICONS[i] for i in D.CARDS[idx])
    gold = D.CARD_GOLD[idx]
    tip = (f"Sacrifice card {a}-{b}. At the end: 1 VP per {ICON_MEANING[a]} you have and 1 VP per "
           f"{ICON_MEANING[b]} you have. Gold {gold}: counts only if the Spanish conquer.")
    w, h = (44, 62) if small else (64, 90)
    return (f'<svg class="mp-card{" mp-card-small" if small else ""}" '
            f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 64 90" '
            f'role="img" aria-label="{_e(tip)}" data-card="{_e(card_name)}"><title>{_e(tip)}</title>'
            '<rect class="mp-card-face" x="1.5" y="1.5" width="61" height="87" rx="7"/>'
            '<rect class="mp-card-inner" x="6" y="22" width="52" height="62" rx="4"/>'
            f'{icon_at("gold", 33, 3, 16)}<text class="mp-card-gold" x="50" y="16">{gold}</text>'
            f'{icon_at(a, 18, 25, 28)}{icon_at(b, 18, 54, 28)}</svg>')
