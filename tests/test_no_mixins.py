"""Composition, not mixins (STYLE 13): no class of ``game`` is a part cut off another class,
typed ``self: TheOtherClass`` and inherited back. Game's two (travel, events) are rule modules
now; the play screen's parts are the ones left (docs/architecture.md, "What is left"), and the
list below may only shrink."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STILL_MIXINS = {"MapZoom", "WalkControl", "AimControl", "PackPage", "PointerInput", "ItemVerbs"}
"""The play screen's bases that are mixins still: each goes when it becomes a screen or an
object the play screen owns."""


def mixins(root: Path) -> dict[str, str]:
    """Each class whose methods take ``self`` typed as another class, and its file."""
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            for method in node.body:
                if isinstance(method, ast.FunctionDef) and method.args.args:
                    first = method.args.args[0]
                    if first.arg == "self" and first.annotation is not None \
                            and ast.unparse(first.annotation).strip("'\"") != node.name:
                        found[node.name] = str(path.relative_to(root.parent))
    return found


def test_no_new_mixin_and_the_game_has_none() -> None:
    found = mixins(ROOT / "game")
    new = {name: path for name, path in found.items() if name not in STILL_MIXINS}
    assert not new, f"mixins (compose instead: an object owned, or a screen of its own): {new}"
    assert not {path for path in found.values() if not path.startswith("game/app/")}, "only the app has any left"


def test_the_list_of_mixins_left_only_shrinks() -> None:
    gone = STILL_MIXINS - set(mixins(ROOT / "game"))
    assert not gone, f"no longer mixins: take them off STILL_MIXINS: {sorted(gone)}"


def test_the_check_finds_a_mixin(tmp_path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "m.py").write_text("class Part:\n    def go(self: Whole) -> None: ...\n\n"
                                           "class Whole(Part):\n    def stay(self) -> None: ...\n")
    assert mixins(tmp_path / "game") == {"Part": "game/m.py"}
