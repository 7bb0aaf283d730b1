// The page's Pyodide, as PyScript loads it (pyscript.json's "interpreter" points here): the
// vendored loadPyodide, started from a memory snapshot when one is at hand.
//
// The snapshot comes from the service worker's caches (it precaches the build's
// ../snapshot.bin.zst, made by build.py in Node, and unpacks it after the first visit) or, on a
// first visit, from boot.js: the build's snapshot downloaded beside the runtime, or the same
// snapshot made in the browser by a Web Worker (boot/snapshot-worker.mjs: where the network is
// to be spared, or when the download failed). Either way the start restores it, which skips
// initialising CPython (one long frozen task) and importing the game. A downloaded snapshot
// that does not restore gives way to the worker's; a snapshot that is missing, does not
// restore, or belongs to another build is deleted and the page boots the plain way (and this
// tab does not try a snapshot again). boot.js owns those decisions' state (window.__mpBoot:
// snapshotRefused, cached, firstVisit, workerFirst, wasm, appAfter, madeSnapshot,
// dropSnapshot). Whatever happened is
// written on <html data-boot-snapshot>: none, restored or failed; and data-boot-snapshot-from:
// cache, download or worker (the one restored, else the last tried).
//
// After a restore, Python's `random` module and hash() start from the same state at every
// start: seeds and ids must come from the browser's crypto source (os.urandom, secrets).
//
// The search helpers (search-worker.mjs, Web Workers) start their Python through it too (from
// the service worker's snapshot when it holds one): nothing in it may need a window.
import { loadPyodide as loadVendored, version } from "../vendor/pyodide/pyodide.mjs";
// pyodide.asm.mjs is imported when the wasm is instantiated (loadPlain): on a first visit
// whose snapshot worker starts at once, the worker fetches it first, and the page then takes it
// from the HTTP cache.
const ASM_URL = "../vendor/pyodide/pyodide.asm.mjs";

export { version };

export const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
// The service worker precaches the packed snapshot and unpacks it beside (same name, no .zst).
// boot.js's snapshot state and its dropSnapshot (see above); a page without boot.js: no snapshot.
const BOOT = globalThis.__mpBoot ?? { snapshotRefused: true, cached: null, firstVisit: null,
  workerFirst: false, wasm: null, madeSnapshot: async () => null, dropSnapshot: async () => {} };
const SNAPSHOT_URL = new URL("../__SNAPSHOT_NAME__".replace(/\.zst$/, ""), import.meta.url).href;
// What the snapshot must say it holds (build.py fills in the hash of app.zip).
const APP_HASH = "__APP_HASH__";
// python_stdlib.zip is trimmed to what the page imports (build.py trim_stdlib): the top-level
// modules it left out, and the full zip, fetched only if one of them is imported after all.
const STDLIB_FULL_URL = new URL("../vendor/pyodide/__STDLIB_FULL__", import.meta.url).href;
const STDLIB_DROPPED = __STDLIB_DROPPED__;

// A finder, last on sys.meta_path, for a stdlib module that is not in the trimmed zip (a
// left-out top-level module, or a text codec): it fetches the full zip once, synchronously
// (imports are synchronous; the service worker serves it offline), puts it on sys.path, and
// warns "stdlib fallback" on the console, so that tests see a module the trim should keep.
const STDLIB_FALLBACK = `
import importlib.machinery, sys
class StdlibFallback:
    def __init__(self, url, dropped):
        self.url, self.dropped, self.full = url, frozenset(dropped), None
    def find_spec(self, name, path=None, target=None):
        codec = name.startswith("encodings.") and name.count(".") == 1
        if not (codec or (path is None and name in self.dropped)):
            return None
        import js
        if self.full is None:
            request = js.XMLHttpRequest.new()
            request.open("GET", self.url, False)
            # a synchronous request has no binary type: bytes arrive as U+F700 + byte
            request.overrideMimeType("text/plain; charset=x-user-defined")
            request.send()
            if request.status != 200:
                return None
            self.full = "/lib/python_stdlib_full.zip"
            data = request.responseText.translate({0xF700 + b: b for b in range(256)})
            with open(self.full, "wb") as f:
                f.write(data.encode("latin-1"))
            sys.path.append(self.full)
        js.console.warn(f"stdlib fallback: {name} is not in the trimmed python_stdlib.zip")
        where = [self.full + "/encodings"] if codec else [self.full]
        return importlib.machinery.PathFinder.find_spec(name, where)
if not any(type(f).__name__ == "StdlibFallback" for f in sys.meta_path):
    sys.meta_path.append(StdlibFallback(URL, DROPPED))
`;

