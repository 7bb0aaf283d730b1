#!/usr/bin/env python3
"""Move the shared catalogue folder (web/locales/<lang>/*.json) to its owners, once, for every
language folder there is (issue 25: everything about a game lives with the game).

    web/locales/<lang>/shell.json                  -> web/shell/locales/<lang>/shell.json
    web/locales/<lang>/machu-picchu.json           -> web/games/machu_picchu/locales/<lang>/page.json
    web/locales/<lang>/machu-picchu-log.json       -> web/games/machu_picchu/locales/<lang>/log.json
    web/locales/<lang>/machu-picchu-follow.json    -> web/games/machu_picchu/locales/<lang>/follow.json
    web/locales/<lang>/incan-gold.json             -> web/games/incan_gold/locales/<lang>/log.json
    web/locales/<lang>/incan-gold-page.json        -> web/games/incan_gold/locales/<lang>/page.json

Each id is then in its owner's prefix (`shell.`, `mp.`, `ig.`), so that two games cannot collide:
Incan Gold's bare ids ("reveal", "game_start", ...) and its "page.*" ids become "ig.*"
(`new_id`), in the keys and where a template words a parameter by another entry
("{hazard:hazard_*}" -> "{hazard:ig.hazard_*}", see tabletop.events.Counted); the code's own uses
of the ids were renamed by hand in the same commit. The order of
the entries, their text and the files' layout are kept; a language's file that is missing is skipped; an id that
would land on one already taken is an error. Run from anywhere: python3 tools/move_catalogues.py
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
OLD = WEB / "locales"
SPEC = re.compile(r"\{(\w+):([^{}:]+)\}")     # "{param:entry id}" inside a template
TOP_KEY = re.compile(r'^(  )("(?:[^"\\]|\\.)*")(\s*:)', re.M)   # a key at the top level's indent

# old file name -> (new folder under web/, new file name, owner's prefix)
MOVES = {
    "shell.json": ("shell/locales", "shell.json", "shell."),
    "machu-picchu.json": ("games/machu_picchu/locales", "page.json", "mp."),
    "machu-picchu-log.json": ("games/machu_picchu/locales", "log.json", "mp."),
    "machu-picchu-follow.json": ("games/machu_picchu/locales", "follow.json", "mp."),
    "incan-gold.json": ("games/incan_gold/locales", "log.json", "ig."),
    "incan-gold-page.json": ("games/incan_gold/locales", "page.json", "ig."),
}


def new_id(old: str, prefix: str) -> str:
    """The id in its owner's prefix: kept if it has it; Incan Gold's "page.x" -> "ig.x";
    a bare id -> prefix + id."""
    if old.startswith(prefix):
        return old
    if prefix == "ig." and old.startswith("page."):
        return prefix + old[len("page."):]
    if "." in old:
        raise ValueError(f"{old!r} has a prefix other than {prefix!r}: rename it by hand")
    return prefix + old


def rename_keys(text: str, renamed: dict[str, str]) -> str:
    """The catalogue's text with its top-level keys renamed, its layout kept (the files are laid
    out by hand: a plural entry on one line or on several). Checked by parsing both."""
    def one(match: re.Match) -> str:
        key = json.loads(match.group(2))
        return match.group(1) + json.dumps(renamed[key], ensure_ascii=False) + match.group(3)

    out = TOP_KEY.sub(one, text)
    before, after = json.loads(text), json.loads(out)
    if list(after.items()) != [(renamed[k], v) for k, v in before.items()]:
        raise ValueError("the catalogue's layout is not one top-level key per line")
    return out


def rename_specs(text: str, prefix: str) -> str:
    """The templates' references to other entries ("{hazard:hazard_*}") in the owner's ids."""
    def one(match: re.Match) -> str:
        return "{" + match.group(1) + ":" + new_id(match.group(2), prefix) + "}"
    return SPEC.sub(one, text) if prefix == "ig." else text


def move(root: Path = WEB) -> list[str]:
    """Move every language's catalogues; the lines of what was done."""
    done = []
    old_root = root / "locales"
    for lang_dir in sorted(p for p in old_root.iterdir() if p.is_dir()):
        taken: dict[Path, set] = {}
        for old_name, (folder, new_name, prefix) in MOVES.items():
            src = lang_dir / old_name
            if not src.is_file():
                continue
            text = src.read_text(encoding="utf-8")
            entries = json.loads(text)
            renamed = {key: new_id(key, prefix) for key in entries}
            seen = taken.setdefault(root / folder, set())
            clash = (seen & set(renamed.values())) or len(set(renamed.values())) < len(renamed)
            if clash:
                raise ValueError(f"{lang_dir.name}/{old_name}: an id is taken twice ({clash})")
            seen.update(renamed.values())
            out = rename_specs(rename_keys(text, renamed), prefix)
            dest = root / folder / lang_dir.name / new_name
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(out, encoding="utf-8")
            src.unlink()
            done.append(f"{src.relative_to(root)} -> {dest.relative_to(root)} ({len(renamed)} ids)")
        left = sorted(p.name for p in lang_dir.iterdir())
        if left:
            raise ValueError(f"{lang_dir}: files with no owner left: {left}")
        lang_dir.rmdir()
    old_root.rmdir()
    return done


if __name__ == "__main__":
    if not OLD.is_dir():
        sys.exit(f"{OLD} is gone: the catalogues were moved already")
    print("\n".join(move()))
