"""Touch screens: a long press shows the tooltip a mouse would show on hover (touch-tips.js),
and the tap that ends it does nothing else; a short tap still acts."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from webharness import Watch, wait_ready

PORTRAIT = {"width": 768, "height": 1024}

# Starts a long press on the element's centre, the way a finger does (pointerType "touch").
PRESS = """(el) => {
    const r = el.getBoundingClientRect();
    const at = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
    el.dispatchEvent(new PointerEvent("pointerdown",
        { ...at, pointerType: "touch", isPrimary: true, bubbles: true, composed: true }));
    window.__pressAt = at;
}"""
# Lifts the finger: pointerup, then the click the browser sends after a tap.
RELEASE = """(el) => {
    const at = window.__pressAt;
    el.dispatchEvent(new PointerEvent("pointerup",
        { ...at, pointerType: "touch", isPrimary: true, bubbles: true, composed: true }));
    el.dispatchEvent(new MouseEvent("click", { ...at, bubbles: true, cancelable: true, view: window }));
}"""


@pytest.fixture
def touch_page(browser, server):
    context = browser.new_context(has_touch=True, is_mobile=True, viewport=PORTRAIT)
    watch = Watch(context)
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
    yield page
    assert watch.errors == [] and watch.foreign_requests() == []
    context.close()


def long_press(page, selector: str) -> None:
    element = page.locator(selector).first
    element.evaluate(PRESS)
    expect(page.locator("#touch-tip")).to_be_visible()     # shown after the hold, no sleep
    element.evaluate(RELEASE)


def test_long_press_on_a_district_shows_its_tooltip(touch_page):
    page = touch_page
    district = page.locator("#board [data-district]").first
    title = district.locator(":scope > title").text_content().strip()
    assert title
    long_press(page, "#board [data-district]")
    tip = page.locator("#touch-tip")
    expect(tip).to_have_text(title)
    box = tip.bounding_box()
    assert 0 <= box["x"] and box["x"] + box["width"] <= PORTRAIT["width"]   # inside the screen
    expect(tip).to_have_attribute("role", "tooltip")


def test_long_press_on_a_button_explains_it_without_pressing_it(touch_page):
    page = touch_page
    button = '#nav [data-act="help"]'
    long_press(page, button)
    expect(page.locator("#touch-tip")).to_have_text(page.get_attribute(button, "title"))
    renders = page.get_attribute("body", "data-render-count")
    assert page.locator("#overlay").inner_html().strip() == ""       # the rules did not open
    assert page.get_attribute("body", "data-render-count") == renders

    page.locator(button).tap()                                       # a short tap acts
    expect(page.locator("#overlay")).not_to_be_empty()
    expect(page.locator("#touch-tip")).to_be_hidden()                # the next press hid it