export function installStdlibFallback(pyodide) {
  const names = pyodide.toPy({ URL: STDLIB_FULL_URL, DROPPED: STDLIB_DROPPED });
  try {
    pyodide.runPython(STDLIB_FALLBACK, { globals: names });
  } finally {
    names.destroy();
  }
  return pyodide;
}

// What the last start did with the snapshot (as data-boot-snapshot says): for the search
// workers, which load Python through this module too and have no document.
export let snapshotState = null;

function mark(state) {
  snapshotState = state;
  globalThis.document?.documentElement.setAttribute("data-boot-snapshot", state);
}

// The snapshot's bytes, from the service worker's caches only (null if none is there); boot.js
// starts reading them before PyScript loads this module.
async function cachedSnapshot() {
  if (BOOT.cached) return BOOT.cached;
  if (typeof caches === "undefined") return null;
  const hit = await caches.match(SNAPSHOT_URL);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

// Lets the browser paint and answer input between the long steps of a start.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
// The vendored loadPyodide, cut into more main-thread tasks: on a restore, instantiating the
// wasm, setting up the emscripten module around it and starting Python (restoring the
// memory snapshot) ran as one task of 0.5 s. Now the module's set-up (linking the instance,
// the file system) waits for a task of its own once the wasm is instantiated, and Python
// starts in the task after that. (A plain start stays one long task: initialising CPython is
// one call into the wasm.)
function loadPlain(options) {
  const restoreFetch = WASM ? answerWasmFetch() : () => {};
  const createPyodideModule = async (settings) => {
    restoreFetch();
    if (WASM) settings.instantiateWasm = instantiateCompiled;
    const instantiate = settings.instantiateWasm;
    if (instantiate) {
      settings.instantiateWasm = (imports, receive) => instantiate(imports, (instance, module) => {
        performance.mark("boot:wasm-instantiated");
        setTimeout(() => receive(instance, module), 0);
      });
    }
    const { default: createModule } = await import(ASM_URL);
    const module = await createModule(settings);
    performance.mark("boot:module-ready");
    await nextTask();
    return module;
  };
  return loadVendored({ ...options, createPyodideModule }).finally(restoreFetch);
}

// The interpreter's wasm as boot.js compiled it while it downloaded (BOOT.wasm: a promise of
// the WebAssembly.Module, or of null), or in a search worker (whose BOOT has no wasm) as
// workerWasm compiles it, instantiated in place of the vendored loader's own fetch and
// instantiateStreaming; if that compile failed, the wasm is fetched and instantiated as the
// loader does. html[data-boot-wasm] says which: compiled or fetched.
const WASM_URL = new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url).href;
const WASM_PACKED_URL = WASM_URL + ".zst";
const DECODER_URL = new URL("../vendor/fzstd/fzstd.js", import.meta.url).href;   // sets self.fzstd
const WASM = BOOT.wasm === undefined ? workerWasm() : BOOT.wasm;

