"""Bad command lines (issue 23): a clear message and exit status 2, never a traceback, never
a value quietly taken for another (``--save-dir ""`` the real data folder)."""

from __future__ import annotations

import pytest

from game.app.options import parse_options


@pytest.mark.parametrize("value", ["", " "])
def test_an_empty_save_folder_is_refused_not_taken_for_the_data_folder(capsys, value: str) -> None:
    """Issue 23.10: ``--save-dir ""`` was accepted, and ``default_storage("")`` is the user's data folder."""
    with pytest.raises(SystemExit) as stop:
        parse_options(["--save-dir", value], browser=False)
    assert stop.value.code == 2
    assert "argument --save-dir: an empty path" in capsys.readouterr().err


def test_a_seed_that_is_not_text_is_refused(capsys) -> None:
    """A byte that is not UTF-8 on the command line (Python hands it on as a lone surrogate)
    made a run whose save could not be written: a traceback at the end of the run."""
    with pytest.raises(SystemExit):
        parse_options(["--seed", "\udcff"], browser=False)
    assert "the seed has bytes that are not UTF-8 text" in capsys.readouterr().err
    assert parse_options(["--seed", "é 🎲"], browser=False).seed == "é 🎲"
