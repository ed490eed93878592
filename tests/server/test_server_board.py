"""The board's ranking and page, in process (BRD-4, BRD-7): the top 100 and one's own
place below them, each name once by its ranked run, ties by turns then time, practice runs
apart, and the page."""

from __future__ import annotations

import datetime as dt

import pytest

sa = pytest.importorskip("sqlalchemy")
pytest.importorskip("starlette")

from game.server import board  # noqa: E402
from game.server.db import default_url, engine_for, migrate, runs  # noqa: E402
from game.server.names import canonical  # noqa: E402
from game.server.pages import daily_page  # noqa: E402

DAY = "2026-11-22"


@pytest.fixture
def engine(tmp_path):
    made = engine_for(f"sqlite:///{tmp_path / 'board.sqlite3'}")
    migrate(made)
    yield made
    made.dispose()


def verified(engine, run_id: str, name: str, score: int, turns: int = 100, submitted: float = 0.0,
             day: str = DAY, ranked: bool = True) -> None:
    with engine.begin() as connection:
        connection.execute(runs.insert().values(
            id=run_id, name=name, name_canon=canonical(name), recording=b"", size=0, status="verified",
            submitted=1_800_000_000 + submitted, attempts=1, day=day, score=score, wardens=score // 1000, regions=1,
            island_regions=5,
            won=False, cause="killed by the rat on floor 1 of Orrine", turns=turns, kills=0, coins=0, ranked=ranked))


def test_the_board_shows_the_top_100_and_the_asking_players_place(engine):
    for n in range(105):
        verified(engine, f"r{n}", f"player {n}", score=10_000 - n)
    answer = board.daily(engine, DAY, "PLAYER 103")
    assert [row["rank"] for row in answer["runs"]] == list(range(1, 101))
    assert answer["runs"][0]["name"] == "player 0" and answer["you"]["rank"] == 104
    assert board.daily(engine, DAY, "nobody")["you"] is None
    assert board.daily(engine, "2026-11-23")["runs"] == []
    assert board.status(engine, "r103")["result"]["rank"] == 104


def test_each_name_is_ranked_once_by_its_ranked_run_and_ties_go_to_fewer_turns_then_the_first(engine):
    verified(engine, "a1", "Ann", 500)
    verified(engine, "a2", "ann", 5000, turns=300, ranked=False)  # a later attempt: practice, however good
    verified(engine, "b1", "Bo", 900, turns=200, submitted=5)
    verified(engine, "c1", "Cy", 900, turns=200, submitted=9)
    verified(engine, "d1", "Di", 2000, day="2026-11-21")  # another day's
    answer = board.daily(engine, DAY)
    assert [(row["rank"], row["id"]) for row in answer["runs"]] == [(1, "b1"), (2, "c1"), (3, "a1")]
    assert [(row["rank"], row["id"]) for row in answer["practice"]] == [(None, "a2")]
    assert board.status(engine, "a1")["result"]["rank"] == 3
    assert board.status(engine, "a2")["result"]["rank"] is None and not board.status(engine, "a2")["ranked"]
    assert board.status(engine, "nothing") is None


def test_the_page_links_the_days_around_and_marks_ones_own_row(engine):
    verified(engine, "a1", "Ann & <Co>", 500)
    page = daily_page(board.daily(engine, DAY, "ann & <co>"), dt.date(2026, 11, 22), "ann & <co>")
    assert "Ann &amp; &lt;Co&gt;" in page and "<Co>" not in page
    assert '<tr class="you">' in page and 'href="/?watch=a1"' in page
    assert 'href="/daily/2026-11-21?name=ann%20%26%20%3Cco%3E"' in page and 'href="/daily/2026-11-23' in page
    assert "<script" not in page
    empty = daily_page(board.daily(engine, "2026-01-01"), dt.date(2026, 1, 1))
    assert "No verified run yet" in empty and 'href="/daily/2025-12-31"' in empty


def test_the_default_database_is_in_the_players_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_url() == f"sqlite:///{tmp_path / 'threshold' / 'board.sqlite3'}"
