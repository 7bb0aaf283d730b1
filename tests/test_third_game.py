"""The home's promise, proved with a third game: a game is its rules package, its
view folder and one registry line. Pig, a dice game of a few dozen lines of rules
(tests/fixtures/third_game/: src/pig/ and web/games/pig/, with its catalogue), is added to a copy
of this repository exactly as web/games/README.md says — the package under src/, the folder
under web/games/, its line in tabletop.registry.GAME_MODULES — and nothing else is touched.
Then the shared suites run on that copy (the engine conformance suite, the protocol check, every
game's views over a whole random game), and the copy is built and played in the browser through
the shell: the home's card, a game against a bot, the saved game after a reload, the replay,
the end screen.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "third_game"
REGISTRY = Path("src/tabletop/registry.py")
ANCHOR = '    "incan-gold": "incan_gold",\n'
PIG_LINE = '    "pig": "pig",\n'


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                         cwd=ROOT, check=True, capture_output=True).stdout.decode()
    return [p for p in out.split("\0") if p and (ROOT / p).is_file()]


def make_copy(copy: Path) -> Path:
    """A copy of the repository at `copy` with Pig added as the docs say, and only that."""
    for rel in tracked_files():
        if rel.startswith("tests/fixtures/third_game/"):
            continue
        target = copy / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, target)
    for kept in (".venv", "web/node_modules"):           # the installed tools, shared
        if (ROOT / kept).exists():
            (copy / kept).symlink_to(ROOT / kept)
    shutil.copytree(FIXTURE / "src" / "pig", copy / "src" / "pig")
    shutil.copytree(FIXTURE / "web" / "games" / "pig", copy / "web" / "games" / "pig")
    registry = (copy / REGISTRY).read_text(encoding="utf-8")
    assert registry.count(ANCHOR) == 1, "the registry's table moved: update this test"
    (copy / REGISTRY).write_text(registry.replace(ANCHOR, ANCHOR + PIG_LINE), encoding="utf-8")
    return copy


@pytest.fixture(scope="module")
def with_pig(tmp_path_factory) -> Path:
    return make_copy(tmp_path_factory.mktemp("third") / "home")


def test_only_the_package_the_folder_and_one_registry_line_differ(with_pig):
    changed = []
    for path in sorted(p for p in with_pig.rglob("*") if p.is_file() and ".venv" not in p.parts
                       and "node_modules" not in p.parts and "__pycache__" not in p.parts):
        rel = path.relative_to(with_pig).as_posix()
        original = ROOT / rel
        if not original.is_file() or original.read_bytes() != path.read_bytes():
            changed.append(rel)
    outside = [p for p in changed if not p.startswith(("src/pig/", "web/games/pig/"))]
    assert outside == [REGISTRY.as_posix()]
    before = (ROOT / REGISTRY).read_text(encoding="utf-8").splitlines()
    after = (with_pig / REGISTRY).read_text(encoding="utf-8").splitlines()
    assert len(after) == len(before) + 1 and [x for x in after if x not in before] == [PIG_LINE.rstrip("\n")]


def test_the_shared_suites_play_the_third_game(with_pig):
    """The conformance suite, the engine protocol and every game's views, run on the copy, with
    Pig among the games they find in the registry (and its ids in its own prefix)."""
    suites = ["tests/conformance", "tests/tabletop/test_tabletop_protocol.py",
              "tests/web_app/test_games.py", "tests/web_app/test_i18n.py"]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-k", "pig or every or two_games or shipped", *suites],
                         cwd=with_pig, env=env, capture_output=True, text=True, timeout=1200)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "pig" in (run.stdout + _collected(with_pig, suites, env))


def _collected(copy: Path, suites: list[str], env: dict) -> str:
    """The ids of the tests collected on the copy (Pig's cases among them)."""
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only", "-p",
                          "no:cacheprovider", *suites], cwd=copy, env=env, capture_output=True,
                         text=True, timeout=600)
    return out.stdout
