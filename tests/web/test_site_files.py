"""Static checks of the built site (dist/): the manifest and its icons, the service worker's
precache and its look-ups, every URL of the page relative, and the MIME types the server sends."""
from __future__ import annotations

import json
import shutil
import struct
import subprocess
import urllib.request
from urllib.parse import urlsplit

from webharness import build


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_manifest_is_valid_and_its_icons_exist(dist):
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Machu Picchu & Incan Gold"
    assert manifest["short_name"] == "Andes games" and len(manifest["short_name"]) <= 12
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        assert build.is_relative_url(icon["src"]), icon
        path = dist / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            w, h = png_size(path.read_bytes())
            assert icon["sizes"] == f"{w}x{h}"
            sizes.add(w)
        else:
            assert icon["type"] == "image/svg+xml" and path.read_text().lstrip().startswith("<svg")
    assert {192, 512} <= sizes
    # each language's (linked by the page in that language): the same but its words
    others = {path.name: json.loads(path.read_text()) for path in dist.glob("manifest.*.webmanifest")}
    assert sorted(others) == ["manifest.de.webmanifest", "manifest.fr.webmanifest"]
    for name, other in others.items():
        assert other["lang"] == name.split(".")[1] and len(other["short_name"]) <= 12
        assert {k: v for k, v in other.items() if k not in ("name", "short_name", "description", "lang")} == \
            {k: v for k, v in manifest.items() if k not in ("name", "short_name", "description", "lang")}


def test_service_worker_is_valid_js_and_precaches_every_file(dist):
    sw = dist / build.SW_NAME
    if shutil.which("node"):
        subprocess.run(["node", "--check", str(sw)], check=True)
    text = sw.read_text()
    start = text.index("const ASSETS = ") + len("const ASSETS = ")
    assets, _ = json.JSONDecoder().raw_decode(text[start:])
    expected = {f"./{f}" for f in build.dist_files(dist)} - {f"./{n}" for n in build.NOT_PRECACHED}
    assert set(assets) == expected | {"./"}
    assert f'const CACHE = "{build.SW_CACHE_PREFIX}' in text
    for placeholder in build.SW_PLACEHOLDERS:
        assert placeholder not in text


# Runs dist/sw.js's fetch handler in Node against a fake Cache Storage that holds the app's
# start page and logs each match(): prints the log of a request for argv[3] as JSON.
SW_MATCHES = r"""
const fs = require("fs"), vm = require("vm");
const [source, base, url] = process.argv.slice(1);
const listeners = {}, log = [];
const cache = { match: async (request, options) => {
  const asked = new URL(request.url ?? request);
  log.push([asked.href, !!(options && options.ignoreSearch)]);
  const key = options && options.ignoreSearch ? asked.origin + asked.pathname : asked.href;
  return key === base + "index.html" ? { ok: true } : undefined;
} };
const self = { location: { href: base + "sw.js" }, addEventListener: (type, f) => { listeners[type] = f; } };
vm.runInNewContext(source, { self, caches: { open: async () => cache }, fetch: async () => ({ fetched: true }),
                             URL, Request: class {}, Response: class {}, console,
                             importScripts: () => {} });   // the vendored fzstd, for the install step
listeners.fetch({ request: { method: "GET", url, mode: "cors" },
                  respondWith: (answer) => answer.then((r) => console.log(JSON.stringify({ log, answered: !!r }))) });
"""


def test_the_service_worker_looks_a_url_up_as_precached_before_scanning_without_its_query(dist):
    """The service worker answers a precached URL by its key, one look-up: with ignoreSearch
    (which Chromium answers by scanning the cache's entries) at every request, each of a start's
    requests took it longer; a URL with a query is then looked up without it."""
    base = "https://example.org/app/"
    def matches(url):
        out = subprocess.run(["node", "-e", SW_MATCHES, (dist / build.SW_NAME).read_text(), base, url],
                             check=True, capture_output=True, text=True).stdout
        return json.loads(out)
    assert matches(base + "index.html") == {"log": [[base + "index.html", False]], "answered": True}
    assert matches(base + "index.html?hint-budget=0.05") == {
        "log": [[base + "index.html?hint-budget=0.05", False], [base + "index.html?hint-budget=0.05", True]],
        "answered": True}


def test_every_url_in_the_page_is_relative(dist):
    html = (dist / "index.html").read_text()
    assert build.non_relative_urls(html) == []
    urls = build.html_urls(html)
    for required in ("./boot.js", "./vendor/pyscript/core.css", "./main.py",
                     "./pyscript.json", "./manifest.webmanifest", "./style.css",
                     "./games/machu_picchu/machu-picchu.css", "./games/incan_gold/incan-gold.css"):
        assert required in urls
    for url in urls:                      # and every referenced local file exists
        if not url.startswith(("data:", "#")):
            assert (dist / urlsplit(url).path).exists(), url
    for css in [*dist.glob("*.css"), *dist.glob("games/*/*.css")]:
        assert [u for u in build.css_urls(css.read_text()) if not build.is_relative_url(u)] == []


def test_server_sends_the_mime_types_pyodide_needs(server):
    expected = {
        "vendor/pyodide/pyodide.asm.wasm": "application/wasm",
        "vendor/pyodide/pyodide.mjs": "text/javascript",
        "vendor/pyscript/core.js": "text/javascript",
        "manifest.webmanifest": "application/manifest+json",
        "": "text/html",
    }
    for path, mime in expected.items():
        request = urllib.request.Request(server.url + path, method="HEAD")
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers["Content-Type"].split(";")[0] == mime, path
    # the sub-path without its slash redirects to the app folder
    with urllib.request.urlopen(server.url.rstrip("/"), timeout=10) as response:
        assert response.url == server.url
