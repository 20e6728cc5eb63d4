"""Turning the command line's inputs (files, globs, directories, ``hf://`` specs, and store URLs
such as ``s3://bucket/prefix/``) into the ordered list of :class:`~corefprep.io.documents.InputFile`
whose concatenation defines every ``doc_index``."""

from __future__ import annotations

import glob
import logging
import os
import posixpath
import stat
from dataclasses import replace
from typing import Any

from ..core.errors import InputError, first_line
from ..store.urls import filesystem, is_url, url_of
from .documents import InputFile
from .formats import SUPPORTED_SUFFIXES, suffix_list
from .hub import is_hub_spec, resolve_hub
from .storage import identity

log = logging.getLogger("corefprep")

_KIND_BY_SUFFIX = {suffix: suffix[1:] for suffix in SUPPORTED_SUFFIXES}
_GLOB_CHARS = frozenset("*?[")


def _kind_of(path: str) -> str | None:
    name = os.path.basename(path).lower()
    for suffix in SUPPORTED_SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            return _KIND_BY_SUFFIX[suffix]
    return None


def _has_glob(spec: str) -> bool:
    return any(c in _GLOB_CHARS for c in spec)


def _check_readable(path: str) -> None:
    if not os.access(path, os.R_OK):
        raise InputError(f"{path}: file is not readable (permission denied); fix its permissions and rerun")
    try:
        with open(path, "rb"):
            pass
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise InputError(
            f"{path}: file cannot be opened ({reason}); fix the file or its permissions and rerun"
        ) from exc


def _walk_dir(root: str) -> tuple[list[str], list[str]]:
    """All regular files under ``root`` (recursive, sorted by path): (supported, ignored).

    Hidden entries (names starting with ".") are ignored, as are files of other types.
    """
    supported: list[str] = []
    ignored: list[str] = []

    def onerror(exc: OSError) -> None:
        where = exc.filename or root
        raise InputError(
            f"{where}: directory cannot be listed ({exc.strerror or exc}); fix its permissions and rerun"
        )

    for dirpath, dirnames, filenames in os.walk(root, onerror=onerror):
        hidden_dirs = [d for d in dirnames if d.startswith(".")]
        ignored.extend(os.path.join(dirpath, d) for d in hidden_dirs)
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = os.path.join(dirpath, name)
            if name.startswith(".") or _kind_of(path) is None or not os.path.isfile(path):
                ignored.append(path)
            else:
                supported.append(path)
    supported.sort()
    ignored.sort()
    return supported, ignored


def _glob_root(pattern: str) -> str:
    """The directory part of a glob pattern before its first wildcard."""
    parts = pattern.split(os.sep)
    for i, part in enumerate(parts):
        if _has_glob(part):
            return os.sep.join(parts[:i]) or (os.sep if pattern.startswith(os.sep) else ".")
    return os.path.dirname(pattern)


def _display_name(spec: str, path: str) -> str:
    """How rows name ``path``, found through the user's argument ``spec`` (see InputFile.name)."""
    expanded = os.path.expanduser(spec)
    if os.path.isdir(expanded):
        root = expanded
    elif not os.path.lexists(expanded) and _has_glob(expanded):
        root = _glob_root(expanded)
    else:
        return spec if not os.path.isabs(spec) else os.path.basename(path)
    return os.path.relpath(path, root)


def _expand_spec(spec: str) -> tuple[list[str], list[str]]:
    """One input spec -> (candidate files in order, ignored paths). Raises InputError."""
    path = os.path.expanduser(spec)
    if not os.path.lexists(path) and _has_glob(path):
        matches = sorted(glob.glob(path, recursive=True))
        if not matches:
            raise InputError(f"{spec}: the pattern matches no files; check the path and quoting and rerun")
        files: list[str] = []
        ignored: list[str] = []
        for match in matches:
            if os.path.isdir(match):
                sub, sub_ignored = _walk_dir(match)
                files.extend(sub)
                ignored.extend(sub_ignored)
            elif os.path.isfile(match) and _kind_of(match) is not None:
                files.append(match)
            else:
                ignored.append(match)
        if not files:
            raise InputError(
                f"{spec}: the pattern matches {len(matches)} path(s) but no supported input files "
                f"({suffix_list()}); point it at such files"
            )
        return files, ignored
    if not os.path.exists(path):
        if os.path.lexists(path):
            raise InputError(f"{spec}: broken symbolic link; fix the link or remove it from the inputs")
        raise InputError(f"{spec}: no such file or directory; check the path and rerun")
    if os.path.isdir(path):
        files, ignored = _walk_dir(path)
        if not files:
            raise InputError(
                f"{spec}: directory contains no supported input files ({suffix_list()}); "
                "point at a directory or files that hold them"
            )
        return files, ignored
    if not os.path.isfile(path):
        raise InputError(f"{spec}: not a regular file or directory; pass a file, glob or directory")
    if _kind_of(path) is None:
        raise InputError(
            f"{spec}: unsupported file type; inputs must end in {suffix_list()} — rename or convert the file"
        )
    return [path], []


