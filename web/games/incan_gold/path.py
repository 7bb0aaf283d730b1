"""The temple: the path of cards turned this round, the round track, the hazards out of the game
and what is left in the deck. Pure functions from a view dict (incan_gold's view) to HTML/SVG.

The path is an ordered list of small SVG cards that wraps onto new lines as it grows; a card
says what it is in words too (its <title>), and a hazard that ends the round is marked BUST with
a cross and the word, so it reads without colour.
"""

from __future__ import annotations

from html import unescape
from typing import Any, Callable, Optional

from .art import HAZARDS, art_at, gem_pile, icon
from .look import e

CARD_W, CARD_H = 64, 90
ROUNDS = 5
ARTIFACT_VALUES = (5, 5, 5, 10, 10)      # by order out of the temple, over the whole game

T = Callable[..., str]


def is_over(view: dict) -> bool:
    """Whether the game of this view is over."""
    return bool(view.get("over") or view.get("is_over"))


def path_gems(view: dict) -> int:
    """The gems lying on the path's cards now."""
    return sum(int(c.get("left") or 0) for c in view.get("path", ()))


def artifacts_out(view: dict) -> int:
    """How many artifacts have been carried out of the temple so far (every seat's, public)."""
    if isinstance(view.get("artifacts_out"), int):
        return view["artifacts_out"]
    return sum(len(p.get("artifacts") or ()) for p in view.get("players", ()))


def artifact_lies(card: dict) -> bool:
    """An artifact card whose artifact still lies on the path (not carried out nor lost)."""
    return card.get("kind") == "artifact" and card.get("artifact", True) is not False


def artifact_value(order: int) -> int:
    """The worth of the artifact that would be the `order`-th (0-based) carried out."""
    return ARTIFACT_VALUES[min(order, len(ARTIFACT_VALUES) - 1)]


def bust_index(path: list[dict]) -> Optional[int]:
    """The index of the card that ended the round (a second hazard of a kind), if any."""
    seen = set()
    for i, card in enumerate(path):
        if card.get("kind") == "hazard":
            if card.get("hazard") in seen:
                return i
            seen.add(card.get("hazard"))
    return None


def hazard_name(t: T, kind: Any) -> str:
    return t(f"ig.hazard.{kind}") if kind in HAZARDS else e(kind)


def _card_label(t: T, card: dict, i: int, worth: Optional[int], bust: bool, pair: bool) -> str:
    kind = card.get("kind")
    if kind == "treasure":
        return t("ig.card.treasure", {"i": i + 1, "gems": card.get("gems"), "n": card.get("left") or 0})
    if kind == "artifact":
        if worth is None:
            return t("ig.card.artifact_gone", {"i": i + 1})
        return t("ig.card.artifact", {"i": i + 1, "value": worth})
    name = unescape(hazard_name(t, card.get("hazard")))   # a parameter: t escapes it once
    if bust:
        return t("ig.card.hazard_bust", {"i": i + 1, "hazard": name})
    if pair:
        return t("ig.card.hazard_pair", {"i": i + 1, "hazard": name})
    return t("ig.card.hazard", {"i": i + 1, "hazard": name})


def card_svg(t: T, card: dict, i: int, *, worth: Optional[int] = None, bust: bool = False,
             pair: bool = False, fresh: bool = False, unsplit: bool = False) -> str:
    """One card of the path. `worth`: what an artifact would be worth carried out now; `bust`:
    this card ended the round; `pair`: the first hazard of the kind that busted; `fresh`: just
    turned; `unsplit`: show the printed gems still on a just-turned treasure (before the split)."""
    kind = card.get("kind") if card.get("kind") in ("treasure", "hazard", "artifact") else "hazard"
    if kind == "artifact" and worth is None:
        cls_gone = " ig-card-gone"
    else:
        cls_gone = ""
    label = _card_label(t, card, i, worth, bust, pair)
    cls = f"ig-card ig-card-{kind}{cls_gone}" + (" ig-bust" if bust else "") + (" ig-pair" if pair else "") + \
        (" ig-fresh" if fresh else "")
    out = [f'<svg class="{cls}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_W} {CARD_H}" '
           f'width="{CARD_W}" height="{CARD_H}" role="img" aria-label="{label}" data-card="{i}">'
           f'<title>{label}</title>'
           f'<rect class="ig-card-body" x="1.5" y="1.5" width="{CARD_W - 3}" height="{CARD_H - 3}" rx="6"/>']
    if kind == "treasure":
        printed = int(card.get("gems") or 0)
        left = printed if unsplit else int(card.get("left") or 0)
        out.append(f'<circle class="ig-card-value-disc" cx="15" cy="15" r="10"/>'
                   f'<text class="ig-card-value" x="15" y="15" dy=".35em">{printed}</text>')
        out.append(art_at("turquoise", 36, 6, 18))
        if left:
            out.append(gem_pile(left, 6, 40, CARD_W - 12, 11))
            out.append(f'<text class="ig-card-left" x="{CARD_W / 2:g}" y="76" dy=".35em">{left}</text>')
        else:
            out.append(f'<text class="ig-card-empty" x="{CARD_W / 2:g}" y="62" dy=".35em">–</text>')
    elif kind == "artifact":
        if worth is not None:
            out.append(art_at("artifact", 12, 10, 40))
            out.append(f'<text class="ig-card-worth" x="{CARD_W / 2:g}" y="72" dy=".35em">{worth}</text>')
        else:       # carried out or lost: an empty outline where it lay
            out.append(f'<g class="ig-gone">{art_at("artifact", 12, 10, 40)}</g>'
                       f'<text class="ig-card-name" x="{CARD_W / 2:g}" y="72" dy=".35em">{t("ig.card.gone")}</text>')
    else:
        hz = card.get("hazard")
        out.append('<path class="ig-card-stripes" d="M4 8h56M4 82h56"/>')
        if hz in HAZARDS:
            out.append(art_at(hz, 10, 18, 44))
        name = hazard_name(t, hz)
        out.append(f'<text class="ig-card-name" x="{CARD_W / 2:g}" y="74" dy=".35em">{name}</text>')
        if pair:
            out.append('<text class="ig-card-pair" x="56" y="14" dy=".35em">!</text>')
        if bust:
            out.append('<path class="ig-bust-cross" d="M8 10 56 80M56 10 8 80"/>'
                       f'<rect class="ig-bust-band" x="4" y="37" width="56" height="16" rx="3"/>'
                       f'<text class="ig-bust-word" x="{CARD_W / 2:g}" y="45" dy=".35em">{t("ig.bust_word")}</text>')
    out.append("</svg>")
    return "".join(out)


