#!/usr/bin/env python3
"""Draw the app icon (a sun rising behind Huayna Picchu over Inca terraces).

Writes web/icons/icon.svg and the PNG renders icon-192.png / icon-512.png from ONE
list of shapes, with a tiny stdlib-only scanline rasteriser (anti-aliased, zlib+struct
PNG). The outputs are committed; rerun only when the design changes:

    python3 tools/make_icons.py
"""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "web" / "icons"
VIEW = 64.0            # the design is drawn in a 64x64 viewBox
CORNER = 12.0          # rounded-square background radius
PNG_SIZES = (192, 512)
SUBSAMPLES = 4         # vertical sub-rows per pixel (horizontal coverage is exact)

# (kind, fill, geometry) in painting order; everything is clipped to the rounded square.
SHAPES = [
    ("rect", "#1d3557", (0, 0, 64, 64)),                                  # night-blue sky
    ("rect", "#2b4c7e", (0, 30, 64, 34)),                                  # lighter dawn band
    ("circle", "#f4b942", (44, 20, 11)),                                   # sun
    ("circle", "#ffd166", (44, 20, 7.5)),                                  # sun core
    ("polygon", "#3f7d4e", [(22, 64), (33, 40), (38, 30), (42, 22), (45, 18), (48, 23),
                            (52, 33), (58, 44), (64, 50), (64, 64)]),      # Huayna Picchu
    ("polygon", "#2a5a3b", [(0, 64), (0, 38), (7, 32), (15, 29), (23, 34), (32, 44),
                            (40, 64)]),                                    # Machu Picchu ridge
    ("rect", "#9ccc65", (4, 58, 34, 6)),                                   # terraces, bottom up
    ("rect", "#7cb342", (8, 53, 26, 5)),
    ("rect", "#9ccc65", (12, 48, 18, 5)),
    ("rect", "#7cb342", (16, 44, 10, 4)),
]


# --- SVG --------------------------------------------------------------------------------
def svg_text() -> str:
    """The icon as an SVG document."""
    body = []
    for kind, fill, geo in SHAPES:
        if kind == "rect":
            x, y, w, h = geo
            body.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}"/>')
        elif kind == "circle":
            cx, cy, r = geo
            body.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}"/>')
        else:
            points = " ".join(f"{x},{y}" for x, y in geo)
            body.append(f'<polygon points="{points}" fill="{fill}"/>')
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">\n'
        f'<title>The Princes of Machu Picchu</title>\n'
        f'<defs><clipPath id="tile"><rect width="64" height="64" rx="{CORNER:g}"/></clipPath></defs>\n'
        '<g clip-path="url(#tile)">\n' + "\n".join(body) + "\n</g>\n</svg>\n"
    )


# --- rasteriser -----------------------------------------------------------------------
def spans(kind: str, geo, y: float) -> list[tuple[float, float]]:
    """Horizontal spans [x0, x1) of a shape at height y (viewBox units)."""
    if kind == "rect":
        x, top, w, h = geo
        return [(x, x + w)] if top <= y < top + h else []
    if kind == "circle":
        cx, cy, r = geo
        d2 = r * r - (y - cy) ** 2
        return [(cx - d2 ** 0.5, cx + d2 ** 0.5)] if d2 > 0 else []
    xs = []
    for (x0, y0), (x1, y1) in zip(geo, geo[1:] + geo[:1]):
        if (y0 <= y < y1) or (y1 <= y < y0):
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    xs.sort()
    return list(zip(xs[0::2], xs[1::2]))


def tile_span(y: float) -> tuple[float, float]:
    """The rounded-square clip at height y."""
    dy = max(CORNER - y, y - (VIEW - CORNER), 0.0)
    inset = CORNER - (CORNER * CORNER - dy * dy) ** 0.5 if dy else 0.0
    return inset, VIEW - inset


def add_span(cov: list[float], diff: list[float], x0: float, x1: float, weight: float) -> None:
    """Add exact horizontal coverage of [x0, x1) (pixel units) to a row."""
    n = len(cov)
    x0, x1 = max(x0, 0.0), min(x1, float(n))
    if x1 <= x0:
        return
    i0, i1 = int(x0), int(x1)
    if i0 == i1:
        cov[i0] += (x1 - x0) * weight
        return
    cov[i0] += (i0 + 1 - x0) * weight
    if i1 < n:
        cov[i1] += (x1 - i1) * weight
    diff[i0 + 1] += weight          # full pixels i0+1 .. i1-1
    diff[i1] -= weight


def hex_rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def render(size: int) -> list[bytearray]:
    """Rasterise the icon to RGBA rows."""
    scale = size / VIEW
    rows = []
    for py in range(size):
        pixels = [[0.0, 0.0, 0.0, 0.0] for _ in range(size)]   # premultiplied RGBA
        for kind, fill, geo in SHAPES:
            cov, diff = [0.0] * size, [0.0] * (size + 1)
            for s in range(SUBSAMPLES):
                y = (py + (s + 0.5) / SUBSAMPLES) / scale
                clip0, clip1 = tile_span(y)
                for x0, x1 in spans(kind, geo, y):
                    add_span(cov, diff, max(x0, clip0) * scale, min(x1, clip1) * scale, 1 / SUBSAMPLES)
            run, (r, g, b) = 0.0, hex_rgb(fill)
            for px in range(size):
                run += diff[px]
                a = min(cov[px] + run, 1.0)
                if a > 0:
                    p = pixels[px]
                    keep = 1 - a
                    p[0], p[1], p[2], p[3] = r * a + p[0] * keep, g * a + p[1] * keep, b * a + p[2] * keep, a + p[3] * keep
        row = bytearray()
        for r, g, b, a in pixels:
            if a > 0:
                row += bytes((round(r / a * 255), round(g / a * 255), round(b / a * 255), round(a * 255)))
            else:
                row += b"\0\0\0\0"
        rows.append(row)
    return rows


def png_bytes(rows: list[bytearray]) -> bytes:
    """Encode RGBA rows as a PNG file."""
    height, width = len(rows), len(rows[0]) // 4

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    raw = b"".join(b"\0" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)   # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg_text())
    for size in PNG_SIZES:
        (OUT / f"icon-{size}.png").write_bytes(png_bytes(render(size)))
    print("wrote", ", ".join(sorted(p.name for p in OUT.iterdir())))


if __name__ == "__main__":
    main()