def _url_listing(spec: str) -> tuple[Any, str, dict[str, dict[str, Any]]]:
    """A store URL's objects: (filesystem, the root names are relative to, {path: info}) for one
    object, a glob, or a prefix listed recursively."""
    fs, path = filesystem(spec)
    try:
        if _has_glob(path):
            root = _glob_root(path.replace("/", os.sep)).replace(os.sep, "/")
            found: dict[str, dict[str, Any]] = {}
            for match, info in sorted(fs.glob(path, detail=True).items()):
                if info.get("type") == "directory":
                    found.update(fs.find(match, detail=True))
                else:
                    found[match] = info
            if not found:
                raise InputError(f"{spec}: the pattern matches no objects; check the URL and rerun")
            return fs, root, found
        info = fs.info(path)
        if info.get("type") == "directory":
            return fs, path, fs.find(path, detail=True)
        return fs, posixpath.dirname(path), {path: info}
    except FileNotFoundError:
        raise InputError(f"{spec}: no such object or prefix; check the URL and rerun") from None
    except PermissionError as exc:
        raise InputError(f"{spec}: access denied ({first_line(exc)}); check the credentials and rerun") from None
    except Exception as exc:  # noqa: BLE001 - whatever the client raised once its retries are spent: one line
        raise InputError(f"{spec}: cannot be listed ({type(exc).__name__}: {first_line(exc)}); check the URL and "
                         "the store and rerun") from None


def _expand_url(spec: str) -> tuple[list[InputFile], list[str]]:
    """A store URL -> (input files sorted by key, ignored URLs); names relative to the prefix or
    the glob's fixed part, as for a local directory, so both give rows the same ``source``."""
    fs, root, found = _url_listing(spec)
    files: list[InputFile] = []
    ignored: list[str] = []
    for path in sorted(found):
        info, url = found[path], url_of(fs, path)
        hidden = any(part.startswith(".") for part in posixpath.relpath(path, root).split("/"))
        if info.get("type") == "directory" or hidden or _kind_of(path) is None:
            ignored.append(url)
            continue
        name = posixpath.relpath(path, root) if root else posixpath.basename(path)
        files.append(InputFile(path=url, kind=_kind_of(path) or "", size=int(info.get("size") or 0), mtime_ns=0,
                               name=name, store_id=identity(info)))
    if not files:
        raise InputError(f"{spec}: holds no supported input files ({suffix_list()}); point it at such objects")
    return files, ignored


def resolve_inputs(specs: list[str]) -> list[InputFile]:
    """Files, globs and directories -> ordered list of input files (see module docstring).

    Order: specs in the given order; a glob's matches and a directory's files (recursive) sorted
    by path; the same file reached twice (also through another path or a symlink) is kept at its
    first occurrence only. Unsupported or hidden files inside a directory are skipped with a
    warning (see :func:`ignored_files`). An ``hf://`` spec is one input, resolved (and pinned to a
    revision) by :func:`corefprep.io.hub.resolve_hub`. Any problem raises :class:`InputError`.
    """
    result: list[InputFile] = []
    seen: set[tuple[int, int]] = set()
    seen_urls: set[str] = set()
    names: set[str] = set()
    for spec in specs:
        if isinstance(spec, os.PathLike):
            spec = os.fspath(spec)
        if is_hub_spec(spec):
            hub_input = _resolve_hub(spec)
            if all(f.path != hub_input.path for f in result):
                names.add(hub_input.name)
                result.append(hub_input)
            continue
        if is_url(spec):
            found, ignored = _expand_url(spec)
            _warn_ignored(spec, ignored)
            for f in (f for f in found if f.path not in seen_urls):
                seen_urls.add(f.path)
                if f.name in names:  # two prefixes holding objects of the same name: keep them apart
                    f = replace(f, name=f.path)
                names.add(f.name)
                result.append(f)
            continue
        files, ignored = _expand_spec(spec)
        _warn_ignored(spec, ignored)
        for path in files:
            try:
                st = os.stat(path)
            except OSError as exc:
                raise InputError(
                    f"{path}: cannot be read ({exc.strerror or exc}); check the file and rerun"
                ) from exc
            key = (st.st_dev, st.st_ino)
            if key in seen:
                continue
            if not stat.S_ISREG(st.st_mode):
                raise InputError(f"{path}: not a regular file; pass regular files only")
            _check_readable(path)
            seen.add(key)
            name = _display_name(spec, path)
            if name in names:  # two directories holding files of the same name: keep them apart
                name = path
            names.add(name)
            result.append(InputFile(path=path, kind=_kind_of(path) or "", size=st.st_size,
                                    mtime_ns=st.st_mtime_ns, name=name))
    return result


def _warn_ignored(spec: str, ignored: list[str]) -> None:
    if ignored:
        shown = ", ".join(ignored[:3]) + (f" and {len(ignored) - 3} more" if len(ignored) > 3 else "")
        log.warning("%s: ignoring %d unsupported or hidden path(s): %s", spec, len(ignored), shown)


def _resolve_hub(spec: str) -> InputFile:
    path, name, size, src = resolve_hub(spec)
    return InputFile(path=path, kind="hf", size=size, mtime_ns=0, name=name, hub=src)


def ignored_files(specs: list[str]) -> list[str]:
    """Paths under the given directories/globs that :func:`resolve_inputs` skips (sorted per spec).

    Specs that do not exist are left out here (resolve_inputs reports them).
    """
    out: list[str] = []
    for spec in specs:
        if is_hub_spec(spec):  # one dataset split: nothing in it is skipped
            continue
        try:
            _, ignored = _expand_url(spec) if is_url(spec) else _expand_spec(os.fspath(spec))
        except InputError:
            continue
        out.extend(ignored)
    return out
