"""An archive in two parts: what the start reads before the page is ready, and the rest, sent
after it (issue 23: fewer bytes before ready).

The whole archive (what the memory snapshot is made with: zipimport keeps its directory, with
each member's offset, in the snapshot's heap) holds the first part's members first. Its first
part is a zip of its own whose members are byte for byte the whole archive's first bytes (up to
the offset where the whole one's rest begins, the first part's central-directory offset); the
rest is the whole archive from that offset on. So a start writes the first part where the whole
archive belongs, reads every member of it at the offsets the snapshot's heap knows, and once the
rest has arrived writes the first part's first bytes followed by the rest: the whole archive
(web/boot/pyodide-boot.mjs, `wholeArchive`).
"""
from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path
from typing import Callable

from .layout import BuildError

REST_SUFFIX = "-rest.bin"


def rest_name(archive: str) -> str:
    """'app.zip' -> 'app-rest.bin' (the rest of a split archive, beside its first part)."""
    return archive.removesuffix(".zip") + REST_SUFFIX


def zip_bytes(entries: list[tuple[zipfile.ZipInfo, bytes]]) -> bytes:
    """A zip of `entries` in that order (each as its ZipInfo says, deflate -9 when deflated)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for info, data in entries:
            archive.writestr(info, data, compresslevel=9)
    return out.getvalue()


def central_directory_offset(data: bytes) -> int:
    """Where a zip's central directory starts (its end record's field; no zip comment)."""
    if data[-22:-18] != b"PK\x05\x06":
        raise BuildError("a split archive's end record must close it (no comment)")
    return struct.unpack("<I", data[-6:-2])[0]


def split_archive(path: Path, first: Callable[[str], bool]) -> dict:
    """Rewrite the zip at `path` as its first part (the members `first` says, a zip of their
    own) and write its rest beside it (rest_name): the first part's first bytes and the rest
    make the whole archive (whole_archive: every member, the first part's first), which the
    build's snapshot is made with. Returns the sizes."""
    with zipfile.ZipFile(path) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    entries = ([e for e in entries if first(e[0].filename)]
               + [e for e in entries if not first(e[0].filename)])
    whole = zip_bytes(entries)
    part = zip_bytes([e for e in entries if first(e[0].filename)])
    cut = central_directory_offset(part)
    if whole[:cut] != part[:cut]:
        raise BuildError(f"{path.name}: the first part's members differ from the whole archive's")
    path.write_bytes(part)
    path.with_name(rest_name(path.name)).write_bytes(whole[cut:])
    return {"first": len(part), "rest": len(whole) - cut, "whole": len(whole),
            "members_first": sum(1 for info, _ in entries if first(info.filename)),
            "members": len(entries)}


def read_whole(path: Path) -> bytes:
    """The whole archive of a split one (its first part at `path`, its rest beside it)."""
    return whole_archive(path.read_bytes(), path.with_name(rest_name(path.name)).read_bytes())


def whole_archive(part: bytes, rest: bytes) -> bytes:
    """The whole archive from its first part and its rest (as the page puts it together)."""
    return part[:central_directory_offset(part)] + rest
