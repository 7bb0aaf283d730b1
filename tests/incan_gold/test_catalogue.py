"""The English catalogue (web/games/incan_gold/locales/en/) covers every event the engine emits,
and each template uses only parameters the events carry."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest

import incan_gold as ig
from incan_gold.bots.reasons import REASON_PARAMS
from incan_gold.kinds import ALL_MESSAGE_IDS, PROMPT_IDS
from tabletop.events import render

from igtools import random_walk

# The engine's words: log.json of the game's catalogue (its page's words are in page.json).
FOLDER = Path(__file__).resolve().parents[2] / "web" / ig.GAME.catalogue / "en"
CATALOGUE = json.loads((FOLDER / "log.json").read_text(encoding="utf-8"))
# Entries that are no log event: the page's labels, and what else it fills in.
# The bots' reasons are checked against their own table in test_bots.py.
LABEL_PARAMS = {"ig.prompt_choose": {"seat"}, "ig.end_bust": {"hazard"}, **REASON_PARAMS}


def fields(template) -> set[str]:
    texts = template.values() if isinstance(template, dict) else [template]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.fixture(scope="module")
def emitted() -> dict[str, set[str]]:
    """Every event id seen in many random games (public and private), with its parameters."""
    seen: dict[str, set[str]] = {}
    for players in range(3, 9):
        for seed in range(6):
            game = None
            for game in random_walk(players, seed, camp_odds=0.15 + 0.1 * seed,
                                    diamant=seed == 5):
                pass
            for event, params in game.log + [e for s in range(players) for e in game.log_for(s)]:
                seen.setdefault(event, set()).update(params)
    return seen


def test_every_emitted_event_has_a_template(emitted):
    assert set(emitted) == ALL_MESSAGE_IDS        # and the games show every kind of event
    assert set(emitted) <= set(CATALOGUE)


def test_every_template_uses_only_the_events_parameters(emitted):
    for eid, template in CATALOGUE.items():
        allowed = emitted.get(eid, LABEL_PARAMS.get(eid, {"n"} if eid.startswith("ig.n.") else set()))
        assert fields(template) <= allowed, eid


def test_plural_entries_are_chosen_by_n(emitted):
    for eid, template in CATALOGUE.items():
        if isinstance(template, dict):
            assert {"one", "other"} <= set(template) <= {"one", "other", "=0"}, eid
            assert eid.startswith("ig.n.") or "n" in emitted[eid], eid


def test_the_page_has_words_for_prompts_actions_and_hazards():
    assert set(PROMPT_IDS.values()) <= set(CATALOGUE)
    for name in ("action_torch", "action_camp", "choice_torch", "choice_camp", "kind_treasure",
                 "kind_artifact", "kind_hazard", "end_all_left", "end_bust"):
        assert "ig." + name in CATALOGUE
    from incan_gold import data as D
    assert all(f"ig.hazard_{h}" in CATALOGUE for h in D.HAZARDS)


def test_a_whole_log_reads_as_text():
    game = None
    for game in random_walk(4, 3):
        pass
    names = ["Ana", "Bo", "Cy", "Di"]
    lines = [render(event, CATALOGUE, names) for event in game.log]
    assert all("{" not in line and "[" not in line for line in lines)
    assert any("Ana" in line for line in lines)
