"""The board's database: one schema (SQLAlchemy Core) for SQLite and PostgreSQL, created or
migrated when a server or a verifier starts.

Tables: ``runs`` (every submission, its recording gzipped, its status and the result its replay
gave), ``attempts`` (each daily begun with the board, numbered per name and day), ``jobs`` (the queue of runs to verify: a row per pending run, with the lease of the
verifier working on it), ``names`` (who owns a name: its key, hashed) and ``meta`` (the schema's
version). Times are seconds since the epoch (``time.time()``), so every machine sharing a
PostgreSQL database must keep its clock set (NTP); leases are tens of seconds.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event

SCHEMA_VERSION = 3
MIGRATIONS: dict[int, list[str]] = {
    # 2: ``regions`` held the island's regions (5 for every run); it is kept as ``island_regions``,
    # and ``regions`` is now how many regions' dungeons the run entered (NULL for the runs
    # verified before: not known without replaying them).
    2: ["ALTER TABLE runs RENAME COLUMN regions TO island_regions",
        "ALTER TABLE runs ADD COLUMN regions INTEGER"],
    # 3: attempts. A run carries the attempt it was played in, and is ranked only when that was its
    # name's first of the day; the runs ranked before attempts existed stay ranked. A job knows
    # who sent it, to share the verifiers' time fairly; a name keeps its look-alike skeleton.
    3: ["ALTER TABLE runs ADD COLUMN attempt VARCHAR(32)",
        "ALTER TABLE runs ADD COLUMN ranked BOOLEAN",
        "UPDATE runs SET ranked = (status = 'verified')",
        "ALTER TABLE jobs ADD COLUMN sender VARCHAR(64)",
        "ALTER TABLE jobs ADD COLUMN cost FLOAT",
        "ALTER TABLE jobs ADD COLUMN turn FLOAT",
        "ALTER TABLE names ADD COLUMN skeleton VARCHAR(400)"],
}
"""``{version: statements}`` that take a database from ``version - 1`` to ``version``; a new
database is made as ``metadata`` says, at ``SCHEMA_VERSION``. A later change adds its ``ALTER
TABLE`` here and raises ``SCHEMA_VERSION``. An ``ADD COLUMN`` of a column already there is skipped."""

metadata = sa.MetaData()

runs = sa.Table(
    "runs", metadata,
    sa.Column("id", sa.String(32), primary_key=True),  # the digest of the canonical recording
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("name_canon", sa.String(200), nullable=False, index=True),
    sa.Column("recording", sa.LargeBinary, nullable=False),  # gzip of the canonical JSON
    sa.Column("size", sa.Integer, nullable=False),  # bytes of the canonical JSON
    sa.Column("status", sa.String(10), nullable=False),  # pending, verified, rejected
    sa.Column("reason", sa.Text),
    sa.Column("submitted", sa.Float, nullable=False),
    sa.Column("finished", sa.Float),
    sa.Column("attempts", sa.Integer, nullable=False, default=0),
    sa.Column("verifier", sa.String(120)),  # the worker that wrote the verdict
    sa.Column("day", sa.String(10)),  # the daily's date, once verified
    sa.Column("score", sa.Integer),
    sa.Column("wardens", sa.Integer),
    sa.Column("regions", sa.Integer),  # how many regions' dungeons the run entered (NULL: verified before schema 2)
    sa.Column("island_regions", sa.Integer),  # the island's regions, as many as its Wardens
    sa.Column("won", sa.Boolean),
    sa.Column("cause", sa.Text),
    sa.Column("turns", sa.Integer),
    sa.Column("kills", sa.Integer),
    sa.Column("coins", sa.Integer),
    sa.Column("sight", sa.String(10)),  # how the run saw: "room" or "tile" (an option of the player's)
    sa.Column("attempt", sa.String(32)),  # the attempt it was played in (None: practice, sent without one)
    sa.Column("ranked", sa.Boolean),  # its attempt was its name's first of the day: it counts on the board
)
sa.Index("runs_board", runs.c.day, runs.c.status, runs.c.score)

attempts = sa.Table(
    "attempts", metadata,
    sa.Column("id", sa.String(32), primary_key=True),  # a random token, given to the game as a daily starts
    sa.Column("day", sa.String(10), nullable=False),
    sa.Column("name_canon", sa.String(200), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),  # 1 for the name's first attempt of the day
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("run_id", sa.String(32)),  # the run submitted with it (an attempt is used once)
    sa.UniqueConstraint("day", "name_canon", "number", name="attempts_once"),
)

jobs = sa.Table(
    "jobs", metadata,
    sa.Column("run_id", sa.String(32), sa.ForeignKey("runs.id"), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("lease_until", sa.Float, nullable=False, default=0.0),  # 0: never claimed
    sa.Column("worker", sa.String(120)),  # "host:pid:random" of the verifier holding the lease
    sa.Column("attempts", sa.Integer, nullable=False, default=0),
    sa.Column("sender", sa.String(64)),  # the address that sent the run (its share of the verifiers' time)
    sa.Column("cost", sa.Float),  # the replay's expected CPU seconds (from its commands)
    sa.Column("turn", sa.Float),  # its place in the fair queue (game.server.fairness): lowest first
)
sa.Index("jobs_due", jobs.c.lease_until, jobs.c.created)

names = sa.Table(
    "names", metadata,
    sa.Column("canon", sa.String(200), primary_key=True),  # game.server.names.canonical
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("salt", sa.LargeBinary, nullable=False),
    sa.Column("key_hash", sa.LargeBinary, nullable=False),
    sa.Column("confirmed", sa.Boolean, nullable=False, default=False),  # a verified run holds it
    sa.Column("skeleton", sa.String(400), index=True),  # what it looks like (game.server.names.skeleton)
    sa.Column("created", sa.Float, nullable=False),
)

meta = sa.Table(
    "meta", metadata,
    sa.Column("key", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
)


def default_url() -> str:
    """``sqlite:///`` a file in the user's data folder (``game.storage.storage.data_dir``)."""
    from game.storage.storage import data_dir

    return f"sqlite:///{data_dir() / 'board.sqlite3'}"


