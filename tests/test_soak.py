"""The soak tool (``game.tools.soak``): its resume check must be sound for every run (issue 23)."""

from __future__ import annotations

import pytest

from game.tools import soak


@pytest.mark.parametrize("resume_at", ["5", "10"])
def test_a_resume_point_at_or_after_the_last_turn_is_refused(capsys, resume_at: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        soak.main(["--seeds", "1", "--turns", "5", "--resume-at", resume_at])
    assert stopped.value.code == 2
    assert f"--resume-at {resume_at} must come before the last turn, --turns 5" in capsys.readouterr().err
