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


def defined_ids() -> set[str]:
    return set(DEFINED.findall(SPEC.read_text(encoding="utf-8")))


def cited_ids() -> dict[str, set[str]]:
    """Each id cited outside the spec, with the files citing it."""
    cited: dict[str, set[str]] = {}
    for source in SOURCES:
        path = ROOT / source
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for file in files:
            if file in (SPEC, Path(__file__).resolve()) or file.suffix not in SUFFIXES or "__pycache__" in file.parts:
                continue
            for ident in CITED.findall(file.read_text(encoding="utf-8", errors="replace")):
                if ident not in NOT_IDS:
                    cited.setdefault(ident, set()).add(str(file.relative_to(ROOT)))
    return cited


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
