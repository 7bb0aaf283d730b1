"""Every path the newcomer's documents name exists: README.md, docs/*.md and web/games/README.md
(the contract between the shell and a game's views). A path is a `code span` or a link target
that begins with one of the repository's own folders or files (src/, web/, tests/, docs/,
builder/, .ci/, build.py, ...); in web/games/README.md also web's folders (shell/, kit/, games/),
read from web/. A placeholder stands for each of its values: <game> and <package> for each
registered game's package, <lang> for each language, any other <name> for any file or folder
there; each value must exist. A file renamed or moved without its mention fails here."""
from __future__ import annotations

import re
import sys
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "web" / "games" / "README.md"]
LANGS = ("en", "fr", "de")
sys.path.insert(0, str(ROOT / "src"))
from tabletop.registry import GAME_MODULES  # noqa: E402

PLACES = {"<game>": sorted(set(GAME_MODULES.values())), "<package>": sorted(set(GAME_MODULES.values())),
          "<lang>": list(LANGS)}
SPAN = re.compile(r"`([^`\s]+)`|\]\(([^)#\s]+)\)")


def named_paths(doc: Path) -> list[tuple[str, Path]]:
    """(the path as written, the folder it is read from) for each path `doc` names."""
    top = {p.name for p in ROOT.iterdir() if not p.name.startswith(".") or p.name == ".ci"}
    web = {p.name for p in (ROOT / "web").iterdir()} if doc.parent == ROOT / "web" / "games" else set()
    out = []
    for span, link in SPAN.findall(doc.read_text(encoding="utf-8")):
        text = (span or link).rstrip(".,;:")
        if link and not text.startswith(("http:", "https:", "mailto:")):
            out.append((text, doc.parent))          # a link: from the document's folder
            continue
        head = text.split("/", 1)[0]
        if "/" in text or head in top:
            if head in top - {"dist"} and (ROOT / head).exists():
                out.append((text, ROOT))
            elif head in web:
                out.append((text, ROOT / "web"))
    return out


def expansions(text: str) -> list[str]:
    """`text` with each placeholder replaced by each of its values (others by a glob)."""
    holes = re.findall(r"<[^<>/]+>", text)
    known = [PLACES.get(h, ["*"]) for h in holes]
    out = []
    for values in product(*known):
        filled = text
        for hole, value in zip(holes, values):
            filled = filled.replace(hole, value, 1)
        out.append(filled)
    return out


def test_every_path_the_documents_name_exists():
    missing, checked = [], 0
    for doc in DOCS:
        for text, base in named_paths(doc):
            for path in expansions(text.split(":", 1)[0] if not text.startswith(".") else text):
                checked += 1
                if not (any(base.glob(path.rstrip("/"))) if "*" in path else (base / path).exists()):
                    missing.append(f"{doc.relative_to(ROOT)}: {text}" + (f" ({path})" if path != text else ""))
    assert checked > 100 and missing == [], "\n".join(missing)
