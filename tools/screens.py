"""Screenshots of the page's screens at the five sizes, and their comparison pixel by pixel: for a
change that must not change the look (a stylesheet moved, a module split).

    .venv/bin/python tools/screens.py shoot DIST OUT     # DIST: a built site (python3 build.py build)
    .venv/bin/python tools/screens.py compare OUT_A OUT_B

`shoot` draws, at 1024x768, 768x1024, 390x844, 1366x768 and 1920x1080, the loading page as the
build wrote it (no script run), the home (each game chosen), a game of each at the person's first
decision (and with a hint shown) and the end screen of a game of bots, every one from a fixed seed at the Instant pace.
`compare` says, for each picture, identical or how many pixels differ and where, and writes a
picture of the differences (red) beside OUT_B; its exit status is 1 when any differs.
"""
from __future__ import annotations

import base64
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from webharness import build, launch_chromium, wait_ready  # noqa: E402

SIZES = [(1024, 768), (768, 1024), (390, 844), (1366, 768), (1920, 1080)]
LONG_MS = 240_000


def _settle(page, scripts: bool) -> None:
    """Two animation frames: the layout of a new viewport size is done (without scripts, whose
    frames never come, a while)."""
    if scripts:
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    else:
        page.wait_for_timeout(300)


def _shoot_sizes(page, out: Path, scene: str, scripts: bool = True) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        _settle(page, scripts)
        page.screenshot(path=str(out / f"{scene}-{width}x{height}.png"), full_page=True,
                        animations="disabled", caret="hide")


