"""The end screen: the winner(s), the score breakdown per player (gems, artifacts and their
values, total) and the charts of how the game went, round by round (from `stats.round_stats`).

Chart lines differ by colour, dash pattern, marker shape and letter, so they read without colour.
"""

from __future__ import annotations

from html import unescape
from typing import Callable, Optional, Sequence

from incan_gold.kinds import Msg
from kit.charts import line_chart

from .look import Look, badge, who
from .panels import _artifacts
from .path import is_over

T = Callable[..., str]


def lost_at_end(view: dict) -> list[int]:
    """The seats still inside when the last round ended in a bust (they lost its gems): read
    from the last round's record and the log's last bust event. Empty if the game is not over
    or its last round ended with everyone at camp."""
    done = view.get("rounds_done") or []
    if not is_over(view) or not done or not isinstance(done[-1], dict) or done[-1].get("end") != "bust":
        return []
    for event in reversed(view.get("log") or ()):
        if isinstance(event, (list, tuple)) and len(event) > 1 and event[0] == Msg.BUST and isinstance(event[1], dict):
            return [s for s in event[1].get("lost_seats") or () if isinstance(s, int)]
    return []


def final_view(view: dict) -> dict:
    """The game as it ended: the engine's view keeps the last round's path (the card that ended
    it included); every seat is at camp, none choosing (the `lost_at_end` seats ran for it)."""
    if not is_over(view):
        return view
    out = dict(view)
    out["players"] = [dict(p, in_temple=False, round_gems=0, chosen=False) for p in view.get("players", ())]
    return out


def charts_html(stats: dict, looks: Sequence[Look], t: T) -> str:
    """Wealth after each round and gems brought home in each round, one line per seat."""
    n = stats["players"]
    standings = stats["standings"]
    rounds = stats["rounds"]
    x_all = [t("ig.chart.start")] + [str(r["round"]) for r in rounds]
    wealth = [[st["wealth"][s] for st in standings] for s in range(n)]
    banked = [[r["banked"][s] for r in rounds] for s in range(n)]

    def wealth_title(s: int, k: int) -> str:
        when = (t("ig.chart.at_start") if k == 0 else
                t("ig.chart.after_round", {"round": rounds[k - 1]["round"]}))
        return t("ig.chart.wealth_point", {"name": looks[s].name, "n": wealth[s][k], "when": unescape(when)})

    def banked_title(s: int, k: int) -> str:
        return t("ig.chart.banked_point", {"name": looks[s].name, "n": banked[s][k], "round": rounds[k]["round"]})

    charts = [line_chart(wealth, x_all, looks, title=t("ig.chart.wealth"), aria=t("ig.chart.wealth"),
                         measure="wealth", point_title=wealth_title, axis=t("ig.chart.round_axis"),
                         css="end-chart ig-chart")]
    if rounds:
        x_rounds = [str(r["round"]) + (" ✕" if r["bust"] else "") for r in rounds]
        charts.append(line_chart(banked, x_rounds, looks, title=t("ig.chart.banked"),
                                 aria=t("ig.chart.banked"), measure="banked", point_title=banked_title,
                                 axis=t("ig.chart.round_axis_bust"), css="end-chart ig-chart"))
    return (f'<section class="end-stats ig-end-stats" aria-label="{t("ig.chart.section")}">'
            f'<h3>{t("ig.chart.section")}</h3><div class="end-charts">{"".join(charts)}</div></section>')


def score_html(view: dict, result: dict, looks: Sequence[Look], t: T) -> str:
    """The winner(s) and the score sheet: gems, artifacts and their values, total."""
    winners = [w for w in result.get("winners", ()) if isinstance(w, int)]
    rows = result.get("seats") or []
    n = len(looks)
    players = view.get("players", ())

    def arts(i: int) -> list[int]:
        given = rows[i].get("artifacts") if i < len(rows) else None
        if isinstance(given, list):
            return _artifacts(given)
        return _artifacts(players[i].get("artifacts") if i < len(players) else ())

    def final(i: int) -> int:
        r = rows[i] if i < len(rows) else {}
        if "final" in r:
            return int(r["final"])
        return int(r.get("gems", 0)) + sum(arts(i))

    best = final(winners[0]) if winners else 0
    key = "ig.end.wins" if len(winners) == 1 else "ig.end.share"
    head = "".join(f'<th scope="col">{badge(looks[i], 18)} {who(looks[i])}'
                   f'{" ★" if i in winners else ""}</th>' for i in range(n))

    def line(label: str, cells: list[str], cls: str = "") -> str:
        return (f'<tr class="{cls}"><th scope="row">{label}</th>'
                + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")

    body = [
        line(t("ig.end.gems"), [str(int((rows[i] if i < len(rows) else {}).get("gems", 0))) for i in range(n)], "ig-row-gems"),
        line(t("ig.end.artifacts"), [str(len(arts(i))) for i in range(n)], "ig-row-artifacts"),
        line(t("ig.end.artifact_values"), [" + ".join(str(v) for v in arts(i)) or "–" for i in range(n)]),
        line(t("ig.end.artifact_points"), [str(sum(arts(i))) for i in range(n)]),
        line(t("ig.end.total"), [f"<b>{final(i)}</b>" for i in range(n)], "final"),
    ]
    tie = [i for i in range(n) if final(i) == best]
    note = ""
    if len(tie) > 1 and len(winners) == 1:
        note = f'<p class="ig-tiebreak">{t("ig.end.tiebreak")}</p>'
    return (f'<h2 class="ig-winner">★ {t(key, {"seats": winners, "n": best})}</h2>{note}'
            f'<div class="table-wrap"><table class="score ig-score"><thead><tr><th>{t("ig.end.score")}</th>'
            f'{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


def end_html(view: dict, result: dict, looks: Sequence[Look], t: T, stats: Optional[dict] = None) -> str:
    """The whole end screen section (the shell adds its buttons)."""
    charts = charts_html(stats, looks, t) if stats else ""
    return (f'<section class="end-panel ig-end" aria-label="{t("ig.end.title")}">'
            f'{score_html(view, result, looks, t)}{charts}</section>')
