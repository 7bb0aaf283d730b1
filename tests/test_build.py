"""Fast host-only tests of build.py's pure functions (no browser, no dist/ needed)."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load_build():
    if "mp_build" not in sys.modules:
        spec = importlib.util.spec_from_file_location("mp_build", ROOT / "build.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["mp_build"] = module
        spec.loader.exec_module(module)
    return sys.modules["mp_build"]


build = _load_build()


def test_python_files_lists_every_module_recursively(tmp_path):
    (tmp_path / "sub" / "__pycache__").mkdir(parents=True)
    for rel in ["__init__.py", "a.py", "sub/__init__.py", "sub/b.py", "sub/__pycache__/b.py", "notes.txt"]:
        (tmp_path / rel).write_text("")
    assert build.python_files(tmp_path) == ["__init__.py", "a.py", "sub/__init__.py", "sub/b.py"]
    assert build.python_files(tmp_path / "missing") == []


def test_pyscript_config_maps_every_package_module_and_ui_module():
    config = build.pyscript_config(["__init__.py", "game.py", "sub/x.py"], ["__init__.py", "board.py"])
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    assert config["files"] == {
        "./py/machu_picchu/__init__.py": "./machu_picchu/__init__.py",
        "./py/machu_picchu/game.py": "./machu_picchu/game.py",
        "./py/machu_picchu/sub/x.py": "./machu_picchu/sub/x.py",
        "./ui/__init__.py": "./ui/__init__.py",
        "./ui/board.py": "./ui/board.py",
    }


def test_pyscript_config_keeps_keys_of_a_base_config():
    base = {"interpreter": "3.14", "files": {"./data.json": "./data.json"}, "debug": True}
    config = build.pyscript_config(["__init__.py"], [], base)
    assert config["interpreter"] == build.INTERPRETER_URL       # never the CDN
    assert config["debug"] is True
    assert config["files"]["./data.json"] == "./data.json"
    assert base["files"] == {"./data.json": "./data.json"}      # input not mutated


def test_real_package_is_fully_listed():
    files = build.python_files(build.PACKAGE_SRC)
    config = build.pyscript_config(files, [])
    on_disk = {p.relative_to(build.PACKAGE_SRC).as_posix() for p in build.PACKAGE_SRC.rglob("*.py")
               if "__pycache__" not in p.parts}
    assert {k.removeprefix("./py/machu_picchu/") for k in config["files"]} == on_disk


def test_precache_list_has_shell_and_every_file_but_the_worker():
    files = ["index.html", "sw.js", ".nojekyll", "vendor/pyodide/pyodide.asm.wasm", "icons/icon.svg"]
    assert build.precache_list(files) == [
        "./", "./icons/icon.svg", "./index.html", "./vendor/pyodide/pyodide.asm.wasm"]


def test_cache_name_is_prefixed_content_hash(tmp_path):
    (tmp_path / "a.txt").write_text("one")
    assets = ["./", "./a.txt"]
    first = build.cache_name(tmp_path, assets)
    assert first.startswith("machu-picchu-") and first == build.cache_name(tmp_path, assets)
    (tmp_path / "a.txt").write_text("two")
    assert build.cache_name(tmp_path, assets) != first


def test_render_sw_fills_placeholders_with_valid_json():
    template = build.SW_TEMPLATE.read_text()
    out = build.render_sw(template, "machu-picchu-abc", ["./", "./index.html"])
    for placeholder in build.SW_PLACEHOLDERS:
        assert placeholder not in out
    assert 'const CACHE = "machu-picchu-abc";' in out
    assert 'const PREFIX = "machu-picchu-";' in out
    start = out.index("const ASSETS = ") + len("const ASSETS = ")
    assert json.JSONDecoder().raw_decode(out[start:])[0] == ["./", "./index.html"]


@pytest.mark.parametrize("bad", [
    "const A = __ASSETS__; const C = '__CACHE_NAME__'; // __CACHE_PREFIX__",
    "const A = __ASSETS__; const C = '__CACHE_NAME__';",
    "const A = __ASSETS__; __ASSETS__ '__CACHE_NAME__' '__CACHE_PREFIX__'",
])
def test_sw_template_check_rejects_bad_placeholders(bad):
    with pytest.raises(build.BuildError):
        build.check_sw_template(bad)


def test_relative_url_rules():
    for url in ["./main.py", "../x", "icons/a.png", "#board", "data:image/png;base64,AA", "./?a=/b"]:
        assert build.is_relative_url(url), url
    for url in ["/main.py", "//cdn.example/x.js", "https://cdn.jsdelivr.net/x", "http://a", "\\x"]:
        assert not build.is_relative_url(url), url


def test_non_relative_urls_finds_absolute_references():
    html = """<link rel="stylesheet" href="./a.css"><script src="/core.js"></script>
    <script type="py" src="./main.py" config="https://x/pyscript.json"></script>
    <img srcset="./a.png 1x, /b.png 2x"><div style="background: url('/bg.png')"></div>"""
    assert build.non_relative_urls(html) == ["/core.js", "https://x/pyscript.json", "/b.png", "/bg.png"]


def test_web_sources_are_relative_and_keep_the_page_contract():
    html = (build.WEB / "index.html").read_text()
    assert build.non_relative_urls(html) == []
    assert 'id="board"' in html
    assert 'config="./pyscript.json"' in html and 'src="./main.py"' in html
    assert "./vendor/pyscript/core.js" in html and "./vendor/pyscript/core.css" in html
    assert "py:all-done" in html and "./sw.js" in html
    assert "data-app-ready" in (build.WEB / "main.py").read_text()


def test_npm_pins_are_exact_and_match_build_constants():
    assert build.read_npm_pins(build.WEB / "package.json") == build.NPM_PINS
    lock = json.loads((build.WEB / "package-lock.json").read_text())
    assert lock["packages"][""]["dependencies"] == build.NPM_PINS
    for name, version in build.NPM_PINS.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version


def test_dev_requirements_are_pinned():
    requirements = build.dev_requirements(ROOT / "pyproject.toml")
    assert requirements and all("==" in r for r in requirements)


def test_has_test_path_detects_paths_only():
    assert build._has_test_path(["tests/test_build.py::test_relative_url_rules"])
    assert not build._has_test_path(["-k", "no_such_path_xyz", "-x"])


def test_static_server_serves_subpath_with_mime_types(tmp_path):
    import urllib.request
    (tmp_path / "index.html").write_text("<p>hi</p>")
    (tmp_path / "x.wasm").write_bytes(b"\0asm")
    (tmp_path / "m.mjs").write_text("export {}")
    with build.StaticServer(tmp_path) as server:
        for path, mime in [("", "text/html"), ("x.wasm", "application/wasm"), ("m.mjs", "text/javascript")]:
            for base in (server.url, server.root_url):
                with urllib.request.urlopen(base + path, timeout=5) as response:
                    assert response.headers["Content-Type"].split(";")[0] == mime
    with pytest.raises(OSError):                        # stopped: connection refused
        urllib.request.urlopen(server.url, timeout=2)
