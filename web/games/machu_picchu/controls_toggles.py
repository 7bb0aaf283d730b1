"""The controls of a composed choice, item by item: the goods offered at the Main Temple, the
Incas set up, the Sun Clock's goods, the goods moon tiles claimed, the cards put back."""

from __future__ import annotations

from machu_picchu import data as D

from .cards import card_svg
from .controls_drafts import composed_action, toggle_enabled, toggle_options
from .controls_parts import (DECLINE, PROFESSION_GOOD, button, button_row, card_caption,
                             district_words, goods_words, icon, last_day, unit_words, wrap)
from .words import card_name, count, good_name, join, t


def _hire_cost(sel) -> dict[str, int]:
    need: dict[str, int] = {}
    for prof in sel:
        for good, count in D.SETUP_COST[D.PROFESSION_INDEX[prof]]:
            need[D.GOODS[good]] = need.get(D.GOODS[good], 0) + count
    return need


def toggle_controls(view, prompt, legal, me, draft, _m):
    kind = prompt["kind"]
    sel = [s for s in draft.get("sel", [])]
    options = toggle_options(view)
    chosen = composed_action(view, sel)
    toggles = []
    for item in options:
        on = item in sel
        enabled = toggle_enabled(view, sel, item)
        if kind == "hire":
            cost = goods_words({D.GOODS[g]: c for g, c in D.SETUP_COST[D.PROFESSION_INDEX[item]]})
            label = (f"{icon(PROFESSION_GOOD[item])} <span>{t('mp.prof.' + item)}</span>"
                     f"<small>{t('mp.hire.label_pay', cost=cost)}</small>")
            title = t("mp.hire.title", prof=t("mp.prof." + item),
                       district=district_words(PROFESSION_GOOD[item]), cost=cost)
        elif kind == "return":
            drawn = item in me.get("drawn", [])
            # named by its words (the picture is hidden: it says the same at length)
            label = (f'<span aria-hidden="true">{card_svg(item, small=True)}</span>'
                     f'<span class="sr-only">{t("mp.return.name")} </span>'
                     f'<small>{card_caption(item)}{" · " + t("mp.return.new") if drawn else ""}</small>')
            title = t("mp.return.title_drawn" if drawn else "mp.return.title", card=card_name(item))
        elif kind == "take":
            label = f"{icon(item)} <span>{unit_words(item, bare=True)}</span>"
            title = t("mp.take.title", goods=unit_words(item))
        elif kind == "claim":
            label = f"{icon(item)} <span>{good_name(item)}</span><small>{t('mp.claim.label')}</small>"
            title = t("mp.claim.title", good=good_name(item))
        else:  # offer
            label = (f"{icon(item)} <span>{unit_words(item)}</span>"
                     f"<small>{t('mp.offer.have', n=me['goods'][item])}</small>")
            title = t("mp.offer.title", goods=unit_words(item))
        toggles.append(button(label, "toggle", item, cls="toggle" + (" card-toggle" if kind == "return" else ""),
                            title_html=title, disabled=not enabled, pressed=on))
    n = len(sel)
    if kind == "offer":
        question = t("mp.offer.question")
        goods = join([unit_words(g) for g in D.GOODS if g in sel])
        summary = (t("mp.offer.summary", goods=goods, steps=count(2 * n, "step")) if n
                   else t("mp.none_chosen"))
        confirm = t("mp.offer.confirm", goods=goods) if n else t("mp.offer.confirm_none")
    elif kind == "hire":
        question = t("mp.hire.question", district=district_words(prompt.get("district", "")),
                      incas=count(me["supply"], "Inca"))
        cost = goods_words(_hire_cost(sel))
        profs = join([t("mp.prof." + p) for p in D.PROFESSIONS if p in sel])
        summary = t("mp.hire.summary", profs=profs, cost=cost) if n else t("mp.hire.none")
        confirm = t("mp.confirm.pay", cost=cost) if n else t("mp.hire.confirm_none")
    elif kind == "take":
        question = t("mp.take.question_last" if last_day(view) else "mp.take.question")
        goods = join([unit_words(g, bare=True) for g in D.GOODS if g in sel])
        summary = t("mp.take.summary", goods=goods) if n else t("mp.take.none")
        confirm = t("mp.take.confirm", goods=goods) if chosen else t("mp.choose_more", n=3 - n)
    elif kind == "claim":
        question = t("mp.claim.question", corn=count(me["goods"]["corn"], "corn"))
        goods = join([unit_words(g) for g in D.GOODS if g in sel])
        summary = t("mp.claim.summary", corn=count(n, "corn"), goods=goods) if n else t("mp.none_chosen")
        confirm = t("mp.claim.confirm", corn=count(n, "corn")) if n else t("mp.claim.confirm_none")
    else:  # return
        k = prompt.get("put_back", 2)
        drawn = me.get("drawn", [])
        question = t("mp.return.question", n=k,
                      drawn=join([card_name(c) for c in drawn]) if drawn else t("mp.return.cards"))
        summary = (t("mp.return.summary", cards=join([card_name(c) for c in sel])) if n
                   else t("mp.return.none"))
        confirm = t("mp.return.confirm", n=n) if chosen else t("mp.choose_more", n=k - n)
    decline = DECLINE.get(kind)
    return wrap(kind, question, '<div class="choices">' + "".join(toggles) + "</div>"
                 + f'<p class="summary">{summary}</p>'
                 + button_row(button(confirm, "confirm", cls="primary", disabled=chosen is None),
                            button(t("mp.clear"), "cancel") if n else "",
                            button(t("mp.decline"), "apply", decline) if decline in legal and n else ""))
