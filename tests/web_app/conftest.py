"""Host-side unit tests of the page's pure-Python modules (web/shell, web/kit, web/games): no browser needed."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT / "web", ROOT / "src"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
