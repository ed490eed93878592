"""Where the game finds its files, on the desktop, in a wheel and in the browser."""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE_PARENT = Path(__file__).resolve().parent.parent


def assets_dir() -> Path:
    """The ``assets/`` folder.

    Next to the package when running from the source tree or the pygbag archive
    (where ``main.py``, ``game/`` and ``assets/`` sit side by side); under
    ``<prefix>/share/threshold`` after a plain ``pip install .`` (the prefix of the
    environment, or the user's base for ``pip install --user``).
    """
    beside = _PACKAGE_PARENT / "assets"
    if beside.is_dir():
        return beside
    for prefix in _install_prefixes():
        installed = Path(prefix) / "share" / "threshold" / "assets"
        if installed.is_dir():
            return installed
    return beside


def _install_prefixes() -> list[str]:
    import site
    import sysconfig

    prefixes = [sysconfig.get_path("data"), sys.prefix]
    if site.USER_BASE:
        prefixes.append(site.USER_BASE)
    return prefixes


def asset(*parts: str) -> Path:
    """Path of one asset, e.g. ``asset("sprites", "player.png")``."""
    return assets_dir().joinpath(*parts)
