"""The service worker (dist/sw.js, from web/sw.js.in): every file of dist/ precached under a
cache named by their content, for offline play."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .layout import FZSTD_SCRIPT, WASM_FILE, WASM_PACKED, WEB, BuildError, dist_files
from .snapshot import SNAPSHOT_NAME

SW_TEMPLATE = WEB / "sw.js.in"
SW_NAME = "sw.js"
SW_CACHE_PREFIX = "machu-picchu-"
SW_PLACEHOLDERS = ("__CACHE_PREFIX__", "__CACHE_NAME__", "__ASSETS__", "__SNAPSHOT_NAME__",
                   "__WASM_PACKED__", "__FZSTD_SCRIPT__")
# The SW itself; a GitHub Pages marker; the raw wasm, which the SW unpacks from WASM_PACKED
# (precached, it would be a second download of the interpreter on every first visit).
NOT_PRECACHED = {SW_NAME, ".nojekyll", WASM_FILE}


def precache_list(files: list[str]) -> list[str]:
    """The SW precache list: the app shell "./" plus every dist file but the SW itself."""
    return ["./"] + [f"./{f}" for f in sorted(files) if f not in NOT_PRECACHED]


def cache_name(dist: Path, assets: list[str]) -> str:
    """Content-hash cache name: changes whenever any precached file (or the list) changes."""
    digest = hashlib.sha256()
    for asset in assets:
        digest.update(asset.encode() + b"\0")
        path = dist / asset[2:]
        if asset != "./" and path.is_file():
            digest.update(path.read_bytes())
    return SW_CACHE_PREFIX + digest.hexdigest()[:16]


def check_sw_template(template: str) -> None:
    """Each placeholder must occur exactly once and never inside a // comment."""
    for name in SW_PLACEHOLDERS:
        if template.count(name) != 1:
            raise BuildError(f"{SW_TEMPLATE.name}: {name} must occur exactly once")
    for line in template.splitlines():
        comment = line.find("//")
        if comment >= 0 and any(name in line[comment:] for name in SW_PLACEHOLDERS):
            raise BuildError(f"{SW_TEMPLATE.name}: placeholder inside a comment: {line.strip()}")


def render_sw(template: str, cache: str, assets: list[str]) -> str:
    """Fill the service-worker template with its cache name and precache list."""
    check_sw_template(template)
    return (template
            .replace("__CACHE_PREFIX__", SW_CACHE_PREFIX)
            .replace("__CACHE_NAME__", cache)
            .replace("__SNAPSHOT_NAME__", SNAPSHOT_NAME)
            .replace("__WASM_PACKED__", WASM_PACKED)
            .replace("__FZSTD_SCRIPT__", FZSTD_SCRIPT)
            .replace("__ASSETS__", json.dumps(assets, indent=2)))


def write_service_worker(dist: Path) -> tuple[str, list[str]]:
    """Generate dist/sw.js (must run last: it lists and hashes every other file)."""
    assets = precache_list(dist_files(dist))
    cache = cache_name(dist, assets)
    (dist / SW_NAME).write_text(render_sw(SW_TEMPLATE.read_text(), cache, assets))
    return cache, assets
