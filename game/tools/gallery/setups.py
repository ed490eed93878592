"""More of the gallery's set-ups (``game.tools.gallery.shots``): the pointer resting on things of
a real floor (a deck's hull and vacuum, a vault's revealed cell, the zoomed map, a shop's ware, a
training dummy), the verb menus a click opens, and screens put up directly (loading, a replay, the
error screen, the end of a won run). Each takes the ``App`` and leaves the picture on its screen;
nothing depends on the clock (``game.app.script`` simulates it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.tools.gallery.floors import playing

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.state import State
    from game.progress import Steps
    from game.world.game import Game

Point = tuple[float, float]  # a map point, in tiles


def point_at(app: App, point: Point) -> None:
    """The pointer resting on ``point`` of the play screen's map (drawn first, so the camera is placed)."""
    play = playing(app)
    play.draw(app.screen, app.now_ms())
    x, y = point
    camera = play.camera
    assert camera is not None, "placed by the draw above"
    ox, oy = camera.tile_origin(int(x), int(y))
    tile = camera.tile
    play.mouse = (ox + round((x % 1) * tile), oy + round((y % 1) * tile))


def _nearest(game: Game, points: list[tuple[int, int, Point]]) -> Point:
    """The point of ``points`` (``(x, y, point)``) whose tile is nearest the player (then the first in reading order)."""
    px, py = game.player.pos
    return min(points, key=lambda p: (max(abs(p[0] - px), abs(p[1] - py)), p[1], p[0]))[2]


def hover_hull(app: App) -> None:
    """The pointer by the hull nearest the player on a derelict deck."""
    from game.map.edges import Edge

    game = playing(app).game
    area, floor = game.floor.map, game.floor
    edges = [(x, y, (x + 0.5 + 0.45 * dx, y + 0.5 + 0.45 * dy)) for y in range(area.height) for x in range(area.width)
             if floor.in_sight(x, y) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
             if area.edge_kind_toward(x, y, dx, dy) == Edge.HULL and (x, y) != game.player.pos]
    point_at(app, _nearest(game, edges))


def hover_vacuum(app: App) -> None:
    """The pointer on the vacuum beside the nearest seen compartment of a derelict deck."""
    game = playing(app).game
    area, seen = game.floor.map, game.floor.seen_rooms
    outside = [(x, y, (x + 0.5, y + 0.5)) for y in range(area.height) for x in range(area.width)
               if area.room_at(x, y) < 0 and any(
                   area.room_at(x + dx, y + dy) >= 0 and seen[area.room_at(x + dx, y + dy)]
                   for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))]
    point_at(app, _nearest(game, outside))


def hover_vault_cell(app: App) -> None:
    """The pointer on the revealed cell with traps around it nearest the player in a vault."""
    game = playing(app).game
    state, field_ = game.floor.vault_state, game.floor.level.vault
    assert state is not None and field_ is not None, "a trap vault's floor"
    numbers = field_.numbers
    cells = [(x, y, (x + 0.5, y + 0.5)) for y, x in zip(*state.revealed.nonzero())
             if numbers[y, x] > 0 and (x, y) != game.player.pos]
    point_at(app, _nearest(game, [(int(x), int(y), p) for x, y, p in cells]))


def hover_zoomed_door(app: App) -> None:
    """The zoomed map (``o`` already pressed), the pointer on the known door nearest the player
    but not beside them (where the player's mark would hide it)."""
    from game.map.edges import IS_DOOR

    play = playing(app)
    play.draw(app.screen, app.now_ms())  # the zoomed picture's origin and scale
    game = play.game
    area, seen = game.floor.map, game.floor.seen_rooms
    doors = [(x, y, (x + 0.5 + 0.5 * dx, y + 0.5 + 0.5 * dy)) for y in range(area.height) for x in range(area.width)
             if area.room_at(x, y) >= 0 and seen[area.room_at(x, y)] for dx, dy in ((1, 0), (0, 1))
             if IS_DOOR[area.edge_kind_toward(x, y, dx, dy)]
             and max(abs(x - game.player.x), abs(y - game.player.y)) > 3]
    fx, fy = _nearest(game, doors)
    assert play.view.zoom is not None, "the zoomed map, drawn above"
    ox, oy, tile = play.view.zoom
    play.mouse = (round(ox + fx * tile), round(oy + fy * tile))