def cards_html(path: list[dict], t: T, order: int, *, fresh: Optional[int] = None,
               unsplit: bool = False) -> list[str]:
    """The <li> items of a path's cards; `order`: how many artifacts are out before these."""
    bust = bust_index(path)
    bust_kind = path[bust].get("hazard") if bust is not None else None
    items = []
    for i, card in enumerate(path):
        worth = None
        if artifact_lies(card):
            worth = artifact_value(order)
            order += 1
        pair = (bust is not None and i != bust and card.get("kind") == "hazard"
                and card.get("hazard") == bust_kind)
        items.append(f'<li class="ig-slot">{card_svg(t, card, i, worth=worth, bust=i == bust, pair=pair, fresh=i == fresh, unsplit=unsplit and i == fresh)}</li>')
    return items


def last_round_html(view: dict, t: T) -> str:
    """How the last round ended, its path in small cards: shown while the next round opens, so
    that a bust stays visible after the cards went back (also when the reveal was not watched)."""
    done = [r for r in view.get("rounds_done") or () if isinstance(r, dict)]
    if not done or is_over(view) or int(view.get("step") or 1) > 1:
        return ""
    last = done[-1]
    cards = [dict(c) for c in last.get("path") or ()]
    for c in cards:
        if c.get("kind") == "artifact":
            c["artifact"] = False          # carried out or lost: gone either way now
    if last.get("end") == "bust" and last.get("hazard") in HAZARDS:
        title = t("ig.round.bust", {"round": last.get("round"), "hazard": unescape(hazard_name(t, last["hazard"]))})
    else:
        title = t("ig.round.home", {"round": last.get("round")})
    return (f'<div class="ig-last-round"><h4>{title}</h4>'
            f'<ol class="ig-path ig-path-mini">{"".join(cards_html(cards, t, 0))}</ol></div>')


def path_html(view: dict, t: T, *, fresh: Optional[int] = None, unsplit: bool = False) -> str:
    """The row of cards turned this round, wrapping as it grows. `fresh`: index of a card just
    turned (drawn raised); `unsplit` shows its printed gems before they are shared."""
    path = list(view.get("path") or ())
    items = cards_html(path, t, artifacts_out(view), fresh=fresh, unsplit=unsplit)
    if not items:
        items.append(f'<li class="ig-slot ig-slot-empty">{t("ig.path.empty")}</li>')
    gems = path_gems(view) if not (unsplit and fresh is not None) else None
    arts = sum(1 for c in path if artifact_lies(c))
    summary = t("ig.path.summary", {"n": gems, "artifacts": arts}) if gems is not None else ""
    last = last_round_html(view, t) if fresh is None else ""
    # with the last round beside it (a round's first step) the path takes the left part
    cls = "ig-temple ig-with-last" if last else "ig-temple"
    return (f'<section class="{cls}" aria-label="{t("ig.path.title", {"round": view.get("round", 1)})}">'
            f'<h3 class="ig-path-title">{t("ig.path.title", {"round": view.get("round", 1)})} '
            f'<small class="ig-path-summary">{summary}</small></h3>'
            f'<ol class="ig-path" data-cards="{len(path)}" style="--n:{max(1, len(path))}">{"".join(items)}</ol>'
            f'{last}</section>')


