"""The rules of Incan Gold in the project's own words (never the rulebook's text), with the
pieces drawn as on the board. English for now, like Machu Picchu's help."""

from __future__ import annotations

from .art import icon
from .path import ARTIFACT_VALUES


def _i(name: str, label: str) -> str:
    return icon(name, label, 20)


SECTIONS: list[tuple[str, str]] = [
    ("The idea",
     "<p>Everyone explores the same temple, one card at a time. The deeper you go, the more gems you "
     "may find; but every hazard you meet twice drives everyone still inside out, empty-handed. "
     "After five expeditions the richest explorer wins.</p>"),
    ("An expedition (a round)",
     f"<p>Each round one more artifact {_i('artifact', 'artifact')} is shuffled into the deck (one not "
     "found stays in for later rounds). The first card is turned at once, since nobody has a "
     "reason to leave yet; if it is a hazard, the next card follows straight away. Then, again "
     "and again:</p><ol>"
     f"<li><b>Choose in secret.</b> Everyone still inside picks Torch {_i('torch', 'torch')} (go on) or "
     f"Camp {_i('camp', 'camp')} (go home). The page shows who has chosen, never what. When the last "
     "choice is in, all are shown together.</li>"
     "<li><b>Going home.</b> Those who chose Camp share the gems lying on the path, equally, rounded "
     "down (the rest stays). They put everything they found this round in their tent, where it is "
     "safe, and sit out the rest of the round. If exactly one player goes home, that player also "
     "takes every artifact on the path.</li>"
     "<li><b>Going on.</b> If anyone stays, the next card is turned. Gems are shared equally among "
     "the players still inside, rounded down; what cannot be shared stays on the card for later "
     "leavers. An artifact waits on the path.</li></ol>"),
    ("Hazards and the bust",
     f"<p>There are five hazards, three cards of each: spiders {_i('spiders', 'spiders')}, snakes "
     f"{_i('snakes', 'snakes')}, mummies {_i('mummies', 'mummies')}, fire {_i('fire', 'fire')} and "
     f"rockfall {_i('rockfall', 'rockfall')}. The first of a kind is only a fright. The second of the "
     "same kind ends the round at once: everyone still inside loses the gems they found this round "
     "(the gems in tents are safe), and that second card leaves the game. The page marks it "
     "<b>BUST</b> with a cross.</p>"),
    ("Counting the deck",
     "<p>The deck holds 15 treasures and 15 hazards, plus the artifacts shuffled in. The card "
     "counter beside the path shows what is left of each kind and the chance that the next card "
     "is a second hazard: what a careful player counts in their head anyway.</p>"),
    ("Tents and secrets",
     "<p>The gems you find this round lie beside your tent, for all to see. When you go home you "
     "pick them up, with your share of the path, in plain sight: the log says who went home with "
     "how many gems from beside their tent and from the path. Then they go into your tent, and "
     "what is inside a tent is yours alone: you see your own total, the others see only the "
     "artifacts you hold, and the page never shows another player's tent total. A careful player "
     "could keep count of what everyone carried home; the rulebook only asks players not to count "
     "the tents (the bots do keep count, as a careful player could). The option <i>open "
     "tents</i> shows every tent, for family play.</p>"),
    ("End of the game",
     f"<p>After five rounds tents are opened. Each gem counts 1. The first three artifacts carried "
     f"out are worth {ARTIFACT_VALUES[0]} each, the later ones {ARTIFACT_VALUES[-1]} each, in the order "
     "they leave the temple. The most wealth wins; on a tie, the most artifacts; still tied, the "
     "victory is shared. Artifacts still on the path when a round ends are lost.</p>"),
    ("Diamant",
     "<p>The original game, Diamant, is the same without artifacts: choose it as an option when "
     "starting a game.</p>"),
    ("Playing on one tablet",
     "<p>Pass the tablet: each person chooses behind a hide screen, and the buttons look the same "
     "afterwards whatever was picked. Then everyone watches the reveal together: the choices flip, "
     "the leavers share, the next card turns and its gems are shared.</p>"),
]


def _slug(title: str) -> str:
    return "ig-help-" + "".join(c if c.isalnum() else "-" for c in title.lower()).strip("-")


def help_html() -> str:
    """The rules help, one section per heading, with a table of contents."""
    toc = "".join(f'<li><a href="#{_slug(title)}">{title}</a></li>' for title, _ in SECTIONS)
    body = "".join(f'<section id="{_slug(title)}"><h3>{title}</h3>{text}</section>' for title, text in SECTIONS)
    return (f'<article class="ig-help"><h2>Incan Gold: how to play</h2>'
            f'<nav aria-label="Contents"><ol class="ig-help-toc">{toc}</ol></nav>{body}</article>')
