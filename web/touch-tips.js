// Tooltips for touch screens. A mouse shows the board's <title> and the buttons' title
// attributes on hover; a finger cannot hover, so a long press (half a second, without moving)
// shows the same text in a bubble above the finger, and the tap that ends it does nothing else.
// Pure presentation: it reads the page's own tooltip texts and never calls into Python.
(() => {
  const HOLD_MS = 500;         // how long a press must last to count as "show me"
  const SLOP_PX = 10;          // a finger that moves farther is scrolling, not pressing
  const SHOW_MS = 4000;        // how long the bubble stays up after the finger lifts
  let timer = 0, hideTimer = 0, start = null, shownAt = 0;

  const tipText = (node) => {
    for (let el = node; el && el !== document.body; el = el.parentNode) {
      if (el.nodeType !== 1) continue;
      const own = el.getAttribute("title");
      if (own) return own;
      const svgTitle = Array.from(el.children || []).find((c) => c.tagName.toLowerCase() === "title");
      if (svgTitle && svgTitle.textContent.trim()) return svgTitle.textContent.trim();
    }
    return null;
  };

  const bubble = () => {
    let el = document.getElementById("touch-tip");
    if (!el) {
      el = document.createElement("div");
      el.id = "touch-tip";
      el.className = "touch-tip";
      el.setAttribute("role", "tooltip");
      document.body.appendChild(el);
    }
    return el;
  };

  let focusTip = false;        // the bubble says what the keyboard's focus is described by
  const hide = () => { clearTimeout(hideTimer); focusTip = false; const el = document.getElementById("touch-tip"); if (el) el.hidden = true; };

  // `pressed`: shown by a long press (the tap that ends it does nothing else)
  const show = (text, x, y, pressed = true) => {
    const el = bubble();
    el.textContent = text;          // text, never markup
    el.hidden = false;
    const w = el.offsetWidth, h = el.offsetHeight;
    el.style.left = Math.max(4, Math.min(innerWidth - w - 4, x - w / 2)) + "px";
    el.style.top = Math.max(4, y - h - 28) + "px";
    if (pressed) shownAt = performance.now();
    focusTip = false;
  };

  addEventListener("pointerdown", (e) => {
    hide();
    shownAt = 0;
    if (e.pointerType !== "touch") return;
    const text = tipText(e.target);
    if (!text) return;
    start = { x: e.clientX, y: e.clientY };
    clearTimeout(timer);
    timer = setTimeout(() => show(text, start.x, start.y), HOLD_MS);
  }, { passive: true });

  addEventListener("pointermove", (e) => {
    if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > SLOP_PX) { clearTimeout(timer); start = null; }
  }, { passive: true });

  const release = () => {
    clearTimeout(timer);
    start = null;
    if (shownAt) { clearTimeout(hideTimer); hideTimer = setTimeout(hide, SHOW_MS); }
  };
  addEventListener("pointerup", release, { passive: true });
  addEventListener("pointercancel", release, { passive: true });

  // The tap that ends a long press only closed the bubble: keep it from acting on the board.
  addEventListener("click", (e) => {
    if (shownAt && performance.now() - shownAt < SHOW_MS) { e.stopPropagation(); e.preventDefault(); }
    shownAt = 0;
  }, { capture: true });
  // The keyboard's focus on a control described by words drawn elsewhere (a district of the
  // board by the goods marks beside it: aria-describedby) shows those words in the bubble too.
  addEventListener("focusin", (e) => {
    const el = e.target;
    if (!(el instanceof Element) || !el.matches(":focus-visible")) return;
    const words = (el.getAttribute("aria-describedby") || "").split(/\s+/)
      .map((id) => id && document.getElementById(id)).filter(Boolean)
      .map((node) => node.textContent.trim()).filter(Boolean);
    if (!words.length) return;
    const box = el.getBoundingClientRect();
    show(words.join(" · "), (box.left + box.right) / 2, box.top + 20, false);
    focusTip = true;
  });
  addEventListener("focusout", () => { if (focusTip) hide(); });   // a long press's stays
  // A long press shows the bubble, not the browser's context menu.
  addEventListener("contextmenu", (e) => { if (start || shownAt) e.preventDefault(); });
})();
