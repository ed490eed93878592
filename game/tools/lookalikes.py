"""The table of look-alike and invisible characters that the board's server reads
(``game/server/lookalikes.txt``, read by the names module there), made from Unicode's own files:

    python -m game.tools.lookalikes CONFUSABLES [--properties DERIVED_CORE_PROPERTIES] [--out PATH]

* ``CONFUSABLES``: ``confusables.txt`` of Unicode Technical Standard #39 (Unicode Security
  Mechanisms), https://www.unicode.org/Public/security/VERSION/confusables.txt (ICU's sources
  carry the same file as ``icu4c/source/data/unidata/confusables.txt``).
* ``DERIVED_CORE_PROPERTIES``: ``DerivedCoreProperties.txt`` of the Unicode Character Database,
  read for its ``Default_Ignorable_Code_Point`` property (Python's ``unicodedata`` lacks it).
  Debian's ``unicode-data`` package installs it at the default path.

Why a table of our own and not the files: the server needs two facts per character (its
prototype, or that it is default-ignorable), not 700 KB of comments, and a file in the
repository keeps the server free of a dependency and its data pinned to a version a review saw.
Each line is a code point or a range ``FIRST..LAST``, ``;``, and what a skeleton puts in its
place: the code points of its prototype, or nothing for a default-ignorable code point (those
win over a prototype: a skeleton drops them before it maps). The files are Unicode's, under the
Unicode License v3, which the table repeats in its header.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "game" / "server" / "lookalikes.txt"
DEBIAN_PROPERTIES = Path("/usr/share/unicode/DerivedCoreProperties.txt")
IGNORABLE = "Default_Ignorable_Code_Point"

LICENSE = """\
UNICODE LICENSE V3

COPYRIGHT AND PERMISSION NOTICE

Copyright © 1991-{year} Unicode, Inc.

NOTICE TO USER: Carefully read the following legal agreement. BY
DOWNLOADING, INSTALLING, COPYING OR OTHERWISE USING DATA FILES, AND/OR
SOFTWARE, YOU UNEQUIVOCALLY ACCEPT, AND AGREE TO BE BOUND BY, ALL OF THE
TERMS AND CONDITIONS OF THIS AGREEMENT. IF YOU DO NOT AGREE, DO NOT
DOWNLOAD, INSTALL, COPY, DISTRIBUTE OR USE THE DATA FILES OR SOFTWARE.

Permission is hereby granted, free of charge, to any person obtaining a
copy of data files and any associated documentation (the "Data Files") or
software and any associated documentation (the "Software") to deal in the
Data Files or Software without restriction, including without limitation
the rights to use, copy, modify, merge, publish, distribute, and/or sell
copies of the Data Files or Software, and to permit persons to whom the
Data Files or Software are furnished to do so, provided that either (a)
this copyright and permission notice appear with all copies of the Data
Files or Software, or (b) this copyright and permission notice appear in
associated Documentation.

THE DATA FILES AND SOFTWARE ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF
THIRD PARTY RIGHTS.

IN NO EVENT SHALL THE COPYRIGHT HOLDER OR HOLDERS INCLUDED IN THIS NOTICE
BE LIABLE FOR ANY CLAIM, OR ANY SPECIAL INDIRECT OR CONSEQUENTIAL DAMAGES,
OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS,
WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION,
ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THE DATA
FILES OR SOFTWARE.

Except as contained in this notice, the name of a copyright holder shall
not be used in advertising or otherwise to promote the sale, use or other
dealings in these Data Files or Software without prior written
authorization of the copyright holder.

