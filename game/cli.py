"""Argument types shared by the game's and the tools' command lines (ROB-2): a bad value is
an argparse error (a clear message, exit status 2), never a traceback, and never a value
quietly taken for something else (``--jobs 0`` run serially, ``--save-dir ""`` the
current folder).

>>> positive("3"), whole(1, 9)("9")
(3, 9)
>>> for bad in ("0", "-1", "x"):
...     try:
...         positive(bad)
...     except argparse.ArgumentTypeError as problem:
...         print(problem)
0 is below 1
-1 is below 1
'x' is not a whole number
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from pathlib import Path


def whole(low: int = 0, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (no upper bound when None)."""

    def checked(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            digits = text.strip().lstrip("+-").replace("_", "")
            problem = "is far too large" if digits.isdigit() else "is not a whole number"
            raise argparse.ArgumentTypeError(f"{text[:40]!r} {problem}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is below {low}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{value} is above {high}")
        return value

    checked.__name__ = "whole number"  # argparse names the type in some messages
    return checked


count = whole(0)
"""An argparse type: a whole number, 0 or more."""
positive = whole(1)
"""An argparse type: a whole number, 1 or more."""


def seconds(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a time in seconds from ``low`` to ``high`` (``nan`` and infinities refused).

    >>> seconds(1, 60)("2.5")
    2.5
    >>> for bad in ("0.5", "61", "nan", "-inf"):
    ...     try:
    ...         seconds(1, 60)(bad)
    ...     except argparse.ArgumentTypeError as problem:
    ...         print(problem)
    0.5 seconds is below 1
    61 seconds is above 60
    'nan' is not a finite number of seconds
    '-inf' is not a finite number of seconds
    """

    def checked(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number of seconds") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a finite number of seconds")
        if value < low:
            raise argparse.ArgumentTypeError(f"{value:g} seconds is below {low:g}")
        if value > high:
            raise argparse.ArgumentTypeError(f"{value:g} seconds is above {high:g}")
        return value

    checked.__name__ = "number of seconds"
    return checked


MAX_SEED_LENGTH = 64  # game.run.recording.MAX_SEED_LENGTH, not imported: the title must not load the world


def seed_text(text: str) -> str:
    """An argparse type: a seed as the game takes one, text of at most ``MAX_SEED_LENGTH``
    characters (empty is a seed too). Bytes that are not UTF-8 are refused: the run's save
    and recording could not be written with them."""
    if len(text) > MAX_SEED_LENGTH:
        raise argparse.ArgumentTypeError(f"a seed is at most {MAX_SEED_LENGTH} characters, this one is {len(text)}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError("the seed has bytes that are not UTF-8 text") from None
    return text


def _path(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path (give a file or folder name)")
    return Path(text)


def writable_file(text: str) -> str:
    """An argparse type: a file path whose folder exists (the file itself need not; if it
    exists it is a plain file: a named pipe or a device would block or swallow the output)."""
    path = _path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file")
    if path.exists() and not path.is_file():
        raise argparse.ArgumentTypeError(f"{text!r} is not a plain file (a named pipe or a device)")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"no folder {str(path.parent)!r} to write {path.name!r} in")
    return text


def readable_file(text: str) -> str:
    """An argparse type: an existing plain file."""
    if not _path(text).is_file():
        raise argparse.ArgumentTypeError(f"no file {text!r}")
    return text


def folder(text: str) -> str:
    """An argparse type: a folder, existing or to be made (not an existing file, not empty)."""
    path = _path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a file, not a folder")
    return text
