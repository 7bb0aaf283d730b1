"""Helpers for the game-page browser tests: a host-side plan that reaches every kind of decision,
and the clicks a player makes to take any legal action through the page's controls.

The host runs the same rules engine (src/machu_picchu) as the page, so a seeded game replayed on
the host tells the test what the page must show next.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

import machu_picchu as mp  # noqa: E402

UI_KINDS = frozenset({
    "setup", "move", "travel", "stay", "produce", "sacrifice", "offer", "hire", "acquire",
    "adjust", "buy", "sell", "done", "sunclock", "take", "return", "claim",
})
DECLINE_SUFFIXES = (" 0", " nothing", " nobody")


def ui_kind(prompt_kind: str, text: str) -> str:
    """The kind of control an action goes through ('travel', 'buy', 'produce', ...)."""
    verb = text.split()[0]
    if prompt_kind in ("turn", "market"):
        return verb
    return prompt_kind


def find_plan(players: int = 2, seeds: range = range(120), names=("Ann", "Bea")):
    """(seed, actions): the shortest action list found (over seeded random play that prefers
    kinds not yet seen) after which every kind of decision control has been used."""
    best = None
    for seed in seeds:
        rng = random.Random(seed)
        game = mp.new_game(players=players, seed=seed, names=list(names[:players]))
        seen: set = set()
        actions: list[str] = []
        while not game.is_over and not UI_KINDS <= seen and len(actions) < 300:
            legal = game.legal_actions()
            kind = game.prompt[0]
            fresh = [a for a in legal if ui_kind(kind, a.text) not in seen]
            active = [a for a in legal if not a.text.endswith(DECLINE_SUFFIXES)]
            roll = rng.random()
            pool = fresh if fresh and roll < 0.7 else active if active and roll < 0.94 else legal
            action = rng.choice(pool)
            seen.add(ui_kind(kind, action.text))
            actions.append(action.text)
            game.apply(action)
        if UI_KINDS <= seen and (best is None or len(actions) < len(best[1])):
            best = (seed, actions)
    assert best is not None, "no plan reaches every kind of decision"
    return best


def items(text: str) -> list[str]:
    kind, _, arg = text.partition(" ")
    if kind == "return":
        return arg.split()
    if arg in ("nothing", "nobody", ""):
        return []
    return arg.split("+")


class Player:
    """Takes actions through the page as a person would: taps, +/-, toggles and confirms."""

    def __init__(self, page):
        self.page = page

    def renders(self) -> int:
        return int(self.page.get_attribute("body", "data-render-count") or 0)

    def click(self, selector: str) -> None:
        """Click and wait until the page has rendered the result."""
        before = self.renders()
        self.page.click(selector)
        self.page.wait_for_function(
            f"Number(document.body.dataset.renderCount || 0) > {before}")

    def key(self, selector: str, key: str = "Enter") -> None:
        before = self.renders()
        self.page.focus(selector)
        self.page.keyboard.press(key)
        self.page.wait_for_function(
            f"Number(document.body.dataset.renderCount || 0) > {before}")

    def confirm_idle_move(self) -> None:
        """A move to a district that gives nothing today asks first: go there anyway."""
        confirm = '#controls .decision-turn [data-act="confirm"]'
        if self.page.locator(confirm).count():
            assert "nothing today" in self.page.inner_text("#controls")
            self.click(confirm)

    def take(self, prompt_kind: str, text: str, *, use_chips: bool = False) -> None:
        """Take the legal action `text` for the decision of kind `prompt_kind`."""
        verb, _, arg = text.partition(" ")
        ctl = "#controls"
        if prompt_kind == "setup":
            self.click(f'{ctl} [data-act="apply"][data-v="{text}"]')
        elif prompt_kind == "turn":
            if verb == "stay":
                where = f'{ctl} [data-act="tile"][data-v="{arg}"]' if use_chips else f'#time [data-tile="{arg}"]'
                self.click(where)
            else:
                where = (f'{ctl} [data-act="district"][data-v="{arg}"]' if use_chips
                         else f'#board [data-district="{arg}"]')
                if use_chips and not self.page.is_visible(where):   # chips folded away
                    self.page.click(f"{ctl} details.group summary")
                self.click(where)
                if verb == "travel":
                    assert "1 llama" in self.page.inner_text(ctl)
                    self.click(f'{ctl} [data-act="confirm"]')
                else:
                    self.confirm_idle_move()
        elif prompt_kind in ("produce", "sacrifice"):
            want = int(arg)
            while True:
                have = int(self.page.inner_text(f"{ctl} output.count"))
                if have == want:
                    break
                self.click(f'{ctl} [data-act="{"inc" if have < want else "dec"}"]')
            self.click(f'{ctl} [data-act="confirm"]')
        elif prompt_kind in ("offer", "hire", "take", "claim", "return"):
            for item in items(text):
                self.click(f'{ctl} [data-act="toggle"][data-v="{item}"]')
            self.click(f'{ctl} [data-act="confirm"]')
        elif prompt_kind in ("acquire", "sunclock"):
            if text.endswith((" nothing", " nobody")):
                self.click(f'{ctl} [data-act="apply"][data-v="{text}"]')
            else:
                self.click(f'{ctl} [data-act="pick"][data-v="{text}"]')
                self.click(f'{ctl} [data-act="confirm"]')
        elif prompt_kind == "market":
            self.click(f'{ctl} [data-act="apply"][data-v="{text}"]')
        else:
            raise AssertionError(f"unknown decision {prompt_kind}")


# The top bar's facts ("Day 3/9", "Deck 24", ...) shown whole or not at all: the texts of those
# drawn (at least in part) inside the bar's one-line box but not wholly inside it.
_CUT_FACTS = """() => {
    const box = document.querySelector('#topinfo');
    if (!box || !box.offsetParent) return [];
    const b = box.getBoundingClientRect();
    return [...box.children].filter((f) => {
        const r = f.getBoundingClientRect();
        const shown = r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom;
        const whole = r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
        return shown && !whole;
    }).map((f) => f.textContent.trim());
}"""


def cut_facts(page) -> list[str]:
    """The top bar's facts drawn cut (in part inside its one-line box): none should be."""
    return page.evaluate(_CUT_FACTS)


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def overflowing_regions(page) -> list[str]:
    """Page regions whose content is wider than the region itself (clipped or spilling out)."""
    return page.evaluate("""() => ['#controls .decision', '#players', '#hand', '#end', '#home',
                                   '#time', '#board', '#log']
        .filter((sel) => { const el = document.querySelector(sel);
                           return el && el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1; })""")


