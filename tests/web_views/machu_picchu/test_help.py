"""The rules help (web/games/machu_picchu/help.py): well-formed, complete, in its own words."""
from __future__ import annotations

import re
from pathlib import Path

from machu_picchu import data as D
from games.machu_picchu import help as rules_help

from mp_fixtures import parse

_BOOK = Path("shared") / "rules" / "princes-of-machu-picchu.en.txt"
# the reference folder beside the checkout (a worktree sits one folder deeper than the main one)
RULEBOOK = next((p / _BOOK for p in Path(__file__).resolve().parents if (p / _BOOK).is_file()),
                Path(__file__).resolve().parents[4] / _BOOK)


def sections() -> list[tuple[str, str]]:
    """(title, body) of each section, in the page's language."""
    from html import unescape
    from shell.i18n import page_words
    words, params = page_words(), rules_help.help_params()
    return [(unescape(words.t(f"mp.help.{k}.title")), words.markup(f"mp.help.{k}.html", params))
            for k in rules_help.SECTIONS]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def help_text() -> str:
    markup = rules_help.help_html()
    markup = re.sub(r"<svg.*?</svg>", " ", markup, flags=re.S)
    from html import unescape
    return unescape(re.sub(r"<[^>]+>", " ", markup))


def test_help_is_well_formed_and_complete():
    markup = rules_help.help_html()
    parse(markup)
    text = help_text()
    for name in D.DISTRICT_NAMES.values():
        assert name in text, name
    titles = [t.lower() for t, _ in sections()]
    for topic in ("set", "turn", "bonus", "incatrail", "moon", "night", "day 9", "end", "scor",
                  "learning", "ruling"):
        assert any(topic in t for t in titles), topic
    assert "reconstructed" in text.lower()
    for _, body in sections():
        parse(body)
        assert len(_words(re.sub(r"<[^>]+>", " ", body))) > 20


def test_help_does_not_copy_the_rulebook():
    book = _words(RULEBOOK.read_text(encoding="utf-8"))
    runs = {tuple(book[i:i + 12]) for i in range(len(book) - 11)}
    mine = _words(help_text())
    copied = [" ".join(mine[i:i + 12]) for i in range(len(mine) - 11) if tuple(mine[i:i + 12]) in runs]
    assert not copied, copied[:3]


def test_the_french_help_does_not_copy_the_french_rulebook():
    from shell import i18n
    try:
        words = i18n.use_language("fr")
        text = help_text()
        names = [words.catalogue["mp.district." + d] for d in D.DISTRICTS]
    finally:
        i18n.use_language()
    assert "Terrasses à Maïs" in text and "Cadran Solaire" in text and "Comment" not in names

    def prose(text: str) -> list[str]:     # the districts' names (a list in both) aside
        for name in names:
            text = re.sub(re.escape(name), " ", text, flags=re.I)
        return re.findall(r"[a-zà-ÿœ0-9]+", text.lower())
    book = prose((RULEBOOK.parent / "princes-of-machu-picchu.fr.txt").read_text(encoding="utf-8"))
    runs = {tuple(book[i:i + 12]) for i in range(len(book) - 11)}
    mine = prose(text)
    copied = [" ".join(mine[i:i + 12]) for i in range(len(mine) - 11) if tuple(mine[i:i + 12]) in runs]
    assert not copied, copied[:3]
