"""The board as a web page: plain HTML, no JavaScript, every name escaped.

Each day's page links the day before and the day after; each row has **Watch**, which opens
the game's page with ``?watch=RUN_ID`` (the game fetches ``/api/runs/RUN_ID/recording`` and
plays it on its replay screen).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from html import escape
from typing import Any
from urllib.parse import quote

_STYLE = """body{font-family:system-ui,sans-serif;background:#14161c;color:#e6e2d6;margin:2em auto;max-width:60em;
padding:0 1em}a{color:#f0c060}table{border-collapse:collapse;width:100%}th,td{padding:.3em .6em;text-align:left;
border-bottom:1px solid #333}td.n{text-align:right}tr.you{background:#2a2f3a}nav{display:flex;flex-wrap:wrap;
gap:.5em 2em;margin:1em 0}td.name{overflow-wrap:anywhere}.day{white-space:nowrap}
@media (max-width:40em){h1{font-size:1.6em}table,tbody{display:block}thead{display:none}
tr{display:flex;flex-wrap:wrap;align-items:baseline;gap:.2em 1em;position:relative;padding:.5em 0 .5em 2.4em;
border-bottom:1px solid #333}td{padding:0;border:0;min-width:0;overflow-wrap:anywhere}
td.rank{position:absolute;left:0;font-size:1.3em}td.name{flex-basis:100%;font-weight:bold}td.result{flex-basis:100%}
td.score:after{content:" points"}td.turns:after{content:" turns"}td.when{color:#a9a59a}
td[colspan]{flex-basis:100%;margin-left:-2.4em}}"""
"""The page's look: a table on a wide page; on one narrower than 40em (a phone held upright,
390 CSS px) each run is a block, every column kept: its rank beside its name, its result, then
its score, turns, when and Watch, wrapped as the width allows."""


def result_text(row: dict[str, Any]) -> str:
    """``3/5 Wardens, victory`` or ``1/5 Wardens, killed by the rat on floor 1 of Orrine`` (and
    ``, sight by the tile`` for a run played with that option)."""
    regions = row.get("island_regions") or 5
    ending = "victory" if row["won"] else (row["cause"] or "died")
    seen = ", sight by the tile" if row.get("sight") == "tile" else ""
    return f"{row['wardens']}/{regions} Wardens, {ending}{seen}"


def _cells(row: dict[str, Any], you: bool = False) -> str:
    watch = "/?watch=" + quote(row["id"], safe="")
    when = row["submitted"].replace("T", " ").rstrip("Z") + " UTC"
    mark = ' class="you"' if you else ""
    return (f"<tr{mark}><td class=\"n rank\">{row['rank']}</td><td class=name>{escape(row['name'])}</td>"
            f"<td class=result>{escape(result_text(row))}</td><td class=\"n score\">{row['score']}</td>"
            f"<td class=\"n turns\">{row['turns']}</td><td class=when>{escape(when)}</td>"
            f"<td class=watch><a href=\"{escape(watch)}\">Watch</a></td></tr>")


def _practice(board: dict[str, Any]) -> str:
    """The day's practice runs (later attempts, or sent without one), apart from the ranking."""
    if not board.get("practice"):
        return ""
    rows = "\n".join(_cells({**row, "rank": f"#{row['attempt']}" if row.get("attempt") else "–"})
                     for row in board["practice"])
    return f"""<h2>Practice</h2><p>Runs from a second or later attempt of the day, or sent without one: never
ranked. The first column is the attempt.</p>
<table><thead><tr><th>Attempt</th><th>Name</th><th>Result</th><th>Score</th><th>Turns</th><th>When</th><th></th>
</tr></thead><tbody>
{rows}
</tbody></table>"""


def _link(day: dt.date, keep: str, rel: str, shown: str) -> str:
    return f'<a href="/daily/{day.isoformat()}{escape(keep)}" rel="{rel}">{shown}</a>'


def daily_page(board: dict[str, Any], day: dt.date, name: str | None = None,
               exists: Callable[[dt.date], bool] = lambda day: True) -> str:
    """The HTML page of ``board`` (``game.server.board.daily``'s answer for ``day``); the days
    before and after are linked when ``exists`` says they have a board."""
    keep = f"?name={quote(name, safe='')}" if name else ""
    before, after = day - dt.timedelta(days=1), day + dt.timedelta(days=1)
    back = _link(before, keep, "prev", f"&larr; {before.isoformat()}") if exists(before) else "<span></span>"
    on = _link(after, keep, "next", f"{after.isoformat()} &rarr;") if exists(after) else "<span></span>"
    rows = "\n".join(_cells(row, you=board["you"] is not None and row["id"] == board["you"]["id"])
                     for row in board["runs"])
    you = board["you"]
    own = ""
    if you is not None and you["rank"] > len(board["runs"]):
        own = f"<tr><td colspan=7>&hellip;</td></tr>\n{_cells(you, you=True)}"
    if not rows:
        rows = "<tr><td colspan=7>No verified run yet.</td></tr>"
    title = f"Threshold daily {day.isoformat()}"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{title}</title><style>{_STYLE}</style></head>
<body><h1>Threshold daily <span class=day>{day.isoformat()}</span></h1>
<nav>{back}
<a href="/">Play</a>{on}</nav>
<p>Every run here was verified by replaying its recording on this server. Each name is ranked by its first
attempt of the day only. Score: 1000 per Warden felled, 10 per kill, 1 per coin earned, 5000 for a victory.</p>
<table><thead><tr><th>Rank</th><th>Name</th><th>Result</th><th>Score</th><th>Turns</th><th>When</th><th></th></tr>
</thead><tbody>
{rows}
{own}
</tbody></table>
{_practice(board)}</body></html>
"""
