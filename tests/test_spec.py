"""The living spec (docs/spec.md): every requirement id the repository cites is defined there."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "docs" / "spec.md"
DEFINED = re.compile(r"\*\*([A-Z]{2,5}-\d+)\*\*")
CITED = re.compile(r"(?<![\w-])([A-Z]{2,5}-\d+)(?![\w-])")
NOT_IDS = {"UTF-8", "SHA-256", "CRC-32"}
"""Names that look like ids and are not (encodings, hashes)."""
SOURCES = ("game", "tests", "web", "docs", ".ci", "main.py", "README.md", "pyproject.toml")
SUFFIXES = {".py", ".md", ".tmpl", ".html", ".js", ".css", ".toml", ".txt", ""}
ISSUE = re.compile(r"\b[Ii]ssues? #?\d+")
"""An issue of the tracker cited by its number (one or several, with or without "#"): the number
resolves nowhere in the repository."""
CODE = ("game", "tests", "web", ".ci", "main.py")


def files_of(sources: tuple[str, ...]) -> list[Path]:
    """The text files under ``sources`` (folders or files under ``ROOT``) that the checks read."""
    found: list[Path] = []
    for source in sources:
        path = ROOT / source
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        found += [f for f in files if f.suffix in SUFFIXES and "__pycache__" not in f.parts]
    return found


def defined_ids() -> set[str]:
    return set(DEFINED.findall(SPEC.read_text(encoding="utf-8")))


def cited_ids() -> dict[str, set[str]]:
    """Each id cited outside the spec, with the files citing it."""
    cited: dict[str, set[str]] = {}
    for file in files_of(SOURCES):
        if file in (SPEC, Path(__file__).resolve()):
            continue
        for ident in CITED.findall(file.read_text(encoding="utf-8", errors="replace")):
            if ident not in NOT_IDS:
                cited.setdefault(ident, set()).add(str(file.relative_to(ROOT)))
    return cited


def issue_citations() -> list[str]:
    """Every ``file:line: text`` in the code, tests, page and CI that cites an issue by number."""
    found = []
    for file in files_of(CODE):
        for number, line in enumerate(file.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for match in ISSUE.finditer(line):
                found.append(f"{file.relative_to(ROOT)}:{number}: {match.group()}")
    return found


def test_every_cited_requirement_is_defined_in_the_spec() -> None:
    defined = defined_ids()
    missing = {ident: sorted(files)[:3] for ident, files in cited_ids().items() if ident not in defined}
    assert not missing, f"ids cited but not defined in docs/spec.md: {missing}"


def test_the_spec_defines_each_id_once() -> None:
    found = DEFINED.findall(SPEC.read_text(encoding="utf-8"))
    twice = sorted({ident for ident in found if found.count(ident) > 1})
    assert not twice, f"defined twice: {twice}"


def test_the_check_finds_an_undefined_id(tmp_path, monkeypatch) -> None:
    """The check can fail: a made-up id in a file is reported."""
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "x.py").write_text("# see ZZZ-99 and UTF-8\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert cited_ids() == {"ZZZ-99": {"game/x.py"}}


def test_the_code_cites_requirement_ids_never_issue_numbers() -> None:
    """STYLE rule 15: the why is an id of docs/spec.md (or plain words), not a number in the tracker."""
    found = issue_citations()
    assert not found, f"cite a docs/spec.md id or say what it is for, not the issue: {found[:10]}"


def test_the_check_finds_an_issue_number(tmp_path, monkeypatch) -> None:
    """The check can fail: each way of citing an issue by number is reported, in code, page and CI."""
    for folder in ("game", "web", ".ci"):
        (tmp_path / folder).mkdir()
    n = 23
    (tmp_path / "game" / "x.py").write_text(f'"""Bad input (issue {n}).\n\nSee Issue {n}.10."""\n')
    (tmp_path / "web" / "page.tmpl").write_text(f"<!-- issues {n}, 26 -->\n")
    (tmp_path / ".ci" / "run").write_text(f"echo 'issue #{n}'\n")
    (tmp_path / "main.py").write_text(f"# a tissue {n} ply thick, an issue tracker: neither cites an issue\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert sorted(issue_citations()) == [f".ci/run:1: issue #{n}", f"game/x.py:1: issue {n}", f"game/x.py:3: Issue {n}",
                                         f"web/page.tmpl:1: issues {n}"]