// A search worker's wasm: the raw one the service worker unpacked into its caches, else the
// packed one a first visit downloaded (sw.js.in, boot.js: the raw wasm is not downloaded then),
// unpacked whole (off the main thread) and compiled. A promise of the WebAssembly.Module, or
// of null.
async function workerWasm() {
  if (typeof WebAssembly.compileStreaming !== "function") return null;
  try {
    const raw = typeof caches === "undefined" ? null : await caches.match(WASM_URL);
    if (raw) return await WebAssembly.compileStreaming(raw);
    const [response] = await Promise.all([fetch(WASM_PACKED_URL), import(DECODER_URL)]);
    if (!response.ok) throw new Error(`${WASM_PACKED_URL}: HTTP ${response.status}`);
    const body = new Uint8Array(await response.arrayBuffer());
    const packed = body[0] === 0x28 && body[1] === 0xb5 && body[2] === 0x2f && body[3] === 0xfd;
    return await WebAssembly.compile(packed ? self.fzstd.decompress(body) : body);
  } catch (error) {
    console.warn("the interpreter's wasm did not compile from the packed download:", error);
    return null;
  }
}

function instantiateCompiled(imports, receive) {
  (async () => {
    Object.assign(imports.env, await jsvErrorImports());
    const module = await WASM;
    globalThis.document?.documentElement.setAttribute("data-boot-wasm", module ? "compiled" : "fetched");
    const { instance, module: compiled } = module
      ? { instance: await WebAssembly.instantiate(module, imports), module }
      : await WebAssembly.instantiateStreaming(fetch(WASM_URL), imports);
    receive(instance, compiled);
  })().catch((error) => {
    console.warn("wasm instantiation failed!", error);   // as the vendored loader says it
  });
  return {};
}

