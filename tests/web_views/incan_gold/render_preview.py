"""Visual check (not part of the site): Incan Gold's views for a mid-round position, as one page.

    python3 tests/web_views/incan_gold/render_preview.py [players] [seed] [out.html] [--end|--reveal|--bust]
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot=/tmp/ig.png \
        --window-size=768,1024 file:///tmp/ig-preview.html
    (--reveal: every frame of the next reveal, one under the other; --end: the end screen;
     --bust: the first choice of a round after a bust, the last round's path below)

With the engine present (src/incan_gold) the position is a real game played at random to the
middle of a round; without it, a hand-made view of the same shape.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "web"), str(HERE)]

import games.incan_gold as ig_web  # noqa: E402
from games.incan_gold import end  # noqa: E402
from games.incan_gold.look import looks  # noqa: E402
from shell.i18n import Words, load_catalogue  # noqa: E402
from ig_fixtures import NAMES, artifact, build_view, ctx_of, hazard, treasure  # noqa: E402

LONG = ["Ana", "Bartholomew-Maximilian", NAMES[2], "Dora", "Emil", "Fatma", "Gus", "Hiro"]


def engine_game(players: int, seed: int, bust: bool):
    """A real game, played at random into the middle of round 3 (None without the engine)."""
    try:
        import incan_gold as ig
    except ModuleNotFoundError:
        return None
    game = ig.new_game(players=players, seed=seed, names=LONG[:players])
    rng = random.Random(seed)
    while not game.is_over:
        view = game.view(None)
        if view["round"] >= 3 and len(view["path"]) >= 6 and not bust:
            break
        if bust and view["round"] >= 2 and view["step"] == 1 and view["rounds_done"][-1]["end"] == "bust":
            break                      # the first choice of a round that follows a bust
        legal = [str(a) for a in game.legal_actions()]
        game.apply("torch" if "torch" in legal and rng.random() < 0.85 else rng.choice(legal))
    return game


def fixture_view(players: int, bust: bool) -> dict:
    path = [treasure(11, 3), hazard("fire"), treasure(5, 1), artifact(), treasure(17, 2),
            hazard("snakes"), treasure(2, 2), treasure(9, 1), hazard("mummies")]
    if bust:
        path.append(hazard("fire"))
    view = build_view(players, path=path, removed=["rockfall"], round_=3, viewer=0,
                      in_temple=set(range(0, players, 2)) | {1}, chosen={0},
                      round_gems=[9 if i % 2 == 0 or i == 1 else 0 for i in range(players)],
                      artifacts={1: [5], 3 % players: [5, 5]}, start=2 % players)
    for i, p in enumerate(view["players"]):
        p["name"] = LONG[i]
    return view


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    players = int(args[0]) if args else 5
    seed = int(args[1]) if len(args) > 1 else 3
    out = Path(args[2] if len(args) > 2 else "/tmp/ig-preview.html")
    bust = "--bust" in sys.argv
    game = engine_game(players, seed, bust)
    if game is not None:
        seat = game.to_move if game.to_move is not None else 0
        view = game.view(seat)
        legal = [str(a) for a in game.legal_actions()] if game.to_move is not None else []
    else:
        seat, view, legal = 0, fixture_view(players, bust), ["torch", "camp"]
    t = Words(load_catalogue("en", ROOT / "web"), [p["name"] for p in view["players"]]).t
    ctx = ctx_of(t, view, seat=seat, legal=legal, deciding=seat, game=game,
                 seats=[{"name": p["name"]} for p in view["players"]])
    regions = ig_web.game_regions(ctx)
    extra = ""
    if "--reveal" in sys.argv and game is not None:
        # play on to the next reveal that turns a card; show every frame, one under the other
        rng = random.Random(seed)
        while not game.is_over:
            chooser = game.to_move
            before = game.view(chooser)
            game.apply(rng.choice(game.legal_actions()) if len(before["waiting"]) > 1 else "torch")
            if len(before["waiting"]) == 1 and not before.get("over"):
                break
        viewer = game.to_move if game.to_move is not None else 0
        ctx.view, ctx.seat = game.view(viewer), viewer
        frames = ig_web.reveal_frames(lambda: before, ctx.view, ctx)
        extra = "".join(f'<h2>Frame {k + 1} ({sec:g} s): {r["announce"]}</h2>{r["board"]}{r["controls"]}{r["players"]}'
                        for k, (sec, r) in enumerate(frames))
        regions = {"board": "", "controls": "", "players": "", "log": "", "announce": ""}
    elif "--end" in sys.argv and game is not None:
        while not game.is_over:
            game.apply(random.Random(1).choice([str(a) for a in game.legal_actions()]))
        ctx.view, ctx.game = game.view(None), game
        extra = ig_web.end_html(ctx)
    elif "--end" in sys.argv:
        result = {"winners": [1], "seats": [{"gems": 20 + 3 * i, "artifacts": [5] * (i % 2), "final": 20 + 3 * i + 5 * (i % 2)}
                                            for i in range(players)]}
        stats = {"players": players, "standings": [{"label": "start", "wealth": [0] * players}] + [
            {"label": f"round {r}", "wealth": [r * (3 + i * 2) for i in range(players)]} for r in range(1, 6)],
            "rounds": [{"round": r, "banked": [3 + i * 2 for i in range(players)], "lost": [0] * players,
                        "bust": r == 2} for r in range(1, 6)]}
        extra = end.end_html(view, result, looks(view, ctx.seats), t, stats)
    css = [(ROOT / "web" / "style.css").as_uri(), (ROOT / "web" / "games" / "incan_gold" / ig_web.CSS).as_uri()]
    links = "".join(f'<link rel="stylesheet" href="{c}">' for c in css)
    page = f"""<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">{links}
<style>body{{margin:0;padding:6px}} .stack{{display:flex;flex-direction:column;gap:8px}}</style></head>
<body><div class="stack">{regions["board"]}<div>{regions["controls"]}</div>{regions["players"]}
{extra}{regions["log"]}<p class="sr">{regions["announce"]}</p></div></body></html>"""
    out.write_text(page, encoding="utf-8")
    print(f"wrote {out}: {players} players, round {view['round']}, {len(view['path'])} cards, "
          f"{'engine' if game is not None else 'fixture'} view, seat {seat}")


if __name__ == "__main__":
    main()