# --- the home page's new-game form, as a player fills it ------------------------------------
LANDSCAPE = {"width": 1024, "height": 768}
PORTRAIT = {"width": 768, "height": 1024}


def open_home(app, size=LANDSCAPE):
    app.page.set_viewport_size(size)
    page = app.open()
    page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
    return page


def new_game_from_home(page, seats, *, seed=None, learning=False, pace=None):
    """Fill the new-game form: seats = [(name, 'human' | 'bot:random' ...)]."""
    page.select_option('#home select[data-field="players"]', str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        page.select_option(f'#home select[data-field="type"][data-seat="{i}"]', kind)
        page.fill(f'#home input[data-field="name"][data-seat="{i}"]', name)
    if learning:
        page.check('#home input[data-field="learning"]')
    if pace:
        page.select_option('#home select[data-field="pace"]', pace)
    if seed is not None:
        page.click("#home details.more summary")
        page.fill('#home input[data-field="seed"]', str(seed))
    page.click('#home [data-act="start"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")


def start_incan_gold_from_home(page, seats, *, seed, pace=None, options=()) -> None:
    """On the home screen: choose Incan Gold, fill its form (seats = [(name, 'human' | 'bot:x')],
    options ticked, the pace, the seed) and start; returns once its game screen is up."""
    page.click('#home [data-act="choose-game"][data-v="incan-gold"]')
    page.wait_for_selector('body[data-home-game="incan-gold"]', state="attached")
    page.select_option('#home select[data-field="players"]', str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        page.select_option(f'#home select[data-field="type"][data-seat="{i}"]', kind)
        page.fill(f'#home input[data-field="name"][data-seat="{i}"]', name)
    for option in options:
        page.check(f'#home input[data-field="{option}"]')
    if pace:
        page.select_option('#home select[data-field="pace"]', pace)
    # "more options" opened to type the seed, whether the form kept them open or not (a click
    # on its summary would close them when it had)
    page.evaluate("document.querySelectorAll('#home details.more').forEach(d => d.open = true)")
    page.fill('#home input[data-field="seed"]', str(seed))
    page.click('#home [data-act="start"]')
    page.wait_for_selector('body[data-screen="game"][data-game="incan-gold"]', state="attached")
