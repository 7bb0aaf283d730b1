"""Fast host-only tests of build.py's pure functions (no browser, no dist/ needed)."""
from __future__ import annotations

import fnmatch
import io
import json
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))
from webharness import build  # noqa: E402  (build.py imported as a module; stdlib only)
import builder.site  # noqa: E402  (its jobs' package, beside it)

# The registered games (tabletop.registry): what this file expects of each comes from its entry,
# so that a game added to the registry adds nothing here.
GAMES = build.registry_games()


def game_package(info) -> str:
    """The game's rules package (where its `new_game` lives)."""
    return info.new_game.__module__.split(".")[0]


def game_modules(info) -> set[str]:
    """The modules a game's saved game opens with: its package, its game's class, its saves'
    reader and its views (the web module)."""
    game = info.new_game(players=info.min_players, seed=1)
    return {info.new_game.__module__, type(game).__module__, info.load_game.__module__,
            info.web_module}


def test_python_files_lists_every_module_recursively(tmp_path):
    (tmp_path / "sub" / "__pycache__").mkdir(parents=True)
    for rel in ["__init__.py", "a.py", "sub/__init__.py", "sub/b.py", "sub/__pycache__/b.py", "notes.txt"]:
        (tmp_path / rel).write_text("")
    assert build.python_files(tmp_path) == ["__init__.py", "a.py", "sub/__init__.py", "sub/b.py"]
    assert build.python_files(tmp_path / "missing") == []


def test_pyscript_config_names_the_boot_module():
    assert build.pyscript_config() == {"interpreter": "./boot/pyodide-boot.mjs"}


def test_pyscript_config_keeps_keys_of_a_base_config():
    base = {"interpreter": "3.14", "files": {"./data.json": "./data.json"}, "debug": True}
    config = build.pyscript_config(base)
    assert config == {"interpreter": "./boot/pyodide-boot.mjs", "files": {"./data.json": "./data.json"},
                      "debug": True}
    assert base["interpreter"] == "3.14"                          # input not mutated


def test_archive_members_name_modules_as_the_page_imports_them():
    assert build.archive_members({"shell": ["__init__.py", "app.py"],
                                  "machu_picchu": ["__init__.py", "bots/x.py"]}) == [
        "machu_picchu/__init__.py", "machu_picchu/bots/x.py", "shell/__init__.py", "shell/app.py"]


def test_app_trees_are_every_src_package_and_the_pages_own_folders(tmp_path):
    src, web = tmp_path / "src", tmp_path / "web"
    for pkg in ("zeta", "alpha"):
        (src / pkg).mkdir(parents=True)
        (src / pkg / "__init__.py").write_text("")
    (src / "alpha.egg-info").mkdir()                  # not a package: left out
    for folder in ("shell", "games", "icons"):
        (web / folder).mkdir(parents=True)
    assert list(build.app_trees(src, web)) == ["alpha", "zeta", "shell", "games"]


def test_the_real_app_trees_hold_the_shared_core_the_games_and_the_page():
    trees = build.app_trees()
    assert {"tabletop", "shell", "kit", "games"} | {game_package(info) for info in GAMES} <= set(trees)


def test_write_zip_is_deterministic_and_readable(tmp_path):
    members = {"b/x.py": b"x = 1\n", "a/__init__.py": b""}
    build.write_zip(tmp_path / "one.zip", members)
    build.write_zip(tmp_path / "two.zip", dict(reversed(members.items())))
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "one.zip") as archive:
        assert archive.namelist() == ["a/__init__.py", "b/x.py"]
        assert archive.read("b/x.py") == b"x = 1\n"
        assert archive.testzip() is None


def test_pyc_member_is_where_pyodides_python_looks_for_bytecode():
    # app.zip's modules, imported from the zip (zipimport): beside the source
    assert build.app_pyc_member("machu_picchu/bots/ismcts.py") == "machu_picchu/bots/ismcts.pyc"
    # PyScript's package, imported from the file system: in __pycache__
    assert build.pyc_member("machu_picchu/bots/ismcts.py") == \
        "machu_picchu/bots/__pycache__/ismcts.cpython-314.pyc"
    assert build.pyc_member("main.py") == "__pycache__/main.cpython-314.pyc"


