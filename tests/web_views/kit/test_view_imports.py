"""A game's views import the kit, the shared rules and their own game, never the shell: what a view
needs of the page comes in its ctx or as a hook's parameter (web/games/README.md). Every module
of every view folder is read, imports inside functions included, the third game's too."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FOLDERS = sorted([*(ROOT / "web" / "games").glob("*/"),
                  *(ROOT / "tests" / "fixtures" / "third_game" / "web" / "games").glob("*/")])
FOLDERS = [f for f in FOLDERS if (f / "__init__.py").is_file()]


def imported(path: Path) -> set[str]:
    """The top-level names of what a module imports (relative imports left out: its own folder)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_there_are_view_folders_to_read():
    assert len(FOLDERS) >= 3


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_no_view_module_imports_the_shell(folder):
    found = {p.relative_to(ROOT).as_posix(): imported(p) & {"shell", "js", "pyscript", "pyodide"}
             for p in sorted(folder.rglob("*.py"))}
    assert {path: names for path, names in found.items() if names} == {}
