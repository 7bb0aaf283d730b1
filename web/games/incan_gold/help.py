"""The rules of Incan Gold in the project's own words (never the rulebook's text), with the
pieces drawn as on the board: catalogue entries "ig.help.<section>.title" and ".html" (HTML
templates, written per language), the pictures and numbers given as parameters."""

from __future__ import annotations

from typing import Any

from kit.markup import Html

from .art import icon
from .path import ARTIFACT_VALUES

SECTIONS = ("idea", "round", "hazards", "deck", "tents", "end", "diamant", "tablet")
PICTURES = ("artifact", "torch", "camp", "spiders", "snakes", "mummies", "fire", "rockfall")


def help_html(words: Any) -> str:
    """The rules help in `words` (the page's), one section per heading, with a table of contents."""
    # each picture named in the page's language (the hazards by their names, the rest by the
    # word of the controls)
    names = {"artifact": words.t("ig.kind_artifact"), "torch": words.t("ig.act.torch"),
             "camp": words.t("ig.act.camp"),
             **{h: words.t(f"ig.hazard.{h}") for h in PICTURES[3:]}}
    params = {f"{p}_icon": Html(icon(p, names[p], 20)) for p in PICTURES}
    params.update(first=ARTIFACT_VALUES[0], later=ARTIFACT_VALUES[-1], bust=words.t("ig.bust_word"))
    toc = "".join(f'<li><a href="#ig-help-{k}">{words.t(f"ig.help.{k}.title")}</a></li>' for k in SECTIONS)
    body = "".join(f'<section id="ig-help-{k}"><h3>{words.t(f"ig.help.{k}.title")}</h3>'
                   f'{words.markup(f"ig.help.{k}.html", params)}</section>' for k in SECTIONS)
    return (f'<article class="ig-help"><h2>{words.t("ig.help.title")}</h2>'
            f'<nav aria-label="{words.t("ig.help.contents")}"><ol class="ig-help-toc">{toc}</ol></nav>'
            f'{body}</article>')