def test_app_archive_holds_every_modules_bytecode_and_catalogue_but_no_source(tmp_path):
    members = build.write_app_archive(tmp_path)
    on_disk = {f"{top}/{p.relative_to(folder).as_posix()}"
               for top, folder in build.app_trees().items() for p in folder.rglob("*")
               if p.suffix in (".py", ".json") and "__pycache__" not in p.parts}
    modules = {m for m in on_disk if m.endswith(".py")}
    assert any(m.startswith("tabletop/") for m in modules)
    with zipfile.ZipFile(tmp_path / build.APP_ARCHIVE) as archive:
        assert set(members) == on_disk
        pyscript = {"." + build.pyc_member(m) for m in build.pyscript_sources()}
        assert len(pyscript) >= 10 and ".pyscript/__pycache__/__init__.cpython-314.pyc" in pyscript
        # the sources stay out: the page imports the bytecode (a traceback names file and line)
        assert set(archive.namelist()) == (on_disk - modules) | {build.app_pyc_member(m) for m in modules} | pyscript
        for info in GAMES:
            rules = type(info.new_game(players=info.min_players, seed=1)).__module__.replace(".", "/") + ".py"
        pyc = archive.read(build.app_pyc_member(rules))
        pyscript_pyc = archive.read(".pyscript/__pycache__/__init__.cpython-314.pyc")
    # PEP 552 header: magic, flags = 0b01 (hash-based, not checked against the source), hash
    assert pyc[2:4] == b"\r\n" and int.from_bytes(pyc[4:8], "little") == 0b01 and len(pyc) > 16
    # PyScript's package: checked against the source PyScript writes (0b11)
    assert pyscript_pyc[:4] == pyc[:4] and int.from_bytes(pyscript_pyc[4:8], "little") == 0b11


def test_precache_list_has_shell_and_every_file_but_the_worker_and_the_raw_wasm():
    """The service worker unpacks the raw wasm from its packed file (precaching both would
    download the interpreter twice on a first visit)."""
    files = ["index.html", "sw.js", ".nojekyll", "vendor/pyodide/pyodide.asm.wasm",
             "vendor/pyodide/pyodide.asm.wasm.zst", "icons/icon.svg"]
    assert build.precache_list(files) == [
        "./", "./icons/icon.svg", "./index.html", "./vendor/pyodide/pyodide.asm.wasm.zst"]


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
    assert f'const SNAPSHOT = "./{build.SNAPSHOT_NAME}";' in out
    assert f'"./{build.WASM_PACKED}"' in out
    assert f'importScripts("./{build.FZSTD_SCRIPT}");' in out
    start = out.index("const ASSETS = ") + len("const ASSETS = ")
    assert json.JSONDecoder().raw_decode(out[start:])[0] == ["./", "./index.html"]


