"""What a seat may see: a JSON-able dict built from the game.

Public: the path and the gems on it, every seat's gems of this round (beside its tent), who is
still inside, who has chosen in this step (not what), the artifacts carried out, the removed
hazards, what is left in the deck (its make-up; never its order), the last reveal and how each
past round ended. Secret: another seat's tent (unless the game has open tents, or is over) and
any choice not revealed yet (a seat sees its own as "my_choice").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from . import data as D
from .actions import ALL_ACTIONS
from .kinds import PROMPT_IDS, Decision

if TYPE_CHECKING:
    from .game import Game


def card_json(card: int, left: int) -> dict[str, Any]:
    kind = D.CARD_KIND[card]
    return {"kind": D.KIND_NAMES[kind],
            "gems": D.CARD_GEMS[card] if kind == D.TREASURE else None,
            "hazard": D.HAZARDS[D.CARD_HAZARD[card]] if kind == D.HAZARD else None,
            "left": left}


def path_json(path: Sequence[int], left: Sequence[int],
              artifacts_here: Sequence[int]) -> list[dict[str, Any]]:
    """Cards turned in a round, in order, with the gems lying on each (an artifact card says
    whether its artifact lies there still)."""
    out = []
    here = artifacts_here
    for i, card in enumerate(path):
        entry = card_json(card, left[i])
        if D.CARD_KIND[card] == D.ARTIFACT:
            entry["artifact"] = i in here
        out.append(entry)
    return out


def deck_counts(game: "Game") -> dict[str, int]:
    """How many cards of each kind are left to draw this round."""
    counts = {"treasure": 0, "artifact": 0, **{h: 0 for h in D.HAZARDS}}
    for card in game.deck:
        kind = D.CARD_KIND[card]
        if kind == D.HAZARD:
            counts[D.HAZARDS[D.CARD_HAZARD[card]]] += 1
        else:
            counts[D.KIND_NAMES[kind]] += 1
    return counts


def build_view(game: "Game", seat: Optional[int]) -> dict[str, Any]:
    """All that `seat` may see (None: the public view)."""
    n = game.n
    tents_open = game.options.open_tents or game.over
    chosen = set(game.choices_in())
    players = []
    for s in range(n):
        players.append({
            "name": game.names[s],
            "in_temple": game.in_temple[s] and not game.over,
            "round_gems": game.round_gems[s],
            "chosen": s in chosen,
            "tent": game.tent[s] if tents_open or s == seat else None,
            "artifacts": list(game.artifacts[s]),
        })
    to_move = game.to_move
    my_choice = None
    if seat is not None and seat in chosen:
        my_choice = ALL_ACTIONS[game.choice[seat]].text
    view: dict[str, Any] = {
        "game": D.GAME_ID,
        "seat": seat,
        "players": players,
        "round": game.round,
        "rounds": D.ROUNDS,
        "start_player": game.start_player,
        "phase": "over" if game.over else Decision.CHOOSE.value,
        "to_move": to_move,
        "prompt": None if to_move is None else {
            "kind": Decision.CHOOSE.value, "seat": to_move,
            "event": [PROMPT_IDS[Decision.CHOOSE], {"seat": to_move}]},
        "legal": ([a.text for a in game.legal_actions()]
                  if seat is not None and seat == to_move else []),
        "step": game.step,
        "chosen": sorted(chosen),
        "waiting": [s for s in game.order[game.pos:]] if not game.over else [],
        "my_choice": my_choice,
        "path": path_json(game.path, game.left, game.artifacts_here),
        "removed_hazards": [D.HAZARDS[h] for h in game.removed],
        "deck": deck_counts(game),
        "deck_size": len(game.deck),
        "artifacts_out": game.artifacts_out,
        "artifacts_lost": game.artifacts_lost,
        "artifacts_to_come": 0 if game.options.diamant else D.ROUNDS - game.round,
        "next_artifact_value": (D.ARTIFACT_VALUES[game.artifacts_out]
                                if game.artifacts_out < D.ARTIFACTS else None),
        "last_reveal": game.last_reveal and game.last_reveal.to_json(),
        "rounds_done": [{"round": r.round, "end": r.end.value, "hazard": r.hazard,
                         "path": path_json(r.path, r.left, r.artifacts_at)}
                        for r in game.rounds_done],
        "options": {"diamant": game.options.diamant, "open_tents": game.options.open_tents},
        "over": game.over,
        "result": game.result() if game.over else None,
        "log": game.log_for(seat),
    }
    return view
