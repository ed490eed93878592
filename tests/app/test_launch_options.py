"""Launch options apply to the first run only, the opening line names where you are, the daily
names itself in the sidebar, and a seed shows as itself or as code points, never as boxes
(UI-13)."""

from __future__ import annotations

from game.app.app import App
from game.app.menus import CreditsState
from game.app.options import Options
from game.render import text
from game.run.run import Run
from tests.helpers import until_playing


def test_start_applies_to_the_first_run_only(display) -> None:
    app = App(Options(seed="7", start="vault", fps=0))
    first = until_playing(app).game
    assert first.floor.level.vault is not None, "--start vault: the first run begins in a vault"
    app.state = app.runs.start_run("8")  # New run, Enter seed or the daily, from the title
    assert until_playing(app).game.on_overworld, "the next run begins on the island"


def test_start_from_the_title_is_spent_by_the_first_run(display) -> None:
    app = App(Options(start="ship", fps=0))  # no seed: the title first
    app.state = app.runs.start_run("one")
    assert until_playing(app).game.floor.level.kind == "ship"
    app.state = app.runs.start_run("two")
    assert until_playing(app).game.on_overworld


def test_the_opening_line_names_the_region_the_sidebar_names() -> None:
    for start in ("island", "dungeon", "vault", "ship"):
        game = Run.new("7", start).game
        opening = game.log.last(game.log.limit)[0][0].text
        region = game.world.names[game.region] if game.region is not None else game.world.names[game.world.order[0]]
        assert region in opening and region in game.place_name, (start, opening, game.place_name)
        others = [name for name in game.world.names if name != region and name not in region]
        assert not any(name in opening for name in others), (start, opening)


def test_the_daily_is_named_in_the_sidebar() -> None:
    assert Run.new("0123456789", daily="2026-11-25").game.heading == "Daily, 25 Nov 2026"
    assert Run.new("hello").game.heading == "Seed hello"


def test_a_seed_the_font_cannot_draw_shows_its_code_points(display) -> None:
    assert text.shown("skull☠") == "skull[U+2620]"
    assert text.shown("Ünïcödé Жλ") == "Ünïcödé Жλ", "what the font draws shows as itself"
    assert text.width_of("Seed skull☠", 20) == text.width_of("Seed skull[U+2620]", 20)
    assert (text.render("Seed skull☠", 20, (255, 255, 255)).get_size()
            == text.render("Seed skull[U+2620]", 20, (255, 255, 255)).get_size())


def test_credits_are_words_not_markdown(display) -> None:
    app = App(Options(fps=0))
    lines = CreditsState(app, app.state).lines
    assert lines[0] != "Credits", "the screen's title is not said twice"
    joined = "\n".join(lines)
    for markup in ("**", "](", "`", "<http", "# "):
        assert markup not in joined, markup
    assert "CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/)" in joined
