"""pytest: without the ``server`` extra installed, this package's doctests are left out (the
game's own tests never need it; ``pip install -e ".[test]"`` brings it)."""

import importlib.util

collect_ignore_glob = [] if all(importlib.util.find_spec(name) for name in ("starlette", "sqlalchemy", "uvicorn")) \
    else ["*.py"]