def round_track_html(view: dict, t: T) -> str:
    """The five temple cards, the current round marked (an arrow and bold, not only colour);
    a finished round shows how it ended (the hazard of a bust, or the camp: all went home)."""
    now = view.get("round", 1)
    ends = {r.get("round"): r for r in view.get("rounds_done") or () if isinstance(r, dict)}
    over = is_over(view)
    cells = []
    for r in range(1, ROUNDS + 1):
        done = r < now or (over and r == now)
        state = "done" if done else ("now" if r == now else "later")
        current = ' aria-current="step"' if state == "now" else ""
        mark = "▶ " if state == "now" else ""
        title = t("ig.round.n", {"round": r})
        how = ""
        end = ends.get(r)
        if end is not None and end.get("end") == "bust" and end.get("hazard") in HAZARDS:
            title = t("ig.round.bust", {"round": r, "hazard": unescape(hazard_name(t, end["hazard"]))})
            how = f'<span class="ig-round-end" aria-hidden="true">{icon(end["hazard"], "", 14)}</span>'
        elif end is not None:
            title = t("ig.round.home", {"round": r})
            how = f'<span class="ig-round-end" aria-hidden="true">{icon("camp", "", 14)}</span>'
        cells.append(f'<li class="ig-round ig-round-{state}"{current} title="{title}" aria-label="{title}">'
                     f'<span aria-hidden="true">{mark}{r}</span>{how}</li>')
    return (f'<div class="ig-rounds"><h4>{t("ig.round.track")}</h4>'
            f'<ol class="ig-round-track">{"".join(cells)}</ol></div>')


def removed_html(view: dict, t: T) -> str:
    """The hazard cards out of the game (the ones that ended a round)."""
    kinds = list(view.get("removed_hazards") or ())
    if not kinds:
        body = f'<span class="muted">{t("ig.removed.none")}</span>'
    else:
        body = "".join(f'<span class="ig-removed-card">{icon(k, hazard_name(t, k), 22) if k in HAZARDS else ""}'
                       f'{hazard_name(t, k)}</span>' for k in kinds)
    return f'<div class="ig-removed"><h4>{t("ig.removed.title")}</h4><div class="ig-removed-list">{body}</div></div>'


def deck_rows(view: dict) -> list[tuple[str, int]]:
    """(kind, count) for each kind of card left in the deck, in a fixed order; hazards always
    listed (even at 0), artifacts only when the game has them."""
    deck = view.get("deck") or {}
    diamant = bool((view.get("options") or {}).get("diamant"))
    rows = [("treasure", int(deck.get("treasure", 0)))]
    if not diamant or deck.get("artifact"):
        rows.append(("artifact", int(deck.get("artifact", 0))))
    rows += [(k, int(deck.get(k, 0))) for k in HAZARDS]
    return rows


def danger(view: dict) -> tuple[int, int]:
    """(cards in the deck that would end the round now, cards in the deck)."""
    deck = view.get("deck") or {}
    total = sum(int(v) for v in deck.values())
    on_path = {c.get("hazard") for c in view.get("path", ()) if c.get("kind") == "hazard"}
    return sum(int(deck.get(k, 0)) for k in on_path if k in HAZARDS), total


def deck_html(view: dict, t: T) -> str:
    """The card counter: what is left in the deck, by kind, and the chance the next card busts."""
    on_path = {c.get("hazard") for c in view.get("path", ()) if c.get("kind") == "hazard"}
    rows = []
    for kind, count in deck_rows(view):
        art = "turquoise" if kind == "treasure" else kind
        name = t("ig.deck.treasure") if kind == "treasure" else (
            t("ig.deck.artifact") if kind == "artifact" else hazard_name(t, kind))
        hot = kind in on_path
        cls = "ig-deck-row" + (" ig-deck-danger" if hot else "")
        warn = (f' <span class="ig-deck-warn" title="{t("ig.deck.on_path")}" aria-hidden="true">⚠</span>'
                f'<span class="sr">{t("ig.deck.on_path")}</span>') if hot else ""
        rows.append(f'<tr class="{cls}" data-kind="{kind}"><th scope="row">{icon(art, name, 20)} {name}{warn}</th>'
                    f'<td>{count}</td></tr>')
    bad, total = danger(view)
    odds = t("ig.deck.odds", {"bad": bad, "n": total, "pct": round(100 * bad / total) if total else 0})
    return (f'<div class="ig-deck"><h4>{t("ig.deck.title")}</h4><table class="ig-deck-table"><tbody>'
            f'{"".join(rows)}</tbody><tfoot><tr class="ig-deck-total"><th scope="row">{t("ig.deck.total")}</th>'
            f'<td data-total="{total}">{total}</td></tr></tfoot></table><p class="ig-odds">{odds}</p></div>')


def side_html(view: dict, t: T) -> str:
    """Beside the path: the round track, the removed hazards and the deck."""
    return f'<div class="ig-side">{round_track_html(view, t)}{removed_html(view, t)}{deck_html(view, t)}</div>'


def board_html(view: dict, t: T, *, fresh: Optional[int] = None, unsplit: bool = False,
               side: Optional[str] = None) -> str:
    """The whole temple area: path first, then round track, removed hazards and the deck
    (`side`: those as already drawn for this view, which a reveal's frames share)."""
    return (f'<div class="ig-board">{path_html(view, t, fresh=fresh, unsplit=unsplit)}'
            f'{side_html(view, t) if side is None else side}</div>')
