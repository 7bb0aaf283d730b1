"""Host-side tests of the board's pure view functions: web/ (for `ui`) and src/ on sys.path."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT / "web", ROOT / "src"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

# The page's words, which a view function called outside a hook speaks (kit.words.page_words):
# the shell's, as in the page.
import shell.i18n  # noqa: E402,F401
