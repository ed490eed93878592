"""The web process: the API, the board's pages and the built game page (Starlette).

    POST /api/daily/{date}/attempts {"name", "name_key"} -> 201 {"attempt", "number", "name_key"}: a daily
                                    begins (only while its date is today somewhere on Earth)
    POST /api/runs                  submit {"name", "name_key", "attempt", "recording"}
                                    -> 202 {"id", "status", "name_key"}
    GET  /api/runs/{id}             {"status", "reason", "result"}
    GET  /api/runs/{id}/recording   a verified run's recording, as the game reads it
    GET  /api/daily/{date}[?name=]  {"date", "state", "runs": [...top 100], "practice": [...], "you": …}
    GET  /daily/{date}[?name=]      the same as a page (no JavaScript)
    GET  /api/health                {"ok": true, "pending": N, "game_version", "save_version"}: a game finds its
                                    board here, and whether the board plays its version
    GET  /                          the game (the built web page), when one is served

The database is used through SQLAlchemy's synchronous engine, in Starlette's thread pool. A
submission's body is gunzipped and parsed in a worker process (``anyio.to_process``, at most one
per CPU, kept between requests): ``json`` holds the GIL while it parses, and a 16 MiB body takes
it for seconds, which in a thread would stall every board read meanwhile.

A database that cannot be reached (stopped, or its disk full) makes every request a 503 with
``Retry-After``, and the log says so once a minute (``game.server.quiet``), not per request.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import sys
import time
from collections.abc import AsyncIterator, Callable
from html import escape
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from anyio import BrokenWorkerProcess, to_process
from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from game.server import board, dailies, intake, store
from game.server.jobs import pending_count
from game.server.pages import daily_page
from game.server.quiet import Quiet


def _error(status: int, reason: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status, headers=headers)


def _day(text: str, now: float) -> dt.date | None:
    """The date ``text`` names, when it has a board (``game.server.dailies``), else None."""
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        return None
    return day if day.isoformat() == text and dailies.exists(day, now) else None


NO_BOARD = "no daily board has that date: a date like 2026-11-25, not before 2026, and today somewhere on Earth"
RETRY_AFTER = "30"


def create_app(engine: sa.Engine, web: Path | None = None, rate: int = 10, origins: tuple[str, ...] = (),
               clock: Callable[[], float] = time.time) -> Starlette:
    """The ASGI app over ``engine``; ``web`` the built page's folder (None: no page at ``/``);
    ``rate`` submissions (and attempts) a minute per address; ``origins`` other sites whose pages
    may call the API; ``clock`` the time (seconds since the epoch) the dates are open by."""
    limiter = intake.RateLimit(rate, 60.0)
    attempt_limiter = intake.RateLimit(rate, 60.0)
    quiet = Quiet(60.0)

    async def submit(request: Request) -> Response:
        address = request.client.host if request.client else "unknown"
        wait = limiter.wait(address, time.monotonic())
        if wait:
            await intake.drain(request, intake.MAX_BODY)
            return _error(429, f"at most {rate} submissions a minute", {"Retry-After": str(wait)})
        try:
            kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                raise intake.Refused(415, "send Content-Type: application/json")
            body = await intake.read_body(request)
            ready = await to_process.run_sync(intake.prepared, body, request.headers.get("content-encoding", ""))
            _takes_runs(ready.day, clock())
            accepted = await run_in_threadpool(store.submit_packed, engine, ready.run_id, ready.name, ready.key,
                                               ready.blob, ready.size, ready.day, ready.attempt, address[:64],
                                               ready.commands)
        except intake.Refused as refused:
            return _error(refused.status, refused.reason, refused.headers)
        except BrokenWorkerProcess:  # the worker died (out of memory?): nothing was stored
            return _error(503, "the server could not read the body just now: try again")
        return JSONResponse({"id": accepted.id, "status": accepted.status, "name_key": accepted.name_key},
                            status_code=202)

    async def new_attempt(request: Request) -> Response:
        address = request.client.host if request.client else "unknown"
        wait = attempt_limiter.wait(address, time.monotonic())
        if wait:
            return _error(429, f"at most {rate} attempts a minute", {"Retry-After": str(wait)})
        day = _day(request.path_params["date"], clock())
        if day is None:
            return _error(404, NO_BOARD)
        if dailies.state(day, clock()) != "open":
            return _error(410, f"the daily of {day.isoformat()} has ended everywhere: its board is read-only")
        try:
            name, key = intake.asking(await request.body())
            attempt = await run_in_threadpool(store.new_attempt, engine, day.isoformat(), name, key)
        except intake.Refused as refused:
            return _error(refused.status, refused.reason, refused.headers)
        return JSONResponse({"attempt": attempt.id, "number": attempt.number, "name_key": attempt.name_key},
                            status_code=201)

    async def run_status(request: Request) -> Response:
        answer = await run_in_threadpool(board.status, engine, request.path_params["id"][:64])
        return _error(404, "no such run") if answer is None else JSONResponse(answer)

    async def run_recording(request: Request) -> Response:
        blob = await run_in_threadpool(board.recording, engine, request.path_params["id"][:64])
        if blob is None:
            return _error(404, "no such verified run")
        if "gzip" in request.headers.get("accept-encoding", "").lower():
            return Response(blob, media_type="application/json", headers={"Content-Encoding": "gzip"})
        return Response(board.unzipped(blob), media_type="application/json")

    async def daily_json(request: Request) -> Response:
        day = _day(request.path_params["date"], clock())
        if day is None:
            return _error(404, NO_BOARD)
        me = request.query_params.get("name")
        answer = await run_in_threadpool(board.daily, engine, day.isoformat(), me)
        return JSONResponse({**answer, "state": dailies.state(day, clock())})

    async def daily_html(request: Request) -> Response:
        day = _day(request.path_params["date"], clock())
        if day is None:
            return HTMLResponse(f"<!doctype html><title>No such board</title><p>{escape(NO_BOARD)}.</p>", 404)
        me = request.query_params.get("name")
        answer = await run_in_threadpool(board.daily, engine, day.isoformat(), me)
        return HTMLResponse(daily_page(answer, day, me, lambda other: dailies.exists(other, clock())))

    async def today_html(request: Request) -> Response:
        from starlette.responses import RedirectResponse

        return RedirectResponse(f"/daily/{dt.datetime.fromtimestamp(clock(), dt.timezone.utc).date().isoformat()}",
                                302)

    async def health(request: Request) -> Response:
        from game import SAVE_VERSION, __version__

        return JSONResponse({"ok": True, "pending": await run_in_threadpool(pending_count, engine),
                             "game_version": __version__, "save_version": SAVE_VERSION,
                             "open": [day.isoformat() for day in dailies.open_days(clock())]})

    async def database_away(request: Request, error: Exception) -> Response:
        quiet.say(f"threshold-server: the database is away: requests are answered 503 "
                  f"({type(error).__name__}: {str(error).splitlines()[0][:200]})")
        return _error(503, "the board's database is unavailable just now: try again later",
                      {"Retry-After": RETRY_AFTER})

    routes: list[Any] = [
        Route("/api/daily/{date}/attempts", new_attempt, methods=["POST"]),
        Route("/api/runs", submit, methods=["POST"]),
        Route("/api/runs/{id}", run_status, methods=["GET"]),
        Route("/api/runs/{id}/recording", run_recording, methods=["GET"]),
        Route("/api/daily/{date}", daily_json, methods=["GET"]),
        Route("/api/health", health, methods=["GET"]),
        Route("/daily", today_html, methods=["GET"]),
        Route("/daily/{date}", daily_html, methods=["GET"]),
    ]
    if web is not None:
        routes.append(Mount("/", StaticFiles(directory=str(web), html=True)))
    middleware = [Middleware(CORSMiddleware, allow_origins=list(origins), allow_methods=["GET", "POST"],
                             allow_headers=["Content-Type", "Content-Encoding"],
                             expose_headers=["Retry-After"])] if origins else []  # a page reads how long a 429 asks it to wait
    return Starlette(routes=routes, middleware=middleware, lifespan=_warm_worker,
                     exception_handlers={SQLAlchemyError: database_away})


def _takes_runs(text: str, now: float) -> None:
    """``Refused`` unless the daily of ``text`` still takes runs (``game.server.dailies``)."""
    day = dt.date.fromisoformat(text)
    state = dailies.state(day, now)
    if state == "none":
        raise intake.Refused(404, f"the daily of {text} has no board yet: {NO_BOARD}")
    if state == "closed":
        raise intake.Refused(410, f"the daily of {text} has ended everywhere: its board is read-only")


@contextlib.asynccontextmanager
async def _warm_worker(app: Starlette) -> AsyncIterator[None]:
    """Start a body-reading worker process with the server, not with its first submission
    (a process and its imports: some 0.3 s)."""
    try:
        await to_process.run_sync(intake.ready)
    except BrokenWorkerProcess as problem:  # the first submission tries again, and says so if it cannot
        print(f"threshold-server: no worker process to read bodies yet ({problem})", file=sys.stderr)
    yield
