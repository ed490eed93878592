"""Text from the baked glyph atlases (``game.render.text``, ``game.tools.glyphs``): the same
pixels on every platform, evenly spaced, as wide as ``width_of`` says, covering what the
game writes; characters the atlas lacks still drawn."""

from __future__ import annotations

import ast
from collections.abc import Iterator

import numpy as np
import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.paths import asset
from game.render import text
from game.render.layout import TILE
from game.tools import glyphs
from tests.conftest import ROOT

STRINGS = ("", " ", "i", "j", "_x_", "Wardens fallen 0 / 5", "Virelund, floor 1/2", "AVAST To Ü — “quoted” …",
           "  spaced  ", "jump_", "Æsir Œuvre ŁŻ", "The skeleton hits you for 2.", "x" * 300, "Seed 🐉 дракон")
SIZES_SEEN = (14, 20, 26, 40, 96)


def module_numbers(tree: ast.Module) -> dict[str, int]:
    """A module's whole-number constants (``LOG_SIZE = 20``, ``TOP, GAP, SIZE = 190, 54, 30``)."""
    numbers = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            pairs = zip(target.elts, value.elts) if isinstance(target, ast.Tuple) and isinstance(
                value, ast.Tuple) else [(target, value)]
            numbers.update((name.id, number.value) for name, number in pairs if isinstance(name, ast.Name)
                           and isinstance(number, ast.Constant) and type(number.value) is int)
    return numbers


def size_arguments(tree: ast.Module) -> Iterator[ast.AST]:
    """Where a module gives a text size: the second argument of ``text.render``, ``wrap`` and
    ``width_of``, the middle of ``(words, SIZE, palette.COLOUR)`` rows, a ``MenuList``'s size."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(
                node.func.value, ast.Name) and node.func.value.id == "text" and node.func.attr in (
                "render", "wrap", "width_of") and len(node.args) > 1:
            yield node.args[1]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "MenuList" and len(
                node.args) > 2:
            yield node.args[2]
        if isinstance(node, ast.Tuple) and len(node.elts) == 3 and "palette." in ast.unparse(node.elts[2]):
            yield node.elts[1]


def code_sizes() -> dict[int, list[str]]:
    """The literal text sizes in ``game/`` (numbers or module constants), each with where it is."""
    found: dict[int, list[str]] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        numbers = module_numbers(tree)
        for node in size_arguments(tree):
            size = numbers.get(node.id) if isinstance(node, ast.Name) else (
                node.value if isinstance(node, ast.Constant) and type(node.value) is int else None)
            if size is not None:
                found.setdefault(size, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_text_size_the_game_uses_is_baked() -> None:
    used = code_sizes()
    used.setdefault(max(12, TILE - 4), []).append("game/render/vault_layer.py: the digits, max(12, tile - 4)")
    assert len(used) >= 12, f"the scan finds the game's sizes: {sorted(used)}"
    missing = {size: where for size, where in used.items() if size not in glyphs.SIZES}
    assert not missing, f"sizes not in game.tools.glyphs.SIZES (add them and run python -m game.tools.glyphs): {missing}"
    assert text.baked_sizes() == sorted(glyphs.SIZES), "assets/glyphs holds one atlas per size of the tool's list"


def test_a_size_not_baked_is_drawn_with_the_nearest() -> None:
    assert 21 not in glyphs.SIZES and 100 not in glyphs.SIZES
    assert text.atlas(21) is text.atlas(20) and text.atlas(100) is text.atlas(96) and text.atlas(2) is text.atlas(14)
    same = [pygame.image.tobytes(text.render("Odd size", size, (9, 9, 9)), "RGBA") for size in (21, 20)]
    assert same[0] == same[1]


def game_characters() -> set[str]:
    """The printable characters of the game's strings (not docstrings, tools, benchmarks or the
    board's server, whose tables of look-alike characters the game never draws) and names."""
    chars = set((ROOT / "assets" / "names.txt").read_text(encoding="utf-8"))
    for path in sorted((ROOT / "game").rglob("*.py")):
        if path.relative_to(ROOT / "game").parts[0] in ("tools", "bench", "server"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bare = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in bare:
                chars.update(node.value)
    return {ch for ch in chars if ch.isprintable()}


def test_the_atlases_cover_what_the_game_writes() -> None:
    wanted = game_characters() | set("–—‘’“”…•‹›×·§²") | {chr(c) for c in range(0x20, 0x7F)}
    wanted |= {chr(c) for c in range(0xA0, 0x180) if c != 0xAD}  # Latin-1, Extended-A; the soft hyphen is invisible
    for size in glyphs.SIZES:
        found = text.atlas(size)
        assert found is not None
        missing = sorted(ch for ch in wanted if ch not in found.advance)
        assert not missing, f"size {size} lacks {missing}"


@pytest.mark.parametrize("size", [*glyphs.SIZES, 21])
def test_width_of_is_the_rendered_width(display, size) -> None:
    for words in STRINGS:
        assert text.render(words, size, (200, 180, 160)).get_width() == text.width_of(words, size), (words, size)


def test_lines_keep_their_height_and_wrap_within_the_width(display) -> None:
    for size in glyphs.SIZES:
        height = text.atlas(size).height
        assert text.render("Plain words", size, (1, 1, 1)).get_height() == height
        assert text.render("", size, (1, 1, 1)).get_size() == (0, height)
        assert text.render("Ünïcödé", size, (1, 1, 1)).get_height() >= height, "accents rise above, never cut"
        for line in text.wrap("The skeleton hits you for 2. " * 6, size, 300):
            assert text.width_of(line, size) <= 300 or " " not in line


WORDS = st.lists(st.sampled_from(["The", "skeleton", "hits", "you", "for", "2.", "Wq", "AVAST", "To", "Ünïcödé",
                                   "—", "“quoted”", "j", "i", "_x_", "x" * 40, "fl", "Æsir", "дракон", "🐉"]),
                 max_size=30)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=WORDS, width=st.integers(0, 420), size=st.sampled_from(glyphs.SIZES))
