"""The game's icon art (goods, temples, districts, symbols), and an icon placed or inline."""

from __future__ import annotations

from functools import lru_cache

from kit.svg import esc as _e, num as _n

# Icon art in a 24x24 box. Shapes differ per good, so colour never carries meaning alone.
ICONS: dict[str, str] = {
    "corn": (
        '<ellipse cx="12" cy="10" rx="4.4" ry="8.6" fill="#f2c14e" stroke="#94650f"/>'
        '<path d="M8.2 6.5h7.6M7.7 9.5h8.6M7.8 12.5h8.4M10 2.8v13M14 2.8v13" stroke="#c08a20" '
        'stroke-width=".8" fill="none"/>'
        '<path d="M12 23C7.2 21.4 4.6 17 5 11.6c1.8 3.4 4 5.4 7 6.4z" fill="#5f9136" stroke="#35591b" '
        'stroke-width=".8"/>'
        '<path d="M12 23c4.8-1.6 7.4-6 7-11.4-1.8 3.4-4 5.4-7 6.4z" fill="#4c7a2b" stroke="#35591b" '
        'stroke-width=".8"/>'
    ),
    "llama": (
        '<path d="M4.6 1.8 5.7 3.9 6.6 1.8 7.7 4.3C8.5 4.8 8.9 5.6 8.9 6.6V11H16.6C18.8 11 20.5 12.5 '
        '20.5 14.6V16.6L19.3 17.3V22H17.5V17.7H11.3V22H9.5V17.3C8.2 16.6 7.2 15.4 7 13.8L6.6 8.3H4'
        'C2.9 8.3 2.5 7.2 3.2 6.4L4.7 5Z" fill="#f4ecdc" stroke="#4d3b28" stroke-width="1.1" '
        'stroke-linejoin="round"/>'
        '<circle cx="6.2" cy="5.9" r=".8" fill="#2e2418"/>'
        '<path d="M9 12.6h9" stroke="#c9b48f" stroke-width="1"/>'
    ),
    "coca": (
        '<path d="M12 1.8C5.8 6.4 4.4 13.6 12 22.2c7.6-8.6 6.2-15.8 0-20.4z" fill="#5a9a3c" '
        'stroke="#2a5a19"/>'
        '<path d="M12 4.5V20M12 8.6 9.2 6.6M12 8.6l2.8-2M12 12.6 8.6 10.4M12 12.6l3.4-2.2'
        'M12 16.6 9.2 14.8M12 16.6l2.8-1.8" stroke="#2a5a19" stroke-width=".9" fill="none"/>'
    ),
    "pottery": (
        '<path d="M8.4 2.2h7.2v2.4l-1.3 1.3c3.5 1.3 5.8 4.4 5.8 8.1 0 4.6-3.6 7.8-8.1 7.8S3.9 18.6 '
        '3.9 14c0-3.7 2.3-6.8 5.8-8.1L8.4 4.6z" fill="#b85a32" stroke="#5a2810"/>'
        '<path d="M4.4 12.2h15.2M4.6 15.6h14.8" stroke="#f3d7a6" stroke-width="1.2"/>'
        '<path d="M6.5 13.9l1.6-1.2 1.6 1.2 1.6-1.2 1.6 1.2 1.6-1.2 1.6 1.2 1.6-1.2" stroke="#2b1408" '
        'stroke-width=".8" fill="none"/>'
    ),
    "cloth": (
        '<rect x="3" y="3.5" width="18" height="14.5" rx="1" fill="#4b63ad" stroke="#1d2c5e"/>'
        '<path d="M3 8.6l3-3 3 3 3-3 3 3 3-3 3 3" stroke="#f2c14e" stroke-width="1.5" fill="none"/>'
        '<path d="M3 14.2l3-2.6 3 2.6 3-2.6 3 2.6 3-2.6 3 2.6" stroke="#ece6d6" stroke-width="1.2" '
        'fill="none"/>'
        '<path d="M5 18v3.5M8 18v3.5M11 18v3.5M14 18v3.5M17 18v3.5M19.6 18v3.5" stroke="#1d2c5e" '
        'stroke-width="1.1"/>'
    ),
    "condor": (
        '<path d="M12 9.4C9 7.4 5.4 6.4.8 7.4c2.6.8 4 2 4.9 3.6-1.6.2-2.7.9-3.4 2 2.9-.8 5.3-.6 '
        '7.3.6L11 19.5h2l1.4-5.9c2-1.2 4.4-1.4 7.3-.6-.7-1.1-1.8-1.8-3.4-2 .9-1.6 2.3-2.8 4.9-3.6'
        '-4.6-1-8.2 0-11.2 2z" fill="#26262b" stroke="#101012" stroke-width=".6"/>'
        '<path d="M9.6 9.4c1.5-.7 3.3-.7 4.8 0l-.9 1.9h-3z" fill="#f1ede4"/>'
        '<circle cx="12" cy="6.6" r="2.1" fill="#c4604e" stroke="#5c2419" stroke-width=".7"/>'
        '<path d="M12 8.2l-.7 1.2h1.4z" fill="#e8d9a8"/>'
    ),
    "puma": (
        '<path d="M3.6 3.2l4.6 4h7.6l4.6-4 .8 8.2c0 5.8-3.9 9.8-9.2 9.8s-9.2-4-9.2-9.8z" '
        'fill="#c98b42" stroke="#5e3a12"/>'
        '<path d="M5 5.2l1.8 2M19 5.2l-1.8 2" stroke="#5e3a12" stroke-width=".9"/>'
        '<path d="M7.8 11.4l2.4.8M16.2 11.4l-2.4.8" stroke="#21140a" stroke-width="1.6" '
        'stroke-linecap="round"/>'
        '<path d="M10.4 14.8h3.2L12 16.6z" fill="#21140a"/>'
        '<path d="M12 16.6v1.3M9.4 18.3c1.6.9 3.6.9 5.2 0" stroke="#21140a" stroke-width=".9" '
        'fill="none"/>'
    ),
    "sun": (
        '<path d="M12 .6l1.7 4.2h-3.4zM12 23.4l1.7-4.2h-3.4zM.6 12l4.2-1.7v3.4zM23.4 12l-4.2-1.7v3.4z'
        'M3.9 3.9l4.2 1.8-2.4 2.4zM20.1 20.1l-4.2-1.8 2.4-2.4zM20.1 3.9l-1.8 4.2-2.4-2.4z'
        'M3.9 20.1l1.8-4.2 2.4 2.4z" fill="#e0801a"/>'
        '<circle cx="12" cy="12" r="6" fill="#f6c343" stroke="#a65a0c"/>'
        '<path d="M9.6 11h.1M14.3 11h.1" stroke="#a65a0c" stroke-width="1.4" stroke-linecap="round"/>'
        '<path d="M9.8 13.9c1.3 1 3.1 1 4.4 0" stroke="#a65a0c" stroke-width=".9" fill="none"/>'
    ),
    "gold": (
        '<circle cx="12" cy="5.6" r="3.7" fill="#e2b32e" stroke="#6e5005"/>'
        '<path d="M8 10.2h8l1.6 11H6.4z" fill="#e2b32e" stroke="#6e5005" stroke-linejoin="round"/>'
        '<path d="M8.2 12.2 4.6 15.4M15.8 12.2l3.6 3.2" stroke="#6e5005" stroke-width="1.9" '
        'stroke-linecap="round"/>'
        '<path d="M10.6 5.2h.1M13.3 5.2h.1M9.6 14h4.8" stroke="#6e5005" stroke-width="1.1" '
        'stroke-linecap="round"/>'
    ),
    "step": (
        '<path d="M2.5 21.5V17h5v-4.5h5V8h5V3.5h4v18z" fill="#a99172" stroke="#4a3b28" '
        'stroke-linejoin="round"/>'
        '<path d="M7.5 17h14M12.5 12.5h9M17.5 8h4" stroke="#4a3b28" stroke-width=".7"/>'
    ),
    "stone": (
        '<path d="M3.5 9.5 7.8 4.5h8.4l4.3 5-2 10h-13z" fill="#a3a8ad" stroke="#43484d" '
        'stroke-linejoin="round"/>'
        '<path d="M3.5 9.5h17M7.8 4.5l1.6 5M16.2 4.5l-1.6 5M9.4 9.5l-1 10M14.6 9.5l1 10" '
        'stroke="#6a6f74" stroke-width=".8" fill="none"/>'
    ),
    "moon": (
        '<path d="M15.5 2.4A9.6 9.6 0 1 0 21.6 17.2 7.7 7.7 0 1 1 15.5 2.4z" fill="#e9e6f5" '
        'stroke="#4f4d82"/>'
    ),
    "card": (
        '<rect x="5" y="2.5" width="14" height="19" rx="2" fill="#f3e6c4" stroke="#6b4a1c"/>'
        '<path d="M12 7l3.5 5-3.5 5-3.5-5z" fill="#c4602a" stroke="#6b4a1c" stroke-width=".7"/>'
    ),
    "hut": (
        '<path d="M1.8 12.2 12 3l10.2 9.2z" fill="#c0913f" stroke="#5a3e14" stroke-linejoin="round"/>'
        '<path d="M5 9.4l2-1.8M9 6.4l-1 2.8M15 6.4l1 2.8M19 9.4l-2-1.8" stroke="#7a5820" '
        'stroke-width=".8"/>'
        '<rect x="4.6" y="12.2" width="14.8" height="9.2" fill="#cfc5b1" stroke="#514638"/>'
        '<path d="M9.8 21.4v-5.4h4.4v5.4z" fill="#4a3826"/>'
    ),
    "palace": (
        '<path d="M2.2 21.5V9.5h19.6v12z" fill="#c1baab" stroke="#46423b"/>'
        '<path d="M1 9.5l3-4.2h16l3 4.2z" fill="#8f6d3c" stroke="#46351a" stroke-linejoin="round"/>'
        '<path d="M2.2 13.5h19.6M2.2 17.5h19.6" stroke="#8d867a" stroke-width=".6"/>'
        '<path d="M4.6 21.5l.9-6.6h2.6l.9 6.6zM10.4 21.5l.9-8.2h1.4l.9 8.2zM15 21.5l.9-6.6h2.6'
        'l.9 6.6z" fill="#3a322a"/>'
    ),
    "priests": (
        '<path d="M7.4 6.2 9 1.6l1.6 3.4L12 .8l1.4 4.2L15 1.6l1.6 4.6z" fill="#e3a21a" '
        'stroke="#6e4a08" stroke-width=".8" stroke-linejoin="round"/>'
        '<circle cx="12" cy="8.6" r="2.8" fill="#d6a474" stroke="#57381c"/>'
        '<path d="M5.6 22.5 8.4 11.8h7.2l2.8 10.7z" fill="#9a3b28" stroke="#43170d" '
        'stroke-linejoin="round"/>'
        '<path d="M12 12v10.4M9 15.5h6" stroke="#f0c14a" stroke-width="1"/>'
    ),
    "virgins": (
        '<circle cx="12" cy="7.6" r="6" fill="#f6c343" opacity=".75"/>'
        '<circle cx="12" cy="7.8" r="2.9" fill="#d6a474" stroke="#57381c"/>'
        '<path d="M9 6.6c.6-2.6 5.4-2.6 6 0" fill="none" stroke="#2a1a0c" stroke-width="1.3"/>'
        '<path d="M5.4 22.5 8.4 11.2h7.2l3 11.3z" fill="#f3efe4" stroke="#5e5340" '
        'stroke-linejoin="round"/>'
        '<path d="M6.6 18.2h10.8" stroke="#d9822b" stroke-width="1.2"/>'
    ),
    "plaza": (
        '<path d="M12 3.4v17M4.5 6.2h15" stroke="#3e3122" stroke-width="1.5" stroke-linecap="round"/>'
        '<path d="M4.5 6.2 2 13M4.5 6.2 7 13M19.5 6.2 17 13M19.5 6.2 22 13" stroke="#3e3122" '
        'stroke-width=".9"/>'
        '<path d="M1.5 13h6a3 2.4 0 0 1-6 0zM16.5 13h6a3 2.4 0 0 1-6 0z" fill="#c79f55" '
        'stroke="#3e3122"/>'
        '<path d="M7.5 21.2h9" stroke="#3e3122" stroke-width="2.2" stroke-linecap="round"/>'
        '<circle cx="12" cy="3.2" r="1.4" fill="#3e3122"/>'
    ),
    "sunclock": (
        '<circle cx="6" cy="5.6" r="3.4" fill="#f6c343" stroke="#a65a0c"/>'
        '<path d="M2.5 21.5h19v-3.2h-19z" fill="#9e978a" stroke="#47423a"/>'
        '<path d="M6.5 18.3 8.2 12h3.3l1.1-4.6h3.2l1.7 10.9z" fill="#c3bcac" stroke="#47423a" '
        'stroke-linejoin="round"/>'
        '<path d="M12.6 7.4 22 12.6" stroke="#47423a" stroke-width=".9" stroke-dasharray="1.6 1.4"/>'
    ),
    "main": (
        '<path d="M1.5 21.5h21v-4h-2.3v-4h-2.3v-4h-2.3V5.3H8.4v4.2H6.1v4H3.8v4H1.5z" '
        'fill="#e3a448" stroke="#6e3c0c" stroke-linejoin="round"/>'
        '<path d="M9.8 21.5v-5.2h4.4v5.2z" fill="#55300e"/>'
        '<path d="M10 3.2h4" stroke="#6e3c0c" stroke-width="1.4"/>'
    ),
}
# Where each icon's name is in the catalogue (the goods and the districts have theirs)
_LABEL_IDS = {**{g: "mp.icon." + g for g in ("corn", "llama", "coca", "pottery", "cloth")},
              **{d: "mp.district." + d for d in ("hut", "palace", "sunclock", "main")}}


