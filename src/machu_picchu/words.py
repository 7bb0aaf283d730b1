"""The English counts ("1 llama", "2 llamas", "3 corn") of the bots' own reasons (their text for
tools and tournaments). Entries are catalogue-shaped ({"one", "other"} chosen by "n" through
tabletop.events.plural_form). The log is events (machu_picchu.events) worded by the catalogue
web/locales/<lang>/*.json, as are the page's words.
"""

from __future__ import annotations

from tabletop.events import plural_form

# Corn, coca, pottery and cloth are counted like corn: "3 corn", "2 cloth" (mass nouns).
NOUNS: dict[str, object] = {
    "corn": "{n} corn", "coca": "{n} coca", "pottery": "{n} pottery", "cloth": "{n} cloth",
    "llama": {"one": "{n} llama", "other": "{n} llamas"},
    "step": {"one": "{n} step", "other": "{n} steps"},
    "card": {"one": "{n} card", "other": "{n} cards"},
    "Inca": {"one": "{n} Inca", "other": "{n} Incas"},
    "farmer": {"one": "{n} farmer", "other": "{n} farmers"},
    "temple stone": {"one": "{n} temple stone", "other": "{n} temple stones"},
    "icon": {"one": "{n} icon", "other": "{n} icons"},
    "point": {"one": "{n} point", "other": "{n} points"},
    "victory point": {"one": "{n} victory point", "other": "{n} victory points"},
}


def count(n: int, noun: str) -> str:
    """'1 llama', '2 llamas', '6 corn' (an unknown noun gets an English 's')."""
    template = plural_form(NOUNS.get(noun) or {"one": "{n} " + noun, "other": "{n} " + noun + "s"},
                           {"n": n})
    return template.format(n=n)