def test_wrapped_lines_hold_the_most_whole_words_that_fit(display, words: list[str], width: int, size: int) -> None:
    """Each line holds as many whole words as fit in the width (``width_of``, the rendered width),
    a word too wide alone on its line; together the lines are the words in order."""
    lines = text.wrap(" ".join(words), size, width)
    assert " ".join(lines).split() == words
    for line, following in zip(lines, [*lines[1:], ""]):
        assert text.width_of(line, size) <= width or " " not in line, (line, width)
        if following:
            assert text.width_of(f"{line} {following.split()[0]}", size) > width, "the next word would have fit"


def test_rendering_is_exact_and_deterministic(display) -> None:
    colour = (201, 87, 13)
    first = text.render("Exact colour, every time: Wq", 20, colour)
    rgba = np.frombuffer(pygame.image.tobytes(first, "RGBA"), np.uint8).reshape(-1, 4)
    assert (rgba[:, :3] == colour).all(), "every pixel carries exactly the colour asked for"
    assert (rgba[:, 3] == 255).sum() > 20, "stems are fully covered"
    text.forget()
    again = text.render("Exact colour, every time: Wq", 20, colour)
    assert again is not first and pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(first, "RGBA")


def stroke_centres(picture: pygame.Surface, count: int, advance: float) -> list[float]:
    """The x of the centre of ink of each of ``count`` letters ``advance`` pixels apart."""
    weight = pygame.surfarray.array_alpha(picture).astype(float).sum(axis=1)
    xs = np.arange(len(weight))
    first = float((weight * xs).sum() / weight.sum()) - advance * (count - 1) / 2
    centres = []
    for i in range(count):
        window = np.abs(xs - (first + i * advance)) <= advance / 2
        centres.append(float((weight * xs)[window].sum() / weight[window].sum()))
    return centres


