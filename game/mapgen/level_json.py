"""Every level kind as the JSON object of SPEC §16 (documented in ``game/tools/LEVEL_FORMAT.md``):
what ``python -m game.tools.mapgen --format json`` prints and the benchmarks and the browser
check compare. Plain data out: lists, dicts, ints and strings."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from game.map.edges import JSON_NAME, Edge
from game.map.floor_map import FloorMap, Side
from game.map.ground import Ground, bare
from game.map.level import Level
from game.mapgen.island_life import run_life
from game.mapgen.overworld import OverworldLevel
from game.mapgen.vault import Vault
from game.rng import seed_from_text


def overworld_json(level: OverworldLevel, seed_text: str) -> dict[str, Any]:
    """The SPEC §16 object for the overworld."""
    return {
        "kind": "overworld",
        "seed": seed_text,
        "width": level.width,
        "height": level.height,
        "terrain": level.terrain.tolist(),
        "regions": level.regions.astype(np.int64).tolist(),
        "gates": [{"x": g.x, "y": g.y, "regions": list(g.regions)} for g in level.gates],
        "entrances": [{"x": x, "y": y, "region": region} for region, (x, y) in enumerate(level.entrances)],
        "names": list(level.names),
        "themes": list(level.themes),
        "entities": island_entities(level, seed_text),
    }


def island_entities(level: OverworldLevel, seed_text: str) -> list[dict[str, str | int | bool]]:
    """The island's residents, caches, wares and places (SPEC TER-8) as the run with this seed
    makes them, listed as a floor's ``entities``."""
    life = run_life(seed_from_text(seed_text), level)
    return entities(Level("overworld", FloorMap.empty(1, 1), (0, 0), (-1, -1), placements=life.placements,
                          features=life.features))


def level_json(level: Level, seed_text: str) -> dict[str, Any]:
    """The SPEC §16 object for a room floor or a derelict deck."""
    floor = level.map
    edges: list[dict[str, Any]] = []
    for side, array in ((Side.N, floor.north), (Side.W, floor.west)):
        for y in range(array.shape[0]):
            for x in range(array.shape[1]):
                kind = int(array[y, x])
                if kind != Edge.OPEN:
                    edges.append({"x": x, "y": y, "side": side.name, "kind": JSON_NAME[kind]})
    edges.sort(key=lambda e: (e["y"], e["x"], e["side"]))
    return {
        "kind": level.kind,
        "seed": seed_text,
        "width": floor.width,
        "height": floor.height,
        "rooms": floor.rooms.tolist(),
        "edges": edges,
        "entrance": {"x": level.entrance[0], "y": level.entrance[1]},
        "exit": {"x": level.exit[0], "y": level.exit[1]},
        "entities": entities(level),
        "theme": level.theme,
        "terrain": terrain(level),
    }


TERRAIN_NAMES: dict[Ground, str] = {Ground.GRASS: "grass", Ground.BRUSH: "brush", Ground.WATER: "water",
                                    Ground.CHASM: "chasm", Ground.ASH: "ash", Ground.BRIDGE: "bridge"}
"""The ``"kind"`` of a ``"terrain"`` entry, by ground code (bare floor is not listed)."""


def terrain(level: Level) -> list[dict[str, str | int]]:
    """Every tile whose ground is not bare floor, as ``{"kind", "x", "y"}``, row by row."""
    if level.ground is None:
        return []
    ys, xs = np.nonzero(level.ground != Ground.FLOOR)
    codes = level.ground[ys, xs].tolist()
    return [{"kind": TERRAIN_NAMES[Ground(code)], "x": x, "y": y} for code, x, y in zip(codes, xs.tolist(), ys.tolist())]


def ground_from_json(data: dict[str, Any]) -> NDArray[np.uint8]:
    """A level object's ``"terrain"`` back as a ground layer ``[y, x]`` (``ValueError`` for an
    unknown kind or a tile off the map)."""
    by_name = {name: code for code, name in TERRAIN_NAMES.items()}
    ground = bare(int(data["height"]), int(data["width"]))
    for entry in data.get("terrain", []):
        kind, x, y = entry["kind"], int(entry["x"]), int(entry["y"])
        if kind not in by_name or not (0 <= x < ground.shape[1] and 0 <= y < ground.shape[0]):
            raise ValueError(f"terrain entry {entry!r} is not a known kind on the map")
        ground[y, x] = by_name[kind]
    return ground


def entities(level: Level) -> list[dict[str, str | int | bool]]:
    """Everything placed on the level: monsters and items (a ware with its ``price``, an
    armoury piece with its ``choice``, a captive with ``"captive": true``), each special room (``"special": true``, at its
    fixture or its first tile, with its ``room``), and fixtures and decorations
    (``"feature": true``)."""
    out: list[dict[str, str | int | bool]] = []
    for p in level.placements:
        entry: dict[str, str | int | bool] = {"kind": p.kind, "x": p.x, "y": p.y}
        if p.price:
            entry["price"] = p.price
        if p.choice:
            entry["choice"] = p.choice
        if p.captive:
            entry["captive"] = True
        out.append(entry)
    for special in level.specials:
        ys, xs = np.nonzero(level.map.rooms == special.room)
        out.append({"kind": special.kind, "x": int(xs[0]), "y": int(ys[0]), "room": special.room, "special": True})
    out += [{"kind": f.kind, "x": f.x, "y": f.y, "feature": True} for f in level.features]
    return out


def vault_json(vault: Vault, seed_text: str) -> dict[str, Any]:
    """The SPEC §16 ``vault`` object."""
    if vault.maze is None or vault.traps is None or vault.numbers is None:
        raise ValueError("the vault object is of a whole vault (generated until 'numbers')")

    def cell(x: int, y: int) -> dict[str, int]:
        return {"x": x, "y": y}

    return {
        "kind": "vault",
        "seed": seed_text,
        "width": vault.width,
        "height": vault.height,
        "shape": vault.shape.astype(int).tolist(),
        "maze": vault.maze.astype(int).tolist(),
        "traps": [cell(int(x), int(y)) for y, x in zip(*vault.traps.nonzero())],
        "coins": [cell(x, y) for x, y in vault.coins],
        "bugs": [{**cell(*bug.route[0]), "route": [list(p) for p in bug.route]} for bug in vault.bugs],
        "numbers": vault.numbers.astype(int).tolist(),
        "entrance": cell(*vault.entrance),
        "exit": cell(*vault.exit),
        "goal": vault.goal,
        "watcher": None if vault.watcher is None else cell(*vault.watcher),
        "lasers": [{**cell(*laser.emitter), "beam": [list(p) for p in laser.beam], "period": laser.period,
                    "lit": laser.lit, "phase": laser.phase} for laser in vault.lasers],
    }
