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
  // The memory snapshot, as the service worker keeps it (sw.js.in unpacks snapshot.bin.zst
  // beside itself) in its caches, named machu-picchu-<hash>: Retry deletes that entry (and
  // nothing else: a Retry offline still boots, the plain way, from the other files).
  var CACHE_PREFIX = "machu-picchu-";
  var SNAPSHOT_FILE = "snapshot.bin";
  var SNAPSHOT_DOWNLOAD = "./snapshot.bin.zst";          // a first visit's (downloadSnapshot)
  var SNAPSHOT_WORKER = "./boot/snapshot-worker.mjs";    // its fallback (madeSnapshot)
  var NO_SNAPSHOT = "machu-picchu:boot:no-snapshot";     // sessionStorage: boot plain in this tab
  // What a first visit downloads packed (the snapshot, the wasm) is in Zstandard, a third
  // smaller than gzip (builder/compress.py), which DecompressionStream does not offer: the
  // vendored fzstd (pure JavaScript, 8 kB) unpacks it, loaded by this script (decoder()).
  // Packed bytes unpacked per main-thread task: 32 KiB of the snapshot are 0.2 MB unpacked on
  // average (64 KiB took at most 32-108 ms in Chromium, 44-52 in WebKit, 57 in Firefox at load
  // 7, the first slices the longest; fed whole, 0.35-0.45 s).
  var DECODER = "./vendor/fzstd/fzstd.js";
  var UNPACK_SLICE = 32 * 1024;
  var root = document.documentElement;
  // Its words, in the page's language before Python can say which (the same choice as
  // shell/page.py page_language: ?lang=, the stored choice, the browser's languages; English
  // else). <html lang> says it to index.html's first-paint script, which puts the loading
  // page's words in that language from the build's tables; Python words the rest once it starts.
  var WORDS = {
    en: {retry: "Retry", unsupportedStatus: "This browser cannot run the game.",
         errorStatus: "The game could not start.",
         newer: "This game needs a newer browser: {min}. This one lacks: {missing}.",
         error: "The game could not start ({reason}). Check the connection, then try again.",
         slow: " Still starting… this device takes longer than usual; the game will open by itself. If nothing changes for a few minutes: ",
         tapped: " Starting… the game will be ready in a moment.",
         min: "Safari 16.4, Chrome 98, Edge 98 or Firefox 100 (browsers from 2023 on)"},
    fr: {retry: "Réessayer", unsupportedStatus: "Ce navigateur ne peut pas faire tourner le jeu.",
         errorStatus: "Le jeu n’a pas pu démarrer.",
         newer: "Ce jeu demande un navigateur plus récent : {min}. Il manque à celui-ci : {missing}.",
         error: "Le jeu n’a pas pu démarrer ({reason}). Vérifiez la connexion, puis réessayez.",
         slow: " Toujours en cours de démarrage… cet appareil met plus de temps que d’habitude ; le jeu s’ouvrira tout seul. Si rien ne change d’ici quelques minutes : ",
         tapped: " Démarrage… le jeu sera prêt dans un instant.",
         min: "Safari 16.4, Chrome 98, Edge 98 ou Firefox 100 (navigateurs de 2023 et après)"},
    de: {retry: "Erneut versuchen", unsupportedStatus: "Dieser Browser kann das Spiel nicht ausführen.",
         errorStatus: "Das Spiel konnte nicht starten.",
         newer: "Dieses Spiel braucht einen neueren Browser: {min}. Diesem fehlt: {missing}.",
         error: "Das Spiel konnte nicht starten ({reason}). Prüfe die Verbindung und versuche es dann erneut.",
         slow: " Startet noch… dieses Gerät braucht länger als sonst; das Spiel öffnet sich von selbst. Wenn sich ein paar Minuten lang nichts tut: ",
         tapped: " Startet… das Spiel ist gleich bereit.",
         min: "Safari 16.4, Chrome 98, Edge 98 oder Firefox 100 (Browser ab 2023)"}
  };
  var LANG = (function () {
    var wanted = [];
    try { wanted.push(new URLSearchParams(location.search).get("lang")); } catch (e) {}
    try { wanted.push(localStorage.getItem("machu-picchu:lang")); } catch (e) {}
    try { wanted = wanted.concat(navigator.languages || [navigator.language]); } catch (e) {}
    for (var i = 0; i < wanted.length; i++) {
      var tag = String(wanted[i] || "").toLowerCase().split(/[-_]/)[0];
      if (WORDS[tag]) return tag;
    }
    return "en";
  })();
  function say(key, values) {
    return WORDS[LANG][key].replace(/\{(\w+)\}/g, function (_, name) { return values[name]; });
  }
  root.lang = LANG;
  // A returning player's game resumes at start (shell/app.py App.start: the game stored as on
  // screen, shell/storage.py's CURRENT_KEY and GAME_PREFIX): the loading page is then laid out
  // as the game screen (style.css), so that nothing moves when it comes, with that game's frame
  // (html[data-boot-game]: a record without "game" is Machu Picchu's). Not after the player went
  // home (HOME_KEY): a reload shows the home.
  try {
    var current = localStorage.getItem("machu-picchu:current");
    var record = current && localStorage.getItem("machu-picchu:home") === null &&
        localStorage.getItem("machu-picchu:game:" + current);
    if (record) {
      root.setAttribute("data-boot-screen", "game");
      root.setAttribute("data-boot-game", (/"game"\s*:\s*"([a-z-]+)"/.exec(record) || [0, "machu-picchu"])[1]);
      // another game than the one whose board the first screen draws (the build's mark)
      if (root.getAttribute("data-boot-game") !== root.getAttribute("data-first-game"))
        root.setAttribute("data-boot-other-board", "");
    }
  } catch (e) { /* no storage: a first visit's home */ }

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
    button.textContent = say("retry");
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
      if (status) status.textContent = say(kind === "unsupported" ? "unsupportedStatus" : "errorStatus");
    });
  }

  // A slow start: said so, and the boot goes on (Retry only if the player thinks it stuck).
  function showSlow() {
    onDocument(function () {
      root.setAttribute("data-boot-slow", "1");
      var note = noteElement();
      note.setAttribute("role", "status");
      note.textContent = say("slow");
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
  // sessionStorage NO_SNAPSHOT, set by dropSnapshot), the cached one's bytes, a first visit's
  // snapshot, whether its worker started at once (and fetches the runtime's files first), the
  // worker's snapshot, the interpreter's compiled wasm (compiledWasm), when to fetch app.zip
  // (appAfter: once a downloaded snapshot is in), and dropSnapshot itself.
  var boot = window.__mpBoot = { snapshotRefused: false, cached: null, firstVisit: null,
    workerFirst: false, wasm: null, appAfter: null, madeSnapshot: madeSnapshot, dropSnapshot: dropSnapshot };
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

  // A first visit (no service worker controls the page yet, so its caches hold no snapshot)
  // restores a snapshot too, so that even this start skips initialising CPython on the main
  // thread (one frozen task of seconds). boot.firstVisit: a promise of { bytes, from } (from:
  // "download" or "worker"), or of null if neither gave one (the boot module then starts the
  // plain way); the boot module waits for it. Normally the build's snapshot is downloaded
  // beside the runtime (4.8 MB: on a tablet's Wi-Fi a first visit is then 0.4x bare Pyodide's,
  // against 2.3x when its worker makes it) and unpacked as it arrives; the service worker,
  // registered after the start, revalidates it (304) instead of downloading it again. Where the
  // browser says data is to be saved or the connection is slow, and when the download fails,
  // a Web Worker makes the same snapshot from the files the start fetches anyway.
  function firstVisitSnapshot() {
    var controlled = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (controlled || boot.snapshotRefused) return null;
    if (spareTheNetwork() || !streamsBodies()) return madeSnapshot();
    return downloadSnapshot().then(function (got) { return got || madeSnapshot(); });
  }

  // The browser says data is to be saved, or the connection is slow (Network Information API,
  // where the browser has it: Chromium; Safari and Firefox say nothing).
  function spareTheNetwork() {
    var connection = navigator.connection;
    if (!connection) return false;
    return !!connection.saveData || /^(slow-2g|2g|3g)$/.test(String(connection.effectiveType || ""));
  }

  // A task boundary for a loop of many steps (a message is not clamped to 4 ms as nested
  // timers are): the page paints and answers input between them.
  function nextMessage() {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function () {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }

  // The build's snapshot: a promise of { bytes, from: "download" }, or of null if the download
  // failed (a network error, an HTTP error, bytes that do not unpack, the decoder not loaded:
  // said on the console).
  // boot.appAfter: a promise resolved once its bytes have all arrived (or the download failed):
  // the boot module fetches app.zip then (see downloadsApp).
  function downloadSnapshot() {
    var arrived;
    boot.appAfter = new Promise(function (resolve) { arrived = resolve; });
    decoder();                           // loaded while the first bytes come
    return fetch(SNAPSHOT_DOWNLOAD).then(function (response) {
      if (!response.ok || !response.body) throw new Error("HTTP " + response.status);
      performance.mark("boot:snapshot-response");
      return unpacked(watched(response.body.getReader(), arrived));
    }).then(function (bytes) {
      performance.mark("boot:snapshot-unpacked");
      return { bytes: bytes, from: "download" };
    }, function (error) {
      arrived();
      console.warn("the memory snapshot's download failed, a worker makes it:", error);
      return null;
    });
  }

  // A reader that calls `ended` once its stream has ended or failed.
  function watched(reader, ended) {
    return {
      read: function () {
        return reader.read().then(function (result) {
          if (result.done) ended();
          return result;
        }, function (error) {
          ended();
          throw error;
        });
      },
      cancel: function (why) {
        ended();
        return reader.cancel(why);
      }
    };
  }

  // Whether a fetch's body can be read as it arrives (every browser the page runs in).
  function streamsBodies() {
    return typeof ReadableStream === "function" && "body" in Response.prototype;
  }

  // A promise of fzstd (DECODER, a classic script that sets window.fzstd), loaded once, at the
  // first call; rejected if it does not load.
  var decoding = null;
  function decoder() {
    if (decoding) return decoding;
    decoding = new Promise(function (resolve, reject) {
      if (window.fzstd) return resolve(window.fzstd);
      var script = document.createElement("script");
      script.src = DECODER;
      script.onload = function () {
        if (window.fzstd) resolve(window.fzstd);
        else reject(new Error(DECODER + " did not define fzstd"));
      };
      script.onerror = function () { reject(new Error(DECODER + " did not load")); };
      document.head.appendChild(script);
    });
    decoding["catch"](function () {});     // each user says it
    return decoding;
  }

  // A packed body's bytes, unpacked as they arrive (unpackStream), in one array.
  function unpacked(input) {
    return unpackStream(input).then(function (stream) {
      var reader = stream.getReader(), parts = [], size = 0;
      return (function collect() {
        return reader.read().then(function (result) {
          if (result.done) return null;
          parts.push(result.value);
          size += result.value.length;
          return collect();
        });
      })().then(function () {
        var bytes = new Uint8Array(size), at = 0;
        for (var i = 0; i < parts.length; i++) {
          bytes.set(parts[i], at);
          at += parts[i].length;
        }
        return bytes;
      });
    });
  }

  // A promise of a stream of a Zstandard body's bytes (`input`: its reader) unpacked as they
  // arrive, UNPACK_SLICE packed bytes a task (fzstd's streaming decoder). Bytes that are no
  // Zstandard pass as they are: a server that adds Content-Encoding: zstd for .zst files sends
  // them unpacked already.
  function unpackStream(input) {
    return Promise.all([input.read(), decoder()]).then(function (got) {
      var head = got[0], fzstd = got[1], first = head.value;
      var packed = !head.done && first.length >= 4 && first[0] === 0x28 && first[1] === 0xb5 &&
          first[2] === 0x2f && first[3] === 0xfd;
      return new ReadableStream({
        start: function (controller) {
          if (!packed) {
            if (head.done) controller.close();
            else controller.enqueue(first);
            return;
          }
          var unpack = new fzstd.Decompress(function (data) {
            if (data.length) controller.enqueue(data);
          });
          var since = 0;
          function feed(chunk, at) {        // chunk[at:] into the decoder, a slice a task
            if (at >= chunk.length) {
              return input.read().then(function (result) {
                if (!result.done) return feed(result.value, 0);
                unpack.push(new Uint8Array(0), true);    // throws if the frame is cut short
                controller.close();
              });
            }
            var piece = chunk.subarray(at, at + UNPACK_SLICE - since);
            unpack.push(piece);
            since += piece.length;
            if (since < UNPACK_SLICE) return feed(chunk, at + piece.length);
            since = 0;
            return nextMessage().then(function () { return feed(chunk, at + piece.length); });
          }
          feed(first, 0)["catch"](function (error) {   // the stream's reader is told
            controller.error(error);
            input.cancel(error)["catch"](function () {});
          });
        },
        pull: function (controller) {
          if (packed) return;
          return input.read().then(function (result) {
            if (result.done) controller.close();
            else controller.enqueue(result.value);
          });
        },
        cancel: function (why) { return input.cancel(why); }
      });
    }, function (error) {
      input.cancel(error)["catch"](function () {});
      throw error;
    });
  }

  // The Web Worker's snapshot (boot/snapshot-worker.mjs starts Pyodide the plain way off the
  // main thread, imports the game as the build's snapshot does and posts its memory snapshot):
  // a promise of { bytes, from: "worker" }, or of null if the worker could not make one. The
  // worker is started once, by the first call.
  var made = null, workerStarted = false;
  function madeSnapshot() {
    if (made) return made;
    var worker;
    try {
      if (typeof Worker !== "function") throw new Error("no Web Workers");
      worker = new Worker(SNAPSHOT_WORKER, { type: "module" });
      workerStarted = true;
    } catch (e) {
      made = Promise.resolve(null);
      return made;
    }
    made = new Promise(function (resolve) {
      function done(bytes, why) {
        if (why) console.warn("the first visit's memory snapshot was not made:", why);
        worker.terminate();
        resolve(bytes ? { bytes: bytes, from: "worker" } : null);
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
    return made;
  }

  // The interpreter's wasm, compiled while it downloads (WebAssembly.compileStreaming: off the
  // main thread, and from the engine's code cache on later starts). Fetched by Pyodide once its
  // loader runs, the wasm had arrived whole by then (its preload hint) and Chromium compiled it
  // in main-thread tasks of 150-250 ms. A first visit downloads it packed (WASM_PACKED, in
  // Zstandard: 2.9 MB where the wasm is 9.6, 3.5 gzipped by a host that compresses on the fly,
  // and a static host may send it uncompressed) and compiles it as it unpacks; a start the
  // service worker controls reads the raw wasm it unpacked (sw.js.in).
  // boot.wasm: a promise of the WebAssembly.Module, or of null if it did not compile (said on
  // the console; the boot module then instantiates the wasm as Pyodide does), and
  // html[data-boot-wasm-from] = packed (WASM_PACKED unpacked by fzstd) or plain. Not where a
  // first visit's snapshot worker fetches the runtime first.
  var WASM_URL = "./vendor/pyodide/pyodide.asm.wasm";
  var WASM_PACKED = WASM_URL + ".zst";
  function compiledWasm() {
    if (typeof WebAssembly.compileStreaming !== "function") return null;
    var controlled = navigator.serviceWorker && navigator.serviceWorker.controller;
    var packed = !controlled && streamsBodies();
    root.setAttribute("data-boot-wasm-from", packed ? "packed" : "plain");
    if (packed) decoder();
    var source = !packed ? fetch(WASM_URL) : fetch(WASM_PACKED).then(function (response) {
      if (!response.ok || !response.body) throw new Error(WASM_PACKED + ": HTTP " + response.status);
      return unpackStream(response.body.getReader());
    }).then(function (stream) {
      return new Response(stream, { headers: { "Content-Type": "application/wasm" } });
    });
    var compiled = WebAssembly.compileStreaming(source).then(function (module) {
      performance.mark("boot:wasm-compiled");
      return module;
    }, function (error) {
      console.warn("the interpreter's wasm did not compile as it downloaded:", error);
      return null;
    });
    return compiled;
  }

  var missing = missingFeatures();
  if (missing.length) {
    showProblem("unsupported",
      say("newer", {min: say("min"), missing: missing.join(", ")}),
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
    ["preload", "./vendor/pyodide/pyodide.asm.wasm", "runtime"],   // unless compiledWasm()
    ["preload", "./vendor/pyodide/python_stdlib.zip", "runtime"],
    ["preload", "./vendor/pyodide/pyodide-lock.json", "runtime"],
    ["preload", "./pyscript.json"],
    ["preload", "./app.zip", "runtime"]
  ];
  // WebKit (Safari, and every browser on iOS) never hands an `as=fetch` preload to a fetch():
  // there each such hint was a second download of the same file (tests/web/test_engines.py).
  // The "runtime" files are fetched first by a first visit's snapshot worker when it starts at
  // once, and a document's hint does not serve a worker: the page finds them in the HTTP cache.
  var ua = navigator.userAgent;
  boot.firstVisit = firstVisitSnapshot();
  var workerFetches = boot.workerFirst = workerStarted;
  if (!workerFetches) boot.wasm = compiledWasm();
  var fetchPreloadsUsed = !(/AppleWebKit\//.test(ua) && !/Chrome\//.test(ua));
  for (var i = 0; i < HINTS.length; i++) {
    if (HINTS[i][0] === "preload" && !fetchPreloadsUsed) continue;
    if (HINTS[i][2] === "runtime" && workerFetches) continue;
    if (HINTS[i][1] === WASM_URL && boot.wasm) continue;     // fetched above already
    if (HINTS[i][1] === "./app.zip" && boot.appAfter) continue;   // once the snapshot is in
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
    showProblem("error", say("error", {reason: reason}), true);
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
      note.textContent = say("tapped");
      note.insertBefore(spinner, note.firstChild);
    }
  }
  document.addEventListener("click", tapWhileStarting, true);
})();
