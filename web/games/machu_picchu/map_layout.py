"""Where things stand on the city map, in map units: district tiles, Princes, travel badges."""

from __future__ import annotations

from typing import Any

from machu_picchu import data as D

MAP_W, MAP_H = 700, 520

# District centres on the project's (reconstructed) map; sizes by kind. Every path between two
# adjacent districts is a straight line between centres, checked to clear every other tile.
DISTRICT_POS: dict[str, tuple[int, int]] = {
    "corn": (66, 50), "sun": (330, 46), "main": (638, 46),
    "hut": (175, 150), "palace": (345, 152), "sunclock": (505, 165),
    "virgins": (228, 248), "puma": (640, 232),
    "llama": (66, 330), "plaza": (370, 340), "priests": (515, 345),
    "condor": (62, 474), "pottery": (272, 474), "cloth": (452, 474), "coca": (634, 474),
}
DISTRICT_KIND: dict[str, str] = {
    "corn": "production", "llama": "production", "coca": "production", "pottery": "production",
    "cloth": "production", "condor": "temple", "puma": "temple", "sun": "temple", "main": "temple",
    "hut": "setup", "palace": "setup", "priests": "house", "virgins": "house",
    "plaza": "plaza", "sunclock": "sunclock",
}
TILE_SIZE: dict[str, tuple[int, int]] = {
    "production": (128, 88), "temple": (112, 80), "setup": (116, 66), "house": (116, 66),
    "plaza": (128, 84), "sunclock": (120, 88),
}
# Inside a tile (offsets from its top-left): the kind medallion (x, y, size); the Princes' area
# (x from, x to (negative: from the right edge), row centres); the bonus slots (x, y of each);
# the Incas' rows (x from, x to, first row centre).
TILE_LAYOUT: dict[str, dict[str, Any]] = {
    "production": {"medal": (4, 21, 22), "princes": (30, -49, (35,)),
                   "bonus": ((-46, 22), (-24, 22)), "incas": (5, -4, 57)},
    "temple": {"medal": (5, 22, 26), "princes": (35, -27, (38, 62)),
               "bonus": ((-24, 22), (-24, 44))},
    "setup": {"medal": (5, 23, 26), "princes": (35, -4, (45,))},
    "house": {"medal": (5, 23, 26), "princes": (35, -4, (45,))},
    "plaza": {"medal": (5, 24, 30), "princes": (40, -4, (50,))},
    "sunclock": {"medal": (4, 21, 22), "princes": (30, -4, (35,)), "incas": (5, -4, 57)},
}
BAND_H = 18  # the name band at the top of every tile
# Districts with a long name get a wider tile, so that the name keeps its 14-unit letters.
TILE_WIDER: dict[str, int] = {"sun": 136, "virgins": 136, "priests": 136, "hut": 128}
PRINCE_R = 10.5   # a Prince marker's radius (its letter is 13.5 units: machu-picchu.css)


def tile_rect(d: str) -> tuple[float, float, float, float]:
    """District d's tile: (x, y, w, h)."""
    w, h = TILE_SIZE[DISTRICT_KIND[d]]
    w = TILE_WIDER.get(d, w)
    cx, cy = DISTRICT_POS[d]
    return cx - w / 2, cy - h / 2, w, h


def prince_spots(n: int, x0: float, x1: float, rows: tuple) -> list[tuple[float, float, float]]:
    """Where n Prince markers stand between x0 and x1 on up to len(rows) rows: (cx, cy, r)."""
    if not n:
        return []
    pr = PRINCE_R if n < 4 else PRINCE_R - 1.2
    width = 2 * pr + 2
    per_row = max(1, int((x1 - x0 - width) // 15) + 1)
    nrows = min(len(rows), -(-n // per_row))
    per_row = -(-n // nrows)
    spots = []
    for i in range(n):
        r, k = divmod(i, per_row)
        in_row = min(per_row, n - r * per_row)
        step = min(width + 2, (x1 - x0 - width) / (in_row - 1)) if in_row > 1 else 0
        spots.append((x0 + width / 2 + k * step, rows[r], pr))
    return spots


def prince_area(d: str, entry: dict) -> tuple[float, float, tuple]:
    """District d's Princes' row span (x0, x1) and row centres, as drawn."""
    x, y, w, _h = tile_rect(d)
    px0, px1, prow = TILE_LAYOUT[DISTRICT_KIND[d]]["princes"]
    if len(entry.get("princes") or ()) > 2 and len(prow) == 1:
        px0 = 4  # crowded: the Princes stand over the medallion
    return x + px0, x + w + px1, tuple(y + r for r in prow)


# Travel badges sit next to their tile, at the first place (above or below it, right, left or
# centred) that stays on the map and clear of every other tile and of the badges placed before.
TRAVEL_BADGE_W, TRAVEL_BADGE_H = 76, 22


def overlap(a: tuple, b: tuple, gap: float = 0.0) -> bool:
    """Do rectangles (x, y, w, h) a and b overlap (or come closer than `gap`)?"""
    return (a[0] < b[0] + b[2] + gap and b[0] < a[0] + a[2] + gap
            and a[1] < b[1] + b[3] + gap and b[1] < a[1] + a[3] + gap)


def _place_travel_badges() -> dict[str, tuple[float, float]]:
    placed: dict[str, tuple[float, float]] = {}
    bw, bh = TRAVEL_BADGE_W, TRAVEL_BADGE_H
    for d in D.DISTRICTS:
        x, y, w, h = tile_rect(d)
        spots = [(x + w - bw - 2, y - bh - 2), (x + 2, y - bh - 2), (x + (w - bw) / 2, y - bh - 2),
                 (x + w - bw - 2, y + h + 2), (x + 2, y + h + 2), (x + (w - bw) / 2, y + h + 2)]
        for bx, by in spots:
            box = (bx, by, bw, bh)
            if (0 <= bx and 0 <= by and bx + bw <= MAP_W and by + bh <= MAP_H
                    and not any(overlap(box, tile_rect(t), 1) for t in D.DISTRICTS if t != d)
                    and not any(overlap(box, (ox, oy, bw, bh), 1) for ox, oy in placed.values())):
                placed[d] = (bx, by)
                break
        else:
            raise AssertionError(f"no room for the travel badge of {d}")
    return placed


_TRAVEL_BADGES = _place_travel_badges()


def travel_badge_at(d: str) -> tuple[float, float]:
    """The top-left corner of district d's "1 llama" badge."""
    return _TRAVEL_BADGES[d]
