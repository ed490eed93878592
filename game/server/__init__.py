"""The daily board's server (SPEC BRD-1, BRD-2): submitted daily runs are verified by replaying their
recordings with this game's own code, ranked, and served with the built web page.

Layer: the top, above the tools. Nothing in the game imports it; it needs the ``server`` extra
(``pip install -e ".[server]"``: Starlette, uvicorn, SQLAlchemy, psycopg), which the game, the
browser build (``pygbag.ini`` leaves ``game/server`` out of the archive) and its tests never need.

    python -m game.server [--db URL] [--web build/web] [--workers N]     (or ``threshold-server``)

``app`` the web process (the API and the board's pages), ``verifier`` the processes that replay,
``verdicts`` what a replay proves, ``jobs`` the queue in the database, ``db`` its schema.
"""
