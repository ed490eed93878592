"""The docs: the README is the front door (short, opening with the two commands), and every
relative link in it and in ``docs/`` leads to a file and heading that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
MAX_README_LINES = 160
PLAY = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/python main.py"
TEST = 'python3 -m venv .venv && .venv/bin/pip install -e ".[test]" && .venv/bin/python -m pytest -q -n auto'
"""The two commands a newcomer copies on a fresh machine; CI (``.ci/run``) runs the second."""

FENCE = re.compile(r"^(```|~~~)")
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
INLINE_CODE = re.compile(r"`[^`]*`")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def pages() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def prose(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, numbered from 1."""
    lines, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line.strip()):
            fenced = not fenced
        elif not fenced:
            lines.append((number, line))
    return lines


def code_blocks(text: str) -> list[str]:
    """The contents of the fenced code blocks, in order."""
    blocks, current = [], None
    for line in text.splitlines():
        if FENCE.match(line.strip()):
            if current is None:
                current = []
            else:
                blocks.append("\n".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading keeps its words
    text = text.replace("`", "").strip().lower()
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading's anchor in a Markdown file (a repeated one gets -1, -2… as on GitHub)."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for _, line in prose(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(files: list[Path], root: Path) -> list[str]:
    """Each relative link of ``files`` whose file or heading does not exist, as ``file:line: target``."""
    broken = []
    for page in files:
        for number, line in prose(page.read_text(encoding="utf-8")):
            for target in LINK.findall(INLINE_CODE.sub("", line)):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                    continue  # http:, https:, mailto:…
                path_part, _, anchor = target.partition("#")
                linked = (page.parent / path_part).resolve() if path_part else page
                where = f"{page.relative_to(root)}:{number}: {target}"
                if not linked.exists():
                    broken.append(where + " (no such file)")
                elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                    broken.append(where + " (no such heading)")
    return broken


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, \
        f"the README has {len(lines)} lines: it keeps what a newcomer needs first, the rest goes to docs/"


def test_the_readme_opens_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = code_blocks(text)
    assert blocks[:2] == [PLAY, TEST], f"the README's first code blocks are {blocks[:2]}"
    before = text[:text.index(PLAY)]
    assert not re.search(r"^##", before, re.MULTILINE), "nothing but the title, a paragraph and the picture before them"
    assert TEST in (ROOT / ".ci" / "run").read_text(encoding="utf-8"), "CI runs the README's test command"


def test_the_docs_pages_exist_and_the_readme_links_each() -> None:
    readme = README.read_text(encoding="utf-8")
    names = {"README.md", "playing.md", "commands.md", "web.md", "server.md", "architecture.md", "performance.md",
             "spec.md"}
    assert names <= {page.name for page in DOCS.glob("*.md")}
    assert all(f"docs/{name}" in readme for name in names)


def test_every_relative_link_leads_somewhere() -> None:
    broken = broken_links(pages(), ROOT)
    assert not broken, "links to nothing:\n" + "\n".join(broken)


def test_the_link_check_can_fail(tmp_path) -> None:
    (tmp_path / "a.md").write_text("# A title\n\n## Where it is\n\n[ok](#where-it-is) [ok](b.md#bs-part)\n"
                                   "[no file](c.md) [no heading](b.md#nowhere) `[in code](d.md)`\n"
                                   "[web](https://example.org/x.md)\n\n```\n[in a block](e.md)\n# not a heading\n```\n")
    (tmp_path / "b.md").write_text("# B's part\n")
    assert broken_links([tmp_path / "a.md"], tmp_path) == ["a.md:6: c.md (no such file)",
                                                           "a.md:6: b.md#nowhere (no such heading)"]
    assert anchors(tmp_path / "a.md") == {"a-title", "where-it-is"}


def test_the_architecture_page_draws_the_layers() -> None:
    """docs/architecture.md's layer diagram puts every package of ``tests/test_imports.py``'s list in its layer."""
    from tests.test_imports import LAYERS

    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    diagram = next(block for block in code_blocks(text) if re.search(r"^\s*1\s", block, re.MULTILINE))
    rows = {int(m.group(1)): m.group(2) for m in re.finditer(r"^\s*(\d+)\s+(.*)$", diagram, re.MULTILINE)}
    assert sorted(rows) == list(range(1, len(LAYERS) + 1)), "one row a layer, numbered from the bottom"
    for number, (_, modules) in enumerate(LAYERS, 1):
        for module in modules:
            if module != "game":
                name = module.rsplit(".", 1)[1]
                assert re.search(rf"(?<![\w/]){name}(/|\.py|\s)", rows[number] + " "), \
                    f"{module} is in layer {number}: docs/architecture.md draws it elsewhere"

def test_the_performance_page_holds_the_bench_budgets() -> None:
    """docs/performance.md names every row of ``python -m game.bench`` with the budget ``--check`` holds."""
    from game.bench.__main__ import BENCHES, BUDGETS_MS, LARGE

    text = (DOCS / "performance.md").read_text(encoding="utf-8")
    rows = {}
    for _, line in prose(text):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            for name in re.findall(r"`(\w+)`", cells[0]):
                rows[name] = cells[2]
    assert set(rows) == set(BENCHES) | set(LARGE), "every bench row, and only those"
    for name, budget in BUDGETS_MS.items():
        written = rows[name]
        if budget == float("inf"):
            assert "none" in written, (name, written)
        else:
            number = float(re.sub(r"[^\d.]", "", written))
            assert number == budget, f"{name}: docs/performance.md says {written}, the bench holds {budget}"
