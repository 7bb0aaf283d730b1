// The page's boot guard: a tiny classic script that runs before any of Python's runtime.
//
// 1. Feature tests: a browser that lacks what PyScript and Pyodide need is told so in words
//    within a moment (nothing else is fetched), instead of an endless spinner.
// 2. Otherwise it starts the runtime's downloads (preload hints made here, so an unsupported
//    browser fetches nothing) and loads PyScript once the document is parsed.
// 3. It watches the boot: a failure before the page is ready (a file that does not load, an
//    error in Python) is told in words with a Retry button. A boot that is merely slow (not
//    ready within BOOT_SLOW_MS, as on an old tablet's first visit) is told "still starting…"
//    and goes on, with Retry offered in case it is stuck; it is never declared a failure.
// 4. A tap on the page before it is ready is answered with "Starting…".
//
// Written in ES5 on purpose: it must run (and explain) in old browsers too.
(function () {
  "use strict";
  // A test may shorten it (window.__mpBootSlowMs, set before this script runs).
  var BOOT_SLOW_MS = window.__mpBootSlowMs || 30000;
  var MINIMUM = "Safari 16.4, Chrome 98, Edge 98 or Firefox 100 (browsers from 2023 on)";
  // The memory snapshot, as the service worker keeps it (sw.js.in unpacks snapshot.bin.gz
  // beside itself) in its caches, named machu-picchu-<hash>: Retry deletes that entry (and
  // nothing else: a Retry offline still boots, the plain way, from the other files).
  var CACHE_PREFIX = "machu-picchu-";
  var SNAPSHOT_FILE = "snapshot.bin";
  var SNAPSHOT_WORKER = "./boot/snapshot-worker.mjs";    // a first visit's (startSnapshotWorker)
  var NO_SNAPSHOT = "machu-picchu:boot:no-snapshot";     // sessionStorage: boot plain in this tab
  var root = document.documentElement;

  // --- 1. what the runtime needs ---------------------------------------------------------
  // Smallest modules using a WebAssembly feature the interpreter needs.
  var WASM_EXCEPTIONS = [0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0,
    13, 3, 1, 0, 0, 10, 8, 1, 6, 0, 6, 64, 25, 11, 11];       // a tag, try ... catch_all
  var WASM_I64_EXPORT = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 126, 3, 2, 1, 0,
    7, 5, 1, 1, 102, 0, 0, 10, 6, 1, 4, 0, 66, 0, 11];       // f() -> i64 (a BigInt in JS)

  function missingFeatures() {
    var missing = [];
    function need(name, test) {
      var ok = false;
      try { ok = !!test(); } catch (e) { ok = false; }
      if (!ok) missing.push(name);
    }
    need("WebAssembly", function () {
      return typeof WebAssembly === "object" && typeof WebAssembly.instantiate === "function";
    });
    need("WebAssembly exception handling", function () {
      return WebAssembly.validate(new Uint8Array(WASM_EXCEPTIONS));
    });
    need("WebAssembly BigInt integration", function () {
      var module = new WebAssembly.Module(new Uint8Array(WASM_I64_EXPORT));
      return typeof new WebAssembly.Instance(module).exports.f() === "bigint";
    });
    need("JavaScript modules", function () { return "noModule" in document.createElement("script"); });
    // Pyodide's own code uses class static blocks (Safari 16.4) and logical assignment.
    need("class static blocks", function () { return new Function("class A { static { this.a = 1; } } return A.a === 1;")(); });
    need("logical assignment", function () { return new Function("var a = null; a ??= 1; a ||= 2; a &&= 3; return a === 3;")(); });
    need("structuredClone", function () { return typeof structuredClone === "function"; });
    need("WeakRef", function () { return typeof WeakRef === "function" && typeof FinalizationRegistry === "function"; });
    need("Array.prototype.at", function () { return [1, 2].at(-1) === 2; });
    need("Object.hasOwn", function () { return Object.hasOwn({ a: 1 }, "a"); });
    return missing;
  }

  // --- what the player sees ----------------------------------------------------------------
  function onDocument(callback) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", callback);
    else callback();
  }

  // The note where the skeleton says "Loading the game…" (or a new one on top of the page).
  function noteElement() {
    var note = document.getElementById("loading");
    if (!note) {
      note = document.createElement("p");
      note.id = "loading";
      note.className = "loading-note";
      var app = document.getElementById("app") || document.body;
      app.insertBefore(note, app.firstChild);
    }
    return note;
  }

  function retryButton() {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    button.id = "boot-retry";
    button.textContent = "Retry";
    button.addEventListener("click", function () {
      button.disabled = true;
      dropSnapshot().then(function () { location.reload(); });
    });
    return button;
  }

  function showProblem(kind, text, retry) {
    onDocument(function () {
      root.removeAttribute("data-boot-slow");
      root.setAttribute("data-boot-failed", kind);
      var note = noteElement();
      note.className = "loading-note boot-problem";
      note.setAttribute("role", "alert");
      note.textContent = text;
      if (retry) {
        note.appendChild(document.createTextNode(" "));
        note.appendChild(retryButton());
      }
      var status = document.getElementById("status");
      if (status) status.textContent = kind === "unsupported" ? "This browser cannot run the game." : "The game could not start.";
    });
  }

  // A slow start: said so, and the boot goes on (Retry only if the player thinks it stuck).
  function showSlow() {
    onDocument(function () {
      root.setAttribute("data-boot-slow", "1");
      var note = noteElement();
      note.setAttribute("role", "status");
      note.textContent = " Still starting… this device takes longer than usual; the game " +
        "will open by itself. If nothing changes for a few minutes: ";
      var spinner = document.createElement("span");
      spinner.className = "spinner";
      note.insertBefore(spinner, note.firstChild);
      note.appendChild(retryButton());
    });
  }

  // Deletes the memory snapshot from every cache of the page's service worker: a snapshot that
  // breaks the start must not be restored again (boot/pyodide-boot.mjs calls it too, through
  // window.__mpBoot), and this tab boots the plain way from now on.
  function dropSnapshot() {
    try { sessionStorage.setItem(NO_SNAPSHOT, "1"); } catch (e) { /* private mode: nothing kept */ }
    if (typeof caches !== "object" || !caches) return Promise.resolve();
    var url = new URL(SNAPSHOT_FILE, location.href).href;
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n.indexOf(CACHE_PREFIX) === 0; })
        .map(function (n) { return caches.open(n).then(function (cache) { return cache["delete"](url); }); }));
    })["catch"](function () {});
  }

  // What the boot module (boot/pyodide-boot.mjs, which PyScript loads after this script) reads
  // of the snapshot: whether this tab refuses it (after a failed restore or a Retry:
  // sessionStorage NO_SNAPSHOT, set by dropSnapshot), the snapshot a first visit makes, and
  // dropSnapshot itself.
  var boot = window.__mpBoot = { snapshotRefused: false, made: null, cached: null,
    dropSnapshot: dropSnapshot };
  try { boot.snapshotRefused = !!sessionStorage.getItem(NO_SNAPSHOT); } catch (e) { /* none kept */ }

  // A start the service worker controls: its snapshot is read from Cache Storage now, while
  // PyScript loads, not once PyScript calls the boot module (31 MB: 60-150 ms of a warm start
  // measured). boot.cached: a promise of the bytes, or of null if the caches hold none.
  boot.cached = readCachedSnapshot();
  function readCachedSnapshot() {
    var controlled = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!controlled || boot.snapshotRefused || typeof caches !== "object" || !caches) return null;
    var read = caches.match(new URL(SNAPSHOT_FILE, location.href).href).then(function (hit) {
      return hit ? hit.arrayBuffer() : null;
    }).then(function (bytes) { return bytes ? new Uint8Array(bytes) : null; });
    read["catch"](function () {});    // the boot module awaits it and says what went wrong
    return read;
  }

  // A first visit (no service worker controls the page yet, so its caches hold no snapshot):
  // a module worker (boot/snapshot-worker.mjs) starts Pyodide the plain way off the main
  // thread, imports the game as the build's snapshot does and posts its memory snapshot, which
  // the boot module restores: even this start skips initialising CPython on the main thread
  // (one long frozen task). The worker fetches the runtime's files first; the page then finds
  // them in the HTTP cache. boot.made: a promise of the snapshot's bytes, or null if the worker
  // could not make one (the boot module then starts the plain way).
  function startSnapshotWorker() {
    var controlled = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (controlled || boot.snapshotRefused || typeof Worker !== "function") return false;
    var worker;
    try {
      worker = new Worker(SNAPSHOT_WORKER, { type: "module" });
    } catch (e) {
      return false;
    }
    boot.made = new Promise(function (resolve) {
      function done(bytes, why) {
        if (why) console.warn("the first visit's memory snapshot was not made:", why);
        worker.terminate();
        resolve(bytes);
      }
      worker.onmessage = function (event) {
        var data = event.data || {};
        done(data.snapshot || null, data.snapshot ? null : data.error || "no snapshot posted");
      };
      worker.onerror = function (event) {
        if (event && event.preventDefault) event.preventDefault();   // told here, not as a page error
        done(null, (event && event.message) || "the worker failed to start");
      };
    });
    return true;
  }

  var missing = missingFeatures();
  if (missing.length) {
    showProblem("unsupported",
      "This game needs a newer browser: " + MINIMUM + ". This one lacks: " + missing.join(", ") + ".",
      false);
    return;
  }

  // --- 2. start the runtime ------------------------------------------------------------------
  // Each hint matches how the file is really fetched (so no engine fetches it twice):
  // PyScript import()s core.js and our boot/pyodide-boot.mjs, which imports pyodide.mjs, which
  // import()s pyodide.asm.mjs; the
  // other files come from a plain fetch() (CORS mode, same-origin credentials).
  var HINTS = [
    ["modulepreload", "./vendor/pyscript/core.js"],
    ["modulepreload", "./vendor/pyodide/pyodide.mjs", "runtime"],
    ["modulepreload", "./vendor/pyodide/pyodide.asm.mjs", "runtime"],
    ["modulepreload", "./boot/pyodide-boot.mjs"],
    ["preload", "./vendor/pyodide/pyodide.asm.wasm", "runtime"],
    ["preload", "./vendor/pyodide/python_stdlib.zip", "runtime"],
    ["preload", "./vendor/pyodide/pyodide-lock.json", "runtime"],
    ["preload", "./pyscript.json"],
    ["preload", "./app.zip", "runtime"]
  ];
  // WebKit (Safari, and every browser on iOS) never hands an `as=fetch` preload to a fetch():
  // there each such hint was a second download of the same file (tests/web/test_engines.py).
  // The "runtime" files are fetched first by a first visit's snapshot worker, and a document's
  // hint does not serve a worker: the page finds them in the HTTP cache instead.
  var ua = navigator.userAgent;
  var workerFetches = startSnapshotWorker();
  var fetchPreloadsUsed = !(/AppleWebKit\//.test(ua) && !/Chrome\//.test(ua));
  for (var i = 0; i < HINTS.length; i++) {
    if (HINTS[i][0] === "preload" && !fetchPreloadsUsed) continue;
    if (HINTS[i][2] === "runtime" && workerFetches) continue;
    var link = document.createElement("link");
    link.rel = HINTS[i][0];
    link.href = HINTS[i][1];
    if (HINTS[i][0] === "preload") {
      link.as = "fetch";
      link.crossOrigin = "anonymous";
    }
    document.head.appendChild(link);
  }

  var ready = false, failed = false, slow = false;
  function fail(reason) {
    if (ready || failed) return;
    failed = true;
    showProblem("error", "The game could not start (" + reason + "). " +
      "Check the connection, then try again.", true);
  }

  // Loaded once the document is parsed: PyScript looks for the page's <script type="py">
  // when it starts, and the page's Python is the last element of the body.
  onDocument(function () {
    var script = document.createElement("script");
    script.type = "module";
    script.src = "./vendor/pyscript/core.js";
    script.addEventListener("error", function () { fail("PyScript did not load"); });
    document.head.appendChild(script);
  });

  // --- 3. watch the boot -----------------------------------------------------------------------
  var timer = setTimeout(function () {
    if (ready || failed) return;
    slow = true;
    showSlow();
  }, BOOT_SLOW_MS);
  addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && (target.tagName === "SCRIPT" || target.tagName === "LINK") &&
        target.rel !== "preload" && target.rel !== "modulepreload") {
      fail("a file did not load: " + (target.src || target.href));
    } else if (target === window || !target) {
      fail(String(event.message || "a script error"));
    }
  }, true);
  addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    fail(String((reason && reason.message) || reason || "an error").split("\n")[0].slice(0, 200));
  });
  onDocument(function () {
    var observer = new MutationObserver(function () {
      if (document.body.hasAttribute("data-app-ready")) {
        ready = true;
        clearTimeout(timer);
        observer.disconnect();
        document.removeEventListener("click", tapWhileStarting, true);
        root.removeAttribute("data-boot-slow");
        if (failed) {            // a boot that finished after all: the message goes
          root.removeAttribute("data-boot-failed");
        }
      } else if (document.querySelector(".py-error")) {
        fail("an error in the game's Python");
      }
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-app-ready"], childList: true });
  });

  // --- 4. a tap before the game is ready ---------------------------------------------------------
  function tapWhileStarting(event) {
    if (ready || failed || slow) return;   // the note already says more (and holds Retry)
    var note = document.getElementById("loading");
    if (note) {
      note.setAttribute("data-tapped", "1");
      var spinner = document.createElement("span");
      spinner.className = "spinner";
      note.textContent = " Starting… the game will be ready in a moment.";
      note.insertBefore(spinner, note.firstChild);
    }
  }
  document.addEventListener("click", tapWhileStarting, true);
})();