def _form(page, seats, seed, game=None) -> None:
    if game:
        page.click(f'#home [data-act="choose-game"][data-v="{game}"]')
        page.wait_for_selector(f'body[data-home-game="{game}"]', state="attached")
    page.select_option('#home select[data-field="players"]', str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        page.select_option(f'#home select[data-field="type"][data-seat="{i}"]', kind)
        page.fill(f'#home input[data-field="name"][data-seat="{i}"]', name)
    page.select_option('#home select[data-field="pace"]', "instant")
    page.evaluate("document.querySelectorAll('#home details.more').forEach(d => d.open = true)")
    page.fill('#home input[data-field="seed"]', str(seed))
    page.click('#home [data-act="start"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")


GAMES = {   # scene -> (game chosen on the home or None for the first, seats, seed, what to wait for)
    "mp-game": (None, [("Ann", "human"), ("Rand", "bot:random")], 5,
                'body[data-decision][data-viewer="0"]:not([data-thinking="1"])'),
    "ig-game": ("incan-gold", [("Ann", "human"), ("Rand", "bot:random"), ("Easy", "bot:random")], 7,
                'body[data-decision][data-viewer="0"]:not([data-revealing])'),
    "mp-end": (None, [("Rand A", "bot:random"), ("Rand B", "bot:random")], 3, "body[data-over]"),
    "ig-end": ("incan-gold", [("Rand A", "bot:random"), ("Rand B", "bot:random"),
                              ("Rand C", "bot:random")], 3, "body[data-over]"),
}


def shoot(dist: Path, out: Path) -> None:
    from playwright.sync_api import sync_playwright
    out.mkdir(parents=True, exist_ok=True)
    server = build.StaticServer(dist).start()
    driver = sync_playwright().start()
    browser = launch_chromium(driver)
    try:
        first = (SIZES[0][0], SIZES[0][1])
        ctx = browser.new_context(java_script_enabled=False,
                                  viewport={"width": first[0], "height": first[1]})
        page = ctx.new_page()
        page.goto(server.url)
        _shoot_sizes(page, out, "loading", scripts=False)
        ctx.close()

        def fresh():
            ctx = browser.new_context(viewport={"width": first[0], "height": first[1]})
            page = ctx.new_page()
            page.goto(server.url)
            wait_ready(page)
            page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
            return ctx, page

        ctx, page = fresh()
        _shoot_sizes(page, out, "home-mp")
        page.click('#home [data-act="choose-game"][data-v="incan-gold"]')
        page.wait_for_selector('body[data-home-game="incan-gold"]', state="attached")
        _shoot_sizes(page, out, "home-ig")
        ctx.close()
        for scene, (game, seats, seed, ready) in GAMES.items():
            ctx, page = fresh()
            _form(page, seats, seed, game)
            page.wait_for_selector(ready, state="attached", timeout=LONG_MS)
            _shoot_sizes(page, out, scene)
            if scene.endswith("-game"):          # and the hint shown under the decision
                page.set_viewport_size({"width": first[0], "height": first[1]})
                page.click('#controls [data-act="hint"]')
                page.wait_for_selector("#controls .hint.shown", timeout=LONG_MS)
                _shoot_sizes(page, out, scene + "-hint")
            ctx.close()
            print(f"   {scene}: shot", flush=True)
    finally:
        browser.close()
        driver.stop()
        server.stop()


DIFF_JS = """async ([a, b]) => {
  const load = (src) => new Promise((ok, bad) => { const i = new Image(); i.onload = () => ok(i);
                                                   i.onerror = bad; i.src = src; });
  const [ia, ib] = [await load(a), await load(b)];
  const w = Math.max(ia.width, ib.width), h = Math.max(ia.height, ib.height);
  const pixels = (img) => { const c = new OffscreenCanvas(w, h); const x = c.getContext('2d');
                            x.drawImage(img, 0, 0); return x.getImageData(0, 0, w, h); };
  const [pa, pb] = [pixels(ia), pixels(ib)];
  const c = new OffscreenCanvas(w, h); const x = c.getContext('2d'); const d = x.createImageData(w, h);
  let n = 0, box = [w, h, -1, -1];
  for (let i = 0; i < pa.data.length; i += 4) {
    const same = pa.data[i] === pb.data[i] && pa.data[i + 1] === pb.data[i + 1]
                 && pa.data[i + 2] === pb.data[i + 2] && pa.data[i + 3] === pb.data[i + 3];
    const p = i / 4, px = p % w, py = Math.floor(p / w);
    if (!same) { n++; box = [Math.min(box[0], px), Math.min(box[1], py), Math.max(box[2], px), Math.max(box[3], py)];
                 d.data[i] = 255; d.data[i + 3] = 255; }
    else { const g = (pb.data[i] + pb.data[i + 1] + pb.data[i + 2]) / 3; d.data[i] = d.data[i + 1] = d.data[i + 2] = g;
           d.data[i + 3] = 60; }
  }
  x.putImageData(d, 0, 0);
  const blob = await c.convertToBlob();
  const png = n ? await new Promise((ok) => { const r = new FileReader();
                                             r.onload = () => ok(r.result.split(',')[1]);
                                             r.readAsDataURL(blob); }) : '';
  return {n, box, sizes: [[ia.width, ia.height], [ib.width, ib.height]], png};
}"""


def compare(a: Path, b: Path) -> int:
    def shots(folder: Path) -> set[str]:
        return {p.name for p in folder.glob("*.png") if not p.name.startswith("diff-")}
    names = sorted(shots(a))
    missing = sorted(shots(b) ^ set(names))
    differing = 0
    browser = driver = None
    for name in names:
        if name in missing:
            continue
        one, two = (a / name).read_bytes(), (b / name).read_bytes()
        if one == two:
            print(f"   identical  {name}")
            continue
        if browser is None:
            from playwright.sync_api import sync_playwright
            driver = sync_playwright().start()
            browser = launch_chromium(driver)
            page = browser.new_page()
        urls = ["data:image/png;base64," + base64.b64encode(x).decode() for x in (one, two)]
        found = page.evaluate(DIFF_JS, urls)
        if not found["n"] and found["sizes"][0] == found["sizes"][1]:
            print(f"   identical  {name} (pixels; the files differ)")
            continue
        differing += 1
        diff = b / f"diff-{name}"
        if found["png"]:
            diff.write_bytes(base64.b64decode(found["png"]))
        print(f"   DIFFERENT  {name}: {found['n']} pixels in {found['box']}, sizes {found['sizes']}"
              f" ({diff})")
    for name in missing:
        differing += 1
        print(f"   MISSING    {name} (in one folder only)")
    if browser is not None:
        browser.close()
        driver.stop()
    print(f"{len(names) - differing} identical, {differing} different")
    return 1 if differing else 0


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "shoot":
        shoot(Path(argv[1]), Path(argv[2]))
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
