"""The package's structure (STYLE, docs/architecture.md): the layers of ``game/``, bottom to top, with
no import going up a layer, no circle between packages or between files, and the world's rules
not importing the monsters' minds (``game.ai`` plugs itself into the scheduler)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "game"

LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("basics", ("game", "game.rng", "game.geometry", "game.progress", "game.paths", "game.cli", "game.content",
                "game.storage")),
    ("map data", ("game.map",)),
    ("generators", ("game.mapgen",)),
    ("world and its rules", ("game.world",)),
    ("monsters' minds", ("game.ai",)),
    ("the run, its records and saves", ("game.run",)),
    ("the bot", ("game.bot",)),
    ("drawing", ("game.render",)),
    ("the app", ("game.app",)),
    ("entry points, tools, benchmarks", ("game.headless", "game.bench", "game.tools")),
    ("the daily board's server (nothing imports it)", ("game.server",)),
]
"""Bottom to top: a module may import its own layer's modules and those of layers below, never
above (``TYPE_CHECKING`` imports, for type hints only, are not imports at run time). docs/architecture.md
draws the same list (``tests/test_docs.py`` checks it)."""
MAX_TOP_MODULES = 8


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(path: Path, known: set[str]) -> set[str]:
    """Modules of ``game`` that ``path`` imports when it runs: at the top and inside functions
    alike (a lazy import still closes a circle), but not under ``if TYPE_CHECKING:``."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                found.add(child.module)
                found.update(f"{child.module}.{alias.name}" for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {name for name in found if name in known}


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(path, set(modules)) - {name} for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
    return groups


def test_the_package_has_no_import_circles() -> None:
    found = cycles(import_graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(group) for group in found)


def layer_of(module: str) -> tuple[int, str]:
    """The layer of ``module`` (by its longest listed prefix) and the unit that placed it."""
    placed = [(len(unit), index, unit) for index, (_, units) in enumerate(LAYERS) for unit in units
              if module == unit or module.startswith(unit + ".")]
    _, index, unit = max(placed)
    return index, unit


def package_of(module: str) -> str:
    """``game.run.saves`` -> ``game.run``; ``game.rng`` -> ``game.rng``; ``game`` -> ``game``."""
    return ".".join(module.split(".")[:2])


def test_every_module_has_a_layer_and_no_import_goes_up_one() -> None:
    graph = import_graph()
    up = []
    for name, imported in sorted(graph.items()):
        here = layer_of(name)[0]
        for target in sorted(imported):
            there = layer_of(target)[0]
            if there > here:
                up.append(f"{name} ({LAYERS[here][0]}) imports {target} ({LAYERS[there][0]})")
    assert not up, "imports going up a layer:\n" + "\n".join(up)


def test_no_circle_between_packages() -> None:
    packages: dict[str, set[str]] = {}
    for name, imported in import_graph().items():
        packages.setdefault(package_of(name), set()).update(
            package_of(target) for target in imported if package_of(target) != package_of(name))
    found = cycles(packages)
    assert not found, "circles between packages: " + "; ".join(" <-> ".join(group) for group in found)


def test_few_modules_at_the_top_and_every_package_says_what_it_is() -> None:
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= MAX_TOP_MODULES, f"{len(top)} modules at the top of game/: {top}"
    for init in sorted(PACKAGE.glob("*/__init__.py")):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert "Layer" in doc, f"{init.relative_to(ROOT)}: its docstring says what it holds and which layer it is"


def test_the_layer_check_sees_an_import_going_up() -> None:
    assert layer_of("game.run.saves")[0] > layer_of("game.world.game")[0] > layer_of("game.map.edges")[0]
    assert layer_of("game.storage.memory") == (0, "game.storage")
    assert package_of("game.run.saves") == "game.run" and package_of("game") == "game"


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_world_does_not_import_the_monsters_minds_or_the_screen() -> None:
    graph = import_graph()
    for name, imported in graph.items():
        if name.startswith(("game.world.", "game.mapgen.", "game.content.")):
            wrong = sorted(m for m in imported if m.startswith(("game.ai", "game.app", "game.render")))
            assert not wrong, f"{name} imports {wrong}"


MAX_LINES = 300


def test_every_module_is_at_most_300_lines() -> None:
    """STYLE 11: a module that grows past this has found a part that wants a module of its own."""
    long = {str(path.relative_to(ROOT)): n for path in _modules().values()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"over {MAX_LINES} lines: {long}"
