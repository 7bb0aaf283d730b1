"""The words of the page's static skeleton (web/index.html: the title, the intro beside the home,
the regions' names for screen readers), reworded by Python in the page's
language once it starts and after each change of language.
The build writes the English ones into index.html and the manifest (`site_texts`), each game's
from the registry (its name and its catalogue's "<prefix>home.intro.html"), so that a game
added to the registry is introduced there with no edit of index.html; and each other
language's (`first_paint`: with the first visit's home) into a table that index.html's inline
script puts in place before the first paint, so that a visitor never sees English first."""

from __future__ import annotations

from html import escape, unescape
from typing import Any

from tabletop import registry

from .i18n import Html, join_names, page_words

# The web app manifest of each language (its name, short name and description): the build
# writes one per language, and the page links the one of its language.
MANIFEST = "./manifest.webmanifest"
MANIFEST_OF = "./manifest.{lang}.webmanifest"     # a language but English's


def manifest_url(lang: str) -> str:
    """The manifest of a language (English's is the one index.html links)."""
    return MANIFEST if lang == "en" else MANIFEST_OF.format(lang=lang)


# element id -> the catalogue id of its accessible name
REGION_LABELS = {"board": "shell.static.board", "log": "shell.static.log", "home": "shell.static.home",
                 "controls": "shell.static.controls", "follow": "shell.static.follow",
                 "players": "shell.static.players", "hand": "shell.static.hand",
                 "nav": "shell.static.nav", "intro": "shell.static.intro_label"}


def intro_html(names: dict[str, str]) -> str:
    """The intro beside the home's form: each registered game in a few lines, from its own
    catalogue (names: game id -> name in the page's language)."""
    words = page_words()
    games = "".join(
        f'<p>{words.markup(f"{g.catalogue_prefix}home.intro.html", {"name": names.get(g.id, g.name)})}</p>'
        for g in registry.games() if f"{g.catalogue_prefix}home.intro.html" in words.catalogue)
    return (f'<h2>{words.t("shell.static.intro_title")}</h2>{games}'
            f'<p class="muted">{words.t("shell.static.intro_note")}</p>')


def short_names() -> Html:
    """The registered games' short names in the page's language, as the heading and the title
    list them ("Machu Picchu & Incan Gold"), escaped."""
    from . import games
    return Html(" &amp; ".join(escape(games.game_name(g, short=True)) for g in registry.games()))


def site_texts(names: dict[str, str] | None = None) -> dict[str, str]:
    """The skeleton's words as the build writes them into index.html's <!--site:NAME--> marks
    and the manifest (escaped HTML, in the page's language; names: game id -> name, the
    registry's by default)."""
    words = page_words()
    infos = registry.games()
    names = names or {g.id: g.name for g in infos}
    listed = Html(join_names([escape(names.get(g.id, g.name)) for g in infos], words.t("shell.and")))
    return {"title": words.t("shell.static.title", {"names": short_names()}),
            "heading": words.t("shell.static.heading", {"names": short_names()}),
            "short_name": words.t("shell.static.short_name"),
            "lang": words.lang, "manifest": manifest_url(words.lang),
            "description": words.t("shell.static.description", {"names": listed}),
            "intro": intro_html(names),
            "loading": words.t("shell.static.loading"), "starting": words.t("shell.static.starting"),
            **{f"label_{k}": words.t(v) for k, v in REGION_LABELS.items()}}


def skeleton_words(names: dict[str, str]) -> dict[str, Any]:
    """Where the skeleton's words go, in the page's language: the title (text), markup by CSS
    selector, and [selector, attribute, text] triples. `reword` applies it in the page; the
    build hands each language's to index.html's first-paint script (`first_paint`)."""
    words = page_words()
    labels = [[f"#{element_id}", "aria-label", unescape(words.t(msg_id))]
              for element_id, msg_id in REGION_LABELS.items()]
    return {"title": unescape(words.t("shell.static.title", {"names": short_names()})),
            "html": {".topbar h1 span": words.t("shell.static.heading", {"names": short_names()}), "#intro": intro_html(names)},
            "attr": labels + [['meta[name="description"]', "content",
                               unescape(site_texts(names)["description"])],
                              ['link[rel="manifest"]', "href", manifest_url(words.lang)]]}


def first_paint(names: dict[str, str], regions: dict[str, str]) -> dict[str, Any]:
    """What the loading page says in the page's language, for index.html's inline script to
    put in place before the first paint: the skeleton's words, the loading note and footer,
    the description, and the first visit's home (regions: region id -> its markup, as
    shell.home.first_visit draws it; the build wraps each in a div.first-screen)."""
    words = page_words()
    paint = skeleton_words(names)
    paint["html"].update({f"#{region} > .first-screen": markup for region, markup in regions.items()})
    paint["html"]["#loading"] = f'<span class="spinner"></span> {words.t("shell.static.loading")}'
    paint["html"]["#status"] = words.t("shell.static.starting")
    return paint


def stylesheet_links() -> str:
    """index.html's links to every game's own stylesheet (written by the build after the shell's,
    so that each game's look is there from the first paint, the loading page's board among it)."""
    from . import games
    return "".join(f'<link rel="stylesheet" href="{escape(href)}">\n  '
                   for href in map(games.stylesheet, games.available()) if href)


def reword(document: Any, names: dict[str, str]) -> None:
    """Put the skeleton's words in the page's language (elements missing are left alone)."""
    paint = skeleton_words(names)
    document.title = paint["title"]
    for selector, markup in paint["html"].items():
        el = document.querySelector(selector)
        if el is not None:
            el.innerHTML = markup
    for selector, attribute, text in paint["attr"]:
        el = document.querySelector(selector)
        if el is not None:
            el.setAttribute(attribute, text)
