"""Visual check (not part of the site): render the board's views for a mid-game view.

    python3 tests/web_views/render_preview.py [players] [seed] [actions]
    chromium --headless --no-sandbox --disable-gpu --screenshot=/tmp/board.png \
        --window-size=1024,768 file:///tmp/preview.html
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "web")]

import machu_picchu as mp  # noqa: E402
from games.machu_picchu import board, days, help as rules_help, icons, market, rows, trail  # noqa: E402
from games.machu_picchu.cards import card_svg  # noqa: E402
from kit.seats import SEAT_STYLES, seat_badge  # noqa: E402


def mid_game(players: int = 4, seed: int = 7, actions: int = 150):
    """A game after `actions` random legal actions, preferring actions that move the game on."""
    game = mp.new_game(players, seed=seed, names=["Ana", "Bruno", "<img src=x onerror=alert(1)>",
                                                  "Dora", "Emil"][:players])
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        legal = game.legal_actions()
        # Random play ends days fast by staying; favour the other actions to fill the board.
        busy = [a for a in legal if a.kind != "stay"] or legal
        game.apply(rng.choice(busy if rng.random() < 0.85 else legal))
    return game


def stress(view: dict) -> None:
    """Crowd the view: the busiest districts the rules allow, to check that nothing overflows."""
    n = len(view["players"])
    ds = view["districts"]
    for d in ("corn", "llama", "coca", "pottery", "cloth"):
        ds[d]["incas"] = [(i * 3 + len(d)) % 4 + (1 if d == "cloth" else 0) for i in range(n)]
        ds[d]["bonus"] = 2
    ds["pottery"]["incas"] = [12, 3, 10, 1, 7][:n]
    ds["sunclock"]["incas"] = [1] * n
    for d in ("condor", "puma", "sun", "main"):
        ds[d]["bonus"] = 2
    for d in ds.values():
        d["princes"] = []
    ds["cloth"]["princes"] = list(range(n))
    ds["palace"]["princes"] = list(range(n))
    ds["sunclock"]["princes"] = [0, 1, 2][:n]
    ds["condor"]["princes"] = [n - 1]
    for i, p in enumerate(view["players"]):
        p["trail"] = [5, 5, 5, 19, 5][i]
    view["sun_tile"] = 1
    view["time_track_corn"] = [7, 8]


def bench(view: dict, seats: list[dict], targets: dict) -> None:
    """Time each view function on this view (CPython; Pyodide is about 2x slower)."""
    import timeit
    calls = {
        "board_svg": lambda: board.board_svg(view, seats, targets),
        "market_svg": lambda: market.market_svg(view),
        "rows_svg": lambda: rows.rows_svg(view),
        "trail_svg": lambda: trail.trail_svg(view, seats),
        "time_svg": lambda: days.time_svg(view, seats),
        "all five": lambda: (board.board_svg(view, seats, targets), market.market_svg(view),
                             rows.rows_svg(view), trail.trail_svg(view, seats),
                             days.time_svg(view, seats)),
    }
    for name, fn in calls.items():
        n = 200
        best = min(timeit.repeat(fn, number=n, repeat=5)) / n
        print(f"{name:11s} {best * 1000:6.2f} ms  {len(str(fn())):7d} chars")


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    players = int(args[0]) if len(args) > 0 else 4
    seed = int(args[1]) if len(args) > 1 else 7
    actions = int(args[2]) if len(args) > 2 else 150
    game = mid_game(players, seed, actions)
    seat = game.to_move if game.to_move is not None else 0
    view = game.view(seat)
    if "--stress" in sys.argv:
        stress(view)
    seats = [dict(s) for s in SEAT_STYLES[:players]]
    for s, p in zip(seats, view["players"]):
        s["name"] = p["name"]
    targets = {"sun": "travel", "main": "travel", "coca": "travel"} if "--stress" in sys.argv else {}
    for text in view.get("legal", []):
        kind, _, arg = text.partition(" ")
        if kind in ("move", "travel"):
            targets[arg] = kind
    if "--bench" in sys.argv:
        bench(view, seats, targets)
        return
    hand = view["players"][seat].get("hand", [])
    cards = "".join(card_svg(c) for c in hand) + "".join(
        card_svg(c, small=True) for c in ("corn-puma", "condor-sun", "llama-coca"))
    css = "".join(f'<link rel="stylesheet" href="{(ROOT / "web" / c).as_uri()}">'
                  for c in ("style.css", "games/machu_picchu/machu-picchu.css"))
    page = f"""<!doctype html><html><head><meta charset="utf-8">{css}
<style>body{{margin:0;background:#f4efe6;font-family:system-ui,sans-serif;color:#1d3557}}
.wrap{{display:grid;grid-template-columns:700px minmax(0,1fr);gap:6px;padding:6px}}
.portrait .wrap{{grid-template-columns:1fr}} .portrait .side{{display:grid;grid-template-columns:1fr 1fr}}
.side{{display:flex;flex-direction:column;gap:6px}} .row{{display:flex;flex-wrap:wrap;gap:6px;align-items:center}}</style>
</head><body class="{'portrait' if '--portrait' in sys.argv else ''}"><div class="wrap"><div>{board.board_svg(view, seats, targets, selected=None)}
{trail.trail_svg(view, seats)}</div><div class="side">{market.market_svg(view)}{rows.rows_svg(view)}
{days.time_svg(view, seats)}<div class="row">{cards}</div>
<div class="row">{"".join(seat_badge(seats, i, 28) for i in range(players))}
{"".join(icons.goods_icon(g, 24) for g in icons.ICONS)}</div></div></div>
<div style="padding:8px">{rules_help.help_html()}</div></body></html>"""
    out = Path(args[3] if len(args) > 3 else "/tmp/preview.html")
    out.write_text(page, encoding="utf-8")
    print(f"wrote {out}: day {view['day']}, seat {seat}, targets {targets}")


if __name__ == "__main__":
    main()
