"""Player turns among many monsters, the bench's ``turn``, ``turn_200`` and ``vent_turn`` rows
(PERF-3): world code only, like ``game.bench.workloads``, so ``game.tools.wasmcheck`` times them
in the page too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.bench.compared import Compared, median_ms
from game.bench.workloads import Measured

if TYPE_CHECKING:
    from game.world.actor import Actor


def turn_workload(repeat: int, hunters: int = 50) -> Measured:
    """Player turns (waiting) with ``hunters`` monsters hunting the player (PERF-3: fifty).

    Left alone, a monster out of sight loses the trail after ``SEARCH_TURNS`` and goes idle, and by
    turn 21 most of them would be timed doing little. So before each timed turn (untimed) every
    monster that lost the trail is set on it again: every turn times ``hunters`` hunters, what a
    player meets when a whole floor is roused."""
    from game.world.actions import Wait
    from game.content.monsters import MONSTERS
    from game.ai import minds  # noqa: F401 - plugs the monsters' minds into the scheduler
    from game.world.game import Game

    game = Game.in_dungeon("bench-turn")
    floor, player = game.floor, game.player
    player.hp = player.max_hp = 10**9
    walkers = [k for k, m in MONSTERS.items() if not m.stationary and m.behaviour not in ("spawner", "bug", "watcher")]
    free = [(x, y) for y in range(floor.map.height) for x in range(floor.map.width)
            if floor.map.is_floor(x, y) and game.occupant((x, y)) is None and (x, y) != player.pos]
    for monster in list(floor.actors):
        floor.remove_actor(monster)
    rng = game.stream("monsters")
    rng.shuffle(free)
    for i, (x, y) in enumerate(free[:hunters]):
        game.spawn_monster(walkers[i % len(walkers)], x, y)
    measured = Measured()
    for _ in range(repeat):
        for monster in floor.actors:
            if monster.alive and monster.state != "hunting":
                monster.state, monster.target, monster.target_eid = "hunting", player.pos, player.eid
        hunting = sum(m.state == "hunting" for m in floor.actors)
        assert hunting >= hunters * 9 // 10, f"the benchmark keeps its {hunters} monsters hunting ({hunting})"
        assert game.floor is floor and player.alive, "every timed turn is on the floor of the hunters"
        measured.time(lambda: game.perform(Wait()))
    measured.digests["after the turns"] = game.digest()
    return measured


def vent_turn_workload(repeat: int) -> Measured:
    """Player turns on a derelict deck venting through a breach, with PERF-3's fifty awake
    monsters being pulled (<= 2 ms, as PERF-3). Every door is open, so the whole deck vents.

    A deck empties within ``ships.MAX_VENT_TURNS`` and a Warden pulled out ends the floor, so
    no Warden is among the fifty, and between samples (untimed) the air is topped up and a
    monster stands in for each one lost: every timed turn is the one described."""
    from game.world.actions import Wait
    from game.content.monsters import MONSTERS, is_warden
    from game.world import ships
    from game.map.edges import Edge
    from game.ai import minds  # noqa: F401 - plugs the monsters' minds into the scheduler
    from game.world.game import Game

    game = Game.new("bench-vent")
    game.start_on("ship")
    floor, player = game.floor, game.player
    player.hp = player.max_hp = 10**9
    for x, y, side, kind in floor.map.door_edges():
        if kind != Edge.OPEN_DOOR:
            floor.map.set_edge(x, y, side, Edge.OPEN_DOOR)
    game.note_door_changed()
    free = [(x, y) for y in range(floor.map.height) for x in range(floor.map.width)
            if floor.map.is_floor(x, y) and game.occupant((x, y)) is None]
    rng = game.stream("monsters")
    rng.shuffle(free)
    walkers = [k for k, m in MONSTERS.items()
               if not m.stationary and m.behaviour not in ("spawner", "bug", "watcher") and not is_warden(k)]
    bow = max(free, key=lambda p: (p[0], -p[1]))
    ships.breach_near(game, bow)
    pulled: list[Actor] = []
    measured = Measured()
    for turn in range(repeat):
        pulled = [m for m in pulled if m.alive and m in floor.actors]
        spots = (p for p in free if game.occupant(p) is None)
        while len(pulled) < 50:  # PERF-3's fifty awake monsters, on a venting deck
            x, y = next(spots)
            monster = game.spawn_monster(walkers[(turn + len(pulled)) % len(walkers)], x, y)
            monster.state, monster.target, monster.target_eid = "hunting", player.pos, player.eid
            pulled.append(monster)
        state = floor.ship_state
        assert state is not None, "a deck (start_on('ship')) has its air"
        if sum(state.air) < sum(state.capacity(floor.map, room) for room in range(floor.map.room_count)) // 2:
            state.air = [state.capacity(floor.map, room) for room in range(floor.map.room_count)]
        assert game.floor is floor and player.alive and ships.venting(floor), "every timed turn vents the deck"
        measured.time(lambda: game.perform(Wait()))
    measured.digests["after the turns"] = game.digest()
    return measured


def walk_workload(repeat: int, sight: str, seeds: tuple[str, ...] = ("walk-1", "walk-2", "walk-3")) -> Measured:
    """The player's turns as the autoplayer explores a floor (its choice untimed), ``repeat``
    turns spread over ``seeds``, seeing by ``sight``: what every step of a run costs."""
    from game.ai import minds  # noqa: F401 - plugs the monsters' minds into the scheduler
    from game.bot.autoplay import Autoplayer
    from game.world.game import Game

    measured = Measured()
    per_seed = max(1, repeat // len(seeds))
    for seed in seeds:
        game, bot = Game.in_dungeon(seed, sight=sight), Autoplayer()
        for _ in range(per_seed):
            if game.over:
                break
            action = bot.next_action(game)
            measured.time(lambda: game.perform(action))  # noqa: B023 - called at once
        measured.digests[seed] = game.digest()
    return measured


def bench_walk_tile(repeat: int) -> Compared:
    """A turn by the tile beside a turn by the room, on the same seeds, taking turns so a busy
    spell of the machine weighs on both alike."""
    tile: list[float] = []
    room: list[float] = []
    for _ in range(2):
        tile += walk_workload(max(30, repeat // 2), "tile").samples
        room += walk_workload(max(30, repeat // 2), "room").samples
    return Compared(median_ms(tile), median_ms(room), "a turn by the room on the same seeds", max_ratio=1.5,
                    gated=False)
