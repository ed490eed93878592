"""python -m game.tools.mapgen (TOOL-1): the level JSON of SPEC §16 and the ascii/png views."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pygame
import pytest

from game.mapgen.level_json import level_json
from game.tools import mapgen
from game.map.ascii import parse_map
from game.map.edges import EDGE_BY_NAME
from game.map.floor_map import FloorMap, Side
from tests.conftest import ROOT
from tests.helpers import reachable_tiles


def run_tool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.tools.mapgen", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def floor_from_json(data: dict) -> FloorMap:
    floor = FloorMap.empty(data["width"], data["height"])
    floor.rooms[:] = np.array(data["rooms"], dtype=np.int32)
    floor.refresh()
    for edge in data["edges"]:
        floor.set_edge(edge["x"], edge["y"], Side[edge["side"]], EDGE_BY_NAME[edge["kind"]])
    return floor


def test_dungeon_json_follows_the_spec() -> None:
    out = run_tool("--kind", "dungeon", "--seed", "spec 16", "--format", "json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"kind", "seed", "width", "height", "rooms", "edges", "entrance", "exit", "entities",
                         "theme", "terrain"}
    assert data["kind"] == "dungeon" and data["seed"] == "spec 16"
    w, h = data["width"], data["height"]
    assert (w, h) == (80, 50)
    assert len(data["rooms"]) == h and all(len(row) == w for row in data["rooms"])
    for edge in data["edges"]:
        assert set(edge) == {"x", "y", "side", "kind"}
        assert edge["side"] in ("N", "W") and edge["kind"] in ("wall", "door", "open_door", "locked_door")
        assert 0 <= edge["x"] <= w and 0 <= edge["y"] <= h
        if edge["side"] == "N":
            assert edge["x"] < w
        else:
            assert edge["y"] < h
    floor = floor_from_json(data)
    entrance = (data["entrance"]["x"], data["entrance"]["y"])
    assert floor.is_floor(*entrance) and floor.is_floor(data["exit"]["x"], data["exit"]["y"])
    assert np.array_equal(reachable_tiles(floor, entrance), floor.floor_mask())
    assert any(e["y"] == h and e["side"] == "N" for e in data["edges"]) or any(
        e["x"] == w and e["side"] == "W" for e in data["edges"]), "outer border edges use x=width / y=height"


def test_json_is_deterministic_and_matches_the_ascii_view() -> None:
    first, second = run_tool("--seed", "9"), run_tool("--seed", "9")
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    ascii_floor, marks = parse_map(run_tool("--seed", "9", "--format", "ascii").stdout)
    floor = floor_from_json(data)
    assert np.array_equal(ascii_floor.north, floor.north) and np.array_equal(ascii_floor.west, floor.west)
    assert marks[(data["exit"]["x"], data["exit"]["y"])] == ">"


def test_custom_sizes_and_pipeline_passes(tmp_path) -> None:
    small = json.loads(run_tool("--seed", "1", "--width", "30", "--height", "20").stdout)
    assert (small["width"], small["height"]) == (30, 20)
    walls_only = json.loads(run_tool("--seed", "1", "--until", "walls").stdout)
    assert {e["kind"] for e in walls_only["edges"]} == {"wall"}
    assert run_tool("--width", "1").returncode != 0, "nonsense sizes are refused with a message"


def test_png_output(tmp_path) -> None:
    target = tmp_path / "map.png"
    assert run_tool("--seed", "2", "--format", "png", "--out", str(target)).returncode == 0
    image = pygame.image.load(str(target))
    assert image.get_size() == (80 * 12, 50 * 12)


def test_params_scale_room_count_with_area() -> None:
    assert mapgen.dungeon_params(None, None).room_count == (30, 60)
    assert mapgen.dungeon_params(160, 100).room_count == (120, 240)


def test_bench_command_prints_json_medians() -> None:
    """The benchmark command works (its numbers are for reading, not asserting)."""
    out = subprocess.run([sys.executable, "-m", "game.bench", "--json", "--repeat", "5", "--only", "floor",
                          "--only", "spread"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["name"] for r in rows] == ["floor", "spread"]
    assert all(r["median_ms"] > 0 and r["budget_ms"] > 0 for r in rows)


@pytest.mark.parametrize("argv", [["--out", "/no/such/dir/x.json"], ["--out", "/tmp"],
                                  ["--format", "png", "--out", "/no/such/dir/x.png"],
                                  ["--format", "png", "--out", "/proc/x.png"],
                                  ["--kind", "overworld", "--width", "10001"], ["--width", "lots"]])
def test_bad_output_paths_and_sizes_are_clear_errors(argv: list[str]) -> None:
    """ROB-2: a clear message and exit status 2, never a traceback."""
    result = subprocess.run([sys.executable, "-m", "game.tools.mapgen", *argv], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and ("error" in result.stderr or "cannot write" in result.stderr)


def test_the_tool_shows_the_island_the_game_plays() -> None:
    """RUN-3: one seed, one world, for the tools too."""
    from game.world.game import Game

    game = Game.new("42")
    tool = json.loads(run_tool("--kind", "overworld", "--seed", "42").stdout)
    island = game.floors["overworld"].level
    assert np.array_equal(np.array(tool["terrain"]), island.terrain)
    assert tool["names"] == game.world.names
    assert [(e["x"], e["y"]) for e in tool["entrances"]] == game.world.entrances


def test_the_tool_shows_the_floor_the_game_makes_there() -> None:
    from game.world.game import Game

    game = Game.new("7")
    first = game.world.order[0]
    assert run_tool("--seed", "7").stdout == run_tool("--seed", "7", "--region", str(first), "--depth", "1").stdout
    for region, depth in ((first, 1), (game.world.order[2], 2)):
        game.enter_dungeon(region, depth)
        played = level_json(game.floor.level, "7")
        tool = json.loads(run_tool("--seed", "7", "--region", str(region), "--depth", str(depth)).stdout)
        assert tool == played, f"the floor at depth {depth} of region {region}"
    refused = run_tool("--seed", "7", "--region", "99")
    assert refused.returncode == 2 and "has regions 0 to" in refused.stderr


def mapgen_error(capsys, *argv: str) -> str:
    """What ``mapgen`` says when it refuses ``argv`` (it must exit with status 2)."""
    with pytest.raises(SystemExit) as stop:
        mapgen.main(list(argv))
    assert stop.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(("argv", "says"), [
    (["--depth", "99"], "no region of run '1' has a floor 99: the deepest has 3"),
    (["--depth", "0"], "argument --depth: 0 is below 1"),
    (["--region", "0", "--depth", "0"], "argument --depth: 0 is below 1"),
    (["--depth", "-1"], "argument --depth: -1 is below 1"),
    (["--kind", "vault", "--depth", "3"], "makes no vault floor at region"),
])
def test_a_depth_that_does_not_exist_is_a_clear_error(capsys, argv: list[str], says: str) -> None:
    """ROB-2: ``--depth`` without ``--region`` once crashed looking up the name of region None."""
    err = mapgen_error(capsys, *argv)
    assert says in err and "Traceback" not in err


def test_a_depth_alone_is_the_first_floor_of_the_kind_at_that_depth(capsys) -> None:
    from game.world import travel
    from game.world.game import Game

    game = Game.new("1")
    region = next(r for r in game.world.order
                  if game.world.floors(r) >= 2 and travel.floor_kind(game, r, 2) == "dungeon")
    assert mapgen.main(["--seed", "1", "--depth", "2"]) == 0
    alone = capsys.readouterr().out
    assert mapgen.main(["--seed", "1", "--region", str(region), "--depth", "2"]) == 0
    assert alone == capsys.readouterr().out


@pytest.mark.parametrize("kind", mapgen.KINDS)
def test_every_kind_is_made_at_the_size_asked_for(kind: str) -> None:
    """TOOL-1: a ship once ignored --width/--height (the game made its own 84x34 deck)."""
    level = mapgen.generate(kind, "7", 200, 60)
    if kind in ("overworld", "vault"):
        made = (level.width, level.height)
    else:
        made = (level.map.width, level.map.height)
    assert made == (200, 60)


@pytest.mark.parametrize(("argv", "says"), [
    (["--kind", "ship", "--width", "23"], "--width must be between 24 and 2000 for --kind ship"),
    (["--kind", "ship", "--height", "61"], "--height of a ship is even"),
    (["--kind", "ship", "--width", "1000", "--height", "1000"], "a ship is at most 640,000 tiles"),
    (["--kind", "vault", "--height", "4"], "--height must be between 5 and 1000 for --kind vault"),
    (["--kind", "overworld", "--width", "15"], "--width must be between 16 and 10000 for --kind overworld"),
    (["--kind", "dungeon", "--height", "2001"], "--height must be between 4 and 2000 for --kind dungeon"),
])
def test_sizes_a_generator_cannot_make_are_refused(capsys, argv: list[str], says: str) -> None:
    assert says in mapgen_error(capsys, *argv)


def test_balance_table_has_a_row_per_region_reached_and_checks_its_targets() -> None:
    from game.tools import balance

    results = [balance.play_one(f"balance-{n}", 1500) for n in range(2)]
    table = balance.tabulate(results)
    reached = {int(k) for r in results for k in r["regions"]}
    assert set(table) == reached and 1 in table
    assert table[1].reached == 2 and len(table[1].turns) == 2
    text = balance.render(table, results)
    assert "| region | reached | died |" in text and text.count("\n| ") >= len(table)
    verdicts = balance.check(table, results)
    assert len(verdicts) == 4 and all(v.startswith(("ok", "MISSED")) for v in verdicts)
    dead = {"seed": "x", "won": False, "died": True, "stalled": None, "turns": 10, "cause":
            "killed by the orc on floor 1 of Y", "last_region": 1,
            "regions": {"1": {"region": 0, "start": 0, "earned": 5, "spent": 0, "warden_seen": None,
                              "warden_hp": None, "fight": None, "end": None}}}
    deaths = balance.tabulate([dead])[1]
    assert deaths.died == 1 and deaths.causes["orc"] == 1
    assert balance.check(balance.tabulate([dead]), [dead])[0].startswith("MISSED"), "every run died in region 1"


def _balance_run(seed: str, sight: str, won: bool, died_in: int | None) -> dict:
    """A made-up result of ``balance.play_one``: won, or died in region ``died_in`` (a 10-turn Warden fight)."""
    regions = {str(k): {"region": k - 1, "start": 100 * (k - 1), "earned": 5, "spent": 0, "warden_seen": None,
                        "warden_hp": None, "fight": 100 * k - 40, "end": None if k == died_in else 100 * k - 30}
               for k in range(1, (died_in or 1) + 1)}
    return {"seed": seed, "sight": sight, "won": won, "died": died_in is not None, "stalled": None, "turns": 100,
            "cause": "killed by the orc on floor 1 of Y" if died_in else None, "last_region": max(map(int, regions)),
            "regions": regions}


@pytest.mark.parametrize(("tile_deaths", "status", "last"), [
    (0, 0, "ok      both sights meet the targets"),
    (3, 1, "MISSED  targets missed by the tile"),
])
def test_balance_both_sights_prints_a_table_and_targets_for_each(monkeypatch, capsys, tile_deaths: int,
                                                                   status: int, last: str) -> None:
    from game.tools import balance

    def play(seed: str, turns: int, sight: str = "room") -> dict:
        n = int(seed.rsplit("-", 1)[1])
        if sight == "tile" and n < tile_deaths:
            return _balance_run(seed, sight, False, 1)
        return _balance_run(seed, sight, n % 5 == 0, None if n % 5 == 0 else 2)

    monkeypatch.setattr(balance, "play_one", play)
    assert balance.main(["--sight", "both", "--seeds", "10", "--tile-seeds", "5", "--jobs", "1", "--json"]) == status
    out = capsys.readouterr().out
    runs = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert [(r["seed"], r["sight"]) for r in runs] == [(f"balance-{n}", "room") for n in range(10)] + \
        [(f"balance-{n}", "tile") for n in range(5)], "the same seeds both ways, --tile-seeds of them by the tile"
    room, tile = out.split("sight: by the room", 1)[1].split("sight: by the tile", 1)
    tile = tile.split("runs by the tile", 1)[0]  # its table and targets, not the summary after
    assert "10 runs: 2 won" in room and f"5 runs: {0 if tile_deaths else 1} won" in tile
    assert room.count("ok      ") == 4, "the room's targets, all met"
    assert tile.count("MISSED  ") == (2 if tile_deaths else 0), "the tile's, checked on their own"
    assert last in out.splitlines()[-2]


def test_balance_tile_seeds_only_with_both(capsys) -> None:
    from game.tools import balance

    with pytest.raises(SystemExit) as stop:
        balance.main(["--tile-seeds", "5"])
    assert stop.value.code == 2 and "--tile-seeds is for --sight both" in capsys.readouterr().err


def test_balance_both_sights_plays_the_real_runs(capsys) -> None:
    from game.tools import balance

    balance.main(["--sight", "both", "--seeds", "1", "--turns", "200", "--jobs", "1", "--json"])
    runs = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert [r["sight"] for r in runs] == ["room", "tile"] and runs[0]["seed"] == runs[1]["seed"]
    assert all(r["turns"] >= 200 or r["died"] or r["stalled"] for r in runs)


def test_balance_groups_killers_by_kind() -> None:
    from game.tools.balance.words import killer as _killer

    assert _killer("killed by the goblin on floor 2 of Fenwarrow") == "goblin"
    assert _killer("killed by Moss the Warden on floor 3 of Hallow") == "a Warden"
    assert _killer("killed by Captain Torvath the Warden on deck 2 of Orrin") == "a Warden"
    assert _killer("killed by Dreg the warg on floor 2 of Garrow") == "guardian warg"
    assert _killer("sucked into space on floor 2 of Severin") == "sucked into space"


@pytest.mark.parametrize(("argv", "says"), [
    (["--jobs", "0"], "argument --jobs: 0 is below 1"),
    (["--jobs", "100000"], "argument --jobs: 100000 is above 256"),
    (["--seeds", "0"], "argument --seeds: 0 is below 1"),
    (["--turns", "0"], "argument --turns: 0 is below 1"),
])
def test_balance_refuses_counts_it_cannot_use(capsys, argv: list[str], says: str) -> None:
    """ROB-2: ``--jobs 0`` was once accepted and played every run one after the other."""
    from game.tools import balance

    with pytest.raises(SystemExit) as stop:
        balance.main(argv)
    assert stop.value.code == 2 and says in capsys.readouterr().err
