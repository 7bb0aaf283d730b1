"""Visual check (not part of the site): render the board's views for a mid-game view.

    python3 tests/web_views/render_preview.py [players] [seed] [actions]
    chromium --headless --no-sandbox --disable-gpu --screenshot=/tmp/board.png \
        --window-size=1024,768 file:///tmp/preview.html
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "web")]

import machu_picchu as mp  # noqa: E402
from ui import board, help as rules_help  # noqa: E402


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


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    actions = int(sys.argv[3]) if len(sys.argv) > 3 else 150
    game = mid_game(players, seed, actions)
    seat = game.to_move if game.to_move is not None else 0
    view = game.view(seat)
    seats = [dict(s) for s in board.SEAT_STYLES[:players]]
    for s, p in zip(seats, view["players"]):
        s["name"] = p["name"]
    targets = {}
    for text in view.get("legal", []):
        kind, _, arg = text.partition(" ")
        if kind in ("move", "travel"):
            targets[arg] = kind
    hand = view["players"][seat].get("hand", [])
    cards = "".join(board.card_svg(c) for c in hand) + "".join(
        board.card_svg(c, small=True) for c in ("corn-puma", "condor-sun", "llama-coca"))
    css = (ROOT / "web" / "board.css").as_uri()
    page = f"""<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="{css}">
<style>body{{margin:0;background:#f4efe6;font-family:system-ui,sans-serif;color:#1d3557}}
.wrap{{display:grid;grid-template-columns:700px minmax(0,1fr);gap:6px;padding:6px}}
.side{{display:flex;flex-direction:column;gap:6px}} .row{{display:flex;flex-wrap:wrap;gap:6px;align-items:center}}</style>
</head><body><div class="wrap"><div>{board.board_svg(view, seats, targets, selected=None)}
{board.trail_svg(view, seats)}</div><div class="side">{board.market_svg(view)}{board.rows_svg(view)}
{board.time_svg(view, seats)}<div class="row">{cards}</div>
<div class="row">{"".join(board.seat_badge(seats, i, 28) for i in range(players))}
{"".join(board.goods_icon(g, 24) for g in board.ICONS)}</div></div></div>
<div style="padding:8px">{rules_help.help_html()}</div></body></html>"""
    out = Path(sys.argv[4] if len(sys.argv) > 4 else "/tmp/preview.html")
    out.write_text(page, encoding="utf-8")
    print(f"wrote {out}: day {view['day']}, seat {seat}, targets {targets}")


if __name__ == "__main__":
    main()
