"""The controls of a pick to confirm: a Priest or Virgin acquired, an Inca sent to the Sun Clock."""

from __future__ import annotations

from .controls_parts import (PROFESSION_GOOD, button, button_row, district_words, goods_words, icon,
                             last_day, split, wrap)
from .words import t


def acquire_controls(view, prompt, legal, me, draft, _m):
    choice = draft.get("choice")
    options = []
    for text in legal:
        row = split(text)[1]
        if row == "nothing":
            continue
        info = view["rows"][row]
        cost = info.get("next_cost") or {}
        label = (f"<span>{t('mp.row.' + row)}</span><small>{t('mp.acquire.pay')} "
                 + " ".join(f"{icon(g, 14)}{c}" for g, c in cost.items())
                 + f"</small><small>{t('mp.acquire.left', left=info['left'], steps=info['steps'], next=info['steps'] - 1)}</small>")
        options.append(button(label, "pick", text, cls="choice", pressed=choice == text,
                            title_html=t("mp.acquire.title", row=t("mp.row." + row),
                                          cost=goods_words(cost))))
    body = '<div class="choices">' + "".join(options) + "</div>"
    if choice and choice in legal and choice != "acquire nothing":
        row = split(choice)[1]
        cost = goods_words(view["rows"][row].get("next_cost") or {})
        body += (f'<p class="summary">{t("mp.acquire.summary", row=t("mp.row." + row), cost=cost)}</p>'
                 + button_row(button(t("mp.confirm.pay", cost=cost), "confirm", cls="primary"),
                            button(t("mp.cancel"), "cancel")))
    else:
        body += button_row(button(t("mp.acquire.none"), "apply", "acquire nothing"))
    return wrap("acquire", t("mp.acquire.question", district=district_words(prompt.get("district", ""))),
                 body)


def sunclock_controls(view, prompt, legal, me, draft, _m):
    choice = draft.get("choice")
    options = []
    for text in legal:
        prof = split(text)[1]
        if prof == "nobody":
            continue
        good = PROFESSION_GOOD[prof]
        label = (f"{icon(good)} <span>{t('mp.prof.' + prof)}</span>"
                 f"<small>{t('mp.sunclock.in', n=me['incas'][prof], district=district_words(good))}</small>")
        options.append(button(label, "pick", text, cls="choice", pressed=choice == text,
                            title_html=t("mp.sunclock.title", profs=t("mp.profs." + prof))))
    body = '<div class="choices">' + "".join(options) + "</div>"
    if choice and choice in legal and choice != "sunclock nobody":
        prof = split(choice)[1]
        summary = t("mp.sunclock.summary_last" if last_day(view) else "mp.sunclock.summary",
                     prof=t("mp.prof." + prof))
        body += (f'<p class="summary">{summary}</p>'
                 + button_row(button(t("mp.sunclock.confirm"), "confirm", cls="primary"),
                            button(t("mp.cancel"), "cancel")))
    else:
        body += button_row(button(t("mp.sunclock.nobody"), "apply", "sunclock nobody"))
    question = (t("mp.sunclock.question_last", day=view["day"]) if last_day(view)
                else t("mp.sunclock.question"))
    return wrap("sunclock", question, body)
