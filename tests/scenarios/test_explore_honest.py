"""Auto-explore, travel and walks that a Brogue player can trust (UI-6, UI-12):
no automatic route springs a vault trap, ``x`` says what it does, walking onto coins, keys and
potions picks them up, and long rests and walks take moments."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from game.app.app import App
from game.app.options import Options
from game.app.script import run_script
from game.app.walking import RESTING
from game.bot.explore import VAULT_DONE, safe, stairs_route, walk_route
from game.content.items import ITEMS
from game.run.recording import Recording
from game.run.replay import replay
from game.world.actions import Move, PickUp

if TYPE_CHECKING:
    from game.world.action import Action
    from game.world.game import Game


def app_on(seed: str, tmp_path, start: str = "dungeon") -> App:
    app = App(Options(fps=0, seed=seed, start=start, save_dir=str(tmp_path / seed)))
    run_script(app, "")
    return app


def clear_monsters(game: Game) -> None:
    for monster in list(game.floor.actors):
        game.floor.remove_actor(monster)
    game.update_visibility()


def texts(game: Game, count: int = 6) -> list[str]:
    return [m.text for m, _ in game.log.last(count)]


def test_x_never_springs_a_vault_trap_on_50_vault_seeds(tmp_path) -> None:
    stopped_safe = 0
    for seed in range(1, 51):
        app = app_on(str(seed), tmp_path, "vault")
        game = app.state.game
        run_script(app, "x*8")
        state = game.floor.vault_state
        assert not state.sprung.any(), f"seed {seed}: x sprang a trap"
        stopped_safe += VAULT_DONE in texts(game, 12)
    assert stopped_safe >= 25, "x says when what is safe is explored"


def test_a_vault_explored_by_x_replays_exactly(tmp_path) -> None:
    app = app_on("7", tmp_path, "vault")
    run_script(app, "x*4")
    run = app.state.run
    assert run.game.inventory.coins > 0, "walking onto the coins picked them up"
    report = replay(Recording.from_json(run.recording_now().to_json()))
    assert report.ok and report.digest == run.game.digest(), report.problem


def test_travel_and_clicks_in_a_vault_keep_to_revealed_cells(tmp_path) -> None:
    for seed in ("8", "9", "10", "12"):
        game = app_on(seed, tmp_path, "vault").state.game
        game.floor.seen_rooms[:] = True  # as if the stairs were in sight
        known = safe(game)
        route, _ = stairs_route(game, down=True)
        assert route is None or all(known[y, x] for x, y in route), f"seed {seed}: > crosses unrevealed cells"
        hidden = np.argwhere(~known & game.floor.level.vault.inside)
        y, x = hidden[0]
        assert walk_route(game, (int(x), int(y))) is None, "a click never walks onto an unrevealed cell"
        far = max(((int(x), int(y)) for y, x in np.argwhere(known & game.floor.level.vault.inside)),
                  key=lambda t: abs(t[0] - game.player.x) + abs(t[1] - game.player.y))
        walked = walk_route(game, far)
        assert walked is None or all(known[y, x] for x, y in walked)


def test_x_rests_first_when_badly_hurt_and_says_so(tmp_path) -> None:
    app = app_on("rest", tmp_path)
    game = app.state.game
    clear_monsters(game)
    game.player.hp = 5
    turn, said = game.turn, len(game.log.messages)
    run_script(app, "x")
    assert game.log.messages[said].text == RESTING, "the rest is announced at once, not silent"
    assert game.turn > turn + 20 and game.player.hp > 5


def test_x_with_a_foe_in_view_neither_walks_nor_fights_but_says_why(tmp_path) -> None:
    app = app_on("fight", tmp_path)
    game = app.state.game
    clear_monsters(game)
    px, py = game.player.pos
    spot = next((px + dx, py + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if game.floor.map.can_step(px, py, dx, dy))
    rat = game.spawn_monster("rat", *spot)
    game.update_visibility()
    turn = game.turn
    run_script(app, "x")
    assert game.player.pos == (px, py) and rat.hp == rat.max_hp and game.turn == turn
    refused = "Not while the rat is in view: fight it (move into it) or get away first."
    assert texts(game, 1) == [refused]
    run_script(app, "x")
    hint = 'Exploring can fight what blocks it: turn on "Explore fights what blocks it" in the menu\'s options.'
    assert texts(game, 2) == [refused, hint], "asked again, x says how to let it fight"
    run_script(app, "x x")
    assert [m.text for m in game.log.messages].count(hint) == 1, "once a run"
    assert game.player.pos == (px, py) and game.turn == turn
    run_script(app, {(1, 0): "Right", (-1, 0): "Left", (0, 1): "Down", (0, -1): "Up"}[(spot[0] - px, spot[1] - py)])
    assert game.turn > turn, "fighting stays one keypress away"


def _free_line(game: Game, length: int) -> list[tuple[int, int]] | None:
    """Tiles east (or west) of the player, in one room, steppable, with no item."""
    px, py = game.player.pos
    for dx in (1, -1):
        tiles = [(px + dx * i, py) for i in range(1, length + 1)]
        if all(game.floor.map.room_at(*t) == game.floor.map.room_at(px, py) and not game.floor.items_at(t)
               for t in tiles) and all(game.floor.map.can_step(x - dx, y, dx, 0) for x, y in tiles):
            return tiles
    return None


def test_walking_onto_a_potion_picks_it_up_but_equipment_waits_for_g(tmp_path) -> None:
    for seed in ("pick", "pick2", "pick3", "pick4"):
        app = app_on(seed, tmp_path)
        play = app.state
        game = play.game
        clear_monsters(game)
        tiles = _free_line(game, 4)
        if tiles is not None:
            break
    assert tiles is not None
    route = walk_route(game, tiles[3])
    game.drop_item("potion_healing", route[0])
    sword = next(kind for kind, spec in ITEMS.items() if spec.category == "weapon"
                 and kind != game.inventory.weapon)
    game.drop_item(sword, route[1])
    game.drop_item("coins", route[-1], 5)
    before, coins = game.inventory.count("potion_healing"), game.inventory.coins
    play.walks.to(tiles[3])  # a click on the far tile
    run_script(app, "")
    assert game.player.pos == tiles[3]
    assert game.inventory.count("potion_healing") == before + 1, "the potion walked over is taken"
    assert game.inventory.coins == coins + 5, "and the coins"
    assert [item.kind for item in game.floor.items_at(route[1])] == [sword], "the sword waits for g"
    commands = play.run.recording.commands
    assert PickUp() in [_decoded(c) for c in commands], "picking up is a recorded command"


def _decoded(entry: list[Any]) -> Action | None:
    from game.run.recording import decode

    return decode(entry) if entry and entry[0] != "note" else None


def test_a_key_step_onto_coins_picks_them_up(tmp_path) -> None:
    app = app_on("coins", tmp_path)
    game = app.state.game
    clear_monsters(game)
    tiles = _free_line(game, 1)
    assert tiles is not None
    game.drop_item("coins", tiles[0], 7)
    coins = game.inventory.coins
    app.state.act(Move(tiles[0][0] - game.player.x, 0), 0.0)
    assert game.inventory.coins == coins + 7 and not game.floor.items_at(tiles[0])


def test_resting_150_turns_takes_about_a_second(tmp_path) -> None:
    """At 60 frames a second, on a machine as fast as a desktop (a rest's step a tenth of a
    millisecond, a frame drawn in two): the steps due at the fast pace, several a frame. The
    machine's own speed is the bench's to measure, not this test's: its clocks are the test's."""
    app = app_on("long rest", tmp_path)
    play = app.state
    game = play.game
    clear_monsters(game)
    game.player.max_hp = 400  # a long rest: regeneration is slow
    game.player.hp = 1
    turn = game.turn
    frame_ms, readings = [0.0], iter(range(1_000_000))
    app.now_ms = lambda: frame_ms[0]
    play.walks.clock = play.pacing.clock = lambda: next(readings) * 0.0001
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, unicode="z", mod=0))
    frames = 0
    while (play.walk is not None or game.turn == turn) and game.turn - turn < 150 and frames < 600:
        app.frame()
        app.draw_ms = 2.0
        frame_ms[0] += 1000 / 60
        frames += 1
    assert game.turn - turn >= 150, f"the rest went on ({game.turn - turn} turns)"
    assert frames <= 60, f"150 turns in {frames} frames"


def test_a_fast_walk_still_stops_on_the_step_a_monster_comes_into_view(tmp_path) -> None:
    slow = app_on("interrupt fast", tmp_path)
    fast = app_on("interrupt fast", tmp_path / "b")
    for app in (slow, fast):
        clear_monsters(app.state.game)
        app.state.game.floor.seen_rooms[:] = True
    from game.app import play_walks

    ends = []
    for app, pace in ((slow, play_walks.TRAVEL_STEP_MS), (fast, play_walks.FAST_STEP_MS)):
        original = play_walks.FAST_STEP_MS
        play_walks.FAST_STEP_MS = pace
        try:
            run_script(app, ">")
        finally:
            play_walks.FAST_STEP_MS = original
        ends.append((app.state.game.turn, app.state.game.player.pos))
    assert ends[0] == ends[1], "the pace changes nothing but the time taken"


def test_x_explores_on_past_an_eel_in_its_water(tmp_path) -> None:
    """An eel never leaves its deep water (TER-5): it is a shore to keep off, not a foe to wait out."""
    from game.map.ground import Ground
    from game.world.terrain import TerrainState

    app = app_on("fight", tmp_path)
    game = app.state.game
    clear_monsters(game)
    px, py = game.player.pos
    spot = next((px + dx, py + dy) for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2))
                if game.floor.map.room_at(px + dx, py + dy) == game.floor.map.room_at(px, py))
    game.floor.terrain = terrain = TerrainState.fresh(game.floor.level)
    terrain.ground[spot[1], spot[0]] = Ground.WATER
    eel = game.spawn_monster("eel", *spot)
    game.update_visibility()
    assert game.player_sees(eel)
    turn = game.turn
    run_script(app, "x")
    assert not any(m.text.startswith("Not while the marsh eel") for m in game.log.messages)
    assert game.turn > turn, "x explores"
