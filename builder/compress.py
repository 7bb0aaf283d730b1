"""Zstandard, the packing of what a first visit downloads before the page is ready (the memory
snapshot, the interpreter's wasm): a third smaller than gzip -9 (the snapshot 4.8 MB against
6.3, the wasm 2.9 against 3.5). The page unpacks it with the vendored fzstd (pure JavaScript,
web/package.json), since the browsers' DecompressionStream offers only gzip and deflate.

The build runs on the host's python3 with the standard library only; the compressor is the
pinned `zstandard` of pyproject.toml's `build` extra, imported here when this Python has it,
else run in .venv's (which `ensure_venv` installs).
"""
from __future__ import annotations

import subprocess

from .layout import ROOT, VENV_PYTHON, BuildError

ZSTD_LEVEL = 19
# An 8 MiB window: fzstd's streaming decoder keeps the window and moves it at every block (128
# KiB), so a wider one costs time (the snapshot's whole 30 MiB as window: 1.7 s to decode
# against 0.2-0.35 s, for 0.09 MB less) and a tablet's memory; fzstd refers back at most 32 MiB.
ZSTD_WINDOW_LOG = 23
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"

_IN_VENV = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from builder.compress import zstd_here
sys.stdout.buffer.write(zstd_here(sys.stdin.buffer.read()))
"""


def zstd_here(raw: bytes) -> bytes:
    """`raw` packed as one Zstandard frame (its size in the header), with this Python's
    `zstandard`."""
    import zstandard
    params = zstandard.ZstdCompressionParameters.from_level(
        ZSTD_LEVEL, source_size=len(raw), window_log=ZSTD_WINDOW_LOG, enable_ldm=True)
    return zstandard.ZstdCompressor(compression_params=params).compress(raw)


def zstd(raw: bytes) -> bytes:
    """`raw` packed as one Zstandard frame: here if this Python has `zstandard`, else in .venv's
    Python (set up first)."""
    try:
        import zstandard  # noqa: F401
    except ImportError:
        pass
    else:
        return zstd_here(raw)
    from .environment import ensure_venv     # (environment imports the build: not at the top)
    ensure_venv()
    done = subprocess.run([str(VENV_PYTHON), "-c", _IN_VENV], input=raw, capture_output=True)
    if done.returncode or not done.stdout.startswith(ZSTD_MAGIC):
        raise BuildError("packing with zstandard in .venv failed:\n"
                         + done.stderr.decode(errors="replace")[-2000:])
    return done.stdout
