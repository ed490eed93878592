"""Print the cells of a grid line (SPEC TOOL-2).

    python -m game.tools.line X0 Y0 X1 Y1 [--algorithm spread|bresenham]

One ``x y`` pair per line, from (X0, Y0) to (X1, Y1), both ends included.
``spread`` (the default) is the even-separation line the game aims with;
``bresenham`` is the classic algorithm the bugs' routes use.
"""

from __future__ import annotations

import argparse
import sys

from game.geometry import bresenham, line

ALGORITHMS = {"spread": line, "bresenham": bresenham}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.line", description=__doc__.split("\n\n")[0])
    for name in ("x0", "y0", "x1", "y1"):
        parser.add_argument(name, type=int)
    parser.add_argument("--algorithm", choices=sorted(ALGORITHMS), default="spread")
    args = parser.parse_args(argv)
    limit = 10**6
    if max(abs(args.x1 - args.x0), abs(args.y1 - args.y0)) > limit:
        parser.error(f"lines longer than {limit} cells are not printed")
    cells = ALGORITHMS[args.algorithm]((args.x0, args.y0), (args.x1, args.y1))
    sys.stdout.write("".join(f"{x} {y}\n" for x, y in cells.tolist()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
