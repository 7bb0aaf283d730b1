"""The controls of a turn (move, travel or stay; the board's districts and the moon tiles do
the same) and of the first Inca placed."""

from __future__ import annotations

from kit.markup import Html

from .controls_parts import (PROFESSION_GOOD, button, button_row, district_name, district_words,
                             icon, idle_targets, idle_words, split, stay_title, tile_name, wrap)
from .words import t


def setup_controls(view, prompt, legal, me, draft, _m):
    buttons = []
    for text in legal:
        prof = split(text)[1]
        good = PROFESSION_GOOD[prof]
        label = (f"{icon(good)} <span>{t('mp.prof.' + prof)}</span>"
                 f'<small>{district_words(good)}</small>')
        buttons.append(button(label, "apply", text, cls="choice",
                            title_html=t("mp.setup.title", prof=t("mp.prof." + prof),
                                          district=district_words(good))))
    return wrap("setup", t("mp.setup.question"),
                 '<div class="choices">' + "".join(buttons) + "</div>")


def turn_controls(view, prompt, legal, me, draft, _m):
    choice = draft.get("choice") or ""
    idle = idle_targets(view)
    if choice.startswith("travel ") and choice in legal:
        dest = split(choice)[1]
        llamas = me["goods"]["llama"]
        warn = (f'<p class="idle-note" role="note">{t("mp.idle.warn", district=district_name(dest))} '
                f'{idle_words(idle[dest])}</p>' if dest in idle else "")
        summary = t("mp.turn.travel_summary", district=Html(f"<b>{district_words(dest)}</b>"),
                     llama_icon=Html(icon("llama")), have=llamas, then=llamas - 1)
        body = (f'<p class="summary">{summary}</p>' + warn
                + button_row(button(t("mp.turn.travel_confirm"), "confirm", cls="primary"),
                           button(t("mp.cancel"), "cancel")))
        return wrap("turn", t("mp.turn.travel_question"), body)
    if choice.startswith("move ") and choice in legal:
        dest = split(choice)[1]
        body = (f'<p class="idle-note" role="note">{t("mp.idle.warn", district=district_name(dest))} '
                f'{idle_words(idle.get(dest, ""))}</p>'
                + button_row(button(t("mp.idle.go", district=district_name(dest)), "confirm",
                                cls="primary"),
                           button(t("mp.idle.cancel"), "cancel")))
        return wrap("turn", t("mp.idle.question", district=district_name(dest)), body)
    moves = [split(t)[1] for t in legal if t.startswith("move ")]
    travels = [split(t)[1] for t in legal if t.startswith("travel ")]
    stays = [split(t)[1] for t in legal if t.startswith("stay ")]
    if prompt.get("first_turn"):
        question = t("mp.turn.first_question")
    else:
        question = t("mp.turn.question", district=district_words(prompt.get("at") or ""),
                      **{w: Html(f"<b>{t('mp.turn.' + w + '_word')}</b>")
                         for w in ("move", "travel", "stay")})
    parts = []
    if moves and prompt.get("first_turn"):
        parts.append(f'<details class="group"><summary>{t("mp.turn.list")}</summary>'
                     + "".join(button(district_words(d), "district", d, cls="chip move",
                                    title_html=t("mp.turn.place_title", district=district_words(d)))
                               for d in moves)
                     + "</details>")
    elif moves:
        parts.append(f'<div class="group"><span class="group-label">{t("mp.turn.move_group")}</span>'
                     + "".join(button(district_words(d), "district", d,
                                    cls="chip move" + (" idle" if d in idle else ""),
                                    title_html=t("mp.turn.move_title", district=district_words(d))
                                    + (f" ({idle_words(idle[d])})" if d in idle else ""))
                               for d in moves)
                     + "</div>")
    if travels:
        parts.append(f'<details class="group"><summary>{t("mp.turn.travel_group", n=len(travels))}</summary>'
                     + "".join(button(district_words(d) + " " + icon("llama", 14), "district", d,
                                    cls="chip travel" + (" idle" if d in idle else ""),
                                    title_html=t("mp.turn.travel_title", district=district_words(d))
                                    + (f" ({idle_words(idle[d])})" if d in idle else ""))
                               for d in travels)
                     + "</details>")
    if stays:
        parts.append(f'<div class="group"><span class="group-label">{t("mp.stay.group")}</span>'
                     + "".join(button(tile_name(tile), "tile", tile, cls="chip stay",
                                    title_html=stay_title(view, tile))
                               for tile in stays)
                     + "</div>")
    return wrap("turn", question, "".join(parts))
