"""The machinery of ``game.tools.attack``: a case and its failures, commands run with a time
limit, and the worker that plays a family's cases in-process under a watchdog.

A case is numbered; its random damage comes from ``random.Random(f"{family}:{seed}:{case}")``,
so ``--seed S --case K`` plays the very same case again. A worker is a child Python that
plays a range of cases and prints one line per case (``MARK`` and JSON); a case that outlives
its time is ended by ``faulthandler`` (the stacks go to stderr), and the parent reports it
as a hang and carries on with the next case in a new worker.
"""

from __future__ import annotations

import contextlib
import faulthandler
import io
import json
import os
import random
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
HANG_SECONDS = 30.0
MARK = "@@attack "
TRACEBACK = "Traceback (most recent call last)"
HANG_MARK = "Timeout ("  # how faulthandler's dump begins
_WATCHDOG: list[float] = []  # the hang limit, while a case runs under the watchdog
MEMORY = 4 * 1024 ** 3
"""A worker's address space at most (a file read without end must not take the machine's memory)."""


@dataclass
class Failure:
    kind: str  # crash, hang, exit status, data lost, no message
    what: str
    command: str | None = None  # a command line that shows it, run from the repository's root
    family: str = ""
    case: int = -1
    recipe: str = ""


@dataclass
class Case:
    """One attack: its number, its random stream, a scratch folder, and what went wrong."""

    family: str
    seed: int
    index: int
    scratch: Path
    hang: float = HANG_SECONDS
    hooks: dict[str, Any] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    announce: Callable[[str], None] | None = None  # tells the parent what the case does (a worker's)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"{self.family}:{self.seed}:{self.index}")
        self._label = ""

    @property
    def label(self) -> str:
        """What this case does, for the report."""
        return self._label

    @label.setter
    def label(self, text: str) -> None:
        self._label = text
        if self.announce is not None:
            self.announce(text)

    def hook(self, name: str, default: Any) -> Any:
        """A planted stand-in (tests), else ``default``."""
        return self.hooks.get(name, default)

    def fail(self, kind: str, what: str, command: str | None = None) -> None:
        prefix = f"{self.label}: " if self.label else ""
        self.failures.append(Failure(kind, prefix + what, command))

    def guard(self, stage: str, call: Callable[[], Any], allowed: tuple[type[BaseException], ...] = ()) -> Any:
        """``call()``; an exception not in ``allowed`` is a crash (None returned); an allowed one is returned."""
        try:
            return call()
        except allowed as expected:
            return expected
        except Exception as error:  # noqa: BLE001 - the point: anything else is a crash to report
            self.fail("crash", f"{stage} raised {short_traceback(error)}")
            return None


@dataclass(frozen=True)
class Family:
    name: str
    about: str
    counts: dict[str, int]  # cases per budget: {"small": n, "full": m}
    run: Callable[[Case], None]
    commands: int = 0  # the most commands (each up to the hang limit) one case runs in turn
    chunk: int = 20  # cases per worker
    size: Callable[[int], int] | None = None  # how many cases there are for a seed, when they are listed


def short_traceback(error: BaseException, lines: int = 3) -> str:
    """``Kind: message`` and where, in a few lines."""
    frames = traceback.extract_tb(error.__traceback__)[-lines:]
    where = " <- ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in reversed(frames))
    return f"{type(error).__name__}: {str(error)[:200]} (at {where})"


def stderr_tail(text: str, lines: int = 4) -> str:
    kept = [line for line in text.strip().splitlines() if line.strip()][-lines:]
    return " | ".join(line.strip()[:200] for line in kept)


@dataclass
class Outcome:
    status: int | None  # None when it hung and was killed
    out: str
    err: str
    seconds: float

    @property
    def hung(self) -> bool:
        return self.status is None

    @property
    def traceback(self) -> bool:
        return TRACEBACK in self.err


def command_env(scratch: Path) -> dict[str, str]:
    """No window, no sound, and no saves in the user's own data folder."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_DATA_HOME=str(scratch / "xdg-data"), APPDATA=str(scratch / "appdata"))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    return env


def watch(seconds: float | None) -> None:
    """Under the watchdog: a hang after ``seconds`` more (None: the hang limit)."""
    if _WATCHDOG:
        faulthandler.dump_traceback_later(seconds or _WATCHDOG[0], exit=True)


def run_command(args: list[str], hang: float, scratch: Path) -> Outcome:
    """``python ARGS`` from ``scratch``, killed (with its children) after ``hang`` seconds."""
    watch(hang + 30)
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, *args], cwd=scratch, env=command_env(scratch),
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        out, err = process.communicate(timeout=hang)
        status: int | None = process.returncode
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        status = None
    watch(None)
    return Outcome(status, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
                   time.perf_counter() - started)


def shown(args: list[str]) -> str:
    """A command line as a person types it in the repository's root."""
    return "python " + shlex.join(args)


