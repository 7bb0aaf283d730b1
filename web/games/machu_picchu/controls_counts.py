"""The controls of a count: how many Incas produce, how many llamas are sacrificed."""

from __future__ import annotations

from kit.markup import Html

from .controls_drafts import count_range
from .controls_parts import DECLINE, button, button_row, district_name, icon, wrap
from .words import count, good_name, t


def count_controls(view, prompt, legal, me, draft, _m):
    kind = prompt["kind"]
    lo, hi = count_range(view)
    k = max(lo, min(hi, draft.get("count", hi)))
    if kind == "produce":
        good = prompt["district"]
        incas = prompt.get("incas", hi)
        question = t("mp.produce.question", n=incas, district=district_name(good),
                      good=good_name(good), corn=me["goods"]["corn"])
        summary = (t("mp.produce.summary", n=k, corn_icon=Html(icon("corn")),
                      good_icon=Html(icon(good)), goods=count(k, good)) if k
                   else t("mp.produce.none"))
        confirm = t("mp.produce.confirm", n=k) if k else t("mp.produce.confirm_none")
    else:
        steps = prompt.get("steps_per_llama", 0)
        cards = prompt.get("cards", hi)
        question = t("mp.sacrifice.question", n=cards,
                      district=district_name(prompt.get("district", "")),
                      cards=count(cards, prompt.get("row", "")), steps=steps,
                      llamas=count(me["goods"]["llama"], "llama"))
        summary = (t("mp.sacrifice.summary", llama_icon=Html(icon("llama")),
                      llamas=count(k, "llama"), steps=count(k * steps, "step")) if k
                   else t("mp.sacrifice.none"))
        confirm = (t("mp.sacrifice.confirm", llamas=count(k, "llama")) if k
                   else t("mp.sacrifice.confirm_none"))
    counter = ('<div class="counter">'
               + button("−", "dec", cls="round", title_html=t("mp.count.fewer"), disabled=k <= lo,
                      name_html=t("mp.count.fewer"))
               + f'<output class="count" aria-live="polite">{k}</output>'
               + button("+", "inc", cls="round", title_html=t("mp.count.more"), disabled=k >= hi,
                      name_html=t("mp.count.more"))
               + "</div>")
    decline = DECLINE[kind]
    return wrap(kind, question, counter + f'<p class="summary">{summary}</p>' + button_row(
        button(confirm, "confirm", cls="primary"),
        button(t(f"mp.{kind}.decline"), "apply", decline)
        if decline in legal and k else ""))
