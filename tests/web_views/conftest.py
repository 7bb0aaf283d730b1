"""Host-side tests of the board's pure view functions: web/ (for `ui`) and src/ on sys.path."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT / "web", ROOT / "src"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