def check_outcome(case: Case, outcome: Outcome, expect: set[int], command: str, what: str = "") -> None:
    """The rules for a command: no hang, no traceback, an exit status in ``expect``, and a
    message with a refusal (status 2)."""
    about = f"{what}: " if what else ""
    if outcome.hung:
        case.fail("hang", f"{about}still running after {case.hang:.0f} s", command)
    elif outcome.traceback:
        case.fail("crash", f"{about}traceback (exit {outcome.status}): {stderr_tail(outcome.err)}", command)
    elif outcome.status not in expect:
        said = stderr_tail(outcome.err, 2) or stderr_tail(outcome.out, 1)
        case.fail("exit status", f"{about}exit {outcome.status}, expected {' or '.join(map(str, sorted(expect)))}"
                                 + (f" ({said})" if said else ""), command)
    elif outcome.status == 2 and not outcome.err.strip():
        case.fail("no message", f"{about}exit 2 without a message on stderr", command)


def recipe(family: str, seed: int, index: int) -> str:
    return f"python -m game.tools.attack --family {family} --seed {seed} --case {index} --keep /tmp/attack-case"


@contextlib.contextmanager
def quiet() -> Iterator[tuple[io.StringIO, io.StringIO]]:
    """What in-process calls print, kept instead of shown."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield out, err


def run_case(family: Family, seed: int, index: int, hang: float = HANG_SECONDS, keep: Path | None = None,
             hooks: dict[str, Any] | None = None, watchdog: bool = False, worker: bool = False,
             tell: Callable[[str], None] | None = None) -> list[Failure]:
    """Play one case in this process; its failures, each with its recipe. ``tell`` hears what it does."""
    with contextlib.ExitStack() as stack:
        if keep is not None:
            scratch = keep / f"{family.name}-{index}"
            scratch.mkdir(parents=True, exist_ok=True)
        else:
            scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix=f"attack-{family.name}-")))
        case = Case(family.name, seed, index, scratch, hang, dict(hooks or {}), announce=tell)
        if worker:
            out = sys.stdout
            case.announce = lambda text: print(MARK + json.dumps({"label": index, "text": text}), file=out, flush=True)
        if watchdog:
            _WATCHDOG[:] = [hang]
            watch(None)
            stack.callback(faulthandler.cancel_dump_traceback_later)
            stack.callback(_WATCHDOG.clear)
        try:
            family.run(case)
        except Exception as error:  # noqa: BLE001 - whatever escapes a case is reported, never lost
            case.fail("crash", f"uncaught in the case: {short_traceback(error, 5)}")
        finally:
            with contextlib.suppress(OSError):  # a read-only folder made by the case goes too
                for folder, _, _ in os.walk(scratch):
                    os.chmod(folder, 0o700)
    for failure in case.failures:
        failure.family, failure.case, failure.recipe = family.name, index, recipe(family.name, seed, index)
    return case.failures


def work(family: Family, seed: int, first: int, last: int, hang: float, keep: Path | None) -> None:
    """The worker: play cases ``first``..``last - 1``, one line before and after each."""
    faulthandler.enable()
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY or soft > MEMORY:
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY, hard))
    out = sys.stdout
    for index in range(first, last):
        print(MARK + json.dumps({"start": index}), file=out, flush=True)
        failures = run_case(family, seed, index, hang, keep, watchdog=True, worker=True)
        print(MARK + json.dumps({"done": index, "failures": [asdict(f) for f in failures]}), file=out, flush=True)


def hang_stack(text: str, lines: int = 4) -> str:
    """The innermost frames of faulthandler's dump (it prints the most recent call first)."""
    frames = [line.strip() for line in text[text.find(HANG_MARK):].splitlines() if line.strip().startswith("File ")]
    return " <- ".join(frame.replace("File ", "", 1) for frame in frames[:lines])


def worker_lines(text: str) -> list[dict[str, Any]]:
    lines = []
    for line in text.splitlines():
        if line.startswith(MARK):
            with contextlib.suppress(ValueError):
                lines.append(json.loads(line[len(MARK):]))
    return lines