// The vendored loader (pyodide.mjs) fetches the wasm when its settings are made, before it
// hands them to createPyodideModule; with boot.js's compiled wasm that fetch would be a second
// download (of 9 MB). Until then, a fetch of the wasm's URL is answered with an empty response
// that nothing reads (instantiateCompiled replaces the loader's use of it); returns the undo.
function answerWasmFetch() {
  const realFetch = globalThis.fetch;
  const answer = (input, init) => {
    if (String(input instanceof Request ? input.url : input) === WASM_URL) {
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return realFetch(input, init);
  };
  globalThis.fetch = answer;
  return () => {
    if (globalThis.fetch === answer) globalThis.fetch = realFetch;
  };
}

// The two imports the interpreter's wasm takes from the loader (pyodide.mjs 314.0.7's
// getJsvErrorImport, which it keeps to itself): a tiny wasm module's error marker, or a JS one
// where that does not compile (or on iOS, where the loader does not try it).
const JSV_ERROR_WASM = "AGFzbQEAAAABDANfAGAAAW9gAW8BfwMDAgECBygCE0pzdl9HZXRFcnJvcl9pbXBvcnQAAA5Kc3ZFcnJvcl9DaGVjawABChMCBwD7AQD7GwsJACAA+xr7FAAL";
let jsvErrors = null;
const jsvErrorImports = () => (jsvErrors ??= (async () => {
  const nav = globalThis.navigator;
  const ios = nav && (/iPad|iPhone|iPod/.test(nav.userAgent) ||
    (nav.platform === "MacIntel" && typeof nav.maxTouchPoints !== "undefined" && nav.maxTouchPoints > 1));
  if (!ios) {
    try {
      const bytes = Uint8Array.from(atob(JSV_ERROR_WASM), (c) => c.charCodeAt(0));
      const { instance } = await WebAssembly.instantiate(bytes);
      return instance.exports;
    } catch (error) {
      if (!(error instanceof WebAssembly.CompileError)) throw error;
    }
  }
  const marker = Symbol("error marker");
  return { Jsv_GetError_import: () => marker, JsvError_Check: (value) => value === marker };
})());

// The page's Python (app.zip) is imported where it lies: written whole at APP_ZIP_PATH, on
// sys.path first (zipimport; a restored snapshot holds that state, and zipimport's reading of
// the archive's directory). Unpacked, its 340 members took 100-200 ms of every start (40 a
// task), and PyScript's "files" setting wrote them in one task. Only the catalogues and
// PyScript's bytecode are written out as files (APP_MOUNT_PY, from builder/appzip.py).
export const APP_URL = new URL("../__APP_ARCHIVE__", import.meta.url).href;
const APP_ZIP_PATH = "__APP_ZIP_PATH__";
const APP_MOUNT_PY = __APP_MOUNT_PY__;

export function mountApp(pyodide, bytes) {
  pyodide.FS.mkdirTree(APP_ZIP_PATH.slice(0, APP_ZIP_PATH.lastIndexOf("/")));
  pyodide.FS.writeFile(APP_ZIP_PATH, bytes);
  const mount = mountCode(pyodide, "mount_app");
  try {
    mount(APP_ZIP_PATH, true);
  } finally {
    mount.destroy();
  }
}

// A function of APP_MOUNT_PY, from Python's __main__: a restored snapshot has it (the build ran
// APP_MOUNT_PY there); else it is run there first.
function mountCode(pyodide, name) {
  let found = pyodide.globals.get(name);
  if (found === undefined) {
    pyodide.runPython(APP_MOUNT_PY);
    found = pyodide.globals.get(name);
  }
  return found;
}

// app.zip and python_stdlib.zip travel in two parts (builder/split.py): the first part is what
// the start reads between the snapshot's restore and ready (a zip of its own, written where the
// whole archive belongs), the rest (NAME-rest.bin) comes after ready (fetchRest, which
// shell/later.py calls before it imports the bots); the snapshot's heap knows the whole
// archives' directories. A module of a rest imported before it has arrived waits for it:
// RestArchives, first on sys.meta_path, fetches that rest at once (a synchronous request, said
// on the console: "rest fetched at once"), then the import goes on. A plain start (no snapshot),
// the search workers and the snapshot worker put each archive together whole before they run.
const REST_SUFFIX = "__REST_SUFFIX__";
const restOf = (url) => url.replace(/\.zip$/, REST_SUFFIX);
const STDLIB_URL = `${INDEX_URL}python_stdlib.zip`;
const STDLIB_PATH = "/lib/python314.zip";      // where Pyodide's Python finds it

// Where the rest of a split archive begins: its first part's central directory's offset.
function restAt(part) {
  return new DataView(part.buffer, part.byteOffset, part.byteLength).getUint32(part.length - 6, true);
}

export function wholeArchive(part, rest) {
  const at = restAt(part);
  const whole = new Uint8Array(at + rest.length);
  whole.set(part.subarray(0, at));
  whole.set(rest, at);
  return whole;
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The whole stdlib, for a start that initialises Python (no snapshot): a blob: URL of it.
export async function wholeStdlibURL() {
  const [part, rest] = await Promise.all([fetchBytes(STDLIB_URL), fetchBytes(restOf(STDLIB_URL))]);
  return URL.createObjectURL(new Blob([wholeArchive(part, rest)]));
}

let rests = null;           // { finder, waiting: [[path, url]] } once the app is mounted
let restsArrived = null;

// Marks the archives at `paths` (their first part written there) as waiting for their rest
// (app_rests: APP_MOUNT_PY's RestArchives, first on sys.meta_path).
function waitForRests(pyodide, paths) {
  const restsOf = mountCode(pyodide, "app_rests");
  const finder = restsOf();
  restsOf.destroy();
  const urls = { [STDLIB_PATH]: restOf(STDLIB_URL), [APP_ZIP_PATH]: restOf(APP_URL) };
  for (const path of paths) finder.wait_for(path, restAt(pyodide.FS.readFile(path)), urls[path]);
  rests = { finder, waiting: paths.map((path) => [path, urls[path]]) };
}

// Fetches the rests of the archives and writes each archive whole: a promise settled once they
// are (at once if none waits). shell/later.py calls it once the page is ready (BOOT.fetchRest).
export function fetchRest() {
  restsArrived ??= (async () => {
    if (!rests) return;
    const { finder, waiting } = rests;
    await Promise.all(waiting.map(async ([path, url]) => finder.arrive(path, await fetchBytes(url))));
    finder.destroy();
    performance.mark("boot:rests-arrived");
  })();
  return restsArrived;
}
BOOT.fetchRest = fetchRest;

// Restores `snapshot` ({ bytes, from }) into a new Pyodide: the Pyodide, or null if it does not
// restore or is of another build (said on the console; the snapshot is then dropped).
async function restore(options, snapshot) {
  globalThis.document?.documentElement.setAttribute("data-boot-snapshot-from", snapshot.from);
  try {
    const pyodide = await loadPlain({ ...options, _loadSnapshot: snapshot.bytes });
    const holds = pyodide.runPython("import sys; getattr(sys, '_app_snapshot', None)");
    if (holds !== APP_HASH) throw new Error(`the snapshot is of another build (${holds})`);
    return installStdlibFallback(pyodide);
  } catch (error) {
    console.warn(`memory snapshot (${snapshot.from}) not restored:`, error);
    await BOOT.dropSnapshot();
    return null;
  }
}

export async function loadPyodide(options = {}) {
  options = { ...options, indexURL: INDEX_URL };
  performance.mark("boot:pyodide");
  // app.zip, fetched as PyScript did (a plain fetch: it takes up boot.js's preload hint); on a
  // first visit whose snapshot worker started at once, only once the worker is done with it
  let appArchive = null;
  const fetchApp = () => {
    appArchive ??= fetch(APP_URL).then(async (response) => {
      if (!response.ok) throw new Error(`${APP_URL}: HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    });
    appArchive.catch(() => {});       // awaited below; a failure must not count as unhandled
    return appArchive;
  };
  // A first visit that downloads the snapshot fetches app.zip once the snapshot's bytes are in
  // (BOOT.appAfter), not beside it: it is needed only after the restore, and on a slow network
  // its 1.4 MB then arrive while the wasm is instantiated and the snapshot restored, instead of
  // delaying both.
  if (!BOOT.workerFirst) Promise.resolve(BOOT.appAfter).then(fetchApp);
  // Pyodide's start waits for the snapshot. Started while the snapshot worker worked (the
  // runtime's files fetched meanwhile), the restore's first task was 334 ms against 143 ms,
  // and the start no faster (15738ee, undone).
  let snapshot = null;
  try {
    if (!BOOT.snapshotRefused) {
      const cached = await cachedSnapshot();
      snapshot = cached ? { bytes: cached, from: "cache" } : await BOOT.firstVisit;
    }
    performance.mark("boot:snapshot-read");
    await nextTask();
  } catch (error) {
    console.warn("memory snapshot unreadable, booting without it:", error);
    await BOOT.dropSnapshot();
  }
  let pyodide = null;
  if (snapshot) {
    pyodide = await restore(options, snapshot);
    if (!pyodide && snapshot.from === "download") {    // the worker's, made from this build's files
      const made = await BOOT.madeSnapshot();
      if (made) pyodide = await restore(options, made);
    }
    mark(pyodide ? "restored" : "failed");
  } else {
    mark("none");
  }
  const restored = !!pyodide;
  if (!pyodide) {
    const stdLibURL = await wholeStdlibURL();
    try {
      pyodide = installStdlibFallback(await loadPlain({ ...options, stdLibURL }));
    } finally {
      URL.revokeObjectURL(stdLibURL);     // written into Python's file system by then
    }
  }
  performance.mark("boot:pyodide-ready");
  await nextTask();
  mountApp(pyodide, await fetchApp());
  await nextTask();
  waitForRests(pyodide, restored ? [STDLIB_PATH, APP_ZIP_PATH] : [APP_ZIP_PATH]);
  // a plain start imports all of the app before ready; a search worker has no "ready"
  if (!restored || !globalThis.document) await fetchRest();
  performance.mark("boot:app-unpacked");
  return pyodide;
}
