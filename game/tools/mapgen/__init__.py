"""Write one generated level (SPEC TOOL-1): exactly what the game makes for a seed.

    python -m game.tools.mapgen --kind dungeon|vault|ship|overworld --seed S [--region R --depth D]
                                [--width W --height H] [--format json|ascii|png] [--out FILE]
                                [--until PASS]

The seed is a run's seed, as typed in the game: ``--kind overworld`` is the island
of that run; ``--kind dungeon``, ``vault`` and ``ship`` the room floor, trap vault
or derelict deck the run makes at floor ``D`` (1 = the top one) of region ``R``'s dungeon (``R`` is
a region id, the index into the overworld's ``names``). Without them: the first
floor of that kind in the order the run plays (with ``--depth`` alone: the first at
that depth). So outside checkers check what players play. ``--width``/``--height``
make a level of another size from the same random stream (no longer the game's);
every kind makes exactly the size asked for, or the tool says why it cannot.
``--format json`` follows SPEC §16 exactly (documented in ``game/tools/LEVEL_FORMAT.md``);
``ascii`` and ``png`` are for looking at maps. ``--until`` stops the generator
after a named pass to show the pipeline step by step.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace


from game.cli import count, positive, seed_text, writable_file
from game.mapgen.dungeon import PASSES, DungeonParams
from game.mapgen.overworld import PASSES as OVERWORLD_PASSES, SHAPES, OverworldParams, generate_overworld
from game.mapgen.ship import PASSES as SHIP_PASSES, ShipParams
from game.mapgen.vault import PASSES as VAULT_PASSES, VaultParams
from game.rng import Rng, seed_from_text
from game.tools.mapgen.pictures import save_overworld_png, save_png
from game.tools.mapgen.vault_views import save_vault_png, vault_ascii
from game.mapgen.level_json import level_json, overworld_json, vault_json
from game.map.ascii import render_map
from game.world import travel
from game.world.game import Game
from game.map.level import Level

KINDS = ("dungeon", "vault", "ship", "overworld")
SIZE_RANGE = {"dungeon": (4, 2000), "vault": (5, 1000), "ship": (24, 2000), "overworld": (16, 10_000)}
"""Widths and heights the tool accepts, each checked: a 2000x2000 room floor (41 000 rooms)
takes about 16 s; a 1000x1000 vault a few seconds; a 10 000 x 10 000 island about 15 s
and 1 GB (PERF-4)."""
MAX_SHIP_AREA = 640_000
"""A deck of 800x800 tiles takes some 10 s to furnish, 1000x1000 over 30 s (its time grows
faster than its area), so a larger deck is refused."""
JSON_LIMIT = 4_000_000  # tiles: beyond this, JSON grids are impractically large (use png)
DEFAULT_AREA = DungeonParams().width * DungeonParams().height


def dungeon_params(width: int | None, height: int | None) -> DungeonParams:
    """Default params, with the wanted room count scaled to a custom map size."""
    params = DungeonParams()
    if width is None and height is None:
        return params
    w, h = width or params.width, height or params.height
    area = w * h
    low, high = params.room_count or (30, 60)
    scaled = (max(1, round(low * area / DEFAULT_AREA)), max(2, round(high * area / DEFAULT_AREA)))
    return replace(params, width=w, height=h, room_count=scaled if area >= 600 else None,
                   min_room_area=min(params.min_room_area, max(1, area // 40)))


def generate(kind: str, seed_text: str, width: int | None = None, height: int | None = None,
             until: str | None = None, shape: str = "particles", region: int | None = None,
             depth: int | None = None):
    """The level the game makes for run ``seed_text``: its island, or the room floor at
    ``depth`` of ``region``'s dungeon (default: the first floor of the first region played).
    A custom size makes a level of that size from the same random stream."""
    if kind == "overworld":
        defaults = OverworldParams()
        params = OverworldParams(width=width or defaults.width, height=height or defaults.height, shape=shape)
        return generate_overworld(Rng.stream(seed_from_text(seed_text), "world"), params, until or "names")
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; available: {', '.join(KINDS)}")
    game = Game.new(seed_text)
    region, depth = _floor_of(game, kind, region, depth)
    if kind == "vault":
        vault = None if width is None and height is None else VaultParams(
            width or VaultParams().width, height or VaultParams().height)
        return travel.floor_vault(game, region, depth, vault, until or "numbers")
    if kind == "ship":
        ship = None if width is None and height is None else ShipParams(
            width or ShipParams().width, height or ShipParams().height)
        return travel.floor_level(game, region, depth, ship, until or "populate")
    dungeon = None if width is None and height is None else dungeon_params(width, height)
    return travel.floor_level(game, region, depth, dungeon, until or "populate")


def _floor_of(game: Game, kind: str, region: int | None, depth: int | None) -> tuple[int, int]:
    """The floor to show: the one asked for (it must be of the kind), else the run's first of
    the kind (at ``depth`` when only that is given, in the order the run plays the regions)."""
    world = game.world
    if region is not None and not 0 <= region < world.regions:
        raise ValueError(f"run {game.seed_text!r} has regions 0 to {world.regions - 1}")
    if depth is not None and depth < 1:
        raise ValueError(f"--depth counts floors from 1 (the top one), not {depth}")
    if region is not None and depth is not None and not 1 <= depth <= world.floors(region):
        raise ValueError(f"region {region} ({world.names[region]}) has floors 1 to {world.floors(region)}")
    floors = [(r, d) for r in ([region] if region is not None else world.order)
              for d in ([depth] if depth is not None else range(1, world.floors(r) + 1))
              if 1 <= d <= world.floors(r)]
    if not floors:  # only a depth was given, and no region goes that deep
        raise ValueError(f"no region of run {game.seed_text!r} has a floor {depth}: the deepest has "
                         f"{max(world.floors(r) for r in world.order)}")
    of_kind = [(r, d) for r, d in floors if travel.floor_kind(game, r, d) == kind]
    if not of_kind:
        where = ", ".join(f"region {r} floor {d}" for r, d in floors[:6])
        raise ValueError(f"run {game.seed_text!r} makes no {kind} floor at {where}")
    return of_kind[0]


def level_ascii(level: Level) -> str:
    marks = {(p.x, p.y): p.kind[0] for p in level.placements}
    if level.entrance[0] >= 0:
        marks[level.entrance] = "<"
        marks[level.exit] = ">"
    return render_map(level.map, marks)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.mapgen", description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=KINDS, default="dungeon")
    parser.add_argument("--seed", type=seed_text, default="1", help="a run's seed, as typed in the game")
    sizes = ", ".join(f"{kind} {low}-{high}" for kind, (low, high) in SIZE_RANGE.items())
    parser.add_argument("--width", type=count, help=f"tiles ({sizes})")
    parser.add_argument("--height", type=count, help=f"tiles ({sizes}; a ship's is even)")
    parser.add_argument("--format", choices=("json", "ascii", "png"), default="json")
    parser.add_argument("--out", type=writable_file, help="file to write (default: stdout; required for png)")
    parser.add_argument("--until", choices=sorted(set(PASSES) | set(OVERWORLD_PASSES) | set(VAULT_PASSES)
                                                  | set(SHIP_PASSES)),
                        help="stop after this generator pass (dungeon: " + ", ".join(PASSES)
                             + "; vault: " + ", ".join(VAULT_PASSES) + "; ship: " + ", ".join(SHIP_PASSES)
                             + "; overworld: " + ", ".join(OVERWORLD_PASSES) + ")")
    parser.add_argument("--region", type=count, help="dungeon, vault, ship: the region id (default: the first one "
                                                       "played that has a floor of the kind)")
    parser.add_argument("--depth", type=positive, help="dungeon, vault, ship: the floor, 1 = the top one (default: "
                                                         "the first of the kind)")
    parser.add_argument("--shape", choices=SHAPES, default="particles",
                        help="overworld landmass: rolling particles (the default) or edge erosion (the coast "
                             "worn away at random from the edges)")
    args = parser.parse_args(argv)
    low, high = SIZE_RANGE[args.kind]
    for name in ("width", "height"):
        value = getattr(args, name)
        if value is not None and not low <= value <= high:
            parser.error(f"--{name} must be between {low} and {high} for --kind {args.kind}")
    if args.kind == "ship" and args.height is not None and args.height % 2:
        parser.error("--height of a ship is even (its keel runs between two rows)")
    deck = ShipParams()
    if args.kind == "ship" and (args.width or deck.width) * (args.height or deck.height) > MAX_SHIP_AREA:
        parser.error(f"a ship is at most {MAX_SHIP_AREA:,} tiles (--width times --height, e.g. 800x800)")
    passes = {"dungeon": PASSES, "vault": VAULT_PASSES, "ship": SHIP_PASSES, "overworld": OVERWORLD_PASSES}[args.kind]
    if args.until is not None and args.until not in passes:
        parser.error(f"--until for a {args.kind} is one of {', '.join(passes)}")
    if args.kind == "overworld" and (args.region is not None or args.depth is not None):
        parser.error("--region and --depth choose a floor below the island: use them with a dungeon, vault or ship")
    if args.kind == "vault" and args.until not in (None, "numbers") and args.format == "json":
        parser.error("--format json needs the whole vault; use ascii or png with --until")
    if args.format == "png" and not args.out:
        parser.error("--format png needs --out FILE")
    if args.kind == "overworld" and args.format == "ascii":
        parser.error("--format ascii is for dungeons; use json or png for the overworld")
    island = OverworldParams()
    if args.kind == "overworld" and args.format == "json" and \
            (args.width or island.width) * (args.height or island.height) > JSON_LIMIT:
        parser.error(f"a {args.width or island.width}x{args.height or island.height} map is too big for JSON; "
                     "use --format png")
    try:
        level = generate(args.kind, args.seed, args.width, args.height, args.until, args.shape, args.region,
                         args.depth)
    except ValueError as error:
        parser.error(str(error))
    if args.format == "png":
        try:
            if args.kind == "overworld":
                save_overworld_png(level, args.out)
            elif args.kind == "vault":
                save_vault_png(level, args.out)
            else:
                save_png(level, args.out)
        except (OSError, RuntimeError) as error:  # pygame.error, for a file it cannot write, is a RuntimeError
            parser.exit(2, f"mapgen: cannot write {args.out}: {error}\n")
        return 0
    if args.kind == "overworld":
        output = json.dumps(overworld_json(level, args.seed), separators=(",", ":")) + "\n"
    elif args.format == "json":
        to_json = vault_json if args.kind == "vault" else level_json
        output = json.dumps(to_json(level, args.seed), separators=(",", ":")) + "\n"
    else:
        output = vault_ascii(level) if args.kind == "vault" else level_ascii(level)
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as handle:
                handle.write(output)
        except OSError as error:
            parser.exit(2, f"mapgen: cannot write {args.out}: {error.strerror}\n")
    else:
        sys.stdout.write(output)
    return 0
