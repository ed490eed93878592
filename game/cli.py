"""Argument types shared by the game's and the tools' command lines: a bad value is an
argparse error (a clear message, exit status 2), never a traceback."""

from __future__ import annotations

import argparse
from pathlib import Path


def count(text: str) -> int:
    """An argparse type: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is below 0")
    return value


def writable_file(text: str) -> str:
    """An argparse type: a file path whose folder exists (the file itself need not)."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"no folder {str(path.parent)!r} to write {path.name!r} in")
    return text
