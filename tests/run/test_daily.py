"""The daily challenge: the date gives the run, the same everywhere; seeds from the page's URL."""

from __future__ import annotations

import datetime as dt
import hashlib
import json

import pytest

from game.app.options import Options, parse_options, with_page_query
from game.run.daily import daily_seed, label, parse_date, share_line
from game.headless import run_headless
from game.world.game import Game


def test_the_seed_is_sha256_of_the_dated_phrase() -> None:
    expected = int.from_bytes(hashlib.sha256(b"threshold-daily-2026-11-22").digest()[:5], "big") % 10**10
    assert daily_seed(dt.date(2026, 11, 22)) == f"{expected:010d}"


def test_every_day_of_a_year_has_its_own_run() -> None:
    days = [dt.date(2026, 1, 1) + dt.timedelta(days=i) for i in range(366)]
    seeds = [daily_seed(day) for day in days]
    assert len(set(seeds)) == len(seeds)
    assert all(len(seed) == 10 and seed.isdigit() for seed in seeds)


def _headless(argv: list[str], capsys) -> dict:
    assert run_headless(parse_options(argv)) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_daily_on_the_command_line_gives_the_same_run_and_other_dates_others(capsys) -> None:
    argv = ["--autoplay", "--headless", "--turns", "60", "--daily"]
    first = _headless([*argv, "2026-11-22"], capsys)
    again = _headless([*argv, "2026-11-22"], capsys)
    other = _headless([*argv, "2026-11-23"], capsys)
    assert first["seed"] == daily_seed(dt.date(2026, 11, 22))
    assert first["digest"] == again["digest"]
    assert other["digest"] != first["digest"]


def test_the_menu_label_and_the_share_line() -> None:
    assert label(dt.date(2026, 11, 22)) == "22 Nov 2026"
    game = Game.new(daily_seed(dt.date(2026, 11, 22)))
    game.turn, game.kills = 4120, 87
    game.world.defeated[:3] = [True] * 3
    assert share_line(game, "2026-11-22") == \
        f"Threshold daily 2026-11-22 — 3/{game.world.regions} Wardens, turn 4 120, 87 kills"
    game.player.hp = 0
    assert share_line(game, "2026-11-22").endswith(", died")


@pytest.mark.parametrize("text", ["2026-13-01", "yesterday", "2026-1-5", "", "2026-11-22x"])
def test_a_bad_date_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not a date like"):
        parse_date(text)


@pytest.mark.parametrize("argv, message", [
    (["--daily", "2026-02-30"], "not a date"),
    (["--seed", "x" * 65], "at most 64"),
    (["--seed", "1", "--daily"], "not both"),
    (["--replay", "/no/such/file.json"], "no file"),
    (["--speed", "0"], "between"),
])
def test_bad_new_options_are_clear_errors(argv, message, capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse_options(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("search, expected", [
    ("?seed=abc", Options(seed="abc")),
    ("?seed=two%20words", Options(seed="two words")),
    ("?seed=a+b", Options(seed="a b")),
    ("?seed=%E2%9C%93%26%3D", Options(seed="✓&=")),
    ("?daily", Options(daily="today")),
    ("?daily=2026-11-22", Options(daily="2026-11-22")),
    ("?daily=soon", Options()),
    ("?seed=" + "x" * 65, Options()),
    ("?seed=7&start=vault", Options(seed="7", start="vault")),
    ("?start=ship", Options(start="ship")),
    ("?seed=7&start=attic", Options(seed="7")),
    ("", Options()),
])
def test_the_page_url_gives_the_seed_or_the_daily(search: str, expected: Options, capsys) -> None:
    assert with_page_query(Options(), search, environ={}) == expected


def test_without_the_page_the_environment_pygbag_fills_is_read() -> None:
    # pygbag turns ?seed=abc into os.environ["seed"] (read from its cpythonrc.py)
    assert with_page_query(Options(), None, environ={"seed": "abc"}).seed == "abc"
    assert with_page_query(Options(), None, environ={"daily": "2026-11-22"}).daily == "2026-11-22"
    assert with_page_query(Options(), None, environ={"seed": "7", "start": "ship"}).start == "ship"
