"""The static server of dist/ (`build.py serve`, the browser tests and the benchmarks)."""
from __future__ import annotations

import errno
import functools
import gzip
import io
import os
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from .layout import DIST

HOST = "127.0.0.1"
DEFAULT_PORT = 8000
SUBPATH = "/machu-picchu/"       # dist/ is served at / and at this sub-path
MIME_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".py": "text/x-python",
}


# What a host that compresses on the fly (GitHub Pages) sends gzipped; a file already packed
# (.gz, .zip, images) travels as it is.
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".py", ".txt"}


@functools.lru_cache(maxsize=64)
def _gzipped(path: str, mtime: float) -> bytes:
    with open(path, "rb") as f:
        return gzip.compress(f.read(), 6)


class DistRequestHandler(SimpleHTTPRequestHandler):
    """Serves a folder at / and at SUBPATH, with the MIME types Pyodide needs; with `gzip`, the
    compressible files gzipped (Content-Encoding), as a host that compresses on the fly does."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    subpath = SUBPATH
    verbose = False
    gzip = False

    def translate_path(self, path):
        prefix = self.subpath.rstrip("/")
        if prefix and (path == prefix or path.startswith(prefix + "/") or path.startswith(prefix + "?")):
            path = path[len(prefix):] or "/"
        return super().translate_path(path)

    def send_head(self):
        if not (self.gzip and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()          # the default: no path translated twice
        path = self.translate_path(self.path)
        if not (os.path.isfile(path) and os.path.splitext(path)[1] in COMPRESSIBLE):
            return super().send_head()
        body = _gzipped(path, os.stat(path).st_mtime)   # (no 304s in this mode: always the body)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format, *args):
        if self.verbose:
            super().log_message(format, *args)

    # What was sent, for the tests and the benchmark: (path, status, body bytes) per GET,
    # in the server's `served` list (None: not recorded, as by `build.py serve`).
    def send_response(self, code, message=None):
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source, outputfile):
        try:
            size = os.fstat(source.fileno()).st_size - source.tell()
        except (AttributeError, OSError, io.UnsupportedOperation):   # a listing (BytesIO)
            size = len(source.getbuffer())
        super().copyfile(source, outputfile)
        self._sent += size

    def do_GET(self):
        self._status, self._sent = None, 0
        try:
            super().do_GET()
        finally:
            if self.server.served is not None:
                self.server.served.append((urlsplit(self.path).path, self._status, self._sent))


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    served: list[tuple[str, int | None, int]] | None = None

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # browser aborted a fetch
            super().handle_error(request, client_address)


class StaticServer:
    """A stoppable HTTP server for a folder on 127.0.0.1, running in a thread.

    `url` is the app URL under the sub-path (e.g. http://127.0.0.1:PORT/machu-picchu/).
    """

    def __init__(self, root: Path = DIST, port: int = 0, subpath: str = SUBPATH, verbose: bool = False,
                 record: bool = True, gzip: bool = False):
        handler = type("Handler", (DistRequestHandler,), {"subpath": subpath, "verbose": verbose, "gzip": gzip})
        self.httpd = _QuietServer((HOST, port), functools.partial(handler, directory=str(root)))
        self.port = self.httpd.server_address[1]
        # (path, status, body bytes) of every GET, in order; None unless `record` (a server
        # left running for days would keep a line per request)
        self.served = self.httpd.served = [] if record else None
        self.subpath = subpath
        self._thread: threading.Thread | None = None

    @property
    def root_url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}{self.subpath}"

    def start(self) -> "StaticServer":
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the listening socket (new connections are refused)."""
        if self._thread is not None:
            self.httpd.shutdown()
            self._thread.join(5)
            self._thread = None
        self.httpd.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def open_server(port: int, verbose: bool = False) -> StaticServer:
    """A server on `port`, or on a free port if that one is busy."""
    try:
        return StaticServer(DIST, port, verbose=verbose, record=False)
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
        print(f"   port {port} is busy, using a free one")
        return StaticServer(DIST, 0, verbose=verbose, record=False)