SPDX-License-Identifier: Unicode-3.0
"""

CODES = re.compile(r"[0-9A-F]{4,6}(?: [0-9A-F]{4,6})*")


def data_lines(lines: Iterable[str]) -> Iterable[list[str]]:
    """The ``;``-separated fields of each data line of a Unicode data file (comments dropped)."""
    for line in lines:
        text = line.lstrip("\ufeff").split("#", 1)[0].strip()
        if text:
            yield [field.strip() for field in text.split(";")]


def prototypes(lines: Iterable[str]) -> dict[int, tuple[int, ...]]:
    """confusables.txt's mapping: each source code point to its prototype's code points."""
    out: dict[int, tuple[int, ...]] = {}
    for fields in data_lines(lines):
        if len(fields) < 3 or not CODES.fullmatch(fields[0]) or not CODES.fullmatch(fields[1]) or " " in fields[0]:
            raise ValueError(f"not a line of confusables.txt: {';'.join(fields)!r}")
        out[int(fields[0], 16)] = tuple(int(code, 16) for code in fields[1].split())
    return out


def ignorable(lines: Iterable[str]) -> set[int]:
    """The code points DerivedCoreProperties.txt gives ``Default_Ignorable_Code_Point``."""
    out: set[int] = set()
    for fields in data_lines(lines):
        if len(fields) >= 2 and fields[1] == IGNORABLE:
            first, _, last = fields[0].partition("..")
            out.update(range(int(first, 16), int(last or first, 16) + 1))
    return out


def header_line(lines: list[str], prefix: str) -> str:
    """The value of the header comment ``# PREFIX…`` near the top of a Unicode data file (its
    first line, the file's name and version, with ``prefix`` empty)."""
    for line in lines[:20]:
        text = line.lstrip("\ufeff")
        if text.startswith(f"# {prefix}"):
            return text[len(prefix) + 2:].strip()
    raise ValueError(f"no '# {prefix}' line in the file's header")


def ranges(codes: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted code points as runs ``(first, last)``."""
    out: list[tuple[int, int]] = []
    for code in sorted(codes):
        if out and out[-1][1] == code - 1:
            out[-1] = (out[-1][0], code)
        else:
            out.append((code, code))
    return out


def table(mapping: dict[int, tuple[int, ...]], dropped: set[int]) -> list[str]:
    """The data lines: each default-ignorable run (to nothing) and each other mapped code point,
    by code point. A prototype keeps no default-ignorable code point: a skeleton has none.

    >>> confusables = ["006D ;\t0072 006E ;\tMA\t# ( m → rn )", "3164 ;\t1160 ;\tMA\t# ( ㅤ → ᅠ )"]
    >>> properties = ["115F..1160 ; Default_Ignorable_Code_Point # Lo", "3164 ; Default_Ignorable_Code_Point # Lo"]
    >>> table(prototypes(confusables), ignorable(properties))
    ['006D ; 0072 006E', '115F..1160 ;', '3164 ;']
    """
    rows: list[tuple[int, str]] = []
    for first, last in ranges(dropped):
        rows.append((first, f"{first:04X} ;" if first == last else f"{first:04X}..{last:04X} ;"))
    for source, prototype in mapping.items():
        if source not in dropped:
            kept = " ".join(f"{code:04X}" for code in prototype if code not in dropped)
            rows.append((source, f"{source:04X} ; {kept}".rstrip()))
    return [row for _, row in sorted(rows)]


def made(confusables: list[str], properties: list[str]) -> str:
    """The whole table file: where it comes from, the Unicode License, then the data lines."""
    year = re.search(r"© (\d{4})", "".join(confusables[:10]))
    notice = LICENSE.format(year=year.group(1) if year else "2025")
    head = [
        "lookalikes.txt: the look-alike and invisible characters of the board server's name skeletons.",
        "Made by `python -m game.tools.lookalikes` from Unicode's data files: do not edit it by hand.",
        "",
        f"From confusables.txt (Unicode Security Mechanisms for UTS #39), Version {header_line(confusables, 'Version:')}",
        f"({header_line(confusables, 'Date:')}): each source code point's prototype.",
        f"From {header_line(properties, '')} ({header_line(properties, 'Date:')}):"
        f" {IGNORABLE}.",
        "",
        "Each line: a code point or a range FIRST..LAST ; what a skeleton puts in its place (the",
        "code points of its prototype, or nothing for a default-ignorable code point).",
        "",
        *notice.splitlines(),
    ]
    comments = [f"# {line}".rstrip() for line in head]
    return "\n".join(comments + table(prototypes(confusables), ignorable(properties))) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.lookalikes", description=__doc__.split("\n\n")[0])
    parser.add_argument("confusables", type=Path, help="Unicode's confusables.txt (UTS #39)")
    parser.add_argument("--properties", type=Path, default=DEBIAN_PROPERTIES,
                        help=f"Unicode's DerivedCoreProperties.txt (default: {DEBIAN_PROPERTIES})")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the table to write (default: {OUT})")
    args = parser.parse_args(argv)
    confusables = args.confusables.read_text(encoding="utf-8").splitlines()
    properties = args.properties.read_text(encoding="utf-8").splitlines()
    text = made(confusables, properties)
    args.out.write_text(text, encoding="utf-8")
    print(f"ok: {args.out} ({text.count(chr(10))} lines)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