@pytest.mark.parametrize("size", glyphs.SIZES)
def test_letters_are_evenly_spaced(display, size) -> None:
    """The browser's FreeType 2.6 put some letters a pixel off ("Vi relund"): here five of a
    letter stand their advance apart, to within the half pixel glyphs are drawn for."""
    found = text.atlas(size)
    for letter in "lnoi":
        advance = found.advance[letter] / found.unit
        centres = stroke_centres(text.render(letter * 5, size, (255, 255, 255)), 5, advance)
        gaps = np.diff(centres)
        tolerance = 0.5 if found.phases == 2 else 1.0
        assert np.abs(gaps - advance).max() <= tolerance, (letter, size, advance, gaps)


def test_characters_the_atlas_lacks_are_still_drawn(display) -> None:
    for size in (14, 20, 30):
        assert "漢" not in text.atlas(size).advance
        plain, mixed = text.render("ab", size, (255, 255, 255)), text.render("a漢b", size, (255, 255, 255))
        assert mixed.get_width() > plain.get_width()
        middle = pygame.surfarray.array_alpha(mixed)[plain.get_width() // 2 + 1:-plain.get_width() // 2 - 1]
        assert middle.max() > 0, "the missing character is drawn (by FreeType) between the two"
        assert text.width_of("a漢b", size) == mixed.get_width()


def test_text_looks_the_same_on_either_screen_format(display) -> None:
    from game.render import surfaces

    drawn = []
    for masks in ((0xFF0000, 0xFF00, 0xFF, 0), (0xFF, 0xFF00, 0xFF0000, 0)):
        screen = pygame.Surface((320, 40), 0, 32, masks)
        surfaces.use_screen(screen)
        try:
            text.forget()
            words = text.render("Same pixels — Ünïcödé, AVAST", 20, (230, 200, 120))
            screen.fill((20, 24, 30))
            screen.blit(words, (3, 5))
            drawn.append((pygame.image.tobytes(words, "RGBA"), pygame.surfarray.array3d(screen).tobytes()))
        finally:
            surfaces.use_screen(None)
    assert drawn[0] == drawn[1]


def test_the_tool_writes_what_is_committed(tmp_path) -> None:
    """The committed atlas of the smallest size is what ``python -m game.tools.glyphs`` bakes today."""
    assert glyphs.main(["--out", str(tmp_path), "--sizes", "14"]) == 0
    for name in ("14.png", "14.txt"):
        assert (tmp_path / name).read_bytes() == asset("glyphs", name).read_bytes(), \
            f"assets/glyphs/{name} is stale: run python -m game.tools.glyphs"


def test_png_bytes_is_a_grey_png_pygame_reads(tmp_path) -> None:
    grey = np.random.default_rng(7).integers(0, 256, (5, 9), dtype=np.uint8)
    (tmp_path / "grey.png").write_bytes(glyphs.png_bytes(grey))
    image = pygame.image.load(str(tmp_path / "grey.png"))
    read = np.frombuffer(pygame.image.tobytes(image, "RGB"), np.uint8)[::3].reshape(5, 9)
    assert (read == grey).all()


def test_wrap_within_keeps_whole_words_and_marks_what_it_leaves_out(display) -> None:
    words = "Sleeps until disturbed, then oozes after you, slowly."
    width = text.width_of("Sleeps until disturbed,", 18)
    assert text.wrap_within(words, 18, width, 9) == text.wrap(words, 18, width), "all of it when it fits"
    first, last = text.wrap_within(words, 18, width, 2)
    assert first == "Sleeps until disturbed," and last == "then oozes after you…", "the comma gives way to the mark"
    assert text.wrap_within(words, 18, width, 0) == []
    alone = text.wrap_within("Unbreakable" * 9 + " word", 18, width, 1)
    assert len(alone) == 1 and alone[0].endswith("…") and text.width_of(alone[0], 18) <= width
