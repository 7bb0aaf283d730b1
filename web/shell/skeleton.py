"""The words of the page's static skeleton (web/index.html: the title, the intro beside the home,
the zoom toggle, the regions' names for screen readers), written in English in the file and
reworded by Python in the page's language once it starts and after each change of language."""

from __future__ import annotations

from html import unescape
from typing import Any

from .i18n import page_words

# element id -> the catalogue id of its accessible name
REGION_LABELS = {"board": "shell.static.board", "log": "shell.static.log", "home": "shell.static.home",
                 "controls": "shell.static.controls", "follow": "shell.static.follow",
                 "players": "shell.static.players", "hand": "shell.static.hand",
                 "nav": "shell.static.nav", "intro": "shell.static.intro_label"}


def intro_html(names: dict[str, str]) -> str:
    """The intro beside the home's form: the two games in a few lines (names: game id -> name)."""
    words = page_words()
    params = {"mp": names.get("machu-picchu", ""), "ig": names.get("incan-gold", "")}
    return (f'<h2>{words.t("shell.static.intro_title")}</h2>'
            f'<p>{words.markup("shell.static.intro_mp.html", params)}</p>'
            f'<p>{words.markup("shell.static.intro_ig.html", params)}</p>'
            f'<p class="muted">{words.t("shell.static.intro_note")}</p>')


def reword(document: Any, names: dict[str, str]) -> None:
    """Put the skeleton's words in the page's language (elements missing are left alone)."""
    words = page_words()
    document.title = unescape(words.t("shell.static.title"))
    for element_id, msg_id in REGION_LABELS.items():
        el = document.getElementById(element_id)
        if el is not None:
            el.setAttribute("aria-label", unescape(words.t(msg_id)))
    heading = document.querySelector(".topbar h1 span")
    if heading is not None:
        heading.innerHTML = words.t("shell.static.heading")
    intro = document.getElementById("intro")
    if intro is not None:
        intro.innerHTML = intro_html(names)
    zoom = document.querySelector(".zoom-toggle")
    if zoom is not None:
        zoom.setAttribute("title", unescape(words.t("shell.static.whole_board_title")))
        word = zoom.querySelector(".word")
        if word is not None:
            word.innerHTML = words.t("shell.static.whole_board")
