"""Where the game finds its files, on the desktop, in a wheel and in the browser."""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE_PARENT = Path(__file__).resolve().parent.parent


def assets_dir() -> Path:
    """The ``assets/`` folder.

    Next to the package when running from the source tree or the pygbag archive
    (where ``main.py``, ``game/`` and ``assets/`` sit side by side); under
    ``<prefix>/share/threshold`` after a plain ``pip install .``.
    """
    beside = _PACKAGE_PARENT / "assets"
    if beside.is_dir():
        return beside
    installed = Path(sys.prefix) / "share" / "threshold" / "assets"
    if installed.is_dir():
        return installed
    return beside


def asset(*parts: str) -> Path:
    """Path of one asset, e.g. ``asset("sprites", "player.png")``."""
    return assets_dir().joinpath(*parts)
