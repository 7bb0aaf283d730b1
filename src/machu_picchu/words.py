"""The engine's English counts ("1 llama", "2 llamas", "3 corn") and verbs that agree with them,
for the log and the bots' reasons. Entries are catalogue-shaped ({"one", "other"} chosen by "n"
through tabletop.events.plural_form), so that the words live in one table, not in string code.
The page's own words are in web/locales/<lang>/machu-picchu.json.
"""

from __future__ import annotations

from typing import Iterable

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
VERBS: dict[str, dict[str, str]] = {   # the present tense after a count: "1 farmer makes"
    "make": {"one": "makes", "other": "make"},
    "return": {"one": "returns", "other": "return"},
    "win": {"one": "wins", "other": "win"},
}


def count(n: int, noun: str) -> str:
    """'1 llama', '2 llamas', '6 corn' (an unknown noun gets an English 's')."""
    template = plural_form(NOUNS.get(noun) or {"one": "{n} " + noun, "other": "{n} " + noun + "s"},
                           {"n": n})
    return template.format(n=n)


def verb(n: int, word: str) -> str:
    """The verb agreeing with a count of n: verb(1, "make") == "makes"."""
    return plural_form(VERBS[word], {"n": n})


def goods_list(counts: Iterable[tuple[str, int]]) -> str:
    """[('llama', 1), ('coca', 1)] -> '1 llama and 1 coca'; three or more joined by commas."""
    parts = [count(k, good) for good, k in counts if k]
    if len(parts) <= 2:
        return " and ".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
