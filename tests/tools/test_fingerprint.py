"""``python -m game.tools.fingerprint``: what the game makes, fingerprinted to compare two commits."""

from __future__ import annotations

import json

from game.tools import fingerprint
from tests.world.test_game import PINNED_START_DIGEST


def test_the_fingerprints_name_every_kind_and_are_the_same_twice(capsys) -> None:
    assert fingerprint.main(["--seeds", "2", "--turns", "30", "--bots", "1"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert sorted(first) == sorted([f"level {kind} {seed}" for kind in fingerprint.KINDS for seed in (0, 1)]
                                   + ["start threshold", "bot a 30"])
    assert first["start threshold"] == PINNED_START_DIGEST
    assert first["level dungeon 0"] != first["level dungeon 1"], "a level's fingerprint depends on its seed"
    assert fingerprint.fingerprints(2, 30, 1) == first