def visit(app: App, kind: str, hover: str = "") -> None:
    """The player inside the first special room of ``kind`` (a shop, a training ground) in the
    run's seed, only the room's own people on the floor; the pointer on its first ware
    (``hover="ware"``) or its first fixture (``"fixture"``)."""
    import numpy as np

    from game.content.specials import FIXTURES
    from game.tools.gallery.floors import put_on_screen
    from game.world import travel
    from game.world.game import Game
    from game.world.specials import peaceful

    game = Game.new(playing(app).game.seed_text)
    region, depth = next((r, d) for r in game.world.order for d in range(1, game.world.floors(r) + 1)
                         if travel.floor_kind(game, r, d) == "dungeon"
                         and any(s.kind == kind for s in travel.floor_level(game, r, d).specials))
    game.enter_dungeon(region, depth)
    floor = game.floor
    room = next(s.room for s in floor.level.specials if s.kind == kind)
    for monster in list(floor.actors):
        if not peaceful(monster):
            floor.remove_actor(monster)
    taken = {a.pos for a in floor.actors} | {i.pos for i in floor.items} | {f.pos for f in floor.level.features}
    ys, xs = np.nonzero(floor.map.rooms == room)
    middle = (xs.mean(), ys.mean())
    free = sorted(((int(x), int(y)) for x, y in zip(xs, ys) if (x, y) not in taken),
                  key=lambda p: ((p[0] - middle[0]) ** 2 + (p[1] - middle[1]) ** 2, p[1], p[0]))
    game.log.messages.clear()  # not the island's welcome: what the room says
    game.log.repeats.clear()
    game.move_actor(game.player, *free[0])
    game.update_visibility()
    put_on_screen(app, game)
    in_room = [(x, y) for x, y in zip(xs.tolist(), ys.tolist())]
    if hover == "ware":
        ware = next(i for i in floor.items if i.price and (i.x, i.y) in in_room)
        point_at(app, (ware.x + 0.5, ware.y + 0.5))
    elif hover == "fixture":
        fixture = next(f for f in floor.level.features if f.kind in FIXTURES and (f.x, f.y) in in_room)
        point_at(app, (fixture.x + 0.5, fixture.y + 0.5))


def click(app: App, point: Point) -> None:
    """A mouse click on ``point`` of the play screen's map (what a click there does, it does)."""
    point_at(app, point)
    pos = playing(app).mouse
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame()


def verbs_for_a_monster(app: App) -> None:
    """A rat four steps away in a hall, TNT and a bow in the pack: a click on it offers its verbs."""
    from game.tools.gallery.floors import HALL, hand_drawn, put_on_screen

    game = hand_drawn(HALL, {})
    game.spawn_monster("rat", 5, 0)
    game.inventory.add("tnt", 2)
    game.inventory.ranged = "bow"
    game.inventory.add("arrows", 12)
    game.update_visibility()
    put_on_screen(app, game)
    click(app, (5.5, 0.5))


def verbs_for_yourself(app: App) -> None:
    """Hurt, by an open door, nothing underfoot: a click on yourself offers what you can do."""
    from game.tools.gallery.floors import hand_drawn, put_on_screen

    game = hand_drawn(BY_A_DOOR, {})
    game.floor.level.exit = game.floor.level.entrance = (4, 1)  # the stairs away from the player
    game.player.hp = max(1, game.player.max_hp // 2)
    put_on_screen(app, game)
    click(app, (game.player.x + 0.5, game.player.y + 0.5))


BY_A_DOOR = """
+-+-+-+-+-+
|. . @o. .|
+ + + +-+-+
|. . . . .|
+-+-+-+-+-+
"""
"""A room with an open door east of the player (``@``)."""


def loading(app: App) -> None:
    """The loading screen of a new run, some way along (held still: no steps run)."""
    from game.app.loading import LoadingState

    class Held(LoadingState):
        def update(self, now_ms: float) -> LoadingState:
            return self

        def animating(self, now_ms: float) -> bool:
            return False

    def no_steps() -> Steps[State]:  # held: none are run
        yield from ()
        return app.state

    state = Held(app, no_steps(), "A new run", "Seed 7")
    for name in ("imports", "noise", "mask", "heights", "terrain"):
        state._advance(name)
    app.state = state


def replay(app: App, commands: int = 12) -> None:
    """Watching the run on screen as a recording (``--replay``), ``commands`` in, paused."""
    from game.app.replay_screen import ReplayState
    from game.progress import finish
    from game.run.replay import Replayer

    replayer = finish(Replayer.start_steps(playing(app).run.recording_now()))
    state = ReplayState(app, replayer, 4)
    finish(state.view.prepare(replayer.run.game))
    for _ in range(commands):
        replayer.step()
    state.paused = True
    state.view.sync(state.game, app.now_ms())
    app.state = state


def error(app: App) -> None:
    """The error screen over the run on screen, for an error raised where a screen's would be."""
    from game.app.error_screen import ErrorState
    from game.app.report import problem_report

    def broken_draw() -> None:
        raise ValueError("a picture of the error screen (no real bug)")

    try:
        broken_draw()
    except ValueError as problem:
        report = problem_report(app, problem, type(app.state).__name__)
        app.state = ErrorState(app, problem, failed=app.state, report=report)


def victory(app: App) -> None:
    """A won run: on the run on screen, the player goes down to each region's last floor and its
    Warden falls there (the game's own bookkeeping of a Warden's death: gates, messages, kills),
    so the summary's numbers agree with its headline. Playing a whole run would take too long."""
    from game.world import events

    play = playing(app)
    game = play.game
    for region in game.world.order:
        game.enter_dungeon(region, game.world.floors(region))
        game.kills += 1
        events.warden_falls(game, region)
    game.returning = None
    play.view.sync(game, app.now_ms())
    app.frame()  # the play screen sees the run won: the victory summary


HELPERS = {f.__name__: f for f in (point_at, hover_hull, hover_vacuum, hover_vault_cell, hover_zoomed_door, visit,
                                   click, verbs_for_a_monster, verbs_for_yourself, loading, replay, error, victory)}
