"""Trap vaults (SPEC §7, seed 002): Minesweeper floors with a hidden maze, a pipeline of passes.

``shape`` picks a connected region (a blob, rooms, a ring, a cross or a hall) by the
level's seed (``game.mapgen.vault_shapes``); ``maze`` grows a maze whose walls and
aisles are both cells, from the entrance, two cells a step, backing up at dead ends (an
explicit stack, so huge vaults work); ``traps`` scatters traps on maze-wall cells only,
never next to the entrance; ``coins`` puts coins on aisle cells, so every coin (and the
exit, also on an aisle) is reachable without stepping on a trap; ``bugs`` gives blind
alien bugs patrol routes of straight segments traced by Bresenham's algorithm;
``goal`` makes some vaults laser or watcher vaults (VLT-7, VLT-8: ``vault_goals``); ``numbers``
counts each cell's trapped neighbours, the player's only clue. The maze is never shown.

Arrays are ``[y, x]``. A bug's route is the list of cells it walks: round and round
when its last cell touches its first, back and forth otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from game.geometry import bresenham
from game.mapgen import landmass
from game.mapgen.connect import build_walls
from game.mapgen.vault_goals import WATCHER_TNT, place_goal
from game.mapgen.vault_shapes import SHAPES, hall, make_shape, pick_entrance
from game.rng import Rng
from game.map.floor_map import OUTSIDE, ROOM_ID
from game.map.level import Level, Placement
from game.map.vault_field import Laser, VaultField, trap_numbers

Pos = tuple[int, int]
PASSES = ("shape", "maze", "traps", "coins", "bugs", "goal", "numbers")
MIN_AISLES = 9
_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True)
class VaultParams:
    """Knobs of the vault generator. ``None`` means "by depth" or "by the seed"."""

    width: int = 44
    height: int = 30
    shape: str | None = None  # one of SHAPES, or chosen by the seed
    trap_share: float | None = None  # of the maze-wall cells; by depth when None
    coins: int | None = None
    bugs: int | None = None
    lasers: int | None = None  # emitters wanted (0: none); one vault in LASER_SHARE has them when None
    watcher: bool | None = None  # a watcher's vault (when no lasers); one in WATCHER_SHARE of the rest when None

    def __post_init__(self) -> None:
        if self.width < 5 or self.height < 5:
            raise ValueError("a vault needs at least 5x5 cells")
        if self.shape is not None and self.shape not in SHAPES:
            raise ValueError(f"a vault's shape is one of {', '.join(SHAPES)}")
        if self.trap_share is not None and not 0.0 <= self.trap_share <= 1.0:
            raise ValueError("trap_share is a fraction in [0, 1]")


@dataclass(frozen=True)
class Bug:
    route: tuple[Pos, ...]  # the cells it patrols, starting where it starts
    corners: tuple[Pos, ...]  # where its straight segments meet: route = Bresenham lines between them

    @property
    def loops(self) -> bool:
        """Round and round when the route closes on itself, else back and forth."""
        (x0, y0), (x1, y1) = self.route[0], self.route[-1]
        return len(self.route) > 2 and max(abs(x1 - x0), abs(y1 - y0)) == 1


@dataclass
class Vault:
    shape: NDArray[np.bool_]  # [y, x]: inside the vault
    entrance: Pos
    maze: NDArray[np.bool_] | None = None  # aisle cells (False on maze walls and outside)
    traps: NDArray[np.bool_] | None = None
    coins: list[Pos] = field(default_factory=list)
    exit: Pos = (-1, -1)
    bugs: list[Bug] = field(default_factory=list)
    numbers: NDArray[np.int8] | None = None  # trapped neighbours; -1 on traps and outside
    goal: str = "coins"
    shape_name: str = ""
    lasers: tuple[Laser, ...] = ()
    watcher: Pos | None = None  # the watcher's post (VLT-8)

    @property
    def width(self) -> int:
        return int(self.shape.shape[1])

    @property
    def height(self) -> int:
        return int(self.shape.shape[0])


def generate_vault(rng: Rng, params: VaultParams = VaultParams(), until: str = "numbers", depth: int = 1) -> Vault:
    """One vault for ``depth`` (deeper: more traps and bugs). Deterministic for the rng's seed."""
    if until not in PASSES:
        raise ValueError(f"unknown pass {until!r}; passes are {', '.join(PASSES)}")
    name = params.shape or SHAPES[rng.below(len(SHAPES))]
    shape = make_shape(rng.child("shape"), name, params.height, params.width)
    vault = Vault(shape, pick_entrance(rng.child("entrance"), shape), shape_name=name)
    if until == "shape":
        return vault
    maze = vault.maze = grow_maze(rng.child("maze"), shape, vault.entrance)
    if maze.sum() < MIN_AISLES and name != "hall":  # a sliver of a shape on a small grid: a hall
        vault = Vault(hall(rng, params.height, params.width), (-1, -1), shape_name="hall")
        vault.entrance = pick_entrance(rng.child("entrance", "hall"), vault.shape)
        maze = vault.maze = grow_maze(rng.child("maze", "hall"), vault.shape, vault.entrance)
    shape = vault.shape
    if until == "maze":
        return vault
    share = params.trap_share if params.trap_share is not None else min(0.42, 0.22 + 0.03 * (depth - 1))
    traps = vault.traps = place_traps(rng.child("traps"), shape, maze, vault.entrance, share)
    if until == "traps":
        return vault
    aisles = int(maze.sum())
    wanted = params.coins if params.coins is not None else int(np.clip(aisles // 45, 4, 20))
    vault.coins, vault.exit = place_coins(rng.child("coins"), maze, vault.entrance, wanted)
    if until == "coins":
        return vault
    count = params.bugs if params.bugs is not None else min(4, rng.below(2) + depth // 2)
    vault.bugs = place_bugs(rng.child("bugs"), shape, vault.entrance, count)
    vault.goal = "bugs" if vault.bugs and rng.chance(0.4) else "coins"
    if until == "bugs":
        return vault
    place_goal(rng, vault, params.lasers, params.watcher, depth)  # (child streams: no other draw moves)
    if until == "goal":
        return vault
    vault.numbers = trap_numbers(shape, traps)
    return vault


# --- maze -----------------------------------------------------------------------------------
def grow_maze(rng: Rng, shape: NDArray[np.bool_], entrance: Pos) -> NDArray[np.bool_]:
    """Seed 002's maze: from the entrance, step two free cells at a time in a random
    direction, filling both; at a dead end back up to a cell with a move left.
    Returns the aisle cells (bool). Iterative: one Python step per filled pair."""
    height, width = shape.shape
    inside = shape.ravel().tolist()
    cells = [False] * (height * width)
    ex, ey = entrance
    start = ey * width + ex
    cells[start] = True
    stack = [start]
    draws = rng.byte_array(max(16, 2 * int(shape.sum()))).tolist()
    draw = 0
    while stack:
        here = stack[-1]
        x, y = here % width, here // width
        options = []
        for dx, dy in _DIRECTIONS:
            x2, y2 = x + 2 * dx, y + 2 * dy
            if 0 <= x2 < width and 0 <= y2 < height:
                mid, far = here + dy * width + dx, here + 2 * (dy * width + dx)
                if inside[mid] and inside[far] and not cells[mid] and not cells[far]:
                    options.append((mid, far))
        if not options:
            stack.pop()
            continue
        if draw >= len(draws):
            draws, draw = rng.byte_array(len(draws)).tolist(), 0
        mid, far = options[draws[draw] % len(options)]
        draw += 1
        cells[mid] = cells[far] = True
        stack.append(far)
    return np.array(cells, dtype=bool).reshape(height, width)


# --- traps and coins ------------------------------------------------------------------------
def _around(pos: Pos, shape: tuple[int, ...]) -> NDArray[np.bool_]:
    """The 3x3 block around ``pos`` (bool grid)."""
    near = np.zeros(shape, dtype=bool)
    x, y = pos
    near[max(0, y - 1):y + 2, max(0, x - 1):x + 2] = True
    return near


def place_traps(rng: Rng, shape: NDArray[np.bool_], maze: NDArray[np.bool_], entrance: Pos,
                share: float) -> NDArray[np.bool_]:
    """Traps on a ``share`` of the maze-wall cells, none around the entrance (the first
    reveal is safe, as Minesweeper's first click)."""
    walls = shape & ~maze & ~_around(entrance, shape.shape)
    traps: NDArray[np.bool_] = walls & (rng.uniform_array(shape.shape) < share)
    return traps


def place_coins(rng: Rng, maze: NDArray[np.bool_], entrance: Pos, wanted: int) -> tuple[list[Pos], Pos]:
    """``wanted`` coins on aisle cells (away from the entrance), and the exit: the aisle
    cell farthest from the entrance along the aisles."""
    distance = _aisle_distances(maze, entrance)
    far = int(distance.max())
    ys, xs = np.nonzero(distance == far)
    pick = rng.below(len(xs))
    exit_ = (int(xs[pick]), int(ys[pick]))
    candidates = maze & ~_around(entrance, maze.shape)
    if not candidates.any():  # a very small vault: anywhere but the entrance itself
        candidates = maze.copy()
        candidates[entrance[1], entrance[0]] = False
    candidates[exit_[1], exit_[0]] = False
    ys, xs = np.nonzero(candidates)
    order = list(range(len(xs)))
    rng.shuffle(order)
    coins = sorted((int(xs[i]), int(ys[i])) for i in order[:wanted])
    return coins, exit_


def _aisle_distances(maze: NDArray[np.bool_], start: Pos) -> NDArray[np.int32]:
    """Steps along the aisles (4-neighbour) from ``start``; -1 off the aisles."""
    height, width = maze.shape
    distance = np.full(maze.shape, -1, dtype=np.int32)
    frontier = [start]
    distance[start[1], start[0]] = 0
    step = 0
    open_ = maze.tolist()
    seen = distance.tolist()
    while frontier:
        step += 1
        nxt = []
        for x, y in frontier:
            for dx, dy in _DIRECTIONS:
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height and open_[ny][nx] and seen[ny][nx] < 0:
                    seen[ny][nx] = step
                    nxt.append((nx, ny))
        frontier = nxt
    return np.array(seen, dtype=np.int32)


# --- bugs -----------------------------------------------------------------------------------
def place_bugs(rng: Rng, shape: NDArray[np.bool_], entrance: Pos, count: int, attempts: int = 60) -> list[Bug]:
    """Bugs with routes of two to four straight segments (Bresenham cells) inside the vault,
    away from the entrance; a route closes into a loop when it can."""
    height, width = shape.shape
    allowed = shape & ~landmass.dilate(_around(entrance, shape.shape), 2)
    ys, xs = np.nonzero(allowed)
    bugs: list[Bug] = []
    if xs.size == 0:
        return bugs
    reach = max(3, min(height, width) // 2)
    for _ in range(count * attempts):
        if len(bugs) == count:
            break
        pick = rng.below(len(xs))
        route = [(int(xs[pick]), int(ys[pick]))]
        corners = [route[0]]
        for _segment in range(rng.randint(2, 4)):
            end = _segment_end(rng, route[-1], reach)
            cells = _segment_cells(route[-1], end, allowed)
            if cells is None:
                continue
            route.extend(cells[1:])
            corners.append(end)
        if len(route) < 4:
            continue
        closing = _segment_cells(route[-1], route[0], allowed)
        if closing is not None and len(closing) >= 3 and rng.chance(0.5):
            route.extend(closing[1:-1])  # round and round: the last cell touches the first
            corners.append(route[0])
        bugs.append(Bug(tuple(route), tuple(corners)))
    return bugs


def _segment_end(rng: Rng, start: Pos, reach: int) -> Pos:
    """A random end point: any direction (an integer vector, so the angle is exact everywhere)."""
    while True:
        dx, dy = rng.randint(-reach, reach), rng.randint(-reach, reach)
        if max(abs(dx), abs(dy)) >= 2:
            return start[0] + dx, start[1] + dy


def _segment_cells(start: Pos, end: Pos, allowed: NDArray[np.bool_]) -> list[Pos] | None:
    height, width = allowed.shape
    cells = [(int(x), int(y)) for x, y in bresenham(start, end).tolist()]
    if all(0 <= x < width and 0 <= y < height and allowed[y, x] for x, y in cells):
        return cells
    return None


# --- the level the game plays -----------------------------------------------------------------
COIN_PILE = 3  # coins in each pile a vault's goal counts


def vault_level(vault: Vault) -> Level:
    """The floor the game plays: one room with the vault's outline as thin wall; coins
    bugs and a watcher placed; TNT at the entrance when the goal is the bugs or the watcher
    (only blasts hurt them). What play needs of the field is kept on ``level.vault`` (not the maze)."""
    if vault.traps is None or vault.numbers is None:
        raise ValueError("a vault is played only once its traps and numbers are placed (until='numbers')")
    rooms = np.where(vault.shape, 0, OUTSIDE).astype(ROOM_ID)
    placements = [Placement("coins", x, y, COIN_PILE) for x, y in vault.coins]
    placements += [Placement("alien_bug", *bug.route[0], route=bug.route) for bug in vault.bugs]
    placements += [Placement("watcher", *vault.watcher)] if vault.watcher is not None else []
    if vault.goal in ("bugs", "watcher"):
        placements.append(Placement("tnt", *vault.entrance, len(vault.bugs) + 1 if vault.goal == "bugs" else WATCHER_TNT))
    field_ = VaultField(vault.traps.copy(), vault.numbers.copy(), vault.goal, len(vault.coins), len(vault.bugs),
                        vault.lasers)
    return Level("vault", build_walls(rooms), vault.entrance, vault.exit, placements=placements, vault=field_)