def icon_label(name: str) -> str:
    """An icon's name in the page's language, as escaped text."""
    from .words import t, words
    msg_id = _LABEL_IDS.get(name, "mp.iconlabel." + name)
    return t(msg_id) if msg_id in words().catalogue else _e(name)


@lru_cache(maxsize=None)
def icon_at(name: str, x: float, y: float, size: float) -> str:
    """An icon's art placed with its 24-unit box at (x, y), `size` units wide."""
    s = size / 24
    return f'<g transform="translate({_n(x)} {_n(y)}) scale({s:.4g})">{ICONS[name]}</g>'


def goods_icon(good: str, size: int = 18, tooltip: bool = True) -> str:
    """A small inline SVG icon for a good or symbol, labelled for screen readers and (unless
    `tooltip` is False: where the element around it has a tooltip with the fact) tooltips."""
    if good not in ICONS:
        raise ValueError(f"no icon {good!r}")
    return _goods_icon(good, size, tooltip, icon_label(good))


@lru_cache(maxsize=None)
def _goods_icon(good: str, size: int, tooltip: bool, label: str) -> str:
    art = ICONS[good]
    title = f'<title>{label}</title>' if tooltip else ""
    return (f'<svg class="mp-icon" xmlns="http://www.w3.org/2000/svg" width="{size}" '
            f'height="{size}" viewBox="0 0 24 24" role="img" aria-label="{label}">'
            f'{title}{art}</svg>')