@pytest.mark.parametrize("bad", [
    "const A = __ASSETS__; const C = '__CACHE_NAME__'; '__SNAPSHOT_NAME__' // __CACHE_PREFIX__",
    "const A = __ASSETS__; const C = '__CACHE_NAME__'; '__SNAPSHOT_NAME__'",
    "const A = __ASSETS__; __ASSETS__ '__CACHE_NAME__' '__CACHE_PREFIX__' '__SNAPSHOT_NAME__'",
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
    assert "./boot.js" in html and "./vendor/pyscript/core.css" in html
    # boot.js loads PyScript once its feature tests pass (and only then)
    assert "./vendor/pyscript/core.js" in (build.WEB / "boot.js").read_text()
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


def test_the_whole_suite_runs_its_files_on_every_core_and_a_targeted_run_in_one_process():
    assert build.suite_workers([], 2) == ["-n", "2", "--dist", "loadfile"]
    assert build.suite_workers(["-x", "-k", "boot"], 16) == ["-n", "4", "--dist", "loadfile"]
    assert build.suite_workers([], 1) == [] and build.suite_workers([], None) == []
    assert build.suite_workers(["tests/test_build.py"], 2) == []
    assert build.suite_workers(["-n", "0"], 2) == [] and build.suite_workers(["-n3"], 2) == []
    assert "pytest-xdist" in " ".join(build.dev_requirements(ROOT / "pyproject.toml"))


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


def test_the_static_server_gzips_like_github_pages_only_when_asked(tmp_path):
    """bench --http-gzip: the compressible files go gzipped to a browser that accepts it; a file
    already packed (.gz) goes as it is; without the flag or the Accept-Encoding, every file raw."""
    import gzip
    import urllib.request
    wasm = bytes(range(256)) * 64
    (tmp_path / "x.wasm").write_bytes(wasm)
    (tmp_path / "s.bin.gz").write_bytes(gzip.compress(b"snapshot"))

    def get(server, path, accept="gzip, deflate"):
        request = urllib.request.Request(server.url + path, headers={"Accept-Encoding": accept})
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.headers.get("Content-Encoding"), response.headers["Content-Type"], response.read()

    with build.StaticServer(tmp_path, gzip=True) as server:
        encoding, mime, body = get(server, "x.wasm")
        assert (encoding, mime) == ("gzip", "application/wasm") and gzip.decompress(body) == wasm
        # the server thread records a request once its handler returns, which may be after the
        # client has read the whole body: wait for the record
        deadline = time.monotonic() + 5
        while not server.served and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(body) < len(wasm) and server.served == [("/machu-picchu/x.wasm", 200, len(body))]
        assert get(server, "x.wasm", accept="identity")[::2] == (None, wasm)
        encoding, _, body = get(server, "s.bin.gz")
        assert encoding is None and gzip.decompress(body) == b"snapshot"
    with build.StaticServer(tmp_path) as server:
        assert get(server, "x.wasm")[::2] == (None, wasm)


def test_the_pages_packages_reach_dist_only_through_app_zip_but_their_stylesheets(tmp_path, monkeypatch):
    web = tmp_path / "web"
    for rel in ("index.html", "shell/app.py", "games/README.md", "games/ig/__init__.py",
                "games/ig/ig.css", "games/ig/locales/en/page.json", "shell/locales/en/shell.json",
                "icons/icon.svg"):
        (web / rel).parent.mkdir(parents=True, exist_ok=True)
        (web / rel).write_text("x")
    monkeypatch.setattr(builder.site, "WEB", web)       # where copy_web reads
    build.copy_web(tmp_path / "dist")
    assert build.dist_files(tmp_path / "dist") == ["games/ig/ig.css", "icons/icon.svg", "index.html"]


def test_the_browsers_are_debian_packages_each_with_the_file_it_installs(tmp_path):
    assert build.APT_PACKAGES == ["chromium", "xvfb", "webkit2gtk-driver", "firefox-esr",
                                  "wpewebkit-driver", "cog"]
    present = tmp_path / "present"
    present.write_text("")
    packages = {"here": present, "gone": tmp_path / "absent"}
    assert build.missing_browser_packages(packages) == ["gone"]
    assert build.missing_browser_packages({"here": present}) == []


def test_bench_takes_its_browsers_out_of_the_arguments():
    assert build.bench_browsers(["--runs", "2"]) == (["--runs", "2"], ["chromium", "webkit", "firefox"])
    assert build.bench_browsers(["--browsers", "webkit", "--runs", "1"]) == (["--runs", "1"], ["webkit"])
    assert build.bench_browsers(["--browsers=firefox,chromium"]) == ([], ["firefox", "chromium"])
    with pytest.raises(build.BuildError):
        build.bench_browsers(["--browsers", "opera"])


def test_stdlib_keeps_what_the_probe_loaded_and_the_codecs_in_use():
    members = ["json/__init__.py", "json/decoder.py", "zoneinfo/__init__.py", "typing.py",
               "encodings/__init__.py", "encodings/utf_8.py", "encodings/cp1252.py", "encodings/koi8_r.py"]
    loaded = {"json", "typing", "encodings", "encodings.koi8_r"}
    assert build.stdlib_kept(members, loaded) == [
        "json/__init__.py", "json/decoder.py", "typing.py",     # a package stays whole
        "encodings/__init__.py", "encodings/utf_8.py", "encodings/koi8_r.py"]


def test_imported_names_reads_python_and_python_inside_js():
    assert build.imported_names("import a.b\nfrom c import d\ndef f():\n    import e") == {"a", "c", "e"}
    assert build.imported_names('const code = "import js\\nfrom zoneinfo import X";') == {"js", "zoneinfo"}


# --- the memory snapshot: lean, with its headroom reported --------------------------------
def test_the_docstring_pass_drops_docstrings_and_keeps_asserts():
    import ast
    namespace: dict = {}
    exec(build.DOCSTRIP_PY, namespace)
    source = ('"""Module."""\nfrom __future__ import annotations\n'
              'def f(x):\n    """Doc."""\n    assert x > 0, "positive"\n    return x\n'
              'class C:\n    """Only a docstring."""\n')
    tree = namespace["strip_docstrings"](ast.parse(source))
    code = compile(tree, "m.py", "exec", optimize=0)
    scope: dict = {}
    exec(code, scope)
    assert scope.get("__doc__") is None and scope["f"].__doc__ is None and scope["C"].__doc__ is None
    assert scope["f"](2) == 2
    with pytest.raises(AssertionError, match="positive"):
        scope["f"](0)
    assert scope["f"].__code__.co_firstlineno == 3           # lines as in the source


def test_top_level_imports_are_those_a_module_runs_resolved_and_with_their_packages():
    known = {"p", "p.a", "p.b", "p.c", "p.sub", "p.sub.d", "q"}
    source = ("import q\nfrom . import b\nfrom .sub import d\ntry:\n    from p import c\nexcept ImportError:\n"
              "    pass\ndef later():\n    import p.never\n    from . import a\n")
    assert build.top_level_imports("p.a", source, False, known) == {"p", "q", "p.b", "p.sub", "p.sub.d", "p.c"}
    assert build.top_level_imports("p.sub", "from . import d\nfrom .. import b\n", True, known) == \
        {"p", "p.sub.d", "p.b"}


def test_a_split_archive_is_its_first_part_then_its_rest(tmp_path):
    """split_archive: the first part is a zip of the members the start reads, whose first bytes
    are the whole archive's (the snapshot's heap knows the whole one's offsets), and with the
    rest they make the whole archive, every member readable."""
    members = {f"m{i}.pyc": bytes([i]) * (100 + i) for i in range(6)}
    build.write_zip(tmp_path / "a.zip", members)
    sizes = build.split_archive(tmp_path / "a.zip", lambda name: name in ("m1.pyc", "m4.pyc"))
    assert sizes["members_first"] == 2 and sizes["members"] == 6
    part = (tmp_path / "a.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "a.zip") as first:
        assert first.namelist() == ["m1.pyc", "m4.pyc"] and first.read("m4.pyc") == members["m4.pyc"]
    whole = build.read_whole(tmp_path / "a.zip")
    assert (tmp_path / build.rest_name("a.zip")).name == "a-rest.bin"
    assert len(whole) == sizes["whole"] and whole[:build.central_directory_offset(part)] == \
        part[:build.central_directory_offset(part)]
    with zipfile.ZipFile(io.BytesIO(whole)) as archive:
        assert archive.namelist()[:2] == ["m1.pyc", "m4.pyc"] and archive.testzip() is None
        assert {n: archive.read(n) for n in archive.namelist()} == members
        # every first member lies before the rest begins: read from the first part alone
        offsets = {i.filename: i.header_offset for i in archive.infolist()}
        assert max(offsets["m1.pyc"], offsets["m4.pyc"]) < build.central_directory_offset(part) <= \
            min(v for k, v in offsets.items() if k not in ("m1.pyc", "m4.pyc"))


def test_the_start_modules_are_those_that_import_pyscript_and_what_imports_them():
    sources = {"s": ("", True), "s.page": ("from pyscript import window\nfrom . import app\n", False),
               "s.app": ("import s.util\nfrom pyscript import document\n", False),
               "s.util": ("", False), "s.boot": ("from s.page import x\n", False)}
    assert build.start_modules(sources) == {"s.page", "s.app", "s.boot"}
    assert build.start_modules(build.app_sources()) == {"shell.app", "shell.page"}


def test_later_modules_match_the_patterns_each_after_what_it_imports():
    sources = {"g": ("", True), "g.bots": ("from . import search\n", True),
               "g.bots.search": ("from .table import T\nimport g.rules\n", False),
               "g.bots.table": ("T = 1\n", False), "g.rules": ("", False), "g.help": ("", False)}
    assert build.later_modules(sources, ("g.bots", "g.bots.*", "g.help")) == \
        ["g.bots.table", "g.bots.search", "g.bots", "g.help"]


def test_the_real_later_modules_are_each_games_and_no_module_of_the_first_screen():
    """Each pattern of each game's `later_modules` leaves modules out of the start; none of them
    is imported (at the top of a module) by the shell, the kit, the shared rules or a game's
    modules that its saved game opens with."""
    sources = build.app_sources()
    later = build.later_modules(sources)
    for info in GAMES:
        for pattern in info.later_modules:
            assert any(fnmatch.fnmatchcase(n, pattern) for n in later), (info.id, pattern)
    assert [n for n in later if n.rsplit(".", 1)[-1] in build.SNAPSHOT_SKIP] == []   # training
    roots = {n for n in sources if n.startswith(("shell.", "kit.", "tabletop"))}
    roots |= {m for info in GAMES for m in game_modules(info)}
    assert roots <= set(sources)
    first_screen: set[str] = set()
    while roots:
        name = roots.pop()
        if name not in first_screen:
            first_screen.add(name)
            roots |= build.top_level_imports(name, *sources[name], set(sources))
    assert sorted(first_screen & set(later)) == []


def test_a_heap_over_the_limit_stops_the_build_and_names_the_fix():
    fits = {"heap": build.SNAPSHOT_MAX_HEAP, "brk": build.SNAPSHOT_MAX_HEAP - 4 * 2**20}
    build.check_snapshot_heap(fits)
    for over in ({**fits, "heap": build.SNAPSHOT_MAX_HEAP + 65536}, {**fits, "brk": build.SNAPSHOT_MAX_HEAP + 1}):
        with pytest.raises(build.BuildError, match="later_modules"):
            build.check_snapshot_heap(over)


def test_the_snapshot_line_reports_the_headroom():
    report = {"modules": 250, "heap": build.SNAPSHOT_MAX_HEAP, "brk": 25 * 2**20, "later": ["a", "b"],
              "later_cost": 2**20, "kept": ["k"], "skipped": {"shell.app": "no pyscript"},
              "later_compiled": ["argparse"]}
    line = build.snapshot_line(report, 6_400_000)
    assert "heap break 25.00 MiB of 30: headroom 5.00 MiB (goal >= 4); " in line
    short = build.snapshot_line({**report, "brk": 26.5 * 2**20}, 6_400_000)
    assert "headroom 3.50 MiB (goal >= 4 BELOW THE GOAL)" in short
    assert "6.40 MB packed" in line and "2 modules imported after ready (+1.00 MiB)" in line
    assert "kept, imported by the others: k" in line and "not imported: shell.app" in line
    assert "add to STDLIB_PRECOMPILED: argparse" in line


def test_the_real_snapshot_fits_with_room_to_grow(tmp_path):
    """The snapshot the build makes (cached in build/snapshot/ when built already): the wasm
    memory never grew past Pyodide's initial 30 MiB, the heap's break leaves the headroom goal
    (4 MiB, for the languages and the features to come), and what it left out is the later list
    (but what its modules import)."""
    dist = tmp_path / "dist"
    build.copy_web(dist)
    build.write_app_archive(dist)
    build.vendor_runtime(dist)
    dropped = build.trim_stdlib(dist)["dropped"]
    build.precompile_stdlib(dist)
    build.split_archives(dist)
    report = build.make_snapshot(dist, dropped)
    assert report["heap"] == build.SNAPSHOT_MAX_HEAP
    headroom = (build.SNAPSHOT_MAX_HEAP - report["brk"]) / 2**20
    assert report["brk"] > 20 * 2**20         # bare Pyodide's heap alone is about 23 MiB
    goal = build.SNAPSHOT_HEADROOM_GOAL / 2**20
    assert headroom >= goal, (f"{headroom:.2f} MiB left, under the goal of {goal:.0f}: leave more "
                              "out of it (a game's GameInfo.later_modules), or import less at the top of its modules")
    later = build.later_modules(build.app_sources())
    assert set(report["kept"]) < set(later) and len(report["kept"]) <= 2
    assert report["later"] == [name for name in later if name not in report["kept"]]
    assert report["later_cost"] >= 0          # (0 when they fit in the free top of the heap)
    assert report["later_compiled"] == []     # each later import, one task in the page, compiles nothing
    # the home screen's boards: one a player count of each game that draws one
    assert report["previews"] >= max(info.max_players - info.min_players + 1 for info in GAMES)
    assert f"headroom {(build.SNAPSHOT_MAX_HEAP - report['brk']) / 2**20:.2f} MiB" in \
        build.snapshot_line(report, (dist / build.SNAPSHOT_NAME).stat().st_size)


def test_build_py_is_the_entry_point_and_its_jobs_modules_stay_small():
    """build.py holds the commands; each job is a module of builder/ of about 600 lines at most."""
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines())
             for p in sorted((ROOT / "builder").glob("*.py"))}
    assert {"snapshot.py", "site.py", "server.py", "stdlib.py", "serviceworker.py"} <= set(sizes)
    assert max(sizes.values()) <= 600, sizes
    assert len((ROOT / "build.py").read_text(encoding="utf-8").splitlines()) <= 600
    assert set(build.COMMANDS) == {"build", "serve", "test", "bench", "clean"}


def test_the_skeletons_marks_are_filled_as_html_in_the_page_and_as_text_in_the_manifest(tmp_path):
    (tmp_path / "index.html").write_text('<title><!--site:title--></title><p><!--site:intro--></p>')
    (tmp_path / "manifest.webmanifest").write_text('{"name": "<!--site:title-->"}')
    build.write_site_texts(tmp_path, {"title": "A &amp; B", "intro": "<b>x</b>"})
    assert (tmp_path / "index.html").read_text() == "<title>A &amp; B</title><p><b>x</b></p>"
    assert json.loads((tmp_path / "manifest.webmanifest").read_text()) == {"name": "A & B"}
    (tmp_path / "index.html").write_text("<!--site:nope-->")
    with pytest.raises(build.BuildError, match="nope"):
        build.write_site_texts(tmp_path, {"title": "t"})


def test_bench_takes_warm_ratios_from_the_medians_of_interleaved_samples():
    """One sample of bare Pyodide's warm start swung 3-8 s between runs under load: a run's warm
    ratio is the median of the page's interleaved warm reloads over the median of bare's, the
    offline one over the same median of bare's; cold stays one sample against one."""
    from bench_report import run_ratio, summarise
    run = {"warm": {"ready_ms": 900}, "offline": {"ready_ms": 600}, "cold": {"ready_ms": 2000},
           "bare": {"warm": {"ready_ms": 8000}, "cold": {"ready_ms": 10000}},
           "warm_samples": {"bare": [4000, 3000, 9000, 3500, 3200], "page": [800, 700, 2500, 750, 790]}}
    assert run_ratio(run, "warm", "warm") == 790 / 3500
    assert run_ratio(run, "offline", "warm") == 600 / 3500
    assert run_ratio(run, "cold", "cold") == 2000 / 10000
    assert summarise([{**run, "clicks": None, "floor": run["bare"],
                             **{k: {**run[k], "skeleton_ms": 1, "board_ms": 1, "wall_ms": 1,
                                    "longest_task_ms": 0, "snapshot": "restored"}
                                for k in ("warm", "offline", "cold")}}])["warm"]["ratio_to_bare"]["median"] == 0.23