def engine_for(url: str) -> sa.Engine:
    """An engine for ``url``: ``sqlite:///PATH`` (WAL, waits up to 30 s for a lock) or
    ``postgresql://…`` (through psycopg 3)."""
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        path = sa.make_url(url).database
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return sa.create_engine(url, pool_pre_ping=True)


def _sqlite_pragmas(connection: sqlite3.Connection, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def is_postgres(engine: sa.Engine) -> bool:
    return engine.dialect.name == "postgresql"


def migrate(engine: sa.Engine) -> int:
    """Create the schema, or bring an older one up to ``SCHEMA_VERSION``; the version it is now.
    ``RuntimeError`` for a database made by a newer server. Several processes starting at once
    on PostgreSQL take turns (an advisory lock)."""
    with engine.begin() as connection:
        if is_postgres(engine):
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(27027)"))
        metadata.create_all(connection, checkfirst=True)
        row = connection.execute(sa.select(meta.c.value).where(meta.c.key == "schema")).first()
        if row is None:
            connection.execute(meta.insert().values(key="schema", value=str(SCHEMA_VERSION)))
            return SCHEMA_VERSION
        version = int(row.value)
        if version > SCHEMA_VERSION:
            raise RuntimeError(f"the database has schema {version}, made by a newer server (this one knows "
                               f"{SCHEMA_VERSION})")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS.get(step, []):
                if not _adds_a_column_there(connection, statement):
                    connection.execute(sa.text(statement))
        if version < 3:
            _fill_skeletons(connection)
        connection.execute(meta.update().where(meta.c.key == "schema").values(value=str(SCHEMA_VERSION)))
    return SCHEMA_VERSION


def _fill_skeletons(connection: sa.Connection) -> None:
    """Each name held before schema 3 gets its look-alike skeleton (``game.server.names.skeleton``)."""
    from game.server.names import skeleton

    for canon, name in connection.execute(sa.select(names.c.canon, names.c.name).where(
            names.c.skeleton.is_(None))).all():
        connection.execute(names.update().where(names.c.canon == canon).values(skeleton=skeleton(name)))


def _adds_a_column_there(connection: sa.Connection, statement: str) -> bool:
    """``statement`` is ``ALTER TABLE t ADD COLUMN c …`` and ``t`` has ``c`` already (the table was
    made at this version by ``create_all`` just now)."""
    words = statement.split()
    if words[:2] != ["ALTER", "TABLE"] or words[3:5] != ["ADD", "COLUMN"]:
        return False
    return words[5] in {column["name"] for column in sa.inspect(connection).get_columns(words[2])}


def url_from_env(default: str | None = None) -> str:
    """The database a verifier process is given (``THRESHOLD_DB``: not on its command line,
    where ``ps`` would show a PostgreSQL password)."""
    return os.environ.get("THRESHOLD_DB") or default or default_url()
