"""Composition, not mixins (STYLE 13): no class of ``game`` is a part cut off another class,
typed ``self: TheOtherClass`` and inherited back. Game's parts are rule modules; the play
screen's are objects it owns (walks, zoom, pointer) and screens over it (``game.app.overlay``);
the app's runs are its ``runs``; the autoplayer's route and fights are its ``route`` and ``fights``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def mixins(root: Path) -> dict[str, str]:
    """Each class whose methods take ``self`` typed as another class, or that is a base of
    another class while it only declares the fields it uses (bare annotations, no ``__init__``:
    they are its subclass's), and its file."""
    found: dict[str, str] = {}
    classes = [(node, path) for path in sorted(root.rglob("*.py"))
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.ClassDef)]
    bases = {ast.unparse(base).split(".")[-1] for node, _ in classes for base in node.bases}
    for node, path in classes:
        if node.name in bases and _borrows_its_fields(node):
            found[node.name] = str(path.relative_to(root.parent))
        for method in node.body:
            if isinstance(method, ast.FunctionDef) and method.args.args:
                first = method.args.args[0]
                if first.arg == "self" and first.annotation is not None \
                        and ast.unparse(first.annotation).strip("'\"") != node.name:
                    found[node.name] = str(path.relative_to(root.parent))
    return found


def _borrows_its_fields(node: ast.ClassDef) -> bool:
    """A plain class (no decorator, no base) that declares fields it never sets: no ``__init__``.
    An abstract base (a method that raises ``NotImplementedError``) is no mixin: its subclasses
    are kinds of it, each whole."""
    if node.decorator_list or node.bases or "raise NotImplementedError" in ast.unparse(node):
        return False
    declared = any(isinstance(item, ast.AnnAssign) and item.value is None for item in node.body)
    made = any(isinstance(item, ast.FunctionDef) and item.name == "__init__" for item in node.body)
    return declared and not made


def test_no_class_of_the_game_is_a_mixin() -> None:
    found = mixins(ROOT / "game")
    assert not found, f"mixins (compose instead: an object owned, or a screen of its own): {found}"


def test_the_check_finds_a_mixin(tmp_path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "m.py").write_text("class Part:\n    def go(self: Whole) -> None: ...\n\n"
                                           "class Whole(Part):\n    def stay(self) -> None: ...\n")
    assert mixins(tmp_path / "game") == {"Part": "game/m.py"}


def test_the_check_finds_a_base_that_borrows_its_subclass_s_fields(tmp_path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "m.py").write_text("class Keeper:\n    saves: int\n    def save(self) -> int:\n"
                                           "        return self.saves\n\nclass App(Keeper):\n    pass\n")
    assert mixins(tmp_path / "game") == {"Keeper": "game/m.py"}
